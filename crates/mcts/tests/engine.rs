//! Engine behaviour: determinism, budgets, tree reuse, threads, PUCT,
//! playout policies, puzzles and bad input.

mod common;

use std::time::Duration;

use common::{Sub, sub};
use spielbaum_game_trait::{Evaluator, Game, MoveList, Outcome, Player, Score, SplitMix64};
use spielbaum_mcts::{
    Budget, Config, Control, Guided, Mcts, MctsError, Proof, Selection, StopReason, from_fn,
};
use spielbaum_small_games::TicTacToe;

fn stats(a: &spielbaum_mcts::Analysis<u8>) -> Vec<(u8, u64, u64, u64)> {
    a.moves.iter().map(|m| (m.mv, m.visits, m.wins, m.draws)).collect()
}

#[test]
fn same_seed_same_statistics() {
    let run = |seed| {
        let mut m = Mcts::new(TicTacToe::new(), Config::seeded(seed).solver(false));
        m.search(Budget::iterations(4_000))
    };
    let (a, b, c) = (run(5), run(5), run(6));
    assert_eq!(stats(&a), stats(&b));
    assert_eq!(a.principal_variation, b.principal_variation);
    assert_eq!(a.nodes, b.nodes);
    assert_ne!(stats(&a), stats(&c), "another seed should sample differently");
}

#[test]
fn searching_in_steps_equals_searching_at_once() {
    let mut once = Mcts::new(TicTacToe::new(), Config::seeded(3));
    let a = once.search(Budget::iterations(3_000));
    let mut steps = Mcts::new(TicTacToe::new(), Config::seeded(3));
    steps.search(Budget::iterations(1_000));
    let b = steps.search(Budget::iterations(2_000));
    assert_eq!(b.iterations, 2_000);
    assert_eq!(b.total_iterations, 3_000);
    assert_eq!(stats(&a), stats(&b));
}

#[test]
fn two_threads_are_deterministic_and_split_the_budget() {
    let run = || {
        let mut m = Mcts::new(TicTacToe::new(), Config::seeded(8).threads(2).solver(false));
        m.search(Budget::iterations(5_001))
    };
    let (a, b) = (run(), run());
    assert_eq!(a.iterations, 5_001);
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 5_001);
    assert_eq!(stats(&a), stats(&b));
}

#[test]
fn set_root_equals_a_new_engine() {
    // A reused engine (arenas kept, generators restarted) must search
    // exactly like a new one, on one and on two threads, after a search of
    // another position and a tree reuse step.
    for threads in [1, 2] {
        let config = Config::seeded(4).threads(threads).solver(false);
        let mut fresh = Mcts::new(TicTacToe::new(), config.clone());
        let a = fresh.search(Budget::iterations(3_001));
        let mut reused = Mcts::new(TicTacToe::new().after(4), config);
        reused.search(Budget::iterations(2_000));
        reused.advance(0).unwrap();
        reused.search(Budget::iterations(500));
        reused.set_root(TicTacToe::new());
        assert_eq!(reused.nodes(), threads, "only the roots are left");
        let b = reused.search(Budget::iterations(3_001));
        assert_eq!(stats(&a), stats(&b), "{threads} thread(s)");
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.principal_variation, b.principal_variation);
    }
}
#[test]
fn all_cores_uses_every_core() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let config = Config::seeded(1).all_cores();
    assert_eq!(config.threads, cores);
    let mut m = Mcts::new(TicTacToe::new(), config.solver(false));
    let a = m.search(Budget::iterations(1_000));
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 1_000);
}

#[test]
fn visits_add_up() {
    let mut m = Mcts::new(TicTacToe::new(), Config::seeded(1).solver(false).graph(false));
    let a = m.search(Budget::iterations(2_500));
    // Every iteration passes through exactly one root move.
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 2_500);
    for s in &a.moves {
        assert!(s.wins + s.draws <= s.visits);
        let mean = (s.wins as f64 + s.draws as f64 / 2.0) / s.visits as f64;
        assert!((s.mean - mean).abs() < 1e-12);
    }
}

#[test]
fn node_budget_caps_the_tree() {
    let mut m = Mcts::new(TicTacToe::new(), Config::seeded(1));
    let a = m.search(Budget::iterations(20_000).with_nodes(500));
    assert!(a.nodes <= 500, "{} nodes", a.nodes);
    assert_eq!(a.iterations, 20_000);
    // Only a node cap: the search stops when the tree is full.
    let mut m = Mcts::new(TicTacToe::new(), Config::seeded(1));
    let a = m.search(Budget::default().with_nodes(300));
    assert_eq!(a.stopped_by, StopReason::Nodes);
    assert!(a.nodes <= 300);
}

#[test]
fn time_budget_stops() {
    let mut m = Mcts::new(sub(1_000), Config::seeded(1));
    let a = m.search(Budget::millis(50));
    assert_eq!(a.stopped_by, StopReason::Time);
    assert!(a.elapsed < Duration::from_secs(2), "{:?}", a.elapsed);
    assert!(a.iterations > 0);
}

#[test]
fn callback_can_stop() {
    let mut m = Mcts::new(TicTacToe::new(), Config::seeded(1).solver(false));
    let a = m.search_with(Budget::iterations(1_000_000), |p| {
        if p.iterations >= 1_000 { Control::Stop } else { Control::Continue }
    });
    assert_eq!(a.stopped_by, StopReason::Stopped);
    assert!(a.iterations >= 1_000 && a.iterations < 2_000);
}

#[test]
fn empty_budget_and_finished_game_do_nothing() {
    let mut m = Mcts::new(TicTacToe::new(), Config::default());
    let a = m.search(Budget::default());
    assert_eq!((a.iterations, a.stopped_by), (0, StopReason::Nothing));
    let mut over = sub(3);
    over.play(3);
    let mut m = Mcts::new(over, Config::default());
    let a = m.search(Budget::iterations(100));
    assert_eq!(a.best_move, None);
    assert!(a.moves.is_empty());
}

#[test]
fn finished_roots_through_new_set_root_and_advance() {
    // A finished root has no move to put in a root node: no trees, no
    // search, no panic; the engine recovers with set_root, and advancing
    // into a finished position searches nothing.
    let mut over = sub(3);
    over.play(3);
    let mut m = Mcts::new(over, Config::seeded(1).threads(2));
    let a = m.search(Budget::iterations(10));
    assert_eq!((a.iterations, a.stopped_by), (0, StopReason::Nothing));
    assert_eq!(m.nodes(), 0);
    m.set_root(sub(3));
    let a = m.search(Budget::iterations(100));
    assert_eq!(a.best_move, Some(3), "3 takes n = 3 to 0 and wins");
    m.advance(3).unwrap();
    let b = m.search(Budget::iterations(100));
    assert_eq!((b.iterations, b.stopped_by), (0, StopReason::Nothing));
    assert!(b.moves.is_empty());
    m.set_root(over);
    let c = m.search(Budget::iterations(100));
    assert_eq!((c.iterations, c.stopped_by), (0, StopReason::Nothing));
}

#[test]
fn illegal_advance_is_an_error_and_changes_nothing() {
    let mut m = Mcts::new(sub(22), Config::seeded(1));
    m.search(Budget::iterations(100));
    assert_eq!(m.advance(4), Err(MctsError::IllegalMove("4".into())));
    assert_eq!(m.root(), &sub(22));
}

#[test]
fn tree_reuse_keeps_the_subtree() {
    let mut m = Mcts::new(sub(40), Config::seeded(4).solver(false));
    let before = m.search(Budget::iterations(5_000));
    let mv = before.best_move.unwrap();
    let child_visits = before.get(mv).unwrap().visits;
    m.advance(mv).unwrap();
    let kept = m.analysis();
    // The new root's visits are the old child's; its children's visits sum
    // to one less (the iteration that created the child played out from it).
    assert_eq!(kept.total_iterations, child_visits);
    assert_eq!(kept.moves.iter().map(|m| m.visits).sum::<u64>(), child_visits - 1);
}

/// Puts all prior mass on one move; PUCT then visits it the most.
struct Favour(u8);

impl Evaluator<TicTacToe> for Favour {
    fn evaluate(&self, _: &TicTacToe) -> Score {
        0
    }
    fn priors(&self, _: &TicTacToe, moves: &[u8], priors: &mut [f32]) {
        for (p, &m) in priors.iter_mut().zip(moves) {
            *p = if m == self.0 { 0.92 } else { 0.01 };
        }
    }
}

#[test]
fn puct_follows_the_priors() {
    let m = Mcts::new(TicTacToe::new(), Config::seeded(2).solver(false)).with_priors(Favour(0));
    assert!(matches!(m.config().selection, Selection::Puct { .. }));
    let mut m = m;
    let a = m.search(Budget::iterations(300));
    assert_eq!(a.moves[0].mv, 0, "{:?}", a.moves);
    assert!((a.get(0).unwrap().prior - 0.92).abs() < 1e-6);
    let mut neutral = Mcts::new(TicTacToe::new(), Config::seeded(2).solver(false))
        .with_priors(spielbaum_game_trait::Zero);
    let b = neutral.search(Budget::iterations(300));
    assert!(b.get(0).unwrap().visits < a.get(0).unwrap().visits);
}

/// Counts lines: a cheap evaluator for guided playouts.
#[derive(Clone)]
struct Centre;

impl Evaluator<TicTacToe> for Centre {
    fn evaluate(&self, g: &TicTacToe) -> Score {
        // The side to move likes the centre for itself.
        let me = if g.to_move() == Player::FIRST { g.x_bits() } else { g.o_bits() };
        let them = if g.to_move() == Player::FIRST { g.o_bits() } else { g.x_bits() };
        (i32::from(me >> 4 & 1) - i32::from(them >> 4 & 1)) * 10
    }
}

#[test]
fn guided_playouts_take_immediate_wins() {
    // x x . / o o . / . . .  with X to move: c3 wins at once.
    let mut g = TicTacToe::new();
    for mv in [6u8, 3, 7, 4] {
        g.play(mv);
    }
    let mut guided = Guided::new(Centre, 0.0);
    let mut moves = MoveList::new();
    g.moves(&mut moves);
    let i = spielbaum_mcts::Playout::pick(&mut guided, &g, &moves, &mut SplitMix64::new(1));
    assert_eq!(moves[i], 8);
    let mut m = Mcts::new(g, Config::seeded(1)).with_playout(Guided::new(Centre, 0.2));
    let a = m.search(Budget::iterations(500));
    assert_eq!(a.best_move, Some(8));
    assert_eq!(a.get(8).unwrap().proof, Proof::Win);
}

#[test]
fn faulty_playout_index_is_wrapped() {
    let mut m = Mcts::new(sub(30), Config::seeded(1).solver(false))
        .with_playout(from_fn(|_: &Sub, _: &[u32], _: &mut SplitMix64| 1_000_000));
    let a = m.search(Budget::iterations(1_000));
    assert_eq!(a.iterations, 1_000);
}

/// A one-player puzzle: walk up to `len` steps, each adding 1, 2 or 3 to a
/// running total; the score is the total, the goal is reaching exactly
/// `target`. Brute force gives the best score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Steps {
    total: i32,
    left: u8,
    target: i32,
}

impl Game for Steps {
    type Move = i32;
    const PLAYERS: u8 = 1;
    fn to_move(&self) -> Player {
        Player::FIRST
    }
    fn moves(&self, out: &mut MoveList<i32>) {
        if self.left > 0 && self.total != self.target {
            out.extend([1, 2, 3].into_iter().filter(|d| self.total + d <= self.target));
        }
    }
    fn play(&mut self, d: i32) {
        self.total += d;
        self.left -= 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        let mut m = MoveList::new();
        self.moves(&mut m);
        m.is_empty()
            .then_some(Outcome::Puzzle { goal: self.total == self.target, score: self.total })
    }
    fn key(&self) -> u64 {
        (self.total as u64) << 8 | u64::from(self.left)
    }
}

#[test]
fn puzzles_maximise_and_prove_the_goal() {
    // Reaching 20 in 7 steps needs mostly 3s: few random walks do it.
    let start = Steps { total: 0, left: 7, target: 20 };
    let mut m = Mcts::new(start, Config::seeded(5));
    let a = m.search(Budget::iterations(20_000));
    assert_eq!(a.proof, Proof::Win, "{:?}", a.moves);
    assert_eq!(a.stopped_by, StopReason::Proven);
    // The best line found reaches the goal.
    let mut p = start;
    for &mv in &a.best_line {
        p.play(mv);
    }
    assert_eq!(p.outcome(), Some(Outcome::Puzzle { goal: true, score: 20 }));
    // Unreachable goal (22 > 7 * 3): the best score is 21 = 7 * 3 - 0? No:
    // the walk stops below 22 as soon as no step fits, so 21 is best.
    let start = Steps { total: 0, left: 7, target: 22 };
    let mut m = Mcts::new(start, Config::seeded(5));
    let a = m.search(Budget::iterations(200_000));
    assert_eq!(a.proof, Proof::Loss);
    assert_eq!(a.best_line_value, 21.0);
}
