//! Solving Connect Four with the negamax crate.
//!
//! ```text
//! cargo run --release -p spielbaum-small-games --example connect4 -- solve W H [LINE]
//! cargo run --release -p spielbaum-small-games --example connect4 -- deepen W H SECONDS [LINE]
//! cargo run --release -p spielbaum-small-games --example connect4 -- openings W H PLIES SECONDS
//! cargo run --release -p spielbaum-small-games --example connect4 -- sample W H PLIES SECONDS N
//! cargo run --release -p spielbaum-small-games --example connect4 -- count W H
//! ```
//!
//! - `solve`: the exact value of the W×H board after the moves of LINE
//!   (column letters, e.g. `dd`), with negamax's exact solver.
//! - `deepen`: iterative deepening with the evaluator that knows nothing
//!   (so only proven wins and losses show) for SECONDS, one line per depth.
//! - `openings`: every position after PLIES plies (one per mirror pair),
//!   each solved exactly with a deadline of SECONDS; counts how many are
//!   solved in time.
//! - `sample`: like `openings`, for N positions after PLIES plies of
//!   seeded random games (seeds 0..N) instead of all of them.
//! - `count`: the number of positions after each ply (finished ones
//!   included) and in all, and in all up to mirroring.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use spielbaum_game_trait::{Game, GameExt, Notation, SplitMix64, Zero, plies_to_end};
use spielbaum_negamax::{Algorithm, Config, Control, Limits, Searcher, Solver};
use spielbaum_small_games::Connect4;

fn usage() -> ! {
    eprintln!(
        "usage: connect4 solve W H [LINE] | deepen W H SECONDS [LINE] | openings W H PLIES SECONDS \
         | sample W H PLIES SECONDS N | count W H"
    );
    std::process::exit(2)
}

fn num<T: std::str::FromStr>(s: Option<&String>) -> T {
    s.and_then(|s| s.parse().ok()).unwrap_or_else(|| usage())
}

fn board(w: usize, h: usize, line: Option<&String>) -> Connect4 {
    let mut g = Connect4::new(w, h).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    if let Some(line) = line
        && let Err(e) = g.play_line(line)
    {
        eprintln!("{e}");
        std::process::exit(2)
    }
    g
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (w, h) = (num::<usize>(args.get(1)), num::<usize>(args.get(2)));
    match args.first().map(String::as_str) {
        Some("solve") => {
            let g = board(w, h, args.get(3));
            let t = Instant::now();
            let s = Solver::new(256).solve(&g);
            let best: Vec<String> = s.best_moves.iter().map(|&m| g.move_string(m)).collect();
            println!(
                "{w}x{h} {g}: {} in {} plies, best moves {}, {} nodes, {:.2?}",
                s.value.name(),
                s.plies,
                best.join(" "),
                s.nodes,
                t.elapsed()
            );
        }
        Some("deepen") => {
            let secs: f64 = num(args.get(3));
            let g = board(w, h, args.get(4));
            let mut searcher = Searcher::new(Zero, Config { table_mib: 256, ..Config::default() });
            let limits = Limits {
                depth: (g.cells() - g.plies()) as u32,
                ..Limits::time(Duration::from_secs_f64(secs))
            };
            let r = searcher.search_with(&g, &limits, |it| {
                println!(
                    "depth {:2}: score {:8} ({}), {:>12} nodes, {:.2?}",
                    it.depth,
                    it.score,
                    plies_to_end(it.score).map_or("open".into(), |p| format!("ends in {p}")),
                    it.counters.nodes,
                    it.elapsed
                );
                Control::Continue
            });
            println!(
                "reached depth {} in {:.2?} ({} nodes), exact: {}",
                r.depth, r.elapsed, r.counters.nodes, r.exact
            );
        }
        Some("openings" | "sample") => {
            let plies: usize = num(args.get(3));
            let secs: f64 = num(args.get(4));
            let mut level = vec![board(w, h, None)];
            if args[0] == "sample" {
                let n: u64 = num(args.get(5));
                level = (0..n)
                    .filter_map(|seed| {
                        let mut rng = SplitMix64::new(seed);
                        let mut g = board(w, h, None);
                        for _ in 0..plies {
                            let moves = g.legal_moves();
                            if moves.is_empty() {
                                return None;
                            }
                            g.play(moves[rng.below(moves.len())]);
                        }
                        (!g.is_over()).then_some(g)
                    })
                    .collect();
            }
            for _ in 0..if args[0] == "sample" { 0 } else { plies } {
                let mut seen = HashSet::new();
                let mut next = Vec::new();
                for p in &level {
                    for mv in p.legal_moves() {
                        let c = p.after(mv);
                        if !c.is_over() && seen.insert(c.canonical_key()) {
                            next.push(c);
                        }
                    }
                }
                level = next;
            }
            let mut searcher = Searcher::new(
                Zero,
                Config {
                    table_mib: 256,
                    aspiration: None,
                    ..Config::with_algorithm(Algorithm::Pvs)
                },
            );
            let (mut solved, mut times) = (0, Vec::new());
            let started = Instant::now();
            for p in &level {
                let limits = Limits::depth((p.cells() - p.plies()) as u32)
                    .with_deadline(Instant::now() + Duration::from_secs_f64(secs));
                let r = searcher.search(p, &limits);
                if r.exact && !r.stopped {
                    solved += 1;
                    times.push(r.elapsed);
                }
            }
            times.sort();
            let median = times.get(times.len() / 2).copied().unwrap_or_default();
            println!(
                "{w}x{h} after {plies} plies: {} positions, {solved} solved \
                 within {secs} s each (median {median:.2?}, slowest {:.2?}), total {:.2?}",
                level.len(),
                times.last().copied().unwrap_or_default(),
                started.elapsed()
            );
        }
        Some("count") => {
            let mut level = vec![board(w, h, None)];
            let (mut total, mut canonical) = (1u64, 1u64);
            println!("ply 0: 1");
            for ply in 1..=w * h {
                let mut seen = HashSet::new();
                let mut next = Vec::new();
                for p in &level {
                    for mv in p.legal_moves() {
                        let c = p.after(mv);
                        if seen.insert(c.key()) {
                            next.push(c);
                        }
                    }
                }
                let mirrored: HashSet<u64> = next.iter().map(|p| p.canonical_key()).collect();
                total += next.len() as u64;
                canonical += mirrored.len() as u64;
                println!("ply {ply}: {}", next.len());
                level = next;
            }
            println!("{w}x{h}: {total} positions, {canonical} up to mirroring");
        }
        _ => usage(),
    }
}
