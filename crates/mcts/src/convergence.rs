//! How MCTS's estimates converge: the root statistics after growing
//! numbers of iterations on one tree.

use spielbaum_game_trait::{Game, Zero};

use crate::config::{Budget, Config};
use crate::engine::Mcts;
use crate::playout::Uniform;

/// One row of [`convergence`]: after `iterations` iterations in total,
/// each root move's estimated win probability (wins / visits) and its
/// visits.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvergencePoint<M> {
    /// Iterations so far.
    pub iterations: u64,
    /// `(move, win probability, visits)` for every root move, in the
    /// order the game generates them.
    pub moves: Vec<(M, f64, u64)>,
}

/// Runs one search from `start` with `config` (uniform playouts) and
/// records the root statistics after each number of iterations in
/// `checkpoints` (ascending; the search goes on with the same tree between
/// them). With the solver off these are pure Monte Carlo estimates, as an
/// introduction to MCTS shows them.
///
/// ```
/// use spielbaum_mcts::{convergence, Config};
/// use spielbaum_small_games::Nim;
///
/// let rows = convergence(&Nim::new(&[1, 2, 3]).unwrap(), &[100, 1000], Config::seeded(1).solver(false));
/// assert_eq!(rows.len(), 2);
/// assert_eq!(rows[1].iterations, 1000);
/// ```
pub fn convergence<G>(
    start: &G,
    checkpoints: &[u64],
    config: Config,
) -> Vec<ConvergencePoint<G::Move>>
where
    G: Game + Sync,
    G::Move: Send + Sync,
{
    let mut mcts: Mcts<G, Uniform, Zero> = Mcts::new(start.clone(), config);
    let mut order = spielbaum_game_trait::MoveList::new();
    start.moves(&mut order);
    let mut done = 0u64;
    let mut rows = Vec::with_capacity(checkpoints.len());
    for &c in checkpoints {
        if c <= done {
            continue;
        }
        let a = mcts.search(Budget::iterations(c - done));
        done = c;
        let moves = order
            .iter()
            .filter_map(|&mv| a.get(mv).map(|m| (mv, m.win_probability, m.visits)))
            .collect();
        rows.push(ConvergencePoint { iterations: a.total_iterations, moves });
    }
    rows
}
