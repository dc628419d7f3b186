//! Play any spielbaum game in the terminal and measure agents against each
//! other: agent specs ([`AgentSpec`]), a game's [`Catalog`] of evaluators
//! and agents, matches with paired openings ([`run_match`]), Elo with
//! trinomial and pentanomial intervals, LOS and SPRT ([`stats`]), stored
//! games ([`GameRecord`]) and an interactive session ([`session`]).
//!
//! The example and the overview are in the README (this crate's doc page).
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod catalog;
mod engines;
mod record;
mod runner;
pub mod session;
mod spec;
pub mod stats;

pub use catalog::{
    AgentBuilder, Catalog, DynAgent, DynEval, GENERIC_AGENTS, NamedAgent, NamedEval, Prepared,
    agent_kinds,
};
pub use record::GameRecord;
pub use runner::{MatchConfig, MatchError, MatchReport, Openings, SprtState, run_match};
pub use spec::{AgentSpec, SpecError, parse_duration};
pub use stats::{Estimate, Pentanomial, Sprt, SprtResult, Wdl};
