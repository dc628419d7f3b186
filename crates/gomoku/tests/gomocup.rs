//! A scripted Gomocup session: the transcript of a manager talking to the
//! brain, line by line.

use std::io::Cursor;
use std::time::Instant;

use spielbaum_gomoku::gomocup::run;

fn session(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    run(Cursor::new(input.replace('\n', "\r\n")), &mut out).expect("in-memory I/O");
    let text = String::from_utf8(out).expect("UTF-8 answers");
    assert!(text.is_empty() || text.ends_with("\r\n"), "every line ends with CR LF");
    assert!(!text.replace("\r\n", "").contains('\n'), "no bare LF");
    text.split("\r\n")
        .filter(|l| !l.is_empty())
        .filter(|l| !l.starts_with("DEBUG"))
        .map(String::from)
        .collect()
}

fn is_move(s: &str, w: usize, h: usize) -> bool {
    s.split_once(',').is_some_and(|(x, y)| {
        x.parse::<usize>().is_ok_and(|x| x < w) && y.parse::<usize>().is_ok_and(|y| y < h)
    })
}

#[test]
fn transcript() {
    let t = Instant::now();
    let out = session(
        "TURN 1,1
START 15
INFO timeout_turn 300
INFO max_memory 83886080
INFO rule 0
INFO game_type 1
INFO timeout_turn soon
BEGIN
TURN 8,8
TURN 8,8
TURN 15,3
TURN a,3
FROBNICATE
ABOUT
TAKEBACK 8,8
TAKEBACK 0,0
RESTART
BOARD
7,7,1
7,8,1
7,9,1
7,10,1
0,0,2
1,0,2
2,0,2
3,0,2
DONE
BOARD
7,7,1
7,7,2
DONE
RECTSTART 20,12
BOARD
10,5,2
DONE
START 40
END
TURN 1,1
",
    );
    let mut i = 0;
    let mut next = || {
        i += 1;
        out[i - 1].clone()
    };
    assert!(next().starts_with("ERROR no board"), "TURN before START");
    assert_eq!(next(), "OK", "START 15");
    assert!(next().starts_with("ERROR INFO timeout_turn"), "a malformed INFO value");
    let first = next();
    assert!(is_move(&first, 15, 15), "BEGIN answers a move, got {first}");
    let second = next();
    assert!(
        is_move(&second, 15, 15) && second != first && second != "8,8",
        "TURN 8,8 answered {second}"
    );
    assert!(next().contains("occupied"), "TURN on an occupied cell");
    assert!(next().starts_with("ERROR"), "TURN off the board");
    assert!(next().starts_with("ERROR x"), "TURN a,3");
    assert!(next().starts_with("UNKNOWN"), "an unknown command");
    assert!(next().starts_with("name=\"spielbaum\""), "ABOUT");
    assert_eq!(next(), "OK", "TAKEBACK 8,8");
    assert!(next().starts_with("ERROR 0,0 is empty"), "TAKEBACK of an empty cell");
    assert_eq!(next(), "OK", "RESTART");
    // Own four on the h-file (x = 7, y = 7..10): the brain completes it.
    let win = next();
    assert!(win == "7,6" || win == "7,11", "the winning move, got {win}");
    assert!(next().starts_with("ERROR"), "a BOARD with one cell twice");
    assert_eq!(next(), "OK", "RECTSTART 20,12");
    let m = next();
    assert!(is_move(&m, 20, 12), "a move on 20x12 after BOARD, got {m}");
    assert!(next().starts_with("ERROR unsupported size"), "START 40");
    assert_eq!(i, out.len(), "nothing after END: {:?}", &out[i..]);
    // Three searches of at most 300 ms each (less the margin) and the
    // forced win: well under two seconds in all.
    assert!(t.elapsed().as_secs_f64() < 5.0, "took {:?}", t.elapsed());
}

#[test]
fn forced_block_and_timeout() {
    // The opponent (2) has four on row 0: the brain must block at 4,0.
    let t = Instant::now();
    let out = session(
        "START 15
INFO timeout_turn 200
BOARD
0,0,2
1,0,2
2,0,2
3,0,2
7,7,1
8,8,1
9,9,1
DONE
",
    );
    assert_eq!(out, vec!["OK".to_string(), "4,0".to_string()]);
    assert!(t.elapsed().as_millis() < 2000);
    // A quiet position: the answer comes within timeout_turn (+ slack).
    let t = Instant::now();
    let out = session("START 15\nINFO timeout_turn 250\nBEGIN\nTURN 6,6\n");
    assert_eq!(out.len(), 3);
    assert!(t.elapsed().as_millis() < 250 * 2 + 500, "took {:?}", t.elapsed());
}
