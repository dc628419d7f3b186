//! The text's experiment on 7×7 five in a row: each enhancement of the
//! negamax family switched on in turn, nodes and milliseconds to reach
//! depth d (a fresh searcher per depth) and the depth reached within one
//! second; then search speed on 15×15 from opening positions.
//!
//! ```text
//! cargo run --release -p spielbaum-gomoku --example experiment            # both parts
//! cargo run --release -p spielbaum-gomoku --example experiment -- 7x7     # the 7×7 table only
//! cargo run --release -p spielbaum-gomoku --example experiment -- speed   # the 15×15 part only
//! ```

use std::time::{Duration, Instant};

use spielbaum_game_trait::{Evaluator, Game, Notation};
use spielbaum_gomoku::{Gomoku, Pattern, Rules, WithVcf, openings};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};

const MAX_DEPTH: u32 = 9;
const SECOND: f64 = 1000.0;

fn variants() -> Vec<(&'static str, Config, bool)> {
    let it = || Config::plain(Algorithm::Iterative);
    vec![
        ("negamax", Config::plain(Algorithm::Negamax), true),
        ("alphabeta", Config::plain(Algorithm::AlphaBeta), true),
        ("ordered (static values of the children)", Config::plain(Algorithm::Ordered), true),
        ("pvs", Config::plain(Algorithm::Pvs), true),
        ("iterative deepening", it(), true),
        ("+ aspiration (50)", Config { aspiration: Some(50), ..it() }, true),
        ("+ killers", Config { killers: true, ..it() }, true),
        ("+ history", Config { history: true, ..it() }, true),
        ("+ table (16 MiB)", Config { table_mib: 16, ..it() }, true),
        ("+ table + symmetry", Config { table_mib: 16, symmetry: true, ..it() }, true),
        ("default (table, killers, history)", Config::ordered(), true),
        ("default + extensions", Config { extensions: true, ..Config::ordered() }, false),
        (
            "default + quiescence (fours, open threes)",
            Config { quiescence: true, ..Config::ordered() },
            false,
        ),
    ]
}

/// Rows with another position or evaluator (values differ: not asserted).
fn extra_rows(start: &Gomoku) -> Vec<Row> {
    let shapes = Pattern::new(5, false).with_shape_ordering(true);
    let near = start.with_radius(2);
    let eval = Pattern::new(5, false);
    vec![
        run_variant(start, shapes, "default, ordered by line shapes", Config::ordered(), false),
        run_variant(
            &near,
            eval,
            "default, candidates within 2 of a stone",
            Config::ordered(),
            false,
        ),
        run_variant(
            &near,
            eval,
            "default + symmetry, candidates within 2",
            Config { symmetry: true, ..Config::ordered() },
            false,
        ),
    ]
}

struct Row {
    name: &'static str,
    nodes: Vec<u64>,
    millis: Vec<f64>,
    scores: Vec<i32>,
    exact: bool,
}

fn run_variant<E: Evaluator<Gomoku> + Copy>(
    pos: &Gomoku,
    eval: E,
    name: &'static str,
    config: Config,
    exact: bool,
) -> Row {
    let mut row = Row { name, nodes: vec![], millis: vec![], scores: vec![], exact };
    for d in 1..=MAX_DEPTH {
        let mut s = Searcher::new(eval, config.clone());
        let t = Instant::now();
        // Searches that would take far longer than a second are cut at 20 s.
        let r = s
            .search(pos, &Limits::depth(d).with_deadline(Instant::now() + Duration::from_secs(20)));
        let ms = t.elapsed().as_secs_f64() * 1e3;
        if r.stopped {
            break;
        }
        row.nodes.push(r.counters.nodes);
        row.millis.push(ms);
        row.scores.push(r.score);
        if ms > SECOND {
            break;
        }
    }
    row
}

fn seven() {
    // The text's board: 7×7, five in a row, every empty cell a move. Start:
    // one black stone in the centre, white to move.
    let rules = Rules::mnk(7, 7, 5).unwrap();
    let start = Gomoku::new(rules).after(Gomoku::new(rules).parse_move("d4").unwrap());
    let eval = Pattern::new(5, false);
    let mut rows: Vec<Row> =
        variants().into_iter().map(|(n, c, e)| run_variant(&start, eval, n, c, e)).collect();
    // Honest results: the exact variants agree with plain negamax at every
    // depth both reached.
    let base = &rows[0];
    for r in &rows {
        if r.exact {
            for (d, (a, b)) in base.scores.iter().zip(&r.scores).enumerate() {
                assert_eq!(a, b, "{} disagrees with negamax at depth {}", r.name, d + 1);
            }
        }
    }
    rows.extend(extra_rows(&start));
    println!("#### 7×7, five in a row, from d4 (white to move), pattern evaluator\n");
    print!("| variant | reached in 1 s |");
    for d in 1..=MAX_DEPTH {
        print!(" d={d} |");
    }
    println!();
    print!("|---|---:|");
    for _ in 1..=MAX_DEPTH {
        print!("---:|");
    }
    println!();
    for r in &rows {
        let reached = r.millis.iter().take_while(|&&m| m <= SECOND).count();
        print!("| {} | {reached} |", r.name);
        for d in 0..MAX_DEPTH as usize {
            match (r.nodes.get(d), r.millis.get(d)) {
                (Some(n), Some(m)) => print!(" {n} ({m:.0} ms) |"),
                _ => print!(" |"),
            }
        }
        println!();
    }
    println!();
}

fn speed() {
    let rules = Rules::default();
    let starts = openings(&rules, 8, 6, 2026);
    println!("#### 15×15 from {} openings of 6 stones, 1 s each\n", starts.len());
    println!("| evaluator | opening | depth | nodes | nodes/s |");
    println!("|---|---|---:|---:|---:|");
    let mut totals = [(0u64, 0f64, 0u32); 2];
    for (i, g) in starts.iter().enumerate() {
        for (j, name) in ["pattern", "pattern + VCF(40) at the horizon"].iter().enumerate() {
            let limits = Limits::time(Duration::from_secs(1));
            let r = if j == 0 {
                Searcher::new(Pattern::new(5, false), Config::ordered()).search(g, &limits)
            } else {
                Searcher::new(WithVcf::new(Pattern::new(5, false), 40), Config::ordered())
                    .search(g, &limits)
            };
            let secs = r.elapsed.as_secs_f64();
            let nps = r.counters.nodes as f64 / secs;
            println!("| {name} | {} | {} | {} | {:.0} |", i + 1, r.depth, r.counters.nodes, nps);
            totals[j].0 += r.counters.nodes;
            totals[j].1 += secs;
            totals[j].2 += r.depth;
        }
    }
    for (j, name) in ["pattern", "pattern + VCF(40)"].iter().enumerate() {
        let (n, s, d) = totals[j];
        println!(
            "\n{name}: {:.0} nodes/s overall, mean depth {:.1}",
            n as f64 / s,
            f64::from(d) / starts.len() as f64
        );
    }
    for g in &starts {
        println!("opening: {g}");
    }
}

/// Fixed-depth searches (default configuration, pattern evaluator) from the
/// speed part's openings: nodes (load-independent, the same on every
/// machine) and the node rate; for profiling (`callgrind`) and for
/// before/after comparisons in one run.
fn fixed(depth: u32, config: &Config) {
    let rules = Rules::default();
    let starts = openings(&rules, 8, 6, 2026);
    let t = Instant::now();
    let mut total = 0;
    for g in &starts {
        let r =
            Searcher::new(Pattern::new(5, false), config.clone()).search(g, &Limits::depth(depth));
        total += r.counters.nodes;
        print!("{} ", r.counters.nodes);
    }
    let secs = t.elapsed().as_secs_f64();
    println!("\ndepth {depth}: {total} nodes in {secs:.3} s, {:.0} nodes/s", total as f64 / secs);
}

/// Depth 7 on the text's 7×7 board (from d4, white to move, candidates
/// within 2 of a stone): nodes and time of a few configurations.
fn seven_deep(depth: u32) {
    let rules = Rules::mnk(7, 7, 5).unwrap();
    let start = Gomoku::new(rules).after(Gomoku::new(rules).parse_move("d4").unwrap());
    let near = start.with_radius(2);
    let eval = Pattern::new(5, false);
    let sym = Config { symmetry: true, ..Config::ordered() };
    let rows: Vec<(&str, Config)> = vec![
        ("default + symmetry", sym.clone()),
        ("default + symmetry + etc", Config { etc: true, ..sym.clone() }),
        ("default + symmetry + aspiration", Config { aspiration: Some(50), ..sym.clone() }),
        ("default + symmetry, ordering from depth 3", Config { order_min_depth: 3, ..sym.clone() }),
        ("default + symmetry, no killers", Config { killers: false, ..sym.clone() }),
        ("default + symmetry, no history", Config { history: false, ..sym.clone() }),
        ("lean + symmetry", Config { symmetry: true, ..Config::lean() }),
    ];
    for (name, config) in rows {
        let t = Instant::now();
        let r = Searcher::new(eval, config).search(&near, &Limits::depth(depth));
        println!(
            "| {name} | {} | {} | {:.0} ms | {} |",
            r.counters.nodes,
            r.score,
            t.elapsed().as_secs_f64() * 1e3,
            r.best_move.map(|m| near.move_string(m)).unwrap_or_default()
        );
    }
    let t = Instant::now();
    let r = Searcher::new(eval.with_shape_ordering(true), sym).search(&near, &Limits::depth(depth));
    println!(
        "| default + symmetry, line-shape ordering | {} | {} | {:.0} ms |",
        r.counters.nodes,
        r.score,
        t.elapsed().as_secs_f64() * 1e3
    );
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_default();
    if let Some(d) = arg.strip_prefix("deep7x7-") {
        return seven_deep(d.parse().unwrap_or(7));
    }
    if let Some(d) = arg.strip_prefix("fixed") {
        // `fixed5` the default configuration; `fixed5o3` static ordering
        // from remaining depth 3 on.
        let (d, o) = d.split_once('o').unwrap_or((d, ""));
        let mut config = Config::ordered();
        if let Ok(o) = o.parse() {
            config.order_min_depth = o;
        }
        return fixed(d.parse().unwrap_or(4), &config);
    }
    if arg.is_empty() || arg == "7x7" {
        seven();
    }
    if arg.is_empty() || arg == "speed" {
        speed();
    }
}
