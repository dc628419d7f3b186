//! Kayles (Dudeney 1908): a row of pins; knock down one pin or two
//! neighbouring pins; whoever knocks down the last pin wins.
use spielbaum_game_trait::{Game, GameExt, MoveList, Notation, NotationError, Outcome, Player};
use std::fmt;

/// Pins as bits of `pins` (bit i = pin i standing) in a row of `len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kayles {
    pins: u64,
    len: u32,
    mover: Player,
}

impl Kayles {
    /// A full row of `len` pins (1..=63), first player to move.
    pub fn new(len: u32) -> Self {
        Kayles { pins: (1 << len) - 1, len, mover: Player::FIRST }
    }
}

impl Game for Kayles {
    type Move = u64; // the pins knocked down, as a mask
    const EXACT_KEY: bool = true;
    fn to_move(&self) -> Player {
        self.mover
    }
    fn moves(&self, out: &mut MoveList<u64>) {
        for i in (0..self.len).filter(|i| self.pins >> i & 1 == 1) {
            out.push(1 << i);
            if self.pins >> (i + 1) & 1 == 1 {
                out.push(3 << i);
            }
        }
    }
    fn play(&mut self, mv: u64) {
        self.pins &= !mv;
        self.mover = self.mover.other();
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.pins == 0).then(|| Outcome::Win(self.mover.other()))
    }
    fn key(&self) -> u64 {
        self.pins << 1 | self.mover.index() as u64 // len is fixed per game
    }
    fn symmetries(&self) -> usize {
        2 // the identity and the mirror image of the row
    }
    fn symmetric(&self, k: usize) -> Self {
        let pins = self.pins.reverse_bits() >> (64 - self.len);
        Kayles { pins: if k == 0 { self.pins } else { pins }, ..*self }
    }
    fn symmetric_move(&self, mv: u64, k: usize) -> Option<u64> {
        Some(if k == 0 { mv } else { mv.reverse_bits() >> (64 - self.len) })
    }
}

impl fmt::Display for Kayles {
    /// `|.||` : standing pins `|`, fallen `.`, left to right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (0..self.len)
            .try_for_each(|i| write!(f, "{}", if self.pins >> i & 1 == 1 { '|' } else { '.' }))?;
        write!(f, " {}", self.mover)
    }
}

impl Notation for Kayles {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let bad = |why: &str| NotationError::position(text, why);
        let (row, turn) = text.split_once(' ').ok_or_else(|| bad("expected ROW TURN"))?;
        let mover = match turn {
            "1" => Player::FIRST,
            "2" => Player::SECOND,
            _ => return Err(bad("the turn is 1 or 2")),
        };
        if row.len() != self.len as usize || row.chars().any(|c| c != '|' && c != '.') {
            return Err(bad(&format!("expected {} pins written | or .", self.len)));
        }
        let pins = row.chars().rev().fold(0, |acc, c| acc << 1 | u64::from(c == '|'));
        Ok(Kayles { pins, mover, ..*self })
    }
    fn write_move(&self, mv: u64, out: &mut dyn fmt::Write) -> fmt::Result {
        let first = mv.trailing_zeros() + 1; // pins are numbered from 1
        match mv.count_ones() {
            1 => write!(out, "{first}"),
            _ => write!(out, "{first}-{}", first + 1),
        }
    }
}

/// Exact value for the side to move (+1 win, -1 loss), by plain negamax.
pub fn value(g: &Kayles) -> i32 {
    match g.outcome() {
        Some(o) => o.relative_to(g.to_move()),
        None => g.legal_moves().iter().map(|&m| -value(&g.after(m))).max().unwrap_or(0),
    }
}

fn main() {
    let g = Kayles::new(6);
    let moves: Vec<String> = g.legal_moves().iter().map(|&m| g.move_string(m)).collect();
    println!("{g}: moves {moves:?}, perft 1..=4 {:?}", g.perft_counts(4));
    println!("value for the first player: {} (Dudeney: the first player wins)", value(&g));
}
