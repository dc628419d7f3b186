//! A 512-bit set of board cells and the cell layout.
//!
//! Cells are numbered `y * STRIDE + x` with a fixed stride of 23 for every
//! board size (22 columns at most plus one that stays empty), so a cell
//! index means the same square on every board and `x`, `y` follow from the
//! index alone.

/// Cells per row in the index layout (the widest board has 22 columns).
pub const STRIDE: usize = 23;
/// The largest board side.
pub const MAX_SIDE: u8 = 22;
/// Number of cell indices (`STRIDE * 22` rounded up to 512 bits).
pub const CELLS: usize = 512;

/// The cell index of column `x` and row `y` (row 0 is the top).
#[inline(always)]
pub const fn cell(x: usize, y: usize) -> usize {
    y * STRIDE + x
}

/// Column and row of a cell index.
#[inline(always)]
pub const fn coords(c: usize) -> (usize, usize) {
    (c % STRIDE, c / STRIDE)
}

/// A set of cells: 512 bits in eight words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bits(pub [u64; 8]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; 8]);

    /// `true` if cell `c` is in the set.
    #[inline(always)]
    pub const fn has(&self, c: usize) -> bool {
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }

    /// Adds cell `c`.
    #[inline(always)]
    pub fn set(&mut self, c: usize) {
        self.0[c >> 6] |= 1 << (c & 63);
    }

    /// Removes cell `c`.
    #[inline(always)]
    pub fn clear(&mut self, c: usize) {
        self.0[c >> 6] &= !(1 << (c & 63));
    }

    /// Adds every cell of `o`.
    #[inline(always)]
    pub fn or_with(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(o.0.iter()) {
            *a |= b;
        }
    }

    /// The cells of `self` not in `a` and not in `b`.
    #[inline(always)]
    pub fn and_not2(&self, a: &Bits, b: &Bits) -> Bits {
        let mut r = [0u64; 8];
        for (i, w) in r.iter_mut().enumerate() {
            *w = self.0[i] & !a.0[i] & !b.0[i];
        }
        Bits(r)
    }

    /// Number of cells.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// `true` if no cell is set.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells in increasing order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            core::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(i * 64 + b)
                }
            })
        })
    }
}
