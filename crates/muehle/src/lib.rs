#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod board;
pub mod cpu;
pub mod db;
pub mod engine;
mod eval;
mod eval1976;
mod features;
mod lines;
mod notation;
pub mod params;
mod position;
mod rules;
pub mod search;
mod setups;
mod table;
mod threats;
pub mod uci;

pub use board::{Board, MAX_POINTS, MAX_SYMMETRIES, Variant};
pub use cpu::Cpu;
pub use eval::{MillEval, double_mills, evaluate_with, running_mills};
pub use eval1976::{
    Breakdown, Eval1976, H4_NO_MILL, Phase1976, WEIGHTS, WEIGHTS_14, mobility_value,
};
pub use params::Weights;
pub use position::{Move, NONE, Phase, Position};
pub use rules::{DEFAULT_DRAW, Rules};
pub use search::{Config as EngineConfig, MillEngine, SearchResult};
pub use setups::running_setups;
pub use threats::{forced_block, fork_points, running_mill_ready, unstoppable_threat};
