//! The transposition table: a fixed-size, lock-free hash table of search
//! results keyed by the game's 64-bit key.
//!
//! The readable [`Entry`] (score, depth, bound, best move) is kept apart from
//! the packed storage: every slot is two `AtomicU64`s, `key ^ data` and
//! `data` (the "lockless hashing" of Hyatt and Mann). A torn write by another
//! thread makes the check fail, so a reader never sees a half-written entry
//! as valid. Threads of a lazy-SMP search share one table through an `Arc`.
//!
//! Packed data (64 bits): score (32) | depth (8) | bound (2) | age (6) |
//! move tag (16). The best move is stored as a 16-bit hash of the move
//! ([`move_tag`]); the engine plays the legal move with that tag first. A
//! tag collision among the moves of one position only costs ordering
//! quality, never legality.
//!
//! Proven wins and losses are stored relative to the node (`to_table`,
//! `from_table`), so an entry is valid at whatever ply it is found.

use core::hash::{Hash, Hasher};
use core::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHasher;
use spielbaum_game_trait::{EVAL_MAX, Score};

use crate::params;

/// What the stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high: value ≥ score).
    Lower,
    /// An upper bound (the search failed low: value ≤ score).
    Upper,
}

/// How a store chooses the slot it overwrites. Measured in
/// `docs/negamax.md`; the default is [`Replacement::Bucket`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Replacement {
    /// One slot per key: always overwrite.
    Always,
    /// One slot per key: overwrite only an entry of this search that is
    /// not deeper (entries of older searches are always overwritten).
    DepthPreferred,
    /// Two slots per key: the first keeps the deepest entry, the second
    /// always takes what the first refused (Belle's two-level table).
    TwoTier,
    /// A bucket of four slots: the same key, else an empty slot, else the
    /// slot with the least `depth - 8 × age difference`.
    #[default]
    Bucket,
}

/// One decoded table entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The score, relative to the node (see the module docs).
    pub score: Score,
    /// The remaining depth the score was searched to (255 = to the end).
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
    /// The tag of the best move ([`move_tag`]), 0 if none.
    pub move_tag: u16,
}

/// A 16-bit, never-zero tag of a move, for the table's best-move field.
pub fn move_tag<M: Hash>(mv: M) -> u16 {
    let mut h = FxHasher::default();
    mv.hash(&mut h);
    let t = (h.finish() >> 48) as u16;
    if t == 0 { 1 } else { t }
}

/// A 64-bit hash of a move (history table index).
pub(crate) fn move_hash<M: Hash>(mv: M) -> u64 {
    let mut h = FxHasher::default();
    mv.hash(&mut h);
    h.finish()
}

/// Converts a score at `ply` into its node-relative table form.
pub(crate) fn to_table(score: Score, ply: u32) -> Score {
    if score > EVAL_MAX {
        score + ply as Score
    } else if score < -EVAL_MAX {
        score - ply as Score
    } else {
        score
    }
}

/// Converts a node-relative table score back to a score at `ply`.
pub(crate) fn from_table(score: Score, ply: u32) -> Score {
    if score > EVAL_MAX {
        score - ply as Score
    } else if score < -EVAL_MAX {
        score + ply as Score
    } else {
        score
    }
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

fn pack(e: &Entry, age: u8) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(e.score as u32)
        | u64::from(e.depth) << 32
        | bound << 40
        | u64::from(age & 63) << 42
        | u64::from(e.move_tag) << 48
}

fn unpack(data: u64) -> Option<(Entry, u8)> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some((
        Entry {
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            move_tag: (data >> 48) as u16,
        },
        ((data >> 42) & 63) as u8,
    ))
}

/// The transposition table. See the [module docs](self).
pub struct Table {
    slots: Vec<Slot>,
    /// Slot-index mask that also clears the way bits (a bucket's first slot).
    mask: usize,
    /// Slots per key (1, 2 or [`params::BUCKET`]).
    ways: usize,
    replacement: Replacement,
    age: AtomicU64,
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("slots", &self.slots.len())
            .field("replacement", &self.replacement)
            .finish()
    }
}

impl Table {
    /// A table of at most `mib` MiB (16 bytes a slot, rounded down to a
    /// power of two; at least one bucket).
    pub fn new(mib: usize, replacement: Replacement) -> Self {
        Self::with_slots(mib.saturating_mul(1 << 20) / 16, replacement)
    }

    /// A table of at most `slots` slots (rounded down to a power of two, at
    /// least one bucket) — for experiments with tiny tables.
    pub fn with_slots(slots: usize, replacement: Replacement) -> Self {
        let want = slots.max(params::BUCKET);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        let mut v = Vec::with_capacity(n);
        v.resize_with(n, Slot::default);
        let ways = Self::ways_of(replacement);
        let t = Table {
            slots: v,
            mask: (n - 1) & !(ways - 1),
            ways,
            replacement,
            age: AtomicU64::new(0),
        };
        // (`resize_with` writes every slot, so the pages are touched now,
        // not during the first search.)
        t
    }

    /// Number of slots.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The replacement scheme.
    pub fn replacement(&self) -> Replacement {
        self.replacement
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Marks the start of a new search: older entries become preferred
    /// victims.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn current_age(&self) -> u8 {
        (self.age.load(Ordering::Relaxed) & 63) as u8
    }

    fn ways_of(replacement: Replacement) -> usize {
        match replacement {
            Replacement::Always | Replacement::DepthPreferred => 1,
            Replacement::TwoTier => 2,
            Replacement::Bucket => params::BUCKET,
        }
    }

    #[inline]
    fn base(&self, key: u64) -> usize {
        // Keys are hashes or exact encodings: mix so that low bits spread.
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 20) as usize & self.mask
    }

    fn read(&self, i: usize) -> Option<(u64, Entry, u8)> {
        let s = &self.slots[i];
        let data = s.data.load(Ordering::Relaxed);
        let check = s.check.load(Ordering::Relaxed);
        let (e, age) = unpack(data)?;
        Some((check ^ data, e, age))
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let base = self.base(key);
        // The key is compared before anything is decoded (most probes miss
        // or hit the first way).
        for s in &self.slots[base..base + self.ways] {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key
                && let Some((e, _)) = unpack(data)
            {
                return Some(e);
            }
        }
        None
    }

    /// Stores `entry` for `key` following the replacement scheme.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let base = self.base(key);
        let age = self.current_age();
        let slot = match self.replacement {
            Replacement::Always => base,
            Replacement::DepthPreferred => match self.read(base) {
                Some((k, old, a)) if k != key && a == age && old.depth > entry.depth => return,
                _ => base,
            },
            Replacement::TwoTier => match self.read(base) {
                Some((k, old, a)) if k != key && a == age && old.depth > entry.depth => base + 1,
                _ => base,
            },
            Replacement::Bucket => {
                let mut victim = base;
                let mut worst = i32::MAX;
                for (i, s) in self.slots[base..base + params::BUCKET].iter().enumerate() {
                    let data = s.data.load(Ordering::Relaxed);
                    // An empty slot (bound 0) or the same key: take it.
                    if (data >> 40) & 3 == 0 || s.check.load(Ordering::Relaxed) ^ data == key {
                        victim = base + i;
                        break;
                    }
                    // Otherwise the least `depth - 8 × age difference`.
                    let stale = i32::from(age.wrapping_sub((data >> 42) as u8) & 63);
                    let value = i32::from((data >> 32) as u8) - 8 * stale;
                    if value < worst {
                        worst = value;
                        victim = base + i;
                    }
                }
                victim
            }
        };
        let data = pack(&entry, age);
        let s = &self.slots[slot];
        s.data.store(data, Ordering::Relaxed);
        s.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of slots in use (for statistics).
    pub fn fill_permille(&self) -> u32 {
        let n = self.slots.len().min(4096);
        let used = (0..n).filter(|&i| self.read(i).is_some()).count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trip() {
        for score in [-1_000_000, -5, 0, 77, 999_990] {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let e = Entry { score, depth: 200, bound, move_tag: 0xBEEF };
                let (d, age) = unpack(pack(&e, 17)).unwrap();
                assert_eq!(d, e);
                assert_eq!(age, 17);
            }
        }
    }

    #[test]
    fn store_probe_every_scheme() {
        for r in [
            Replacement::Always,
            Replacement::DepthPreferred,
            Replacement::TwoTier,
            Replacement::Bucket,
        ] {
            let t = Table::with_slots(64, r);
            let e = Entry { score: 12, depth: 3, bound: Bound::Lower, move_tag: 9 };
            assert_eq!(t.probe(1234), None);
            t.store(1234, e);
            assert_eq!(t.probe(1234), Some(e), "{r:?}");
            assert_eq!(t.probe(1235), None);
        }
    }

    #[test]
    fn mate_scores_are_node_relative() {
        let s = spielbaum_game_trait::win_in(9);
        assert_eq!(from_table(to_table(s, 4), 4), s);
        // Found 4 plies from the root, the same win is 5 plies from the node;
        // read at ply 2 it is 7 plies from the root.
        assert_eq!(from_table(to_table(s, 4), 2), spielbaum_game_trait::win_in(7));
    }
}
