//! A small workload for profilers: one search of 20 000 iterations on the
//! subtraction game 3, 5, 11 from n = 200 (the `mcts_vs_peers` bench's
//! game), one thread, solver off, uniform playouts.
//!
//! ```text
//! cargo build --release -p spielbaum-mcts --example profile_sub
//! valgrind --tool=callgrind target/release/examples/profile_sub
//! ```
//! Arguments: iterations (default 20 000), then `ttt` for Tic-tac-toe
//! from the empty board or `c4` for Connect Four 7×6 instead of the
//! subtraction game, then the number of searches (default 1; each with a
//! fresh engine, as in the bench), then the threads (default 1).
//! Environment: `GRAPH=1` searches a graph (`Config::graph`).
use spielbaum_game_trait::Game;
use spielbaum_mcts::{Budget, Config, Mcts};

fn main() {
    let iters: u64 = std::env::args().nth(1).map_or(20_000, |s| s.parse().expect("iterations"));
    let threads: usize = std::env::args().nth(4).map_or(1, |s| s.parse().expect("threads"));
    let config = Config::seeded(1)
        .solver(false)
        .threads(threads)
        .graph(std::env::var("GRAPH").is_ok_and(|v| v == "1"));
    let reps: u32 = std::env::args().nth(3).map_or(1, |s| s.parse().expect("searches"));
    match std::env::args().nth(2).as_deref() {
        Some("ttt") => run(spielbaum_small_games::TicTacToe::new(), &config, iters, reps),
        Some("c4") => run(spielbaum_small_games::Connect4::standard(), &config, iters, reps),
        _ => run(sub200(), &config, iters, reps),
    }
}

fn run<G: Game + Sync>(start: G, config: &Config, iters: u64, reps: u32)
where
    G::Move: Send + Sync,
{
    for _ in 1..reps {
        let mut m = Mcts::new(start.clone(), config.clone());
        std::hint::black_box(m.search(Budget::iterations(iters)));
    }
    let mut m = Mcts::new(start, config.clone());
    let a = m.search(Budget::iterations(iters));
    assert_eq!(a.iterations, iters);
    println!("{:?} {} nodes", a.best_move, a.nodes);
}

/// The subtraction game 3, 5, 11 from 200.
fn sub200() -> spielbaum_nim_variant::SubtractionGame {
    spielbaum_nim_variant::SubtractionGame::classic(200).expect("a valid start")
}
