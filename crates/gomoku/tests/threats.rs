//! Shapes and the threat-space search on positions built here, and VCF
//! against a brute force over the plain rules.

mod common;

use common::Plain;
use spielbaum_game_trait::conformance::{Config, check_evaluator};
use spielbaum_game_trait::{Evaluator, Game, GameExt, Notation, SplitMix64};
use spielbaum_gomoku::{
    Cell, FreeFields, Gomoku, OpenRows, Pattern, RowCount, Rules, Shape, Shapes, ThreatSearch,
};

/// A 15×15 position from rows given bottom-up as (rank, row text); rows not
/// given are empty.
fn board(rows: &[(usize, &str)], to_move: &str) -> Gomoku {
    let mut lines = vec![".".repeat(15); 15];
    for &(rank, text) in rows {
        lines[15 - rank] = format!("{text:.<15}");
    }
    Gomoku::new(Rules::default()).parse_position(&format!("{} {to_move}", lines.join("/"))).unwrap()
}

fn shape_at(g: &Gomoku, sq: &str, p: usize) -> Shape {
    Shapes::get(5, g.rules().exact).best(g, g.parse_cell(sq).unwrap().index(), p)
}

#[test]
fn shapes_by_construction() {
    // rank 8: . x x x . . (b8 c8 d8 x) → e8 makes an open four, a8 too.
    let g = board(&[(8, ".xxx......"), (2, "oxxx......")], "x");
    assert_eq!(shape_at(&g, "e8", 0), Shape::OpenFour);
    assert_eq!(shape_at(&g, "a8", 0), Shape::Four, "the board edge closes a8 b8 c8 d8");
    assert_eq!(shape_at(&g, "f8", 0), Shape::Four, "b8 c8 d8 . f8: the gap wins");
    // rank 2: o x x x . . → e2 makes a (closed) four.
    assert_eq!(shape_at(&g, "e2", 0), Shape::Four);
    // Two stones: . x x . . . → d-file open three.
    let g = board(&[(8, "..xx......"), (5, ".oxx......")], "x");
    assert_eq!(shape_at(&g, "e8", 0), Shape::OpenThree);
    assert_eq!(shape_at(&g, "f8", 0), Shape::OpenThree, "broken three c8 d8 . f8");
    assert_eq!(shape_at(&g, "e5", 0), Shape::Three, "closed three");
    assert_eq!(shape_at(&g, "a10", 0), Shape::Two, "a10 b9 c8 diagonal");
    assert_eq!(shape_at(&g, "o15", 0), Shape::None);
    // A single stone in the open: two.
    let g = board(&[(8, ".......x.......")], "o");
    assert_eq!(shape_at(&g, "g8", 0), Shape::OpenTwo);
}

#[test]
fn exact_rule_shapes() {
    // x x x x . x: the gap makes six — no five under the exact rule.
    let mut rows = vec![".".repeat(15); 15];
    rows[14] = "xxxx.x.........".into();
    let exact = Gomoku::new(Rules { exact: true, ..Rules::default() })
        .parse_position(&format!("{} o", rows.join("/")))
        .unwrap();
    let gap = exact.parse_cell("e1").unwrap().index();
    assert_ne!(Shapes::get(5, true).best(&exact, gap, 0), Shape::Five);
    let free = Gomoku::new(Rules::default()).parse_position(&exact.to_string()).unwrap();
    assert_eq!(Shapes::get(5, false).best(&free, gap, 0), Shape::Five);
}

#[test]
fn vcf_double_four_by_construction() {
    // x: d7 e7 f7 (closed by o c7) and g4 g5 g6 (closed by o g3): g7 makes
    // two fours at once.
    let g = board(
        &[(7, "..oxxx........."), (6, "......x"), (5, "......x"), (4, "......x"), (3, "......o")],
        "x",
    );
    let mut ts = ThreatSearch::for_position(&g, 100_000);
    let line = ts.vcf(&g, 4).expect("a double four");
    assert_eq!(g.move_string(line[0]), "g7");
    check_line(&g, &line);
    // The same for o to move: o has no four, so no VCF.
    let mut o = g.clone();
    o = o.parse_position(&o.to_string().replace(" x", " o")).unwrap();
    assert!(ThreatSearch::for_position(&o, 100_000).vcf(&o, 6).is_none());
}

#[test]
fn vcf_two_steps_by_construction() {
    // x to move: c3 d4 e5 (diagonal, closed by o b2) needs f6 for a four
    // whose block g7 ... build: the four f6 forces g7? The block is g7; then
    // h6 h5 h4 with f6: no. A plainer construction: a closed four first,
    // then a double four with the stone just played.
    // Row 7: o x x x . → e7 (four, block f7). Column e: e4 e5 e6 + e7 makes
    // a four on the e-file too — that is a double four already. Use a
    // three on the e-file closed below (o e3): e7 makes a four on row 7 and
    // a four on the e-file (e4 e5 e6 e7, e8 empty, e3 blocked): two fours.
    let g = board(
        &[(7, "oxxx..........."), (6, "....x"), (5, "....x"), (4, "....x"), (3, "....o")],
        "x",
    );
    let mut ts = ThreatSearch::for_position(&g, 100_000);
    let line = ts.vcf(&g, 4).expect("VCF");
    check_line(&g, &line);
    // Now a genuine two-step one: remove the e4 stone; e7 is then a single
    // four (row 7), blocked at f7 ... and no further four: no VCF in 1.
    let g2 = board(&[(7, "oxxx..........."), (6, "....x"), (5, "....x"), (3, "....o")], "x");
    let mut ts = ThreatSearch::for_position(&g2, 100_000);
    if let Some(line) = ts.vcf(&g2, 6) {
        check_line(&g2, &line);
    }
}

/// Plays a VCF line: every defender move must be forced (the attacker
/// threatened exactly one winning cell) and the last move wins.
fn check_line(start: &Gomoku, line: &[Cell]) {
    let mut g = start.clone();
    let a = g.to_move();
    for (i, &mv) in line.iter().enumerate() {
        assert!(g.is_empty_cell(mv), "move {i} of {line:?} is occupied");
        if i % 2 == 1 {
            // Defender: must block the attacker's only winning cell (or
            // there are two, and the attacker wins anyway).
            let wins: Vec<Cell> =
                g.all_moves_vec().into_iter().filter(|&c| g.wins_at(c, a)).collect();
            assert!(!wins.is_empty(), "the attacker's move {i} was no four");
        }
        g.play(mv);
    }
    assert_eq!(g.winner(), Some(a), "the line {line:?} does not end in a win");
}

trait AllMoves {
    fn all_moves_vec(&self) -> Vec<Cell>;
}

impl AllMoves for Gomoku {
    fn all_moves_vec(&self) -> Vec<Cell> {
        let mut m = spielbaum_game_trait::MoveList::new();
        self.all_moves(&mut m);
        m.to_vec()
    }
}

/// Brute-force VCF on the plain rules: any empty cell that leaves the
/// attacker a winning cell is a four; the defender blocks it (or wins if it
/// can).
fn plain_vcf(p: &Plain, depth: u32) -> bool {
    let a = p.mover;
    let d = 3 - a;
    let wins = |q: &Plain, who: u8| -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (x, y) in q.moves() {
            let mut t = q.clone();
            t.mover = who;
            t.play(x, y);
            if t.winner == who {
                out.push((x, y));
            }
        }
        out
    };
    if !wins(p, a).is_empty() {
        return true;
    }
    if depth == 0 || wins(p, d).len() >= 2 {
        return false;
    }
    let must = wins(p, d);
    for (x, y) in p.moves() {
        if !must.is_empty() && must[0] != (x, y) {
            continue;
        }
        let mut c = p.clone();
        c.play(x, y);
        if c.over() {
            continue;
        }
        let threats = wins(&c, a);
        match threats.len() {
            0 => continue,
            1 => {
                let (bx, by) = threats[0];
                let mut gc = c.clone();
                gc.play(bx, by);
                if !gc.over() && plain_vcf(&gc, depth - 1) {
                    return true;
                }
            }
            _ => return true,
        }
    }
    false
}

#[test]
fn vcf_agrees_with_brute_force() {
    let mut rng = SplitMix64::new(7);
    let r = Rules::mnk(9, 9, 5).unwrap();
    let mut found = 0;
    for game in 0..60 {
        let mut g = Gomoku::new(r);
        let mut p = Plain::new(9, 9, 5, false, 0);
        // Random stones, clustered in the middle.
        let plies = 10 + game % 14;
        for _ in 0..plies {
            let moves: Vec<Cell> = g
                .legal_moves()
                .into_iter()
                .filter(|c| (2..7).contains(&c.x()) && (2..7).contains(&c.y()))
                .collect();
            if moves.is_empty() || g.is_over() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            g.play(mv);
            p.play(mv.x() as i32, mv.y() as i32);
        }
        if g.is_over() {
            continue;
        }
        let ours = ThreatSearch::for_position(&g, u64::MAX).vcf(&g, 2);
        let theirs = plain_vcf(&p, 2);
        assert_eq!(ours.is_some(), theirs, "{g}");
        if let Some(line) = ours {
            check_line(&g, &line);
            found += 1;
        }
    }
    assert!(found > 0, "no position had a VCF: the test proves little");
}

#[test]
fn vct_open_three_then_four() {
    // x: an open two on row 8 (e8 f8) and a three on the g-file (g5 g6 g7,
    // g4 blocked): g8 makes an open three on row 8 and a four on the g
    // file at once — a four-three, won by continuous threats.
    let g = board(
        &[(8, "....xx........."), (7, "......x"), (6, "......x"), (5, "......x"), (4, "......o")],
        "x",
    );
    let mut ts = ThreatSearch::for_position(&g, 200_000);
    let line = ts.vct(&g, 4).expect("a four-three");
    assert!(!line.is_empty());
    // An open three alone (o to move can defend) is no VCT for a lone
    // three: x c8 d8 e8 with o elsewhere and o to move has no threat.
    let quiet = board(&[(8, "..xxx"), (2, "o.......o")], "o");
    assert!(ThreatSearch::for_position(&quiet, 100_000).vct(&quiet, 3).is_none());
}

#[test]
fn vct_double_open_three_by_construction() {
    // x: f8 g8 on row 8 and h6 h7 on the h file, all ends open; o has four
    // lone stones in the corners and no four to make. h8 makes two open
    // threes at once: o can block only one line, x makes an open four on
    // the other and wins. No single move of x makes a four, so this is
    // the only kind of win within one threat.
    let g = board(
        &[
            (15, "o.............o"),
            (8, ".....xx"),
            (7, ".......x"),
            (6, ".......x"),
            (1, "o.............o"),
        ],
        "x",
    );
    let mut ts = ThreatSearch::for_position(&g, 200_000);
    let line = ts.vct(&g, 2).expect("the double open three h8");
    assert_eq!(g.move_string(line[0]), "h8", "{line:?}");
    // Without the h file stones there is one open three only: no win.
    let single = board(&[(15, "o"), (8, ".....xx"), (1, "o")], "x");
    assert!(ThreatSearch::for_position(&single, 200_000).vct(&single, 2).is_none());
}

#[test]
fn a_short_vct_is_found_on_a_small_budget_among_many_threats() {
    // The four-three of `vct_open_three_then_four` (g8: a four on the g
    // file and an open three on row 8), plus open twos of x spread over the
    // board: each gives open threes to try, so a search that goes six
    // threats deep at once can spend a small budget on them before it
    // reaches g8 (or find a longer win first).
    let g = board(
        &[
            (14, ".xx.....xx...."),
            (12, "............xx"),
            (11, ".xx..........."),
            (8, "....xx........."),
            (7, "......x"),
            (6, "......x"),
            (5, "......x"),
            (4, "......o"),
            (2, ".xx.......xx..."),
        ],
        "o",
    );
    // o to move first: o has no threat at all, so any o move far away
    // hands x the four-three.
    let g = g.after(g.parse_cell("o15").unwrap());
    let mut ts = ThreatSearch::for_position(&g, 2_000);
    let line = ts.vct(&g, 6).expect("a two-threat win within 2,000 nodes");
    // The shortest wins, two threats each: the four-three g8, and e14 (or
    // e11), an open three on row 14 (11) that the pair there makes,
    // after whose every answer c12 (c13) makes two open threes at once:
    // the c file (c11 c12 . c14) and the diagonal b11 c12 . e14 (b14 c13
    // . e11), which no answer on row 14 (11) touches.
    let first = g.move_string(line[0]);
    assert!(["g8", "e14", "e11"].contains(&first.as_str()), "{first}: {line:?}");
    assert!(ts.nodes() < 2_000);
}

#[test]
fn evaluators_in_range_and_deterministic() {
    let start = Gomoku::new(Rules::square(9).unwrap());
    let cfg = Config { games: 16, max_plies: 60 };
    check_evaluator(&start, &RowCount, &cfg);
    check_evaluator(&start, &FreeFields, &cfg);
    check_evaluator(&start, &OpenRows, &cfg);
    check_evaluator(&start, &Pattern::new(5, false), &cfg);
}

#[test]
fn student_evaluations_by_hand() {
    // x: three in a row with both ends free (d8 e8 f8), o: one stone.
    let g = board(&[(8, "...xxx"), (2, "o")], "x");
    // Rows: x has a three (100), o nothing.
    assert_eq!(RowCount.evaluate(&g), 100);
    // Open rows: the three has two free ends: 3 × 100.
    assert_eq!(OpenRows.evaluate(&g), 300);
    // Free fields: around the three 12 cells, around o's a2 5 cells.
    assert_eq!(FreeFields.evaluate(&g), 12 - 5);
    // From o's side the signs flip.
    let o = g.parse_position(&g.to_string().replace(" x", " o")).unwrap();
    assert_eq!(RowCount.evaluate(&o), -100);
}
