//! Connect Four's hot loops: perft on the standard board (`u64` against
//! `u128` bitboards, copy-make against make/undo), move generation, playing
//! moves, the bit-trick win-in-one check against trying every move, and the
//! evaluators. Every iteration asserts the count it produced.

use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_game_trait::{Evaluator, Game, GameExt, MoveList, SplitMix64, perft, perft_undo};
use spielbaum_small_games::{Bits, Connect4, Connect4Board, Connect4Wide, OpenLines, Threats};
use std::hint::black_box;

/// Perft of the empty 7×6 board at depth 8: checked against an array-based
/// brute force and a published table in `tests/connect4.rs`.
const STANDARD_PERFT_8: u64 = 5_673_234;

/// 4096 unfinished positions of random games on the 7×6 board.
fn positions<B: Bits>() -> Vec<Connect4Board<B>> {
    let mut rng = SplitMix64::new(42);
    let mut out = Vec::new();
    while out.len() < 4096 {
        let mut g = Connect4Board::<B>::new(7, 6).unwrap();
        let plies = rng.below(36);
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.below(moves.len())]);
        }
        if !g.is_over() {
            out.push(g);
        }
    }
    out
}

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4/perft-7x6-depth8");
    let narrow = Connect4::default();
    let wide = Connect4Wide::new(7, 6).unwrap();
    group.bench_function("u64-copy-make", |b| {
        b.iter(|| assert_eq!(perft(black_box(&narrow), 8), STANDARD_PERFT_8))
    });
    group.bench_function("u128-copy-make", |b| {
        b.iter(|| assert_eq!(perft(black_box(&wide), 8), STANDARD_PERFT_8))
    });
    group.bench_function("u64-make-undo", |b| {
        b.iter(|| assert_eq!(perft_undo(black_box(&narrow), 8), STANDARD_PERFT_8))
    });
    group.finish();
}

fn hot_loops(c: &mut Criterion) {
    let ps = positions::<u64>();
    let total_moves: usize = ps.iter().map(|p| p.legal_moves().len()).sum();
    // Positions with a win in one, found by playing every move.
    let by_trying = |ps: &[Connect4]| {
        ps.iter()
            .filter(|p| {
                p.legal_moves()
                    .iter()
                    .any(|&m| p.after(m).outcome().is_some_and(|o| o.relative_to(p.to_move()) == 1))
            })
            .count()
    };
    let wins = by_trying(&ps);
    let open_sum: i64 = ps.iter().map(|p| i64::from(OpenLines.evaluate(p))).sum();
    let threat_sum: i64 = ps.iter().map(|p| i64::from(Threats.evaluate(p))).sum();

    let mut group = c.benchmark_group("connect4/hot-4096-positions");
    group.bench_function("moves", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            let mut n = 0;
            for p in black_box(&ps) {
                list.clear();
                p.moves(&mut list);
                n += list.len();
            }
            assert_eq!(n, total_moves);
        })
    });
    group.bench_function("moves+play", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            let mut n = 0;
            for p in black_box(&ps) {
                list.clear();
                p.moves(&mut list);
                for &m in &list {
                    n += usize::from(black_box(p.after(m)).plies() > 0);
                }
            }
            assert_eq!(n, total_moves);
        })
    });
    group.bench_function("win-in-one-bits", |b| {
        b.iter(|| {
            let n = black_box(&ps).iter().filter(|p| p.winning_moves() != 0).count();
            assert_eq!(n, wins);
        })
    });
    group.bench_function("win-in-one-by-playing", |b| {
        b.iter(|| assert_eq!(by_trying(black_box(&ps)), wins))
    });
    group.bench_function("eval-open-lines", |b| {
        b.iter(|| {
            let s: i64 = black_box(&ps).iter().map(|p| i64::from(OpenLines.evaluate(p))).sum();
            assert_eq!(s, open_sum);
        })
    });
    group.bench_function("eval-threats", |b| {
        b.iter(|| {
            let s: i64 = black_box(&ps).iter().map(|p| i64::from(Threats.evaluate(p))).sum();
            assert_eq!(s, threat_sum);
        })
    });
    group.finish();
}

criterion_group! {
    name = connect4_benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = perft_benches, hot_loops
}
criterion_main!(connect4_benches);
