//! The level engine against a plain per-level hash map without symmetry,
//! on a small square peg-solitaire board written here from scratch.

use proptest::prelude::*;
use spielbaum_bfs_reach::{Control, LevelBfs, LevelStats, RunError};

/// Peg solitaire on an n×n square (bit r*n+c), all 8 symmetries.
mod common;

use common::square::{Square, plain};

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
