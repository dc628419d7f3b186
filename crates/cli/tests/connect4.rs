//! Connect Four on the command line: perft with the board size, the
//! position under the size, bad sizes, and solving a small board.

mod common;

use common::{json, rejects};
use serde_json::json as j;

#[test]
fn perft_standard_board() {
    // 7 x 6: published perft 7, 49, 343, 2401 (checked in small-games).
    let v = json(&["perft", "connect4", "--depth", "4", "--json"]);
    assert_eq!(v["counts"], j!([7, 49, 343, 2401]));
}

#[test]
fn perft_with_width_and_height() {
    // 4 columns of 4: 4^k sequences (no column fills before the 5th ply).
    let v = json(&["perft", "connect4", "--width", "4", "--height", "4", "--depth", "4", "--json"]);
    assert_eq!(v["counts"], j!([4, 16, 64, 256]));
    // 9 x 7 needs the wide board: 9 first moves, 81 replies.
    let v = json(&["perft", "connect4", "--width", "9", "--height", "7", "--depth", "2", "--json"]);
    assert_eq!(v["counts"], j!([9, 81]));
}

#[test]
fn position_is_read_under_the_board_size() {
    // x to move on 4x4 with x: a1 b1 c1, o: a2 b2 c2: d wins, any other
    // move leaves o 4 replies.
    let pos = "..../..../ooo./xxx.";
    let v = json(&[
        "perft",
        "connect4",
        "--width",
        "4",
        "--height",
        "4",
        "--position",
        pos,
        "--depth",
        "2",
        "--json",
    ]);
    assert_eq!(v["counts"], j!([4, 12]));
    // The same text on the default 7x6 board is rejected, naming the rows.
    rejects(&["perft", "connect4", "--position", pos, "--depth", "1"], "rows");
}

#[test]
fn bad_sizes_are_usage_errors_naming_the_size() {
    rejects(&["perft", "connect4", "--width", "3", "--depth", "1"], "width 3");
    rejects(&["perft", "connect4", "--height", "8", "--depth", "1"], "height 8");
    rejects(&["perft", "connect4", "--width", "x", "--depth", "1"], "--width");
}

#[test]
fn solve_4x4_is_a_draw() {
    // Published: 4x4 Connect Four is a draw (Tromp).
    let v = json(&["solve", "connect4", "--width", "4", "--height", "4", "--json"]);
    assert_eq!(v["value"], "draw");
}
