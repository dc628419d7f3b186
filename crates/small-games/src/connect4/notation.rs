//! Text of Connect Four positions and moves.
//!
//! A position is written as its rows from the top to the bottom, separated
//! by `/`, with `x` for the first player's stones, `o` for the second
//! player's and `.` for empty cells: the empty 7×6 board is
//! `......./......./......./......./......./.......`. The size of the board
//! follows from the text, the side to move from the counts. A move is a
//! column letter, `a` (left) to `i`.

use core::fmt;

use spielbaum_game_trait::{Game, Notation, NotationError, Player};

use super::{Bits, Connect4Board, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, has_four};

impl<B: Bits> fmt::Display for Connect4Board<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.height()).rev() {
            for col in 0..self.width() {
                let c = match self.cell(col, row) {
                    Some(Player::FIRST) => 'x',
                    Some(_) => 'o',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            if row > 0 {
                write!(f, "/")?;
            }
        }
        Ok(())
    }
}

fn col_name(col: usize) -> char {
    (b'a' + col as u8) as char
}

impl<B: Bits> Notation for Connect4Board<B> {
    /// Reads the row text described in the module docs. The size may differ
    /// from `self`'s (it follows from the text). Checked: the size, the
    /// characters, gravity (no stone above an empty cell), the counts (`x`
    /// moves first), at most one player with four in a line, and that the
    /// winner moved last with a stone that completed the line. Not checked:
    /// that some order of alternating moves reaches the position.
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let rows: Vec<&str> = text.trim().split('/').map(str::trim).collect();
        let height = rows.len();
        if !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height) {
            return Err(NotationError::position(
                text,
                format!(
                    "{height} rows; a board has {MIN_HEIGHT} to {MAX_HEIGHT} rows separated by '/'"
                ),
            ));
        }
        let width = rows[0].chars().count();
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            return Err(NotationError::position(
                rows[0],
                format!("the top row has {width} cells; a board has {MIN_WIDTH} to {MAX_WIDTH}"),
            ));
        }
        let empty =
            Self::new(width, height).map_err(|e| NotationError::position(text, e.reason))?;
        let s = empty.stride();
        let (mut first, mut mask) = (B::ZERO, B::ZERO);
        for (i, row_text) in rows.iter().enumerate() {
            let row = height - 1 - i;
            let n = row_text.chars().count();
            if n != width {
                return Err(NotationError::position(
                    *row_text,
                    format!("row {} has {n} cells, the top row {width}", row + 1),
                ));
            }
            for (col, ch) in row_text.chars().enumerate() {
                let bit = B::ONE << (col as u32 * s + row as u32);
                match ch.to_ascii_lowercase() {
                    'x' => {
                        first = first | bit;
                        mask = mask | bit;
                    }
                    'o' => mask = mask | bit,
                    '.' => {}
                    other => {
                        return Err(NotationError::position(
                            other.to_string(),
                            format!(
                                "cell {}{} holds {other:?}; use x, o or .",
                                col_name(col),
                                row + 1
                            ),
                        ));
                    }
                }
            }
        }
        // Gravity: within each column the stones form a run from the bottom.
        for col in 0..width {
            let in_col = (mask & empty.column_mask(col)) >> (col as u32 * s);
            if (in_col + B::ONE) & in_col != B::ZERO {
                let n = in_col.count_ones() as usize;
                return Err(NotationError::position(
                    text,
                    format!(
                        "column {} has a stone above an empty cell (it holds {n} stones, not at the bottom)",
                        col_name(col)
                    ),
                ));
            }
        }
        let second = mask ^ first;
        let (nx, no) = (first.count_ones(), second.count_ones());
        if nx != no && nx != no + 1 {
            return Err(NotationError::position(
                text,
                format!("{nx} x and {no} o: x moves first, so x must have as many or one more"),
            ));
        }
        let h = height as u32;
        let (wx, wo) = (has_four(first, h), has_four(second, h));
        if wx && wo {
            return Err(NotationError::position(text, "both players have four in a line"));
        }
        if wx || wo {
            let (winner, name) = if wx { (first, 'x') } else { (second, 'o') };
            if (wx && nx != no + 1) || (wo && nx != no) {
                return Err(NotationError::position(
                    text,
                    format!("{name} has four in a line, so {name} must have moved last"),
                ));
            }
            // Some top stone of the winner must have completed the line(s).
            let completed_last = (0..width).any(|col| {
                let in_col = mask & empty.column_mask(col);
                let n = in_col.count_ones();
                if n == 0 {
                    return false;
                }
                let top = B::ONE << (col as u32 * s + n - 1);
                winner & top != B::ZERO && !has_four(winner ^ top, h)
            });
            if !completed_last {
                return Err(NotationError::position(
                    text,
                    format!("no single last stone of {name} completes its four in a line"),
                ));
            }
        }
        Ok(Self::from_parts(empty, first, mask))
    }

    fn write_move(&self, mv: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", col_name(mv as usize))
    }

    /// A column letter `a`… (case ignored); the error says whether the
    /// letter is no column of this board, the column is full or the game is
    /// over.
    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let last = col_name(self.width() - 1);
        let mut chars = t.chars();
        let col = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() && c <= last => (c as u8 - b'a') as usize,
            _ => {
                return Err(NotationError::mv(
                    text,
                    format!("a move is a column letter, a to {last} on this board"),
                ));
            }
        };
        if self.is_over() {
            return Err(NotationError::mv(text, "the game is over"));
        }
        if !self.can_play(col) {
            return Err(NotationError::mv(text, format!("column {} is full", col_name(col))));
        }
        Ok(col as u8)
    }
}
