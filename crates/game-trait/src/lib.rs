#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod control;
mod draw;
mod eval;
mod ext;
mod game;
mod notation;
mod random;

#[cfg(feature = "conformance")]
pub mod conformance;

/// `rand_core`, whose `RngCore` and `SeedableRng` [`SplitMix64`] implements.
pub use rand_core;

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
pub use random::{RandomMove, index_below, select_bit};
