//! The position (two stone masks and counters) and the [`Game`]
//! implementation; move generation is in the `movegen` submodule.

use core::fmt;

use spielbaum_game_trait::{DrawRules, Game, MoveList, Outcome, Player};

use crate::board::Board;
use crate::rules::Rules;

mod movegen;

pub(crate) use movegen::MoveSink;

/// No point (a placing move has no origin, a quiet move no capture).
pub const NONE: u8 = u8::MAX;

/// A move with the capture it makes: place a stone on `to` (`from ==
/// NONE`) or move one from `from` to `to`, then, if that closes a mill,
/// take the opponent's stone on `take` (`NONE` otherwise).
///
/// Written `d6`, `a1-a4`, `d6xa1`, `a1-a4xd7`.
///
/// Aligned to four bytes: the search copies, swaps and compares moves
/// with one load or store each instead of two.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(align(4))]
pub struct Move {
    /// The point the stone comes from, or [`NONE`] when placing.
    pub from: u8,
    /// The point the stone goes to.
    pub to: u8,
    /// The opponent's stone taken, or [`NONE`].
    pub take: u8,
}

impl Move {
    /// Places a stone on `to`.
    pub const fn place(to: u8) -> Move {
        Move { from: NONE, to, take: NONE }
    }

    /// Moves (or flies) a stone from `from` to `to`.
    pub const fn step(from: u8, to: u8) -> Move {
        Move { from, to, take: NONE }
    }

    /// The same move, taking the stone on `take`.
    pub const fn taking(mut self, take: u8) -> Move {
        self.take = take;
        self
    }

    /// `true` for a placing move.
    pub const fn is_place(self) -> bool {
        self.from == NONE
    }

    /// `true` if the move takes a stone.
    pub const fn is_capture(self) -> bool {
        self.take != NONE
    }
}

/// A position: the stones of both players as bit masks over the board's
/// points, the stones still in hand, the side to move and the number of
/// plies since the last capture, under a [`Rules`] value. On the standard
/// board it also keeps each side's stones in both line views at once (a
/// copy the moves update, for the evaluator and move generation).
///
/// Small and `Copy` (engines copy-make).
#[derive(Clone, Copy)]
pub struct Position {
    stones: [u32; 2],
    /// The stones in the board's dual line view (see
    /// [`crate::lines::Triples`]; 0 on boards without one).
    dual: [u64; 2],
    /// Stones on the board of each side (the masks' population counts,
    /// kept by the moves).
    on: [u8; 2],
    hand: [u8; 2],
    side: u8,
    counter: u32,
    rules: Rules,
    board: &'static Board,
}

/// The phase of the game for one player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The player still has stones in hand.
    Placing,
    /// The player moves stones along the lines.
    Moving,
    /// The player has three stones and flies.
    Flying,
}

impl Position {
    /// The start of a game under `rules`: empty board, every stone in hand,
    /// the first player (white) to move.
    ///
    /// # Panics
    /// If `rules` fail [`Rules::check`] (use [`Position::try_new`]).
    pub fn new(rules: Rules) -> Position {
        Self::try_new(rules).expect("playable rules")
    }

    /// The start of a game under `rules`, or why the rules cannot be played.
    pub fn try_new(rules: Rules) -> Result<Position, String> {
        rules.check()?;
        Ok(Position {
            stones: [0; 2],
            on: [0; 2],
            dual: [0; 2],
            hand: [rules.stones; 2],
            side: 0,
            counter: 0,
            rules,
            board: rules.board(),
        })
    }

    /// The start of Nine Men's Morris.
    pub fn nine() -> Position {
        Position::new(Rules::default())
    }

    /// A position from its parts: white's and black's stone masks, the side
    /// to move, stones in hand (white, black) and the no-progress counter.
    /// Checks that the masks lie on the board and do not overlap, and that
    /// no player has more stones than the rules give.
    pub fn from_parts(
        rules: Rules,
        white: u32,
        black: u32,
        to_move: Player,
        hand: [u8; 2],
        counter: u32,
    ) -> Result<Position, String> {
        let start = Position::try_new(rules)?;
        let all = start.board.all();
        if (white | black) & !all != 0 {
            return Err(format!("stones outside the {} board", rules.variant.name()));
        }
        if white & black != 0 {
            return Err("a point holds stones of both players".into());
        }
        for (i, mask) in [white, black].into_iter().enumerate() {
            let total = mask.count_ones() + u32::from(hand[i]);
            if total > u32::from(rules.stones) {
                return Err(format!(
                    "{} has {} stones on the board and in hand; the rules give {}",
                    if i == 0 { "white" } else { "black" },
                    total,
                    rules.stones
                ));
            }
        }
        Ok(Position {
            stones: [white, black],
            on: [white.count_ones() as u8, black.count_ones() as u8],
            dual: [start.board.dual(white), start.board.dual(black)],
            hand,
            side: to_move.index() as u8,
            counter,
            ..start
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The stones of `player` as a mask (bit `i` = point `i`).
    #[inline]
    pub fn stones(&self, player: Player) -> u32 {
        self.stones[player.index()]
    }

    /// The number of `player`'s stones on the board.
    #[inline]
    pub fn on_board(&self, player: Player) -> u32 {
        u32::from(self.on[player.index()])
    }

    /// The stones `player` still has in hand.
    #[inline]
    pub fn in_hand(&self, player: Player) -> u8 {
        self.hand[player.index()]
    }

    /// The dual masks of the side to move's and the opponent's stones, and
    /// of the empty points (all 0 on a board without triples).
    #[inline]
    pub(crate) fn duals(&self) -> ([u64; 2], u64) {
        let s = self.side as usize;
        let own = [self.dual[s], self.dual[s ^ 1]];
        (own, self.board.dual_all & !(own[0] | own[1]))
    }

    /// The empty points as a mask.
    #[inline]
    pub fn empty(&self) -> u32 {
        self.board.all() & !(self.stones[0] | self.stones[1])
    }

    /// Stones of `player` on the board and in hand.
    #[inline]
    pub fn material(&self, player: Player) -> u32 {
        self.on_board(player) + u32::from(self.hand[player.index()])
    }

    /// The phase `player` is in.
    pub fn phase(&self, player: Player) -> Phase {
        let i = player.index();
        if self.hand[i] > 0 {
            Phase::Placing
        } else if self.rules.flying && self.stones[i].count_ones() == 3 {
            Phase::Flying
        } else {
            Phase::Moving
        }
    }

    /// Plies since the last capture.
    pub fn counter(&self) -> u32 {
        self.counter
    }

    /// The key without the side to move's hand and side bits: the two
    /// masks and the hands (an exact encoding of everything but the
    /// counter; see [`Game::key`]).
    #[inline]
    fn key_of(stones: [u32; 2], side: u8, hand: [u8; 2]) -> u64 {
        u64::from(stones[0])
            | u64::from(stones[1]) << 24
            | u64::from(side) << 48
            | u64::from(hand[0]) << 49
            | u64::from(hand[1]) << 53
    }

    /// The stones of the opponent of the side to move that a mill may
    /// take: those outside mills, or all of them if every one is in a mill.
    #[inline]
    pub fn removable(&self) -> u32 {
        let o = self.side as usize ^ 1;
        let opp = self.stones[o];
        let in_mills = match &self.board.triples {
            Some(t) => t.in_mills(self.dual[o]),
            None => self.board.in_mills(opp),
        };
        let free = opp & !in_mills;
        if free == 0 { opp } else { free }
    }

    /// How the game ended before looking at the side to move's moves.
    #[inline(always)]
    pub(crate) fn ended(&self) -> Option<Outcome> {
        let s = self.side as usize;
        let me = self.to_move();
        let you = me.other();
        if self.rules.mill_wins {
            if self.board.in_mills(self.stones[s ^ 1]) != 0 {
                return Some(Outcome::Win(you));
            }
            if self.board.in_mills(self.stones[s]) != 0 {
                return Some(Outcome::Win(me));
            }
        } else {
            if self.material(me) < 3 {
                return Some(Outcome::Win(you));
            }
            if self.material(you) < 3 {
                return Some(Outcome::Win(me));
            }
        }
        if self.rules.draw.no_progress.is_some_and(|n| self.counter >= n) {
            return Some(Outcome::Draw);
        }
        if self.empty() == 0 {
            return Some(Outcome::Draw);
        }
        None
    }

    /// `true` if the side to move has a legal move (given the game has not
    /// ended otherwise: some point is empty).
    #[inline]
    pub(crate) fn can_move(&self) -> bool {
        let s = self.side as usize;
        if self.hand[s] > 0 || (self.rules.flying && self.on[s] == 3) {
            return true;
        }
        if let Some(t) = &self.board.triples {
            let (own, empty) = self.duals();
            return t.can_step(own[0], empty);
        }
        self.board.neighbours_of(self.stones[s]) & self.empty() != 0
    }

    /// Whether `mv` is among the moves [`generate`](Self::generate) gives
    /// (for a move from the table, tried before any is generated).
    #[inline]
    pub(crate) fn is_legal(&self, mv: Move) -> bool {
        let s = self.side as usize;
        let own = self.stones[s];
        if mv.to >= 24 || self.empty() >> mv.to & 1 == 0 {
            return false;
        }
        let rest = if mv.from == NONE {
            if self.hand[s] == 0 {
                return false;
            }
            own
        } else {
            if self.hand[s] > 0 || mv.from >= 24 || own >> mv.from & 1 == 0 {
                return false;
            }
            let flying = self.rules.flying && self.on[s] == 3;
            if !flying && self.board.neighbours(mv.from as usize) >> mv.to & 1 == 0 {
                return false;
            }
            own & !(1 << mv.from)
        };
        if self.rules.mill_wins || !self.board.closes_mill(rest, mv.to as usize) {
            return mv.take == NONE;
        }
        let caps = self.removable();
        if caps == 0 {
            return mv.take == NONE;
        }
        mv.take < 24 && caps >> mv.take & 1 == 1
    }

    /// The position with the other side to move and nothing else changed
    /// (a "null move": the searcher's test whether the side to move is
    /// so far ahead that even passing keeps it ahead). Not a move of the
    /// game: the no-capture counter counts it as a ply.
    #[inline]
    pub(crate) fn passed(&self) -> Position {
        let mut next = *self;
        next.side ^= 1;
        next.counter = next.counter.saturating_add(1);
        next
    }

    /// Plays `mv` (a legal move): [`Game::play`] and [`Game::after`].
    #[inline(always)]
    fn apply(&mut self, mv: Move) {
        let s = self.side as usize;
        if mv.from == NONE {
            self.hand[s] -= 1;
            self.stones[s] |= 1 << mv.to;
            self.on[s] = crate::lines::pop24(self.stones[s]) as u8;
            self.dual[s] |= self.board.dual_bit[mv.to as usize];
        } else {
            self.stones[s] ^= 1 << mv.from | 1 << mv.to;
            self.dual[s] ^=
                self.board.dual_bit[mv.from as usize] | self.board.dual_bit[mv.to as usize];
        }
        if mv.take != NONE {
            self.stones[s ^ 1] &= !(1 << mv.take);
            self.on[s ^ 1] = crate::lines::pop24(self.stones[s ^ 1]) as u8;
            self.dual[s ^ 1] &= !self.board.dual_bit[mv.take as usize];
            self.counter = 0;
        } else {
            self.counter = self.counter.saturating_add(1);
        }
        self.side ^= 1;
    }
}

impl Default for Position {
    /// The start of Nine Men's Morris.
    fn default() -> Self {
        Position::nine()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.stones == other.stones
            && self.hand == other.hand
            && self.side == other.side
            && self.counter == other.counter
            && self.rules == other.rules
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.stones.hash(state);
        self.hand.hash(state);
        self.side.hash(state);
        self.counter.hash(state);
        self.rules.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.rules.variant.name(), self)
    }
}

impl Game for Position {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        if self.side == 0 { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, moves: &mut MoveList<Move>) {
        if self.ended().is_none() {
            self.generate::<false, _>(moves);
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// Copy-make with the move applied in place (inlined into the
    /// engine's search, no call per move).
    #[inline(always)]
    fn after(&self, mv: Move) -> Self {
        let mut next = *self;
        next.apply(mv);
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ended().or_else(|| (!self.can_move()).then(|| Outcome::Win(self.to_move().other())))
    }

    fn is_over(&self) -> bool {
        self.ended().is_some() || !self.can_move()
    }

    /// White's mask, black's mask (24 bits each), the side to move and
    /// both hands (4 bits each): injective on everything but the
    /// no-progress counter, which is not part of a position's identity for
    /// repetitions.
    #[inline]
    fn key(&self) -> u64 {
        Self::key_of(self.stones, self.side, self.hand)
    }

    fn symmetries(&self) -> usize {
        self.board.symmetries()
    }

    fn symmetric(&self, k: usize) -> Self {
        let mut img = *self;
        img.stones =
            [self.board.map_mask(k, self.stones[0]), self.board.map_mask(k, self.stones[1])];
        img.dual = [self.board.dual(img.stones[0]), self.board.dual(img.stones[1])];
        img
    }

    fn symmetric_move(&self, mv: Move, k: usize) -> Option<Move> {
        let map = |p: u8| if p == NONE { NONE } else { self.board.map_point(k, p as usize) as u8 };
        Some(Move { from: map(mv.from), to: map(mv.to), take: map(mv.take) })
    }

    fn canonical_with(&self) -> (Self, usize) {
        let (key, k) = self.canonical_key_with();
        let _ = key;
        (self.symmetric(k), k)
    }

    fn canonical_key(&self) -> u64 {
        self.canonical_key_with().0
    }

    fn draw_rules(&self) -> DrawRules {
        self.rules.draw
    }

    fn no_progress(&self) -> u32 {
        self.counter
    }
}

impl Position {
    /// Appends the legal moves that close a mill (with their captures):
    /// the noisy moves of a quiescence search.
    pub fn closing_moves(&self, moves: &mut MoveList<Move>) {
        if self.ended().is_none() {
            self.generate::<true, _>(moves);
        }
    }

    /// `true` if `mv` (a legal move) closes a mill.
    pub fn closes_mill_with(&self, mv: Move) -> bool {
        let own = self.stones[self.side as usize];
        let rest = if mv.from == NONE { own } else { own & !(1 << mv.from) };
        self.board.closes_mill(rest, mv.to as usize)
    }

    /// The smallest key among the symmetric images and the first symmetry
    /// giving it (lookup tables, no clones).
    #[inline]
    pub fn canonical_key_with(&self) -> (u64, usize) {
        let mut best = self.key();
        let mut best_k = 0;
        for k in 1..self.board.symmetries() {
            let img =
                [self.board.map_mask(k, self.stones[0]), self.board.map_mask(k, self.stones[1])];
            let key = Self::key_of(img, self.side, self.hand);
            if key < best {
                best = key;
                best_k = k;
            }
        }
        (best, best_k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Variant;
    use spielbaum_game_trait::SplitMix64;

    /// `is_legal` accepts exactly the generated moves, on positions of
    /// every variant (flying on and off) reached by random moves; the
    /// stone counts stay right.
    #[test]
    fn legality_test_agrees_with_the_generator() {
        let mut rng = SplitMix64::new(5);
        let points = (0..24u8).chain([NONE]);
        for v in Variant::ALL {
            for flying in [true, false] {
                for _ in 0..12 {
                    let mut pos = Position::new(Rules::new(v).with_flying(flying));
                    let mut moves = MoveList::new();
                    for _ in 0..rng.below(60) {
                        moves.clear();
                        pos.moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        pos.play(moves[rng.below(moves.len())]);
                        // The counts kept by the moves equal the masks'.
                        for p in [Player::FIRST, Player::SECOND] {
                            assert_eq!(pos.on_board(p), pos.stones(p).count_ones(), "{pos}");
                        }
                    }
                    let mut list = Vec::new();
                    pos.generate::<false, _>(&mut list);
                    let mut legal = 0;
                    for from in points.clone() {
                        for to in 0..=24u8 {
                            for take in points.clone() {
                                let mv = Move { from, to, take };
                                assert_eq!(pos.is_legal(mv), list.contains(&mv), "{pos} {mv:?}");
                                legal += usize::from(pos.is_legal(mv));
                            }
                        }
                    }
                    assert_eq!(legal, list.len(), "{pos}");
                }
            }
        }
    }
}
