//! The protocol over a scripted transcript.

use std::io::Cursor;

use spielbaum_muehle::uci;

fn session(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    uci::run(Cursor::new(script.to_string()), &mut out).expect("in-memory output");
    String::from_utf8(out).expect("utf-8").lines().map(str::to_string).collect()
}

#[test]
fn handshake_search_and_errors() {
    let lines = session(
        "uci\nisready\nucinewgame\nposition startpos moves d6 a1\ngo depth 3\nisready\n\
         position startpos moves z9\nbogus\ngo depth x\nsetoption name Hash value 8\n\
         setoption name Colour value red\nquit\n",
    );
    let text = lines.join("\n");
    assert!(lines[0].starts_with("id name spielbaum-muehle"), "{text}");
    assert!(lines.contains(&"uciok".to_string()), "{text}");
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2, "{text}");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 3, "{text}");
    assert!(infos[2].contains(" score ") && infos[2].contains(" pv "), "{text}");
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(best.len(), 1, "{text}");
    let errors = lines.iter().filter(|l| l.starts_with("info string error")).count();
    assert_eq!(errors, 4, "z9, bogus, depth x, Colour: {text}");
    assert!(text.contains("z9"), "the error names the bad move: {text}");
}

#[test]
fn capture_joined_or_separate_and_bestmove_takes() {
    // White a1 a4, black to move; white's a7 closes the mill: a capture.
    let fen = "WW./.../.../....../.../.../B.B w 7 7 0";
    let joined = session(&format!("position fen {fen} moves a7xg1\nd\nquit\n"));
    let separate = session(&format!("position fen {fen} moves a7 xg1\nd\nquit\n"));
    let fen_of = |lines: &[String]| lines.iter().find(|l| l.contains(" fen ")).cloned();
    assert!(fen_of(&joined).is_some(), "{joined:?}");
    assert_eq!(fen_of(&joined), fen_of(&separate));
    assert!(fen_of(&joined).unwrap().contains("WWW/"), "{joined:?}");
    // The engine takes the stone with its mill move, written joined.
    let lines = session(&format!("position fen {fen}\ngo depth 2\nquit\n"));
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).expect("bestmove");
    assert!(best.starts_with("bestmove a7x"), "{lines:?}");
}

#[test]
fn stop_ends_an_infinite_search_and_variant_switches() {
    let lines = session(
        "setoption name Variant value three\nposition startpos\ngo infinite\nisready\nstop\nquit\n",
    );
    assert!(lines.contains(&"readyok".to_string()));
    let best = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(best, 1, "{lines:?}");
    // Three Men's Morris points are a1..c3.
    let mv = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    let p = &mv["bestmove ".len()..];
    assert!(p.len() == 2 && p.as_bytes()[0] <= b'c', "{mv}");
}
