//! The golf-club searches side by side, per club set:
//! - `table/*`: a full stroke table by the text's active list on 707 fields
//!   (§4), with the first Tübingen optimisation on 358 fields (§5), the
//!   hand-tuned active list (§10) and the bit-parallel search;
//! - `expected/*`: the expected value with and without the early stop (§7);
//! - `best-change/*`: the best single change with and without the second
//!   Tübingen optimisation (§9), bit-parallel, and the text's baseline
//!   (active list, early stop, no bound).
//!
//! Every timed run asserts the value it computes (from a different method,
//! checked once before timing).
//!
//! `cargo bench -p spielbaum-golf-clubs --bench golf`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_golf_clubs::params::EXAMPLE_TOURNAMENT;
use spielbaum_golf_clubs::{
    ActiveList, ClubSet, Method, Rules, Scorer, StrokeTable, Tournament, TunedActiveList, strokes,
    strokes_into,
};

const SETS: &[&[u32]] =
    &[&[1, 50, 120, 300], &[1, 102, 122, 152], &[1, 2, 3, 4], &[7, 100, 151, 349]];

fn name(clubs: &[u32]) -> String {
    clubs.iter().map(u32::to_string).collect::<Vec<_>>().join("-")
}

/// A checksum of a table: the sum of all strokes.
fn sum(t: &StrokeTable) -> u64 {
    t.iter().filter_map(|(_, s)| s).map(u64::from).sum()
}

fn tables(c: &mut Criterion) {
    let rules = Rules::default();
    let mut al = ActiveList::new(&rules);
    let mut tuned = TunedActiveList::new(&rules);
    for clubs in SETS {
        let set = ClubSet::new(clubs, &rules).unwrap();
        let want = al.table(&set, Method::Forward).unwrap();
        assert_eq!(strokes(&set, &rules).unwrap(), want);
        let check = sum(&want);
        let mut g = c.benchmark_group(format!("table/{}", name(clubs)));
        g.bench_function("active-list-707", |b| {
            b.iter(|| assert_eq!(sum(&al.table(black_box(&set), Method::Forward).unwrap()), check))
        });
        g.bench_function("active-list-358-tuebingen", |b| {
            b.iter(|| {
                assert_eq!(sum(&al.table(black_box(&set), Method::Tuebingen).unwrap()), check)
            })
        });
        g.bench_function("tuned-active-list-358", |b| {
            b.iter(|| assert_eq!(sum(tuned.table(black_box(&set)).unwrap()), check))
        });
        let mut table = strokes(&set, &rules).unwrap();
        g.bench_function("bit-parallel", |b| {
            b.iter(|| {
                strokes_into(black_box(&set), &rules, &mut table).unwrap();
                assert_eq!(table.get(358), want.get(358));
            })
        });
        g.finish();
    }
}

fn expected(c: &mut Criterion) {
    let rules = Rules::default();
    let t = Tournament::parse(EXAMPLE_TOURNAMENT, &rules).unwrap();
    let scorer = Scorer::new(&t, &rules).unwrap();
    let mut al = ActiveList::new(&rules);
    for clubs in SETS {
        let set = ClubSet::new(clubs, &rules).unwrap();
        let want = strokes(&set, &rules).unwrap().numerator(&t);
        let mut g = c.benchmark_group(format!("expected/{}", name(clubs)));
        g.bench_function("active-list-full-table", |b| {
            b.iter(|| assert_eq!(al.numerator(black_box(&set), &t, false), want))
        });
        g.bench_function("active-list-early-stop", |b| {
            b.iter(|| assert_eq!(al.numerator(black_box(&set), &t, true), want))
        });
        g.bench_function("bit-parallel-early-stop", |b| {
            b.iter(|| {
                assert_eq!(scorer.expected(black_box(&set)).ok(), want.map(|n| t.rational(n)))
            })
        });
        g.finish();
    }
}

fn best_change(c: &mut Criterion) {
    let rules = Rules::default();
    let t = Tournament::parse(EXAMPLE_TOURNAMENT, &rules).unwrap();
    let scorer = Scorer::new(&t, &rules).unwrap();
    let mut al = ActiveList::new(&rules);
    for clubs in [&[1, 50, 120, 300][..], &[1, 102, 122, 152]] {
        let set = ClubSet::new(clubs, &rules).unwrap();
        let want = scorer.best_single_change_with(&set, false).unwrap();
        let mut g = c.benchmark_group(format!("best-change/{}", name(clubs)));
        g.sample_size(10);
        g.bench_function("bit-parallel-with-bound", |b| {
            b.iter(|| {
                let f = scorer.best_single_change(black_box(&set)).unwrap();
                assert_eq!((f.clubs, f.expected, f.evaluated), (want.clubs, want.expected, 1397));
            })
        });
        g.bench_function("bit-parallel-without-bound", |b| {
            b.iter(|| {
                let f = scorer.best_single_change_with(black_box(&set), false).unwrap();
                assert_eq!((f.clubs, f.expected), (want.clubs, want.expected));
            })
        });
        // The text's baseline: the Tübingen active list with early stop,
        // every variant evaluated completely.
        let wanted = want.expected.map(|e| e.numer() * (t.denominator() / e.denom()));
        g.bench_function("active-list-without-bound", |b| {
            b.iter(|| {
                let mut best = al.numerator(&set, &t, true).unwrap_or(u64::MAX);
                for i in 0..clubs.len() {
                    for len in 1..=350 {
                        let mut v = clubs.to_vec();
                        v[i] = len;
                        v.sort_unstable();
                        v.dedup();
                        let s = ClubSet::new(&v, &rules).unwrap();
                        if let Some(x) = al.numerator(&s, &t, true) {
                            best = best.min(x);
                        }
                    }
                }
                assert_eq!(Some(best), wanted);
            })
        });
        g.finish();
    }
}

criterion_group! {
    name = golf;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    targets = tables, expected, best_change
}
criterion_main!(golf);
