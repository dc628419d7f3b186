//! A small workload for profilers: one search of 20 000 iterations on the
//! subtraction game 3, 5, 11 from n = 200 (the `mcts_vs_peers` bench's
//! game), one thread, solver off, uniform playouts.
//!
//! ```text
//! cargo build --release -p spielbaum-mcts --example profile_sub
//! valgrind --tool=callgrind target/release/examples/profile_sub
//! ```
//! Arguments: iterations (default 20 000), then `ttt` for Tic-tac-toe
//! from the empty board instead of the subtraction game, then the number
//! of searches (default 1; each with a fresh engine, as in the bench),
//! then the threads (default 1).
use spielbaum_mcts::{Budget, Config, Mcts};
fn main() {
    let iters: u64 = std::env::args().nth(1).map_or(20_000, |s| s.parse().expect("iterations"));
    let threads: usize = std::env::args().nth(4).map_or(1, |s| s.parse().expect("threads"));
    let config = Config::seeded(1).solver(false).threads(threads);
    let reps: u32 = std::env::args().nth(3).map_or(1, |s| s.parse().expect("searches"));
    for _ in 1..reps {
        if std::env::args().nth(2).is_some_and(|g| g == "ttt") {
            let mut m = Mcts::new(spielbaum_small_games::TicTacToe::new(), config.clone());
            std::hint::black_box(m.search(Budget::iterations(iters)));
        } else {
            let mut m = Mcts::new(sub200(), config.clone());
            std::hint::black_box(m.search(Budget::iterations(iters)));
        }
    }
    if std::env::args().nth(2).is_some_and(|g| g == "ttt") {
        let mut m = Mcts::new(spielbaum_small_games::TicTacToe::new(), config);
        let a = m.search(Budget::iterations(iters));
        assert_eq!(a.iterations, iters);
        println!("{:?} {} nodes", a.best_move, a.nodes);
    } else {
        let mut m = Mcts::new(sub200(), config);
        let a = m.search(Budget::iterations(iters));
        assert_eq!(a.iterations, iters);
        println!("{:?} {} nodes", a.best_move, a.nodes);
    }
}

/// The subtraction game 3, 5, 11 from 200.
fn sub200() -> spielbaum_nim_variant::SubtractionGame {
    spielbaum_nim_variant::SubtractionGame::classic(200).expect("a valid start")
}
