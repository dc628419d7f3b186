//! One side of the negamax comparison, repeated, for instruction counts
//! under callgrind (load-independent, unlike the timings of
//! `benches/negamax_vs_minimax.rs`).
//!
//! ```text
//! cargo build --release -p spielbaum-benches --example negamax_profile
//! valgrind --tool=callgrind --dump-instr=no target/release/examples/negamax_profile tree ab-ours 5
//! ```
//!
//! Arguments: workload (`tree` = synthetic tree b=10 depth 6, `dag` =
//! synthetic DAG b=8 depth 7, `ttt` = Tic-tac-toe depth 7 with `LineCount`),
//! variant (`ab-ours`, `ab-minimax`, `pvs-ours`, `id-like-ours`,
//! `id-ours`, `id-ours-oN` = `id-ordered` ordering by evaluation only with at
//! least N plies left, `cfg:SWITCHES` = minimax's techniques plus the
//! comma-separated switches `oN`, `k`, `h`, `etc`, `a` (e.g. `cfg:o3,k,h`),
//! `id-lean` = [`Config::default`] (the former `lean` preset) with a table
//! of at most 1 MiB (grown by need), `id-lean-fixed` = the same with a
//! fixed 1 MiB table, `id-ordered` = [`Config::ordered`] (the earlier
//! default) with a table of at most 1 MiB,
//! `id-minimax`), repetitions. Prints the root value and the
//! nodes of one run (counted in a separate run for minimax).

use spielbaum_benches::negamax_peer::{like_minimax_id, ours, theirs_ab, theirs_id};
use spielbaum_game_trait::{Evaluator, Game};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Algorithm, Config, Replacement};
use spielbaum_small_games::{LineCount, TicTacToe};

fn run<G: Game, E: Evaluator<G> + Copy>(g: &G, eval: E, depth: u32, variant: &str, reps: u32)
where
    G::Move: Eq,
{
    let d8 = depth as u8;
    let config = match variant {
        "ab-ours" => Some(Config::plain(Algorithm::AlphaBeta)),
        "pvs-ours" => Some(Config::plain(Algorithm::Pvs)),
        "id-like-ours" => Some(like_minimax_id()),
        "id-ours" => Some(Config { table_mib: 1, ..Config::default() }),
        "id-ordered" => Some(Config { table_mib: 1, ..Config::ordered() }),
        "ab-minimax" | "id-minimax" => None,
        "id-like-etc" => Some(Config { etc: true, ..like_minimax_id() }),
        "id-lean" => Some(Config { table_mib: 1, ..Config::lean() }),
        "id-lean-fixed" => Some(Config { table_mib: 1, table_growth: false, ..Config::lean() }),
        "id-ours-etc" => Some(Config { table_mib: 1, etc: true, ..Config::ordered() }),
        "id-like-2t" => Some(Config { replacement: Replacement::TwoTier, ..like_minimax_id() }),
        "id-like-al" => Some(Config { replacement: Replacement::Always, ..like_minimax_id() }),
        v if v.starts_with("cfg:") => match spec(&v[4..]) {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
        v if v.starts_with("id-ours-o") && v[9..].parse::<i32>().is_ok() => Some(Config {
            table_mib: 1,
            order_min_depth: v[9..].parse().unwrap_or(2),
            ..Config::ordered()
        }),
        other => {
            eprintln!("unknown variant {other:?}");
            std::process::exit(2);
        }
    };
    let (value, nodes) = match (&config, variant) {
        (Some(c), _) => ours(g, eval, c, depth),
        (None, "ab-minimax") => theirs_ab::<true, _, _>(g, eval, d8),
        _ => theirs_id::<true, _, _>(g, eval, d8),
    };
    for _ in 0..reps {
        let v = match (&config, variant) {
            (Some(c), _) => ours(g, eval, c, depth).0,
            (None, "ab-minimax") => theirs_ab::<false, _, _>(g, eval, d8).0,
            _ => theirs_id::<false, _, _>(g, eval, d8).0,
        };
        assert_eq!(v, value);
    }
    println!("{variant}: value {value}, nodes {nodes} per run, {reps} runs");
}

/// A configuration from a spec: minimax's techniques ([`like_minimax_id`])
/// plus comma-separated switches: `oN` (static ordering from N plies left),
/// `k` (killers), `h` (history), `etc`, `a` (adaptive).
fn spec(text: &str) -> Result<Config, String> {
    let mut c = like_minimax_id();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        match part {
            "k" => c.killers = true,
            "h" => c.history = true,
            "etc" => c.etc = true,
            "a" => c.adaptive = true,
            o if o.starts_with('o') => {
                c.order_min_depth = o[1..].parse().map_err(|_| format!("bad switch {o:?}"))?
            }
            other => return Err(format!("unknown switch {other:?}")),
        }
    }
    Ok(c)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: negamax_profile tree|dag|ttt VARIANT REPS");
        std::process::exit(2);
    }
    let Ok(reps) = args[3].parse::<u32>() else {
        eprintln!("bad repetitions {:?}", args[3]);
        std::process::exit(2);
    };
    match args[1].as_str() {
        "tree" => run(&RandomTree::new(2026, 10, 64), RandomTreeEval, 6, &args[2], reps),
        "dag" => {
            let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
            run(&dag, RandomTreeEval, 7, &args[2], reps)
        }
        "ttt" => run(&TicTacToe::new(), LineCount, 7, &args[2], reps),
        other => {
            eprintln!("unknown workload {other:?}");
            std::process::exit(2);
        }
    }
}
