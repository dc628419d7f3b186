//! `spielbaum games`: the games and their options.

use clap::Args as ClapArgs;
use serde_json::json;

use crate::error::CliError;
use crate::games::{GAMES, evaluator_names};
use crate::outln;

/// Arguments of `spielbaum games`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Lists the games.
pub fn run(args: &Args) -> Result<(), CliError> {
    if args.json {
        let list: Vec<_> = GAMES
            .iter()
            .map(|g| {
                let evals: Vec<_> = evaluator_names(g.name).iter().map(|e| e.0).collect();
                json!({
                    "name": g.name,
                    "description": g.description,
                    "options": g.option_lines(),
                    "position": g.position,
                    "moves": g.moves,
                    "evaluators": evals,
                })
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&json!({ "games": list }))?);
        return Ok(());
    }
    for g in GAMES {
        outln!("{:<12} {}", g.name, g.description);
        for o in g.option_lines() {
            outln!("{:<14}{o}", "");
        }
        outln!("{:<14}position: {}", "", g.position);
        outln!("{:<14}moves: {}", "", g.moves);
        let evals: Vec<_> = evaluator_names(g.name).iter().map(|e| e.0).collect();
        outln!("{:<14}evaluators: {}", "", evals.join(", "));
    }
    outln!("\nEvery game also takes --position P (in its notation); options that choose the");
    outln!("start cannot be combined with it.");
    Ok(())
}
