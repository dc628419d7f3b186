//! `spielbaum match <game> [game options] --a SPEC --b SPEC --games N …`:
//! engine against engine with alternating colours and paired openings;
//! W/D/L, Elo with its 95% interval, LOS and an optional SPRT.

use std::fmt::Debug;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
use spielbaum_arena::{Catalog, GameRecord, MatchConfig, MatchReport, Openings, Sprt, run_match};
use spielbaum_game_trait::{Evaluator, Notation};

use crate::cmd::play::spec_error_in;
use crate::error::CliError;
use crate::games::{GameOpts, Setup, SetupVisitor, dispatch_setup};

/// Arguments of `spielbaum match`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// Agent A (see `spielbaum agents GAME`).
    #[arg(long, value_name = "SPEC")]
    pub a: String,
    /// Agent B.
    #[arg(long, value_name = "SPEC")]
    pub b: String,
    /// Games in all, an even number 2..=10^7 (pairs share an opening,
    /// colours swapped).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: usize,
    /// Openings, one per line: moves from the start in the game's notation,
    /// separated by spaces (`#` starts a comment).
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    pub openings: Option<PathBuf>,
    /// Openings of K random plies (never ending the game), one per pair.
    #[arg(long, value_name = "K")]
    pub random_plies: Option<usize>,
    /// Seed of the openings and the agents' random choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Games played at once, 1..=256.
    #[arg(long, value_name = "J", default_value_t = 1)]
    pub concurrency: usize,
    /// Write every game to FILE as it finishes (one JSON object per line).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Print JSON: {"games", "a": {"wins", "draws", "losses"}, "elo",
    /// "elo_low", "elo_high", "los", "sprt": {"llr", "lower", "upper",
    /// "result"} | null, …}.
    #[arg(long)]
    pub json: bool,
    /// Stop early by a sequential probability ratio test of H0 "A is elo0
    /// stronger" against H1 "A is elo1 stronger", e.g. 0,10,0.05,0.05.
    #[arg(
        long,
        value_name = "ELO0,ELO1,ALPHA,BETA",
        allow_hyphen_values = true,
        value_parser = sprt_value
    )]
    pub sprt: Option<String>,
    /// A move taking longer than its agent's `time=` plus this margin loses
    /// the game.
    #[arg(long, value_name = "M", default_value_t = 100)]
    pub time_margin_ms: u64,
    /// Adjudicate a game still going after this many plies as a draw.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_plies: usize,
}

/// `--sprt`'s value: a leading '-' only as a negative elo0 (followed by a
/// digit, '.', or "inf"/"nan", which the parser then names as not finite),
/// so a missing value is not taken from the next option.
fn sprt_value(s: &str) -> Result<String, String> {
    let number = |rest: &str| {
        let word = rest.get(..3).map(str::to_ascii_lowercase);
        rest.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            || matches!(word.as_deref(), Some("inf" | "nan"))
    };
    match s.strip_prefix('-') {
        Some(rest) if !number(rest) => {
            Err(format!("a value is missing (ELO0,ELO1,ALPHA,BETA), found the option {s:?}"))
        }
        _ => Ok(s.to_owned()),
    }
}

/// A number for JSON (`null` for ±∞).
fn num(x: f64) -> Value {
    // (+ 0.0 turns -0 into 0.)
    if x.is_finite() { json!(x + 0.0) } else { Value::Null }
}

fn elo_text(x: f64) -> String {
    if x.is_finite() {
        // (+ 0.0 turns -0 into 0.)
        format!("{:+.1}", x + 0.0)
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

/// The match as JSON (the contract's fields first).
pub fn report_json(r: &MatchReport, a: &str, b: &str) -> Value {
    let e = &r.estimate;
    json!({
        "games": r.games,
        "a": {"wins": r.wdl.wins, "draws": r.wdl.draws, "losses": r.wdl.losses, "spec": a},
        "elo": num(e.elo),
        "elo_low": num(e.elo_low),
        "elo_high": num(e.elo_high),
        "los": e.los,
        "sprt": r.sprt.map(|s| json!({"llr": s.llr, "lower": s.lower, "upper": s.upper, "result": s.result.name()})),
        "b": {"spec": b},
        "score": e.score,
        "model": if r.paired { "pentanomial" } else { "trinomial" },
        "pentanomial": r.pairs.0,
        "incidents": r.incidents.iter().map(|(i, t)| json!({"game": i, "termination": t})).collect::<Vec<_>>(),
        "uncounted": r.uncounted,
    })
}

/// Reads an openings file: one line of moves per opening.
fn read_openings(path: &PathBuf) -> Result<Vec<Vec<String>>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read --openings {}: {e}", path.display())))?;
    Ok(text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect())
}

struct Match<'a> {
    args: &'a Args,
    cfg: MatchConfig,
}

impl SetupVisitor for Match<'_> {
    type Output = ();

    fn visit_setup<G, E>(self, setup: Setup<G, E>) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let mut out = std::io::stdout().lock();
        let args = self.args;
        if G::PLAYERS != 2 {
            return Err(CliError::usage(format!(
                "{} is a puzzle: matches need a two-player game (try `spielbaum play {}`)",
                setup.info.name, setup.info.name
            )));
        }
        let catalog = Arc::new(Catalog { evaluators: setup.evaluators, agents: setup.agents });
        let a = catalog.prepare(&args.a).map_err(|e| spec_error_in("--a: ", e))?;
        let b = catalog.prepare(&args.b).map_err(|e| spec_error_in("--b: ", e))?;
        for (flag, p) in [("--a", &a), ("--b", &b)] {
            if p.is_human() {
                return Err(CliError::usage(format!(
                    "{flag} human: people play with `spielbaum play`"
                )));
            }
        }
        let mut save = match &args.save {
            Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
                CliError::failure(format!("cannot create --save {}: {e}", path.display()))
            })?)),
            None => None,
        };
        let bar = ProgressBar::new(self.cfg.games as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        if args.json || crate::progress::quiet() {
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let mut lines = crate::progress::Lines::start();
        let mut write_error: Option<std::io::Error> = None;
        let report =
            run_match(&setup.start, &a, &b, &self.cfg, |rec: &GameRecord, r: &MatchReport| {
                bar.set_position(r.games as u64);
                let e = &r.estimate;
                let mut msg = format!(
                    "A +{} ={} -{}  Elo {} [{}, {}]",
                    r.wdl.wins,
                    r.wdl.draws,
                    r.wdl.losses,
                    elo_text(e.elo),
                    elo_text(e.elo_low),
                    elo_text(e.elo_high)
                );
                if let Some(s) = r.sprt {
                    msg.push_str(&format!("  LLR {:.2} [{:.2}, {:.2}]", s.llr, s.lower, s.upper));
                }
                if lines.due() {
                    // Progress only: a failed write must not stop the match.
                    let _ = crate::out::stderr(format_args!(
                        "{}/{} games  {msg}\n",
                        r.games, self.cfg.games
                    ));
                }
                bar.set_message(msg);
                if rec.termination != "normal" {
                    bar.suspend(|| {
                        // Progress only: a failed write must not stop the match.
                        let _ = crate::out::stderr(format_args!(
                            "game {}: {}\n",
                            rec.index, rec.termination
                        ));
                    });
                }
                if let Some(w) = &mut save
                    && let Err(err) = writeln!(w, "{}", rec.to_line()).and_then(|()| w.flush())
                {
                    write_error = Some(err);
                    return false;
                }
                true
            })
            .map_err(|e| CliError::usage(e.to_string()))?;
        bar.finish_and_clear();
        if let Some(e) = write_error {
            return Err(CliError::failure(format!("cannot write --save: {e}")));
        }
        if args.json {
            writeln!(out, "{}", report_json(&report, &a.spec, &b.spec))?;
            return Ok(());
        }
        let e = &report.estimate;
        writeln!(out, "match {}: A = {} against B = {}", setup.info.name, a.spec, b.spec)?;
        writeln!(
            out,
            "games {}: A won {}, drew {}, lost {} (score {:.3})",
            report.games, report.wdl.wins, report.wdl.draws, report.wdl.losses, e.score
        )?;
        let model = if report.paired {
            format!("pentanomial over {} pairs {:?}", report.pairs.pairs(), report.pairs.0)
        } else {
            "trinomial".to_string()
        };
        writeln!(
            out,
            "Elo A - B: {} (95% interval {} .. {}, {model})",
            elo_text(e.elo),
            elo_text(e.elo_low),
            elo_text(e.elo_high)
        )?;
        writeln!(out, "LOS: {:.2}%", 100.0 * e.los)?;
        if let Some(s) = report.sprt {
            writeln!(
                out,
                "SPRT: LLR {:.3} (bounds {:.3}, {:.3}): {}",
                s.llr,
                s.lower,
                s.upper,
                match s.result.name() {
                    "continue" => "no decision",
                    other => other,
                }
            )?;
        }
        if report.uncounted > 0 {
            writeln!(out, "{}", uncounted_line(report.uncounted))?;
        }
        for (i, t) in &report.incidents {
            writeln!(out, "game {i}: {t}")?;
        }
        Ok(())
    }
}

/// The summary's line for games that finished after the match stopped.
fn uncounted_line(n: usize) -> String {
    let games = if n == 1 { "game" } else { "games" };
    format!("({n} {games} under way when the match stopped finished uncounted)")
}

/// Runs `spielbaum match`.
pub fn run(args: &Args) -> Result<(), CliError> {
    if !(1..=10_000_000).contains(&args.games) {
        return Err(CliError::usage(format!("--games {} is out of range 2..=10^7", args.games)));
    }
    // Every opening is played with both colours: a match is a whole number
    // of pairs, so W/D/L, score and Elo are all over the same games.
    if args.games % 2 == 1 {
        return Err(CliError::usage(format!(
            "--games {} is odd: each opening is played once with each colour, so the number of games must be even",
            args.games
        )));
    }
    if !(1..=256).contains(&args.concurrency) {
        return Err(CliError::usage(format!(
            "--concurrency {} is out of range 1..=256",
            args.concurrency
        )));
    }
    if args.max_plies == 0 {
        return Err(CliError::usage("--max-plies must be at least 1"));
    }
    let openings = match (&args.openings, args.random_plies) {
        (Some(path), _) => Openings::Lines(read_openings(path)?),
        (None, Some(k)) => Openings::Random(k),
        (None, None) => Openings::Start,
    };
    let sprt = match &args.sprt {
        Some(s) => Some(Sprt::parse(s).map_err(|e| CliError::usage(format!("--sprt {e}")))?),
        None => None,
    };
    let cfg = MatchConfig {
        games: args.games,
        seed: args.seed,
        concurrency: args.concurrency,
        openings,
        sprt,
        time_margin: Duration::from_millis(args.time_margin_ms),
        max_plies: args.max_plies,
    };
    dispatch_setup(&args.game, Match { args, cfg })
}

#[cfg(test)]
mod tests {
    use super::uncounted_line;

    #[test]
    fn the_uncounted_line_counts_one_game_in_the_singular() {
        assert_eq!(
            uncounted_line(1),
            "(1 game under way when the match stopped finished uncounted)"
        );
        assert_eq!(
            uncounted_line(3),
            "(3 games under way when the match stopped finished uncounted)"
        );
    }
}
