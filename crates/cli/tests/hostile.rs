//! Command lines a hostile user tries: caps, ranges, hangs turned into
//! answers or clear errors, messages that name the real problem. (The
//! deadline and memory measurements are in `deadlines.rs`, run in release.)

mod common;

use common::{json, nim_match, rejects, spielbaum, strs, within};

/// Runs `args` and expects exit code `code` within `secs` seconds, with
/// `names` in the error message.
fn fails_fast(args: &[&str], code: i32, names: &str, secs: u64) {
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(60).collect()).collect();
    let out = within(args, secs as f64)
        .unwrap_or_else(|| panic!("{shown:?} still running after {secs} s"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{shown:?}: {err}");
    assert!(err.contains(names), "{shown:?}: {err:?} does not name {names:?}");
    assert!(!err.contains("panicked"), "{shown:?}: {err}");
}

#[test]
fn help_of_help_exits_0() {
    let out = spielbaum(&["help", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: spielbaum"));
}

#[test]
fn tour_only_without_a_match_is_an_error() {
    rejects(&["tour", "--only", "nomatch"], "nomatch");
}

#[test]
fn contradicting_mcts_flags_are_rejected() {
    rejects(
        &["mcts", "tictactoe", "--iterations", "10", "--no-solver", "--stop-when-proven"],
        "--stop-when-proven",
    );
}

#[test]
fn mcts_nodes_cap_is_as_documented() {
    // The help says 1..=2^32: both ends are accepted, one past is not.
    for n in ["1", "4294967296"] {
        json(&["mcts", "tictactoe", "--iterations", "50", "--nodes", n, "--json"]);
    }
    rejects(&["mcts", "tictactoe", "--iterations", "50", "--nodes", "4294967297"], "--nodes");
    // `mcts GAME… --iterations 500 --nodes 1 --json` plus `extra`: the
    // positions or nodes held.
    let held = |game: &[&str], extra: &[&str]| {
        let mut args = vec!["mcts"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["--iterations", "500", "--nodes", "1", "--json"]);
        args.extend_from_slice(extra);
        json(&args)["nodes"].as_u64().expect("a node count")
    };
    let ttt: &[&str] = &["tictactoe"];
    let nim: &[&str] = &["nim", "--heaps", "5,7", "--threads", "3"];
    // Documented: each thread's tree (`--tree`) holds the root and one node
    // per root move even under the smallest cap; nothing more. Tic-tac-toe
    // has 9 first moves, NIM 5,7 has 5 + 7.
    assert_eq!(held(ttt, &["--tree"]), 1 + 9);
    assert_eq!(held(nim, &["--tree"]), 3 * (1 + 5 + 7));
    // The default, graph search, caps edges plus one and reports
    // positions: the root and at most one position per root move, per
    // thread (the root is always expanded).
    let n = held(ttt, &[]);
    assert!((2..=1 + 9).contains(&n), "{n} positions");
    let n = held(nim, &[]);
    assert!((3 * 2..=3 * (1 + 5 + 7)).contains(&n), "{n} positions");
    // Without a cap the same searches hold more: the cap is what limits.
    let v = json(&["mcts", "tictactoe", "--iterations", "500", "--json"]);
    assert!(v["nodes"].as_u64().unwrap() > 1 + 9);
}

#[test]
fn golf_count_is_range_checked() {
    rejects(&["golf", "strokes", "--clubs", "1,50", "--count", "0"], "--count");
    rejects(&["golf", "strokes", "--clubs", "1,50", "--count", "17"], "--count");
}

#[test]
fn heap_lists_say_what_is_wrong() {
    fails_fast(&["perft", "nim", "--heaps", "4294967296", "--depth", "1"], 2, "too large", 30);
    fails_fast(&["perft", "nim", "--heaps", "3,-4", "--depth", "1"], 2, "non-negative", 30);
    fails_fast(&["perft", "nim", "--heaps", "3,,4", "--depth", "1"], 2, "empty", 30);
    // Inside a position it is a bad position, not a bad option.
    fails_fast(
        &["perft", "nim", "--position", "heaps=3,-4", "--depth", "1"],
        2,
        "bad position \"-4\"",
        30,
    );
    // 1024 heaps of 2^20: more objects than the total cap.
    let big = vec!["1048576"; 1024].join(",");
    fails_fast(&["search", "nim", "--heaps", &big, "--time-ms", "200"], 2, "65536", 30);
    // 1024 heaps of 64: within the total, but every one of the 65,536
    // moves would copy 1,024 heaps (objects times heaps is capped).
    let wide = vec!["64"; 1024].join(",");
    fails_fast(
        &["search", "nim", "--heaps", &wide, "--time-ms", "200"],
        2,
        "objects times heaps",
        30,
    );
    fails_fast(
        &["mcts", "nim", "--position", &wide, "--time-ms", "200"],
        2,
        "objects times heaps",
        30,
    );
}

#[test]
fn subtraction_lists_parse_like_heap_lists() {
    for bad in ["3,,5", "3,5,", ",3"] {
        fails_fast(&["perft", "nim-variant", "--subtract", bad, "--depth", "1"], 2, "empty", 30);
        fails_fast(&["nim-variant", "table", "--subtract", bad], 2, "empty", 30);
    }
    // Spaces and braces stay allowed.
    json(&["perft", "nim-variant", "--subtract", "{3, 5, 11}", "--depth", "1", "--json"]);
}

#[test]
fn nim_variant_table_rejects_up_front() {
    for extra in [&[][..], &["--json"][..]] {
        let mut args = vec!["nim-variant", "table", "--subtract", "1000000,999999", "--upto", "10"];
        args.extend_from_slice(extra);
        let out = within(&args, 120.0).expect("an answer");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: output before the error");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--subtract"));
    }
    let svg = std::env::temp_dir().join("spielbaum-hostile-table.svg");
    let svg = svg.to_str().expect("a UTF-8 path");
    fails_fast(&["nim-variant", "table", "--svg", svg, "--upto", "10000000"], 2, "--upto", 30);
    fails_fast(&["nim-variant", "play", "--n", "1099511627776"], 2, "--n", 30);
    fails_fast(&["nim-variant", "play", "--starts", "1..1099511627776"], 2, "--starts", 30);
}

#[test]
fn solve_refuses_games_longer_than_its_horizon_at_once() {
    // Lines of up to 2/3 of the target (tips 1, 2, 1, 2, …) and n / min S
    // plies: past the 10,000 plies exact solving follows.
    fails_fast(&["solve", "dice", "--target", "16000"], 1, "within 10000 plies", 30);
    fails_fast(&["solve", "nim-variant", "--n", "40000"], 1, "within 10000 plies", 30);
    fails_fast(&["solve", "dice", "--target", "60000"], 1, "within 10000 plies", 30);
    // Budgets end a long solve with an error naming them.
    fails_fast(&["solve", "dice", "--target", "9000", "--max-nodes", "1000"], 1, "--max-nodes", 60);
    fails_fast(
        &["solve", "dice", "--target", "9999", "--time-limit", "0.05"],
        1,
        "--time-limit",
        60,
    );
    rejects(&["solve", "tictactoe", "--time-limit", "0"], "--time-limit");
    rejects(&["solve", "tictactoe", "--max-nodes", "0"], "--max-nodes");
}

#[test]
fn peg_count_solvable_with_an_unreachable_goal_answers_at_once() {
    let out = within(&["peg", "solve", "--goal", "c1", "--count-solvable", "--json"], 30.0)
        .expect("an answer within 30 s");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["total_solvable"], 0);
    // Same verdict as the solver's own class test without the flag.
    let v = json(&["peg", "solve", "--goal", "c1", "--json"]);
    assert_eq!(v["solved"], false);
}

#[test]
fn thread_counts_are_range_checked_everywhere() {
    let out = within(&["peg", "stats", "--down-to", "30", "--threads", "5000"], 30.0)
        .expect("an answer within 30 s");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
    rejects(&["peg", "stats", "--down-to", "30", "--threads", "0"], "--threads");
    rejects(&["search", "tictactoe", "--depth", "2", "--threads", "257"], "--threads");
    rejects(&["mcts", "tictactoe", "--iterations", "2", "--threads", "257"], "--threads");
}

#[test]
fn checkpoint_mismatch_is_a_sentence() {
    let dir = std::env::temp_dir().join(format!("spielbaum-hostile-ckpt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().expect("a UTF-8 path");
    let out = spielbaum(&["peg", "stats", "--down-to", "30", "--checkpoint", d, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = spielbaum(&["peg", "stats", "--down-to", "30", "--checkpoint", d, "--no-symmetry"]);
    let err = String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("another board"), "{err}");
    assert!(!err.contains('{') && !err.contains("Ident"), "a debug struct: {err}");
}

#[test]
fn long_inputs_are_not_echoed_in_full() {
    let long = "x".repeat(100_000);
    for args in [
        vec!["perft", "tictactoe", "--depth", "1", "--position", &long],
        vec!["perft", &long, "--depth", "1"],
        vec!["perft", "tictactoe", "--depth", &long],
    ] {
        let out = within(&args, 30.0).expect("an answer");
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stderr.len() < 2_000, "{} bytes of error", out.stderr.len());
    }
}

#[test]
fn agent_specs_and_sprt_name_the_bad_part() {
    let m = |a: &str, extra: &[&str]| nim_match(a, 2, extra);
    let rejects_owned = |args: Vec<String>, names: &str| rejects(&strs(&args), names);
    rejects_owned(m("random:=", &[]), "the key is empty");
    rejects_owned(m("negamax:=3", &[]), "the key is empty");
    for bad in ["nan", "inf", "-inf", "1e400"] {
        let sprt = format!("{bad},10,0.05,0.05");
        rejects_owned(m("random", &["--sprt", &sprt]), &format!("{bad:?} is not a finite number"));
    }
    // A negative elo0 is a value, not an option.
    let v = json(&strs(&m("random", &["--sprt", "-5,5,0.05,0.05", "--json"])));
    assert_eq!(v["sprt"]["lower"].as_f64().map(f64::is_finite), Some(true), "{v}");
    // A missing value is named, not taken from the next option.
    rejects_owned(m("random", &["--sprt", "--json"]), "--sprt");
    rejects_owned(m("random", &["--sprt", "--json"]), "a value is missing");
    rejects_owned(m("random", &["--sprt", "-x"]), "a value is missing");
    rejects_owned(m("", &[]), "--a");
    rejects_owned(m("negamax:depth=18446744073709551616", &[]), "depth=18446744073709551616");
    rejects_owned(m("mcts:time=-5ms", &[]), "time=-5ms");
    rejects(
        &["match", "muehle", "--a", "engine:mobility=999999999", "--b", "random"],
        "mobility=999999999",
    );
}

/// Files a match reads or writes: missing, a directory, empty, not UTF-8,
/// damaged lines; the errors name the file (exit 2 for bad input, 1 when
/// the output cannot be written).
#[test]
fn match_and_replay_files() {
    let dir = std::env::temp_dir().join(format!("spielbaum-hostile-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let file = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).expect("written");
        p.to_str().expect("a UTF-8 path").to_string()
    };
    let d = dir.to_str().expect("a UTF-8 path").to_string();
    let nim = |extra: &[&str]| nim_match("random", 2, extra);
    let code =
        |args: Vec<String>, code: i32, names: &str| fails_fast(&strs(&args), code, names, 30);
    let missing = format!("{d}/no/such/dir/games.jsonl");
    code(nim(&["--save", &missing]), 1, "cannot create --save");
    code(nim(&["--save", &d]), 1, "cannot create --save");
    code(nim(&["--save", "/dev/full"]), 1, "cannot write --save");
    code(nim(&["--openings", &d]), 2, "--openings");
    code(nim(&["--openings", &file("empty.txt", b"")]), 2, "no opening");
    code(nim(&["--openings", &file("binary.txt", b"2:1 \xff\xfe\n")]), 2, "--openings");
    code(nim(&["--openings", &file("bad.txt", b"# c\n2:1 zz\n")]), 2, "\"zz\"");
    // A stored match, then damaged copies of it.
    let saved = dir.join("saved.jsonl");
    let saved = saved.to_str().expect("a UTF-8 path");
    json(&strs(&nim(&["--save", saved, "--json"])));
    let good = std::fs::read_to_string(saved).expect("saved games");
    let first = good.lines().next().expect("a game");
    let replay = |path: &str| vec!["replay".to_string(), "nim".to_string(), path.to_string()];
    code(replay(&file("cut.jsonl", &first.as_bytes()[..first.len() / 2])), 2, "line 1");
    code(
        replay(&file("second.jsonl", format!("{first}\n{{\"game\": 3, \"x\"").as_bytes())),
        2,
        "line 2",
    );
    let bad_move = first.replacen("\"moves\":[\"", "\"moves\":[\"zz", 1);
    code(replay(&file("move.jsonl", bad_move.as_bytes())), 2, "ply 1");
    code(replay(&file("none.jsonl", b"\n\n")), 2, "no stored game");
    code(replay(&file("binary.jsonl", b"\xff\xfe")), 2, "cannot read");
    code(replay(&d), 2, "cannot read");
    let mut wrong_game = replay(saved);
    wrong_game[1] = "tictactoe".into();
    code(wrong_game, 2, "bad position");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Game options and positions: the error names the bad part and what is
/// allowed; a stored game replayed under other rules says which.
#[test]
fn game_errors_name_the_part_and_the_range() {
    // A board without the side to move: the board is named, not "".
    rejects(&["solve", "gomoku", "--position", "zz"], "\"zz\": no side to move");
    rejects(
        &["perft", "gomoku", "--size", "3", "--position", "x../... x", "--depth", "1"],
        "2 rows",
    );
    // Out of the option's type or range: the range is stated.
    for size in ["1000", "-1", "2", "23"] {
        let size = format!("--size={size}");
        rejects(&["agents", "gomoku", &size], "3..=22");
        rejects(&["agents", "gomoku", &size], "--size");
    }
    rejects(&["agents", "gomoku", "--k", "300"], "3..=22");
    rejects(&["agents", "connect4", "--width", "1000"], "4 to 9");
    // Mühle played with one variant, replayed under another.
    let dir =
        std::env::temp_dir().join(format!("spielbaum-hostile-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let saved = dir.join("three.jsonl");
    let saved = saved.to_str().expect("a UTF-8 path");
    let three = ["--variant", "three", "--a", "random", "--b", "random", "--games", "2"];
    let mut args = vec!["match", "muehle"];
    args.extend(three);
    args.extend(["--save", saved, "--json"]);
    json(&args);
    fails_fast(&["replay", "muehle", saved], 2, "--variant nine", 30);
    fails_fast(&["replay", "muehle", "--variant", "six", saved], 2, "--variant six", 30);
    let out = spielbaum(&["replay", "muehle", "--variant", "three", saved]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `play` reads the person's moves line by line: a line that is not
/// UTF-8 or is longer than any move is skipped with a message, never held
/// whole or echoed, and the game goes on.
#[test]
fn play_skips_broken_and_endless_input_lines() {
    use std::io::Write;
    use std::process::Stdio;
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 300_000));
    input.extend(b"\nquit\n");
    let mut child = common::binary()
        .args(["play", "tictactoe", "--b", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("ends");
    writer.join().expect("writer");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("not UTF-8"), "{text}");
    assert!(text.contains("is no move"), "{text}");
    assert!(text.contains("bye"), "{text}");
    assert!(out.stdout.len() < 20_000, "{} bytes of output", out.stdout.len());
}
