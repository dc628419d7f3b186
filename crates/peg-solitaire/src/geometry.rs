//! The eight symmetries of a square (rotations and reflections) as bit
//! operations on an 8×8 bitboard whose board sits in the top-left corner.
//!
//! Rows are bytes, so a vertical flip is a byte swap, a horizontal mirror a
//! bit reversal plus byte swap, and the transposition three delta swaps
//! (Hacker's Delight 7-3); a shift moves the flipped board back into the
//! corner when it is smaller than 8×8.

/// One of the eight symmetries of the bounding box.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Transform {
    /// The identity.
    Identity,
    /// Upside down (rows reversed).
    FlipRows,
    /// Left to right (columns reversed).
    FlipCols,
    /// Rotation by 180°.
    Rotate180,
    /// Mirror in the main diagonal (rows become columns); square boards.
    Transpose,
    /// Transpose, then rows reversed (a quarter turn); square boards.
    TransposeFlipRows,
    /// Transpose, then columns reversed (a quarter turn the other way).
    TransposeFlipCols,
    /// Mirror in the anti-diagonal; square boards.
    AntiTranspose,
}

impl Transform {
    /// All eight, the identity first.
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::FlipRows,
        Transform::FlipCols,
        Transform::Rotate180,
        Transform::Transpose,
        Transform::TransposeFlipRows,
        Transform::TransposeFlipCols,
        Transform::AntiTranspose,
    ];

    /// The image of the bits `x` of a `rows × cols` board.
    #[inline]
    pub fn apply(self, x: u64, rows: u8, cols: u8) -> u64 {
        let (r, c) = (u32::from(8 - rows), u32::from(8 - cols));
        match self {
            Transform::Identity => x,
            Transform::FlipRows => x.swap_bytes() >> (8 * r),
            Transform::FlipCols => x.reverse_bits().swap_bytes() >> c,
            Transform::Rotate180 => x.reverse_bits() >> (8 * r + c),
            Transform::Transpose => transpose(x),
            // After the transposition the board is cols × rows (equal here).
            Transform::TransposeFlipRows => transpose(x).swap_bytes() >> (8 * c),
            Transform::TransposeFlipCols => transpose(x).reverse_bits().swap_bytes() >> r,
            Transform::AntiTranspose => transpose(x).reverse_bits() >> (8 * c + r),
        }
    }

    /// `true` for the transforms that swap rows and columns.
    pub const fn transposes(self) -> bool {
        matches!(
            self,
            Transform::Transpose
                | Transform::TransposeFlipRows
                | Transform::TransposeFlipCols
                | Transform::AntiTranspose
        )
    }
}

/// `true` if `t` maps a `rows × cols` box onto itself.
pub fn applies(t: Transform, rows: u8, cols: u8) -> bool {
    !t.transposes() || rows == cols
}

/// Mirror of an 8×8 bit matrix in its main diagonal: bit `8r + c` goes to
/// `8c + r`.
#[inline]
pub fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The smallest image of `x` under all eight transforms of a square
/// `n × n` box, computed without branches (the hot path of the English and
/// French statistics).
#[inline]
pub fn min_image_square(x: u64, n: u8) -> u64 {
    let s = u32::from(8 - n);
    let t = transpose(x);
    let xr = x.reverse_bits();
    let tr = t.reverse_bits();
    let a = x.min(x.swap_bytes() >> (8 * s));
    let b = (xr.swap_bytes() >> s).min(xr >> (9 * s));
    let c = t.min(t.swap_bytes() >> (8 * s));
    let d = (tr.swap_bytes() >> s).min(tr >> (9 * s));
    a.min(b).min(c.min(d))
}

/// How many of the eight transforms of a square `n × n` box leave `x`
/// unchanged (1 to 8), without branches.
#[inline]
pub fn fixing_square(x: u64, n: u8) -> u32 {
    let s = u32::from(8 - n);
    let t = transpose(x);
    let xr = x.reverse_bits();
    let tr = t.reverse_bits();
    u32::from(x.swap_bytes() >> (8 * s) == x)
        + u32::from(xr.swap_bytes() >> s == x)
        + u32::from(xr >> (9 * s) == x)
        + u32::from(t == x)
        + u32::from(t.swap_bytes() >> (8 * s) == x)
        + u32::from(tr.swap_bytes() >> s == x)
        + u32::from(tr >> (9 * s) == x)
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The images by coordinates, the slow obvious way.
    fn slow(t: Transform, x: u64, rows: u8, cols: u8) -> u64 {
        let (rows, cols) = (u32::from(rows), u32::from(cols));
        let mut y = 0u64;
        for i in 0..64u32 {
            if x >> i & 1 == 0 {
                continue;
            }
            let (r, c) = (i / 8, i % 8);
            let (r2, c2) = match t {
                Transform::Identity => (r, c),
                Transform::FlipRows => (rows - 1 - r, c),
                Transform::FlipCols => (r, cols - 1 - c),
                Transform::Rotate180 => (rows - 1 - r, cols - 1 - c),
                Transform::Transpose => (c, r),
                Transform::TransposeFlipRows => (cols - 1 - c, r),
                Transform::TransposeFlipCols => (c, rows - 1 - r),
                Transform::AntiTranspose => (cols - 1 - c, rows - 1 - r),
            };
            y |= 1 << (r2 * 8 + c2);
        }
        y
    }

    #[test]
    fn transforms_match_coordinates() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for n in 1..=8u8 {
            for m in 1..=8u8 {
                let mut boxmask = 0u64;
                for r in 0..n {
                    for c in 0..m {
                        boxmask |= 1 << (8 * r + c);
                    }
                }
                for _ in 0..50 {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let x = (seed ^ seed >> 29) & boxmask;
                    for t in Transform::ALL {
                        if applies(t, n, m) {
                            assert_eq!(t.apply(x, n, m), slow(t, x, n, m), "{t:?} {n}x{m}");
                        }
                    }
                    if n == m {
                        let want = Transform::ALL.iter().map(|t| t.apply(x, n, n)).min().unwrap();
                        assert_eq!(min_image_square(x, n), want);
                        let fixing =
                            Transform::ALL.iter().filter(|t| t.apply(x, n, n) == x).count();
                        assert_eq!(fixing_square(x, n) as usize, fixing);
                    }
                }
            }
        }
    }
}
