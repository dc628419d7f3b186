#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod notation;
mod position;
mod rules;

pub use board::{Board, MAX_POINTS, MAX_SYMMETRIES, Variant};
pub use position::{Move, NONE, Phase, Position};
pub use rules::{DEFAULT_DRAW, Rules};
