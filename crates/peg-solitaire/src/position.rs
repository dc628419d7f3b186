//! The position (a bitboard of pegs on a borrowed [`Board`]), jumps, and the
//! `Game` implementation.

use core::fmt;

use spielbaum_bfs_reach::FromKey;
use spielbaum_game_trait::{Game, MoveList, Notation, NotationError, Outcome, Player, Undo};

use crate::board::{Board, STEPS, bits};
use crate::geometry::{Transform, fixing_square, min_image_square};

/// A jump: the peg on `from` jumps over its neighbour in direction `dir`
/// (0 right, 1 left, 2 down, 3 up) into the empty hole behind it.
/// Written `d2-d4` (from, to).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Jump(u16);

impl Jump {
    /// The jump from bit `from` in direction `dir` (0–3).
    pub const fn new(from: u32, dir: u32) -> Jump {
        Jump((from * 4 + dir) as u16)
    }
    /// The bit the peg leaves.
    pub const fn from(self) -> u32 {
        self.0 as u32 / 4
    }
    /// The direction (0 right, 1 left, 2 down, 3 up).
    pub const fn dir(self) -> u32 {
        self.0 as u32 % 4
    }
    /// The bit of the removed peg.
    pub const fn over(self) -> u32 {
        (self.from() as i32 + STEPS[self.dir() as usize]) as u32
    }
    /// The bit the peg lands on.
    pub const fn to(self) -> u32 {
        (self.from() as i32 + 2 * STEPS[self.dir() as usize]) as u32
    }
    /// The three bits the jump flips.
    pub const fn bits(self) -> u64 {
        1 << self.from() | 1 << self.over() | 1 << self.to()
    }
}

/// A peg-solitaire position: the pegs as bits of the board's mask.
///
/// 16 bytes (the pegs and a reference to the rules), `Copy`; the key is the
/// bit pattern itself (exact).
#[derive(Clone, Copy)]
pub struct Peg<'b> {
    pegs: u64,
    board: &'b Board,
}

impl PartialEq for Peg<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.pegs == other.pegs
            && (core::ptr::eq(self.board, other.board) || self.board == other.board)
    }
}

impl Eq for Peg<'_> {}

impl<'b> Peg<'b> {
    pub(crate) const fn new_unchecked(board: &'b Board, pegs: u64) -> Self {
        Peg { pegs, board }
    }

    /// The pegs as bits (bit `8·row + column`).
    pub const fn pegs(&self) -> u64 {
        self.pegs
    }

    /// The board.
    pub const fn board(&self) -> &'b Board {
        self.board
    }

    /// Number of pegs.
    pub const fn count(&self) -> u32 {
        self.pegs.count_ones()
    }

    /// The inverse position: every hole flipped (pegs become holes and
    /// holes pegs). A jump sequence from `a` to `b` played backwards is a
    /// jump sequence from `b.inverse()` to `a.inverse()`.
    pub fn inverse(&self) -> Peg<'b> {
        Peg::new_unchecked(self.board, self.board.mask() & !self.pegs)
    }

    /// The jumps of `pegs` on `board` as one bit mask per direction (bit =
    /// the hole the jumping peg leaves): shifts and masks, no loop over
    /// holes.
    #[inline]
    pub fn jump_masks(board: &Board, pegs: u64) -> [u64; 4] {
        let empty = board.mask() & !pegs;
        [
            pegs & (pegs >> 1) & (empty >> 2) & board.jump_from(0),
            pegs & (pegs << 1) & (empty << 2) & board.jump_from(1),
            pegs & (pegs >> 8) & (empty >> 16) & board.jump_from(2),
            pegs & (pegs << 8) & (empty << 16) & board.jump_from(3),
        ]
    }

    /// `true` if some jump is possible.
    #[inline]
    pub fn has_jump(&self) -> bool {
        Self::jump_masks(self.board, self.pegs).iter().any(|&m| m != 0)
    }

    /// The image under one of the board's transforms.
    pub fn transformed(&self, t: Transform) -> Peg<'b> {
        let (r, c) = self.board.size();
        Peg::new_unchecked(self.board, t.apply(self.pegs, r, c))
    }

    /// The position as rows separated by `/`.
    pub fn to_rows(&self) -> String {
        self.to_string()
    }
}

impl fmt::Debug for Peg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Peg({}: {self})", self.board.name())
    }
}

impl fmt::Display for Peg<'_> {
    /// Rows top to bottom separated by `/`: `.` no hole, `1` peg, `0` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.write_pegs(self.pegs, f)
    }
}

impl Game for Peg<'_> {
    type Move = Jump;
    const PLAYERS: u8 = 1;
    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        Player::FIRST
    }

    #[inline]
    fn moves(&self, out: &mut MoveList<Jump>) {
        let masks = Self::jump_masks(self.board, self.pegs);
        for (d, &m) in masks.iter().enumerate() {
            for from in bits(m) {
                out.push(Jump::new(from, d as u32));
            }
        }
    }

    #[inline]
    fn play(&mut self, mv: Jump) {
        debug_assert_eq!(self.pegs & mv.bits(), 1 << mv.from() | 1 << mv.over());
        self.pegs ^= mv.bits();
    }

    fn outcome(&self) -> Option<Outcome> {
        (!self.has_jump()).then(|| Outcome::Puzzle {
            goal: self.board.is_goal(self.pegs),
            score: -(self.count() as i32),
        })
    }

    fn is_over(&self) -> bool {
        !self.has_jump()
    }

    #[inline]
    fn key(&self) -> u64 {
        self.pegs
    }

    fn symmetries(&self) -> usize {
        self.board.symmetries().len()
    }

    fn symmetric(&self, k: usize) -> Self {
        self.transformed(self.board.symmetries()[k])
    }

    fn symmetric_move(&self, mv: Jump, k: usize) -> Option<Jump> {
        let t = *self.board.symmetries().get(k)?;
        let (r, c) = self.board.size();
        let from = t.apply(1 << mv.from(), r, c).trailing_zeros();
        let to = t.apply(1 << mv.to(), r, c).trailing_zeros();
        let dir = match to as i32 - from as i32 {
            2 => 0,
            -2 => 1,
            16 => 2,
            _ => 3,
        };
        Some(Jump::new(from, dir))
    }

    #[inline]
    fn canonical_key(&self) -> u64 {
        let (r, c) = self.board.size();
        if r == c && self.board.symmetries().len() == 8 {
            min_image_square(self.pegs, r)
        } else {
            self.board
                .symmetries()
                .iter()
                .map(|t| t.apply(self.pegs, r, c))
                .min()
                .unwrap_or(self.pegs)
        }
    }

    #[inline]
    fn after(&self, mv: Jump) -> Self {
        Peg::new_unchecked(self.board, self.pegs ^ mv.bits())
    }
}

impl Undo for Peg<'_> {
    fn undo(&mut self, mv: Jump) {
        self.pegs ^= mv.bits();
    }
}

impl FromKey for Peg<'_> {
    #[inline]
    fn decode(&self, key: u64) -> Self {
        Peg::new_unchecked(self.board, key)
    }

    #[inline]
    fn orbit_size_all(&self) -> usize {
        let (r, c) = self.board.size();
        let syms = self.board.symmetries();
        if r == c && syms.len() == 8 {
            // 8 / (number of symmetries fixing the position).
            let fixing = fixing_square(self.pegs, r);
            8 / fixing as usize
        } else {
            let fixing = syms.iter().filter(|t| t.apply(self.pegs, r, c) == self.pegs).count();
            syms.len() / fixing.max(1)
        }
    }

    /// Jumps straight from the direction masks to the successor keys, with
    /// the branch-free canonical form on square 8-symmetry boards.
    #[inline]
    fn successor_keys<F: FnMut(u64)>(
        &self,
        canonical: bool,
        _buffer: &mut MoveList<Jump>,
        mut f: F,
    ) -> usize {
        let masks = Self::jump_masks(self.board, self.pegs);
        let (r, c) = self.board.size();
        let fast = canonical && r == c && self.board.symmetries().len() == 8;
        let mut n = 0;
        for (d, &m) in masks.iter().enumerate() {
            let step = STEPS[d];
            // The three bits of a jump whose lowest bit is bit 0, shifted
            // to the jump's lowest bit (`from`, or `from − 2·|step|`).
            let (pattern, base) = if step > 0 {
                (1u64 | 1 << step | 1 << (2 * step), 0)
            } else {
                (1u64 | 1 << -step | 1 << (-2 * step), (-2 * step) as u32)
            };
            for from in bits(m) {
                let child = self.pegs ^ (pattern << (from - base));
                n += 1;
                f(if fast {
                    min_image_square(child, r)
                } else if canonical {
                    Peg::new_unchecked(self.board, child).canonical_key()
                } else {
                    child
                });
            }
        }
        n
    }
}

impl Notation for Peg<'_> {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        Ok(Peg::new_unchecked(self.board, self.board.parse_pegs(text)?))
    }

    fn write_move(&self, mv: Jump, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}-{}", Board::hole_name(mv.from()), Board::hole_name(mv.to()))
    }

    /// Reads `d2-d4` (also `d2d4`, `d2xd4`); tells a malformed jump from an
    /// illegal one.
    fn parse_move(&self, text: &str) -> Result<Jump, NotationError> {
        let t: String =
            text.trim().chars().filter(|c| !matches!(c, '-' | 'x' | 'X' | ' ')).collect();
        // Holes are ASCII (a letter and a digit): anything else is no jump
        // (and byte slicing below is then safe).
        if t.len() != 4 || !t.is_ascii() {
            return Err(NotationError::mv(text, "a jump is two holes, like d2-d4"));
        }
        let from = self.board.parse_hole(&t[..2]).map_err(|e| NotationError::mv(text, e.reason))?;
        let to = self.board.parse_hole(&t[2..]).map_err(|e| NotationError::mv(text, e.reason))?;
        let dir = match to as i32 - from as i32 {
            2 if from % 8 < 6 => 0,
            -2 if from % 8 > 1 => 1,
            16 => 2,
            -16 => 3,
            _ => {
                return Err(NotationError::mv(text, "a jump goes two holes along a row or column"));
            }
        };
        let mv = Jump::new(from, dir);
        let mut moves = MoveList::new();
        self.moves(&mut moves);
        if !moves.contains(&mv) {
            return Err(NotationError::mv(
                text,
                "not legal here (needs a peg on the first hole, a peg between and an empty hole to land in)",
            ));
        }
        Ok(mv)
    }
}
