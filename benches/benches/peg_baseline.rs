//! Peg-solitaire statistics: the straightforward implementation of the
//! text's method (one std `HashMap` per level, symmetry by permuting the 33
//! bits one by one, one thread) against `spielbaum-peg-solitaire` on the
//! generic level engine of `spielbaum-bfs-reach` (`statistics_generic`)
//! and against its peg-solitaire fast path (`statistics`), side by side in
//! one run, with the per-level counts asserted equal.
//!
//! ```text
//! cargo bench -p spielbaum-benches --bench peg_baseline              # down to 20 pegs, 3 rounds
//! PEG_BENCH_DOWN_TO=1 PEG_BENCH_ROUNDS=1 cargo bench -p spielbaum-benches --bench peg_baseline  # the full board
//! ```
//!
//! Prints the median wall time of each and the ratios against the
//! baseline measured in the same run.

use std::collections::HashMap;
use std::time::Instant;

use spielbaum_peg_solitaire::{Board, StatsOptions, statistics, statistics_generic};

const ROWS: [&str; 7] =
    ["..111..", "..111..", "1111111", "1111111", "1111111", "..111..", "..111.."];

/// A symmetry of the 7×7 box on (row, column).
type Map = fn(i32, i32) -> (i32, i32);

/// The baseline: holes numbered 0..33 in reading order.
struct Baseline {
    jumps: Vec<(u32, u32, u32)>,
    perms: Vec<[u32; 33]>,
    centre: u32,
}

impl Baseline {
    fn new() -> Baseline {
        let mut coords = Vec::new();
        for (r, row) in ROWS.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '1' {
                    coords.push((r as i32, c as i32));
                }
            }
        }
        let index = |r: i32, c: i32| coords.iter().position(|&x| x == (r, c)).map(|i| i as u32);
        let mut jumps = Vec::new();
        for &(r, c) in &coords {
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                if let (Some(f), Some(o), Some(t)) =
                    (index(r, c), index(r + dr, c + dc), index(r + 2 * dr, c + 2 * dc))
                {
                    jumps.push((f, o, t));
                }
            }
        }
        let maps: [Map; 8] = [
            |r, c| (r, c),
            |r, c| (6 - r, c),
            |r, c| (r, 6 - c),
            |r, c| (6 - r, 6 - c),
            |r, c| (c, r),
            |r, c| (6 - c, r),
            |r, c| (c, 6 - r),
            |r, c| (6 - c, 6 - r),
        ];
        let perms = maps
            .iter()
            .map(|m| {
                let mut p = [0u32; 33];
                for (i, &(r, c)) in coords.iter().enumerate() {
                    let (r2, c2) = m(r, c);
                    p[i] = index(r2, c2).expect("the board is symmetric");
                }
                p
            })
            .collect();
        Baseline { jumps, perms, centre: index(3, 3).unwrap() }
    }

    fn image(&self, k: usize, x: u64) -> u64 {
        let mut y = 0;
        for i in 0..33 {
            if x >> i & 1 == 1 {
                y |= 1 << self.perms[k][i];
            }
        }
        y
    }

    /// Per level: (positions, canonical, paths).
    fn run(&self, down_to: u32) -> Vec<(u64, u64, u128)> {
        let full = (1u64 << 33) - 1;
        let mut level: HashMap<u64, u128> = HashMap::new();
        level.insert(full & !(1 << self.centre), 1);
        let mut out = Vec::new();
        let mut pegs = 32;
        while !level.is_empty() {
            let mut positions = 0u64;
            for &k in level.keys() {
                let mut images: Vec<u64> = (0..8).map(|s| self.image(s, k)).collect();
                images.sort_unstable();
                images.dedup();
                positions += images.len() as u64;
            }
            out.push((positions, level.len() as u64, level.values().sum()));
            if pegs <= down_to {
                break;
            }
            let mut next: HashMap<u64, u128> = HashMap::new();
            for (&k, &n) in &level {
                for &(f, o, t) in &self.jumps {
                    if k >> f & 1 == 1 && k >> o & 1 == 1 && k >> t & 1 == 0 {
                        let child = k ^ (1 << f | 1 << o | 1 << t);
                        let canon = (0..8).map(|s| self.image(s, child)).min().unwrap();
                        *next.entry(canon).or_insert(0) += n;
                    }
                }
            }
            level = next;
            pegs -= 1;
        }
        out
    }
}

fn engine(down_to: u32, threads: Option<usize>, fast: bool) -> Vec<(u64, u64, u128)> {
    let board = Board::english();
    let start = board.start_at("d4").expect("d4");
    let options = StatsOptions { down_to: Some(down_to), threads, ..StatsOptions::default() };
    let s = if fast {
        statistics(&start, &options, |_| {}, |_| Default::default())
    } else {
        statistics_generic(&start, &options, |_| {}, |_| Default::default())
    };
    s.expect("run")
        .levels
        .iter()
        .map(|l| (l.stats.positions, l.stats.canonical, l.stats.paths))
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    // `cargo bench` passes --bench; ignore arguments.
    let env = |k: &str, d: u32| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let down_to = env("PEG_BENCH_DOWN_TO", 20).max(1);
    let rounds = env("PEG_BENCH_ROUNDS", 3).max(1);
    let baseline = Baseline::new();
    let (mut tb, mut tg, mut t1, mut t2) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut reference = None;
    for _ in 0..rounds {
        let t = Instant::now();
        let b = baseline.run(down_to);
        tb.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let eg = engine(down_to, None, false);
        tg.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let e1 = engine(down_to, Some(1), true);
        t1.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let e2 = engine(down_to, None, true);
        t2.push(t.elapsed().as_secs_f64());
        assert_eq!(b, eg, "baseline and generic engine disagree");
        assert_eq!(b, e1, "baseline and engine disagree");
        assert_eq!(b, e2, "baseline and parallel engine disagree");
        reference = Some(b);
    }
    let levels = reference.expect("at least one round");
    let total: u64 = levels.iter().map(|l| l.0).sum();
    let canonical: u64 = levels.iter().map(|l| l.1).sum();
    let (b, eg, e1, e2) = (median(tb), median(tg), median(t1), median(t2));
    println!(
        "peg_baseline: English board from d4 down to {down_to} pegs: {total} positions, {canonical} canonical (asserted equal)"
    );
    println!("  baseline (std HashMap, bit-by-bit symmetry, 1 thread): {b:.3} s");
    println!(
        "  generic LevelBfs engine, {} threads: {eg:.3} s  ({:.1}x faster than baseline)",
        rayon_threads(),
        b / eg
    );
    println!(
        "  fast path, 1 thread:  {e1:.3} s  ({:.1}x faster than baseline, {:.2}x over generic)",
        b / e1,
        eg / e1
    );
    println!(
        "  fast path, {} threads: {e2:.3} s  ({:.1}x faster than baseline, {:.2}x over generic, {:.2}x over 1 thread)",
        rayon_threads(),
        b / e2,
        eg / e2,
        e1 / e2
    );
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
