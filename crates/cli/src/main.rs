//! `spielbaum`: count, solve, analyse and play the games of the spielbaum
//! workspace from the command line. `spielbaum --help` lists the commands;
//! `spielbaum tour` shows what every crate computes.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod cmd;
mod error;
mod games;
mod tour;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Game-tree search: count, solve, analyse and play.
#[derive(Parser, Debug)]
#[command(name = "spielbaum", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// A short showcase of what every crate computes (under ~30 s).
    Tour(tour::Args),
    /// List the games and their options.
    Games(cmd::games::Args),
    /// Count move sequences of each length 1..=D.
    Perft(cmd::perft::Args),
    /// The subtraction game "3, 5, 11": red/blue table, strategy, matches.
    #[command(name = "nim-variant")]
    NimVariant(cmd::nim_variant::Args),
    /// The golf-club puzzle: minimal strokes, expected values, best club sets.
    Golf(cmd::golf::Args),
    /// Peg solitaire: complete statistics of a board, one solution.
    Peg(cmd::peg::Args),
    /// Solve a game exactly: value, plies to the end, best moves (negamax).
    Solve(cmd::solve::Args),
    /// Depth- or time-limited alpha-beta search (negamax).
    Search(cmd::search::Args),
    /// Monte Carlo tree search: visits and win probability per move.
    Mcts(cmd::mcts::Args),
    /// The agents and evaluators a game offers.
    Agents(cmd::agents::Args),
    /// Play a game in the terminal (you against an engine by default).
    Play(cmd::play::Args),
    /// A match between two agents: W/D/L, Elo, LOS, SPRT.
    Match(cmd::arena_match::Args),
    /// Show a stored game (from `match --save`) move by move.
    Replay(cmd::replay::Args),
    /// A Gomoku brain for Gomocup (piskvork) managers on stdin/stdout.
    Gomocup(cmd::gomocup::Args),
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
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints usage errors itself and exits 2; --help and
            // --version exit 0.
            e.exit();
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spielbaum: error: {e}");
            ExitCode::from(e.code.clamp(1, 255) as u8)
        }
    }
}
