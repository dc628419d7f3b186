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
use spielbaum_game_trait::{Game, GameExt, MoveList, Player, SplitMix64};
use spielbaum_gomoku::{Forced, Gomoku, MnkSolver, Rules, has_free_window};
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

/// Win, draw or loss by the negamax crate's null-window search over the
/// game with its forced moves.
fn value(g: &Gomoku) -> Value {
    MnkSolver::new(16).value(g).expect("no limit")
}

fn agree(m: u8, n: u8, k: u8, published: Value) {
    let g = game(m, n, k);
    let a = negamax(&g);
    assert_eq!(value(&g), a, "{m},{n},{k}: value search and exact solver disagree");
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
    let mut values = MnkSolver::new(16);
    for (pos, v) in table.iter() {
        let want = match v {
            RValue::Win(_) => Value::Win,
            RValue::Loss(_) => Value::Loss,
            RValue::Draw => Value::Draw,
        };
        assert_eq!(solver.solve(pos).value, want, "{pos}");
        assert_eq!(values.value(pos), Some(want), "{pos}");
    }
}

/// The forced moves keep every value: the retrograde analysis of the game
/// with them (and without the free-window rule's hope player) gives every
/// position it reaches the value the plain game's analysis gives it.
#[test]
fn forced_moves_keep_the_values() {
    for (m, n, k) in [(3, 3, 3), (4, 3, 3), (3, 4, 4)] {
        let g = game(m, n, k);
        let plain = retrograde::solve(&g).unwrap();
        let forced = retrograde::solve(&Forced::new(&g)).unwrap();
        assert!(forced.len() < plain.len(), "{m},{n},{k}: nothing cut");
        for (f, v) in forced.iter() {
            let want = plain.get(f.position()).expect("reachable in the plain game");
            assert_eq!(from_retro(v), from_retro(want), "{m},{n},{k}: {}", f.position());
        }
    }
}

/// `Forced` keeps the `Game` contract (moves exactly while not over,
/// keys, symmetries that commute with the moves), asking or not.
#[test]
fn forced_conformance() {
    use spielbaum_game_trait::conformance::{Config, check_game};
    for (m, n, k) in [(3, 3, 3), (4, 4, 4), (5, 4, 4), (6, 6, 5)] {
        let g = game(m, n, k);
        let config = Config { games: 24, max_plies: 40 };
        check_game(&Forced::new(&g), &config);
        check_game(&Forced::asking(&g, Player::FIRST), &config);
        check_game(&Forced::asking(&g, Player::SECOND), &config);
    }
}

/// `Forced` finds its canonical image from the images' keys alone: the
/// same image as the trait's default (all images made).
#[test]
fn forced_canonical_images() {
    let mut rng = SplitMix64::new(3);
    for (m, n, k) in [(4, 4, 4), (5, 4, 4), (6, 6, 5)] {
        let g = game(m, n, k);
        for plies in 0..8 {
            for p in random_positions(&g, plies, 3, rng.next_u64()) {
                let f = Forced::new(&p);
                let keys: Vec<u64> = (0..f.symmetries()).map(|s| f.symmetric(s).key()).collect();
                let least = *keys.iter().min().unwrap();
                let (canon, s) = f.canonical_with();
                assert_eq!((canon.key(), keys[s]), (least, least), "{p}");
                assert_eq!(f.canonical_key(), least, "{p}");
            }
        }
    }
}

/// `has_free_window` against a scan of every window cell by cell, on
/// random positions of several boards.
#[test]
fn free_windows_agree_with_a_scan() {
    let mut rng = SplitMix64::new(7);
    for (m, n, k) in [(3, 3, 3), (5, 5, 4), (6, 4, 4), (4, 7, 5), (9, 9, 5), (22, 22, 7)] {
        let g = game(m, n, k);
        let cells = usize::from(m) * usize::from(n);
        for plies in (0..cells).step_by(1 + cells / 40) {
            let p = random_positions(&g, plies, 1, rng.next_u64()).pop();
            let Some(p) = p else { continue };
            for side in [Player::FIRST, Player::SECOND] {
                let mut want = false;
                for (dx, dy) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
                    for y in 0..i32::from(n) {
                        for x in 0..i32::from(m) {
                            want |= (0..i32::from(k)).all(|i| {
                                let (cx, cy) = (x + i * dx, y + i * dy);
                                cx >= 0
                                    && cy >= 0
                                    && cx < i32::from(m)
                                    && cy < i32::from(n)
                                    && p.at(cx as usize, cy as usize) != Some(side.other())
                            });
                        }
                    }
                }
                assert_eq!(has_free_window(&p, side), want, "{m},{n},{k} {side:?}: {p}");
            }
        }
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
    assert_eq!(value(&game(4, 4, 4)), Value::Draw);
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

/// `MnkSolver::solve`'s best moves are exactly the moves after which the
/// retrograde table gives the opponent the opposite value: on every
/// unfinished Tic-tac-toe position, and on the 4,3,3 positions with at
/// most three stones.
#[test]
fn best_moves_agree_with_the_retrograde_table() {
    let opposite = |v: Value| match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    };
    let mut solver = MnkSolver::new(4);
    for (m, n, k, most) in [(3, 3, 3, 9), (4, 3, 3, 3)] {
        let table = retrograde::solve(&game(m, n, k)).unwrap();
        let mut checked = 0;
        for (pos, v) in table.iter() {
            if pos.is_over() || pos.stone_count() > most {
                continue;
            }
            let s = solver.solve(pos).expect("no limit");
            assert_eq!(s.value, from_retro(v), "{m},{n},{k}: {pos}");
            let mut moves = MoveList::new();
            pos.moves(&mut moves);
            let want: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&mv| {
                    let after = table.get(&pos.after(mv)).expect("in the table");
                    from_retro(after) == opposite(s.value)
                })
                .collect();
            assert_eq!(s.best_moves, want, "{m},{n},{k}: {pos}");
            assert_eq!(s.nodes, solver.nodes(), "{m},{n},{k}: {pos}");
            checked += 1;
        }
        assert!(checked > 100, "{m},{n},{k}: {checked}");
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
    let mut search = MnkSolver::new(64);
    let mut values = [0; 3];
    let positions = random_positions(&g, plies, count, seed);
    assert_eq!(positions.len(), count, "not enough distinct positions");
    // Time per method: independent solver, exact solver, value search,
    // retrograde.
    let mut spent = [std::time::Duration::ZERO; 4];
    let mut timed = |i: usize, t: std::time::Instant| spent[i] += t.elapsed();
    for p in &positions {
        let t = std::time::Instant::now();
        let a = value_of(mnk.value(pos_of(p)));
        timed(0, t);
        let t = std::time::Instant::now();
        let b = solver.solve(p).value;
        timed(1, t);
        let t = std::time::Instant::now();
        let d = search.value(p).expect("no limit");
        timed(2, t);
        let t = std::time::Instant::now();
        let r = Retrograde::new().solve(p).expect("fits in memory");
        let c = from_retro(r.get(p).expect("the position is in its table"));
        timed(3, t);
        assert_eq!((a, b, d), (c, c, c), "{m},{n},{k}: {p}");
        values[match a {
            Value::Win => 0,
            Value::Draw => 1,
            Value::Loss => 2,
        }] += 1;
    }
    eprintln!("{m},{n},{k}: independent, exact, value search, retrograde: {spent:?}");
    values
}

#[test]
fn three_methods_agree_on_four_four_four_positions() {
    let v = agree_on_layer(4, 4, 4, 8, 30, 1);
    eprintln!("4,4,4 after 8 plies (win, draw, loss): {v:?}");
}

/// 5,5,4, the start: a draw by the negamax crate's value search and by
/// the independent solver (a full-board retrograde is out of reach: see
/// `docs/gomoku.md`).
#[test]
#[ignore = "long: 5,5,4 to the end"]
fn five_five_four_draw() {
    let t = std::time::Instant::now();
    let mut search = MnkSolver::new(256);
    let v = search.value(&game(5, 5, 4)).expect("no limit");
    eprintln!(
        "5,5,4: {v:?} by the negamax value search in {:?}, {} nodes",
        t.elapsed(),
        search.nodes()
    );
    assert_eq!(v, Value::Draw, "5,5,4: not the published value");
    // Deterministic (one thread, the table's replacement fixed): the
    // figure docs/gomoku.md states.
    assert_eq!(search.nodes(), 2_317_872, "5,5,4: the value search's node count changed");
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
    assert_eq!(mnk.nodes, 858_609, "5,5,4: the independent solver's node count changed");
}

/// 5,5,4: the four methods agree on random positions after 12 plies (the
/// retrograde analysis over everything reachable from each).
#[test]
#[ignore = "long: 5,5,4 positions to the end"]
fn five_five_four_positions_agree() {
    let t = std::time::Instant::now();
    let layer = agree_on_layer(5, 5, 4, 12, 100, 554);
    eprintln!("5,5,4 after 12 plies (win, draw, loss): {layer:?} in {:?}", t.elapsed());
    assert!(layer.iter().filter(|&&n| n > 0).count() >= 2, "a layer of one value: {layer:?}");
}

/// Beyond 5,5,4: each game by the negamax value search and by the
/// independent solver. 6,5,4 has a published value (a first-player win);
/// 5,4,4 and 5,5,5 are compared with each other only (see
/// `docs/gomoku.md`).
#[test]
#[ignore = "long: boards of 20 to 30 cells to the end"]
fn further_games_by_two_methods() {
    // The node counts docs/gomoku.md states (both searches deterministic).
    for (m, n, k, published, nodes) in [
        (5, 4, 4, None, [367_121, 288_057]),
        (5, 5, 5, None, [16_215_852, 16_164_371]),
        (6, 5, 4, Some(Value::Win), [1_405_544, 1_323_666]),
    ] {
        let g = game(m, n, k);
        let t = std::time::Instant::now();
        let mut search = MnkSolver::new(256);
        let a = search.value(&g).expect("no limit");
        eprintln!(
            "{m},{n},{k}: {a:?} by the value search, {} nodes, {:?}",
            search.nodes(),
            t.elapsed()
        );
        let t = std::time::Instant::now();
        let mut mnk = Mnk::new(usize::from(m), usize::from(n), usize::from(k));
        let b = value_of(mnk.value(pos_of(&g)));
        eprintln!(
            "{m},{n},{k}: {b:?} by the independent solver, {} nodes, {:?}",
            mnk.nodes,
            t.elapsed()
        );
        assert_eq!(a, b, "{m},{n},{k}: the two methods disagree");
        assert_eq!([search.nodes(), mnk.nodes], nodes, "{m},{n},{k}: node counts changed");
        if let Some(want) = published {
            assert_eq!(a, want, "{m},{n},{k}: not the published value");
        }
    }
}

#[test]
fn won_positions_are_over() {
    let g = game(3, 3, 3);
    assert!(!g.is_over());
}

/// The move order's window scores on the largest board with a long row:
/// in row 0 the first player holds every cell but two, in the last row
/// the second player does the same. Each gap lies in six windows of 15
/// stones of one player, the highest score a window gives, so the four
/// gaps come first.
#[test]
fn forced_move_order_on_22x22_k17() {
    use spielbaum_gomoku::Cell;
    let mut g = game(22, 22, 17);
    let gaps = [8, 9];
    for x in (0..22).filter(|x| !gaps.contains(x)) {
        g.play(Cell::at(x, 0));
        g.play(Cell::at(x, 21));
    }
    assert!(!g.is_over());
    let f = Forced::new(&g);
    assert!(!f.is_over());
    let moves = f.legal_moves();
    assert_eq!(moves.len(), 22 * 22 - 40);
    let mut first: Vec<Cell> = moves[..4].to_vec();
    first.sort_by_key(|c| c.index());
    let mut want = vec![Cell::at(8, 0), Cell::at(9, 0), Cell::at(8, 21), Cell::at(9, 21)];
    want.sort_by_key(|c| c.index());
    assert_eq!(first, want);
}
