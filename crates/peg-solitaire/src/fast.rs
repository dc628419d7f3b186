//! The fast path of [`statistics`](crate::statistics): the level-synchronous
//! method of [`spielbaum_bfs_reach::LevelBfs`] written out for peg
//! solitaire, for any board of at most 37 holes and any start, normalised
//! by the start's own stabiliser among the board's symmetries (8 images on
//! the English board from the centre, the mirror on the French board from
//! d2 or d3, none from c1) — which keeps every count exact (see
//! `docs/peg-solitaire.md`).
//!
//! - Successors come straight from the jump masks (no move list), indexed by
//!   the removed peg; a successor's images are its parent's images XOR the
//!   jump's images (the symmetries are bit permutations), so its canonical
//!   form costs `K` XORs and `K − 1` minima.
//! - Keys are packed to one bit per hole (`pext` where the processor has
//!   fast BMI2, tables otherwise: [`crate::cpu`]) and mixed by a bijection
//!   ([`Codec`]); the top bits choose one of `2^(holes − 25)` partitions,
//!   the other 25 bits are stored as a `u32`.
//! - A level is expanded in rounds of current partitions, each buffering a
//!   quarter of the next level's tables in records (between
//!   [`FAST_ROUND_MIN_BYTES`] and [`FAST_ROUND_BYTES`]): current
//!   partitions go to whichever thread is free, each thread writes its
//!   records into its own bucket per next partition (one arena per thread,
//!   [`Buckets`]), then the threads
//!   merge disjoint ranges of next partitions into their tables (open
//!   addressing, key and counter arrays side by side, a key's first probe
//!   eight slots at once), so a table is updated while it sits in the
//!   cache and no lock is needed. A table is emptied just before the first
//!   round merges into it, read through once before each later round, and
//!   compacted right after the last one: never fetched from memory line
//!   by line.
//! - A record is one word (25 key bits and a 39-bit counter) while every
//!   counter of the level fits 39 bits, else a key word and the counter in
//!   one or two words; buckets hold words, so every kind of record reuses
//!   the same memory.
//!   Counters are `u64` while the next level's total paths provably fit
//!   (`paths × jumps on the board < 2^64`), `u128` afterwards.
//! - A finished table is compacted in place (keys and counters without
//!   gaps); buffers and tables are reused from level to level.
//! - With a checkpoint directory, each finished level's successor level
//!   (compact) and the statistics so far are written to disk
//!   ([`snapshot`]), and a run starts from the checkpoint it finds there.

use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;
use spielbaum_bfs_reach::{Control, LevelStats, Progress, RunError};

use crate::board::Board;
use crate::buckets::{Buckets, Narrow, Record, Wide};
use crate::codec::{Codec, Group};
use crate::cpu::{Avx512, Pack, Pext, Tables, minima8, with_bmi2};
use crate::geometry::Transform;
use crate::params::{FAST_ROUND_BYTES, FAST_ROUND_MIN_BYTES, FAST_SLOTS_PER_ENTRY};
use crate::part::{Count, Part};
use crate::position::{Jump, Peg};
use crate::snapshot;

/// A level: its partitions (compact once finished), its size, total paths
/// and largest counter.
struct Level<C> {
    parts: Vec<Part<C>>,
    len: usize,
    paths: u128,
    max: u128,
}

impl<C: Count> Level<C> {
    fn new(parts: usize) -> Self {
        Level { parts: vec![Part::default(); parts], len: 0, paths: 0, max: 0 }
    }

    /// A finished level of these partitions (from a checkpoint).
    fn finished(parts: Vec<Part<C>>) -> Self {
        let mut level = Level { len: 0, paths: 0, max: 0, parts };
        for (_, c) in level.parts.iter().flat_map(Part::entries) {
            let c: u128 = c.into();
            level.len += 1;
            level.paths += c;
            level.max = level.max.max(c);
        }
        level
    }
}

fn widen(level: Level<u64>) -> Level<u128> {
    let parts = level.parts.into_iter().map(Part::widen).collect();
    Level { parts, len: level.len, paths: level.paths, max: level.max }
}

/// Per-thread state of an expansion: one bucket per next partition.
struct Worker {
    buckets: Buckets,
    stats: LevelStats,
}

/// The fixed data of a run.
struct Ctx<'a, const K: usize> {
    board: &'a Board,
    codec: Codec,
    group: Group<K>,
    /// The holes a horizontal and a vertical jump can remove a peg from.
    over: [u64; 2],
    /// The images of each jump's three bits, by removed peg (horizontal
    /// jumps, `jumps[0]`) and vertical ones (`jumps[1]`).
    jumps: [[[u64; K]; 64]; 2],
    threads: usize,
    pool: Option<rayon::ThreadPool>,
    /// BMI2 packing, where the processor has it fast.
    pext: Option<Pext>,
    /// AVX-512F for the canonical minima (eight images), where the
    /// processor has it.
    avx512: Option<Avx512>,
}

impl<const K: usize> Ctx<'_, K> {
    /// Runs `f` (which uses rayon) on the run's thread pool.
    fn par<T: Send>(&self, f: impl FnOnce() -> T + Send) -> T {
        match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }
}

/// The result of [`run`]: the levels' statistics, the paths ending with one
/// peg per hole (bit index) if the run got there, and whether every level
/// was computed.
pub(crate) struct FastRun {
    pub(crate) levels: Vec<LevelStats>,
    pub(crate) one_peg: Vec<(u32, u128)>,
    pub(crate) complete: bool,
}

/// The transforms of the start's stabiliser among the board's symmetries
/// (only the identity without `symmetry`).
fn stabiliser(start: &Peg<'_>, symmetry: bool) -> Vec<Transform> {
    let board = start.board();
    let (r, c) = board.size();
    let mut ts: Vec<Transform> = board
        .symmetries()
        .iter()
        .copied()
        .filter(|t| symmetry && t.apply(start.pegs(), r, c) == start.pegs())
        .collect();
    if !ts.contains(&Transform::Identity) {
        ts.insert(0, Transform::Identity);
    }
    ts
}

/// `true` if the fast path handles the board (at most 37 holes).
pub(crate) fn applies(start: &Peg<'_>) -> bool {
    Codec::new(start.board()).is_some()
}

/// What to run: symmetry, at most `max_depth` levels below the start,
/// threads, and the checkpoint directory (written after every level, read
/// to resume).
pub(crate) struct Spec<'a> {
    pub(crate) symmetry: bool,
    pub(crate) max_depth: u32,
    pub(crate) threads: usize,
    pub(crate) checkpoint: Option<&'a std::path::Path>,
}

/// Runs the level-synchronous search from `start` as `spec` says; `None`
/// if it does not apply, an error if a checkpoint cannot be read or
/// written.
pub(crate) fn run(
    start: &Peg<'_>,
    spec: &Spec<'_>,
    on_level: impl FnMut(&LevelStats) -> Control,
    progress: impl FnMut(Progress) -> Control,
) -> Option<Result<FastRun, RunError>> {
    let ts = stabiliser(start, spec.symmetry);
    match ts.len() {
        1 => run_k::<1>(start, &ts, spec, on_level, progress),
        2 => run_k::<2>(start, &ts, spec, on_level, progress),
        4 => run_k::<4>(start, &ts, spec, on_level, progress),
        8 => run_k::<8>(start, &ts, spec, on_level, progress),
        _ => None,
    }
}

fn run_k<const K: usize>(
    start: &Peg<'_>,
    ts: &[Transform],
    spec: &Spec<'_>,
    mut on_level: impl FnMut(&LevelStats) -> Control,
    mut progress: impl FnMut(Progress) -> Control,
) -> Option<Result<FastRun, RunError>> {
    let (max_depth, threads) = (spec.max_depth, spec.threads);
    let board = start.board();
    let (r, c) = board.size();
    let group = Group::<K>::new(ts, r, c)?;
    let codec = Codec::new(board)?;
    // The holes a jump can remove a peg from: right of a horizontal
    // jump's start, below a vertical one's.
    let over = [board.jump_from(0) << 1, board.jump_from(2) << 8];
    let mut jumps = [[[0u64; K]; 64]; 2];
    for (half, table) in jumps.iter_mut().enumerate() {
        for (b, s) in table.iter_mut().enumerate() {
            let b = b as u32;
            if over[half] >> b & 1 == 1 {
                let from = if half == 0 { b - 1 } else { b - 8 };
                *s = group.images(Jump::new(from, if half == 0 { 0 } else { 2 }).bits());
            }
        }
    }
    // Every jump of any position is one of the jumps on the board.
    let jumps_on_board: u128 =
        (0..4).map(|d| u128::from(board.jump_from(d).count_ones())).sum::<u128>().max(1);
    let threads = threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok();
    let pext = if portable() { None } else { Pext::detect() };
    let avx512 = if portable() { None } else { Avx512::detect() };
    let ctx = Ctx { board, codec, group, over, jumps, threads, pool, pext, avx512 };
    let nparts = 1usize << ctx.codec.part_bits();

    let mut small = Level::<u64>::new(nparts);
    let key = ctx.group.images(start.pegs()).into_iter().min().unwrap_or(start.pegs());
    let (p, rest) = ctx.codec.key(key);
    small.parts[p] = Part::single(rest, 1);
    (small.len, small.paths, small.max) = (1, 1, 1);
    let mut next_small = Level::<u64>::new(nparts);
    let mut big: Option<Level<u128>> = None;
    let mut next_big = Level::<u128>::new(nparts);
    let mut workers: Vec<Worker> = Vec::new();
    let mut levels = Vec::new();
    let mut one_peg = Vec::new();
    let mut prev_len = 1usize;
    let mut per_class = 4.0f64;
    let done = |levels, one_peg, complete| Some(Ok(FastRun { levels, one_peg, complete }));
    // --- Checkpoint: resume at the first level not finished ---------------
    let id = snapshot::Ident {
        mask: board.mask(),
        start: start.pegs(),
        group: K as u64,
        part_bits: u64::from(ctx.codec.part_bits()),
        rest_bits: u64::from(ctx.codec.rest_bits()),
    };
    let mut first = 0;
    if let Some(dir) = spec.checkpoint {
        let cp = match snapshot::load(dir, id) {
            Ok(cp) => cp,
            Err(e) => return Some(Err(e)),
        };
        if let Some(cp) = cp {
            match cp.parts {
                snapshot::Parts::Narrow(parts) => small = Level::finished(parts),
                snapshot::Parts::Wide(parts) => {
                    big = Some(Level::finished(parts));
                    small = Level::new(0);
                    next_small = Level::new(0);
                }
            }
            (first, prev_len, per_class) = (cp.depth, cp.prev_len, cp.per_class);
            for stats in cp.levels.iter().take(max_depth as usize + 1) {
                levels.push(stats.clone());
                if on_level(stats) == Control::Stop {
                    return done(levels, one_peg, false);
                }
            }
            if first > max_depth {
                return done(levels, one_peg, false);
            }
        }
    }
    for depth in first..=max_depth {
        let last = depth == max_depth;
        if big.is_none() && small.paths * jumps_on_board >= 1u128 << 64 {
            big = Some(widen(std::mem::replace(&mut small, Level::new(0))));
            // The u64 levels are done: give their memory back.
            next_small = Level::new(0);
        }
        let pegs_left = start.count().saturating_sub(depth);
        let mut stop = false;
        let mut round_progress = |done: u64, total: u64| {
            let p = Progress { phase: "expand", level: depth, done, total: Some(total) };
            if progress(p) == Control::Stop {
                stop = true;
            }
            !stop
        };
        let step = Step { depth, last, prev_len, per_class };
        let (stats, len) = match big.as_mut() {
            None => {
                let st = level_step(
                    &ctx,
                    &small,
                    &mut next_small,
                    &mut workers,
                    step,
                    &mut round_progress,
                );
                if pegs_left == 1 {
                    one_peg = collect(&ctx, &small);
                }
                prev_len = small.len;
                std::mem::swap(&mut small, &mut next_small);
                (st, small.len)
            }
            Some(b) => {
                let st =
                    level_step(&ctx, b, &mut next_big, &mut workers, step, &mut round_progress);
                if pegs_left == 1 {
                    one_peg = collect(&ctx, b);
                }
                prev_len = b.len;
                std::mem::swap(b, &mut next_big);
                (st, b.len)
            }
        };
        let Some(stats) = stats else {
            return done(levels, one_peg, false);
        };
        per_class = stats.moves as f64 / stats.canonical.max(1) as f64;
        let control = on_level(&stats);
        let finished = stats.moves == 0;
        levels.push(stats);
        if finished {
            return done(levels, one_peg, true);
        }
        if let Some(dir) = spec.checkpoint
            && !last
            && len > 0
        {
            let at =
                snapshot::Progressed { depth: depth + 1, prev_len, per_class, levels: &levels };
            let saved = match &big {
                None => snapshot::save(dir, id, &at, &small.parts),
                Some(b) => snapshot::save(dir, id, &at, &b.parts),
            };
            if let Err(e) = saved {
                return Some(Err(e));
            }
        }
        if stop || control == Control::Stop || last || len == 0 {
            return done(levels, one_peg, false);
        }
    }
    done(levels, one_peg, false)
}

/// Paths ending with one peg per hole: each class's paths shared equally
/// by its members (their counts are equal by symmetry).
fn collect<const K: usize, C: Count>(ctx: &Ctx<'_, K>, level: &Level<C>) -> Vec<(u32, u128)> {
    let mut out = Vec::new();
    for (p, part) in level.parts.iter().enumerate() {
        for (rest, count) in part.entries() {
            let x = ctx.codec.bitboard(p, rest);
            let mut members = ctx.group.images(x).to_vec();
            members.sort_unstable();
            members.dedup();
            let each = count.into() / members.len() as u128;
            out.extend(members.iter().map(|m| (m.trailing_zeros(), each)));
        }
    }
    out.sort_unstable();
    out
}

/// Where a level step stands.
#[derive(Clone, Copy)]
struct Step {
    depth: u32,
    last: bool,
    prev_len: usize,
    /// Moves per class of the previous level (to size the rounds).
    per_class: f64,
}

/// Expands `cur` into `next` with narrow records if every counter fits
/// them, else with wide ones.
fn level_step<const K: usize, C: Count>(
    ctx: &Ctx<'_, K>,
    cur: &Level<C>,
    next: &mut Level<C>,
    workers: &mut Vec<Worker>,
    step: Step,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<LevelStats>
where
    Wide: Record<C>,
{
    let fits = cur.max < 1u128 << (64 - ctx.codec.rest_bits());
    if fits {
        expand::<K, C, Narrow>(ctx, cur, next, workers, step, progress)
    } else {
        expand::<K, C, Wide>(ctx, cur, next, workers, step, progress)
    }
}

/// Statistics of `cur` (level `step.depth`) and, unless `step.last`, its
/// successors into `next`; `None` if `progress` stopped it between rounds.
fn expand<const K: usize, C: Count, R: Record<C>>(
    ctx: &Ctx<'_, K>,
    cur: &Level<C>,
    next: &mut Level<C>,
    workers: &mut Vec<Worker>,
    step: Step,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<LevelStats> {
    let threads = ctx.threads;
    let nparts = cur.parts.len();
    let rb = ctx.codec.rest_bits();
    workers.resize_with(threads, || Worker {
        buckets: Buckets::default(),
        stats: LevelStats::default(),
    });
    for w in workers.iter_mut() {
        w.stats =
            LevelStats { depth: step.depth, by_orbit: vec![0; K + 1], ..LevelStats::default() };
    }
    // Room for the next level: the current one times the last growth. A
    // table is emptied just before the first records are merged into it
    // (so it is still in the cache then).
    let ratio = (cur.len as f64 / step.prev_len.max(1) as f64).clamp(0.25, 4.0);
    let room = cur.len as f64 * ratio;
    let cap = (room * FAST_SLOTS_PER_ENTRY) as usize / nparts;
    // Rounds of current partitions, each buffering about one budget of
    // records.
    let bytes = cur.len as f64 * step.per_class.max(1.0) * 1.1 * (8 * R::WORDS) as f64;
    let rounds = if step.last {
        1
    } else {
        // A quarter of the next level's tables, within the bounds: every
        // round merges into every table once.
        let tables = cap.max(16) * nparts;
        let table_bytes = (tables * (4 + size_of::<C>())) as f64;
        let budget =
            (table_bytes / 4.0).clamp(FAST_ROUND_MIN_BYTES as f64, FAST_ROUND_BYTES as f64);
        ((bytes / budget).ceil() as usize).clamp(1, nparts)
    };
    if !step.last {
        // Each bucket's expected share, with room for the spread, in one
        // arena per thread (reused: few fresh pages to fault in).
        let per_bucket =
            (bytes / (8 * R::WORDS) as f64 / (rounds * threads * nparts) as f64 * 1.15) as usize;
        // The most a thread's arena can need in this run: its share of the
        // largest round budget, with the same room.
        let room = FAST_ROUND_BYTES / 8 / threads * 23 / 20 + nparts * 3;
        ctx.par(|| {
            workers
                .par_iter_mut()
                .for_each(|w| w.buckets.reset(nparts, per_bucket * R::WORDS, R::WORDS, room))
        });
    }
    let (mut next_len, mut next_paths, mut next_max) = (0usize, 0u128, 0u128);
    for round in 0..rounds {
        let (lo, hi) = (round * nparts / rounds, (round + 1) * nparts / rounds);
        let parts = &cur.parts[lo..hi];
        {
            // Partitions go to whichever thread is free (a busy core does
            // not hold the others up); each thread writes into its own
            // worker (the lock is never contended within the run's pool).
            let locked: Vec<Mutex<&mut Worker>> = workers.iter_mut().map(Mutex::new).collect();
            ctx.par(|| {
                parts.par_iter().enumerate().with_max_len(1).for_each(|(i, part)| {
                    let t = rayon::current_thread_index().unwrap_or(0) % locked.len();
                    let mut w = locked[t].lock().unwrap_or_else(PoisonError::into_inner);
                    expand_part::<K, C, R>(ctx, lo + i, part, step.last, &mut w);
                })
            });
        }
        if step.last {
            continue;
        }
        // Each table is emptied just before the first round merges into it
        // and compacted right after the last one, both while it is in the
        // cache.
        let chunk = nparts.div_ceil(threads * 4).max(1);
        let workers_ref = &*workers;
        let finish = round + 1 == rounds;
        let sums: Vec<(usize, u128, u128)> = ctx.par(|| {
            next.parts
                .par_chunks_mut(chunk)
                .enumerate()
                .map(|(ci, tables)| {
                    let mut sum = (0, 0, 0);
                    for (j, table) in tables.iter_mut().enumerate() {
                        let p = ci * chunk + j;
                        if round == 0 {
                            table.reset(cap, rb);
                        } else {
                            table.warm();
                        }
                        for w in workers_ref {
                            for words in w.buckets.get(p) {
                                merge_records::<C, R>(table, words, rb);
                            }
                        }
                        if finish {
                            let (paths, max) = table.compact();
                            sum = (sum.0 + table.len, sum.1 + paths, sum.2.max(max));
                        }
                    }
                    sum
                })
                .collect()
        });
        for (len, paths, max) in sums {
            next_len += len;
            next_paths += paths;
            next_max = next_max.max(max);
        }
        ctx.par(|| workers.par_iter_mut().for_each(|w| w.buckets.clear()));
        if round + 1 < rounds && !progress(round as u64 + 1, rounds as u64) {
            return None;
        }
    }
    next.len = next_len;
    next.paths = next_paths;
    next.max = next_max;
    let mut stats =
        LevelStats { depth: step.depth, by_orbit: vec![0; K + 1], ..LevelStats::default() };
    for w in workers.iter() {
        stats.merge(&w.stats);
    }
    progress(rounds as u64, rounds as u64);
    Some(stats)
}

/// Statistics of the entries of partition `p` of the current level into
/// `st` and (unless `last`) their successors' records into `buckets`.
#[inline(never)]
fn expand_part<const K: usize, C: Count, R: Record<C>>(
    ctx: &Ctx<'_, K>,
    p: usize,
    part: &Part<C>,
    last: bool,
    w: &mut Worker,
) {
    match ctx.pext {
        // The same loop compiled for BMI2: `pext`/`pdep` keys.
        Some(pext) => {
            with_bmi2(pext, || expand_part_with::<K, C, R, Pext>(ctx, pext, p, part, last, w))
        }
        None => expand_part_with::<K, C, R, Tables>(ctx, Tables, p, part, last, w),
    }
}

/// A thread's statistics of the partition it expands, in plain integers
/// (kept in registers and on the stack by the hot loop).
#[derive(Default)]
struct Tally {
    positions: u64,
    canonical: u64,
    by_orbit: [u64; 9],
    paths: u128,
    moves: u64,
    dead_ends: u64,
    dead_end_paths: u128,
    goals: u64,
    goal_paths: u128,
}

impl Tally {
    /// Adds these to `st` (through [`LevelStats::merge`]; orbits up to
    /// the length of `st.by_orbit`).
    fn add_to(&self, st: &mut LevelStats) {
        st.merge(&LevelStats {
            depth: st.depth,
            positions: self.positions,
            canonical: self.canonical,
            by_orbit: self.by_orbit[..st.by_orbit.len().min(self.by_orbit.len())].to_vec(),
            paths: self.paths,
            moves: self.moves,
            dead_ends: self.dead_ends,
            dead_end_paths: self.dead_end_paths,
            goals: self.goals,
            goal_paths: self.goal_paths,
        });
    }
}

/// [`expand_part`] with the packer `pack`.
///
/// Jumps are indexed by the peg they remove: over a hole `o` at most one
/// horizontal jump is legal (from `o − 1` to `o + 1` or back, never both:
/// one of the two ends must be empty and the other filled), and it flips
/// the same three bits either way; so do the vertical ones. The legal jumps
/// are the bits of two words (horizontal, vertical), and a successor's
/// images are the parent's images XOR the jump's.
#[inline(always)]
fn expand_part_with<const K: usize, C: Count, R: Record<C>, P: Pack>(
    ctx: &Ctx<'_, K>,
    pack: P,
    p: usize,
    part: &Part<C>,
    last: bool,
    w: &mut Worker,
) {
    let rb = ctx.codec.rest_bits();
    let keyer = ctx.codec.keyer();
    let (mask, over) = (ctx.board.mask(), ctx.over);
    let mut out = w.buckets.writer();
    let mut t = Tally::default();
    let mut canon = [0u64; 64];
    for (rest, count) in part.entries() {
        let x = ctx.codec.bitboard_with(pack, p, rest);
        let img = ctx.group.images(x);
        let fixing = img.iter().filter(|&&y| y == x).count();
        // fixing is 1, 2, 4 or 8 (a subgroup): no division.
        let orbit = K >> fixing.trailing_zeros();
        let c: u128 = count.into();
        t.positions += orbit as u64;
        t.canonical += 1;
        t.by_orbit[orbit & 15] += 1;
        t.paths += c;
        let empty = mask & !x;
        let h = x & over[0] & ((x << 1 & empty >> 1) | (x >> 1 & empty << 1));
        let v = x & over[1] & ((x << 8 & empty >> 8) | (x >> 8 & empty << 8));
        let moves = h.count_ones() + v.count_ones();
        t.moves += u64::from(moves);
        if moves == 0 {
            t.dead_ends += orbit as u64;
            t.dead_end_paths += c;
            if ctx.board.is_goal(x) {
                t.goals += orbit as u64;
                t.goal_paths += c;
            }
        } else if !last {
            if K == 8
                && let Some(avx) = ctx.avx512
            {
                // The eight images' minima in vectors, then the keys.
                for (jumps, m) in [(&ctx.jumps[0], h), (&ctx.jumps[1], v)] {
                    let n = minima8(avx, &img, jumps, m, &mut canon);
                    for &k in &canon[..n] {
                        let (np, nr) = keyer.key(pack, k);
                        R::push(&mut out, np, nr, count, rb);
                    }
                }
                continue;
            }
            for (jumps, mut m) in [(&ctx.jumps[0], h), (&ctx.jumps[1], v)] {
                while m != 0 {
                    let j = &jumps[(m.trailing_zeros() & 63) as usize];
                    m &= m - 1;
                    let mut k = img[0] ^ j[0];
                    for g in 1..K {
                        k = k.min(img[g] ^ j[g]);
                    }
                    let (np, nr) = keyer.key(pack, k);
                    R::push(&mut out, np, nr, count, rb);
                }
            }
        }
    }
    t.add_to(&mut w.stats);
}

/// Adds a bucket of records to a table of the next level.
#[inline(never)]
fn merge_records<C: Count, R: Record<C>>(table: &mut Part<C>, words: &[u64], rb: u32) {
    table.add_all(words.chunks_exact(R::WORDS).map(|r| R::read(r, rb)));
}

/// Tests force the portable packing with this (other runs at the same time
/// only take the portable path too: same results).
#[cfg(test)]
static PORTABLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn portable() -> bool {
    #[cfg(test)]
    return PORTABLE.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(test))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn levels(start: &Peg<'_>, depth: u32) -> Vec<LevelStats> {
        let spec = Spec { symmetry: true, max_depth: depth, threads: 2, checkpoint: None };
        run(start, &spec, |_| Control::Continue, |_| Control::Continue).unwrap().unwrap().levels
    }

    #[test]
    fn portable_and_bmi2_packing_agree() {
        let (english, french) = (Board::english(), Board::french());
        let starts = [
            (english.start_at("d4").unwrap(), 10),
            (english.start_at("c1").unwrap(), 8),
            (french.start_at("d3").unwrap(), 7),
        ];
        for (start, depth) in starts {
            let fast = levels(&start, depth);
            PORTABLE.store(true, std::sync::atomic::Ordering::Relaxed);
            let tables = levels(&start, depth);
            PORTABLE.store(false, std::sync::atomic::Ordering::Relaxed);
            assert_eq!(fast.len(), depth as usize + 1);
            assert_eq!(fast, tables);
        }
    }
}
