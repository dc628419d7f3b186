//! Peg solitaire against an independent simple implementation (holes as
//! coordinates, a plain HashMap per level, no symmetry), the published
//! English figures, the conformance suite and the inverse-board property.

mod common;

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use spielbaum_game_trait::conformance::{Config, check_game};
use spielbaum_game_trait::{Game, GameExt, MoveList, Notation};
use spielbaum_peg_solitaire::{
    Board, Goal, NoSolution, StatsOptions, count_solvable, position_class, solve, statistics,
    statistics_generic,
};

/// The simple method of the text: holes by coordinates, one HashMap of
/// path counters per level. Returns per level (positions, paths) and the
/// paths ending with one peg per hole `(row, col)`.
#[allow(clippy::type_complexity)]
fn plain(
    rows: &[&str],
    empty: (usize, usize),
    down_to: usize,
) -> (Vec<(u64, u128)>, HashMap<(usize, usize), u128>) {
    let holes: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars().enumerate().filter(|&(_, ch)| ch != '.').map(move |(c, _)| (r, c))
        })
        .collect();
    let index: HashMap<(usize, usize), usize> =
        holes.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let mut jumps = Vec::new();
    for &(r, c) in &holes {
        for (dr, dc) in [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)] {
            let o = ((r as i64 + dr) as usize, (c as i64 + dc) as usize);
            let t = ((r as i64 + 2 * dr) as usize, (c as i64 + 2 * dc) as usize);
            if let (Some(&oi), Some(&ti)) = (index.get(&o), index.get(&t)) {
                jumps.push((index[&(r, c)], oi, ti));
            }
        }
    }
    let full: u64 = (1u64 << holes.len()) - 1;
    let mut level: HashMap<u64, u128> = HashMap::from([(full & !(1 << index[&empty]), 1)]);
    let mut out = Vec::new();
    let mut one_peg = HashMap::new();
    while !level.is_empty() {
        out.push((level.len() as u64, level.values().sum()));
        let pegs = level.keys().next().unwrap().count_ones() as usize;
        if pegs == 1 {
            for (&k, &n) in &level {
                one_peg.insert(holes[k.trailing_zeros() as usize], n);
            }
        }
        if pegs <= down_to {
            break;
        }
        let mut next: HashMap<u64, u128> = HashMap::new();
        for (&k, &n) in &level {
            for &(f, o, t) in &jumps {
                if k >> f & 1 == 1 && k >> o & 1 == 1 && k >> t & 1 == 0 {
                    *next.entry(k ^ (1 << f | 1 << o | 1 << t)).or_insert(0) += n;
                }
            }
        }
        level = next;
    }
    (out, one_peg)
}

const ENGLISH: [&str; 7] =
    ["..111..", "..111..", "1111111", "1111111", "1111111", "..111..", "..111.."];
const FRENCH: [&str; 7] =
    ["..111..", ".11111.", "1111111", "1111111", "1111111", ".11111.", "..111.."];
/// A small board: the 5×5 cross of width 3 (21 holes; no single-vacancy
/// game ends with one peg on it).
const SMALL: [&str; 5] = [".111.", "11111", "11111", "11111", ".111."];
/// The 4×4 square: half of its single-vacancy starts end with one peg.
const SQUARE: [&str; 4] = ["1111", "1111", "1111", "1111"];

fn engine_levels(
    board: &Board,
    hole: &str,
    symmetry: bool,
    down_to: u32,
) -> (Vec<(u64, u128)>, Vec<u64>) {
    let start = board.start_at(hole).unwrap();
    let options = StatsOptions { symmetry, down_to: Some(down_to), ..StatsOptions::default() };
    let stats = statistics(&start, &options, |_| {}, |_| Default::default()).unwrap();
    (
        stats.levels.iter().map(|l| (l.stats.positions, l.stats.paths)).collect(),
        stats.levels.iter().map(|l| l.stats.canonical).collect(),
    )
}

fn name_of(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

#[test]
fn small_board_matches_plain_from_every_start() {
    let (board, _) = Board::parse_mask("small", &SMALL.join("\n")).unwrap();
    for (r, row) in SMALL.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '.' {
                continue;
            }
            let (want, want_one) = plain(&SMALL, (r, c), 1);
            for symmetry in [true, false] {
                let start = board.start(8 * r as u32 + c as u32);
                let options = StatsOptions { symmetry, ..StatsOptions::default() };
                let stats = statistics(&start, &options, |_| {}, |_| Default::default()).unwrap();
                let got: Vec<(u64, u128)> =
                    stats.levels.iter().map(|l| (l.stats.positions, l.stats.paths)).collect();
                assert_eq!(got, want, "start {}", name_of(r, c));
                for (&(hr, hc), &n) in &want_one {
                    assert_eq!(stats.one_peg_paths_at(8 * hr as u32 + hc as u32), n);
                }
                let total: u128 = stats.one_peg_paths.iter().map(|&(_, n)| n).sum();
                assert_eq!(total, want_one.values().sum::<u128>());
            }
        }
    }
}

#[test]
fn english_first_levels_match_plain() {
    let board = Board::english();
    // From the centre (fully symmetric) and from c1 (one mirror only).
    for (hole, rc) in [("d4", (3, 3)), ("c1", (0, 2)), ("d2", (1, 3))] {
        let (want, _) = plain(&ENGLISH, rc, 26);
        let (got, canonical) = engine_levels(&board, hole, true, 26);
        assert_eq!(got, want, "{hole}");
        assert!(canonical.iter().zip(&got).all(|(c, g)| *c <= g.0));
    }
}

#[test]
fn french_first_levels_match_plain() {
    let board = Board::french();
    // The centre, and the solvable starts d3 and d2 (mirror stabiliser) and
    // c1 (none).
    for (hole, rc) in
        [("d4", (3, 3)), ("c5", (4, 2)), ("d3", (2, 3)), ("d2", (1, 3)), ("c1", (0, 2))]
    {
        let (want, _) = plain(&FRENCH, rc, 30);
        let (got, _) = engine_levels(&board, hole, true, 30);
        assert_eq!(got, want, "{hole}");
    }
}

/// The peg-solitaire fast path of `statistics` against the generic
/// `LevelBfs` engine: every per-level figure (positions, classes, orbit
/// sizes, paths, moves, dead ends, goals), the one-peg paths and the
/// completion flag, on 1 and 2 threads.
#[test]
fn fast_path_matches_generic_engine() {
    let (small, _) = Board::parse_mask("small", &SMALL.join("\n")).unwrap();
    let english = Board::english();
    let french = Board::french();
    let runs: [(&Board, &str, Option<u32>, bool); 9] = [
        (&small, "c3", None, true),
        (&small, "b2", None, true),
        (&small, "c1", None, false),
        (&english, "d4", Some(23), true),
        (&english, "c1", Some(25), true),
        (&french, "d4", Some(28), true),
        (&french, "d3", Some(28), true),
        (&french, "c1", Some(29), true),
        (&english, "d4", Some(31), true),
    ];
    for (board, hole, down_to, symmetry) in runs {
        let start = board.start_at(hole).unwrap();
        for threads in [Some(1), Some(2)] {
            let options = StatsOptions { down_to, threads, symmetry, ..StatsOptions::default() };
            let mut seen = Vec::new();
            let fast =
                statistics(&start, &options, |l| seen.push(l.clone()), |_| Default::default())
                    .unwrap();
            let generic =
                statistics_generic(&start, &options, |_| {}, |_| Default::default()).unwrap();
            assert_eq!(fast, generic, "{} {hole} {down_to:?} {threads:?}", board.name());
            assert_eq!(seen, fast.levels);
        }
    }
}

/// A start and its mirror image have the same statistics level by level
/// (each normalised by its own stabiliser), and the classes of the mirror
/// stabiliser have one or two members.
#[test]
fn french_mirror_images_agree() {
    let board = Board::french();
    let options = StatsOptions { down_to: Some(29), ..StatsOptions::default() };
    let run = |hole: &str| {
        let s =
            statistics(&board.start_at(hole).unwrap(), &options, |_| {}, |_| Default::default())
                .unwrap();
        s.levels
            .iter()
            .map(|l| {
                (l.stats.positions, l.stats.canonical, l.stats.paths, l.stats.by_orbit.clone())
            })
            .collect::<Vec<_>>()
    };
    let d3 = run("d3");
    assert_eq!(d3, run("c4"));
    assert_eq!(d3, run("e4"));
    assert_eq!(d3, run("d5"));
    for (positions, canonical, _, by_orbit) in &d3 {
        assert_eq!(by_orbit.len(), 3);
        assert_eq!(*positions, by_orbit[1] + 2 * by_orbit[2]);
        assert_eq!(*canonical, by_orbit[1] + by_orbit[2]);
    }
}

#[test]
fn english_first_levels_by_symmetry_class() {
    // 31 pegs: 4 positions, one class of 4; 30 pegs: 12 positions.
    let board = Board::english();
    let start = board.start_at("d4").unwrap();
    let options = StatsOptions { down_to: Some(30), ..StatsOptions::default() };
    let s = statistics(&start, &options, |_| {}, |_| Default::default()).unwrap();
    assert_eq!(s.levels[0].stats.by_orbit[1], 1);
    assert_eq!(s.levels[1].stats.by_orbit[4], 1);
    assert_eq!(s.levels[2].stats.positions, 12);
}

/// The published figures (George Bell, "Solitaire: the English board",
/// http://www.gibell.net/pegsolitaire/ ; also OEIS A112737 for the level
/// counts): 187,636,299 positions reachable from the centre start,
/// 23,475,688 up to symmetry, 40,861,647,040,079,968 games ending with one
/// peg in the centre. Run with
/// `cargo test --release -p spielbaum-peg-solitaire -- --ignored`.
#[test]
#[ignore = "full English statistics: seconds in release, minutes in dev"]
fn english_published_figures() {
    let board = Board::english();
    let start = board.start_at("d4").unwrap();
    let s = statistics(&start, &StatsOptions::default(), |_| {}, |_| Default::default()).unwrap();
    common::assert_english_published_figures(&s);
}

#[test]
fn conformance() {
    let english = Board::english();
    check_game(&english.start_at("d4").unwrap(), &Config { games: 64, max_plies: 40 });
    let goal = Board::english().with_goal(Goal::Hole(3 * 8 + 3)).unwrap();
    check_game(&goal.start_at("d4").unwrap(), &Config { games: 32, max_plies: 40 });
    let french = Board::french();
    check_game(&french.start_at("c5").unwrap(), &Config { games: 32, max_plies: 40 });
    let (odd, pegs) = Board::parse_mask("odd", "0111.\n11111\n111..").unwrap();
    check_game(&odd.position(pegs).unwrap(), &Config { games: 32, max_plies: 20 });
}

#[test]
fn symmetries_come_from_the_mask() {
    assert_eq!(Board::english().symmetries().len(), 8);
    assert_eq!(Board::french().symmetries().len(), 8);
    let (rect, _) = Board::parse_mask("rect", "111\n111").unwrap();
    assert_eq!(rect.symmetries().len(), 4);
    let (l_shape, _) = Board::parse_mask("l", "1..\n1..\n111").unwrap();
    assert_eq!(l_shape.symmetries().len(), 2); // the anti-diagonal mirror
    // A goal hole off-centre keeps only the symmetries that fix it: d1 lies
    // on the vertical mirror axis, c1 on no axis.
    let b = Board::english().with_goal(Goal::Hole(3)).unwrap();
    assert_eq!(b.symmetries().len(), 2);
    let b = Board::english().with_goal(Goal::Hole(2)).unwrap();
    assert_eq!(b.symmetries().len(), 1);
}

#[test]
fn bad_input_is_an_error() {
    let english = Board::english();
    assert!(english.parse_hole("a1").unwrap_err().to_string().contains("not a hole"));
    assert!(english.parse_hole("z9").is_err());
    assert!(Board::parse_mask("x", "11a").is_err());
    assert!(Board::parse_mask("x", "").is_err());
    assert!(Board::parse_mask("x", "111111111").is_err());
    assert!(Board::by_name("hexagon").is_err());
    let start = english.start_at("d4").unwrap();
    assert!(start.parse_move("d4-d6").unwrap_err().reason.contains("not legal"));
    assert!(start.parse_move("d2-d3").is_err());
    assert!(start.parse_move("q").is_err());
    assert!(start.parse_position("..111../..111..").is_err());
    assert_eq!(start.parse_move("d2-d4").unwrap(), start.parse_move("D2D4").unwrap());
}

#[test]
fn solver_finds_a_valid_english_solution() {
    let board = Board::english().with_goal(Goal::Hole(3 * 8 + 3)).unwrap();
    let start = board.start_at("d4").unwrap();
    let (result, stats) = solve(&start, |_| Default::default()).unwrap();
    let moves = result.expect("the central game is solvable");
    assert_eq!(moves.len(), 31);
    let mut pos = start;
    for mv in moves {
        assert!(pos.is_legal(mv));
        pos = pos.after(mv);
    }
    assert_eq!(pos.pegs(), 1 << (3 * 8 + 3));
    assert!(stats.nodes > 0);
}

#[test]
fn french_centre_game_is_impossible_by_position_class() {
    let board = Board::french().with_goal(Goal::Hole(3 * 8 + 3)).unwrap();
    let start = board.start_at("d4").unwrap();
    assert_ne!(position_class(start.pegs()), position_class(1 << 27));
    let (result, _) = solve(&start, |_| Default::default()).unwrap();
    assert_eq!(result, Err(NoSolution::PositionClass));
}

/// Plain DFS with memo: can `pegs` reach exactly `goal` on the board?
fn reaches(board: &Board, pegs: u64, goal: u64, memo: &mut HashMap<u64, bool>) -> bool {
    if pegs == goal {
        return true;
    }
    if let Some(&v) = memo.get(&pegs) {
        return v;
    }
    let p = board.position(pegs).unwrap();
    let v = p.legal_moves().into_iter().any(|mv| reaches(board, p.after(mv).pegs(), goal, memo));
    memo.insert(pegs, v);
    v
}

#[test]
fn solvable_counts_match_brute_force() {
    let (base, _) = Board::parse_mask("square", &SQUARE.join("\n")).unwrap();
    // From b1: one goal hole that some game ends in, and one that none does.
    let s = statistics(&base.start(1), &StatsOptions::default(), |_| {}, |_| Default::default())
        .unwrap();
    let reachable = s.one_peg_paths.iter().find(|&&(_, n)| n > 0).expect("b1 is solvable").0;
    let unreachable =
        (0..28).find(|&h| base.mask() >> h & 1 == 1 && s.one_peg_paths_at(h) == 0).unwrap();
    for (start_hole, goal) in [(1, reachable), (1, unreachable), (0, 0), (9, 9)] {
        let board = base.clone().with_goal(Goal::Hole(goal as u8)).unwrap();
        let start = board.start(start_hole);
        let got = count_solvable(&start).unwrap();
        // Brute force: every reachable position, tested by DFS.
        let mut memo = HashMap::new();
        let mut level: HashSet<u64> = HashSet::from([start.pegs()]);
        let mut want = Vec::new();
        while !level.is_empty() {
            let pegs = level.iter().next().unwrap().count_ones();
            let n =
                level.iter().filter(|&&p| reaches(&board, p, 1 << goal, &mut memo)).count() as u64;
            want.push((pegs, n));
            level = level
                .iter()
                .flat_map(|&p| {
                    let pos = board.position(p).unwrap();
                    pos.legal_moves().into_iter().map(move |mv| pos.after(mv).pegs())
                })
                .collect();
        }
        assert_eq!(got, want, "{start_hole} -> {goal}");
        if goal == reachable && start_hole == 1 {
            assert!(got.iter().all(|&(_, n)| n > 0));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The text's observation: every jump sequence played backwards on the
    /// inverse board is a jump sequence (so every solution has a mirrored
    /// solution from the inverse of its end to the inverse of its start).
    #[test]
    fn inverse_board_reverses_every_game(picks in proptest::collection::vec(any::<u32>(), 0..32)) {
        let board = Board::english();
        let mut pos = board.start_at("d4").unwrap();
        let mut history = vec![pos];
        for pick in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.after(moves[pick as usize % moves.len()]);
            history.push(pos);
        }
        for w in history.windows(2) {
            let (a, b) = (w[0].inverse(), w[1].inverse());
            // b.inverse() reaches a.inverse() in one jump.
            let mut moves = MoveList::new();
            b.moves(&mut moves);
            prop_assert!(moves.iter().any(|&mv| b.after(mv).pegs() == a.pegs()));
        }
    }
}

#[test]
fn inverse_board_preserves_path_counts() {
    // Paths from "all but x" to "only y" equal paths from "all but y" to
    // "only x" (each game reversed on the inverse board).
    let (board, _) = Board::parse_mask("square", &SQUARE.join("\n")).unwrap();
    let holes: Vec<u32> = (0..64).filter(|&i| board.mask() >> i & 1 == 1).collect();
    let mut table: HashMap<(u32, u32), u128> = HashMap::new();
    for &x in &holes {
        let s =
            statistics(&board.start(x), &StatsOptions::default(), |_| {}, |_| Default::default())
                .unwrap();
        for &(y, n) in &s.one_peg_paths {
            table.insert((x, y), n);
        }
    }
    for &x in &holes {
        for &y in &holes {
            let a = table.get(&(x, y)).copied().unwrap_or(0);
            let b = table.get(&(y, x)).copied().unwrap_or(0);
            assert_eq!(a, b, "{x} -> {y}");
        }
    }
    assert!(table.values().any(|&n| n > 0));
}

/// Interned boards give `Peg<'static>` positions, which generic code that
/// needs `G: 'static` takes (a boxed trait object here), and equal boards
/// share one copy.
#[test]
fn interned_boards_give_static_positions() {
    fn boxed<G: Game + 'static>(g: G) -> Box<dyn std::any::Any> {
        Box::new(g)
    }
    let board = Board::english().interned();
    assert!(std::ptr::eq(board, Board::english().interned()));
    assert!(!std::ptr::eq(board, Board::french().interned()));
    let start: spielbaum_peg_solitaire::Peg<'static> = board.start_at("d4").unwrap();
    let any = boxed(start);
    let back = any.downcast_ref::<spielbaum_peg_solitaire::Peg<'static>>().unwrap();
    assert_eq!(*back, start);
    assert_eq!(back.legal_moves().len(), 4);
}
