//! `spielbaum golf strokes|expect|best-change|optimum`: the golf-club
//! puzzle (Schröpl's "Einlochen"): minimal strokes per hole length, exact
//! expected strokes for a tournament, the best club change and the best
//! club set of all.

use std::time::Instant;

use clap::{Args as ClapArgs, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use spielbaum_golf_clubs::params::{CLUBS, EXAMPLE_TOURNAMENT, MAX_CLUB, MAX_CLUBS, MAX_HOLE};
use spielbaum_golf_clubs::{
    ClubSet, Control, Found, GolfError, Rational, Rules, Scorer, Tournament, strokes,
};

use crate::error::CliError;
use crate::{errln, outln};

/// Arguments of `spielbaum golf`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: GolfCommand,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum GolfCommand {
    /// Minimal strokes for every hole length 1..=max-hole (null where the
    /// clubs' gcd does not divide it).
    #[command(after_help = "Example:\n  spielbaum golf strokes --clubs 1,50,120,300 --json")]
    Strokes(StrokesArgs),
    /// The exact expected strokes of a club set for a tournament.
    #[command(after_help = "Example:\n  spielbaum golf expect --clubs 1,50,120,300 --json")]
    Expect(ExpectArgs),
    /// The best single club change (all 1 + k·(max-club − 1) variants).
    #[command(
        name = "best-change",
        after_help = "Example:\n  spielbaum golf best-change --clubs 1,50,120,300"
    )]
    BestChange(ExpectArgs),
    /// The best club set of all (or within --changes M of --clubs).
    #[command(after_help = "Example:\n  spielbaum golf optimum --count 2")]
    Optimum(OptimumArgs),
}

/// The rules, shared by every subcommand.
#[derive(ClapArgs, Debug, Clone)]
pub struct RuleArgs {
    /// Number of clubs in a set (--clubs must have exactly this many).
    #[arg(long, value_name = "K", default_value_t = CLUBS)]
    pub count: usize,
    /// Longest club.
    #[arg(long, value_name = "N", default_value_t = MAX_CLUB)]
    pub max_club: u32,
    /// Longest hole.
    #[arg(long, value_name = "N", default_value_t = MAX_HOLE)]
    pub max_hole: u32,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `spielbaum golf strokes`.
#[derive(ClapArgs, Debug)]
pub struct StrokesArgs {
    /// The clubs, comma-separated, e.g. 1,50,120,300.
    #[arg(long, value_name = "LIST")]
    pub clubs: String,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Arguments of `spielbaum golf expect` and `best-change`.
#[derive(ClapArgs, Debug)]
pub struct ExpectArgs {
    /// The clubs, comma-separated, e.g. 1,50,120,300.
    #[arg(long, value_name = "LIST")]
    pub clubs: String,
    /// The holes: base+NWs (N dice with s sides) or a fixed length,
    /// comma-separated.
    #[arg(long, value_name = "HOLES", default_value = EXAMPLE_TOURNAMENT)]
    pub tournament: String,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Arguments of `spielbaum golf optimum`.
#[derive(ClapArgs, Debug)]
pub struct OptimumArgs {
    /// The holes: base+NWs (N dice with s sides) or a fixed length,
    /// comma-separated.
    #[arg(long, value_name = "HOLES", default_value = EXAMPLE_TOURNAMENT)]
    pub tournament: String,
    /// Only sets that differ from --clubs in at most M clubs.
    #[arg(long, value_name = "M", requires = "clubs")]
    pub changes: Option<usize>,
    /// The set that --changes starts from.
    #[arg(long, value_name = "LIST", requires = "changes")]
    pub clubs: Option<String>,
    /// Stop after this many seconds and report the best set found so far.
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

fn usage(e: GolfError) -> CliError {
    CliError::usage(e.to_string())
}

fn rules(a: &RuleArgs) -> Result<Rules, CliError> {
    if !(1..=MAX_CLUBS).contains(&a.count) {
        return Err(CliError::usage(format!(
            "--count {} is out of range 1..={MAX_CLUBS}",
            a.count
        )));
    }
    Rules::new(a.max_club, a.max_hole).map_err(usage)
}

fn scorer(tournament: &str, r: &Rules) -> Result<Scorer, CliError> {
    let t = Tournament::parse(tournament, r).map_err(usage)?;
    Scorer::new(&t, r).map_err(usage)
}

/// Runs `spielbaum golf`.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        GolfCommand::Strokes(a) => run_strokes(a),
        GolfCommand::Expect(a) => run_expect(a),
        GolfCommand::BestChange(a) => run_best_change(a),
        GolfCommand::Optimum(a) => run_optimum(a),
    }
}

fn run_strokes(a: &StrokesArgs) -> Result<(), CliError> {
    let r = rules(&a.rules)?;
    let clubs = ClubSet::parse(&a.clubs, &r, Some(a.rules.count)).map_err(usage)?;
    let table = strokes(&clubs, &r).map_err(usage)?;
    if a.rules.json {
        let list: Vec<Option<u32>> = table.iter().map(|(_, s)| s).collect();
        outln!("{}", json!({ "strokes": list }));
        return Ok(());
    }
    outln!(
        "minimal strokes with clubs {clubs} (gcd {}), hole lengths 1..={}:",
        clubs.gcd(),
        r.max_hole()
    );
    let cells: Vec<(u32, Option<u32>)> = table.iter().collect();
    for row in cells.chunks(10) {
        let line: Vec<String> = row
            .iter()
            .map(|(h, s)| match s {
                Some(s) => format!("{h:>4}:{s:<3}"),
                None => format!("{h:>4}:-  "),
            })
            .collect();
        outln!("{}", line.join(" "));
    }
    Ok(())
}

/// `p/q`, always with the denominator (the documented text of exact values).
fn fraction(e: Rational) -> String {
    format!("{}/{}", e.numer(), e.denom())
}

fn approx(e: Rational) -> f64 {
    *e.numer() as f64 / *e.denom() as f64
}

fn print_value(e: Rational) -> String {
    format!("{} = {:.6}", fraction(e), approx(e))
}

/// The club set and the tournament's scorer of `expect` and `best-change`.
fn clubs_and_scorer(a: &ExpectArgs) -> Result<(ClubSet, Scorer), CliError> {
    let r = rules(&a.rules)?;
    let clubs = ClubSet::parse(&a.clubs, &r, Some(a.rules.count)).map_err(usage)?;
    Ok((clubs, scorer(&a.tournament, &r)?))
}

fn run_expect(a: &ExpectArgs) -> Result<(), CliError> {
    let (clubs, s) = clubs_and_scorer(a)?;
    let e = s.expected(&clubs).map_err(usage)?;
    if a.rules.json {
        outln!("{}", json!({ "expected": fraction(e), "expected_f64": approx(e) }));
    } else {
        outln!("clubs {clubs}, tournament {}: expected strokes {}", s.tournament(), print_value(e));
    }
    Ok(())
}

fn run_best_change(a: &ExpectArgs) -> Result<(), CliError> {
    let (clubs, s) = clubs_and_scorer(a)?;
    let found = s.best_single_change(&clubs).map_err(usage)?;
    if a.rules.json {
        outln!(
            "{}",
            json!({
                "clubs": found.clubs.as_slice(),
                "expected": found.expected.map(fraction),
                "evaluated": found.evaluated,
                "abandoned": found.abandoned,
            })
        );
        return Ok(());
    }
    let before = s.expected(&clubs).ok();
    match found.expected {
        Some(e) if found.clubs == clubs => {
            outln!("no single change beats {clubs} ({})", print_value(e))
        }
        Some(e) => outln!(
            "best single change: {} -> {} ({}; before {})",
            clubs,
            found.clubs,
            print_value(e),
            before.map_or("unreachable holes".to_string(), print_value)
        ),
        None => outln!("no single change of {clubs} can hole every length of the tournament"),
    }
    outln!(
        "{} sets evaluated, {} abandoned early by the lower bound",
        found.evaluated,
        found.abandoned
    );
    Ok(())
}

fn run_optimum(a: &OptimumArgs) -> Result<(), CliError> {
    let r = rules(&a.rules)?;
    let s = scorer(&a.tournament, &r)?;
    if let Some(t) = a.time_limit
        && !(t > 0.0 && t.is_finite())
    {
        return Err(CliError::usage(format!(
            "bad --time-limit {t}: must be a positive number of seconds"
        )));
    }
    let bar = ProgressBar::with_draw_target(Some(0), crate::progress::target());
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {percent:>3}% {pos}/{len} sets, {elapsed} (eta {eta}) {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let limit = a.time_limit;
    let progress = |p: &spielbaum_golf_clubs::Progress| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        if let Some(b) = p.best {
            bar.set_message(format!("best {:.6}", approx(b)));
        }
        match limit {
            Some(t) if started.elapsed().as_secs_f64() > t => Control::Stop,
            _ => Control::Continue,
        }
    };
    let found: Found = match (&a.clubs, a.changes) {
        (Some(c), Some(m)) => {
            let clubs = ClubSet::parse(c, &r, Some(a.rules.count)).map_err(usage)?;
            s.best_change(&clubs, m, progress).map_err(usage)?
        }
        _ => s.optimum(a.rules.count, progress).map_err(usage)?,
    };
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if !found.complete {
        errln!("spielbaum: stopped by --time-limit: the best set among those searched so far");
    }
    if a.rules.json {
        outln!(
            "{}",
            json!({
                "clubs": found.clubs.as_slice(),
                "expected": found.expected.map(fraction),
                "seconds": seconds,
                "complete": found.complete,
            })
        );
        return Ok(());
    }
    match found.expected {
        Some(e) => outln!("best club set: {} ({})", found.clubs, print_value(e)),
        None => outln!("no club set searched can hole every length of the tournament"),
    }
    outln!(
        "{} sets, {} abandoned early by the lower bound, {seconds:.2} s{}",
        found.evaluated,
        found.abandoned,
        if found.complete { "" } else { " (stopped early)" }
    );
    Ok(())
}

/// The tour section: a stroke table, an exact expected value, the best
/// single change and the best pair of clubs (well under a second in a
/// release build).
pub fn tour() -> Result<(), CliError> {
    let r = Rules::default();
    let clubs = ClubSet::parse("1,50,120,300", &r, Some(4)).map_err(usage)?;
    let table = strokes(&clubs, &r).map_err(usage)?;
    let some: Vec<String> = [1, 8, 70, 100, 205, 308, 358]
        .iter()
        .map(|&h| format!("{h}:{}", table.get(h).map_or("-".into(), |s| s.to_string())))
        .collect();
    outln!("   clubs 1,50,120,300, minimal strokes by hole length: {}", some.join(" "));
    let s = scorer(EXAMPLE_TOURNAMENT, &r)?;
    let e = s.expected(&clubs).map_err(usage)?;
    outln!("   tournament {EXAMPLE_TOURNAMENT}:");
    outln!("   expected strokes {} (exact, over all dice outcomes)", print_value(e));
    let found = s.best_single_change(&clubs).map_err(usage)?;
    if let Some(b) = found.expected {
        outln!(
            "   best single change -> {}: {} ({} sets, {} abandoned by the bound)",
            found.clubs,
            print_value(b),
            found.evaluated,
            found.abandoned
        );
    }
    let pair = s.optimum(2, |_| Control::Continue).map_err(usage)?;
    if let Some(b) = pair.expected {
        outln!(
            "   best 2-club set of all {}: {} ({}); all 4-club sets: `spielbaum golf optimum`",
            pair.evaluated,
            pair.clubs,
            print_value(b)
        );
    }
    Ok(())
}
