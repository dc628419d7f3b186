//! The searcher's state: the [`Searcher`] itself, its per-ply buffers and
//! the bookkeeping every node does (counting, limits, the principal
//! variation, repetitions, table keys). The node-level search that uses
//! them is in `search.rs`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use spielbaum_game_trait::{Evaluator, Game, KeyHistory, MoveList, Score, outcome_score};

use crate::config::Config;
use crate::params;
use crate::search::back;
use crate::stats::Counters;
use crate::table::Table;

/// `true` if the node budget, the deadline or a stop flag ends the search.
pub(crate) fn limits_reached(
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stops: &[Arc<AtomicBool>],
) -> bool {
    nodes >= node_limit
        || deadline.is_some_and(|d| Instant::now() >= d)
        || stops.iter().any(|s| s.load(Ordering::Relaxed))
}

/// Per-ply buffers, reused so the hot loop does not allocate.
pub(crate) struct Ply<G: Game> {
    pub(crate) moves: MoveList<G::Move>,
    pub(crate) keys: Vec<i64>,
    pub(crate) children: Vec<G>,
    /// `children` holds the scored children (static ordering without the
    /// evaluator's cheap move scores).
    pub(crate) children_made: bool,
    /// The evaluator's cheap move scores ([`Evaluator::order_moves`]).
    pub(crate) hook: Vec<Score>,
    pub(crate) killers: [Option<G::Move>; params::KILLERS],
}

impl<G: Game> Ply<G> {
    fn new() -> Self {
        Ply {
            moves: MoveList::new(),
            keys: Vec::new(),
            children: Vec::new(),
            children_made: false,
            hook: Vec::new(),
            killers: [None; params::KILLERS],
        }
    }

    pub(crate) fn clear_killers(&mut self) {
        self.killers = [None; params::KILLERS];
    }
}

/// The search engine: owns its state (table, killers, history, buffers)
/// and borrows the game for each search. See the crate docs for an example.
pub struct Searcher<G: Game, E> {
    pub(crate) eval: E,
    pub(crate) config: Config,
    pub(crate) table: Option<Arc<Table>>,
    pub(crate) book: Option<crate::book::Book<G>>,
    pub(crate) plies: Vec<Ply<G>>,
    pub(crate) pv: Vec<Vec<G::Move>>,
    pub(crate) prev_pv: Vec<G::Move>,
    pub(crate) history: Vec<u32>,
    pub(crate) counters: Counters,
    // Limits of the running search.
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stops: Vec<Arc<AtomicBool>>,
    pub(crate) aborted: bool,
    /// Positions scored at the depth limit (or by a table entry that was
    /// not searched to the end, or as a repetition) since the iteration
    /// began: a node whose subtree added none has the game's value.
    pub(crate) horizons: u64,
    /// End the search (like a stop flag) once `horizons > 0`: the exact
    /// solver's first pass needs to know only that some line is longer.
    pub(crate) stop_at_horizon: bool,
    /// Lazy-SMP helper number (0 = main thread): perturbs the ordering.
    pub(crate) helper: u64,
    /// A stop flag kept across searches (a helper's external flag).
    pub(crate) extra_stop: Option<Arc<AtomicBool>>,
    /// Treat a position that repeats on the current line as unresolved
    /// (the evaluator's value, like the depth limit), so that games with
    /// cycles cannot send a search to the end of the game round and round.
    /// Set by the exact solver for its deep pass.
    pub(crate) cycle_guard: bool,
    /// The keys of the current line (for `cycle_guard` and the repetition
    /// rule), preceded by the game's earlier positions when the rule is on.
    pub(crate) path: KeyHistory,
    /// The game declares a repetition rule: a position that occurred
    /// before, on the line or in the game's history, is a draw (see
    /// [`set_history`](Searcher::set_history)). Set per search from the root.
    pub(crate) repetition: bool,
    /// The game counts plies without progress against a limit: table keys
    /// include the counter (values depend on it near the limit).
    pub(crate) salted: bool,
    /// Keys of the game's positions before the root, oldest first.
    pub(crate) game_keys: Vec<u64>,
    /// Repetitions scored as draws so far: a node whose subtree added one
    /// has a value that depends on the path to it and is not stored.
    pub(crate) rep_draws: u64,
    /// The least remaining depth at which a node may order its moves
    /// (static evaluation, killers, history) or record killers and history;
    /// shallower nodes run the search without ordering code (set by
    /// [`root_node`](Self::root_node)).
    pub(crate) ord_from: i32,
    /// The only ordering code is the static evaluation's (no history): a
    /// node where [`Config::adaptive`] switched it off runs without
    /// ordering code too.
    pub(crate) eval_only: bool,
    /// The running iteration orders fully ([`Config::full_order_nodes`]).
    pub(crate) full_order: bool,
    /// The running iteration is big ([`params::UNSWITCHED_FACTOR`]): static
    /// ordering and ETC run without the adaptive switches.
    pub(crate) big: bool,
    /// The evaluator scores moves without making the children
    /// ([`Evaluator::order_moves`]), found out when `full_order` begins.
    pub(crate) cheap_order: bool,
    /// The history heuristic is on (configured, or by `full_order`).
    pub(crate) history_on: bool,
    /// The least remaining depth for static-evaluation ordering
    /// ([`Config::order_min_depth`], or less by `full_order`).
    pub(crate) order_min: i32,
    /// What the adaptive switches measured ([`Config::adaptive`]).
    pub(crate) yields: crate::adaptive::Yields,
    /// Work since the last look at the clock ([`spend`](Self::spend)).
    pub(crate) work: usize,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    pub(crate) fn ensure_ply(&mut self, ply: usize) {
        while self.plies.len() <= ply + 1 {
            self.plies.push(Ply::new());
            self.pv.push(Vec::new());
        }
    }

    /// Looks at the clock, the node budget and the stop flags.
    pub(crate) fn check_limits(&mut self) {
        if limits_reached(self.counters.nodes, self.node_limit, self.deadline, &self.stops)
            || (self.stop_at_horizon && self.horizons > 0)
        {
            self.aborted = true;
        }
    }

    /// Counts `units` of work (moves generated, children made); every
    /// [`CLOCK_MOVES`](params::CLOCK_MOVES) of them, looks at the clock.
    /// Returns `true` if the search is stopped.
    #[inline(always)]
    pub(crate) fn spend(&mut self, units: usize) -> bool {
        self.work += units;
        if self.work >= params::CLOCK_MOVES {
            self.work = 0;
            self.check_limits();
        }
        self.aborted
    }

    #[inline(always)]
    pub(crate) fn enter(&mut self, ply: usize) -> bool {
        self.counters.nodes += 1;
        self.ensure_ply(ply);
        self.pv[ply].clear();
        if self.counters.nodes.is_multiple_of(params::CHECK_EVERY) {
            self.check_limits();
        }
        self.aborted
    }

    /// [`enter`](Self::enter) where the per-ply buffers are already made.
    #[inline(always)]
    pub(crate) fn enter_made(&mut self, ply: usize) -> bool {
        self.counters.nodes += 1;
        self.pv[ply].clear();
        if self.counters.nodes.is_multiple_of(params::CHECK_EVERY) {
            self.check_limits();
        }
        self.aborted
    }

    /// `pv[ply] = mv + pv[ply + 1]`.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The static value of `child` from the parent's point of view.
    pub(crate) fn static_child(&self, child: &G, ply: usize) -> Score {
        let s = match child.outcome() {
            Some(o) => outcome_score(o, child.to_move(), ply as u32 + 1),
            None => self.eval.evaluate(child),
        };
        back::<G>(s)
    }

    /// The repetition rule: `true` (and counted) if the game declares one and
    /// `pos` occurred before on the line or in the game's history, so it is
    /// scored as a draw.
    #[inline]
    pub(crate) fn repeats(&mut self, pos: &G) -> bool {
        if self.repetition && pos.outcome().is_none() && self.path.contains(pos.key()) {
            self.rep_draws += 1;
            true
        } else {
            false
        }
    }

    /// The key under which `pos` is stored in the table: its key, with the
    /// no-progress counter mixed in for games that limit it.
    #[inline]
    pub(crate) fn tt_key(&self, pos: &G) -> u64 {
        let k = pos.key();
        if self.salted {
            k ^ u64::from(pos.no_progress()).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        } else {
            k
        }
    }
}
