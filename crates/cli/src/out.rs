//! Every byte the command writes goes through here, so that no output error
//! panics: a closed pipe (`spielbaum … | head`) ends the command quietly
//! with exit code 0, any other write error (a full disk, `>/dev/full`) ends
//! it with exit code 1 and an "I/O error" message.
//!
//! Use [`outln!`](crate::outln) / [`out!`](crate::out) for stdout and
//! [`errln!`](crate::errln) for stderr in functions that return
//! `Result<_, CliError>`; in callbacks that cannot return an error, a
//! [`Sticky`] keeps the first error until the callback's caller returns.

use std::fmt;
use std::io::{self, Write};
use std::sync::Mutex;

use crate::error::CliError;

/// Writes `args` to stdout.
pub fn stdout(args: fmt::Arguments<'_>) -> Result<(), CliError> {
    io::stdout().lock().write_fmt(args).map_err(CliError::output)
}

/// Writes `args` to stderr.
pub fn stderr(args: fmt::Arguments<'_>) -> Result<(), CliError> {
    io::stderr().lock().write_fmt(args).map_err(CliError::output)
}

/// Flushes stdout (a last partial line would otherwise be flushed at exit,
/// where an error can no longer be reported).
pub fn flush() -> Result<(), CliError> {
    io::stdout().lock().flush().map_err(CliError::output)
}

/// The first output error of a callback, kept until the code that called
/// the engine can return it.
#[derive(Default)]
pub struct Sticky(Mutex<Option<CliError>>);

impl Sticky {
    /// Runs `write` unless an earlier write failed; keeps its error.
    pub fn write(&self, write: impl FnOnce() -> Result<(), CliError>) {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if kept.is_none()
            && let Err(e) = write()
        {
            *kept = Some(e);
        }
    }

    /// `true` once a write failed (the callback should stop the engine).
    pub fn failed(&self) -> bool {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }

    /// The kept error, if any.
    pub fn check(self) -> Result<(), CliError> {
        match self.0.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// `println!` to stdout that returns the error (`?`) instead of panicking.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::out::stdout(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::out::stdout(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `print!` to stdout that returns the error (`?`) instead of panicking.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::out::stdout(format_args!($($arg)*))?
    };
}

/// `eprintln!` that returns the error (`?`) instead of panicking.
#[macro_export]
macro_rules! errln {
    () => {
        $crate::out::stderr(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::out::stderr(format_args!("{}\n", format_args!($($arg)*)))?
    };
}
