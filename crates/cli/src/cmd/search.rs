//! `spielbaum search <game> [--position P] (--depth D | --time-ms T)
//! [--algo A] [--threads N] [--json]`: depth- or time-limited search with
//! the negamax crate.

use std::fmt::Debug;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args as ClapArgs;
use serde_json::json;
use spielbaum_game_trait::{Evaluator, Notation};
use spielbaum_negamax::{Algorithm, Config, Control, Limits, Searcher, Table, params};

use crate::error::CliError;
use crate::games::{GameOpts, GameVisitor, dispatch};
use crate::{out, outln};

/// Arguments of `spielbaum search`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// Search to this depth in plies (1..=10000; past 255 the search runs
    /// on a thread with a stack sized for the depth).
    #[arg(long, short)]
    pub depth: Option<u32>,
    /// Search for this many milliseconds (iterative deepening to at most
    /// 255 plies; the other algorithms search 255 plies at once).
    #[arg(long, value_name = "T")]
    pub time_ms: Option<u64>,
    /// negamax | alphabeta | ordered | pvs | iterative.
    #[arg(long, default_value = "iterative")]
    pub algo: String,
    /// Search threads (lazy SMP), 1..=256; at most two per core run (more
    /// would only take turns on the cores and delay the answer).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB (0 = none, at most 4096).
    #[arg(long, value_name = "MIB", default_value_t = 16)]
    pub table_mib: usize,
    /// Quiescence search over the evaluator's noisy moves.
    #[arg(long)]
    pub quiescence: bool,
    /// Extend nodes with a single legal move.
    #[arg(long)]
    pub extensions: bool,
    /// Enhanced transposition cut-offs (look the children up in the table
    /// first; pays in games with many transpositions).
    #[arg(long)]
    pub etc: bool,
    /// Configuration preset: `default` (the fastest measured on short and
    /// long searches: killers from 4 plies left, static ordering from 3,
    /// ETC, both switched by what they yield, and full ordering with the
    /// history heuristic once a search is big and poorly ordered;
    /// docs/negamax.md), `lean` (its former name, the same) or `ordered`
    /// (an earlier default: static ordering from 2 plies left, killers and
    /// history from the start). The other options apply on top of it.
    #[arg(long, default_value = "default")]
    pub preset: String,
    /// Print JSON: {"score", "best_move", "pv", "depth", "nodes"}.
    #[arg(long)]
    pub json: bool,
}

struct Search<'a> {
    args: &'a Args,
    algo: Algorithm,
    base: Config,
}

impl GameVisitor for Search<'_> {
    type Output = ();

    fn visit<G, E>(self, name: &'static str, game: G, eval: E) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let a = self.args;
        let config = Config {
            algorithm: self.algo,
            table_mib: a.table_mib,
            threads: a.threads,
            quiescence: a.quiescence,
            extensions: a.extensions,
            etc: a.etc || self.base.etc,
            ..self.base
        };
        // The table is allocated before the clock starts (see
        // `prepared_searcher`), so --time-ms is the search's own time.
        let mut searcher = prepared_searcher(eval, config, a.threads);
        let mut limits = match (a.depth, a.time_ms) {
            (Some(d), _) => Limits::depth(d),
            (None, Some(t)) => Limits::time(Duration::from_millis(t)),
            (None, None) => unreachable!("checked in run"),
        };
        if let (Some(_), Some(t)) = (a.depth, a.time_ms) {
            limits = limits.with_deadline(Instant::now() + Duration::from_millis(t));
        }
        let started = Instant::now();
        // Lazy SMP has no callback: it gets a spinner (one thread reports
        // each finished iteration below).
        let spinner =
            (a.threads > 1).then(|| crate::progress::Spinner::start(format!("searching {name}")));
        let depth = limits.depth;
        let sticky = out::Sticky::default();
        let mut search = || {
            if a.threads > 1 {
                searcher.search_parallel(&game, &limits)
            } else {
                let json = a.json;
                searcher.search_with(&game, &limits, |it| {
                    // Progress on stderr for runs that take a while.
                    if !crate::progress::quiet()
                        && (!json || started.elapsed() > Duration::from_secs(1))
                    {
                        sticky.write(|| {
                            out::stderr(format_args!(
                                "depth {:>3}  score {:>8}  nodes {:>12}  ebf {:>5.2}  {:>10.0} nodes/s\n",
                                it.depth, it.score, it.counters.nodes, it.ebf, it.nps
                            ))
                        });
                    }
                    if sticky.failed() { Control::Stop } else { Control::Continue }
                })
            }
        };
        // The search recurses once per ply: deep ones get a stack of their own.
        let r = if depth > params::STACK_SAFE_DEPTH {
            std::thread::scope(|s| {
                std::thread::Builder::new()
                    .stack_size(params::stack_bytes::<G>(depth))
                    .spawn_scoped(s, search)
                    .map_err(|e| CliError::failure(format!("cannot start the search thread: {e}")))?
                    .join()
                    .map_err(|_| CliError::failure("the search thread failed"))
            })?
        } else {
            search()
        };
        drop(spinner);
        sticky.check()?;
        let mut pos = game.clone();
        let mut pv = Vec::new();
        for &m in &r.pv {
            pv.push(pos.move_string(m));
            pos.play(m);
        }
        let best = r.best_move.map(|m| game.move_string(m));
        if a.json {
            outln!(
                "{}",
                json!({ "score": r.score, "best_move": best, "pv": pv, "depth": r.depth, "nodes": r.counters.nodes })
            );
        } else {
            outln!("search {name} from {game} ({})", self.algo.name());
            outln!("best move: {}", best.as_deref().unwrap_or("(none: the game is over)"));
            outln!(
                "score:     {} (depth {}{})",
                r.score,
                r.depth,
                if r.exact { ", exact" } else { "" }
            );
            outln!("pv:        {}", pv.join(" "));
            outln!(
                "nodes:     {} (q {}, cut-offs {}, table hits {}) in {:.3} s",
                r.counters.nodes,
                r.counters.qnodes,
                r.counters.cutoffs,
                r.counters.tt_hits,
                r.elapsed.as_secs_f64()
            );
        }
        Ok(())
    }
}

/// A searcher whose transposition table is allocated now, before the
/// search's clock starts. Alone, the iterative search grows its table with
/// the work done (each growth step is part of the search and of its time);
/// a parallel or single-pass search wants the whole table at once, which
/// the engine would build inside the search, writing every slot. Here it
/// is made in one zeroed allocation instead: the system hands out zero
/// pages as the search first touches them, so neither the allocation nor
/// untouched memory costs search time or resident memory.
fn prepared_searcher<G, E>(eval: E, config: Config, threads: usize) -> Searcher<G, E>
where
    G: Notation,
    E: Evaluator<G>,
{
    let whole = threads > 1 || config.algorithm != Algorithm::Iterative;
    // Plain negamax uses no table.
    if whole && config.table_mib > 0 && config.algorithm != Algorithm::Negamax {
        let table = Table::new(config.table_mib, config.replacement);
        Searcher::new(eval, Config { table_mib: 0, ..config }).with_table(Arc::new(table))
    } else {
        Searcher::new(eval, config)
    }
}

/// Runs `spielbaum search`.
pub fn run(args: &Args) -> Result<(), CliError> {
    let max = params::DEPTH_INFINITE as u32;
    match (args.depth, args.time_ms) {
        (None, None) => return Err(CliError::usage("give --depth D or --time-ms T")),
        (Some(d), _) if !(1..=max).contains(&d) => {
            return Err(CliError::usage(format!("--depth {d} is out of range 1..={max}")));
        }
        (_, Some(0)) => return Err(CliError::usage("--time-ms must be at least 1")),
        _ => {}
    }
    if !(1..=256).contains(&args.threads) {
        return Err(CliError::usage(format!("--threads {} is out of range 1..=256", args.threads)));
    }
    if args.table_mib > 4096 {
        return Err(CliError::usage(format!(
            "--table-mib {} is out of range 0..=4096",
            args.table_mib
        )));
    }
    let algo = Algorithm::parse(&args.algo).map_err(|e| CliError::usage(format!("--algo: {e}")))?;
    let base = match args.preset.as_str() {
        "default" => Config::default(),
        "lean" => Config::lean(),
        "ordered" => Config::ordered(),
        other => {
            return Err(CliError::usage(format!(
                "--preset {other} is not one of: default, lean, ordered"
            )));
        }
    };
    dispatch(&args.game, Search { args, algo, base })
}
