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
/// lines). The move and the puzzle sums live in [`Cold`], at the same
/// index.
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

/// One node's cold part: the move and, for puzzles, the value sums.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cold<M> {
    /// The move from the parent (`None` at the root).
    pub mv: Option<M>,
    /// Puzzles: sum of the raw playout values.
    pub reward: f64,
    /// Puzzles: the best single value seen below.
    pub best: f64,
}

impl<M> Cold<M> {
    pub(crate) fn new(mv: Option<M>) -> Self {
        Cold { mv, reward: 0.0, best: f64::NEG_INFINITY }
    }
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
#[derive(Clone, Debug)]
pub(crate) struct Tree<M> {
    pub nodes: Vec<Node>,
    pub cold: Vec<Cold<M>>,
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
            cold: Vec::with_capacity(params::INITIAL_NODES),
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
        self.cold.clear();
        let mover = if G::PLAYERS == 1 { root.to_move() } else { root.to_move().other() };
        self.nodes.push(Node::new(mover, 1.0));
        self.cold.push(Cold::new(None));
        self.min_value = f64::INFINITY;
        self.max_value = f64::NEG_INFINITY;
        self.iterations = 0;
        self.best_line.clear();
        self.best_value = f64::NEG_INFINITY;
    }

    /// Makes the child of the root reached by `mv` the new root, keeping its
    /// subtree (compacted into a fresh arena). Returns `false` if the root
    /// has no such child (then nothing changes).
    pub(crate) fn reroot(&mut self, mv: M) -> bool
    where
        M: PartialEq,
    {
        let root = self.nodes[0];
        let Some(child) = root.children().find(|&c| self.cold[c].mv == Some(mv)) else {
            return false;
        };
        let mut fresh: Vec<Node> = Vec::with_capacity(self.nodes.len().max(16));
        let mut fresh_cold: Vec<Cold<M>> = Vec::with_capacity(self.nodes.len().max(16));
        let mut origin: Vec<usize> = Vec::with_capacity(self.nodes.len().max(16));
        fresh.push(self.nodes[child]);
        fresh_cold.push(Cold { mv: None, ..self.cold[child] });
        origin.push(child);
        let mut i = 0;
        while i < fresh.len() {
            let old = self.nodes[origin[i]];
            if old.state == State::Expanded {
                let first = fresh.len();
                for c in old.children() {
                    fresh.push(self.nodes[c]);
                    fresh_cold.push(self.cold[c]);
                    origin.push(c);
                }
                fresh[i].first_child = first as NodeId;
            }
            i += 1;
        }
        self.nodes = fresh;
        self.cold = fresh_cold;
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
