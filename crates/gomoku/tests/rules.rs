//! The rules against a plain implementation written here, the generic
//! conformance suite, perft, notation and symmetries.

mod common;

use common::{Plain, perft_plain};
use proptest::prelude::*;
use spielbaum_game_trait::conformance::{Config, check_game, check_undo};
use spielbaum_game_trait::{Game, GameExt, MoveList, Notation, Outcome, Player, perft, perft_undo};
use spielbaum_gomoku::{Cell, Gomoku, Rules};

fn rules(w: u8, h: u8, k: u8, exact: bool, radius: u8) -> Rules {
    Rules { width: w, height: h, k, exact, radius }.checked().unwrap()
}

#[test]
fn conformance_15x15() {
    check_game(&Gomoku::new(Rules::default()), &Config { games: 24, max_plies: 100 });
}

#[test]
fn conformance_small_and_rectangular() {
    for r in [
        rules(3, 3, 3, false, 0),
        rules(4, 4, 4, true, 0),
        rules(7, 7, 5, false, 1),
        rules(6, 9, 4, true, 2),
        rules(8, 5, 3, false, 0),
    ] {
        check_game(&Gomoku::new(r), &Config { games: 48, max_plies: 90 });
    }
}

#[test]
fn undo_round_trip() {
    check_undo(&Gomoku::new(Rules::default()), &Config { games: 48, max_plies: 120 });
    check_undo(&Gomoku::new(rules(5, 7, 4, true, 0)), &Config { games: 48, max_plies: 40 });
}

/// Tic-tac-toe's perft from the empty board, a published sequence (OEIS
/// A008907 ends with 255,168 games; the counts by length are the standard
/// 9, 72, 504, 3,024, 15,120, 54,720, 148,176, 200,448, 127,872).
#[test]
fn perft_333_known() {
    let g = Gomoku::new(Rules::mnk(3, 3, 3).unwrap());
    let counts = spielbaum_game_trait::perft_counts(&g, 9);
    assert_eq!(counts, vec![9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]);
}

#[test]
fn perft_against_plain() {
    let cases: [(Rules, u32); 6] = [
        (rules(4, 4, 3, false, 0), 5),
        (rules(4, 4, 4, true, 0), 5),
        (rules(5, 4, 3, true, 0), 4),
        (rules(7, 7, 5, false, 1), 5),
        (rules(15, 15, 5, false, 2), 3),
        (rules(6, 6, 4, false, 2), 4),
    ];
    for (r, d) in cases {
        let g = Gomoku::new(r);
        let p = Plain::new(
            i32::from(r.width),
            i32::from(r.height),
            i32::from(r.k),
            r.exact,
            i32::from(r.radius),
        );
        let a = perft(&g, d);
        assert_eq!(a, perft_plain(&p, d), "perft({d}) of {}", r.describe());
        assert_eq!(a, perft_undo(&g, d), "make/undo perft({d}) of {}", r.describe());
    }
}

fn play_both(g: &mut Gomoku, p: &mut Plain, picks: &[u32]) -> bool {
    for &pick in picks {
        let moves = g.legal_moves();
        let pm = p.moves();
        let ours: Vec<(i32, i32)> = moves.iter().map(|m| (m.x() as i32, m.y() as i32)).collect();
        if ours != pm {
            return false;
        }
        if moves.is_empty() {
            break;
        }
        let mv = moves[pick as usize % moves.len()];
        g.play(mv);
        p.play(mv.x() as i32, mv.y() as i32);
        let want = if p.winner != 0 {
            Some(Outcome::Win(if p.winner == 1 { Player::FIRST } else { Player::SECOND }))
        } else if p.full {
            Some(Outcome::Draw)
        } else {
            None
        };
        if g.outcome() != want {
            return false;
        }
        // Immediate wins on every empty cell (every fourth move).
        if !p.over() && g.stone_count().is_multiple_of(4) {
            for y in 0..p.h {
                for x in 0..p.w {
                    if p.get(x, y) != 0 {
                        continue;
                    }
                    for (pl, who) in [(1u8, Player::FIRST), (2, Player::SECOND)] {
                        if g.wins_at(Cell::at(x as usize, y as usize), who) != p.wins_at(x, y, pl) {
                            return false;
                        }
                    }
                }
            }
        }
        // Open windows against a count over the whole board.
        for (pl, who) in [(1u8, Player::FIRST), (2, Player::SECOND)] {
            let w = g.windows(who);
            for (j, &n) in w.iter().enumerate() {
                let m = i32::from(g.rules().k) - 1 - j as i32;
                let want = if m >= 1 { p.windows(pl, m) } else { 0 };
                if u32::from(n) != want {
                    return false;
                }
            }
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random games on random rules: legal moves, results and the open
    /// window counts agree with the plain implementation after every move.
    #[test]
    fn agrees_with_plain(w in 3u8..=22, h in 3u8..=22, k in 3u8..=6, exact: bool, radius in 0u8..=3,
                         picks in proptest::collection::vec(any::<u32>(), 0..120)) {
        let r = rules(w, h, k, exact, radius);
        let mut g = Gomoku::new(r);
        let mut p = Plain::new(i32::from(w), i32::from(h), i32::from(k), exact, i32::from(radius));
        prop_assert!(play_both(&mut g, &mut p, &picks), "{} disagrees after {:?}", r.describe(), g);
    }
}

#[test]
fn exact_rule_overline() {
    // x x x . x x on 9×9 with five exactly: filling the gap makes six.
    let mut free = Gomoku::new(rules(9, 9, 5, false, 0));
    let text = "xxxxx..../ooooo..../........./........./........./........./........./........./......... x";
    // Both players have rows: rejected.
    assert!(free.parse_position(text).is_err());
    let text = "xxx.xx.../oooo...../........./........./........./........./........./........./......... x";
    free = free.parse_position(text).unwrap();
    let gap = free.parse_move("d9").unwrap();
    assert!(free.wins_at(gap, Player::FIRST), "freestyle: six wins");
    let exact = Gomoku::new(rules(9, 9, 5, true, 0)).parse_position(text).unwrap();
    assert!(!exact.wins_at(gap, Player::FIRST), "exactly five: six does not win");
    assert!(exact.wins_at(exact.parse_move("e8").unwrap(), Player::SECOND));
}

#[test]
fn notation_names_the_bad_part() {
    // Every empty cell is a legal move with radius 0.
    let g = Gomoku::new(Rules::default().with_radius(0).unwrap());
    assert_eq!(g.parse_move("h8").unwrap(), Cell::at(7, 7));
    assert_eq!(g.parse_move("7,7").unwrap(), Cell::at(7, 7));
    assert_eq!(g.parse_move("a1").unwrap(), Cell::at(0, 14));
    assert_eq!(g.parse_move("0,0").unwrap(), Cell::at(0, 0));
    assert_eq!(g.move_string(Cell::at(0, 0)), "a15");
    let e = g.parse_move("z3").unwrap_err().to_string();
    assert!(e.contains("file 'z'") && e.contains("a-o"), "{e}");
    let e = g.parse_move("h16").unwrap_err().to_string();
    assert!(e.contains("rank 16"), "{e}");
    let e = g.parse_move("hx").unwrap_err().to_string();
    assert!(e.contains("rank \"x\""), "{e}");
    let e = g.parse_move("3,15").unwrap_err().to_string();
    assert!(e.contains("y 15"), "{e}");
    let e = g.parse_move("q,1").unwrap_err().to_string();
    assert!(e.contains("x \"q\""), "{e}");
    let h8 = g.after(Cell::at(7, 7));
    let e = h8.parse_move("h8").unwrap_err().to_string();
    assert!(e.contains("occupied"), "{e}");
    // With a candidate radius only the candidates are legal moves: on an
    // empty board the centre.
    let near = Gomoku::new(Rules::default());
    assert_eq!(near.parse_move("h8").unwrap(), Cell::at(7, 7));
    let e = near.parse_move("a1").unwrap_err().to_string();
    assert!(e.contains("not a candidate") && e.contains("radius 2"), "{e}");
    let e = g.parse_position("... x").unwrap_err().to_string();
    assert!(e.contains("1 rows"), "{e}");
    let e = Gomoku::new(Rules::mnk(3, 3, 3).unwrap())
        .parse_position("x.o/.q./... o")
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"q\"") && e.contains("row 2"), "{e}");
    let e = Gomoku::new(Rules::mnk(3, 3, 3).unwrap())
        .parse_position("x.o/.../... z")
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"z\""), "{e}");
    // A board without the side to move names the board, not an empty
    // side, and says what is missing.
    let e = Gomoku::new(Rules::mnk(3, 3, 3).unwrap()).parse_position("zz").unwrap_err().to_string();
    assert!(e.contains("\"zz\"") && e.contains("no side to move"), "{e}");
    assert!(!e.contains("\"\""), "{e}");
    // Cells are counted as characters.
    let e = Gomoku::new(Rules::mnk(3, 3, 3).unwrap())
        .parse_position("x.o/ää/... o")
        .unwrap_err()
        .to_string();
    assert!(e.contains("row 2 has 2 cells"), "{e}");
}

#[test]
fn any_empty_cell_can_be_played() {
    let mut g = Gomoku::new(Rules::default());
    g.play(Cell::at(7, 7));
    let mut c = MoveList::new();
    g.moves(&mut c);
    assert_eq!(c.len(), 24, "radius 2 around one stone");
    let mut all = MoveList::new();
    g.all_moves(&mut all);
    assert_eq!(all.len(), 224);
    g.play(Cell::at(0, 0)); // far from every stone
    assert_eq!(g.stone_count(), 2);
}

#[test]
fn symmetries_of_rectangles_and_squares() {
    let g = Gomoku::new(rules(7, 5, 4, false, 0)).after(Cell::at(1, 0)).after(Cell::at(2, 3));
    assert_eq!(g.symmetries(), 4);
    assert_eq!(g.symmetric(1).at(5, 0), Some(Player::FIRST));
    assert_eq!(g.symmetric(2).at(1, 4), Some(Player::FIRST));
    let s = Gomoku::new(rules(6, 6, 4, false, 0)).after(Cell::at(1, 0));
    assert_eq!(s.symmetries(), 8);
    let images: std::collections::HashSet<u64> = (0..8).map(|k| s.symmetric(k).key()).collect();
    assert_eq!(images.len(), 8, "a stone at b6 has 8 distinct images");
}
