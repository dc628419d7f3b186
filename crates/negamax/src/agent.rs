//! The [`Searcher`] as an [`Agent`]: any configuration plays games.

use std::time::Instant;

use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, Evaluator, Game, History, legal_moves_of,
};

use crate::config::Limits;
use crate::params;
use crate::searcher::Searcher;
use crate::solve::Solver;

/// The engine's limits for one move: the caller's limits where it sets
/// them, else `own`'s; a time limit alone searches iteratively until it
/// runs out; nothing at all searches [`params::AGENT_DEPTH`] plies.
pub fn limits_for_move(limits: &AgentLimits, own: &AgentLimits) -> Limits {
    let l = limits.or(*own);
    let mut out = match (l.time, l.depth) {
        (Some(t), _) => Limits::time(t),
        (None, Some(d)) => Limits::depth(d),
        (None, None) if l.nodes.is_some() => Limits::time(std::time::Duration::from_secs(3600)),
        (None, None) => Limits::depth(params::AGENT_DEPTH),
    };
    if let (Some(_), Some(d)) = (l.time, l.depth) {
        out.depth = d;
    }
    if l.nodes.is_some() {
        out.nodes = l.nodes;
        out.deadline = l.time.map(|t| Instant::now() + t);
    }
    out
}

/// The searcher plays: it searches the position with the game's history
/// (so repetitions are draws, where the game has that rule) within the
/// caller's limits, with lazy SMP when its configuration has more than one
/// thread. Its name is `negamax`; a new game clears its table, killers and
/// history. The decision carries the score, depth, nodes and PV.
impl<G, E> Agent<G> for Searcher<G, E>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluator<G> + Clone + Send + Sync,
{
    fn name(&self) -> String {
        "negamax".into()
    }

    fn new_game(&mut self, _start: &G) {
        self.clear();
    }

    fn choose(
        &mut self,
        game: &History<G>,
        limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        let moves = legal_moves_of(game)?;
        self.set_history(game.keys().keys());
        let lim = limits_for_move(limits, &AgentLimits::NONE);
        let r = self.search_parallel(game.position(), &lim);
        let mv = r.best_move.filter(|m| moves.contains(m)).unwrap_or(moves[0]);
        Ok(Decision {
            mv,
            score: Some(r.score),
            depth: Some(r.depth),
            nodes: Some(r.counters.nodes),
            pv: r.pv,
            win_probability: None,
        })
    }
}

/// The exact solver plays perfectly: the first of the moves that keep the
/// game's value (the fastest win, the slowest loss), whatever the limits
/// (it searches to the end). The game's history counts for the repetition
/// rule. Its name is `solver`; its table is kept between moves and games.
impl<G> Agent<G> for Solver<G>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    fn name(&self) -> String {
        "solver".into()
    }

    fn choose(
        &mut self,
        game: &History<G>,
        _limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        let moves = legal_moves_of(game)?;
        self.set_history(game.keys().keys());
        let sol = self.solve(game.position());
        let mv = sol.best_moves.first().copied().filter(|m| moves.contains(m)).unwrap_or(moves[0]);
        Ok(Decision {
            mv,
            score: Some(sol.score),
            depth: Some(sol.plies),
            nodes: Some(sol.nodes),
            pv: sol.pv,
            win_probability: None,
        })
    }
}
