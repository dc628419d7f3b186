//! The game registry on the command line: options with their defaults,
//! conflicts with `--position`, and peg solitaire through the generic
//! commands.

mod common;

use common::{json, rejects};
use serde_json::json as j;

/// Every option that chooses the start, with the game and a value.
const START_OPTIONS: [(&str, &str, &str, &str); 7] = [
    ("dice", "--target", "8", "top=4 sum=0 target=8 turn=1"),
    ("dice", "--start", "4", "top=4 sum=0 target=8 turn=1"),
    ("nim", "--heaps", "3,4", "3,4"),
    ("nim-variant", "--n", "17", "17 B"),
    ("peg", "--start", "d4", "..000../..000../0000000/0001100/0000000/..000../..000.."),
    ("connect4", "--width", "6", "....../....../....../....../....../......"),
    ("connect4", "--height", "5", "......./......./......./......./......."),
];

#[test]
fn position_with_a_start_option_is_a_usage_error_naming_both() {
    for (game, flag, value, position) in START_OPTIONS {
        for cmd in [&["perft", "--depth", "1"][..], &["solve"], &["mcts", "--iterations", "10"]] {
            let mut args: Vec<&str> = cmd.to_vec();
            args.insert(1, game);
            args.extend([flag, value, "--position", position]);
            rejects(&args, "--position");
            rejects(&args, flag);
        }
        // Each alone is fine.
        json(&["perft", game, flag, value, "--depth", "1", "--json"]);
        json(&["perft", game, "--position", position, "--depth", "1", "--json"]);
    }
}

#[test]
fn rules_options_apply_to_the_position() {
    // From 5 with S = {1, 2}, B to move: 2 moves (to 4 and 3), then 2 each.
    let v = json(&[
        "perft",
        "nim-variant",
        "--subtract",
        "1,2",
        "--position",
        "5 B",
        "--depth",
        "2",
        "--json",
    ]);
    assert_eq!(v["counts"], j!([2, 4]));
    // The default set {3, 5, 11} from 5: 3 and 5 are legal, 11 overshoots
    // (and loses, so it is a legal move too): 3 moves.
    let v = json(&["perft", "nim-variant", "--position", "5", "--depth", "1", "--json"]);
    assert_eq!(v["counts"], j!([3]));
}

#[test]
fn defaults_are_the_documented_ones() {
    // NIM's default heaps 3,4,5: 3 + 4 + 5 first moves.
    let v = json(&["perft", "nim", "--depth", "1", "--json"]);
    assert_eq!(v["counts"], j!([12]));
    let listed = json(&["games", "--json"]);
    let nim = listed["games"].as_array().unwrap().iter().find(|g| g["name"] == "nim").unwrap();
    let line = nim["options"][0].as_str().unwrap();
    assert!(line.contains("--heaps") && line.contains("default 3,4,5"), "{line}");
}

#[test]
fn options_of_other_games_are_rejected() {
    rejects(&["perft", "tictactoe", "--board", "french", "--depth", "1"], "--board");
    rejects(&["perft", "peg", "--heaps", "3", "--depth", "1"], "--heaps");
    rejects(&["perft", "nim", "--heaps", "x", "--depth", "1"], "x");
    rejects(&["perft", "peg", "--board", "hexagon", "--depth", "1"], "hexagon");
    rejects(&["perft", "peg", "--start", "a1", "--depth", "1"], "a1");
    rejects(&["perft", "peg", "--goal", "z9", "--depth", "1"], "z9");
}

#[test]
fn peg_is_listed() {
    let v = json(&["games", "--json"]);
    let peg = v["games"].as_array().unwrap().iter().find(|g| g["name"] == "peg");
    let peg = peg.expect("peg is listed");
    let opts = peg["options"].to_string();
    for flag in ["--board", "--start", "--goal"] {
        assert!(opts.contains(flag), "{flag} missing from {opts}");
    }
}

#[test]
fn peg_perft_agrees_with_the_level_statistics() {
    // perft counts jump sequences by depth; `peg stats` counts the paths to
    // each level by a breadth-first search over positions. Both from the
    // English board's centre start, and from the French board's c1.
    for (opts, depth) in
        [(&["--board", "english"][..], 4u32), (&["--board", "french", "--start", "c1"], 3)]
    {
        let d = depth.to_string();
        let mut args = vec!["perft", "peg", "--depth", &d, "--json"];
        args.extend_from_slice(opts);
        let counts = json(&args)["counts"].clone();
        let top: u32 = if opts[1] == "english" { 32 } else { 36 };
        let down_to = (top - depth).to_string();
        let mut stats_args = vec!["peg", "stats", "--down-to", &down_to, "--json"];
        stats_args.extend_from_slice(opts);
        let stats = json(&stats_args);
        let paths: Vec<u64> = stats["levels"].as_array().unwrap()[1..]
            .iter()
            .map(|l| l["paths"].as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(counts, j!(paths), "{opts:?}");
    }
}

#[test]
fn peg_through_solve_search_and_mcts() {
    // Two adjacent pegs in the middle row: either jump leaves one peg.
    let two = "..000../..000../0000000/0001100/0000000/..000../..000..";
    let v = json(&["solve", "peg", "--position", two, "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies"], 1);
    assert_eq!(v["best_moves"], j!(["d4-f4", "e4-c4"]));
    // Three pegs in an L (d4, e4, d5): every jump leaves two apart.
    let three = "..000../..000../0000000/0001100/0001000/..000../..000..";
    let v = json(&["solve", "peg", "--position", three, "--json"]);
    assert_ne!(v["value"], "win");
    let v = json(&["search", "peg", "--position", two, "--depth", "3", "--json"]);
    assert!(["d4-f4", "e4-c4"].contains(&v["best_move"].as_str().unwrap()));
    let v = json(&["mcts", "peg", "--position", two, "--iterations", "50", "--json"]);
    assert!(["d4-f4", "e4-c4"].contains(&v["best_move"].as_str().unwrap()));
}

#[test]
fn connect4_on_both_board_types() {
    // No game ends before the 7th ply, so every column is playable: 7^d
    // and 9^d sequences.
    let v = json(&["perft", "connect4", "--depth", "4", "--json"]);
    assert_eq!(v["counts"], j!([7, 49, 343, 2401]));
    // 9×7 needs 72 bits: the 128-bit board.
    let v = json(&["perft", "connect4", "--width", "9", "--height", "7", "--depth", "3", "--json"]);
    assert_eq!(v["counts"], j!([9, 81, 729]));
    let nine = "........./........./........./........./........./........./....x....";
    let v = json(&["perft", "connect4", "--position", nine, "--depth", "2", "--json"]);
    assert_eq!(v["counts"], j!([9, 81]));
    rejects(&["perft", "connect4", "--width", "10", "--depth", "1"], "10");
}
