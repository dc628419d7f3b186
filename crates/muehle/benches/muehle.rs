//! The hot loops of Mühle: move generation, copy-make, both evaluators,
//! perft from the start and a fixed-depth engine search in the middle
//! game. Every iteration asserts its count (perft: the independent
//! implementation's figure; the search: its node count, so a change of
//! the tree shows as a failure, not as a speed-up).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use spielbaum_game_trait::{AgentLimits, Evaluator, Game, MoveList, Notation, perft};
use spielbaum_muehle::{Eval1976, MillEval, Position, engine};
use spielbaum_negamax::Limits;

/// A middle-game position (both sides moving, white 8 stones, black 7).
const MIDDLE: &str = "W.B/.WB/B.W/WB.B.W/.BW/W.B/.W. w 0 0 6";

fn benches(c: &mut Criterion) {
    let mid = Position::nine().parse_position(MIDDLE).expect("position");
    let mut g = c.benchmark_group("muehle");
    g.bench_function("movegen/middle", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            list.clear();
            black_box(&mid).moves(&mut list);
            // Counted by hand: 12 steps, one of them (g4-g1) closes a mill
            // and may take any of the 7 black stones.
            assert_eq!(list.len(), 18);
        })
    });
    let mut list = MoveList::new();
    mid.moves(&mut list);
    g.bench_function("after/middle", |b| {
        b.iter(|| {
            for &m in &list {
                black_box(black_box(&mid).after(m));
            }
        })
    });
    g.bench_function("eval/mill/middle", |b| b.iter(|| MillEval.evaluate(black_box(&mid))));
    g.bench_function("eval/1976/middle", |b| b.iter(|| Eval1976.evaluate(black_box(&mid))));
    g.bench_function("perft/start/4", |b| {
        b.iter(|| assert_eq!(perft(black_box(&Position::nine()), 4), 255_024))
    });
    g.bench_function("search/middle/depth7", |b| {
        b.iter(|| {
            let mut e = engine::engine(16);
            let r = e.search(black_box(&mid), &Limits::depth(7));
            assert_eq!(r.counters.nodes, SEARCH_NODES);
        })
    });
    // A fresh engine per search (built outside the timing: its table is
    // written when it is made), so every search is the same tree.
    g.bench_function("engine/middle/depth9", |b| {
        b.iter_batched(
            || engine::strong(16),
            |mut e| {
                let r = e.search(black_box(&mid), &AgentLimits::depth(9));
                assert_eq!(r.nodes, ENGINE_NODES);
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
    // The nodes-per-second figure: about half a second of thinking on an
    // idle machine, long enough that the search's start costs vanish.
    let mut g = c.benchmark_group("muehle");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    // Reported as nodes per second ("elem/s").
    g.throughput(Throughput::Elements(ENGINE_NODES_14));
    g.bench_function("engine/middle/depth14", |b| {
        b.iter_batched(
            || engine::strong(16),
            |mut e| {
                let r = e.search(black_box(&mid), &AgentLimits::depth(14));
                assert_eq!(r.nodes, ENGINE_NODES_14);
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

/// Nodes of the depth-7 engine search of `MIDDLE` (measured with
/// `cargo run --release -p spielbaum-muehle --example nps -- 7`, its "engine depth 7" line).
const SEARCH_NODES: u64 = 40_905;

/// Nodes of the game's own engine searching `MIDDLE` to depth 9 (every
/// position searched, quiescence included; measured with
/// `SPEED_ONLY=engine cargo run --release -p spielbaum-muehle --example speed -- 9`).
const ENGINE_NODES: u64 = 86_889;

/// The same to depth 14 (measured the same way, with `-- 14`).
const ENGINE_NODES_14: u64 = 3_586_570;

criterion_group! {
    name = muehle_benches;
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(muehle_benches);
