//! `spielbaum`: count, solve, analyse and play the games of the spielbaum
//! workspace from the command line. `spielbaum --help` lists the commands;
//! `spielbaum tour` shows what every crate computes.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod cmd;
mod completions;
mod error;
mod games;
mod out;
mod progress;
mod tour;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::error::CliError;

/// Game-tree search: count, solve, analyse and play.
#[derive(Parser, Debug)]
#[command(name = "spielbaum", version, about, long_about = None)]
struct Cli {
    /// No progress bars or progress lines on stderr (they are also off when
    /// stderr is not a terminal).
    #[arg(long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// A short showcase of what every crate computes (under ~30 s).
    #[command(after_help = "Example:\n  spielbaum tour --only mcts")]
    Tour(tour::Args),
    /// List the games and their options.
    #[command(after_help = "Example:\n  spielbaum games")]
    Games(cmd::games::Args),
    /// Count move sequences of each length 1..=D.
    #[command(after_help = "Example:\n  spielbaum perft tictactoe --depth 9 --json")]
    Perft(cmd::perft::Args),
    /// The subtraction game "3, 5, 11": red/blue table, strategy, matches.
    #[command(name = "nim-variant")]
    #[command(after_help = "Example:\n  spielbaum nim-variant table --upto 40")]
    NimVariant(cmd::nim_variant::Args),
    /// The golf-club puzzle: minimal strokes, expected values, best club sets.
    #[command(after_help = "Example:\n  spielbaum golf expect --clubs 1,50,120,300")]
    Golf(cmd::golf::Args),
    /// Peg solitaire: complete statistics of a board, one solution.
    #[command(after_help = "Example:\n  spielbaum peg stats --down-to 24")]
    Peg(cmd::peg::Args),
    /// Solve a game exactly: value, plies to the end, best moves (negamax).
    #[command(after_help = "Example:\n  spielbaum solve tictactoe --json")]
    Solve(cmd::solve::Args),
    /// Depth- or time-limited alpha-beta search (negamax).
    #[command(after_help = "Example:\n  spielbaum search tictactoe --depth 9 --json")]
    Search(cmd::search::Args),
    /// Monte Carlo tree search: visits and win probability per move.
    #[command(
        after_help = "Example:\n  spielbaum mcts nim-variant --n 22 --iterations 20000 --seed 1 --json"
    )]
    Mcts(cmd::mcts::Args),
    /// The agents and evaluators a game offers.
    #[command(after_help = "Example:\n  spielbaum agents connect4 --json")]
    Agents(cmd::agents::Args),
    /// Play a game in the terminal (you against an engine by default).
    #[command(after_help = "Example:\n  spielbaum play tictactoe --b negamax:depth=max")]
    Play(cmd::play::Args),
    /// A match between two agents: W/D/L, Elo, LOS, SPRT.
    #[command(
        after_help = "Example:\n  spielbaum match nim --a negamax:depth=max --b random --games 20 --seed 1 --json"
    )]
    Match(cmd::arena_match::Args),
    /// Show a stored game (from `match --save`) move by move.
    #[command(after_help = "Example:\n  spielbaum replay nim games.jsonl --game 1")]
    Replay(cmd::replay::Args),
    /// A Gomoku brain for Gomocup (piskvork) managers on stdin/stdout.
    #[command(
        after_help = "Example (the manager writes the protocol to stdin):\n  spielbaum gomocup < protocol.txt"
    )]
    Gomocup(cmd::gomocup::Args),
    /// Mühle's UCI-like engine protocol on stdin/stdout (for Mühle GUIs).
    #[command(
        after_help = "Example (a GUI writes the protocol to stdin):\n  spielbaum uci muehle --variant nine"
    )]
    Uci(cmd::uci::Args),
    /// Mühle's endgame databases: build them, probe a position.
    #[command(after_help = "Example:\n  spielbaum muehle db build --max-stones 3 --dir muehle-db")]
    Muehle(cmd::muehle::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Example:\n  spielbaum completions bash > ~/.local/share/bash-completion/completions/spielbaum"
    )]
    Completions(completions::Args),
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Tour(a) => tour::run(&a),
        Command::Games(a) => cmd::games::run(&a),
        Command::Perft(a) => cmd::perft::run(&a),
        Command::NimVariant(a) => cmd::nim_variant::run(&a),
        Command::Golf(a) => cmd::golf::run(&a),
        Command::Peg(a) => cmd::peg::run(&a),
        Command::Solve(a) => cmd::solve::run(&a),
        Command::Search(a) => cmd::search::run(&a),
        Command::Mcts(a) => cmd::mcts::run(&a),
        Command::Agents(a) => cmd::agents::run(&a),
        Command::Play(a) => cmd::play::run(&a),
        Command::Match(a) => cmd::arena_match::run(&a),
        Command::Replay(a) => cmd::replay::run(&a),
        Command::Gomocup(a) => cmd::gomocup::run(&a),
        Command::Uci(a) => cmd::uci::run(&a),
        Command::Muehle(a) => cmd::muehle::run(&a),
        Command::Completions(a) => completions::run(&a, Cli::command()),
    }
}

/// The command line, with `help --help` (and `help -h`) read as `--help`:
/// clap's `help` subcommand takes command names only.
fn arguments() -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "help")
        && args[2..].iter().all(|a| a == "--help" || a == "-h")
        && args.len() > 2
    {
        args.truncate(1);
        args.push("--help".into());
    }
    args
}

/// Writes clap's message (help, version or a usage error) without
/// panicking on a closed or full output; returns the exit code.
fn clap_message(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    if e.use_stderr() {
        let _ = out::stderr(format_args!("{}", error::shorten(&text)));
        return ExitCode::from(e.exit_code().clamp(1, 255) as u8);
    }
    match out::stdout(format_args!("{text}")).and_then(|()| out::flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failed(&e),
    }
}

/// The exit code of a failed command, after its message on stderr (if
/// stderr itself fails, the exit code still tells).
fn failed(e: &CliError) -> ExitCode {
    if e.is_closed_pipe() {
        return ExitCode::SUCCESS;
    }
    let _ = out::stderr(format_args!("spielbaum: error: {}\n", error::shorten(&e.message)));
    ExitCode::from(e.code.clamp(1, 255) as u8)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(arguments()) {
        Ok(cli) => cli,
        // Usage errors exit 2; --help and --version exit 0.
        Err(e) => return clap_message(&e),
    };
    progress::set_quiet(cli.quiet);
    match run(cli).and_then(|()| out::flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failed(&e),
    }
}
