//! The engine's own hot loops: fixed-depth search per algorithm on the
//! synthetic tree, iterative deepening with the table, and the exact
//! Tic-tac-toe solve. Every run asserts the root value and the node count it
//! timed (both measured once before timing; the search is deterministic).
//!
//! ```text
//! cargo bench -p spielbaum-negamax --bench search -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_game_trait::{Evaluator, Game, Zero};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher, Solver, Value};
use spielbaum_small_games::TicTacToe;

fn run<G: Game, E: Evaluator<G> + Copy>(g: &G, e: E, c: &Config, depth: u32) -> (i32, u64) {
    let r = Searcher::new(e, c.clone()).search(g, &Limits::depth(depth));
    (r.score, r.counters.nodes)
}

fn bench_config<G: Game, E: Evaluator<G> + Copy>(
    c: &mut Criterion,
    group: &str,
    name: &str,
    g: &G,
    e: E,
    config: Config,
    depth: u32,
) {
    let expected = run(g, e, &config, depth);
    c.benchmark_group(group).bench_function(name, |b| {
        b.iter(|| assert_eq!(run(black_box(g), e, &config, depth), expected))
    });
}

fn benches(c: &mut Criterion) {
    let tree = RandomTree::new(2026, 10, 64);
    let plain_value = run(&tree, RandomTreeEval, &Config::plain(Algorithm::Negamax), 5).0;
    for algo in Algorithm::ALL {
        let config = Config::plain(algo);
        assert_eq!(run(&tree, RandomTreeEval, &config, 5).0, plain_value, "{algo:?}");
        bench_config(c, "search/tree-b10-depth5", algo.name(), &tree, RandomTreeEval, config, 5);
    }
    let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
    bench_config(
        c,
        "search/dag-b8-depth8",
        "default",
        &dag,
        RandomTreeEval,
        Config { table_mib: 1, ..Config::default() },
        8,
    );
    bench_config(
        c,
        "search/dag-b8-depth8",
        "pvs-no-table",
        &dag,
        RandomTreeEval,
        Config::plain(Algorithm::Pvs),
        8,
    );

    let ttt = TicTacToe::new();
    let first = Solver::<TicTacToe>::new(1).solve(&ttt);
    assert_eq!(first.value, Value::Draw);
    c.bench_function("solve/tictactoe", |b| {
        b.iter(|| {
            let s = Solver::new(1).solve(black_box(&ttt));
            assert_eq!((s.value, s.nodes), (Value::Draw, first.nodes));
        })
    });
    bench_config(
        c,
        "search/tictactoe-zero-depth9",
        "default",
        &ttt,
        Zero,
        Config { table_mib: 1, ..Config::default() },
        9,
    );
}

criterion_group! {
    name = search_benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(search_benches);
