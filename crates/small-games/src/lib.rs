//! The classic small games of spielbaum, the [`Game`](spielbaum_game_trait::Game)
//! trait's first tenants: [`TicTacToe`], Würfelkippen ([`Dice`]),
//! [`Nim`], and Connect Four ([`Connect4`], boards 4×4 to 9×7).
//!
//! ```
//! use spielbaum_game_trait::{perft_counts, Game, GameExt, Notation};
//! use spielbaum_small_games::{Connect4, Dice, Nim, TicTacToe};
//!
//! let ttt = TicTacToe::new();
//! assert_eq!(perft_counts(&ttt, 3), vec![9, 72, 504]);
//! let after = ttt.after(ttt.parse_move("b2")?);
//! assert_eq!(after.to_string(), ".../.x./...");
//! assert_eq!(after.canonical().orbit_size(), 1);
//!
//! // Würfelkippen: 4 on top, target sum 8; the first move tips to 1, 2, 5 or 6.
//! let dice = Dice::new(4, 8)?;
//! assert_eq!(dice.legal_moves().len(), 4);
//!
//! let nim = Nim::new(&[3, 4, 5])?;
//! assert_eq!(nim.nim_sum(), 2); // non-zero: the first player wins
//!
//! // Connect Four, 7×6 by default; moves are column letters.
//! let mut c4 = Connect4::default();
//! c4.play_line("dcdcd")?;
//! assert_eq!(c4.winning_moves(), 0); // o to move cannot win at once...
//! c4.play_line("a")?;
//! assert_eq!(c4.winning_moves(), 1 << 3); // ...and x wins in column d
//! # Ok::<(), spielbaum_game_trait::NotationError>(())
//! ```
//!
//! Each game implements [`Notation`](spielbaum_game_trait::Notation) and
//! [`Undo`](spielbaum_game_trait::Undo), and runs the conformance suite.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod connect4;
mod dice;
mod nim;
mod tictactoe;

pub use connect4::{
    Bits, Connect4, Connect4Board, Connect4Wide, IMMEDIATE_POINTS, MAX_HEIGHT, MAX_WIDTH,
    MIN_HEIGHT, MIN_WIDTH, OPEN_LINE_POINTS, OpenLines, THREAT_POINTS, Threats,
};
pub use dice::{Dice, MAX_TARGET, Tip};
pub use nim::{MAX_HEAP, MAX_HEAPS, MAX_TOTAL, Nim, Take};
pub use tictactoe::{LINES, LineCount, TicTacToe};
