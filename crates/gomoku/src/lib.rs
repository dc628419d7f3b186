#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bits;
mod board;
mod lines;
mod notation;
mod rules;

pub use bits::{Bits, CELLS, MAX_SIDE, STRIDE, cell, coords};
pub use board::{Cell, Gomoku, LEVELS};
pub use rules::{DIRS, MAX_RADIUS, MIN_K, MIN_SIDE, Rules};
mod shape;
mod threat;
pub use shape::{Shape, Shapes, classify};
pub use threat::{Cells, ThreatSearch, winning_cells};
mod eval;
pub use eval::{
    FreeFields, MAX_FORCED_BLOCKS, OpenRows, Pattern, RowCount, THREAT_WIN, THREE_TO_DEFEND,
    THREE_WINS, WINDOW_WEIGHTS, WINNING, WithVcf, centre,
};
mod engine;
pub use engine::{
    DEFAULT_RADIUS, Engine, RootChecks, SAFE_MOVES, SETUP_MOVES, SETUP_REPLIES, openings,
};
mod near;
pub use near::Near;
pub mod gomocup;
mod playout;
pub use playout::PatternPlayout;
mod solve;
pub use solve::{Forced, MnkSolution, MnkSolver, has_free_window};
