//! `spielbaum nim-variant` and the game `nim-variant` in the generic
//! commands, end to end.

mod common;

use common::{json, rejects};

#[test]
fn table_json_contract() {
    let v = json(&["nim-variant", "table", "--subtract", "3,5,11", "--upto", "20", "--json"]);
    // The text's sets A and B (its R output, first numbers).
    assert_eq!(v["p_positions"], serde_json::json!([0, 1, 2, 8, 9, 10, 16, 17, 18]));
    assert_eq!(v["n_positions"], serde_json::json!([3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 19, 20]));
    assert_eq!(v["period"], 8);
    assert_eq!(v["preperiod"], 0);
    // The text's Table 2 with all alternatives.
    assert_eq!(v["strategy"]["7"], serde_json::json!([5]));
    assert_eq!(v["strategy"]["5"], serde_json::json!([3, 5, 11]));
    assert_eq!(v["strategy"]["0"], serde_json::json!([]));
}

#[test]
fn play_json_and_pictures() {
    let dir = std::env::temp_dir().join(format!("spielbaum-nim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("c.svg");
    let dot = dir.join("c.dot");
    let v = json(&[
        "nim-variant",
        "play",
        "--n",
        "50",
        "--a",
        "optimal",
        "--b",
        "mixed:0.6",
        "--games",
        "50",
        "--seed",
        "4",
        "--svg",
        svg.to_str().unwrap(),
        "--dot",
        dot.to_str().unwrap(),
        "--json",
    ]);
    // 50 mod 8 = 2: red, so B can force the win; optimal A wins only by B's errors.
    assert_eq!(v["games"], 50);
    assert_eq!(v["from_red"]["games"], 50);
    assert_eq!(v["blunders"]["a"], 0);
    assert_eq!(v["first_course"][0], 50);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert!(std::fs::read_to_string(&dot).unwrap().starts_with("graph course"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generic_commands() {
    let v = json(&["perft", "nim-variant", "--n", "22", "--depth", "3", "--json"]);
    // 3, 9, then 8 of the 9 numbers are positive (11 + 11 = 22 ends): 24.
    assert_eq!(v["counts"], serde_json::json!([3, 9, 24]));
}

#[test]
fn bad_input() {
    rejects(&["nim-variant", "table", "--subtract", "3,0"], "0");
    rejects(&["nim-variant", "table", "--subtract", "3,x"], "x");
    rejects(&["nim-variant", "play", "--a", "clever"], "clever");
    rejects(&["nim-variant", "play", "--b", "mixed:1.5"], "1.5");
    rejects(&["nim-variant", "play", "--starts", "50..20"], "--starts");
    rejects(&["nim-variant", "play", "--n", "0"], "0");
    rejects(&["perft", "nim-variant", "--n", "22", "--heaps", "3", "--depth", "2"], "--heaps");
    rejects(&["perft", "nim-variant", "--position", "17 C", "--depth", "2"], "C");
}
