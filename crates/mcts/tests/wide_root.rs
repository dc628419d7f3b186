//! Tree search (`graph(false)`, and the default for such roots): roots with
//! at least [`LAZY_ROOT_MOVES`] moves are expanded lazily under
//! UCT: a tree makes a root child when selection first reaches it. A tree
//! then holds only the root children it visited (many threads over a wide
//! root: each tree pays for its own iterations, not for the whole list),
//! a root all of whose children are lost is proven only once every move
//! has its child, and a search long enough expands the root in full.

use spielbaum_game_trait::{Game, MoveList, Outcome, Player};
use spielbaum_mcts::params::LAZY_ROOT_MOVES;
use spielbaum_mcts::{Budget, Config, Mcts, Proof};
use spielbaum_small_games::{Nim, Take};

/// `width` moves at the root, each of which loses at once for the player
/// who makes it: the root is lost for the player to move, and no move
/// shows it before it is tried.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Doomed {
    width: u32,
    played: Option<u32>,
}

impl Game for Doomed {
    type Move = u32;

    fn to_move(&self) -> Player {
        if self.played.is_none() { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, moves: &mut MoveList<u32>) {
        if self.played.is_none() {
            moves.extend(0..self.width);
        }
    }

    fn play(&mut self, mv: u32) {
        self.played = Some(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.played.map(|_| Outcome::Win(Player::SECOND))
    }

    fn key(&self) -> u64 {
        self.played.map_or(0, |m| u64::from(m) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

#[test]
fn a_root_of_lost_moves_is_proven_only_when_every_move_was_tried() {
    // A narrow root (expanded at once) and a wide one (lazily) behave
    // alike: one iteration refutes one move.
    for width in [10, LAZY_ROOT_MOVES as u32 + 5] {
        let mut mcts = Mcts::new(Doomed { width, played: None }, Config::seeded(3).graph(false));
        let a = mcts.search(Budget::iterations(u64::from(width) - 1));
        assert_eq!(a.proof, Proof::Unknown, "width {width}: proven with a move untried");
        assert_eq!(a.moves.iter().filter(|m| m.visits == 1).count(), width as usize - 1);
        let a = mcts.search(Budget::iterations(1));
        assert_eq!(a.proof, Proof::Loss, "width {width}");
        assert!(a.moves.iter().all(|m| m.visits == 1 && m.proof == Proof::Loss), "width {width}");
    }
}

#[test]
fn each_tree_holds_only_the_root_children_it_visited() {
    let objects = LAZY_ROOT_MOVES as u32 + 1_000;
    let (threads, each) = (64usize, 4u64);
    let mut mcts =
        Mcts::new(Nim::new(&[objects]).unwrap(), Config::seeded(5).threads(threads).graph(false));
    let a = mcts.search(Budget::iterations(threads as u64 * each));
    assert_eq!(a.iterations, threads as u64 * each);
    assert_eq!(a.moves.len(), objects as usize);
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), threads as u64 * each);
    // Before any root child is visited twice no node below the root is
    // expanded: the root and one child per iteration. Expanded at once,
    // the trees would hold threads × (objects + 1) nodes.
    assert_eq!(a.nodes, threads * (1 + each as usize));
}

#[test]
fn the_solver_finds_the_win_at_a_wide_root() {
    // One heap: taking it all wins (and is the only winning move).
    let objects = LAZY_ROOT_MOVES as u32 + 4;
    let mut mcts = Mcts::new(Nim::new(&[objects]).unwrap(), Config::seeded(7).graph(false));
    let a = mcts.search(Budget::iterations(2 * u64::from(objects)));
    assert_eq!(a.proof, Proof::Win);
    assert_eq!(a.best_move.map(|m| m.take), Some(objects));
}

#[test]
fn a_long_search_expands_a_wide_root_in_full() {
    let objects = LAZY_ROOT_MOVES as u32 + 4;
    for threshold in [1, 0] {
        // Threshold 0 expands a root child on its first visit, so the
        // rest of the root is made at once (its children stay contiguous).
        let mut config = Config::seeded(7).solver(false).graph(false);
        config.expand_threshold = threshold;
        let mut mcts = Mcts::new(Nim::new(&[objects]).unwrap(), config.clone());
        let a = mcts.search(Budget::iterations(3 * u64::from(objects)));
        assert_eq!(a.iterations, 3 * u64::from(objects));
        assert!(a.nodes > objects as usize + 1, "threshold {threshold}: {} nodes", a.nodes);
        assert!(a.moves.iter().all(|m| m.visits > 0), "threshold {threshold}: a move untried");
        assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), a.iterations);
    }
}

#[test]
fn the_default_searches_a_wide_root_with_trees() {
    let objects = LAZY_ROOT_MOVES as u32 + 1_000;
    let (threads, each) = (64usize, 4u64);
    let config = Config::seeded(5).threads(threads);
    assert!(config.graph, "graph search is the default");
    let mut mcts = Mcts::new(Nim::new(&[objects]).unwrap(), config.clone());
    assert!(!mcts.uses_graph(), "a wide root is searched with trees");
    let a = mcts.search(Budget::iterations(threads as u64 * each));
    assert!(!mcts.uses_graph());
    assert_eq!(a.iterations, threads as u64 * each);
    // The trees' lazy root: the root and one child per iteration in each
    // tree. A graph would hold every root edge in each thread's graph,
    // and the tree search's count is the same as with `graph(false)`.
    assert_eq!(a.nodes, threads * (1 + each as usize));
    let mut tree = Mcts::new(Nim::new(&[objects]).unwrap(), config.graph(false));
    let t = tree.search(Budget::iterations(threads as u64 * each));
    assert_eq!(t.nodes, a.nodes);
    let visits =
        |a: &spielbaum_mcts::Analysis<Take>| a.moves.iter().map(|m| m.visits).collect::<Vec<_>>();
    assert_eq!(visits(&t), visits(&a));
    // The choice is kept for the engine's life: a move that leaves a
    // narrow root does not switch to graphs.
    mcts.advance(Take { heap: 0, take: objects - 3 }).unwrap();
    assert!(!mcts.uses_graph());
    let a = mcts.search(Budget::iterations(100));
    assert!(!mcts.uses_graph());
    assert_eq!(a.moves.len(), 3);
    // A new root is a new choice.
    mcts.set_root(Nim::new(&[3, 4]).unwrap());
    assert!(mcts.uses_graph());
}

#[test]
fn the_default_searches_a_narrow_root_with_a_graph() {
    // NIM 3,4 has 4 × 5 heap states and two players to move: at most 40
    // positions, so a graph holds at most 40 nodes, while a tree grows one
    // node per path.
    let game = Nim::new(&[3, 4]).unwrap();
    let mut mcts = Mcts::new(game.clone(), Config::seeded(5));
    assert!(mcts.uses_graph(), "a narrow root is searched with a graph");
    let a = mcts.search(Budget::iterations(5_000));
    assert!(mcts.uses_graph());
    assert!(a.nodes <= 40, "{} nodes: more than there are positions", a.nodes);
    let mut tree = Mcts::new(game.clone(), Config::seeded(5).graph(false));
    let t = tree.search(Budget::iterations(5_000));
    assert!(t.nodes > 40, "the tree holds {} nodes", t.nodes);
    // The choice is kept while the root narrows further, and a new wide
    // root is a new choice.
    mcts.advance(Take { heap: 1, take: 1 }).unwrap();
    mcts.search(Budget::iterations(100));
    assert!(mcts.uses_graph());
    mcts.set_root(Nim::new(&[LAZY_ROOT_MOVES as u32]).unwrap());
    assert!(!mcts.uses_graph());
    let a = mcts.search(Budget::iterations(10));
    assert_eq!(a.nodes, 1 + 10, "the lazy root: one child per iteration");
}
