#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions (`spielbaum-game-trait`); with the
/// `conformance` feature also `game::conformance`.
pub use spielbaum_game_trait as game;

pub use spielbaum_game_trait::{
    Evaluator, Game, GameExt, MoveList, Notation, NotationError, Outcome, Player, Score, Undo,
};

/// The alpha-beta family and the exact solver (`spielbaum-negamax`).
#[cfg(feature = "negamax")]
pub use spielbaum_negamax as negamax;

/// Monte Carlo tree search (`spielbaum-mcts`).
#[cfg(feature = "mcts")]
pub use spielbaum_mcts as mcts;

/// Breadth-first reachability, path counting and retrograde solving
/// (`spielbaum-bfs-reach`).
#[cfg(feature = "bfs-reach")]
pub use spielbaum_bfs_reach as bfs;

/// Tic-tac-toe, Würfelkippen and NIM (`spielbaum-small-games`).
#[cfg(feature = "small-games")]
pub use spielbaum_small_games as small_games;

/// Peg solitaire (`spielbaum-peg-solitaire`).
#[cfg(feature = "peg-solitaire")]
pub use spielbaum_peg_solitaire as peg;

/// The golf-club puzzle (`spielbaum-golf-clubs`).
#[cfg(feature = "golf-clubs")]
pub use spielbaum_golf_clubs as golf;

/// The subtraction game "3, 5, 11" (`spielbaum-nim-variant`).
#[cfg(feature = "nim-variant")]
pub use spielbaum_nim_variant as nim_variant;

/// Five in a row and m,n,k-games (`spielbaum-gomoku`).
#[cfg(feature = "gomoku")]
pub use spielbaum_gomoku as gomoku;

/// Matches between agents, Elo, SPRT, play in the terminal
/// (`spielbaum-arena`).
#[cfg(feature = "arena")]
pub use spielbaum_arena as arena;

/// Mühle: Three, Six, Nine and Twelve Men's Morris (`spielbaum-muehle`).
#[cfg(feature = "muehle")]
pub use spielbaum_muehle as muehle;
