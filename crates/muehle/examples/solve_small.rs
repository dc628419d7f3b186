//! Solves Three or Six Men's Morris from the start by retrograde analysis
//! (one position per symmetry class), with value and distance.
//!
//! `cargo run --release -p spielbaum-muehle --example solve_small -- three|six`

use std::time::Instant;

use spielbaum_bfs_reach::retrograde::Retrograde;
use spielbaum_bfs_reach::{Control, Progress};
use spielbaum_game_trait::DrawRules;
use spielbaum_muehle::{Position, Rules, Variant};

fn main() {
    let name = std::env::args().nth(1).unwrap_or_else(|| "three".into());
    let variant = match Variant::parse(&name) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    // Repetitions draw; no move-count limit (its counter is not part of the
    // key the table is indexed by).
    let start = Position::new(Rules::new(variant).with_draw(DrawRules::repetition(3)));
    let t = Instant::now();
    let result = Retrograde::new()
        .symmetry(true)
        .progress(|p: Progress| {
            eprintln!("{p:?}");
            Control::Continue
        })
        .solve(&start);
    match result {
        Ok(table) => {
            println!(
                "{}: {} positions (one per symmetry class), start {:?}, {:?}, {:.1} s",
                variant.name(),
                table.len(),
                table.get(&start),
                table.counts(),
                t.elapsed().as_secs_f64()
            );
        }
        Err(e) => {
            eprintln!("stopped: {e}");
            std::process::exit(1);
        }
    }
}
