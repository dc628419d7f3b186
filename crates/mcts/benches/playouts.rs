//! The engine's own hot loop: MCTS iterations per second (selection,
//! expansion, uniform random playout, backpropagation) on Tic-tac-toe and
//! the subtraction game "3, 5, 11" from n = 22, solver off (so every
//! iteration runs; the bench asserts the iteration count it times).
//!
//! First it prints the thread scaling of root parallelism on longer
//! searches (1 000 000 iterations, best of 5 interleaved, 1 vs 2 threads),
//! also per CPU-second, which load from other processes does not skew.
//!
//! ```text
//! cargo bench -p spielbaum-mcts --bench playouts -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use spielbaum_game_trait::Game;
use spielbaum_mcts::{Budget, Config, Mcts};

#[path = "../tests/common/mod.rs"]
mod common;
use spielbaum_small_games::TicTacToe;

const ITERATIONS: u64 = 20_000;

fn run_n<G>(game: &G, threads: usize, iterations: u64) -> u64
where
    G: Game + Send + Sync,
    G::Move: Send,
{
    let mut mcts = Mcts::new(game.clone(), Config::seeded(1).solver(false).threads(threads));
    let a = mcts.search(Budget::iterations(iterations));
    assert_eq!(a.iterations, iterations);
    a.iterations
}

fn run<G>(game: &G, threads: usize) -> u64
where
    G: Game + Send + Sync,
    G::Move: Send,
{
    run_n(game, threads, ITERATIONS)
}

/// CPU time of this process (user + system) from `/proc/self/stat`, in
/// seconds; `None` where that file does not exist.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0) // USER_HZ is 100 on Linux
}

/// Best-of-5 interleaved wall time of 1 000 000 iterations on 1 and 2
/// threads; prints iterations per second, the wall-clock speed-up and the
/// iterations per CPU-second (which a busy shared machine does not skew:
/// equal values mean the threads lose nothing to each other).
fn scaling<G>(name: &str, game: &G)
where
    G: Game + Send + Sync,
    G::Move: Send,
{
    const N: u64 = 1_000_000;
    let mut best = [Duration::MAX; 2];
    let mut cpu = [0.0f64; 2];
    for _ in 0..5 {
        for (i, threads) in [1usize, 2].into_iter().enumerate() {
            let c = cpu_seconds();
            let t = Instant::now();
            black_box(run_n(game, threads, N));
            best[i] = best[i].min(t.elapsed());
            if let (Some(a), Some(b)) = (c, cpu_seconds()) {
                cpu[i] += b - a;
            }
        }
    }
    let ips = |d: Duration| N as f64 / d.as_secs_f64();
    println!(
        "{name}: {N} iterations, 1 thread {:.0}/s, 2 threads {:.0}/s, wall speed-up x{:.2}; \
         per CPU-second: 1 thread {:.0}, 2 threads {:.0}",
        ips(best[0]),
        ips(best[1]),
        best[0].as_secs_f64() / best[1].as_secs_f64(),
        5.0 * N as f64 / cpu[0],
        5.0 * N as f64 / cpu[1],
    );
}

fn bench(c: &mut Criterion) {
    scaling("tictactoe", &TicTacToe::new());
    scaling("subtraction 22", &common::sub(22));
    scaling("subtraction 200", &common::sub(200));
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
