//! The small games against independent computations written here, without
//! the games' own code paths.

use std::collections::{HashMap, HashSet};

use spielbaum_game_trait::{Game, GameExt, MoveList, Notation, Outcome, Player, perft_counts};
use spielbaum_small_games::{Dice, Nim, TicTacToe};

// ---------------------------------------------------------------- Tic-tac-toe

/// An independent Tic-tac-toe on a `[u8; 9]` array (0 empty, 1 x, 2 o).
fn ttt_winner(b: &[u8; 9]) -> u8 {
    const L: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    for l in L {
        if b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
            return b[l[0]];
        }
    }
    0
}

fn ttt_counts(
    b: &mut [u8; 9],
    player: u8,
    ply: usize,
    counts: &mut [u64; 9],
    seen: &mut HashSet<[u8; 9]>,
) {
    seen.insert(*b);
    if ttt_winner(b) != 0 {
        return;
    }
    for s in 0..9 {
        if b[s] == 0 {
            b[s] = player;
            counts[ply] += 1;
            ttt_counts(b, 3 - player, ply + 1, counts, seen);
            b[s] = 0;
        }
    }
}

#[test]
fn tictactoe_perft_and_reachable_positions() {
    let mut expected = [0u64; 9];
    let mut seen = HashSet::new();
    ttt_counts(&mut [0; 9], 1, 0, &mut expected, &mut seen);
    assert_eq!(perft_counts(&TicTacToe::new(), 9), expected.to_vec());
    // The well-known figure: 5478 reachable positions, the empty board included.
    assert_eq!(seen.len(), 5478);

    // Reachable positions through the trait (a plain BFS over keys).
    let mut reach = HashSet::new();
    let mut frontier = vec![TicTacToe::new()];
    reach.insert(TicTacToe::new().key());
    while let Some(p) = frontier.pop() {
        for mv in p.legal_moves() {
            let c = p.after(mv);
            if reach.insert(c.key()) {
                frontier.push(c);
            }
        }
    }
    assert_eq!(reach.len(), seen.len());
    // Canonical classes: 765 (the well-known count of essentially different positions).
    let canon: HashSet<u64> = reach
        .iter()
        .map(|&k| {
            TicTacToe::from_bits((k & 0x1ff) as u16, (k >> 9) as u16).unwrap().canonical_key()
        })
        .collect();
    assert_eq!(canon.len(), 765);
}

#[test]
fn tictactoe_games_end_as_independently_computed() {
    // Finished games by length and result, trait versus array version.
    fn walk_array(b: &mut [u8; 9], p: u8, ply: usize, out: &mut HashMap<(usize, u8), u64>) {
        let w = ttt_winner(b);
        if w != 0 || b.iter().all(|&c| c != 0) {
            *out.entry((ply, w)).or_default() += 1;
            return;
        }
        for s in 0..9 {
            if b[s] == 0 {
                b[s] = p;
                walk_array(b, 3 - p, ply + 1, out);
                b[s] = 0;
            }
        }
    }
    fn walk_trait(g: &TicTacToe, ply: usize, out: &mut HashMap<(usize, u8), u64>) {
        if let Some(o) = g.outcome() {
            let w = match o {
                Outcome::Win(p) if p == Player::FIRST => 1,
                Outcome::Win(_) => 2,
                _ => 0,
            };
            *out.entry((ply, w)).or_default() += 1;
            return;
        }
        for mv in g.legal_moves() {
            walk_trait(&g.after(mv), ply + 1, out);
        }
    }
    let (mut a, mut b) = (HashMap::new(), HashMap::new());
    walk_array(&mut [0; 9], 1, 0, &mut a);
    walk_trait(&TicTacToe::new(), 0, &mut b);
    assert_eq!(a, b);
    assert_eq!(a.values().sum::<u64>(), 255_168);
}

#[test]
fn tictactoe_rejects_bad_positions_and_moves() {
    let t = TicTacToe::new();
    for bad in ["xx./.../...", "xxx/ooo/...", "x../../...", "xo?/.../...", "ooo/xx./..."] {
        let e = t.parse_position(bad).unwrap_err();
        assert!(!e.reason.is_empty(), "{bad}");
    }
    assert!(t.parse_move("d1").is_err());
    let t2 = t.after(t.parse_move("a1").unwrap());
    assert!(t2.parse_move("a1").unwrap_err().reason.contains("taken"));
}

// ---------------------------------------------------------------- NIM

/// Win/loss by brute force through the trait, memoised on the sorted heaps.
fn nim_mover_wins(g: &Nim, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(o) = g.outcome() {
        return o.relative_to(g.to_move()) > 0;
    }
    let mut k = g.heaps().to_vec();
    k.sort_unstable();
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let mut moves = MoveList::new();
    g.moves(&mut moves);
    let v = moves.iter().any(|&m| !nim_mover_wins(&g.after(m), memo));
    memo.insert(k, v);
    v
}

#[test]
fn nim_lost_exactly_when_xor_is_zero() {
    let mut memo = HashMap::new();
    let mut checked = 0;
    for a in 0..=7u32 {
        for b in 0..=7 {
            for c in 0..=7 {
                for d in [0u32, 1, 5, 6] {
                    if a + b + c + d == 0 {
                        continue;
                    }
                    let g = Nim::new(&[a, b, c, d]).unwrap();
                    let xor = a ^ b ^ c ^ d;
                    assert_eq!(nim_mover_wins(&g, &mut memo), xor != 0, "heaps {a},{b},{c},{d}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 8 * 8 * 8 * 4 - 1);
}

#[test]
fn nim_rejects_bad_input() {
    assert!(Nim::new(&[]).is_err());
    assert!(Nim::parse_heaps("3,x,5").unwrap_err().input.contains('x'));
    let g = Nim::new(&[3, 4]).unwrap();
    assert!(g.parse_move("3:1").is_err());
    assert!(g.parse_move("1:4").is_err());
    assert!(g.parse_move("1:0").is_err());
    assert!(g.parse_move("banana").is_err());
    assert!(g.parse_position("heaps=1,2 turn=3").is_err());
}

// ---------------------------------------------------------------- Würfelkippen

/// The text's rules on plain integers: value for the mover at (top, sum).
fn dice_value(top: u32, sum: u32, z: u32, memo: &mut HashMap<(u32, u32), i32>) -> i32 {
    if let Some(&v) = memo.get(&(top, sum)) {
        return v;
    }
    let mut best = i32::MIN;
    for zug in 1..=6 {
        // zulaessig(zug)
        if top != zug && top != 7 - zug && sum + zug <= z {
            let v = if sum + zug == z { 1 } else { -dice_value(zug, sum + zug, z, memo) };
            best = best.max(v);
        }
    }
    let v = if best == i32::MIN { 0 } else { best };
    memo.insert((top, sum), v);
    v
}

fn dice_value_trait(g: &Dice) -> i32 {
    if let Some(o) = g.outcome() {
        return o.relative_to(g.to_move());
    }
    g.legal_moves().iter().map(|&m| -dice_value_trait(&g.after(m))).max().unwrap()
}

#[test]
fn dice_values_match_the_rules_for_every_start_and_target() {
    for z in 1..=30 {
        for start in 1..=6 {
            let expected = dice_value(start, 0, z, &mut HashMap::new());
            let g = Dice::new(start, z).unwrap();
            assert_eq!(dice_value_trait(&g), expected, "start {start}, target {z}");
        }
    }
}

#[test]
fn dice_rejects_bad_input() {
    assert!(Dice::new(0, 8).is_err());
    assert!(Dice::new(7, 8).is_err());
    assert!(Dice::new(3, 0).is_err());
    let g = Dice::new(4, 8).unwrap();
    assert!(g.parse_move("4").unwrap_err().reason.contains("cannot come up"));
    assert!(g.parse_move("3").unwrap_err().reason.contains("cannot come up"));
    assert!(g.parse_move("9").is_err());
    assert!(g.parse_position("top=4 sum=9 target=8").is_err());
    assert!(g.parse_position("top=4 bogus=1").is_err());
}
