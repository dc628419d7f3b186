//! Nodes each side searches in a stored Gomoku match: replays the games of
//! a `spielbaum match gomoku … --save FILE` run and, before every move of
//! the agents, searches the position afresh with the engine of the side to
//! move (agent A: the `threats` evaluator with quiescence and the defence
//! check of `DEFEND` VCT nodes per move; agent B: the student evaluator
//! named on the command line), both at the same nominal depth, summing the
//! nodes: every position the search entered (quiescence included) and, for
//! A, the defence check's threat-search nodes.
//!
//! ```text
//! cargo run --release -p spielbaum-gomoku --example match_nodes -- FILE open 3 2000
//! ```

use spielbaum_game_trait::{AgentLimits, Evaluator, Game};
use spielbaum_gomoku::{
    Engine, FreeFields, Gomoku, OpenRows, Pattern, RootChecks, RowCount, Rules,
};
use spielbaum_negamax::Config;

/// The strings of the JSON array `"key":[...]` in `line`.
fn strings(line: &str, key: &str) -> Vec<String> {
    let Some(i) = line.find(&format!("\"{key}\":[")) else { return Vec::new() };
    let rest = &line[i + key.len() + 4..];
    let end = rest.find(']').unwrap_or(rest.len());
    rest[..end]
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn engine<E: Evaluator<Gomoku>>(eval: E, quiescence: bool) -> Engine<E> {
    let mut config = Config::ordered();
    config.quiescence = quiescence;
    Engine::new(eval, config, RootChecks::NONE, "count")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, student, depth, defend] = &args[..] else {
        eprintln!("usage: match_nodes FILE rows|free|open DEPTH DEFEND");
        std::process::exit(2);
    };
    let depth: u32 = depth.parse().expect("DEPTH: a number");
    let text = std::fs::read_to_string(file).expect("readable FILE");
    let limits = AgentLimits::depth(depth);
    let defend_nodes: u64 = defend.parse().expect("DEFEND: a number");
    let mut a = Engine::new(
        Pattern::default().with_threats(true),
        Config { quiescence: true, ..Config::ordered() },
        RootChecks { defend_nodes, ..RootChecks::NONE },
        "count",
    );
    let (mut na, mut nb, mut ma, mut mb) = (0u64, 0u64, 0u64, 0u64);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let a_first = line.contains("\"a_first\":true");
        let mut g = Gomoku::new(Rules { radius: 0, ..Rules::default() });
        for m in strings(line, "opening") {
            g.play(g.parse_cell(&m).expect("a cell"));
        }
        for (i, m) in strings(line, "moves").iter().enumerate() {
            let a_moves = (i % 2 == 0) == a_first;
            let nodes = if a_moves {
                a.searcher().clear();
                a.think(&g, &limits).and_then(|d| d.nodes).unwrap_or(0)
            } else {
                let d = match student.as_str() {
                    "rows" => engine(RowCount, false).think(&g, &limits),
                    "free" => engine(FreeFields, false).think(&g, &limits),
                    _ => engine(OpenRows, false).think(&g, &limits),
                };
                d.and_then(|d| d.nodes).unwrap_or(0)
            };
            if a_moves {
                na += nodes;
                ma += 1;
            } else {
                nb += nodes;
                mb += 1;
            }
            g.play(g.parse_cell(m).expect("a cell"));
        }
    }
    println!(
        "A: {na} nodes over {ma} moves ({} per move); B ({student}): {nb} nodes over {mb} moves ({} per move)",
        na / ma.max(1),
        nb / mb.max(1)
    );
}
