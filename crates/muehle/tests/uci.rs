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

/// Lines handed to the session one by one, when the test sends them.
struct Lines(std::sync::mpsc::Receiver<String>, Vec<u8>);

impl std::io::Read for Lines {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(line) => self.1 = line.into_bytes(),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}

/// Output shared with the test while the session runs.
#[derive(Clone, Default)]
struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).expect("utf-8")
    }
}

#[test]
fn an_infinite_search_answers_only_after_stop() {
    // Three Men's Morris is solved within a few plies, so the search ends
    // long before anyone says stop; the answer must still wait for it.
    let (tx, rx) = std::sync::mpsc::channel();
    let out = Shared::default();
    let session = {
        let out = out.clone();
        std::thread::spawn(move || {
            uci::run(std::io::BufReader::new(Lines(rx, Vec::new())), out).expect("output")
        })
    };
    for line in ["setoption name Variant value three", "position startpos", "go infinite"] {
        tx.send(format!("{line}\n")).unwrap();
    }
    // Wait until the search has proved its result (or a generous 5 s).
    let t0 = std::time::Instant::now();
    while !out.text().contains("mate") && t0.elapsed() < std::time::Duration::from_secs(5) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!out.text().contains("bestmove"), "bestmove before stop:\n{}", out.text());
    tx.send("stop\n".into()).unwrap();
    tx.send("isready\n".into()).unwrap();
    let t0 = std::time::Instant::now();
    while !out.text().contains("readyok") && t0.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let text = out.text();
    assert_eq!(text.matches("bestmove ").count(), 1, "{text}");
    assert!(text.find("bestmove").unwrap() < text.find("readyok").unwrap(), "{text}");
    // An infinite search also ends at the end of the input.
    tx.send("go infinite\n".into()).unwrap();
    drop(tx);
    session.join().expect("session thread");
    assert_eq!(out.text().matches("bestmove ").count(), 2, "{}", out.text());
}

#[test]
fn huge_clock_numbers_neither_panic_nor_hang() {
    // u64::MAX as increment or clock: the budget saturates and stays at most
    // half of what is left on the clock (here 1 ms and 2 ms).
    for go in [
        "go wtime 1 winc 18446744073709551615",
        "go wtime 4 btime 18446744073709551615 winc 18446744073709551615 binc 18446744073709551615",
        "go wtime 18446744073709551615 winc 18446744073709551615 movestogo 1 depth 2",
    ] {
        let lines = session(&format!("position startpos\n{go}\nquit\n"));
        let best = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
        assert_eq!(best, 1, "{go}: {lines:?}");
        let errors = lines.iter().filter(|l| l.starts_with("info string error")).count();
        assert_eq!(errors, 0, "{go}: {lines:?}");
    }
}
