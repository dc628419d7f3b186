//! The engine protocols over arbitrary input: the Gomocup brain (`spielbaum
//! gomocup`, `pbrain-spielbaum`) and the UCI-like protocol of Mühle
//! (`spielbaum uci muehle`). Neither panics nor hangs on any line; every
//! answer has one of the protocol's forms; and a move the engine prints is
//! legal where it was asked and reads back, through the game's notation,
//! to the same move.
//!
//! Inputs: any lines (Unicode strings, lossy bytes) and lines over each
//! protocol's own words, so that commands parse and searches run. Searches
//! are short (10 ms a Gomocup turn, Mühle `go` by depth 1–2, a few nodes or
//! a few milliseconds), so these properties run fewer cases than the
//! parsers': `PROPTEST_CASES` / 8, by default 125.

use std::io::Cursor;

use proptest::prelude::*;
use spielbaum_game_trait::{Game, GameExt, History, Notation};
use spielbaum_gomoku::gomocup::{ABOUT, Brain, Reply};
use spielbaum_gomoku::{Cell, Gomoku, Rules as GomokuRules};
use spielbaum_muehle::{Position, Rules as MuehleRules, Variant};

fn config() -> ProptestConfig {
    let cases = match std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse::<u32>().ok()) {
        Some(n) => (n / 8).max(1),
        None => 125,
    };
    ProptestConfig { cases, ..ProptestConfig::default() }
}

/// Any string, any bytes (lossy), or lines from `words` (a regex).
fn lines(words: &'static str) -> BoxedStrategy<Vec<String>> {
    prop_oneof![
        proptest::collection::vec(any::<String>(), 0..8),
        proptest::collection::vec(
            proptest::collection::vec(any::<u8>(), 0..40)
                .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
            0..8
        ),
        proptest::collection::vec(proptest::string::string_regex(words).expect("regex"), 0..12),
    ]
    .boxed()
}

/// A brain that thinks 10 ms a turn (its least) with a 2 MiB table.
fn quick_brain() -> Brain {
    let mut b = Brain::new();
    assert_eq!(b.handle("INFO timeout_turn 1"), Reply::None);
    assert_eq!(b.handle("INFO max_memory 8388608"), Reply::None);
    b
}

/// `x,y` with numbers: a move of the brain.
fn brain_move(line: &str) -> Option<(usize, usize)> {
    let (x, y) = line.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// One of the forms a Gomocup brain answers with.
fn is_brain_line(line: &str) -> bool {
    line == "OK"
        || line == ABOUT
        || ["ERROR ", "UNKNOWN ", "MESSAGE ", "DEBUG "].iter().any(|p| line.starts_with(p))
        || brain_move(line).is_some()
}

/// Plays the brain's answer `line` (`x,y`) on `pos`: it must be an empty
/// cell of the board, and its Gomocup form must read back through the
/// game's notation to the same cell.
fn check_brain_move(pos: &mut Gomoku, line: &str) -> Result<(), TestCaseError> {
    let (x, y) = brain_move(line).ok_or_else(|| TestCaseError::fail(line.to_string()))?;
    let rules = *pos.rules();
    prop_assert!(x < usize::from(rules.width) && y < usize::from(rules.height), "{line} off");
    let cell = Cell::at(x, y);
    prop_assert!(pos.is_empty_cell(cell), "{line} is occupied in {pos}");
    prop_assert_eq!(pos.parse_move(line).ok(), Some(cell), "{} does not read back", line);
    let name = pos.move_string(cell);
    prop_assert_eq!(pos.parse_move(&name).ok(), Some(cell), "{} does not read back", name);
    pos.play(cell);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// Any lines: no panic, every answer in a protocol form, `END` stops.
    #[test]
    fn gomocup_any_lines(input in lines(
        "(START|RECTSTART|BEGIN|TURN|TAKEBACK|BOARD|DONE|INFO|ABOUT|END|RESTART|start|turn)\
         ( [0-9]{1,2}(,[0-9]{1,2}(,[0-3])?)?| timeout_turn [0-9]{1,2}| rule [0-9])?|[0-9]{1,2},[0-9]{1,2},[0-3]"
    )) {
        let mut brain = quick_brain();
        for line in &input {
            match brain.handle(line) {
                Reply::None => {}
                Reply::End => break,
                Reply::Lines(out) => {
                    for l in &out {
                        prop_assert!(is_brain_line(l), "{line:?} -> {l:?}");
                        prop_assert!(!l.contains(['\r', '\n']), "{l:?}");
                    }
                }
            }
        }
        // Whatever came before (a `BOARD` left open too), a new game on a
        // fresh board is played.
        let _ = brain.handle("DONE");
        let _ = brain.handle("INFO timeout_turn 1");
        prop_assert_eq!(brain.handle("START 7"), Reply::Lines(vec!["OK".into()]));
        let Reply::Lines(out) = brain.handle("BEGIN") else {
            return Err(TestCaseError::fail("no answer to BEGIN"));
        };
        let mut pos = Gomoku::new(GomokuRules::mnk(7, 7, 5).expect("rules"));
        check_brain_move(&mut pos, out.last().expect("a line"))?;
    }

    /// A game between the brain and random moves: every answer is an empty
    /// cell of the board and reads back.
    #[test]
    fn gomocup_games(side in 5u8..=22, begin in any::<bool>(),
                     choices in proptest::collection::vec(any::<usize>(), 1..5)) {
        let mut brain = quick_brain();
        prop_assert_eq!(brain.handle(&format!("START {side}")), Reply::Lines(vec!["OK".into()]));
        let mut pos = Gomoku::new(GomokuRules::mnk(side, side, 5).expect("rules"));
        if begin {
            let Reply::Lines(out) = brain.handle("BEGIN") else {
                return Err(TestCaseError::fail("no answer to BEGIN"));
            };
            check_brain_move(&mut pos, out.last().expect("a line"))?;
        }
        for &c in &choices {
            if pos.is_over() {
                break;
            }
            let moves = pos.legal_moves();
            let mv = moves[c % moves.len()];
            // Our move in the Gomocup form, read back by the brain.
            let reply = brain.handle(&format!("TURN {},{}", mv.x(), mv.y()));
            pos.play(mv);
            let Reply::Lines(out) = reply else {
                return Err(TestCaseError::fail("no answer to TURN"));
            };
            let last = out.last().expect("a line");
            if pos.is_over() {
                prop_assert!(last.starts_with("ERROR"), "{last}");
                break;
            }
            check_brain_move(&mut pos, last)?;
        }
    }

    /// Any lines: the session ends (no hang, also after `go infinite`), no
    /// panic, every line in a protocol form, and every `bestmove` legal in
    /// the position of its `go` (the session's own position, replayed).
    #[test]
    fn uci_any_lines(input in lines(
        "uci|isready|ucinewgame|stop|d|quit|position startpos( moves( [a-g][1-7](-[a-g][1-7])?(x[a-g][1-7])?){0,4})?|\
         position fen [WB./]{0,12}|go (depth [1-2]|nodes [0-9]{1,3}|movetime [1-9]|infinite|wtime [0-9]{1,3}|depth x)|\
         setoption name (Variant value (three|six|nine|twelve|ten)|Hash value [0-9]{1,2})|[a-z ]{0,10}"
    )) {
        let mut text = input.join("\n");
        text.push('\n');
        let mut out = Vec::new();
        let done = spielbaum_muehle::uci::run(Cursor::new(text.into_bytes()), &mut out);
        prop_assert!(done.is_ok(), "{done:?}");
        let out = String::from_utf8(out).expect("UTF-8 output");
        for l in out.lines() {
            prop_assert!(
                ["id ", "option ", "info ", "bestmove "].iter().any(|p| l.starts_with(p))
                    || l == "uciok"
                    || l == "readyok",
                "{l:?}"
            );
        }
    }

    /// A random game sent as `position startpos moves …`: `go depth 1` and
    /// `go nodes` answer a legal move of that position, in the notation
    /// that reads back; `d` prints the position, which reads back to it.
    #[test]
    fn uci_games(variant in prop_oneof![Just(Variant::Three), Just(Variant::Six),
                                        Just(Variant::Nine), Just(Variant::Twelve)],
                 choices in proptest::collection::vec(any::<usize>(), 0..60)) {
        let start = Position::new(MuehleRules::new(variant));
        // With the game's history, as the session keeps it (a repetition
        // ends the game).
        let mut game = History::new(start);
        let mut played = Vec::new();
        for &c in &choices {
            let pos = *game.position();
            let moves = pos.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let mv = moves[c % moves.len()];
            played.push(pos.move_string(mv));
            game.try_play(mv).expect("a legal move");
        }
        let pos = *game.position();
        let over = game.outcome().is_some();
        let name = match variant {
            Variant::Three => "three",
            Variant::Six => "six",
            Variant::Nine => "nine",
            Variant::Twelve => "twelve",
        };
        let script = format!(
            "setoption name Variant value {name}\nposition startpos moves {}\nd\ngo depth 1\nisready\ngo nodes 50\nquit\n",
            played.join(" ")
        );
        let mut out = Vec::new();
        spielbaum_muehle::uci::run(Cursor::new(script.into_bytes()), &mut out).expect("runs");
        let out = String::from_utf8(out).expect("UTF-8");
        prop_assert!(!out.contains("info string error") || over, "{out}");
        // `d`: the position text reads back to the position reached.
        let fen = out.lines().find_map(|l| l.strip_prefix("info string fen ")).expect("fen");
        let back = start.parse_position(fen);
        prop_assert_eq!(back.as_ref().map(|p| p.key()).ok(), Some(pos.key()), "{} {:?}", fen, back);
        prop_assert_eq!(back.map(|p| p.to_move()).ok(), Some(pos.to_move()));
        let best: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect();
        if over {
            prop_assert!(best.iter().all(|b| *b == "(none)"), "{out}");
        } else {
            prop_assert_eq!(best.len(), 2, "{}", out);
            for b in best {
                let mv = pos.parse_move(b);
                prop_assert!(mv.is_ok(), "bestmove {b} in {pos}: {mv:?}");
                let mv = mv.unwrap();
                prop_assert!(pos.legal_moves().contains(&mv), "bestmove {b} not legal in {pos}");
                prop_assert_eq!(pos.move_string(mv), b.to_string());
            }
        }
    }
}
