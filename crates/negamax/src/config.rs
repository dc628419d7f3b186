//! What to search with ([`Config`], [`Algorithm`]) and for how long
//! ([`Limits`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::params;
use crate::table::Replacement;

/// The algorithm family member. Each adds one technique of the text to the
/// previous one, so their effect can be measured one by one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Algorithm {
    /// Plain NegaMax: every node to the depth, no pruning (the text's
    /// first algorithm).
    Negamax,
    /// Alpha-beta in the order the game generates the moves.
    AlphaBeta,
    /// Alpha-beta with the moves sorted by the static evaluation of the
    /// children, switched off at the last ply (as in the text).
    Ordered,
    /// Principal variation search: after a PV move was found, null-window
    /// searches with a re-search when they fail high (as in the text).
    Pvs,
    /// Iterative deepening over PVS: depth 1, 2, … reusing the previous
    /// iteration's PV move and the table for ordering; answers with the
    /// best move of the last completed iteration when time runs out.
    #[default]
    Iterative,
}

impl Algorithm {
    /// Every algorithm, simplest first.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::Ordered,
        Algorithm::Pvs,
        Algorithm::Iterative,
    ];

    /// The lower-case name used by the CLI (`negamax`, `alphabeta`,
    /// `ordered`, `pvs`, `iterative`).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Ordered => "ordered",
            Algorithm::Pvs => "pvs",
            Algorithm::Iterative => "iterative",
        }
    }

    /// Parses a [`name`](Algorithm::name); the error lists the names.
    pub fn parse(text: &str) -> Result<Algorithm, String> {
        Algorithm::ALL.into_iter().find(|a| a.name().eq_ignore_ascii_case(text.trim())).ok_or_else(
            || {
                let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!("unknown algorithm {text:?}; expected one of {}", names.join(", "))
            },
        )
    }

    pub(crate) fn prunes(self) -> bool {
        self != Algorithm::Negamax
    }

    pub(crate) fn orders(self) -> bool {
        matches!(self, Algorithm::Ordered | Algorithm::Pvs | Algorithm::Iterative)
    }

    pub(crate) fn pvs(self) -> bool {
        matches!(self, Algorithm::Pvs | Algorithm::Iterative)
    }
}

/// Engine configuration. [`Config::default`] is the setting measured
/// fastest on every workload of the peer bench, short and long (at least
/// 1.5× `minimax` 0.6 on each), that keeps fixed-depth values exact:
/// iterative deepening, table growing by need, table or PV move first, PVS,
/// killers, static-evaluation ordering from 3 plies left and enhanced
/// transposition cut-offs, both switched by what they yield
/// ([`Config::adaptive`]), and once an iteration is expected to be big,
/// full ordering with the history heuristic ([`Config::full_order_nodes`]);
/// no aspiration, extensions or quiescence (measured against the
/// alternatives and against `minimax` 0.6 in `docs/negamax.md`).
/// [`Config::ordered`] is an earlier default (static ordering at every node
/// with two plies left, killers, history, from the first iteration on);
/// [`Config::plain`] switches every technique off except the algorithm.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Transposition table size in MiB; 0 = no table. Ignored by
    /// [`Algorithm::Negamax`].
    pub table_mib: usize,
    /// The table's replacement scheme.
    pub replacement: Replacement,
    /// Let the engine's own table start small and grow between iterations
    /// of iterative deepening, by what the next iteration is expected to
    /// store, up to `table_mib` ([`Table::growable`](crate::Table::growable)):
    /// a short search then clears and touches only the memory it uses (a
    /// 16 MiB table costs more to clear than a depth-5 search of
    /// Tic-tac-toe). Searches that are not iterative, lazy SMP and the
    /// exact solver grow the table to its full size first; a table given
    /// with [`Searcher::with_table`](crate::Searcher::with_table) is used
    /// as it is (it grows only if it is growable and not shared). Values
    /// never change; node counts only where the smaller table had to evict.
    /// On by default (measured: `docs/negamax.md`, "Design decisions"; the
    /// dated comparison with a fixed table: `docs/history/measurements.md`,
    /// "The table grows by need").
    pub table_growth: bool,
    /// Look positions up by their canonical key (`Game::canonical_with`), so
    /// symmetric positions share entries. Costs a canonicalisation per node.
    pub symmetry: bool,
    /// Static-evaluation ordering (of [`Algorithm::Ordered`] and above) only
    /// at nodes with at least this remaining depth. `2` is the text's rule
    /// ("switched off at the last ply"); larger values save the children's
    /// evaluations where the table move already orders well (measured in
    /// `docs/negamax.md`).
    pub order_min_depth: i32,
    /// Aspiration window half-width for iterative deepening (`None` = full
    /// window every iteration).
    pub aspiration: Option<i32>,
    /// Killer moves (moves that caused a cut-off at the same ply are tried
    /// early).
    pub killers: bool,
    /// History heuristic (moves that caused cut-offs anywhere are tried
    /// earlier).
    pub history: bool,
    /// Search extensions: nodes with few legal moves keep the depth.
    /// Changes the value of a fixed-depth search (it sees deeper).
    pub extensions: bool,
    /// Quiescence search over the moves the evaluator marks noisy past the
    /// depth limit. Changes the value of a fixed-depth search.
    pub quiescence: bool,
    /// Let a table entry of greater depth answer a shallower query (the
    /// usual rule). Off: only entries of exactly the asked depth (or
    /// searched to the end) cut, so a fixed-depth search with a table
    /// returns exactly plain NegaMax's value even in games where one
    /// position occurs at different plies.
    pub deeper_entries: bool,
    /// Enhanced transposition cut-off: before searching the children of a
    /// null-window node (two plies or more from the horizon, own entry not a
    /// fail-low), look each one up in the table; a child whose stored bound
    /// already refutes the window ends the node at once. Pays in games with
    /// many transpositions (measured in `docs/negamax.md`); on by default
    /// (with [`adaptive`](Config::adaptive), only where it pays).
    pub etc: bool,
    /// Switch static-evaluation ordering and (with `etc`) enhanced
    /// transposition cut-offs on and off during the search by what they
    /// yield there: static ordering only while the table finds almost no
    /// transpositions, ETC only while it does and its look-ups cut often
    /// enough (rules and measurements: `docs/negamax.md`, constants
    /// `params::ADAPTIVE_*`). The search stays exact either way. On by
    /// default.
    pub adaptive: bool,
    /// Order fully once the search is big and its ordering poor: an
    /// iteration of iterative deepening expected to expand at least this
    /// many nodes (the previous iteration's nodes times its growth), where
    /// fewer than [`params::FULL_ORDER_FIRST_CUTS`] of the cut-offs so far
    /// came from the first move searched, and every later iteration of the
    /// search, runs with the history heuristic, with static-evaluation
    /// ordering (from [`order_min_depth`](Config::order_min_depth), or from
    /// [`params::ORDER_MIN_DEPTH`] where the evaluator scores moves without
    /// making the children, [`Evaluator::order_moves`]) and enhanced
    /// transposition cut-offs (if `etc`) at every eligible node, as if
    /// [`adaptive`](Config::adaptive) were off. An iteration expected to
    /// expand [`params::UNSWITCHED_FACTOR`] times as many nodes, and every
    /// later one, runs without the adaptive switches even where the
    /// ordering is good. Short searches never pay for the sort keys; long
    /// ones, where ordering saves far more than it costs, get it (measured
    /// in `docs/negamax.md`, constant [`params::FULL_ORDER_NODES`]).
    /// `None`: never. The search stays exact either way.
    ///
    /// [`Evaluator::order_moves`]: spielbaum_game_trait::Evaluator::order_moves
    pub full_order_nodes: Option<u64>,
    /// Full ordering from [`full_order_nodes`](Config::full_order_nodes)
    /// on whatever the ordering so far, without the first-move cut test:
    /// with `full_order_nodes: Some(0)` every search orders fully from its
    /// first iteration, with a small number from an early one. For tests
    /// and measurements of that path (a search that orders well pays for
    /// it); off by default. The search stays exact either way.
    pub full_order_always: bool,
    /// Search threads (lazy SMP over the shared table) for
    /// [`Searcher::search_parallel`](crate::Searcher::search_parallel); at
    /// most [`params::smp_threads`](crate::params::smp_threads) of them run.
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            algorithm: Algorithm::Iterative,
            table_mib: params::DEFAULT_TABLE_MIB,
            replacement: Replacement::default(),
            table_growth: true,
            order_min_depth: params::DEFAULT_ORDER_MIN_DEPTH,
            symmetry: false,
            // Measured (docs/negamax.md): aspiration costs nodes on the
            // synthetic tree, whose values swing by up to ±100 per ply; the
            // text says it only pays when values change little from one
            // depth to the next. Opt in with `Some(params::ASPIRATION_WINDOW)`.
            aspiration: None,
            killers: true,
            // Measured (docs/negamax.md): sort keys for every move cost
            // more than the history saves on short searches; big searches
            // that order poorly get it (`full_order_nodes`).
            history: false,
            extensions: false,
            quiescence: false,
            deeper_entries: true,
            etc: true,
            adaptive: true,
            full_order_nodes: Some(params::FULL_ORDER_NODES),
            full_order_always: false,
            threads: 1,
        }
    }
}

impl Config {
    /// `algorithm` alone: no table, no aspiration, killers, history,
    /// enhanced transposition cut-offs, adaptive switches, extensions or
    /// quiescence (static ordering of [`Algorithm::Ordered`] and above at
    /// every node but the last ply, as in the text).
    pub fn plain(algorithm: Algorithm) -> Self {
        Config {
            algorithm,
            table_mib: 0,
            // The text's rule: static ordering (of `Ordered` and above)
            // everywhere but at the last ply, never switched off.
            order_min_depth: params::ORDER_MIN_DEPTH,
            aspiration: None,
            killers: false,
            history: false,
            etc: false,
            adaptive: false,
            full_order_nodes: None,
            ..Config::default()
        }
    }

    /// The default configuration, under the name it had while it was a
    /// preset next to an older default (table, table or PV move first,
    /// killers moved forward in place, static ordering from 3 plies left,
    /// enhanced transposition cut-offs, both [`adaptive`]; history and full
    /// ordering only in big, poorly ordered searches,
    /// [`full_order_nodes`]).
    ///
    /// [`adaptive`]: Config::adaptive
    /// [`full_order_nodes`]: Config::full_order_nodes
    pub fn lean() -> Self {
        Config::default()
    }

    /// An earlier default: static-evaluation ordering at every node with
    /// two plies left ([`params::ORDER_MIN_DEPTH`]), killers and history
    /// from the first iteration on; no enhanced transposition cut-offs, no
    /// adaptive switches. Searches about as many nodes as the default on
    /// big searches that order poorly, more time on short ones
    /// (`docs/negamax.md`).
    pub fn ordered() -> Self {
        Config {
            order_min_depth: params::ORDER_MIN_DEPTH,
            killers: true,
            history: true,
            etc: false,
            adaptive: false,
            full_order_nodes: None,
            ..Config::default()
        }
    }

    /// The default configuration with another algorithm.
    pub fn with_algorithm(algorithm: Algorithm) -> Self {
        Config { algorithm, ..Config::default() }
    }
}

/// When to stop. All limits combine: the first one reached stops the search.
/// The default has no limit but depth 64.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest iteration (fixed depth for the non-iterative algorithms),
    /// at most [`params::DEPTH_INFINITE`] (larger values count as that).
    /// The search recurses once per ply on the caller's stack: deeper than
    /// [`params::STACK_SAFE_DEPTH`] in a game that lasts that long, run it
    /// on a thread with a stack of [`params::stack_bytes`].
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when another thread sets this flag.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { depth: 64, nodes: None, deadline: None, stop: None }
    }
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Self {
        Limits { depth, ..Limits::default() }
    }

    /// Search for `time` from now: iterative deepening up to
    /// [`params::STACK_SAFE_DEPTH`] plies (the other algorithms search to
    /// that depth at once), which the caller's stack holds. Set `depth`
    /// higher (up to [`params::DEPTH_INFINITE`]) to go deeper, on a thread
    /// with a stack of [`params::stack_bytes`].
    pub fn time(time: Duration) -> Self {
        Limits {
            depth: params::STACK_SAFE_DEPTH,
            deadline: Some(Instant::now() + time),
            ..Limits::default()
        }
    }

    /// The same limits with a node budget.
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// The same limits with a stop flag.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// The same limits with a deadline.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }
}

/// What an iteration callback wants next (`Stop`: answer with what is
/// finished); the workspace's one `Control`.
pub use spielbaum_game_trait::Control;
