//! The parallel expansion of one level (the hot loop of
//! [`LevelBfs`](crate::LevelBfs)).
//!
//! A level is expanded in rounds. In a round every thread of the pool takes
//! chunks of the current level (an atomic counter hands them out), expands
//! their positions and appends each successor as a 16-byte record (the
//! rest of its canonical key under the [`KeyLayout`] of 64-bit keys, and
//! the counter) to its own bucket for the successor's partition; counters
//! of 2^64 or more go to a side bucket with `u128` counters. Then the
//! partitions are merged in parallel into their tables — the partition
//! type of the packed engine ([`Part`]) with `u64` rests — so a table is
//! updated while it sits in cache, and no two threads ever touch the same
//! table. Buckets are reused from round to round and level to level, so
//! the hot loop does not allocate once they have grown.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;
use spielbaum_game_trait::{MoveList, Outcome};

use crate::control::{Progress, RunError};
use crate::level::{FromKey, Group, LevelStats, ProgressFn};
use crate::packed::KeyLayout;
use crate::packed::part::Part;
use crate::params::{PARTITION_BITS, ROUND_RECORDS};

/// Number of partitions of a level.
pub(crate) const PARTS: usize = 1 << PARTITION_BITS;

/// A partition of the generic engine: rests of 56 bits, `u128` counters.
pub(crate) type WidePart = Part<u128, u64>;

/// How the generic engine splits a key into a partition and a rest.
pub(crate) fn layout() -> KeyLayout {
    KeyLayout::wide(PARTITION_BITS)
}

/// Sources per chunk handed to a thread.
const CHUNK: usize = 2048;

/// One thread's output of a round.
struct Buckets {
    recs: Vec<Vec<[u64; 2]>>,
    big: Vec<Vec<(u64, u128)>>,
    stats: LevelStats,
}

impl Buckets {
    fn new() -> Self {
        Buckets {
            recs: (0..PARTS).map(|_| Vec::new()).collect(),
            big: (0..PARTS).map(|_| Vec::new()).collect(),
            stats: LevelStats::default(),
        }
    }

    fn clear(&mut self) {
        self.recs.iter_mut().for_each(Vec::clear);
        self.big.iter_mut().for_each(Vec::clear);
    }

    fn records(&self) -> usize {
        self.recs.iter().map(Vec::len).sum::<usize>() + self.big.iter().map(Vec::len).sum::<usize>()
    }
}

/// Runs `f` on `pool` if there is one, else on rayon's global pool.
pub(crate) fn in_pool<R: Send>(
    pool: Option<&rayon::ThreadPool>,
    f: impl FnOnce() -> R + Send,
) -> R {
    match pool {
        Some(p) => p.install(f),
        None => f(),
    }
}

/// Expands one level: its statistics and (if `build`) the next level.
pub(crate) fn expand_level<G: FromKey + Send + Sync>(
    start: &G,
    group: &Group,
    current: &[WidePart],
    depth: u32,
    build: bool,
    pool: Option<&rayon::ThreadPool>,
    progress: &mut Option<ProgressFn<'_>>,
) -> Result<(LevelStats, Vec<WidePart>), RunError> {
    let total: usize = current.iter().map(|p| p.len).sum();
    let layout = layout();
    let mut chunks: Vec<(usize, usize, usize)> = Vec::new();
    for (p, part) in current.iter().enumerate() {
        let mut s = 0;
        while s < part.len {
            let e = (s + CHUNK).min(part.len);
            chunks.push((p, s, e));
            s = e;
        }
    }
    let threads = in_pool(pool, rayon::current_num_threads);
    let buckets: Vec<Mutex<Buckets>> = (0..threads).map(|_| Mutex::new(Buckets::new())).collect();
    // Room for the next level: 5/4 of this one, spread over the
    // partitions, at 5/4 slots per entry (a generous guess already: the
    // tables grow if it is short). 24-byte slots (a `u64` rest and a
    // `u128` counter).
    let room = total.saturating_mul(5) / 4 / PARTS + 16;
    let cap = room * 5 / 4;
    let rest_bits = layout.rest_bits();
    let mut tables: Vec<WidePart> = if build {
        in_pool(pool, || {
            (0..PARTS)
                .into_par_iter()
                .map(|_| {
                    let mut t = WidePart::default();
                    t.reset(cap, rest_bits);
                    t
                })
                .collect()
        })
    } else {
        Vec::new()
    };
    let mut stats =
        LevelStats { depth, by_orbit: vec![0; group.size() + 1], ..LevelStats::default() };
    let mut branching = 8usize;
    let mut done_sources = 0usize;
    let mut c = 0usize;
    while c < chunks.len() {
        // A round: as many chunks as the record budget allows at the
        // branching factor seen so far.
        let budget = (ROUND_RECORDS / branching).max(CHUNK);
        let mut end = c;
        let mut sources = 0;
        while end < chunks.len() && (sources < budget || end == c) {
            sources += chunks[end].2 - chunks[end].1;
            end += 1;
        }
        let next = AtomicUsize::new(c);
        in_pool(pool, || {
            rayon::broadcast(|ctx| {
                let mut b = buckets[ctx.index()].lock().unwrap_or_else(|e| e.into_inner());
                let mut moves = MoveList::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= end {
                        break;
                    }
                    let (p, s, e) = chunks[i];
                    let part = &current[p];
                    let src = Source { layout, p, part };
                    expand_chunk(start, group, src, s, e, build, &mut b, &mut moves);
                }
            })
        });
        let mut outs: Vec<Buckets> = buckets
            .iter()
            .map(|m| {
                std::mem::replace(
                    &mut *m.lock().unwrap_or_else(|e| e.into_inner()),
                    Buckets::empty(),
                )
            })
            .collect();
        let records: usize = outs.iter().map(Buckets::records).sum();
        branching = (records / sources.max(1)).max(1) + 1;
        if build {
            let outs = &outs;
            in_pool(pool, || {
                tables.par_iter_mut().enumerate().for_each(|(p, t)| {
                    for o in outs {
                        t.add_all(o.recs[p].iter().map(|r| (r[0], u128::from(r[1]))));
                        t.add_all(o.big[p].iter().copied());
                    }
                })
            });
        }
        for (m, mut o) in buckets.iter().zip(outs.drain(..)) {
            stats.merge(&o.stats);
            o.stats = LevelStats::default();
            o.clear();
            *m.lock().unwrap_or_else(|e| e.into_inner()) = o;
        }
        done_sources += sources;
        c = end;
        if let Some(f) = progress.as_mut() {
            let pr = Progress {
                phase: "expand",
                level: depth,
                done: done_sources as u64,
                total: Some(total as u64),
            };
            if f(pr).is_stop() {
                return Err(RunError::Stopped);
            }
        }
    }
    stats.depth = depth;
    if build {
        in_pool(pool, || {
            tables.par_iter_mut().for_each(|t| {
                t.compact(u128::MAX, None);
                t.shrink();
            })
        });
    }
    Ok((stats, tables))
}

/// A partition of the current level and where its keys belong.
#[derive(Clone, Copy)]
struct Source<'a> {
    layout: KeyLayout,
    p: usize,
    part: &'a WidePart,
}

impl Buckets {
    fn empty() -> Self {
        Buckets { recs: Vec::new(), big: Vec::new(), stats: LevelStats::default() }
    }
}

/// Expands `part[s..e]` into `out`.
#[allow(clippy::too_many_arguments)]
#[inline]
fn expand_chunk<G: FromKey>(
    proto: &G,
    group: &Group,
    src: Source<'_>,
    s: usize,
    e: usize,
    build: bool,
    out: &mut Buckets,
    moves: &mut MoveList<G::Move>,
) {
    if out.stats.by_orbit.len() < group.size() + 1 {
        out.stats.by_orbit.resize(group.size() + 1, 0);
    }
    let Source { layout, p, part } = src;
    let (rests, counts) = part.slices();
    let push = |out: &mut Buckets, k: u64, count: u128| {
        let (np, rest) = layout.split_wide(k);
        match u64::try_from(count) {
            Ok(small) => out.recs[np].push([rest, small]),
            Err(_) => out.big[np].push((rest, count)),
        }
    };
    for i in s..e {
        let key = layout.join_wide(p, rests[i]);
        let count = counts[i];
        let g = proto.decode(key);
        let orbit = group.orbit(&g, key);
        let st = &mut out.stats;
        st.canonical += 1;
        st.positions += orbit as u64;
        st.by_orbit[orbit] += 1;
        st.paths += count;
        let n = match group {
            Group::Identity | Group::Full(_) if build => {
                let canonical = matches!(group, Group::Full(_));
                g.successor_keys(canonical, moves, |k| push(out, k, count))
            }
            _ => {
                moves.clear();
                g.moves(moves);
                if build {
                    for &mv in moves.iter() {
                        push(out, group.canonical_key(&g.after(mv)), count);
                    }
                }
                moves.len()
            }
        };
        let st = &mut out.stats;
        st.moves += n as u64;
        if n == 0 {
            st.dead_ends += orbit as u64;
            st.dead_end_paths += count;
            if matches!(g.outcome(), Some(Outcome::Puzzle { goal: true, .. })) {
                st.goals += orbit as u64;
                st.goal_paths += count;
            }
        }
    }
}
