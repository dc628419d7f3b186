//! [`Mcts`] as an [`Agent`]: searches with the game's history, keeps its
//! tree between moves.

use spielbaum_game_trait::rand_core::{RngCore, SeedableRng};
use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, Evaluator, Game, History, legal_moves_of,
};

use crate::config::Budget;
use crate::engine::Mcts;
use crate::params;
use crate::playout::Playout;

/// The engine's budget for one move: the caller's limits where it sets
/// them, else `own`'s (`nodes` counts iterations); nothing at all runs
/// [`params::AGENT_ITERATIONS`] iterations.
pub fn budget_for_move(limits: &AgentLimits, own: &AgentLimits) -> Budget {
    let l = limits.or(*own);
    if l.time.is_none() && l.nodes.is_none() {
        return Budget::iterations(params::AGENT_ITERATIONS);
    }
    Budget { iterations: l.nodes, time: l.time, nodes: None }
}

/// Monte Carlo tree search plays: the moves of the game (its own and the
/// opponent's) advance the root and keep the subtree below them, the
/// game's history makes repetitions draws where the game has that rule,
/// and the decision carries the chosen move's win probability, the
/// iterations and the most visited line. Its name is `mcts`.
impl<G, P, E, R> Agent<G> for Mcts<G, P, E, R>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    P: Playout<G, R> + Clone + Send,
    E: Evaluator<G> + Send + Sync,
    R: RngCore + SeedableRng + Clone + Send,
{
    fn name(&self) -> String {
        "mcts".into()
    }

    fn new_game(&mut self, start: &G) {
        self.set_root(start.clone());
    }

    fn played(&mut self, before: &G, mv: G::Move) {
        if self.root().key() != before.key() || self.advance(mv).is_err() {
            let mut history = self.history().to_vec();
            history.push(before.key());
            self.set_root(before.after(mv));
            self.set_history(&history);
        }
    }

    fn choose(
        &mut self,
        game: &History<G>,
        limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        let moves = legal_moves_of(game)?;
        if self.root().key() != game.position().key() {
            self.set_root(game.position().clone());
        }
        self.set_history(game.keys().keys());
        let a = self.search(budget_for_move(limits, &AgentLimits::NONE));
        let mv = a.best_move.filter(|m| moves.contains(m)).unwrap_or(moves[0]);
        let stats = a.get(mv);
        let mut pv = a.principal_variation.clone();
        if pv.first() != Some(&mv) {
            pv = vec![mv];
        }
        Ok(Decision {
            mv,
            score: None,
            depth: Some(pv.len() as u32),
            nodes: Some(a.iterations),
            pv,
            win_probability: stats.map(|s| s.win_probability),
        })
    }
}
