//! Exact solving against brute forces written here, independently of the
//! engine (and of the game crates' move generators where the rules are
//! simple enough to restate).

use std::collections::HashMap;

use spielbaum_game_trait::{Game, GameExt};
use spielbaum_negamax::{Solver, Value, solve};
use spielbaum_small_games::{Dice, Nim, TicTacToe};

/// (value for the side to move: -1/0/1, plies to the end: shortest win,
/// longest loss, draws 0) — the usual preference order.
type Res = (i32, u32);

fn better(a: Res, b: Res) -> bool {
    // Is `a` better than `b` for the side to move?
    if a.0 != b.0 {
        return a.0 > b.0;
    }
    match a.0 {
        1 => a.1 < b.1,
        -1 => a.1 > b.1,
        _ => false,
    }
}

fn from_child(c: Res) -> Res {
    (-c.0, c.1 + 1)
}

// ---- Tic-tac-toe, restated on two 9-bit masks ------------------------------
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

fn line(b: u16) -> bool {
    // (A loop: clippy 1.95's manual_contains suggestion for `any` here is wrong.)
    for &l in &LINES {
        if b & l == l {
            return true;
        }
    }
    false
}

/// `me` is the side to move, `you` just moved.
fn ttt(me: u16, you: u16, memo: &mut HashMap<(u16, u16), Res>) -> Res {
    if let Some(&r) = memo.get(&(me, you)) {
        return r;
    }
    let r = if line(you) {
        (-1, 0)
    } else if me | you == 0o777 {
        (0, 0)
    } else {
        let mut best: Option<Res> = None;
        for sq in 0..9 {
            if (me | you) & (1 << sq) == 0 {
                let c = from_child(ttt(you, me | 1 << sq, memo));
                if best.is_none_or(|b| better(c, b)) {
                    best = Some(c);
                }
            }
        }
        best.unwrap()
    };
    memo.insert((me, you), r);
    r
}

fn value_code(v: Value) -> i32 {
    match v {
        Value::Win => 1,
        Value::Draw => 0,
        Value::Loss => -1,
    }
}

#[test]
fn tictactoe_start_is_a_draw() {
    let s = solve(&TicTacToe::new());
    assert_eq!(s.value, Value::Draw);
    assert_eq!(s.plies, 9, "a drawn game of tic-tac-toe fills the board");
    assert_eq!(s.best_moves.len(), 9, "every first move draws");
}

#[test]
fn tictactoe_every_position_matches_brute_force() {
    let mut memo = HashMap::new();
    let mut solver = Solver::new(1);
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![TicTacToe::new()];
    let mut checked = 0;
    while let Some(p) = stack.pop() {
        if !seen.insert(p.key()) {
            continue;
        }
        let (me, you) = if p.to_move().index() == 0 {
            (p.x_bits(), p.o_bits())
        } else {
            (p.o_bits(), p.x_bits())
        };
        let want = ttt(me, you, &mut memo);
        let got = solver.solve(&p);
        assert_eq!(value_code(got.value), want.0, "{p}");
        if want.0 != 0 {
            assert_eq!(got.plies, want.1, "{p}");
        }
        // The best moves are exactly the moves with the brute-force optimum.
        let mut best = Vec::new();
        for mv in p.legal_moves() {
            let c = p.after(mv);
            let (me2, you2) = if c.to_move().index() == 0 {
                (c.x_bits(), c.o_bits())
            } else {
                (c.o_bits(), c.x_bits())
            };
            let r = from_child(ttt(me2, you2, &mut memo));
            if r.0 == want.0 && (want.0 == 0 || r.1 == want.1) {
                best.push(mv);
            }
            stack.push(c);
        }
        assert_eq!(got.best_moves, best, "{p}");
        checked += 1;
    }
    assert_eq!(checked, 5478, "all reachable positions");
}

// ---- Würfelkippen, restated from the text and docs --------------------------
// The die shows `top`; a tip brings up any face except `top` and `7 - top`;
// the face is added to the sum, which starts at 0 and may not pass the
// target; whoever makes it exactly wins; no legal tip: draw.
fn dice(top: u32, sum: u32, target: u32, memo: &mut HashMap<(u32, u32), Res>) -> Res {
    if let Some(&r) = memo.get(&(top, sum)) {
        return r;
    }
    let r = if sum == target {
        (-1, 0)
    } else {
        let mut best: Option<Res> = None;
        for f in 1..=6 {
            if f != top && f != 7 - top && sum + f <= target {
                let c = from_child(dice(f, sum + f, target, memo));
                if best.is_none_or(|b| better(c, b)) {
                    best = Some(c);
                }
            }
        }
        best.unwrap_or((0, 0))
    };
    memo.insert((top, sum), r);
    r
}

#[test]
fn dice_every_start_and_target_matches_brute_force() {
    for target in 1..=40 {
        let mut solver = Solver::new(1);
        for start in 1..=6 {
            let mut memo = HashMap::new();
            let want = dice(start, 0, target, &mut memo);
            let g = Dice::new(start, target).unwrap();
            let got = solver.solve(&g);
            assert_eq!(value_code(got.value), want.0, "start {start} target {target}");
            if want.0 != 0 {
                assert_eq!(got.plies, want.1, "start {start} target {target}");
            }
            for mv in &got.best_moves {
                let r = from_child(dice(u32::from(mv.to), u32::from(mv.to), target, &mut memo));
                assert_eq!(r.0, want.0, "best move {mv:?}, start {start} target {target}");
            }
        }
    }
}

#[test]
fn dice_text_example_target_8() {
    // The text's example (start face lost with the figure): brute force here.
    for start in 1..=6 {
        let want = dice(start, 0, 8, &mut HashMap::new());
        let got = solve(&Dice::new(start, 8).unwrap());
        assert_eq!(value_code(got.value), want.0, "start {start}");
    }
}

// ---- NIM: the XOR rule -------------------------------------------------------
#[test]
fn nim_values_follow_the_xor_rule() {
    for a in 0..=4u32 {
        for b in 0..=4u32 {
            for c in 0..=5u32 {
                let g = Nim::new(&[a, b, c]).unwrap();
                let s = solve(&g);
                let xor = a ^ b ^ c;
                if a + b + c == 0 {
                    assert!(s.best_moves.is_empty());
                    continue;
                }
                let want = if xor != 0 { Value::Win } else { Value::Loss };
                assert_eq!(s.value, want, "heaps {a},{b},{c}");
                if xor != 0 {
                    for mv in &s.best_moves {
                        let child = g.after(*mv);
                        assert_eq!(
                            child.nim_sum(),
                            0,
                            "winning move {mv:?} from {a},{b},{c} must leave xor 0"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn nim_345_is_a_first_player_win() {
    let s = solve(&Nim::new(&[3, 4, 5]).unwrap());
    assert_eq!(s.value, Value::Win);
    assert!(s.nodes > 0);
}

#[test]
fn games_longer_than_255_plies_are_solved_to_the_end() {
    use spielbaum_negamax::synthetic::RandomTree;
    // One move per node, 300 plies: past the old 255-ply cap (the cap of
    // 10,000 plies is tested in `tests/long.rs`).
    let long = solve(&RandomTree::new(1, 1, 300));
    assert!(long.complete);
    assert_eq!(long.pv.len(), 300);
    let short = solve(&RandomTree::new(1, 1, 200));
    assert!(short.complete);
    assert_eq!(short.pv.len(), 200);
}
