//! Scores and the [`Evaluator`] trait.

use crate::game::{Game, MoveList, Outcome, Player};

/// A score for the side to move: higher is better for the player whose turn
/// it is (negamax convention).
///
/// The range is split in two:
/// - heuristic values lie in `-EVAL_MAX..=EVAL_MAX`;
/// - proven results lie outside it: a win in `n` plies is `WIN - n`, a loss
///   in `n` plies is `-(WIN - n)`, so faster wins and slower losses score
///   higher. `n` counts plies from the root of the search.
pub type Score = i32;

/// The score of winning right now (0 plies away).
pub const WIN: Score = 1_000_000;

/// The largest distance to the end, in plies, that scores encode.
pub const MAX_PLY: u32 = 10_000;

/// The bound of heuristic scores: evaluators return values in
/// `-EVAL_MAX..=EVAL_MAX`, strictly between all loss and win scores.
pub const EVAL_MAX: Score = WIN - MAX_PLY as Score - 1;

/// Larger than every score; the initial alpha-beta window is
/// `(-INFINITY, INFINITY)`.
pub const INFINITY: Score = WIN + 1;

/// The score of a win `plies` plies from now.
pub const fn win_in(plies: u32) -> Score {
    WIN - plies as Score
}

/// The score of a loss `plies` plies from now.
pub const fn loss_in(plies: u32) -> Score {
    -WIN + plies as Score
}

/// `true` if `score` is a proven win or loss rather than a heuristic value.
pub const fn is_decisive(score: Score) -> bool {
    score > EVAL_MAX || score < -EVAL_MAX
}

/// For a decisive score, the number of plies to the end; `None` for
/// heuristic values.
pub const fn plies_to_end(score: Score) -> Option<u32> {
    if score > EVAL_MAX {
        Some((WIN - score) as u32)
    } else if score < -EVAL_MAX {
        Some((WIN + score) as u32)
    } else {
        None
    }
}

/// Clamps a heuristic value into `-EVAL_MAX..=EVAL_MAX`.
pub const fn clamp_eval(v: i64) -> Score {
    if v > EVAL_MAX as i64 {
        EVAL_MAX
    } else if v < -(EVAL_MAX as i64) {
        -EVAL_MAX
    } else {
        v as Score
    }
}

/// The exact score of a finished game for `to_move`, `ply` plies from the
/// root of a search.
///
/// - `Win(p)`: `win_in(ply)` if `p == to_move`, else `loss_in(ply)`;
/// - `Draw`: `0`;
/// - `Puzzle { goal: true, .. }`: `win_in(ply)` (a shorter solution is
///   better);
/// - `Puzzle { goal: false, score }`: `score`, clamped to the heuristic
///   range, so any solution beats any dead end.
pub const fn outcome_score(outcome: Outcome, to_move: Player, ply: u32) -> Score {
    match outcome {
        Outcome::Win(p) => {
            if p.index() == to_move.index() {
                win_in(ply)
            } else {
                loss_in(ply)
            }
        }
        Outcome::Draw => 0,
        Outcome::Puzzle { goal: true, .. } => win_in(ply),
        Outcome::Puzzle { goal: false, score } => clamp_eval(score as i64),
    }
}

/// A heuristic evaluation of positions of `G`.
///
/// A game can have several evaluators (the seed texts compare them); they
/// are separate types so engines are generic over both. Only
/// [`evaluate`](Evaluator::evaluate) is required.
pub trait Evaluator<G: Game> {
    /// The value of a position that is *not* finished, for the side to move,
    /// in `-EVAL_MAX..=EVAL_MAX`. (Engines score finished positions with
    /// [`outcome_score`] themselves.)
    fn evaluate(&self, game: &G) -> Score;

    /// `true` if `mv` makes the position unquiet (a capture, a threat, …):
    /// quiescence search keeps searching such moves past the depth limit.
    ///
    /// Default: `false` (no move is noisy, so quiescence search is a plain
    /// evaluation).
    fn is_noisy(&self, game: &G, mv: G::Move) -> bool {
        let _ = (game, mv);
        false
    }

    /// Appends only the noisy moves of `game` (captures, fours, threats) to
    /// `moves`: what quiescence and threat searches look at past the depth
    /// limit. Games that can generate them directly (a capture generator, a
    /// threat table) override it and save generating every move.
    ///
    /// Default: every legal move for which [`is_noisy`](Evaluator::is_noisy)
    /// is `true`, in generation order.
    fn noisy_moves(&self, game: &G, moves: &mut MoveList<G::Move>) {
        let from = moves.len();
        game.moves(moves);
        let mut keep = from;
        for i in from..moves.len() {
            if self.is_noisy(game, moves[i]) {
                moves[keep] = moves[i];
                keep += 1;
            }
        }
        moves.truncate(keep);
    }

    /// A cheap ordering score for each of `moves` (higher is tried first),
    /// written into `scores` (same length), without making the children —
    /// a capture's victim, a pattern table's value of the square, …. Returns
    /// `true` if it wrote scores; engines then order by them instead of by
    /// the children's static values.
    ///
    /// Default: `false` (engines order by evaluating each child, the
    /// classic ordering by static values).
    fn order_moves(&self, game: &G, moves: &[G::Move], scores: &mut [Score]) -> bool {
        let _ = (game, moves, scores);
        false
    }

    /// Prior probabilities of `moves` (for PUCT in Monte Carlo tree search),
    /// written into `priors` (same length as `moves`, summing to 1).
    ///
    /// Default: uniform.
    fn priors(&self, game: &G, moves: &[G::Move], priors: &mut [f32]) {
        let _ = game;
        let p = if moves.is_empty() { 0.0 } else { 1.0 / moves.len() as f32 };
        priors.iter_mut().for_each(|x| *x = p);
    }
}

impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for &E {
    fn evaluate(&self, game: &G) -> Score {
        (**self).evaluate(game)
    }
    fn is_noisy(&self, game: &G, mv: G::Move) -> bool {
        (**self).is_noisy(game, mv)
    }
    fn priors(&self, game: &G, moves: &[G::Move], priors: &mut [f32]) {
        (**self).priors(game, moves, priors)
    }
    fn noisy_moves(&self, game: &G, moves: &mut MoveList<G::Move>) {
        (**self).noisy_moves(game, moves)
    }
    fn order_moves(&self, game: &G, moves: &[G::Move], scores: &mut [Score]) -> bool {
        (**self).order_moves(game, moves, scores)
    }
}

impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for Box<E> {
    fn evaluate(&self, game: &G) -> Score {
        (**self).evaluate(game)
    }
    fn is_noisy(&self, game: &G, mv: G::Move) -> bool {
        (**self).is_noisy(game, mv)
    }
    fn priors(&self, game: &G, moves: &[G::Move], priors: &mut [f32]) {
        (**self).priors(game, moves, priors)
    }
    fn noisy_moves(&self, game: &G, moves: &mut MoveList<G::Move>) {
        (**self).noisy_moves(game, moves)
    }
    fn order_moves(&self, game: &G, moves: &[G::Move], scores: &mut [Score]) -> bool {
        (**self).order_moves(game, moves, scores)
    }
}

/// The evaluator that knows nothing: every unfinished position is worth 0.
/// With it, a search to the end of the game solves it exactly.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<G: Game> Evaluator<G> for Zero {
    fn evaluate(&self, _game: &G) -> Score {
        0
    }
}
