//! Play any spielbaum game in the terminal and measure agents against each
//! other: agent specs ([`AgentSpec`]), a game's [`Catalog`] of evaluators
//! and agents, matches with paired openings ([`run_match`]), Elo with
//! trinomial and pentanomial intervals, LOS and SPRT ([`stats`]), stored
//! games ([`GameRecord`]) and an interactive session ([`session`]).
//!
//! ```
//! use std::sync::Arc;
//! use spielbaum_arena::{Catalog, MatchConfig, NamedEval, run_match};
//! use spielbaum_game_trait::Zero;
//! use spielbaum_small_games::Nim;
//!
//! let catalog = Arc::new(Catalog::<Nim> {
//!     evaluators: vec![NamedEval { name: "zero", help: "0", make: || Box::new(Zero) }],
//!     agents: Vec::new(),
//! });
//! let a = catalog.prepare("oneply").unwrap();
//! let b = catalog.prepare("random").unwrap();
//! let cfg = MatchConfig { games: 20, seed: 1, ..MatchConfig::default() };
//! let start = Nim::new(&[3, 4, 5]).unwrap();
//! let report = run_match(&start, &a, &b, &cfg, |_, _| true).unwrap();
//! assert_eq!(report.wdl.games(), 20);
//! ```
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
    AgentBuilder, Catalog, Configured, DynAgent, DynEval, GENERIC_AGENTS, NamedAgent, NamedEval,
    Prepared,
};
pub use record::GameRecord;
pub use runner::{MatchConfig, MatchError, MatchReport, Openings, SprtState, run_match};
pub use spec::{AgentSpec, SpecError, parse_duration};
pub use stats::{Estimate, Pentanomial, Sprt, SprtResult, Wdl};
