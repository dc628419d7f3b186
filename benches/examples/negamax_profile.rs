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
//! synthetic DAG b=8 depth 7, `ttt` = Tic-tac-toe depth 7 with `LineCount`;
//! the bench's searches of realistic size, every table there 16 MiB:
//! `c4` = Connect Four 7×6 depth 12 with `OpenLines`, `gomoku` = Gomoku 7×7
//! from d4 depth 5 with the clamped pattern evaluator, `muehle` = nine men's
//! Mühle depth 7 with `MillEval`),
//! variant (`ab-ours`, `ab-minimax`, `pvs-ours`, `id-like-ours`,
//! `id-ours`, `id-ours-oN` = `id-ordered` ordering by evaluation only with at
//! least N plies left, `cfg:SWITCHES` = minimax's techniques plus the
//! comma-separated switches `oN`, `k`, `h`, `etc`, `a`, `g`, `fN` (e.g. `cfg:o3,k,h`),
//! `id-lean` = [`Config::default`] (the former `lean` preset) with a table
//! of at most 1 MiB (grown by need), `id-lean-fixed` = the same with a
//! fixed 1 MiB table, `id-ordered` = [`Config::ordered`] (the earlier
//! default) with a table of at most 1 MiB,
//! `id-minimax`), repetitions, and optionally the depth (instead of the
//! workload's). Prints the root value and the
//! nodes of one run (counted in a separate run for minimax).

use spielbaum_benches::negamax_peer::{Fit16, like_minimax_id, ours, theirs_ab, theirs_id_mib};
use spielbaum_game_trait::{Evaluator, Game, Notation};
use spielbaum_gomoku::{Gomoku, Pattern, Rules};
use spielbaum_muehle::{MillEval, Position};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Algorithm, Config, Replacement};
use spielbaum_small_games::{Connect4, LineCount, OpenLines, TicTacToe};

fn run<G: Game, E: Evaluator<G> + Copy>(
    g: &G,
    eval: E,
    depth: u32,
    mib: usize,
    variant: &str,
    reps: u32,
) where
    G::Move: Eq,
{
    let d8 = depth as u8;
    let config = match variant {
        "id-default" => Some(Config::default()),
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
    // The workload's table size for every variant (1 MiB on the small ones).
    let config = config.map(|c| Config { table_mib: mib, ..c });
    let (value, nodes) = match (&config, variant) {
        (Some(c), _) => ours(g, eval, c, depth),
        (None, "ab-minimax") => theirs_ab::<true, _, _>(g, eval, d8),
        _ => theirs_id_mib::<true, _, _>(g, eval, d8, mib),
    };
    for _ in 0..reps {
        let v = match (&config, variant) {
            (Some(c), _) => ours(g, eval, c, depth).0,
            (None, "ab-minimax") => theirs_ab::<false, _, _>(g, eval, d8).0,
            _ => theirs_id_mib::<false, _, _>(g, eval, d8, mib).0,
        };
        assert_eq!(v, value);
    }
    println!("{variant}: value {value}, nodes {nodes} per run, {reps} runs");
}

/// A configuration from a spec: minimax's techniques ([`like_minimax_id`])
/// plus comma-separated switches: `oN` (static ordering from N plies left),
/// `k` (killers), `h` (history), `etc`, `a` (adaptive), `g` (table growth), `fN` (full ordering
/// from iterations expected to expand N nodes on, where the ordering is
/// poor), `FN` (the same whatever the ordering, `full_order_always`).
fn spec(text: &str) -> Result<Config, String> {
    let mut c = like_minimax_id();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        match part {
            "k" => c.killers = true,
            "h" => c.history = true,
            "etc" => c.etc = true,
            "a" => c.adaptive = true,
            "g" => c.table_growth = true,
            f if f.starts_with('f') || f.starts_with('F') => {
                c.full_order_nodes = Some(f[1..].parse().map_err(|_| format!("bad switch {f:?}"))?);
                c.full_order_always = f.starts_with('F');
            }
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
    if !(4..=5).contains(&args.len()) {
        eprintln!("usage: negamax_profile tree|dag|ttt|c4|gomoku|muehle VARIANT REPS [DEPTH]");
        std::process::exit(2);
    }
    let depth = match args.get(4).map(|d| d.parse::<u32>()) {
        None => None,
        Some(Ok(d)) if d >= 1 => Some(d),
        Some(_) => {
            eprintln!("bad depth {:?}", args[4]);
            std::process::exit(2);
        }
    };
    let Ok(reps) = args[3].parse::<u32>() else {
        eprintln!("bad repetitions {:?}", args[3]);
        std::process::exit(2);
    };
    match args[1].as_str() {
        "tree" => run(
            &RandomTree::new(2026, 10, 64),
            RandomTreeEval,
            depth.unwrap_or(6),
            1,
            &args[2],
            reps,
        ),
        "dag" => {
            let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
            run(&dag, RandomTreeEval, depth.unwrap_or(7), 1, &args[2], reps)
        }
        "ttt" => run(&TicTacToe::new(), LineCount, depth.unwrap_or(7), 1, &args[2], reps),
        "c4" => run(&Connect4::standard(), OpenLines, depth.unwrap_or(12), 16, &args[2], reps),
        "gomoku" => {
            let g = Gomoku::new(Rules::mnk(7, 7, 5).expect("7×7 rules"));
            let g = g.after(g.parse_move("d4").expect("d4"));
            run(&g, Fit16(Pattern::new(5, false)), depth.unwrap_or(5), 16, &args[2], reps)
        }
        "muehle" => run(&Position::nine(), MillEval, depth.unwrap_or(7), 16, &args[2], reps),
        other => {
            eprintln!("unknown workload {other:?}");
            std::process::exit(2);
        }
    }
}
