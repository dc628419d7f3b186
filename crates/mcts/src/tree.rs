//! The search tree: one arena of nodes, children stored contiguously.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use spielbaum_game_trait::rand_core::SeedableRng;
use spielbaum_game_trait::{Game, KeyHistory, MoveList, Outcome, Player, SplitMix64};

use crate::params;

/// Index of a node in the arena. The root is node 0.
pub(crate) type NodeId = u32;

/// A proof found by MCTS-Solver, from the point of view of the player who
/// made the move leading to the node (the player to move at its parent).
///
/// In a puzzle (one player) a node is proven only once its subtree is
/// exhausted, so its best value is exact: `Win` if the goal is reached
/// somewhere below, `Loss` if nowhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Proof {
    /// Not proven (the statistics are estimates).
    #[default]
    Unknown,
    /// The move wins against every defence (puzzle: the goal is reachable).
    Win,
    /// The move loses against best play (puzzle: the goal is unreachable).
    Loss,
}

/// Where a node is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Not expanded yet: iterations play out from it.
    Leaf,
    /// Children created (`first_child..first_child + num_children`).
    Expanded,
    /// The game is over here.
    Terminal,
}

/// One node: what selection and backpropagation read for every child
/// they look at, and the move leading to the node, in one place (24
/// bytes plus the move, rounded to its alignment: 24 bytes with a `u8`
/// move, 28 with a `u32`), so the move of the chosen child is in the
/// cache line selection has just read. The PUCT prior lives in
/// [`Tree::priors_of`] (PUCT only), the puzzle sums in [`Tree::values`]
/// (puzzles only).
///
/// Rewards are counted for `mover`, the player who made the node's move,
/// so a parent picks the child with the best statistics directly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<M> {
    pub first_child: NodeId,
    pub num_children: u32,
    pub visits: u32,
    /// Playouts won by `mover` (puzzles: goal reached).
    pub wins: u32,
    /// Playouts drawn.
    pub draws: u32,
    /// The move leading to this node. The root has none: it holds a
    /// placeholder (some legal move) that is never read.
    pub mv: M,
    /// The player who made the node's move (at the root: the opponent of
    /// the player to move, or the puzzle's only player).
    pub mover: Player,
    pub state: State,
    pub proof: Proof,
}

impl<M> Node<M> {
    pub(crate) fn new(mover: Player, mv: M) -> Self {
        Node {
            first_child: 0,
            num_children: 0,
            visits: 0,
            wins: 0,
            draws: 0,
            mv,
            mover,
            state: State::Leaf,
            proof: Proof::Unknown,
        }
    }

    pub(crate) fn children(&self) -> core::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.num_children as usize
    }

    /// Two players: the sum of rewards for `mover` (win 1, draw ½), exact.
    pub(crate) fn score_sum(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }
}

/// Puzzles only: one node's value sums (two-player trees keep none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Values {
    /// Sum of the raw playout values.
    pub reward: f64,
    /// The best single value seen below.
    pub best: f64,
}

impl Values {
    pub(crate) const NEW: Values = Values { reward: 0.0, best: f64::NEG_INFINITY };
}

/// The result of one iteration, before it is turned into a reward per
/// node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Sample {
    /// A two-player game won by this player.
    Win(Player),
    /// A draw (or a two-player playout cut off).
    Draw,
    /// A puzzle ended with this raw value (score, plus the goal bonus).
    Score { value: f64, goal: bool },
}

impl Sample {
    pub(crate) fn from_outcome(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Win(p) => Sample::Win(p),
            Outcome::Draw => Sample::Draw,
            Outcome::Puzzle { goal, score } => Sample::Score {
                value: f64::from(score) + if goal { params::PUZZLE_GOAL_BONUS } else { 0.0 },
                goal,
            },
        }
    }
}

/// One search tree with its own random number generator (of the engine's
/// generator type `R`).
///
/// Aligned to 128 bytes (two cache lines, the prefetcher's pair) so the
/// trees of two threads, which sit side by side in the engine's `Vec`,
/// never share a cache line: the move list is written every playout ply,
/// the path every tree level.
#[derive(Clone, Debug)]
#[repr(align(128))]
pub(crate) struct Tree<M, R = SplitMix64> {
    pub nodes: Vec<Node<M>>,
    /// Puzzles: the value sums of node `id` at `values[id]`; empty in
    /// two-player games.
    pub values: Vec<Values>,
    /// PUCT only: the prior of node `id` at `priors_of[id - 1]` (the root
    /// has none); empty under UCT, where every prior is uniform.
    pub priors_of: Vec<f32>,
    /// `G::PLAYERS == 1`.
    pub puzzle: bool,
    pub rng: R,
    /// Smallest and largest puzzle value seen (min-max normalisation).
    pub min_value: f64,
    pub max_value: f64,
    /// Iterations run on this tree since its root was set.
    pub iterations: u64,
    /// Reusable buffers (no allocation per iteration).
    pub path: Vec<NodeId>,
    pub moves: MoveList<M>,
    pub priors: Vec<f32>,
    /// Puzzles: the moves of the current iteration (tree part + playout).
    pub line: Vec<M>,
    /// Puzzles: the best line sampled so far and its value.
    pub best_line: Vec<M>,
    pub best_value: f64,
    /// Games with a repetition rule: the keys of the positions of the
    /// current iteration before the one in hand (tree part + playout).
    pub keys: KeyHistory,
    /// The root's moves, generated once for all threads' trees (set by
    /// the engine before a search; `None` after the root changed).
    pub root_list: Option<Arc<[M]>>,
    /// A wide root expanded lazily (see [`LAZY_ROOT_MOVES`]): its number
    /// of moves while some have no child yet, else 0. The children are
    /// `root_list` in the order of a Fisher–Yates shuffle drawn one step
    /// per child; `root_swaps` holds the positions that step moved (sparse,
    /// so a tree pays for the children it made, not for the whole list).
    ///
    /// [`LAZY_ROOT_MOVES`]: crate::params::LAZY_ROOT_MOVES
    pub root_lazy: usize,
    pub root_swaps: FxHashMap<usize, usize>,
}

impl<M: Copy, R> Tree<M, R> {
    /// A tree for `root`, whose legal moves are `root_moves` (generated
    /// once for all threads' trees and kept as the root's move list), or
    /// `None` if it has none (then there is nothing to search, and no move
    /// to hold in the root node).
    pub(crate) fn new<G: Game<Move = M>>(root: &G, root_moves: &Arc<[M]>, seed: u64) -> Option<Self>
    where
        R: SeedableRng,
    {
        let placeholder = *root_moves.first()?;
        let mut t = Tree {
            nodes: Vec::with_capacity(params::INITIAL_NODES),
            values: Vec::new(),
            priors_of: Vec::new(),
            puzzle: G::PLAYERS == 1,
            rng: R::seed_from_u64(seed),
            min_value: f64::INFINITY,
            max_value: f64::NEG_INFINITY,
            iterations: 0,
            path: Vec::with_capacity(64),
            moves: MoveList::new(),
            priors: Vec::new(),
            line: Vec::new(),
            best_line: Vec::new(),
            best_value: f64::NEG_INFINITY,
            keys: KeyHistory::new(),
            root_list: None,
            root_lazy: 0,
            root_swaps: FxHashMap::default(),
        };
        t.nodes.push(Node::new(Player::FIRST, placeholder));
        t.reset_root(root);
        t.root_list = Some(root_moves.clone());
        Some(t)
    }

    /// Empties the tree for a new root and restarts its generator from
    /// `seed`: the same state as [`Tree::new`], with the arenas' memory
    /// kept.
    pub(crate) fn restart<G: Game<Move = M>>(&mut self, root: &G, seed: u64)
    where
        R: SeedableRng,
    {
        self.rng = R::seed_from_u64(seed);
        self.reset_root(root);
    }

    /// Empties the tree for `root` (the root node keeps its placeholder
    /// move: a tree always has a root node).
    pub(crate) fn reset_root<G: Game<Move = M>>(&mut self, root: &G) {
        let placeholder = self.nodes[0].mv;
        self.nodes.clear();
        self.values.clear();
        self.priors_of.clear();
        let mover = if G::PLAYERS == 1 { root.to_move() } else { root.to_move().other() };
        self.nodes.push(Node::new(mover, placeholder));
        if self.puzzle {
            self.values.push(Values::NEW);
        }
        self.min_value = f64::INFINITY;
        self.max_value = f64::NEG_INFINITY;
        self.iterations = 0;
        self.best_line.clear();
        self.best_value = f64::NEG_INFINITY;
        self.root_list = None;
        self.close_root();
    }

    /// Ends a lazy root expansion (all children made, or the root gone).
    pub(crate) fn close_root(&mut self) {
        self.root_lazy = 0;
        self.root_swaps.clear();
    }

    /// `true` while the root is expanded lazily and some root move has no
    /// child yet.
    #[inline]
    pub(crate) fn root_open(&self) -> bool {
        self.root_lazy > 0
    }

    /// Root moves without a child yet (0 unless the root is expanded
    /// lazily).
    #[inline]
    pub(crate) fn root_pending(&self) -> usize {
        if self.root_open() { self.root_lazy - self.nodes[0].num_children as usize } else { 0 }
    }

    /// The move leading to node `id` (not the root).
    #[inline]
    pub(crate) fn mv(&self, id: usize) -> M {
        self.nodes[id].mv
    }

    /// Makes the child of the root reached by `mv` the new root, keeping its
    /// subtree (compacted into a fresh arena). Returns `false` if the root
    /// has no such child (then nothing changes).
    pub(crate) fn reroot(&mut self, mv: M) -> bool
    where
        M: PartialEq,
    {
        let root = self.nodes[0];
        let Some(child) = root.children().find(|&c| self.mv(c) == mv) else {
            return false;
        };
        let cap = self.nodes.len().max(16);
        let mut fresh: Vec<Node<M>> = Vec::with_capacity(cap);
        let mut fresh_values: Vec<Values> = Vec::new();
        let mut fresh_priors: Vec<f32> = Vec::new();
        let puct = !self.priors_of.is_empty();
        let mut origin: Vec<usize> = Vec::with_capacity(cap);
        fresh.push(self.nodes[child]);
        if self.puzzle {
            fresh_values.push(self.values[child]);
        }
        origin.push(child);
        let mut i = 0;
        while i < fresh.len() {
            let old = self.nodes[origin[i]];
            if old.state == State::Expanded {
                let first = fresh.len();
                for c in old.children() {
                    fresh.push(self.nodes[c]);
                    if puct {
                        fresh_priors.push(self.priors_of[c - 1]);
                    }
                    if self.puzzle {
                        fresh_values.push(self.values[c]);
                    }
                    origin.push(c);
                }
                fresh[i].first_child = first as NodeId;
            }
            i += 1;
        }
        self.nodes = fresh;
        // The new root was a child: expanded in full, or not at all.
        self.root_list = None;
        self.close_root();
        self.values = fresh_values;
        self.priors_of = fresh_priors;
        if self.best_line.first() == Some(&mv) {
            self.best_line.remove(0);
        } else {
            self.best_line.clear();
            self.best_value = f64::NEG_INFINITY;
        }
        self.iterations = u64::from(self.nodes[0].visits);
        true
    }
}
