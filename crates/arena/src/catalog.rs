//! What a game offers by name: its evaluators and agents, and the builder
//! that turns an agent spec into an agent.

use std::sync::Arc;
use std::time::Duration;

use spielbaum_game_trait::{Agent, AgentLimits, Evaluator, Game, Limited, OnePly, RandomAgent};

use crate::spec::{AgentSpec, SpecError};

/// An evaluator chosen by name at run time.
pub type DynEval<G> = Box<dyn Evaluator<G> + Send + Sync>;

/// An agent built at run time.
pub type DynAgent<G> = Box<dyn Agent<G>>;

/// A named evaluator of a game.
pub struct NamedEval<G> {
    /// Its name (`zero`, `lines`, …).
    pub name: &'static str,
    /// What it counts.
    pub help: &'static str,
    /// Makes one.
    pub make: fn() -> DynEval<G>,
}

/// Builds a game's own agent from its spec (whose keys it reads) and a
/// seed.
pub type AgentBuilder<G> =
    Arc<dyn Fn(&mut AgentSpec, u64) -> Result<DynAgent<G>, SpecError> + Send + Sync>;

/// An agent only some games have (the subtraction game's `optimal`, peg
/// solitaire's `solver`), or a game's own version of a generic one (it
/// replaces the generic agent of its name: Gomoku's `negamax` takes a
/// candidate `radius`).
pub struct NamedAgent<G> {
    /// The kind in specs.
    pub name: &'static str,
    /// What it does and which keys it takes.
    pub help: &'static str,
    /// The keys it takes.
    pub keys: &'static [&'static str],
    /// Builds it.
    pub build: AgentBuilder<G>,
}

/// The agents every game has: `(kind, keys, help)`.
pub const GENERIC_AGENTS: &[(&str, &str, &str)] = &[
    ("human", "", "you, at the terminal (only in `play`)"),
    ("random", "", "uniformly random legal moves (seeded)"),
    ("oneply", "eval", "the move to the best position by an evaluator, one ply deep"),
    (
        "negamax",
        "depth=N|max, time=DUR, nodes=N, eval, preset=default|lean|ordered, threads=N, table=MIB, quiescence=on|off, symmetry=on|off",
        "alpha-beta search (iterative deepening); depth=max solves; default depth 6",
    ),
    (
        "mcts",
        "iterations=N, time=DUR, c=F, threads=N, solver=on|off, graph=on|off",
        "Monte Carlo graph search with MCTS-Solver; a root of 4,096 moves or more is searched with trees, as graph=off always is; default 10000 iterations",
    ),
];

/// The kinds a spec may name with a game's own `agents`: `(kind, keys,
/// help)`, the generic ones ([`GENERIC_AGENTS`]) first; an own agent named
/// as a generic one replaces it (in its place).
pub fn agent_kinds<G>(agents: &[NamedAgent<G>]) -> Vec<(String, String, String)> {
    let own = |a: &NamedAgent<G>| (a.name.to_string(), a.keys.join(", "), a.help.to_string());
    let mut v: Vec<(String, String, String)> = GENERIC_AGENTS
        .iter()
        .map(|(k, keys, h)| match agents.iter().find(|a| a.name == *k) {
            Some(a) => own(a),
            None => (k.to_string(), keys.to_string(), h.to_string()),
        })
        .collect();
    for a in agents {
        if !GENERIC_AGENTS.iter().any(|(k, _, _)| *k == a.name) {
            v.push(own(a));
        }
    }
    v
}

/// A game's evaluators and own agents, and the builder of agents from
/// specs.
pub struct Catalog<G> {
    /// The evaluators, the default first.
    pub evaluators: Vec<NamedEval<G>>,
    /// The game's own agents.
    pub agents: Vec<NamedAgent<G>>,
}

/// An agent ready to be built once per game: its spec (checked) and its
/// own time limit per move (for forfeits).
pub struct Prepared<G> {
    /// The spec as written; also the agent's name in results.
    pub spec: String,
    /// The time per move its spec sets, if any.
    pub time: Option<Duration>,
    catalog: Arc<Catalog<G>>,
}

impl<G> Clone for Prepared<G> {
    fn clone(&self) -> Self {
        Prepared { spec: self.spec.clone(), time: self.time, catalog: Arc::clone(&self.catalog) }
    }
}

impl<G> Prepared<G>
where
    G: Game + Send + Sync + 'static,
    G::Move: Send + Sync,
{
    /// A new agent whose random choices follow from `seed`.
    pub fn build(&self, seed: u64) -> Result<DynAgent<G>, SpecError> {
        self.catalog.build(&self.spec, seed)
    }

    /// `true` for the person at the terminal.
    pub fn is_human(&self) -> bool {
        self.spec == "human"
    }
}

impl<G> Catalog<G>
where
    G: Game + Send + Sync + 'static,
    G::Move: Send + Sync,
{
    /// The kinds a spec may name: `(kind, keys, help)` ([`agent_kinds`]).
    pub fn kinds(&self) -> Vec<(String, String, String)> {
        agent_kinds(&self.agents)
    }

    /// The evaluator named `name` (`None`: the default).
    pub fn evaluator(&self, spec: &AgentSpec, name: Option<&str>) -> Result<DynEval<G>, SpecError> {
        let Some(first) = self.evaluators.first() else {
            return Err(SpecError("this game has no evaluator".into()));
        };
        match name {
            None => Ok((first.make)()),
            Some(n) => match self.evaluators.iter().find(|e| e.name == n) {
                Some(e) => Ok((e.make)()),
                None => Err(spec.bad(
                    "eval",
                    n,
                    &format!(
                        "unknown evaluator; this game has {}",
                        self.evaluators.iter().map(|e| e.name).collect::<Vec<_>>().join(", ")
                    ),
                )),
            },
        }
    }

    /// Checks `text` (by building the agent once) and returns what builds
    /// it for each game. `human` passes the check; only `play` seats it.
    pub fn prepare(self: &Arc<Self>, text: &str) -> Result<Prepared<G>, SpecError> {
        let mut spec = AgentSpec::parse(text)?;
        let time = spec.duration("time")?;
        if spec.kind() != "human" {
            self.build(text, 0)?;
        } else {
            spec.finish(&[])?;
        }
        Ok(Prepared { spec: spec.text().to_string(), time, catalog: Arc::clone(self) })
    }

    /// Builds the agent `text` names, its random choices following `seed`.
    pub fn build(&self, text: &str, seed: u64) -> Result<DynAgent<G>, SpecError> {
        let mut spec = AgentSpec::parse(text)?;
        let name = spec.text().to_string();
        let kind = spec.kind().to_string();
        let agent: DynAgent<G> = match kind.as_str() {
            "random" => {
                spec.finish(&[])?;
                Box::new(RandomAgent::new(seed))
            }
            "oneply" => {
                let eval = spec.raw("eval");
                let e = self.evaluator(&spec, eval.as_deref())?;
                spec.finish(&["eval"])?;
                Box::new(OnePly::new(e).seeded(seed))
            }
            "human" => {
                return Err(SpecError("`human` plays only in `play`, not in matches".into()));
            }
            kind => {
                if let Some(a) = self.agents.iter().find(|a| a.name == kind) {
                    let agent = (a.build)(&mut spec, seed)?;
                    spec.finish(a.keys)?;
                    agent
                } else if let Some(agent) = crate::engines::build(self, &mut spec, seed)? {
                    agent
                } else {
                    let mut kinds: Vec<String> = self.kinds().into_iter().map(|k| k.0).collect();
                    kinds.dedup();
                    return Err(SpecError(format!(
                        "unknown agent {kind:?} in spec {:?}; this game has {}",
                        spec.text(),
                        kinds.join(", ")
                    )));
                }
            }
        };
        Ok(Box::new(Limited::new(agent, AgentLimits::NONE).named(name)))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_mcts_line_names_the_root_width_searched_with_trees() {
        let n = spielbaum_mcts::params::LAZY_ROOT_MOVES;
        let shown = format!("{},{:03}", n / 1000, n % 1000);
        let (_, _, help) =
            super::GENERIC_AGENTS.iter().find(|(kind, _, _)| *kind == "mcts").expect("mcts");
        assert!(help.contains(&shown), "{help:?} does not name {shown}");
    }
}
