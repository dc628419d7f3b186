//! The transposition table: a fixed-size, lock-free hash table of search
//! results keyed by the game's 64-bit key.
//!
//! The readable [`Entry`] (score, depth, bound, best move) is kept apart from
//! the packed storage: every slot is two `AtomicU64`s, `key ^ data` and
//! `data` (the "lockless hashing" of Hyatt and Mann). A torn write by another
//! thread makes the check fail, so a reader never sees a half-written entry
//! as valid. Threads of a lazy-SMP search share one table through an `Arc`.
//!
//! Packed data (64 bits, low to high): score (23, two's complement: every
//! score lies within ±[`INFINITY`](spielbaum_game_trait::INFINITY) =
//! ±1,000,001 < 2²²) | depth (16) | complete (1) | bound (2) | age (6) |
//! move tag (16). Depth and the complete flag are adjacent, so read
//! together as one number they rank complete entries above every depth
//! (the replacement schemes keep the deepest). The best move is stored as a 16-bit hash of the move
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
    /// The score, relative to the node (see the module docs). Must lie
    /// within ±2²² (every engine score does).
    pub score: Score,
    /// The remaining depth the score was searched to.
    pub depth: u16,
    /// The subtree was searched to the end of the game on every line: the
    /// score (with its bound) is the game's value and answers a query of any
    /// depth.
    pub complete: bool,
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

/// Bit positions of the packed fields (see the module docs).
const SCORE_BITS: u32 = 23;
const DEPTH_SHIFT: u32 = 23;
const COMPLETE_BIT: u32 = 39;
const BOUND_SHIFT: u32 = 40;
const AGE_SHIFT: u32 = 42;
const TAG_SHIFT: u32 = 48;

/// Depth and complete flag of packed data as one number (complete above
/// every depth).
#[inline]
fn rank_of(data: u64) -> i32 {
    ((data >> DEPTH_SHIFT) & 0x1_FFFF) as i32
}

impl Entry {
    /// The entry's rank for replacement: its depth, complete entries above
    /// every depth.
    fn rank(&self) -> i32 {
        i32::from(self.depth) | i32::from(self.complete) << 16
    }
}

/// A slot: `[key ^ data, data]` (an array, so a zeroed allocation can make
/// the table: see [`Table::with_slots`]).
type Slot = [AtomicU64; 2];
/// Index of `key ^ data` in a [`Slot`].
const CHECK: usize = 0;
/// Index of the packed entry in a [`Slot`].
const DATA: usize = 1;

fn pack(e: &Entry, age: u8) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(e.score as u32 & ((1 << SCORE_BITS) - 1))
        | u64::from(e.depth) << DEPTH_SHIFT
        | u64::from(e.complete) << COMPLETE_BIT
        | bound << BOUND_SHIFT
        | u64::from(age & 63) << AGE_SHIFT
        | u64::from(e.move_tag) << TAG_SHIFT
}

fn unpack(data: u64) -> Option<(Entry, u8)> {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some((
        Entry {
            // Sign-extend the low 23 bits.
            score: (data as u32 as i32) << (32 - SCORE_BITS) >> (32 - SCORE_BITS),
            depth: (data >> DEPTH_SHIFT) as u16,
            complete: (data >> COMPLETE_BIT) & 1 != 0,
            bound,
            move_tag: (data >> TAG_SHIFT) as u16,
        },
        ((data >> AGE_SHIFT) & 63) as u8,
    ))
}

/// The transposition table. See the [module docs](self).
pub struct Table {
    slots: Vec<Slot>,
    /// The most slots [`reserve`](Table::reserve) may grow the table to.
    max_slots: usize,
    /// The slots it was made with: [`reset`](Table::reset) shrinks a
    /// growable table back to them.
    start_slots: usize,
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
        let n = Self::round_slots(slots);
        Self::sized(n, n, replacement)
    }

    /// A table that starts with [`params::TABLE_START_SLOTS`] slots (fewer if
    /// `mib` allows fewer) and may grow to at most `mib` MiB through
    /// [`reserve`](Self::reserve): a short search then clears and touches
    /// only the memory it uses (the engine's own table, with
    /// [`Config::table_growth`](crate::Config::table_growth)).
    pub fn growable(mib: usize, replacement: Replacement) -> Self {
        let max = Self::round_slots(mib.saturating_mul(1 << 20) / 16);
        Self::sized(params::TABLE_START_SLOTS.min(max), max, replacement)
    }

    /// A growable table of `start` slots that may grow to `max` slots
    /// (both rounded down to powers of two, at least one bucket; `start` at
    /// most `max`) — for experiments and tests with tiny tables.
    pub fn growable_slots(start: usize, max: usize, replacement: Replacement) -> Self {
        let max = Self::round_slots(max);
        Self::sized(Self::round_slots(start).min(max), max, replacement)
    }

    /// `slots` rounded down to a power of two, at least one bucket.
    fn round_slots(slots: usize) -> usize {
        let want = slots.max(params::BUCKET);
        1usize << (usize::BITS - 1 - want.leading_zeros())
    }

    /// `n` slots now, at most `max` (both powers of two, `n ≤ max`).
    fn sized(n: usize, max: usize, replacement: Replacement) -> Self {
        let v: Vec<Slot> = if n == max {
            // A zeroed allocation (calloc): large tables come as fresh zero
            // pages from the system instead of being written slot by slot,
            // so building a searcher costs no pass over the table (a 1 MiB
            // table made per search cost a quarter of the instructions of a
            // short search; docs/negamax.md). All-zero is the empty slot
            // (bound 0).
            bytemuck::allocation::zeroed_vec(n)
        } else {
            // Growable: room for the whole table reserved (not touched, not
            // cleared), the first `n` slots cleared; growing clears the
            // next part in place, so it never reallocates, copies or
            // faults in a page twice (a fresh zeroed block per growth step
            // was measured slower than a fixed table: docs/negamax.md).
            let mut v = Vec::with_capacity(max);
            v.resize_with(n, Slot::default);
            v
        };
        let ways = Self::ways_of(replacement);
        Table {
            slots: v,
            max_slots: max,
            start_slots: n,
            mask: (n - 1) & !(ways - 1),
            ways,
            replacement,
            age: AtomicU64::new(0),
        }
    }

    /// Number of slots.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The most slots the table may grow to (its size in MiB × 2^16);
    /// equal to [`slots`](Self::slots) unless it was made
    /// [`growable`](Self::growable).
    pub fn max_slots(&self) -> usize {
        self.max_slots
    }

    /// Grows the table to at least `slots` slots (rounded up to a power of
    /// two, at most [`max_slots`](Self::max_slots)), in place, keeping every
    /// entry as it is stored: a key's bucket in the bigger table is its old
    /// bucket or one in the new part, which receives the entries of that
    /// old bucket alone, each in its old way, so nothing is evicted or
    /// reordered. Needs exclusive access (the engine calls it between
    /// iterations, through `Arc::get_mut`: a shared table keeps its size).
    pub fn reserve(&mut self, slots: usize) {
        let old = self.slots.len();
        let n = slots.clamp(params::BUCKET, self.max_slots).next_power_of_two();
        let n = n.min(self.max_slots);
        if n <= old {
            return;
        }
        self.slots.resize_with(n, Slot::default);
        self.mask = (n - 1) & !(self.ways - 1);
        for i in 0..old {
            let data = *self.slots[i][DATA].get_mut();
            if (data >> BOUND_SHIFT) & 3 == 0 {
                continue; // empty
            }
            let check = *self.slots[i][CHECK].get_mut();
            let way = i & (self.ways - 1);
            let to = self.base(check ^ data) + way;
            if to != i {
                // `to` lies in the new part (same index modulo `old`).
                self.slots[to] = [AtomicU64::new(check), AtomicU64::new(data)];
                self.slots[i] = Slot::default();
            }
        }
    }

    /// The replacement scheme.
    pub fn replacement(&self) -> Replacement {
        self.replacement
    }

    /// Empties the table (through a shared reference: slot by slot, with
    /// atomic stores; see [`reset`](Self::reset) for the faster way).
    pub fn clear(&self) {
        for s in &self.slots {
            s[CHECK].store(0, Ordering::Relaxed);
            s[DATA].store(0, Ordering::Relaxed);
        }
    }

    /// Empties the table with exclusive access: a growable table shrinks
    /// back to the size it was made with (its reserved room is kept) and
    /// clears only that; a fixed one is cleared in one pass of plain
    /// stores.
    pub fn reset(&mut self) {
        self.slots.truncate(self.start_slots);
        self.slots.fill_with(Slot::default);
        let n = self.slots.len();
        self.mask = (n - 1) & !(self.ways - 1);
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
        let data = s[DATA].load(Ordering::Relaxed);
        let check = s[CHECK].load(Ordering::Relaxed);
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
            let data = s[DATA].load(Ordering::Relaxed);
            if s[CHECK].load(Ordering::Relaxed) ^ data == key
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
                Some((k, old, a)) if k != key && a == age && old.rank() > entry.rank() => return,
                _ => base,
            },
            Replacement::TwoTier => match self.read(base) {
                Some((k, old, a)) if k != key && a == age && old.rank() > entry.rank() => base + 1,
                _ => base,
            },
            Replacement::Bucket => {
                let mut victim = base;
                let mut worst = i32::MAX;
                for (i, s) in self.slots[base..base + params::BUCKET].iter().enumerate() {
                    let data = s[DATA].load(Ordering::Relaxed);
                    // An empty slot (bound 0) or the same key: take it.
                    if (data >> BOUND_SHIFT) & 3 == 0
                        || s[CHECK].load(Ordering::Relaxed) ^ data == key
                    {
                        victim = base + i;
                        break;
                    }
                    // Otherwise the least `depth - 8 × age difference`
                    // (complete entries rank above every depth).
                    let stale = i32::from(age.wrapping_sub((data >> AGE_SHIFT) as u8) & 63);
                    let value = rank_of(data) - 8 * stale;
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
        s[DATA].store(data, Ordering::Relaxed);
        s[CHECK].store(key ^ data, Ordering::Relaxed);
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

    use proptest::prelude::*;
    use spielbaum_game_trait::INFINITY;

    #[test]
    fn pack_round_trip() {
        for score in [-INFINITY, -1_000_000, -5, 0, 77, 999_990, INFINITY] {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for (depth, complete) in
                    [(0, false), (200, true), (10_000, false), (u16::MAX, true)]
                {
                    let e = Entry { score, depth, complete, bound, move_tag: 0xBEEF };
                    let (d, age) = unpack(pack(&e, 17)).unwrap();
                    assert_eq!(d, e);
                    assert_eq!(age, 17);
                }
            }
        }
    }

    proptest! {
        /// Every field survives packing, whatever the others hold.
        #[test]
        fn packed_entries_round_trip(
            score in -INFINITY..=INFINITY,
            depth in any::<u16>(),
            complete in any::<bool>(),
            bound in prop_oneof![Just(Bound::Exact), Just(Bound::Lower), Just(Bound::Upper)],
            move_tag in any::<u16>(),
            age in 0u8..64,
        ) {
            let e = Entry { score, depth, complete, bound, move_tag };
            let data = pack(&e, age);
            prop_assert_eq!(unpack(data), Some((e, age)));
            prop_assert_eq!(rank_of(data), e.rank());
            prop_assert_eq!(e.rank() >= 1 << 16, complete);
            // Through the table as well.
            let t = Table::with_slots(64, Replacement::Bucket);
            t.store(0xDEAD_BEEF, e);
            prop_assert_eq!(t.probe(0xDEAD_BEEF), Some(e));
        }
    }

    #[test]
    fn complete_entries_outrank_any_depth() {
        // Two keys that share the single slot of a depth-preferred table.
        let t = Table::with_slots(4, Replacement::DepthPreferred);
        let a = 1u64;
        let b = (2..).find(|&k| t.base(k) == t.base(a)).unwrap();
        let complete =
            Entry { score: 3, depth: 1, complete: true, bound: Bound::Exact, move_tag: 0 };
        let deep =
            Entry { score: 4, depth: 9_000, complete: false, bound: Bound::Exact, move_tag: 0 };
        t.store(a, complete);
        t.store(b, deep); // refused: the complete entry ranks higher
        assert_eq!(t.probe(a), Some(complete));
        assert_eq!(t.probe(b), None);
        let t = Table::with_slots(4, Replacement::DepthPreferred);
        t.store(b, deep);
        t.store(a, complete); // replaces the deep one
        assert_eq!(t.probe(a), Some(complete));
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
            let e =
                Entry { score: 12, depth: 3, complete: false, bound: Bound::Lower, move_tag: 9 };
            assert_eq!(t.probe(1234), None);
            t.store(1234, e);
            assert_eq!(t.probe(1234), Some(e), "{r:?}");
            assert_eq!(t.probe(1235), None);
        }
    }

    proptest! {
        /// Growing keeps every entry: each key probes the same before and
        /// after, for every scheme (some were evicted while the table was
        /// small; none is evicted by the growth).
        #[test]
        fn growth_keeps_every_entry(
            keys in proptest::collection::vec(any::<u64>(), 1..200),
            start in 4usize..64,
            grow_to in 64usize..4096,
            scheme in 0usize..4,
        ) {
            let r = [
                Replacement::Always,
                Replacement::DepthPreferred,
                Replacement::TwoTier,
                Replacement::Bucket,
            ][scheme];
            let mut t = Table::growable_slots(start, 1024, r);
            for (i, &k) in keys.iter().enumerate() {
                let e = Entry {
                    score: i as Score - 100,
                    depth: (k % 7) as u16,
                    complete: k % 5 == 0,
                    bound: [Bound::Exact, Bound::Lower, Bound::Upper][i % 3],
                    move_tag: i as u16,
                };
                t.store(k, e);
            }
            let before: Vec<Option<Entry>> = keys.iter().map(|&k| t.probe(k)).collect();
            let slots = t.slots();
            t.reserve(grow_to);
            prop_assert_eq!(t.slots(), grow_to.next_power_of_two().min(1024).max(slots));
            prop_assert_eq!(t.max_slots(), 1024);
            let after: Vec<Option<Entry>> = keys.iter().map(|&k| t.probe(k)).collect();
            prop_assert_eq!(before, after);
        }
    }

    #[test]
    fn reset_empties_and_shrinks_growable_tables_only() {
        let e = Entry { score: 5, depth: 2, complete: false, bound: Bound::Exact, move_tag: 3 };
        let mut grown = Table::growable_slots(8, 1024, Replacement::Bucket);
        let mut fixed = Table::with_slots(1024, Replacement::Bucket);
        grown.reserve(512);
        for t in [&mut grown, &mut fixed] {
            for k in 0..300u64 {
                t.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), e);
            }
            t.reset();
            assert!((0..300u64).all(|k| t.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).is_none()));
        }
        assert_eq!((grown.slots(), grown.max_slots()), (8, 1024));
        assert_eq!((fixed.slots(), fixed.max_slots()), (1024, 1024));
        // Still usable: stores, grows.
        grown.store(77, e);
        grown.reserve(64);
        assert_eq!((grown.slots(), grown.probe(77)), (64, Some(e)));
    }

    #[test]
    fn growable_tables_start_small_and_stop_at_their_size() {
        let mut t = Table::growable(1, Replacement::Bucket);
        assert_eq!(t.slots(), params::TABLE_START_SLOTS);
        assert_eq!(t.max_slots(), 1 << 16);
        t.reserve(usize::MAX);
        assert_eq!(t.slots(), 1 << 16);
        t.reserve(16); // never shrinks
        assert_eq!(t.slots(), 1 << 16);
        let fixed = Table::new(1, Replacement::Bucket);
        assert_eq!((fixed.slots(), fixed.max_slots()), (1 << 16, 1 << 16));
        // A maximum below the start size.
        let tiny = Table::growable_slots(64, 8, Replacement::Bucket);
        assert_eq!((tiny.slots(), tiny.max_slots()), (8, 8));
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
