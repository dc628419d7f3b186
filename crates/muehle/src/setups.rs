//! Running-mill set-ups in the placing phase: the evaluator's
//! [`running_setups`] term.
//!
//! A running mill (see [`running_mills`](crate::running_mills)) takes a
//! stone every second move once both sides move, and it is made while
//! the stones are placed: a complete mill whose stone has an empty point
//! to step to and no opponent stone next to it (the opponent cannot step
//! into the point the stone leaves), or a mill stone that can step into a
//! second mill (a double mill). While the opponent still has stones in
//! hand it can spoil each such stone by placing one next to it; once its
//! hand is empty it cannot. A search of the placing phase stops a few
//! plies short of the moving phase, where the mill starts to run, so the
//! term scores the set-up where the search ends.

use spielbaum_game_trait::{Game, Player};

use crate::eval::double_mills;
use crate::position::Position;

/// Number of running-mill set-ups of `player`: stones of its complete
/// mills that have an empty neighbour and no opponent stone next to
/// them, plus its double mills (a mill stone with an empty neighbour
/// where it closes another mill; [`double_mills`]).
pub fn running_setups(pos: &Position, player: Player) -> u32 {
    let board = pos.board();
    let own = pos.stones(player);
    let watched = board.neighbours_of(pos.stones(player.other()));
    let empty = pos.empty();
    let in_mills = board.in_mills(own);
    if in_mills == 0 {
        return 0;
    }
    let mut n = 0;
    let mut s = in_mills & !watched;
    while s != 0 {
        let p = s.trailing_zeros() as usize;
        s &= s - 1;
        n += u32::from(board.neighbours(p) & empty != 0);
    }
    n + double_mills(pos, player)
}

/// `weight` times the set-ups of the side to move minus those of the
/// other side (each side's count at most 2), while either side still has
/// stones in hand; 0 otherwise (and at once when `weight` is 0, so the
/// term costs nothing when it is off or in the moving phase).
#[inline]
pub(crate) fn setup_term(pos: &Position, weight: i32) -> i32 {
    if weight == 0 {
        return 0;
    }
    let me = pos.to_move();
    let you = me.other();
    if pos.in_hand(me) == 0 && pos.in_hand(you) == 0 {
        return 0;
    }
    weight * (running_setups(pos, me).min(2) as i32 - running_setups(pos, you).min(2) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::WEIGHTS;

    /// A position of the standard game from point names, `side` to move,
    /// `hand` stones in hand each.
    fn crafted(white: &[&str], black: &[&str], side: Player, hand: [u8; 2]) -> Position {
        let rules = crate::rules::Rules::new(crate::board::Variant::Nine);
        let board = crate::board::Variant::Nine.board();
        let mask = |names: &[&str]| {
            names.iter().fold(0u32, |m, n| m | 1 << board.point(n).expect("a point"))
        };
        Position::from_parts(rules, mask(white), mask(black), side, hand, 0).expect("valid parts")
    }

    #[test]
    fn a_mill_stone_with_room_and_no_watcher_is_a_set_up() {
        // The mill b2-b4-b6 (b2 next to d2 and b4, b4 next to a4, c4, b2
        // and b6, b6 next to b4 and d6): every stone has an empty
        // neighbour, black is far away.
        let far = ["g1", "g7"];
        let w = ["b2", "b4", "b6"];
        let p = crafted(&w, &far, Player::FIRST, [3, 3]);
        assert_eq!(running_setups(&p, Player::FIRST), 3);
        assert_eq!(running_setups(&p, Player::SECOND), 0);
        // Black on c4 watches b4 only.
        let p = crafted(&w, &["c4", "g7"], Player::FIRST, [3, 3]);
        assert_eq!(running_setups(&p, Player::FIRST), 2);
        // Black on d2, d6 and a4 watches all three.
        let p = crafted(&w, &["d2", "d6", "a4"], Player::FIRST, [3, 3]);
        assert_eq!(running_setups(&p, Player::FIRST), 0);
        // White on d2 and d6 takes the room of b2 and b6, black on a4
        // and c4 watches b4: no set-up.
        let packed = ["b2", "b4", "b6", "d2", "d6"];
        let p = crafted(&packed, &["a4", "c4"], Player::FIRST, [2, 2]);
        assert_eq!(running_setups(&p, Player::FIRST), 0);
        // Two stones of a line are not a mill: nothing.
        let p = crafted(&["b2", "b4"], &far, Player::FIRST, [3, 3]);
        assert_eq!(running_setups(&p, Player::FIRST), 0);
    }

    #[test]
    fn a_double_mill_counts_even_when_watched() {
        // The mill a1-a4-a7 with b2 and b6: a4 steps to b4 and closes
        // b2-b4-b6 (a double mill). Black on d1 and d7 watches a1 and a7
        // (which have no room anyway); a4 is not watched and has b4.
        let w = ["a1", "a4", "a7", "b2", "b6"];
        let b = ["d1", "d7", "g4"];
        let p = crafted(&w, &b, Player::SECOND, [2, 2]);
        assert_eq!(double_mills(&p, Player::FIRST), 1);
        assert_eq!(running_setups(&p, Player::FIRST), 2);
        // Black on b4 spoils both: a4 is watched and cannot step.
        let p = crafted(&w, &["d1", "d7", "b4"], Player::FIRST, [2, 2]);
        assert_eq!(running_setups(&p, Player::FIRST), 0);
    }

    #[test]
    fn the_term_scores_both_sides_while_placing_only() {
        let mut w = WEIGHTS;
        w.running_setup = 100;
        // White: the mill b2-b4-b6, b6 watched by black d6: 2 set-ups.
        // Black: the mill d5-d6-d7, d5 watched by c5, d6 by b6; d7 (next
        // to a7 and g7) is not: 1.
        let white = ["b2", "b4", "b6", "c5"];
        let black = ["d5", "d6", "d7", "e5"];
        let p = crafted(&white, &black, Player::FIRST, [2, 2]);
        assert_eq!(running_setups(&p, Player::FIRST), 2);
        assert_eq!(running_setups(&p, Player::SECOND), 1);
        assert_eq!(setup_term(&p, 100), 100);
        // Black to move: the sign turns.
        let q = crafted(&white, &black, Player::SECOND, [2, 2]);
        assert_eq!(setup_term(&q, 100), -100);
        // Off: nothing.
        assert_eq!(setup_term(&p, 0), 0);
        // Both hands empty (the moving phase): nothing.
        let m = crafted(&white, &black, Player::FIRST, [0, 0]);
        assert_eq!(setup_term(&m, 100), 0);
        // One hand still holds a stone: counted.
        let last = crafted(&white, &black, Player::FIRST, [0, 1]);
        assert_eq!(setup_term(&last, 100), 100);
        // The evaluation adds the term once.
        assert_eq!(crate::evaluate_with(&p, &w) - crate::evaluate_with(&p, &WEIGHTS), 100);
    }
}
