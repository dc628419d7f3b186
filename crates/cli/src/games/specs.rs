//! The games of the command line, one [`GameSpec`] each, and the one list
//! that registers them (`registry!` at the end).

use std::sync::Arc;

use spielbaum_arena::{AgentSpec, DynAgent, NamedAgent, NamedEval, SpecError};
use spielbaum_game_trait::{Agent, AgentError, AgentLimits, Decision, Game, History, Zero, win_in};
use spielbaum_golf_clubs::{ClubSet, GolfError, GolfHole, Rules};
use spielbaum_nim_variant::{Mixed, Optimal, Random as TextRandom, SubtractionGame, Subtractions};
use spielbaum_peg_solitaire::{Board, Goal, Peg};
use spielbaum_small_games::{Dice, LineCount, Nim, TicTacToe};

use super::{GameInfo, GameOption, GameOpts, GameSpec, OptionKind, SetupVisitor, Values};
use crate::error::CliError;

/// The evaluator that knows nothing: search to the end solves exactly.
fn zero<G: Game>() -> NamedEval<G> {
    NamedEval {
        name: "zero",
        help: "every unfinished position is worth 0 (search to the end solves exactly)",
        make: || Box::new(Zero),
    }
}

/// Tic-tac-toe.
pub struct TicTacToeSpec;

impl GameSpec for TicTacToeSpec {
    type Game = TicTacToe;
    type Eval = LineCount;
    const INFO: GameInfo = GameInfo {
        name: "tictactoe",
        description: "Tic-tac-toe on 3x3, X moves first; 8 symmetries",
        options: &[],
        position: "rows from the top, x/o/.: \"x.o/.x./...\"",
        moves: "squares a1..c3 (files a-c, ranks 1-3 from the bottom)",
        strongest: "negamax:depth=max",
    };
    fn start(_: &Values<'_>) -> Result<TicTacToe, CliError> {
        Ok(TicTacToe::new())
    }
    fn eval() -> LineCount {
        LineCount
    }
    fn evaluators() -> Vec<NamedEval<TicTacToe>> {
        vec![
            NamedEval {
                name: "lines",
                help: "lines open to one player only: 1, 10, 100 points for 1, 2, 3 marks",
                make: || Box::new(LineCount),
            },
            zero(),
        ]
    }
    fn board(g: &TicTacToe) -> String {
        grid(&g.to_string(), false)
    }
}

/// Rows written `r1/r2/…` (top row first) as a grid with file letters and
/// rank numbers; ranks count from the bottom unless `from_top`.
fn grid(rows: &str, from_top: bool) -> String {
    let rows: Vec<&str> = rows.split('/').collect();
    let n = rows.len();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (i, r) in rows.iter().enumerate() {
        let rank = if from_top { i + 1 } else { n - i };
        let cells: Vec<String> = r.chars().map(|c| c.to_string()).collect();
        out.push_str(&format!("{rank:>2} {}\n", cells.join(" ")));
    }
    let files: Vec<String> = (0..width).map(|i| ((b'a' + i as u8) as char).to_string()).collect();
    out.push_str(&format!("   {}", files.join(" ")));
    out
}

/// Würfelkippen.
pub struct DiceSpec;

impl GameSpec for DiceSpec {
    type Game = Dice;
    type Eval = Zero;
    const INFO: GameInfo = GameInfo {
        name: "dice",
        description: "Wuerfelkippen: tip the die, sum the faces, hit the target exactly",
        options: &[
            GameOption {
                flag: "target",
                value: "Z",
                help: "the target sum, 1..=60000",
                default: "31",
                kind: OptionKind::Start,
            },
            GameOption {
                flag: "start",
                value: "F",
                help: "the face on top at the start, 1..=6",
                default: "1",
                kind: OptionKind::Start,
            },
        ],
        position: "\"top=4 sum=0 target=8 turn=1\"",
        moves: "the face that comes up, 1..6",
        strongest: "negamax:depth=max",
    };
    fn start(o: &Values<'_>) -> Result<Dice, CliError> {
        Ok(Dice::new(o.get("start")?, o.get("target")?)?)
    }
    fn eval() -> Zero {
        Zero
    }
    fn evaluators() -> Vec<NamedEval<Dice>> {
        vec![zero()]
    }
}

/// NIM.
pub struct NimSpec;

impl GameSpec for NimSpec {
    type Game = Nim;
    type Eval = Zero;
    const INFO: GameInfo = GameInfo {
        name: "nim",
        description: "NIM: take any positive number from one heap; taking the last object wins",
        options: &[GameOption {
            flag: "heaps",
            value: "LIST",
            help: "heap sizes, comma-separated",
            default: "3,4,5",
            kind: OptionKind::Start,
        }],
        position: "\"heaps=3,4,5 turn=1\" or \"3,4,5\"",
        moves: "HEAP:TAKE with 1-based heaps, e.g. 2:3",
        strongest: "negamax:depth=max",
    };
    fn start(o: &Values<'_>) -> Result<Nim, CliError> {
        Ok(Nim::new(&Nim::parse_heaps(o.str("heaps"))?)?)
    }
    fn eval() -> Zero {
        Zero
    }
    fn evaluators() -> Vec<NamedEval<Nim>> {
        vec![zero()]
    }
}

/// The subtraction game.
pub struct NimVariantSpec;

impl GameSpec for NimVariantSpec {
    type Game = SubtractionGame;
    type Eval = Zero;
    const INFO: GameInfo = GameInfo {
        name: "nim-variant",
        description: "The subtraction game \"3, 5, 11\": subtract a number of S; producing 0 wins, a negative number loses",
        options: &[
            GameOption {
                flag: "n",
                value: "N",
                help: "the start number, 1..=2^40",
                default: "22",
                kind: OptionKind::Start,
            },
            GameOption {
                flag: "subtract",
                value: "LIST",
                help: "the set S, comma-separated",
                default: "3,5,11",
                kind: OptionKind::Rules,
            },
        ],
        position: "the number and the player to move (A or B): \"17 B\" or \"22\"",
        moves: "the number subtracted, e.g. 5",
        strongest: "optimal",
    };
    fn start(o: &Values<'_>) -> Result<SubtractionGame, CliError> {
        let rules: Subtractions = o.get("subtract")?;
        Ok(SubtractionGame::with_rules(o.get("n")?, rules)?)
    }
    fn eval() -> Zero {
        Zero
    }
    fn evaluators() -> Vec<NamedEval<SubtractionGame>> {
        vec![zero()]
    }
    fn agents(o: &Values<'_>) -> Result<Vec<NamedAgent<SubtractionGame>>, CliError> {
        let rules: Subtractions = o.get("subtract")?;
        let bad = |spec: &AgentSpec, e: spielbaum_game_trait::NotationError| {
            SpecError(format!("{}: {e}", spec.text()))
        };
        Ok(vec![
            NamedAgent {
                name: "optimal",
                help: "the text's optimal strategy: the smallest winning subtraction, else the smallest of S",
                keys: &[],
                build: Arc::new(move |spec, _| {
                    Ok(Box::new(Optimal::new(&rules).map_err(|e| bad(spec, e))?) as DynAgent<_>)
                }),
            },
            NamedAgent {
                name: "mixed",
                help: "optimal with probability p, else the text's random player (key p, 0..=1; default 0.5)",
                keys: &["p"],
                build: Arc::new(move |spec, seed| {
                    let p = spec.get_in::<f64>("p", 0.0..=1.0)?.unwrap_or(0.5);
                    Ok(Box::new(Mixed::new(&rules, p, seed).map_err(|e| bad(spec, e))?)
                        as DynAgent<_>)
                }),
            },
            NamedAgent {
                name: "text-random",
                help: "the text's random player: a random number of S, but at the end 0 when it can",
                keys: &[],
                build: Arc::new(|_, seed| Ok(Box::new(TextRandom::new(seed)) as DynAgent<_>)),
            },
        ])
    }
}

/// One golf hole.
pub struct GolfSpec;

impl GameSpec for GolfSpec {
    type Game = GolfHole;
    type Eval = Zero;
    const INFO: GameInfo = GameInfo {
        name: "golf",
        description: "One golf hole as a puzzle: hole the ball in few strokes, each one club forward or backward",
        options: &[
            GameOption {
                flag: "clubs",
                value: "LIST",
                help: "the clubs, 1..=350 each",
                default: "1,50,120,300",
                kind: OptionKind::Rules,
            },
            GameOption {
                flag: "hole",
                value: "N",
                help: "the hole length, 1..=358; at most 20 strokes",
                default: "100",
                kind: OptionKind::Rules,
            },
        ],
        position: "\"ball 50 strokes 1\" (ball 0 = the tee)",
        moves: "the signed stroke, e.g. +120 or -50",
        strongest: "negamax:depth=max",
    };
    fn start(o: &Values<'_>) -> Result<GolfHole, CliError> {
        let rules = Rules::default();
        let usage = |e: GolfError| CliError::usage(e.to_string());
        let clubs = ClubSet::parse(o.str("clubs"), &rules, None).map_err(usage)?;
        // A stroke limit of 20 keeps exact solving shallow (the library's
        // default limit is the longest hole, 358).
        Ok(GolfHole::new(&clubs, o.get("hole")?, &rules).map_err(usage)?.with_max_strokes(20))
    }
    fn eval() -> Zero {
        Zero
    }
    fn evaluators() -> Vec<NamedEval<GolfHole>> {
        vec![zero()]
    }
}

/// Peg solitaire.
pub struct PegSpec;

impl GameSpec for PegSpec {
    type Game = Peg<'static>;
    type Eval = Zero;
    const INFO: GameInfo = GameInfo {
        name: "peg",
        description: "Peg solitaire as a puzzle: jump pegs over pegs until one is left",
        options: &[
            GameOption {
                flag: "board",
                value: "english|french|FILE",
                help: "the board, or a file with a text mask (`..111..` rows: `.` no hole, `1` peg, `0` empty; the file's pegs are the start unless --start is given)",
                default: "english",
                kind: OptionKind::Rules,
            },
            GameOption {
                flag: "start",
                value: "HOLE",
                help: "the empty hole of the start (all other holes have pegs), e.g. d4; `centre` = the centre, or the file's pegs",
                default: "centre",
                kind: OptionKind::Start,
            },
            GameOption {
                flag: "goal",
                value: "HOLE",
                help: "the hole of the last peg; `any` = anywhere",
                default: "any",
                kind: OptionKind::Rules,
            },
        ],
        position: "rows from the top, `.` no hole, `1` peg, `0` empty: \"..111../..111../1111111/1110111/1111111/..111../..111..\"",
        moves: "a jump from hole to hole, e.g. d2-d4 (files a-g, ranks 1-7 from the top)",
        strongest: "solver",
    };
    fn start(o: &Values<'_>) -> Result<Peg<'static>, CliError> {
        let args = crate::cmd::peg::BoardArgs {
            board: o.str("board").to_string(),
            start: match o.str("start") {
                "centre" | "center" => None,
                hole => Some(hole.to_string()),
            },
        };
        let (board, file_pegs) = crate::cmd::peg::load_board(&args)?;
        let board = match o.str("goal") {
            "any" => board,
            hole => {
                let h = board
                    .parse_hole(hole)
                    .map_err(|e| CliError::usage(format!("bad --goal: {e}")))?;
                board.with_goal(Goal::Hole(h as u8))?
            }
        };
        let pegs = crate::cmd::peg::start_pegs(&board, file_pegs, &args.start)?;
        // The position borrows its board: one board per run, kept for the
        // rest of it, gives the `'static` positions the generic commands
        // need.
        let board: &'static Board = Box::leak(Box::new(board));
        Ok(board.position(pegs)?)
    }
    fn eval() -> Zero {
        Zero
    }
    fn evaluators() -> Vec<NamedEval<Peg<'static>>> {
        vec![zero()]
    }
    fn agents(_: &Values<'_>) -> Result<Vec<NamedAgent<Peg<'static>>>, CliError> {
        Ok(vec![NamedAgent {
            name: "solver",
            help: "the peg-solitaire solver (pagoda cuts, dead-position table): follows a solution while one exists",
            keys: &[],
            build: Arc::new(|_, _| Ok(Box::new(PegSolver::default()) as DynAgent<Peg<'static>>)),
        }])
    }
    fn board(g: &Peg<'static>) -> String {
        grid(&g.to_string(), true)
    }
}

/// Peg solitaire's own solver as an agent: it solves the position and
/// follows the solution while the game stays on it.
#[derive(Default)]
struct PegSolver {
    /// The position the next move of `line` starts from, and the line.
    plan: Option<(Peg<'static>, Vec<spielbaum_peg_solitaire::Jump>)>,
}

impl Agent<Peg<'static>> for PegSolver {
    fn name(&self) -> String {
        "solver".into()
    }

    fn choose(
        &mut self,
        game: &History<Peg<'static>>,
        _limits: &AgentLimits,
    ) -> Result<Decision<spielbaum_peg_solitaire::Jump>, AgentError> {
        let pos = *game.position();
        let moves = spielbaum_game_trait::legal_moves_of(game)?;
        if let Some((at, line)) = &self.plan
            && *at == pos
            && let Some(&mv) = line.first()
        {
            let rest = line[1..].to_vec();
            let d = Decision::new(mv).with_score(win_in(line.len() as u32));
            self.plan = Some((pos.after(mv), rest));
            return Ok(d);
        }
        let (result, _) =
            spielbaum_peg_solitaire::solve(&pos, |_| spielbaum_bfs_reach::Control::Continue)
                .map_err(|e| AgentError::Failed(e.to_string()))?;
        match result {
            Ok(line) if !line.is_empty() => {
                let mv = line[0];
                let d = Decision::new(mv).with_score(win_in(line.len() as u32));
                self.plan = Some((pos.after(mv), line[1..].to_vec()));
                Ok(d)
            }
            _ => {
                // No solution from here: any jump (the decision carries no
                // score).
                self.plan = None;
                Ok(Decision::new(moves[0]))
            }
        }
    }
}

mod boards;

pub(crate) use boards::TABLES_FAILED;
pub use boards::{Connect4Spec, GomokuSpec, MuehleSpec};

/// Registers the specs: [`GAMES`] for listings and the option parser,
/// [`dispatch_setup`] from a name to the spec's concrete types.
macro_rules! registry {
    ($($spec:ty),+ $(,)?) => {
        /// Every game of the generic commands (`perft`, `solve`, `search`,
        /// `mcts`, `play`, `match`, …), in the order `spielbaum games`
        /// lists them.
        pub static GAMES: &[GameInfo] = &[$(<$spec as GameSpec>::INFO),+];

        /// Builds the game `opts` names and runs `visitor` on it.
        pub fn dispatch_setup<V: SetupVisitor>(
            opts: &GameOpts,
            visitor: V,
        ) -> Result<V::Output, CliError> {
            let info = opts.info()?;
            $(
                if info.name == <$spec as GameSpec>::INFO.name {
                    return <$spec as GameSpec>::dispatch(info, opts, visitor);
                }
            )+
            Err(CliError::usage(format!("unknown game {:?}", opts.game)))
        }

        /// The evaluators of the game `name`, by name with their meaning.
        pub fn evaluator_names(name: &str) -> Vec<(&'static str, &'static str)> {
            $(
                if name == <$spec as GameSpec>::INFO.name {
                    return <$spec as GameSpec>::evaluators()
                        .iter()
                        .map(|e| (e.name, e.help))
                        .collect();
                }
            )+
            Vec::new()
        }
    };
}

registry![
    TicTacToeSpec,
    DiceSpec,
    NimSpec,
    NimVariantSpec,
    GolfSpec,
    PegSpec,
    Connect4Spec,
    GomokuSpec,
    MuehleSpec,
];
