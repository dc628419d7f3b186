//! A thread's buckets of successor records, one per next partition, in one
//! arena: bucket `p` fills the segment `p` of the arena, and spills into a
//! vector of its own once its segment is full (rare: segments are sized
//! for the expected share with room for its spread).
//!
//! One big allocation instead of one per bucket lets the kernel back it
//! with transparent huge pages ([`advise_huge`]): the buckets of the
//! English statistics (about 200 MB) fault in a few hundred 2 MiB pages
//! instead of tens of thousands of 4 KiB ones, and the arena is reused from
//! level to level and for every kind of record.

use crate::cpu::advise_huge;
use crate::part::Count;

/// Buckets of records of `W` words (`W` fixed between two
/// [`reset`](Buckets::reset)s).
#[derive(Default)]
pub(crate) struct Buckets {
    arena: Vec<u64>,
    /// Words per segment (a multiple of the record size).
    seg: usize,
    /// Words used in each segment.
    lens: Vec<usize>,
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
        self.lens.clear();
        self.lens.resize(n, 0);
        self.spill.resize_with(n, Vec::new);
        self.clear();
    }

    /// A writer appending records to the buckets (the arena's pointers
    /// held in locals for the hot loop).
    pub(crate) fn writer(&mut self) -> Writer<'_> {
        Writer {
            arena: &mut self.arena,
            lens: &mut self.lens,
            seg: self.seg,
            spill: &mut self.spill,
        }
    }

    /// The words of bucket `p`: its segment's part, then its spill.
    pub(crate) fn get(&self, p: usize) -> [&[u64]; 2] {
        let at = p * self.seg;
        [&self.arena[at..at + self.lens[p]], &self.spill[p]]
    }

    /// Empties every bucket (keeping the memory).
    pub(crate) fn clear(&mut self) {
        self.lens.iter_mut().for_each(|l| *l = 0);
        self.spill.iter_mut().for_each(Vec::clear);
    }
}

/// Appends records to [`Buckets`] (see [`Buckets::writer`]).
pub(crate) struct Writer<'a> {
    arena: &'a mut [u64],
    lens: &'a mut [usize],
    seg: usize,
    spill: &'a mut [Vec<u64>],
}

impl Writer<'_> {
    /// Appends a record of `W` words to bucket `p`.
    #[inline(always)]
    pub(crate) fn push<const W: usize>(&mut self, p: usize, record: [u64; W]) {
        let len = self.lens[p];
        let at = p * self.seg + len;
        match self.arena.get_mut(at..at + W) {
            Some(slot) if len + W <= self.seg => {
                slot.copy_from_slice(&record);
                self.lens[p] = len + W;
            }
            _ => self.spill(p, &record),
        }
    }

    #[cold]
    #[inline(never)]
    fn spill(&mut self, p: usize, record: &[u64]) {
        self.spill[p].extend_from_slice(record);
    }
}

/// A successor record (the rest of its key and the parent's counter) as
/// `WORDS` words of a bucket. Buckets are plain `u64` vectors whatever the
/// record: the memory of one kind is reused by the next (narrow records in
/// the big middle levels, wide ones near the end) without being given back
/// to the system and faulted in again.
pub(crate) trait Record<C>: Send + Sync {
    /// Words of a record.
    const WORDS: usize;
    /// Appends a record to bucket `p`.
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: C, rest_bits: u32);
    /// The record at the start of `words`.
    fn read(words: &[u64], rest_bits: u32) -> (u32, C);
}

/// Narrow records: one word, the counter above the key bits (it must fit).
pub(crate) struct Narrow;

impl<C: Count> Record<C> for Narrow {
    const WORDS: usize = 1;
    #[inline(always)]
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: C, rest_bits: u32) {
        b.push(p, [u64::from(rest) | (count.into() as u64) << rest_bits]);
    }
    #[inline(always)]
    fn read(words: &[u64], rest_bits: u32) -> (u32, C) {
        let r = words[0];
        ((r & ((1 << rest_bits) - 1)) as u32, C::from_u64(r >> rest_bits))
    }
}

/// Wide records: the key's rest, then the counter in one word (`u64`) or
/// two (`u128`).
pub(crate) struct Wide;

impl Record<u64> for Wide {
    const WORDS: usize = 2;
    #[inline(always)]
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: u64, _: u32) {
        b.push(p, [u64::from(rest), count]);
    }
    #[inline(always)]
    fn read(words: &[u64], _: u32) -> (u32, u64) {
        (words[0] as u32, words[1])
    }
}

impl Record<u128> for Wide {
    const WORDS: usize = 3;
    #[inline(always)]
    fn push(b: &mut Writer<'_>, p: usize, rest: u32, count: u128, _: u32) {
        b.push(p, [u64::from(rest), count as u64, (count >> 64) as u64]);
    }
    #[inline(always)]
    fn read(words: &[u64], _: u32) -> (u32, u128) {
        (words[0] as u32, u128::from(words[1]) | u128::from(words[2]) << 64)
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
