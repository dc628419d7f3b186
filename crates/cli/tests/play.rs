//! `spielbaum play` through a pipe and through a pseudo-terminal, and the
//! agent commands' usage errors.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{json, rejects};

/// Runs `spielbaum play ARGS` with `input` on stdin; (exit code, stdout).
fn play(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielbaum"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!err.contains("panicked"), "{err}");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).to_string())
}

#[test]
fn tictactoe_through_a_pipe() {
    // You play b2; the solver answers; a bad square, a taken square, help,
    // hint, undo, then the input ends.
    let (code, out) = play(&["tictactoe"], "b2\nzz\nb2\nhelp\nhint\nundo\nmoves\n");
    assert_eq!(code, Some(0), "{out}");
    // The empty board, then the board with x in the centre.
    assert!(out.contains(" 3 . . .\n 2 . . .\n 1 . . .\n   a b c"), "{out}");
    assert!(out.contains(" 2 . x .\n"), "{out}");
    assert!(out.contains("player 2 (negamax:depth=max) plays"), "{out}");
    assert!(out.contains("bad move \"zz\""), "{out}");
    assert!(out.contains("that square is taken"), "{out}");
    assert!(out.contains("commands: a move"), "{out}");
    // Tic-tac-toe is a draw: the hint's score is 0.
    assert!(out.contains("hint: ") && out.contains("score +0"), "{out}");
    assert!(out.contains("took back 2 move(s)"), "{out}");
    assert!(out.contains("legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3"), "{out}");
    assert!(out.trim_end().ends_with("end of input"), "{out}");
}

#[test]
fn a_finished_game_and_quit() {
    // Both sides typed: x wins on the a-file.
    let (code, out) = play(&["tictactoe", "--b", "human"], "a1\nb1\na2\nb2\na3\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("game over: player 1 wins"), "{out}");
    let (code, out) = play(&["nim", "--heaps", "1,2"], "quit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("bye"), "{out}");
}

#[test]
fn engines_against_each_other() {
    // The subtraction game from 22 is a first-player win (22 mod 8 = 6):
    // the solver moving first beats a random player whatever it does.
    let (code, out) = play(&["nim-variant", "--a", "negamax:depth=max", "--b", "random"], "");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("game over: player 1 wins"), "{out}");
}

#[test]
fn puzzles_are_one_player_sessions_with_hint() {
    let two = "..000../..000../0000000/0001100/0000000/..000../..000..";
    let (code, out) = play(&["peg", "--position", two], "hint\nd4-f4\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("hint: d4-f4") || out.contains("hint: e4-c4"), "{out}");
    assert!(out.contains("solved"), "{out}");
    let (code, out) = play(&["golf", "--hole", "50"], "hint\n+50\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("hint: +50"), "{out}");
    rejects(&["play", "golf", "--b", "random"], "--b");
}

/// Every game of `spielbaum games`, two-player games and puzzles alike,
/// through a pipe: the legal moves, a bad move with its message, a move
/// (and the reply of a random second player), a hint with its score, undo
/// back to the start board, and a clean end at the end of the input.
#[test]
fn every_game_plays_through_a_pipe() {
    let listed = json(&["games", "--json"]);
    let names: Vec<String> = listed["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_string())
        .collect();
    // The games the command is known to have, at least.
    for g in ["tictactoe", "dice", "nim", "nim-variant", "connect4", "gomoku", "muehle", "peg"] {
        assert!(names.iter().any(|n| n == g), "{g} missing: {names:?}");
    }
    let puzzles = ["peg", "golf"];
    for name in &names {
        let puzzle = puzzles.contains(&name.as_str());
        // A cheap engine for `hint`, and a random second player: the
        // default opponents think for seconds.
        let mut args = vec![name.as_str(), "--hint", "negamax:depth=1"];
        if !puzzle {
            args.extend(["--b", "random"]);
        }
        let (code, first) = play(&args, "moves\n");
        assert_eq!(code, Some(0), "{name}: {first}");
        // The start board: what comes between the title and the prompt.
        let prompt = if puzzle { "your move> " } else { "player 1 to move> " };
        let start_board = first
            .split_once('\n')
            .and_then(|(_, rest)| rest.split_once(prompt))
            .map(|(board, _)| board.to_string())
            .unwrap_or_else(|| panic!("{name}: no prompt {prompt:?}: {first}"));
        assert!(!start_board.trim().is_empty(), "{name}: no board: {first}");
        let legal = first
            .lines()
            .find_map(|l| l.split_once("legal moves: ").map(|(_, m)| m.to_string()))
            .unwrap_or_else(|| panic!("{name}: no legal moves: {first}"));
        let mv = legal.split_whitespace().next().unwrap();
        let (code, out) = play(&args, &format!("zz!\n{mv}\nhint\nundo\n"));
        assert_eq!(code, Some(0), "{name}: {out}");
        assert!(out.contains("bad move \"zz!\""), "{name}: {out}");
        assert!(out.contains(&format!("{prompt}{mv}\n")), "{name}: {out}");
        if !puzzle {
            assert!(out.contains("player 2 (random) plays "), "{name}: {out}");
        }
        let hint = out.lines().find(|l| l.contains("hint: ")).unwrap_or_default();
        assert!(hint.contains("(score ") && hint.ends_with("[negamax:depth=1]"), "{name}: {out}");
        assert!(out.contains("took back "), "{name}: {out}");
        // Drawn at the start and again after the undo.
        assert!(out.matches(start_board.as_str()).count() >= 2, "{name}: {out}");
        assert!(out.trim_end().ends_with("end of input"), "{name}: {out}");
    }
}

/// `hint` with the game's own default engine (its strongest agent) gives
/// the suggestion with a value: a score, a win or loss in plies, or the
/// probability of a win.
#[test]
fn default_hints_carry_a_value() {
    let listed = json(&["games", "--json"]);
    for g in listed["games"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let (code, out) = play(&[name], "hint\n");
        assert_eq!(code, Some(0), "{name}: {out}");
        let hint = out.lines().find(|l| l.contains("hint: ")).unwrap_or_default();
        assert!(
            ["(score ", "(win in ", "(loss in ", "(p(win) "].iter().any(|v| hint.contains(v)),
            "{name}: {out}"
        );
    }
}

#[test]
fn agent_specs_are_checked() {
    rejects(&["play", "tictactoe", "--b", "negamax:dept=3"], "dept");
    rejects(&["play", "tictactoe", "--b", "negamax:depth=x"], "depth=x");
    rejects(&["play", "tictactoe", "--b", "oneply:eval=rows"], "rows");
    rejects(&["play", "tictactoe", "--b", "alphazero"], "alphazero");
    rejects(&["match", "tictactoe", "--a", "random", "--b", "human"], "human");
    rejects(&["match", "tictactoe", "--a", "random", "--b", "random:x=1"], "x");
    rejects(&["match", "peg", "--a", "random", "--b", "random"], "two-player");
    rejects(&["match", "nim", "--a", "random", "--b", "random", "--sprt", "0,10,0.05"], "--sprt");
    rejects(&["match", "nim", "--a", "random", "--b", "random", "--games", "0"], "--games");
    rejects(&["match", "nim-variant", "--a", "optimal", "--b", "mixed:p=2"], "p=2");
    rejects(&["match", "tictactoe", "--a", "optimal", "--b", "random"], "optimal");
    let v = json(&[
        "match",
        "nim-variant",
        "--a",
        "optimal",
        "--b",
        "mixed:p=0.6",
        "--games",
        "20",
        "--json",
    ]);
    // 22 is a first-player win: optimal wins every game it starts, so no
    // pair scores less than 1 point.
    assert_eq!((v["pentanomial"][0].clone(), v["pentanomial"][1].clone()), (0.into(), 0.into()));
    assert!(v["a"]["wins"].as_u64().unwrap() >= 10);
    let v = json(&["agents", "nim-variant", "--json"]);
    let kinds = v["agents"].to_string();
    for k in ["optimal", "mixed", "text-random"] {
        assert!(kinds.contains(k), "{k} missing: {kinds}");
    }
    let v = json(&["agents", "tictactoe", "--json"]);
    let kinds: Vec<&str> =
        v["agents"].as_array().unwrap().iter().map(|a| a["kind"].as_str().unwrap()).collect();
    for k in ["human", "random", "oneply", "negamax"] {
        assert!(kinds.contains(&k), "{k} missing: {kinds:?}");
    }
    assert_eq!(v["evaluators"][0]["name"], "lines");
}

#[cfg(unix)]
#[test]
fn tictactoe_through_a_pseudo_terminal() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spielbaum"));
    cmd.args(["play", "tictactoe"]);
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).expect("pty");
    p.exp_string("player 1 to move> ").unwrap();
    p.send_line("b2").unwrap();
    // What a person sees: their move on the board, the engine's answer.
    p.exp_string(" 2 . x .").unwrap();
    p.exp_string("player 2 (negamax:depth=max) plays").unwrap();
    p.exp_string("player 1 to move> ").unwrap();
    p.send_line("a9").unwrap();
    p.exp_string("bad move \"a9\"").unwrap();
    p.exp_string("player 1 to move> ").unwrap();
    p.send_line("hint").unwrap();
    p.exp_string("hint: ").unwrap();
    p.exp_string("player 1 to move> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("bye").unwrap();
    p.exp_eof().unwrap();
}
