//! The engine's own hot loop: MCTS iterations per second (selection,
//! expansion, uniform random playout, backpropagation) on Tic-tac-toe and
//! the subtraction game "3, 5, 11" from n = 22, solver off (so every
//! iteration runs; the bench asserts the iteration count it times).
//!
//! First it prints the thread scaling of root parallelism (see
//! [`scaling`]): 1 vs 2 threads for 20 000, 200 000 and 2 000 000
//! iterations, new and reused engines, next to the machine's own 2-thread
//! capacity measured in the same rounds, with the load average. The
//! filter `scaling` matches no criterion benchmark, so this runs only the
//! scaling part (about a minute); `MCTS_NO_SCALING=1` skips it.
//!
//! ```text
//! cargo bench -p spielbaum-mcts --bench playouts -- scaling
//! cargo bench -p spielbaum-mcts --bench playouts -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;
use std::time::Instant;

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
    G::Move: Send + Sync,
{
    let mut mcts = Mcts::new(game.clone(), Config::seeded(1).solver(false).threads(threads));
    let a = mcts.search(Budget::iterations(iterations));
    assert_eq!(a.iterations, iterations);
    a.iterations
}

fn run<G>(game: &G, threads: usize) -> u64
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    run_n(game, threads, ITERATIONS)
}

/// CPU time of this process (user + system, all threads, also those that
/// have ended) from `/proc/self/stat`, in seconds (10 ms ticks); `None`
/// where that file does not exist.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0) // USER_HZ is 100 on Linux
}

/// The load average line of `/proc/loadavg` (1, 5, 15 minutes), or `?`.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

/// A trivial CPU-bound workload (a random number generator, nothing in
/// memory): `steps` steps, split evenly over `threads` threads (one
/// scoped thread per extra thread, as a search spawns them). Its speed-up
/// is what the machine can give a second thread at that moment.
fn spin(steps: u64, threads: usize) -> u64 {
    fn work(steps: u64, seed: u64) -> u64 {
        let mut rng = spielbaum_game_trait::SplitMix64::new(seed);
        let mut acc = 0;
        for _ in 0..steps {
            acc ^= rng.next_u64();
        }
        acc
    }
    let share = steps / threads as u64;
    std::thread::scope(|s| {
        let others: Vec<_> = (1..threads).map(|i| s.spawn(move || work(share, i as u64))).collect();
        let mine = work(steps - share * (threads as u64 - 1), 0);
        others.into_iter().fold(mine, |acc, h| acc ^ h.join().expect("spin thread"))
    })
}

/// The median of `xs` (sorted in place).
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 { xs[n / 2] } else { 0.5 * (xs[n / 2 - 1] + xs[n / 2]) }
}

/// Thread scaling of root parallelism: iterations per second on 2 threads
/// against 1 thread for budgets of 20 000, 200 000 and 2 000 000
/// iterations, with a new engine per search and with one engine reused
/// (`set_root`: arenas kept), and in the same interleaved rounds the
/// machine's own capacity (the trivial [`spin`] workload, sized to take
/// as long as the 1-thread search). Prints best-of and median-of-rounds
/// speed-ups (each round's 1- and 2-thread runs are back to back, so the
/// median of the per-round ratios is the paired measure), the median of
/// each round's search speed-up divided by the machine's speed-up in that
/// round (1.0: the search gets all the machine gives a second thread),
/// the median speed-up over the rounds where the machine had a second
/// core free (the spin loop got at least x1.8),
/// the CPU time of the 2-thread runs over that of the 1-thread runs (the
/// same work: 1.0 means the threads cost each other nothing, whatever the
/// load; tick-based, so rough for the 20 000 budget), and the load
/// average before and after.
fn scaling<G>(name: &str, game: &G)
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    // Steps of `spin` per second on one thread (calibrated once).
    let t = Instant::now();
    black_box(spin(20_000_000, 1));
    let spin_rate = 20_000_000.0 / t.elapsed().as_secs_f64();
    // A round where the spin loop ran at least this much faster on two
    // threads had a second core free.
    const FREE: f64 = 1.8;
    for (budget, rounds) in [(20_000u64, 100), (200_000, 20), (2_000_000, 3)] {
        let before = load();
        let config = |threads| Config::seeded(1).solver(false).threads(threads);
        let mut reused: Vec<Mcts<G>> =
            [1, 2].map(|t| Mcts::new(game.clone(), config(t))).into_iter().collect();
        for m in &mut reused {
            black_box(m.search(Budget::iterations(budget))); // arenas grow once
        }
        // [fresh, reused, spin] x [1, 2 threads]: best time and per-round times.
        let mut best = [[f64::MAX; 2]; 3];
        let mut ratios: [Vec<f64>; 3] = Default::default();
        let mut relative: [Vec<f64>; 2] = Default::default();
        let mut free: [Vec<f64>; 2] = Default::default();
        // CPU seconds summed over the rounds, per [config][threads].
        let mut cpu = [[0.0f64; 2]; 3];
        // Adds the CPU time since `since` to `sum`; returns the time now.
        fn add_cpu(sum: &mut f64, since: Option<f64>) -> Option<f64> {
            let now = cpu_seconds();
            if let (Some(a), Some(b)) = (since, now) {
                *sum += b - a;
            }
            now
        }
        let mut spin_steps = 0;
        for _ in 0..rounds {
            let mut times = [[0.0; 2]; 3];
            for (ti, threads) in [1usize, 2].into_iter().enumerate() {
                let c = cpu_seconds();
                let t = Instant::now();
                black_box(run_n(game, threads, budget));
                times[0][ti] = t.elapsed().as_secs_f64();
                let c = add_cpu(&mut cpu[0][ti], c);

                let m = &mut reused[ti];
                m.set_root(game.clone());
                let t = Instant::now();
                let a = m.search(Budget::iterations(budget));
                times[1][ti] = t.elapsed().as_secs_f64();
                assert_eq!(a.iterations, budget);
                let c = add_cpu(&mut cpu[1][ti], c);

                if spin_steps == 0 {
                    spin_steps = (times[0][0] * spin_rate) as u64 + 1;
                }
                let t = Instant::now();
                black_box(spin(spin_steps, threads));
                times[2][ti] = t.elapsed().as_secs_f64();
                add_cpu(&mut cpu[2][ti], c);
            }
            for k in 0..3 {
                best[k][0] = best[k][0].min(times[k][0]);
                best[k][1] = best[k][1].min(times[k][1]);
                ratios[k].push(times[k][0] / times[k][1]);
            }
            // Each search's speed-up over the machine's in the same round,
            // and the searches' speed-ups in the rounds where the machine
            // had a second core free (the spin loop got at least x1.8).
            let machine = times[2][0] / times[2][1];
            for k in 0..2 {
                relative[k].push(times[k][0] / times[k][1] / machine);
                if machine >= FREE {
                    free[k].push(times[k][0] / times[k][1]);
                }
            }
        }
        let label = ["new engine", "reused engine", "machine (spin)"];
        println!(
            "{name}, {budget} iterations, {rounds} rounds (load before: {before}; after: {})",
            load()
        );
        for k in 0..3 {
            let (unit, scale) = if k == 2 {
                ("steps/s     ", spin_steps as f64)
            } else {
                ("iterations/s", budget as f64)
            };
            let vs_machine = if k == 2 {
                String::new()
            } else if free[k].is_empty() {
                format!(
                    "; / machine's, median x{:.2}; no round with a free core",
                    median(&mut relative[k])
                )
            } else {
                format!(
                    "; / machine's, median x{:.2}; in the {} rounds with a free core: median x{:.2}",
                    median(&mut relative[k]),
                    free[k].len(),
                    median(&mut free[k]),
                )
            };
            println!(
                "  {:<15} 1 thread {:>10.0} {unit}, 2 threads {:>10.0}; speed-up best x{:.2}, \
                 median x{:.2}{vs_machine}; CPU time 2 threads / 1 thread {:.2}",
                label[k],
                scale / best[k][0],
                scale / best[k][1],
                best[k][0] / best[k][1],
                median(&mut ratios[k]),
                cpu[k][1] / cpu[k][0],
            );
        }
    }
}

fn bench(c: &mut Criterion) {
    if std::env::var_os("MCTS_NO_SCALING").is_none() {
        scaling("tictactoe", &TicTacToe::new());
        scaling("subtraction 200", &common::sub(200));
    }
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
