//! Peg solitaire: the English (33 holes) and French (37 holes) boards and
//! any board given as a text mask, jumps by shifts and masks on a bitboard,
//! the board's symmetries, complete statistics with exact path counts, and a
//! solver.
//!
//! ```
//! use spielbaum_game_trait::{Game, GameExt, Notation};
//! use spielbaum_peg_solitaire::{Board, StatsOptions, statistics};
//!
//! let board = Board::english();
//! let start = board.start_at("d4")?;
//! assert_eq!(start.count(), 32);
//! assert_eq!(start.legal_moves().len(), 4); // four jumps into the centre
//! let next = start.after(start.parse_move("d2-d4")?);
//! assert_eq!(next.to_string(), "..111../..101../1110111/1111111/1111111/..111../..111..");
//!
//! // The first levels: 1 start, 4 positions with 31 pegs (1 up to symmetry), 12 with 30.
//! let options = StatsOptions { down_to: Some(30), ..StatsOptions::default() };
//! let stats = statistics(&start, &options, |_| {}, |_| Default::default()).unwrap();
//! let positions: Vec<u64> = stats.levels.iter().map(|l| l.stats.positions).collect();
//! assert_eq!(positions, [1, 4, 12]);
//! assert_eq!(stats.levels[1].stats.canonical, 1);
//! # Ok::<(), spielbaum_game_trait::NotationError>(())
//! ```
//!
//! Holes are named by file `a`–`h` (columns from the left) and rank `1`–`8`
//! (rows from the top): `d4` is the centre of the English and French
//! boards. A jump is written `d2-d4`.
//!
//! Solving the central game (position classes, a dead-position table, a
//! pagoda function and an end-game table from the inverse board):
//!
//! ```
//! use spielbaum_game_trait::{Game, GameExt};
//! use spielbaum_peg_solitaire::{Board, Goal, NoSolution, solve};
//!
//! let board = Board::english().with_goal(Goal::Hole(3 * 8 + 3))?; // d4
//! let start = board.start_at("d4")?;
//! let (result, _stats) = solve(&start, |_| Default::default()).expect("not stopped");
//! let jumps = result.expect("the central game has solutions");
//! let end = jumps.iter().fold(start, |p, &j| p.after(j));
//! assert_eq!(end.count(), 1);
//!
//! // The French central game is impossible, without any search.
//! let french = Board::french().with_goal(Goal::Hole(3 * 8 + 3))?;
//! let (result, stats) = solve(&french.start_at("d4")?, |_| Default::default()).unwrap();
//! assert_eq!(result, Err(NoSolution::PositionClass));
//! assert_eq!(stats.nodes, 0);
//! # Ok::<(), spielbaum_game_trait::NotationError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

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
