//! Nodes per second of the engine in a middle-game position, and perft
//! speed from the start.
//!
//! `cargo run --release -p spielbaum-muehle --example nps -- [depth]`

use std::io::Write;
use std::time::Instant;

use spielbaum_game_trait::{Notation, perft};
use spielbaum_muehle::{Position, engine};
use spielbaum_negamax::Limits;

/// A middle-game position (both sides moving, white 8 stones, black 7).
pub const MIDDLE: &str = "W.B/.WB/B.W/WB.B.W/.BW/W.B/.W. w 0 0 6";

fn main() {
    // Output errors never panic: a closed pipe (`| head`) ends the run
    // quietly, any other (a full disk) with a message and status 1.
    if let Err(e) = run(&mut std::io::stdout().lock())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("nps: cannot write the output: {e}");
        std::process::exit(1);
    }
}

fn run(out: &mut impl Write) -> std::io::Result<()> {
    let depth: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(9);
    let pos = Position::nine().parse_position(MIDDLE).expect("position");
    write!(out, "{}", pos.diagram())?;
    out.flush()?;
    let mut e = engine::engine(64);
    let r = e.search(&pos, &Limits::depth(depth));
    let secs = r.elapsed.as_secs_f64();
    writeln!(
        out,
        "engine depth {depth}: {} nodes ({} quiescence) in {:.3} s = {:.2} M nodes/s, score {}, best {:?}",
        r.counters.nodes,
        r.counters.qnodes,
        secs,
        r.counters.nodes as f64 / secs / 1e6,
        r.score,
        r.best_move.map(|m| pos.move_string(m))
    )?;
    out.flush()?;
    let mut plain = spielbaum_negamax::Searcher::new(
        spielbaum_muehle::MillEval,
        spielbaum_negamax::Config { table_mib: 64, ..spielbaum_negamax::Config::default() },
    );
    let r = plain.search(&pos, &Limits::depth(depth));
    let secs = r.elapsed.as_secs_f64();
    writeln!(
        out,
        "default config (no symmetry, no quiescence) depth {depth}: {} nodes in {:.3} s = {:.2} M nodes/s",
        r.counters.nodes,
        secs,
        r.counters.nodes as f64 / secs / 1e6
    )?;
    out.flush()?;
    let t = Instant::now();
    let n = perft(&Position::nine(), 6);
    let secs = t.elapsed().as_secs_f64();
    writeln!(
        out,
        "perft 6 from the start: {n} in {secs:.3} s = {:.1} M moves/s",
        n as f64 / secs / 1e6
    )?;
    out.flush()
}
