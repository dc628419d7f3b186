//! Connect Four against an independent array-based implementation written
//! here (no bit tricks, no code of the crate), published position counts,
//! and the generic conformance suite.

use std::collections::HashSet;

use spielbaum_game_trait::conformance::{
    Config, check_evaluator, check_game, check_random_move, check_undo,
};
use spielbaum_game_trait::{
    Evaluator, Game, GameExt, Notation, Outcome, Player, SplitMix64, perft, perft_counts,
    perft_undo,
};
use spielbaum_small_games::{
    Connect4, Connect4Board, Connect4Wide, OPEN_LINES_IMMEDIATE, OpenLines, Threats,
};

// ------------------------------------------------------------ the reference

/// A plain Connect Four: `cells[col][row]`, 0 empty, 1 first player, 2
/// second player; rows from the bottom.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Plain {
    w: usize,
    h: usize,
    cells: [[u8; 7]; 9],
    heights: [usize; 9],
    mover: u8,
    plies: usize,
    winner: u8,
}

impl Plain {
    fn new(w: usize, h: usize) -> Self {
        Plain { w, h, cells: [[0; 7]; 9], heights: [0; 9], mover: 1, plies: 0, winner: 0 }
    }

    fn over(&self) -> bool {
        self.winner != 0 || self.plies == self.w * self.h
    }

    fn moves(&self) -> Vec<usize> {
        if self.over() {
            return Vec::new();
        }
        (0..self.w).filter(|&c| self.heights[c] < self.h).collect()
    }

    fn at(&self, c: i32, r: i32) -> u8 {
        if c < 0 || r < 0 || c >= self.w as i32 || r >= self.h as i32 {
            0
        } else {
            self.cells[c as usize][r as usize]
        }
    }

    /// Length of the run of `p` through (c, r) along (dc, dr).
    fn run(&self, c: usize, r: usize, dc: i32, dr: i32, p: u8) -> usize {
        let mut n = 1;
        for sign in [1, -1] {
            let (mut x, mut y) = (c as i32 + sign * dc, r as i32 + sign * dr);
            while self.at(x, y) == p {
                n += 1;
                x += sign * dc;
                y += sign * dr;
            }
        }
        n
    }

    fn play(&mut self, c: usize) {
        let r = self.heights[c];
        let p = self.mover;
        self.cells[c][r] = p;
        self.heights[c] += 1;
        self.plies += 1;
        if [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| self.run(c, r, dc, dr, p) >= 4)
        {
            self.winner = p;
        }
        self.mover = 3 - p;
    }

    /// Columns where the mover wins at once, by trying each.
    fn winning_columns(&self) -> u16 {
        let mut out = 0;
        for c in self.moves() {
            let mut n = self.clone();
            n.play(c);
            if n.winner != 0 {
                out |= 1 << c;
            }
        }
        out
    }

    fn text(&self) -> String {
        let rows: Vec<String> = (0..self.h)
            .rev()
            .map(|r| (0..self.w).map(|c| ['.', 'x', 'o'][self.cells[c][r] as usize]).collect())
            .collect();
        rows.join("/")
    }

    /// Open-lines value for the mover, window by window.
    fn open_lines(&self) -> i32 {
        const POINTS: [i32; 4] = [0, 1, 10, 100];
        let mut v = 0;
        for c in 0..self.w as i32 {
            for r in 0..self.h as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if ec < 0 || er < 0 || ec >= self.w as i32 || er >= self.h as i32 {
                        continue;
                    }
                    let cells: Vec<u8> = (0..4).map(|k| self.at(c + k * dc, r + k * dr)).collect();
                    let mine = cells.iter().filter(|&&x| x == self.mover).count();
                    let theirs = cells.iter().filter(|&&x| x == 3 - self.mover).count();
                    if theirs == 0 {
                        v += POINTS[mine];
                    } else if mine == 0 {
                        v -= POINTS[theirs];
                    }
                }
            }
        }
        v
    }
}

fn plain_counts(p: &Plain, ply: usize, counts: &mut [u64]) {
    if ply == counts.len() {
        return;
    }
    for c in p.moves() {
        counts[ply] += 1;
        let mut n = p.clone();
        n.play(c);
        plain_counts(&n, ply + 1, counts);
    }
}

const SIZES: [(usize, usize); 8] = [(4, 4), (5, 4), (4, 5), (6, 4), (5, 5), (7, 6), (9, 6), (8, 7)];

// ------------------------------------------------------------ perft

#[test]
fn perft_matches_the_array_reference_on_every_size() {
    for (w, h) in SIZES {
        let depth = if w * h <= 16 { 10 } else { 6 };
        let mut expected = vec![0u64; depth];
        plain_counts(&Plain::new(w, h), 0, &mut expected);
        let g = Connect4::new(w, h).unwrap();
        assert_eq!(perft_counts(&g, depth as u32), expected, "{w}x{h}");
        assert_eq!(perft_undo(&g, depth as u32), expected[depth - 1], "{w}x{h} make/undo");
        let wide = Connect4Wide::new(w, h).unwrap();
        assert_eq!(perft_counts(&wide, depth as u32), expected, "{w}x{h} on u128");
    }
    // 9x7 only fits the wide board.
    assert!(Connect4::new(9, 7).is_err());
    let mut expected = vec![0u64; 6];
    plain_counts(&Plain::new(9, 7), 0, &mut expected);
    assert_eq!(perft_counts(&Connect4Wide::new(9, 7).unwrap(), 6), expected);
}

#[test]
#[ignore = "release: 56 s measured on the loaded 2-core machine"]
fn perft_4x4_to_the_end_matches_the_array_reference() {
    // Every game of 4x4 Connect Four, by length.
    let mut expected = vec![0u64; 16];
    plain_counts(&Plain::new(4, 4), 0, &mut expected);
    assert_eq!(perft_counts(&Connect4::new(4, 4).unwrap(), 16), expected);
}

/// Perft of the empty 7x6 board, depths 1 to 11, as published in the
/// Connect Four tests of the kudchuet game collection
/// (github.com/ultrasuperpingu/kudchuet, games/connect4/src/game.rs).
const PUBLISHED_STANDARD_PERFT: [u64; 11] =
    [7, 49, 343, 2401, 16807, 117_649, 823_536, 5_673_234, 39_394_572, 268_031_646, 1_844_590_828];

#[test]
#[ignore = "release: 16 s measured on the loaded 2-core machine"]
fn standard_perft_to_depth_9_matches_the_array_reference_and_the_published_table() {
    let mut expected = vec![0u64; 9];
    plain_counts(&Plain::new(7, 6), 0, &mut expected);
    assert_eq!(expected, PUBLISHED_STANDARD_PERFT[..9]);
    assert_eq!(perft_counts(&Connect4::default(), 9), expected);
}

#[test]
#[ignore = "release: 9 s measured on the loaded 2-core machine"]
fn standard_perft_depth_10_matches_the_published_table() {
    assert_eq!(perft(&Connect4::default(), 10), PUBLISHED_STANDARD_PERFT[9]);
}

#[test]
fn all_4x4_positions_match_the_array_reference() {
    let per_ply = distinct_positions(4, 4, 16);
    assert_eq!(per_ply.iter().sum::<usize>(), 161_029);
}

#[test]
fn standard_perft_first_plies() {
    // Before ply 7 no game can end; a column is full after its 6th stone.
    let g = Connect4::default();
    assert_eq!(perft_counts(&g, 7), vec![7, 49, 343, 2401, 16807, 117649, 823_536]);
    assert_eq!(perft_counts(&g, 7), PUBLISHED_STANDARD_PERFT[..7]);
}

/// Distinct positions after `plies` plies, through the trait (keys) and the
/// reference (whole boards).
fn distinct_positions(w: usize, h: usize, plies: usize) -> Vec<usize> {
    let mut level = vec![Connect4::new(w, h).unwrap()];
    let mut plain_level = vec![Plain::new(w, h)];
    let mut out = vec![1];
    for _ in 0..plies {
        let mut keys = HashSet::new();
        let mut next = Vec::new();
        for p in &level {
            for mv in p.legal_moves() {
                let c = p.after(mv);
                if keys.insert(c.key()) {
                    next.push(c);
                }
            }
        }
        let mut seen = HashSet::new();
        let mut plain_next = Vec::new();
        for p in &plain_level {
            for c in p.moves() {
                let mut n = p.clone();
                n.play(c);
                if seen.insert(n.cells) {
                    plain_next.push(n);
                }
            }
        }
        assert_eq!(next.len(), plain_next.len(), "{w}x{h}");
        out.push(next.len());
        level = next;
        plain_level = plain_next;
    }
    out
}

#[test]
fn standard_positions_per_ply_match_the_published_counts() {
    // Legal 7x6 positions after n plies: OEIS A212693 (John Tromp, from
    // Edelkamp and Kissmann's symbolic enumeration).
    let published = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184_275];
    assert_eq!(distinct_positions(7, 6, 8), published);
}

#[test]
#[ignore = "release: 61 s and 1.9 GB on the loaded 2-core machine (to ply 12: 438 s, 4.4 GB)"]
fn standard_positions_per_ply_match_the_published_counts_to_ply_11() {
    let published =
        [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184_275, 558_186, 1_662_623, 4_568_683];
    assert_eq!(distinct_positions(7, 6, 11), published);
}

// ------------------------------------------------------------ random games

fn random_games(w: usize, h: usize, games: u64, mut f: impl FnMut(&Connect4, &Plain)) {
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed * 7919 + (w * 10 + h) as u64);
        let mut g = Connect4::new(w, h).unwrap();
        let mut p = Plain::new(w, h);
        loop {
            f(&g, &p);
            let moves = p.moves();
            assert_eq!(g.legal_moves().len(), moves.len());
            if moves.is_empty() {
                break;
            }
            let c = moves[rng.below(moves.len())];
            g.play(c as u8);
            p.play(c);
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    for (w, h) in SIZES {
        random_games(w, h, 300, |g, p| {
            assert_eq!(g.to_string(), p.text());
            let expected = match (p.winner, p.over()) {
                (0, false) => None,
                (0, true) => Some(Outcome::Draw),
                (1, _) => Some(Outcome::Win(Player::FIRST)),
                _ => Some(Outcome::Win(Player::SECOND)),
            };
            assert_eq!(g.outcome(), expected, "{g}");
            assert_eq!(g.winning_moves(), if p.over() { 0 } else { p.winning_columns() }, "{g}");
            assert_eq!(g.can_win_next(), g.winning_moves() != 0);
            if !p.over() {
                // The side to move wins next with a playable threat; it
                // loses facing two of the opponent's; else the windows.
                let mut pass = p.clone();
                pass.mover = 3 - p.mover;
                let expected = if p.winning_columns() != 0 {
                    OPEN_LINES_IMMEDIATE
                } else if pass.winning_columns().count_ones() >= 2 {
                    -OPEN_LINES_IMMEDIATE
                } else {
                    p.open_lines()
                };
                assert_eq!(OpenLines.evaluate(g), expected, "{g}");
                let m = g.symmetric(1);
                assert_eq!(Threats.evaluate(g), Threats.evaluate(&m), "{g}: mirror");
                // Threats orders a winning move first, else a block first.
                let moves = g.legal_moves();
                let mut scores = vec![0; moves.len()];
                assert!(Threats.order_moves(g, &moves, &mut scores));
                let best = moves[(0..moves.len()).max_by_key(|&i| scores[i]).unwrap()];
                let mut pass = p.clone();
                pass.mover = 3 - p.mover;
                let (wins, blocks) = (p.winning_columns(), pass.winning_columns());
                if wins != 0 {
                    assert!(wins & 1 << best != 0, "{g}: {best} does not win");
                } else if blocks != 0 {
                    assert!(blocks & 1 << best != 0, "{g}: {best} does not block");
                }
            }
            assert_eq!(g.parse_position(&g.to_string()).unwrap(), *g);
        });
    }
}

#[test]
fn win_in_one_on_the_wide_board_matches_trying_every_move() {
    let mut rng = SplitMix64::new(5);
    for _ in 0..200 {
        let mut g = Connect4Wide::new(9, 7).unwrap();
        while !g.is_over() {
            let moves = g.legal_moves();
            let mut expected = 0u16;
            for &m in &moves {
                if g.after(m).is_over() && g.after(m).outcome() != Some(Outcome::Draw) {
                    expected |= 1 << m;
                }
            }
            assert_eq!(g.winning_moves(), expected, "{g}");
            g.play(moves[rng.below(moves.len())]);
        }
    }
}

// ------------------------------------------------------------ conformance

#[test]
fn conforms_on_several_sizes() {
    let quick = Config { games: 64, max_plies: 70 };
    for (w, h) in [(4, 4), (7, 6), (5, 7), (9, 6), (8, 7)] {
        let g = Connect4::new(w, h).unwrap();
        check_game(&g, &quick);
        check_undo(&g, &quick);
        check_evaluator(&g, &OpenLines, &quick);
        check_evaluator(&g, &Threats, &quick);
    }
    let wide = Connect4Wide::new(9, 7).unwrap();
    check_game(&wide, &quick);
    check_undo(&wide, &quick);
    check_evaluator(&wide, &Threats, &quick);
}

#[test]
fn random_move_conforms_on_every_stride_and_both_words() {
    let config = Config { games: 256, max_plies: 70 };
    for (w, h) in [(4, 4), (7, 6), (5, 7), (9, 6), (8, 7)] {
        check_random_move(&Connect4::new(w, h).unwrap(), &config);
    }
    // 72 bits: the last column lies in the high word.
    check_random_move(&Connect4Wide::new(9, 7).unwrap(), &config);
    check_random_move(&Connect4Wide::new(7, 6).unwrap(), &config);
}

/// The first word of each of the `k` equal ranges of words: `⌈i · 2^64 / k⌉`.
fn range_starts(k: usize) -> impl Iterator<Item = u64> {
    (0..k as u128).map(move |i| ((i << 64).div_ceil(k as u128)) as u64)
}

/// On every size and in every position of random games, the first and the
/// last word of each of the `k` ranges give `k` different legal moves:
/// every column that `moves` lists, each from exactly one range.
#[test]
fn random_move_maps_the_word_ranges_onto_the_columns() {
    use spielbaum_game_trait::{GameExt, RandomMove, SplitMix64};
    fn check<G: RandomMove<Move = u8> + std::fmt::Debug>(start: &G) {
        let mut rng = SplitMix64::new(11);
        for _ in 0..200 {
            let mut pos = start.clone();
            loop {
                let mut legal: Vec<u8> = pos.legal_moves().to_vec();
                let k = legal.len();
                if k == 0 {
                    assert_eq!(pos.random_move(rng.next_u64()), None);
                    break;
                }
                let mut firsts: Vec<u8> =
                    range_starts(k).map(|r| pos.random_move(r).unwrap()).collect();
                let lasts: Vec<u8> = range_starts(k)
                    .skip(1)
                    .map(|r| r - 1)
                    .chain([u64::MAX])
                    .map(|r| pos.random_move(r).unwrap())
                    .collect();
                assert_eq!(firsts, lasts, "{pos:?}");
                firsts.sort_unstable();
                legal.sort_unstable();
                assert_eq!(firsts, legal, "{pos:?}");
                pos.play(legal[rng.below(k)]);
            }
        }
    }
    for (w, h) in [(4, 4), (7, 6), (5, 7), (9, 6), (8, 7)] {
        check(&Connect4::new(w, h).unwrap());
    }
    check(&Connect4Wide::new(9, 7).unwrap());
}

#[test]
fn mirror_maps_games_onto_mirrored_games() {
    random_games(7, 6, 50, |g, p| {
        let m = g.symmetric(1);
        let mut mirrored = p.clone();
        for c in 0..p.w {
            mirrored.cells[c] = p.cells[p.w - 1 - c];
        }
        assert_eq!(m.to_string(), mirrored.text());
        assert_eq!(m.symmetric(1), *g);
    });
}

#[test]
fn exact_key_only_on_u64() {
    const { assert!(<Connect4 as Game>::EXACT_KEY) };
    const { assert!(!<Connect4Wide as Game>::EXACT_KEY) };
}

// ------------------------------------------------------------ notation

#[test]
fn notation_reads_and_writes() {
    let mut g = Connect4::default();
    assert_eq!(g.to_string(), "......./......./......./......./......./.......");
    g.play_line("d d c").unwrap();
    assert_eq!(g.to_string(), "......./......./......./......./...o.../..xx...");
    assert_eq!(g.to_move(), Player::SECOND);
    let small = Connect4::new(4, 4).unwrap();
    // The size follows from the text.
    let back = small.parse_position(&g.to_string()).unwrap();
    assert_eq!(back, g);
    assert_eq!(g.move_string(6), "g");
    assert_eq!(g.parse_move("G").unwrap(), 6);
}

#[test]
fn notation_errors_name_the_bad_part() {
    let g = Connect4::default();
    let bad = |text: &str| g.parse_position(text).unwrap_err();
    let e = bad("..../..../..../...");
    assert_eq!(e.input, "...");
    assert!(e.reason.contains("row 1"), "{e}");
    assert!(bad("..../..../..../..q.").reason.contains("c1"));
    assert!(bad("..../..../..../").reason.contains("row"));
    assert!(bad("..x./..../..../....").reason.contains("column c"), "gravity");
    assert!(bad("..../..../..../xx..").reason.contains("as many or one more"));
    assert!(bad("../../../..").reason.contains("top row has 2 cells"));
    assert!(bad("....../....../....../....../....../....../....../......").reason.contains("rows"));
    // o has four, but x has one stone more, so x moved last.
    assert!(bad("x.../x.../xxx./oooo").reason.contains("o must have moved last"));
    assert!(bad("x.../x.../xo../xooo").reason.contains("x must have moved last"));
    assert!(bad("xo../xo../xo../xo..").reason.contains("both"));
    // Two separate lines of x: no single last stone completes both.
    assert!(bad("x...x/xoo.x/xoo.x/xooox").reason.contains("no single last stone"));
    // A finished position reads back as finished.
    let won = g.parse_position("x.../x.../xo../xoo.").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert!(g.parse_move("h").unwrap_err().reason.contains("a to g"));
    assert!(g.parse_move("dd").is_err());
    assert!(g.parse_move("").is_err());
    let mut full = Connect4::new(4, 4).unwrap();
    full.play_line("aaaa").unwrap();
    assert!(full.parse_move("a").unwrap_err().reason.contains("full"));
    let mut won = Connect4::new(4, 4).unwrap();
    won.play_line("ababab a").unwrap();
    assert!(won.is_over());
    assert!(won.parse_move("c").unwrap_err().reason.contains("over"));
    // A bad line leaves the position alone and says which move.
    let mut p = Connect4::new(4, 4).unwrap();
    let e = p.play_line("abz").unwrap_err();
    assert_eq!(e.input, "z");
    assert!(e.reason.contains("move 3"));
    assert_eq!(p, Connect4::new(4, 4).unwrap());
    assert!(Connect4::new(3, 6).unwrap_err().input.contains("width"));
    assert!(Connect4::new(7, 8).unwrap_err().input.contains("height"));
    assert!(Connect4Board::<u64>::new(9, 7).unwrap_err().reason.contains("Connect4Wide"));
}

#[test]
fn perft_of_a_won_position_is_zero() {
    let mut g = Connect4::default();
    g.play_line("dcdcdcd").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert_eq!(perft(&g, 1), 0);
}
