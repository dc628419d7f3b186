#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]
#![deny(missing_docs)]

/// The `Game` trait and its companions, re-exported so that this crate
/// alone is enough to implement a game for it.
pub use spielbaum_game_trait;

mod checkpoint;
pub mod control;
pub mod cpu;
pub mod dense;
mod expand;
pub mod general;
pub mod level;
pub mod packed;
pub mod params;
pub mod perfect;
pub mod retrograde;

pub use checkpoint::{CheckedReader, read_checked, write_atomically, write_checked};
pub use control::{Control, Progress, RunError};
pub use cpu::Cpu;
pub use level::{FromKey, LevelBfs, LevelStats, LevelView, Summary};
pub use packed::{LevelCodec, PackedBfs, PackedView};
pub use perfect::{Database, PerfectError, PerfectIndex, PerfectSolver};
pub use retrograde::{RetroTable, Retrograde, Value};
