//! Line shapes: what a stone on an empty cell makes in one direction —
//! five, open four, four, open three, three, open two, two — defined by
//! what the next stones could complete, so the same definition serves any
//! `k` and both the freestyle and the exact rule.
//!
//! The shape looks at the `k` cells on each side of the cell (own,
//! empty, or blocked = opposing stone or board edge):
//! - **five**: the stone completes a winning row through it;
//! - **four**: one more own stone on that line would complete a winning row
//!   through it (exactly one such cell); **open four**: two or more such
//!   cells (the opponent cannot stop both);
//! - **three**: one more stone can make a four; **open three**: one more
//!   stone can make an open four (the opponent must answer on that line);
//!   broken threes (`x.xx`) are threes like any other, by this definition;
//! - **two** / **open two**: one more stone can make a three / open three.
//!
//! For `k ≤ 6` the shape of every line code is computed once into a table
//! (`3^(2k)` entries, 59,049 for five in a row); longer rows are classified
//! on the fly. The code of a line is read from the position's bit strings:
//! the `2k + 1` cells around the cell are one 128-bit shift of each
//! player's stones in the layout where that line is contiguous (see
//! `lines`), and the `2k` own bits and the `2k` blocked bits (opposing
//! stones and cells off the board) become the base-3 code by two look-ups
//! in [`BASE3`].

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::bits::{Bits, CELLS, MAX_SIDE, STRIDE, cell, coords};
use crate::board::Gomoku;
use crate::lines::{ROT, extract};
use crate::rules::{DIRS, board_mask};

/// What a stone makes on one line (ordered: larger is stronger).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Shape {
    /// Nothing to speak of.
    None = 0,
    /// One more stone makes a three.
    Two = 1,
    /// One more stone makes an open three.
    OpenTwo = 2,
    /// One more stone makes a four.
    Three = 3,
    /// One more stone makes an open four.
    OpenThree = 4,
    /// One more stone wins (one cell).
    Four = 5,
    /// One more stone wins, on two cells or more.
    OpenFour = 6,
    /// A winning row.
    Five = 7,
}

impl Shape {
    const ALL: [Shape; 8] = [
        Shape::None,
        Shape::Two,
        Shape::OpenTwo,
        Shape::Three,
        Shape::OpenThree,
        Shape::Four,
        Shape::OpenFour,
        Shape::Five,
    ];

    #[inline(always)]
    fn from_u8(v: u8) -> Shape {
        Shape::ALL[usize::from(v.min(7))]
    }
}

const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCKED: u8 = 2;

/// Classification of one line (`line[k]` is the new own stone).
struct Line<'a> {
    cells: &'a mut [u8],
    k: usize,
    exact: bool,
}

impl Line<'_> {
    fn five(&self) -> bool {
        let c = self.k;
        let mut run = 1;
        let mut i = c + 1;
        while i < self.cells.len() && self.cells[i] == OWN {
            run += 1;
            i += 1;
        }
        let mut i = c;
        while i > 0 && self.cells[i - 1] == OWN {
            run += 1;
            i -= 1;
        }
        run == self.k || (run > self.k && !self.exact)
    }

    /// Number of empty cells that would complete a winning row through the
    /// centre (stops counting at 2).
    fn completions(&mut self) -> u32 {
        let mut n = 0;
        for e in 0..self.cells.len() {
            if self.cells[e] == EMPTY {
                self.cells[e] = OWN;
                let f = self.five();
                self.cells[e] = EMPTY;
                if f {
                    n += 1;
                    if n == 2 {
                        return 2;
                    }
                }
            }
        }
        n
    }

    /// Shape from three down (`level` 1: threes; 2: twos too).
    fn shape(&mut self, level: u32) -> Shape {
        if self.five() {
            return Shape::Five;
        }
        match self.completions() {
            0 => {}
            1 => return Shape::Four,
            _ => return Shape::OpenFour,
        }
        if level == 0 {
            return Shape::None;
        }
        let mut best = Shape::None;
        for e in 0..self.cells.len() {
            if self.cells[e] != EMPTY {
                continue;
            }
            self.cells[e] = OWN;
            let s = self.shape(level - 1);
            self.cells[e] = EMPTY;
            let mine = match s {
                Shape::OpenFour | Shape::Five => Shape::OpenThree,
                Shape::Four => Shape::Three,
                Shape::OpenThree => Shape::OpenTwo,
                Shape::Three => Shape::Two,
                _ => Shape::None,
            };
            if mine > best {
                best = mine;
                if (level == 1 && best == Shape::OpenThree)
                    || (level == 2 && best == Shape::OpenTwo)
                {
                    break;
                }
            }
        }
        best
    }
}

/// The shape of a line given as `2k` states (`k` before the cell, nearest
/// last; `k` after it, nearest first): 0 empty, 1 own, 2 blocked.
pub fn classify(around: &[u8], k: usize, exact: bool) -> Shape {
    let mut cells = [0u8; 2 * MAX_SIDE as usize + 1];
    cells[..k].copy_from_slice(&around[..k]);
    cells[k] = OWN;
    cells[k + 1..=2 * k].copy_from_slice(&around[k..2 * k]);
    let mut line = Line { cells: &mut cells[..=2 * k], k, exact };
    // Threes first (cheap); twos only where there is no three.
    let s = line.shape(1);
    if s >= Shape::Three { s } else { line.shape(2) }
}

/// The shape tables of one `(k, exact)` rule.
pub struct Shapes {
    k: usize,
    exact: bool,
    table: Vec<u8>,
    /// `STAR[c]`: cells on the four lines through `c` within distance 3.
    star: Vec<Bits>,
}

impl core::fmt::Debug for Shapes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Shapes(k={}, exact={})", self.k, self.exact)
    }
}

/// Largest `k` with a table.
const TABLE_MAX_K: usize = 6;

/// `BASE3[x]`: the bits of `x` read as base-3 digits (bit `j` counts
/// `3^j`), for the `2k ≤ 12` cells around a cell: the code of a line is
/// `BASE3[own] + 2 * BASE3[blocked]`.
static BASE3: [u32; 1 << (2 * TABLE_MAX_K)] = {
    let mut t = [0u32; 1 << (2 * TABLE_MAX_K)];
    let mut x = 0;
    while x < t.len() {
        let (mut v, mut w, mut j) = (0u32, 1u32, 0);
        while j < 2 * TABLE_MAX_K {
            if x >> j & 1 == 1 {
                v += w;
            }
            w *= 3;
            j += 1;
        }
        t[x] = v;
        x += 1;
    }
    t
};

/// The table code of the line in direction `d` through the cell `c` (on
/// the board) for a stone of player index `p`, rows of `K ≤ 6`: the
/// `2K + 1` cells around `c` from the bit strings of both players (one
/// 128-bit shift each), cells off the board blocked, the centre dropped,
/// and the own and blocked bits turned into base 3 by [`BASE3`]. Equals
/// the code [`Shapes::shape_by_cells`] builds cell by cell.
#[inline(always)]
fn line_code<const K: usize>(pos: &Gomoku, c: usize, p: usize, d: usize) -> usize {
    let r = pos.rules();
    let (x, y) = coords(c);
    let (w1, h1) = (usize::from(r.width) - 1, usize::from(r.height) - 1);
    // Cells on the board before and after `c` on the line.
    let (before, after) = match d {
        0 => (x, w1 - x),
        1 => (y, h1 - y),
        2 => (x.min(y), (w1 - x).min(h1 - y)),
        _ => (x.min(h1 - y), (w1 - x).min(y)),
    };
    let (a, b, idx) = if d == 0 {
        (pos.stones_of(p), pos.stones_of(1 - p), c)
    } else {
        (&pos.rot_of(p)[d - 1], &pos.rot_of(1 - p)[d - 1], usize::from(ROT[d - 1][c]))
    };
    let lo = before.min(K);
    let hi = after.min(K);
    let n = lo + hi + 1;
    // Centre at bit K; bit i is the cell at offset i - K.
    let shift = K - lo;
    let o = extract(a, idx - lo, n) << shift;
    let q = extract(b, idx - lo, n) << shift;
    let span = (1u64 << (2 * K + 1)) - 1;
    let blocked = q | (span & !(((1u64 << n) - 1) << shift));
    // Drop the centre: bit j is `around[j]` of `classify`.
    let side = (1u64 << K) - 1;
    let o = (o & side) | (o >> (K + 1)) << K;
    let q = (blocked & side) | (blocked >> (K + 1)) << K;
    BASE3[o as usize] as usize + 2 * BASE3[q as usize] as usize
}

/// [`line_code`] of the four directions.
#[inline(always)]
fn codes_k<const K: usize>(pos: &Gomoku, c: usize, p: usize) -> [usize; 4] {
    [
        line_code::<K>(pos, c, p, 0),
        line_code::<K>(pos, c, p, 1),
        line_code::<K>(pos, c, p, 2),
        line_code::<K>(pos, c, p, 3),
    ]
}

impl Shapes {
    /// The (shared, built once) shapes of rows of `k`, exact or freestyle.
    pub fn get(k: u8, exact: bool) -> &'static Shapes {
        static ALL: OnceLock<Mutex<HashMap<(u8, bool), &'static Shapes>>> = OnceLock::new();
        let map = ALL.get_or_init(Default::default);
        let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
        map.entry((k, exact)).or_insert_with(|| Box::leak(Box::new(Shapes::build(k, exact))))
    }

    fn build(k: u8, exact: bool) -> Shapes {
        let k = usize::from(k);
        let table = if k <= TABLE_MAX_K {
            let n = 3usize.pow(2 * k as u32);
            let mut around = vec![0u8; 2 * k];
            (0..n)
                .map(|mut code| {
                    for a in around.iter_mut() {
                        *a = (code % 3) as u8;
                        code /= 3;
                    }
                    classify(&around, k, exact) as u8
                })
                .collect()
        } else {
            Vec::new()
        };
        let star = (0..CELLS)
            .map(|c| {
                let (x, y) = coords(c);
                let mut b = Bits::EMPTY;
                if x < STRIDE - 1 && y < STRIDE - 1 {
                    for (dx, dy) in DIRS {
                        for i in -3i32..=3 {
                            let (nx, ny) = (x as i32 + i * dx, y as i32 + i * dy);
                            if (0..i32::from(MAX_SIDE)).contains(&nx)
                                && (0..i32::from(MAX_SIDE)).contains(&ny)
                            {
                                b.set(cell(nx as usize, ny as usize));
                            }
                        }
                    }
                }
                b
            })
            .collect();
        Shapes { k, exact, table, star }
    }

    /// The row length.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The table codes of the four lines through `c` (see [`codes_k`]),
    /// `None` where there is no table or `c` is off the board.
    #[inline(always)]
    fn codes(&self, pos: &Gomoku, c: usize, p: usize) -> Option<[usize; 4]> {
        if !pos.rules().has_cell(c) {
            return None;
        }
        match self.k {
            5 => Some(codes_k::<5>(pos, c, p)),
            4 => Some(codes_k::<4>(pos, c, p)),
            6 => Some(codes_k::<6>(pos, c, p)),
            3 => Some(codes_k::<3>(pos, c, p)),
            _ => None,
        }
    }

    /// The shape a stone of player index `p` on the empty cell `c` makes in
    /// direction `d` (index into [`DIRS`]).
    #[inline]
    pub fn shape(&self, pos: &Gomoku, c: usize, p: usize, d: usize) -> Shape {
        assert!(d < DIRS.len(), "direction {d} out of range");
        let code = if pos.rules().has_cell(c) {
            match self.k {
                5 => Some(line_code::<5>(pos, c, p, d)),
                4 => Some(line_code::<4>(pos, c, p, d)),
                6 => Some(line_code::<6>(pos, c, p, d)),
                3 => Some(line_code::<3>(pos, c, p, d)),
                _ => None,
            }
        } else {
            None
        };
        match code {
            Some(code) => Shape::from_u8(self.table[code]),
            None => self.shape_by_cells(pos, c, p, d),
        }
    }

    /// [`shape`](Self::shape) read cell by cell (`2k` reads of the board
    /// instead of two shifts per player): the path for rows longer than the
    /// tables and for cells off the board, and the reference the bit-string
    /// reading is tested and benchmarked against.
    pub fn shape_by_cells(&self, pos: &Gomoku, c: usize, p: usize, d: usize) -> Shape {
        let (x, y) = coords(c);
        let (x, y) = (x as i32, y as i32);
        let (dx, dy) = DIRS[d];
        let own = p as u8 + 1;
        let k = self.k as i32;
        let state = |i: i32| {
            let s = pos.state_at(x + i * dx, y + i * dy);
            if s == 0 {
                EMPTY
            } else if s == own {
                OWN
            } else {
                BLOCKED
            }
        };
        if self.table.is_empty() {
            let mut around = [0u8; 2 * MAX_SIDE as usize];
            for i in 0..k {
                around[i as usize] = state(i - k);
                around[(k + i) as usize] = state(i + 1);
            }
            return classify(&around[..2 * self.k], self.k, self.exact);
        }
        let mut code = 0usize;
        // around[j] has weight 3^j: before the cell (far to near), then
        // after it (near to far). Built from the far end down (Horner).
        for i in (1..=k).rev() {
            code = code * 3 + usize::from(state(i));
        }
        for i in 1..=k {
            code = code * 3 + usize::from(state(-i));
        }
        Shape::from_u8(self.table[code])
    }

    /// The strongest shape over the four directions.
    #[inline]
    pub fn best(&self, pos: &Gomoku, c: usize, p: usize) -> Shape {
        match self.codes(pos, c, p) {
            Some(codes) => {
                let t = &self.table;
                Shape::from_u8(t[codes[0]].max(t[codes[1]]).max(t[codes[2]]).max(t[codes[3]]))
            }
            None => (0..4).map(|d| self.shape_by_cells(pos, c, p, d)).max().unwrap_or(Shape::None),
        }
    }

    /// The four shapes.
    #[inline]
    pub fn all(&self, pos: &Gomoku, c: usize, p: usize) -> [Shape; 4] {
        match self.codes(pos, c, p) {
            Some([a, b, c, d]) => {
                let t = &self.table;
                let f = Shape::from_u8;
                [f(t[a]), f(t[b]), f(t[c]), f(t[d])]
            }
            None => [
                self.shape_by_cells(pos, c, p, 0),
                self.shape_by_cells(pos, c, p, 1),
                self.shape_by_cells(pos, c, p, 2),
                self.shape_by_cells(pos, c, p, 3),
            ],
        }
    }

    /// Empty cells within distance 3 along a line of a stone of `p`: every
    /// cell where `p` can make a four or a three lies among them.
    pub fn threat_area(&self, pos: &Gomoku, p: usize) -> Bits {
        let mut area = Bits::EMPTY;
        for s in pos.stones_of(p).iter() {
            area.or_with(&self.star[s]);
        }
        let r = pos.rules();
        let mut out = area.and_not2(pos.stones_of(0), pos.stones_of(1));
        for (o, b) in out.0.iter_mut().zip(board_mask(r.width, r.height).0.iter()) {
            *o &= b;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use spielbaum_game_trait::{Game, Player, Undo};

    use super::*;
    use crate::board::Cell;
    use crate::rules::Rules;

    /// Every shape query on every cell index of the board and a few off it
    /// agrees with the cell-by-cell reading ([`Shapes::shape_by_cells`],
    /// `2k` reads of the board per line), for both players.
    fn agree(shapes: &Shapes, pos: &Gomoku) -> Result<(), TestCaseError> {
        let r = pos.rules();
        let (w, h) = (usize::from(r.width), usize::from(r.height));
        for p in 0..2 {
            // The threat area read off the board: the empty cells within 3
            // of a stone of `p` along one of the four lines.
            let mut area = Bits::EMPTY;
            for (x, y) in (0..h).flat_map(|y| (0..w).map(move |x| (x as i32, y as i32))) {
                let near = DIRS.iter().any(|&(dx, dy)| {
                    (-3..=3).any(|i| pos.state_at(x + i * dx, y + i * dy) == p as u8 + 1)
                });
                if near && pos.state_at(x, y) == 0 {
                    area.set(cell(x as usize, y as usize));
                }
            }
            prop_assert_eq!(shapes.threat_area(pos, p), area, "{:?} p{}", pos, p);
        }
        let off = [cell(w.min(STRIDE - 1), 0), cell(0, h.min(21)), CELLS - 1];
        let cells = (0..h).flat_map(|y| (0..w).map(move |x| cell(x, y))).chain(off);
        for c in cells {
            for p in 0..2 {
                let want = [0, 1, 2, 3].map(|d| shapes.shape_by_cells(pos, c, p, d));
                for (d, &s) in want.iter().enumerate() {
                    prop_assert_eq!(shapes.shape(pos, c, p, d), s, "{:?} {} p{} d{}", pos, c, p, d);
                }
                prop_assert_eq!(shapes.all(pos, c, p), want, "{:?} {} p{}", pos, c, p);
                let best = want.iter().copied().max().unwrap_or(Shape::None);
                prop_assert_eq!(shapes.best(pos, c, p), best, "{:?} {} p{}", pos, c, p);
            }
        }
        Ok(())
    }

    fn rules(w: u8, h: u8, k: u8, exact: bool) -> Rules {
        Rules { width: w, height: h, k, exact, radius: 0 }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

        /// Random stone sets (any density, edges included) on random
        /// square and rectangular boards, rows of 3 to 6, exact and
        /// freestyle; and their symmetric images, whose bit strings are
        /// built separately.
        #[test]
        fn stone_sets(w in 3u8..=22, h in 3u8..=22, k in 3u8..=6, exact: bool, square: bool,
                      fill in 0u32..=100, picks in proptest::collection::vec(any::<u32>(), 0..500)) {
            let h = if square { w } else { h };
            let r = rules(w, h, k, exact);
            let mut stones = [Bits::EMPTY; 2];
            for (i, &v) in picks.iter().enumerate() {
                let c = cell(v as usize % usize::from(w), (v >> 8) as usize % usize::from(h));
                if (v >> 16) % 100 < fill && !stones[0].has(c) && !stones[1].has(c) {
                    stones[i % 2].set(c);
                }
            }
            let pos = Gomoku::from_stones(r, &stones, Player::FIRST, 0);
            let shapes = Shapes::get(k, exact);
            agree(shapes, &pos)?;
            let sym = (picks.len() % pos.symmetries().max(1)).max(1) % pos.symmetries();
            agree(shapes, &pos.symmetric(sym))?;
        }

    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

        /// Positions reached by play and take-back (the incremental
        /// bookkeeping of the bit strings), checked after every move.
        #[test]
        fn played(w in 3u8..=22, h in 3u8..=22, k in 3u8..=6, exact: bool,
                  picks in proptest::collection::vec(any::<u32>(), 0..40)) {
            let r = rules(w, h, k, exact);
            let shapes = Shapes::get(k, exact);
            let mut g = Gomoku::new(r);
            let mut played = Vec::new();
            for &v in &picks {
                if v % 5 == 0 && let Some(c) = played.pop() {
                    g.undo(c);
                } else {
                    let c = Cell::at(v as usize % usize::from(w), (v >> 8) as usize % usize::from(h));
                    if g.is_over() || !g.is_empty_cell(c) {
                        continue;
                    }
                    g.play(c);
                    played.push(c);
                }
                agree(shapes, &g)?;
            }
        }
    }

    /// Rows longer than the tables take the cell-by-cell path (and agree
    /// with `classify` of the line read by hand).
    #[test]
    fn long_rows() {
        let r = rules(15, 15, 7, false);
        let mut g = Gomoku::new(r);
        for m in [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7)] {
            g.play(Cell::at(m.0, m.1));
        }
        let shapes = Shapes::get(7, false);
        // x x x x _ at h..k of row 8: a stone at l8 or g8 makes five of seven.
        let state = |x: i32| match g.state_at(x, 7) {
            0 => EMPTY,
            1 => OWN,
            _ => BLOCKED,
        };
        let around = |x: i32| {
            let mut a = [0u8; 14];
            for i in 0..7 {
                a[i as usize] = state(x + i - 7);
                a[(7 + i) as usize] = state(x + i + 1);
            }
            a
        };
        for x in [4usize, 5, 6, 11, 12] {
            let want = classify(&around(x as i32), 7, false);
            assert_eq!(shapes.shape(&g, cell(x, 7), 0, 0), want, "x = {x}");
        }
    }
}
