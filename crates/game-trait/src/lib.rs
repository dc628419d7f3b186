//! The core of spielbaum: the [`Game`] trait that every search engine drives
//! and every game implements, the separate [`Evaluator`] trait for
//! heuristics, and [`Notation`] for positions and moves.
//!
//! ```
//! use spielbaum_game_trait::{perft_counts, Game, MoveList, Outcome, Player};
//!
//! /// "21": take 1, 2 or 3; whoever takes the last object wins.
//! #[derive(Clone)]
//! struct TakeAway { left: u32, mover: Player }
//!
//! impl Game for TakeAway {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.mover }
//!     fn moves(&self, out: &mut MoveList<u32>) {
//!         out.extend((1..=3).filter(|&t| t <= self.left));
//!     }
//!     fn play(&mut self, take: u32) {
//!         self.left -= take;
//!         self.mover = self.mover.other();
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         // The player who just moved took the last object.
//!         (self.left == 0).then(|| Outcome::Win(self.mover.other()))
//!     }
//!     fn key(&self) -> u64 { u64::from(self.left) << 1 | self.mover.index() as u64 }
//! }
//!
//! let start = TakeAway { left: 4, mover: Player::FIRST };
//! // 3 first moves; 3 + 2 + 1 two-move sequences; ...
//! assert_eq!(perft_counts(&start, 4), vec![3, 6, 4, 1]);
//! ```
//!
//! # Design
//! - The implementing type is the position; engines clone it and play a move
//!   on the copy (copy-make). [`Undo`] exists for games that want make/undo.
//! - Moves are appended into a caller-owned [`MoveList`] (a `SmallVec`), so a
//!   search allocates nothing per node.
//! - Five required methods; symmetries, canonical forms and copy-make have
//!   documented defaults. Conveniences live in [`GameExt`] and free
//!   functions ([`perft`], [`perft_counts`], [`random_playout`]).
//! - Scores ([`Score`]) are for the side to move; proven wins and losses lie
//!   outside the heuristic range and encode the distance to the end.
//!
//! With the `conformance` feature, the `conformance` module checks any game against
//! the contract over random play.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod control;
mod draw;
mod eval;
mod ext;
mod game;
mod notation;

#[cfg(feature = "conformance")]
pub mod conformance;

pub use agent::{
    Agent, AgentError, AgentLimits, Decision, Ending, History, Limited, OnePly, RandomAgent,
    legal_moves_of, one_ply_score, play_game,
};
pub use control::Control;
pub use draw::{DrawRules, KeyHistory};
pub use eval::{
    EVAL_MAX, Evaluator, INFINITY, MAX_PLY, Score, WIN, Zero, clamp_eval, is_decisive, loss_in,
    outcome_score, plies_to_end, win_in,
};
pub use ext::{GameExt, SplitMix64, perft, perft_counts, perft_undo, random_playout};
pub use game::{Game, INLINE_MOVES, MoveList, Outcome, Player, Undo};
pub use notation::{Notation, NotationError, NotationKind};
