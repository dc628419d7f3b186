//! Full statistics of a board from a start, with timing:
//! `cargo run --release -p spielbaum-peg-solitaire --example peg_stats -- english d4 [threads] [sym|nosym] [generic]`
//! (`generic`: the generic `LevelBfs` engine instead of the fast path).

use std::time::Instant;

use spielbaum_bfs_reach::{Control, Progress};
use spielbaum_peg_solitaire::{Board, PegLevel, StatsOptions, statistics, statistics_generic};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board = Board::by_name(args.first().map_or("english", |s| s)).expect("board");
    let start = board.start_at(args.get(1).map_or("d4", |s| s)).expect("hole");
    let options = StatsOptions {
        threads: args.get(2).map(|s| s.parse().expect("threads")),
        symmetry: args.get(3).is_none_or(|s| s != "nosym"),
        ..StatsOptions::default()
    };
    let t = Instant::now();
    let generic = args.get(4).is_some_and(|s| s == "generic");
    let run = if generic { statistics_generic } else { statistics };
    let stats = run(
        &start,
        &options,
        |l: &PegLevel| {
            eprintln!(
                "{:>2} pegs {:>10} positions {:>9} canonical paths {}",
                l.pegs, l.stats.positions, l.stats.canonical, l.stats.paths
            )
        },
        |_: Progress| Control::Continue,
    )
    .expect("run");
    let secs = t.elapsed().as_secs_f64();
    let moves: u64 = stats.levels.iter().map(|l| l.stats.moves).sum();
    println!(
        "total {} positions, {} canonical, {moves} moves expanded, {} paths into d4; {secs:.3} s",
        stats.total_positions(),
        stats.total_canonical(),
        stats.one_peg_paths_at(board.parse_hole("d4").unwrap())
    );
}
