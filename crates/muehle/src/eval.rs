//! The project's own evaluator for searches: material, mobility, mills,
//! open mills, double mills, blocked stones, threats the side to move
//! cannot parry, weighted by phase; noisy
//! moves are the moves that close a mill, and moves are ordered cheaply by
//! what they take, block and threaten.

use spielbaum_game_trait::{Evaluator, Game, MoveList, Player, Score, clamp_eval};

use crate::cpu::{Cpu, PopCount, Portable};
#[cfg(test)]
use crate::position::Phase;
use crate::position::{Move, NONE, Position};
use crate::setups::setup_term;
use crate::threats::{fork_points, running_mill_ready, unstoppable_threat};

#[cfg(test)]
use crate::params;
use crate::params::{WEIGHTS, Weights};

/// The project's evaluator (see the module documentation) with the
/// tuned [`WEIGHTS`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MillEval;

/// [`MillEval`]'s value of `pos` for the side to move with other
/// `weights` (what the engine calls at every leaf, so that matches can
/// tune them).
#[inline]
pub fn evaluate_with(pos: &Position, weights: &Weights) -> Score {
    clamp_eval(i64::from(fast_value(pos, weights)))
}

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

/// Number of running mills of `player` (counted by the evaluator while
/// both sides move, neither flies): stones of complete mills with an
/// empty neighbour (the stone steps out and back), and gaps of lines of
/// two with a stone of `player` off the line next to them (the stone
/// steps in), each only where no opponent stone is next to the point.
/// The opponent cannot step onto the point in between, so such a mill
/// closes again and again, a stone taken every second move, unless the
/// opponent closes a mill of its own first.
pub fn running_mills(pos: &Position, player: Player) -> u32 {
    let board = pos.board();
    let own = pos.stones(player);
    let reach = board.neighbours_of(pos.stones(player.other()));
    let empty = pos.empty();
    let mut n = 0;
    let mut s = board.in_mills(own) & !reach;
    while s != 0 {
        let p = s.trailing_zeros() as usize;
        s &= s - 1;
        n += u32::from(board.neighbours(p) & empty != 0);
    }
    for &m in board.mills() {
        let gap = m & empty;
        if gap != 0 && gap & (gap - 1) == 0 && own & m == m & !gap && gap & reach == 0 {
            n += u32::from(board.neighbours(gap.trailing_zeros() as usize) & own & !m != 0);
        }
    }
    n
}

/// Both sides move and neither flies: the condition for counting
/// [`running_mills`].
#[inline]
fn both_moving(pos: &Position) -> bool {
    let flying = pos.rules().flying;
    [pos.to_move(), pos.to_move().other()]
        .into_iter()
        .all(|p| pos.in_hand(p) == 0 && !(flying && pos.stones(p).count_ones() == 3))
}

/// `weight` times the running mills of the side to move minus those of
/// the other side (each side's count at most 2), 0 unless both move.
#[inline]
fn running_term(pos: &Position, weight: i32) -> i32 {
    if weight == 0 || !both_moving(pos) {
        return 0;
    }
    let me = pos.to_move();
    weight * (running_mills(pos, me).min(2) as i32 - running_mills(pos, me.other()).min(2) as i32)
}

/// `-w.threat` if the side to move faces a threat it cannot parry
/// ([`unstoppable_threat`]), plus `w.running_ready` if it can start a
/// running mill at once ([`running_mill_ready`]), plus `w.fork` if it
/// places stones and has a fork point ([`fork_points`]); on the standard
/// board the threat and the forks from the line views.
#[inline]
fn threat_term(pos: &Position, w: &Weights) -> i32 {
    let mut v = 0;
    if w.running_ready != 0 && running_mill_ready(pos) {
        v += w.running_ready;
    }
    let me = pos.to_move();
    let Some(t) = &pos.board().triples else {
        return v + threat_term_reference(pos, &Weights { running_ready: 0, ..*w });
    };
    let (duals, empty) = pos.duals();
    if w.fork != 0 && pos.in_hand(me) > 0 && t.fork_points(duals[0], empty) != 0 {
        v += w.fork;
    }
    if w.threat == 0 {
        return v;
    }
    let you = me.other();
    let flying = pos.rules().flying;
    let free = |p| pos.in_hand(p) > 0 || (flying && pos.on_board(p) == 3);
    let gaps = t.closable_gaps(duals[1], empty, !free(you));
    if gaps == 0 {
        return v;
    }
    let unstoppable = gaps & (gaps - 1) != 0 || (!free(me) && gaps & t.next_to(duals[0]) == 0);
    if unstoppable { v - w.threat } else { v }
}

/// [`threat_term`] from the lines one by one (the reference, and the
/// evaluation on boards without line views).
fn threat_term_reference(pos: &Position, w: &Weights) -> i32 {
    let me = pos.to_move();
    let mut v = 0;
    if w.running_ready != 0 && running_mill_ready(pos) {
        v += w.running_ready;
    }
    if w.fork != 0 && pos.in_hand(me) > 0 && fork_points(pos, me) != 0 {
        v += w.fork;
    }
    if w.threat != 0 && unstoppable_threat(pos) {
        v -= w.threat;
    }
    v
}

/// Mills, lines of two and open mills of both players in one pass over
/// the lines: `[me, you]` each.
#[cfg_attr(not(test), allow(dead_code))]
struct LineCounts {
    mills: [i32; 2],
    twos: [i32; 2],
    open: [i32; 2],
}

#[cfg(test)]
fn line_counts(pos: &Position, players: [Player; 2]) -> LineCounts {
    let board = pos.board();
    let own = [pos.stones(players[0]), pos.stones(players[1])];
    let empty = pos.empty();
    let anywhere = [0, 1].map(|i| pos.in_hand(players[i]) > 0);
    let flying = [0, 1]
        .map(|i| pos.in_hand(players[i]) == 0 && pos.rules().flying && own[i].count_ones() == 3);
    let mut c = LineCounts { mills: [0; 2], twos: [0; 2], open: [0; 2] };
    for &m in board.mills() {
        let e = empty & m;
        for i in 0..2 {
            let n = (own[i] & m).count_ones();
            if n == 3 {
                c.mills[i] += 1;
            } else if n == 2 && e != 0 {
                c.twos[i] += 1;
                let gap = e.trailing_zeros() as usize;
                let off_line = own[i] & !m;
                if anywhere[i]
                    || (flying[i] && off_line != 0)
                    || board.neighbours(gap) & off_line != 0
                {
                    c.open[i] += 1;
                }
            }
        }
    }
    c
}

/// The evaluation as first written, from the feature counts of
/// [`Position`] (the reference the fast evaluation is tested against).
#[cfg(test)]
fn reference_value(pos: &Position) -> i32 {
    fn side_value(pos: &Position, me: Player, i: usize, lines: &LineCounts) -> i32 {
        use params::*;
        let mut v = STONE * pos.material(me) as i32 + MILL * lines.mills[i];
        v += lines.open[i] * if i == 0 { OPEN_MILL_TO_MOVE } else { OPEN_MILL_WAITING };
        match pos.phase(me) {
            Phase::Placing => {
                v += TWO * lines.twos[i];
                v += PLACING_MOBILITY * pos.free_neighbours(me) as i32
                    - BLOCKED * pos.blocked(me) as i32;
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
    let me = pos.to_move();
    let lines = line_counts(pos, [me, me.other()]);
    side_value(pos, me, 0, &lines) - side_value(pos, me.other(), 1, &lines)
        + running_term(pos, params::RUNNING_MILL)
        + crate::setups::setup_term(pos, params::RUNNING_SETUP)
        + threat_term_reference(pos, &WEIGHTS)
}

/// The evaluation for the side to move, in one pass over the lines and
/// one over each side's stones (what the engine calls at every leaf).
#[inline]
pub(crate) fn fast_value(pos: &Position, w: &Weights) -> i32 {
    let board = pos.board();
    if let Some(t) = &board.triples {
        return fast_value_dual(pos, t, w);
    }
    let me = pos.to_move();
    let players = [me, me.other()];
    let own = [pos.stones(me), pos.stones(me.other())];
    let empty = pos.empty();
    let hand = [pos.in_hand(me), pos.in_hand(me.other())];
    let flying_rule = pos.rules().flying;
    let mut value = [0i32; 2];
    let mut anywhere = [false; 2];
    let mut flying = [false; 2];
    for i in 0..2 {
        anywhere[i] = hand[i] > 0;
        flying[i] = hand[i] == 0 && flying_rule && own[i].count_ones() == 3;
        value[i] = w.stone * (own[i].count_ones() as i32 + i32::from(hand[i]));
    }
    let mut twos = [0i32; 2];
    for &m in board.mills() {
        let e = empty & m;
        for i in 0..2 {
            let mine = own[i] & m;
            if mine == m {
                value[i] += w.mill;
            } else if e != 0 && mine | e == m && e & (e - 1) == 0 {
                // Two stones and an empty third point.
                twos[i] += 1;
                let off_line = own[i] & !m;
                if anywhere[i]
                    || (flying[i] && off_line != 0)
                    || board.neighbours(e.trailing_zeros() as usize) & off_line != 0
                {
                    value[i] += if i == 0 { w.open_to_move } else { w.open_waiting };
                }
            }
        }
    }
    for i in 0..2 {
        if anywhere[i] {
            let (free, blocked) = free_and_blocked(board, own[i], empty);
            value[i] += w.two * twos[i] + w.placing_mobility * free - w.blocked * blocked
                + w.crossing * (own[i] & board.crossings()).count_ones() as i32;
        } else if !flying[i] {
            let (free, blocked) = free_and_blocked(board, own[i], empty);
            value[i] += w.mobility * free - w.blocked * blocked;
            value[i] += w.double_mill * double_mills(pos, players[i]).min(2) as i32;
        }
    }
    value[0] - value[1]
        + running_term(pos, w.running_mill)
        + setup_term(pos, w.running_setup)
        + threat_term(pos, w)
}

/// [`evaluate_with`]'s value of `pos`, or `None` if the side to move has
/// no legal move (and so has lost, the game not having ended otherwise):
/// on the standard board the evaluation's count of stones next to an empty
/// point answers that, so the search asks once for both.
/// `cpu` says how to count bits.
#[inline]
pub(crate) fn value_unless_blocked(pos: &Position, weights: &Weights, cpu: Cpu) -> Option<Score> {
    if let Some(t) = &pos.board().triples {
        let (v, blocked) = match cpu.popcnt() {
            Some(h) => fast_value_dual_blocked(pos, t, weights, h),
            None => fast_value_dual_blocked(pos, t, weights, Portable),
        };
        return (!blocked).then(|| clamp_eval(i64::from(v)));
    }
    pos.can_move().then(|| evaluate_with(pos, weights))
}

/// [`fast_value`] on a board with bit-parallel line views, from the
/// position's dual masks: both sides' line facts in one pass.
#[inline]
fn fast_value_dual(pos: &Position, t: &crate::lines::Triples, w: &Weights) -> i32 {
    fast_value_dual_blocked(pos, t, w, Portable).0
}

/// [`fast_value_dual`], and whether the side to move cannot move: it
/// moves along the lines (no stone in hand, not flying) and none of its
/// stones has an empty neighbour. `pop` counts the bits.
#[inline(always)]
fn fast_value_dual_blocked<P: PopCount>(
    pos: &Position,
    t: &crate::lines::Triples,
    w: &Weights,
    pop: P,
) -> (i32, bool) {
    let board = pos.board();
    let me = pos.to_move();
    let (own, empty) = pos.duals();
    let hand = [pos.in_hand(me), pos.in_hand(me.other())];
    let flying_rule = pos.rules().flying;
    let stones = [pos.stones(me), pos.stones(me.other())];
    let n = [pos.on_board(me), pos.on_board(me.other())];
    let flying = [0, 1].map(|i| hand[i] == 0 && flying_rule && n[i] == 3);
    let moving = [0, 1].map(|i| hand[i] == 0 && !flying[i]);
    let l = t.both(own, empty, moving, pop);
    let mut value = [0i32; 2];
    for i in 0..2 {
        let mut v = w.stone * (n[i] as i32 + i32::from(hand[i])) + w.mill * l.mills[i] as i32;
        let open = if moving[i] { l.open_by_step[i] } else { l.twos[i] };
        v += open as i32 * if i == 0 { w.open_to_move } else { w.open_waiting };
        if hand[i] > 0 {
            v += w.two * l.twos[i] as i32 + w.placing_mobility * l.free[i] as i32
                - w.blocked * l.blocked[i] as i32
                + w.crossing * pop.pop24(stones[i] & board.crossings()) as i32;
        } else if !flying[i] {
            v += w.mobility * l.free[i] as i32 - w.blocked * l.blocked[i] as i32
                + w.double_mill * l.double_mills[i].min(2) as i32;
        }
        value[i] = v;
    }
    // The running-mill terms are off by default, the threat term on: one
    // test skips them all when every one of their weights is 0.
    let extra = if (w.running_mill | w.running_setup | w.threat | w.running_ready | w.fork) == 0 {
        0
    } else {
        running_term(pos, w.running_mill) + setup_term(pos, w.running_setup) + threat_term(pos, w)
    };
    (value[0] - value[1] + extra, moving[0] && l.free[0] == 0)
}

/// The evaluation with the line facts of each side computed apart,
/// through the symmetry's byte tables (the reference [`fast_value_dual`]
/// is tested against).
#[cfg(test)]
fn fast_value_triples(pos: &Position, t: &crate::lines::Triples, w: &Weights) -> i32 {
    let board = pos.board();
    let me = pos.to_move();
    let own = [pos.stones(me), pos.stones(me.other())];
    let empty = pos.empty();
    let hand = [pos.in_hand(me), pos.in_hand(me.other())];
    let flying_rule = pos.rules().flying;
    let mut value = [0i32; 2];
    for i in 0..2 {
        let n = crate::lines::pop24(own[i]);
        let flying = hand[i] == 0 && flying_rule && n == 3;
        let l = t.side(board, own[i], empty, hand[i] == 0 && !flying);
        let mut v = w.stone * (n as i32 + i32::from(hand[i])) + w.mill * l.mills as i32;
        let open = if hand[i] > 0 || flying { l.twos } else { l.open_by_step };
        v += open as i32 * if i == 0 { w.open_to_move } else { w.open_waiting };
        if hand[i] > 0 {
            v += w.two * l.twos as i32 + w.placing_mobility * l.free as i32
                - w.blocked * l.blocked as i32
                + w.crossing * crate::lines::pop24(own[i] & board.crossings()) as i32;
        } else if !flying {
            v += w.mobility * l.free as i32 - w.blocked * l.blocked as i32
                + w.double_mill * l.double_mills.min(2) as i32;
        }
        value[i] = v;
    }
    value[0] - value[1]
        + running_term(pos, w.running_mill)
        + setup_term(pos, w.running_setup)
        + threat_term(pos, w)
}

/// Empty points next to `stones` (once per stone) and stones without one.
#[inline]
fn free_and_blocked(board: &crate::board::Board, stones: u32, empty: u32) -> (i32, i32) {
    let (mut free, mut blocked) = (0, 0);
    let mut s = stones;
    while s != 0 {
        let n = (board.neighbours(s.trailing_zeros() as usize) & empty).count_ones() as i32;
        s &= s - 1;
        free += n;
        blocked += i32::from(n == 0);
    }
    (free, blocked)
}

impl Evaluator<Position> for MillEval {
    #[inline]
    fn evaluate(&self, game: &Position) -> Score {
        clamp_eval(i64::from(fast_value(game, &WEIGHTS)))
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use spielbaum_game_trait::SplitMix64;

    /// A random position of the standard board (any masks, hands and
    /// side, flying on or off), reachable or not.
    pub(crate) fn any_position() -> impl proptest::strategy::Strategy<Value = Position> {
        use proptest::prelude::*;
        (any::<u64>(), 0u8..=9, 0u8..=9, any::<bool>(), any::<bool>()).prop_map(
            |(bits, hw, hb, black, flying)| {
                let (mut white, mut blk) = (0u32, 0u32);
                // Two bits per point: white, black or empty (and empty
                // again, so boards are not too full).
                for p in 0..24 {
                    match bits >> (2 * p) & 3 {
                        0 if white.count_ones() < 9 => white |= 1 << p,
                        1 if blk.count_ones() < 9 => blk |= 1 << p,
                        _ => {}
                    }
                }
                let hand =
                    [hw.min(9 - white.count_ones() as u8), hb.min(9 - blk.count_ones() as u8)];
                let rules =
                    crate::rules::Rules::new(crate::board::Variant::Nine).with_flying(flying);
                let side = if black { Player::SECOND } else { Player::FIRST };
                Position::from_parts(rules, white, blk, side, hand, 0).expect("valid parts")
            },
        )
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

        /// The one-pass evaluation from the dual masks equals the one
        /// computing each side through the symmetry tables, and the line
        /// by line reference, on any position; so do the search's gaps
        /// and mills.
        #[test]
        fn dual_evaluation_equals_the_references(pos in any_position()) {
            let t = pos.board().triples.as_ref().expect("the standard board has triples");
            proptest::prop_assert_eq!(fast_value_dual(&pos, t, &WEIGHTS), fast_value_triples(&pos, t, &WEIGHTS));
            proptest::prop_assert_eq!(fast_value_dual(&pos, t, &WEIGHTS), reference_value(&pos));
            // The same evaluation with the instruction's population counts.
            if let Some(h) = crate::cpu::Popcnt::detect() {
                proptest::prop_assert_eq!(
                    fast_value_dual_blocked(&pos, t, &WEIGHTS, h),
                    fast_value_dual_blocked(&pos, t, &WEIGHTS, Portable)
                );
            }
            let (own, empty) = pos.duals();
            for (i, p) in [pos.to_move(), pos.to_move().other()].into_iter().enumerate() {
                let l = t.side(pos.board(), pos.stones(p), pos.empty(), false);
                proptest::prop_assert_eq!(t.gaps_and_mills(own[i], empty), (l.gaps, l.in_mills));
                proptest::prop_assert_eq!(t.in_mills(own[i]), pos.board().in_mills(pos.stones(p)));
                let steps = pos.board().neighbours_of(pos.stones(p)) & pos.empty() != 0;
                proptest::prop_assert_eq!(t.can_step(own[i], empty), steps);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

        /// The threat, running-mill and fork terms from the line views
        /// equal the line-by-line ones, each weight on.
        #[test]
        fn the_threat_terms_from_the_line_views_equal_the_reference(p in any_position()) {
            for (threat, running_ready, fork) in [(800, 0, 0), (0, 300, 0), (0, 0, 400), (700, 200, 300)] {
                let w = Weights { threat, running_ready, fork, ..WEIGHTS };
                proptest::prop_assert_eq!(threat_term(&p, &w), threat_term_reference(&p, &w), "{}", p);
            }
        }
    }

    /// The search's combined evaluation and "cannot move" answer equals
    /// the evaluation and a scan of each stone's neighbours, on crowded
    /// random boards of the standard game (many of them blocked) and on
    /// positions of the other variants.
    #[test]
    fn value_unless_blocked_equals_evaluation_and_neighbour_scan() {
        use crate::board::Variant;
        let mut rng = SplitMix64::new(18);
        let mut blocked = [0usize; 2];
        for n in 0..200_000 {
            let variant = if n % 4 == 0 {
                [Variant::Three, Variant::Six, Variant::Twelve][rng.below(3)]
            } else {
                Variant::Nine
            };
            let rules = crate::rules::Rules::new(variant).with_flying(rng.below(2) == 0);
            let board = variant.board();
            let max = rules.stones as u32;
            let (mut white, mut black) = (0u32, 0u32);
            let empties = 1 + rng.below(4);
            for p in 0..board.len() {
                match rng.below(2 + empties) {
                    0 if white.count_ones() < max => white |= 1 << p,
                    1 if black.count_ones() < max => black |= 1 << p,
                    _ => {}
                }
            }
            let hand = [0, 1].map(|_| if rng.below(8) == 0 { 1 } else { 0 });
            let hand = [
                hand[0].min(max - white.count_ones()) as u8,
                hand[1].min(max - black.count_ones()) as u8,
            ];
            let side = if rng.below(2) == 0 { Player::FIRST } else { Player::SECOND };
            let Ok(pos) = Position::from_parts(rules, white, black, side, hand, 0) else {
                continue;
            };
            if pos.empty() == 0 {
                continue;
            }
            let me = pos.to_move();
            let own = pos.stones(me);
            let flies = rules.flying && own.count_ones() == 3;
            let moves = pos.in_hand(me) > 0 || flies || board.neighbours_of(own) & pos.empty() != 0;
            // The value from the references, not from the fast path
            // under test: the per-side symmetry tables where the board has
            // them, the line by line evaluation elsewhere.
            let reference = match &board.triples {
                Some(t) => fast_value_triples(&pos, t, &WEIGHTS),
                None => reference_value(&pos),
            };
            let expected = moves.then(|| clamp_eval(i64::from(reference)));
            for cpu in [Cpu::portable(), Cpu::detect()] {
                assert_eq!(value_unless_blocked(&pos, &WEIGHTS, cpu), expected, "{pos} {cpu:?}");
            }
            blocked[usize::from(variant == Variant::Nine)] += usize::from(!moves);
        }
        assert!(blocked[0] > 100 && blocked[1] > 100, "too few blocked positions: {blocked:?}");
    }

    /// A position of the standard game from point names, white to move.
    fn crafted(white: &[&str], black: &[&str], hand: u8) -> Position {
        let rules = crate::rules::Rules::new(crate::board::Variant::Nine);
        let board = crate::board::Variant::Nine.board();
        let mask = |names: &[&str]| {
            names.iter().fold(0u32, |m, n| m | 1 << board.point(n).expect("a point"))
        };
        Position::from_parts(rules, mask(white), mask(black), Player::FIRST, [hand, hand], 0)
            .expect("valid parts")
    }

    #[test]
    fn running_mills_are_the_points_the_opponent_cannot_step_onto() {
        // The mill a1-a4-a7: every stone has an empty neighbour (d1, b4,
        // d7) and no black stone is next to any of them.
        let far = ["g1", "g4", "f2"];
        let w = ["a1", "a4", "a7", "d3"];
        assert_eq!(running_mills(&crafted(&w, &far, 0), Player::FIRST), 3);
        // Black on b4 is next to a4: a4 can still step out, but black
        // steps into the gap.
        assert_eq!(running_mills(&crafted(&w, &["b4", "g1", "g4"], 0), Player::FIRST), 2);
        // Black on d1 and d7 watches a1 and a7.
        assert_eq!(running_mills(&crafted(&w, &["d1", "d7", "g4"], 0), Player::FIRST), 1);
        // A mill stone without an empty neighbour does not run: a1 with
        // d1 white, a7 with d7 white, a4 with b4 white.
        let packed = ["a1", "a4", "a7", "d1", "d7", "b4"];
        assert_eq!(running_mills(&crafted(&packed, &far, 0), Player::FIRST), 0);
        // An open mill: a4 is the gap of a1-a7 and b4 steps into it; all
        // of a4's neighbours are white.
        assert_eq!(running_mills(&crafted(&["a1", "a7", "b4"], &far, 0), Player::FIRST), 1);
        // Without a stone to step in, no.
        assert_eq!(running_mills(&crafted(&["a1", "a7", "c4"], &far, 0), Player::FIRST), 0);
        // The gap d2 of d1-d3, b2 steps in; black on f2 is next to d2.
        assert_eq!(running_mills(&crafted(&["d1", "d3", "b2"], &far[..2], 0), Player::FIRST), 1);
        assert_eq!(running_mills(&crafted(&["d1", "d3", "b2"], &far, 0), Player::FIRST), 0);
    }

    #[test]
    fn running_mills_count_only_while_both_sides_move() {
        let mut with = WEIGHTS;
        with.running_mill = 300;
        let mut without = WEIGHTS;
        without.running_mill = 0;
        let w = ["a1", "a4", "a7", "d3"];
        // Black has lines of two (f2-f6, b6-f6) but no stone to step
        // into their gaps, and no mill.
        let b = ["g1", "f2", "f6", "b6"];
        let moving = crafted(&w, &b, 0);
        assert_eq!(running_mills(&moving, Player::SECOND), 0);
        assert_eq!(evaluate_with(&moving, &with) - evaluate_with(&moving, &without), 600);
        // Stones in hand: not counted.
        let placing = crafted(&w, &b, 2);
        assert_eq!(evaluate_with(&placing, &with), evaluate_with(&placing, &without));
        // Black flying (three stones, flying on): not counted.
        let flying = crafted(&w, &["g1", "g4", "f2"], 0);
        assert_eq!(evaluate_with(&flying, &with), evaluate_with(&flying, &without));
    }

    fn me_of(pos: &Position) -> Player {
        pos.to_move()
    }

    #[test]
    fn one_pass_counts_and_the_fast_evaluation_agree_with_the_features() {
        let mut rng = SplitMix64::new(7);
        for v in crate::board::Variant::ALL {
            for _ in 0..40 {
                let mut pos = Position::new(crate::rules::Rules::new(v));
                let mut moves = MoveList::new();
                for _ in 0..rng.below(120) {
                    moves.clear();
                    pos.moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[rng.below(moves.len())]);
                    assert_eq!(fast_value(&pos, &WEIGHTS), reference_value(&pos), "{pos}");
                    // The dual masks kept by the moves equal fresh ones.
                    let fresh = Position::from_parts(
                        *pos.rules(),
                        pos.stones(Player::FIRST),
                        pos.stones(Player::SECOND),
                        pos.to_move(),
                        [pos.in_hand(Player::FIRST), pos.in_hand(Player::SECOND)],
                        pos.counter(),
                    )
                    .expect("a reached position");
                    assert_eq!(pos.duals(), fresh.duals(), "{pos}");
                    if let Some(t) = &pos.board().triples {
                        for p in [me_of(&pos), me_of(&pos).other()] {
                            let l = t.side(pos.board(), pos.stones(p), pos.empty(), true);
                            assert_eq!(l.in_mills, pos.board().in_mills(pos.stones(p)));
                            assert_eq!(l.double_mills, double_mills(&pos, p), "{pos}");
                            assert_eq!(l.twos, pos.twos(p).count() as u32);
                            let gaps = pos.twos(p).fold(0, |g, (_, gap)| g | 1 << gap);
                            assert_eq!(l.gaps, gaps);
                            assert_eq!(l.free, pos.free_neighbours(p));
                            assert_eq!(l.blocked, pos.blocked(p));
                        }
                    }
                    let me = pos.to_move();
                    let c = line_counts(&pos, [me, me.other()]);
                    for (i, p) in [me, me.other()].into_iter().enumerate() {
                        assert_eq!(c.mills[i], pos.closed_mills(p) as i32, "{pos}");
                        assert_eq!(c.twos[i], pos.twos(p).count() as i32, "{pos}");
                        assert_eq!(c.open[i], pos.open_mills(p) as i32, "{pos}");
                    }
                }
            }
        }
    }
}
