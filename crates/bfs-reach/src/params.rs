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

/// Key bits stored per entry by the packed engine
/// ([`packed`](crate::packed)) as a `u32`; the other bits of a packed key
/// choose its partition: 2^8 partitions on the English peg-solitaire board
/// (33 holes) (tables of about 14 K entries at its
/// peak of 3.6 M classes, which stay in the L2 cache while their records
/// are merged), 2^12 on the French board. A narrow record is these bits
/// plus a 39-bit counter in one `u64`.
pub const PACKED_REST_BITS: u32 = 25;

/// At most this many partition bits (so packed keys have at most 37 bits;
/// wider games take the generic engine, [`level`](crate::level)): 2^12 buckets per thread
/// are 2^12 write streams during an expansion.
pub const PACKED_MAX_PARTITION_BITS: u32 = 12;

/// Successor records buffered per round of the fast path (bytes, all
/// threads) are a quarter of the next level's tables (every round merges
/// into every table once), at least [`PACKED_ROUND_MIN_BYTES`] and at most
/// this: the French peak levels (about 2·10^9 records of 8 bytes next to
/// 4 GB of tables) take about 16 rounds of 1 GiB.
pub const PACKED_ROUND_BYTES: usize = 1 << 30;

/// The smallest round budget (bytes): the English peak level (about 33 M
/// records of 8 bytes, tables of about 90 MB) takes two rounds. Measured on
/// the English board (2 threads, one run each, load 1.1–1.3): a 1 GiB
/// budget (one round) faulted in 234 K pages (528 MB peak RSS, 0.63 s
/// system time), 128 MB 121 K pages (336 MB, 0.37 s), 32 MB 68 K pages
/// (256 MB, 0.23 s) with no clear change in user time; smaller budgets
/// merge into every table more often.
pub const PACKED_ROUND_MIN_BYTES: usize = 1 << 27;

/// Table slots per expected entry of the next level: 1.5 (load 2/3, 18
/// bytes per entry with `u64` counters). Since a probe compares eight slots
/// at once the longer runs cost little, and smaller tables are faster to
/// empty, warm and compact and fault in fewer pages: on the English board
/// 1.5 against 2 measured 1.547 s ± 0.063 against 1.583 s ± 0.054 (two
/// threads, `hyperfine -r 10`) and 2.918 s against 2.994 s (one thread),
/// peak RSS 331 MB against 375 MB; 1.3 was not clearly faster again
/// (1.542 s against 1.572 s) and leaves less margin before a table has to
/// grow (by half, when its load passes 7/8).
pub const PACKED_SLOTS_PER_ENTRY: f64 = 1.5;

/// Indices per work item of the [`perfect`](crate::perfect) solver: 2^16
/// indices are 4 KiB of values and 64 KiB of counter and ply bytes, large
/// enough that rayon's scheduling costs nothing, small enough to balance.
pub const PERFECT_CHUNK: u64 = 1 << 16;

/// Work items between two progress callbacks (and stop checks) of the
/// [`perfect`](crate::perfect) solver: 64 × 2^16 = 4 Mi indices, a few
/// hundred milliseconds of work.
pub const PERFECT_BATCH: u64 = 64;
