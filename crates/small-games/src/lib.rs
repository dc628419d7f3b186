//! The classic small games of spielbaum, the [`Game`](spielbaum_game_trait::Game)
//! trait's first tenants: [`TicTacToe`], Würfelkippen ([`Dice`]) and
//! [`Nim`].
//!
//! ```
//! use spielbaum_game_trait::{perft_counts, Game, GameExt, Notation};
//! use spielbaum_small_games::{Dice, Nim, TicTacToe};
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
//! # Ok::<(), spielbaum_game_trait::NotationError>(())
//! ```
//!
//! Each game implements [`Notation`](spielbaum_game_trait::Notation) and
//! [`Undo`](spielbaum_game_trait::Undo), and runs the conformance suite.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod dice;
mod nim;
mod tictactoe;

pub use dice::{Dice, MAX_TARGET, Tip};
pub use nim::{MAX_HEAP, MAX_HEAPS, MAX_TOTAL, Nim, Take};
pub use tictactoe::{LINES, LineCount, TicTacToe};
