//! Move ordering of the Mühle engine's search: the scores of a node's
//! moves (the table's move, captures, killers, history, blocks) and the
//! staged pick of the best-scored one.

use super::*;

impl MillEngine {
    /// Scores `moves[base..end]` for ordering (into `scores`).
    pub(super) fn order(
        &mut self,
        pos: &Position,
        base: usize,
        end: usize,
        tt: Option<Move>,
        ply: usize,
    ) {
        let board = pos.board();
        let me = pos.to_move();
        let opp = pos.stones(me.other());
        let empty = pos.empty();
        // Gaps of the opponent's lines of two: blocking them matters.
        let (gaps, opp_mills) = match &board.triples {
            Some(t) => {
                let (own, empty) = pos.duals();
                t.gaps_and_mills(own[1], empty)
            }
            None => {
                let mut gaps = 0u32;
                for &m in board.mills() {
                    let e = m & empty;
                    if (opp & m).count_ones() == 2 && e != 0 {
                        gaps |= e;
                    }
                }
                (gaps, board.in_mills(opp))
            }
        };
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        self.scores.resize(end, 0);
        let history = &self.history;
        // No generated move equals `NO_MOVE`.
        let tt = tt.unwrap_or(NO_MOVE);
        for (&mv, score) in self.moves[base..end].iter().zip(&mut self.scores[base..end]) {
            *score = if mv == tt {
                ORDER_TABLE
            } else if mv.take != NONE {
                let mut s = ORDER_CAPTURE;
                // Take a stone of a line of two, not one locked in a mill.
                if gaps & board.neighbours(mv.take as usize) != 0 {
                    s += 300;
                }
                if opp_mills >> mv.take & 1 == 0 {
                    s += 100;
                }
                s
            } else if mv == killers[0] {
                ORDER_KILLER[0]
            } else if mv == killers[1] {
                ORDER_KILLER[1]
            } else {
                let mut s = history[history_from(mv)][usize::from(mv.to & 31)];
                if gaps >> mv.to & 1 == 1 {
                    s += ORDER_BLOCK;
                }
                s
            };
        }
    }

    /// Brings the best-scored move of `i..end` to `i` (selection: most
    /// nodes cut off after a few moves, so sorting all would waste time).
    #[inline]
    pub(super) fn pick(&mut self, i: usize, end: usize) {
        let scores = &self.scores[i..end];
        let (mut best, mut top) = (0, scores[0]);
        for (j, &s) in scores.iter().enumerate().skip(1) {
            if s > top {
                best = j;
                top = s;
            }
        }
        if best != 0 {
            self.moves.swap(i, i + best);
            self.scores.swap(i, i + best);
        }
    }
}
