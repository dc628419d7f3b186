//! Ready-made players: the game's own [`MillEngine`] (the strongest,
//! [`strong`]), the negamax [`Engine`] over [`MillEval`] (iterative
//! deepening, a table shared by symmetric positions, quiescence over
//! mill-closing moves, repetition draws from the game's history, time
//! control), Monte Carlo tree search, and the 1976 program.
//!
//! Each is a [`spielbaum_game_trait::Agent`]:
//!
//! ```
//! use spielbaum_game_trait::{play_game, AgentLimits, Agent, Ending};
//! use spielbaum_muehle::{engine, Position, Rules, Variant};
//!
//! let mut strong = engine::strong(4);
//! let mut old = engine::program_1976();
//! let start = Position::new(Rules::new(Variant::Nine));
//! let (game, ending) = play_game([&mut strong, &mut old], start, &AgentLimits::depth(3), 400);
//! assert!(matches!(ending, Ending::Finished(_) | Ending::PlyLimit));
//! assert!(game.len() > 0);
//! ```

use spielbaum_game_trait::OnePly;
use spielbaum_mcts::Mcts;
use spielbaum_negamax::{Config, Searcher};

use crate::eval::MillEval;
use crate::eval1976::Eval1976;
use crate::position::Position;
use crate::search::MillEngine;

/// The negamax searcher with the project's evaluator.
pub type Engine = Searcher<Position, MillEval>;

/// The engine's configuration: negamax's `ordered` preset (iterative
/// deepening, table, static ordering, killers, history; at depth 7 on
/// Mühle it measured 3–4× faster than negamax's default in the peer bench,
/// whose adaptive switch turns static ordering off in games with many
/// transpositions) plus symmetric table look-ups and quiescence
/// search over the moves that close a mill, with a table of `table_mib`
/// MiB.
pub fn engine_config(table_mib: usize) -> Config {
    Config { table_mib, symmetry: true, quiescence: true, ..Config::ordered() }
}

/// The engine with a table of `table_mib` MiB ([`engine_config`]).
pub fn engine(table_mib: usize) -> Engine {
    Searcher::new(MillEval, engine_config(table_mib))
}

/// The game's own engine ([`MillEngine`]): alpha-beta written for this
/// position (move stack, packed table, quiescence over mill closures,
/// repetitions with contempt), with a table of `table_mib` MiB; named
/// `engine`.
pub fn strong(table_mib: usize) -> MillEngine {
    MillEngine::new(crate::search::Config { table_mib, ..Default::default() })
}

/// The 1976 program: one ply ahead over [`Eval1976`], ties to the first
/// move generated; named `oneply:1976`.
pub fn program_1976() -> OnePly<Eval1976> {
    OnePly::new(Eval1976).named("oneply:1976")
}

/// Monte Carlo tree search (uniform playouts, MCTS-Solver, seeded) from
/// `start`.
pub fn mcts(start: Position, seed: u64) -> Mcts<Position> {
    Mcts::new(start, spielbaum_mcts::Config::seeded(seed).solver(true))
}
