//! `spielbaum mcts` end to end: the JSON contract, determinism,
//! and bad input.

mod common;

use common::{json, rejects};

const EXAMPLE: &[&str] = &[
    "mcts",
    "nim-variant",
    "--n",
    "22",
    "--subtract",
    "3,5,11",
    "--iterations",
    "20000",
    "--seed",
    "1",
    "--json",
];

#[test]
fn documented_example_json_contract() {
    let v = json(EXAMPLE);
    // From 22 the only winning move is 5 (17 = 2·8 + 1, the text's rule).
    assert_eq!(v["best_move"], "5");
    assert_eq!(v["iterations"], 20000);
    let moves = v["moves"].as_array().expect("moves");
    let mut names: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["11", "3", "5"]);
    let visits: u64 = moves.iter().map(|m| m["visits"].as_u64().unwrap()).sum();
    assert_eq!(visits, 20000);
    for m in moves {
        let p = m["win_probability"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{m}");
    }
    let p5 = moves.iter().find(|m| m["move"] == "5").unwrap()["win_probability"].as_f64().unwrap();
    assert!(p5 > 0.9, "p(5) = {p5}");
    // Same seed, same answer.
    assert_eq!(json(EXAMPLE), v);
}

#[test]
fn other_games_threads_and_time() {
    let v = json(&["mcts", "tictactoe", "--iterations", "3000", "--threads", "2", "--json"]);
    assert_eq!(v["iterations"], 3000);
    assert_eq!(v["moves"].as_array().unwrap().len(), 9);
    let v = json(&["mcts", "nim", "--heaps", "1,2", "--time-ms", "50", "--json"]);
    // NIM 1,2 (nim-sum 3): the winning move takes one from heap 2, leaving 1,1.
    assert_eq!(v["best_move"], "2:1");
    let v = json(&["mcts", "golf", "--iterations", "2000", "--json"]);
    assert!(v["best_move"].is_string());
}

#[test]
fn bad_input_is_rejected() {
    rejects(&["mcts", "nim-variant"], "--iterations");
    rejects(&["mcts", "nim-variant", "--iterations", "0"], "--iterations");
    rejects(&["mcts", "nim-variant", "--time-ms", "0"], "--time-ms");
    rejects(&["mcts", "nim-variant", "--iterations", "10", "--threads", "0"], "--threads");
    rejects(&["mcts", "nim-variant", "--iterations", "10", "--exploration=-1"], "--exploration");
    rejects(
        &["mcts", "nim-variant", "--iterations", "10", "--exploration", "NaN"],
        "--exploration",
    );
    rejects(&["mcts", "nim-variant", "--iterations", "10", "--nodes", "0"], "--nodes");
    rejects(&["mcts", "nim-variant", "--iterations", "10", "--heaps", "3"], "--heaps");
    rejects(&["mcts", "nim-variant", "--iterations", "10", "--position", "x"], "x");
    rejects(&["mcts", "chess", "--iterations", "10"], "chess");
}
