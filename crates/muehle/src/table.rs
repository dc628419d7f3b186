//! The engine's transposition table: one packed 16-byte entry per slot
//! (the exact position key, then score, move, depth and bound in one
//! word), always replaced, indexed by a multiplicative hash of the key.
//! Its memory is backed by transparent huge pages where the system allows
//! it (`spielbaum_bfs_reach::cpu::advise_huge`; `SPIELBAUM_NO_THP=1` turns
//! the advice off): the probes go to random slots of megabytes, which
//! with 2 MiB pages need far fewer address translations than with 4 KiB
//! ones (less processor time, measured: docs/muehle.md, "Speed").

use crate::position::{Move, NONE};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact = 1,
    /// The true value is at least the score (a cut-off).
    Lower = 2,
    /// The true value is at most the score (no move reached alpha).
    Upper = 3,
}

/// One look-up's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub mv: Option<Move>,
}

/// The table (see the module documentation).
pub(crate) struct Table {
    /// The slots from `start` on (the ones before only align them).
    slots: Vec<[u64; 2]>,
    start: usize,
    shift: u32,
}

/// The size of a huge page: the table's slots start on such a boundary.
const HUGE_PAGE: usize = 2 << 20;

/// A packed move: `from`, `to`, `take` one byte each.
#[inline]
pub(crate) fn pack_move(mv: Move) -> u32 {
    u32::from(mv.from) | u32::from(mv.to) << 8 | u32::from(mv.take) << 16
}

/// The move of [`pack_move`].
#[inline]
pub(crate) fn unpack_move(v: u32) -> Move {
    Move { from: v as u8, to: (v >> 8) as u8, take: (v >> 16) as u8 }
}

impl Table {
    /// A table of about `mib` MiB (a power of two of slots, at least 1024;
    /// from 2 MiB on up to 2 MiB more, to start the slots on a huge page).
    pub fn new(mib: usize) -> Table {
        let want = (mib.max(1) << 20) / 16;
        let bits = (usize::BITS - 1 - want.max(1024).leading_zeros()).min(40);
        // Written, not only allocated: zeroed memory from the system is
        // mapped lazily, and the first touch of each page would otherwise
        // cost a page fault inside the first searches (a third of the
        // time of a 0.1 s search with a fresh 16 MiB table).
        // A big table starts on a huge page boundary, so that huge pages
        // back all of its slots (the allocation's start is not aligned).
        let n = 1usize << bits;
        let pad = if n * 16 >= HUGE_PAGE { HUGE_PAGE / 16 } else { 0 };
        let mut slots = Vec::with_capacity(n + pad);
        let at = slots.as_ptr() as usize;
        let start = ((at.next_multiple_of(HUGE_PAGE) - at) / 16).min(pad);
        spielbaum_bfs_reach::cpu::advise_huge(&mut slots);
        slots.resize(start + n, [0; 2]);
        Table { slots, start, shift: 64 - bits }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill([0; 2]);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        self.start + (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The entry of `key`, if stored. Keys are exact position encodings
    /// below 2^57, so the stored `key + 1` (never 0) identifies the
    /// position without collisions.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let [k, data] = self.slots[self.index(key)];
        if k != key.wrapping_add(1) {
            return None;
        }
        let bound = match data >> 62 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let packed = (data >> 32) as u32 & 0xFF_FFFF;
        let mv = unpack_move(packed);
        Some(Hit {
            score: data as u32 as i32,
            depth: ((data >> 56) & 0x3F) as i32,
            bound,
            mv: (mv.to != NONE).then_some(mv),
        })
    }

    /// Stores an entry for `key` (replacing what the slot held).
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, depth: i32, bound: Bound, mv: Option<Move>) {
        let packed = mv.map_or(0xFF_FFFF, pack_move);
        let data = u64::from(score as u32)
            | u64::from(packed) << 32
            | (depth.clamp(0, 63) as u64) << 56
            | (bound as u64) << 62;
        let i = self.index(key);
        self.slots[i] = [key.wrapping_add(1), data];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let mut t = Table::new(1);
        let mv = Move { from: 3, to: 4, take: NONE };
        for (score, depth, bound) in
            [(-1_000_000, 0, Bound::Upper), (17, 63, Bound::Exact), (999_990, 5, Bound::Lower)]
        {
            t.store(12345, score, depth, bound, Some(mv));
            let h = t.probe(12345).unwrap();
            assert_eq!((h.score, h.depth, h.bound, h.mv), (score, depth, bound, Some(mv)));
        }
        t.store(7, 0, 1, Bound::Exact, None);
        assert!(t.probe(7).unwrap().mv.is_none());
        assert!(t.probe(8).is_none());
        t.clear();
        assert!(t.probe(7).is_none());
    }

    #[test]
    fn a_big_table_starts_on_a_huge_page_and_keeps_its_entries() {
        let mut t = Table::new(4);
        let first = t.slots.as_ptr() as usize + 16 * t.start;
        if (t.slots.as_ptr() as usize).is_multiple_of(16) {
            assert!(first.is_multiple_of(HUGE_PAGE));
        }
        assert_eq!(t.slots.len() - t.start, (4 << 20) / 16);
        // Keys spread over every slot: each stored key is found.
        let keys: Vec<u64> = (0..20_000u64).map(|i| i * 0x9E37_79B9 % (1 << 57)).collect();
        for &k in &keys {
            t.store(k, k as i32 & 0xFFFF, 3, Bound::Exact, None);
        }
        let found =
            keys.iter().filter(|&&k| t.probe(k).is_some_and(|h| h.score == k as i32 & 0xFFFF));
        assert!(found.count() > 19_000);
        // A small table needs no alignment.
        assert_eq!(Table::new(1).start, 0);
    }
}
