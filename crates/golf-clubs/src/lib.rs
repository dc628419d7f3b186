#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions, re-exported so that this crate
/// alone is enough to implement a game for it.
pub use spielbaum_game_trait;

mod bits;
mod error;
mod eval;
mod game;
pub mod params;
mod rules;
mod search;
mod table;
mod tournament;

pub use error::{GolfError, Subject};
pub use eval::{Eval, Scorer};
pub use game::GolfHole;
pub use rules::{ClubSet, Rules};
pub use search::{Control, Found, Progress};
pub use table::{ActiveList, Method, StrokeTable, TunedActiveList, strokes, strokes_into};
pub use tournament::{Hole, Rational, Tournament};
