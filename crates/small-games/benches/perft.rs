//! Copy-make against make/undo, measured on full perft of the small games.
//!
//! The two drivers below differ only in how they walk the tree: the
//! copy-make one clones the position and plays the move on the copy
//! (`Game::after`), the make/undo one plays on a single position and takes
//! the move back (`Undo::undo`). Both use one reusable move list per ply.
//! Every run asserts the node count it timed.

use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_game_trait::{Undo, perft, perft_undo};
use spielbaum_small_games::{Connect4, Dice, Nim, TicTacToe};
use std::hint::black_box;

fn compare<G: Undo>(c: &mut Criterion, name: &str, g: &G, depth: u32) {
    let expected = perft(g, depth);
    assert_eq!(perft_undo(g, depth), expected);
    let mut group = c.benchmark_group(format!("perft/{name}/depth{depth}"));
    group.bench_function("copy-make", |b| {
        b.iter(|| assert_eq!(perft(black_box(g), depth), expected))
    });
    group.bench_function("make-undo", |b| {
        b.iter(|| assert_eq!(perft_undo(black_box(g), depth), expected))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    compare(c, "tictactoe", &TicTacToe::new(), 9);
    compare(c, "dice-z40", &Dice::new(1, 40).unwrap(), 12);
    compare(c, "nim-3-4-5", &Nim::new(&[3, 4, 5]).unwrap(), 5);
    compare(c, "connect4-5x4", &Connect4::new(5, 4).unwrap(), 9);
}

criterion_group! {
    name = perft_benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(perft_benches);
