//! The data of the convergence plot in docs/mcts.md: each root move's estimated win
//! probability against the number of iterations, for the subtraction game
//! "3, 5, 11" from n = 22 (the text's example) and from n = 54, with pure
//! UCT statistics (MCTS-Solver off, uniform random playouts, seed 1).
//!
//! ```text
//! cargo run --release -p spielbaum-mcts --example convergence
//! ```
//!
//! Prints the data as a table (nim-variant's subtraction game). The plot,
//! `docs/figures/mcts-convergence.svg`, is drawn by
//! `cargo run --release -p spielbaum-benches --example figures`.

use spielbaum_mcts::{Budget, Config, Mcts};

/// Iterations at which the statistics are recorded (log-spaced, 10..=10^6).
fn checkpoints() -> Vec<u64> {
    let mut v: Vec<u64> =
        (0..=50).map(|i| 10f64.powf(1.0 + 5.0 * f64::from(i) / 50.0).round() as u64).collect();
    v.dedup();
    v
}

/// `(iterations, [(move, p(win))])` rows for one start.
fn series(n: u64) -> Vec<(u64, Vec<(u32, f64)>)> {
    let game = spielbaum_nim_variant::SubtractionGame::classic(n).expect("a valid start");
    let mut mcts = Mcts::new(game, Config::seeded(1).solver(false).graph(false));
    let mut done = 0;
    let mut rows = Vec::new();
    for c in checkpoints() {
        let a = mcts.search(Budget::iterations(c - done));
        done = c;
        let mut ps: Vec<(u32, f64)> = a.moves.iter().map(|m| (m.mv, m.win_probability)).collect();
        ps.sort_by_key(|p| p.0);
        rows.push((c, ps));
    }
    rows
}

fn main() {
    for n in [22u64, 54] {
        let rows = series(n);
        println!("n = {n}: iterations, p(win) for subtract 3 / 5 / 11");
        for (it, ps) in &rows {
            let cells: Vec<String> = ps.iter().map(|(m, p)| format!("{m}: {p:.3}")).collect();
            println!("{it:>8}  {}", cells.join("  "));
        }
    }
}
