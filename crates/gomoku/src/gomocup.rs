//! The Gomocup (piskvork) brain protocol over any `BufRead` / `Write`.
//!
//! Commands: `START n`, `RECTSTART w,h`, `RESTART`, `BEGIN`, `TURN x,y`,
//! `BOARD` … `DONE` (lines `x,y,field`, field 1 = own stone, 2 = the
//! opponent's), `INFO key value` (`timeout_turn`, `timeout_match`,
//! `time_left`, `max_memory`, `game_type`, `rule`; others are ignored),
//! `TAKEBACK x,y`, `ABOUT`, `END`. Answers: a move `x,y`, `OK`,
//! `ERROR message`, `UNKNOWN message`, `MESSAGE …` and `DEBUG …`. Every
//! line ends with CR LF and is flushed at once. Coordinates are 0-based,
//! `x` the column from the left, `y` the row from the top.
//!
//! Malformed input gets `ERROR` (or `UNKNOWN` for an unknown command) and
//! changes nothing; the brain keeps reading. It answers within
//! `timeout_turn` (less a safety margin, and a share of `time_left`), and
//! sizes its transposition table from `max_memory`. `rule` bit 1 selects
//! exactly five; the other rule bits (continuous game, renju, caro) are
//! not supported, and the brain says so in a `MESSAGE` and plays freestyle
//! or exact five.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use spielbaum_game_trait::{AgentLimits, Game, Player};
use spielbaum_negamax::Config;

use crate::bits::{Bits, cell};
use crate::board::{Cell, Gomoku};
use crate::engine::{Engine, RootChecks};
use crate::eval::{Pattern, WithVcf};
use crate::rules::{MIN_SIDE, Rules};

/// The brain's name and version for `ABOUT`.
pub const ABOUT: &str =
    "name=\"spielbaum\", version=\"0.1.0\", author=\"The spielbaum developers\", country=\"DE\"";

/// Time kept back from `timeout_turn` for reading, answering and the
/// manager's clock.
const MARGIN_MS: u64 = 60;

/// A Gomocup brain: the game state and the engine.
pub struct Brain {
    rules: Option<Rules>,
    /// Moves in order: the cell and whether it is ours.
    moves: Vec<(Cell, bool)>,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    max_memory: u64,
    exact: bool,
    engine: Option<Engine>,
    /// Inside `BOARD` … `DONE`: the stones read so far and the first error.
    board: Option<BoardInput>,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

/// The stones read so far inside `BOARD` … `DONE` (cell, ours) and the
/// first error.
type BoardInput = (Vec<(Cell, bool)>, Option<String>);

/// What one input line asks to write back.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nothing (INFO, lines inside BOARD).
    None,
    /// These lines.
    Lines(Vec<String>),
    /// `END`: stop.
    End,
}

fn one(s: impl Into<String>) -> Reply {
    Reply::Lines(vec![s.into()])
}

impl Brain {
    /// A brain before `START`: 30 s per turn, no memory limit.
    pub fn new() -> Self {
        Brain {
            rules: None,
            moves: Vec::new(),
            timeout_turn: 30_000,
            timeout_match: 1_000_000_000,
            time_left: None,
            max_memory: 0,
            exact: false,
            engine: None,
            board: None,
        }
    }

    /// The position after the moves so far, our stones as the side to
    /// move.
    fn position(&self, moves: &[(Cell, bool)]) -> Result<Gomoku, String> {
        let rules = self.rules.ok_or("no board: send START first")?;
        let mut stones = [Bits::EMPTY; 2];
        for &(c, ours) in moves {
            stones[usize::from(!ours)].set(c.index());
        }
        Gomoku::from_parts(rules, &stones, Player::FIRST)
    }

    fn table_mib(&self) -> usize {
        if self.max_memory == 0 {
            64
        } else {
            // A quarter of the allowance for the table, the rest for the
            // program and its stacks.
            ((self.max_memory / 4) >> 20).clamp(1, 1024) as usize
        }
    }

    fn engine(&mut self) -> &mut Engine {
        let mib = self.table_mib();
        let rules = self.rules.unwrap_or_default();
        let stale = self.engine.as_mut().is_none_or(|e| e.searcher().config().table_mib != mib);
        if stale {
            let eval = WithVcf::new(Pattern::new(rules.k, rules.exact), 0);
            let config = Config { table_mib: mib, ..Config::ordered() };
            self.engine = Some(Engine::new(eval, config, RootChecks::default(), "spielbaum"));
        }
        self.engine.as_mut().expect("made above")
    }

    /// The time for this move.
    fn budget(&self) -> Duration {
        let mut ms = if self.timeout_turn == 0 { 1_000 } else { self.timeout_turn };
        if let Some(left) = self.time_left {
            ms = ms.min(left / 12);
        }
        if self.timeout_match > 0 && self.time_left.is_none() {
            ms = ms.min(self.timeout_match / 60);
        }
        Duration::from_millis(ms.saturating_sub(MARGIN_MS).max(10))
    }

    /// Thinks and plays our move.
    fn play_own(&mut self) -> Reply {
        let pos = match self.position(&self.moves) {
            Ok(p) => p,
            Err(e) => return one(format!("ERROR {e}")),
        };
        if pos.is_over() {
            return one("ERROR the game is over");
        }
        let limits = AgentLimits::time(self.budget());
        let pos = pos.with_radius(2);
        let decision = self.engine().think(&pos, &limits);
        match decision {
            Some(d) => {
                self.moves.push((d.mv, true));
                let mut lines = Vec::new();
                let score = d.score.map_or("-".to_string(), |s| s.to_string());
                let depth = d.depth.map_or("-".to_string(), |s| s.to_string());
                lines.push(format!("DEBUG depth {depth} score {score}"));
                lines.push(format!("{},{}", d.mv.x(), d.mv.y()));
                Reply::Lines(lines)
            }
            None => one("ERROR no move"),
        }
    }

    fn parse_xy(&self, text: &str) -> Result<Cell, String> {
        let rules = self.rules.ok_or("no board: send START first")?;
        let (a, b) =
            text.trim().split_once(',').ok_or_else(|| format!("expected x,y, got {text:?}"))?;
        let x: usize = a.trim().parse().map_err(|_| format!("x {:?} is not a number", a.trim()))?;
        let y: usize = b.trim().parse().map_err(|_| format!("y {:?} is not a number", b.trim()))?;
        if x >= usize::from(rules.width) || y >= usize::from(rules.height) {
            return Err(format!("{x},{y} is off the {}x{} board", rules.width, rules.height));
        }
        Ok(Cell(cell(x, y) as u16))
    }

    fn start(&mut self, w: &str, h: &str) -> Reply {
        let parse = |s: &str| {
            s.trim().parse::<u8>().map_err(|_| format!("size {:?} is not a number", s.trim()))
        };
        let (w, h) = match (parse(w), parse(h)) {
            (Ok(w), Ok(h)) => (w, h),
            (Err(e), _) | (_, Err(e)) => return one(format!("ERROR {e}")),
        };
        let rules = Rules { width: w, height: h, k: 5, exact: self.exact, radius: 2 };
        match rules.checked() {
            Ok(r) if r.width >= MIN_SIDE.max(5) && r.height >= 5 => {
                self.rules = Some(r);
                self.moves.clear();
                self.engine = None;
                // Build the shape tables now, not on the clock.
                let _ = crate::shape::Shapes::get(5, r.exact);
                one("OK")
            }
            Ok(_) => one(format!("ERROR unsupported size {w}x{h}: sides 5..=22")),
            Err(e) => one(format!("ERROR unsupported size {w}x{h}: {e}")),
        }
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if let Some((stones, err)) = &mut self.board {
            if line.eq_ignore_ascii_case("DONE") {
                let (stones, err) = self.board.take().expect("inside BOARD");
                if let Some(e) = err {
                    return one(format!("ERROR {e}"));
                }
                let old = std::mem::replace(&mut self.moves, stones);
                if let Err(e) = self.position(&self.moves) {
                    self.moves = old;
                    return one(format!("ERROR {e}"));
                }
                return self.play_own();
            }
            if err.is_none() {
                let parts: Vec<&str> = line.split(',').collect();
                let parsed = (|| -> Result<(Cell, bool), String> {
                    if parts.len() != 3 {
                        return Err(format!("board line {line:?}: expected x,y,field"));
                    }
                    let rules = self.rules.ok_or("no board: send START first")?;
                    let x: usize = parts[0]
                        .trim()
                        .parse()
                        .map_err(|_| format!("board line {line:?}: bad x"))?;
                    let y: usize = parts[1]
                        .trim()
                        .parse()
                        .map_err(|_| format!("board line {line:?}: bad y"))?;
                    if x >= usize::from(rules.width) || y >= usize::from(rules.height) {
                        return Err(format!("board line {line:?}: off the board"));
                    }
                    match parts[2].trim() {
                        "1" => Ok((Cell::at(x, y), true)),
                        "2" => Ok((Cell::at(x, y), false)),
                        f => {
                            Err(format!("board line {line:?}: field {f:?} (1 = own, 2 = opponent)"))
                        }
                    }
                })();
                match parsed {
                    Ok(s) if stones.iter().any(|&(c, _)| c == s.0) => {
                        *err = Some(format!("board line {line:?}: the cell is given twice"));
                    }
                    Ok(s) => stones.push(s),
                    Err(e) => *err = Some(e),
                }
            }
            return Reply::None;
        }
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd.to_ascii_uppercase().as_str() {
            "" => Reply::None,
            "START" => self.start(rest, rest),
            "RECTSTART" => match rest.split_once(',') {
                Some((w, h)) => self.start(w, h),
                None => one(format!("ERROR RECTSTART expects width,height, got {rest:?}")),
            },
            "RESTART" => {
                if self.rules.is_none() {
                    return one("ERROR no board: send START first");
                }
                self.moves.clear();
                one("OK")
            }
            "BEGIN" => {
                if self.rules.is_none() {
                    return one("ERROR no board: send START first");
                }
                if !self.moves.is_empty() {
                    return one("ERROR BEGIN on a board that is not empty");
                }
                self.play_own()
            }
            "TURN" => match self.parse_xy(rest) {
                Ok(c) if self.moves.iter().any(|&(m, _)| m == c) => {
                    one(format!("ERROR {},{} is occupied", c.x(), c.y()))
                }
                Ok(c) => {
                    self.moves.push((c, false));
                    match self.position(&self.moves) {
                        Ok(p) if p.is_over() => one("ERROR the game is over"),
                        _ => self.play_own(),
                    }
                }
                Err(e) => one(format!("ERROR {e}")),
            },
            "TAKEBACK" => match self.parse_xy(rest) {
                Ok(c) => match self.moves.iter().rposition(|&(m, _)| m == c) {
                    Some(i) => {
                        self.moves.remove(i);
                        one("OK")
                    }
                    None => one(format!("ERROR {},{} is empty", c.x(), c.y())),
                },
                Err(e) => one(format!("ERROR {e}")),
            },
            "BOARD" => {
                if self.rules.is_none() {
                    return one("ERROR no board: send START first");
                }
                self.board = Some((Vec::new(), None));
                Reply::None
            }
            "INFO" => self.info(rest),
            "ABOUT" => one(ABOUT),
            "END" => Reply::End,
            other => one(format!("UNKNOWN command {other:?}")),
        }
    }

    fn info(&mut self, rest: &str) -> Reply {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let num = value.trim().parse::<i64>();
        let key = key.to_ascii_lowercase();
        let known =
            ["timeout_turn", "timeout_match", "time_left", "max_memory", "game_type", "rule"];
        if known.contains(&key.as_str()) && num.is_err() {
            return one(format!("ERROR INFO {key}: {:?} is not a number", value.trim()));
        }
        let v = num.unwrap_or(0).max(0) as u64;
        match key.as_str() {
            "timeout_turn" => self.timeout_turn = v,
            "timeout_match" => self.timeout_match = v,
            "time_left" => self.time_left = Some(v),
            "max_memory" => self.max_memory = v,
            "rule" => {
                let exact = v & 1 != 0;
                if exact != self.exact {
                    self.exact = exact;
                    if let Some(r) = &mut self.rules {
                        r.exact = exact;
                    }
                    self.engine = None;
                }
                if v & !1 != 0 {
                    return one(format!(
                        "MESSAGE rule {v}: only freestyle and exactly five are supported; playing {}",
                        if exact { "exactly five" } else { "freestyle" }
                    ));
                }
            }
            _ => {} // game_type, evaluate, folder, …: nothing to do
        }
        Reply::None
    }
}

/// Runs a brain on `input` until `END` or the end of the input, writing
/// its answers to `output` (CR LF, flushed after each line). Returns an
/// error only if reading or writing fails.
pub fn run<R: BufRead, W: Write>(input: R, mut output: W) -> io::Result<()> {
    let mut brain = Brain::new();
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                write!(output, "ERROR input is not UTF-8\r\n")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        match brain.handle(&line) {
            Reply::None => {}
            Reply::End => break,
            Reply::Lines(lines) => {
                for l in lines {
                    write!(output, "{l}\r\n")?;
                    output.flush()?;
                }
            }
        }
    }
    Ok(())
}
