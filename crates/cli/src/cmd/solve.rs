//! `spielbaum solve <game> [options] [--position P] [--json]`: the exact
//! value under perfect play (negamax crate; for Gomoku and m,n,k-games the
//! gomoku crate's value search over the negamax crate).

use std::any::Any;
use std::fmt::{Debug, Display};
use std::time::{Duration, Instant};

use clap::Args as ClapArgs;
use serde_json::json;
use spielbaum_game_trait::{Evaluator, Notation};
use spielbaum_gomoku::{Gomoku, MnkSolver};
use spielbaum_negamax::{Solver, Value};
use spielbaum_nim_variant::SubtractionGame;
use spielbaum_small_games::Dice;

use crate::error::CliError;
use crate::games::{GameOpts, GameVisitor, dispatch};
use crate::outln;

/// Arguments of `spielbaum solve`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// Transposition table size in MiB (1..=4096).
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub table_mib: usize,
    /// Give up after about this many nodes (1..=10^15): a game too large to
    /// solve gets an error instead of a search without end.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
    /// Give up after this many seconds (deep games cost far more per node
    /// than shallow ones, so the node budget alone does not bound the time).
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIME_LIMIT)]
    pub time_limit: f64,
    /// Print JSON: {"value", "plies", "best_moves", "nodes"} (Gomoku with
    /// radius 0 where the exact solver does not finish on a tenth of the
    /// limits: plies only for a draw, else null).
    #[arg(long)]
    pub json: bool,
}

/// The default node budget of a solve.
pub const DEFAULT_MAX_NODES: u64 = 200_000_000;
/// The default time budget of a solve, in seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 60.0;
/// Gomoku's exact game (radius 0) gets the exact solver first, on this
/// fraction (one in N) of `--max-nodes` and `--time-limit`; the value
/// search takes what is left.
const MNK_EXACT_SHARE: u64 = 10;

/// The longest line from `game` in plies, where the game is one whose
/// lines are bounded by a simple count: Würfelkippen (every two tips add
/// at least 1 + 2 to the sum) and the subtraction game (every move
/// subtracts at least min S). `None` for the other games.
fn longest_line<G: 'static>(game: &G) -> Option<u64> {
    let any = game as &dyn Any;
    if let Some(d) = any.downcast_ref::<Dice>() {
        let left = u64::from(d.target() - d.sum());
        return Some(2 * left / 3 + 1);
    }
    if let Some(g) = any.downcast_ref::<SubtractionGame>() {
        let n = g.number().max(0) as u64;
        return Some(n.div_ceil(u64::from(g.rules().min())));
    }
    None
}

struct Solve<'a>(&'a Args);

impl GameVisitor for Solve<'_> {
    type Output = ();

    fn visit<G, E>(self, name: &'static str, game: G, _eval: E) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let started = Instant::now();
        let depth = spielbaum_negamax::params::DEPTH_INFINITE as u64;
        if let Some(longest) = longest_line(&game)
            && longest > depth
        {
            return Err(CliError::failure(format!(
                "{name} from {game} cannot be solved exactly within {depth} plies: \
                 its lines run up to {longest} plies"
            )));
        }
        let mnk = (&game as &dyn Any).downcast_ref::<Gomoku>().filter(|p| p.rules().radius == 0);
        // Gomoku's exact game: the exact solver first, on a share of the
        // limits (small boards, with plies and the shortest wins), then
        // the value search where it does not finish.
        let share = if mnk.is_some() { MNK_EXACT_SHARE } else { 1 };
        let limit = (self.0.max_nodes / share).max(1);
        let seconds = self.0.time_limit / share as f64;
        let spinner = crate::progress::Spinner::start(format!("solving {name}"));
        let s = Solver::new(self.0.table_mib)
            .with_node_limit(limit)
            .with_deadline(started + Duration::from_secs_f64(seconds))
            .solve(&game);
        drop(spinner);
        if let Some(pos) = mnk
            && !s.complete
        {
            return solve_mnk(self.0, name, pos, started, s.nodes);
        }
        let secs = started.elapsed().as_secs_f64();
        if !s.complete {
            limit_error(self.0, name, &game, s.nodes, secs)?;
        }
        if !s.complete {
            return Err(CliError::failure(format!(
                "{name} from {game} cannot be solved exactly: a line repeats a position \
                 (the game has cycles) or runs past {} plies",
                spielbaum_negamax::params::DEPTH_INFINITE
            )));
        }
        let best: Vec<String> = s.best_moves.iter().map(|&m| game.move_string(m)).collect();
        if self.0.json {
            outln!(
                "{}",
                json!({ "value": s.value.name(), "plies": s.plies, "best_moves": best, "nodes": s.nodes })
            );
        } else {
            let mut pos = game.clone();
            let mut line = Vec::new();
            for &m in &s.pv {
                line.push(pos.move_string(m));
                pos.play(m);
            }
            outln!("solve {name} from {game}");
            outln!("value:      {} for the side to move", s.value.name());
            outln!("plies:      {} to the end under best play", s.plies);
            outln!("best moves: {}", best.join(" "));
            outln!("a best line: {}", line.join(" "));
            outln!("nodes:      {} ({secs:.3} s)", s.nodes);
        }
        Ok(())
    }
}

/// The error of a solve that stopped at `--time-limit` or `--max-nodes`
/// (`Ok` if neither ran out).
fn limit_error(
    args: &Args,
    name: &str,
    game: &dyn Display,
    nodes: u64,
    secs: f64,
) -> Result<(), CliError> {
    if secs >= args.time_limit {
        return Err(CliError::failure(format!(
            "{name} from {game} was not solved within {} s (--time-limit; {nodes} nodes searched)",
            args.time_limit
        )));
    }
    if nodes >= args.max_nodes {
        return Err(CliError::failure(format!(
            "{name} from {game} cannot be solved exactly within {} nodes \
             (--max-nodes; {nodes} searched in {secs:.1} s)",
            args.max_nodes
        )));
    }
    Ok(())
}

/// Solves a Gomoku or m,n,k position of the exact game (every empty cell a
/// move) by the gomoku crate's value search, where the exact solver did
/// not finish on its share of the limits (`spent` nodes): it answers win,
/// draw or loss where the search for the plies to the end does not
/// finish (5,5,4 among others). Its best moves are the moves whose
/// positions keep the root's value. `plies` is exact for a draw (a drawn
/// game ends only when the board is full: the empty cells) and unknown
/// (`null`) for a win or a loss, since the value search does not count
/// plies. `nodes` counts both searches.
fn solve_mnk(
    args: &Args,
    name: &str,
    pos: &Gomoku,
    started: Instant,
    spent: u64,
) -> Result<(), CliError> {
    let spinner = crate::progress::Spinner::start(format!("solving {name}"));
    let mut solver = MnkSolver::new(args.table_mib)
        .with_node_limit(args.max_nodes.saturating_sub(spent).max(1))
        .with_deadline(started + Duration::from_secs_f64(args.time_limit));
    let solved = solver.solve(pos);
    drop(spinner);
    let secs = started.elapsed().as_secs_f64();
    let nodes = spent + solver.nodes();
    let Some(s) = solved else {
        limit_error(args, name, pos, nodes, secs)?;
        // The solver stops only at one of the two limits; its last count
        // may sit a little under the node budget.
        return Err(CliError::failure(format!(
            "{name} from {pos} cannot be solved exactly within {} nodes \
             (--max-nodes; {nodes} searched in {secs:.1} s)",
            args.max_nodes,
        )));
    };
    let plies = (s.value == Value::Draw).then(|| pos.rules().cells() - pos.stone_count());
    let best: Vec<String> = s.best_moves.iter().map(|&m| pos.move_string(m)).collect();
    if args.json {
        outln!(
            "{}",
            json!({ "value": s.value.name(), "plies": plies, "best_moves": best, "nodes": nodes })
        );
    } else {
        outln!("solve {name} from {pos}");
        outln!("value:      {} for the side to move", s.value.name());
        match plies {
            Some(p) => {
                outln!("plies:      {p} to the end under best play (a draw fills the board)")
            }
            None => outln!("plies:      not counted (the value search proves win or loss only)"),
        }
        outln!("best moves: {}", best.join(" "));
        outln!(
            "nodes:      {nodes} ({secs:.3} s; {spent} of them by the exact solver, \
             which did not finish, the rest by the value search over forced moves)"
        );
    }
    Ok(())
}

/// Runs `spielbaum solve`.
pub fn run(args: &Args) -> Result<(), CliError> {
    if !(1..=4096).contains(&args.table_mib) {
        return Err(CliError::usage(format!(
            "--table-mib {} is out of range 1..=4096",
            args.table_mib
        )));
    }
    if !(args.time_limit > 0.0 && args.time_limit <= 1e9) {
        return Err(CliError::usage(format!(
            "--time-limit {} must be a positive number of seconds",
            args.time_limit
        )));
    }
    if !(1..=1_000_000_000_000_000).contains(&args.max_nodes) {
        return Err(CliError::usage(format!(
            "--max-nodes {} is out of range 1..=10^15",
            args.max_nodes
        )));
    }
    dispatch(&args.game, Solve(args))
}
