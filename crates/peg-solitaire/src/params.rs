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
/// fast path: 2^8 bucket write streams per thread during the expansion,
/// and at the English peak (3.6 M classes) tables of about 14 K entries
/// (≤ 512 KB) that stay in the 1 MB L2 cache while their records are
/// merged. Measured on the English board: 2^10 took 4.3 s CPU against
/// 4.1 s.
pub const FAST_PARTITION_BITS: u32 = 8;

/// Current-level partitions expanded per round of the fast path before the
/// records are merged (of 2^[`FAST_PARTITION_BITS`]): two rounds bound the
/// buffered successor records to half a level's moves (≈ 17 M records of
/// 16 bytes at the English peak; 593 MB peak RSS in all). One round took
/// 950 MB and four rounds 790 MB (measured before the u64 tables were freed
/// at the switch to u128), four rounds with 20 % more CPU (each table is loaded into
/// the cache once per round).
pub const FAST_ROUND_PARTS: usize = 128;
