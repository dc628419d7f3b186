//! Heuristic evaluators for Connect Four, on bit-parallel counts.

use spielbaum_game_trait::{EVAL_MAX, Evaluator, Game, Player, Score};

use super::{Bits, Connect4Board, completing_cells};

/// Points of [`OpenLines`] for an open window of four cells holding 1, 2 or
/// 3 own stones. A window of three must outweigh the windows of one that a
/// central stone opens (up to 13): with 1, 4, 16 a search deeper than two
/// plies traded threes for central stones and lost matches against a
/// two-ply search (measured in `docs/small-games.md`).
pub const OPEN_LINE_POINTS: [Score; 4] = [0, 1, 10, 100];

/// Points per open window of 1, 2, 3 own stones in [`Threats`], whose
/// threat terms weigh the windows of three. A window of two must outweigh
/// the windows of one that a central stone opens (up to 13): with 1, 4, 16
/// a four-ply search traded twos for central stones and lost matches
/// against a two-ply search (measured in `docs/small-games.md`).
pub const THREAT_LINE_POINTS: [Score; 4] = [0, 1, 10, 16];

/// Value of [`OpenLines`] for a side to move that wins with its next
/// stone (and, negated, that faces two playable threats): above any count
/// of windows (at most 69 · 100 on 7×6, 138 · 100 on 9×7), small enough
/// for peers that evaluate in 16 bits.
pub const OPEN_LINES_IMMEDIATE: Score = 20_000;

/// Per window count of stones (1, 2, 3) of the windows of four cells that
/// `own` can still fill (no stone of the opponent, all on the board).
fn open_windows<B: Bits>(g: &Connect4Board<B>, own: B, other: B) -> [u32; 4] {
    let free = g.board_mask() & !other;
    let h = g.height() as u32;
    let mut counts = [0u32; 4];
    for d in [1, h + 1, h, h + 2] {
        // Bit i: the window i, i+d, i+2d, i+3d lies on free cells.
        let ok = free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d));
        if ok == B::ZERO {
            continue;
        }
        // Bit-sliced sum of the four cells' stones at bit i.
        let (a, b, c, e) = (own, own >> d, own >> (2 * d), own >> (3 * d));
        let (s1, c1) = (a ^ b, a & b);
        let (s2, c2) = (c ^ e, c & e);
        let bit0 = s1 ^ s2;
        let carry = s1 & s2;
        let bit1 = c1 ^ c2 ^ carry;
        let bit2 = (c1 & c2) | ((c1 ^ c2) & carry);
        let low = ok & !bit2;
        counts[1] += (low & bit0 & !bit1).count_ones();
        counts[2] += (low & !bit0 & bit1).count_ones();
        counts[3] += (low & bit0 & bit1).count_ones();
    }
    counts
}

fn open_score<B: Bits>(g: &Connect4Board<B>, me: Player, points: &[Score; 4]) -> Score {
    let (mine, theirs) = (g.stones(me), g.stones(me.other()));
    let a = open_windows(g, mine, theirs);
    let b = open_windows(g, theirs, mine);
    (1..4).map(|n| points[n] * (a[n] as Score - b[n] as Score)).sum()
}

/// Open lines: every window of four cells that only one player can still
/// fill scores [`OPEN_LINE_POINTS`] by the number of that player's stones
/// in it (1, 10, 100 for 1, 2, 3), for the side to move minus the
/// opponent; computed for all windows at once with shifts and a
/// bit-sliced adder. The side to move counts as such: with a playable
/// threat (a cell completing four that it can drop a stone into) it wins
/// next move, [`OPEN_LINES_IMMEDIATE`]; facing two playable threats of
/// the opponent and none of its own it loses, the negative. (Without the
/// rule a leaf after the opponent's move scored a win in one like any
/// window of three, so searches of odd and even depth disagreed most
/// about the last ply.)
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenLines;

impl<B: Bits> Evaluator<Connect4Board<B>> for OpenLines {
    fn evaluate(&self, g: &Connect4Board<B>) -> Score {
        let me = g.to_move();
        let playable = g.playable();
        if g.threats(me) & playable != B::ZERO {
            return OPEN_LINES_IMMEDIATE;
        }
        if (g.threats(me.other()) & playable).count_ones() >= 2 {
            return -OPEN_LINES_IMMEDIATE;
        }
        open_score(g, me, &OPEN_LINE_POINTS).clamp(-EVAL_MAX, EVAL_MAX)
    }
}

/// Points per threat (an empty cell that completes four) in [`Threats`].
pub const THREAT_POINTS: Score = 64;

/// Value of "wins with the next stone" (and, negated, of facing two
/// playable threats) in [`Threats`]: far above any count of lines, far
/// below proven scores.
pub const IMMEDIATE_POINTS: Score = 100_000;

/// Threats first, open lines second.
///
/// - The side to move with a playable threat wins next move:
///   `+IMMEDIATE_POINTS`; facing two playable threats of the opponent (and
///   none of its own) it loses: `-IMMEDIATE_POINTS`.
/// - Otherwise every threat (empty cell completing four) scores
///   [`THREAT_POINTS`], doubled on rows that favour its owner by
///   zugzwang: odd rows (1, 3, 5 from the bottom) for the first player,
///   even rows for the second (Allis' odd/even threat rule).
/// - Plus the open windows of [`OpenLines`], weighted
///   [`THREAT_LINE_POINTS`] (1, 10, 16: the threat terms weigh the threes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats;

impl<B: Bits> Evaluator<Connect4Board<B>> for Threats {
    fn evaluate(&self, g: &Connect4Board<B>) -> Score {
        let me = g.to_move();
        let playable = g.playable();
        let (mine, theirs) = (g.threats(me), g.threats(me.other()));
        if mine & playable != B::ZERO {
            return IMMEDIATE_POINTS;
        }
        if (theirs & playable).count_ones() >= 2 {
            return -IMMEDIATE_POINTS;
        }
        // Rows 1, 3, 5, 7 (from 1 at the bottom) are bits 0, 2, 4, 6 of a
        // column.
        let mut odd_rows = B::ZERO;
        for r in (0..g.height()).step_by(2) {
            odd_rows = odd_rows | (g.bottom_mask() << r as u32);
        }
        let weight = |cells: B, p: Player| -> Score {
            let good = if p == Player::FIRST { odd_rows } else { g.board_mask() & !odd_rows };
            THREAT_POINTS * (cells.count_ones() + (cells & good).count_ones()) as Score
        };
        let v =
            weight(mine, me) - weight(theirs, me.other()) + open_score(g, me, &THREAT_LINE_POINTS);
        v.clamp(-EVAL_MAX, EVAL_MAX)
    }

    /// Orders without playing the moves: a win first, then blocking the
    /// opponent's playable threat, then by the threats the stone makes,
    /// below any move that lets the opponent win on the cell above it, with
    /// the centre breaking ties.
    fn order_moves(&self, g: &Connect4Board<B>, moves: &[u8], scores: &mut [Score]) -> bool {
        let me = g.to_move();
        let playable = g.playable();
        let (mine, theirs) = (g.threats(me), g.threats(me.other()));
        let own = g.stones(me);
        let empty = g.board_mask() & !g.occupied();
        let w = g.width() as Score;
        for (&mv, score) in moves.iter().zip(scores.iter_mut()) {
            let cell = playable & g.column_mask(mv as usize);
            let centre = w - (2 * mv as Score - (w - 1)).abs();
            *score = if cell & mine != B::ZERO {
                1_000_000
            } else if cell & theirs != B::ZERO {
                100_000
            } else {
                let made = completing_cells(own | cell, empty & !cell, g.height() as u32);
                let mut v = 100 * made.count_ones() as Score + centre;
                if (cell << 1) & theirs != B::ZERO {
                    v -= 10_000;
                }
                v
            };
        }
        true
    }

    /// A move is noisy if it wins at once or makes a new threat that can
    /// be played next move (the opponent must answer it).
    fn is_noisy(&self, g: &Connect4Board<B>, mv: u8) -> bool {
        let me = g.to_move();
        let after = g.after(mv);
        after.is_over() || after.threats(me) & after.playable() != B::ZERO
    }
}
