//! One golf hole as a [`Game`]: a one-player puzzle, so that the generic
//! engines (negamax, breadth-first reachability) can solve a single hole.

use core::fmt;

use spielbaum_game_trait::{Game, MoveList, Notation, NotationError, Outcome, Player, Undo};

use crate::error::GolfError;
use crate::rules::{ClubSet, Rules};

/// A hole being played: the rules (clubs, hole length, fields, stroke
/// limit) and the position (where the ball lies, strokes so far).
///
/// A move is a stroke, written as the signed distance (`+50`, `-120`): one
/// club forward or backward, keeping the ball on the fields
/// `1..=max_hole + max_club − 1`. The game ends when the ball lies on the
/// hole (goal, score = strokes left under the limit) or when the stroke
/// limit is used up (no goal, score = minus the distance to the hole).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GolfHole {
    clubs: ClubSet,
    hole: u32,
    fields: u32,
    max_strokes: u32,
    ball: u32,
    strokes: u32,
}

impl GolfHole {
    /// The tee of a hole of length `hole` (`1..=rules.max_hole()`), with
    /// the stroke limit `rules.max_hole()` (no hole needs more strokes).
    pub fn new(clubs: &ClubSet, hole: u32, rules: &Rules) -> Result<Self, GolfError> {
        rules.check(clubs)?;
        if hole == 0 || hole > rules.max_hole() {
            return Err(GolfError::option(
                hole.to_string(),
                format!("hole lengths are 1..={}", rules.max_hole()),
            ));
        }
        Ok(GolfHole {
            clubs: *clubs,
            hole,
            fields: rules.fields(),
            max_strokes: rules.max_hole(),
            ball: 0,
            strokes: 0,
        })
    }

    /// The same hole with another stroke limit (at least 1).
    pub fn with_max_strokes(mut self, max_strokes: u32) -> Self {
        self.max_strokes = max_strokes.max(1);
        self
    }

    /// Where the ball lies (0 = the tee).
    pub fn ball(&self) -> u32 {
        self.ball
    }

    /// Strokes played.
    pub fn strokes(&self) -> u32 {
        self.strokes
    }

    /// The hole's length.
    pub fn hole(&self) -> u32 {
        self.hole
    }

    /// The clubs.
    pub fn clubs(&self) -> &ClubSet {
        &self.clubs
    }

    fn holed(&self) -> bool {
        self.ball == self.hole
    }
}

impl Game for GolfHole {
    type Move = i32;
    const PLAYERS: u8 = 1;
    /// The key encodes ball and strokes exactly (clubs and hole are the
    /// game's rules, the same for every position of one game).
    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        Player::FIRST
    }

    fn moves(&self, out: &mut MoveList<i32>) {
        if self.holed() || self.strokes >= self.max_strokes {
            return;
        }
        for &c in self.clubs.as_slice() {
            if self.ball + c <= self.fields {
                out.push(c as i32);
            }
            if self.ball > c {
                out.push(-(c as i32));
            }
        }
    }

    fn play(&mut self, mv: i32) {
        self.ball = self.ball.wrapping_add_signed(mv);
        self.strokes += 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.holed() {
            return Some(Outcome::Puzzle {
                goal: true,
                score: (self.max_strokes - self.strokes) as i32,
            });
        }
        let mut moves = MoveList::new();
        self.moves(&mut moves);
        moves.is_empty().then(|| Outcome::Puzzle {
            goal: false,
            score: -(self.ball.abs_diff(self.hole) as i32),
        })
    }

    fn key(&self) -> u64 {
        u64::from(self.ball) | u64::from(self.strokes) << 32
    }
}

impl Undo for GolfHole {
    fn undo(&mut self, mv: i32) {
        self.ball = self.ball.wrapping_add_signed(-mv);
        self.strokes -= 1;
    }
}

impl fmt::Display for GolfHole {
    /// `ball 50 strokes 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ball {} strokes {}", self.ball, self.strokes)
    }
}

impl Notation for GolfHole {
    /// Reads `ball B strokes S` for this hole: `B` is `0` (the tee, only
    /// with `S = 0`) or a field `1..=fields`, `S` at most the stroke limit.
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [b_word, b, s_word, s] = words[..] else {
            return Err(NotationError::position(text, "expected `ball B strokes S`"));
        };
        if b_word != "ball" || s_word != "strokes" {
            return Err(NotationError::position(text, "expected `ball B strokes S`"));
        }
        let ball: u32 = b
            .parse()
            .map_err(|_| NotationError::position(b, "the ball's field is not a number"))?;
        let strokes: u32 =
            s.parse().map_err(|_| NotationError::position(s, "the strokes are not a number"))?;
        if ball > self.fields {
            return Err(NotationError::position(b, format!("fields are 0..={}", self.fields)));
        }
        if strokes > self.max_strokes {
            return Err(NotationError::position(
                s,
                format!("the stroke limit is {}", self.max_strokes),
            ));
        }
        if (ball == 0) != (strokes == 0) {
            return Err(NotationError::position(
                text,
                "the ball is on the tee (field 0) exactly before the first stroke",
            ));
        }
        Ok(GolfHole { ball, strokes, ..self.clone() })
    }

    /// `+50` or `-120`.
    fn write_move(&self, mv: i32, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{mv:+}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_hole() {
        let r = Rules::default();
        let clubs = ClubSet::new(&[1, 50, 120, 300], &r).unwrap();
        let g = GolfHole::new(&clubs, 70, &r).unwrap();
        assert_eq!(g.to_string(), "ball 0 strokes 0");
        let mut moves = MoveList::new();
        g.moves(&mut moves);
        assert_eq!(&moves[..], &[1, 50, 120, 300]);
        let g = g.after(120).after(-50);
        assert_eq!(g.outcome(), Some(Outcome::Puzzle { goal: true, score: 358 - 2 }));
        assert_eq!(g.move_string(-50), "-50");
        assert!(GolfHole::new(&clubs, 0, &r).is_err());
        assert!(GolfHole::new(&clubs, 359, &r).is_err());
        let p = g.parse_position("ball 3 strokes 0");
        assert!(p.is_err());
        assert!(g.parse_position("ball 708 strokes 3").is_err());
        assert!(g.parse_position("ball 7 strokes x").is_err());
    }
}
