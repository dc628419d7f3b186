//! `spielbaum muehle db build|probe`: the endgame databases of Nine Men's
//! Morris (`spielbaum_muehle::db`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args as ClapArgs, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use spielbaum_bfs_reach::perfect::PerfectError;
use spielbaum_bfs_reach::retrograde::Value;
use spielbaum_bfs_reach::{Control, Progress};
use spielbaum_game_trait::{Game, Notation, Player};
use spielbaum_muehle::db;

use crate::error::CliError;
use crate::out;

/// Arguments of `spielbaum muehle`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

/// What `spielbaum muehle` does.
#[derive(Subcommand, Debug)]
pub enum What {
    /// Endgame databases of the moving and flying phases.
    #[command(subcommand)]
    Db(Db),
}

/// `spielbaum muehle db …`.
#[derive(Subcommand, Debug)]
pub enum Db {
    /// Solve every subspace up to N stones a side into a directory (resumes:
    /// subspaces already there are kept).
    #[command(after_help = "Example:\n  spielbaum muehle db build --max-stones 4 --dir muehle-db")]
    Build(BuildArgs),
    /// The value and plies to the end of a position, and a best move.
    #[command(
        after_help = "Example:\n  spielbaum muehle db probe 'W.W/.../.../W..B../.../B../..B b 0 0 0' --dir muehle-db"
    )]
    Probe(ProbeArgs),
}

/// Arguments of `spielbaum muehle db build`.
#[derive(ClapArgs, Debug)]
pub struct BuildArgs {
    /// The most stones a side (3 to 9); every subspace {a, b} with
    /// 3 ≤ b ≤ a ≤ N is solved.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub max_stones: u8,
    /// The directory of the table files.
    #[arg(long, value_name = "D", default_value = "muehle-db")]
    pub dir: PathBuf,
}

/// Arguments of `spielbaum muehle db probe`.
#[derive(ClapArgs, Debug)]
pub struct ProbeArgs {
    /// A position text (`board side white-hand black-hand counter`) or the
    /// moves from the start (`d6 d2 a1 …`).
    #[arg(value_name = "POSITION", required = true, num_args = 1..)]
    pub position: Vec<String>,
    /// The directory of the table files.
    #[arg(long, value_name = "D", default_value = "muehle-db")]
    pub dir: PathBuf,
}

/// Runs `spielbaum muehle`.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.what {
        What::Db(Db::Build(a)) => build(a),
        What::Db(Db::Probe(a)) => probe(a),
    }
}

fn db_error(e: PerfectError) -> CliError {
    match e {
        PerfectError::Stopped => CliError::failure("stopped; finished subspaces are kept"),
        other => CliError::failure(other.to_string()),
    }
}

fn side(p: Player) -> &'static str {
    if p == Player::FIRST { "white" } else { "black" }
}

fn build(args: &BuildArgs) -> Result<(), CliError> {
    if !(3..=db::MAX_STONES).contains(&args.max_stones) {
        return Err(CliError::usage(format!(
            "--max-stones {}: between 3 and {} stones a side",
            args.max_stones,
            db::MAX_STONES
        )));
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed}] {wide_bar} {pos}/{len}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let mut shown = false;
    let mut progress = |p: Progress| {
        if !shown && started.elapsed() >= crate::progress::DELAY {
            bar.set_draw_target(crate::progress::target());
            shown = true;
        }
        if p.phase != "space" {
            bar.set_length(p.total.unwrap_or(0));
            bar.set_position(p.done);
            bar.set_message(format!("{} pass {}", p.phase, p.level));
        }
        Control::Continue
    };
    out::stdout(format_args!(
        "{:<14} {:>12} {:>12} {:>12} {:>12} {:>6} {:>9}\n",
        "file", "indices", "wins", "losses", "draws", "plies", "seconds"
    ))?;
    let mut failed = None;
    let built = db::build_each(&args.dir, args.max_stones, &mut progress, |b| {
        let time = b.time.map_or("on disk".to_string(), |t| format!("{:.1}", t.as_secs_f64()));
        let line = format!(
            "{:<14} {:>12} {:>12} {:>12} {:>12} {:>6} {:>9}\n",
            b.file, b.size, b.counts[1], b.counts[2], b.counts[0], b.max_plies, time
        );
        bar.suspend(|| {
            if let Err(e) = out::stdout(format_args!("{line}")).and_then(|()| out::flush())
                && failed.is_none()
            {
                failed = Some(e);
            }
        });
    });
    bar.finish_and_clear();
    if let Some(e) = failed {
        return Err(e);
    }
    let built = built.map_err(db_error)?;
    let solved: Duration = built.iter().filter_map(|b| b.time).sum();
    out::stdout(format_args!(
        "{} tables in {} (checksums verified); solved now: {:.1} s\n",
        built.len(),
        args.dir.display(),
        solved.as_secs_f64()
    ))
}

fn probe(args: &ProbeArgs) -> Result<(), CliError> {
    let text = args.position.join(" ");
    let pos = db::parse_position(&text)?;
    if pos.in_hand(Player::FIRST) != 0 || pos.in_hand(Player::SECOND) != 0 {
        return Err(CliError::usage(format!(
            "position {text:?}: stones in hand; the databases hold the moving and flying phases"
        )));
    }
    let base = db::open(&args.dir);
    let value = db::probe(&base, &pos).map_err(db_error)?.ok_or_else(|| {
        CliError::usage(format!("position {text:?}: not covered by the endgame index"))
    })?;
    let me = side(pos.to_move());
    let what = match value {
        Value::Win(n) => format!("win for {me} (to move) in {n} plies"),
        Value::Loss(n) => format!("loss for {me} (to move) in {n} plies"),
        Value::Draw => format!("draw ({me} to move)"),
    };
    out::stdout(format_args!("{pos}\nvalue: {what}\n"))?;
    let norm = db::index().normalise(&pos).expect("covered positions normalise");
    if !pos.is_over()
        && let Some(mv) = base.best_move(&norm).map_err(db_error)?
    {
        out::stdout(format_args!("best move: {}\n", pos.move_string(mv)))?;
    }
    Ok(())
}
