//! The codec trait of the packed level engine and the key layout it shares
//! with every codec.
//!
//! A game plugs into [`packed`](crate::packed) with a [`LevelCodec`]: it
//! packs a position to a key of at most [`MAX_KEY_BITS`] bits, unpacks it,
//! gives the packed key of a position's canonical form under the start's
//! stabiliser, and — the hot loop — expands a packed key into the
//! canonical packed keys of its successors ([`Expander`]). The engine owns
//! everything else: partitions, buckets, counters, rounds, threads,
//! statistics and checkpoints.
//!
//! The engine stores a packed key `c` as a partition number and a rest
//! ([`KeyLayout`]): `c` is mixed by a bijection of `key_bits` bits (`x·m`,
//! then `x ^ x>>s`, modulo `2^bits` with odd `m` and `2s ≥ bits`; both
//! steps are invertible: the shift step is its own inverse and the product
//! has a modular inverse), so the split is exact; the top bits of the
//! product depend on every input bit (the partition), and the shift brings
//! them down into the low bits (the slot in a partition's table).

use crate::cpu::Cpu;
use crate::params::{PACKED_MAX_PARTITION_BITS, PACKED_REST_BITS};

/// The widest packed key the engine takes: [`PACKED_REST_BITS`] bits
/// stored per entry and at most [`PACKED_MAX_PARTITION_BITS`] choosing the
/// partition.
pub const MAX_KEY_BITS: u32 = PACKED_REST_BITS + PACKED_MAX_PARTITION_BITS;

/// What the statistics need of one expanded position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// Real positions in its class (the group size over the number of
    /// group elements that fix it): 1 to 16.
    pub orbit: u32,
    /// Its moves (successors before canonical forms are merged).
    pub moves: u32,
    /// `true` if it has no move and is a goal of the puzzle.
    pub goal: bool,
}

/// The hot loop of a codec: a value (references and constants, `Copy`)
/// that expands packed keys. Made by [`LevelCodec::with_expander`] for one
/// processor, so a codec can compile the loop for the instructions it
/// found ([`Cpu`]).
///
/// The expander is read only; what it writes while it expands goes into
/// its [`Scratch`](Expander::Scratch), one per partition loop, kept apart
/// from it: then nothing of the expander's has its address taken, and the
/// hot loop need not reload its fields after a call that writes the
/// scratch (peg solitaire's expander carried its scratch array before: 3
/// instructions more per position, measured with callgrind).
///
/// A position's [`Node`] goes to a callback before its successors, not
/// back as a return value: the engine counts it at once, and nothing of
/// it stays live across the successor loop (a returned node cost peg
/// solitaire about 22 instructions per position, measured with
/// callgrind).
pub trait Expander: Copy + Send + Sync {
    /// Scratch space of the loop (`()` if none is needed).
    type Scratch: Default;

    /// Expands the position of the canonical packed key `key`: calls
    /// `node` once with its [`Node`], then (unless `last`: then only the
    /// node is needed) `succ` with the canonical packed key of each
    /// successor, one call per move.
    fn expand(
        &self,
        scratch: &mut Self::Scratch,
        key: u64,
        last: bool,
        node: impl FnOnce(Node),
        succ: impl FnMut(u64),
    );
}

/// The engine's side of [`LevelCodec::with_expander`]: a loop generic over
/// the expander (a closure cannot be generic).
pub trait UseExpander {
    /// What the loop returns.
    type Output;
    /// Runs the loop with `e`.
    fn run<E: Expander>(self, e: E) -> Self::Output;
}

/// A game's positions as packed keys of at most [`MAX_KEY_BITS`] bits,
/// normalised under the stabiliser of one start: what the packed level
/// engine ([`packed`](crate::packed)) needs of a game.
///
/// The engine assumes a graded game (every path from the start to a
/// position has the same length) and exact keys (`unpack(pack(p)) == p`).
pub trait LevelCodec: Sync {
    /// The position type.
    type Position;

    /// Bits of a packed key (1 to [`MAX_KEY_BITS`]).
    fn key_bits(&self) -> u32;

    /// The packed key of `p`.
    fn pack(&self, p: &Self::Position) -> u64;

    /// The position of a packed key.
    fn unpack(&self, key: u64) -> Self::Position;

    /// The packed key of the canonical form of `p` (the least image under
    /// the group).
    fn canonical(&self, p: &Self::Position) -> u64;

    /// The packed keys of the distinct images of the position of `key`
    /// under the group (its class's real members).
    fn members(&self, key: u64) -> Vec<u64>;

    /// Elements of the group (1 without symmetry; at most 16).
    fn group_size(&self) -> usize;

    /// A bound on how many counters of one level add into one counter of
    /// the next (a position's predecessors times the group size): the
    /// engine widens its counters to `u128` before `largest × fan_in`
    /// could pass `2^64`.
    fn fan_in(&self) -> u128;

    /// Words that identify the run (board, start, group…): a checkpoint
    /// is resumed only by a run with the same words.
    fn identity(&self) -> Vec<u64>;

    /// Runs `u` with this codec's expander for the processor `cpu`.
    fn with_expander<U: UseExpander>(&self, cpu: Cpu, u: U) -> U::Output;
}

const M1: u64 = 0x9E37_79B9_7F4A_7C15;
const M1_INV: u64 = inverse(M1);

/// The inverse of an odd `m` modulo `2^64` (Newton's iteration).
const fn inverse(m: u64) -> u64 {
    let mut x = m; // correct to 3 bits
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// How the engine splits a packed key into a partition and a rest (see
/// the module docs): `Copy`, its constants held in registers by a hot
/// loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyLayout {
    mask: u64,
    shift: u32,
    rest_bits: u32,
    part_bits: u32,
}

impl KeyLayout {
    /// The layout of keys of `bits` bits; `None` beyond [`MAX_KEY_BITS`]
    /// or for 0 bits.
    pub fn new(bits: u32) -> Option<KeyLayout> {
        if bits == 0 || bits > MAX_KEY_BITS {
            return None;
        }
        let rest_bits = bits.min(PACKED_REST_BITS);
        Some(KeyLayout {
            mask: (1u64 << bits) - 1,
            shift: bits.div_ceil(2).max(1),
            rest_bits,
            part_bits: bits - rest_bits,
        })
    }

    /// Bits of the partition number.
    pub fn part_bits(self) -> u32 {
        self.part_bits
    }

    /// Bits of the rest of a key.
    pub fn rest_bits(self) -> u32 {
        self.rest_bits
    }

    /// The layout of any 64-bit key (the generic level engine's):
    /// `2^part_bits` partitions and rests of `64 − part_bits` bits, split
    /// by [`split_wide`](Self::split_wide).
    pub(crate) fn wide(part_bits: u32) -> KeyLayout {
        KeyLayout { mask: u64::MAX, shift: 32, rest_bits: 64 - part_bits, part_bits }
    }

    /// The partition and the rest of the packed key `c`.
    #[inline(always)]
    pub fn split(self, c: u64) -> (usize, u32) {
        let (p, rest) = self.split_wide(c);
        (p, rest as u32)
    }

    /// The packed key of a partition and a rest (the inverse of
    /// [`split`](Self::split)).
    #[inline(always)]
    pub fn join(self, part: usize, rest: u32) -> u64 {
        self.join_wide(part, u64::from(rest))
    }

    /// [`split`](Self::split) with the rest as a `u64` (for rests of more
    /// than 32 bits).
    #[inline(always)]
    pub(crate) fn split_wide(self, c: u64) -> (usize, u64) {
        let mut z = c.wrapping_mul(M1) & self.mask;
        z ^= z >> self.shift;
        ((z >> self.rest_bits) as usize, z & ((1 << self.rest_bits) - 1))
    }

    /// The inverse of [`split_wide`](Self::split_wide).
    #[inline(always)]
    pub(crate) fn join_wide(self, part: usize, rest: u64) -> u64 {
        let z = (part as u64) << self.rest_bits | rest;
        (z ^ (z >> self.shift)).wrapping_mul(M1_INV) & self.mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_spread() {
        for bits in [1, 7, 25, 26, 33, 37] {
            let layout = KeyLayout::new(bits).unwrap();
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut parts = vec![0u32; 1 << layout.part_bits()];
            let n = 64 * parts.len() as u32;
            for _ in 0..n {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let c = seed & ((1 << bits) - 1);
                let (p, r) = layout.split(c);
                assert!(r < 1 << layout.rest_bits());
                assert_eq!(layout.join(p, r), c);
                parts[p] += 1;
            }
            if parts.len() > 1 {
                // Every partition is used, none more than twice its share.
                assert!(parts.iter().all(|&k| k > 16 && k < 128), "{parts:?}");
            }
        }
        assert!(KeyLayout::new(0).is_none() && KeyLayout::new(MAX_KEY_BITS + 1).is_none());
        // Any 64-bit key, 256 partitions.
        let wide = KeyLayout::wide(8);
        let mut parts = [0u32; 256];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..256 * 64 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Random keys, and keys with few low bits (like bitboards).
            let c = if i % 2 == 0 { seed } else { seed & 0xffff | (i as u64) << 56 };
            let (p, r) = wide.split_wide(c);
            assert!(r < 1 << 56);
            assert_eq!(wide.join_wide(p, r), c);
            parts[p] += 1;
        }
        assert!(parts.iter().all(|&k| k > 16 && k < 128), "{parts:?}");
        for c in [0, 1, u64::MAX, 1 << 63] {
            let (p, r) = wide.split_wide(c);
            assert_eq!(wide.join_wide(p, r), c);
        }
    }
}
