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

/// Monte Carlo graph search on the subtraction game 3, 5, 11, checked
/// with the command line: for every winning start n ≤ 120 — winning by the
/// exact solver (`spielbaum solve`), not by MCTS — and several seeds, 50,000
/// iterations choose a winning move (again judged by the solver) whose
/// estimated win probability is above 0.9.
#[test]
#[ignore = "long in the dev profile; the release step runs it"]
fn graph_search_wins_every_winning_start_to_120() {
    // win[n]: the player to move at n wins, by negamax's exact solver.
    let mut win = [false; 121];
    for (n, w) in win.iter_mut().enumerate().skip(1) {
        let v = json(&["solve", "nim-variant", "--n", &n.to_string(), "--json"]);
        *w = match v["value"].as_str() {
            Some("win") => true,
            Some("loss") => false,
            other => panic!("n = {n}: solver value {other:?}"),
        };
    }
    // A move d from n wins if it reaches 0, or a number the opponent loses
    // from (a negative number loses at once).
    let wins = |n: usize, d: usize| n == d || (n > d && !win[n - d]);
    let mut failures = Vec::new();
    let mut checked = 0;
    for n in (1..=120).filter(|&n| win[n]) {
        for seed in ["0", "1", "2"] {
            let v = json(&[
                "mcts",
                "nim-variant",
                "--n",
                &n.to_string(),
                "--iterations",
                "50000",
                "--seed",
                seed,
                "--json",
            ]);
            let best = v["best_move"].as_str().expect("a move");
            let d: usize = best.parse().expect("a number");
            let p = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["move"] == best)
                .and_then(|m| m["win_probability"].as_f64())
                .unwrap();
            checked += 1;
            if !wins(n, d) || p <= 0.9 {
                failures.push(format!("n = {n}, seed {seed}: chose {d}, p = {p:.3}"));
            }
        }
    }
    // The rule of the text (n mod 8 in 3..=7) gives 75 winning starts to 120.
    assert_eq!(checked, 3 * 75);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn graph_by_default_tree_on_request() {
    // The subtraction game from 60 has at most 71 positions (the numbers
    // -10..=60): the graph holds no more, a tree of the same search many
    // more.
    let args = |flag: Option<&'static str>| {
        let mut a = vec!["mcts", "nim-variant", "--n", "60", "--iterations", "20000", "--json"];
        a.extend(flag);
        json(&a)
    };
    let g = args(None);
    let t = args(Some("--tree"));
    assert!(g["nodes"].as_u64().unwrap() <= 71, "{g}");
    assert!(t["nodes"].as_u64().unwrap() > 1_000, "{t}");
    // `--graph` is still accepted and asks for the default.
    assert_eq!(args(Some("--graph")), g);
    // The winning moves leave 8k + 1: 60 - 3 = 57 and 60 - 11 = 49.
    assert!(g["best_move"] == "3" || g["best_move"] == "11", "{g}");
}
