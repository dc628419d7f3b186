#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions, re-exported so that this crate
/// alone is enough to implement a game for it.
pub use spielbaum_game_trait;

mod board;
mod codec;
mod geometry;
mod pack;
pub mod params;
mod position;
mod solve;
mod stats;

pub use board::{Board, Goal, MAX_SIDE};
pub use geometry::Transform;
pub use position::{Jump, Peg};
pub use solve::{
    NoSolution, Pagoda, SolveStats, all_jumps, count_solvable, endgame_pegs, position_class, solve,
};
pub use stats::{PegLevel, Statistics, StatsOptions, named, statistics, statistics_generic};
