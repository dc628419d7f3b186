//! The project's own evaluator for searches: material, mobility, mills,
//! open mills, double mills, blocked stones, weighted by phase; noisy
//! moves are the moves that close a mill, and moves are ordered cheaply by
//! what they take, block and threaten.

use spielbaum_game_trait::{Evaluator, Game, MoveList, Player, Score, clamp_eval};

use crate::position::{Move, NONE, Phase, Position};

/// Tuning constants of [`MillEval`] (in the evaluator's units; a stone is
/// worth [`STONE`]).
pub mod params {
    /// A stone on the board or in hand.
    pub const STONE: i32 = 1000;
    /// A complete mill (it can be opened and closed again).
    pub const MILL: i32 = 60;
    /// An open mill the side to move can close at once (it will take a
    /// stone).
    pub const OPEN_MILL_TO_MOVE: i32 = 700;
    /// An open mill of the side that just moved (the opponent must answer).
    pub const OPEN_MILL_WAITING: i32 = 220;
    /// Two stones in a line with the third point empty (placing phase).
    pub const TWO: i32 = 45;
    /// A double mill: a mill whose stone can step out into another mill
    /// and back, taking a stone every second move.
    pub const DOUBLE_MILL: i32 = 450;
    /// One possible move (moving phase).
    pub const MOBILITY: i32 = 12;
    /// One stone that cannot move (moving phase).
    pub const BLOCKED: i32 = 25;
    /// A stone on a point where four lines meet (placing phase).
    pub const CROSSING: i32 = 20;
}

/// The project's evaluator (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct MillEval;

/// Number of double mills of `player`: complete mills with a stone that
/// can move to an empty neighbour where it completes another mill.
pub fn double_mills(pos: &Position, player: Player) -> u32 {
    let board = pos.board();
    let own = pos.stones(player);
    let empty = pos.empty();
    let in_mills = board.in_mills(own);
    let mut n = 0;
    let mut s = in_mills;
    while s != 0 {
        let p = s.trailing_zeros() as usize;
        s &= s - 1;
        let rest = own & !(1 << p);
        let mut t = board.neighbours(p) & empty;
        while t != 0 {
            let q = t.trailing_zeros() as usize;
            t &= t - 1;
            if board.closes_mill(rest, q) {
                n += 1;
            }
        }
    }
    n
}

fn side_value(pos: &Position, me: Player, to_move: bool) -> i32 {
    use params::*;
    let mut v = STONE * pos.material(me) as i32 + MILL * pos.closed_mills(me) as i32;
    let open = pos.open_mills(me) as i32;
    v += open * if to_move { OPEN_MILL_TO_MOVE } else { OPEN_MILL_WAITING };
    match pos.phase(me) {
        Phase::Placing => {
            v += TWO * pos.twos(me).count() as i32;
            let board = pos.board();
            let own = pos.stones(me);
            v += CROSSING
                * (0..board.len())
                    .filter(|&p| own >> p & 1 == 1 && board.neighbours(p).count_ones() >= 4)
                    .count() as i32;
        }
        Phase::Moving => {
            v += MOBILITY * pos.mobility(me) as i32 - BLOCKED * pos.blocked(me) as i32;
            v += DOUBLE_MILL * double_mills(pos, me).min(2) as i32;
        }
        Phase::Flying => {}
    }
    v
}

impl Evaluator<Position> for MillEval {
    fn evaluate(&self, game: &Position) -> Score {
        let me = game.to_move();
        clamp_eval(i64::from(side_value(game, me, true) - side_value(game, me.other(), false)))
    }

    fn is_noisy(&self, game: &Position, mv: Move) -> bool {
        mv.take != NONE || (game.rules().mill_wins && game.closes_mill_with(mv))
    }

    fn noisy_moves(&self, game: &Position, moves: &mut MoveList<Move>) {
        game.closing_moves(moves);
    }

    fn order_moves(&self, game: &Position, moves: &[Move], scores: &mut [Score]) -> bool {
        let board = game.board();
        let me = game.to_move();
        let (own, opp) = (game.stones(me), game.stones(me.other()));
        // The gaps of the opponent's lines of two: points worth blocking.
        let mut threats = 0u32;
        for (m, gap) in game.twos(me.other()) {
            if game.can_reach(me.other(), gap, m) {
                threats |= 1 << gap;
            }
        }
        let opp_mills = board.in_mills(opp);
        for (mv, score) in moves.iter().zip(scores.iter_mut()) {
            let mut s = 0;
            if mv.take != NONE {
                s += 10_000;
                // Take a stone of a line of two, or one that could reopen a mill.
                if threats & board.neighbours(mv.take as usize) != 0 {
                    s += 300;
                }
                if opp_mills >> mv.take & 1 == 1 {
                    s += 100;
                }
            } else if game.rules().mill_wins && game.closes_mill_with(*mv) {
                s += 10_000;
            }
            if threats >> mv.to & 1 == 1 {
                s += 2_000;
            }
            let rest = if mv.from == NONE { own } else { own & !(1 << mv.from) };
            // Lines of two made by the move.
            for &m in board.mills_at(mv.to as usize) {
                if (rest & m).count_ones() == 1 && opp & m == 0 {
                    s += 150;
                }
            }
            s += 10 * board.neighbours(mv.to as usize).count_ones() as i32;
            *score = s;
        }
        true
    }
}
