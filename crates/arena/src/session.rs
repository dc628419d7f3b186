//! An interactive game in the terminal (or through any reader and writer):
//! the board after every move, moves in the game's notation, `undo`,
//! `hint`, `moves`, `help`, `quit`; end of input ends the session.

use std::io::{self, BufRead, Read, Write};

use spielbaum_game_trait::{
    AgentLimits, Decision, History, MoveList, Notation, Outcome, Score, is_decisive, plies_to_end,
};

use crate::catalog::DynAgent;

/// Who sits at one side of the board.
pub enum Seat<G> {
    /// The person at the terminal.
    Human,
    /// An agent (its name is shown with its moves).
    Agent(DynAgent<G>),
}

/// The parts of a session besides the seats.
pub struct Table<'a, G> {
    /// Draws the board (several lines).
    pub render: &'a dyn Fn(&G) -> String,
    /// How moves are written, for `help`.
    pub move_help: &'a str,
    /// The engine behind `hint`.
    pub hint: Option<DynAgent<G>>,
    /// Write each line read after its prompt (for input that is not typed
    /// at a terminal, which echoes it itself).
    pub echo: bool,
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// The game ended by its rules.
    Finished(Outcome),
    /// The person typed `quit`.
    Quit,
    /// The input ended.
    EndOfInput,
    /// An agent gave no move (the message says why).
    AgentFailed,
}

/// A score for a person: `win in 3 plies`, `loss in 2 plies`, `+12`.
pub fn score_text(score: Score) -> String {
    match plies_to_end(score) {
        Some(p) if is_decisive(score) && score > 0 => format!("win in {p} plies"),
        Some(p) if is_decisive(score) => format!("loss in {p} plies"),
        _ => format!("score {score:+}"),
    }
}

fn analysis<G: Notation>(pos: &G, d: &Decision<G::Move>) -> String {
    let mut parts = Vec::new();
    if let Some(s) = d.score {
        parts.push(score_text(s));
    }
    if let Some(p) = d.win_probability {
        parts.push(format!("p(win) {p:.2}"));
    }
    if let Some(depth) = d.depth {
        parts.push(format!("depth {depth}"));
    }
    if d.pv.len() > 1 {
        let mut p = pos.clone();
        let mut line = Vec::new();
        for &mv in &d.pv {
            line.push(p.move_string(mv));
            p.play(mv);
            if p.outcome().is_some() {
                break;
            }
        }
        parts.push(format!("line {}", line.join(" ")));
    }
    if parts.is_empty() { String::new() } else { format!(" ({})", parts.join(", ")) }
}

fn result_text(o: Outcome, two_players: bool, humans: [bool; 2]) -> String {
    match o {
        Outcome::Win(p) => {
            let who = if two_players && humans[p.index()] && !humans[1 - p.index()] {
                " (you win)"
            } else if two_players && !humans[p.index()] && humans[1 - p.index()] {
                " (you lose)"
            } else {
                ""
            };
            format!("game over: player {p} wins{who}")
        }
        Outcome::Draw => "game over: draw".into(),
        Outcome::Puzzle { goal: true, score } => format!("solved (score {score})"),
        Outcome::Puzzle { goal: false, score } => {
            format!("no move left, goal not reached (score {score})")
        }
    }
}

/// The longest input line read as a move or command; longer lines are
/// skipped without being held in memory or echoed.
const MAX_LINE: usize = 1024;

/// One line of the person's input.
enum Line {
    /// The input ended.
    End,
    /// A line of text (with its line end).
    Text(String),
    /// A line of more than [`MAX_LINE`] bytes, skipped to its end.
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads one line of at most [`MAX_LINE`] bytes.
fn read_line(input: &mut dyn BufRead) -> io::Result<Line> {
    let mut buf = Vec::new();
    if (&mut *input).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)? == 0 {
        return Ok(Line::End);
    }
    if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
        loop {
            let available = input.fill_buf()?;
            if available.is_empty() {
                break;
            }
            let (used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            input.consume(used);
            if done {
                break;
            }
        }
        return Ok(Line::TooLong);
    }
    Ok(String::from_utf8(buf).map_or(Line::NotUtf8, Line::Text))
}

const HELP: &str = "commands: a move, `moves` (the legal moves), `undo` (take back your last move), \
`hint` (the engine's suggestion), `board`, `help`, `quit`";

/// Plays from `start` with `seats` (the first player's first; puzzles use
/// the first only), reading commands from `input` and writing to `out`.
/// Output errors (a closed pipe) end the session with the error.
pub fn play<G: Notation>(
    start: G,
    mut seats: [Seat<G>; 2],
    mut table: Table<'_, G>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<SessionEnd> {
    let two = G::PLAYERS == 2;
    let first = start.to_move();
    let humans = [matches!(seats[0], Seat::Human), two && matches!(seats[1], Seat::Human)];
    let mut hist = History::new(start.clone());
    let resync = |seats: &mut [Seat<G>; 2], hint: &mut Option<DynAgent<G>>, hist: &History<G>| {
        let agents = seats
            .iter_mut()
            .filter_map(|s| match s {
                Seat::Agent(a) => Some(a),
                Seat::Human => None,
            })
            .chain(hint.iter_mut());
        for a in agents {
            a.new_game(hist.start());
            let mut pos = hist.start().clone();
            for &mv in hist.moves() {
                a.played(&pos, mv);
                pos.play(mv);
            }
        }
    };
    resync(&mut seats, &mut table.hint, &hist);
    writeln!(out, "{}", (table.render)(hist.position()))?;
    loop {
        if let Some(o) = hist.outcome() {
            writeln!(out, "{}", result_text(o, two, humans))?;
            return Ok(SessionEnd::Finished(o));
        }
        let side = if two { hist.position().to_move().index() ^ first.index() } else { 0 };
        let label = if two { format!("player {}", side + 1) } else { "you".into() };
        let mv = match &mut seats[side] {
            Seat::Agent(a) => match a.choose(&hist, &AgentLimits::NONE) {
                Ok(d) => {
                    let pos = hist.position();
                    writeln!(
                        out,
                        "{label} ({}) plays {}{}",
                        a.name(),
                        pos.move_string(d.mv),
                        analysis(pos, &d)
                    )?;
                    d.mv
                }
                Err(e) => {
                    writeln!(out, "{label} ({}) gives no move: {e}", a.name())?;
                    return Ok(SessionEnd::AgentFailed);
                }
            },
            Seat::Human => {
                if two {
                    write!(out, "{label} to move> ")?;
                } else {
                    write!(out, "your move> ")?;
                }
                out.flush()?;
                let line = match read_line(input)? {
                    Line::End => {
                        writeln!(out)?;
                        writeln!(out, "end of input")?;
                        return Ok(SessionEnd::EndOfInput);
                    }
                    Line::Text(line) => line,
                    Line::TooLong => {
                        writeln!(
                            out,
                            "a line of more than {MAX_LINE} bytes is no move; type `help` for the commands"
                        )?;
                        continue;
                    }
                    Line::NotUtf8 => {
                        writeln!(out, "the line is not UTF-8 text; type `help` for the commands")?;
                        continue;
                    }
                };
                let cmd = line.trim();
                if table.echo {
                    writeln!(out, "{cmd}")?;
                }
                match cmd {
                    "" => continue,
                    "quit" | "exit" | "q" => {
                        writeln!(out, "bye")?;
                        return Ok(SessionEnd::Quit);
                    }
                    "help" | "?" => {
                        writeln!(out, "{HELP}")?;
                        writeln!(out, "moves are written: {}", table.move_help)?;
                        continue;
                    }
                    "board" => {
                        writeln!(out, "{}", (table.render)(hist.position()))?;
                        continue;
                    }
                    "moves" => {
                        let mut moves = MoveList::new();
                        hist.position().moves(&mut moves);
                        let pos = hist.position();
                        let list: Vec<String> = moves.iter().map(|&m| pos.move_string(m)).collect();
                        writeln!(out, "legal moves: {}", list.join(" "))?;
                        continue;
                    }
                    "undo" => {
                        // Back to the person's previous turn: their move and
                        // the agents' replies after it.
                        let mut undone = 0;
                        while let Some(_mv) = hist.undo() {
                            undone += 1;
                            let s = if two {
                                hist.position().to_move().index() ^ first.index()
                            } else {
                                0
                            };
                            if matches!(seats[s], Seat::Human) {
                                break;
                            }
                        }
                        if undone == 0 {
                            writeln!(out, "nothing to undo")?;
                        } else {
                            resync(&mut seats, &mut table.hint, &hist);
                            writeln!(out, "took back {undone} move(s)")?;
                            writeln!(out, "{}", (table.render)(hist.position()))?;
                        }
                        continue;
                    }
                    "hint" => {
                        match &mut table.hint {
                            None => writeln!(out, "no hint engine for this game")?,
                            Some(h) => match h.choose(&hist, &AgentLimits::NONE) {
                                Ok(d) => {
                                    let pos = hist.position();
                                    writeln!(
                                        out,
                                        "hint: {}{} [{}]",
                                        pos.move_string(d.mv),
                                        analysis(pos, &d),
                                        h.name()
                                    )?;
                                }
                                Err(e) => writeln!(out, "no hint: {e}")?,
                            },
                        }
                        continue;
                    }
                    text => match hist.position().parse_move(text) {
                        Ok(mv) => mv,
                        Err(e) => {
                            writeln!(out, "{e}; type `help` for the commands")?;
                            continue;
                        }
                    },
                }
            }
        };
        let before = hist.position().clone();
        if let Err(e) = hist.try_play(mv) {
            writeln!(out, "{label}: {e}")?;
            return Ok(SessionEnd::AgentFailed);
        }
        for s in seats.iter_mut() {
            if let Seat::Agent(a) = s {
                a.played(&before, mv);
            }
        }
        if let Some(h) = &mut table.hint {
            h.played(&before, mv);
        }
        writeln!(out, "{}", (table.render)(hist.position()))?;
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, MAX_LINE, read_line};

    fn lines(input: &[u8]) -> Vec<String> {
        let mut input = std::io::BufReader::with_capacity(16, input);
        let mut seen = Vec::new();
        loop {
            match read_line(&mut input).expect("in memory") {
                Line::End => return seen,
                Line::Text(t) => seen.push(t.trim().to_string()),
                Line::TooLong => seen.push("too long".into()),
                Line::NotUtf8 => seen.push("not UTF-8".into()),
            }
        }
    }

    #[test]
    fn long_and_broken_lines_are_skipped_whole() {
        let mut input = b"a1\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE));
        input.extend(b"\n\xff\xfe\nb2\n");
        input.extend(std::iter::repeat_n(b'y', MAX_LINE + 1));
        input.extend(b"\nc3");
        assert_eq!(lines(&input), ["a1", "too long", "not UTF-8", "b2", "too long", "c3"]);
        // At the limit the line is still read.
        let mut input = vec![b'z'; MAX_LINE];
        input.push(b'\n');
        assert_eq!(lines(&input), ["z".repeat(MAX_LINE)]);
    }
}
