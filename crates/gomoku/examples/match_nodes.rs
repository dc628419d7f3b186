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

use spielbaum_arena::GameRecord;
use spielbaum_game_trait::{AgentLimits, Evaluator, Game};
use spielbaum_gomoku::{
    Engine, FreeFields, Gomoku, OpenRows, Pattern, RootChecks, RowCount, Rules,
};
use spielbaum_negamax::Config;

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
    let usage = |what: &str| -> ! {
        eprintln!("match_nodes: {what}");
        std::process::exit(2)
    };
    if !["rows", "free", "open"].contains(&student.as_str()) {
        usage(&format!("student {student:?} is not rows, free or open"));
    }
    let Ok(depth) = depth.parse::<u32>() else { usage(&format!("DEPTH {depth:?}: not a number")) };
    let Ok(defend_nodes) = defend.parse::<u64>() else {
        usage(&format!("DEFEND {defend:?}: not a number"))
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("match_nodes: {file}: {e}");
        std::process::exit(1)
    });
    let failed = |line: usize, what: String| -> ! {
        eprintln!("match_nodes: {file}:{line}: {what}");
        std::process::exit(1)
    };
    let limits = AgentLimits::depth(depth);
    let mut a = Engine::new(
        Pattern::default().with_threats(true),
        Config { quiescence: true, ..Config::ordered() },
        RootChecks { defend_nodes, ..RootChecks::NONE },
        "count",
    );
    let (mut na, mut nb, mut ma, mut mb) = (0u64, 0u64, 0u64, 0u64);
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let record = GameRecord::parse_line(line).unwrap_or_else(|e| failed(n + 1, e));
        let mut g = Gomoku::new(Rules { radius: 0, ..Rules::default() });
        let play = |g: &mut Gomoku, m: &str| match g.parse_cell(m) {
            Ok(c) if g.is_empty_cell(c) && !g.is_over() => g.play(c),
            _ => failed(n + 1, format!("move {m:?} is not playable")),
        };
        for m in &record.opening {
            play(&mut g, m);
        }
        for (i, m) in record.moves.iter().enumerate() {
            let a_moves = (i % 2 == 0) == record.a_first;
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
            play(&mut g, m);
        }
    }
    println!(
        "A: {na} nodes over {ma} moves ({} per move); B ({student}): {nb} nodes over {mb} moves ({} per move)",
        na / ma.max(1),
        nb / mb.max(1)
    );
}
