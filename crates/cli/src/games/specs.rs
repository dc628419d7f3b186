//! The games of the command line, one [`GameSpec`] each, and the one list
//! that registers them (`registry!` at the end).

use std::sync::Arc;

use spielbaum_arena::{AgentSpec, DynAgent, NamedAgent, NamedEval, SpecError};
use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, Game, History, Limited, Notation, Zero, win_in,
};
use spielbaum_golf_clubs::{ClubSet, GolfError, GolfHole, Rules};
use spielbaum_nim_variant::{Mixed, Optimal, Random as TextRandom, SubtractionGame, Subtractions};
use spielbaum_peg_solitaire::{Board, Goal, Peg};
use spielbaum_small_games::{
    Connect4, Connect4Board, Connect4Wide, Dice, LineCount, Nim, OpenLines, Threats, TicTacToe,
};

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

/// Connect Four on boards of 4 to 9 columns and 4 to 7 rows: a 64-bit
/// board up to 64 bits of `(height + 1) · width`, a 128-bit one beyond
/// ([`Connect4WideSpec`]).
pub struct Connect4Spec;

/// The evaluators of Connect Four on either board type.
fn connect4_evaluators<B: spielbaum_small_games::Bits>() -> Vec<NamedEval<Connect4Board<B>>>
where
    Connect4Board<B>: Game,
    Threats: spielbaum_game_trait::Evaluator<Connect4Board<B>>,
    OpenLines: spielbaum_game_trait::Evaluator<Connect4Board<B>>,
{
    vec![
        NamedEval {
            name: "threats",
            help: "threats (cells completing four), open lines, immediate wins; orders moves without playing them",
            make: || Box::new(Threats),
        },
        NamedEval {
            name: "lines",
            help: "lines of four still open to one side, weighted by their stones",
            make: || Box::new(OpenLines),
        },
        zero(),
    ]
}

impl GameSpec for Connect4Spec {
    type Game = Connect4;
    type Eval = Threats;
    const INFO: GameInfo = GameInfo {
        name: "connect4",
        description: "Connect Four: drop stones into columns; four in a row wins",
        options: &[
            GameOption {
                flag: "width",
                value: "W",
                help: "columns, 4..=9",
                default: "7",
                kind: OptionKind::Start,
            },
            GameOption {
                flag: "height",
                value: "H",
                help: "rows, 4..=7",
                default: "6",
                kind: OptionKind::Start,
            },
        ],
        position: "rows from the top, x/o/. (the size follows from the text): \"......./......./......./......./......./...x...\"",
        moves: "the column, a (left) to i",
        strongest: "negamax:time=2s",
    };
    fn start(o: &Values<'_>) -> Result<Connect4, CliError> {
        Ok(Connect4::new(o.get("width")?, o.get("height")?)?)
    }
    fn eval() -> Threats {
        Threats
    }
    fn evaluators() -> Vec<NamedEval<Connect4>> {
        connect4_evaluators()
    }
    fn board(g: &Connect4) -> String {
        grid(&g.to_string(), false)
    }
    fn dispatch<V: SetupVisitor>(
        info: &'static GameInfo,
        opts: &GameOpts,
        visitor: V,
    ) -> Result<V::Output, CliError> {
        let wide = match &opts.position {
            // The size follows from the text: wide if only the wide board
            // reads it.
            Some(p) => {
                let narrow = Connect4::standard().parse_position(p).is_ok();
                !narrow && Connect4Wide::new(7, 6)?.parse_position(p).is_ok()
            }
            None => opts.values(info, |v| {
                let (w, h): (usize, usize) = (v.get("width")?, v.get("height")?);
                Ok((h + 1) * w > 64)
            })?,
        };
        if wide {
            super::run_spec::<Connect4WideSpec, V>(info, opts, visitor)
        } else {
            super::run_spec::<Self, V>(info, opts, visitor)
        }
    }
}

/// Connect Four on the 128-bit board (reached through [`Connect4Spec`]).
pub struct Connect4WideSpec;

impl GameSpec for Connect4WideSpec {
    type Game = Connect4Wide;
    type Eval = Threats;
    const INFO: GameInfo = Connect4Spec::INFO;
    fn start(o: &Values<'_>) -> Result<Connect4Wide, CliError> {
        Ok(Connect4Wide::new(o.get("width")?, o.get("height")?)?)
    }
    fn eval() -> Threats {
        Threats
    }
    fn evaluators() -> Vec<NamedEval<Connect4Wide>> {
        connect4_evaluators()
    }
    fn board(g: &Connect4Wide) -> String {
        grid(&g.to_string(), false)
    }
}

/// Five in a row (Gomoku) and m,n,k-games.
pub struct GomokuSpec;

/// The board side given as `--width`/`--height`, `-` for `--size`.
fn side(o: &Values<'_>, flag: &str, size: u8) -> Result<u8, CliError> {
    if o.str(flag).trim() == "-" { Ok(size) } else { o.get(flag) }
}

impl GameSpec for GomokuSpec {
    type Game = spielbaum_gomoku::Gomoku;
    type Eval = spielbaum_gomoku::Pattern;
    const INFO: GameInfo = GameInfo {
        name: "gomoku",
        description: "Five in a row (Gomoku) and m,n,k-games: k in a row on an m x n board wins, a full board is a draw",
        options: &[
            GameOption {
                flag: "size",
                value: "N",
                help: "board side, 3..=22",
                default: "15",
                kind: OptionKind::Rules,
            },
            GameOption {
                flag: "k",
                value: "K",
                help: "stones in a row that win, 3..=22",
                default: "5",
                kind: OptionKind::Rules,
            },
            GameOption {
                flag: "width",
                value: "W",
                help: "columns, 3..=22 (- = --size)",
                default: "-",
                kind: OptionKind::Rules,
            },
            GameOption {
                flag: "height",
                value: "H",
                help: "rows, 3..=22 (- = --size)",
                default: "-",
                kind: OptionKind::Rules,
            },
            GameOption {
                flag: "exact",
                value: "BOOL",
                help: "exactly k wins (longer rows do not)",
                default: "false",
                kind: OptionKind::Rules,
            },
            GameOption {
                flag: "radius",
                value: "R",
                help: "candidate moves within R of a stone (faster engines; then only those are legal, for people too); 0 = every empty cell, the exact game; 0..=4",
                default: "0",
                kind: OptionKind::Rules,
            },
        ],
        position: "rows from the top, x/o/., then the side to move: \"...../..x../...../...../..... o\"",
        moves: "h8 (files from a, ranks from 1 at the bottom) or the Gomocup form x,y (0-based, y from the top)",
        strongest: "engine:time=2s",
    };
    fn start(o: &Values<'_>) -> Result<spielbaum_gomoku::Gomoku, CliError> {
        let size: u8 = o.get("size")?;
        let rules = spielbaum_gomoku::Rules {
            width: side(o, "width", size)?,
            height: side(o, "height", size)?,
            k: o.get("k")?,
            exact: o.get("exact")?,
            radius: o.get("radius")?,
        }
        .checked()
        .map_err(CliError::usage)?;
        Ok(spielbaum_gomoku::Gomoku::new(rules))
    }
    fn eval() -> spielbaum_gomoku::Pattern {
        spielbaum_gomoku::Pattern::default()
    }
    fn agents(_: &Values<'_>) -> Result<Vec<NamedAgent<spielbaum_gomoku::Gomoku>>, CliError> {
        Ok(vec![NamedAgent {
            name: "engine",
            help: "the Gomoku engine: wins, blocks of fours, VCF and VCT at the root, then negamax over the cells within radius (0..=4, default 2; 0 = every cell) of a stone, whatever the rules' radius; quiescence=on searches fours and open threes past the depth; default depth 6",
            keys: GOMOKU_ENGINE_KEYS,
            build: Arc::new(gomoku_engine),
        }])
    }
    fn evaluators() -> Vec<NamedEval<spielbaum_gomoku::Gomoku>> {
        vec![
            NamedEval {
                name: "pattern",
                help: "open windows of k cells (four, three, two stones), tempo, decisive fours",
                make: || Box::new(spielbaum_gomoku::Pattern::default()),
            },
            NamedEval {
                name: "pattern3",
                help: "pattern, and an open three of the side to move facing no four counts as won",
                make: || Box::new(spielbaum_gomoku::Pattern::default().with_threes(true)),
            },
            NamedEval {
                name: "rows",
                help: "students (1): own rows of five, four, three, two (100000/1000/100/10)",
                make: || Box::new(spielbaum_gomoku::RowCount),
            },
            NamedEval {
                name: "free",
                help: "students (2): free cells around own stones",
                make: || Box::new(spielbaum_gomoku::FreeFields),
            },
            NamedEval {
                name: "open",
                help: "students (3): rows weighted by their free ends",
                make: || Box::new(spielbaum_gomoku::OpenRows),
            },
            zero(),
        ]
    }
    fn board(g: &spielbaum_gomoku::Gomoku) -> String {
        let text = g.to_string();
        let (rows, side) = text.split_once(' ').unwrap_or((&text, ""));
        format!("{}\n{side} to move", grid(rows, false))
    }
}

/// The keys of Gomoku's `engine`.
const GOMOKU_ENGINE_KEYS: &[&str] =
    &["depth", "time", "nodes", "eval", "radius", "checks", "quiescence", "table"];

/// Builds Gomoku's `engine` agent from its spec.
fn gomoku_engine(
    spec: &mut AgentSpec,
    _seed: u64,
) -> Result<DynAgent<spielbaum_gomoku::Gomoku>, SpecError> {
    use spielbaum_gomoku::{Engine, RootChecks};
    let time = spec.duration("time")?;
    let depth = spec.get_in::<u32>("depth", 1..=spielbaum_negamax::params::STACK_SAFE_DEPTH)?;
    let nodes = spec.get_in::<u64>("nodes", 1..=u64::MAX)?;
    let eval = match spec.raw("eval") {
        None => None,
        Some(name) => match GomokuSpec::evaluators().into_iter().find(|e| e.name == name) {
            Some(e) => Some((e.make)()),
            None => {
                let names: Vec<&str> = GomokuSpec::evaluators().iter().map(|e| e.name).collect();
                return Err(spec.bad(
                    "eval",
                    &name,
                    &format!("unknown evaluator; this game has {}", names.join(", ")),
                ));
            }
        },
    };
    let eval = eval.unwrap_or_else(|| Box::new(spielbaum_gomoku::Pattern::default()));
    let radius = spec.get_in::<u8>("radius", 0..=spielbaum_gomoku::MAX_RADIUS)?;
    let checks = match spec.raw("checks").as_deref() {
        None | Some("on") => RootChecks::default(),
        Some("off") => RootChecks::NONE,
        Some(other) => return Err(spec.bad("checks", other, "on or off")),
    };
    let mut config = spielbaum_negamax::Config::ordered();
    match spec.raw("quiescence").as_deref() {
        None | Some("off") => {}
        Some("on") => config.quiescence = true,
        Some(other) => return Err(spec.bad("quiescence", other, "on or off")),
    }
    if let Some(t) = spec.get_in::<usize>("table", 0..=4096)? {
        config.table_mib = t;
    }
    spec.finish(GOMOKU_ENGINE_KEYS)?;
    let engine = Engine::new(eval, config, checks, "engine")
        .with_radius(radius.unwrap_or(spielbaum_gomoku::DEFAULT_RADIUS));
    let limits = if time.is_none() && depth.is_none() && nodes.is_none() {
        AgentLimits::depth(spielbaum_negamax::params::AGENT_DEPTH)
    } else {
        AgentLimits { time, depth, nodes }
    };
    Ok(Box::new(spielbaum_game_trait::Limited::new(engine, limits)))
}

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

/// Mühle (Nine Men's Morris) and its variants.
pub struct MuehleSpec;

impl GameSpec for MuehleSpec {
    type Game = spielbaum_muehle::Position;
    type Eval = spielbaum_muehle::MillEval;
    const INFO: GameInfo = GameInfo {
        name: "muehle",
        description: "Muehle (Nine Men's Morris) and Three, Six, Twelve Men's Morris: place, move, fly; a mill takes a stone",
        options: &[GameOption {
            flag: "variant",
            value: "V",
            help: "three, six, nine or twelve",
            default: "nine",
            kind: OptionKind::Rules,
        }],
        position: "points file by file (a1 a4 a7/b2 b4 b6/...), W/B/., side, white and black in hand, plies since a capture: \".../.../.../....../.../.../... w 9 9 0\"",
        moves: "place d6, move a1-a4, a capture joined: d6xa1, a1-a4xd7",
        strongest: "engine:time=2s",
    };
    fn start(o: &Values<'_>) -> Result<spielbaum_muehle::Position, CliError> {
        let variant: spielbaum_muehle::Variant = o.get("variant")?;
        spielbaum_muehle::Position::try_new(spielbaum_muehle::Rules::new(variant))
            .map_err(CliError::usage)
    }
    fn eval() -> spielbaum_muehle::MillEval {
        spielbaum_muehle::MillEval
    }
    fn evaluators() -> Vec<NamedEval<spielbaum_muehle::Position>> {
        vec![
            NamedEval {
                name: "mill",
                help: "material, mobility, mills, open and double mills, blocked stones; mill-closing moves are noisy",
                make: || Box::new(spielbaum_muehle::MillEval),
            },
            NamedEval {
                name: "1976",
                help: "the 1976 table of Vernazza and Baertschi (criteria 1-15 per phase); one ply over it is their program",
                make: || Box::new(spielbaum_muehle::Eval1976),
            },
            zero(),
        ]
    }
    fn agents(_: &Values<'_>) -> Result<Vec<NamedAgent<spielbaum_muehle::Position>>, CliError> {
        Ok(vec![NamedAgent {
            name: "engine",
            help: "the game's own alpha-beta engine (quiescence over mills, packed table, contempt); keys depth=N, time=DUR, nodes=N, table=MIB, contempt=N; default 1s per move",
            keys: &["depth", "time", "nodes", "table", "contempt"],
            build: Arc::new(|spec, _| {
                use spielbaum_muehle::search::{Config, params};
                let limits = AgentLimits {
                    time: spec.duration("time")?,
                    depth: spec.get_in::<u32>("depth", 1..=params::MAX_DEPTH as u32)?,
                    nodes: spec.get_in::<u64>("nodes", 1..=u64::MAX)?,
                };
                let config = Config {
                    table_mib: spec.get_in::<usize>("table", 1..=65_536)?.unwrap_or(16),
                    contempt: spec
                        .get_in::<i32>("contempt", -100_000..=100_000)?
                        .unwrap_or(params::CONTEMPT),
                    ..Config::default()
                };
                Ok(Box::new(Limited::new(spielbaum_muehle::MillEngine::new(config), limits))
                    as DynAgent<spielbaum_muehle::Position>)
            }),
        }])
    }
    fn board(g: &spielbaum_muehle::Position) -> String {
        g.diagram()
    }
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
