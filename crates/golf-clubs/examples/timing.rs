//! Robust timings on a shared machine: each measurement is repeated and the
//! fastest repetition is reported (load from other processes only ever adds
//! time). `cargo run --release -p spielbaum-golf-clubs --example timing`

use std::hint::black_box;
use std::time::Instant;

use spielbaum_golf_clubs::params::EXAMPLE_TOURNAMENT;
use spielbaum_golf_clubs::{
    ActiveList, ClubSet, Eval, Method, Rules, Scorer, Tournament, TunedActiveList, strokes,
    strokes_into,
};

/// Fastest of `reps` repetitions of `iters` calls, in ns per call.
fn best_ns(reps: u32, iters: u32, mut f: impl FnMut()) -> f64 {
    (0..reps)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_nanos() as f64 / iters as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let rules = Rules::default();
    let t = Tournament::parse(EXAMPLE_TOURNAMENT, &rules).unwrap();
    let scorer = Scorer::new(&t, &rules).unwrap();
    let mut al = ActiveList::new(&rules);
    let mut tuned = TunedActiveList::new(&rules);
    println!("full stroke table, ns per club set (fastest of 15 repetitions):");
    println!(
        "{:<20} {:>12} {:>12} {:>12} {:>12}",
        "clubs", "active-707", "active-358", "tuned-358", "bit-parallel"
    );
    for clubs in [&[1, 50, 120, 300][..], &[1, 102, 122, 152], &[1, 2, 3, 4], &[7, 100, 151, 349]] {
        let set = ClubSet::new(clubs, &rules).unwrap();
        let mut table = strokes(&set, &rules).unwrap();
        let a = best_ns(15, 2000, || {
            black_box(al.table(black_box(&set), Method::Forward).unwrap());
        });
        let b = best_ns(15, 2000, || {
            black_box(al.table(black_box(&set), Method::Tuebingen).unwrap());
        });
        let c = best_ns(15, 5000, || {
            black_box(tuned.table(black_box(&set)).unwrap());
        });
        let d = best_ns(15, 20000, || {
            strokes_into(black_box(&set), &rules, &mut table).unwrap();
            black_box(&table);
        });
        println!("{:<20} {a:>12.0} {b:>12.0} {c:>12.0} {d:>12.0}", set.to_string());
    }
    // The mean over uniformly random 4-club sets (seeded): what "per club
    // set" costs across the whole space, pathological sets included.
    let mut rng = spielbaum_game_trait::SplitMix64::new(7);
    let sets: Vec<ClubSet> = (0..2000)
        .filter_map(|_| {
            let mut c: Vec<u32> = (0..4).map(|_| 1 + rng.below(350) as u32).collect();
            c.sort_unstable();
            c.dedup();
            ClubSet::new(&c, &rules).ok().filter(|s| s.len() == 4)
        })
        .collect();
    let mut table = strokes(&sets[0], &rules).unwrap();
    let mean = best_ns(15, 1, || {
        for set in &sets {
            strokes_into(black_box(set), &rules, &mut table).unwrap();
            black_box(&table);
        }
    }) / sets.len() as f64;
    println!("{:<20} {:>51.0}", format!("mean of {} random", sets.len()), mean);
    println!("\nbest single change (1397 sets), µs (fastest of 7):");
    for clubs in [&[1, 50, 120, 300][..], &[1, 102, 122, 152]] {
        let set = ClubSet::new(clubs, &rules).unwrap();
        let with = best_ns(7, 20, || {
            black_box(scorer.best_single_change(black_box(&set)).unwrap());
        });
        let without = best_ns(7, 20, || {
            black_box(scorer.best_single_change_with(black_box(&set), false).unwrap());
        });
        println!(
            "{:<20} with bound {:>8.0}   without bound {:>8.0}   ratio {:.2}",
            set.to_string(),
            with / 1e3,
            without / 1e3,
            without / with
        );
    }
    println!("\n§9: passes done in the best single change (text's order, bound = best so far):");
    for clubs in [&[1, 50, 120, 300][..], &[1, 102, 122, 152]] {
        let set = ClubSet::new(clubs, &rules).unwrap();
        // Passes until every needed field is found (the early stop), from
        // the stroke table; 0 = unreachable (counted as the full table).
        let passes = |s: &ClubSet| {
            let table = strokes(s, &rules).unwrap();
            let need: Option<u32> =
                t.needed().iter().map(|&n| table.get(n)).try_fold(0, |m, x| x.map(|x| m.max(x)));
            need.unwrap_or_else(|| table.iter().filter_map(|(_, s)| s).max().unwrap_or(0))
        };
        let mut best = match scorer.evaluate(&set, u64::MAX) {
            Eval::Exact(v) => v,
            _ => u64::MAX,
        };
        let (mut full, mut done, mut cut) = (passes(&set) as u64, passes(&set) as u64, 0u32);
        let mut hist = [0u32; 8];
        for i in 0..clubs.len() {
            for len in 1..=350 {
                if len == clubs[i] {
                    continue;
                }
                let mut v = clubs.to_vec();
                v[i] = len;
                v.sort_unstable();
                v.dedup();
                let s = ClubSet::new(&v, &rules).unwrap();
                let p = passes(&s) as u64;
                full += p;
                match scorer.evaluate(&s, best.saturating_sub(1)) {
                    Eval::Exact(x) => {
                        done += p;
                        best = best.min(x);
                    }
                    Eval::Abandoned(d) => {
                        done += d as u64;
                        cut += 1;
                        hist[(d as usize).min(7)] += 1;
                    }
                    Eval::Unreachable => done += p,
                }
            }
        }
        println!(
            "{:<20} abandoned {cut} of 1396 after (passes 0..=7+) {hist:?}; passes done {done} of {full} ({:.0}% saved)",
            set.to_string(),
            100.0 * (1.0 - done as f64 / full as f64)
        );
    }
}
