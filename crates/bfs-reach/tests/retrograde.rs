//! Retrograde values against independent brute force.

use std::collections::HashMap;

use spielbaum_bfs_reach::retrograde::{self, Retrograde, Value};
use spielbaum_game_trait::{Game, GameExt, Outcome};
use spielbaum_small_games::{Dice, Nim, TicTacToe};

/// Plain recursive minimax with memo: value for the side to move, with the
/// fastest win and the slowest loss.
fn brute<G: Game>(pos: &G, memo: &mut HashMap<u64, Value>) -> Value {
    if let Some(&v) = memo.get(&pos.key()) {
        return v;
    }
    let moves = pos.legal_moves();
    let v = if moves.is_empty() {
        match pos.outcome().expect("finished") {
            Outcome::Win(p) if p == pos.to_move() => Value::Win(0),
            Outcome::Win(_) => Value::Loss(0),
            Outcome::Draw => Value::Draw,
            Outcome::Puzzle { goal, .. } => {
                if goal {
                    Value::Win(0)
                } else {
                    Value::Loss(0)
                }
            }
        }
    } else {
        let mut best_win: Option<u32> = None;
        let mut any_draw = false;
        let mut slowest_loss = 0;
        for mv in moves {
            let next = pos.after(mv);
            let cv = brute(&next, memo);
            let seen = if next.to_move() != pos.to_move() { cv.flip() } else { cv };
            match seen {
                Value::Win(m) => best_win = Some(best_win.map_or(m + 1, |b| b.min(m + 1))),
                Value::Draw => any_draw = true,
                Value::Loss(m) => slowest_loss = slowest_loss.max(m + 1),
            }
        }
        if let Some(w) = best_win {
            Value::Win(w)
        } else if any_draw {
            Value::Draw
        } else {
            Value::Loss(slowest_loss)
        }
    };
    memo.insert(pos.key(), v);
    v
}

#[test]
fn tictactoe_every_position_matches_minimax() {
    let start = TicTacToe::new();
    let table = retrograde::solve(&start).unwrap();
    // 5478 legal positions reachable in play (a well-known count).
    assert_eq!(table.len(), 5478);
    let mut memo = HashMap::new();
    for (pos, v) in table.iter() {
        assert_eq!(v, brute(pos, &mut memo), "{pos}");
    }
    assert_eq!(table.get(&start), Some(Value::Draw));
    let c = table.counts();
    assert_eq!(c.wins + c.losses + c.draws, 5478);
}

#[test]
fn tictactoe_with_symmetry_agrees() {
    let start = TicTacToe::new();
    let full = retrograde::solve(&start).unwrap();
    let sym = Retrograde::new().symmetry(true).solve(&start).unwrap();
    // 765 positions up to symmetry (a well-known count).
    assert_eq!(sym.len(), 765);
    for (pos, v) in full.iter() {
        assert_eq!(sym.get(pos), Some(v), "{pos}");
    }
}

#[test]
fn best_moves_keep_the_value() {
    let table = retrograde::solve(&TicTacToe::new()).unwrap();
    for (pos, v) in table.iter() {
        match table.best_move(pos) {
            None => assert!(pos.is_over()),
            Some(mv) => {
                let next = pos.after(mv);
                let nv = table.get(&next).unwrap().flip();
                match (v, nv) {
                    (Value::Win(n), Value::Win(m)) | (Value::Loss(n), Value::Loss(m)) => {
                        assert_eq!(m + 1, n)
                    }
                    (Value::Draw, Value::Draw) => {}
                    other => panic!("{pos}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn nim_follows_the_xor_rule() {
    for heaps in [&[3u32, 4, 5][..], &[1, 2, 3], &[2, 2], &[5, 7, 1, 2]] {
        let start = Nim::new(heaps).unwrap();
        let table = retrograde::solve(&start).unwrap();
        for (pos, v) in table.iter() {
            let xor = pos.heaps().iter().fold(0, |a, &h| a ^ h);
            assert_eq!(matches!(v, Value::Win(_)), xor != 0, "{heaps:?} -> {:?}", pos.heaps());
            assert_ne!(v, Value::Draw);
        }
    }
}

#[test]
fn dice_matches_minimax() {
    for target in [8, 15, 31] {
        let start = Dice::new(4, target).unwrap();
        let table = retrograde::solve(&start).unwrap();
        let mut memo = HashMap::new();
        for (pos, v) in table.iter() {
            assert_eq!(v, brute(pos, &mut memo));
        }
    }
}

#[test]
fn limit_and_stop_are_reported() {
    let start = TicTacToe::new();
    assert_eq!(
        Retrograde::new().limit(100).solve(&start).unwrap_err(),
        spielbaum_bfs_reach::RunError::TooLarge { limit: 100 }
    );
}

mod general {
    use super::*;
    use spielbaum_bfs_reach::Control;
    use spielbaum_bfs_reach::general::GeneralBfs;

    /// Distances by a plain queue BFS over keys.
    fn plain<G: Game>(start: &G) -> Vec<u64> {
        let mut seen = std::collections::HashSet::from([start.key()]);
        let mut level = vec![start.clone()];
        let mut out = Vec::new();
        while !level.is_empty() {
            out.push(level.len() as u64);
            let mut next = Vec::new();
            for g in &level {
                for mv in g.legal_moves() {
                    let c = g.after(mv);
                    if seen.insert(c.key()) {
                        next.push(c);
                    }
                }
            }
            level = next;
        }
        out
    }

    #[test]
    fn general_bfs_matches_a_plain_queue() {
        for (sym, start) in [(false, TicTacToe::new()), (true, TicTacToe::new())] {
            let mut got = Vec::new();
            let s = GeneralBfs::new()
                .symmetry(sym)
                .run(&start, |l, _| {
                    got.push(l.positions);
                    Control::Continue
                })
                .unwrap();
            assert!(s.complete);
            assert_eq!(got, plain(&start));
        }
        let dice = Dice::new(3, 20).unwrap();
        let mut got = Vec::new();
        GeneralBfs::new()
            .run(&dice, |l, _| {
                got.push(l.positions);
                Control::Continue
            })
            .unwrap();
        assert_eq!(got, plain(&dice));
    }
}
