//! The engine's own hot loop: MCTS iterations per second (selection,
//! expansion, uniform random playout, backpropagation) on Tic-tac-toe and
//! the subtraction game "3, 5, 11" from n = 22, solver off (so every
//! iteration runs; the bench asserts the iteration count it times).
//!
//! ```text
//! cargo bench -p spielbaum-mcts --bench playouts -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use spielbaum_game_trait::Game;
use spielbaum_mcts::{Budget, Config, Mcts};

#[path = "../tests/common/mod.rs"]
mod common;
use spielbaum_small_games::TicTacToe;

const ITERATIONS: u64 = 20_000;

fn run<G>(game: &G, threads: usize) -> u64
where
    G: Game + Send + Sync,
    G::Move: Send,
{
    let mut mcts = Mcts::new(game.clone(), Config::seeded(1).solver(false).threads(threads));
    let a = mcts.search(Budget::iterations(ITERATIONS));
    assert_eq!(a.iterations, ITERATIONS);
    a.iterations
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts iterations");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    let ttt = TicTacToe::new();
    let sub = common::sub(22);
    for threads in [1, 2] {
        group.bench_function(format!("tictactoe/{threads} thread(s)"), |b| {
            b.iter(|| black_box(run(&ttt, threads)))
        });
        group.bench_function(format!("subtraction 22/{threads} thread(s)"), |b| {
            b.iter(|| black_box(run(&sub, threads)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
