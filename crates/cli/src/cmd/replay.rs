//! `spielbaum replay <game> [game options] FILE [--game I]`: a stored game
//! (from `spielbaum match --save`) move by move.

use std::fmt::Debug;
use std::io::Write;
use std::path::PathBuf;

use clap::Args as ClapArgs;
use spielbaum_arena::GameRecord;
use spielbaum_game_trait::{Evaluator, History, Notation};

use crate::error::CliError;
use crate::games::{GameInfo, GameOpts, OptionKind, Setup, SetupVisitor, dispatch_setup};

/// Arguments of `spielbaum replay`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// The file written by `spielbaum match --save`.
    pub file: PathBuf,
    /// Only the game with this number (as in the file's `game` field).
    #[arg(long = "game", value_name = "I")]
    pub index: Option<usize>,
}

struct Replay<'a>(&'a Args);

impl SetupVisitor for Replay<'_> {
    type Output = ();

    fn visit_setup<G, E>(self, setup: Setup<G, E>) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let mut out = std::io::stdout().lock();
        let path = &self.0.file;
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
        let mut records = Vec::new();
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let r = GameRecord::parse_line(line)
                .map_err(|e| CliError::usage(format!("{} line {}: {e}", path.display(), n + 1)))?;
            records.push(r);
        }
        if records.is_empty() {
            return Err(CliError::usage(format!("{}: no stored game in it", path.display())));
        }
        if let Some(i) = self.0.index {
            records.retain(|r| r.index == i);
            if records.is_empty() {
                return Err(CliError::usage(format!(
                    "--game {i}: no such game in {}",
                    path.display()
                )));
            }
        }
        for r in &records {
            let start = setup.start.parse_position(&r.start).map_err(|e| {
                CliError::usage(format!(
                    "{} game {}: the stored start is not a position of {} under {}: {e}; \
                     replay it with the game options its match was played with, \
                     or the file is damaged",
                    path.display(),
                    r.index,
                    setup.info.name,
                    rules_in_effect(setup.info, &self.0.game)
                ))
            })?;
            writeln!(
                out,
                "game {}: {} (first) against {} (second): {} ({})",
                r.index, r.first, r.second, r.result, r.termination
            )?;
            writeln!(out, "{}", (setup.board)(&start))?;
            let mut hist = History::new(start);
            let all = r.opening.iter().map(|m| (true, m)).chain(r.moves.iter().map(|m| (false, m)));
            for (ply, (opening, m)) in all.enumerate() {
                let mv = hist.position().parse_move(m).map_err(|e| {
                    CliError::usage(format!("game {} ply {}: {e}", r.index, ply + 1))
                })?;
                hist.try_play(mv).map_err(|e| {
                    CliError::usage(format!("game {} ply {}: {e}", r.index, ply + 1))
                })?;
                let tag = if opening { " (opening)" } else { "" };
                writeln!(out, "{}. {m}{tag}", ply + 1)?;
                writeln!(out, "{}", (setup.board)(hist.position()))?;
            }
            writeln!(out, "result {} ({})\n", r.result, r.termination)?;
        }
        Ok(())
    }
}

/// The game's rules options as they stand (given or default), as typed:
/// `--variant nine`.
fn rules_in_effect(info: &GameInfo, given: &GameOpts) -> String {
    let options: Vec<String> = info
        .options
        .iter()
        .filter(|o| o.kind == OptionKind::Rules)
        .map(|o| {
            let value = given.options.iter().find(|(f, _)| *f == o.flag).map(|(_, v)| v.as_str());
            format!("--{} {}", o.flag, value.unwrap_or(o.default))
        })
        .collect();
    if options.is_empty() { "its rules".into() } else { options.join(" ") }
}

/// Runs `spielbaum replay`.
pub fn run(args: &Args) -> Result<(), CliError> {
    dispatch_setup(&args.game, Replay(args))
}
