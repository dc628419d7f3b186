//! `spielbaum play <game> [game options] [--a SPEC] [--b SPEC]`: a game in
//! the terminal, by default you against the game's strongest agent; the
//! puzzles as one-player sessions with `hint`.

use std::fmt::Debug;
use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::Arc;

use clap::Args as ClapArgs;
use spielbaum_arena::session::{Seat, SessionEnd, Table, play};
use spielbaum_arena::{Catalog, SpecError};
use spielbaum_game_trait::{Evaluator, Notation};

use crate::error::CliError;
use crate::games::{GameOpts, Setup, SetupVisitor, dispatch_setup};

/// Arguments of `spielbaum play`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameOpts,
    /// The first player: `human` (the default) or an agent spec (see
    /// `spielbaum agents GAME`).
    #[arg(long, value_name = "SPEC", default_value = "human")]
    pub a: String,
    /// The second player (default: the game's strongest agent); puzzles
    /// have none.
    #[arg(long, value_name = "SPEC")]
    pub b: Option<String>,
    /// The engine behind `hint` (default: the game's strongest agent).
    #[arg(long, value_name = "SPEC")]
    pub hint: Option<String>,
    /// Seed of the agents' random choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
}

pub(crate) fn spec_error(e: SpecError) -> CliError {
    spec_error_in("", e)
}

/// An agent spec's error, after `context`: bad usage (exit code 2), but a
/// failed run (exit code 1) for endgame tables that cannot be read.
pub(crate) fn spec_error_in(context: &str, e: SpecError) -> CliError {
    let message = format!("{context}{e}");
    if e.0.contains(crate::games::TABLES_FAILED) {
        CliError::failure(message)
    } else {
        CliError::usage(message)
    }
}

struct Play<'a>(&'a Args);

impl SetupVisitor for Play<'_> {
    type Output = ();

    fn visit_setup<G, E>(self, setup: Setup<G, E>) -> Result<(), CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        let a = self.0;
        let info = setup.info;
        if G::PLAYERS == 1 && a.b.is_some() {
            return Err(CliError::usage(format!(
                "--b: {} is a puzzle with one player (--a)",
                info.name
            )));
        }
        let catalog = Arc::new(Catalog { evaluators: setup.evaluators, agents: setup.agents });
        let seat = |spec: &str, seed: u64| -> Result<Seat<G>, CliError> {
            let p = catalog.prepare(spec).map_err(spec_error)?;
            if p.is_human() {
                Ok(Seat::Human)
            } else {
                Ok(Seat::Agent(p.build(seed).map_err(spec_error)?))
            }
        };
        let first = seat(&a.a, a.seed)?;
        let second = match (&a.b, G::PLAYERS) {
            (_, 1) => Seat::Human,
            (Some(b), _) => seat(b, a.seed.wrapping_add(1))?,
            (None, _) => seat(info.strongest, a.seed.wrapping_add(1))?,
        };
        let hint_spec = a.hint.as_deref().unwrap_or(info.strongest);
        let hint = catalog
            .prepare(hint_spec)
            .and_then(|p| p.build(a.seed.wrapping_add(2)))
            .map_err(|e| spec_error_in("--hint: ", e))?;
        let board = setup.board;
        let render = move |g: &G| board(g);
        let echo = !io::stdin().is_terminal();
        let table = Table { render: &render, move_help: info.moves, hint: Some(hint), echo };
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let stdout = io::stdout();
        let mut out = stdout.lock();
        let title = if G::PLAYERS == 1 {
            format!("{}: {} (type `help` for the commands)", info.name, info.description)
        } else {
            let b = a.b.as_deref().unwrap_or(info.strongest);
            format!(
                "{}: player 1 = {}, player 2 = {} (type `help` for the commands)",
                info.name, a.a, b
            )
        };
        let run = |input: &mut dyn BufRead, out: &mut dyn Write| -> io::Result<SessionEnd> {
            writeln!(out, "{title}")?;
            play(setup.start, [first, second], table, input, out)
        };
        match run(&mut input, &mut out) {
            Ok(SessionEnd::AgentFailed) => Err(CliError::failure("an agent gave no legal move")),
            Ok(_) => Ok(()),
            // The reader went away (a closed pipe): nothing more to show.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

/// Runs `spielbaum play`.
pub fn run(args: &Args) -> Result<(), CliError> {
    dispatch_setup(&args.game, Play(args))
}
