//! One partition of a level of the statistics' fast path: while the next
//! level is built, an open-addressing table of key rests and path
//! counters; once finished, the same arrays compacted.

use core::ops::AddAssign;

/// A path counter: `u64` or `u128`.
pub(crate) trait Count: Copy + Default + Ord + Send + Sync + AddAssign + Into<u128> {
    /// The counter of value `x`.
    fn from_u64(x: u64) -> Self;
    /// `self` if `keep`, else 0, without a branch.
    fn keep_if(self, keep: bool) -> Self;
}

impl Count for u64 {
    #[inline(always)]
    fn from_u64(x: u64) -> Self {
        x
    }
    #[inline(always)]
    fn keep_if(self, keep: bool) -> Self {
        self & 0u64.wrapping_sub(u64::from(keep))
    }
}

impl Count for u128 {
    #[inline(always)]
    fn from_u64(x: u64) -> Self {
        u128::from(x)
    }
    #[inline(always)]
    fn keep_if(self, keep: bool) -> Self {
        self & 0u128.wrapping_sub(u128::from(keep))
    }
}

/// Marks an occupied slot of a table (keys have at most 25 bits).
const FULL: u32 = 1 << 31;

/// One partition of a level. While the level is built: open addressing
/// with linear probing, `keys[i] = rest | FULL` (0 = empty). Once finished:
/// compact, `keys[..len]` and `counts[..len]` without gaps or marks.
#[derive(Clone, Default)]
pub(crate) struct Part<C> {
    keys: Vec<u32>,
    counts: Vec<C>,
    pub(crate) len: usize,
    /// The table grows when `len` reaches this (7/8 of the slots).
    limit: usize,
    rest_bits: u32,
}

impl<C: Count> Part<C> {
    /// A finished partition with one entry.
    pub(crate) fn single(rest: u32, count: C) -> Self {
        Part { keys: vec![rest], counts: vec![count], len: 1, limit: 1, rest_bits: 0 }
    }

    /// A finished partition of these entries (keys below `2^rest_bits`,
    /// each once; read from a checkpoint).
    pub(crate) fn finished(keys: Vec<u32>, counts: Vec<C>) -> Self {
        let len = keys.len();
        Part { keys, counts, len, limit: len, rest_bits: 0 }
    }

    /// Slots of the table.
    pub(crate) fn slots(&self) -> usize {
        self.keys.len()
    }

    /// Empties the table with `cap` slots (any capacity, not a power of
    /// two: no rounding waste on big levels).
    pub(crate) fn reset(&mut self, cap: usize, rest_bits: u32) {
        let cap = cap.max(16);
        self.rest_bits = rest_bits;
        // Growing reallocates (amortised doubling, in place by `mremap` for
        // big blocks, so the pages already touched stay mapped); otherwise
        // the allocation is reused: few fresh pages to fault in.
        self.keys.clear();
        self.keys.resize(cap, 0);
        if self.counts.len() < cap {
            self.counts.resize(cap, C::default());
        }
        self.len = 0;
        self.limit = cap / 8 * 7;
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, rest: u32, count: C) {
        if self.len >= self.limit {
            self.grow();
            return self.add(rest, count);
        }
        let tag = rest | FULL;
        // Both arrays cut to the same length, the start below it: the
        // probes need no bounds checks.
        let keys = &mut self.keys[..];
        let cap = keys.len();
        let counts = &mut self.counts[..cap];
        // The key's rest is uniform below 2^rest_bits: scaled to the
        // capacity (one multiplication, no power-of-two mask).
        let mut i = (((u64::from(rest) * cap as u64) >> self.rest_bits) as usize).min(cap - 1);
        loop {
            let k = keys[i];
            if k == tag {
                counts[i] += count;
                return;
            }
            if k == 0 {
                keys[i] = tag;
                counts[i] = count;
                self.len += 1;
                return;
            }
            i += 1;
            if i == cap {
                i = 0;
            }
        }
    }

    #[cold]
    fn grow(&mut self) {
        let cap = (self.keys.len() * 3 / 2).max(16);
        let keys = std::mem::replace(&mut self.keys, vec![0; cap]);
        let counts = std::mem::replace(&mut self.counts, vec![C::default(); cap]);
        self.len = 0;
        self.limit = cap / 8 * 7;
        for (k, c) in keys.into_iter().zip(counts) {
            if k != 0 {
                self.add(k & !FULL, c);
            }
        }
    }

    /// Compacts a built table; returns its total and largest counter.
    pub(crate) fn compact(&mut self) -> (u128, u128) {
        let (mut paths, mut max) = (0u128, C::default());
        let mut j = 0;
        // Without branches (about half of the slots are empty, at random):
        // every slot is written at `j`, which moves on only past a full
        // one; the counter of an empty slot (stale) counts as 0.
        let counts = &mut self.counts[..self.keys.len()];
        for i in 0..self.keys.len() {
            let k = self.keys[i];
            let full = k != 0;
            let c = counts[i].keep_if(full);
            self.keys[j] = k & !FULL;
            counts[j] = c;
            j += usize::from(full);
            paths += c.into();
            max = max.max(c);
        }
        self.keys.truncate(j);
        self.counts.truncate(j);
        self.len = j;
        (paths, max.into())
    }

    pub(crate) fn entries(&self) -> impl Iterator<Item = (u32, C)> + '_ {
        self.keys[..self.len].iter().copied().zip(self.counts[..self.len].iter().copied())
    }
}

impl Part<u64> {
    /// The finished partition with `u128` counters.
    pub(crate) fn widen(self) -> Part<u128> {
        Part {
            counts: self.counts[..self.len].iter().map(|&c| u128::from(c)).collect(),
            keys: self.keys,
            len: self.len,
            limit: self.limit,
            rest_bits: self.rest_bits,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn adds_like_a_hash_map_through_growth_and_wrap_around() {
        // Small tables (growth), clustered keys (long runs that wrap) and
        // uniform ones.
        for (cap, spread) in [(16, 1u32 << 25), (16, 1 << 10), (1000, 1 << 25), (64, 64)] {
            let mut part = Part::<u64>::default();
            part.reset(cap, 25);
            let mut want: HashMap<u32, u64> = HashMap::new();
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for n in 0..20_000u64 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let rest = if spread == 64 {
                    (1 << 25) - 1 - (seed as u32) % 64
                } else {
                    (seed as u32) % spread
                };
                part.add(rest, n + 1);
                *want.entry(rest).or_default() += n + 1;
            }
            let (paths, max) = part.compact();
            let got: HashMap<u32, u64> = part.entries().collect();
            assert_eq!(got.len(), part.len);
            assert_eq!(got, want);
            assert_eq!(paths, want.values().map(|&c| u128::from(c)).sum::<u128>());
            assert_eq!(max, want.values().copied().max().map_or(0, u128::from));
        }
    }
}
