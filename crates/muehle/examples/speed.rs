//! Nodes per second of the game's own engine ([`MillEngine`]) and of the
//! negamax crate's searcher in the same run, in the middle-game position
//! of the benches, plus the depth reached per time budget.
//!
//! `cargo run --release -p spielbaum-muehle --example speed -- [depth] [ms,ms,…]`
//!
//! The engine has the default 16 MiB table (as in the bench
//! `engine/middle/depth14`, whose 3,586,570 nodes `-- 14` reproduces); each
//! search gets a fresh engine, built before the clock starts.

use std::io::Write;

use spielbaum_game_trait::{AgentLimits, Notation};
use spielbaum_muehle::{EngineConfig, MillEngine, Position, engine};
use spielbaum_negamax::Limits;

/// The table size in MiB (the engine's default).
const TABLE_MIB: usize = 16;

/// A middle-game position (both sides moving, white 8 stones, black 7).
pub const MIDDLE: &str = "W.B/.WB/B.W/WB.B.W/.BW/W.B/.W. w 0 0 6";

fn main() {
    // Output errors never panic: a closed pipe (`| head`) ends the run
    // quietly, any other (a full disk) with a message and status 1.
    if let Err(e) = run(&mut std::io::stdout().lock())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("speed: cannot write the output: {e}");
        std::process::exit(1);
    }
}

fn run(out: &mut impl Write) -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(9);
    let budgets: Vec<u64> = args
        .next()
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| vec![50, 100, 200, 1000]);
    // `SPEED_ONLY=engine` or `negamax` runs one searcher (for callgrind).
    let only = std::env::var("SPEED_ONLY").unwrap_or_default();
    // `SPEED_STAGED=off` searches with the table's move generated and
    // ordered with the others (the engine before staged picking).
    let staged = std::env::var("SPEED_STAGED").map_or(true, |v| v != "off");
    // `SPEED_WEIGHTS=running_setup=200,mobility=24` sets evaluator
    // weights by name (to count what a term costs when it is on).
    let mut weights = spielbaum_muehle::Weights::default();
    for kv in
        std::env::var("SPEED_WEIGHTS").unwrap_or_default().split(',').filter(|s| !s.is_empty())
    {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        if !v.parse().is_ok_and(|v| weights.set(k, v)) {
            eprintln!("speed: ignoring the weight {kv:?}");
        }
    }
    // `SPEED_EXTENSION=0` searches without the forced-block extension.
    let block_extension = std::env::var("SPEED_EXTENSION")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(spielbaum_muehle::params::BLOCK_EXTENSION);
    let strong = || {
        MillEngine::new(EngineConfig {
            table_mib: TABLE_MIB,
            staged,
            weights,
            block_extension,
            ..Default::default()
        })
    };
    // `SPEED_POSITION=…` searches another position (our position text).
    let text = std::env::var("SPEED_POSITION").unwrap_or_else(|_| MIDDLE.to_string());
    let Ok(pos) = Position::nine().parse_position(&text) else {
        eprintln!("speed: not a position: {text}");
        std::process::exit(2);
    };
    if only == "negamax" {
        let r = engine::engine(TABLE_MIB).search(&pos, &Limits::depth(depth));
        writeln!(out, "negamax crate searcher depth {depth}: {} nodes", r.counters.nodes)?;
        return Ok(());
    }
    if only == "engine" {
        let r = strong().search(&pos, &AgentLimits::depth(depth));
        writeln!(out, "engine depth {depth}: {} nodes ({} quiescence)", r.nodes, r.qnodes)?;
        return Ok(());
    }
    let mut e = strong();
    let r = e.search(&pos, &AgentLimits::depth(depth));
    let secs = r.elapsed.as_secs_f64();
    let own = r.nodes as f64 / secs;
    writeln!(
        out,
        "engine depth {depth}: {} nodes ({} quiescence) in {:.3} s = {:.2} M nodes/s, score {}, best {:?}",
        r.nodes,
        r.qnodes,
        secs,
        own / 1e6,
        r.score,
        r.best.map(|m| pos.move_string(m))
    )?;
    let mut old = engine::engine(TABLE_MIB);
    let r = old.search(&pos, &Limits::depth(depth.min(8)));
    let secs = r.elapsed.as_secs_f64();
    let neg = r.counters.nodes as f64 / secs;
    writeln!(
        out,
        "negamax crate searcher depth {}: {} nodes in {:.3} s = {:.2} M nodes/s; ratio {:.2}",
        depth.min(8),
        r.counters.nodes,
        secs,
        neg / 1e6,
        own / neg
    )?;
    for ms in budgets {
        let mut e = strong();
        let r = e.search(&pos, &AgentLimits::millis(ms));
        writeln!(
            out,
            "{ms} ms: depth {} ({} nodes, {:.2} M nodes/s), iterations {:?}",
            r.depth,
            r.nodes,
            r.nodes as f64 / r.elapsed.as_secs_f64() / 1e6,
            r.iterations
                .iter()
                .map(|(d, t)| format!("{d}@{:.1}ms", t.as_secs_f64() * 1e3))
                .collect::<Vec<_>>()
        )?;
    }
    Ok(())
}
