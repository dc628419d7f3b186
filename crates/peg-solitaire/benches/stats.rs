//! The crate's hot loops through its public API: the level statistics
//! (expansion, merge and compaction of the fast path, and the generic
//! engine for comparison) on the first levels of the English and French
//! boards, and the solver of the English central game.
//!
//! Every run asserts the figures it timed: the English totals down to 20
//! pegs are the ones `benches/benches/peg_baseline.rs` asserts equal to
//! the plain `HashMap` implementation; the French ones are the first nine
//! rows of the table in `docs/peg-solitaire.md`, whose first levels the
//! test `french_first_levels_match_plain` checks against the same plain
//! implementation.
//!
//! `cargo bench -p spielbaum-peg-solitaire --bench stats`

use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_game_trait::Game;
use spielbaum_peg_solitaire::{
    Board, Goal, Peg, StatsOptions, solve, statistics, statistics_generic,
};
use std::hint::black_box;
use std::time::Duration;

/// Positions and classes over all levels of a run.
fn totals(start: &Peg<'_>, options: &StatsOptions, generic: bool) -> (u64, u64) {
    let run = if generic {
        statistics_generic(start, options, |_| {}, |_| Default::default())
    } else {
        statistics(start, options, |_| {}, |_| Default::default())
    };
    let stats = run.expect("not stopped");
    let positions = stats.levels.iter().map(|l| l.stats.positions).sum();
    let canonical = stats.levels.iter().map(|l| l.stats.canonical).sum();
    (positions, canonical)
}

fn stats_group(c: &mut Criterion, name: &str, start: &Peg<'_>, down_to: u32, want: (u64, u64)) {
    let mut group = c.benchmark_group(format!("stats/{name}-to-{down_to}"));
    for (label, threads, generic) in
        [("fast-1-thread", 1, false), ("fast-2-threads", 2, false), ("generic-2-threads", 2, true)]
    {
        let options =
            StatsOptions { down_to: Some(down_to), threads: Some(threads), ..Default::default() };
        assert_eq!(totals(start, &options, generic), want, "{name} {label}");
        group.bench_function(label, |b| {
            b.iter(|| assert_eq!(totals(black_box(start), &options, generic), want))
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    let english = Board::english();
    let start = english.start_at("d4").expect("a hole");
    stats_group(c, "english-d4", &start, 20, (7_046_919, 882_156));
    let french = Board::french();
    let start = french.start_at("d3").expect("a hole");
    stats_group(c, "french-d3", &start, 28, (279_608, 140_070));

    let board = english.with_goal(Goal::Hole(3 * 8 + 3)).expect("d4 is a hole");
    let start = board.start_at("d4").expect("a hole");
    c.bench_function("solve/english-d4-to-d4", |b| {
        b.iter(|| {
            let (result, _) =
                solve(black_box(&start), |_| Default::default()).expect("not stopped");
            let jumps = result.expect("the central game has solutions");
            let end = jumps.iter().fold(start, |p, &j| p.after(j));
            assert_eq!(end.pegs(), 1 << (3 * 8 + 3));
        })
    });
}

criterion_group! {
    name = peg_benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = benches
}
criterion_main!(peg_benches);
