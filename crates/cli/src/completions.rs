//! `spielbaum completions <shell>`: a completion script for bash, zsh,
//! fish, elvish or PowerShell, generated from the command's own clap
//! definitions (clap_complete), on stdout.

use std::io::Write;

use clap::Args as ClapArgs;
use clap_complete::Shell;

use crate::error::CliError;

/// Arguments of `spielbaum completions`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the completion script of `command` for `args.shell` to stdout.
pub fn run(args: &Args, mut command: clap::Command) -> Result<(), CliError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "spielbaum", &mut script);
    let mut out = std::io::stdout().lock();
    match out.write_all(&script).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        // A reader that stopped early (`| head`) is not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::failure(format!("cannot write the completion script: {e}"))),
    }
}
