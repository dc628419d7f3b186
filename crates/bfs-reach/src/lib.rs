//! Breadth-first reachability with exact path counts and symmetry, dense
//! integer BFS, and retrograde solving — for any spielbaum
//! [`Game`](spielbaum_game_trait::Game).
//!
//! ```
//! use spielbaum_bfs_reach::retrograde::{self, Value};
//! use spielbaum_bfs_reach::general::GeneralBfs;
//! use spielbaum_bfs_reach::Control;
//! use spielbaum_small_games::{Nim, TicTacToe};
//!
//! // Retrograde analysis: every reachable position with its exact value.
//! let start = Nim::new(&[1, 2, 3])?;
//! let table = retrograde::solve(&start).expect("small");
//! assert!(matches!(table.get(&start), Some(Value::Loss(_)))); // 1 ^ 2 ^ 3 == 0
//! let won = retrograde::solve(&Nim::new(&[1, 2, 2])?).expect("small");
//! assert!(matches!(won.get(&Nim::new(&[1, 2, 2])?), Some(Value::Win(_)))); // take the 1
//!
//! // Breadth-first search with a visited set, one position per symmetry class.
//! let summary = GeneralBfs::new().symmetry(true).run(&TicTacToe::new(), |_, _| Control::Continue)?;
//! assert_eq!(summary.total_canonical(), 765);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The engines:
//! - [`level`]: level-synchronous search for graded games (every path to a
//!   position has the same length, like peg solitaire): only two levels in
//!   memory, `u128` path counters, symmetry reduction that stays exact for
//!   any start, per-level statistics streamed to a callback, rayon
//!   parallelism partitioned by key, progress, checkpoints.
//! - [`packed`]: the same search for games whose positions pack into keys
//!   of at most 37 bits through a small codec trait ([`LevelCodec`]):
//!   about 12 bytes per stored class, buckets and cache-sized tables,
//!   counters widened only when needed, SIMD paths chosen at run time
//!   ([`Cpu`]), checkpoints.
//! - [`general`]: breadth-first search with a visited set for any game.
//! - [`dense`]: breadth-first search over small integer state spaces (an
//!   active list, early stop when a target set is complete).
//! - [`retrograde`]: win/loss/draw and plies to the end for every reachable
//!   position of a two-player game or puzzle.
//! - [`perfect`]: the same values for games whose positions are numbered
//!   densely ([`PerfectIndex`]): 2-bit tables per subspace, solved in
//!   dependency order in parallel, stored with checksums, resumable.
//!
//! Long runs report [`Progress`] and stop on [`Control::Stop`]; finished
//! levels are kept.
#![deny(unsafe_code)]
#![deny(missing_docs)]

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
mod table;

pub use checkpoint::{CheckedReader, read_checked, write_atomically, write_checked};
pub use control::{Control, Progress, RunError};
pub use cpu::Cpu;
pub use level::{FromKey, LevelBfs, LevelStats, LevelView, Summary};
pub use packed::{LevelCodec, PackedBfs, PackedView};
pub use perfect::{Database, PerfectError, PerfectIndex, PerfectSolver};
pub use retrograde::{RetroTable, Retrograde, Value};
pub use table::Part;
