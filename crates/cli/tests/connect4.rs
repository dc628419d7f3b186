//! Connect Four on the command line: perft with a board size, a position
//! that brings its own size, bad sizes, and solving a small board.

mod common;

use common::{json, rejects};
use serde_json::json as j;

#[test]
fn perft_with_width_and_height() {
    // 4 columns of 4: 4^k sequences (no column fills before the 5th ply).
    let v = json(&["perft", "connect4", "--width", "4", "--height", "4", "--depth", "4", "--json"]);
    assert_eq!(v["counts"], j!([4, 16, 64, 256]));
}

#[test]
fn a_position_brings_its_size() {
    // x to move on 4x4 with x: a1 b1 c1, o: a2 b2 c2: d wins, any other
    // move leaves o 4 replies.
    let pos = "..../..../ooo./xxx.";
    let v = json(&["perft", "connect4", "--position", pos, "--depth", "2", "--json"]);
    assert_eq!(v["counts"], j!([4, 12]));
    // A stone above an empty cell is rejected, naming the column.
    rejects(
        &["perft", "connect4", "--position", "..x./..../ooo./xxx.", "--depth", "1"],
        "column c",
    );
}

#[test]
fn bad_sizes_are_usage_errors_naming_the_size() {
    rejects(&["perft", "connect4", "--width", "3", "--depth", "1"], "width 3");
    rejects(&["perft", "connect4", "--height", "8", "--depth", "1"], "height 8");
    rejects(&["perft", "connect4", "--width", "x", "--depth", "1"], "--width");
}

#[test]
fn solve_4x4_is_a_draw() {
    // Published: 4x4 Connect Four is a draw (John Tromp's table of board
    // sizes); the 16 cells fill up.
    let v = json(&["solve", "connect4", "--width", "4", "--height", "4", "--json"]);
    assert_eq!(v["value"], "draw");
    assert_eq!(v["plies"], 16);
}
