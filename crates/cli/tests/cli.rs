//! The `spielbaum` binary end to end: JSON contracts and exit codes.

mod common;

use common::{json, rejects};

#[test]
fn perft_json_contract() {
    // Tic-tac-toe sequences of length 1..=4 counted by hand: 9, 9·8, 9·8·7,
    // 9·8·7·6 (no game can end before the fifth move).
    let v = json(&["perft", "tictactoe", "--depth", "4", "--json"]);
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(v["depth"], 4);
    assert_eq!(v["counts"], serde_json::json!([9, 72, 504, 3024]));

    // NIM 1,2 by hand: (0,2) (1,1) (1,0); then (0,1) (0,0) (0,1) (1,0) (0,0);
    // then from the three non-empty ones one move each.
    let v = json(&["perft", "nim", "--heaps", "1,2", "--depth", "3", "--json"]);
    assert_eq!(v["counts"], serde_json::json!([3, 5, 3]));

    // Würfelkippen, 4 on top, target 8: tips to 1, 2, 5, 6.
    let v = json(&["perft", "dice", "--target", "8", "--start", "4", "--depth", "1", "--json"]);
    assert_eq!(v["counts"], serde_json::json!([4]));

    // From a position: x in the centre, o to move, 8 replies.
    let v = json(&["perft", "tictactoe", "--position", ".../.x./...", "--depth", "1", "--json"]);
    assert_eq!(v["counts"], serde_json::json!([8]));
}

#[test]
fn games_lists_every_game() {
    let v = json(&["games", "--json"]);
    let names: Vec<&str> =
        v["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    for g in ["tictactoe", "dice", "nim"] {
        assert!(names.contains(&g), "{g} missing from {names:?}");
    }
}

#[test]
fn bad_input_exits_2_and_names_the_bad_part() {
    rejects(&["perft", "chess", "--depth", "2"], "chess");
    rejects(&["perft", "tictactoe", "--depth", "0"], "--depth");
    rejects(&["perft", "tictactoe", "--depth", "999"], "--depth");
    rejects(&["perft", "tictactoe", "--depth", "x"], "x");
    rejects(&["perft", "tictactoe", "--depth", "2", "--position", "xxx/ooo/..."], "xxx/ooo/...");
    rejects(&["perft", "tictactoe", "--depth", "2", "--position", "x?./.../..."], "?");
    rejects(&["perft", "nim", "--heaps", "3,,5", "--depth", "2"], "heap");
    rejects(&["perft", "nim", "--heaps", "3,-1", "--depth", "2"], "-1");
    rejects(&["perft", "dice", "--start", "7", "--depth", "2"], "7");
    rejects(&["perft", "dice", "--target", "0", "--depth", "2"], "target");
    rejects(&["perft", "tictactoe", "--heaps", "3", "--depth", "2"], "--heaps");
    rejects(&["no-such-command"], "no-such-command");
}
