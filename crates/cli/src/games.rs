//! Game names and options on the command line, and the generic dispatch
//! from a name to a concrete game type.
//!
//! To add a game: one entry in [`GAMES`], its option fields in [`GameOpts`]
//! (also listed in [`GameOpts::given`]), and one arm in [`dispatch`].

use std::fmt::Debug;

use clap::Args;
use spielbaum_game_trait::{Evaluator, Notation, Zero};
use spielbaum_nim_variant::{SubtractionGame, Subtractions};
use spielbaum_small_games::{Dice, LineCount, Nim, TicTacToe};

use crate::error::CliError;

/// A game the CLI knows, for `spielbaum games`.
pub struct GameInfo {
    /// The name on the command line.
    pub name: &'static str,
    /// What it is.
    pub description: &'static str,
    /// Its options, as `--flag VALUE: meaning (default)`.
    pub options: &'static [&'static str],
    /// Position notation, with an example.
    pub position: &'static str,
    /// Move notation.
    pub moves: &'static str,
}

/// Every game of the generic commands (`perft`, `solve`, `search`, `mcts`, …).
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "tictactoe",
        description: "Tic-tac-toe on 3x3, X moves first; 8 symmetries",
        options: &[],
        position: "rows from the top, x/o/.: \"x.o/.x./...\"",
        moves: "squares a1..c3 (files a-c, ranks 1-3 from the bottom)",
    },
    GameInfo {
        name: "dice",
        description: "Wuerfelkippen: tip the die, sum the faces, hit the target exactly",
        options: &[
            "--target Z: the target sum, 1..=60000 (default 31)",
            "--start F: the face on top at the start, 1..=6 (default 1)",
        ],
        position: "\"top=4 sum=0 target=8 turn=1\"",
        moves: "the face that comes up, 1..6",
    },
    GameInfo {
        name: "nim",
        description: "NIM: take any positive number from one heap; taking the last object wins",
        options: &["--heaps LIST: heap sizes, e.g. 3,4,5 (default 3,4,5)"],
        position: "\"heaps=3,4,5 turn=1\" or \"3,4,5\"",
        moves: "HEAP:TAKE with 1-based heaps, e.g. 2:3",
    },
    GameInfo {
        name: "nim-variant",
        description: "The subtraction game \"3, 5, 11\": subtract a number of S; producing 0 wins, a negative number loses",
        options: &[
            "--n N: the start number, 1..=2^40 (default 22)",
            "--subtract LIST: the set S, comma-separated (default 3,5,11)",
        ],
        position: "the number and the player to move (A or B): \"17 B\" or \"22\"",
        moves: "the number subtracted, e.g. 5",
    },
    GameInfo {
        name: "golf",
        description: "One golf hole as a puzzle: hole the ball in few strokes, each one club forward or backward",
        options: &[
            "--clubs LIST: the clubs, 1..=350 each (default 1,50,120,300)",
            "--hole N: the hole length, 1..=358 (default 100); at most 20 strokes",
        ],
        position: "\"ball 50 strokes 1\" (ball 0 = the tee)",
        moves: "the signed stroke, e.g. +120 or -50",
    },
];

/// The game and its options, shared by every generic command.
#[derive(Args, Debug, Clone)]
pub struct GameOpts {
    /// The game (see `spielbaum games`).
    pub game: String,

    /// Start from this position instead of the game's start (game notation).
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// Würfelkippen: the target sum.
    #[arg(long, value_name = "Z")]
    pub target: Option<u32>,

    /// Würfelkippen: the face on top at the start.
    #[arg(long, value_name = "F")]
    pub start: Option<u32>,

    /// NIM: the heap sizes, comma-separated.
    #[arg(long, value_name = "LIST")]
    pub heaps: Option<String>,

    /// nim-variant: the start number.
    #[arg(long = "n", value_name = "N")]
    pub n: Option<u64>,

    /// nim-variant: the subtraction set S, comma-separated.
    #[arg(long, value_name = "LIST")]
    pub subtract: Option<String>,

    /// golf: the clubs, comma-separated.
    #[arg(long, value_name = "LIST")]
    pub clubs: Option<String>,

    /// golf: the hole length.
    #[arg(long, value_name = "N")]
    pub hole: Option<u32>,
}

impl GameOpts {
    /// The game options that were given, by flag name.
    pub fn given(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        let flags: [(&'static str, bool); 7] = [
            ("--target", self.target.is_some()),
            ("--start", self.start.is_some()),
            ("--heaps", self.heaps.is_some()),
            ("--n", self.n.is_some()),
            ("--subtract", self.subtract.is_some()),
            ("--clubs", self.clubs.is_some()),
            ("--hole", self.hole.is_some()),
        ];
        for (name, set) in flags {
            if set {
                v.push(name);
            }
        }
        v
    }

    /// Rejects game options that `game` does not take.
    pub fn allow_only(&self, allowed: &[&str]) -> Result<(), CliError> {
        match self.given().into_iter().find(|f| !allowed.contains(f)) {
            Some(flag) => Err(CliError::usage(format!(
                "option {flag} does not apply to {} (see `spielbaum games`)",
                self.game
            ))),
            None => Ok(()),
        }
    }

    /// The start position `start`, or the `--position` parsed with it as
    /// context.
    pub fn position_or<G: Notation>(&self, start: G) -> Result<G, CliError> {
        match &self.position {
            Some(p) => Ok(start.parse_position(p)?),
            None => Ok(start),
        }
    }
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

/// Builds the game `opts` names and runs `visitor` on it.
pub fn dispatch<V: GameVisitor>(opts: &GameOpts, visitor: V) -> Result<V::Output, CliError> {
    match opts.game.as_str() {
        "tictactoe" => {
            opts.allow_only(&[])?;
            let g = opts.position_or(TicTacToe::new())?;
            visitor.visit("tictactoe", g, LineCount)
        }
        "dice" => {
            opts.allow_only(&["--target", "--start"])?;
            let g = Dice::new(opts.start.unwrap_or(1), opts.target.unwrap_or(31))?;
            let g = opts.position_or(g)?;
            visitor.visit("dice", g, Zero)
        }
        "nim" => {
            opts.allow_only(&["--heaps"])?;
            let heaps = match &opts.heaps {
                Some(h) => Nim::parse_heaps(h)?,
                None => vec![3, 4, 5],
            };
            let g = opts.position_or(Nim::new(&heaps)?)?;
            visitor.visit("nim", g, Zero)
        }
        "nim-variant" => {
            opts.allow_only(&["--n", "--subtract"])?;
            let rules: Subtractions = match &opts.subtract {
                Some(s) => s.parse()?,
                None => Subtractions::CLASSIC,
            };
            let g = SubtractionGame::with_rules(opts.n.unwrap_or(22), rules)?;
            let g = opts.position_or(g)?;
            visitor.visit("nim-variant", g, Zero)
        }
        "golf" => {
            opts.allow_only(&["--clubs", "--hole"])?;
            let rules = spielbaum_golf_clubs::Rules::default();
            let usage = |e: spielbaum_golf_clubs::GolfError| CliError::usage(e.to_string());
            let clubs = spielbaum_golf_clubs::ClubSet::parse(
                opts.clubs.as_deref().unwrap_or("1,50,120,300"),
                &rules,
                None,
            )
            .map_err(usage)?;
            // A stroke limit of 20 keeps exact solving shallow (the library's
            // default limit is the longest hole, 358).
            let g = spielbaum_golf_clubs::GolfHole::new(&clubs, opts.hole.unwrap_or(100), &rules)
                .map_err(usage)?
                .with_max_strokes(20);
            let g = opts.position_or(g)?;
            visitor.visit("golf", g, Zero)
        }
        other => Err(CliError::usage(format!(
            "unknown game {other:?}; known games: {}",
            GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
        ))),
    }
}
