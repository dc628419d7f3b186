//! The search engines as agents from specs: `negamax:…`, `mcts:…` (and
//! the shared evaluator negamax searches with).

use std::sync::Arc;

use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, Evaluator, Game, History, Limited, MoveList, Score,
};
use spielbaum_mcts::{Mcts, Selection};
use spielbaum_negamax::{Config, Searcher, params};

use crate::catalog::{Catalog, DynAgent};
use crate::spec::{AgentSpec, SpecError};

/// An evaluator chosen at run time, shared by the threads of a search
/// (engines clone their evaluator).
pub struct SharedEval<G>(pub Arc<dyn Evaluator<G> + Send + Sync>);

impl<G> Clone for SharedEval<G> {
    fn clone(&self) -> Self {
        SharedEval(Arc::clone(&self.0))
    }
}

impl<G: Game> Evaluator<G> for SharedEval<G> {
    fn evaluate(&self, game: &G) -> Score {
        self.0.evaluate(game)
    }
    fn is_noisy(&self, game: &G, mv: G::Move) -> bool {
        self.0.is_noisy(game, mv)
    }
    fn priors(&self, game: &G, moves: &[G::Move], priors: &mut [f32]) {
        self.0.priors(game, moves, priors)
    }
    fn noisy_moves(&self, game: &G, moves: &mut MoveList<G::Move>) {
        self.0.noisy_moves(game, moves)
    }
    fn order_moves(&self, game: &G, moves: &[G::Move], scores: &mut [Score]) -> bool {
        self.0.order_moves(game, moves, scores)
    }
}

/// The keys of `negamax`.
const NEGAMAX_KEYS: &[&str] =
    &["depth", "time", "nodes", "eval", "preset", "threads", "table", "quiescence", "symmetry"];

/// An `on`/`off` switch of a spec (`None` if absent).
fn switch(spec: &mut AgentSpec, key: &str) -> Result<Option<bool>, SpecError> {
    match spec.raw(key).as_deref() {
        None => Ok(None),
        Some("on") => Ok(Some(true)),
        Some("off") => Ok(Some(false)),
        Some(other) => Err(spec.bad(key, other, "on or off")),
    }
}

/// The per-move limits most agents take: `time`, `depth` (`max` = to the
/// end), `nodes`.
fn own_limits(spec: &mut AgentSpec) -> Result<AgentLimits, SpecError> {
    let time = spec.duration("time")?;
    let depth = match spec.raw("depth") {
        None => None,
        Some(d) if d == "max" => Some(params::DEPTH_INFINITE as u32),
        Some(d) => {
            let max = params::DEPTH_INFINITE as u32;
            match d.parse::<u32>() {
                Ok(x) if (1..=max).contains(&x) => Some(x),
                _ => return Err(spec.bad("depth", &d, &format!("a depth 1..={max} or max"))),
            }
        }
    };
    let nodes = spec.get_in::<u64>("nodes", 1..=u64::MAX)?;
    Ok(AgentLimits { time, depth, nodes })
}

/// Builds `negamax` and `mcts` agents; `None` for other kinds.
pub fn build<G>(
    catalog: &Catalog<G>,
    spec: &mut AgentSpec,
    seed: u64,
) -> Result<Option<DynAgent<G>>, SpecError>
where
    G: Game + Send + Sync + 'static,
    G::Move: Send + Sync,
{
    match spec.kind() {
        "negamax" => {
            let limits = own_limits(spec)?;
            let eval = spec.raw("eval");
            let eval = SharedEval(Arc::from(catalog.evaluator(spec, eval.as_deref())?));
            let mut config = match spec.raw("preset").as_deref() {
                None | Some("default") => Config::default(),
                Some("lean") => Config::lean(),
                Some("ordered") => Config::ordered(),
                Some(other) => {
                    return Err(spec.bad("preset", other, "default, lean or ordered"));
                }
            };
            if let Some(t) = spec.get_in::<usize>("threads", 1..=256)? {
                config.threads = t;
            }
            if let Some(t) = spec.get_in::<usize>("table", 0..=4096)? {
                config.table_mib = t;
            }
            if let Some(q) = switch(spec, "quiescence")? {
                config.quiescence = q;
            }
            if let Some(s) = switch(spec, "symmetry")? {
                config.symmetry = s;
            }
            spec.finish(NEGAMAX_KEYS)?;
            let searcher = Searcher::new(eval, config);
            Ok(Some(Box::new(Limited::new(searcher, limits))))
        }
        "mcts" => {
            let time = spec.duration("time")?;
            let iterations = spec.get_in::<u64>("iterations", 1..=1_000_000_000_000)?;
            let mut config = spielbaum_mcts::Config::seeded(seed);
            if let Some(c) = spec.get::<f64>("c")? {
                if !(c.is_finite() && c >= 0.0) {
                    return Err(spec.bad("c", &c.to_string(), "a finite number >= 0"));
                }
                config.selection = Selection::Uct { exploration: c };
            }
            if let Some(t) = spec.get_in::<usize>("threads", 1..=256)? {
                config = config.threads(t);
            }
            match spec.raw("solver").as_deref() {
                None | Some("on") => {}
                Some("off") => config = config.solver(false),
                Some(other) => return Err(spec.bad("solver", other, "on or off")),
            }
            match spec.raw("graph").as_deref() {
                None | Some("on") => {}
                Some("off") => config = config.graph(false),
                Some(other) => return Err(spec.bad("graph", other, "on or off")),
            }
            spec.finish(MCTS_KEYS)?;
            let own = AgentLimits { time, depth: None, nodes: iterations };
            let agent = LazyMcts { config, engine: None };
            Ok(Some(Box::new(Limited::new(agent, own))))
        }
        _ => Ok(None),
    }
}

/// The keys of `mcts`.
const MCTS_KEYS: &[&str] = &["iterations", "time", "c", "threads", "solver", "graph"];

/// [`Mcts`] as an agent made before its game is known: the engine (which
/// needs a root) is created at the first new game or move.
struct LazyMcts<G: Game> {
    config: spielbaum_mcts::Config,
    engine: Option<Mcts<G>>,
}

impl<G> Agent<G> for LazyMcts<G>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    fn name(&self) -> String {
        "mcts".into()
    }

    fn new_game(&mut self, start: &G) {
        match &mut self.engine {
            Some(e) => e.new_game(start),
            None => self.engine = Some(Mcts::new(start.clone(), self.config.clone())),
        }
    }

    fn played(&mut self, before: &G, mv: G::Move) {
        if let Some(e) = &mut self.engine {
            e.played(before, mv);
        }
    }

    fn choose(
        &mut self,
        game: &History<G>,
        limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        let config = &self.config;
        self.engine
            .get_or_insert_with(|| Mcts::new(game.position().clone(), config.clone()))
            .choose(game, limits)
    }
}
