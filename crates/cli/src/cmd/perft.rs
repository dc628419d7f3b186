//! `spielbaum perft <game> --depth D`: move sequences of each length.

use std::fmt::Debug;
use std::time::Instant;

use clap::Args as ClapArgs;
use serde_json::json;
use spielbaum_game_trait::{Evaluator, Notation, perft_counts};

use crate::error::CliError;
use crate::games::{GameOpts, GameVisitor, dispatch};
use crate::outln;

/// The largest depth accepted.
pub const MAX_DEPTH: u32 = 64;

/// Arguments of `spielbaum perft`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// Count sequences of 1..=D moves.
    #[arg(long, short)]
    pub depth: u32,
    /// Print JSON: {"game", "depth", "counts"}.
    #[arg(long)]
    pub json: bool,
}

struct Perft<'a>(&'a Args);

impl GameVisitor for Perft<'_> {
    type Output = ();

    fn visit<G, E>(self, name: &'static str, game: G, _eval: E) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let depth = self.0.depth;
        let started = Instant::now();
        let spinner = crate::progress::Spinner::start(format!("perft {name} to depth {depth}"));
        let counts = perft_counts(&game, depth);
        drop(spinner);
        let secs = started.elapsed().as_secs_f64();
        if self.0.json {
            outln!("{}", json!({ "game": name, "depth": depth, "counts": counts }));
        } else {
            outln!("perft {name} from {game}");
            outln!("{:>5}  {:>20}", "depth", "sequences");
            for (d, c) in counts.iter().enumerate() {
                outln!("{:>5}  {:>20}", d + 1, c);
            }
            outln!("({secs:.3} s)");
        }
        Ok(())
    }
}

/// Runs `spielbaum perft`.
pub fn run(args: &Args) -> Result<(), CliError> {
    if !(1..=MAX_DEPTH).contains(&args.depth) {
        return Err(CliError::usage(format!(
            "--depth {} is out of range 1..={MAX_DEPTH}",
            args.depth
        )));
    }
    dispatch(&args.game, Perft(args))
}
