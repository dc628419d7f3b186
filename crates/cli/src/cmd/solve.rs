//! `spielbaum solve <game> [options] [--position P] [--json]`: the exact
//! value under perfect play (negamax crate).

use std::fmt::Debug;
use std::time::Instant;

use clap::Args as ClapArgs;
use serde_json::json;
use spielbaum_game_trait::{Evaluator, Notation};
use spielbaum_negamax::Solver;

use crate::error::CliError;
use crate::games::{GameOpts, GameVisitor, dispatch};

/// Arguments of `spielbaum solve`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// Transposition table size in MiB (1..=4096).
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub table_mib: usize,
    /// Print JSON: {"value", "plies", "best_moves", "nodes"}.
    #[arg(long)]
    pub json: bool,
}

struct Solve<'a>(&'a Args);

impl GameVisitor for Solve<'_> {
    type Output = ();

    fn visit<G, E>(self, name: &'static str, game: G, _eval: E) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let started = Instant::now();
        let spinner = crate::progress::Spinner::start(format!("solving {name}"));
        let s = Solver::new(self.0.table_mib).solve(&game);
        drop(spinner);
        let secs = started.elapsed().as_secs_f64();
        if !s.complete {
            return Err(CliError::failure(format!(
                "{name} from {game} cannot be solved exactly: a line repeats a position \
                 (the game has cycles) or runs past {} plies",
                spielbaum_negamax::params::DEPTH_INFINITE
            )));
        }
        let best: Vec<String> = s.best_moves.iter().map(|&m| game.move_string(m)).collect();
        if self.0.json {
            println!(
                "{}",
                json!({ "value": s.value.name(), "plies": s.plies, "best_moves": best, "nodes": s.nodes })
            );
        } else {
            let mut pos = game.clone();
            let mut line = Vec::new();
            for &m in &s.pv {
                line.push(pos.move_string(m));
                pos.play(m);
            }
            println!("solve {name} from {game}");
            println!("value:      {} for the side to move", s.value.name());
            println!("plies:      {} to the end under best play", s.plies);
            println!("best moves: {}", best.join(" "));
            println!("a best line: {}", line.join(" "));
            println!("nodes:      {} ({secs:.3} s)", s.nodes);
        }
        Ok(())
    }
}

/// Runs `spielbaum solve`.
pub fn run(args: &Args) -> Result<(), CliError> {
    if !(1..=4096).contains(&args.table_mib) {
        return Err(CliError::usage(format!(
            "--table-mib {} is out of range 1..=4096",
            args.table_mib
        )));
    }
    dispatch(&args.game, Solve(args))
}
