//! The fast path of [`statistics`](crate::statistics) for a square board
//! with all eight symmetries and a start fixed by all of them (the English
//! and French boards from the centre-symmetric starts): the same
//! level-synchronous method as [`spielbaum_bfs_reach::LevelBfs`], written
//! out for peg solitaire.
//!
//! - Successors come straight from the four jump masks (no move list) and
//!   are normalised by the branch-free minimum of the eight images.
//! - Each level lives in `2^PARTITION_BITS` open-addressing tables
//!   (slots of key and counter side by side, key 0 = empty: a position
//!   always has a peg), chosen by the top bits of a multiplicative hash.
//! - A level is expanded in rounds of a few current partitions: each thread
//!   writes its successor records into its own bucket per next partition,
//!   then the threads merge disjoint ranges of next partitions, so a table
//!   is updated while it sits in the cache and no lock is needed.
//! - Counters are `u64` while the next level's total paths provably fit
//!   (`paths × jumps on the board < 2^64`), `u128` afterwards (the last,
//!   small levels of the English board).
//! - Buffers and tables are reused from level to level.

use rayon::prelude::*;
use spielbaum_bfs_reach::{Control, LevelStats, Progress};

use crate::board::Board;
use crate::geometry::{fixing_square, min_image_square, transpose};
use crate::params::{FAST_PARTITION_BITS, FAST_ROUND_PARTS};
use crate::position::Peg;

const PARTS: usize = 1 << FAST_PARTITION_BITS;

/// A path counter: `u64` or `u128`.
trait Count: Copy + Default + Send + Sync + std::ops::AddAssign + Into<u128> {}

impl Count for u64 {}

impl Count for u128 {}

#[inline]
fn hash(key: u64) -> u64 {
    (key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[inline]
fn part_of(h: u64) -> usize {
    (h >> (64 - FAST_PARTITION_BITS)) as usize
}

/// One partition of a level: open addressing, linear probing, key 0 empty.
#[derive(Clone, Default)]
struct Table<C> {
    slots: Vec<(u64, C)>,
    len: usize,
}

impl<C: Count> Table<C> {
    fn reset(&mut self, room: usize) {
        let cap = (room * 3 / 2 + 1).next_power_of_two().max(16);
        // Keeps the allocation (no fresh pages to fault in next level).
        self.slots.clear();
        self.slots.resize(cap, (0, C::default()));
        self.len = 0;
    }

    #[inline(always)]
    fn add(&mut self, key: u64, h: u64, count: C) {
        if (self.len + 1) * 8 > self.slots.len() * 5 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        // The bits just below the partition bits (the top bits of a
        // multiplicative hash depend on every key bit).
        let mut i =
            ((h << FAST_PARTITION_BITS) >> (64 - self.slots.len().trailing_zeros())) as usize;
        loop {
            let s = &mut self.slots[i];
            if s.0 == key {
                s.1 += count;
                return;
            }
            if s.0 == 0 {
                *s = (key, count);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![(0, C::default()); cap]);
        self.len = 0;
        for (k, c) in old {
            if k != 0 {
                self.add(k, hash(k), c);
            }
        }
    }

    fn iter(&self) -> impl Iterator<Item = (u64, C)> + '_ {
        self.slots.iter().copied().filter(|s| s.0 != 0)
    }
}

/// A level: its partitions and its total paths.
struct Level<C> {
    tables: Vec<Table<C>>,
    paths: u128,
    len: usize,
}

impl<C: Count> Level<C> {
    fn new() -> Self {
        Level { tables: (0..PARTS).map(|_| Table::default()).collect(), paths: 0, len: 0 }
    }
}

fn widen(level: &Level<u64>) -> Level<u128> {
    let mut out = Level::<u128>::new();
    for (dst, src) in out.tables.iter_mut().zip(&level.tables) {
        dst.reset(src.len);
        for (k, c) in src.iter() {
            dst.add(k, hash(k), u128::from(c));
        }
    }
    out.paths = level.paths;
    out.len = level.len;
    out
}

/// The eight images of `x` on a square `n × n` box (bit permutations, so
/// `images(a ^ b) = images(a) ^ images(b)` for on-board bits): the
/// identity first.
#[inline]
fn images(x: u64, n: u8) -> [u64; 8] {
    let s = u32::from(8 - n);
    let t = transpose(x);
    let xr = x.reverse_bits();
    let tr = t.reverse_bits();
    [
        x,
        x.swap_bytes() >> (8 * s),
        xr.swap_bytes() >> s,
        xr >> (9 * s),
        t,
        t.swap_bytes() >> (8 * s),
        tr.swap_bytes() >> s,
        tr >> (9 * s),
    ]
}

/// The images of every jump's three bits, by direction and start bit:
/// a successor's images are its parent's images XOR these, so the
/// canonical form of a successor costs 8 XORs and 7 minima.
struct JumpImages {
    table: Vec<[u64; 8]>,
}

/// For each direction: how far the jump's lowest bit lies below the start
/// bit, and the pattern of the three bits.
const JUMP_SHAPES: [(u32, u64); 4] = [(0, 0b111), (2, 0b111), (0, 0x1_0101), (16, 0x1_0101)];

impl JumpImages {
    fn new(board: &Board, n: u8) -> Self {
        let mut table = vec![[0; 8]; 4 * 64];
        for (d, &(back, shape)) in JUMP_SHAPES.iter().enumerate() {
            for b in 0..64 {
                let from = 1u64 << b;
                if board.jump_from(d) & from != 0 {
                    table[d * 64 + b] = images((from >> back) * shape, n);
                }
            }
        }
        JumpImages { table }
    }

    /// Calls `f` with the canonical key of each successor of the position
    /// whose images are `img`; returns the number of jumps.
    #[inline]
    fn for_each_successor(&self, board: &Board, img: &[u64; 8], mut f: impl FnMut(u64)) -> u32 {
        let jm = Peg::jump_masks(board, img[0]);
        let mut count = 0;
        for (d, mut m) in jm.into_iter().enumerate() {
            count += m.count_ones();
            while m != 0 {
                let b = m.trailing_zeros() as usize;
                m &= m - 1;
                let j = &self.table[d * 64 + b];
                let mut k = img[0] ^ j[0];
                for g in 1..8 {
                    k = k.min(img[g] ^ j[g]);
                }
                f(k);
            }
        }
        count
    }
}

/// Per-thread state of an expansion: one bucket per next partition.
struct Worker<C> {
    buckets: Vec<Vec<(u64, C)>>,
    stats: LevelStats,
}

/// `true` if the fast path applies: a square board with its eight
/// symmetries and a start fixed by all of them.
pub(crate) fn applies(start: &Peg<'_>) -> bool {
    let board = start.board();
    let (r, c) = board.size();
    r == c && board.symmetries().len() == 8 && fixing_square(start.pegs(), r) == 8
}

/// The result of [`run`]: the levels' statistics and the last level's
/// entries (canonical key, paths) if it has one peg.
pub(crate) struct FastRun {
    pub(crate) levels: Vec<LevelStats>,
    pub(crate) one_peg: Vec<(u64, u128)>,
    pub(crate) complete: bool,
}

/// Runs the level-synchronous search from `start` for at most `max_depth`
/// levels below it, with `threads` threads.
pub(crate) fn run(
    start: &Peg<'_>,
    max_depth: u32,
    threads: usize,
    mut on_level: impl FnMut(&LevelStats) -> Control,
    mut progress: impl FnMut(Progress) -> Control,
) -> FastRun {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build().ok();
    let install = |f: &mut (dyn FnMut() + Send)| match &pool {
        Some(pool) => pool.install(f),
        None => f(),
    };
    let mut levels = Vec::new();
    let mut one_peg = Vec::new();
    {
        let board = start.board();
        let n = board.size().0;
        let jumps_on_board: u128 = {
            // Every jump of any position is one of the jumps on the full
            // board's geometry: the masks of the full board with all holes
            // allowed as targets.
            let full = board.mask();
            let any = [
                full & (full >> 1) & (full >> 2) & board.jump_from(0),
                full & (full << 1) & (full << 2) & board.jump_from(1),
                full & (full >> 8) & (full >> 16) & board.jump_from(2),
                full & (full << 8) & (full << 16) & board.jump_from(3),
            ];
            any.iter().map(|m| u128::from(m.count_ones())).sum::<u128>().max(1)
        };
        let nthreads = threads.max(1);
        let mut small = Level::<u64>::new();
        let key = min_image_square(start.pegs(), n);
        small.tables[part_of(hash(key))].reset(1);
        small.tables[part_of(hash(key))].add(key, hash(key), 1);
        small.paths = 1;
        small.len = 1;
        let mut next_small = Level::<u64>::new();
        let mut big: Option<Level<u128>> = None;
        let mut next_big = Level::<u128>::new();
        let mut w64: Vec<Worker<u64>> = Vec::new();
        let mut w128: Vec<Worker<u128>> = Vec::new();
        let mut prev_len = 1usize;
        for depth in 0..=max_depth {
            let last = depth == max_depth;
            if big.is_none() && small.paths * jumps_on_board >= 1u128 << 64 {
                big = Some(widen(&small));
                // The u64 levels are done: give their memory back.
                small = Level::new();
                next_small = Level::new();
                w64 = Vec::new();
            }
            let (stats, len) = match big.as_mut() {
                None => {
                    let cur_len = small.len;
                    let mut st = LevelStats::default();
                    install(&mut || {
                        st = expand(
                            board,
                            n,
                            &small,
                            &mut next_small,
                            &mut w64,
                            nthreads,
                            depth,
                            last,
                            prev_len,
                        );
                    });
                    if pegs_left(start, depth) == 1 {
                        one_peg = collect(&small);
                    }
                    std::mem::swap(&mut small, &mut next_small);
                    prev_len = cur_len;
                    (st, small.len)
                }
                Some(b) => {
                    let cur_len = b.len;
                    let mut st = LevelStats::default();
                    install(&mut || {
                        st = expand(
                            board,
                            n,
                            b,
                            &mut next_big,
                            &mut w128,
                            nthreads,
                            depth,
                            last,
                            prev_len,
                        );
                    });
                    if pegs_left(start, depth) == 1 {
                        one_peg = collect(b);
                    }
                    std::mem::swap(b, &mut next_big);
                    prev_len = cur_len;
                    (st, b.len)
                }
            };
            let control = on_level(&stats);
            let finished = stats.moves == 0;
            levels.push(stats);
            if finished {
                return FastRun { levels, one_peg, complete: true };
            }
            if control == Control::Stop {
                return FastRun { levels, one_peg, complete: false };
            }
            let p = Progress {
                phase: "expand",
                level: depth,
                done: u64::from(depth + 1),
                total: Some(u64::from(max_depth) + 1),
            };
            if progress(p) == Control::Stop {
                return FastRun { levels, one_peg, complete: false };
            }
            if last || len == 0 {
                return FastRun { levels, one_peg, complete: false };
            }
        }
    }
    FastRun { levels, one_peg, complete: false }
}

fn pegs_left(start: &Peg<'_>, depth: u32) -> u32 {
    start.count().saturating_sub(depth)
}

fn collect<C: Count>(level: &Level<C>) -> Vec<(u64, u128)> {
    let mut v: Vec<(u64, u128)> =
        level.tables.iter().flat_map(|t| t.iter().map(|(k, c)| (k, c.into()))).collect();
    v.sort_unstable();
    v
}

/// Statistics of `cur` (level `depth`) and, unless `last`, its successors
/// into `next`.
#[allow(clippy::too_many_arguments)]
fn expand<C: Count>(
    board: &Board,
    n: u8,
    cur: &Level<C>,
    next: &mut Level<C>,
    workers: &mut Vec<Worker<C>>,
    threads: usize,
    depth: u32,
    last: bool,
    prev_len: usize,
) -> LevelStats {
    let jumps = JumpImages::new(board, n);
    let jumps = &jumps;
    workers.resize_with(threads, || Worker {
        buckets: (0..PARTS).map(|_| Vec::new()).collect(),
        stats: LevelStats::default(),
    });
    for w in workers.iter_mut() {
        w.stats = LevelStats { depth, by_orbit: vec![0; 9], ..LevelStats::default() };
    }
    if !last {
        // Room for the next level: the current one times the last growth.
        let ratio = (cur.len as f64 / prev_len.max(1) as f64).clamp(0.25, 4.0);
        let room = ((cur.len as f64 * ratio) as usize / PARTS).max(1);
        next.tables.par_iter_mut().for_each(|t| t.reset(room));
    }
    let mut next_paths = 0u128;
    let mut next_len = 0usize;
    for round in (0..PARTS).step_by(FAST_ROUND_PARTS) {
        let parts = &cur.tables[round..round + FAST_ROUND_PARTS];
        workers.par_iter_mut().enumerate().for_each(|(t, w)| {
            let st = &mut w.stats;
            for table in parts.iter().skip(t).step_by(threads) {
                for (key, count) in table.iter() {
                    let c: u128 = count.into();
                    let img = images(key, n);
                    let fixing = img.iter().filter(|&&x| x == key).count() as u64;
                    let orbit = 8 / fixing;
                    st.positions += orbit;
                    st.canonical += 1;
                    st.by_orbit[orbit as usize] += 1;
                    st.paths += c;
                    let moves = if last {
                        Peg::jump_masks(board, key).iter().map(|m| m.count_ones()).sum()
                    } else {
                        let buckets = &mut w.buckets;
                        jumps.for_each_successor(board, &img, |k| {
                            buckets[part_of(hash(k))].push((k, count));
                        })
                    };
                    st.moves += u64::from(moves);
                    if moves == 0 {
                        st.dead_ends += orbit;
                        st.dead_end_paths += c;
                        if board.is_goal(key) {
                            st.goals += orbit;
                            st.goal_paths += c;
                        }
                    }
                }
            }
        });
        if last {
            continue;
        }
        let chunk = PARTS.div_ceil(threads * 4);
        let workers_ref = &*workers;
        let (paths, len) = next
            .tables
            .par_chunks_mut(chunk)
            .enumerate()
            .map(|(ci, tables)| {
                let mut paths = 0u128;
                let mut len = 0usize;
                for (j, table) in tables.iter_mut().enumerate() {
                    let p = ci * chunk + j;
                    for w in workers_ref {
                        for &(k, c) in &w.buckets[p] {
                            paths += c.into();
                            table.add(k, hash(k), c);
                        }
                    }
                    len += table.len;
                }
                (paths, len)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        next_paths += paths;
        next_len = len;
        workers.par_iter_mut().for_each(|w| w.buckets.iter_mut().for_each(Vec::clear));
    }
    if !last {
        next.paths = next_paths;
        next.len = next_len;
    } else {
        next.len = 0;
    }
    let mut stats = LevelStats { depth, by_orbit: vec![0; 9], ..LevelStats::default() };
    for w in workers.iter() {
        merge(&mut stats, &w.stats);
    }
    stats
}

fn merge(a: &mut LevelStats, b: &LevelStats) {
    a.positions += b.positions;
    a.canonical += b.canonical;
    for (x, y) in a.by_orbit.iter_mut().zip(&b.by_orbit) {
        *x += y;
    }
    a.paths += b.paths;
    a.moves += b.moves;
    a.dead_ends += b.dead_ends;
    a.dead_end_paths += b.dead_end_paths;
    a.goals += b.goals;
    a.goal_paths += b.goal_paths;
}
