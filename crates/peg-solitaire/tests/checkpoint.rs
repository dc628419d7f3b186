//! Checkpoints of the statistics' fast path: a run stopped after some
//! levels and resumed from its checkpoint gives exactly the statistics of
//! an uninterrupted run (compared with a run without checkpoint, and with
//! the generic engine), does not compute the finished levels again, and a
//! checkpoint of another run is refused with an error that names it.

mod common;

use std::path::PathBuf;

use spielbaum_bfs_reach::{Control, RunError};
use spielbaum_peg_solitaire::{Board, StatsOptions, statistics, statistics_generic};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("spielbaum-peg-cp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Stops the run (with its checkpoint) once the progress reports level
/// `stop_at`, then resumes it; returns the resumed statistics, the number
/// of levels the stopped run had finished and the levels the resumed run
/// worked on.
fn stop_and_resume(
    board: &Board,
    hole: &str,
    options: &StatsOptions,
    stop_at: u32,
) -> (spielbaum_peg_solitaire::Statistics, usize, Vec<u32>) {
    let start = board.start_at(hole).unwrap();
    let stopped = statistics(
        &start,
        options,
        |_| {},
        |p| {
            if p.level >= stop_at { Control::Stop } else { Control::Continue }
        },
    )
    .unwrap();
    assert!(!stopped.complete);
    // The level being expanded when the stop came is lost, no other.
    let kept = stopped.levels.len();
    assert!((stop_at as usize..=stop_at as usize + 1).contains(&kept), "{hole}: {kept} levels");
    let mut worked = Vec::new();
    let mut seen = Vec::new();
    let resumed = statistics(
        &start,
        options,
        |l| seen.push(l.clone()),
        |p| {
            worked.push(p.level);
            Control::Continue
        },
    )
    .unwrap();
    // Every level reaches the caller, the loaded ones first.
    assert_eq!(seen, resumed.levels);
    assert_eq!(resumed.levels[..kept], stopped.levels[..]);
    (resumed, kept, worked)
}

#[test]
fn resumed_runs_equal_uninterrupted_runs() {
    let (small, _) = Board::parse_mask("small", ".111.\n11111\n11111\n11111\n.111.").unwrap();
    let english = Board::english();
    let french = Board::french();
    let runs: [(&Board, &str, Option<u32>, bool, u32); 5] = [
        (&small, "c3", None, true, 6),
        (&small, "b2", None, false, 3),
        (&english, "d4", Some(22), true, 7),
        (&french, "d3", Some(27), true, 5),
        (&french, "c1", Some(28), true, 4),
    ];
    for (board, hole, down_to, symmetry, stop_at) in runs {
        let cp = dir(&format!("{}-{hole}", board.name()));
        let options = StatsOptions {
            symmetry,
            down_to,
            threads: Some(2),
            checkpoint: Some(cp.clone()),
            cpu: None,
        };
        let (resumed, kept, worked) = stop_and_resume(board, hole, &options, stop_at);
        let start = board.start_at(hole).unwrap();
        let plain = StatsOptions { checkpoint: None, ..options.clone() };
        let want = statistics(&start, &plain, |_| {}, |_| Control::Continue).unwrap();
        assert_eq!(resumed, want, "{} {hole}", board.name());
        let generic = statistics_generic(&start, &plain, |_| {}, |_| Control::Continue).unwrap();
        assert_eq!(resumed, generic, "{} {hole}", board.name());
        assert!(
            worked.iter().all(|&l| l as usize >= kept),
            "{hole}: finished levels computed again: {worked:?}"
        );
        // Run again over the finished run's checkpoint: the same figures.
        let again = statistics(&start, &options, |_| {}, |_| Control::Continue).unwrap();
        assert_eq!(again, want);
        let _ = std::fs::remove_dir_all(&cp);
    }
}

#[test]
fn a_checkpoint_of_another_run_is_refused() {
    let english = Board::english();
    let cp = dir("other");
    let options =
        StatsOptions { down_to: Some(28), checkpoint: Some(cp.clone()), ..StatsOptions::default() };
    statistics(&english.start_at("d4").unwrap(), &options, |_| {}, |_| Control::Continue).unwrap();
    for (hole, symmetry) in [("c1", true), ("d4", false)] {
        let options = StatsOptions { symmetry, ..options.clone() };
        let start = english.start_at(hole).unwrap();
        match statistics(&start, &options, |_| {}, |_| Control::Continue) {
            Err(RunError::Checkpoint(msg)) => {
                assert!(msg.contains("checkpoint.bin"), "{msg}");
                assert!(msg.contains("another board, start or symmetry"), "{msg}");
            }
            other => panic!("{hole}: expected a checkpoint error, got {other:?}"),
        }
    }
    let _ = std::fs::remove_dir_all(&cp);
}

/// The full English statistics stopped twice — in the middle (`u64`
/// counters) and near the end (the counters widened to `u128`) — and
/// resumed each time from the checkpoint still give the published figures
/// (George Bell; Durango Bill for all finished games). Run with
/// `cargo test --release -p spielbaum-peg-solitaire -- --ignored`.
#[test]
#[ignore = "full English statistics, three times: seconds in release, minutes in dev"]
fn english_published_figures_through_two_resumes() {
    let board = Board::english();
    let start = board.start_at("d4").unwrap();
    let cp = dir("english-full");
    let options = StatsOptions { checkpoint: Some(cp.clone()), ..StatsOptions::default() };
    for stop_at in [15, 29] {
        let s = statistics(
            &start,
            &options,
            |_| {},
            |p| {
                if p.level >= stop_at { Control::Stop } else { Control::Continue }
            },
        )
        .unwrap();
        assert!(!s.complete);
    }
    let s = statistics(&start, &options, |_| {}, |_| Control::Continue).unwrap();
    common::assert_english_published_figures(&s);
    let _ = std::fs::remove_dir_all(&cp);
}
