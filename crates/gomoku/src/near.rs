//! [`Near`]: any agent, searching only the cells near the stones.

use spielbaum_game_trait::{Agent, AgentError, AgentLimits, Decision, History};

use crate::board::{Cell, Gomoku};

/// Wraps an agent so that it sees each position with a candidate radius:
/// its moves are the empty cells within `radius` of a stone (the centre on
/// an empty board), as in [`Engine::with_radius`](crate::Engine::with_radius).
/// A position whose own rules allow fewer moves (a smaller nonzero radius)
/// keeps its own; radius 0 passes the positions through unchanged.
///
/// The inner agent gets a history of the current position alone: a
/// Gomoku position never repeats, so the moves before it do not matter.
pub struct Near<A> {
    inner: A,
    radius: u8,
}

impl<A> Near<A> {
    /// `inner` over the cells within `radius` (at most
    /// [`MAX_RADIUS`](crate::MAX_RADIUS)) of a stone.
    pub fn new(inner: A, radius: u8) -> Self {
        Near { inner, radius: radius.min(crate::rules::MAX_RADIUS) }
    }

    /// The candidate radius.
    pub fn radius(&self) -> u8 {
        self.radius
    }

    /// The wrapped agent.
    pub fn inner(&self) -> &A {
        &self.inner
    }

    /// `pos` as the inner agent sees it.
    fn view(&self, pos: &Gomoku) -> Gomoku {
        let own = pos.rules().radius;
        let radius = match (own, self.radius) {
            (0, r) | (r, 0) => r,
            (a, b) => a.min(b),
        };
        if radius == own { pos.clone() } else { pos.with_radius(radius) }
    }
}

impl<A: Agent<Gomoku>> Agent<Gomoku> for Near<A> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn new_game(&mut self, start: &Gomoku) {
        let start = self.view(start);
        self.inner.new_game(&start);
    }

    fn played(&mut self, before: &Gomoku, mv: Cell) {
        let before = self.view(before);
        self.inner.played(&before, mv);
    }

    fn choose(
        &mut self,
        game: &History<Gomoku>,
        limits: &AgentLimits,
    ) -> Result<Decision<Cell>, AgentError> {
        let view = History::new(self.view(game.position()));
        self.inner.choose(&view, limits)
    }
}
