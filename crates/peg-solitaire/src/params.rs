//! Tuning constants of the solver, each with the reason for its value.

/// Largest 0/1 pagoda set searched around the goal hole: the search over
/// sets branches twice per broken jump, and 12 holes keep it below a few
/// thousand sets (instant) while covering the English board's centre
/// pagodas.
pub const PAGODA_MAX_HOLES: u32 = 12;

/// The end-game table is built at `holes / ENDGAME_DIVISOR` pegs …
pub const ENDGAME_DIVISOR: u32 = 3;

/// … but at most at this many pegs: on the French board 12 pegs mean one
/// level of about a million classes on the inverse board (a second or two
/// to build, tens of MB), which cuts the deepest 12 levels of every dead
/// branch of the search.
pub const ENDGAME_MAX_PEGS: u32 = 12;

/// Log2 of the number of partition tables of a level in the statistics'
/// fast path: 2^10 tables keep one table (a few thousand entries at the
/// English peak, 16 bytes a slot) in the L2 cache while records are merged
/// into it, and each thread's 1024 bucket write streams stay cache-resident.
pub const FAST_PARTITION_BITS: u32 = 8;

/// Current-level partitions expanded per round of the fast path before the
/// records are merged: bounds the buffered records to about
/// 1/16 of a level's successors (≈ 2 M records, 32 MB, at the English peak).
pub const FAST_ROUND_PARTS: usize = 256;
