//! Plain NegaMax, the text's first algorithm: every move of every node to
//! the depth, no window, no table (the reference the other algorithms are
//! measured and tested against).

use spielbaum_game_trait::{Evaluator, Game, INFINITY, Score, outcome_score};

use crate::params;
use crate::search::back;
use crate::searcher::Searcher;

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A child at the depth limit, scored without a recursive call (most
    /// nodes are leaves, so this saves a call and a frame per node). Counts
    /// as a node; `ply` is the leaf's ply. Its PV is empty: the parent
    /// records a leaf's move with [`pv_leaf`](Self::pv_leaf).
    #[inline(always)]
    fn leaf(&mut self, pos: &G, ply: usize) -> Score {
        self.counters.nodes += 1;
        self.counters.leaves += 1;
        if self.counters.nodes.is_multiple_of(params::CHECK_EVERY) {
            self.check_limits();
        }
        if self.repeats(pos) {
            return 0;
        }
        match pos.outcome() {
            Some(o) => outcome_score(o, pos.to_move(), ply as u32),
            None => {
                self.horizons += 1;
                self.eval.evaluate(pos)
            }
        }
    }

    /// `pv[ply] = mv` (the child was a leaf).
    fn pv_leaf(&mut self, ply: usize, mv: G::Move) {
        let line = &mut self.pv[ply];
        line.clear();
        line.push(mv);
    }

    /// Plain NegaMax (the text's first algorithm): every move of every node
    /// to `depth`, no window, no table.
    pub(crate) fn plain(&mut self, pos: &G, depth: i32, ply: usize) -> Score {
        if self.enter(ply) {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            self.counters.leaves += 1;
            return outcome_score(o, pos.to_move(), ply as u32);
        }
        if ply > 0 && self.repeats(pos) {
            self.counters.leaves += 1;
            return 0;
        }
        if depth <= 0 || ply >= params::MAX_SEARCH_PLY {
            self.counters.leaves += 1;
            self.horizons += 1;
            return self.eval.evaluate(pos);
        }
        self.plies[ply].moves.clear();
        pos.moves(&mut self.plies[ply].moves);
        if self.spend(self.plies[ply].moves.len()) {
            return 0;
        }
        if self.repetition {
            self.path.push(pos.key());
        }
        let mut best = -INFINITY;
        for i in 0..self.plies[ply].moves.len() {
            let mv = self.plies[ply].moves[i];
            let child = pos.after(mv);
            let s = if depth == 1 {
                back::<G>(self.leaf(&child, ply + 1))
            } else {
                back::<G>(self.plain(&child, depth - 1, ply + 1))
            };
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if depth == 1 {
                    self.pv_leaf(ply, mv);
                } else {
                    self.update_pv(ply, mv);
                }
            }
        }
        if self.repetition {
            self.path.pop();
        }
        best
    }
}
