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
//!   counter of the level is below 2^39 − 1; otherwise a counter that does
//!   not fit is escaped (all ones in the word's counter bits) and follows
//!   in one more word (`u64`) or two (`u128`), so most records stay one
//!   word when only the largest counters have grown ([`Escaped`]). Buckets
//!   hold words, so every kind of record reuses the same memory.
//!   Counters are `u64` while the next level's counters provably fit
//!   (`largest counter × K × jumps on the board < 2^64`: a counter is the
//!   sum of at most that many counters of the level before, see
//!   `docs/peg-solitaire.md`), `u128` afterwards.
//! - A finished table is compacted in place (keys and counters without
//!   gaps); buffers and tables are reused from level to level.
//! - With a checkpoint directory, each finished level's successor level
//!   (compact) and the statistics so far are written to disk
//!   ([`snapshot`]), and a run starts from the checkpoint it finds there.

use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;
use spielbaum_bfs_reach::{Control, LevelStats, Progress, RunError};

use crate::board::Board;
use crate::buckets::{Buckets, Escaped, Narrow, Record, escape};
use crate::codec::{Codec, Group};
use crate::cpu::{Avx2, Avx512, Pack, Pext, Tables, minima8, with_bmi2};
use crate::geometry::Transform;
use crate::level::{Level, Tally, widen};
use crate::params::{FAST_ROUND_BYTES, FAST_ROUND_MIN_BYTES, FAST_SLOTS_PER_ENTRY};
use crate::part::{Compacted, Count, Part};
use crate::position::{Jump, Peg};
use crate::snapshot;

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
    /// AVX2 for the merge loop of narrow records, where the processor has
    /// it.
    avx2: Option<Avx2>,
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
    /// Paths to the start: 1 (tests raise it to reach big counters early).
    pub(crate) start_paths: u64,
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
    // A counter of the next level is the sum of at most `K × jumps on the
    // board` counters of this one (see `docs/peg-solitaire.md`).
    let jumps_on_board: u128 =
        (0..4).map(|d| u128::from(board.jump_from(d).count_ones())).sum::<u128>().max(1);
    let fan_in = jumps_on_board * K as u128;
    let threads = threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok();
    let pext = if portable() { None } else { Pext::detect() };
    let avx512 = if portable() { None } else { Avx512::detect() };
    let avx2 = if portable() { None } else { Avx2::detect() };
    let ctx = Ctx { board, codec, group, over, jumps, threads, pool, pext, avx512, avx2 };
    let nparts = 1usize << ctx.codec.part_bits();
    let rb = ctx.codec.rest_bits();

    let mut small = Level::<u64>::new(nparts);
    let key = ctx.group.images(start.pegs()).into_iter().min().unwrap_or(start.pegs());
    let (p, rest) = ctx.codec.key(key);
    small.parts[p] = Part::single(rest, spec.start_paths);
    let start_paths = u128::from(spec.start_paths);
    (small.len, small.paths, small.max) = (1, start_paths, start_paths);
    small.big = usize::from(start_paths >= u128::from(escape(rb)));
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
                snapshot::Parts::Narrow(parts) => small = Level::finished(parts, rb),
                snapshot::Parts::Wide(parts) => {
                    big = Some(Level::finished(parts, rb));
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
        if big.is_none() && small.max * fan_in >= 1u128 << 64 {
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
/// them, else with escaped ones.
fn level_step<const K: usize, C: Count>(
    ctx: &Ctx<'_, K>,
    cur: &Level<C>,
    next: &mut Level<C>,
    workers: &mut Vec<Worker>,
    step: Step,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<LevelStats>
where
    Escaped: Record<C>,
{
    if cur.big == 0 {
        expand::<K, C, Narrow>(ctx, cur, next, workers, step, progress)
    } else {
        expand::<K, C, Escaped>(ctx, cur, next, workers, step, progress)
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
    let words = R::mean_words(cur.big as f64 / cur.len.max(1) as f64);
    let bytes = cur.len as f64 * step.per_class.max(1.0) * 1.1 * 8.0 * words;
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
        let per_bucket = (bytes / 8.0 / (rounds * threads * nparts) as f64 * 1.15) as usize;
        // The most a thread's arena can need in this run: its share of the
        // largest round budget, with the same room.
        let room = FAST_ROUND_BYTES / 8 / threads * 23 / 20 + nparts * 3;
        ctx.par(|| {
            workers.par_iter_mut().for_each(|w| w.buckets.reset(nparts, per_bucket, R::WORDS, room))
        });
    }
    let big = u128::from(escape(rb));
    let (mut next_len, mut next_paths, mut next_max, mut next_big) = (0usize, 0u128, 0u128, 0);
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
        let sums: Vec<(usize, Compacted)> = ctx.par(|| {
            next.parts
                .par_chunks_mut(chunk)
                .enumerate()
                .map(|(ci, tables)| {
                    let mut sum = (0, Compacted::default());
                    for (j, table) in tables.iter_mut().enumerate() {
                        let p = ci * chunk + j;
                        if round == 0 {
                            table.reset(cap, rb);
                        } else {
                            table.warm();
                        }
                        for w in workers_ref {
                            for words in w.buckets.get(p) {
                                merge_records::<C, R>(table, words, rb, ctx.avx2);
                            }
                        }
                        if finish {
                            let done = table.compact(big, ctx.avx512);
                            sum.0 += table.len;
                            sum.1.paths += done.paths;
                            sum.1.max = sum.1.max.max(done.max);
                            sum.1.big += done.big;
                        }
                    }
                    sum
                })
                .collect()
        });
        for (len, done) in sums {
            next_len += len;
            next_paths += done.paths;
            next_max = next_max.max(done.max);
            next_big += done.big;
        }
        ctx.par(|| workers.par_iter_mut().for_each(|w| w.buckets.clear()));
        if round + 1 < rounds && !progress(round as u64 + 1, rounds as u64) {
            return None;
        }
    }
    next.len = next_len;
    next.paths = next_paths;
    next.max = next_max;
    next.big = next_big;
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
fn merge_records<C: Count, R: Record<C>>(
    table: &mut Part<C>,
    words: &[u64],
    rb: u32,
    avx2: Option<Avx2>,
) {
    R::merge(table, words, rb, avx2);
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

    fn run_with(start: &Peg<'_>, depth: u32, start_paths: u64) -> FastRun {
        let spec =
            Spec { symmetry: true, max_depth: depth, threads: 2, checkpoint: None, start_paths };
        run(start, &spec, |_| Control::Continue, |_| Control::Continue).unwrap().unwrap()
    }

    fn levels(start: &Peg<'_>, depth: u32) -> Vec<LevelStats> {
        run_with(start, depth, 1).levels
    }

    /// Every path counter scales with the paths to the start: started at
    /// `m` paths, a run counts `m` times the paths of a run started at 1
    /// and the same positions. Big `m` give counters past 39 bits from
    /// the first level (escaped records, one and three words) and past the
    /// bound that switches to `u128` counters.
    #[test]
    fn big_counters_scale_exactly() {
        let (small, _) = Board::parse_mask("small", ".111.\n11111\n11111\n11111\n.111.").unwrap();
        let (english, french) = (Board::english(), Board::french());
        let starts = [
            (small.start_at("c3").unwrap(), 20),
            (english.start_at("d4").unwrap(), 12),
            (english.start_at("c1").unwrap(), 9),
            (french.start_at("d3").unwrap(), 9),
        ];
        let esc = escape(25);
        for (start, depth) in starts {
            let one = run_with(&start, depth, 1);
            for m in [esc - 1, esc, esc + 1, 1 << 47, (1 << 55) + 3, u64::MAX] {
                let big = run_with(&start, depth, m);
                let m = u128::from(m);
                assert_eq!(big.levels.len(), one.levels.len());
                for (b, o) in big.levels.iter().zip(&one.levels) {
                    let scaled = LevelStats {
                        paths: o.paths * m,
                        dead_end_paths: o.dead_end_paths * m,
                        goal_paths: o.goal_paths * m,
                        ..o.clone()
                    };
                    assert_eq!(b, &scaled, "{m}");
                }
                let scaled: Vec<(u32, u128)> =
                    one.one_peg.iter().map(|&(h, n)| (h, n * m)).collect();
                assert_eq!(big.one_peg, scaled);
                assert_eq!(big.complete, one.complete);
            }
        }
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
