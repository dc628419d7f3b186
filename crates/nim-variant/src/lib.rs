//! The subtraction game "3, 5, 11" (a NIM variant, from the seed text
//! 003): start with a number n; players A and B alternately subtract a
//! number of a set S (default {3, 5, 11}); whoever produces exactly 0 wins,
//! whoever produces a negative number loses at once.
//!
//! ```
//! use spielbaum_game_trait::{Game, Outcome, Player};
//! use spielbaum_nim_variant::SubtractionGame;
//!
//! // The text's sample game from n = 22: 17, 12, 9, 6, 1, then B overshoots.
//! let mut g = SubtractionGame::new(22, &[3, 5, 11]).unwrap();
//! for d in [5, 5, 3, 3, 5, 3] {
//!     g.play(d);
//! }
//! assert_eq!(g.number(), -2);
//! assert_eq!(g.outcome(), Some(Outcome::Win(Player::FIRST)));
//! ```
//!
//! The theory and a match:
//!
//! ```
//! use spielbaum_nim_variant::{Mixed, Random, SimConfig, StrategyTable, Subtractions, simulate};
//!
//! let s = Subtractions::CLASSIC;
//! // Red numbers (produce them): n mod 8 in {0, 1, 2}, proved periodic.
//! let t = StrategyTable::build(&s, 10_000).unwrap().unwrap();
//! assert_eq!((t.periodicity.period, t.red_residues()), (8, vec![0, 1, 2]));
//! // mixed:0.6 against the random strategy, 500 games from 20..=50.
//! let (mut a, mut b) = (Mixed::new(&s, 0.6, 1).unwrap(), Random::new(2));
//! let r = simulate(&mut a, &mut b, &SimConfig { games: 500, ..SimConfig::classic() }, |_| true)
//!     .unwrap();
//! assert!(r.all.rate() > 0.5);
//! ```
//!
//! # Contents
//! - The game: [`SubtractionGame`] (implements `Game`, `Notation`, `Undo`;
//!   a move is the number subtracted) and its rules [`Subtractions`].
//! - Theory: [`sweep`] (the text's direct sweep) and
//!   [`retrograde_classification`] (bfs-reach's generic solver) give a
//!   [`Classification`] into red (P-) and blue (N-) numbers;
//!   [`find_period`] and [`verify_period`] find and prove the period;
//!   [`StrategyTable`] is the text's Table 2 for any S;
//!   [`same_classification`] and [`redundant_subtractions`] answer the
//!   exercises.
//! - Players, as agents (`spielbaum_game_trait::Agent`): [`Optimal`],
//!   [`Random`], [`Mixed`]; [`parse_player`] reads `optimal`, `random`,
//!   `mixed:0.6`. The engines play through their own crates' agents
//!   (negamax's `Searcher` and `Solver`, MCTS's `Mcts`), so this crate
//!   depends on no engine but bfs-reach (for its retrograde theory).
//! - Simulation: [`playout`], [`simulate`] (seeded, Wilson intervals).
//! - Pictures (SVG and Graphviz DOT, written here): [`course_svg`],
//!   [`course_dot`], [`game_graph_svg`], [`game_graph_dot`],
//!   [`line_chart_svg`]. (MCTS's estimates over the iterations:
//!   `spielbaum_mcts::convergence`.)
//!
//! Design decisions and measurements: `docs/nim-variant.md`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

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
