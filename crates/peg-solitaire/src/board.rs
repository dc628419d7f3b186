//! Boards: the holes as a bit mask on an 8×8 grid (bit `8·row + column`),
//! jump masks per direction, hole names, the symmetries of the mask, and
//! the goal.

use core::fmt;
use std::sync::{Mutex, PoisonError};

use spielbaum_game_trait::NotationError;

use crate::geometry::{self, Transform};
use crate::position::Peg;

/// The largest board: 8 rows × 8 columns.
pub const MAX_SIDE: usize = 8;

/// What counts as solved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Goal {
    /// One peg left, anywhere.
    OnePeg,
    /// One peg left, in this hole (bit index).
    Hole(u8),
}

/// A jump direction; the bit step of a jump is `DIRS[d]` (right, left, down,
/// up: rows grow downwards, rank 1 is the top row).
pub(crate) const STEPS: [i32; 4] = [1, -1, 8, -8];

/// A peg-solitaire board: the holes, the jumps they allow, the goal and the
/// symmetries that preserve both.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    name: String,
    mask: u64,
    rows: u8,
    cols: u8,
    /// Holes from which a jump in direction `d` stays on the board.
    jump_from: [u64; 4],
    /// The symmetries (transforms of the bounding box) mapping the holes
    /// and the goal onto themselves; the identity first.
    syms: Vec<Transform>,
    goal: Goal,
}

/// The rows of the English board (33 holes).
const ENGLISH: [&str; 7] =
    ["..111..", "..111..", "1111111", "1111111", "1111111", "..111..", "..111.."];

/// The rows of the French (European) board (37 holes).
const FRENCH: [&str; 7] =
    ["..111..", ".11111.", "1111111", "1111111", "1111111", ".11111.", "..111.."];

impl Board {
    /// The English board: 33 holes in a cross, goal one peg anywhere.
    pub fn english() -> Board {
        Board::from_rows("english", &ENGLISH).expect("the English board is valid").0
    }

    /// The French (European) board: 37 holes, goal one peg anywhere.
    pub fn french() -> Board {
        Board::from_rows("french", &FRENCH).expect("the French board is valid").0
    }

    /// This board for the rest of the process, so that its positions are
    /// `Peg<'static>` (what generic code with `G: 'static` takes, like the
    /// command line's game-independent commands): one shared copy per
    /// distinct board (equal boards give the same reference), allocated
    /// once and never freed. The positions stay 16 bytes and `Copy`: the
    /// search loops do not change.
    ///
    /// ```
    /// use spielbaum_peg_solitaire::{Board, Peg};
    /// let board: &'static Board = Board::english().interned();
    /// let start: Peg<'static> = board.start_at("d4")?;
    /// assert!(std::ptr::eq(board, Board::english().interned()));
    /// # Ok::<(), spielbaum_game_trait::NotationError>(())
    /// ```
    pub fn interned(self) -> &'static Board {
        static BOARDS: Mutex<Vec<&'static Board>> = Mutex::new(Vec::new());
        let mut boards = BOARDS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&b) = boards.iter().find(|&&b| *b == self) {
            return b;
        }
        let b: &'static Board = Box::leak(Box::new(self));
        boards.push(b);
        b
    }

    /// A board by name: `english` or `french`.
    pub fn by_name(name: &str) -> Result<Board, NotationError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "english" | "english33" | "33" => Ok(Board::english()),
            "french" | "european" | "french37" | "37" => Ok(Board::french()),
            other => {
                Err(NotationError::option(other, "unknown board (english, french, or a mask file)"))
            }
        }
    }

    /// A board and its start position from a text mask in the style of the
    /// seed text: one row per line (or rows separated by `/` or spaces),
    /// `.` no hole, `1` a peg, `0` an empty hole. Lines starting with `#` are
    /// comments. At most 8 rows of 8 columns; rows may have different
    /// lengths (missing cells are no holes).
    pub fn parse_mask(name: &str, text: &str) -> Result<(Board, u64), NotationError> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .flat_map(|l| l.split(['/', ' ', '\t']))
            .filter(|r| !r.is_empty())
            .collect();
        Board::from_rows(name, &rows)
    }

    fn from_rows(name: &str, rows: &[&str]) -> Result<(Board, u64), NotationError> {
        if rows.is_empty() {
            return Err(NotationError::option("", "empty board mask"));
        }
        if rows.len() > MAX_SIDE {
            return Err(NotationError::option(
                rows.join("/"),
                format!("{} rows, at most {MAX_SIDE}", rows.len()),
            ));
        }
        let (mut mask, mut pegs) = (0u64, 0u64);
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() > MAX_SIDE {
                return Err(NotationError::option(
                    *row,
                    format!("row {} has more than {MAX_SIDE} cells", r + 1),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u64 << (8 * r + c);
                match ch {
                    '.' => {}
                    '1' | 'x' | 'X' | 'o' | 'O' | '*' => {
                        mask |= bit;
                        pegs |= bit;
                    }
                    '0' | '-' | '_' => mask |= bit,
                    other => {
                        return Err(NotationError::option(
                            *row,
                            format!("bad cell {other:?} in row {} (use . 1 0)", r + 1),
                        ));
                    }
                }
            }
        }
        if mask.count_ones() < 3 {
            return Err(NotationError::option(rows.join("/"), "fewer than 3 holes"));
        }
        // Align the bounding box to the top-left corner.
        let top = (mask.trailing_zeros() / 8) as usize;
        let left = (0..8).find(|&c| mask & (0x0101_0101_0101_0101u64 << c) != 0).unwrap_or(0);
        let shift = 8 * top + left;
        let (mask, pegs) = (mask >> shift, pegs >> shift);
        let rows = (64 - mask.leading_zeros()).div_ceil(8) as u8;
        let cols = (0..8)
            .rev()
            .find(|&c| mask & (0x0101_0101_0101_0101u64 << c) != 0)
            .map_or(0, |c| c + 1) as u8;
        let mut board = Board {
            name: name.to_string(),
            mask,
            rows,
            cols,
            jump_from: [0; 4],
            syms: Vec::new(),
            goal: Goal::OnePeg,
        };
        for (d, &step) in STEPS.iter().enumerate() {
            let mut from = 0u64;
            for i in 0..64 {
                if mask >> i & 1 == 1
                    && board.step(i, step).and_then(|o| board.step(o, step)).is_some()
                {
                    from |= 1 << i;
                }
            }
            board.jump_from[d] = from;
        }
        board.compute_symmetries();
        Ok((board, pegs))
    }

    /// The hole reached from bit `i` by one step, if it is a hole.
    fn step(&self, i: u32, step: i32) -> Option<u32> {
        let (r, c) = ((i / 8) as i32, (i % 8) as i32);
        let (r2, c2) = match step {
            1 => (r, c + 1),
            -1 => (r, c - 1),
            8 => (r + 1, c),
            _ => (r - 1, c),
        };
        if !(0..8).contains(&r2) || !(0..8).contains(&c2) {
            return None;
        }
        let j = (r2 * 8 + c2) as u32;
        (self.mask >> j & 1 == 1).then_some(j)
    }

    fn compute_symmetries(&mut self) {
        let goal_bits = match self.goal {
            Goal::OnePeg => 0,
            Goal::Hole(h) => 1u64 << h,
        };
        self.syms = Transform::ALL
            .into_iter()
            .filter(|&t| {
                geometry::applies(t, self.rows, self.cols)
                    && t.apply(self.mask, self.rows, self.cols) == self.mask
                    && t.apply(goal_bits, self.rows, self.cols) == goal_bits
            })
            .collect();
    }

    /// The same board with another goal; the symmetries shrink to those
    /// that keep the goal hole in place.
    pub fn with_goal(mut self, goal: Goal) -> Result<Board, NotationError> {
        if let Goal::Hole(h) = goal
            && (h >= 64 || self.mask >> h & 1 == 0)
        {
            return Err(NotationError::option(
                format!("{h}"),
                "the goal is not a hole of the board",
            ));
        }
        self.goal = goal;
        self.compute_symmetries();
        Ok(self)
    }

    /// The board's name (`english`, `french`, or the name given to a mask).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The holes as bits (bit `8·row + column`, row 0 at the top).
    pub const fn mask(&self) -> u64 {
        self.mask
    }

    /// Number of holes.
    pub const fn holes(&self) -> u32 {
        self.mask.count_ones()
    }

    /// Rows and columns of the bounding box.
    pub const fn size(&self) -> (u8, u8) {
        (self.rows, self.cols)
    }

    /// The goal.
    pub const fn goal(&self) -> Goal {
        self.goal
    }

    /// The symmetries in use (identity first).
    pub fn symmetries(&self) -> &[Transform] {
        &self.syms
    }

    /// The holes from which a jump in direction `d` (0 right, 1 left, 2
    /// down, 3 up) stays on the board.
    pub fn jump_from(&self, d: usize) -> u64 {
        self.jump_from[d]
    }

    /// `true` if `pegs` solves the puzzle (checked at the end of a game).
    pub fn is_goal(&self, pegs: u64) -> bool {
        match self.goal {
            Goal::OnePeg => pegs.count_ones() == 1,
            Goal::Hole(h) => pegs == 1 << h,
        }
    }

    /// The name of bit `i`: file `a`–`h` (columns from the left), rank
    /// `1`–`8` (rows from the top), so the English centre is `d4`.
    pub fn hole_name(i: u32) -> String {
        format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
    }

    /// The bit of a hole name like `d4`; an error if it is malformed or not
    /// a hole of this board.
    pub fn parse_hole(&self, text: &str) -> Result<u32, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        let bad = |why: &str| NotationError::option(text, why.to_string());
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return Err(bad("a hole is a file a-h and a rank 1-8, like d4"));
        }
        let i = u32::from(b[1] - b'1') * 8 + u32::from(b[0] - b'a');
        if self.mask >> i & 1 == 0 {
            return Err(bad(&format!("not a hole of the {} board", self.name)));
        }
        Ok(i)
    }

    /// The names of all holes, in bit order.
    pub fn hole_names(&self) -> Vec<String> {
        bits(self.mask).map(Board::hole_name).collect()
    }

    /// A position of this board; an error if a peg is outside the holes.
    pub fn position(&self, pegs: u64) -> Result<Peg<'_>, NotationError> {
        if pegs & !self.mask != 0 {
            return Err(NotationError::position(
                format!("{pegs:#x}"),
                "pegs outside the board's holes",
            ));
        }
        Ok(Peg::new_unchecked(self, pegs))
    }

    /// Every hole filled except bit `hole` (the classic start); a bit that
    /// is not a hole of the board (or ≥ 64) leaves every hole filled.
    pub fn start(&self, hole: u32) -> Peg<'_> {
        Peg::new_unchecked(self, self.mask & !1u64.checked_shl(hole).unwrap_or(0))
    }

    /// Every hole filled except the named one.
    pub fn start_at(&self, hole: &str) -> Result<Peg<'_>, NotationError> {
        Ok(self.start(self.parse_hole(hole)?))
    }

    /// The centre hole of the bounding box if it is a hole (`d4` on the
    /// English and French boards).
    pub fn centre(&self) -> Option<u32> {
        let i = u32::from(self.rows / 2) * 8 + u32::from(self.cols / 2);
        (self.rows % 2 == 1 && self.cols % 2 == 1 && self.mask >> i & 1 == 1).then_some(i)
    }

    /// Writes `pegs` as rows separated by `/` (`.` no hole, `1` peg, `0`
    /// empty).
    pub fn write_pegs(&self, pegs: u64, out: &mut dyn fmt::Write) -> fmt::Result {
        for r in 0..self.rows as u32 {
            if r > 0 {
                out.write_char('/')?;
            }
            for c in 0..self.cols as u32 {
                let i = r * 8 + c;
                out.write_char(if self.mask >> i & 1 == 0 {
                    '.'
                } else if pegs >> i & 1 == 1 {
                    '1'
                } else {
                    '0'
                })?;
            }
        }
        Ok(())
    }

    /// Reads pegs written by [`write_pegs`](Board::write_pegs) (rows
    /// separated by `/`, newlines or spaces); the shape must be this
    /// board's.
    pub fn parse_pegs(&self, text: &str) -> Result<u64, NotationError> {
        let rows: Vec<&str> =
            text.split(['/', '\n', ' ', '\t', '\r']).filter(|r| !r.is_empty()).collect();
        if rows.len() != self.rows as usize {
            return Err(NotationError::position(
                text,
                format!("{} rows, the {} board has {}", rows.len(), self.name, self.rows),
            ));
        }
        let mut pegs = 0u64;
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != self.cols as usize {
                return Err(NotationError::position(
                    *row,
                    format!("row {} should have {} cells", r + 1, self.cols),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                let i = 8 * r + c;
                let hole = self.mask >> i & 1 == 1;
                match (ch, hole) {
                    ('.', false) => {}
                    ('1', true) => pegs |= 1 << i,
                    ('0', true) => {}
                    _ => {
                        return Err(NotationError::position(
                            *row,
                            format!(
                                "cell {} is {} on the {} board, found {ch:?}",
                                Board::hole_name(i as u32),
                                if hole { "a hole (1 or 0)" } else { "no hole (.)" },
                                self.name
                            ),
                        ));
                    }
                }
            }
        }
        Ok(pegs)
    }
}

/// The set bits of `x`, lowest first.
pub(crate) fn bits(mut x: u64) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}
