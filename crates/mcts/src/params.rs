//! Tuning constants of the engine, with the reason for each default.
//!
//! Every constant here is only a default: [`Config`](crate::Config) carries
//! the values a search actually uses.

/// UCB1 exploration constant `C` in `mean + C * sqrt(ln N / n)`.
///
/// `sqrt(2)` is the constant of the UCB1 regret bound (Auer et al. 2002) for
/// rewards in `[0, 1]`, which is the scale of all rewards here (win 1, draw
/// ½, loss 0; puzzle scores are min-max normalised to `[0, 1]`).
pub const EXPLORATION: f64 = core::f64::consts::SQRT_2;

/// PUCT exploration constant `c` in
/// `Q + c * P * sqrt(N) / (1 + n)` (AlphaZero's form; values between 1 and
/// 2.5 are common for rewards in `[0, 1]`).
pub const PUCT_EXPLORATION: f64 = 1.5;

/// The value PUCT assumes for a child that was never visited ("first play
/// urgency"): ½, a draw, so priors alone decide the first visits.
pub const PUCT_FIRST_PLAY_VALUE: f64 = 0.5;

/// A leaf is expanded (its children are created) once it has been visited
/// this many times; before that, iterations reaching it play out from it.
/// `1` expands on the second visit, so one-visit leaves cost no children.
/// The root is always expanded at once.
pub const EXPAND_THRESHOLD: u32 = 1;

/// A playout longer than this many plies counts as a draw (two players) or
/// ends with the puzzle's current score (one player). Protects against
/// games that can go on forever (repetitions in the moving phase of Mühle).
pub const MAX_PLAYOUT_PLIES: u32 = 2_000;

/// Iterations between two looks at the clock, the stop flag and the
/// progress callback. Small enough for a 1 ms time budget on slow games,
/// large enough that `Instant::now` costs nothing measurable.
pub const CHECK_EVERY: u64 = 256;
/// Iterations between two looks at the clock and the stop flag (a multiple
/// of it divides [`CHECK_EVERY`]). With more threads than cores a thread
/// runs only a fraction of the time, and an iteration of a long game costs
/// up to [`MAX_PLAYOUT_PLIES`] plies: looking every 16 iterations keeps the
/// overshoot of a time budget small (256 threads on 2 cores), at the cost
/// of one `Instant::now` per 16 iterations.
pub const CLOCK_EVERY: u64 = 16;

/// Moves generated (at expansions and in playouts) between two looks at
/// the clock inside iterations. One iteration of a game with huge move
/// lists (NIM with tens of thousands of objects: a playout generates every
/// move of every ply) can take a tenth of a second, so counting iterations
/// alone ([`CLOCK_EVERY`]) would let a deadline pass by seconds; small
/// games generate far fewer moves than this between two iteration counts,
/// so for them nothing changes.
pub const CLOCK_MOVES: usize = 1 << 14;

/// What one ply of a list-free playout ([`Playout::LIST_FREE`](crate::Playout::LIST_FREE),
/// e.g. [`FastUniform`](crate::FastUniform)) counts towards
/// [`CLOCK_MOVES`]: it generates no list to count, so every ply counts as
/// this many generated moves, about what a ply of Connect Four generates.
/// The clock is then looked at every 2,048 playout plies.
pub const LIST_FREE_PLY_WORK: usize = 8;

/// A root with at least this many moves is expanded lazily under UCT:
/// its children are created one by one, in the same random order, as
/// selection first reaches them (UCT visits every unvisited child before
/// any child twice, so it gives exactly the search of a root expanded at
/// once in that order), and the rest all at once only when a node below
/// the root is expanded. A search with many threads over a wide root
/// (NIM with 65,536 objects: 256 trees of 65,536 children, 1.8 MB each)
/// so pays per tree only for the root children it visits. Narrower roots
/// are shuffled and expanded at once as before (same statistics for the
/// same seed).
pub const LAZY_ROOT_MOVES: usize = 4_096;

/// Nodes the arena reserves up front per tree (it grows beyond, up to the
/// node budget).
pub const INITIAL_NODES: usize = 1 << 12;

/// Parallel searches with an iteration budget: the calling thread
/// reserves this many nodes per iteration of a thread's share in that
/// thread's arena before the threads start (at most
/// [`PRESIZE_MAX_NODES`]). A tree grown by its worker thread is
/// reallocated in that thread's malloc arena, which hands the memory back
/// to the system when a new engine's trees are freed, so every search of
/// a new 2-thread engine page-faulted it in again (about 190 faults per
/// 20,000-iteration search, 3–4 % more CPU time than on one thread).
/// Trees hold 1.2–2.2 nodes per iteration on the games measured.
pub const PRESIZE_NODES_PER_ITERATION: usize = 3;

/// The most nodes reserved by [`PRESIZE_NODES_PER_ITERATION`] (1.8 MiB
/// with 28-byte nodes): enough for searches of a few tens of thousands of
/// iterations, where the faults weigh; longer searches grow as before.
pub const PRESIZE_MAX_NODES: usize = 1 << 16;

/// Added to a puzzle's score when the goal is reached, before min-max
/// normalisation, so that every solution is worth more than every dead
/// end.
pub const PUZZLE_GOAL_BONUS: f64 = 1_000.0;

/// Iterations an agent runs per move when neither the caller's limits nor
/// its own settings name iterations, a time or a node budget.
pub const AGENT_ITERATIONS: u64 = 10_000;

/// Graph search: the transposition correction of Czech, Korus & Kersting
/// (2021) applies when an edge's mean reward differs from its child
/// node's by more than this (rewards in `[0, 1]`). Small, so edges follow
/// their nodes closely; not zero, so that floating-point noise does not
/// cut every iteration that meets a transposition short.
pub const GRAPH_EPSILON: f64 = 0.01;
