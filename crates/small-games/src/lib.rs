#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions, re-exported so that this crate
/// alone is enough to implement a game for it.
pub use spielbaum_game_trait;

mod connect4;
mod dice;
mod nim;
mod tictactoe;

pub use connect4::{
    Bits, Connect4, Connect4Board, Connect4Wide, IMMEDIATE_POINTS, MAX_HEIGHT, MAX_WIDTH,
    MIN_HEIGHT, MIN_WIDTH, OPEN_LINE_POINTS, OPEN_LINES_IMMEDIATE, OpenLines, THREAT_LINE_POINTS,
    THREAT_POINTS, Threats,
};
pub use dice::{Dice, MAX_TARGET, Tip};
pub use nim::{MAX_HEAP, MAX_HEAPS, MAX_TOTAL, Nim, Take};
pub use tictactoe::{LINES, LineCount, TicTacToe};
