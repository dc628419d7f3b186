//! `spielbaum uci muehle`: the UCI-like protocol of the open-source Mühle
//! programs on stdin/stdout (`spielbaum_muehle::uci`).

use std::io::{self, BufRead, Read};

use clap::Args as ClapArgs;

use crate::error::CliError;

/// Arguments of `spielbaum uci`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The game: `muehle` (the only one with this protocol).
    pub game: String,
    /// The variant to start with: three, six, nine or twelve (the GUI can
    /// change it with `setoption name Variant value …`).
    #[arg(long, value_name = "V", default_value = "nine")]
    pub variant: String,
}

/// Runs the protocol until `quit` or the end of the input.
pub fn run(args: &Args) -> Result<(), CliError> {
    if args.game != "muehle" {
        return Err(CliError::usage(format!(
            "uci: unknown game {:?}; the UCI-like protocol is spoken for muehle",
            args.game
        )));
    }
    spielbaum_muehle::Variant::parse(&args.variant)
        .map_err(|e| CliError::usage(format!("--variant: {e}")))?;
    // The variant is set the way a GUI sets it, before the GUI's first line.
    let first = format!("setoption name Variant value {}\n", args.variant.trim());
    let input = io::Cursor::new(first.into_bytes()).chain(io::stdin().lock());
    let input: Box<dyn BufRead> = Box::new(io::BufReader::new(input));
    spielbaum_muehle::uci::run(input, io::stdout()).map_err(CliError::from)
}
