//! One partition of a level, the storage of both level engines: while the
//! next level is built, an open-addressing table of key rests and path
//! counters; once finished, the same arrays compacted. The packed engine
//! stores rests of at most 25 bits as `u32` ([`Part<C>`](Part)), the
//! generic one rests of 56 bits of any 64-bit key as `u64`
//! (`Part<u128, u64>`).

use core::ops::AddAssign;

use crate::cpu::{Avx2, Avx512, Table, compact16, insert_narrow, window};

/// A path counter: `u64` or `u128`.
pub(crate) trait Count:
    Copy + Default + Ord + Send + Sync + AddAssign + Into<u128> + 'static
{
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

/// What [`Part::compact`] found: the total and the largest counter, and
/// how many counters were at least the bound it was given.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Compacted {
    pub(crate) paths: u128,
    pub(crate) max: u128,
    pub(crate) big: usize,
}

/// The rest of a key as a table stores it: `u32` (at most 31 bits) or
/// `u64` (at most 63 bits); the top bit marks an occupied slot.
pub(crate) trait Rest: Copy + Default + Eq + Send + Sync + 'static {
    /// The occupied mark.
    const FULL: Self;
    /// The home slot of a rest uniform below `2^rest_bits` among `homes`
    /// slots: scaled (one multiplication, no power-of-two mask).
    fn home(self, homes: u64, rest_bits: u32) -> usize;
    /// `self` with the mark.
    fn mark(self) -> Self;
    /// `self` without the mark.
    fn unmark(self) -> Self;
    /// `true` for an empty slot (0).
    fn is_empty(self) -> bool;
    /// Bit `j` set if `w[j]` is `tag` or empty.
    fn window(w: &[Self; WINDOW], tag: Self) -> u32;
    /// The rest as a word.
    fn to_u64(self) -> u64;
}

impl Rest for u32 {
    const FULL: u32 = 1 << 31;
    #[inline(always)]
    fn home(self, homes: u64, rest_bits: u32) -> usize {
        ((u64::from(self) * homes) >> rest_bits) as usize
    }
    #[inline(always)]
    fn mark(self) -> u32 {
        self | Self::FULL
    }
    #[inline(always)]
    fn unmark(self) -> u32 {
        self & !Self::FULL
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn window(w: &[u32; WINDOW], tag: u32) -> u32 {
        window(w, tag)
    }
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
}

impl Rest for u64 {
    const FULL: u64 = 1 << 63;
    #[inline(always)]
    fn home(self, homes: u64, rest_bits: u32) -> usize {
        ((u128::from(self) * u128::from(homes)) >> rest_bits) as usize
    }
    #[inline(always)]
    fn mark(self) -> u64 {
        self | Self::FULL
    }
    #[inline(always)]
    fn unmark(self) -> u64 {
        self & !Self::FULL
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn window(w: &[u64; WINDOW], tag: u64) -> u32 {
        let mut m = 0;
        for (j, &k) in w.iter().enumerate() {
            m |= u32::from((k == tag) | (k == 0)) << j;
        }
        m
    }
    fn to_u64(self) -> u64 {
        self
    }
}

/// Marks an occupied slot of a table of `u32` rests (the SIMD loops).
const FULL: u32 = <u32 as Rest>::FULL;

/// Slots a key's first probe looks at: its home slot and the next ones, in
/// vector comparisons ([`window`]). A table has this many slots past its
/// last home slot, so the window never wraps.
const WINDOW: usize = 8;

/// One partition of a level. While the level is built: open addressing
/// with linear probing, `keys[i] = rest | FULL` (0 = empty), home slots
/// below `homes` and [`WINDOW`] more slots after them (`counts.len()`
/// slots in all), and one more key, the sink, past them: an insertion that
/// finds its key stores the key there instead of a branch. Once finished:
/// compact, `keys[..len]` and `counts[..len]` without gaps or marks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Part<C, K = u32> {
    keys: Vec<K>,
    counts: Vec<C>,
    /// Home slots of the table (the key's rest scaled to this).
    homes: usize,
    pub(crate) len: usize,
    /// The table grows when `len` reaches this (7/8 of the slots).
    limit: usize,
    rest_bits: u32,
}

impl<C: Count, K: Rest> Part<C, K> {
    /// A finished partition with one entry.
    pub(crate) fn single(rest: K, count: C) -> Self {
        Part { keys: vec![rest], counts: vec![count], homes: 1, len: 1, limit: 1, rest_bits: 0 }
    }

    /// A finished partition of these entries (keys below `2^rest_bits`,
    /// each once; read from a checkpoint).
    pub(crate) fn finished(keys: Vec<K>, counts: Vec<C>) -> Self {
        let len = keys.len();
        Part { keys, counts, homes: len, len, limit: len, rest_bits: 0 }
    }

    /// Empties the table with `cap` home slots (any number, not a power of
    /// two: no rounding waste on big levels).
    pub(crate) fn reset(&mut self, cap: usize, rest_bits: u32) {
        let homes = cap.max(16);
        let cap = homes + WINDOW;
        self.rest_bits = rest_bits;
        // Growing reallocates (amortised doubling, in place by `mremap` for
        // big blocks, so the pages already touched stay mapped); otherwise
        // the allocation is reused: few fresh pages to fault in. Empty slots
        // have zero counters (an insertion adds without looking).
        self.keys.clear();
        self.keys.resize(cap + 1, K::default());
        self.counts.clear();
        self.counts.resize(cap, C::default());
        self.homes = homes;
        self.len = 0;
        self.limit = homes / 8 * 7;
    }

    /// Reads the table through once, in order: before a later round merges
    /// into it (the table has left the cache since the last one), the
    /// processor streams it back much faster than the scattered insertions
    /// would fetch it line by line.
    pub(crate) fn warm(&self) {
        let mut x = 0u64;
        for k in self.keys.iter().step_by(64 / size_of::<K>()) {
            x ^= k.to_u64();
        }
        for c in self.counts.iter().step_by(64 / size_of::<C>()) {
            x ^= (*c).into() as u64;
        }
        std::hint::black_box(x);
    }

    /// Adds `count` to the counter of `rest` (a new entry if it has none).
    #[cfg(test)]
    pub(crate) fn add(&mut self, rest: K, count: C) {
        self.add_all([(rest, count)].into_iter());
    }

    /// Adds each counter to its key's entry.
    #[inline(always)]
    pub(crate) fn add_all(&mut self, items: impl Iterator<Item = (K, C)>) {
        let mut items = items;
        loop {
            if self.len >= self.limit {
                self.grow();
            }
            // The table's fields in locals for the loop (the stores into
            // the arrays cannot change them).
            let (limit, homes, rest_bits) = (self.limit, self.homes as u64, self.rest_bits);
            let (keys, counts) = (&mut self.keys[..], &mut self.counts[..]);
            let mut len = self.len;
            let mut full = false;
            for (rest, count) in items.by_ref() {
                len += insert(keys, counts, homes, rest_bits, rest, count);
                if len >= limit {
                    full = true;
                    break;
                }
            }
            self.len = len;
            if !full {
                return;
            }
        }
    }

    /// Adds narrow records (`rest | count << rest_bits`, the counter below
    /// `2^(64 − rest_bits)`), or escaped ones if `escaped` (see
    /// [`Escaped`](super::buckets::Escaped)), to their keys' entries
    /// through [`insert_narrow`]; `false` (and nothing added) where the
    /// processor lacks AVX2 or the counters are `u128`.
    pub(crate) fn add_fast(&mut self, words: &[u64], escaped: bool, avx2: Option<Avx2>) -> bool {
        let Some(proof) = avx2 else {
            return false;
        };
        if u64_counts(&mut self.counts).is_none() || u32_keys(&mut self.keys).is_none() {
            return false;
        }
        let mut words = words;
        while !words.is_empty() {
            let room = self.limit.saturating_sub(self.len);
            if room == 0 {
                self.grow();
                continue;
            }
            let counts = u64_counts(&mut self.counts).expect("u64 counters");
            let keys = u32_keys(&mut self.keys).expect("u32 rests");
            let (homes, rest_bits) = (self.homes, self.rest_bits);
            let table = Table { keys, counts, homes, rest_bits, full: FULL };
            let (taken, added) = insert_narrow(proof, table, words, escaped, room);
            self.len += added;
            words = &words[taken..];
        }
        true
    }

    #[cold]
    fn grow(&mut self) {
        let homes = (self.homes * 3 / 2).max(16);
        let cap = homes + WINDOW;
        let keys = std::mem::replace(&mut self.keys, vec![K::default(); cap + 1]);
        let counts = std::mem::replace(&mut self.counts, vec![C::default(); cap]);
        self.homes = homes;
        self.len = 0;
        self.limit = homes / 8 * 7;
        // The slots without the sink.
        let entries =
            keys[..counts.len()].iter().copied().zip(counts).filter(|&(k, _)| !k.is_empty());
        let (keys, counts) = (&mut self.keys[..], &mut self.counts[..]);
        let (homes, rest_bits) = (homes as u64, self.rest_bits);
        self.len =
            entries.map(|(k, c)| insert(keys, counts, homes, rest_bits, k.unmark(), c)).sum();
    }

    /// Compacts a built table; returns its total and largest counter and
    /// how many counters are at least `big`. Sixteen slots at a time
    /// through [`compact16`] where the processor has AVX-512F and the
    /// counters are `u64`.
    pub(crate) fn compact(&mut self, big: u128, avx512: Option<Avx512>) -> Compacted {
        let (mut paths, mut max, mut bigs) = (0u128, 0u128, 0usize);
        let mut j = 0;
        let mut from = 0;
        if let (Some(proof), Some(keys), Some(counts), Ok(bound)) =
            (avx512, u32_keys(&mut self.keys), u64_counts(&mut self.counts), u64::try_from(big))
        {
            let done = compact16(proof, keys, counts, FULL, bound);
            (paths, max, bigs) = (done.paths, u128::from(done.max), done.big);
            (j, from) = (done.kept, done.read);
        }
        // Without branches (about a third of the slots are empty, at
        // random): every slot is written at `j`, which moves on only past a
        // full one; the counter of an empty slot counts as 0. The slots
        // without the sink.
        let counts = &mut self.counts[..];
        for i in from..counts.len() {
            let k = self.keys[i];
            let full = !k.is_empty();
            let c = counts[i].keep_if(full);
            self.keys[j] = k.unmark();
            counts[j] = c;
            j += usize::from(full);
            let c: u128 = c.into();
            paths += c;
            max = max.max(c);
            bigs += usize::from(c >= big);
        }
        self.keys.truncate(j);
        self.counts.truncate(j);
        self.len = j;
        Compacted { paths, max, big: bigs }
    }

    pub(crate) fn entries(&self) -> impl Iterator<Item = (K, C)> + '_ {
        self.keys[..self.len].iter().copied().zip(self.counts[..self.len].iter().copied())
    }

    /// The rests and the counters of a finished partition.
    pub(crate) fn slices(&self) -> (&[K], &[C]) {
        (&self.keys[..self.len], &self.counts[..self.len])
    }

    /// Gives back the memory of a finished partition's empty slots.
    pub(crate) fn shrink(&mut self) {
        self.keys.truncate(self.len);
        self.counts.truncate(self.len);
        self.keys.shrink_to_fit();
        self.counts.shrink_to_fit();
    }
}

impl<K: Rest> Part<u64, K> {
    /// The finished partition with `u128` counters.
    pub(crate) fn widen(self) -> Part<u128, K> {
        Part {
            counts: self.counts[..self.len].iter().map(|&c| u128::from(c)).collect(),
            keys: self.keys,
            homes: self.homes,
            len: self.len,
            limit: self.limit,
            rest_bits: self.rest_bits,
        }
    }
}

/// The counters as `u64`s if they are (the vector loops handle only
/// those).
#[allow(clippy::ptr_arg)] // `Any` needs the sized `Vec`, not a slice.
fn u64_counts<C: Count>(counts: &mut Vec<C>) -> Option<&mut Vec<u64>> {
    let counts: &mut dyn core::any::Any = counts;
    counts.downcast_mut()
}

/// The rests as `u32`s if they are (the vector loops handle only those).
#[allow(clippy::ptr_arg)] // As above.
fn u32_keys<K: Rest>(keys: &mut Vec<K>) -> Option<&mut Vec<u32>> {
    let keys: &mut dyn core::any::Any = keys;
    keys.downcast_mut()
}

/// Adds `count` to the counter of `rest` in the table of `keys` and
/// `counts` (`homes` home slots, keys below `2^rest_bits`, the sink at
/// `keys[counts.len()]`): 1 if the entry is new, else 0 (the caller counts
/// it; the table has room).
#[inline(always)]
fn insert<C: Count, K: Rest>(
    keys: &mut [K],
    counts: &mut [C],
    homes: u64,
    rest_bits: u32,
    rest: K,
    count: C,
) -> usize {
    let tag = rest.mark();
    // The key's rest is uniform below 2^rest_bits: scaled to the home
    // slots (one multiplication, no power-of-two mask).
    let home = rest.home(homes, rest_bits);
    let cap = counts.len();
    let home = home.min(cap - WINDOW);
    // The first slot of the window that holds the key or is empty (the
    // key is nowhere after an empty slot): found there almost always
    // (1.37 slots probed on average on the English board), with one
    // vector comparison and no branch per slot.
    let w: &[K; WINDOW] = keys[home..home + WINDOW].try_into().expect("in the table");
    let m = K::window(w, tag);
    let mut i = home + m.trailing_zeros() as usize;
    if m == 0 {
        // A run longer than the window: linear probing past it,
        // wrapping.
        i = home + WINDOW;
        loop {
            if i == cap {
                i = 0;
            }
            if keys[i] == tag || keys[i].is_empty() {
                break;
            }
            i += 1;
        }
    }
    // An empty slot's counter is 0: added to without a branch. The key
    // is stored at its slot when new and into the sink otherwise, also
    // without a branch (a new key is about one record in eight, at
    // random: a branch on it is mispredicted that often; storing into the
    // slot every time was measured slower, as the next windows' loads
    // then wait for those stores).
    let new = keys[i].is_empty();
    let at = if new { i } else { cap };
    keys[at] = tag;
    counts[i] += count;
    usize::from(new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn add_narrow(part: &mut Part<u64>, words: &[u64], avx2: Option<Avx2>) {
        if !part.add_fast(words, false, avx2) {
            part.add_all(words.iter().map(|&r| ((r & ((1 << 25) - 1)) as u32, r >> 25)));
        }
    }

    /// The generic engine's partitions: rests of 56 bits (and the largest
    /// and smallest ones), counters past 2^64, through growth.
    #[test]
    fn wide_rests_and_counters_add_like_a_hash_map() {
        for cap in [16, 5000] {
            let mut t = Part::<u128, u64>::default();
            t.reset(cap, 56);
            let mut want: HashMap<u64, u128> = HashMap::new();
            let mut x = 12345u64;
            for i in 0..20_000u64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let rest = match i % 997 {
                    0 => (1 << 56) - 1,
                    1 => 0,
                    _ if i % 2 == 0 => x >> 8,
                    _ => x % 3000,
                };
                let c = if i % 3 == 0 { u128::from(i) << 70 } else { u128::from(u64::MAX - i) };
                t.add(rest, c);
                *want.entry(rest).or_insert(0) += c;
            }
            let done = t.compact(u128::MAX, None);
            t.shrink();
            let got: HashMap<u64, u128> = t.entries().collect();
            assert_eq!(got.len(), t.len);
            assert_eq!(got, want);
            assert_eq!(done.paths, want.values().sum::<u128>());
        }
    }

    #[test]
    fn adds_like_a_hash_map_through_growth_and_wrap_around() {
        // Small tables (growth), clustered keys (long runs that wrap) and
        // uniform ones; one record at a time, and narrow records in
        // batches through the AVX2 loop (where the processor has it) and
        // the portable one; compacted with AVX-512 (where the processor has
        // it) and without.
        if Avx2::detect().is_none() {
            eprintln!("skipped (AVX2 merge): this processor has no AVX2");
        }
        if Avx512::detect().is_none() {
            eprintln!("skipped (AVX-512 compaction): this processor has no AVX-512F");
        }
        let ways = [None, Some(None), Some(Avx2::detect())];
        for (cap, spread) in [(16, 1u32 << 25), (16, 1 << 10), (1000, 1 << 25), (64, 64)] {
            for (way, avx512) in ways.into_iter().zip([None, Avx512::detect(), Avx512::detect()]) {
                let mut part = Part::<u64>::default();
                part.reset(cap, 25);
                let mut want: HashMap<u32, u64> = HashMap::new();
                let mut seed = 0x2545_f491_4f6c_dd1du64;
                let mut batch = Vec::new();
                for n in 0..20_000u64 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let rest = if spread == 64 {
                        (1 << 25) - 1 - (seed as u32) % 64
                    } else {
                        (seed as u32) % spread
                    };
                    *want.entry(rest).or_default() += n + 1;
                    match way {
                        None => part.add(rest, n + 1),
                        Some(avx2) => {
                            batch.push(u64::from(rest) | (n + 1) << 25);
                            if batch.len() == (seed >> 50) as usize % 700 {
                                add_narrow(&mut part, &batch, avx2);
                                batch.clear();
                            }
                        }
                    }
                }
                if let Some(avx2) = way {
                    add_narrow(&mut part, &batch, avx2);
                }
                let big = 1 << 20;
                let done = part.compact(big, avx512);
                let got: HashMap<u32, u64> = part.entries().collect();
                assert_eq!(got.len(), part.len);
                assert_eq!(got, want, "{way:?}");
                assert_eq!(done.paths, want.values().map(|&c| u128::from(c)).sum::<u128>());
                assert_eq!(done.max, want.values().copied().max().map_or(0, u128::from));
                let bigs = want.values().filter(|&&c| u128::from(c) >= big).count();
                assert_eq!(done.big, bigs);
            }
        }
    }
}
