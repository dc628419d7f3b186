//! A thread's buckets of successor records, one per next partition, in one
//! arena: bucket `p` fills the segment `p` of the arena, and spills into a
//! vector of its own once its segment is full (rare: segments are sized
//! for the expected share with room for its spread).
//!
//! One big allocation instead of one per bucket lets the kernel back it
//! with transparent huge pages ([`advise_huge`]): the buckets of the
//! English peg-solitaire statistics (about 200 MB) fault in a few hundred 2 MiB pages
//! instead of tens of thousands of 4 KiB ones, and the arena is reused from
//! level to level and for every kind of record.

#![allow(unsafe_code)]

use super::part::{Count, Part};
use crate::cpu::{Avx2, advise_huge};

/// Buckets of records of `W` words (`W` fixed between two
/// [`reset`](Buckets::reset)s).
#[derive(Default)]
pub(crate) struct Buckets {
    arena: Vec<u64>,
    /// Words per segment (a multiple of the record size).
    seg: usize,
    /// Of each segment: where its next word goes and where it ends (indices
    /// into the arena; the end is at most the arena's length).
    pos: Vec<[usize; 2]>,
    spill: Vec<Vec<u64>>,
}

impl Buckets {
    /// Empties `n` buckets with room for about `words` words each in their
    /// segments, records of `record_words` words. A new arena reserves up
    /// to `room` words (at most eight times what is needed now) for later
    /// calls.
    pub(crate) fn reset(&mut self, n: usize, words: usize, record_words: usize, room: usize) {
        let seg = words.div_ceil(record_words).max(1) * record_words;
        let need = n * seg;
        if self.arena.capacity() < need {
            // A fresh block with room for growth (virtual memory only:
            // a page is faulted in when first touched, so the levels that
            // follow grow into it without faulting in again what earlier
            // levels touched); advised before any page is touched.
            self.arena = Vec::new();
            let mut arena = Vec::with_capacity(need.max(need.saturating_mul(8).min(room)));
            advise_huge(&mut arena);
            self.arena = arena;
        }
        if self.arena.len() < need {
            self.arena.resize(need, 0);
        }
        self.seg = seg;
        self.pos.clear();
        self.pos.extend((0..n).map(|p| [p * seg, (p + 1) * seg]));
        self.spill.resize_with(n, Vec::new);
        self.clear();
    }

    /// A writer appending records to the buckets (the arena's pointers
    /// held in locals for the hot loop).
    pub(crate) fn writer(&mut self) -> Writer<'_> {
        // What `Writer::push` relies on.
        assert!(self.pos.iter().all(|&[_, end]| end <= self.arena.len()), "segments in the arena");
        Writer { arena: &mut self.arena, pos: &mut self.pos, spill: &mut self.spill }
    }

    /// The words of bucket `p`: its segment's part, then its spill.
    pub(crate) fn get(&self, p: usize) -> [&[u64]; 2] {
        let [at, end] = self.pos[p];
        [&self.arena[end - self.seg..at], &self.spill[p]]
    }

    /// Empties every bucket (keeping the memory).
    pub(crate) fn clear(&mut self) {
        let seg = self.seg;
        self.pos.iter_mut().for_each(|[at, end]| *at = *end - seg);
        self.spill.iter_mut().for_each(Vec::clear);
    }
}

/// Appends records to [`Buckets`] (see [`Buckets::writer`]).
///
/// Every segment's end is at most the arena's length (checked when the
/// writer is made, and nothing else changes `pos` or the arena while it
/// lives), so a record that fits before its segment's end is in the arena.
pub(crate) struct Writer<'a> {
    arena: &'a mut [u64],
    pos: &'a mut [[usize; 2]],
    spill: &'a mut [Vec<u64>],
}

impl Writer<'_> {
    /// Appends a record of `W` words to bucket `p`.
    #[inline(always)]
    pub(crate) fn push<const W: usize>(&mut self, p: usize, record: [u64; W]) {
        let [at, end] = self.pos[p];
        if at + W <= end {
            // SAFETY: `at + W <= end <= arena.len()` (the writer's
            // invariant): the words written are in the arena. This is the
            // expansion's hot store, one per record; see
            // `docs/bfs-reach.md` for the measurement against the
            // checked slice.
            unsafe {
                let slot = self.arena.as_mut_ptr().add(at);
                core::ptr::copy_nonoverlapping(record.as_ptr(), slot, W);
            }
            self.pos[p][0] = at + W;
        } else {
            self.spill(p, &record);
        }
    }

    #[cold]
    #[inline(never)]
    fn spill(&mut self, p: usize, record: &[u64]) {
        self.spill[p].extend_from_slice(record);
    }
}

/// A successor record (the rest of its key and the parent's counter) as
/// words of a bucket. Buckets are plain `u64` vectors whatever the record:
/// the memory of one kind is reused by the next (narrow records in the big
/// middle levels, escaped ones near the end) without being given back to
/// the system and faulted in again.
pub(crate) trait Record<C: Count>: Send + Sync {
    /// Words of the shortest record (a bucket's segment is a multiple).
    const WORDS: usize;
    /// Words per record on average if this share of the parents' counters
    /// are too big for one word.
    fn mean_words(big_share: f64) -> f64;
    /// Appends a record to bucket `p`.
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: C, rest_bits: u32);
    /// The records of `words` (whole records, as pushed), in order.
    fn records(words: &[u64], rest_bits: u32) -> impl Iterator<Item = (u32, C)> + '_;
    /// Adds the records of `words` to `table` (keys of `rest_bits` bits).
    #[inline(always)]
    fn merge(table: &mut Part<C>, words: &[u64], rest_bits: u32, avx2: Option<Avx2>) {
        let _ = avx2;
        table.add_all(Self::records(words, rest_bits));
    }
}

/// Narrow records: one word, the counter above the key bits (it must fit).
pub(crate) struct Narrow;

impl<C: Count> Record<C> for Narrow {
    const WORDS: usize = 1;
    fn mean_words(_: f64) -> f64 {
        1.0
    }
    #[inline(always)]
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: C, rest_bits: u32) {
        b.push(p, [u64::from(rest) | (count.into() as u64) << rest_bits]);
    }
    #[inline(always)]
    fn records(words: &[u64], rest_bits: u32) -> impl Iterator<Item = (u32, C)> + '_ {
        words
            .iter()
            .map(move |&r| ((r & ((1 << rest_bits) - 1)) as u32, C::from_u64(r >> rest_bits)))
    }
    #[inline(always)]
    fn merge(table: &mut Part<C>, words: &[u64], rest_bits: u32, avx2: Option<Avx2>) {
        if !table.add_fast(words, false, avx2) {
            table.add_all(Self::records(words, rest_bits));
        }
    }
}

/// The counter value of an escaped record's first word (all ones in the
/// counter's bits): the counter follows in the next words.
#[inline(always)]
pub(crate) fn escape(rest_bits: u32) -> u64 {
    u64::MAX >> rest_bits
}

/// Escaped records: a narrow record while the counter is below
/// [`escape`]; a larger counter is written as the escape value in the
/// first word and follows in full, in one more word (`u64`) or two
/// (`u128`). Near the end of the English statistics the largest counters
/// pass 39 bits while most stay below: one word for most records instead
/// of two or three.
pub(crate) struct Escaped;

impl Record<u64> for Escaped {
    const WORDS: usize = 1;
    fn mean_words(big_share: f64) -> f64 {
        1.0 + big_share
    }
    #[inline(always)]
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: u64, rest_bits: u32) {
        let esc = escape(rest_bits);
        if count < esc {
            b.push(p, [u64::from(rest) | count << rest_bits]);
        } else {
            b.push(p, [u64::from(rest) | esc << rest_bits, count]);
        }
    }
    #[inline(always)]
    fn records(words: &[u64], rest_bits: u32) -> impl Iterator<Item = (u32, u64)> + '_ {
        Unescape { words, rest_bits, extra: |w: &[u64]| w[0] }
    }
    #[inline(always)]
    fn merge(table: &mut Part<u64>, words: &[u64], rest_bits: u32, avx2: Option<Avx2>) {
        if !table.add_fast(words, true, avx2) {
            table.add_all(<Self as Record<u64>>::records(words, rest_bits));
        }
    }
}

impl Record<u128> for Escaped {
    const WORDS: usize = 1;
    fn mean_words(big_share: f64) -> f64 {
        1.0 + 2.0 * big_share
    }
    #[inline(always)]
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: u128, rest_bits: u32) {
        let esc = escape(rest_bits);
        if count < u128::from(esc) {
            b.push(p, [u64::from(rest) | (count as u64) << rest_bits]);
        } else {
            let first = u64::from(rest) | esc << rest_bits;
            b.push(p, [first, count as u64, (count >> 64) as u64]);
        }
    }
    #[inline(always)]
    fn records(words: &[u64], rest_bits: u32) -> impl Iterator<Item = (u32, u128)> + '_ {
        Unescape { words, rest_bits, extra: |w: &[u64]| u128::from(w[0]) | u128::from(w[1]) << 64 }
    }
}

/// The records of escaped words; `extra` reads a full counter from the
/// words after an escape.
struct Unescape<'a, F> {
    words: &'a [u64],
    rest_bits: u32,
    extra: F,
}

impl<C: Count, F: Fn(&[u64]) -> C> Iterator for Unescape<'_, F> {
    type Item = (u32, C);
    #[inline(always)]
    fn next(&mut self) -> Option<(u32, C)> {
        let (&w, after) = self.words.split_first()?;
        let rest = (w & ((1 << self.rest_bits) - 1)) as u32;
        let c = w >> self.rest_bits;
        if c != escape(self.rest_bits) {
            self.words = after;
            return Some((rest, C::from_u64(c)));
        }
        // The full counter: `size_of::<C>() / 8` more words.
        let n = size_of::<C>() / 8;
        let (full, after) = after.split_at_checked(n)?;
        self.words = after;
        Some((rest, (self.extra)(full)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_come_back_in_order_with_spills() {
        let mut b = Buckets::default();
        for (words, w) in [(6, 2usize), (100, 3), (1 << 20, 1)] {
            b.reset(5, words, w, 0);
            let mut want: Vec<Vec<u64>> = vec![Vec::new(); 5];
            for i in 0..20_000u64 {
                let p = (i * 7 % 5) as usize;
                let rec: Vec<u64> = (0..w as u64).map(|j| i * 10 + j).collect();
                let mut out = b.writer();
                match w {
                    1 => out.push::<1>(p, [rec[0]]),
                    2 => out.push::<2>(p, [rec[0], rec[1]]),
                    _ => out.push::<3>(p, [rec[0], rec[1], rec[2]]),
                }
                want[p].extend(rec);
            }
            for (p, want) in want.iter().enumerate() {
                assert_eq!(&b.get(p).concat(), want);
            }
            b.clear();
            assert!(b.get(3).iter().all(|s| s.is_empty()));
        }
    }
}
