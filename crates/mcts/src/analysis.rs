//! What a search returns: per-move statistics and the chosen move.

use std::time::Duration;

pub use crate::tree::Proof;

/// The statistics of one root move: the text's `p1, p2, p3` and what they
/// are estimated from.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Iterations that went through this move.
    pub visits: u64,
    /// Of those, playouts won by the player making the move (puzzles: the
    /// goal reached). Graph search: the sum of win shares, rounded (its
    /// transposition corrections are fractional results).
    pub wins: u64,
    /// Of those, playouts drawn (graph search: rounded as `wins`).
    pub draws: u64,
    /// `wins / visits`: the estimated probability that the game is won
    /// after this move (0 when not visited; graph search: from the exact
    /// sum).
    pub win_probability: f64,
    /// Mean reward: `(wins + draws / 2) / visits` for two players; for
    /// puzzles the mean playout value (score, plus
    /// [`PUZZLE_GOAL_BONUS`](crate::params::PUZZLE_GOAL_BONUS) when the goal
    /// was reached).
    pub mean: f64,
    /// Puzzles: the best playout value seen after this move (same scale as
    /// `mean`); `-inf` for two-player games.
    pub best: f64,
    /// MCTS-Solver's proof for this move (from the mover's point of view).
    pub proof: Proof,
    /// The PUCT prior of the move (uniform without an evaluator).
    pub prior: f32,
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The iteration budget is used up.
    Iterations,
    /// The time budget is used up.
    Time,
    /// The tree reached the node budget (and no other limit was set).
    Nodes,
    /// MCTS-Solver proved the root: more iterations cannot change the
    /// answer.
    Proven,
    /// The progress callback asked to stop.
    Stopped,
    /// The budget had no limit at all, or the game is over at the root.
    Nothing,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// The chosen move: a proven win if there is one; otherwise the most
    /// visited move not proven lost (ties: the higher mean); `None` when the
    /// game is over.
    pub best_move: Option<M>,
    /// Every legal root move, most visited first.
    pub moves: Vec<MoveStats<M>>,
    /// Iterations run by this search call (all threads).
    pub iterations: u64,
    /// Iterations behind the statistics (more than `iterations` when the
    /// tree was reused or searched before).
    pub total_iterations: u64,
    /// Nodes in the tree(s).
    pub nodes: usize,
    /// The root position, proven by MCTS-Solver, from the point of view of
    /// the player to move (`Win`: the player to move wins with best play).
    pub proof: Proof,
    /// Wall-clock time of this search call.
    pub elapsed: Duration,
    /// Why the search stopped.
    pub stopped_by: StopReason,
    /// The most visited line from the root (first tree).
    pub principal_variation: Vec<M>,
    /// Puzzles: the best sampled line from the root (tree moves, then
    /// playout moves) and its value; empty for two-player games.
    pub best_line: Vec<M>,
    /// The value of `best_line` (scale of [`MoveStats::mean`]).
    pub best_line_value: f64,
}

impl<M: PartialEq> Analysis<M> {
    /// The statistics of `mv`, if it is a root move.
    pub fn get(&self, mv: M) -> Option<&MoveStats<M>> {
        self.moves.iter().find(|s| s.mv == mv)
    }

    /// Iterations per second of this search call.
    pub fn iterations_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 { self.iterations as f64 / s } else { 0.0 }
    }
}

/// What a progress callback sees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Iterations so far in this search call (all threads; other threads
    /// as of their last check, every [`CHECK_EVERY`](crate::params::CHECK_EVERY)
    /// iterations).
    pub iterations: u64,
    /// Nodes in the tree(s) (other threads as of their last check).
    pub nodes: usize,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The answer of a progress callback (`Stop`: return the statistics
/// gathered so far); the workspace's one `Control`.
pub use spielbaum_game_trait::Control;
