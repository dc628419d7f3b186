//! The text's experiment: nodes and time to reach depths 1..=7 for each
//! variant on the synthetic tree and on Tic-tac-toe, with the minimal tree
//! of Knuth and Moore as the lower bound; then the transposition-table
//! replacement schemes under pressure.
//!
//! ```text
//! cargo run --release -p spielbaum-negamax --example negamax_experiment
//! ```
//!
//! Prints Markdown tables with node counts and times. The plot of the node
//! counts, `docs/figures/negamax-nodes.svg`, is drawn by
//! `cargo run --release -p spielbaum-benches --example figures`.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use spielbaum_game_trait::{Evaluator, Game};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape, minimal_tree_leaves};
use spielbaum_negamax::{Algorithm, Config, Limits, Replacement, Searcher, Table};
use spielbaum_small_games::{LineCount, TicTacToe};

const BRANCHING: u8 = 10;
const MAX_DEPTH: u32 = 7;

fn variants() -> Vec<(&'static str, Config)> {
    vec![
        ("negamax", Config::plain(Algorithm::Negamax)),
        ("alphabeta", Config::plain(Algorithm::AlphaBeta)),
        ("ordered", Config::plain(Algorithm::Ordered)),
        ("pvs", Config::plain(Algorithm::Pvs)),
        ("iterative", Config::plain(Algorithm::Iterative)),
        ("iterative+table+killers+history", Config::default()),
    ]
}

struct Row {
    nodes: Vec<u64>,
    leaves: Vec<u64>,
    millis: Vec<f64>,
    scores: Vec<i32>,
}

fn run<G: Game, E: Evaluator<G> + Copy>(game: &G, eval: E) -> Vec<(&'static str, Row)> {
    let mut out = Vec::new();
    for (name, config) in variants() {
        let mut row = Row { nodes: vec![], leaves: vec![], millis: vec![], scores: vec![] };
        for d in 1..=MAX_DEPTH {
            // A fresh searcher per depth: "nodes to reach depth d" from scratch
            // (iterative deepening includes its earlier iterations). Time:
            // best of 3 (the machine is shared).
            let mut best = f64::INFINITY;
            let mut r = None;
            for _ in 0..3 {
                let mut s = Searcher::new(eval, config.clone());
                let t = Instant::now();
                let res = s.search(game, &Limits::depth(d));
                best = best.min(t.elapsed().as_secs_f64() * 1e3);
                r = Some(res);
            }
            let r = r.expect("three runs");
            row.millis.push(best);
            row.nodes.push(r.counters.nodes);
            row.leaves.push(r.counters.leaves);
            row.scores.push(r.score);
        }
        out.push((name, row));
    }
    // Honest results: every variant has the same value at every depth.
    for (name, row) in &out {
        assert_eq!(row.scores, out[0].1.scores, "{name} disagrees with plain negamax");
    }
    out
}

fn table(title: &str, rows: &[(&'static str, Row)], bound: Option<&[u64]>) -> String {
    let mut s = format!("#### {title}\n\n| variant | ");
    for d in 1..=MAX_DEPTH {
        let _ = write!(s, "d={d} | ");
    }
    s.push_str("\n|---|");
    for _ in 1..=MAX_DEPTH {
        s.push_str("---:|");
    }
    s.push('\n');
    for (name, row) in rows {
        let _ = write!(s, "| {name} nodes | ");
        for n in &row.nodes {
            let _ = write!(s, "{n} | ");
        }
        s.push('\n');
        let _ = write!(s, "| {name} leaves | ");
        for n in &row.leaves {
            let _ = write!(s, "{n} | ");
        }
        s.push('\n');
        let _ = write!(s, "| {name} ms | ");
        for m in &row.millis {
            let _ = write!(s, "{m:.2} | ");
        }
        s.push('\n');
    }
    if let Some(b) = bound {
        s.push_str("| Knuth–Moore minimal tree (leaves) | ");
        for n in b {
            let _ = write!(s, "{n} | ");
        }
        s.push('\n');
    }
    s
}

fn replacement_experiment() -> String {
    let mut s = String::from(
        "#### Replacement schemes under pressure (iterative deepening with the default configuration)\n\n\
         | workload | table slots | always | depth-preferred | two-tier | bucket (4-way, depth − 8·age) |\n|---|---:|---:|---:|---:|---:|\n",
    );
    let schemes = [
        Replacement::Always,
        Replacement::DepthPreferred,
        Replacement::TwoTier,
        Replacement::Bucket,
    ];
    let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
    let tree = RandomTree::new(77, 8, 64);
    let workloads: [(&str, u32); 2] =
        [("synthetic DAG b=8, depth 8", 8), ("synthetic tree b=8, depth 7", 7)];
    for (name, depth) in workloads {
        for slots in [1usize << 10, 1 << 14, 1 << 20] {
            let _ = write!(s, "| {name} | {slots} | ");
            let mut values = Vec::new();
            for r in schemes {
                let table = Arc::new(Table::with_slots(slots, r));
                let mut se = Searcher::new(RandomTreeEval, Config::default()).with_table(table);
                let g = if depth == 8 { dag } else { tree };
                let res = se.search(&g, &Limits::depth(depth));
                values.push(res.score);
                let _ = write!(s, "{} | ", res.counters.nodes);
            }
            assert!(values.windows(2).all(|w| w[0] == w[1]) || depth == 8, "{values:?}");
            s.push('\n');
        }
    }
    // Tic-tac-toe solved exactly with a tiny table.
    for slots in [1usize << 6, 1 << 8, 1 << 10] {
        let _ = write!(s, "| Tic-tac-toe to the end (Zero, depth 9) | {slots} | ");
        for r in schemes {
            let table = Arc::new(Table::with_slots(slots, r));
            let mut se =
                Searcher::new(spielbaum_game_trait::Zero, Config::default()).with_table(table);
            let res = se.search(&TicTacToe::new(), &Limits::depth(9));
            assert_eq!(res.score, 0);
            let _ = write!(s, "{} | ", res.counters.nodes);
        }
        s.push('\n');
    }
    s
}

fn ablation() -> String {
    let base = Config::plain(Algorithm::Iterative);
    let t = |c: Config| Config { table_mib: 16, ..c };
    let configs: Vec<(&str, Config)> = vec![
        ("iterative (no table)", base.clone()),
        ("+ table", t(base.clone())),
        ("+ table + aspiration", Config { aspiration: Some(50), ..t(base.clone()) }),
        ("+ table + killers", Config { killers: true, ..t(base.clone()) }),
        ("+ table + history", Config { history: true, ..t(base.clone()) }),
        ("default (table, killers, history)", Config::default()),
        ("default + aspiration", Config { aspiration: Some(50), ..Config::default() }),
        ("default + symmetry", Config { symmetry: true, ..Config::default() }),
        ("default, ordering from depth 3", Config { order_min_depth: 3, ..Config::default() }),
        ("default, ordering from depth 4", Config { order_min_depth: 4, ..Config::default() }),
        (
            "pvs + table, ordering from depth 2",
            Config { table_mib: 16, ..Config::plain(Algorithm::Pvs) },
        ),
    ];
    let mut s = String::from(
        "#### One technique at a time (nodes and ms to reach the depth, fresh searcher)\n\n\
         | configuration | tree b=10 d=7 | ms | DAG b=8 d=8 | ms | Tic-tac-toe d=7 (LineCount) | Tic-tac-toe to the end (Zero, depth 9) |\n|---|---:|---:|---:|---:|---:|---:|\n",
    );
    let tree = RandomTree::new(2026, BRANCHING, 64);
    let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
    let mut scores = Vec::new();
    for (name, c) in configs {
        let timed = |g: &RandomTree, d: u32| {
            let mut best = f64::INFINITY;
            let mut out = None;
            for _ in 0..3 {
                let mut s = Searcher::new(RandomTreeEval, c.clone());
                let t0 = Instant::now();
                let r = s.search(g, &Limits::depth(d));
                best = best.min(t0.elapsed().as_secs_f64() * 1e3);
                out = Some(r);
            }
            (out.expect("three runs"), best)
        };
        let (a, ta) = timed(&tree, 7);
        let (b, tb) = timed(&dag, 8);
        let x = Searcher::new(LineCount, c.clone()).search(&TicTacToe::new(), &Limits::depth(7));
        let y = Searcher::new(spielbaum_game_trait::Zero, c)
            .search(&TicTacToe::new(), &Limits::depth(9));
        scores.push((a.score, x.score, y.score));
        let _ = writeln!(
            s,
            "| {name} | {} | {ta:.2} | {} | {tb:.2} | {} | {} |",
            a.counters.nodes, b.counters.nodes, x.counters.nodes, y.counters.nodes
        );
    }
    assert!(scores.windows(2).all(|w| w[0] == w[1]), "{scores:?}");
    s
}

fn main() {
    let tree = RandomTree::new(2026, BRANCHING, 64);
    let syn = run(&tree, RandomTreeEval);
    let ttt = run(&TicTacToe::new(), LineCount);
    let bound: Vec<u64> =
        (1..=MAX_DEPTH).map(|d| minimal_tree_leaves(u64::from(BRANCHING), d)).collect();
    println!(
        "{}",
        table(&format!("Synthetic tree, branching {BRANCHING}, seed 2026"), &syn, Some(&bound))
    );
    println!("{}", table("Tic-tac-toe from the start, LineCount evaluator", &ttt, None));
    println!("{}", ablation());
    println!("{}", replacement_experiment());
}
