//! The classification by the direct sweep against bfs-reach's generic
//! retrograde solver and against one negamax solve per number; the
//! playout loop. Each bench asserts the counts it times.
//!
//! ```text
//! cargo bench -p spielbaum-nim-variant --bench theory -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_negamax::{Solver, Value};
use spielbaum_nim_variant::{
    Optimal, Random, SimConfig, SubtractionGame, Subtractions, find_period,
    retrograde_classification, simulate, sweep,
};

fn classify(c: &mut Criterion) {
    let rules = Subtractions::CLASSIC;
    let mut g = c.benchmark_group("classify 0..=20000, S = {3,5,11}");
    g.sample_size(10);
    // 20001 numbers, residues 0, 1, 2 mod 8: 2500 * 3 + 1 red.
    g.bench_function("direct sweep", |b| {
        b.iter(|| {
            let c = sweep(black_box(&rules), 20_000).unwrap();
            assert_eq!(c.p_positions().len(), 7501);
        })
    });
    g.bench_function("bfs-reach retrograde", |b| {
        b.iter(|| {
            let c = retrograde_classification(black_box(&rules), 20_000).unwrap();
            assert_eq!(c.p_positions().len(), 7501);
        })
    });
    g.finish();

    let mut g = c.benchmark_group("classify 0..=500, S = {3,5,11}");
    g.sample_size(10);
    g.bench_function("direct sweep", |b| {
        b.iter(|| assert_eq!(sweep(&rules, 500).unwrap().p_positions().len(), 189))
    });
    g.bench_function("bfs-reach retrograde", |b| {
        b.iter(|| {
            let c = retrograde_classification(&rules, 500).unwrap();
            assert_eq!(c.p_positions().len(), 189);
        })
    });
    g.bench_function("negamax solve per number", |b| {
        b.iter(|| {
            let mut solver = Solver::new(4);
            let mut red = 1; // 0
            for n in 1..=500 {
                let s = solver.solve(&SubtractionGame::classic(n).unwrap());
                red += usize::from(s.value == Value::Loss);
            }
            assert_eq!(red, 189);
        })
    });
    g.finish();

    c.bench_function("find_period S = {6,13,19} (period 162)", |b| {
        let s = Subtractions::new(&[6, 13, 19]).unwrap();
        b.iter(|| assert_eq!(find_period(&s, 1 << 20).unwrap().unwrap().period, 162))
    });
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("simulate 10000 games 20..=50");
    g.sample_size(10);
    g.bench_function("optimal vs random", |b| {
        b.iter(|| {
            let mut a = Optimal::new(&Subtractions::CLASSIC).unwrap();
            let mut r = Random::new(2);
            let config = SimConfig { games: 10_000, ..SimConfig::classic() };
            let res = simulate(&mut a, &mut r, &config, |_| true).unwrap();
            assert_eq!(res.all.games, 10_000);
            assert_eq!(res.from_blue.wins_a, res.from_blue.games);
        })
    });
    g.finish();
}

criterion_group!(benches, classify, playouts);
criterion_main!(benches);
