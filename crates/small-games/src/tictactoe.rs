//! Tic-tac-toe on two 9-bit bitboards.

use core::fmt;

use spielbaum_game_trait::{
    EVAL_MAX, Evaluator, Game, MoveList, Notation, NotationError, Outcome, Player, RandomMove,
    Score, Undo, index_below, select_bit,
};

/// The eight lines of three.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0x1ff;

/// Square index of `(rank, file)`, both `0..3`; rank 0 is the bottom row.
const fn sq(rank: usize, file: usize) -> usize {
    rank * 3 + file
}

/// The 8 symmetries of the square as square permutations: `SYM[k][s]` is the
/// image of square `s`. 0 identity, 1–3 rotations, 4–7 reflections.
const SYM: [[u8; 9]; 8] = {
    let mut t = [[0u8; 9]; 8];
    let mut s = 0;
    while s < 9 {
        let (r, c) = (s / 3, s % 3);
        let images = [
            (r, c),
            (c, 2 - r),
            (2 - r, 2 - c),
            (2 - c, r),
            (r, 2 - c),
            (2 - r, c),
            (c, r),
            (2 - c, 2 - r),
        ];
        let mut k = 0;
        while k < 8 {
            t[k][s] = sq(images[k].0, images[k].1) as u8;
            k += 1;
        }
        s += 1;
    }
    t
};

fn map_bits(bits: u16, k: usize) -> u16 {
    let mut out = 0;
    let mut b = bits;
    while b != 0 {
        let s = b.trailing_zeros() as usize;
        out |= 1 << SYM[k][s];
        b &= b - 1;
    }
    out
}

const fn has_line(bits: u16) -> bool {
    let mut i = 0;
    while i < LINES.len() {
        if bits & LINES[i] == LINES[i] {
            return true;
        }
        i += 1;
    }
    false
}

/// A Tic-tac-toe position. X (the first player) moves first.
///
/// Notation: three rows from the top (rank 3) to the bottom (rank 1),
/// separated by `/`, with `x`, `o` and `.`: the start is `.../.../...`.
/// The side to move follows from the counts. Moves are squares `a1`…`c3`
/// (files a–c left to right, ranks 1–3 bottom to top).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TicTacToe {
    x: u16,
    o: u16,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub const fn new() -> Self {
        TicTacToe { x: 0, o: 0 }
    }

    /// X's squares as a 9-bit mask (bit `rank * 3 + file`).
    pub const fn x_bits(&self) -> u16 {
        self.x
    }

    /// O's squares as a 9-bit mask.
    pub const fn o_bits(&self) -> u16 {
        self.o
    }

    /// A position from two masks; checks that it can arise in a game.
    pub fn from_bits(x: u16, o: u16) -> Result<Self, NotationError> {
        let text = || format!("x={x:#05x} o={o:#05x}");
        if x & !FULL != 0 || o & !FULL != 0 {
            return Err(NotationError::position(text(), "masks have bits beyond the 9 squares"));
        }
        if x & o != 0 {
            return Err(NotationError::position(text(), "a square holds both x and o"));
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(NotationError::position(
                text(),
                format!("{nx} x and {no} o: x moves first, so x must have as many or one more"),
            ));
        }
        let (wx, wo) = (has_line(x), has_line(o));
        if wx && wo {
            return Err(NotationError::position(text(), "both players have a line"));
        }
        if wx && nx != no + 1 {
            return Err(NotationError::position(text(), "x has a line, so x must have moved last"));
        }
        if wo && nx != no {
            return Err(NotationError::position(text(), "o has a line, so o must have moved last"));
        }
        Ok(TicTacToe { x, o })
    }

    fn write_square(s: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}{}", (b'a' + s % 3) as char, s / 3 + 1)
    }
}

impl Game for TicTacToe {
    type Move = u8;
    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, moves: &mut MoveList<u8>) {
        if has_line(self.x) || has_line(self.o) {
            return;
        }
        let mut empty = !(self.x | self.o) & FULL;
        while empty != 0 {
            moves.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    fn play(&mut self, mv: u8) {
        debug_assert!((self.x | self.o) & (1 << mv) == 0, "square taken");
        if self.to_move() == Player::FIRST {
            self.x |= 1 << mv;
        } else {
            self.o |= 1 << mv;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if has_line(self.x) {
            Some(Outcome::Win(Player::FIRST))
        } else if has_line(self.o) {
            Some(Outcome::Win(Player::SECOND))
        } else if self.x | self.o == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.x) | u64::from(self.o) << 9
    }

    fn symmetries(&self) -> usize {
        8
    }

    fn symmetric(&self, k: usize) -> Self {
        TicTacToe { x: map_bits(self.x, k), o: map_bits(self.o, k) }
    }

    fn symmetric_move(&self, mv: u8, k: usize) -> Option<u8> {
        SYM.get(k).and_then(|t| t.get(mv as usize)).copied()
    }
}

/// A random empty square (ascending, as [`Game::moves`] lists them).
impl RandomMove for TicTacToe {
    #[inline]
    fn random_move(&self, r: u64) -> Option<u8> {
        let empty = !(self.x | self.o) & FULL;
        if empty == 0 || has_line(self.x) || has_line(self.o) {
            return None;
        }
        let i = index_below(r, empty.count_ones());
        Some(select_bit(u64::from(empty), i) as u8)
    }
}

impl Undo for TicTacToe {
    fn undo(&mut self, mv: u8) {
        self.x &= !(1 << mv);
        self.o &= !(1 << mv);
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..3).rev() {
            for file in 0..3 {
                let bit = 1 << sq(rank, file);
                let c = if self.x & bit != 0 {
                    'x'
                } else if self.o & bit != 0 {
                    'o'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        Ok(())
    }
}

impl Notation for TicTacToe {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace() && *c != '/').collect();
        if cells.len() != 9 {
            return Err(NotationError::position(
                text,
                format!("expected 9 squares (x, o or .), found {}", cells.len()),
            ));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (i, &c) in cells.iter().enumerate() {
            // Text runs from rank 3 down to rank 1.
            let bit = 1 << sq(2 - i / 3, i % 3);
            match c.to_ascii_lowercase() {
                'x' => x |= bit,
                'o' => o |= bit,
                '.' | '-' | '_' => {}
                other => {
                    return Err(NotationError::position(
                        text,
                        format!("square {} is {other:?}; use x, o or .", i + 1),
                    ));
                }
            }
        }
        TicTacToe::from_bits(x, o).map_err(|e| NotationError::position(text, e.reason))
    }

    fn write_move(&self, mv: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        TicTacToe::write_square(mv, out)
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        if b.len() != 2 || !(b'a'..=b'c').contains(&b[0]) || !(b'1'..=b'3').contains(&b[1]) {
            return Err(NotationError::mv(text, "squares are a1..c3 (files a-c, ranks 1-3)"));
        }
        let s = (b[1] - b'1') * 3 + (b[0] - b'a');
        if self.is_over() {
            return Err(NotationError::mv(text, "the game is over"));
        }
        if (self.x | self.o) & (1 << s) != 0 {
            return Err(NotationError::mv(text, "that square is taken"));
        }
        Ok(s)
    }
}

/// A heuristic for depth-limited search: for each line still open to one
/// player only, 1, 10 or 100 points for 1, 2 or 3 of their marks; scored for
/// the side to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineCount;

impl Evaluator<TicTacToe> for LineCount {
    fn evaluate(&self, g: &TicTacToe) -> Score {
        const W: [Score; 4] = [0, 1, 10, 100];
        let mut v = 0;
        for &l in &LINES {
            let (a, b) = ((g.x & l).count_ones(), (g.o & l).count_ones());
            if b == 0 {
                v += W[a as usize];
            } else if a == 0 {
                v -= W[b as usize];
            }
        }
        let v = v.clamp(-EVAL_MAX, EVAL_MAX);
        if g.to_move() == Player::FIRST { v } else { -v }
    }
}
