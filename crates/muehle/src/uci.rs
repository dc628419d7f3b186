//! The UCI-like protocol of the open-source Mühle programs, over any
//! `BufRead` and `Write` (standard input and output for
//! `spielbaum uci muehle`).
//!
//! ```text
//! > uci
//! < id name spielbaum-muehle 0.1.0
//! < id author The spielbaum developers
//! < option name Hash type spin default 16 min 1 max 4096
//! < option name Variant type combo default nine var three var six var nine var twelve
//! < option name EndgameDb type string default <empty>
//! < option name EndgameDbStones type spin default 0 min 0 max 9
//! < uciok
//! > position startpos moves d6 a1
//! > go depth 4
//! < info depth 1 score cp 14 nodes 24 nps 240000 time 0 pv b4
//! < …
//! < bestmove b4
//! ```
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position startpos|fen <text>
//! [moves …]` (our position text, see the crate docs; a capture may come
//! joined, `a1-a4xd7`, or as a separate move, `a1-a4 xd7`), `go` with
//! `depth`, `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`
//! (`movestogo` is read and used), `infinite`; `stop`, `quit`,
//! `setoption name Hash|Variant|EndgameDb|EndgameDbStones value …`
//! (`EndgameDb`: a directory of endgame tables, which the engine then
//! uses as exact leaves, `<empty>` for none; `EndgameDbStones`: the
//! tables used, up to that many stones a side, 0 for the most built
//! there), and `d` (the board as `info
//! string` lines). The search runs on its own thread, so `stop` and
//! `isready` are answered while it thinks. A malformed or illegal line
//! gets `info string error …` and is otherwise ignored. Every line is
//! flushed. Scores are centi-stones (`cp 100` = one stone) or `mate n` (in
//! moves of the side to move, negative when it loses).

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use spielbaum_game_trait::{
    AgentLimits, Game, History, MoveList, Notation, Score, is_decisive, plies_to_end,
};

use crate::board::Variant;
use crate::db::{self, EndgameDb};
use crate::params::{MAX_DEPTH, STONE};
use crate::position::Position;
use crate::rules::Rules;
use crate::search::{Config, MillEngine};

/// The hash size at start, MiB.
pub const DEFAULT_HASH_MIB: usize = 16;
/// The largest hash size accepted, MiB.
pub const MAX_HASH_MIB: usize = 4096;

/// Shared, line-flushed output.
struct Out<W: Write> {
    w: Mutex<W>,
}

impl<W: Write> Out<W> {
    /// Writes one line and flushes; output errors end the session.
    fn line(&self, text: &str) -> io::Result<()> {
        let mut w = self.w.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(w, "{text}")?;
        w.flush()
    }
}

/// The state of a session between commands.
struct Session {
    variant: Variant,
    hash_mib: usize,
    game: History<Position>,
    engine: Option<MillEngine>,
    /// The endgame tables (`EndgameDb`) and the stones a side they cover.
    tables: Option<(Arc<EndgameDb>, u8)>,
    /// The `EndgameDb` and `EndgameDbStones` options as set.
    db_dir: String,
    db_stones: u8,
}

/// The game's strongest engine with a table of `mib` MiB.
fn engine(mib: usize) -> MillEngine {
    MillEngine::new(Config { table_mib: mib, ..Config::default() })
}

impl Session {
    fn new() -> Session {
        Session {
            variant: Variant::Nine,
            hash_mib: DEFAULT_HASH_MIB,
            game: History::new(Self::start_of(Variant::Nine)),
            engine: Some(engine(DEFAULT_HASH_MIB)),
            tables: None,
            db_dir: String::new(),
            db_stones: 0,
        }
    }

    fn start_of(variant: Variant) -> Position {
        Position::new(Rules::new(variant))
    }

    fn start(&self) -> Position {
        Self::start_of(self.variant)
    }

    /// A new engine with the session's hash size and tables (read when
    /// they were set, so setting them again cannot fail).
    fn fresh_engine(&self) -> MillEngine {
        let mut e = engine(self.hash_mib);
        if let Some((db, n)) = &self.tables {
            let _ = e.set_db(Arc::clone(db), *n);
        }
        e
    }

    /// Uses the tables in `dir` up to `stones` a side (0: the most built
    /// there), or none for an empty `dir`; every table is read now, and a
    /// missing or damaged one is an error naming its file (the session
    /// keeps its tables then).
    fn set_tables(&mut self, dir: &str, stones: u8) -> Result<(), String> {
        if dir.is_empty() || dir == "<empty>" {
            self.tables = None;
            self.engine = Some(self.fresh_engine());
            return Ok(());
        }
        let path = std::path::Path::new(dir);
        let n = match stones {
            0 => db::largest_built(path)
                .ok_or_else(|| format!("setoption EndgameDb: no tables in {dir:?}"))?,
            n => n,
        };
        let base = db::shared(path);
        let mut e = engine(self.hash_mib);
        e.set_db(Arc::clone(&base), n).map_err(|e| format!("setoption EndgameDb: {e}"))?;
        self.tables = Some((base, n));
        self.engine = Some(e);
        Ok(())
    }
}

/// `score cp …` or `score mate …` for a search score.
fn score_text(score: Score) -> String {
    if let Some(plies) = crate::search::table_plies(score) {
        // A result from the endgame tables.
        let moves = (i64::from(plies) + 1) / 2;
        if score > 0 { format!("score mate {moves}") } else { format!("score mate -{moves}") }
    } else if is_decisive(score) {
        let plies = plies_to_end(score).unwrap_or(0) as i64;
        let moves = (plies + 1) / 2;
        if score > 0 { format!("score mate {moves}") } else { format!("score mate -{moves}") }
    } else {
        format!("score cp {}", i64::from(score) * 100 / i64::from(STONE))
    }
}

/// What `go` asked for.
struct Go {
    limits: AgentLimits,
    /// `go infinite`: the answer waits for `stop` (or `quit`, or the end
    /// of the input) even when the search ends before.
    infinite: bool,
}

fn parse_go(tokens: &[&str], white_to_move: bool) -> Result<Go, String> {
    let mut depth = None;
    let mut nodes = None;
    let mut movetime = None;
    let (mut wtime, mut btime, mut winc, mut binc, mut togo) = (None, None, 0u64, 0u64, None);
    let mut infinite = false;
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        let mut num = || -> Result<u64, String> {
            i += 1;
            let t = tokens.get(i).ok_or_else(|| format!("go {key}: a number is missing"))?;
            t.parse::<u64>().map_err(|_| format!("go {key}: {t:?} is not a number"))
        };
        match key {
            "depth" => depth = Some(num()?),
            "nodes" => nodes = Some(num()?),
            "movetime" => movetime = Some(num()?),
            "wtime" => wtime = Some(num()?),
            "btime" => btime = Some(num()?),
            "winc" => winc = num()?,
            "binc" => binc = num()?,
            "movestogo" => togo = Some(num()?),
            "infinite" => infinite = true,
            other => return Err(format!("go: unknown parameter {other:?}")),
        }
        i += 1;
    }
    let mut limits = AgentLimits::depth(MAX_DEPTH as u32);
    if let Some(d) = depth {
        limits.depth = Some(d.clamp(1, MAX_DEPTH as u64) as u32);
    }
    limits.nodes = nodes;
    let (time, inc) = if white_to_move { (wtime, winc) } else { (btime, binc) };
    let budget = match (movetime, time) {
        (Some(ms), _) => Some(ms),
        (None, Some(left)) => {
            // A share of the clock plus most of the increment, never more
            // than half of what is left.
            // Saturating: the numbers come from the GUI, up to u64::MAX.
            let most_of_inc = inc / 4 * 3 + inc % 4 * 3 / 4;
            let share = (left / togo.unwrap_or(25).clamp(1, 100)).saturating_add(most_of_inc);
            Some(share.min(left / 2).max(1))
        }
        (None, None) => None,
    };
    if !infinite {
        if let Some(ms) = budget {
            limits.time = Some(Duration::from_millis(ms));
        } else if depth.is_none() && nodes.is_none() {
            // A bare `go`: the engine's default time per move.
            limits = Config::default().default_limits;
        }
    }
    Ok(Go { limits, infinite })
}

/// Runs a session until `quit` or the end of the input. Errors are output
/// errors only (a closed pipe ends the session).
pub fn run<R: BufRead, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    let out = Out { w: Mutex::new(output) };
    let mut s = Session::new();
    let stop = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| -> io::Result<()> {
        let mut running: Option<std::thread::ScopedJoinHandle<'_, io::Result<MillEngine>>> = None;
        // The running search (if any) is `go infinite`.
        let mut infinite = false;
        let out = &out;
        // Stops and joins a running search, taking the engine back.
        let finish =
            |running: &mut Option<std::thread::ScopedJoinHandle<'_, io::Result<MillEngine>>>,
             s: &mut Session,
             stop: &AtomicBool|
             -> io::Result<()> {
                if let Some(h) = running.take() {
                    stop.store(true, Ordering::Relaxed);
                    match h.join() {
                        Ok(r) => s.engine = Some(r?),
                        Err(_) => s.engine = Some(s.fresh_engine()),
                    }
                }
                Ok(())
            };
        for line in input.lines() {
            let line = line?;
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let Some(&cmd) = tokens.first() else { continue };
            // A finished search gives its engine back before the next command.
            if running.as_ref().is_some_and(|h| h.is_finished()) {
                finish(&mut running, &mut s, &stop)?;
            }
            match cmd {
                "uci" => {
                    out.line(&format!("id name spielbaum-muehle {}", env!("CARGO_PKG_VERSION")))?;
                    out.line("id author The spielbaum developers")?;
                    out.line(&format!(
                        "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
                    ))?;
                    out.line(
                        "option name Variant type combo default nine var three var six var nine var twelve",
                    )?;
                    out.line("option name EndgameDb type string default <empty>")?;
                    out.line(&format!(
                        "option name EndgameDbStones type spin default 0 min 0 max {}",
                        db::MAX_STONES
                    ))?;
                    out.line("uciok")?;
                }
                "isready" => out.line("readyok")?,
                "ucinewgame" => {
                    finish(&mut running, &mut s, &stop)?;
                    if let Some(e) = s.engine.as_mut() {
                        e.clear();
                    }
                    s.game = History::new(s.start());
                }
                "position" => {
                    finish(&mut running, &mut s, &stop)?;
                    match parse_position(&s, &tokens[1..]) {
                        Ok(g) => s.game = g,
                        Err(e) => out.line(&format!("info string error {e}"))?,
                    }
                }
                "setoption" => {
                    finish(&mut running, &mut s, &stop)?;
                    if let Err(e) = set_option(&mut s, &tokens[1..]) {
                        out.line(&format!("info string error {e}"))?;
                    }
                }
                "go" => {
                    finish(&mut running, &mut s, &stop)?;
                    stop.store(false, Ordering::Relaxed);
                    let pos = *s.game.position();
                    let white = pos.to_move() == spielbaum_game_trait::Player::FIRST;
                    let go = match parse_go(&tokens[1..], white) {
                        Ok(g) => g,
                        Err(e) => {
                            out.line(&format!("info string error {e}"))?;
                            continue;
                        }
                    };
                    if s.game.outcome().is_some() {
                        out.line("info string error the game is over")?;
                        out.line("bestmove (none)")?;
                        continue;
                    }
                    let go_infinite = go.infinite;
                    let mut eng = s.engine.take().unwrap_or_else(|| s.fresh_engine());
                    eng.set_stop(Some(Arc::clone(&stop)));
                    let keys = s.game.keys().keys();
                    // The history's last key is the position itself.
                    let earlier = keys[..keys.len().saturating_sub(1)].to_vec();
                    let mut legal = MoveList::new();
                    pos.moves(&mut legal);
                    let stop_flag = Arc::clone(&stop);
                    let handle = std::thread::Builder::new().spawn_scoped(
                        scope,
                        move || -> io::Result<MillEngine> {
                            let mut io_err = None;
                            let r = eng.search_with(&pos, &earlier, &go.limits, |it| {
                                if io_err.is_some() {
                                    return;
                                }
                                let pv: Vec<String> =
                                    it.pv.iter().map(|&m| pos.move_string(m)).collect();
                                let secs = it.elapsed.as_secs_f64();
                                let nps = if secs > 0.0 { it.nodes as f64 / secs } else { 0.0 };
                                let text = format!(
                                    "info depth {} {} nodes {} nps {} time {} pv {}",
                                    it.depth,
                                    score_text(it.score),
                                    it.nodes,
                                    nps as u64,
                                    it.elapsed.as_millis(),
                                    pv.join(" ")
                                );
                                if let Err(e) = out.line(text.trim_end()) {
                                    // Nobody reads the answer: stop thinking.
                                    stop_flag.store(true, Ordering::Relaxed);
                                    io_err = Some(e);
                                }
                            });
                            if let Some(e) = io_err {
                                return Err(e);
                            }
                            let mv = r.best.filter(|m| legal.contains(m)).unwrap_or(legal[0]);
                            // `go infinite` answers only once told to stop.
                            while go.infinite && !stop_flag.load(Ordering::Relaxed) {
                                std::thread::sleep(Duration::from_millis(2));
                            }
                            out.line(&format!("bestmove {}", pos.move_string(mv)))?;
                            Ok(eng)
                        },
                    );
                    match handle {
                        Ok(h) => {
                            running = Some(h);
                            infinite = go_infinite;
                        }
                        Err(e) => {
                            out.line(&format!("info string error cannot start the search: {e}"))?;
                            s.engine = Some(s.fresh_engine());
                        }
                    }
                }
                "stop" => finish(&mut running, &mut s, &stop)?,
                "quit" => {
                    finish(&mut running, &mut s, &stop)?;
                    return Ok(());
                }
                "d" => {
                    for l in s.game.position().diagram().lines() {
                        out.line(&format!("info string {l}"))?;
                    }
                    out.line(&format!("info string fen {}", s.game.position()))?;
                }
                other => out.line(&format!("info string error unknown command {other:?}"))?,
            }
        }
        // End of input: let a running search finish its answer (an
        // infinite one is stopped: nobody is left to say `stop`).
        if infinite {
            stop.store(true, Ordering::Relaxed);
        }
        if let Some(h) = running.take() {
            match h.join() {
                Ok(r) => {
                    r?;
                }
                Err(_) => return Ok(()),
            }
        }
        Ok(())
    })
}

/// `position startpos|fen <5 fields> [moves …]`.
fn parse_position(s: &Session, t: &[&str]) -> Result<History<Position>, String> {
    let (start, rest) = match t.first() {
        Some(&"startpos") => (s.start(), &t[1..]),
        Some(&"fen") => {
            let end = t.iter().position(|&x| x == "moves").unwrap_or(t.len());
            let text = t[1..end].join(" ");
            let p = s.start().parse_position(&text).map_err(|e| e.to_string())?;
            (p, &t[end..])
        }
        Some(other) => return Err(format!("position: expected startpos or fen, got {other:?}")),
        None => return Err("position: expected startpos or fen".into()),
    };
    let moves = match rest.first() {
        None => &[][..],
        Some(&"moves") => &rest[1..],
        Some(other) => return Err(format!("position: expected moves, got {other:?}")),
    };
    let mut game = History::new(start);
    let mut i = 0;
    while i < moves.len() {
        let mut text = moves[i].to_string();
        // A capture sent as a separate move joins the move before it.
        if moves.get(i + 1).is_some_and(|n| n.starts_with(['x', 'X'])) {
            text.push_str(moves[i + 1]);
            i += 1;
        }
        let mv = game.position().parse_move(&text).map_err(|e| e.to_string())?;
        game.try_play(mv).map_err(|e| format!("move {text:?}: {e}"))?;
        i += 1;
    }
    Ok(game)
}

/// `setoption name <name> value <value>`.
fn set_option(s: &mut Session, t: &[&str]) -> Result<(), String> {
    if t.first() != Some(&"name") {
        return Err("setoption: expected name <option> value <value>".into());
    }
    let vpos = t.iter().position(|&x| x == "value").ok_or("setoption: value is missing")?;
    let name = t[1..vpos].join(" ");
    let value = t[vpos + 1..].join(" ");
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            let mib: usize =
                value.parse().map_err(|_| format!("setoption Hash: {value:?} is not a number"))?;
            if !(1..=MAX_HASH_MIB).contains(&mib) {
                return Err(format!("setoption Hash: {mib} is outside 1..={MAX_HASH_MIB}"));
            }
            s.hash_mib = mib;
            s.engine = Some(s.fresh_engine());
        }
        "variant" => {
            s.variant = Variant::parse(&value)?;
            s.game = History::new(s.start());
            if let Some(e) = s.engine.as_mut() {
                e.clear();
            }
        }
        "endgamedb" => {
            s.set_tables(&value, s.db_stones)?;
            s.db_dir = value;
        }
        "endgamedbstones" => {
            let n: u8 = value
                .parse()
                .ok()
                .filter(|n| *n == 0 || (3..=db::MAX_STONES).contains(n))
                .ok_or_else(|| {
                    format!(
                        "setoption EndgameDbStones: {value:?} is not 0 (the most built) or 3..={}",
                        db::MAX_STONES
                    )
                })?;
            if !s.db_dir.is_empty() {
                let dir = s.db_dir.clone();
                s.set_tables(&dir, n)?;
            }
            s.db_stones = n;
        }
        other => {
            return Err(format!(
                "setoption: unknown option {other:?} (Hash, Variant, EndgameDb, EndgameDbStones)"
            ));
        }
    }
    Ok(())
}
