//! Position and move notation: rows of `x`, `o` and `.` from the top,
//! moves as `h8` (files from `a`, ranks from 1 at the bottom) or in the
//! Gomocup form `x,y` (0-based, row 0 at the top).

use core::fmt;

use spielbaum_game_trait::{Game, Notation, NotationError, Player};

use crate::bits::{Bits, cell};
use crate::board::{Cell, Gomoku};

impl fmt::Display for Gomoku {
    /// Rows from the top separated by `/`, then the side to move:
    /// `.../.x./... o`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rules();
        for y in 0..usize::from(r.height) {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..usize::from(r.width) {
                f.write_str(match self.at(x, y) {
                    Some(Player::FIRST) => "x",
                    Some(_) => "o",
                    None => ".",
                })?;
            }
        }
        f.write_str(if self.to_move() == Player::FIRST { " x" } else { " o" })
    }
}

impl Gomoku {
    /// `mv` as `h8`.
    pub fn square_name(&self, mv: Cell) -> String {
        let file = (b'a' + mv.x() as u8) as char;
        let rank = usize::from(self.rules().height) - mv.y();
        format!("{file}{rank}")
    }

    /// `mv` in the Gomocup form `x,y`.
    pub fn gomocup_name(mv: Cell) -> String {
        format!("{},{}", mv.x(), mv.y())
    }

    /// Reads a cell as `h8` or `x,y` (on the board, empty or not); the error
    /// names the bad part.
    pub fn parse_cell(&self, text: &str) -> Result<Cell, NotationError> {
        let t = text.trim();
        let r = self.rules();
        let (w, h) = (usize::from(r.width), usize::from(r.height));
        if let Some((a, b)) = t.split_once(',') {
            let x: usize = a.trim().parse().map_err(|_| {
                NotationError::mv(text, format!("x {:?} is not a number", a.trim()))
            })?;
            let y: usize = b.trim().parse().map_err(|_| {
                NotationError::mv(text, format!("y {:?} is not a number", b.trim()))
            })?;
            if x >= w {
                return Err(NotationError::mv(text, format!("x {x} outside 0..{w}")));
            }
            if y >= h {
                return Err(NotationError::mv(text, format!("y {y} outside 0..{h}")));
            }
            return Ok(Cell::at(x, y));
        }
        let mut chars = t.chars();
        let Some(f) = chars.next() else {
            return Err(NotationError::mv(text, "empty move"));
        };
        let last = (b'a' + w as u8 - 1) as char;
        let fl = f.to_ascii_lowercase();
        if !fl.is_ascii_lowercase() || (fl as usize) - ('a' as usize) >= w {
            return Err(NotationError::mv(text, format!("file {f:?} outside a-{last}")));
        }
        let rank_text = chars.as_str();
        let rank: usize = rank_text.parse().map_err(|_| {
            NotationError::mv(text, format!("rank {rank_text:?} is not a number (ranks 1-{h})"))
        })?;
        if rank == 0 || rank > h {
            return Err(NotationError::mv(text, format!("rank {rank} outside 1-{h}")));
        }
        Ok(Cell::at(fl as usize - 'a' as usize, h - rank))
    }
}

impl Notation for Gomoku {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let r = *self.rules();
        let mut parts = text.split_whitespace();
        let board = parts.next().ok_or_else(|| NotationError::position(text, "empty"))?;
        let mover = match parts.next() {
            Some("x" | "X") => Player::FIRST,
            Some("o" | "O") => Player::SECOND,
            Some(other) => {
                return Err(NotationError::position(other, "the side to move must be x or o"));
            }
            None => {
                return Err(NotationError::position(
                    board,
                    format!(
                        "no side to move: write the board ({} rows of {} cells x, o or ., \
                         separated by /), a space, then x or o",
                        r.height, r.width
                    ),
                ));
            }
        };
        if let Some(extra) = parts.next() {
            return Err(NotationError::position(extra, "unexpected text after the side to move"));
        }
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != usize::from(r.height) {
            return Err(NotationError::position(
                board,
                format!("{} rows, the board has {}", rows.len(), r.height),
            ));
        }
        let mut stones = [Bits::EMPTY; 2];
        for (y, row) in rows.iter().enumerate() {
            if row.chars().count() != usize::from(r.width) {
                return Err(NotationError::position(
                    *row,
                    format!(
                        "row {} has {} cells, the board {}",
                        y + 1,
                        row.chars().count(),
                        r.width
                    ),
                ));
            }
            for (x, ch) in row.chars().enumerate() {
                match ch {
                    'x' | 'X' => stones[0].set(cell(x, y)),
                    'o' | 'O' => stones[1].set(cell(x, y)),
                    '.' | '-' | '_' => {}
                    other => {
                        return Err(NotationError::position(
                            other.to_string(),
                            format!("cell {} of row {}: expected x, o or .", x + 1, y + 1),
                        ));
                    }
                }
            }
        }
        Gomoku::from_parts(r, &stones, mover).map_err(|e| NotationError::position(board, e))
    }

    fn write_move(&self, mv: Cell, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(&self.square_name(mv))
    }

    /// `h8` or `x,y`; the error says whether the text is malformed, off the
    /// board, occupied, not a candidate or the game is over.
    fn parse_move(&self, text: &str) -> Result<Cell, NotationError> {
        let c = self.parse_cell(text)?;
        if self.is_over() {
            return Err(NotationError::mv(text, "the game is over, no move is legal"));
        }
        if !self.is_empty_cell(c) {
            return Err(NotationError::mv(text, format!("{} is occupied", self.square_name(c))));
        }
        // With a candidate radius only the candidates are legal.
        if self.rules().radius > 0 {
            let mut legal = spielbaum_game_trait::MoveList::new();
            self.moves(&mut legal);
            if !legal.contains(&c) {
                return Err(NotationError::mv(
                    text,
                    format!(
                        "{} is not a candidate move (radius {}: within {} cells of a stone, the centre on an empty board)",
                        self.square_name(c),
                        self.rules().radius,
                        self.rules().radius
                    ),
                ));
            }
        }
        Ok(c)
    }
}
