#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions, re-exported so that this crate
/// alone is enough to implement a game for it.
pub use spielbaum_game_trait;

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
mod searcher;
mod solve;
mod stats;
pub mod synthetic;
pub mod table;

pub use agent::limits_for_move;
pub use book::{Book, BookEntry, BookError};
pub use config::{Algorithm, Config, Control, Limits};
pub use searcher::Searcher;
pub use solve::{Solution, Solver, Value, solve};
pub use stats::{Counters, Iteration, SearchResult};
pub use table::{Bound, Entry, Replacement, Table};
