//! Quiescence search: past the depth limit, only the moves the evaluator
//! marks noisy are followed.

use spielbaum_game_trait::{Evaluator, Game, Score, outcome_score};

use crate::params;
use crate::search::{Searcher, back, window};

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// Quiescence search: past the depth limit, follow only the moves the
    /// evaluator marks noisy; the side to move may "stand pat" on the static
    /// evaluation.
    pub(crate) fn quiesce(
        &mut self,
        pos: &G,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        qply: u32,
    ) -> Score {
        if self.enter(ply) {
            return 0;
        }
        self.counters.qnodes += 1;
        if let Some(o) = pos.outcome() {
            self.counters.leaves += 1;
            return outcome_score(o, pos.to_move(), ply as u32);
        }
        self.horizons += 1;
        let stand = self.eval.evaluate(pos);
        if stand >= beta || qply >= params::QUIESCENCE_MAX_PLIES || ply >= params::MAX_SEARCH_PLY {
            self.counters.leaves += 1;
            return stand;
        }
        self.plies[ply].moves.clear();
        pos.moves(&mut self.plies[ply].moves);
        let mut best = stand;
        alpha = alpha.max(stand);
        let mut searched = false;
        for i in 0..self.plies[ply].moves.len() {
            let mv = self.plies[ply].moves[i];
            if !self.eval.is_noisy(pos, mv) {
                continue;
            }
            searched = true;
            let child = pos.after(mv);
            let (a, b) = window::<G>(alpha, beta);
            let s = back::<G>(self.quiesce(&child, ply + 1, a, b, qply + 1));
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, mv);
                    if s >= beta {
                        self.counters.cutoffs += 1;
                        break;
                    }
                }
            }
        }
        if !searched {
            self.counters.leaves += 1;
        }
        if self.aborted { 0 } else { best }
    }
}
