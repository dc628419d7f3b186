//! Positions packed to one bit per hole, for the packed level engine: one
//! 256-entry table per row (byte) of the 8 × 8 bitboard for packing, one
//! per byte of the packed key for unpacking, or BMI2's `pext`/`pdep`
//! where the processor has them fast ([`Pack`]); and the images of a
//! position under a symmetry group as plain arrays ([`Group`]).

use spielbaum_bfs_reach::cpu::Bmi2;

use crate::board::{Board, bits};
use crate::geometry::{Transform, transpose};

/// The packing tables of one board.
pub(crate) struct Tables {
    pack: Box<[[u64; 256]; 8]>,
    unpack: Box<[[u64; 256]; 8]>,
    /// Bytes of a packed key.
    bytes: usize,
}

impl Tables {
    /// The tables of `board`.
    pub(crate) fn new(board: &Board) -> Tables {
        let holes = board.holes();
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
        Tables { pack, unpack, bytes: holes.div_ceil(8) as usize }
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
}

/// Packs bitboards of a board to one bit per hole and back.
pub(crate) trait Pack: Copy + Send + Sync {
    /// The packed form of the bitboard `x` (bits outside the board are
    /// ignored); the board's mask passed by value (a register in a hot
    /// loop).
    fn pack(self, t: &Tables, board_mask: u64, x: u64) -> u64;
    /// The bitboard of the packed `c`.
    fn unpack(self, t: &Tables, board_mask: u64, c: u64) -> u64;
}

/// Portable packing through the byte tables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ByTables;

impl Pack for ByTables {
    #[inline(always)]
    fn pack(self, t: &Tables, _: u64, x: u64) -> u64 {
        t.pack_tables(x)
    }
    #[inline(always)]
    fn unpack(self, t: &Tables, _: u64, c: u64) -> u64 {
        t.unpack_tables(c)
    }
}

/// Packing with BMI2's `pext`/`pdep`. Both packers put hole `i` (in
/// increasing bit order of the board's mask) at bit `i`: the same keys.
impl Pack for Bmi2 {
    #[inline(always)]
    fn pack(self, _: &Tables, board_mask: u64, x: u64) -> u64 {
        self.pext(x, board_mask)
    }
    #[inline(always)]
    fn unpack(self, _: &Tables, board_mask: u64, c: u64) -> u64 {
        self.pdep(c, board_mask)
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
    fn tables_and_bmi2_pack_alike() {
        let bmi2 = Bmi2::detect();
        if bmi2.is_none() {
            eprintln!("skipped (BMI2 half): this processor has no fast BMI2");
        }
        for board in [Board::english(), Board::french()] {
            let t = Tables::new(&board);
            let m = board.mask();
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..10_000 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let x = seed & m;
                let c = ByTables.pack(&t, m, x);
                assert!(c < 1 << board.holes());
                assert_eq!(c.count_ones(), x.count_ones());
                assert_eq!(ByTables.unpack(&t, m, c), x);
                if x != 0 {
                    // Hole i (in bit order of the mask) at bit i.
                    let rank = (m & ((1u64 << x.trailing_zeros()) - 1)).count_ones();
                    assert_eq!(c.trailing_zeros(), rank);
                }
                if let Some(b) = bmi2 {
                    assert_eq!(b.pack(&t, m, x), c);
                    assert_eq!(b.unpack(&t, m, c), x);
                    assert_eq!(spielbaum_bfs_reach::cpu::with_bmi2(b, || b.pack(&t, m, x)), c);
                }
            }
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
