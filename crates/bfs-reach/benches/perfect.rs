//! The perfect-index solver's hot loops: reading 2-bit values (our plain
//! `u64` word layout against `bitvec`), and a whole solve of the synthetic
//! game of the tests. Every iteration asserts what it computed.

#[path = "../tests/common/synthetic.rs"]
mod synthetic;

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use bitvec::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_bfs_reach::perfect::PerfectSolver;
use spielbaum_game_trait::SplitMix64;
use synthetic::{Rules, SynthIndex};

/// 2^24 codes (4 MiB), random.
const CODES: usize = 1 << 24;
const PROBES: usize = 1 << 20;

fn codes(c: &mut Criterion) {
    let mut rng = SplitMix64::new(7);
    let plain: Vec<u64> = (0..CODES / 32).map(|_| rng.next_u64()).collect();
    let atomic: Vec<AtomicU64> = plain.iter().map(|&w| AtomicU64::new(w)).collect();
    let bits: BitVec<u64, Lsb0> = BitVec::from_vec(plain.clone());
    // Reference count of code 01 (a win), bit by bit.
    let wins = (0..CODES).filter(|&i| plain[i / 32] >> (2 * (i % 32)) & 3 == 1).count();
    let probes: Vec<usize> = (0..PROBES).map(|_| rng.next_u64() as usize % CODES).collect();
    let probe_wins = probes.iter().filter(|&&i| plain[i / 32] >> (2 * (i % 32)) & 3 == 1).count();

    let mut g = c.benchmark_group("perfect/2bit-scan");
    g.bench_function("u64-words", |b| {
        b.iter(|| {
            let n = (0..CODES)
                .filter(|&i| black_box(&plain)[i / 32] >> (2 * (i % 32)) & 3 == 1)
                .count();
            assert_eq!(n, wins);
        })
    });
    g.bench_function("atomic-u64-words", |b| {
        b.iter(|| {
            let n = (0..CODES)
                .filter(|&i| black_box(&atomic)[i / 32].load(Relaxed) >> (2 * (i % 32)) & 3 == 1)
                .count();
            assert_eq!(n, wins);
        })
    });
    g.bench_function("bitvec", |b| {
        b.iter(|| {
            let n = black_box(&bits).chunks_exact(2).filter(|f| f.load_le::<u8>() == 1).count();
            assert_eq!(n, wins);
        })
    });
    g.finish();

    let mut g = c.benchmark_group("perfect/2bit-probe");
    g.bench_function("u64-words", |b| {
        b.iter(|| {
            let n = probes
                .iter()
                .filter(|&&i| black_box(&plain)[i / 32] >> (2 * (i % 32)) & 3 == 1)
                .count();
            assert_eq!(n, probe_wins);
        })
    });
    g.bench_function("atomic-u64-words", |b| {
        b.iter(|| {
            let n = probes
                .iter()
                .filter(|&&i| black_box(&atomic)[i / 32].load(Relaxed) >> (2 * (i % 32)) & 3 == 1)
                .count();
            assert_eq!(n, probe_wins);
        })
    });
    g.bench_function("bitvec", |b| {
        b.iter(|| {
            let n = probes
                .iter()
                .filter(|&&i| black_box(&bits)[2 * i..2 * i + 2].load_le::<u8>() == 1)
                .count();
            assert_eq!(n, probe_wins);
        })
    });
    g.finish();
}

fn solve(c: &mut Criterion) {
    let index = SynthIndex(Rules::new(&[10_007, 500_009]));
    let counts = |index: &SynthIndex| {
        let db = PerfectSolver::new(index).solve(&[1]).unwrap();
        let t = db.table(1).unwrap();
        t.counts()
    };
    let first = counts(&index);
    assert_eq!(first.iter().sum::<u64>(), 1_000_018);
    let mut g = c.benchmark_group("perfect/solve");
    g.bench_function("synthetic-1e6", |b| b.iter(|| assert_eq!(counts(black_box(&index)), first)));
    g.finish();
}

criterion_group! {
    name = perfect_benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = codes, solve
}
criterion_main!(perfect_benches);
