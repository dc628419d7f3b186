//! One level step of the packed engine: the expansion of the current
//! level in rounds of partitions into per-thread buckets, and the merge of
//! the buckets into the next level's tables.

use std::marker::PhantomData;
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

use super::buckets::{Buckets, Escaped, Narrow, Record, escape};
use super::codec::{Expander, KeyLayout, LevelCodec, UseExpander};
use super::level::{Level, Tally};
use super::part::{Compacted, Count, Part};
use crate::cpu::{Avx2, Cpu};
use crate::level::LevelStats;
use crate::params::{PACKED_ROUND_BYTES, PACKED_ROUND_MIN_BYTES, PACKED_SLOTS_PER_ENTRY};

/// Per-thread state of an expansion: one bucket per next partition.
pub(crate) struct Worker {
    buckets: Buckets,
    stats: LevelStats,
}

/// The fixed data of a run.
pub(crate) struct Ctx<'a, X> {
    pub(crate) codec: &'a X,
    pub(crate) layout: KeyLayout,
    /// Elements of the codec's group.
    pub(crate) group: usize,
    pub(crate) threads: usize,
    pub(crate) pool: Option<rayon::ThreadPool>,
    pub(crate) cpu: Cpu,
}

impl<X> Ctx<'_, X> {
    /// Runs `f` (which uses rayon) on the run's thread pool.
    fn par<T: Send>(&self, f: impl FnOnce() -> T + Send) -> T {
        match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }
}

/// Where a level step stands.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    pub(crate) depth: u32,
    pub(crate) last: bool,
    pub(crate) prev_len: usize,
    /// Moves per class of the previous level (to size the rounds).
    pub(crate) per_class: f64,
}

/// Expands `cur` into `next` with narrow records if every counter fits
/// them, else with escaped ones.
pub(crate) fn level_step<X: LevelCodec, C: Count>(
    ctx: &Ctx<'_, X>,
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
        expand::<X, C, Narrow>(ctx, cur, next, workers, step, progress)
    } else {
        expand::<X, C, Escaped>(ctx, cur, next, workers, step, progress)
    }
}

/// Statistics of `cur` (level `step.depth`) and, unless `step.last`, its
/// successors into `next`; `None` if `progress` stopped it between rounds.
fn expand<X: LevelCodec, C: Count, R: Record<C>>(
    ctx: &Ctx<'_, X>,
    cur: &Level<C>,
    next: &mut Level<C>,
    workers: &mut Vec<Worker>,
    step: Step,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<LevelStats> {
    let threads = ctx.threads;
    let nparts = cur.parts.len();
    let rb = ctx.layout.rest_bits();
    workers.resize_with(threads, || Worker {
        buckets: Buckets::default(),
        stats: LevelStats::default(),
    });
    for w in workers.iter_mut() {
        w.stats = LevelStats {
            depth: step.depth,
            by_orbit: vec![0; ctx.group + 1],
            ..LevelStats::default()
        };
    }
    // Room for the next level: the current one times the last growth. A
    // table is emptied just before the first records are merged into it
    // (so it is still in the cache then).
    let ratio = (cur.len as f64 / step.prev_len.max(1) as f64).clamp(0.25, 4.0);
    let room = cur.len as f64 * ratio;
    let cap = (room * PACKED_SLOTS_PER_ENTRY) as usize / nparts;
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
            (table_bytes / 4.0).clamp(PACKED_ROUND_MIN_BYTES as f64, PACKED_ROUND_BYTES as f64);
        ((bytes / budget).ceil() as usize).clamp(1, nparts)
    };
    if !step.last {
        // Each bucket's expected share, with room for the spread, in one
        // arena per thread (reused: few fresh pages to fault in).
        let per_bucket = (bytes / 8.0 / (rounds * threads * nparts) as f64 * 1.15) as usize;
        // The most a thread's arena can need in this run: its share of the
        // largest round budget, with the same room.
        let room = PACKED_ROUND_BYTES / 8 / threads * 23 / 20 + nparts * 3;
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
                    expand_part::<X, C, R>(ctx, lo + i, part, step.last, &mut w);
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
                                merge_records::<C, R>(table, words, rb, ctx.cpu.avx2());
                            }
                        }
                        if finish {
                            let done = table.compact(big, ctx.cpu.avx512());
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
        LevelStats { depth: step.depth, by_orbit: vec![0; ctx.group + 1], ..LevelStats::default() };
    for w in workers.iter() {
        stats.merge(&w.stats);
    }
    progress(rounds as u64, rounds as u64);
    Some(stats)
}

/// Statistics of the entries of partition `p` of the current level into
/// `w.stats` and (unless `last`) their successors' records into
/// `w.buckets`, through the codec's expander for the run's processor.
#[inline(never)]
fn expand_part<X: LevelCodec, C: Count, R: Record<C>>(
    ctx: &Ctx<'_, X>,
    p: usize,
    part: &Part<C>,
    last: bool,
    w: &mut Worker,
) {
    let layout = ctx.layout;
    ctx.codec
        .with_expander(ctx.cpu, PartLoop::<C, R> { layout, p, part, last, w, _r: PhantomData });
}

/// The loop of [`expand_part`], generic over the codec's expander.
struct PartLoop<'a, C, R> {
    layout: KeyLayout,
    p: usize,
    part: &'a Part<C>,
    last: bool,
    w: &'a mut Worker,
    _r: PhantomData<R>,
}

impl<C: Count, R: Record<C>> UseExpander for PartLoop<'_, C, R> {
    type Output = ();
    #[inline(always)]
    fn run<E: Expander>(self, e: E) {
        let PartLoop { layout, p, part, last, w, .. } = self;
        let mut scratch = E::Scratch::default();
        let rb = layout.rest_bits();
        let mut out = w.buckets.writer();
        let mut t = Tally::default();
        for (rest, count) in part.entries() {
            let key = layout.join(p, rest);
            e.expand(
                &mut scratch,
                key,
                last,
                |node| t.add(node, count.into()),
                |k| {
                    let (np, nr) = layout.split(k);
                    R::push(&mut out, np, nr, count, rb);
                },
            );
        }
        t.add_to(&mut w.stats);
    }
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
