//! Threats the side to move cannot parry: the evaluator's
//! [`unstoppable_threat`] term.
//!
//! The evaluator scores an open mill of the side that just moved at a
//! fraction of a stone ([`OPEN_MILL_WAITING`](crate::params::OPEN_MILL_WAITING)):
//! the side to move usually blocks its gap. Two open mills with different
//! gaps (a fork), or one whose gap the side to move cannot reach (no stone
//! in hand, none next to the gap, not flying), cannot both be blocked:
//! unless the side to move closes a mill first (a capture, which the
//! search's quiescence tries), the other side takes a stone with its next
//! move. A search that ends right after such a threat was made would
//! otherwise see it a stone too late.

use spielbaum_game_trait::Game;

use crate::position::Position;

/// `true` if the side that just moved will close a mill with its next
/// move whatever quiet move the side to move makes: it has open mills
/// (lines of two whose gap it can fill with its next move, by placing,
/// flying or a step from off the line) on two or more gaps, or on one gap
/// the side to move cannot fill with its move.
///
/// The test looks at the gaps before the side to move moves: a step onto
/// the gap that leaves a point the other side then closes a mill on is
/// counted as a parry.
pub fn unstoppable_threat(pos: &Position) -> bool {
    let me = pos.to_move();
    let closable = closable_gaps(pos, me.other());
    match closable {
        0 => false,
        c if c & (c - 1) != 0 => true,
        c => !pos.can_reach(me, c.trailing_zeros() as usize, 0),
    }
}

/// The point the side to move must fill to keep its stones, if the block
/// is forced: the side that just moved has open mills (lines of two whose
/// gap it can fill with its next move) on this one gap only, and the side
/// to move has none of its own (it cannot close a mill first). `None`
/// otherwise, and when the gaps are two or more (a fork:
/// [`unstoppable_threat`]). The search extends a quiet move onto the point
/// ([`BLOCK_EXTENSION`](crate::params::BLOCK_EXTENSION)).
pub fn forced_block(pos: &Position) -> Option<usize> {
    let me = pos.to_move();
    let theirs = closable_gaps(pos, me.other());
    if theirs == 0 || theirs & (theirs - 1) != 0 || closable_gaps(pos, me) != 0 {
        return None;
    }
    Some(theirs.trailing_zeros() as usize)
}

/// The gaps of `player`'s open mills: lines of two whose gap it can fill
/// with its next move (by placing, flying or a step from off the line),
/// as a set of points.
fn closable_gaps(pos: &Position, player: spielbaum_game_trait::Player) -> u32 {
    let own = pos.stones(player);
    let empty = pos.empty();
    let mut gaps = 0u32;
    for &m in pos.board().mills() {
        let gap = m & empty;
        if gap != 0
            && gap & (gap - 1) == 0
            && own & m == m & !gap
            && gaps & gap == 0
            && pos.can_reach(player, gap.trailing_zeros() as usize, m)
        {
            gaps |= gap;
        }
    }
    gaps
}

/// `true` if the side to move has a running mill it can start at once:
/// both sides move along the lines (no stone in hand, neither flies) and
/// a stone of one of its complete mills has an empty neighbour and no
/// opponent stone next to it. The stone steps out, the opponent cannot
/// step onto the point it left, and the stone steps back, closing the mill
/// again, unless the opponent closes a mill first.
pub fn running_mill_ready(pos: &Position) -> bool {
    let me = pos.to_move();
    let you = me.other();
    let flying = pos.rules().flying;
    if [me, you].into_iter().any(|p| pos.in_hand(p) > 0 || (flying && pos.on_board(p) == 3)) {
        return false;
    }
    let board = pos.board();
    let empty = pos.empty();
    let mut s = board.in_mills(pos.stones(me)) & !board.neighbours_of(pos.stones(you));
    while s != 0 {
        let p = s.trailing_zeros() as usize;
        s &= s - 1;
        if board.neighbours(p) & empty != 0 {
            return true;
        }
    }
    false
}

/// The fork points of `player`: empty points with two lines (or more)
/// that hold one stone of `player` and no other stone. A stone placed
/// there makes two lines of two with different gaps, a threat the other side cannot
/// parry ([`unstoppable_threat`]); while `player` still places stones,
/// such a point is a stone won two moves later unless the other side
/// takes one first or fills a point of those lines.
pub fn fork_points(pos: &Position, player: spielbaum_game_trait::Player) -> u32 {
    let board = pos.board();
    let own = pos.stones(player);
    let empty = pos.empty();
    let mut out = 0;
    let mut e = empty;
    while e != 0 {
        let p = e.trailing_zeros() as usize;
        e &= e - 1;
        let singles = board
            .mills_at(p)
            .iter()
            .filter(|&&m| (own & m).count_ones() == 1 && (own | empty) & m == m)
            .count();
        if singles >= 2 {
            out |= 1 << p;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use spielbaum_game_trait::{MoveList, Notation};

    use super::*;
    use crate::position::Move;

    fn pos(text: &str) -> Position {
        Position::nine().parse_position(text).unwrap()
    }

    /// `true` if the side to move can close a mill elsewhere than on
    /// `except`.
    fn closes(p: &Position, except: u8) -> bool {
        let mut moves = MoveList::new();
        p.moves(&mut moves);
        moves.iter().any(|&m| p.closes_mill_with(m) && m.to != except)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// Against the brute force over every move of the side to move,
        /// without its capture: the threat is unstoppable iff after each
        /// of them the other side can close a mill (elsewhere than on the
        /// point the move left, which the test does not look at).
        #[test]
        fn equals_the_brute_force_over_every_quiet_move(
            p in crate::eval::tests::any_position()
        ) {
            let mut moves = MoveList::new();
            p.moves(&mut moves);
            // Every move of a stone, a capture it makes left out (a
            // threat parried by a capture is the search's to find).
            let stone_moves: Vec<Move> =
                moves.iter().map(|&m| Move { take: crate::position::NONE, ..m }).collect();
            proptest::prop_assume!(!stone_moves.is_empty() && !p.rules().mill_wins);
            let brute = stone_moves.iter().all(|&m| closes(&p.after(m), m.from));
            proptest::prop_assert_eq!(unstoppable_threat(&p), brute, "{}", p);
        }
    }

    /// The points the side to move's moves close a mill on.
    fn closing_points(p: &Position) -> u32 {
        let mut moves = MoveList::new();
        p.moves(&mut moves);
        moves.iter().filter(|&&m| p.closes_mill_with(m)).fold(0, |acc, m| acc | 1 << m.to)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// Against the moves of both sides: the block is forced on a point
        /// iff the other side's moves (were it to move) close a mill on
        /// that point and no other, and no move of the side to move
        /// closes one.
        #[test]
        fn forced_block_equals_the_moves_of_both_sides(
            p in crate::eval::tests::any_position()
        ) {
            proptest::prop_assume!(p.ended().is_none());
            let theirs = closing_points(&p.passed());
            let brute = (theirs.count_ones() == 1 && closing_points(&p) == 0)
                .then(|| theirs.trailing_zeros() as usize);
            proptest::prop_assert_eq!(forced_block(&p), brute, "{}", p);
        }
    }

    #[test]
    fn a_single_open_mill_forces_the_block_unless_the_side_can_close_its_own() {
        // Black a1 a4 (gap a7); white c3 g7: white must place on a7.
        let p = pos("BB./.../W../....../.../.../..W w 7 7 0");
        assert_eq!(forced_block(&p).map(|x| p.board().name(x).to_string()), Some("a7".into()));
        // White c3 c4 (gap c5) too: white closes its own mill first.
        let p = pos("BB./.../WW./....../.../.../... w 7 7 0");
        assert_eq!(forced_block(&p), None);
        // A fork (a1 a4 and a1 d1): two gaps, nothing is forced (the
        // threat term's case).
        let p = pos("BB./.../W../B...../.W./.../..W w 6 6 0");
        assert_eq!(forced_block(&p), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// Against the moves: a running mill is ready iff both sides move
        /// along the lines and the side to move (in a game not over) has
        /// a step out of one of
        /// its complete mills after which no move of the other side ends
        /// on the point left.
        #[test]
        fn running_mill_ready_equals_the_moves(p in crate::eval::tests::any_position()) {
            proptest::prop_assume!(p.ended().is_none());
            let me = p.to_move();
            let flying = p.rules().flying;
            let moving = [me, me.other()]
                .into_iter()
                .all(|s| p.in_hand(s) == 0 && !(flying && p.on_board(s) == 3));
            let in_mills = p.board().in_mills(p.stones(me));
            let mut moves = MoveList::new();
            p.moves(&mut moves);
            let brute = moving
                && moves.iter().any(|&m| {
                    if m.is_place() || in_mills >> m.from & 1 == 0 {
                        return false;
                    }
                    let q = p.after(Move { take: crate::position::NONE, ..m });
                    let mut replies = MoveList::new();
                    q.moves(&mut replies);
                    replies.iter().all(|r| r.to != m.from)
                });
            proptest::prop_assert_eq!(running_mill_ready(&p), brute, "{}", p);
        }
    }

    proptest::proptest! {
        /// A fork point is where a stone placed makes two lines of two
        /// (two of the side's stones and an empty point each).
        #[test]
        fn fork_points_are_where_a_stone_makes_two_lines_of_two(
            p in crate::eval::tests::any_position()
        ) {
            let board = p.board();
            for player in [spielbaum_game_trait::Player::FIRST, spielbaum_game_trait::Player::SECOND] {
                let mut brute = 0u32;
                for x in 0..board.len() {
                    if p.empty() >> x & 1 == 0 {
                        continue;
                    }
                    let own = p.stones(player) | 1 << x;
                    let empty = p.empty() & !(1 << x);
                    let twos = board
                        .mills_at(x)
                        .iter()
                        .filter(|&&m| (own & m).count_ones() == 2 && (empty & m).count_ones() == 1)
                        .count();
                    if twos >= 2 {
                        brute |= 1 << x;
                    }
                }
                proptest::prop_assert_eq!(fork_points(&p, player), brute, "{}", p);
            }
        }
    }

    #[test]
    fn a_fork_while_placing_is_unstoppable_a_single_open_mill_is_not() {
        // Black has placed a1 a4 (gap a7) and d1 (with a1: gap g1); white
        // c3 c5 e4.
        let p = pos("BB./.../W.W/B...../.W./.../... w 6 6 0");
        assert!(unstoppable_threat(&p));
        // Only the line a1 a4: white places on a7.
        let p = pos("BB./.../W../....../.W./.../... w 7 7 0");
        assert!(!unstoppable_threat(&p));
    }

    #[test]
    fn a_gap_the_side_to_move_cannot_reach_is_unstoppable_while_moving() {
        // Moving phase: black a4 b4 and c3 next to the gap c4 (off the
        // line); white's c5 is next to it too: white steps in.
        let p = pos(".B./.B./B.W/B...../.../.../WWW w 0 0 4");
        assert!(!unstoppable_threat(&p));
        // White's stone on f2 instead: no white stone reaches c4.
        let p = pos(".B./.B./B../B...../.../W../WWW w 0 0 4");
        assert!(unstoppable_threat(&p));
        // With white to fly (three stones) it reaches every gap.
        let p = pos(".B./.B./B../B...../.../.../WWW w 0 0 4");
        assert!(!unstoppable_threat(&p));
    }
}
