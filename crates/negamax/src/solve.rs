//! Exact solving: the game's value under perfect play, the plies to the
//! end and every best move.

use spielbaum_game_trait::{EVAL_MAX, Game, Score, Zero, outcome_score, plies_to_end};

use crate::config::{Algorithm, Config, Limits};
use crate::params;
use crate::search::Searcher;

/// The value of a position for the side to move under perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins (puzzles: the goal is reachable).
    Win,
    /// The side to move loses (never for puzzles).
    Loss,
    /// Neither side can force a win (puzzles: the goal is out of reach).
    Draw,
}

impl Value {
    /// `"win"`, `"loss"` or `"draw"`.
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }
}

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// Win, loss or draw for the side to move.
    pub value: Value,
    /// The exact score: `win_in(n)`, `loss_in(n)`, `0` for a two-player
    /// draw, the best reachable puzzle score otherwise.
    pub score: Score,
    /// Plies to the end under best play: the shortest win, the longest
    /// loss; for a draw (or a puzzle without a solution) the length of the
    /// principal variation found (draws have no unique length).
    pub plies: u32,
    /// Every move that keeps the best value (and, for wins and losses, the
    /// best distance), in move-generation order. Empty if the game is over.
    pub best_moves: Vec<M>,
    /// One line of best play to the end.
    pub pv: Vec<M>,
    /// Nodes searched.
    pub nodes: u64,
    /// `true` if every line was searched to the end of the game, so the
    /// value is proven. `false` only for games longer than the solver's
    /// depth cap (255 plies): the value is then a guess.
    pub complete: bool,
}

/// A reusable exact solver (its table is kept between calls, so solving
/// many positions of one game is fast). Keys must identify positions across
/// calls: call [`Solver::clear`] before solving a game with other rules if
/// the key does not include them.
pub struct Solver<G: Game> {
    searcher: Searcher<G, Zero>,
}

impl<G: Game> Default for Solver<G> {
    fn default() -> Self {
        Self::new(4)
    }
}

impl<G: Game> Solver<G> {
    /// A solver with a table of `table_mib` MiB.
    pub fn new(table_mib: usize) -> Self {
        let config = Config {
            table_mib: table_mib.max(1),
            aspiration: None,
            ..Config::with_algorithm(Algorithm::Pvs)
        };
        Solver { searcher: Searcher::new(Zero, config) }
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Solves `game`: alpha-beta (PVS, table, killers, history) with the
    /// [`Zero`] evaluator to the end of the game. The game must end on every
    /// line (no cycles) within 255 plies.
    pub fn solve(&mut self, game: &G) -> Solution<G::Move> {
        if let Some(o) = game.outcome() {
            let score = outcome_score(o, game.to_move(), 0);
            return Solution {
                value: value_of(score),
                score,
                plies: 0,
                best_moves: Vec::new(),
                pv: Vec::new(),
                nodes: 0,
                complete: true,
            };
        }
        let depth = params::DEPTH_INFINITE as u32;
        let r = self.searcher.search(game, &Limits::depth(depth));
        let mut nodes = r.counters.nodes;
        let scores = self.searcher.root_move_scores(game, depth);
        nodes += self.searcher.counters().nodes;
        let complete = r.exact && !self.searcher.hit_horizon();
        let best = scores.iter().map(|&(_, s)| s).max().unwrap_or(r.score);
        debug_assert_eq!(best, r.score);
        let best_moves = scores.iter().filter(|&&(_, s)| s == best).map(|&(m, _)| m).collect();
        Solution {
            value: value_of(best),
            score: best,
            plies: plies_to_end(best).unwrap_or(r.pv.len() as u32),
            best_moves,
            pv: r.pv,
            nodes,
            complete,
        }
    }
}

fn value_of(score: Score) -> Value {
    if score > EVAL_MAX {
        Value::Win
    } else if score < -EVAL_MAX {
        Value::Loss
    } else {
        Value::Draw
    }
}

/// Solves `game` exactly with a fresh [`Solver`] (4 MiB table). See
/// [`Solver::solve`].
///
/// ```
/// use spielbaum_negamax::{solve, synthetic::RandomTree, Value};
///
/// let s = solve(&RandomTree::new(1, 2, 3));
/// assert!(s.plies <= 3);
/// assert!(!s.best_moves.is_empty());
/// # let _ = Value::Win;
/// ```
pub fn solve<G: Game>(game: &G) -> Solution<G::Move> {
    Solver::default().solve(game)
}
