//! Tuning constants of the engine, in one place. Each has a reason next to
//! it; current measurements are in `docs/negamax.md`, the dated runs that
//! chose them in `docs/history/measurements.md`.

/// Nodes between two looks at the clock and the stop flags. A node costs
/// well under a microsecond in the small games, so 1024 nodes keep the
/// reaction time far below a millisecond.
pub const CHECK_EVERY: u64 = 1024;

/// Work (moves generated, children made for ordering or look-ups) between
/// two looks at the clock and the stop flags, besides the look every
/// [`CHECK_EVERY`] nodes: in games with huge move lists (NIM with tens of
/// thousands of objects, or a thousand heaps whose every child is a 4 KiB
/// copy) a node costs as much as thousands of small ones, and counting
/// nodes alone let a deadline pass by seconds. Small games generate a few
/// moves a node, so for them this adds about one look per thousand nodes.
pub const CLOCK_MOVES: usize = 4096;

/// Lazy SMP runs at most this many threads per core the machine offers
/// ([`smp_threads`]). Helpers past the cores only take turns on them: they
/// add no search, and while the main thread starts them and searches it
/// gets a share of the cores that shrinks with their number (measured with
/// 256 threads on 2 cores, `docs/reliability.md`: with `--time-ms 200` the
/// NIM lines ended after 297–341 ms with depth 0 and no principal
/// variation; the main thread ran in the first 8 ms and next at 218 ms,
/// still starting helpers, and spent the whole budget starting them).
pub const THREADS_PER_CORE: usize = 2;

/// The threads lazy SMP runs when `requested` are asked for: at least one,
/// at most [`THREADS_PER_CORE`] per core (as the system reports them,
/// affinity and CPU quota included; one core if it cannot tell).
pub fn smp_threads(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested.clamp(1, cores.saturating_mul(THREADS_PER_CORE).max(1))
}

/// "To the end of the game": the largest search depth, the depth of exact
/// solving ([`Solver`](crate::Solver)) and the most that
/// [`Limits::depth`](crate::Limits::depth) accepts. It is
/// [`MAX_PLY`](spielbaum_game_trait::MAX_PLY) (10,000): scores encode wins and
/// losses at most that many plies away, so no longer line can be scored.
/// (The table stores depths in 16 bits and a separate "complete" flag for
/// results searched to the end on every line, which answer any depth.)
pub const DEPTH_INFINITE: i32 = spielbaum_game_trait::MAX_PLY as i32;

/// The deepest ply the search descends to; at this ply it evaluates instead
/// (a guard for extensions and quiescence past [`DEPTH_INFINITE`]; scores
/// cannot encode longer lines).
pub const MAX_SEARCH_PLY: usize = DEPTH_INFINITE as usize;

/// Searches at most this deep run on the caller's stack: the exact solver
/// first searches to this depth on the calling thread and continues on a
/// thread of its own with a stack of [`stack_bytes`] only if a line runs
/// longer. Time-limited searches ([`Limits::time`](crate::Limits::time))
/// deepen to this depth (as far as before long games were supported, so
/// their node counts did not change). 255 plies need well under 1 MiB of stack even in
/// the unoptimised dev profile (test threads have 2 MiB; measured in
/// `docs/negamax.md`).
pub const STACK_SAFE_DEPTH: u32 = 255;

/// Stack reserved per ply of search depth by [`stack_bytes`], besides
/// twice the size of a position. Measured on a 4,000-ply line of the
/// synthetic game: a ply of the deep search takes about 0.6 KiB in release
/// builds and 2.1 KiB in the dev profile (`docs/negamax.md`); the reserve
/// has a margin because only the pages that are used cost memory.
pub const STACK_PER_PLY: usize = 4 << 10;

/// The stack a search `depth` plies deep of positions of `G` needs (with a
/// margin): what the exact solver gives the thread it searches long games
/// on, and what a caller should give a thread running a deep
/// [`Searcher::search`](crate::Searcher::search).
pub fn stack_bytes<G>(depth: u32) -> usize {
    let plies = depth as usize + 2 * QUIESCENCE_MAX_PLIES as usize + 2 * MAX_EXTENSIONS as usize;
    (1 << 20) + plies.saturating_mul(STACK_PER_PLY + 2 * core::mem::size_of::<G>())
}

/// Half-width of the aspiration window around the previous iteration's
/// score (in evaluator units). A fail widens that side to infinity, as the
/// text suggests.
pub const ASPIRATION_WINDOW: i32 = 50;

/// Aspiration windows start at this iteration (earlier scores are too
/// unstable to centre a window on).
pub const ASPIRATION_MIN_DEPTH: u32 = 3;

/// A node with at most this many legal moves is extended (the depth is
/// passed on unchanged), as in the text's "search extensions".
pub const EXTENSION_MAX_MOVES: usize = 1;

/// At most this many extensions on one path from the root, so the search
/// always ends.
pub const MAX_EXTENSIONS: u32 = 8;

/// Extensions only apply at nodes with at least this remaining depth
/// ("in Knoten auf höheren Ebenen des Suchbaums").
pub const EXTENSION_MIN_DEPTH: i32 = 2;

/// Quiescence search follows noisy moves at most this many plies past the
/// depth limit.
pub const QUIESCENCE_MAX_PLIES: u32 = 8;

/// Number of history counters per side (moves are hashed into them).
pub const HISTORY_SIZE: usize = 4096;

/// Without static-evaluation or history ordering at a node (e.g.
/// [`Config::default`](crate::Config::default) where the static ordering is
/// switched off), its killers are moved forward only with at least this
/// many plies left: a killer that is not among the moves costs a scan of
/// the move list. Measured (callgrind, bench workloads, instructions a
/// search for 2 / 3 / 4): synthetic tree 2.31 / 2.33 / 2.33 M, DAG
/// 1.51 / 1.48 / 1.48 M, Tic-tac-toe 1.40 / 1.41 / 1.40 M, with the lean
/// preset of the time (now the default; its dated runs:
/// `docs/history/measurements.md`, "The lean preset"; the rule:
/// `docs/negamax.md`, "Design decisions").
pub const LEAN_KILLER_MIN_DEPTH: i32 = 4;

/// Killer moves remembered per ply.
pub const KILLERS: usize = 2;

/// Default transposition table size in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// Slots a growable transposition table starts with (64 KiB; see
/// [`Config::table_growth`](crate::Config::table_growth)): enough for the
/// first iterations of any search, small enough that clearing it costs
/// about a microsecond. Before each iteration the engine grows its table to
/// [`TABLE_SLOTS_PER_NODE`] slots per expected stored entry.
pub const TABLE_START_SLOTS: usize = 1 << 12;

/// Slots per expected stored entry when the engine grows its own table
/// between iterations: the entries stored so far plus those the next
/// iteration is expected to store (the last iteration's interior nodes
/// times its growth), so the load stays below 1/2 of that estimate; the
/// estimate counts every interior node, more than are stored, so 4-way
/// buckets rarely evict (the bench workloads keep their node counts).
pub const TABLE_SLOTS_PER_NODE: u64 = 2;

/// Entries per bucket of the transposition table (4 × 16 bytes = one cache
/// line).
pub const BUCKET: usize = 4;

/// The text's [`Config::order_min_depth`](crate::Config::order_min_depth)
/// (used by [`Config::ordered`](crate::Config::ordered)): order by static
/// evaluation only where at least this many plies remain; 2 = off at the
/// last ply.
pub const ORDER_MIN_DEPTH: i32 = 2;

/// [`Config::default`](crate::Config::default)'s
/// [`order_min_depth`](crate::Config::order_min_depth): static ordering from
/// 3 plies left (at 2 plies left it evaluates every grandchild of the
/// horizon for one ordering; measured in `docs/negamax.md`).
pub const DEFAULT_ORDER_MIN_DEPTH: i32 = 3;

/// [`Config::full_order_nodes`](crate::Config::full_order_nodes) of the
/// default: an iteration expected to expand at least this many nodes orders
/// fully (history, static ordering and ETC wherever eligible) if the
/// ordering so far is poor ([`FULL_ORDER_FIRST_CUTS`]); one expected to
/// expand [`UNSWITCHED_FACTOR`] times as many runs without the adaptive
/// switches in any case. Measured (callgrind,
/// `docs/negamax.md`): on searches of a few thousand nodes the sort keys
/// cost more than they save even where the ordering is poor (Tic-tac-toe);
/// on Mühle it saves already at depth 5 (about 13,500 nodes with it,
/// 27,000 without). Tic-tac-toe at depth 7 (3,766 nodes) stays below.
pub const FULL_ORDER_NODES: u64 = 5_000;

/// With [`Config::full_order_nodes`](crate::Config::full_order_nodes) set,
/// an iteration expected to expand at least this many times as many nodes
/// (100,000 for the default's [`FULL_ORDER_NODES`]), and every later one,
/// runs static ordering and ETC at every eligible node, without the
/// adaptive switches. Measured (`docs/negamax.md`): on Connect Four at
/// depth 12 that searches 35 % fewer nodes with 6 % fewer instructions and
/// less time; on searches of 12,000–80,000 nodes (DAG at depth 9, tree at
/// depth 8, Connect Four at depth 10) it cost 5–15 % more instructions.
pub const UNSWITCHED_FACTOR: u64 = 20;

/// Full ordering ([`FULL_ORDER_NODES`]) only where fewer than this fraction
/// (numerator, denominator) of the cut-offs so far came from the first move
/// searched. Measured first-move cut rates of the default without full
/// ordering: synthetic tree 0.85–0.91 and DAG 0.91–0.92 (full ordering
/// costs 17–34 % more instructions there), Tic-tac-toe 0.70–0.81 (39–46 %),
/// Connect Four 0.72–0.79 (22–23 % up to depth 10, about even at 12),
/// Gomoku 7×7 0.41–0.65 and Mühle 0.41–0.53 (saves 56 % and 66 % of the
/// instructions at the peer bench's depths).
pub const FULL_ORDER_FIRST_CUTS: (u64, u64) = (2, 3);

/// [`FULL_ORDER_FIRST_CUTS`] needs at least this many cut-offs to judge.
pub const FULL_ORDER_MIN_CUTS: u64 = 32;

/// Enhanced transposition cut-offs only where the children have at least
/// this much depth left (their subtrees are worth a look-up each).
pub const ETC_MIN_CHILD_DEPTH: i32 = 2;

/// [`Config::adaptive`](crate::Config::adaptive): static-evaluation ordering
/// runs while table hits deep enough to answer the node (transpositions)
/// are at most 1/this of the nodes expanded so far. Measured rates:
/// synthetic tree 1 %, Tic-tac-toe 20 %, synthetic DAG 34 %
/// (`docs/negamax.md`).
pub const ADAPTIVE_ORDER_DIV: u64 = 16;

/// [`Config::adaptive`](crate::Config::adaptive): static-evaluation ordering
/// waits until this many nodes were expanded (a transposition rate from
/// fewer says little).
pub const ADAPTIVE_MIN_SAMPLE: u64 = 256;

/// [`Config::adaptive`](crate::Config::adaptive): ETC is not tried while
/// transpositions are at most 1/this of the nodes expanded (its look-ups
/// could only find re-searched positions).
pub const ADAPTIVE_ETC_DIV: u64 = 32;

/// [`Config::adaptive`](crate::Config::adaptive): ETC keeps running after
/// this many tries only while at least 1/[`ADAPTIVE_ETC_CUT_DIV`] of them
/// cut. Measured cut rates: synthetic DAG 40 %, Tic-tac-toe 6 %.
pub const ADAPTIVE_ETC_WARMUP: u64 = 32;

/// See [`ADAPTIVE_ETC_WARMUP`].
pub const ADAPTIVE_ETC_CUT_DIV: u64 = 8;

/// While ETC is switched off, every this-many-th eligible node still tries
/// it, so the cut rate can recover.
pub const ADAPTIVE_ETC_RETRY: u64 = 16;

/// Depth an agent searches when neither the caller's limits nor the
/// agent's own settings name a depth, a time or a node budget.
pub const AGENT_DEPTH: u32 = 6;
