//! The board games' specs: Connect Four, Gomoku and m,n,k-games, Mühle.

use std::sync::Arc;

use spielbaum_arena::{AgentSpec, DynAgent, NamedAgent, NamedEval, SpecError};
use spielbaum_game_trait::{AgentLimits, Game, Limited, Notation};
use spielbaum_small_games::{Connect4, Connect4Board, Connect4Wide, OpenLines, Threats};

use super::{grid, zero};
use crate::error::CliError;
use crate::games::{GameInfo, GameOption, GameOpts, GameSpec, OptionKind, SetupVisitor, Values};

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
            crate::games::run_spec::<Connect4WideSpec, V>(info, opts, visitor)
        } else {
            crate::games::run_spec::<Self, V>(info, opts, visitor)
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
        let sides = spielbaum_gomoku::MIN_SIDE..=spielbaum_gomoku::MAX_SIDE;
        if !sides.contains(&size) {
            return Err(CliError::usage(format!(
                "--size {size} is out of range {}..={}",
                sides.start(),
                sides.end()
            )));
        }
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
        Ok(vec![
            NamedAgent {
                name: "engine",
                help: "the Gomoku engine: wins, blocks of fours, VCF and VCT at the root, then negamax over the cells within radius (0..=4, default 2; 0 = no narrowing) of a stone; it only narrows the game's own --radius, never widens it; quiescence=on searches fours and open threes past the depth; vcf=N adds a VCF of N nodes at every evaluation; weights=A/B/C/D/T sets the pattern evaluator's window weights and tempo; defend=N checks with threat searches of N nodes in all that the opponent has no forced win after the chosen move (a VCT, or a set-up move that leaves every answer facing one) and else plays the best of the first 3 other moves found that leave none; default depth 6 within 1 s a move (a depth or node limit alone has no time limit)",
                keys: GOMOKU_ENGINE_KEYS,
                build: Arc::new(gomoku_engine),
            },
            NamedAgent {
                name: "negamax",
                help: "alpha-beta search (iterative deepening) over the cells within radius (0..=4, default 2; 0 = no narrowing) of a stone (an empty board: the centre); it only narrows the game's own --radius, never widens it; depth=max searches to the end, an exact solve when both radii are 0; default depth 6",
                keys: GOMOKU_NEGAMAX_KEYS,
                build: Arc::new(gomoku_negamax),
            },
        ])
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
                name: "threats",
                help: "pattern3 reading the threats at the horizon: fours blocked, open fours and double threats (4-4, 4-3, 3-3) near-won, two open threes against near-lost, defences against open threes noisy",
                make: || Box::new(spielbaum_gomoku::Pattern::default().with_threats(true)),
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
const GOMOKU_ENGINE_KEYS: &[&str] = &[
    "depth",
    "time",
    "nodes",
    "eval",
    "radius",
    "checks",
    "quiescence",
    "table",
    "vcf",
    "weights",
    "defend",
];

/// The largest window weight `weights=` accepts: ten thousand times a
/// lone stone, fifty times the default open-four weight, far from the
/// evaluation's range.
const MAX_WINDOW_WEIGHT: i32 = 10_000;

/// The pattern evaluator's window weights and tempo from `weights=A/B/C/D/T`
/// (points for windows lacking 1, 2, 3, 4 stones, tempo in percent).
fn pattern_weights(spec: &mut AgentSpec) -> Result<Option<([i32; 4], i32)>, SpecError> {
    let Some(raw) = spec.raw("weights") else { return Ok(None) };
    let v: Vec<Option<i32>> = raw
        .split('/')
        .map(|x| x.trim().parse::<i32>().ok().filter(|w| (0..=MAX_WINDOW_WEIGHT).contains(w)))
        .collect();
    match v[..] {
        [Some(a), Some(b), Some(c), Some(d), Some(t)] if t <= 100 => Ok(Some(([a, b, c, d], t))),
        _ => Err(spec.bad(
            "weights",
            &raw,
            "five numbers A/B/C/D/T: points for windows lacking 1, 2, 3, 4 stones (0..=10000), tempo percent (0..=100)",
        )),
    }
}

/// The keys of Gomoku's `negamax`: the generic agent's and `radius`.
const GOMOKU_NEGAMAX_KEYS: &[&str] = &[
    "depth",
    "time",
    "nodes",
    "eval",
    "preset",
    "threads",
    "table",
    "quiescence",
    "symmetry",
    "radius",
];

/// Builds Gomoku's `negamax` agent: the generic one (built from the spec
/// without `radius`) seeing the positions through
/// [`Near`](spielbaum_gomoku::Near).
fn gomoku_negamax(
    spec: &mut AgentSpec,
    seed: u64,
) -> Result<DynAgent<spielbaum_gomoku::Gomoku>, SpecError> {
    let radius = spec.get_in::<u8>("radius", 0..=spielbaum_gomoku::MAX_RADIUS)?;
    let mut text = spec.kind().to_string();
    let mut sep = ':';
    for (key, value) in spec.params().to_vec() {
        if key != "radius" && GOMOKU_NEGAMAX_KEYS.contains(&key.as_str()) {
            // Marks the key as read; the generic builder checks its value.
            let _ = spec.raw(&key);
            text.push(sep);
            text.push_str(&format!("{key}={value}"));
            sep = ',';
        }
    }
    spec.finish(GOMOKU_NEGAMAX_KEYS)?;
    let generic = spielbaum_arena::Catalog { evaluators: GomokuSpec::evaluators(), agents: vec![] };
    let inner = generic.build(&text, seed)?;
    Ok(Box::new(spielbaum_gomoku::Near::new(
        inner,
        radius.unwrap_or(spielbaum_gomoku::DEFAULT_RADIUS),
    )))
}

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
    let eval = match pattern_weights(spec)? {
        None => eval.unwrap_or_else(|| Box::new(spielbaum_gomoku::Pattern::default())),
        Some((weights, tempo)) => {
            let threes = match spec.raw("eval").as_deref() {
                None | Some("pattern") => false,
                Some("pattern3") | Some("threats") => true,
                Some(other) => {
                    return Err(spec.bad(
                        "eval",
                        other,
                        "weights=... needs eval=pattern, pattern3 or threats",
                    ));
                }
            };
            Box::new(
                spielbaum_gomoku::Pattern::default()
                    .with_threes(threes)
                    .with_threats(spec.raw("eval").as_deref() == Some("threats"))
                    .with_weights(weights, tempo),
            )
        }
    };
    let eval: spielbaum_arena::DynEval<spielbaum_gomoku::Gomoku> =
        match spec.get_in::<u64>("vcf", 0..=1_000_000)? {
            None | Some(0) => eval,
            Some(n) => Box::new(spielbaum_gomoku::WithVcf::new(eval, n)),
        };
    let radius = spec.get_in::<u8>("radius", 0..=spielbaum_gomoku::MAX_RADIUS)?;
    let checks = match spec.raw("checks").as_deref() {
        None | Some("on") => RootChecks::default(),
        Some("off") => RootChecks::NONE,
        Some(other) => return Err(spec.bad("checks", other, "on or off")),
    };
    let checks = match spec.get_in::<u64>("defend", 0..=1_000_000)? {
        None => checks,
        Some(n) => RootChecks { defend_nodes: n, ..checks },
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
        AgentLimits {
            time: Some(std::time::Duration::from_secs(1)),
            depth: Some(spielbaum_negamax::params::AGENT_DEPTH),
            nodes: None,
        }
    } else {
        AgentLimits { time, depth, nodes }
    };
    Ok(Box::new(spielbaum_game_trait::Limited::new(engine, limits)))
}

/// How an agent spec's error for endgame tables that cannot be read
/// (missing, damaged) begins: a failed run (exit code 1), not bad usage.
pub(crate) const TABLES_FAILED: &str = "cannot read the endgame tables:";

/// The keys of Mühle's `engine` besides the evaluator's weights.
const MUEHLE_LIMIT_KEYS: [&str; 15] = [
    "depth",
    "time",
    "nodes",
    "table",
    "contempt",
    "contempt_step",
    "contempt_max",
    "placing_reduction",
    "history_repeats",
    "null_move",
    "lmr_log",
    "block_extension",
    "staged",
    "db",
    "db_stones",
];

/// The keys of Mühle's `engine`: limits, table, contempt, then the
/// evaluator's weights by their own names (`spielbaum_muehle::Weights::NAMES`),
/// so a weight added to the evaluator is a key at once.
const MUEHLE_ENGINE_KEYS: &[&str] = &{
    const WEIGHTS: [&str; spielbaum_muehle::Weights::NAMES.len()] =
        spielbaum_muehle::Weights::NAMES;
    let mut keys = [""; MUEHLE_LIMIT_KEYS.len() + WEIGHTS.len()];
    let mut i = 0;
    while i < MUEHLE_LIMIT_KEYS.len() {
        keys[i] = MUEHLE_LIMIT_KEYS[i];
        i += 1;
    }
    let mut j = 0;
    while j < WEIGHTS.len() {
        keys[MUEHLE_LIMIT_KEYS.len() + j] = WEIGHTS[j];
        j += 1;
    }
    keys
};

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
            help: "the game's own alpha-beta engine (quiescence over mills, packed table, contempt); depth=N, time=DUR, nodes=N, table=MIB, contempt=N, contempt_step=N (contempt added per error of the opponent seen in the game; 0 off), contempt_max=N (the most it rises to), placing_reduction=N (plies more off late placing moves), history_repeats=N (earlier occurrences in the game that make a position a draw, 1 or 2), null_move=R (null-move pruning while placing, R plies shallower; 0 off), lmr_log=D (late move reductions of ln(depth)*ln(n)*100/D plies; 0: one ply), block_extension=N (a forced block searched N plies deeper; 0 off), staged=on|off (the table's move searched before the moves are generated; default on), db=DIR (endgame tables as exact leaves; built by `muehle db build`), db_stones=N (the tables used: up to N stones a side, default the most built in DIR), and the evaluator's weights by name (a stone is 1000); default 1s per move",
            keys: MUEHLE_ENGINE_KEYS,
            build: Arc::new(|spec, _| {
                use spielbaum_muehle::search::{Config, params};
                let mut weights = params::WEIGHTS;
                for name in params::Weights::NAMES {
                    if let Some(v) = spec.get_in::<i32>(name, -100_000..=100_000)? {
                        weights.set(name, v);
                    }
                }
                let staged = match spec.raw("staged").as_deref() {
                    None | Some("on") => true,
                    Some("off") => false,
                    Some(other) => return Err(spec.bad("staged", other, "on or off")),
                };
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
                    weights,
                    placing_reduction: spec
                        .get_in::<i32>("placing_reduction", 0..=8)?
                        .unwrap_or(params::PLACING_REDUCTION),
                    history_repeats: spec
                        .get_in::<u32>("history_repeats", 1..=2)?
                        .unwrap_or(params::HISTORY_REPEATS),
                    contempt_step: spec
                        .get_in::<i32>("contempt_step", 0..=100_000)?
                        .unwrap_or(params::CONTEMPT_STEP),
                    contempt_max: spec
                        .get_in::<i32>("contempt_max", -100_000..=100_000)?
                        .unwrap_or(params::CONTEMPT_MAX),
                    null_move: spec.get_in::<i32>("null_move", 0..=8)?.unwrap_or(params::NULL_MOVE),
                    lmr_log: spec.get_in::<i32>("lmr_log", 0..=10_000)?.unwrap_or(params::LMR_LOG),
                    block_extension: spec
                        .get_in::<i32>("block_extension", 0..=2)?
                        .unwrap_or(params::BLOCK_EXTENSION),
                    staged,
                    ..Config::default()
                };
                let db = spec.raw("db");
                let db_stones =
                    spec.get_in::<u8>("db_stones", 3..=spielbaum_muehle::db::MAX_STONES)?;
                let mut engine = spielbaum_muehle::MillEngine::new(config);
                match (db, db_stones) {
                    (None, None) => {}
                    (None, Some(n)) => {
                        return Err(spec.bad("db_stones", &n.to_string(), "needs db=DIR"));
                    }
                    (Some(dir), n) => {
                        let path = std::path::Path::new(&dir);
                        let n = match n.or_else(|| spielbaum_muehle::db::largest_built(path)) {
                            Some(n) => n,
                            None => {
                                return Err(SpecError(format!(
                                    "{TABLES_FAILED} db={dir}: no tables there (build them with `spielbaum muehle db build --dir {dir}`)"
                                )));
                            }
                        };
                        engine
                            .set_db(spielbaum_muehle::db::shared(path), n)
                            .map_err(|e| SpecError(format!("{TABLES_FAILED} db={dir}: {e}")))?;
                    }
                }
                Ok(Box::new(Limited::new(engine, limits)) as DynAgent<spielbaum_muehle::Position>)
            }),
        }])
    }
    fn board(g: &spielbaum_muehle::Position) -> String {
        g.diagram()
    }
}

#[cfg(test)]
mod tests {
    use super::{MUEHLE_ENGINE_KEYS, MUEHLE_LIMIT_KEYS};
    use spielbaum_muehle::Weights;

    #[test]
    fn the_muehle_engine_keys_are_the_limits_and_every_weight_once() {
        for name in MUEHLE_LIMIT_KEYS.iter().chain(&Weights::NAMES) {
            let times = MUEHLE_ENGINE_KEYS.iter().filter(|k| *k == name).count();
            assert_eq!(times, 1, "{name}");
        }
        assert_eq!(MUEHLE_ENGINE_KEYS.len(), MUEHLE_LIMIT_KEYS.len() + Weights::NAMES.len());
        // A limit key that were also a weight's name would be read twice.
        for name in MUEHLE_LIMIT_KEYS {
            assert_eq!(Weights::default().get(name), None, "{name}");
        }
    }

    #[test]
    fn every_muehle_engine_key_is_read_by_the_agent() {
        use crate::games::{GameSpec, Values};
        let values = Values { info: &<super::MuehleSpec as GameSpec>::INFO, given: &[] };
        let agents = <super::MuehleSpec as GameSpec>::agents(&values).expect("agents");
        let engine = agents.iter().find(|a| a.name == "engine").expect("an engine agent");
        assert_eq!(engine.keys, MUEHLE_ENGINE_KEYS);
        let reads = |text: &str| {
            let mut spec = spielbaum_arena::AgentSpec::parse(text).expect("a spec");
            (engine.build)(&mut spec, 0).map_err(|e| e.0)?;
            spec.finish(&[]).map_err(|e| e.0)
        };
        for key in MUEHLE_ENGINE_KEYS {
            let value = match *key {
                "time" => "10ms",
                "staged" => "off",
                "db_stones" | "db" => continue,
                _ => "1",
            };
            assert_eq!(reads(&format!("engine:{key}={value}")), Ok(()), "{key}");
        }
        // The tables' keys are read: a directory without tables fails to
        // load (not an unknown key), and db_stones alone asks for db.
        let dir = std::env::temp_dir().join(format!("spielbaum-no-tables-{}", std::process::id()));
        let err =
            reads(&format!("engine:db={},db_stones=3", dir.display())).expect_err("no tables");
        assert!(err.starts_with(super::TABLES_FAILED), "{err}");
        let err = reads("engine:db_stones=3").expect_err("no db");
        assert!(err.contains("needs db=DIR"), "{err}");
        // The check can fail: a key the builder does not read is left over.
        assert!(reads("engine:stone=1").is_err());
        // A switch takes on or off only.
        for value in ["on", "off"] {
            assert_eq!(reads(&format!("engine:staged={value}")), Ok(()), "{value}");
        }
        let err = reads("engine:staged=1").expect_err("not a switch");
        assert!(err.contains("staged") && err.contains("on or off"), "{err}");
    }
}
