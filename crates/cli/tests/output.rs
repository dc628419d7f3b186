//! Output errors never panic: a closed pipe ends the command quietly (exit
//! 0), a full disk (`/dev/full`) ends it with exit code 1 and an I/O error,
//! on stdout and on stderr alike; the engine protocols too.

mod common;

use std::fs::File;
use std::io::Read;
use std::process::{Command, Stdio};

use common::binary;

/// Command forms that write to stdout (small and large outputs, text and
/// JSON, every subcommand).
const FORMS: &[&[&str]] = &[
    &["--help"],
    &["--version"],
    &["help", "search"],
    &["games"],
    &["games", "--json"],
    &["perft", "tictactoe", "--depth", "3"],
    &["perft", "nim", "--heaps", "3,4", "--depth", "2", "--json"],
    &["solve", "tictactoe"],
    &["solve", "nim", "--heaps", "2,3", "--json"],
    &["search", "tictactoe", "--depth", "3", "--json"],
    &["mcts", "tictactoe", "--iterations", "200"],
    &["mcts", "nim-variant", "--iterations", "200", "--json"],
    &["nim-variant", "table", "--upto", "20000"],
    &["nim-variant", "table", "--upto", "200", "--json"],
    &["nim-variant", "play", "--games", "20"],
    &["nim-variant", "play", "--games", "20", "--json"],
    &["golf", "strokes", "--clubs", "1,50,120,300"],
    &["golf", "strokes", "--clubs", "1,50,120,300", "--json"],
    &["golf", "expect", "--clubs", "1,50,120,300"],
    &[
        "golf",
        "best-change",
        "--clubs",
        "1,5,12,30",
        "--max-club",
        "40",
        "--max-hole",
        "60",
        "--tournament",
        "10+2W6",
    ],
    &[
        "golf",
        "optimum",
        "--count",
        "2",
        "--max-club",
        "40",
        "--max-hole",
        "60",
        "--tournament",
        "10+2W6",
    ],
    &["peg", "stats", "--down-to", "28"],
    &["peg", "stats", "--down-to", "30", "--json"],
    &["peg", "solve", "--board", "english", "--goal", "d4"],
    &["peg", "solve", "--goal", "c1"],
    &["agents", "nim"],
    &["match", "nim", "--a", "random", "--b", "random", "--games", "4"],
    &["match", "nim", "--a", "random", "--b", "random", "--games", "4", "--json"],
    &["play", "tictactoe", "--a", "random", "--b", "random"],
    &["agents", "muehle", "--json"],
    &["agents", "gomoku"],
    &["perft", "muehle", "--depth", "2"],
    &["perft", "gomoku", "--size", "7", "--depth", "2", "--json"],
    &["solve", "gomoku", "--size", "3", "--k", "3"],
    &["search", "muehle", "--depth", "2", "--json"],
    &["mcts", "gomoku", "--size", "7", "--iterations", "100"],
];

fn dev_full() -> Stdio {
    Stdio::from(File::options().write(true).open("/dev/full").expect("/dev/full"))
}

/// A pipe whose reading end is already closed.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Stdio::from(writer)
}

fn no_panic(form: &[&str], stderr: &[u8]) {
    let err = String::from_utf8_lossy(stderr);
    assert!(!err.contains("panicked"), "{form:?}: {err}");
}

#[test]
fn stdout_into_a_closed_pipe_exits_quietly() {
    for form in FORMS {
        let out = binary()
            .args(*form)
            .stdout(closed_pipe())
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        no_panic(form, &out.stderr);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{form:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "{form:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn reader_that_stops_after_a_few_bytes() {
    // Long outputs, as in `spielbaum … | head -c 10`.
    for form in [
        &["nim-variant", "table", "--upto", "300000"][..],
        &["golf", "strokes", "--clubs", "1,50,120,300"],
        &["peg", "stats", "--down-to", "24"],
    ] {
        let mut child = binary()
            .args(form)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut first = [0u8; 10];
        child.stdout.take().expect("stdout").read_exact(&mut first).expect("10 bytes");
        let out = child.wait_with_output().expect("ends");
        no_panic(form, &out.stderr);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{form:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn stdout_on_a_full_disk_exits_1() {
    for form in FORMS {
        let out =
            binary().args(*form).stdout(dev_full()).stderr(Stdio::piped()).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        no_panic(form, &out.stderr);
        assert_eq!(out.status.code(), Some(1), "{form:?}: {err}");
        assert!(err.contains("I/O error"), "{form:?}: {err}");
    }
}

/// Forms that write to stderr: progress lines, warnings, error messages.
const STDERR_FORMS: &[(&[&str], i32)] = &[
    // `search` prints one line per iteration on stderr.
    (&["search", "tictactoe", "--depth", "3"], 1),
    (&["search", "nim", "--heaps", "3,4,5", "--time-ms", "50"], 1),
    // Usage errors: the message cannot be written, the exit code stays.
    (&["perft", "chess", "--depth", "2"], 2),
    (&["perft", "tictactoe", "--depth", "x"], 2),
    (&["no-such-command"], 2),
];

#[test]
fn stderr_on_a_full_disk_never_panics() {
    for &(form, code) in STDERR_FORMS {
        let out =
            binary().args(form).stdout(Stdio::null()).stderr(dev_full()).output().expect("runs");
        assert_eq!(out.status.code(), Some(code), "{form:?}");
    }
}

#[test]
fn stderr_into_a_closed_pipe_never_panics() {
    for &(form, code) in STDERR_FORMS {
        let out = binary()
            .args(form)
            .stdout(Stdio::piped())
            .stderr(closed_pipe())
            .output()
            .expect("runs");
        // A closed stderr ends a run quietly; usage errors keep their code.
        let expected = if code == 2 { 2 } else { 0 };
        assert_eq!(out.status.code(), Some(expected), "{form:?}");
    }
}

/// The engine protocols answer on stdout line by line: a manager that
/// closed its end ends the brain quietly, a full disk with exit code 1
/// (`spielbaum gomocup` and `pbrain-spielbaum` alike).
#[test]
fn protocols_on_a_closed_pipe_and_a_full_disk() {
    use std::io::Write;
    let gomocup = "INFO timeout_turn 50\nSTART 15\nBEGIN\nTURN 7,7\nABOUT\nEND\n";
    for (program, form, input) in [
        (env!("CARGO_BIN_EXE_spielbaum"), &["gomocup"][..], gomocup),
        (env!("CARGO_BIN_EXE_pbrain-spielbaum"), &[][..], gomocup),
        (
            env!("CARGO_BIN_EXE_spielbaum"),
            &["uci", "muehle"][..],
            "uci\nisready\nposition startpos\ngo depth 2\nquit\n",
        ),
    ] {
        for (stdout, expected) in [(closed_pipe(), 0), (dev_full(), 1)] {
            let mut child = Command::new(program)
                .args(form)
                .stdin(Stdio::piped())
                .stdout(stdout)
                .stderr(Stdio::piped())
                .spawn()
                .expect("runs");
            // The brain may end before it read everything.
            let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
            let out = child.wait_with_output().expect("ends");
            no_panic(form, &out.stderr);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(expected), "{program} {form:?}: {err}");
            if expected == 0 {
                assert!(out.stderr.is_empty(), "{program} {form:?}: {err}");
            }
        }
    }
}
