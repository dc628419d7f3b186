//! Small m,n,k-games solved exactly, each by two independent methods — the
//! negamax exact solver (alpha-beta to the end of the game) and bfs-reach's
//! retrograde analysis (every reachable position, backwards from the
//! finished ones) — and compared with the published values:
//!
//! - Wikipedia, "m,n,k-game", section "Specific results": 3,3,3 is a draw;
//!   with k = 3 the first player wins on every board of at least 4×3;
//!   4,4,4 and 5,5,4 are draws (6,5,4 is a first-player win).
//! - D. Friedman, "Optimal mnk-games" (2020): 3,4,3 and 4,4,3 first-player
//!   wins, 3,4,4 and 4,4,4 draws.
//!
//! Boards are `width x height`; the values do not depend on the
//! orientation. Times in the ignored tests' comments were measured with
//! `cargo test --release -p spielbaum-gomoku --test solve -- --ignored`
//! on the shared 2-core machine.

mod common;

use common::mnk::{Mnk, Pos};
use spielbaum_bfs_reach::retrograde::{self, Retrograde, Value as RValue};
use spielbaum_game_trait::{Game, MoveList, SplitMix64};
use spielbaum_gomoku::{Gomoku, Rules};
use spielbaum_negamax::{Solver, Value};

fn game(m: u8, n: u8, k: u8) -> Gomoku {
    Gomoku::new(Rules::mnk(m, n, k).unwrap())
}

fn negamax(g: &Gomoku) -> Value {
    Solver::new(64).solve(g).value
}

fn retro(g: &Gomoku, symmetry: bool) -> RValue {
    let t = Retrograde::new().symmetry(symmetry).solve(g).expect("fits in memory");
    t.get(g).expect("the start is in the table")
}

fn agree(m: u8, n: u8, k: u8, published: Value) {
    let g = game(m, n, k);
    let a = negamax(&g);
    let b = retro(&g, true);
    let b = match b {
        RValue::Win(_) => Value::Win,
        RValue::Loss(_) => Value::Loss,
        RValue::Draw => Value::Draw,
    };
    assert_eq!(a, b, "{m},{n},{k}: negamax and retrograde disagree");
    assert_eq!(a, published, "{m},{n},{k}: not the published value");
}

#[test]
fn tic_tac_toe_333_draw() {
    agree(3, 3, 3, Value::Draw);
    // Every reachable position: the two methods agree on win/loss/draw.
    let g = game(3, 3, 3);
    let table = retrograde::solve(&g).unwrap();
    assert_eq!(table.len(), 5478, "the legal positions of Tic-tac-toe");
    let mut solver = Solver::new(16);
    for (pos, v) in table.iter() {
        let want = match v {
            RValue::Win(_) => Value::Win,
            RValue::Loss(_) => Value::Loss,
            RValue::Draw => Value::Draw,
        };
        assert_eq!(solver.solve(pos).value, want, "{pos}");
    }
}

#[test]
fn k3_on_4x3_and_4x4_first_player_wins() {
    agree(4, 3, 3, Value::Win);
    agree(3, 4, 3, Value::Win);
    agree(4, 4, 3, Value::Win);
}

#[test]
fn k4_on_3x4_draw() {
    agree(3, 4, 4, Value::Draw);
}

#[test]
fn four_four_four_negamax_draw() {
    assert_eq!(negamax(&game(4, 4, 4)), Value::Draw);
}

/// 4,4,4 by retrograde analysis (with symmetry): 37 s in release, 396 MB
/// peak (shared machine, load ~20).
#[test]
#[ignore = "long: retrograde over every 4×4 position"]
fn four_four_four_both_draw() {
    agree(4, 4, 4, Value::Draw);
}

/// `g` (unfinished) for the independent solver of `tests/common/mnk.rs`.
fn pos_of(g: &Gomoku) -> Pos {
    let w = usize::from(g.rules().width);
    let h = usize::from(g.rules().height);
    let mut stones = [0u64; 2];
    for y in 0..h {
        for x in 0..w {
            if let Some(p) = g.at(x, y) {
                stones[p.index()] |= 1 << (y * w + x);
            }
        }
    }
    let me = g.to_move().index();
    Pos { me: stones[me], you: stones[1 - me] }
}

fn value_of(v: i8) -> Value {
    match v {
        1 => Value::Win,
        -1 => Value::Loss,
        _ => Value::Draw,
    }
}

fn from_retro(v: RValue) -> Value {
    match v {
        RValue::Win(_) => Value::Win,
        RValue::Loss(_) => Value::Loss,
        RValue::Draw => Value::Draw,
    }
}

/// The independent solver agrees with the retrograde table on every
/// unfinished Tic-tac-toe position, and with the published values.
#[test]
fn independent_solver_agrees_on_small_games() {
    let g = game(3, 3, 3);
    let table = retrograde::solve(&g).unwrap();
    let mut mnk = Mnk::new(3, 3, 3);
    let mut checked = 0;
    for (pos, v) in table.iter() {
        if !pos.is_over() {
            assert_eq!(value_of(mnk.value(pos_of(pos))), from_retro(v), "{pos}");
            checked += 1;
        }
    }
    assert!(checked > 4000, "{checked}");
    for (m, n, k, want) in [
        (3, 3, 3, Value::Draw),
        (4, 3, 3, Value::Win),
        (3, 4, 3, Value::Win),
        (4, 4, 3, Value::Win),
        (3, 4, 4, Value::Draw),
        (4, 4, 4, Value::Draw),
    ] {
        let mut mnk = Mnk::new(usize::from(m), usize::from(n), usize::from(k));
        let v = value_of(mnk.value(pos_of(&game(m, n, k))));
        assert_eq!(v, want, "{m},{n},{k}");
    }
}

/// `count` distinct unfinished positions of `g` after `plies` random
/// moves, from `seed`.
fn random_positions(g: &Gomoku, plies: usize, count: usize, seed: u64) -> Vec<Gomoku> {
    let mut rng = SplitMix64::new(seed);
    let mut out: Vec<Gomoku> = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 100 {
        tries += 1;
        let mut p = g.clone();
        let mut moves = MoveList::new();
        for _ in 0..plies {
            moves.clear();
            p.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p = p.after(moves[rng.below(moves.len())]);
        }
        if !p.is_over() && !out.iter().any(|o| o.key() == p.key()) {
            out.push(p);
        }
    }
    out
}

/// Three methods agree on random positions of one layer of `m,n,k`: the
/// independent solver, the negamax exact solver and the retrograde
/// analysis of everything reachable from the position. Returns the
/// number of positions by value (win, draw, loss for the side to move).
fn agree_on_layer(m: u8, n: u8, k: u8, plies: usize, count: usize, seed: u64) -> [usize; 3] {
    let g = game(m, n, k);
    let mut mnk = Mnk::new(usize::from(m), usize::from(n), usize::from(k));
    let mut solver = Solver::new(64);
    let mut values = [0; 3];
    let positions = random_positions(&g, plies, count, seed);
    assert_eq!(positions.len(), count, "not enough distinct positions");
    for p in &positions {
        let a = value_of(mnk.value(pos_of(p)));
        let b = solver.solve(p).value;
        let t = Retrograde::new().symmetry(true).solve(p).expect("fits in memory");
        let c = from_retro(t.get(p).expect("the position is in its table"));
        assert_eq!((a, b), (c, c), "{m},{n},{k}: {p}");
        values[match a {
            Value::Win => 0,
            Value::Draw => 1,
            Value::Loss => 2,
        }] += 1;
    }
    values
}

#[test]
fn three_methods_agree_on_four_four_four_positions() {
    let v = agree_on_layer(4, 4, 4, 8, 30, 1);
    eprintln!("4,4,4 after 8 plies (win, draw, loss): {v:?}");
}

/// 5,5,4: the start by the independent solver (a full-board retrograde is
/// out of reach: see `docs/gomoku.md`), and the three methods agree on
/// random positions after 12 plies.
#[test]
#[ignore = "long: 5,5,4 to the end"]
fn five_five_four_draw() {
    let t = std::time::Instant::now();
    let mut mnk = Mnk::new(5, 5, 4);
    let v = value_of(mnk.value(pos_of(&game(5, 5, 4))));
    eprintln!(
        "5,5,4: {v:?} by the independent solver in {:?}, {} nodes, {} positions stored",
        t.elapsed(),
        mnk.nodes,
        mnk.table_len()
    );
    assert_eq!(v, Value::Draw, "5,5,4: not the published value");
    let t = std::time::Instant::now();
    let layer = agree_on_layer(5, 5, 4, 12, 100, 554);
    eprintln!("5,5,4 after 12 plies (win, draw, loss): {layer:?} in {:?}", t.elapsed());
    assert!(layer.iter().filter(|&&n| n > 0).count() >= 2, "a layer of one value: {layer:?}");
}

#[test]
fn won_positions_are_over() {
    let g = game(3, 3, 3);
    assert!(!g.is_over());
}
