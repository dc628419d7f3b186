//! Helpers shared by the end-to-end tests of the `spielbaum` binary.
#![allow(dead_code)] // each test file uses a part

use std::process::{Command, Output};

/// The binary under test: `SPIELBAUM_BIN` if set (to run these tests
/// against another build, e.g. an older release), else the one cargo built.
pub fn binary() -> Command {
    match std::env::var_os("SPIELBAUM_BIN") {
        Some(path) => Command::new(path),
        None => Command::new(env!("CARGO_BIN_EXE_spielbaum")),
    }
}

/// Runs the binary with `args`.
pub fn spielbaum(args: &[&str]) -> Output {
    binary().args(args).output().expect("binary runs")
}

/// Runs the binary, expects success and parses its stdout as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = spielbaum(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// Bad input: exit code 2, one line on stderr that names the bad part, no
/// panic.
pub fn rejects(args: &[&str], names: &str) {
    let out = spielbaum(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(names), "{args:?}: error {err:?} does not name {names:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}
