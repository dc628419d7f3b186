//! `spielbaum solve` and `spielbaum search` end to end: the JSON
//! contracts, values known independently, and bad input.

mod common;

use common::{json, rejects};

use std::time::{Duration, Instant};

fn keys(v: &serde_json::Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
    k.sort();
    k
}

#[test]
fn solve_json_contract() {
    // Tic-tac-toe is a draw; the board fills up (9 plies); every first move draws.
    let v = json(&["solve", "tictactoe", "--json"]);
    assert_eq!(keys(&v), ["best_moves", "nodes", "plies", "value"]);
    assert_eq!(v["value"], "draw");
    assert_eq!(v["plies"], 9);
    assert_eq!(v["best_moves"].as_array().unwrap().len(), 9);
    assert!(v["nodes"].as_u64().unwrap() > 0);

    // NIM 3,4,5: xor 2, a first-player win; the only xor-zeroing move takes
    // 2 from the first heap (3 -> 1: 1^4^5 = 0).
    let v = json(&["solve", "nim", "--heaps", "3,4,5", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["best_moves"], serde_json::json!(["1:2"]));

    // X to move with two in the top row wins at once.
    let v = json(&["solve", "tictactoe", "--position", "xx./oo./...", "--json"]);
    assert_eq!((v["value"].as_str(), v["plies"].as_u64()), (Some("win"), Some(1)));
    assert_eq!(v["best_moves"], serde_json::json!(["c3"]));

    // Würfelkippen: only the contract here; the values are checked against a
    // brute force in the negamax crate's tests.
    let v = json(&["solve", "dice", "--target", "8", "--start", "4", "--json"]);
    assert!(["win", "loss", "draw"].contains(&v["value"].as_str().unwrap()));
}

#[test]
fn search_json_contract() {
    let v = json(&["search", "tictactoe", "--depth", "4", "--json"]);
    assert_eq!(keys(&v), ["best_move", "depth", "nodes", "pv", "score"]);
    assert_eq!(v["depth"], 4);
    assert_eq!(v["pv"].as_array().unwrap().len(), 4);
    assert_eq!(v["best_move"], v["pv"][0]);

    // Every algorithm gives the same score at the same depth.
    let scores: Vec<_> = ["negamax", "alphabeta", "ordered", "pvs", "iterative"]
        .iter()
        .map(|a| {
            json(&["search", "tictactoe", "--depth", "5", "--algo", a, "--json"])["score"].clone()
        })
        .collect();
    assert!(scores.windows(2).all(|w| w[0] == w[1]), "{scores:?}");

    // The lean preset (with and without the table) gives the same score.
    for extra in [&[][..], &["--table-mib", "0"][..]] {
        let mut args = vec!["search", "tictactoe", "--depth", "5", "--preset", "lean", "--json"];
        args.extend_from_slice(extra);
        assert_eq!(json(&args)["score"], scores[0]);
    }

    // Searched to the end, Tic-tac-toe is a draw (score 0), also with 2 threads.
    let v = json(&["search", "tictactoe", "--depth", "9", "--threads", "2", "--json"]);
    assert_eq!(v["score"], 0);

    // A time limit is honoured.
    let t = Instant::now();
    let v = json(&["search", "nim", "--heaps", "7,9,11,13", "--time-ms", "200", "--json"]);
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(v["best_move"].is_string());
}

#[test]
fn bad_input_is_named() {
    rejects(&["search", "tictactoe", "--json"], "--depth");
    rejects(&["search", "tictactoe", "--depth", "0"], "--depth 0");
    rejects(&["search", "tictactoe", "--depth", "3", "--algo", "minimax"], "minimax");
    rejects(&["search", "tictactoe", "--depth", "3", "--preset", "fast"], "--preset fast");
    rejects(&["search", "tictactoe", "--depth", "3", "--threads", "0"], "--threads");
    rejects(&["solve", "tictactoe", "--position", "xxx/ooo/..."], "both");
    rejects(&["solve", "chess"], "chess");
}
