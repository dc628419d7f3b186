//! The alpha-beta family for any [`Game`](spielbaum_game_trait::Game): plain
//! NegaMax, alpha-beta, move ordering by static evaluation, principal
//! variation search, iterative deepening, aspiration windows, killer moves,
//! the history heuristic, search extensions, quiescence search, a
//! lock-free transposition table, opening books, lazy SMP, and an exact
//! solver.
//!
//! ```
//! use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval};
//! use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};
//!
//! let root = RandomTree::new(7, 4, 20);
//! // Plain NegaMax and the strongest configuration agree on the value.
//! let mut plain = Searcher::new(RandomTreeEval, Config::plain(Algorithm::Negamax));
//! let mut best = Searcher::new(RandomTreeEval, Config::default());
//! let a = plain.search(&root, &Limits::depth(5));
//! let b = best.search(&root, &Limits::depth(5));
//! assert_eq!(a.score, b.score);
//! assert!(b.counters.nodes < a.counters.nodes);
//! ```
//!
//! Exact solving of small games:
//!
//! ```
//! use spielbaum_negamax::{solve, synthetic::RandomTree};
//!
//! let s = solve(&RandomTree::new(3, 3, 5));
//! println!("{} in {} plies, best moves {:?}", s.value.name(), s.plies, s.best_moves);
//! ```
//!
//! # Design
//! - [`Searcher`] owns its state (table, killers, history, per-ply
//!   buffers) and borrows the game for each search; engines copy-make.
//! - Every technique is a switch in [`Config`], so its effect can be
//!   measured alone; [`Algorithm`] names the text's steps.
//! - Scores follow `spielbaum_game_trait`: for the side to move, proven
//!   results encode the distance to the end. Puzzles (`PLAYERS == 1`) are
//!   maximised without sign flips.
//! - Tuning constants are in [`params`]. Measurements: `docs/negamax.md`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod adaptive;
mod agent;
mod book;
mod config;
pub mod cyclic;
mod driver;
mod ordering;
pub mod params;
mod plain;
mod quiesce;
mod search;
mod solve;
mod stats;
pub mod synthetic;
pub mod table;

pub use agent::limits_for_move;
pub use book::{Book, BookEntry, BookError};
pub use config::{Algorithm, Config, Control, Limits};
pub use search::Searcher;
pub use solve::{Solution, Solver, Value, solve};
pub use stats::{Counters, Iteration, SearchResult};
pub use table::{Bound, Entry, Replacement, Table};
