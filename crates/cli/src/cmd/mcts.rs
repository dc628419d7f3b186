//! `spielbaum mcts <game> [game options] [--position P]
//! (--iterations N | --time-ms T) [--seed S] [--threads N] [--tree] [--json]`:
//! Monte Carlo graph search (or tree search) with the mcts crate: per root
//! move its visits and estimated win probability, and the chosen move.

use std::fmt::{Debug, Write as _};
use std::time::{Duration, Instant};

use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressStyle};
use spielbaum_game_trait::{Evaluator, Notation};
use spielbaum_mcts::{Analysis, Budget, Config, Control, Mcts, Proof, Selection};

use crate::error::CliError;
use crate::games::{GameOpts, GameVisitor, dispatch};
use crate::{out, outln};

/// Arguments of `spielbaum mcts`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// Iterations (summed over threads), 1..=10^12.
    #[arg(long, value_name = "N")]
    pub iterations: Option<u64>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "T")]
    pub time_ms: Option<u64>,
    /// Seed of the random number generator (same seed and iteration budget
    /// on one thread: same answer).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Threads (root parallelism: one graph or tree each), 1..=256.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// UCT exploration constant c (default sqrt 2).
    #[arg(long, value_name = "C")]
    pub exploration: Option<f64>,
    /// Memory cap, 1..=2^32, shared by the threads. Graph search (the
    /// default) stops expanding once a graph would hold more than this
    /// many edges plus one, and counts positions; tree search, once a tree
    /// would hold more than this many nodes. Each thread always expands
    /// the root, so a graph may hold the root and one position per root
    /// move beyond the cap, and a tree holds at least the root and one
    /// node per root move (a root of 4,096 moves or more, searched by
    /// trees even by default: one node per root move visited).
    #[arg(long, value_name = "N")]
    pub nodes: Option<usize>,
    /// Monte Carlo graph search: one node per position, so transpositions
    /// share their statistics and proofs (two-player games; puzzles are
    /// searched as a tree, and so is a root of 4,096 moves or more, whose
    /// trees share one lazily expanded root). The default; the switch is
    /// kept so that older command lines still run.
    #[arg(long, conflicts_with = "tree")]
    pub graph: bool,
    /// Classic tree search instead of graph search: one node per path,
    /// transpositions not merged (what the default does anyway for puzzles
    /// and roots of 4,096 moves or more).
    #[arg(long)]
    pub tree: bool,
    /// Switch MCTS-Solver off: pure Monte Carlo statistics.
    #[arg(long)]
    pub no_solver: bool,
    /// Stop as soon as MCTS-Solver proves the root (by default the search
    /// uses its whole budget, so the statistics keep converging).
    #[arg(long, conflicts_with = "no_solver")]
    pub stop_when_proven: bool,
    /// Print JSON: {"best_move", "iterations", "moves": [{"move", "visits",
    /// "win_probability", ...}]}.
    #[arg(long)]
    pub json: bool,
}

struct Run<'a> {
    args: &'a Args,
    budget: Budget,
}

fn proof_name(p: Proof) -> Option<&'static str> {
    match p {
        Proof::Unknown => None,
        Proof::Win => Some("win"),
        Proof::Loss => Some("loss"),
    }
}

impl GameVisitor for Run<'_> {
    type Output = ();

    fn visit<G, E>(self, name: &'static str, game: G, _eval: E) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let a = self.args;
        let mut config = Config::seeded(a.seed)
            .threads(a.threads)
            .solver(!a.no_solver)
            .stop_when_proven(a.stop_when_proven)
            .graph(!a.tree);
        if let Some(c) = a.exploration {
            config.selection = Selection::Uct { exploration: c };
        }
        let mut mcts = Mcts::new(game.clone(), config);
        let started = Instant::now();
        let bar = ProgressBar::hidden();
        let total = self.budget.iterations.unwrap_or(0);
        let time_ms = self.budget.time.map_or(0, |t| t.as_millis() as u64);
        let analysis: Analysis<G::Move> = mcts.search_with(self.budget, |p| {
            // A bar on stderr only for runs longer than a second.
            if p.elapsed > Duration::from_secs(1) {
                if bar.is_hidden() {
                    bar.set_draw_target(crate::progress::target());
                    bar.set_style(
                        ProgressStyle::with_template("{bar:40} {percent:>3}% {msg}")
                            .unwrap_or_else(|_| ProgressStyle::default_bar()),
                    );
                }
                let (pos, len) = if total > 0 {
                    (p.iterations, total)
                } else {
                    (p.elapsed.as_millis() as u64, time_ms.max(1))
                };
                bar.set_length(len);
                bar.set_position(pos.min(len));
                bar.set_message(format!("{} iterations, {} nodes", p.iterations, p.nodes));
            }
            Control::Continue
        });
        bar.finish_and_clear();
        let best = analysis.best_move.map(|m| game.move_string(m));
        if a.json {
            let text = json_text(&analysis, best.as_deref(), |mv| game.move_string(mv))
                .map_err(|e| CliError::failure(format!("JSON output: {e}")))?;
            outln!("{text}");
        } else {
            outln!("mcts {name} from {game}");
            outln!("best move: {}", best.as_deref().unwrap_or("(none: the game is over)"));
            if let Some(p) = proof_name(analysis.proof) {
                outln!("proven:    {p} for the player to move (MCTS-Solver)");
            }
            outln!(
                "{:>10} {:>10} {:>10} {:>8} {:>8}  proof",
                "move",
                "visits",
                "wins",
                "draws",
                "p(win)"
            );
            // One write for the whole table: a root may have tens of
            // thousands of moves, and stdout writes line by line.
            let mut table = String::new();
            for m in &analysis.moves {
                let _ = writeln!(
                    table,
                    "{:>10} {:>10} {:>10} {:>8} {:>8.4}  {}",
                    game.move_string(m.mv),
                    m.visits,
                    m.wins,
                    m.draws,
                    m.win_probability,
                    proof_name(m.proof).unwrap_or("-")
                );
            }
            out!("{table}");
            outln!(
                "{} iterations, {} nodes, {:.3} s ({:.0} iterations/s), stopped by {:?}",
                analysis.iterations,
                analysis.nodes,
                started.elapsed().as_secs_f64(),
                analysis.iterations_per_second(),
                analysis.stopped_by
            );
        }
        Ok(())
    }
}

/// The `--json` document: the same text as `serde_json`'s `json!` value
/// of it (keys in this order, compact), written straight into one buffer,
/// because a root may have 65,536 moves and a `Value` per move costs more
/// than the search's own output should.
fn json_text<M: Copy>(
    analysis: &Analysis<M>,
    best: Option<&str>,
    name: impl Fn(M) -> String,
) -> serde_json::Result<String> {
    use std::io::Write as _;
    let mut out: Vec<u8> = Vec::with_capacity(128 + 96 * analysis.moves.len());
    out.extend_from_slice(b"{\"best_move\":");
    serde_json::to_writer(&mut out, &best)?;
    let _ = write!(out, ",\"iterations\":{},\"moves\":[", analysis.iterations);
    for (i, m) in analysis.moves.iter().enumerate() {
        out.extend_from_slice(if i == 0 { b"{\"move\":" } else { b",{\"move\":" });
        serde_json::to_writer(&mut out, &name(m.mv))?;
        let _ = write!(out, ",\"visits\":{},\"win_probability\":", m.visits);
        serde_json::to_writer(&mut out, &m.win_probability)?;
        let _ = write!(out, ",\"wins\":{},\"draws\":{},\"proof\":", m.wins, m.draws);
        serde_json::to_writer(&mut out, &proof_name(m.proof))?;
        out.push(b'}');
    }
    out.extend_from_slice(b"],\"proof\":");
    serde_json::to_writer(&mut out, &proof_name(analysis.proof))?;
    let _ = write!(out, ",\"nodes\":{}}}", analysis.nodes);
    // Only JSON was written: valid UTF-8 (no copy).
    Ok(String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// Runs `spielbaum mcts`.
pub fn run(args: &Args) -> Result<(), CliError> {
    let mut budget = Budget::default();
    match (args.iterations, args.time_ms) {
        (None, None) => return Err(CliError::usage("give --iterations N or --time-ms T")),
        (Some(n), _) if !(1..=1_000_000_000_000).contains(&n) => {
            return Err(CliError::usage(format!("--iterations {n} is out of range 1..=10^12")));
        }
        (_, Some(0)) => return Err(CliError::usage("--time-ms must be at least 1")),
        _ => {}
    }
    budget.iterations = args.iterations;
    budget.time = args.time_ms.map(Duration::from_millis);
    if !(1..=256).contains(&args.threads) {
        return Err(CliError::usage(format!("--threads {} is out of range 1..=256", args.threads)));
    }
    if let Some(c) = args.exploration
        && !(c.is_finite() && c >= 0.0)
    {
        return Err(CliError::usage(format!("--exploration {c} must be a finite number >= 0")));
    }
    if let Some(n) = args.nodes {
        if !(1..=1usize << 32).contains(&n) {
            return Err(CliError::usage(format!("--nodes {n} is out of range 1..=2^32")));
        }
        budget.nodes = Some(n);
    }
    dispatch(&args.game, Run { args, budget })
}

/// The tour section: the text's example, n = 22, as MCTS sees it.
pub fn tour() -> Result<(), CliError> {
    use spielbaum_nim_variant::SubtractionGame;
    let game = SubtractionGame::classic(22)?;
    let config = Config::seeded(1).solver(false);
    let mut mcts = Mcts::new(game, config);
    outln!("   subtraction game 3, 5, 11 from n = 22 (the winning move is 5: 17 mod 8 = 1)");
    outln!("   pure UCT statistics on a graph (no solver), seed 1; p(win) per move:");
    let mut done = 0;
    for step in [100u64, 1_000, 10_000, 100_000] {
        let a = mcts.search(Budget::iterations(step - done));
        done = step;
        let ps: Vec<String> = [3u32, 5, 11]
            .iter()
            .map(|&d| {
                let p = a.get(d).map_or(0.0, |m| m.win_probability);
                format!("{d}: {p:.3}")
            })
            .collect();
        outln!(
            "   {step:>7} iterations  {}  -> chooses {}",
            ps.join("  "),
            a.best_move.map_or("-".into(), |m| m.to_string())
        );
    }
    let n = 54u64;
    let mut solver = Mcts::new(SubtractionGame::classic(n)?, Config::seeded(1));
    let a = solver.search(Budget::iterations(1_000_000));
    // The text's rule, for comparison: leave a multiple of 8 plus 0, 1 or 2.
    let rule: Vec<String> = [3u64, 5, 11]
        .iter()
        .filter(|&&d| d <= n && (n - d) % 8 <= 2)
        .map(|d| d.to_string())
        .collect();
    outln!(
        "   MCTS-Solver from n = {n}: root {:?} after {} iterations, move {}; the n mod 8 rule says {}",
        a.proof,
        a.iterations,
        a.best_move.map_or("-".into(), |m| m.to_string()),
        rule.join(" or ")
    );
    Ok(())
}
