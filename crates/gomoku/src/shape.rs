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
//! on the fly.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::bits::{Bits, CELLS, MAX_SIDE, STRIDE, cell, coords};
use crate::board::Gomoku;
use crate::rules::DIRS;

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

    /// The shape a stone of player index `p` on the empty cell `c` makes in
    /// direction `d` (index into [`DIRS`]).
    #[inline]
    pub fn shape(&self, pos: &Gomoku, c: usize, p: usize, d: usize) -> Shape {
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
        (0..4).map(|d| self.shape(pos, c, p, d)).max().unwrap_or(Shape::None)
    }

    /// The four shapes.
    #[inline]
    pub fn all(&self, pos: &Gomoku, c: usize, p: usize) -> [Shape; 4] {
        [
            self.shape(pos, c, p, 0),
            self.shape(pos, c, p, 1),
            self.shape(pos, c, p, 2),
            self.shape(pos, c, p, 3),
        ]
    }

    /// Empty cells within distance 3 along a line of a stone of `p`: every
    /// cell where `p` can make a four or a three lies among them.
    pub fn threat_area(&self, pos: &Gomoku, p: usize) -> Bits {
        let mut area = Bits::EMPTY;
        for s in pos.stones_of(p).iter() {
            area.or_with(&self.star[s]);
        }
        let r = pos.rules();
        let mut out = Bits::EMPTY;
        for c in area.and_not2(pos.stones_of(0), pos.stones_of(1)).iter() {
            if r.has_cell(c) {
                out.set(c);
            }
        }
        out
    }
}
