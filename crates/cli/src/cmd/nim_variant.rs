//! `spielbaum nim-variant table|play`: the subtraction game "3, 5, 11" —
//! its red/blue classification and strategy table, and matches between
//! the text's strategies and the engines.

use std::time::Instant;

use clap::{Args as ClapArgs, Subcommand};
use serde_json::{Map, Value, json};
use spielbaum_nim_variant::{
    Oracle, SimConfig, StrategyTable, SubtractionGame, Subtractions, course_dot, course_svg,
    game_graph_dot, game_graph_svg, parse_player, redundant_subtractions,
    retrograde_classification, sweep,
};

use spielbaum_game_trait::{Agent, AgentLimits, Limited, NotationError, Zero};
use spielbaum_negamax::Searcher;

use crate::error::CliError;
use crate::{errln, out, outln};

/// Numbers swept when looking for the period.
const PERIOD_LIMIT: u64 = 1 << 22;
/// Largest `--upto`.
const MAX_UPTO: u64 = 10_000_000;
/// Largest `--upto` for which `table` also runs bfs-reach's retrograde
/// solver and compares.
const RETRO_CHECK_UPTO: u64 = 100_000;
/// Largest `--games`.
const MAX_GAMES: u64 = 100_000_000;
/// Moves of the first game printed in full (longer games are elided).
const SHOW_MOVES: usize = 40;
/// Most numbers in a picture (a course of `play`, the graph of `table`).
const MAX_PICTURE: usize = 2000;
/// Largest start number of `play` (a game from n takes up to n / min(S)
/// moves, each one a full move of both players' strategies).
const MAX_PLAY_START: u64 = 1_000_000;

/// Arguments of `spielbaum nim-variant`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: NimCommand,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum NimCommand {
    /// Red (P, produce them) and blue (N, avoid them) numbers, the period
    /// and the strategy table by residue.
    #[command(
        after_help = "Example:\n  spielbaum nim-variant table --subtract 3,5,11 --upto 40 --json"
    )]
    Table(TableArgs),
    /// Play games between two players: optimal, random, mixed:P, mcts:N,
    /// mcts-solver:N.
    #[command(
        after_help = "Example:\n  spielbaum nim-variant play --a optimal --b random --games 1000 --seed 1"
    )]
    Play(PlayArgs),
}

/// Arguments of `spielbaum nim-variant table`.
#[derive(ClapArgs, Debug)]
pub struct TableArgs {
    /// The subtraction set S, comma-separated.
    #[arg(long, value_name = "LIST", default_value = "3,5,11")]
    pub subtract: String,
    /// Classify the numbers 0..=N.
    #[arg(long, value_name = "N", default_value_t = 80)]
    pub upto: u64,
    /// Print JSON: {"p_positions", "n_positions", "period", "preperiod", "strategy"}.
    #[arg(long)]
    pub json: bool,
    /// Write the red/blue game graph of 0..=N as SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Write the red/blue game graph of 0..=N as Graphviz DOT.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<String>,
}

/// Arguments of `spielbaum nim-variant play`.
#[derive(ClapArgs, Debug)]
pub struct PlayArgs {
    /// The subtraction set S, comma-separated.
    #[arg(long, value_name = "LIST", default_value = "3,5,11")]
    pub subtract: String,
    /// Start every game from N (default: a random start from --starts).
    #[arg(long = "n", value_name = "N")]
    pub n: Option<u64>,
    /// The start set when --n is not given, LO..HI inclusive.
    #[arg(long, value_name = "LO..HI", default_value = "20..50")]
    pub starts: String,
    /// Player A (moves first).
    #[arg(long, value_name = "PLAYER", default_value = "optimal")]
    pub a: String,
    /// Player B.
    #[arg(long, value_name = "PLAYER", default_value = "random")]
    pub b: String,
    /// Number of games.
    #[arg(long, value_name = "G", default_value_t = 1)]
    pub games: u64,
    /// Seed of the match's random generator.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Write the course of the first game as SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Write the course of the first game as Graphviz DOT.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `spielbaum nim-variant`.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        NimCommand::Table(a) => table(a),
        NimCommand::Play(a) => play(a),
    }
}

fn write_file(path: &str, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|e| CliError::failure(format!("cannot write {path:?}: {e}")))
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

fn table(args: &TableArgs) -> Result<(), CliError> {
    let _spinner = crate::progress::Spinner::start("nim-variant table");
    let rules: Subtractions = args.subtract.parse()?;
    if args.upto > MAX_UPTO {
        return Err(CliError::usage(format!(
            "--upto {} is too large (at most {MAX_UPTO})",
            args.upto
        )));
    }
    if (args.svg.is_some() || args.dot.is_some()) && args.upto >= MAX_PICTURE as u64 {
        return Err(CliError::usage(format!(
            "--upto {} is too large for --svg/--dot: the game graph is limited to {MAX_PICTURE} numbers",
            args.upto
        )));
    }
    let on_subtract = |e: spielbaum_game_trait::NotationError| {
        CliError::usage(format!(
            "--subtract {}: too large for the strategy table ({})",
            args.subtract, e.reason
        ))
    };
    // Everything that can fail is computed before the first line is
    // printed: an error never comes after a partial table.
    let c = sweep(&rules, args.upto)?;
    let t = StrategyTable::build(&rules, PERIOD_LIMIT).map_err(on_subtract)?;
    let redundant = redundant_subtractions(&rules, PERIOD_LIMIT).map_err(on_subtract)?;
    let retro = if !args.json && args.upto <= RETRO_CHECK_UPTO {
        Some(retrograde_classification(&rules, args.upto.max(1))?)
    } else {
        None
    };
    if let Some(path) = &args.svg {
        write_file(path, &game_graph_svg(&c, t.as_ref().map(|t| t.periodicity.period)))?;
    }
    if let Some(path) = &args.dot {
        write_file(path, &game_graph_dot(&c))?;
    }
    if args.json {
        let mut strategy = Map::new();
        if let Some(t) = &t {
            for (r, moves) in t.moves.iter().enumerate() {
                strategy.insert(r.to_string(), json!(moves));
            }
        }
        let out = json!({
            "p_positions": c.p_positions(),
            "n_positions": c.n_positions(),
            "period": t.as_ref().map(|t| t.periodicity.period),
            "preperiod": t.as_ref().map(|t| t.periodicity.preperiod),
            "strategy": Value::Object(strategy),
        });
        outln!("{out}");
        return Ok(());
    }
    outln!("subtraction game S = {{{rules}}}, numbers 0..={}", args.upto);
    outln!("red  (set A, P-positions: produce them): {}", join(&c.p_positions()));
    outln!("blue (set B, N-positions: avoid them):   {}", join(&c.n_positions()));
    if let Some(r) = retro {
        let agrees = r.red_flags()[..c.red_flags().len()] == *c.red_flags();
        outln!(
            "bfs-reach's retrograde solver {} the direct sweep",
            if agrees { "agrees with" } else { "DISAGREES with" }
        );
    }
    let Some(t) = t else {
        outln!("no period found within {PERIOD_LIMIT} numbers");
        return Ok(());
    };
    let p = t.periodicity;
    outln!(
        "period {} from {} on (proved: the {} flags from {} repeat {} later)",
        p.period,
        p.preperiod,
        rules.max(),
        p.preperiod,
        p.period
    );
    outln!("red residues mod {}: {}", p.period, join(&t.red_residues()));
    if p.preperiod == 0 {
        outln!("strategy by residue (subtract d only where d <= n):");
    } else {
        outln!(
            "strategy by residue (valid for n >= {} + d; below that read the sets above):",
            p.preperiod
        );
    }
    outln!("  n mod {:<4} subtract", p.period);
    for r in (0..p.period as usize).rev() {
        let moves = &t.moves[r];
        let cell = if moves.is_empty() {
            "- (no win: red)".to_string()
        } else {
            moves.iter().map(u32::to_string).collect::<Vec<_>>().join(" or ")
        };
        outln!("  {r:<10} {cell}");
    }
    if !redundant.is_empty() {
        outln!(
            "dropping {} from S (each alone) leaves the classification unchanged (proved via the periods)",
            redundant.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        );
    }
    Ok(())
}

fn parse_starts(text: &str) -> Result<(u64, u64), CliError> {
    let bad = || {
        CliError::usage(format!(
            "--starts {text:?}: expected LO..HI with 1 <= LO <= HI, e.g. 20..50"
        ))
    };
    let (lo, hi) = text.split_once("..").ok_or_else(bad)?;
    let hi = hi.strip_prefix('=').unwrap_or(hi);
    let lo: u64 = lo.trim().parse().map_err(|_| bad())?;
    let hi: u64 = hi.trim().parse().map_err(|_| bad())?;
    if lo == 0 || lo > hi {
        return Err(bad());
    }
    Ok((lo, hi))
}

fn play(args: &PlayArgs) -> Result<(), CliError> {
    let _spinner = crate::progress::Spinner::start("nim-variant play");
    let rules: Subtractions = args.subtract.parse()?;
    let (lo, hi) = match args.n {
        Some(n) => {
            SubtractionGame::with_rules(n, rules)?;
            if n > MAX_PLAY_START {
                return Err(CliError::usage(format!(
                    "--n {n} is too large for play (at most {MAX_PLAY_START})"
                )));
            }
            (n, n)
        }
        None => parse_starts(&args.starts)?,
    };
    if hi > MAX_PLAY_START {
        return Err(CliError::usage(format!(
            "--starts {}: start numbers up to {MAX_PLAY_START}",
            args.starts
        )));
    }
    if !(1..=MAX_GAMES).contains(&args.games) {
        return Err(CliError::usage(format!(
            "--games {} is out of range 1..={MAX_GAMES}",
            args.games
        )));
    }
    // Each player draws from a seed of its own, both derived from --seed.
    let seed_a = args.seed ^ 0x9E37_79B9_7F4A_7C15;
    let seed_b = args.seed ^ 0xBF58_476D_1CE4_E5B9;
    let mut a =
        player(&args.a, &rules, seed_a).map_err(|e| CliError::usage(format!("--a: {e}")))?;
    let mut b =
        player(&args.b, &rules, seed_b).map_err(|e| CliError::usage(format!("--b: {e}")))?;
    let config = SimConfig { rules, starts: lo..=hi, games: args.games, seed: args.seed };
    let started = Instant::now();
    let mut last_report = 0.0;
    let sticky = out::Sticky::default();
    let result = spielbaum_nim_variant::simulate(&mut a, &mut b, &config, |done| {
        let secs = started.elapsed().as_secs_f64();
        if secs > 1.0 && secs - last_report > 0.5 {
            last_report = secs;
            sticky
                .write(|| out::stderr(format_args!("\r{done}/{} games ({secs:.1} s)", args.games)));
        }
        !sticky.failed()
    })?;
    sticky.check()?;
    if last_report > 0.0 {
        errln!();
    }
    let secs = started.elapsed().as_secs_f64();
    let oracle = Oracle::new(&rules)?;
    let first = result.first.as_ref().expect("at least one game");
    if (args.svg.is_some() || args.dot.is_some()) && first.numbers.len() > MAX_PICTURE {
        return Err(CliError::failure(format!(
            "the first game has {} numbers; course pictures are limited to {MAX_PICTURE}",
            first.numbers.len()
        )));
    }
    if let Some(path) = &args.svg {
        write_file(path, &course_svg(first, &oracle))?;
    }
    if let Some(path) = &args.dot {
        write_file(path, &course_dot(first, &oracle))?;
    }
    let (ci_lo, ci_hi) = result.all.wilson95();
    let tally_json = |t: &spielbaum_nim_variant::Tally| {
        let (l, h) = t.wilson95();
        json!({ "games": t.games, "wins_a": t.wins_a, "rate_a": t.rate(), "ci95_a": [l, h] })
    };
    if args.json {
        let out = json!({
            "subtract": rules.as_slice(),
            "a": result.a,
            "b": result.b,
            "starts": [lo, hi],
            "seed": args.seed,
            "games": result.all.games,
            "wins_a": result.all.wins_a,
            "wins_b": result.all.games - result.all.wins_a,
            "rate_a": result.all.rate(),
            "ci95_a": [ci_lo, ci_hi],
            "from_blue": tally_json(&result.from_blue),
            "from_red": tally_json(&result.from_red),
            "blunders": { "a": result.blunders[0], "b": result.blunders[1] },
            "moves": result.moves,
            "first_course": first.numbers,
            "first_winner": first.winner().map(|p| spielbaum_nim_variant::player_letter(p).to_string()),
        });
        outln!("{out}");
        return Ok(());
    }
    outln!(
        "S = {{{rules}}}: A = {} (moves first) against B = {}, starts {lo}..={hi}, seed {}",
        result.a,
        result.b,
        args.seed
    );
    let colours = first.edge_colours(&oracle);
    let mut line = format!("first game: {}", first.numbers[0]);
    let moves = colours.len();
    for (i, (n, c)) in first.numbers[1..].iter().zip(&colours).enumerate() {
        if moves > SHOW_MOVES && i == SHOW_MOVES - 4 {
            line.push_str(&format!(" ... ({} moves)", moves - SHOW_MOVES));
        }
        if moves <= SHOW_MOVES || i < SHOW_MOVES - 4 || i >= moves - 4 {
            line.push_str(&format!(" -{}-> {n}", c.name()));
        }
    }
    outln!("{line}");
    if let Some(w) = first.winner() {
        outln!(
            "  winner {} (red: winning move taken, blue: win given away, black: no win possible)",
            spielbaum_nim_variant::player_letter(w)
        );
    }
    if result.all.games > 1 {
        outln!(
            "A won {} of {} games: {:.3} (95% CI {:.3}..{:.3})",
            result.all.wins_a,
            result.all.games,
            result.all.rate(),
            ci_lo,
            ci_hi
        );
        for (label, t) in [
            ("blue starts (A can force the win)", &result.from_blue),
            ("red starts (B can force the win) ", &result.from_red),
        ] {
            let (l, h) = t.wilson95();
            outln!(
                "  {label}: A won {} of {} = {:.3} (95% CI {l:.3}..{h:.3})",
                t.wins_a,
                t.games,
                t.rate()
            );
        }
        outln!(
            "  wins given away: A {}, B {} (in {} moves); {secs:.2} s",
            result.blunders[0],
            result.blunders[1],
            result.moves
        );
    }
    Ok(())
}

/// Deepest search a `negamax:D` player may ask for.
const MAX_PLAYER_DEPTH: u32 = 64;

/// Most MCTS iterations per move a player may ask for.
const MAX_PLAYER_ITERATIONS: u64 = 10_000_000;

/// A player of `nim-variant play`: the text's (`optimal`, `random`,
/// `mixed:P`) or an engine: `mcts:N` / `mcts-solver:N` (N iterations per
/// move, MCTS-Solver off / on, the graph kept between moves), `negamax`
/// (the exact solver) or `negamax:D` (a search to depth D).
fn player(
    spec: &str,
    rules: &Subtractions,
    seed: u64,
) -> Result<Box<dyn Agent<SubtractionGame>>, NotationError> {
    let spec_t = spec.trim();
    let (kind, arg) = match spec_t.split_once(':') {
        Some((k, a)) => (k, Some(a)),
        None => (spec_t, None),
    };
    let start = SubtractionGame::with_rules(rules.max().into(), *rules)?;
    let iterations = |arg: Option<&str>| -> Result<u64, NotationError> {
        let a = arg.ok_or_else(|| {
            NotationError::option(spec, format!("give the iterations per move, e.g. {kind}:1000"))
        })?;
        match a.parse::<u64>() {
            Ok(n) if (1..=MAX_PLAYER_ITERATIONS).contains(&n) => Ok(n),
            _ => Err(NotationError::option(
                a,
                format!("iterations per move must be an integer in 1..={MAX_PLAYER_ITERATIONS}"),
            )),
        }
    };
    match (kind, arg) {
        ("mcts" | "mcts-solver", a) => {
            let n = iterations(a)?;
            let config = spielbaum_mcts::Config::seeded(seed).solver(kind == "mcts-solver");
            let mcts = spielbaum_mcts::Mcts::new(start, config);
            Ok(Box::new(Limited::new(mcts, AgentLimits::nodes(n)).named(format!("{kind}:{n}"))))
        }
        ("negamax", None) => {
            let solver = spielbaum_negamax::Solver::<SubtractionGame>::new(4);
            Ok(Box::new(Limited::new(solver, AgentLimits::NONE).named("negamax")))
        }
        ("negamax", Some(d)) => match d.parse::<u32>() {
            Ok(d) if (1..=MAX_PLAYER_DEPTH).contains(&d) => {
                let s = Searcher::new(Zero, spielbaum_negamax::Config::default());
                Ok(Box::new(Limited::new(s, AgentLimits::depth(d)).named(format!("negamax:{d}"))))
            }
            _ => Err(NotationError::option(
                d,
                format!("the depth must be an integer in 1..={MAX_PLAYER_DEPTH}"),
            )),
        },
        _ => parse_player(spec, rules, seed).map_err(|e| {
            NotationError::option(
                e.input,
                format!(
                    "{}; players: optimal, random, mixed:P, mcts:N, mcts-solver:N, negamax, negamax:D",
                    e.reason
                ),
            )
        }),
    }
}
