//! Connect Four on boards from 4×4 to 9×7, on a column-height bitboard.
//!
//! # Layout
//! Bit `col · (height + 1) + row` is the cell in column `col` (0 = `a`, left)
//! and row `row` (0 = bottom). Each column has one spare bit above its top
//! cell (the sentinel row), which is always empty: shifting a line of stones
//! past the top of a column lands there and breaks the line, so wins are
//! found with shifts and ands without wrapping from one column into the
//! next. The position is two words, as in Tromp's and Pons' solvers:
//! `mask` (every stone) and `current` (the stones of the side to move);
//! playing a column is `current ^= mask; mask |= mask + bottom_of(col)`.
//!
//! `(height + 1) · width` bits must fit the word: `u64` holds every board
//! but 9×7 (72 bits), [`Connect4Wide`] (`u128`) holds all of them. The key
//! `current + mask` is injective (per column it is `2^h − 1 + stones`, and
//! these ranges are disjoint for different heights `h`), so [`Connect4`]
//! has an exact key; on `u128` the key folds the word and is a hash.

mod bits;
mod eval;
mod notation;

use spielbaum_game_trait::{
    Game, MoveList, NotationError, Outcome, Player, RandomMove, Undo, index_below, select_bit,
};

pub use bits::Bits;
pub use eval::{
    IMMEDIATE_POINTS, OPEN_LINE_POINTS, OPEN_LINES_IMMEDIATE, OpenLines, THREAT_LINE_POINTS,
    THREAT_POINTS, Threats,
};

/// Narrowest board.
pub const MIN_WIDTH: usize = 4;
/// Widest board.
pub const MAX_WIDTH: usize = 9;
/// Lowest board.
pub const MIN_HEIGHT: usize = 4;
/// Highest board.
pub const MAX_HEIGHT: usize = 7;

/// `(bottom, board)` masks per `[width][height]`: the bottom cell of every
/// column, and every cell of the board (sentinels excluded).
const MASKS: [[(u128, u128); MAX_HEIGHT + 1]; MAX_WIDTH + 1] = {
    let mut t = [[(0u128, 0u128); MAX_HEIGHT + 1]; MAX_WIDTH + 1];
    let mut w = 1;
    while w <= MAX_WIDTH {
        let mut h = 1;
        while h <= MAX_HEIGHT {
            let mut bottom = 0u128;
            let mut c = 0;
            while c < w {
                bottom |= 1 << (c * (h + 1));
                c += 1;
            }
            t[w][h] = (bottom, bottom * ((1 << h) - 1));
            h += 1;
        }
        w += 1;
    }
    t
};

/// Columns from the centre outwards, per width (`ORDER[w][..w]`): moves are
/// generated in this order, which helps alpha-beta (central columns take
/// part in more lines).
const ORDER: [[u8; MAX_WIDTH]; MAX_WIDTH + 1] = {
    let mut t = [[0u8; MAX_WIDTH]; MAX_WIDTH + 1];
    let mut w = 1;
    while w <= MAX_WIDTH {
        let centre = (w - 1) / 2;
        let mut i = 0;
        while i < w {
            t[w][i] = if i % 2 == 1 { centre + i.div_ceil(2) } else { centre - i / 2 } as u8;
            i += 1;
        }
        w += 1;
    }
    t
};

/// `true` if `stones` hold four in a line on a board of this height.
#[inline(always)]
pub(crate) fn has_four<B: Bits>(stones: B, height: u32) -> bool {
    // Vertical, horizontal, and both diagonals.
    for d in [1, height + 1, height, height + 2] {
        let m = stones & (stones >> d);
        if m & (m >> (2 * d)) != B::ZERO {
            return true;
        }
    }
    false
}

/// The cells (of `empty`) that would complete four in a line for `stones`.
#[inline(always)]
pub(crate) fn completing_cells<B: Bits>(stones: B, empty: B, height: u32) -> B {
    let p = stones;
    // Vertical: three stones right below.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for d in [height + 1, height, height + 2] {
        // Two on one side and one or two on the other, in both directions.
        let a = (p << d) & (p << (2 * d));
        r = r | (a & (p << (3 * d))) | (a & (p >> d));
        let b = (p >> d) & (p >> (2 * d));
        r = r | (b & (p >> (3 * d))) | (b & (p << d));
    }
    r & empty
}

/// A Connect Four position on a board of runtime size, stored in the
/// integer type `B` (see [`Bits`]). Use the aliases [`Connect4`] (`u64`,
/// every board but 9×7, exact key) and [`Connect4Wide`] (`u128`, every
/// board).
///
/// Moves are columns (`u8`, 0 = `a`); the first player (`x`) moves first.
/// A player who completes four in a row, column or diagonal wins; a full
/// board without four is a draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Connect4Board<B: Bits> {
    /// Stones of the side to move.
    current: B,
    /// Every stone.
    mask: B,
    width: u8,
    height: u8,
    plies: u8,
    /// 0 running, 1 the last mover completed four, 2 board full.
    state: u8,
}

/// Connect Four on a `u64` bitboard: every board from 4×4 to 9×7 except
/// 9×7, with an exact key.
pub type Connect4 = Connect4Board<u64>;

/// Connect Four on a `u128` bitboard: every board from 4×4 to 9×7; its key
/// is a hash.
pub type Connect4Wide = Connect4Board<u128>;

impl Default for Connect4 {
    /// The standard 7×6 board.
    fn default() -> Self {
        Self::standard()
    }
}

impl Connect4 {
    /// The empty standard board: 7 columns, 6 rows.
    pub fn standard() -> Self {
        Connect4Board { current: 0, mask: 0, width: 7, height: 6, plies: 0, state: 0 }
    }
}

impl<B: Bits> Connect4Board<B> {
    /// The empty board with `width` columns (4–9) and `height` rows (4–7).
    ///
    /// Errors (kind `option`) name the bad size; on `u64` the board must
    /// also fit `(height + 1) · width ≤ 64` bits (9×7 needs
    /// [`Connect4Wide`]).
    pub fn new(width: usize, height: usize) -> Result<Self, NotationError> {
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            return Err(NotationError::option(
                format!("width {width}"),
                format!("the width must be {MIN_WIDTH} to {MAX_WIDTH} columns"),
            ));
        }
        if !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height) {
            return Err(NotationError::option(
                format!("height {height}"),
                format!("the height must be {MIN_HEIGHT} to {MAX_HEIGHT} rows"),
            ));
        }
        let bits = (height + 1) * width;
        if bits > B::BITS as usize {
            return Err(NotationError::option(
                format!("{width}x{height}"),
                format!(
                    "this board needs {bits} bits and this position type has {}; use Connect4Wide",
                    B::BITS
                ),
            ));
        }
        Ok(Connect4Board {
            current: B::ZERO,
            mask: B::ZERO,
            width: width as u8,
            height: height as u8,
            plies: 0,
            state: 0,
        })
    }

    /// A position from the first player's stones and all stones, as bit
    /// masks in this type's layout. Used by the notation parser; the caller
    /// checks that the position makes sense.
    pub(crate) fn from_parts(empty: Self, first: B, mask: B) -> Self {
        let plies = mask.count_ones() as u8;
        let current = if plies & 1 == 0 { first } else { mask ^ first };
        let mut g = Connect4Board { current, mask, plies, state: 0, ..empty };
        g.state = g.compute_state();
        g
    }

    fn compute_state(&self) -> u8 {
        if has_four(self.current ^ self.mask, self.height as u32) {
            1
        } else if self.plies as usize == self.cells() {
            2
        } else {
            0
        }
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of cells, `width · height`.
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// Stones on the board (plies played).
    pub fn plies(&self) -> usize {
        self.plies as usize
    }

    /// Bits per column, `height + 1` (the sentinel included).
    #[inline(always)]
    pub fn stride(&self) -> u32 {
        self.height as u32 + 1
    }

    /// The bottom cell of every column.
    #[inline(always)]
    pub fn bottom_mask(&self) -> B {
        B::from_u128(MASKS[self.width as usize][self.height as usize].0)
    }

    /// Every cell of the board (sentinels excluded).
    #[inline(always)]
    pub fn board_mask(&self) -> B {
        B::from_u128(MASKS[self.width as usize][self.height as usize].1)
    }

    /// Every cell of column `col`.
    #[inline(always)]
    pub fn column_mask(&self, col: usize) -> B {
        ((B::ONE << self.height as u32) - B::ONE) << (col as u32 * self.stride())
    }

    /// The cells where a stone can be dropped now: one per column that is
    /// not full (empty when the game is over).
    #[inline(always)]
    pub fn playable(&self) -> B {
        if self.state != 0 {
            return B::ZERO;
        }
        (self.mask + self.bottom_mask()) & self.board_mask()
    }

    /// `true` if a stone can be dropped into `col` now.
    pub fn can_play(&self, col: usize) -> bool {
        col < self.width() && self.playable() & self.column_mask(col) != B::ZERO
    }

    /// Stones in column `col`.
    pub fn column_height(&self, col: usize) -> usize {
        (self.mask & self.column_mask(col)).count_ones() as usize
    }

    /// The stones of `player` (bit layout as described in the module docs).
    #[inline(always)]
    pub fn stones(&self, player: Player) -> B {
        if player == self.to_move() { self.current } else { self.current ^ self.mask }
    }

    /// Every stone.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.mask
    }

    /// Who holds the cell in column `col`, row `row` (0 = bottom).
    pub fn cell(&self, col: usize, row: usize) -> Option<Player> {
        if col >= self.width() || row >= self.height() {
            return None;
        }
        let bit = B::ONE << (col as u32 * self.stride() + row as u32);
        if self.mask & bit == B::ZERO {
            None
        } else if self.stones(Player::FIRST) & bit != B::ZERO {
            Some(Player::FIRST)
        } else {
            Some(Player::SECOND)
        }
    }

    /// The empty cells that would complete four for `player` (its threats),
    /// playable now or not.
    #[inline(always)]
    pub fn threats(&self, player: Player) -> B {
        completing_cells(self.stones(player), self.board_mask() & !self.mask, self.height as u32)
    }

    /// The columns (bit `c` for column `c`) where the side to move wins at
    /// once: its threats that are playable now. Bit tricks only, no move is
    /// played.
    #[inline]
    pub fn winning_moves(&self) -> u16 {
        let cells = self.threats(self.to_move()) & self.playable();
        self.columns_of(cells)
    }

    /// `true` if the side to move can complete four with its next stone.
    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.state == 0 && self.threats(self.to_move()) & self.playable() != B::ZERO
    }

    /// The columns (bit `c` for column `c`) holding a cell of `cells`.
    pub fn columns_of(&self, cells: B) -> u16 {
        let mut out = 0u16;
        let mut b = cells;
        let s = self.stride();
        while b != B::ZERO {
            let i = b.trailing_zeros();
            out |= 1 << (i / s);
            b = b & (b - B::ONE);
        }
        out
    }

    /// Plays a line of moves given as column letters (`"ddce"`, spaces
    /// ignored). On an error (naming the move and its place in the line)
    /// the position is left as it was.
    pub fn play_line(&mut self, line: &str) -> Result<(), NotationError> {
        use spielbaum_game_trait::Notation;
        let mut pos = *self;
        for (i, c) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let mv = pos.parse_move(&c.to_string()).map_err(|e| {
                NotationError::mv(
                    c.to_string(),
                    format!("move {} of the line {line:?}: {}", i + 1, e.reason),
                )
            })?;
            pos.play(mv);
        }
        *self = pos;
        Ok(())
    }

    /// The position mirrored left to right.
    pub fn mirrored(&self) -> Self {
        let s = self.stride();
        let w = self.width as u32;
        let col0 = (B::ONE << s) - B::ONE;
        let flip = |x: B| {
            let mut out = B::ZERO;
            for c in 0..w {
                out = out | (((x >> (c * s)) & col0) << ((w - 1 - c) * s));
            }
            out
        };
        Connect4Board { current: flip(self.current), mask: flip(self.mask), ..*self }
    }
}

impl<B: Bits> Game for Connect4Board<B> {
    type Move = u8;
    const EXACT_KEY: bool = B::EXACT;

    #[inline(always)]
    fn to_move(&self) -> Player {
        if self.plies & 1 == 0 { Player::FIRST } else { Player::SECOND }
    }

    #[inline]
    fn moves(&self, moves: &mut MoveList<u8>) {
        let playable = self.playable();
        if playable == B::ZERO {
            return;
        }
        let s = self.stride();
        let top = B::ONE << (self.height as u32 - 1);
        for &c in &ORDER[self.width as usize][..self.width as usize] {
            if self.mask & (top << (c as u32 * s)) == B::ZERO {
                moves.push(c);
            }
        }
    }

    #[inline]
    fn play(&mut self, col: u8) {
        debug_assert!(self.can_play(col as usize), "column {col} is not playable");
        self.current = self.current ^ self.mask;
        self.mask = self.mask | (self.mask + (B::ONE << (col as u32 * self.stride())));
        self.plies += 1;
        self.state = self.compute_state();
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        match self.state {
            0 => None,
            1 => Some(Outcome::Win(self.to_move().other())),
            _ => Some(Outcome::Draw),
        }
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        (self.current + self.mask).key()
    }

    #[inline(always)]
    fn is_over(&self) -> bool {
        self.state != 0
    }

    /// Every move drops a stone for good: no position can repeat.
    fn no_progress(&self) -> u32 {
        0
    }

    fn symmetries(&self) -> usize {
        2
    }

    fn symmetric(&self, k: usize) -> Self {
        if k == 1 { self.mirrored() } else { *self }
    }

    fn symmetric_move(&self, mv: u8, k: usize) -> Option<u8> {
        match k {
            0 => Some(mv),
            1 => Some(self.width - 1 - mv),
            _ => None,
        }
    }
}

/// `⌈2^16 / stride⌉` per column stride (`height + 1`): `bit · RECIP >> 16`
/// is `bit / stride` for every bit index below 2^16 / stride (all of them:
/// bits below 128, strides up to 8).
const RECIP: [u32; MAX_HEIGHT + 2] = {
    let mut t = [0u32; MAX_HEIGHT + 2];
    let mut s = 1;
    while s <= MAX_HEIGHT + 1 {
        t[s] = 65_536u32.div_ceil(s as u32);
        s += 1;
    }
    t
};

/// A random non-full column: the `i`-th cell (in bit order) of the
/// playable-cell mask, `i` drawn from `r`. Columns come in increasing
/// order here, not in the centre-out order of [`Game::moves`].
impl<B: Bits> RandomMove for Connect4Board<B> {
    #[inline]
    fn random_move(&self, r: u64) -> Option<u8> {
        let p = self.playable().to_u128();
        if p == 0 {
            return None;
        }
        let (lo, hi) = (p as u64, (p >> 64) as u64);
        let bit = if B::BITS == 64 {
            // At most nine bits: clearing the lowest `i` of them is cheaper
            // than a select over the bytes.
            let mut p = lo;
            for _ in 0..index_below(r, lo.count_ones()) {
                p &= p - 1;
            }
            p.trailing_zeros()
        } else {
            let n_lo = lo.count_ones();
            let i = index_below(r, n_lo + hi.count_ones());
            if i < n_lo { select_bit(lo, i) } else { 64 + select_bit(hi, i - n_lo) }
        };
        Some(((bit * RECIP[self.stride() as usize]) >> 16) as u8)
    }
}

impl<B: Bits> Undo for Connect4Board<B> {
    fn undo(&mut self, col: u8) {
        let in_col = self.mask & self.column_mask(col as usize);
        debug_assert!(in_col != B::ZERO, "column {col} is empty");
        // The highest stone of the column: its bit is the column's stone
        // count above the column's first bit.
        let n = in_col.count_ones();
        let top = B::ONE << (col as u32 * self.stride() + n - 1);
        self.mask = self.mask ^ top;
        self.current = self.current ^ self.mask;
        self.plies -= 1;
        self.state = 0;
    }
}
