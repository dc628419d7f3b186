//! Tuning constants, each with the reason for its value.

/// Default limit on stored positions in [`retrograde`](crate::retrograde)
/// and [`general`](crate::general) runs: 200 million keeps the tables of a
/// small game well below the 24 GiB of the reference machine.
pub const RETRO_LIMIT: usize = 200_000_000;

/// Progress callbacks fire every this many positions (a power of two, so
/// the test is a mask): often enough for a smooth bar, rarely enough to
/// cost nothing.
pub const PROGRESS_EVERY: usize = 1 << 16;

/// Log2 of the number of partitions of a level in
/// [`level`](crate::level): 2^8 buckets per thread keep the write streams of
/// the expansion in the L1 cache, and 256 partition tables give rayon enough
/// pieces to balance up to sixteen cores. (Measured on the English board:
/// 2^10 and 2^11 were not faster; see docs/bfs-reach.md.)
pub const PARTITION_BITS: u32 = 8;

/// Successor records buffered per round of a level expansion before they
/// are merged into the next level's tables: bounds the extra memory at
/// 16 bytes × this (≈ 270 MB); larger rounds update each table line more
/// often while it is in cache.
pub const ROUND_RECORDS: usize = 16 << 20;

/// Maximum load factor of the level hash tables, in 1/256: 0.75 keeps
/// linear probing short while wasting a quarter of the slots at most.
pub const MAX_LOAD_256: usize = 192;

/// Indices per work item of the [`perfect`](crate::perfect) solver: 2^16
/// indices are 4 KiB of values and 64 KiB of counter and ply bytes, large
/// enough that rayon's scheduling costs nothing, small enough to balance.
pub const PERFECT_CHUNK: u64 = 1 << 16;

/// Work items between two progress callbacks (and stop checks) of the
/// [`perfect`](crate::perfect) solver: 64 × 2^16 = 4 Mi indices, a few
/// hundred milliseconds of work.
pub const PERFECT_BATCH: u64 = 64;
