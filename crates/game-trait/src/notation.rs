//! Reading and writing positions and moves.

use core::fmt;

use crate::game::{Game, MoveList};

/// What a piece of notation was meant to be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NotationKind {
    /// A position.
    Position,
    /// A move.
    Move,
    /// A game option (board mask, target, heap list, …).
    Option,
}

impl fmt::Display for NotationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotationKind::Position => "position",
            NotationKind::Move => "move",
            NotationKind::Option => "option",
        })
    }
}

/// Notation that could not be read: says what was read, the offending part
/// and why.
///
/// Displays as `bad move "a9": no such square (files a-c, ranks 1-3)`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError {
    /// What the text was meant to be.
    pub kind: NotationKind,
    /// The offending part of the input (the whole input or the bad token).
    pub input: String,
    /// Why it is wrong, for a person.
    pub reason: String,
}

impl NotationError {
    /// A new error about `input`.
    pub fn new(kind: NotationKind, input: impl Into<String>, reason: impl Into<String>) -> Self {
        NotationError { kind, input: input.into(), reason: reason.into() }
    }

    /// A bad position.
    pub fn position(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(NotationKind::Position, input, reason)
    }

    /// A bad move.
    pub fn mv(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(NotationKind::Move, input, reason)
    }

    /// A bad game option.
    pub fn option(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(NotationKind::Option, input, reason)
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad {} {:?}: {}", self.kind, self.input, self.reason)
    }
}

impl std::error::Error for NotationError {}

/// Position and move notation.
///
/// `Display` writes the position; [`parse_position`](Notation::parse_position)
/// reads it back. Parsing is a method of an existing position because the
/// text of a position does not always carry the game's rules (a peg board's
/// shape, a dice game's target): `self` supplies them. For every position
/// `p`, `p.parse_position(&p.to_string())` must give `p` back.
///
/// Required: [`parse_position`](Notation::parse_position) and
/// [`write_move`](Notation::write_move).
pub trait Notation: Game + fmt::Display {
    /// Reads a position of this game; `self` supplies the rules.
    fn parse_position(&self, text: &str) -> Result<Self, NotationError>;

    /// Writes `mv`, a legal move of `self`.
    fn write_move(&self, mv: Self::Move, out: &mut dyn fmt::Write) -> fmt::Result;

    /// `mv` as a string.
    ///
    /// Default: [`write_move`](Notation::write_move) into a new `String`.
    fn move_string(&self, mv: Self::Move) -> String {
        let mut s = String::new();
        // Writing into a String cannot fail.
        let _ = self.write_move(mv, &mut s);
        s
    }

    /// Reads a legal move of `self`.
    ///
    /// Default: the legal move whose notation equals `text` (trimmed, ASCII
    /// case ignored); the error lists the legal moves. Override to tell a
    /// malformed move from an illegal one.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError> {
        let want = text.trim();
        let mut moves = MoveList::new();
        self.moves(&mut moves);
        if moves.is_empty() {
            return Err(NotationError::mv(text, "the game is over, no move is legal"));
        }
        let mut legal = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let s = self.move_string(mv);
            if s.eq_ignore_ascii_case(want) {
                return Ok(mv);
            }
            legal.push(s);
        }
        Err(NotationError::mv(
            text,
            format!("not a legal move here; legal moves: {}", legal.join(" ")),
        ))
    }
}
