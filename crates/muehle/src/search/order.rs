//! Move ordering of the Mühle engine's search: the scores of a node's
//! moves (the table's move, captures, killers, history, blocks) and the
//! staged pick of the best-scored one.

use core::hint::select_unpredictable;

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
        self.order_with::<false>(pos, base, end, tt, ply);
    }

    /// [`order`](Self::order) without a table move, for lists of
    /// captures (quiescence): a capture's score is its capture score
    /// alone (it is never a killer, killers being quiet moves), chosen by
    /// a branch, which such lists rarely leave; any other move is scored
    /// in full.
    pub(super) fn order_captures(&mut self, pos: &Position, base: usize, end: usize, ply: usize) {
        self.order_with::<true>(pos, base, end, None, ply);
    }

    #[inline(always)]
    fn order_with<const CAPTURES: bool>(
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
        // Points next to such a gap (a capture there breaks the line of
        // two) in the low half, the opponent's stones outside mills in the
        // high half, of one word read at `take & 31` (what a move without
        // a capture reads there is not used).
        let capture_bits = u64::from(board.neighbours_of(gaps)) | u64::from(!opp_mills) << 32;
        let killers = self.killers[ply.min(MAX_PLY - 1)].map(move_key);
        // The buffer only grows (the pick reads whole blocks of scores).
        if self.scores.len() < end + PICK_BLOCK {
            self.scores.resize(end + PICK_BLOCK, 0);
        }
        let history = &self.history;
        // No generated move equals `NO_MOVE`.
        let tt = move_key(tt.unwrap_or(NO_MOVE));
        // Each score is chosen by conditional moves, not branches: which
        // kind of move comes next is what the processor cannot guess.
        for (&mv, score) in self.moves[base..end].iter().zip(&mut self.scores[base..end]) {
            // Take a stone of a line of two, not one locked in a mill.
            let bits = capture_bits >> (mv.take & 31);
            let capture = ORDER_CAPTURE + 300 * (bits & 1) as i32 + 100 * (bits >> 32 & 1) as i32;
            if CAPTURES && mv.take != NONE {
                *score = capture;
                continue;
            }
            let key = move_key(mv);
            let quiet = history[history_from(mv)][usize::from(mv.to & 31)]
                + ORDER_BLOCK * (gaps >> (mv.to & 31) & 1) as i32;
            let quiet = select_unpredictable(key == killers[1], ORDER_KILLER[1], quiet);
            let quiet = select_unpredictable(key == killers[0], ORDER_KILLER[0], quiet);
            let s = select_unpredictable(mv.take != NONE, capture, quiet);
            *score = select_unpredictable(key == tt, ORDER_TABLE, s);
        }
    }

    /// Brings the best-scored move of `i..end` to `i`, the first of them
    /// on equal scores (selection: most nodes cut off after a few moves,
    /// so sorting all would waste time). The scores are read in blocks of
    /// [`PICK_BLOCK`], those past `end` counted as lowest, so that the
    /// loop runs a fixed number of times per block rather than once per
    /// move (its end is the branch a short list mispredicts), and the
    /// swap is made whether or not the best is already in place (moving
    /// a move onto itself).
    #[inline]
    pub(super) fn pick(&mut self, i: usize, end: usize) {
        let n = end - i;
        let scores = &self.scores[i..end + PICK_BLOCK];
        let (mut best, mut top) = (0, scores[0]);
        let mut start = 0;
        while start < n {
            let block = &scores[start..start + PICK_BLOCK];
            for (k, &s) in block.iter().enumerate() {
                let j = start + k;
                // Conditional moves, not branches: `s` if `j < n`, else
                // the lowest score; `best` becomes `j` where `s` beats `top`.
                let s = select_unpredictable(j < n, s, i32::MIN);
                best = select_unpredictable(s > top, j, best);
                top = top.max(s);
            }
            start += PICK_BLOCK;
        }
        let b = i + best;
        let (mv, s) = (self.moves[b], self.scores[b]);
        self.moves[b] = self.moves[i];
        self.scores[b] = self.scores[i];
        self.moves[i] = mv;
        self.scores[i] = s;
    }
}

/// A move as one number, for comparisons without a branch per field.
#[inline(always)]
fn move_key(mv: Move) -> u32 {
    u32::from(mv.from) | u32::from(mv.to) << 8 | u32::from(mv.take) << 16
}

/// Scores the pick compares per round of its loop.
const PICK_BLOCK: usize = 8;
