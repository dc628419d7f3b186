//! What a search does ([`Config`]) and how long it runs ([`Budget`]).

use std::time::Duration;

use crate::params;

/// How a child is selected on the way down the tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Selection {
    /// UCB1 applied to trees (Kocsis & Szepesvári 2006):
    /// `mean + c * sqrt(ln N / n)`; unvisited children first (in a random
    /// order fixed when the node is expanded).
    Uct {
        /// The exploration constant `c` (default [`params::EXPLORATION`]).
        exploration: f64,
    },
    /// PUCT (AlphaZero): `mean + c * prior * sqrt(N) / (1 + n)`, with the
    /// priors of an [`Evaluator`](spielbaum_game_trait::Evaluator) given to
    /// [`Mcts::with_priors`](crate::Mcts::with_priors). Without an evaluator
    /// the priors are uniform.
    Puct {
        /// The exploration constant `c` (default [`params::PUCT_EXPLORATION`]).
        exploration: f64,
        /// Value of an unvisited child (default
        /// [`params::PUCT_FIRST_PLAY_VALUE`]).
        first_play: f64,
    },
}

impl Selection {
    /// UCT with the default constant.
    pub const fn uct() -> Self {
        Selection::Uct { exploration: params::EXPLORATION }
    }

    /// PUCT with the default constants.
    pub const fn puct() -> Self {
        Selection::Puct {
            exploration: params::PUCT_EXPLORATION,
            first_play: params::PUCT_FIRST_PLAY_VALUE,
        }
    }
}

impl Default for Selection {
    /// [`Selection::uct`].
    fn default() -> Self {
        Selection::uct()
    }
}

/// The settings of a search. `Config::default()` is UCT with MCTS-Solver
/// on a graph (Monte Carlo graph search; trees for puzzles and very wide
/// roots), seed 0, one thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// How children are selected (default: UCT, `c = sqrt 2`).
    pub selection: Selection,
    /// MCTS-Solver (Winands, Björnsson & Saito 2008): proven wins and
    /// losses propagate up the tree, proven nodes are not sampled again,
    /// and the search stops once the root is proven. Default `true`.
    /// Off, the statistics are pure Monte Carlo estimates (as in the text).
    pub solver: bool,
    /// With the solver: stop the search once the root is proven (default
    /// `true`). Set it to `false` to keep sampling until the budget is used
    /// up; iterations that reach a proven node then count its exact result,
    /// so the statistics of a proven move converge to its proven value.
    pub stop_when_proven: bool,
    /// Seed of the random number generator; thread `i` of a parallel search
    /// uses a seed derived from it (thread 0 uses `seed` itself). Default 0.
    pub seed: u64,
    /// Number of threads: root parallelism, one tree per thread, merged at
    /// the end. Default 1.
    pub threads: usize,
    /// Visits before a leaf is expanded (default
    /// [`params::EXPAND_THRESHOLD`]).
    pub expand_threshold: u32,
    /// Plies after which a playout is cut off (default
    /// [`params::MAX_PLAYOUT_PLIES`]).
    pub max_playout_plies: u32,
    /// Monte Carlo graph search (Czech, Korus & Kersting 2021): one node
    /// per position (by [`Game::key`](spielbaum_game_trait::Game::key)),
    /// so transpositions share their statistics and proofs. Two-player
    /// games only; puzzles are always searched as a tree, and so is a
    /// root with at least [`params::LAZY_ROOT_MOVES`] moves: there the
    /// trees share one lazily expanded root, while every thread's graph
    /// would hold every root edge (see
    /// [`Mcts::uses_graph`](crate::Mcts::uses_graph); the engine chooses
    /// at its first search and keeps the choice). Default `true`: on every
    /// game measured it plays at least as well as tree search at equal
    /// iterations and costs at most as many instructions per iteration
    /// (see docs/mcts.md). `false` gives classic tree search.
    pub graph: bool,
    /// Graph search's correction threshold ε (default
    /// [`params::GRAPH_EPSILON`], 0.01): when an edge's mean differs from
    /// its child node's mean by more than ε, the iteration backs up the
    /// result that moves the edge towards the node instead of the playout's
    /// result (Czech, Korus & Kersting 2021). `f64::INFINITY` switches the
    /// correction off. Unused by tree search.
    pub graph_epsilon: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            selection: Selection::default(),
            solver: true,
            stop_when_proven: true,
            seed: 0,
            threads: 1,
            expand_threshold: params::EXPAND_THRESHOLD,
            max_playout_plies: params::MAX_PLAYOUT_PLIES,
            graph: true,
            graph_epsilon: params::GRAPH_EPSILON,
        }
    }
}

impl Config {
    /// The default configuration with this seed.
    pub fn seeded(seed: u64) -> Self {
        Config { seed, ..Config::default() }
    }

    /// The default configuration seeded from a generator of the caller's
    /// (any [`RngCore`](spielbaum_game_trait::rand_core::RngCore): `rand`'s
    /// `StdRng`, a `SeedableRng`
    /// made with `seed_from_u64`, or the workspace's
    /// [`SplitMix64`](spielbaum_game_trait::SplitMix64)): one `u64` is
    /// drawn from it and becomes [`seed`](Config::seed), so the search is
    /// as reproducible as the caller's generator.
    ///
    /// ```
    /// use spielbaum_game_trait::SplitMix64;
    /// use spielbaum_game_trait::rand_core::SeedableRng;
    /// use spielbaum_mcts::Config;
    ///
    /// let mut rng = SplitMix64::seed_from_u64(42);
    /// let a = Config::from_rng(&mut rng);
    /// let b = Config::from_rng(&mut SplitMix64::seed_from_u64(42));
    /// assert_eq!(a, b);
    /// assert_ne!(Config::from_rng(&mut rng), a); // the generator moved on
    /// ```
    pub fn from_rng<R: spielbaum_game_trait::rand_core::RngCore + ?Sized>(rng: &mut R) -> Self {
        Config::seeded(rng.next_u64())
    }

    /// This configuration with `threads` threads (at least 1).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// This configuration with one thread per core
    /// ([`std::thread::available_parallelism`], 1 if unknown).
    pub fn all_cores(self) -> Self {
        let n = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.threads(n)
    }

    /// This configuration with MCTS-Solver switched on or off.
    pub fn solver(mut self, on: bool) -> Self {
        self.solver = on;
        self
    }

    /// This configuration with [`stop_when_proven`](Config::stop_when_proven)
    /// set.
    pub fn stop_when_proven(mut self, stop: bool) -> Self {
        self.stop_when_proven = stop;
        self
    }

    /// This configuration with graph search switched on or off (see
    /// [`graph`](Config::graph)).
    pub fn graph(mut self, on: bool) -> Self {
        self.graph = on;
        self
    }

    /// This configuration with another graph correction threshold (see
    /// [`graph_epsilon`](Config::graph_epsilon)).
    pub fn graph_epsilon(mut self, epsilon: f64) -> Self {
        self.graph_epsilon = epsilon;
        self
    }

    /// This configuration with another selection rule.
    pub fn selection(mut self, selection: Selection) -> Self {
        self.selection = selection;
        self
    }
}

/// When a search stops: after the first limit reached. Limits left at
/// `None` do not apply; a budget without any limit stops at once.
///
/// The node limit is a memory cap: once the tree holds that many nodes it
/// stops growing. If an iteration or time limit is also set, the search
/// goes on sampling from the leaves until that limit; otherwise it stops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (selection + expansion + playout + backpropagation),
    /// summed over all threads.
    pub iterations: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Nodes in the tree (all threads together; each thread gets its share).
    pub nodes: Option<usize>,
}

impl Budget {
    /// A budget of `n` iterations.
    pub const fn iterations(n: u64) -> Self {
        Budget { iterations: Some(n), time: None, nodes: None }
    }

    /// A budget of wall-clock time.
    pub const fn time(time: Duration) -> Self {
        Budget { iterations: None, time: Some(time), nodes: None }
    }

    /// A budget of `ms` milliseconds.
    pub const fn millis(ms: u64) -> Self {
        Self::time(Duration::from_millis(ms))
    }

    /// This budget with a node cap as well.
    pub const fn with_nodes(mut self, nodes: usize) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// This budget with an iteration limit as well.
    pub const fn with_iterations(mut self, n: u64) -> Self {
        self.iterations = Some(n);
        self
    }

    /// This budget with a time limit as well.
    pub const fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }
}
