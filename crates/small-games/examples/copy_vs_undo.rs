//! Copy-make against make/undo on full perft of a small game, for
//! instruction counts under `valgrind --tool=callgrind` (independent of the
//! machine's load) or plain timing.
//!
//! `cargo run --release -p spielbaum-small-games --example copy_vs_undo -- GAME MODE`
//! with GAME one of `tictactoe`, `dice`, `nim` and MODE `copy` or `undo`.

use std::time::Instant;

use spielbaum_game_trait::{Undo, perft, perft_undo};
use spielbaum_small_games::{Dice, Nim, TicTacToe};

fn run<G: Undo>(g: &G, depth: u32, mode: &str) -> u64 {
    match mode {
        "copy" => perft(g, depth),
        "undo" => perft_undo(g, depth),
        other => {
            eprintln!("mode {other:?}: use copy or undo");
            std::process::exit(2);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, mode) = match args.as_slice() {
        [g, m] => (g.as_str(), m.as_str()),
        _ => {
            eprintln!("usage: copy_vs_undo tictactoe|dice|nim copy|undo");
            std::process::exit(2);
        }
    };
    let t = Instant::now();
    let nodes = match game {
        "tictactoe" => run(&TicTacToe::new(), 9, mode),
        "dice" => run(&Dice::new(1, 40).expect("valid"), 12, mode),
        "nim" => run(&Nim::new(&[3, 4, 5]).expect("valid"), 6, mode),
        other => {
            eprintln!("game {other:?}: use tictactoe, dice or nim");
            std::process::exit(2);
        }
    };
    println!("{game} {mode}: {nodes} leaves in {:.3} ms", t.elapsed().as_secs_f64() * 1e3);
}
