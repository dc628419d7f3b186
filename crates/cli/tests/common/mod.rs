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

/// The arguments of the cheapest match: `match nim --a A --b random
/// --games N`, then `extra`.
pub fn nim_match(a: &str, games: u32, extra: &[&str]) -> Vec<String> {
    let games = games.to_string();
    let mut args = vec!["match", "nim", "--a", a, "--b", "random", "--games", &games];
    args.extend_from_slice(extra);
    args.into_iter().map(String::from).collect()
}

/// `args` borrowed, for [`spielbaum`], [`json`] and [`rejects`].
pub fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
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

/// Runs the binary with `args`, killing it after `secs` seconds; `None` if
/// it had to be killed (a hang). Reads its output on threads, so a long
/// output cannot block it.
pub fn within(args: &[&str], secs: f64) -> Option<Output> {
    use std::io::Read;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = binary()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut so = child.stdout.take().expect("stdout");
    let mut se = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = so.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = se.read_to_end(&mut v);
        v
    });
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let stdout = out.join().expect("reader");
            let stderr = err.join().expect("reader");
            return Some(Output { status, stdout, stderr });
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}
