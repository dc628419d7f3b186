//! Small Connect Four boards solved twice, by negamax's exact solver and by
//! bfs-reach's retrograde analysis, and compared with the published values.

use std::time::Instant;

use spielbaum_bfs_reach::retrograde::{self, Retrograde};
use spielbaum_game_trait::Game;
use spielbaum_negamax::{Solver, Value};
use spielbaum_small_games::Connect4;

/// The retrograde value in negamax's terms: (value, plies).
fn retro_as_negamax(v: retrograde::Value) -> (Value, Option<u32>) {
    match v {
        retrograde::Value::Win(n) => (Value::Win, Some(n)),
        retrograde::Value::Loss(n) => (Value::Loss, Some(n)),
        retrograde::Value::Draw => (Value::Draw, None),
    }
}

/// Solves `w`x`h` both ways; compares the start and every `stride`-th
/// position of the retrograde table (values and, for decided positions, the
/// plies to the end). Returns the start's value and plies.
fn cross_check(w: usize, h: usize, stride: usize) -> (Value, u32) {
    let start = Connect4::new(w, h).unwrap();
    let t = Instant::now();
    let table = Retrograde::new().symmetry(true).limit(usize::MAX).solve(&start).unwrap();
    let retro_time = t.elapsed();
    let mut solver = Solver::new(64);
    let t = Instant::now();
    let s = solver.solve(&start);
    let negamax_time = t.elapsed();
    assert!(s.complete);
    let (rv, rp) = retro_as_negamax(table.get(&start).unwrap());
    assert_eq!(s.value, rv, "{w}x{h} start");
    if let Some(p) = rp {
        assert_eq!(s.plies, p, "{w}x{h} start plies");
    }
    let mut checked = 0;
    for (pos, v) in table.iter().step_by(stride) {
        if pos.is_over() {
            continue;
        }
        let s = solver.solve(pos);
        let (rv, rp) = retro_as_negamax(v);
        assert_eq!(s.value, rv, "{w}x{h} at {pos}");
        if let Some(p) = rp {
            assert_eq!(s.plies, p, "{w}x{h} plies at {pos}");
        }
        checked += 1;
    }
    println!(
        "{w}x{h}: {} positions up to mirroring ({:?} retrograde), start {} in {} plies \
         (negamax {:?}, {} nodes), {checked} positions compared",
        table.len(),
        retro_time,
        s.value.name(),
        s.plies,
        negamax_time,
        s.nodes
    );
    (s.value, s.plies)
}

// Published values: John Tromp solved every board with width + height <= 15
// (John's Connect Four Playground, tromp.github.io/c4/c4.html); the table
// with the move on which perfect play ends is in Christophe Steininger's
// c4 solver (github.com/ChristopheSteininger/c4, readme). 4x4, 5x4, 4x5,
// 4x6, 5x5 and 4x7 are draws (a draw fills the board); on 6x4 the second
// player wins with the 24th stone.

#[test]
fn four_by_four_is_a_draw_both_ways() {
    assert_eq!(cross_check(4, 4, 97).0, Value::Draw);
}

#[test]
#[ignore = "release: see docs/small-games.md for the time"]
fn five_by_four_is_a_draw_both_ways() {
    assert_eq!(cross_check(5, 4, 997).0, Value::Draw);
}

#[test]
#[ignore = "release: see docs/small-games.md for the time"]
fn four_by_five_is_a_draw_both_ways() {
    assert_eq!(cross_check(4, 5, 997).0, Value::Draw);
}

#[test]
#[ignore = "release: see docs/small-games.md for the time"]
fn four_by_six_is_a_draw_both_ways() {
    assert_eq!(cross_check(4, 6, 9973).0, Value::Draw);
}

/// Negamax alone (the retrograde tables of these boards take too much
/// memory for a test): value and plies against the published table.
fn negamax_only(w: usize, h: usize) -> (Value, u32) {
    let t = Instant::now();
    let s = Solver::new(256).solve(&Connect4::new(w, h).unwrap());
    assert!(s.complete);
    println!(
        "{w}x{h}: {} in {} plies, {} nodes, {:?}",
        s.value.name(),
        s.plies,
        s.nodes,
        t.elapsed()
    );
    (s.value, s.plies)
}

#[test]
#[ignore = "release: see docs/small-games.md for the time"]
fn five_by_five_is_a_draw() {
    assert_eq!(negamax_only(5, 5), (Value::Draw, 25));
}

#[test]
#[ignore = "release: see docs/small-games.md for the time"]
fn six_by_four_is_won_by_the_second_player_with_the_24th_stone() {
    assert_eq!(negamax_only(6, 4), (Value::Loss, 24));
}

#[test]
#[ignore = "release: see docs/small-games.md for the time"]
fn four_by_seven_is_a_draw() {
    assert_eq!(negamax_only(4, 7), (Value::Draw, 28));
}
