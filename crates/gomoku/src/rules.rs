//! The rules of a game: board size, row length, freestyle or exact, and
//! the candidate-move radius; Zobrist keys and neighbourhood tables.

use std::sync::OnceLock;

use crate::bits::{Bits, CELLS, MAX_SIDE, STRIDE, cell, coords};

/// The smallest board side (3 fits Tic-tac-toe's 3,3,3).
pub const MIN_SIDE: u8 = 3;
/// The shortest winning row.
pub const MIN_K: u8 = 3;
/// The largest candidate radius.
pub const MAX_RADIUS: u8 = 4;

/// The rules of a five-in-a-row (m,n,k) game.
///
/// `k` in a row wins; with `exact`, a row longer than `k` (an overline)
/// does not win (the "exactly five" rule of standard Gomoku); otherwise any
/// row of at least `k` wins (freestyle). A full board without a winning
/// row is a draw. Black (the first player, `x`) moves first.
///
/// `radius` restricts the legal moves that [`Game::moves`] lists to empty
/// cells within that Chebyshev distance of a stone (the centre on an empty
/// board), the usual pruning for search engines; 0 lists every empty cell,
/// the exact game (use it for solving). Every empty cell can be played
/// anyway (`Gomoku::play`), and [`Gomoku::all_moves`] lists them all.
///
/// [`Game::moves`]: spielbaum_game_trait::Game::moves
/// [`Gomoku::all_moves`]: crate::Gomoku::all_moves
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// Columns (3..=22).
    pub width: u8,
    /// Rows (3..=22).
    pub height: u8,
    /// Stones in a row that win (3..=22).
    pub k: u8,
    /// Exactly `k` wins, longer rows do not.
    pub exact: bool,
    /// Candidate radius for [`Game::moves`](spielbaum_game_trait::Game::moves)
    /// (0 = every empty cell, at most 4).
    pub radius: u8,
}

impl Default for Rules {
    /// 15×15, five in a row, freestyle, candidate radius 2.
    fn default() -> Self {
        Rules { width: 15, height: 15, k: 5, exact: false, radius: 2 }
    }
}

impl Rules {
    /// An N×N board, five in a row, freestyle, candidate radius 2.
    pub fn square(n: u8) -> Result<Rules, String> {
        Rules { width: n, height: n, ..Rules::default() }.checked()
    }

    /// The m,n,k-game (`m` columns, `n` rows, `k` in a row, freestyle)
    /// with every empty cell legal (radius 0): the exact game.
    pub fn mnk(m: u8, n: u8, k: u8) -> Result<Rules, String> {
        Rules { width: m, height: n, k, exact: false, radius: 0 }.checked()
    }

    /// The same rules with another candidate radius.
    pub fn with_radius(mut self, radius: u8) -> Result<Rules, String> {
        self.radius = radius;
        self.checked()
    }

    /// The rules if they are valid; the error names the bad part.
    pub fn checked(self) -> Result<Rules, String> {
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&self.width) {
            return Err(format!("width {} outside {MIN_SIDE}..={MAX_SIDE}", self.width));
        }
        if !side.contains(&self.height) {
            return Err(format!("height {} outside {MIN_SIDE}..={MAX_SIDE}", self.height));
        }
        if !(MIN_K..=MAX_SIDE).contains(&self.k) {
            return Err(format!("k {} outside {MIN_K}..={MAX_SIDE}", self.k));
        }
        if self.radius > MAX_RADIUS {
            return Err(format!("radius {} outside 0..={MAX_RADIUS}", self.radius));
        }
        Ok(self)
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// `true` if `(x, y)` is on the board.
    #[inline(always)]
    pub fn on_board(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < i32::from(self.width) && y < i32::from(self.height)
    }

    /// `true` if cell index `c` is on the board.
    #[inline(always)]
    pub fn has_cell(&self, c: usize) -> bool {
        let (x, y) = coords(c);
        c < CELLS && x < usize::from(self.width) && y < usize::from(self.height)
    }

    /// Every cell of the board.
    pub fn board(&self) -> Bits {
        let mut b = Bits::EMPTY;
        for y in 0..usize::from(self.height) {
            for x in 0..usize::from(self.width) {
                b.set(cell(x, y));
            }
        }
        b
    }

    /// The short form `15x15 k5` (`exact` and `r2` added when they differ
    /// from freestyle and radius 0).
    pub fn describe(&self) -> String {
        let mut s = format!("{}x{} k{}", self.width, self.height, self.k);
        if self.exact {
            s.push_str(" exact");
        }
        if self.radius > 0 {
            s.push_str(&format!(" r{}", self.radius));
        }
        s
    }
}

/// The four line directions `(dx, dy)`: horizontal, vertical, diagonal,
/// anti-diagonal.
pub const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Zobrist keys: one per player and cell.
pub(crate) static ZOBRIST: [[u64; CELLS]; 2] = {
    let mut t = [[0u64; CELLS]; 2];
    let mut state = 0x5eed_60b0_u64;
    let mut p = 0;
    while p < 2 {
        let mut c = 0;
        while c < CELLS {
            let (s, v) = splitmix(state);
            state = s;
            t[p][c] = v;
            c += 1;
        }
        p += 1;
    }
    t
};

/// The key part for "the second player is to move".
pub(crate) const SIDE_KEY: u64 = 0xd1b5_4a32_d192_ed03;

/// `NEIGHBOURS[r - 1][c]`: the cells within Chebyshev distance `r` of
/// `c` (on the 22×22 grid; callers clip to their board).
pub(crate) fn neighbours(radius: u8) -> &'static [Bits] {
    static TABLES: OnceLock<Vec<Vec<Bits>>> = OnceLock::new();
    let t = TABLES.get_or_init(|| {
        (1..=i32::from(MAX_RADIUS))
            .map(|r| {
                (0..CELLS)
                    .map(|c| {
                        let (x, y) = coords(c);
                        let mut b = Bits::EMPTY;
                        if y < STRIDE - 1 && x < STRIDE - 1 {
                            for dy in -r..=r {
                                for dx in -r..=r {
                                    let (nx, ny) = (x as i32 + dx, y as i32 + dy);
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
                    .collect()
            })
            .collect()
    });
    &t[usize::from(radius.clamp(1, MAX_RADIUS)) - 1]
}

/// The cells of a `width × height` board (shared, built once).
pub(crate) fn board_mask(width: u8, height: u8) -> &'static Bits {
    static MASKS: OnceLock<Vec<Bits>> = OnceLock::new();
    let m = MASKS.get_or_init(|| {
        let n = usize::from(MAX_SIDE) + 1;
        (0..n * n)
            .map(|i| {
                let (w, h) = (i / n, i % n);
                let mut b = Bits::EMPTY;
                for y in 0..h {
                    for x in 0..w {
                        b.set(cell(x, y));
                    }
                }
                b
            })
            .collect()
    });
    &m[usize::from(width) * (usize::from(MAX_SIDE) + 1) + usize::from(height)]
}
