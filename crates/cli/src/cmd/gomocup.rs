//! `spielbaum gomocup`: the Gomoku brain for Gomocup (piskvork) managers on
//! stdin/stdout (the binary `pbrain-spielbaum` runs the same brain).

use std::io::{self, BufReader};

use clap::Args as ClapArgs;

use crate::error::CliError;

/// Arguments of `spielbaum gomocup` (none: the manager sends everything).
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs the brain until `END` or the end of the input.
pub fn run(_args: &Args) -> Result<(), CliError> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    spielbaum_gomoku::gomocup::run(BufReader::new(stdin.lock()), stdout.lock()).map_err(|e| {
        // A manager that closed its end of the pipe has all it wants:
        // a quiet end, as for every command.
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::output(e)
        } else {
            CliError::failure(format!("gomocup: {e}"))
        }
    })
}
