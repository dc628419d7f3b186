//! The best club change (§8, §9) and, beyond the text, the best change of
//! up to `m` clubs and the global optimum over all club sets.
//!
//! Every search minimises the exact expected strokes; among equal values
//! the single change keeps the first set in the text's order (the original
//! set first), the other searches the lexicographically smallest sorted set,
//! so results do not depend on thread timing.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;
pub use spielbaum_bfs_reach::dense::Control;

use crate::bits::{Bits, Ctx, Eval, Walk, with_words};
use crate::error::GolfError;
use crate::eval::Scorer;
use crate::params::{HILL_CLIMB_ROUNDS, MAX_CLUBS, TASK_PREFIX};
use crate::rules::ClubSet;
use crate::tournament::Rational;

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The best club set (for the single change in the order given, with
    /// the changed club in place; otherwise ascending).
    pub clubs: ClubSet,
    /// Its exact expected strokes; `None` if no set looked at can hole every
    /// length of the tournament.
    pub expected: Option<Rational>,
    /// Club sets looked at.
    pub evaluated: u64,
    /// Sets given up early because their lower bound could not beat the
    /// best so far (§9).
    pub abandoned: u64,
    /// `false` if the search was stopped by its progress callback; the
    /// result is then the best of the sets finished so far.
    pub complete: bool,
}

/// Progress of a long search.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Club sets done.
    pub done: u64,
    /// Club sets in all.
    pub total: u64,
    /// The best value so far (exact), if any.
    pub best: Option<Rational>,
}

/// Best-so-far bookkeeping shared by the parallel searches.
struct Best {
    value: AtomicU64,
    set: Mutex<Option<(u64, ClubSet)>>,
}

impl Best {
    fn new(value: u64, set: Option<ClubSet>) -> Self {
        Best { value: AtomicU64::new(value), set: Mutex::new(set.map(|s| (value, s))) }
    }

    /// Offers a sorted set with an exact value; keeps the smaller value,
    /// then the lexicographically smaller set.
    fn offer(&self, value: u64, set: &ClubSet) {
        if value > self.value.load(Ordering::Relaxed) {
            return;
        }
        self.value.fetch_min(value, Ordering::Relaxed);
        let mut guard = self.set.lock().unwrap_or_else(|e| e.into_inner());
        let better = match &*guard {
            None => true,
            Some((v, s)) => (value, set.as_slice()) < (*v, s.as_slice()),
        };
        if better {
            *guard = Some((value, *set));
        }
    }

    fn bound(&self) -> u64 {
        self.value.load(Ordering::Relaxed)
    }

    fn result(&self) -> Option<(u64, ClubSet)> {
        *self.set.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `n choose k`, `None` on overflow.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return None;
        }
    }
    Some(r as u64)
}

impl Scorer {
    /// §8: the best single club change of `clubs`: the set itself and every
    /// set with one club replaced by another length `1..=max_club`, all
    /// `1 + k·(max_club − 1)` of them (1397 for four clubs up to 350; as in
    /// the text this includes the few sets where the new club equals another
    /// one, which can never win). Uses the second Tübingen optimisation.
    pub fn best_single_change(&self, clubs: &ClubSet) -> Result<Found, GolfError> {
        self.best_single_change_with(clubs, true)
    }

    /// [`best_single_change`](Scorer::best_single_change) with the bound
    /// switched off (`bound = false`), to measure what §9 brings.
    pub fn best_single_change_with(
        &self,
        clubs: &ClubSet,
        bound: bool,
    ) -> Result<Found, GolfError> {
        self.rules.check(clubs)?;
        let (mut best, mut best_set) = match self.evaluate(clubs, u64::MAX) {
            Eval::Exact(v) => (v, *clubs),
            _ => (u64::MAX, *clubs),
        };
        let (mut evaluated, mut abandoned) = (1, 0);
        for i in 0..clubs.len() {
            for len in 1..=self.rules.max_club() {
                if len == clubs.as_slice()[i] {
                    continue;
                }
                let set = clubs.with(i, len);
                evaluated += 1;
                let limit = if bound { best.saturating_sub(1) } else { u64::MAX };
                match self.evaluate_slice(set.as_slice(), limit) {
                    Eval::Exact(v) if v < best => (best, best_set) = (v, set),
                    Eval::Abandoned(_) => abandoned += 1,
                    _ => {}
                }
            }
        }
        Ok(Found {
            clubs: best_set,
            expected: (best != u64::MAX).then(|| self.rational(best)),
            evaluated,
            abandoned,
            complete: true,
        })
    }

    /// Beyond the text: the best set that differs from `clubs` in at most
    /// `changes` clubs (all distinct sets with at most `changes` new
    /// lengths), in parallel with the bound. With `changes >= clubs.len()`
    /// this is the [`optimum`](Scorer::optimum). `progress` is called now
    /// and then (from any thread) and may stop the search.
    pub fn best_change<P>(
        &self,
        clubs: &ClubSet,
        changes: usize,
        progress: P,
    ) -> Result<Found, GolfError>
    where
        P: Fn(&Progress) -> Control + Sync,
    {
        self.rules.check(clubs)?;
        let k = clubs.len();
        if changes >= k {
            return self.optimum(k, progress);
        }
        let given = clubs.sorted();
        let g = given.as_slice();
        let others: Vec<u32> = (1..=self.rules.max_club()).filter(|c| !g.contains(c)).collect();
        let total: u64 = (0..=changes as u64)
            .map(|j| {
                binomial(k as u64, j).unwrap_or(0) * binomial(others.len() as u64, j).unwrap_or(0)
            })
            .sum();
        // Tasks: (removed positions as a bit mask, index of the first new club).
        let mut tasks = Vec::new();
        for removed in 1u32..(1 << k) {
            let j = removed.count_ones() as usize;
            if j <= changes {
                for first in 0..others.len() {
                    if others.len() - first >= j {
                        tasks.push((removed, first));
                    }
                }
            }
        }
        let start = match self.evaluate(&given, u64::MAX) {
            Eval::Exact(v) => v,
            _ => u64::MAX,
        };
        let best = Best::new(start, (start != u64::MAX).then_some(given));
        let counters = Counters::new(total, 1);
        tasks.par_iter().for_each(|&(removed, first)| {
            if counters.stopped() {
                return;
            }
            let mut kept = [0u32; MAX_CLUBS];
            let mut n = 0;
            for (i, &c) in g.iter().enumerate() {
                if removed >> i & 1 == 0 {
                    kept[n] = c;
                    n += 1;
                }
            }
            kept[n] = others[first];
            let (mut ev, mut ab) = (0, 0);
            let need = k - n - 1;
            self.extend(&mut kept, n + 1, need, &others[first + 1..], &best, &mut ev, &mut ab);
            counters.finish(ev, ab, &best, self, &progress);
        });
        Ok(counters.found(&best, self, given))
    }

    /// Adds `need` more clubs from `pool` (ascending) to `set[..len]` and
    /// evaluates every completed set.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        set: &mut [u32; MAX_CLUBS],
        len: usize,
        need: usize,
        pool: &[u32],
        best: &Best,
        ev: &mut u64,
        ab: &mut u64,
    ) {
        if need == 0 {
            let mut sorted = ClubSet::multiset(&set[..len]);
            sorted = sorted.sorted();
            *ev += 1;
            match self.evaluate_slice(sorted.as_slice(), best.bound()) {
                Eval::Exact(v) => best.offer(v, &sorted),
                Eval::Abandoned(_) => *ab += 1,
                Eval::Unreachable => {}
            }
            return;
        }
        for i in 0..pool.len() {
            if pool.len() - i < need {
                break;
            }
            set[len] = pool[i];
            self.extend(set, len + 1, need - 1, &pool[i + 1..], best, ev, ab);
        }
    }

    /// Beyond the text: the best set of `k` distinct clubs among all
    /// `C(max_club, k)` (≈ 6.1·10^8 for four clubs up to 350), exact.
    ///
    /// Seeds the bound with a hill climb of single changes, then enumerates
    /// all sets in parallel (rayon); for each prefix of `k − 1` clubs the
    /// lower bound after two strokes is updated incrementally for the last
    /// club, and only sets that survive it run the bit-parallel search with
    /// the bound (§9). `progress` is called after every task (from any
    /// thread) and may stop the search; the best of the finished sets is
    /// returned with `complete: false`.
    pub fn optimum<P>(&self, k: usize, progress: P) -> Result<Found, GolfError>
    where
        P: Fn(&Progress) -> Control + Sync,
    {
        let max = self.rules.max_club();
        if k == 0 || k > MAX_CLUBS || k as u32 > max {
            return Err(GolfError::option(
                k.to_string(),
                format!("the number of clubs must be 1..={}", MAX_CLUBS.min(max as usize)),
            ));
        }
        let total = binomial(u64::from(max), k as u64)
            .ok_or_else(|| GolfError::option(k.to_string(), "too many club sets to enumerate"))?;
        let seed = self.hill_climb(k);
        let best = Best::new(seed.map_or(u64::MAX, |(v, _)| v), seed.map(|(_, s)| s));
        let counters = Counters::new(total, 0);
        with_words!(self.ctx.words, optimum_words(self, k, &best, &counters, &progress));
        let fallback = ClubSet::multiset(&(1..=k as u32).collect::<Vec<_>>());
        Ok(counters.found(&best, self, fallback))
    }

    /// A good first bound: repeated best single changes from spread-out
    /// starting sets.
    fn hill_climb(&self, k: usize) -> Option<(u64, ClubSet)> {
        let max = self.rules.max_club();
        let mut best: Option<(u64, ClubSet)> = None;
        let starts: [Vec<u32>; 2] = [
            (0..k as u32).map(|i| 1 + i * (max - 1) / (k as u32).max(2)).collect(),
            (0..k as u32).map(|i| 1 + i).collect(),
        ];
        for start in starts {
            let mut set = ClubSet::multiset(&start);
            for _ in 0..HILL_CLIMB_ROUNDS {
                let Ok(found) = self.best_single_change(&set) else { break };
                if found.clubs == set {
                    break;
                }
                set = found.clubs;
            }
            let set = set.sorted();
            if ClubSet::new(set.as_slice(), &self.rules).is_err() {
                continue; // a start with duplicate clubs that never changed
            }
            if let Eval::Exact(v) = self.evaluate(&set, u64::MAX)
                && best.is_none_or(|(b, _)| v < b)
            {
                best = Some((v, set));
            }
        }
        best
    }
}

/// A progress callback.
type ProgressFn<'a> = dyn Fn(&Progress) -> Control + Sync + 'a;

/// Counts shared by the parallel searches.
struct Counters {
    done: AtomicU64,
    evaluated: AtomicU64,
    abandoned: AtomicU64,
    stop: AtomicBool,
    total: u64,
}

impl Counters {
    fn new(total: u64, already: u64) -> Self {
        Counters {
            done: AtomicU64::new(already),
            evaluated: AtomicU64::new(already),
            abandoned: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            total,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn finish(&self, ev: u64, ab: u64, best: &Best, scorer: &Scorer, progress: &ProgressFn<'_>) {
        self.evaluated.fetch_add(ev, Ordering::Relaxed);
        self.abandoned.fetch_add(ab, Ordering::Relaxed);
        let done = self.done.fetch_add(ev, Ordering::Relaxed) + ev;
        let b = best.bound();
        let p =
            Progress { done, total: self.total, best: (b != u64::MAX).then(|| scorer.rational(b)) };
        if progress(&p) == Control::Stop {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    fn found(&self, best: &Best, scorer: &Scorer, fallback: ClubSet) -> Found {
        let result = best.result();
        Found {
            clubs: result.map_or(fallback, |(_, s)| s),
            expected: result.map(|(v, _)| scorer.rational(v)),
            evaluated: self.evaluated.load(Ordering::Relaxed),
            abandoned: self.abandoned.load(Ordering::Relaxed),
            complete: !self.stopped(),
        }
    }
}

/// The global enumeration for one field width.
fn optimum_words<const W: usize>(
    scorer: &Scorer,
    k: usize,
    best: &Best,
    counters: &Counters,
    progress: &ProgressFn<'_>,
) {
    let max = scorer.rules.max_club();
    // Tasks: the first min(k − 1, TASK_PREFIX) clubs.
    let lead = (k - 1).min(TASK_PREFIX);
    let mut tasks: Vec<[u32; TASK_PREFIX]> = Vec::new();
    prefixes(&mut [0; TASK_PREFIX], 0, lead, k, max, &mut tasks);
    let ctx = &scorer.ctx;
    tasks.par_iter().for_each_init(
        || Prefix::<W>::new(ctx, max),
        |prefix, task| {
            if counters.stopped() {
                return;
            }
            let mut set = [0u32; MAX_CLUBS];
            set[..lead].copy_from_slice(&task[..lead]);
            let (mut ev, mut ab) = (0, 0);
            prefix.middle(ctx, &mut set, lead, k, max, best, &mut ev, &mut ab);
            counters.finish(ev, ab, best, scorer, progress);
        },
    );
}

/// Every ascending `prefix[..lead]` that leaves room for `k − lead` larger
/// clubs up to `max`.
fn prefixes(
    prefix: &mut [u32; TASK_PREFIX],
    len: usize,
    lead: usize,
    k: usize,
    max: u32,
    out: &mut Vec<[u32; TASK_PREFIX]>,
) {
    if len == lead {
        out.push(*prefix);
        return;
    }
    let from = if len == 0 { 1 } else { prefix[len - 1] + 1 };
    let room = (k - len - 1) as u32;
    for c in from..=max.saturating_sub(room) {
        prefix[len] = c;
        prefixes(prefix, len + 1, lead, k, max, out);
    }
}

/// Per-thread scratch of the global search: the level-2 gains of the
/// current prefix of `k − 1` clubs.
struct Prefix<const W: usize> {
    gain: Vec<u64>,
    field: Bits<W>,
    needed: Bits<W>,
}

impl<const W: usize> Prefix<W> {
    fn new(ctx: &Ctx, max_club: u32) -> Self {
        Prefix {
            gain: vec![0; 2 * max_club as usize + 1],
            field: Bits::from_words(&ctx.field),
            needed: Bits::from_words(&ctx.needed),
        }
    }

    /// Fills `set[len..k − 1]` ascending, then runs the last club.
    #[allow(clippy::too_many_arguments)]
    fn middle(
        &mut self,
        ctx: &Ctx,
        set: &mut [u32; MAX_CLUBS],
        len: usize,
        k: usize,
        max: u32,
        best: &Best,
        ev: &mut u64,
        ab: &mut u64,
    ) {
        if len == k - 1 {
            self.last(ctx, &set[..len], k, max, best, ev, ab);
            return;
        }
        let from = if len == 0 { 1 } else { set[len - 1] + 1 };
        let room = (k - len - 1) as u32; // clubs still to come after this one
        for c in from..=max.saturating_sub(room) {
            set[len] = c;
            self.middle(ctx, set, len + 1, k, max, best, ev, ab);
        }
    }

    /// Every last club `d` above the prefix `p`: the lower bound after two
    /// strokes from the prefix's table plus `d`'s new fields, then the full
    /// search only for sets that survive it.
    #[allow(clippy::too_many_arguments)]
    fn last(
        &mut self,
        ctx: &Ctx,
        p: &[u32],
        k: usize,
        max: u32,
        best: &Best,
        ev: &mut u64,
        ab: &mut u64,
    ) {
        let h = ctx.max_hole;
        let w = &ctx.weight;
        // Fields within two strokes of the prefix alone.
        let mut l2 = Bits::<W>::zero();
        for (i, &x) in p.iter().enumerate() {
            l2.set(x);
            for &y in &p[..=i] {
                if x + y <= h {
                    l2.set(x + y);
                }
                if x > y {
                    l2.set(x - y);
                }
            }
        }
        let u1p = ctx.total - p.iter().map(|&x| w[x as usize]).sum::<u64>();
        let mut u2p = ctx.total;
        l2.and(&self.needed).for_each(|f| u2p -= w[f as usize]);
        // gain[v]: weight of field v if it is not yet within two strokes.
        let hole_part = (h as usize + 1).min(self.gain.len());
        self.gain[..hole_part].copy_from_slice(&w[..hole_part]);
        self.gain[hole_part..].fill(0);
        l2.and(&self.needed).for_each(|f| self.gain[f as usize] = 0);
        let from = p.last().map_or(1, |&x| x + 1);
        let mut set = [0u32; MAX_CLUBS];
        set[..p.len()].copy_from_slice(p);
        let mut level1 = Bits::<W>::zero();
        level1.set(0);
        for &x in p {
            level1.set(x);
        }
        for d in from..=max {
            *ev += 1;
            let g = &self.gain;
            let mut got = g[d as usize] + g[2 * d as usize];
            for &x in p {
                got += g[(d + x) as usize] + g[(d - x) as usize];
            }
            let u1 = u1p - w.get(d as usize).copied().unwrap_or(0);
            let u2 = u2p - got;
            let lb = ctx.total + u1 + u2;
            let bound = best.bound();
            set[k - 1] = d;
            let clubs = ClubSet::multiset(&set[..k]);
            if u2 == 0 {
                best.offer(lb, &clubs);
                continue;
            }
            if lb > bound {
                *ab += 1;
                continue;
            }
            // Survivor: the walk after two strokes, then the full search.
            let mut reached = l2;
            reached.set(0);
            reached.set(d);
            reached.set(2 * d);
            for &x in p {
                reached.set(d + x);
                reached.set(d - x);
            }
            let reached = reached.and(&self.field).or_zero();
            let mut l1 = level1;
            l1.set(d);
            let mut walk = Walk::<W>::at(reached, reached.and_not(&l1), 2, lb, u2);
            match walk.finish(&set[..k], &self.field, &self.needed, w, bound) {
                Eval::Exact(v) => best.offer(v, &clubs),
                Eval::Abandoned(_) => *ab += 1,
                Eval::Unreachable => {}
            }
        }
    }
}

impl<const W: usize> Bits<W> {
    /// `self` with field 0 (the tee) added back.
    fn or_zero(mut self) -> Self {
        self.set(0);
        self
    }
}
