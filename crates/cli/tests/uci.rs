//! `spielbaum uci muehle`: a scripted protocol session through the binary.

mod common;

use std::io::Write;
use std::process::Stdio;

use common::{binary, rejects};

fn session(args: &[&str], input: &str) -> String {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_scripted_session() {
    let out = session(
        &["uci", "muehle"],
        "uci\nisready\nucinewgame\nposition startpos moves d6\ngo depth 2\nnonsense\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"uciok"), "{out}");
    assert!(lines.contains(&"readyok"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("info depth 2 ")), "{out}");
    // After d6 the answer is a placing move: a point name.
    let best = lines.iter().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    assert_eq!(best.len(), 2, "{best}");
    assert!(lines.iter().any(|l| l.starts_with("info string error")), "{out}");
}

#[test]
fn the_variant_option_starts_the_session() {
    // Three Men's Morris is a 3×3 grid (a1..c3): g7 is a point of the
    // standard board only.
    let out =
        session(&["uci", "muehle", "--variant", "three"], "position startpos moves g7\nquit\n");
    assert!(out.contains("info string error"), "{out}");
    let out =
        session(&["uci", "muehle", "--variant", "three"], "position startpos moves b2\nquit\n");
    assert!(!out.contains("error"), "{out}");
    let out = session(&["uci", "muehle"], "position startpos moves g7\nquit\n");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn bad_games_and_variants_are_usage_errors() {
    rejects(&["uci", "chess"], "chess");
    rejects(&["uci", "muehle", "--variant", "eleven"], "eleven");
}
