//! Values the CLI prints, checked against computations in this file that
//! share no code with the engines: a memoised Würfelkippen solver, the NIM
//! xor rule, a peg-solitaire path counter, and published figures of
//! Tic-tac-toe and other m,n,k-games.

mod common;

use std::collections::HashMap;

use common::{json, spielbaum};

/// Würfelkippen by plain recursion: +1 the mover wins, 0 draw, -1 loses.
fn dice_value(top: u32, sum: u32, target: u32, memo: &mut HashMap<(u32, u32), i32>) -> i32 {
    if let Some(&v) = memo.get(&(top, sum)) {
        return v;
    }
    let mut best: Option<i32> = None;
    for f in 1..=6 {
        if f == top || f == 7 - top || sum + f > target {
            continue;
        }
        let v = if sum + f == target { 1 } else { -dice_value(f, sum + f, target, memo) };
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    let v = best.unwrap_or(0); // no tip: a draw
    memo.insert((top, sum), v);
    v
}

#[test]
fn solve_dice_matches_a_brute_force() {
    for (start, target) in [(4, 8), (1, 31), (6, 20), (3, 57), (2, 100)] {
        let want = match dice_value(start, 0, target, &mut HashMap::new()) {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        let v = json(&[
            "solve",
            "dice",
            "--start",
            &start.to_string(),
            "--target",
            &target.to_string(),
            "--json",
        ]);
        assert_eq!(v["value"], want, "start {start}, target {target}");
    }
}

/// The NIM moves that leave a nim-sum of 0, as `HEAP:TAKE`.
fn zeroing_moves(heaps: &[u32]) -> Vec<String> {
    let x = heaps.iter().fold(0, |a, &h| a ^ h);
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| (h ^ x) < h)
        .map(|(i, &h)| format!("{}:{}", i + 1, h - (h ^ x)))
        .collect()
}

#[test]
fn search_and_mcts_find_the_xor_move() {
    for heaps in [[1u32, 2, 3, 4], [2, 5, 6, 0]] {
        let list = heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let want = zeroing_moves(&heaps);
        assert!(!want.is_empty());
        let v = json(&["search", "nim", "--heaps", &list, "--depth", "14", "--json"]);
        let best = v["best_move"].as_str().unwrap().to_string();
        assert!(want.contains(&best), "{list}: search chose {best}, xor rule {want:?}");
    }
    // MCTS-Solver proves the win and picks the xor move, for several seeds
    // (each of seeds 1-5 proved it within 100,000 iterations in a release
    // run; the budget is twice that).
    let heaps = [3u32, 4, 5];
    let want = zeroing_moves(&heaps);
    for seed in ["1", "2", "3", "4", "5"] {
        let v = json(&[
            "mcts",
            "nim",
            "--heaps",
            "3,4,5",
            "--iterations",
            "200000",
            "--stop-when-proven",
            "--seed",
            seed,
            "--json",
        ]);
        let best = v["best_move"].as_str().unwrap().to_string();
        assert_eq!(v["proof"], "win", "seed {seed}");
        assert!(want.contains(&best), "seed {seed}: mcts chose {best}, xor rule {want:?}");
    }
}

/// Jump sequences on a 4x4 board (bit 4r + c) from `pegs` down to one peg,
/// by final hole.
fn one_peg_paths(pegs: u16, out: &mut HashMap<u32, u128>) {
    if pegs.count_ones() == 1 {
        *out.entry(pegs.trailing_zeros()).or_default() += 1;
        return;
    }
    for from in 0..16i32 {
        if pegs >> from & 1 == 0 {
            continue;
        }
        let (r, c) = (from / 4, from % 4);
        for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (r2, c2) = (r + 2 * dr, c + 2 * dc);
            if !(0..4).contains(&r2) || !(0..4).contains(&c2) {
                continue;
            }
            let over = (r + dr) * 4 + c + dc;
            let to = r2 * 4 + c2;
            if pegs >> over & 1 == 1 && pegs >> to & 1 == 0 {
                one_peg_paths(pegs & !(1 << from) & !(1 << over) | (1 << to), out);
            }
        }
    }
}

#[test]
fn peg_paths_of_a_mask_match_a_brute_force() {
    let dir = std::env::temp_dir().join(format!("spielbaum-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("square.txt");
    std::fs::write(&file, "# 4x4, b1 empty\n1011\n1111\n1111\n1111\n").unwrap();
    let v = json(&["peg", "stats", "--board", file.to_str().unwrap(), "--json"]);
    let _ = std::fs::remove_dir_all(&dir);
    let mut want = HashMap::new();
    one_peg_paths(!(1u16 << 1), &mut want);
    let got = v["one_peg_paths"].as_object().unwrap();
    let total: u128 = want.values().sum();
    let got_total: u128 = got.values().map(|s| s.as_str().unwrap().parse::<u128>().unwrap()).sum();
    assert!(total > 0);
    assert_eq!(got_total, total, "paths ending with one peg: {got:?} vs {want:?}");
    assert_eq!(got.len(), want.len(), "final holes");
}

#[test]
fn tour_prints_known_figures() {
    let out = spielbaum(&["tour", "--only", "small-games"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // Tic-tac-toe: move sequences by length, finished games (255,168),
    // reachable positions (5,478) and positions up to symmetry (765): the
    // standard counts of the game, found by hand-checked enumerations long
    // before this crate.
    for figure in [
        "[9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]",
        "finished games: 255168",
        "reachable positions: 5478, up to the 8 symmetries: 765",
        // 3 ^ 4 ^ 5 = 2.
        &format!("nim-sum {}", 3 ^ 4 ^ 5),
    ] {
        assert!(text.contains(figure), "{figure:?} missing from:\n{text}");
    }
    assert!(!text.contains("== nim-variant"), "--only printed another section");
    // Every section runs without error.
    let out = spielbaum(&["tour", "--only", "nim-variant"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    // {3,5,11}: period 8, red residues {0,1,2} — the text's n mod 8 rule.
    assert!(text.contains("period 8"), "{text}");
}

/// `solve gomoku` on m,n,k-games (the gomoku crate's value search) against
/// the published values: Wikipedia, "m,n,k-game", section "Specific
/// results" (3,3,3 a draw; `k = 3` a first-player win on boards of at
/// least 4×3; 4,4,4 a draw) and D. Friedman, "Optimal mnk-games" (3,4,3
/// and 4,4,3 first-player wins, 3,4,4 and 4,4,4 draws). A draw fills the
/// board, so its plies are the cells; a win's plies are counted where the
/// exact solver finishes (on the smallest boards, at once) and `null`
/// where the value search answers.
#[test]
fn solve_mnk_games_match_published_values() {
    for (w, h, k, want) in [
        (3, 3, 3, "draw"),
        (4, 3, 3, "win"),
        (3, 4, 3, "win"),
        (4, 4, 3, "win"),
        (3, 4, 4, "draw"),
        (4, 4, 4, "draw"),
    ] {
        let (w, h, k) = (w.to_string(), h.to_string(), k.to_string());
        let v = json(&["solve", "gomoku", "--width", &w, "--height", &h, "--k", &k, "--json"]);
        let game = format!("{w},{h},{k}");
        assert_eq!(v["value"], want, "{game}: {v}");
        let cells = w.parse::<u64>().unwrap() * h.parse::<u64>().unwrap();
        if want == "draw" {
            assert_eq!(v["plies"].as_u64(), Some(cells), "{game}: {v}");
        } else if let Some(p) = v["plies"].as_u64() {
            // The first player wins on its own move, with k stones at least.
            assert!(p % 2 == 1 && p >= 2 * k.parse::<u64>().unwrap() - 1 && p <= cells, "{v}");
        } else {
            assert!(v["plies"].is_null(), "{game}: {v}");
        }
        assert!(v["nodes"].as_u64().unwrap() > 0, "{game}: {v}");
        assert!(!v["best_moves"].as_array().unwrap().is_empty(), "{game}: {v}");
    }
    // The smallest won boards: the exact solver finishes at once, so a
    // win's plies are counted.
    for size in [["4", "3"], ["3", "4"]] {
        let v = json(&[
            "solve", "gomoku", "--width", size[0], "--height", size[1], "--k", "3", "--json",
        ]);
        assert_eq!(v["value"], "win", "{v}");
        assert!(v["plies"].is_u64(), "{size:?}: a win's plies must be counted: {v}");
    }
}

/// Where the exact solver does not finish on its tenth of `--max-nodes`
/// (4,3,3 needs tens of thousands of nodes; a tenth of 100,000 is too
/// few), the value search answers: the same value, no plies for a win,
/// and as best moves every move that keeps the win, among them the exact
/// solver's shortest wins.
#[test]
fn solve_gomoku_falls_back_to_the_value_search() {
    let args = ["solve", "gomoku", "--width", "4", "--height", "3", "--k", "3", "--json"];
    let exact = json(&args);
    let mut small = args.to_vec();
    small.extend(["--max-nodes", "100000"]);
    let value = json(&small);
    assert_eq!(exact["value"], "win", "{exact}");
    assert!(exact["plies"].is_u64(), "{exact}");
    assert_eq!(value["value"], "win", "{value}");
    assert!(value["plies"].is_null(), "{value}");
    let moves = |v: &serde_json::Value| -> Vec<String> {
        v["best_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().into()).collect()
    };
    let (shortest, keeping) = (moves(&exact), moves(&value));
    assert!(shortest.iter().all(|m| keeping.contains(m)), "{exact} vs {value}");
    assert!(value["nodes"].as_u64().unwrap() <= 100_000, "{value}");
}

/// 5,5,4 through `solve gomoku` within the default limits: a draw, as
/// published (Wikipedia, "m,n,k-game", "Specific results"), so its plies
/// are the 25 cells, by the value search after the exact solver's try on a
/// tenth of the limits (the value search alone: about 6.3 M nodes, 10 s of
/// CPU in release): run in the release step.
#[test]
#[ignore = "release step: about 10 s of CPU in release"]
fn solve_five_five_four_is_a_draw_within_the_default_limits() {
    let v = json(&["solve", "gomoku", "--size", "5", "--k", "4", "--json"]);
    assert_eq!(v["value"], "draw", "{v}");
    assert_eq!(v["plies"], 25, "{v}");
    assert!(!v["best_moves"].as_array().unwrap().is_empty(), "{v}");
}

/// The value and the best moves of `solve gomoku` on 3×3 with three in a
/// row against `solve tictactoe` (another game implementation and the
/// negamax crate's exact solver), on positions with every value: the same
/// value and plies, and the best moves are among the empty cells after
/// which `solve tictactoe` gives the opponent the opposite value (all of
/// them for a draw; for a win or a loss those with the best plies).
#[test]
fn solve_gomoku_tic_tac_toe_agrees_with_solve_tictactoe() {
    let opposite = |v: &str| {
        match v {
            "win" => "loss",
            "loss" => "win",
            other => other,
        }
        .to_string()
    };
    let mut values = Vec::new();
    for board in [
        ".../.../...",
        ".x./.../...",
        "x../.o./...",
        "x.o/.../...",
        "xx./oo./...",
        "oo./.x./oxx",
        "xo./.x./o..",
    ] {
        let stones = |b: &str, c: char| b.chars().filter(|&x| x == c).count();
        let side = if stones(board, 'x') == stones(board, 'o') { 'x' } else { 'o' };
        let position = format!("{board} {side}");
        let g = json(&[
            "solve",
            "gomoku",
            "--size",
            "3",
            "--k",
            "3",
            "--position",
            &position,
            "--json",
        ]);
        let t = json(&["solve", "tictactoe", "--position", board, "--json"]);
        let value = t["value"].as_str().unwrap().to_string();
        assert_eq!(g["value"], t["value"], "{position}: {g} vs {t}");
        // Rows from the top, files from a, ranks from 1 at the bottom.
        let mut want = Vec::new();
        for i in board.char_indices().filter(|&(_, c)| c == '.').map(|(i, _)| i) {
            let (row, file) = (i / 4, i % 4);
            let mut child = board.to_string();
            child.replace_range(i..i + 1, &side.to_string());
            let after = json(&["solve", "tictactoe", "--position", &child, "--json"]);
            if after["value"].as_str().unwrap() == opposite(&value) {
                want.push(format!("{}{}", (b'a' + file as u8) as char, 3 - row));
            }
        }
        let mut got: Vec<String> = g["best_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        got.sort();
        want.sort();
        assert_eq!(g["plies"], t["plies"], "{position}: {g} vs {t}");
        if value == "draw" {
            assert_eq!(got, want, "{position}: {g}");
        } else {
            assert!(!got.is_empty() && got.iter().all(|m| want.contains(m)), "{position}: {g}");
        }
        values.push(value);
    }
    for want in ["win", "draw", "loss"] {
        assert!(values.iter().any(|v| v == want), "no position with value {want}: {values:?}");
    }
}
