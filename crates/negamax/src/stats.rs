//! Search results and statistics.

use std::time::Duration;

use spielbaum_game_trait::Score;

/// Counters of one search (or one iteration).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Nodes visited (every position the search entered, quiescence
    /// nodes included).
    pub nodes: u64,
    /// Of these, quiescence nodes.
    pub qnodes: u64,
    /// Leaves: positions evaluated at the depth limit or finished games.
    pub leaves: u64,
    /// Beta cut-offs.
    pub cutoffs: u64,
    /// Table probes that found the position.
    pub tt_hits: u64,
    /// Table hits that answered the node without searching it.
    pub tt_cuts: u64,
}

impl core::ops::AddAssign for Counters {
    fn add_assign(&mut self, o: Counters) {
        self.nodes += o.nodes;
        self.qnodes += o.qnodes;
        self.leaves += o.leaves;
        self.cutoffs += o.cutoffs;
        self.tt_hits += o.tt_hits;
        self.tt_cuts += o.tt_cuts;
    }
}

impl core::ops::Sub for Counters {
    type Output = Counters;
    fn sub(self, o: Counters) -> Counters {
        Counters {
            nodes: self.nodes - o.nodes,
            qnodes: self.qnodes - o.qnodes,
            leaves: self.leaves - o.leaves,
            cutoffs: self.cutoffs - o.cutoffs,
            tt_hits: self.tt_hits - o.tt_hits,
            tt_cuts: self.tt_cuts - o.tt_cuts,
        }
    }
}

/// Statistics of one completed iteration (one depth).
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration<M> {
    /// The depth of this iteration.
    pub depth: u32,
    /// The root score for the side to move.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Counters of this iteration alone.
    pub counters: Counters,
    /// Effective branching factor: nodes of this iteration divided by the
    /// nodes of the previous one (`nodes^(1/depth)` for the first).
    pub ebf: f64,
    /// Wall-clock time of this iteration.
    pub elapsed: Duration,
    /// Nodes per second of this iteration.
    pub nps: f64,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play (`None` only if the game is over).
    pub best_move: Option<M>,
    /// The root score of the last completed iteration.
    pub score: Score,
    /// The depth of the last completed iteration (0 if none completed or
    /// the move came from the book). A non-iterative search that reached
    /// the end of the game on every line (`exact`) reports the length of
    /// its principal variation instead (the plies to the end under best
    /// play: its depth limit, e.g. the cap of
    /// [`Limits::time`](crate::Limits::time), did not bound it).
    pub depth: u32,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<M>,
    /// Every completed iteration.
    pub iterations: Vec<Iteration<M>>,
    /// Counters of the whole search (all iterations, all threads).
    pub counters: Counters,
    /// Wall-clock time of the whole search.
    pub elapsed: Duration,
    /// `true` if a limit (time, nodes, stop flag, callback) ended the search
    /// before the requested depth.
    pub stopped: bool,
    /// `true` if the move came from the opening book.
    pub from_book: bool,
    /// `true` if the last completed iteration reached the end of the game
    /// on every line it searched (no position was evaluated at the depth
    /// limit), so its score is the game's exact value.
    pub exact: bool,
}
