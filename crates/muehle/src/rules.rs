//! The rules value: board, stones, flying, mills that win, draw rules.

use spielbaum_game_trait::DrawRules;

use crate::board::{Board, Variant};

/// The rules of one game of the morris family. The board is data
/// ([`Variant::board`]), so every combination below runs through the same
/// code.
///
/// [`Rules::new`] gives the traditional rules of a variant (see
/// `docs/muehle.md`); the builder methods change one rule each, and
/// [`check`](Rules::check) says whether a combination makes sense.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The board.
    pub variant: Variant,
    /// Stones per player, placed one by one before any stone moves.
    pub stones: u8,
    /// A player with three stones left (none in hand) may move a stone to
    /// any empty point.
    pub flying: bool,
    /// Closing a mill wins the game at once (Three Men's Morris) instead of
    /// removing a stone of the opponent.
    pub mill_wins: bool,
    /// Draw by repetition (the `k`-th occurrence of a position) and by a
    /// run of plies without a capture (counted from the start of the game,
    /// placing included).
    pub draw: DrawRules,
}

/// The draw rules of every variant unless changed: the third occurrence of
/// a position draws, and so do 100 plies without a capture.
pub const DEFAULT_DRAW: DrawRules = DrawRules::repetition(3).with_no_progress(100);

impl Rules {
    /// The traditional rules of `variant`:
    ///
    /// | variant | stones | flying | a mill |
    /// | --- | --- | --- | --- |
    /// | three | 3 | no | wins |
    /// | six | 6 | no | takes a stone |
    /// | nine | 9 | yes | takes a stone |
    /// | twelve | 12 | yes | takes a stone |
    ///
    /// Draws: [`DEFAULT_DRAW`] for all of them.
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            stones: variant.stones(),
            flying: matches!(variant, Variant::Nine | Variant::Twelve),
            mill_wins: matches!(variant, Variant::Three),
            draw: DEFAULT_DRAW,
        }
    }

    /// The same rules with `stones` stones per player.
    pub const fn with_stones(mut self, stones: u8) -> Rules {
        self.stones = stones;
        self
    }

    /// The same rules with flying on or off.
    pub const fn with_flying(mut self, flying: bool) -> Rules {
        self.flying = flying;
        self
    }

    /// The same rules where a mill wins (`true`) or takes a stone.
    pub const fn with_mill_wins(mut self, mill_wins: bool) -> Rules {
        self.mill_wins = mill_wins;
        self
    }

    /// The same rules with other draw rules.
    pub const fn with_draw(mut self, draw: DrawRules) -> Rules {
        self.draw = draw;
        self
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.variant.board()
    }

    /// `Ok` if the rules can be played: at least 3 stones each, both sets
    /// fit on the board, at most 15 stones (the key holds 4 bits per hand).
    pub fn check(&self) -> Result<(), String> {
        let points = self.board().len();
        if self.stones < 3 {
            return Err(format!("{} stones per player: at least 3 are needed", self.stones));
        }
        if 2 * self.stones as usize > points || self.stones > 15 {
            return Err(format!(
                "{} stones per player do not fit on the {} board ({} points)",
                self.stones,
                self.variant.name(),
                points
            ));
        }
        Ok(())
    }
}

impl Default for Rules {
    /// Nine Men's Morris.
    fn default() -> Self {
        Rules::new(Variant::Nine)
    }
}
