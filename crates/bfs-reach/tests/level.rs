//! The level engine against a plain per-level hash map without symmetry,
//! on a small square peg-solitaire board written here from scratch.

use std::collections::HashMap;

use proptest::prelude::*;
use spielbaum_bfs_reach::{Control, FromKey, LevelBfs, LevelStats, RunError};
use spielbaum_game_trait::{Game, MoveList, Outcome, Player};

/// Peg solitaire on an n×n square (bit r*n+c), all 8 symmetries.
#[derive(Clone, Copy, Debug)]
struct Square {
    n: u32,
    pegs: u64,
}

impl Square {
    fn map(&self, k: usize, r: u32, c: u32) -> (u32, u32) {
        let m = self.n - 1;
        let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
        let r = if k & 1 != 0 { m - r } else { r };
        let c = if k & 2 != 0 { m - c } else { c };
        (r, c)
    }
}

impl Game for Square {
    type Move = (u32, u32); // (from, to)
    const PLAYERS: u8 = 1;
    const EXACT_KEY: bool = true;
    fn to_move(&self) -> Player {
        Player::FIRST
    }
    fn moves(&self, out: &mut MoveList<(u32, u32)>) {
        let n = self.n as i32;
        let has = |r: i32, c: i32| {
            r >= 0 && c >= 0 && r < n && c < n && self.pegs >> (r * n + c) & 1 == 1
        };
        let inside = |r: i32, c: i32| r >= 0 && c >= 0 && r < n && c < n;
        for r in 0..n {
            for c in 0..n {
                if !has(r, c) {
                    continue;
                }
                for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let (r1, c1, r2, c2) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
                    if inside(r2, c2) && has(r1, c1) && !has(r2, c2) {
                        out.push(((r * n + c) as u32, (r2 * n + c2) as u32));
                    }
                }
            }
        }
    }
    fn play(&mut self, (from, to): (u32, u32)) {
        let over = (from + to) / 2;
        self.pegs ^= 1 << from | 1 << over | 1 << to;
    }
    fn outcome(&self) -> Option<Outcome> {
        let mut m = MoveList::new();
        self.moves(&mut m);
        m.is_empty().then(|| Outcome::Puzzle { goal: self.pegs.count_ones() == 1, score: 0 })
    }
    fn key(&self) -> u64 {
        self.pegs
    }
    fn symmetries(&self) -> usize {
        8
    }
    fn symmetric(&self, k: usize) -> Self {
        let mut pegs = 0;
        for i in 0..self.n * self.n {
            if self.pegs >> i & 1 == 1 {
                let (r, c) = self.map(k, i / self.n, i % self.n);
                pegs |= 1 << (r * self.n + c);
            }
        }
        Square { n: self.n, pegs }
    }
}

impl FromKey for Square {
    fn decode(&self, key: u64) -> Self {
        Square { n: self.n, pegs: key }
    }
}

/// The plain method: one HashMap per level, no symmetry.
fn plain(start: &Square) -> Vec<(u64, u128, u64, u128)> {
    let mut level: HashMap<u64, u128> = HashMap::from([(start.pegs, 1)]);
    let mut out = Vec::new();
    while !level.is_empty() {
        let mut next: HashMap<u64, u128> = HashMap::new();
        let (mut dead, mut dead_paths) = (0, 0);
        for (&k, &c) in &level {
            let g = start.decode(k);
            let mut m = MoveList::new();
            g.moves(&mut m);
            if m.is_empty() {
                dead += 1;
                dead_paths += c;
            }
            for mv in m {
                *next.entry(g.after(mv).pegs).or_insert(0) += c;
            }
        }
        out.push((level.len() as u64, level.values().sum(), dead, dead_paths));
        level = next;
    }
    out
}

fn engine(start: &Square, symmetry: bool, threads: usize) -> Vec<LevelStats> {
    let summary = LevelBfs::new()
        .symmetry(symmetry)
        .threads(threads)
        .run(start, |_, _| Control::Continue)
        .unwrap();
    assert!(summary.complete);
    summary.levels
}

fn check(start: Square) {
    let want = plain(&start);
    for (symmetry, threads) in [(false, 1), (true, 1), (true, 2)] {
        let got = engine(&start, symmetry, threads);
        assert_eq!(got.len(), want.len());
        for (d, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g.depth as usize, d);
            assert_eq!(
                (g.positions, g.paths, g.dead_ends, g.dead_end_paths),
                *w,
                "level {d}, symmetry {symmetry}"
            );
            assert_eq!(
                g.by_orbit.iter().enumerate().map(|(s, n)| s as u64 * n).sum::<u64>(),
                g.positions
            );
            assert_eq!(g.by_orbit.iter().sum::<u64>(), g.canonical);
            if !symmetry {
                assert_eq!(g.canonical, g.positions);
            }
        }
    }
}

#[test]
fn symmetric_start_matches_plain_bfs() {
    // 4×4 without its centre 2×2, and the 5×5 plus sign around an empty
    // centre: fully symmetric starts.
    check(Square { n: 4, pegs: 0xffff & !(1 << 5 | 1 << 6 | 1 << 9 | 1 << 10) });
    check(Square { n: 5, pegs: 0b00100_01110_11011_01110_00100 });
}

#[test]
fn corner_and_edge_starts_match_plain_bfs() {
    // Minus a corner: only the diagonal mirror fixes the start.
    check(Square { n: 4, pegs: ((1 << 16) - 1) & !1 });
    // Minus an edge hole: one mirror.
    check(Square { n: 4, pegs: 0xffff & !(1 << 1) });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]
    #[test]
    fn random_starts_match_plain_bfs(pegs in 0u64..(1 << 16)) {
        check(Square { n: 4, pegs });
    }
}

#[test]
fn stop_keeps_finished_levels_and_checkpoints_resume() {
    let start = Square { n: 4, pegs: 0xffff & !(1 << 5) };
    let full = engine(&start, true, 2);
    let dir = std::env::temp_dir().join(format!("spielbaum-bfs-ckpt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Stop after level 4.
    let first = LevelBfs::new()
        .checkpoint(&dir)
        .run(&start, |s, _| if s.depth == 4 { Control::Stop } else { Control::Continue })
        .unwrap();
    assert!(!first.complete);
    assert_eq!(first.levels, full[..5]);
    // Resume: levels 0..=4 come from the checkpoint, the rest is computed.
    let mut seen = Vec::new();
    let second = LevelBfs::new()
        .checkpoint(&dir)
        .run(&start, |s, _| {
            seen.push(s.depth);
            Control::Continue
        })
        .unwrap();
    assert!(second.complete);
    assert_eq!(second.resumed_levels, 5);
    assert_eq!(second.levels, full);
    assert_eq!(seen, (0..full.len() as u32).collect::<Vec<_>>());
    // A checkpoint of another start is refused with a clear error.
    let other = Square { n: 4, pegs: 0xffff & !1 };
    let err = LevelBfs::new().checkpoint(&dir).run(&other, |_, _| Control::Continue).unwrap_err();
    assert!(
        matches!(err, RunError::Checkpoint(ref m) if m.contains("written for another run")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn progress_can_stop_and_max_depth_cuts() {
    let start = Square { n: 4, pegs: 0xffff & !(1 << 5) };
    let err = LevelBfs::new()
        .progress(|p| if p.level >= 3 { Control::Stop } else { Control::Continue })
        .run(&start, |_, _| Control::Continue)
        .unwrap_err();
    assert_eq!(err, RunError::Stopped);
    let cut = LevelBfs::new().max_depth(4).run(&start, |_, _| Control::Continue).unwrap();
    assert_eq!(cut.levels.len(), 5);
    assert!(!cut.complete);
    assert_eq!(cut.levels, engine(&start, true, 1)[..5]);
}

#[test]
fn views_give_members_and_orbits() {
    let start = Square { n: 4, pegs: 0xffff & !(1 << 5) };
    LevelBfs::new()
        .run(&start, |s, view| {
            let mut real = 0;
            for (key, _) in view.iter() {
                let members = view.members(key);
                assert_eq!(members.len(), view.orbit_size(key));
                assert!(members.contains(&key));
                real += members.len() as u64;
            }
            assert_eq!(real, s.positions);
            Control::Continue
        })
        .unwrap();
}
