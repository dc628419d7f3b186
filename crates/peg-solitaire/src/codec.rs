//! Keys of the statistics' fast path: positions packed to one bit per hole
//! and mixed by a bijection, so the top bits choose a partition and the
//! rest of the key (at most [`FAST_REST_BITS`] bits) fits a `u32`; and the
//! images of a position under a symmetry group as plain arrays.
//!
//! Packing goes through one 256-entry table per row (byte) of the 8 × 8
//! bitboard, unpacking through one per byte of the packed key. The mix is
//! `x·m`, then `x ^ x>>s`, modulo `2^holes` with odd `m` and `2s ≥ holes`:
//! both steps are invertible (the shift step is its own inverse, the
//! product has a modular inverse), so the key is exact. The top bits of
//! the product depend on every input bit (the partition), and the shift
//! brings them down into the low bits (the slot in a partition's table).

use crate::board::{Board, bits};
use crate::cpu::{Pack, Tables};
use crate::geometry::{Transform, transpose};
use crate::params::{FAST_MAX_PARTITION_BITS, FAST_REST_BITS};

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

/// Packs, mixes and splits keys of one board.
pub(crate) struct Codec {
    pack: Box<[[u64; 256]; 8]>,
    unpack: Box<[[u64; 256]; 8]>,
    /// Bytes of a packed key.
    bytes: usize,
    /// The board's holes as a bitboard.
    board_mask: u64,
    /// Bits of a packed key (the board's holes).
    mask: u64,
    shift: u32,
    rest_bits: u32,
    part_bits: u32,
}

impl Codec {
    /// The codec of `board`, or `None` if its keys need more than
    /// [`FAST_REST_BITS`] + [`FAST_MAX_PARTITION_BITS`] bits.
    pub(crate) fn new(board: &Board) -> Option<Codec> {
        let holes = board.holes();
        if holes > FAST_REST_BITS + FAST_MAX_PARTITION_BITS {
            return None;
        }
        let rest_bits = holes.min(FAST_REST_BITS);
        let mut pack = Box::new([[0u64; 256]; 8]);
        let mut unpack = Box::new([[0u64; 256]; 8]);
        let order: Vec<u32> = bits(board.mask()).collect();
        for (row, table) in pack.iter_mut().enumerate() {
            for (byte, out) in table.iter_mut().enumerate() {
                let x = (byte as u64) << (8 * row);
                *out = order
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| x >> b & 1 == 1)
                    .fold(0, |acc, (i, _)| acc | 1 << i);
            }
        }
        for (k, table) in unpack.iter_mut().enumerate() {
            for (byte, out) in table.iter_mut().enumerate() {
                *out = (0..8)
                    .filter(|&i| byte >> i & 1 == 1)
                    .filter_map(|i| order.get(8 * k + i))
                    .fold(0, |acc, &b| acc | 1 << b);
            }
        }
        Some(Codec {
            pack,
            unpack,
            bytes: holes.div_ceil(8) as usize,
            board_mask: board.mask(),
            mask: if holes == 64 { u64::MAX } else { (1 << holes) - 1 },
            shift: holes.div_ceil(2).max(1),
            rest_bits,
            part_bits: holes - rest_bits,
        })
    }

    /// Bits of the partition number.
    pub(crate) fn part_bits(&self) -> u32 {
        self.part_bits
    }

    /// Bits of the rest of a key.
    pub(crate) fn rest_bits(&self) -> u32 {
        self.rest_bits
    }

    /// The board's mask (a bitboard).
    #[inline(always)]
    pub(crate) fn board_mask(&self) -> u64 {
        self.board_mask
    }

    /// The packed form of the bitboard `x`, through the tables.
    #[inline(always)]
    pub(crate) fn pack_tables(&self, x: u64) -> u64 {
        let mut c = 0;
        for (r, table) in self.pack.iter().enumerate() {
            c |= table[(x >> (8 * r)) as usize & 255];
        }
        c
    }

    /// The bitboard of the packed `c`, through the tables.
    #[inline(always)]
    pub(crate) fn unpack_tables(&self, c: u64) -> u64 {
        let mut x = 0;
        for (k, table) in self.unpack.iter().take(self.bytes).enumerate() {
            x |= table[(c >> (8 * k)) as usize & 255];
        }
        x
    }

    /// The partition and the rest of the key of the bitboard `x`.
    #[inline(always)]
    pub(crate) fn key(&self, x: u64) -> (usize, u32) {
        self.key_with(Tables, x)
    }

    /// [`key`](Codec::key) with the packer `p`.
    #[inline(always)]
    pub(crate) fn key_with<P: Pack>(&self, p: P, x: u64) -> (usize, u32) {
        self.keyer().key(p, x)
    }

    /// The key maker of this codec, its constants by value.
    #[inline(always)]
    pub(crate) fn keyer(&self) -> Keyer<'_> {
        Keyer {
            codec: self,
            board_mask: self.board_mask,
            mask: self.mask,
            shift: self.shift,
            rest_bits: self.rest_bits,
        }
    }

    /// The bitboard of a key (the inverse of [`key`](Codec::key)).
    #[inline]
    pub(crate) fn bitboard(&self, part: usize, rest: u32) -> u64 {
        self.bitboard_with(Tables, part, rest)
    }

    /// [`bitboard`](Codec::bitboard) with the packer `p`.
    #[inline(always)]
    pub(crate) fn bitboard_with<P: Pack>(&self, p: P, part: usize, rest: u32) -> u64 {
        let z = (part as u64) << self.rest_bits | u64::from(rest);
        let c = (z ^ (z >> self.shift)).wrapping_mul(M1_INV) & self.mask;
        p.unpack(self, c)
    }
}

/// The key maker of [`Codec::key_with`], the codec's constants copied into
/// a value (held in registers by a hot loop instead of reloaded from the
/// codec after every store).
#[derive(Clone, Copy)]
pub(crate) struct Keyer<'a> {
    codec: &'a Codec,
    board_mask: u64,
    mask: u64,
    shift: u32,
    rest_bits: u32,
}

impl Keyer<'_> {
    /// The partition and the rest of the key of the bitboard `x` (packed
    /// by `p`, then mixed).
    #[inline(always)]
    pub(crate) fn key<P: Pack>(self, p: P, x: u64) -> (usize, u32) {
        let c = p.pack_masked(self.codec, self.board_mask, x);
        let mut z = c.wrapping_mul(M1) & self.mask;
        z ^= z >> self.shift;
        ((z >> self.rest_bits) as usize, (z & ((1 << self.rest_bits) - 1)) as u32)
    }
}

/// A symmetry group of a board given by its transforms, with `K` elements:
/// the images of a bitboard in a fixed order, the identity first.
pub(crate) struct Group<const K: usize> {
    transforms: [Transform; K],
    rows: u8,
    cols: u8,
}

impl<const K: usize> Group<K> {
    /// The group of the `K` transforms `ts` (the identity first).
    pub(crate) fn new(ts: &[Transform], rows: u8, cols: u8) -> Option<Self> {
        Some(Group { transforms: ts.try_into().ok()?, rows, cols })
    }

    /// The `K` images of `x`.
    #[inline(always)]
    pub(crate) fn images(&self, x: u64) -> [u64; K] {
        if K == 8 && self.rows == self.cols {
            // All eight on a square box, without branches.
            let s = u32::from(8 - self.rows);
            let t = transpose(x);
            let xr = x.reverse_bits();
            let tr = t.reverse_bits();
            let all = [
                x,
                x.swap_bytes() >> (8 * s),
                xr.swap_bytes() >> s,
                xr >> (9 * s),
                t,
                t.swap_bytes() >> (8 * s),
                tr.swap_bytes() >> s,
                tr >> (9 * s),
            ];
            core::array::from_fn(|g| all[g])
        } else {
            core::array::from_fn(|g| self.transforms[g].apply(x, self.rows, self.cols))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_spread() {
        for board in [Board::english(), Board::french()] {
            let codec = Codec::new(&board).unwrap();
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut parts = vec![0u32; 1 << codec.part_bits()];
            let n = 64 * parts.len() as u32;
            for _ in 0..n {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let x = seed & board.mask();
                let (p, r) = codec.key(x);
                assert!(r < 1 << codec.rest_bits());
                assert_eq!(codec.bitboard(p, r), x);
                parts[p] += 1;
            }
            // Every partition is used, none more than twice its share of 64.
            assert!(parts.iter().all(|&k| k > 16 && k < 128), "{parts:?}");
        }
    }

    #[test]
    fn full_group_images_match_transforms() {
        let board = Board::english();
        let (r, c) = board.size();
        let group = Group::<8>::new(&Transform::ALL, r, c).unwrap();
        let x = board.mask() & 0x0012_3456_789a_bcde;
        let mut fast = group.images(x).to_vec();
        let mut slow: Vec<u64> = Transform::ALL.iter().map(|t| t.apply(x, r, c)).collect();
        fast.sort_unstable();
        slow.sort_unstable();
        assert_eq!(fast, slow);
    }
}
