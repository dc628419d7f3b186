#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions, re-exported so that this crate
/// alone is enough to implement a game for it.
pub use spielbaum_game_trait;

mod agent;
mod analysis;
mod config;
mod convergence;
mod driver;
mod engine;
mod graph;
mod graph_search;
mod math;
pub mod params;
mod playout;
mod search;
mod simulation;
mod tree;

pub use agent::budget_for_move;
pub use analysis::{Analysis, Control, MoveStats, Progress, StopReason};
pub use config::{Budget, Config, Selection};
pub use convergence::{ConvergencePoint, convergence};
pub use engine::{Mcts, MctsError};
pub use playout::{FastUniform, FromFn, Guided, Mixed, Playout, RngExt, Uniform, from_fn};
pub use tree::Proof;
