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

/// Key bits stored per entry by the statistics' fast path (as a `u32`);
/// the other `holes − 25` bits of a packed key choose its partition: 2^8
/// partitions on the English board (tables of about 14 K entries at its
/// peak of 3.6 M classes, which stay in the L2 cache while their records
/// are merged), 2^12 on the French board. A narrow record is these bits
/// plus a 39-bit counter in one `u64`.
pub const FAST_REST_BITS: u32 = 25;

/// At most this many partition bits (so boards of at most 37 holes take
/// the fast path; larger ones the generic engine): 2^12 buckets per thread
/// are 2^12 write streams during an expansion.
pub const FAST_MAX_PARTITION_BITS: u32 = 12;

/// Successor records buffered per round of the fast path (bytes, all
/// threads) are a quarter of the next level's tables (every round merges
/// into every table once), at least [`FAST_ROUND_MIN_BYTES`] and at most
/// this: the French peak levels (about 2·10^9 records of 8 bytes next to
/// 4 GB of tables) take about 16 rounds of 1 GiB.
pub const FAST_ROUND_BYTES: usize = 1 << 30;

/// The smallest round budget (bytes): the English peak level (about 33 M
/// records of 8 bytes, tables of about 90 MB) takes two rounds. Measured on
/// the English board (2 threads, one run each, load 1.1–1.3): a 1 GiB
/// budget (one round) faulted in 234 K pages (528 MB peak RSS, 0.63 s
/// system time), 128 MB 121 K pages (336 MB, 0.37 s), 32 MB 68 K pages
/// (256 MB, 0.23 s) with no clear change in user time; smaller budgets
/// merge into every table more often.
pub const FAST_ROUND_MIN_BYTES: usize = 1 << 27;

/// Table slots per expected entry of the next level: 1.5 (load 2/3, 18
/// bytes per entry with `u64` counters). Since a probe compares eight slots
/// at once the longer runs cost little, and smaller tables are faster to
/// empty, warm and compact and fault in fewer pages: on the English board
/// 1.5 against 2 measured 1.547 s ± 0.063 against 1.583 s ± 0.054 (two
/// threads, `hyperfine -r 10`) and 2.918 s against 2.994 s (one thread),
/// peak RSS 331 MB against 375 MB; 1.3 was not clearly faster again
/// (1.542 s against 1.572 s) and leaves less margin before a table has to
/// grow (by half, when its load passes 7/8).
pub const FAST_SLOTS_PER_ENTRY: f64 = 1.5;
