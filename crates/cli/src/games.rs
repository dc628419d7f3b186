//! Game names and options on the command line, and the generic dispatch
//! from a name to a concrete game type.
//!
//! Every game is one [`GameSpec`] in [`specs`]: its name, description and
//! options (with their defaults, written once), how to build the start
//! position from them, its notation help, its evaluators by name and its
//! own agents. Registering the spec in the one list of `registry!` (at the
//! end of `specs.rs`) makes it known to `spielbaum games`, to every generic
//! command (`perft`, `solve`, `search`, `mcts`, `play`, `match`, …) and to
//! the option parser: the flags of [`GameOpts`] are built from every
//! spec's option list.

mod specs;

use std::fmt::{Debug, Display};
use std::str::FromStr;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use spielbaum_arena::{NamedAgent, NamedEval};
use spielbaum_game_trait::{Evaluator, Notation};

use crate::error::CliError;

pub(crate) use specs::TABLES_FAILED;
pub use specs::{GAMES, dispatch_setup, evaluator_names};

/// Whether an option shapes the start position or the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// Chooses the start position (a heap list, a start number): giving it
    /// together with `--position` is a usage error, since the position
    /// already says it.
    Start,
    /// Part of the rules (a subtraction set, a board, a club set): the
    /// `--position` is read under these rules, so both may be given.
    Rules,
}

/// One option of a game: `--flag VALUE`.
#[derive(Clone, Copy, Debug)]
pub struct GameOption {
    /// The flag without its dashes (`target` for `--target`).
    pub flag: &'static str,
    /// The value's placeholder in help texts (`Z`, `LIST`).
    pub value: &'static str,
    /// What it means.
    pub help: &'static str,
    /// The default, as it would be typed on the command line.
    pub default: &'static str,
    /// Start or rules.
    pub kind: OptionKind,
}

impl GameOption {
    /// `--flag VALUE: help (default D)`, as `spielbaum games` prints it.
    pub fn line(&self) -> String {
        let start = if self.kind == OptionKind::Start { "; chooses the start" } else { "" };
        format!("--{} {}: {} (default {}{start})", self.flag, self.value, self.help, self.default)
    }
}

/// A game the CLI knows: everything `spielbaum games` prints.
#[derive(Debug)]
pub struct GameInfo {
    /// The name on the command line.
    pub name: &'static str,
    /// What it is.
    pub description: &'static str,
    /// Its options.
    pub options: &'static [GameOption],
    /// Position notation, with an example.
    pub position: &'static str,
    /// Move notation.
    pub moves: &'static str,
    /// The agent that plays it best within a few seconds a move (an agent
    /// spec: the default opponent of `play` and the engine behind `hint`).
    pub strongest: &'static str,
}

impl GameInfo {
    /// The option with this flag.
    pub fn option(&self, flag: &str) -> Option<&'static GameOption> {
        self.options.iter().find(|o| o.flag == flag)
    }

    /// One line per option, as `spielbaum games` prints them.
    pub fn option_lines(&self) -> Vec<String> {
        self.options.iter().map(GameOption::line).collect()
    }
}

/// The option values given for one game, with the game's defaults for the
/// others.
pub struct Values<'a> {
    info: &'static GameInfo,
    given: &'a [(&'static str, String)],
}

impl Values<'_> {
    /// The text of `--flag`: as given, else the game's default.
    ///
    /// # Panics
    /// If the game has no option `flag` (a mistake in its spec, caught by
    /// the tests that build every game).
    pub fn str(&self, flag: &str) -> &str {
        if let Some((_, v)) = self.given.iter().find(|(f, _)| *f == flag) {
            return v;
        }
        match self.info.option(flag) {
            Some(o) => o.default,
            None => panic!("game {} has no option --{flag}", self.info.name),
        }
    }

    /// The value of `--flag` parsed as a `T`; a bad value is a usage error
    /// naming the flag and the value, with the option's help (which states
    /// the range or form it allows).
    pub fn get<T>(&self, flag: &str) -> Result<T, CliError>
    where
        T: FromStr,
        T::Err: Display,
    {
        let text = self.str(flag);
        text.trim().parse().map_err(|e| {
            // The option's help states what it allows (a range, a form).
            let allowed = self.info.option(flag).map(|o| o.help).unwrap_or_default();
            CliError::usage(format!("bad --{flag} {text:?}: {e} (--{flag}: {allowed})"))
        })
    }
}

/// A game as a spec: one implementation per game, registered in one list.
pub trait GameSpec {
    /// The position type.
    type Game: Notation<Move: Send + Sync> + Debug + Send + Sync + 'static;
    /// The evaluator of depth-limited search (the first of
    /// [`evaluators`](GameSpec::evaluators)).
    type Eval: Evaluator<Self::Game> + Clone + Send + Sync + 'static;

    /// Name, description, options with defaults, notation.
    const INFO: GameInfo;

    /// The start position under the options `o`.
    fn start(o: &Values<'_>) -> Result<Self::Game, CliError>;

    /// The default evaluator.
    fn eval() -> Self::Eval;

    /// Every evaluator by name, the default first.
    fn evaluators() -> Vec<NamedEval<Self::Game>>;

    /// The game's own agents (beyond `random`, `oneply`, `negamax`, `mcts`
    /// and `human`, which every game has), under the rules options `o`
    /// (agents are built per game, so costly set-up belongs in their
    /// builders).
    ///
    /// Default: none.
    fn agents(o: &Values<'_>) -> Result<Vec<NamedAgent<Self::Game>>, CliError> {
        let _ = o;
        Ok(Vec::new())
    }

    /// The board as a person sees it, for `play` and `replay`.
    ///
    /// Default: the position's notation.
    fn board(game: &Self::Game) -> String {
        game.to_string()
    }

    /// Builds the game from `opts` and runs `visitor` on it (what the
    /// registry calls).
    ///
    /// Default: [`run_spec::<Self>`](run_spec). A game whose position type
    /// depends on its options (a wider bitboard for larger boards) overrides
    /// it to read the options ([`Values`], via [`GameOpts::values`]) and
    /// forward to `run_spec::<OtherSpec>`, a second spec with the same
    /// [`INFO`](GameSpec::INFO) that is not registered itself.
    fn dispatch<V: SetupVisitor>(
        info: &'static GameInfo,
        opts: &GameOpts,
        visitor: V,
    ) -> Result<V::Output, CliError>
    where
        Self: Sized,
    {
        run_spec::<Self, V>(info, opts, visitor)
    }
}

/// A game set up from the command line: what a [`SetupVisitor`] gets.
pub struct Setup<G, E> {
    /// The game's registry entry.
    pub info: &'static GameInfo,
    /// The start (or the `--position`).
    pub start: G,
    /// The default evaluator.
    pub eval: E,
    /// Every evaluator by name, the default first.
    pub evaluators: Vec<NamedEval<G>>,
    /// The game's own agents.
    pub agents: Vec<NamedAgent<G>>,
    /// Draws the board.
    pub board: fn(&G) -> String,
}

/// A generic command, run on whatever concrete game the user named.
pub trait GameVisitor {
    /// What the command returns.
    type Output;

    /// Runs the command on `game` (the start or the `--position`), with the
    /// game's default evaluator `eval` (for depth-limited search).
    fn visit<G, E>(self, name: &'static str, game: G, eval: E) -> Result<Self::Output, CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static;
}

/// A generic command that needs more of the game than [`GameVisitor`]: its
/// registry entry and its evaluators by name (play, match, …).
pub trait SetupVisitor {
    /// What the command returns.
    type Output;

    /// Runs the command on the game set up in `setup`.
    fn visit_setup<G, E>(self, setup: Setup<G, E>) -> Result<Self::Output, CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static;
}

/// A [`GameVisitor`] seen as a [`SetupVisitor`].
struct Plain<V>(V);

impl<V: GameVisitor> SetupVisitor for Plain<V> {
    type Output = V::Output;

    fn visit_setup<G, E>(self, setup: Setup<G, E>) -> Result<V::Output, CliError>
    where
        G: Notation + Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
        E: Evaluator<G> + Clone + Send + Sync + 'static,
    {
        self.0.visit(setup.info.name, setup.start, setup.eval)
    }
}

/// Builds the game `opts` names and runs `visitor` on it.
pub fn dispatch<V: GameVisitor>(opts: &GameOpts, visitor: V) -> Result<V::Output, CliError> {
    dispatch_setup(opts, Plain(visitor))
}

/// Builds spec `S`'s game from `opts` and hands it to `visitor`.
pub fn run_spec<S: GameSpec, V: SetupVisitor>(
    info: &'static GameInfo,
    opts: &GameOpts,
    visitor: V,
) -> Result<V::Output, CliError> {
    let (start, agents) =
        opts.values(info, |values| Ok((S::start(values)?, S::agents(values)?)))?;
    let start = match &opts.position {
        Some(p) => start.parse_position(p)?,
        None => start,
    };
    visitor.visit_setup(Setup {
        info,
        start,
        eval: S::eval(),
        evaluators: S::evaluators(),
        agents,
        board: S::board,
    })
}

/// The game and its options, shared by every generic command: the game's
/// name, `--position P`, and one `--flag VALUE` per option of any game
/// (the parser is built from the registry, see [`GAMES`]).
#[derive(Debug, Clone, Default)]
pub struct GameOpts {
    /// The game (see `spielbaum games`).
    pub game: String,
    /// Start from this position instead of the game's start (game notation).
    pub position: Option<String>,
    /// The game options given, by flag (without dashes), in registry order.
    pub options: Vec<(&'static str, String)>,
}

/// Every game option flag of the registry once, with its value name and a
/// help text that says which games take it.
fn all_flags() -> Vec<(&'static str, &'static str, String)> {
    let mut flags: Vec<(&'static str, &'static str, String)> = Vec::new();
    for g in GAMES {
        for o in g.options {
            let text = format!("{}: {} (default {})", g.name, o.help, o.default);
            match flags.iter_mut().find(|(f, _, _)| *f == o.flag) {
                Some((_, _, help)) => {
                    help.push_str("; ");
                    help.push_str(&text);
                }
                None => flags.push((o.flag, o.value, text)),
            }
        }
    }
    flags
}

impl GameOpts {
    /// The options given, checked against `info`: each must be an option of
    /// the game, and none that chooses the start may come with
    /// `--position`.
    fn check(&self, info: &'static GameInfo) -> Result<Vec<(&'static str, String)>, CliError> {
        for (flag, _) in &self.options {
            let Some(o) = info.option(flag) else {
                return Err(CliError::usage(format!(
                    "option --{flag} does not apply to {} (see `spielbaum games`)",
                    info.name
                )));
            };
            if o.kind == OptionKind::Start && self.position.is_some() {
                return Err(CliError::usage(format!(
                    "--position and --{flag} conflict: the position already gives what --{flag} \
                     sets; give one of them"
                )));
            }
        }
        Ok(self.options.clone())
    }

    /// The option values for the game `info` (checked as every command
    /// checks them), for [`GameSpec::dispatch`] overrides: call `f` with
    /// them.
    pub fn values<T>(
        &self,
        info: &'static GameInfo,
        f: impl FnOnce(&Values<'_>) -> Result<T, CliError>,
    ) -> Result<T, CliError> {
        let given = self.check(info)?;
        f(&Values { info, given: &given })
    }

    /// The game's registry entry.
    pub fn info(&self) -> Result<&'static GameInfo, CliError> {
        GAMES.iter().find(|g| g.name == self.game).ok_or_else(|| {
            CliError::usage(format!(
                "unknown game {:?}; known games: {}",
                self.game,
                GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
            ))
        })
    }
}

impl FromArgMatches for GameOpts {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut opts = GameOpts::default();
        opts.update_from_arg_matches(m)?;
        Ok(opts)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        if let Some(g) = m.get_one::<String>("game") {
            self.game = g.clone();
        }
        if let Some(p) = m.get_one::<String>("position") {
            self.position = Some(p.clone());
        }
        for (flag, _, _) in all_flags() {
            if let Some(v) = m.get_one::<String>(flag) {
                self.options.retain(|(f, _)| *f != flag);
                self.options.push((flag, v.clone()));
            }
        }
        Ok(())
    }
}

impl Args for GameOpts {
    fn augment_args(cmd: Command) -> Command {
        let mut cmd = cmd
            .arg(
                Arg::new("game")
                    .required(true)
                    .value_name("GAME")
                    .help("The game (see `spielbaum games`)"),
            )
            .arg(
                Arg::new("position")
                    .long("position")
                    .value_name("P")
                    .action(ArgAction::Set)
                    .help("Start from this position instead of the game's start (game notation)"),
            );
        for (flag, value, help) in all_flags() {
            cmd = cmd.arg(
                Arg::new(flag)
                    .long(flag)
                    .value_name(value)
                    .action(ArgAction::Set)
                    .help_heading("Game options")
                    .help(help),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}
