//! Each criterion of the 1976 table on a crafted position (white = C, the
//! player who has just moved; black = S, to move).

use spielbaum_game_trait::{Evaluator, Player};
use spielbaum_muehle::{Eval1976, Phase1976, Position, Rules, mobility_value};

const W: Player = Player::FIRST;

fn mask(pos: &Position, points: &str) -> u32 {
    points.split_whitespace().fold(0, |m, n| m | 1 << pos.board().point(n).expect(n))
}

/// White's and black's points, stones in hand (white, black), counter;
/// black to move.
fn setup(white: &str, black: &str, hand: [u8; 2], counter: u32) -> Position {
    let start = Position::new(Rules::default());
    Position::from_parts(
        *start.rules(),
        mask(&start, white),
        mask(&start, black),
        Player::SECOND,
        hand,
        counter,
    )
    .unwrap()
}

/// The count of criterion `n` (1-based) and its value.
fn crit(pos: &Position, n: usize) -> (i32, i32) {
    let b = Eval1976.breakdown(pos, W);
    (b.counts[n - 1], b.values[n - 1])
}

#[test]
fn phases() {
    assert_eq!(Phase1976::of(&setup("a1", "g7", [8, 8], 2), W), Phase1976::A);
    assert_eq!(Phase1976::of(&setup("a1", "g7", [3, 2], 2), W), Phase1976::B);
    assert_eq!(Phase1976::of(&setup("a1", "g7", [2, 2], 2), W), Phase1976::C);
    assert_eq!(Phase1976::of(&setup("a1", "g7", [1, 0], 2), W), Phase1976::F);
    let four_w = "a1 d1 b4 c5";
    let four_b = "g7 g4 f6 e5";
    assert_eq!(Phase1976::of(&setup(four_w, four_b, [0, 0], 2), W), Phase1976::G);
    assert_eq!(Phase1976::of(&setup(four_w, "g7 g4 f6", [0, 0], 2), W), Phase1976::H);
    assert_eq!(Phase1976::of(&setup("a1 d1 b4", four_b, [0, 0], 2), W), Phase1976::I);
    assert_eq!(Phase1976::of(&setup("a1 d1 b4", "g7 g4 f6", [0, 0], 2), W), Phase1976::J);
}

#[test]
fn criterion_1_free_neighbours_per_stone() {
    // a1: a4 free, d1 black; d2: d3, b2, f2 free.
    assert_eq!(crit(&setup("a1 d2", "d1", [7, 8], 3), 1), (4, 600));
}

#[test]
fn criterion_2_stones_on_crossings() {
    assert_eq!(crit(&setup("d2 b4 a1", "g7", [6, 8], 4), 2), (2, 2800));
    // Weight 0 once both move.
    let g = setup("d2 b4 a1 c5", "g7 g4 f6 e5", [0, 0], 2);
    assert_eq!(crit(&g, 2), (2, 0));
}

#[test]
fn criterion_3_mills() {
    assert_eq!(crit(&setup("a1 a4 a7", "g7", [6, 8], 4), 3), (1, 12000));
    assert_eq!(crit(&setup("a1 a4 a7 c5", "g7 g4 f6 e5", [0, 0], 3), 3), (1, 4000));
    assert_eq!(crit(&setup("a1 a4 a7", "g7 g4 f6 e5", [0, 0], 3), 3), (1, 0)); // I
}

#[test]
fn criterion_4_new_mill() {
    // G: the last move took a stone (counter 0).
    let g = setup("a1 a4 a7 c5", "g7 g4 f6 e5", [0, 0], 0);
    assert_eq!(crit(&g, 4), (1, 12000));
    assert_eq!(crit(&setup("a1 a4 a7 c5", "g7 g4 f6 e5", [0, 0], 1), 4), (0, 0));
    // H: 1000 points if S has no mill, else 0.
    assert_eq!(crit(&setup("a1 a4 a7 c5", "g7 g4 f6", [0, 0], 0), 4), (1, 100000));
    assert_eq!(crit(&setup("a1 a4 a7 c5", "g7 g4 g1", [0, 0], 0), 4), (1, 0));
    // Placing: weight 0.
    assert_eq!(crit(&setup("a1 a4 a7", "g7", [5, 7], 0), 4), (1, 0));
}

#[test]
fn criterion_5_and_6_lines_of_two() {
    let p = setup("a1 a4", "g1 g7", [7, 7], 4);
    assert_eq!(crit(&p, 5), (1, 800));
    assert_eq!(crit(&p, 6), (1, -9000));
    // A blocked line does not count.
    assert_eq!(crit(&setup("a1 a4", "a7", [7, 8], 3), 5), (0, 0));
}

#[test]
fn criterion_7_and_9_lines_crossing_at_an_empty_point() {
    // a7 and d1 each alone on a line through the empty corner a1.
    assert_eq!(crit(&setup("a7 d1", "g4", [7, 8], 3), 7), (1, 700));
    assert_eq!(crit(&setup("g4", "a7 d1", [8, 7], 3), 9), (1, -4000));
    // A stone of the other side on one of the lines spoils it.
    assert_eq!(crit(&setup("a7 d1", "a4", [7, 8], 3), 7), (0, 0));
}

#[test]
fn criterion_8_double_threat_at_a_stone() {
    // a1 with a7 (a4 empty) and g1 (d1 empty): two lines of two crossing at a1.
    let p = setup("a1 a7 g1", "d6", [6, 8], 3);
    assert_eq!(crit(&p, 8), (1, 6000));
    assert_eq!(crit(&p, 5), (2, 1600));
}

#[test]
fn criterion_10_and_11_stone_with_two_empty_lines() {
    assert_eq!(crit(&setup("d2", "a1", [8, 8], 2), 11), (1, 1500));
    assert_eq!(crit(&setup("d2", "a1", [8, 8], 2), 10), (1, -2000));
    // d1 on a1's line: neither stone has two empty lines.
    assert_eq!(crit(&setup("d1", "a1", [8, 8], 2), 10), (0, 0));
}

#[test]
fn criterion_12_next_to_a_mill_of_s() {
    // Black mill a1 a4 a7; white b4 (next to a4) and d7 (next to a7).
    let p = setup("b4 d7 g4 f6", "a1 a4 a7 e5", [0, 0], 5);
    assert_eq!(crit(&p, 12), (2, 6000));
}

#[test]
fn criterion_13_open_mills_of_s() {
    // Black a1 a4 with d7 next to the gap a7: one open mill (G).
    let p = setup("g1 g4 f6 e5", "a1 a4 d7 c5", [0, 0], 5);
    assert_eq!(crit(&p, 13), (1, -9000));
    // After a capture of C the new mill cancels it.
    let q = setup("g1 g4 f6 e5", "a1 a4 d7 c5", [0, 0], 0);
    assert_eq!(crit(&q, 13), (0, 0));
}

#[test]
fn criterion_14_open_unendangered_mill() {
    // White g1 g4, d7 next to the gap g7; no black stone next to g7.
    let p = setup("g1 g4 d7 b2", "a1 c5 e3 d2", [0, 0], 5);
    assert_eq!(crit(&p, 14), (1, 9000));
    // A black stone next to the gap endangers it.
    let q = setup("g1 g4 d6 b2", "a1 c5 e3 d7", [0, 0], 5);
    assert_eq!(crit(&q, 14).0, 0);
}

#[test]
fn criterion_15_mobility_of_s() {
    // The text's worked example: 7, 9 and 11 moves give 2.85, 2.22, 1.82.
    assert_eq!([mobility_value(7), mobility_value(9), mobility_value(11)], [285, 222, 182]);
    let p = setup("g1 g4 d7 b2", "a1 c5 e3 d2", [0, 0], 5);
    let x = p.mobility(Player::SECOND);
    assert_eq!(x, 2 + 2 + 2 + 3); // a1: a4 d1; c5: c4 d5; e3: e4 d3; d2: d1 d3 f2
    assert_eq!(crit(&p, 15), (9, mobility_value(9)));
}

#[test]
fn evaluate_is_the_negated_table_for_the_side_to_move() {
    let p = setup("g1 g4 d7 b2", "a1 c5 e3 d2", [0, 0], 5);
    assert_eq!(Eval1976.evaluate(&p), -Eval1976.breakdown(&p, W).total());
}
