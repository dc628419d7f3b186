//! Steering long runs: [`Control`] returned by callbacks, [`Progress`]
//! reports, and the error of a run that did not finish.

use core::fmt;

/// What a callback tells the engine to do next (`Stop`: finished levels and
/// checkpoints are kept); the workspace's one `Control`.
pub use spielbaum_game_trait::Control;

/// A progress report: `done` units of `total` (if known) in the current
/// phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Progress {
    /// The phase: `"expand"`, `"enumerate"`, `"propagate"`, …
    pub phase: &'static str,
    /// The current level (depth from the start) where the engine has levels.
    pub level: u32,
    /// Units finished in this phase (positions expanded, …).
    pub done: u64,
    /// Units in this phase, if known.
    pub total: Option<u64>,
}

/// Why a run ended without a complete result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RunError {
    /// A callback returned [`Control::Stop`].
    Stopped,
    /// The state space is larger than the configured limit.
    TooLarge {
        /// The configured limit on stored positions.
        limit: usize,
    },
    /// Reading or writing a checkpoint failed.
    Checkpoint(String),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Stopped => f.write_str("stopped by the caller"),
            RunError::TooLarge { limit } => {
                write!(f, "more than {limit} positions (raise the limit)")
            }
            RunError::Checkpoint(msg) => write!(f, "checkpoint: {msg}"),
        }
    }
}

impl std::error::Error for RunError {}
