//! The conformance suite must be able to fail: each flawed game below breaks
//! one rule of the contract, and the suite must reject it.
#![cfg(feature = "conformance")]

use std::fmt;

use spielbaum_game_trait::conformance::{Config, check_game, check_random_move, check_undo};
use spielbaum_game_trait::{
    Game, GameExt, MoveList, Notation, NotationError, Outcome, Player, RandomMove, Undo,
    index_below,
};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Flaw {
    None,
    OrderDependentKey,
    NoOutcomeWhenStuck,
    LossyNotation,
    BadSymmetry,
    BadUndo,
    /// The first legal move twice as likely as each other one.
    RandomFavoursFirst,
    /// The first legal move 1.25 times as likely as each other one.
    RandomLeansFirst,
    /// The last legal move never drawn.
    RandomMissesLast,
    /// A move after the end of the game.
    RandomAfterEnd,
    /// A move that is not legal (a pin that is down).
    RandomIllegal,
}

/// Kayles on 6 pins, with one deliberate flaw.
#[derive(Clone, Copy, Debug)]
struct Flawed {
    pins: u8,
    last: u8,
    mover: Player,
    flaw: Flaw,
}

impl Flawed {
    fn new(flaw: Flaw) -> Self {
        Flawed { pins: 0x3f, last: 0, mover: Player::FIRST, flaw }
    }
}

impl Game for Flawed {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.mover
    }
    fn moves(&self, out: &mut MoveList<u8>) {
        for i in 0..6 {
            if self.pins >> i & 1 == 1 {
                out.push(1 << i);
                if i < 5 && self.pins >> (i + 1) & 1 == 1 {
                    out.push(3 << i);
                }
            }
        }
    }
    fn play(&mut self, mv: u8) {
        self.pins &= !mv;
        self.last = mv;
        self.mover = self.mover.other();
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.flaw == Flaw::NoOutcomeWhenStuck {
            return None;
        }
        (self.pins == 0).then(|| Outcome::Win(self.mover.other()))
    }
    fn key(&self) -> u64 {
        let k = u64::from(self.pins) << 1 | self.mover.index() as u64;
        if self.flaw == Flaw::OrderDependentKey { k | u64::from(self.last) << 8 } else { k }
    }
    fn symmetries(&self) -> usize {
        2
    }
    fn symmetric(&self, k: usize) -> Self {
        let mirror = self.pins.reverse_bits() >> 2;
        let pins = match (k, self.flaw) {
            (0, _) => self.pins,
            (_, Flaw::BadSymmetry) => mirror >> 1, // shifted: not a symmetry
            _ => mirror,
        };
        Flawed { pins, ..*self }
    }
    fn symmetric_move(&self, mv: u8, k: usize) -> Option<u8> {
        Some(if k == 0 { mv } else { mv.reverse_bits() >> 2 })
    }
}

impl Undo for Flawed {
    fn undo(&mut self, mv: u8) {
        self.pins |= if self.flaw == Flaw::BadUndo { mv & 1 } else { mv };
        self.mover = self.mover.other();
    }
}

impl RandomMove for Flawed {
    fn random_move(&self, r: u64) -> Option<u8> {
        let moves = self.legal_moves();
        let k = moves.len() as u32;
        if k == 0 {
            return (self.flaw == Flaw::RandomAfterEnd).then_some(1);
        }
        let i = match self.flaw {
            Flaw::RandomFavoursFirst => index_below(r, k + 1) % k,
            Flaw::RandomLeansFirst => index_below(r, 4 * k + 1) / 4 % k,
            Flaw::RandomMissesLast if k > 1 => index_below(r, k - 1),
            _ => index_below(r, k),
        };
        let mv = moves[i as usize];
        if self.flaw == Flaw::RandomIllegal && self.pins != 0x3f && i == 0 {
            return Some(!self.pins & 0x3f & (!self.pins).wrapping_neg());
        }
        Some(mv)
    }
}

impl fmt::Display for Flawed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pins = if self.flaw == Flaw::LossyNotation { self.pins & 0x0f } else { self.pins };
        write!(f, "{pins:06b} {}", self.mover)
    }
}

impl Notation for Flawed {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let (p, t) =
            text.split_once(' ').ok_or_else(|| NotationError::position(text, "PINS TURN"))?;
        let pins = u8::from_str_radix(p, 2).map_err(|_| NotationError::position(p, "binary"))?;
        let mover = if t == "1" { Player::FIRST } else { Player::SECOND };
        Ok(Flawed { pins, mover, ..*self })
    }
    fn write_move(&self, mv: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{mv}")
    }
}

const CONFIG: Config = Config { games: 64, max_plies: 12 };

#[test]
fn the_sound_game_passes() {
    check_game(&Flawed::new(Flaw::None), &CONFIG);
    check_undo(&Flawed::new(Flaw::None), &CONFIG);
    check_random_move(&Flawed::new(Flaw::None), &CONFIG);
}

#[test]
#[should_panic(expected = "conformance failure")]
fn order_dependent_keys_are_caught() {
    check_game(&Flawed::new(Flaw::OrderDependentKey), &CONFIG);
}

#[test]
#[should_panic(expected = "conformance failure")]
fn missing_outcome_is_caught() {
    check_game(&Flawed::new(Flaw::NoOutcomeWhenStuck), &CONFIG);
}

#[test]
#[should_panic(expected = "conformance failure")]
fn lossy_notation_is_caught() {
    check_game(&Flawed::new(Flaw::LossyNotation), &CONFIG);
}

#[test]
#[should_panic(expected = "conformance failure")]
fn false_symmetry_is_caught() {
    check_game(&Flawed::new(Flaw::BadSymmetry), &CONFIG);
}

#[test]
#[should_panic(expected = "undo conformance failure")]
fn bad_undo_is_caught() {
    check_undo(&Flawed::new(Flaw::BadUndo), &CONFIG);
}

#[test]
#[should_panic(expected = "are not uniform")]
fn a_random_move_bias_is_caught() {
    check_random_move(&Flawed::new(Flaw::RandomFavoursFirst), &CONFIG);
}

#[test]
#[should_panic(expected = "the draws over all positions are not uniform")]
fn a_small_random_move_bias_is_caught_by_the_sum() {
    // The default number of positions (each one alone passes).
    let config = Config { games: 256, ..CONFIG };
    check_random_move(&Flawed::new(Flaw::RandomLeansFirst), &config);
}

#[test]
#[should_panic(expected = "never drawn")]
fn a_random_move_never_drawn_is_caught() {
    check_random_move(&Flawed::new(Flaw::RandomMissesLast), &CONFIG);
}

#[test]
#[should_panic(expected = "but the game is over")]
fn a_random_move_after_the_end_is_caught() {
    check_random_move(&Flawed::new(Flaw::RandomAfterEnd), &CONFIG);
}

#[test]
#[should_panic(expected = "random_move conformance failure")]
fn an_illegal_random_move_is_caught() {
    check_random_move(&Flawed::new(Flaw::RandomIllegal), &CONFIG);
}
