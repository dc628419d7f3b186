//! Criterion benches of the position's hot loops (every run asserts the
//! count it timed):
//! - copy-make against make/undo (perft on 15×15 with candidate moves);
//! - full 225-move lists: the game-trait's `MoveList` (64 inline, spills to
//!   the heap) reused per ply, a fresh one per node, and a list with room
//!   for the whole board inline;
//! - search speed: the engine's fixed-depth search from opening positions;
//! - line shapes: the strongest shape of every empty cell for both players,
//!   read from the bit strings against the cell-by-cell reading.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use smallvec::SmallVec;
use spielbaum_game_trait::{Game, MoveList, Notation, perft, perft_undo};
use spielbaum_gomoku::{Cell, Gomoku, Pattern, Rules, Shape, Shapes, openings};
use spielbaum_negamax::{Config, Limits, Searcher};

fn opening() -> Gomoku {
    let mut g = Gomoku::new(Rules::default());
    for m in ["h8", "i9", "g9", "i7", "j8"] {
        let mv = g.parse_move(m).unwrap();
        g.play(mv);
    }
    g
}

fn copy_vs_undo(c: &mut Criterion) {
    let g = opening();
    let expected = perft(&g, 3);
    assert_eq!(perft_undo(&g, 3), expected);
    let mut group = c.benchmark_group("perft/15x15-r2/depth3");
    group.bench_function("copy-make", |b| b.iter(|| assert_eq!(perft(black_box(&g), 3), expected)));
    group.bench_function("make-undo", |b| {
        b.iter(|| assert_eq!(perft_undo(black_box(&g), 3), expected))
    });
    group.finish();
}

/// Full-board perft, one reused `MoveList` per ply (spills once per ply).
fn full_reused(g: &Gomoku, depth: u32, lists: &mut [MoveList<Cell>]) -> u64 {
    let (list, rest) = lists.split_first_mut().unwrap();
    list.clear();
    g.all_moves(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for i in 0..list.len() {
        n += full_reused(&g.after(list[i]), depth - 1, rest);
    }
    n
}

/// Full-board perft, a fresh `MoveList` per node (spills at every node).
fn full_fresh(g: &Gomoku, depth: u32) -> u64 {
    let mut list = MoveList::new();
    g.all_moves(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter().map(|&m| full_fresh(&g.after(m), depth - 1)).sum()
}

/// Full-board perft, a fresh list with 256 moves inline (never spills).
fn full_inline(g: &Gomoku, depth: u32) -> u64 {
    let mut list: SmallVec<[Cell; 256]> = SmallVec::new();
    g.all_moves_into(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter().map(|&m| full_inline(&g.after(m), depth - 1)).sum()
}

fn move_lists(c: &mut Criterion) {
    let g = Gomoku::new(Rules::default()).after(Cell::at(7, 7));
    let expected = 224 * 223 * 222;
    let mut group = c.benchmark_group("full-lists/15x15/depth3");
    group.bench_function("movelist-reused-per-ply", |b| {
        let mut lists: Vec<MoveList<Cell>> = (0..3).map(|_| MoveList::new()).collect();
        b.iter(|| assert_eq!(full_reused(black_box(&g), 3, &mut lists), expected))
    });
    group.bench_function("movelist-fresh-per-node", |b| {
        b.iter(|| assert_eq!(full_fresh(black_box(&g), 3), expected))
    });
    group.bench_function("inline-256-per-node", |b| {
        b.iter(|| assert_eq!(full_inline(black_box(&g), 3), expected))
    });
    group.finish();
    let cand = g.with_radius(2);
    let expected = perft(&cand, 3);
    let mut group = c.benchmark_group("candidate-lists/15x15-r2/depth3");
    group.bench_function("movelist", |b| {
        b.iter(|| assert_eq!(perft(black_box(&cand), 3), expected))
    });
    group.finish();
}

/// Depth-4 searches (default configuration, pattern evaluator) from four
/// openings; each run asserts the node total of the first.
fn search(c: &mut Criterion) {
    let starts = openings(&Rules::default(), 4, 6, 2026);
    let run = |starts: &[Gomoku]| -> u64 {
        starts
            .iter()
            .map(|g| {
                let mut s = Searcher::new(Pattern::new(5, false), Config::ordered());
                s.search(g, &Limits::depth(4)).counters.nodes
            })
            .sum()
    };
    let expected = run(&starts);
    let mut group = c.benchmark_group("search/15x15/4-openings/depth4");
    group.throughput(criterion::Throughput::Elements(expected));
    group.bench_function("pattern", |b| b.iter(|| assert_eq!(run(black_box(&starts)), expected)));
    group.finish();
}

/// The strongest shape (four directions) of every empty cell for both
/// players on four 15×15 openings, by [`Shapes::best`] (bit strings) and
/// by [`Shapes::shape_by_cells`]; both runs assert the same sum of shapes.
fn shapes(c: &mut Criterion) {
    let starts = openings(&Rules::default(), 4, 6, 2026);
    let shapes = Shapes::get(5, false);
    let empty: Vec<Vec<usize>> = starts
        .iter()
        .map(|g| {
            let mut list = MoveList::new();
            g.all_moves(&mut list);
            list.iter().map(|m| m.index()).collect()
        })
        .collect();
    let by_bits = |starts: &[Gomoku]| -> u64 {
        let mut sum = 0;
        for (g, cells) in starts.iter().zip(&empty) {
            for &c in cells {
                for p in 0..2 {
                    sum += shapes.best(g, c, p) as u64;
                }
            }
        }
        sum
    };
    let by_cells = |starts: &[Gomoku]| -> u64 {
        let mut sum = 0;
        for (g, cells) in starts.iter().zip(&empty) {
            for &c in cells {
                for p in 0..2 {
                    let best = (0..4).map(|d| shapes.shape_by_cells(g, c, p, d)).max();
                    sum += best.unwrap_or(Shape::None) as u64;
                }
            }
        }
        sum
    };
    let expected = by_cells(&starts);
    assert!(expected > 0);
    let lookups: usize = empty.iter().map(|cells| 2 * cells.len()).sum();
    let mut group = c.benchmark_group("shapes/15x15/4-openings/best-of-every-empty-cell");
    group.throughput(criterion::Throughput::Elements(lookups as u64));
    group.bench_function("bit-strings", |b| {
        b.iter(|| assert_eq!(by_bits(black_box(&starts)), expected))
    });
    group.bench_function("cell-by-cell", |b| {
        b.iter(|| assert_eq!(by_cells(black_box(&starts)), expected))
    });
    group.finish();
}

criterion_group! {
    name = gomoku_benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = copy_vs_undo, move_lists, search, shapes
}
criterion_main!(gomoku_benches);
