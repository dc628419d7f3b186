//! Which single-vacancy starts on the French (37-hole) board can end with
//! one peg, per start up to symmetry (position classes, then the solver):
//! `cargo run --release -p spielbaum-peg-solitaire --example french`.

use std::collections::HashSet;
use std::time::Instant;

use spielbaum_bfs_reach::Control;
use spielbaum_game_trait::{Game, Notation};
use spielbaum_peg_solitaire::{Board, position_class, solve};

fn main() {
    let board = Board::french();
    let mut seen = HashSet::new();
    for hole in (0..64u32).filter(|&h| board.mask() >> h & 1 == 1) {
        let start = board.start(hole);
        if !seen.insert(start.canonical_key()) {
            continue;
        }
        let class = position_class(start.pegs());
        let finishes: Vec<String> = (0..64u32)
            .filter(|&h| board.mask() >> h & 1 == 1 && position_class(1 << h) == class)
            .map(Board::hole_name)
            .collect();
        let t = Instant::now();
        let (result, stats) = solve(&start, |_| Control::Continue).expect("not stopped");
        let secs = t.elapsed().as_secs_f64();
        let name = Board::hole_name(hole);
        let images = board
            .symmetries()
            .iter()
            .map(|t| t.apply(1 << hole, 7, 7))
            .collect::<HashSet<_>>()
            .len();
        match result {
            Ok(moves) => {
                let mut p = start;
                let mut written = Vec::new();
                for mv in moves {
                    written.push(p.move_string(mv));
                    p = p.after(mv);
                }
                let end = Board::hole_name(p.pegs().trailing_zeros());
                println!(
                    "{name} ({images} holes): solvable, class allows {finishes:?}; found {name} -> {end} ({} nodes, {secs:.1} s)",
                    stats.nodes
                );
                println!("    {}", written.join(" "));
            }
            Err(why) => println!(
                "{name} ({images} holes): no one-peg finish ({why:?}); class allows {finishes:?}"
            ),
        }
    }
}
