//! Monte Carlo tree search (MCTS) for any [`Game`](spielbaum_game_trait::Game):
//! UCT or PUCT selection over an arena-allocated tree, pluggable playout
//! policies, per-move win probabilities, MCTS-Solver, tree reuse and root
//! parallelism.
//!
//! ```
//! use spielbaum_mcts::{Budget, Config, Mcts};
//! use spielbaum_small_games::TicTacToe;
//!
//! let mut mcts = Mcts::new(TicTacToe::new(), Config::seeded(1));
//! let analysis = mcts.search(Budget::iterations(5_000));
//! for m in &analysis.moves {
//!     println!("{:?}: {} visits, p(win) = {:.2}", m.mv, m.visits, m.win_probability);
//! }
//! assert!(analysis.best_move.is_some());
//! assert_eq!(analysis.moves.iter().map(|m| m.visits).sum::<u64>(), 5_000);
//! ```
//!
//! # The algorithm
//! Each iteration (see `search.rs`, one named block per step):
//! 1. **Selection** from the root by UCT (`mean + c·sqrt(ln N / n)`) or
//!    PUCT (`mean + c·P·sqrt(N) / (1 + n)`), until a leaf;
//! 2. **Expansion** of the leaf: all its children at once, contiguous in the
//!    arena (on its second visit, see [`Config::expand_threshold`]);
//! 3. **Simulation**: a playout with the [`Playout`] policy to the end;
//! 4. **Backpropagation** of the result to every node on the path, each
//!    counting it for the player who made the node's move.
//!
//! With [`Config::solver`] (MCTS-Solver), terminal positions are proofs that
//! move up the tree; a proven winning move is always chosen.
//!
//! # What is reported
//! For every root move: visits, wins, draws and the win probability
//! `wins / visits` — the `p1, p2, p3` of the seed text — plus the chosen
//! move ([`Analysis`]).
//!
//! # Knobs
//! - [`Budget`]: iterations, wall-clock time, node count (memory cap).
//! - [`Config`]: selection rule and constant, solver, seed, threads (root
//!   parallelism, [`Config::all_cores`]), expansion threshold, playout
//!   length cap. Same seed and iteration budget: same statistics.
//! - Playouts ([`Playout`]): [`Uniform`], [`from_fn`] closures, [`Mixed`],
//!   evaluator-[`Guided`]; priors for PUCT with [`Mcts::with_priors`].
//! - [`Mcts::advance`] keeps the subtree of the move played;
//!   [`Mcts::search_with`] reports progress and can stop early.
//! - One-player puzzles (`Game::PLAYERS == 1`) maximise the playout score;
//!   [`Analysis::best_line`] is the best line sampled.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod analysis;
mod config;
mod convergence;
mod engine;
mod math;
pub mod params;
mod playout;
mod search;
mod tree;

pub use agent::budget_for_move;
pub use analysis::{Analysis, Control, MoveStats, Progress, StopReason};
pub use config::{Budget, Config, Selection};
pub use convergence::{ConvergencePoint, convergence};
pub use engine::{Mcts, MctsError};
pub use playout::{FromFn, Guided, Mixed, Playout, Uniform, from_fn};
pub use tree::Proof;
