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
    fn from(e: std::io::Error) -> Self {
        CliError::failure(format!("I/O error: {e}"))
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError::failure(format!("JSON error: {e}"))
    }
}
