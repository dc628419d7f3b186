#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions, re-exported so that this crate
/// alone is enough to implement a game for it.
pub use spielbaum_game_trait;

mod game;
mod picture;
mod players;
mod retro;
mod simulate;
mod theory;

pub use game::{MAX_NUMBER, MAX_SUBTRACTIONS, SubtractionGame, Subtractions, player_letter};
pub use picture::{Series, course_dot, course_svg, game_graph_dot, game_graph_svg, line_chart_svg};
pub use players::{Mixed, Optimal, Oracle, PERIOD_SEARCH_LIMIT, Random, parse_player};
pub use retro::retrograde_classification;
pub use simulate::{
    Course, EdgeColour, SimConfig, SimResult, Tally, playout, playout_into, simulate, wilson,
};
pub use theory::{
    Classification, MAX_TABLE, Periodicity, StrategyTable, find_period, redundant_subtractions,
    same_classification, sweep, verify_period,
};
