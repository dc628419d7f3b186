//! Compact storage of one level: keys with u128 path counters, split into
//! partitions by a hash of the key.
//!
//! A [`PartTable`] is an open-addressing hash table (linear probing) with the
//! keys and the counters in two flat arrays, so an entry costs 24 bytes and
//! no allocation of its own. A finished level is compacted into [`Part`]s.

use crate::params::{MAX_LOAD_256, PARTITION_BITS};

/// The marker of an empty slot. A real key equal to it is kept aside in
/// [`PartTable::max_key`].
const EMPTY: u64 = u64::MAX;

/// Number of partitions of a level.
pub(crate) const PARTS: usize = 1 << PARTITION_BITS;

/// A strong 64-bit mix of a key (the finaliser of SplitMix64): the top
/// [`PARTITION_BITS`] bits choose the partition, the low bits the slot.
#[inline]
pub(crate) fn mix(key: u64) -> u64 {
    let mut z = key;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The partition of a key: the top bits of a Fibonacci hash (one
/// multiplication; independent of the slot hash [`mix`]).
#[inline]
pub(crate) fn part_of(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - PARTITION_BITS)) as usize
}

/// A finished partition of a level: parallel arrays of keys and counters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Part {
    /// The (canonical) keys.
    pub keys: Vec<u64>,
    /// The path counter of each key.
    pub counts: Vec<u128>,
}

impl Part {
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// `true` if empty.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// One partition of the level under construction: slots of (key, low 64
/// bits of the counter) side by side, so an update touches one cache line;
/// the high 64 bits of the few counters that pass 2^64 live in a small
/// side map (slot → high bits), so a slot costs 16 bytes.
#[derive(Debug, Default)]
pub(crate) struct PartTable {
    slots: Vec<[u64; 2]>,
    hi: rustc_hash::FxHashMap<usize, u64>,
    len: usize,
    /// The counter of the key `u64::MAX`, which cannot live in a slot.
    max_key: Option<u128>,
}

impl PartTable {
    /// A table with room for about `entries` keys without growing.
    pub(crate) fn with_room(entries: usize) -> Self {
        let cap = (entries * 256 / MAX_LOAD_256 + 1).next_power_of_two().max(16);
        PartTable {
            slots: vec![[EMPTY, 0]; cap],
            hi: rustc_hash::FxHashMap::default(),
            len: 0,
            max_key: None,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len + usize::from(self.max_key.is_some())
    }

    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(self, PartTable::with_room(cap * MAX_LOAD_256 / 256 - 1));
        self.max_key = old.max_key;
        for (i, s) in old.slots.into_iter().enumerate() {
            if s[0] != EMPTY {
                let h = old.hi.get(&i).copied().unwrap_or(0);
                self.add(s[0], u128::from(h) << 64 | u128::from(s[1]));
            }
        }
    }

    /// Adds `count` to the counter of `key` (inserting it with `count`).
    #[inline]
    pub(crate) fn add(&mut self, key: u64, count: u128) {
        let i = self.slot(key);
        if let Some(i) = i {
            let (lo, carry) = self.slots[i][1].overflowing_add(count as u64);
            self.slots[i][1] = lo;
            let high = (count >> 64) as u64 + u64::from(carry);
            if high != 0 {
                *self.hi.entry(i).or_insert(0) += high;
            }
        } else {
            *self.max_key.get_or_insert(0) += count;
        }
    }

    /// Adds a counter below 2^64 (the common case).
    #[inline]
    pub(crate) fn add_small(&mut self, key: u64, count: u64) {
        if let Some(i) = self.slot(key) {
            let (lo, carry) = self.slots[i][1].overflowing_add(count);
            self.slots[i][1] = lo;
            if carry {
                *self.hi.entry(i).or_insert(0) += 1;
            }
        } else {
            *self.max_key.get_or_insert(0) += u128::from(count);
        }
    }

    /// The slot of `key`, inserted with counter 0 if new; `None` for the
    /// key `u64::MAX`.
    #[inline]
    fn slot(&mut self, key: u64) -> Option<usize> {
        if key == EMPTY {
            return None;
        }
        if (self.len + 1) * 256 > self.slots.len() * MAX_LOAD_256 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = mix(key) as usize & mask;
        loop {
            let k = self.slots[i][0];
            if k == key {
                return Some(i);
            }
            if k == EMPTY {
                self.slots[i] = [key, 0];
                self.len += 1;
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The finished partition (entries in slot order).
    pub(crate) fn into_part(self) -> Part {
        let mut keys = Vec::with_capacity(self.len());
        let mut counts = Vec::with_capacity(self.len());
        for (i, s) in self.slots.into_iter().enumerate() {
            if s[0] != EMPTY {
                let h = if self.hi.is_empty() { 0 } else { self.hi.get(&i).copied().unwrap_or(0) };
                keys.push(s[0]);
                counts.push(u128::from(h) << 64 | u128::from(s[1]));
            }
        }
        if let Some(c) = self.max_key {
            keys.push(EMPTY);
            counts.push(c);
        }
        Part { keys, counts }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn table_sums_like_a_hash_map() {
        let mut t = PartTable::default();
        let mut m: HashMap<u64, u128> = HashMap::new();
        let mut x = 12345u64;
        for i in 0..10_000u64 {
            x = mix(x.wrapping_add(i));
            let key = if i % 997 == 0 { u64::MAX } else { x % 3000 };
            let c = if i % 3 == 0 { u128::from(i) << 70 } else { u128::from(u64::MAX - i) };
            if i % 3 == 1 {
                t.add_small(key, c as u64);
            } else {
                t.add(key, c);
            }
            *m.entry(key).or_insert(0) += c;
        }
        assert_eq!(t.len(), m.len());
        let p = t.into_part();
        let got: HashMap<u64, u128> =
            p.keys.iter().copied().zip(p.counts.iter().copied()).collect();
        assert_eq!(got, m);
    }
}
