//! `pbrain-spielbaum`: the spielbaum Gomoku brain for Gomocup managers
//! (piskvork and others), speaking the brain protocol on stdin/stdout.

use std::io::{self, BufReader};
use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match spielbaum_gomoku::gomocup::run(BufReader::new(stdin.lock()), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe or a broken input: end quietly with a failure code.
        Err(_) => ExitCode::FAILURE,
    }
}
