//! A growing transposition table (`Config::table_growth`) against a fixed
//! one, for searches of several sizes, each with a searcher (and table)
//! built per search, as a program that makes one searcher per move would.
//! Prints the median and fastest of 5 runs of `n` searches (after one
//! untimed search), and the nodes.
//!
//! ```text
//! cargo run --release -p spielbaum-benches --example negamax_growth
//! ```

use std::time::Instant;

use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Config, Limits, Searcher};
use spielbaum_small_games::{LineCount, TicTacToe};

fn time(name: &str, n: u32, mut f: impl FnMut() -> u64) {
    // One search first: the process's first big allocations come from the
    // system as fresh pages, later ones from the allocator's free memory.
    let mut nodes = f();
    let mut runs = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..n {
            nodes = f();
        }
        runs.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(n));
    }
    runs.sort_by(f64::total_cmp);
    println!("{name:<32} median {:>8.1} µs  fastest {:>8.1} µs  nodes {nodes}", runs[2], runs[0]);
}

fn main() {
    let tree = RandomTree::new(5, 10, 64);
    let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
    let fixed = |c: Config| Config { table_growth: false, ..c };
    for (name, c) in [
        ("default, grows", Config::default()),
        ("default, fixed", fixed(Config::default())),
        ("ordered, grows", Config::ordered()),
        ("ordered, fixed", fixed(Config::ordered())),
    ] {
        let tree_search = || {
            let r = Searcher::new(RandomTreeEval, c.clone()).search(&tree, &Limits::depth(8));
            r.counters.nodes
        };
        time(&format!("tree b10 d8, {name}"), 3, tree_search);
        let dag_search = || {
            let r = Searcher::new(RandomTreeEval, c.clone()).search(&dag, &Limits::depth(10));
            r.counters.nodes
        };
        time(&format!("DAG b8 d10, {name}"), 3, dag_search);
        for (depth, n) in [(9, 10), (4, 200)] {
            let ttt = || {
                let r = Searcher::new(LineCount, c.clone())
                    .search(&TicTacToe::new(), &Limits::depth(depth));
                r.counters.nodes
            };
            time(&format!("Tic-tac-toe d{depth}, {name}"), n, ttt);
        }
    }
}
