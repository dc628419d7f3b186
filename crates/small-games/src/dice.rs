//! Würfelkippen (dice tipping), as in Garmann, "Sind Computer (un)schlagbar?"
//! (after Baumann 1994).

use core::fmt;

use spielbaum_game_trait::{Game, MoveList, Notation, NotationError, Outcome, Player, Undo};

/// The largest target sum accepted.
pub const MAX_TARGET: u32 = 60_000;

/// A tip of the die: the face that comes up. `from` is the face that was on
/// top (kept so the move can be undone); notation writes only `to`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Tip {
    /// The face on top before the tip.
    pub from: u8,
    /// The face on top after the tip (added to the sum).
    pub to: u8,
}

/// A Würfelkippen position.
///
/// Rules (the text's `zulaessig`): the die shows `top`; the player to move
/// tips it over one of its four bottom edges, so any face except `top` and
/// `7 - top` comes up, and that face is added to the sum. The sum may not
/// pass the target `z`; whoever makes it exactly `z` wins; if the player to
/// move has no legal tip, the game is a draw.
///
/// Decision (the text's figure is missing): the start face is the starting
/// *position* only; the sum starts at 0 and counts the faces that come up
/// after each tip ("Die jeweils nach oben gelangte Augenzahl wird nach jedem
/// Schritt aufsummiert"). See `docs/small-games.md`.
///
/// Notation: `top=4 sum=0 target=8 turn=1`; a move is the face that comes
/// up (`1`…`6`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dice {
    top: u8,
    mover: Player,
    sum: u16,
    target: u16,
}

impl Dice {
    /// The start: `start` on top, sum 0, first player to move.
    pub fn new(start: u32, target: u32) -> Result<Self, NotationError> {
        if !(1..=6).contains(&start) {
            return Err(NotationError::option(start.to_string(), "the start face must be 1..=6"));
        }
        if !(1..=MAX_TARGET).contains(&target) {
            return Err(NotationError::option(
                target.to_string(),
                format!("the target sum must be 1..={MAX_TARGET}"),
            ));
        }
        Ok(Dice { top: start as u8, mover: Player::FIRST, sum: 0, target: target as u16 })
    }

    /// The face on top.
    pub const fn top(&self) -> u32 {
        self.top as u32
    }

    /// The sum so far.
    pub const fn sum(&self) -> u32 {
        self.sum as u32
    }

    /// The target sum `z`.
    pub const fn target(&self) -> u32 {
        self.target as u32
    }

    /// The text's `zulaessig(zug)`: may `face` come up next?
    pub const fn is_allowed(&self, face: u32) -> bool {
        face != self.top as u32
            && face != 7 - self.top as u32
            && face >= 1
            && face <= 6
            && self.sum as u32 + face <= self.target as u32
    }
}

impl Game for Dice {
    type Move = Tip;
    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        self.mover
    }

    fn moves(&self, moves: &mut MoveList<Tip>) {
        if self.sum == self.target {
            return;
        }
        for face in 1..=6 {
            if self.is_allowed(face) {
                moves.push(Tip { from: self.top, to: face as u8 });
            }
        }
    }

    fn play(&mut self, mv: Tip) {
        debug_assert!(self.is_allowed(mv.to as u32) && mv.from == self.top);
        self.top = mv.to;
        self.sum += u16::from(mv.to);
        self.mover = self.mover.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.sum == self.target {
            // The player who just tipped hit the target.
            Some(Outcome::Win(self.mover.other()))
        } else if (1..=6).any(|f| self.is_allowed(f)) {
            None
        } else {
            Some(Outcome::Draw)
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.top)
            | (self.mover.index() as u64) << 3
            | u64::from(self.sum) << 4
            | u64::from(self.target) << 20
    }
}

impl Undo for Dice {
    fn undo(&mut self, mv: Tip) {
        self.sum -= u16::from(mv.to);
        self.top = mv.from;
        self.mover = self.mover.other();
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "top={} sum={} target={} turn={}", self.top, self.sum, self.target, self.mover)
    }
}

fn parse_field(
    text: &str,
    name: &str,
    value: &str,
    range: core::ops::RangeInclusive<u32>,
) -> Result<u32, NotationError> {
    value.parse::<u32>().ok().filter(|v| range.contains(v)).ok_or_else(|| {
        NotationError::position(
            text,
            format!("{name}={value:?} must be a number in {}..={}", range.start(), range.end()),
        )
    })
}

impl Notation for Dice {
    /// Reads `top=T sum=S target=Z turn=P` (any order; `target` defaults to
    /// this game's target, `sum` to 0, `turn` to 1).
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let (mut top, mut sum, mut target, mut turn) = (None, 0, self.target as u32, 1);
        for token in text.split_whitespace() {
            let Some((name, value)) = token.split_once('=') else {
                return Err(NotationError::position(
                    text,
                    format!("{token:?} is not NAME=VALUE (top, sum, target, turn)"),
                ));
            };
            match name {
                "top" => top = Some(parse_field(text, name, value, 1..=6)?),
                "sum" => sum = parse_field(text, name, value, 0..=MAX_TARGET)?,
                "target" => target = parse_field(text, name, value, 1..=MAX_TARGET)?,
                "turn" => turn = parse_field(text, name, value, 1..=2)?,
                other => {
                    return Err(NotationError::position(
                        text,
                        format!("unknown field {other:?} (expected top, sum, target, turn)"),
                    ));
                }
            }
        }
        let top = top.ok_or_else(|| NotationError::position(text, "missing top=FACE"))?;
        if sum > target {
            return Err(NotationError::position(
                text,
                format!("sum {sum} passes the target {target}"),
            ));
        }
        Ok(Dice {
            top: top as u8,
            mover: if turn == 1 { Player::FIRST } else { Player::SECOND },
            sum: sum as u16,
            target: target as u16,
        })
    }

    fn write_move(&self, mv: Tip, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", mv.to)
    }

    fn parse_move(&self, text: &str) -> Result<Tip, NotationError> {
        let face: u32 =
            text.trim().parse().ok().filter(|f| (1..=6).contains(f)).ok_or_else(|| {
                NotationError::mv(text, "a move is the face that comes up, 1..=6")
            })?;
        if self.sum == self.target {
            return Err(NotationError::mv(text, "the game is over"));
        }
        if face == self.top() || face == 7 - self.top() {
            return Err(NotationError::mv(
                text,
                format!("with {} on top, {face} cannot come up by one tip", self.top),
            ));
        }
        if !self.is_allowed(face) {
            return Err(NotationError::mv(
                text,
                format!("sum {} + {face} would pass the target {}", self.sum, self.target),
            ));
        }
        Ok(Tip { from: self.top, to: face as u8 })
    }
}
