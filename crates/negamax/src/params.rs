//! Tuning constants of the engine, in one place. Each has a reason next to
//! it; measurements are in `docs/negamax.md`.

/// Nodes between two looks at the clock and the stop flags. A node costs
/// well under a microsecond in the small games, so 1024 nodes keep the
/// reaction time far below a millisecond.
pub const CHECK_EVERY: u64 = 1024;

/// The deepest ply the search descends to; at this ply it evaluates instead
/// (protects the stack in games that run for very long).
pub const MAX_SEARCH_PLY: usize = 480;

/// Depths at and above this are stored as "complete" in the transposition
/// table (the depth field has 8 bits). Exact solving searches to this depth.
pub const DEPTH_INFINITE: i32 = 255;

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

/// Killer moves remembered per ply.
pub const KILLERS: usize = 2;

/// Default transposition table size in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// Entries per bucket of the transposition table (4 × 16 bytes = one cache
/// line).
pub const BUCKET: usize = 4;

/// Default [`Config::order_min_depth`](crate::Config::order_min_depth):
/// order by static evaluation only where at least this many plies remain.
/// 2 = the text's rule (off at the last ply).
pub const ORDER_MIN_DEPTH: i32 = 2;
