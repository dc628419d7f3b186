//! A pattern-guided playout for Monte Carlo tree search
//! (`spielbaum_mcts::Playout`).

use spielbaum_game_trait::{Game, SplitMix64};
use spielbaum_mcts::Playout;

use crate::board::{Cell, Gomoku};
use crate::eval::Pattern;
use crate::shape::Shapes;
use crate::threat::winning_cells;

/// Playout moves guided by the line shapes: a winning move is always
/// played and an opposing four always blocked; otherwise, with probability
/// `epsilon` a uniformly random candidate, else the best of `sample`
/// random candidates by [`Pattern::move_score`] (attack and defence). The
/// sample keeps a playout move cheap (a few shape look-ups instead of
/// scoring every empty cell).
#[derive(Clone, Copy, Debug)]
pub struct PatternPlayout {
    eval: Pattern,
    shapes: &'static Shapes,
    /// Probability of a uniformly random move.
    pub epsilon: f64,
    /// Candidates scored per move.
    pub sample: usize,
}

impl PatternPlayout {
    /// For rows of `k` (exact rule or not): ε = 0.1, 6 candidates sampled.
    pub fn new(k: u8, exact: bool) -> Self {
        PatternPlayout {
            eval: Pattern::new(k, exact),
            shapes: Shapes::get(k, exact),
            epsilon: 0.1,
            sample: 6,
        }
    }

    /// For `pos`'s rules.
    pub fn for_position(pos: &Gomoku) -> Self {
        Self::new(pos.rules().k, pos.rules().exact)
    }
}

impl Playout<Gomoku> for PatternPlayout {
    fn pick(&mut self, game: &Gomoku, moves: &[Cell], rng: &mut SplitMix64) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        let me = game.to_move().index();
        for side in [me, 1 - me] {
            if let Some(&w) = winning_cells(game, self.shapes, side).first()
                && let Some(i) = moves.iter().position(|&m| m == w)
            {
                return i;
            }
        }
        if rng.unit_f64() < self.epsilon {
            return rng.below(moves.len());
        }
        let mut best = rng.below(moves.len());
        let mut best_score = self.eval.move_score(game, moves[best]);
        for _ in 1..self.sample {
            let i = rng.below(moves.len());
            let s = self.eval.move_score(game, moves[i]);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        best
    }
}
