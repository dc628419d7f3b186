//! The CLI's error type: one line on stderr and an exit code.

use std::fmt;

use spielbaum_game_trait::NotationError;

/// An error that ends the command. Bad input (`usage`) exits with code 2,
/// failures while running exit with code 1.
#[derive(Debug)]
pub struct CliError {
    /// The process exit code.
    pub code: i32,
    /// One line for a person, naming the bad part.
    pub message: String,
}

impl CliError {
    /// Bad input from the user: exit code 2.
    pub fn usage(message: impl Into<String>) -> Self {
        CliError { code: 2, message: message.into() }
    }

    /// A failure while running (I/O, …): exit code 1.
    pub fn failure(message: impl Into<String>) -> Self {
        CliError { code: 1, message: message.into() }
    }

    /// A failed write of the command's output. A closed pipe (the reader
    /// has all it wants, as in `spielbaum … | head`) ends the command
    /// quietly (exit code 0, no message); any other error is a failure.
    pub fn output(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError { code: 0, message: String::new() }
        } else {
            CliError::failure(format!("I/O error writing the output: {e}"))
        }
    }

    /// `true` for the quiet end of [`CliError::output`] (closed pipe).
    pub fn is_closed_pipe(&self) -> bool {
        self.code == 0
    }
}

/// Longest message printed in full; longer ones (an echoed input of
/// 100,000 characters) keep their start and end.
const MAX_MESSAGE: usize = 400;

/// `message`, with its middle cut out if it is longer than
/// [`MAX_MESSAGE`] characters.
pub fn shorten(message: &str) -> String {
    let chars = message.chars().count();
    if chars <= MAX_MESSAGE {
        return message.to_string();
    }
    let keep = MAX_MESSAGE / 2;
    let head: String = message.chars().take(keep).collect();
    let tail: String = message.chars().skip(chars - keep).collect();
    format!("{head}…({} characters left out)…{tail}", chars - 2 * keep)
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<NotationError> for CliError {
    fn from(e: NotationError) -> Self {
        CliError::usage(e.to_string())
    }
}

impl From<std::io::Error> for CliError {
    /// A closed pipe ends the command quietly (see [`CliError::output`]);
    /// other I/O errors are failures.
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return CliError::output(e);
        }
        CliError::failure(format!("I/O error: {e}"))
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError::failure(format!("JSON error: {e}"))
    }
}
