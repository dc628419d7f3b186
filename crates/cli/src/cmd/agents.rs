//! `spielbaum agents <game>`: the agents and evaluators a game offers.

use std::fmt::Debug;
use std::io::Write;

use clap::Args as ClapArgs;
use serde_json::json;
use spielbaum_arena::agent_kinds;
use spielbaum_game_trait::{Evaluator, Notation};

use crate::error::CliError;
use crate::games::{GameOpts, Setup, SetupVisitor, dispatch_setup};

/// Arguments of `spielbaum agents`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// Print JSON: {"game", "agents": [{"kind", "keys", "help"}],
    /// "evaluators": [{"name", "help"}], "strongest"}.
    #[arg(long)]
    pub json: bool,
}

struct List<'a>(&'a Args);

impl SetupVisitor for List<'_> {
    type Output = ();

    fn visit_setup<G, E>(self, setup: Setup<G, E>) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let mut out = std::io::stdout().lock();
        let kinds = agent_kinds(&setup.agents);
        let info = setup.info;
        if self.0.json {
            let agents: Vec<_> = kinds
                .iter()
                .map(|(k, keys, h)| json!({"kind": k, "keys": keys, "help": h}))
                .collect();
            let evals: Vec<_> =
                setup.evaluators.iter().map(|e| json!({"name": e.name, "help": e.help})).collect();
            writeln!(
                out,
                "{}",
                json!({"game": info.name, "agents": agents, "evaluators": evals, "strongest": info.strongest})
            )?;
            return Ok(());
        }
        writeln!(out, "agents for {} (spec: KIND or KIND:KEY=VALUE,…):", info.name)?;
        for (k, keys, h) in &kinds {
            writeln!(out, "  {k:<10} {h}")?;
            if !keys.is_empty() {
                writeln!(out, "  {:<10} keys: {keys}", "")?;
            }
        }
        writeln!(out, "evaluators (eval=NAME; the first is the default):")?;
        for e in &setup.evaluators {
            writeln!(out, "  {:<10} {}", e.name, e.help)?;
        }
        writeln!(
            out,
            "strongest: {} (the default opponent of `play` and the engine of `hint`)",
            info.strongest
        )?;
        Ok(())
    }
}

/// Runs `spielbaum agents`.
pub fn run(args: &Args) -> Result<(), CliError> {
    dispatch_setup(&args.game, List(args))
}
