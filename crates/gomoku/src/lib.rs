#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bits;
mod board;
mod notation;
mod rules;

pub use bits::{Bits, CELLS, MAX_SIDE, STRIDE, cell, coords};
pub use board::{Cell, Gomoku, LEVELS};
pub use rules::{DIRS, MAX_RADIUS, MIN_K, MIN_SIDE, Rules};
