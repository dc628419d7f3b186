//! `spielbaum tour`: a short showcase of what every crate computes.
//!
//! Each crate adds one section: a function in [`SECTIONS`] that prints a
//! few lines and finishes within a few seconds.

use std::collections::HashSet;
use std::time::Instant;

use clap::Args as ClapArgs;
use spielbaum_game_trait::{Game, GameExt, perft_counts};
use spielbaum_small_games::{Dice, Nim, TicTacToe};

use crate::error::CliError;
use crate::outln;

/// Arguments of `spielbaum tour`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Run only the sections whose title contains this text.
    #[arg(long)]
    pub only: Option<String>,
}

/// A section: its title and the function that prints it.
type Section = (&'static str, fn() -> Result<(), CliError>);

/// The tour, in order. Add one line per crate.
const SECTIONS: &[Section] = &[
    ("small-games: Tic-tac-toe, Würfelkippen, NIM", small_games),
    ("nim-variant: the subtraction game 3, 5, 11", nim_variant),
    ("negamax: solving and searching with the alpha-beta family", negamax),
    ("golf-clubs: minimal strokes, expected values, the best club set", crate::cmd::golf::tour),
    ("mcts: Monte Carlo graph search on the subtraction game", crate::cmd::mcts::tour),
    ("peg-solitaire: level statistics with path counts, a solution", crate::cmd::peg::tour),
];

/// Runs the tour.
pub fn run(args: &Args) -> Result<(), CliError> {
    if let Some(only) = &args.only
        && !SECTIONS.iter().any(|(title, _)| title.contains(only.as_str()))
    {
        let titles: Vec<&str> = SECTIONS.iter().map(|(t, _)| *t).collect();
        return Err(CliError::usage(format!(
            "--only {only:?} matches no section; the sections are: {}",
            titles.join("; ")
        )));
    }
    let started = Instant::now();
    outln!("spielbaum tour: what each crate computes\n");
    for (title, section) in SECTIONS {
        if let Some(only) = &args.only
            && !title.contains(only.as_str())
        {
            continue;
        }
        outln!("== {title}");
        let t = Instant::now();
        section()?;
        outln!("   ({:.2} s)\n", t.elapsed().as_secs_f64());
    }
    outln!("tour finished in {:.2} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn small_games() -> Result<(), CliError> {
    let ttt = TicTacToe::new();
    let counts = perft_counts(&ttt, 9);
    outln!("   Tic-tac-toe move sequences by length 1..9: {counts:?}");
    outln!("   finished games: {}", count_games(&ttt).iter().sum::<u64>());
    let mut seen = HashSet::new();
    let mut canon = HashSet::new();
    let mut stack = vec![ttt];
    seen.insert(ttt.key());
    while let Some(p) = stack.pop() {
        canon.insert(p.canonical_key());
        for mv in p.legal_moves() {
            let c = p.after(mv);
            if seen.insert(c.key()) {
                stack.push(c);
            }
        }
    }
    outln!("   reachable positions: {}, up to the 8 symmetries: {}", seen.len(), canon.len());
    let dice = Dice::new(4, 8)?;
    outln!(
        "   Würfelkippen, start face 4, target 8: {} first moves, {:?} sequences of 1..4 tips",
        dice.legal_moves().len(),
        perft_counts(&dice, 4)
    );
    let nim = Nim::new(&[3, 4, 5])?;
    outln!("   NIM 3,4,5: nim-sum {} (non-zero: the first player can force a win)", nim.nim_sum());
    Ok(())
}

/// Finished games by length (index = plies).
fn count_games(g: &TicTacToe) -> Vec<u64> {
    fn rec(g: &TicTacToe, ply: usize, out: &mut Vec<u64>) {
        if g.is_over() {
            if out.len() <= ply {
                out.resize(ply + 1, 0);
            }
            out[ply] += 1;
            return;
        }
        for mv in g.legal_moves() {
            rec(&g.after(mv), ply + 1, out);
        }
    }
    let mut out = Vec::new();
    rec(g, 0, &mut out);
    out
}

fn nim_variant() -> Result<(), CliError> {
    use spielbaum_nim_variant::{
        Mixed, Random, SimConfig, StrategyTable, SubtractionGame, Subtractions, simulate, sweep,
    };
    let rules = Subtractions::CLASSIC;
    let c = sweep(&rules, 26)?;
    outln!("   S = {{3,5,11}}: red numbers (produce them) up to 26: {:?}", c.p_positions());
    if let Some(t) = StrategyTable::build(&rules, 1 << 20)? {
        let p = t.periodicity;
        outln!(
            "   period {} (preperiod {}), red residues {:?}; from n mod 8 = 7 subtract {:?}",
            p.period,
            p.preperiod,
            t.red_residues(),
            t.moves[7]
        );
    }
    let mut a = Mixed::new(&rules, 0.6, 1)?;
    let mut b = Random::new(2);
    let r =
        simulate(&mut a, &mut b, &SimConfig { games: 10_000, ..SimConfig::classic() }, |_| true)?;
    let (lo, hi) = r.all.wilson95();
    outln!(
        "   mixed:0.6 vs random from 20..50, 10000 games: A wins {:.3} (95% CI {lo:.3}..{hi:.3})",
        r.all.rate()
    );
    // The text's algorithm: plain Monte Carlo statistics on a tree
    // (pinned: graph search, the default, would merge transpositions).
    let config = spielbaum_mcts::Config::seeded(1).solver(false).graph(false);
    let rows = spielbaum_mcts::convergence(&SubtractionGame::classic(22)?, &[100, 10_000], config);
    for row in rows {
        let ps: Vec<String> = row.moves.iter().map(|(d, p, _)| format!("-{d}: {p:.2}")).collect();
        outln!("   MCTS from 22 after {:>5} iterations: p(win) {}", row.iterations, ps.join(", "));
    }
    Ok(())
}

fn negamax() -> Result<(), CliError> {
    use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval};
    use spielbaum_negamax::{Algorithm, Config, Limits, Searcher, solve};

    let ttt = TicTacToe::new();
    let s = solve(&ttt);
    outln!(
        "   Tic-tac-toe solved: {} in {} plies, all {} first moves keep it, {} nodes",
        s.value.name(),
        s.plies,
        s.best_moves.len(),
        s.nodes
    );
    let nim = Nim::new(&[3, 4, 5])?;
    let s = solve(&nim);
    outln!(
        "   NIM 3,4,5: {} for the first player in {} plies (xor rule: 3^4^5 = {})",
        s.value.name(),
        s.plies,
        3 ^ 4 ^ 5
    );
    let tree = RandomTree::new(2026, 8, 64);
    outln!("   random tree, branching 8, depth 6: nodes per variant (same root value)");
    for algo in Algorithm::ALL {
        let config =
            if algo == Algorithm::Iterative { Config::default() } else { Config::plain(algo) };
        let r = Searcher::new(RandomTreeEval, config).search(&tree, &Limits::depth(6));
        outln!("     {:<10} score {:>5}  nodes {:>8}", algo.name(), r.score, r.counters.nodes);
    }
    Ok(())
}
