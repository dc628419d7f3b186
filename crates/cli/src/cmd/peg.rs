//! `spielbaum peg stats|solve`: complete statistics of a peg-solitaire
//! board (positions, symmetry classes and paths per number of pegs) and
//! one solution.

use std::time::{Duration, Instant};

use clap::{Args as ClapArgs, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Map, Value, json};
use spielbaum_bfs_reach::{Control, Progress, RunError};
use spielbaum_game_trait::{Game, Notation};
use spielbaum_peg_solitaire::{
    Board, Goal, NoSolution, Peg, StatsOptions, count_solvable, position_class, solve, statistics,
};

use crate::error::CliError;
use crate::{out, outln};

/// Arguments of `spielbaum peg`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: PegCommand,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum PegCommand {
    /// Positions, symmetry classes and paths per number of pegs, and the
    /// paths ending with one peg in each hole.
    #[command(
        after_help = "Example:\n  spielbaum peg stats --board english --start d4 --down-to 24 --json"
    )]
    Stats(StatsArgs),
    /// One solution (a jump list), or a statement that none exists.
    #[command(after_help = "Example:\n  spielbaum peg solve --goal d4 --json")]
    Solve(SolveArgs),
}

/// The board and start, shared by both subcommands.
#[derive(ClapArgs, Debug, Clone)]
pub struct BoardArgs {
    /// `english`, `french`, or a file with a text mask (`..111..` rows:
    /// `.` no hole, `1` peg, `0` empty; the file's pegs are the start
    /// unless --start is given).
    #[arg(long, value_name = "english|french|FILE", default_value = "english")]
    pub board: String,
    /// The empty hole of the start (all other holes have pegs), e.g. d4.
    /// Default: the centre (or the file's position).
    #[arg(long, value_name = "HOLE")]
    pub start: Option<String>,
}

/// Arguments of `spielbaum peg stats`.
#[derive(ClapArgs, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Do not normalise by symmetry (same counts, more work).
    #[arg(long)]
    pub no_symmetry: bool,
    /// Stop after the level with this many pegs.
    #[arg(long, value_name = "PEGS")]
    pub down_to: Option<u32>,
    /// Threads, 1..=256 (default: one per core).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Write a checkpoint into this directory after every level and resume
    /// from it.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `spielbaum peg solve`.
#[derive(ClapArgs, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// The hole of the last peg (default: any hole).
    #[arg(long, value_name = "HOLE")]
    pub goal: Option<String>,
    /// Also count, per number of pegs, the positions reachable from the
    /// start from which the goal can still be reached (needs --goal; two
    /// complete level searches).
    #[arg(long)]
    pub count_solvable: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `spielbaum peg`.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        PegCommand::Stats(a) => run_stats(a),
        PegCommand::Solve(a) => run_solve(a),
    }
}

/// The board (with the file's pegs, if any).
pub(crate) fn load_board(a: &BoardArgs) -> Result<(Board, Option<u64>), CliError> {
    match Board::by_name(&a.board) {
        Ok(b) => Ok((b, None)),
        Err(_) if std::path::Path::new(&a.board).exists() => {
            let text = std::fs::read_to_string(&a.board).map_err(|e| {
                CliError::usage(format!("cannot read board file {:?}: {e}", a.board))
            })?;
            let (b, pegs) = Board::parse_mask(&a.board, &text)
                .map_err(|e| CliError::usage(format!("board file {:?}: {e}", a.board)))?;
            Ok((b, Some(pegs)))
        }
        Err(_) => Err(CliError::usage(format!(
            "bad --board {:?}: not english, french or a readable mask file",
            a.board
        ))),
    }
}

/// The start position's pegs.
pub(crate) fn start_pegs(
    board: &Board,
    file_pegs: Option<u64>,
    start: &Option<String>,
) -> Result<u64, CliError> {
    match (start, file_pegs) {
        (Some(h), _) => {
            let hole =
                board.parse_hole(h).map_err(|e| CliError::usage(format!("bad --start: {e}")))?;
            Ok(board.mask() & !(1u64 << hole))
        }
        (None, Some(p)) => Ok(p),
        (None, None) => match board.centre() {
            Some(c) => Ok(board.mask() & !(1u64 << c)),
            None => Err(CliError::usage("the board has no centre hole: give --start HOLE")),
        },
    }
}

/// A progress bar on stderr that appears only after a second.
struct Bar {
    bar: ProgressBar,
    started: Instant,
    shown: bool,
}

impl Bar {
    fn new(template: &str) -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Bar { bar, started: Instant::now(), shown: false }
    }

    fn update(&mut self, p: Progress, message: String) {
        if !self.shown && self.started.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(crate::progress::target());
            self.shown = true;
        }
        self.bar.set_length(p.total.unwrap_or(0));
        self.bar.set_position(p.done);
        self.bar.set_message(message);
    }
}

fn run_error(e: RunError) -> CliError {
    CliError::failure(e.to_string())
}

fn run_stats(a: &StatsArgs) -> Result<(), CliError> {
    let (board, file_pegs) = load_board(&a.board)?;
    let pegs = start_pegs(&board, file_pegs, &a.board.start)?;
    let start = board.position(pegs)?;
    if let Some(d) = a.down_to
        && (d == 0 || d > start.count())
    {
        return Err(CliError::usage(format!(
            "bad --down-to {d}: must be between 1 and the start's {} pegs",
            start.count()
        )));
    }
    if let Some(t) = a.threads
        && !(1..=256).contains(&t)
    {
        return Err(CliError::usage(format!("--threads {t} is out of range 1..=256")));
    }
    let options = StatsOptions {
        symmetry: !a.no_symmetry,
        down_to: a.down_to,
        threads: a.threads,
        checkpoint: a.checkpoint.clone(),
        ..StatsOptions::default()
    };
    let top = start.count();
    let mut bar = Bar::new("{bar:40} {percent:>3}% {msg} {elapsed}");
    let started = Instant::now();
    let json = a.json;
    if !json {
        outln!("board {} ({} holes), start {start}", board.name(), board.holes());
        outln!(
            "{:>4} {:>12} {:>11} {:>10} {:>10} {:>10} {:>10} {:>28}",
            "pegs",
            "positions",
            "canonical",
            "s1",
            "s2",
            "s4",
            "s8",
            "paths"
        );
    }
    let sticky = out::Sticky::default();
    let stats = statistics(
        &start,
        &options,
        |l| {
            if !json {
                let s = |k: usize| l.stats.by_orbit.get(k).copied().unwrap_or(0);
                sticky.write(|| {
                    out::stdout(format_args!(
                        "{:>4} {:>12} {:>11} {:>10} {:>10} {:>10} {:>10} {:>28}\n",
                        l.pegs,
                        l.stats.positions,
                        l.stats.canonical,
                        s(1),
                        s(2),
                        s(4),
                        s(8),
                        l.stats.paths
                    ))
                });
            }
        },
        |p| {
            bar.update(p, format!("level {} pegs", top - p.level));
            if sticky.failed() { Control::Stop } else { Control::Continue }
        },
    );
    sticky.check()?;
    let stats = stats.map_err(run_error)?;
    bar.bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let levels: Vec<Value> = stats
            .levels
            .iter()
            .map(|l| {
                json!({
                    "pegs": l.pegs,
                    "positions": l.stats.positions,
                    "canonical": l.stats.canonical,
                    "paths": l.stats.paths.to_string(),
                })
            })
            .collect();
        let mut one = Map::new();
        for (h, n) in &stats.one_peg_paths {
            one.insert(Board::hole_name(*h), Value::String(n.to_string()));
        }
        outln!(
            "{}",
            json!({
                "levels": levels,
                "total_positions": stats.total_positions(),
                "total_canonical": stats.total_canonical(),
                "one_peg_paths": one,
                "complete": stats.complete,
                "seconds": seconds,
            })
        );
    } else {
        outln!(
            "total: {} positions, {} up to symmetry",
            stats.total_positions(),
            stats.total_canonical()
        );
        let games: u128 = stats.levels.iter().map(|l| l.stats.dead_end_paths).sum();
        outln!("finished games (paths to a position without a jump): {games}");
        if !stats.one_peg_paths.is_empty() {
            outln!("paths ending with one peg:");
            for (h, n) in &stats.one_peg_paths {
                outln!("  {}: {n}", Board::hole_name(*h));
            }
        }
        if !stats.complete {
            outln!(
                "(stopped after the level with {} pegs)",
                stats.levels.last().map_or(top, |l| l.pegs)
            );
        }
        outln!("{seconds:.2} s");
    }
    Ok(())
}

fn run_solve(a: &SolveArgs) -> Result<(), CliError> {
    let (board, file_pegs) = load_board(&a.board)?;
    let board = match &a.goal {
        Some(g) => {
            let hole =
                board.parse_hole(g).map_err(|e| CliError::usage(format!("bad --goal: {e}")))?;
            board.with_goal(Goal::Hole(hole as u8))?
        }
        None => board,
    };
    let pegs = start_pegs(&board, file_pegs, &a.board.start)?;
    let start: Peg<'_> = board.position(pegs)?;
    if a.count_solvable {
        if a.goal.is_none() {
            return Err(CliError::usage("--count-solvable needs --goal HOLE"));
        }
        let t = Instant::now();
        if let Goal::Hole(h) = board.goal()
            && position_class(start.pegs()) != position_class(1u64 << h)
        {
            // No jump changes the position class: nothing reachable from
            // the start can reach the goal, no search needed.
            let reason = "the start and the goal lie in different position classes \
                          (no jump changes the class)";
            if a.json {
                outln!("{}", json!({"levels": [], "total_solvable": 0, "reason": reason}));
            } else {
                outln!("no position reachable from the start can reach the goal: {reason}");
                outln!("total: 0 ({:.2} s)", t.elapsed().as_secs_f64());
            }
            return Ok(());
        }
        let counts = count_solvable(&start).map_err(run_error)?;
        let total: u64 = counts.iter().map(|&(_, n)| n).sum();
        if a.json {
            let levels: Vec<Value> =
                counts.iter().map(|&(p, n)| json!({"pegs": p, "solvable": n})).collect();
            outln!("{}", json!({"levels": levels, "total_solvable": total}));
        } else {
            outln!("positions reachable from the start that can still reach the goal:");
            for (p, n) in &counts {
                outln!("{p:>4} pegs: {n}");
            }
            outln!("total: {total} ({:.2} s)", t.elapsed().as_secs_f64());
        }
        return Ok(());
    }
    let mut bar = Bar::new("{spinner} {pos} positions {msg} {elapsed}");
    let started = Instant::now();
    let (result, stats) = solve(&start, |p| {
        bar.update(p, String::new());
        Control::Continue
    })
    .map_err(run_error)?;
    bar.bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let goal_text = match board.goal() {
        Goal::OnePeg => "one peg anywhere".to_string(),
        Goal::Hole(h) => format!("one peg in {}", Board::hole_name(u32::from(h))),
    };
    match result {
        Ok(moves) => {
            let mut pos = start;
            let mut written = Vec::new();
            for &mv in &moves {
                written.push(pos.move_string(mv));
                pos = pos.after(mv);
            }
            if a.json {
                outln!(
                    "{}",
                    json!({"solved": true, "moves": written, "end": pos.to_string(),
                           "nodes": stats.nodes, "seconds": seconds})
                );
            } else {
                outln!("start {start}, goal {goal_text}: solved in {} jumps", moves.len());
                for (i, chunk) in written.chunks(8).enumerate() {
                    outln!("  {:>2}. {}", i * 8 + 1, chunk.join(" "));
                }
                outln!("end {pos}");
                outln!(
                    "{} positions visited, {} dead positions stored, {} pagoda cuts, {} end-game cuts, {seconds:.2} s",
                    stats.nodes,
                    stats.dead_positions,
                    stats.pagoda_prunes,
                    stats.endgame_cuts
                );
            }
        }
        Err(why) => {
            let reason = match why {
                NoSolution::PositionClass => {
                    "the start and the goal lie in different position classes (no jump changes the class)"
                }
                NoSolution::Exhausted => "the complete search found none",
            };
            if a.json {
                outln!(
                    "{}",
                    json!({"solved": false, "reason": reason, "nodes": stats.nodes, "seconds": seconds})
                );
            } else {
                outln!("start {start}, goal {goal_text}: no solution exists: {reason}");
            }
        }
    }
    Ok(())
}

/// The tour section: the first levels of the English board and a solution.
pub fn tour() -> Result<(), CliError> {
    let board = Board::english();
    let start = board.start_at("d4")?;
    let options = StatsOptions { down_to: Some(22), ..StatsOptions::default() };
    let stats = statistics(&start, &options, |_| {}, |_| Control::Continue).map_err(run_error)?;
    let line: Vec<String> = stats
        .levels
        .iter()
        .map(|l| format!("{}:{}/{}", l.pegs, l.stats.positions, l.stats.canonical))
        .collect();
    outln!("   English board from d4, pegs:positions/canonical down to 22 pegs:");
    outln!("   {}", line.join(" "));
    let last = stats.levels.last().map(|l| l.stats.paths).unwrap_or(0);
    outln!(
        "   paths to the 22-peg level: {last}; full run: `spielbaum peg stats` (187,636,299 positions)"
    );
    let goal = Board::english().with_goal(Goal::Hole(27))?;
    let start = goal.start_at("d4")?;
    let (result, s) = solve(&start, |_| Control::Continue).map_err(run_error)?;
    if let Ok(moves) = result {
        let mut pos = start;
        let mut written = Vec::new();
        for mv in moves {
            written.push(pos.move_string(mv));
            pos = pos.after(mv);
        }
        outln!("   a solution d4 -> d4 ({} positions visited): {}", s.nodes, written.join(" "));
    }
    Ok(())
}
