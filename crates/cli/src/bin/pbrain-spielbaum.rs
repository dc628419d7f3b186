//! `pbrain-spielbaum`: the spielbaum Gomoku brain for Gomocup managers
//! (piskvork and others), speaking the brain protocol on stdin/stdout.

use std::io::{self, BufReader, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match spielbaum_gomoku::gomocup::run(BufReader::new(stdin.lock()), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // A manager that closed its end of the pipe has all it wants: a
        // quiet end, as `spielbaum gomocup` and every command end.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            // The message is best effort: stderr may be closed too.
            let _ = writeln!(io::stderr(), "pbrain-spielbaum: {e}");
            ExitCode::FAILURE
        }
    }
}
