//! A small workload for profilers: one search of 20 000 iterations on the
//! subtraction game 3, 5, 11 from n = 200 (the `mcts_vs_peers` bench's
//! game), one thread, solver off, uniform playouts.
//!
//! ```text
//! cargo build --release -p spielbaum-mcts --example profile_sub
//! valgrind --tool=callgrind target/release/examples/profile_sub
//! ```
//! Argument: iterations (default 20 000).
#[path = "../tests/common/mod.rs"]
mod common;
use spielbaum_mcts::{Budget, Config, Mcts};
fn main() {
    let iters: u64 = std::env::args().nth(1).map_or(20_000, |s| s.parse().expect("iterations"));
    let mut m = Mcts::new(common::sub(200), Config::seeded(1).solver(false));
    let a = m.search(Budget::iterations(iters));
    assert_eq!(a.iterations, iters);
    println!("{:?} {} nodes", a.best_move, a.nodes);
}
