//! The search engines as agents from specs: `negamax:…` (and the shared
//! evaluator they search with).

use std::sync::Arc;

use spielbaum_game_trait::{AgentLimits, Evaluator, Game, MoveList, Score};
use spielbaum_negamax::{Config, Searcher, params};

use crate::catalog::{Catalog, Configured, DynAgent};
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
const NEGAMAX_KEYS: &[&str] = &["depth", "time", "nodes", "eval", "preset", "threads", "table"];

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

/// Builds `negamax` agents; `None` for other kinds.
pub fn build<G>(
    catalog: &Catalog<G>,
    spec: &mut AgentSpec,
    _seed: u64,
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
                Some(other) => return Err(spec.bad("preset", other, "default or lean")),
            };
            if let Some(t) = spec.get_in::<usize>("threads", 1..=256)? {
                config.threads = t;
            }
            if let Some(t) = spec.get_in::<usize>("table", 0..=4096)? {
                config.table_mib = t;
            }
            spec.finish(NEGAMAX_KEYS)?;
            let searcher = Searcher::new(eval, config);
            Ok(Some(Box::new(Configured::new(Box::new(searcher), "negamax", limits))))
        }
        _ => Ok(None),
    }
}
