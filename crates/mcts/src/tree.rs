//! The search tree: one arena of nodes, children stored contiguously.

use spielbaum_game_trait::{Game, MoveList, Outcome, Player, SplitMix64};

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

/// One node's hot part: what selection and backpropagation read for every
/// child they look at (28 bytes, so a node's children share few cache
/// lines). The move leading to the node lives in [`Tree::edges`], the
/// puzzle sums in [`Tree::values`] (puzzles only).
///
/// Rewards are counted for `mover`, the player who made the node's move,
/// so a parent picks the child with the best statistics directly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub first_child: NodeId,
    pub num_children: u32,
    pub visits: u32,
    /// Playouts won by `mover` (puzzles: goal reached).
    pub wins: u32,
    /// Playouts drawn.
    pub draws: u32,
    /// PUCT prior.
    pub prior: f32,
    /// The player who made the node's move (at the root: the opponent of
    /// the player to move, or the puzzle's only player).
    pub mover: Player,
    pub state: State,
    pub proof: Proof,
}

impl Node {
    pub(crate) fn new(mover: Player, prior: f32) -> Self {
        Node {
            first_child: 0,
            num_children: 0,
            visits: 0,
            wins: 0,
            draws: 0,
            prior,
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

/// Puzzles only: one node's value sums (two-player trees keep none, so a
/// node costs 28 bytes plus its move).
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

/// One search tree with its own random number generator.
///
/// Aligned to 128 bytes (two cache lines, the prefetcher's pair) so the
/// trees of two threads, which sit side by side in the engine's `Vec`,
/// never share a cache line: the move list is written every playout ply,
/// the path every tree level.
#[derive(Clone, Debug)]
#[repr(align(128))]
pub(crate) struct Tree<M> {
    pub nodes: Vec<Node>,
    /// The move leading to node `id` is `edges[id - 1]` (the root has
    /// none; children are pushed in the same order as their nodes).
    pub edges: Vec<M>,
    /// Puzzles: the value sums of node `id` at `values[id]`; empty in
    /// two-player games.
    pub values: Vec<Values>,
    /// `G::PLAYERS == 1`.
    pub puzzle: bool,
    pub rng: SplitMix64,
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
}

impl<M: Copy> Tree<M> {
    pub(crate) fn new<G: Game<Move = M>>(root: &G, seed: u64) -> Self {
        let mut t = Tree {
            nodes: Vec::with_capacity(params::INITIAL_NODES),
            edges: Vec::with_capacity(params::INITIAL_NODES),
            values: Vec::new(),
            puzzle: G::PLAYERS == 1,
            rng: SplitMix64::new(seed),
            min_value: f64::INFINITY,
            max_value: f64::NEG_INFINITY,
            iterations: 0,
            path: Vec::with_capacity(64),
            moves: MoveList::new(),
            priors: Vec::new(),
            line: Vec::new(),
            best_line: Vec::new(),
            best_value: f64::NEG_INFINITY,
        };
        t.reset_root(root);
        t
    }

    pub(crate) fn reset_root<G: Game<Move = M>>(&mut self, root: &G) {
        self.nodes.clear();
        self.edges.clear();
        self.values.clear();
        let mover = if G::PLAYERS == 1 { root.to_move() } else { root.to_move().other() };
        self.nodes.push(Node::new(mover, 1.0));
        if self.puzzle {
            self.values.push(Values::NEW);
        }
        self.min_value = f64::INFINITY;
        self.max_value = f64::NEG_INFINITY;
        self.iterations = 0;
        self.best_line.clear();
        self.best_value = f64::NEG_INFINITY;
    }

    /// The move leading to node `id` (not the root).
    #[inline]
    pub(crate) fn mv(&self, id: usize) -> M {
        self.edges[id - 1]
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
        let mut fresh: Vec<Node> = Vec::with_capacity(cap);
        let mut fresh_edges: Vec<M> = Vec::with_capacity(cap);
        let mut fresh_values: Vec<Values> = Vec::new();
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
                    fresh_edges.push(self.mv(c));
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
        self.edges = fresh_edges;
        self.values = fresh_values;
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
