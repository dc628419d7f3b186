//! [`Control`]: what a callback tells a running engine.

/// What a callback (progress, per-level statistics, per-iteration report)
/// tells a running engine to do next. Every spielbaum engine takes callbacks
/// that return it, as petgraph's visitors return `Control`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Control {
    /// Go on.
    #[default]
    Continue,
    /// Stop after the work in hand; the engine answers with what is finished
    /// (completed iterations, levels, statistics).
    Stop,
}

impl Control {
    /// `true` for [`Control::Stop`].
    pub const fn is_stop(self) -> bool {
        matches!(self, Control::Stop)
    }
}
