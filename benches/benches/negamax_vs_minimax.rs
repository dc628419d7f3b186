//! spielbaum-negamax against the `minimax` crate (0.6) on the same game,
//! evaluator and depth, side by side in one run.
//!
//! Like for like (the same techniques on both sides):
//! - fixed-depth alpha-beta: our `AlphaBeta` (generation order, no table)
//!   against `minimax::Negamax` (alpha-beta; it shuffles its root moves);
//! - iterative deepening with a 1 MiB table: our `Iterative` restricted to
//!   minimax's techniques (table move first, null-window search; no static
//!   ordering, killers or history) against `minimax::IterativeSearch` (its
//!   defaults: null-window search, two-tier table).
//!
//! Our best against theirs: our `Pvs` with the text's static ordering
//! against `minimax::Negamax`, and our default `Iterative`
//! (`Config::default()`: table growing by need, killers, static ordering
//! from 3 plies left and enhanced transposition cut-offs, both switched by
//! what they yield) against `IterativeSearch`; and, to show what the
//! default's parts contribute, the earlier default (`Config::ordered`:
//! static ordering from 2 plies left, killers, history), minimax's
//! techniques plus enhanced transposition cut-offs (`Config::etc`, which
//! minimax 0.6 does not have), and the default with a table of fixed size
//! (`table_growth` off).
//!
//! Both sides build their engine (and its table) per search: minimax
//! allocates and fills its whole table; ours (except the like-for-like and
//! fixed-table rows) starts with 64 KiB and grows between iterations by
//! what the next one is expected to store (`Config::table_growth`). The
//! adapter asks the game for its outcome only when there are no moves (the
//! `Game` contract, as our engine does), and counts minimax's nodes
//! (positions entered through `apply`, plus the root) only in separate,
//! untimed runs.
//!
//! Small workloads (100–300 µs a search, tables of at most 1 MiB on both
//! sides): the synthetic random tree (branching 10) and DAG (branching 8,
//! many transpositions) with `RandomTreeEval`, and Tic-tac-toe with
//! `LineCount`. Searches of realistic size (tables of at most 16 MiB on
//! both sides, fewer paired runs, no criterion groups): Connect Four 7×6
//! from the empty board with `OpenLines`, Gomoku 7×7 five in a row (the
//! text's game: black on d4, every empty cell a move) with the pattern
//! evaluator clamped to minimax's `i16` (`Fit16`), and nine men's Mühle
//! from the empty board with `MillEval` (its move-ordering hook is ours
//! alone: minimax has none). Each runs through the same generic adapter
//! on our position types (minimax's own Connect Four example is a
//! different board and evaluator, so it would not search the same tree).
//!
//! Before timing the bench asserts that every variant of both engines
//! returns the same root value, then prints node counts (minimax's as the
//! mean over runs, its `Negamax` root order being random) and an
//! interleaved same-run time ratio (median of the paired runs). Every timed
//! run asserts its root value (and, for our deterministic engine, its
//! nodes).
//!
//! ```text
//! cargo bench -p spielbaum-benches --bench negamax_vs_minimax -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use spielbaum_benches::negamax_peer::{
    Fit16, like_minimax_id, ours, theirs_ab, theirs_id, theirs_id_mib,
};
use spielbaum_game_trait::{Evaluator, Game, Notation};
use spielbaum_gomoku::{Gomoku, Pattern, Rules};
use spielbaum_muehle::{MillEval, Position};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Algorithm, Config};
use spielbaum_small_games::{Connect4, LineCount, OpenLines, TicTacToe};

/// Interleaved runs per comparison in the summary (small workloads).
const PAIRS: usize = 41;

/// Interleaved runs per comparison on the workloads of realistic size.
const BIG_PAIRS: usize = 5;

/// Table size (MiB, both engines) on the workloads of realistic size.
const BIG_TABLE_MIB: usize = 16;

/// Same-run timing of `a` (ours) and `b` (minimax), `n` runs each,
/// interleaved: the median time of each and the median of the per-pair
/// ratios `b / a` (the machine is shared and noisy; a pair sees the same
/// load, and the median ignores spikes; minimax's `Negamax` shuffles its
/// root moves, so a best-of would pick its luckiest order).
fn paired(n: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (Duration, Duration, f64) {
    let mut ta = Vec::with_capacity(n);
    let mut tb = Vec::with_capacity(n);
    let mut ratios = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        a();
        let x = t.elapsed();
        let t = Instant::now();
        b();
        let y = t.elapsed();
        ta.push(x);
        tb.push(y);
        ratios.push(y.as_secs_f64() / x.as_secs_f64());
    }
    ta.sort();
    tb.sort();
    ratios.sort_by(f64::total_cmp);
    (ta[n / 2], tb[n / 2], ratios[n / 2])
}

/// Mean node count of minimax over `n` counting runs (its root order is
/// random).
fn mean_nodes(n: u64, mut f: impl FnMut() -> (i32, u64), value: i32) -> u64 {
    (0..n)
        .map(|_| {
            let (v, nodes) = f();
            assert_eq!(v, value, "minimax's value changed between runs");
            nodes
        })
        .sum::<u64>()
        / n
}

fn compare<G, E>(c: &mut Criterion, name: &str, g: &G, eval: E, depth: u32)
where
    G: Game,
    G::Move: Eq,
    E: Evaluator<G> + Copy,
{
    let d8 = depth as u8;
    let ab = Config::plain(Algorithm::AlphaBeta);
    let pvs = Config::plain(Algorithm::Pvs);
    let id_like = like_minimax_id();
    let id = Config { table_mib: 1, ..Config::default() };
    let id_etc = Config { etc: true, ..like_minimax_id() };
    let id_ordered = Config { table_mib: 1, ..Config::ordered() };
    let id_fixed = Config { table_growth: false, ..id.clone() };
    let (v_ab, n_ab) = ours(g, eval, &ab, depth);
    let (v_pvs, n_pvs) = ours(g, eval, &pvs, depth);
    let (v_idl, n_idl) = ours(g, eval, &id_like, depth);
    let (v_id, n_id) = ours(g, eval, &id, depth);
    let (v_etc, n_etc) = ours(g, eval, &id_etc, depth);
    let (v_ord, n_ord) = ours(g, eval, &id_ordered, depth);
    let (v_fixed, n_fixed) = ours(g, eval, &id_fixed, depth);
    let (m_ab, _) = theirs_ab::<true, _, _>(g, eval, d8);
    let (m_id, _) = theirs_id::<true, _, _>(g, eval, d8);
    assert_eq!(v_ab, m_ab, "{name}: alpha-beta values differ");
    for (v, what) in [
        (v_pvs, "pvs"),
        (v_idl, "iterative like minimax"),
        (v_id, "iterative"),
        (v_etc, "iterative+etc"),
        (v_ord, "iterative, earlier default"),
        (v_fixed, "iterative, default, fixed table"),
    ] {
        assert_eq!(v, m_ab, "{name}: {what} value differs");
    }
    assert_eq!(m_id, m_ab, "{name}: minimax's iterative value differs");
    let mn_ab = mean_nodes(20, || theirs_ab::<true, _, _>(g, eval, d8), v_ab);
    let mn_id = mean_nodes(5, || theirs_id::<true, _, _>(g, eval, d8), v_ab);

    // Interleaved same-run timing for the summary (see `paired`); the
    // criterion groups below time the same calls again.
    let check = |r: (i32, u64), n: u64| assert_eq!(r, (v_ab, n));
    let line = |what: &str, ours_nodes: u64, theirs_nodes: u64, t: (Duration, Duration, f64)| {
        eprintln!(
            "   {what:<52} nodes ours {ours_nodes} / minimax {theirs_nodes} = {:.2}; median µs ours {:.0}, minimax {:.0}; median of minimax / ours = {:.2}",
            ours_nodes as f64 / theirs_nodes as f64,
            t.0.as_secs_f64() * 1e6,
            t.1.as_secs_f64() * 1e6,
            t.2
        )
    };
    eprintln!("== {name}, depth {depth}, root value {v_ab} (both engines, every variant)");
    let t = paired(
        PAIRS,
        || check(ours(g, eval, &ab, depth), n_ab),
        || assert_eq!(theirs_ab::<false, _, _>(g, eval, d8).0, v_ab),
    );
    line("alpha-beta, generation order vs Negamax", n_ab, mn_ab, t);
    let t = paired(
        PAIRS,
        || check(ours(g, eval, &pvs, depth), n_pvs),
        || assert_eq!(theirs_ab::<false, _, _>(g, eval, d8).0, v_ab),
    );
    line("our PVS + static ordering vs Negamax", n_pvs, mn_ab, t);
    let t = paired(
        PAIRS,
        || check(ours(g, eval, &id_like, depth), n_idl),
        || assert_eq!(theirs_id::<false, _, _>(g, eval, d8).0, v_ab),
    );
    line("ID + table, minimax's techniques vs IterativeSearch", n_idl, mn_id, t);
    let t = paired(
        PAIRS,
        || check(ours(g, eval, &id, depth), n_id),
        || assert_eq!(theirs_id::<false, _, _>(g, eval, d8).0, v_ab),
    );
    line("ID + table, our default vs IterativeSearch", n_id, mn_id, t);
    let t = paired(
        PAIRS,
        || check(ours(g, eval, &id_etc, depth), n_etc),
        || assert_eq!(theirs_id::<false, _, _>(g, eval, d8).0, v_ab),
    );
    line("ID + table + ETC (no ordering) vs IterativeSearch", n_etc, mn_id, t);
    let t = paired(
        PAIRS,
        || check(ours(g, eval, &id_ordered, depth), n_ord),
        || assert_eq!(theirs_id::<false, _, _>(g, eval, d8).0, v_ab),
    );
    line("ID + table, earlier default (ordered) vs IterativeSearch", n_ord, mn_id, t);
    let t = paired(
        PAIRS,
        || check(ours(g, eval, &id_fixed, depth), n_fixed),
        || assert_eq!(theirs_id::<false, _, _>(g, eval, d8).0, v_ab),
    );
    line("ID + fixed table, our default vs IterativeSearch", n_fixed, mn_id, t);

    for (what, config) in [
        ("ID + table, default without adaptive switches", Config { adaptive: false, ..id.clone() }),
        ("ID + table, default + history", Config { history: true, ..id.clone() }),
    ] {
        let (v, n) = ours(g, eval, &config, depth);
        assert_eq!(v, v_ab, "{name}: {what} value differs");
        let t = paired(
            PAIRS,
            || check(ours(g, eval, &config, depth), n),
            || assert_eq!(theirs_id::<false, _, _>(g, eval, d8).0, v_ab),
        );
        line(what, n, mn_id, t);
    }

    let mut group = c.benchmark_group(format!("negamax_vs_minimax/{name}/depth{depth}"));
    group.bench_function("ours-alphabeta", |b| {
        b.iter(|| check(ours(black_box(g), eval, &ab, depth), n_ab))
    });
    group.bench_function("minimax-negamax", |b| {
        b.iter(|| assert_eq!(theirs_ab::<false, _, _>(black_box(g), eval, d8).0, v_ab))
    });
    group.bench_function("ours-pvs-ordered", |b| {
        b.iter(|| check(ours(black_box(g), eval, &pvs, depth), n_pvs))
    });
    group.bench_function("ours-iterative-table-like-minimax", |b| {
        b.iter(|| check(ours(black_box(g), eval, &id_like, depth), n_idl))
    });
    group.bench_function("ours-iterative-table-default", |b| {
        b.iter(|| check(ours(black_box(g), eval, &id, depth), n_id))
    });
    group.bench_function("ours-iterative-table-etc", |b| {
        b.iter(|| check(ours(black_box(g), eval, &id_etc, depth), n_etc))
    });
    group.bench_function("ours-iterative-table-ordered", |b| {
        b.iter(|| check(ours(black_box(g), eval, &id_ordered, depth), n_ord))
    });
    group.bench_function("ours-iterative-fixed-table-default", |b| {
        b.iter(|| check(ours(black_box(g), eval, &id_fixed, depth), n_fixed))
    });
    group.bench_function("minimax-iterative-table", |b| {
        b.iter(|| assert_eq!(theirs_id::<false, _, _>(black_box(g), eval, d8).0, v_ab))
    });
    group.finish();
}

/// A search of realistic size: our default, the earlier default, the
/// default without full ordering and minimax's techniques against
/// `IterativeSearch`, both with tables of
/// [`BIG_TABLE_MIB`], [`BIG_PAIRS`] paired runs (no criterion group: a
/// search takes up to seconds).
fn compare_big<G, E>(name: &str, g: &G, eval: E, depth: u32)
where
    G: Game,
    G::Move: Eq,
    E: Evaluator<G> + Copy,
{
    let d8 = depth as u8;
    let mib = BIG_TABLE_MIB;
    let rows = [
        (
            "ID + table, our default vs IterativeSearch",
            Config { table_mib: mib, ..Config::default() },
        ),
        (
            "ID + table, earlier default (ordered) vs IterativeSearch",
            Config { table_mib: mib, ..Config::ordered() },
        ),
        (
            "ID + table, minimax's techniques vs IterativeSearch",
            Config { table_mib: mib, ..like_minimax_id() },
        ),
        (
            "ID + table, default without full ordering",
            Config { table_mib: mib, full_order_nodes: None, ..Config::default() },
        ),
        (
            "ID + table, default without adaptive switches",
            Config { table_mib: mib, adaptive: false, ..Config::default() },
        ),
        (
            "ID + table, default + history",
            Config { table_mib: mib, history: true, ..Config::default() },
        ),
    ];
    let (m_id, mn_id) = theirs_id_mib::<true, _, _>(g, eval, d8, mib);
    let ours_runs: Vec<(i32, u64)> = rows.iter().map(|(_, c)| ours(g, eval, c, depth)).collect();
    for ((what, _), (v, _)) in rows.iter().zip(&ours_runs) {
        assert_eq!(*v, m_id, "{name}: {what}: root values differ");
    }
    eprintln!("== {name}, depth {depth}, root value {m_id} (both engines, every variant)");
    for ((what, config), &(v, n)) in rows.iter().zip(&ours_runs) {
        let t = paired(
            BIG_PAIRS,
            || assert_eq!(ours(g, eval, config, depth), (v, n)),
            || assert_eq!(theirs_id_mib::<false, _, _>(g, eval, d8, mib).0, v),
        );
        eprintln!(
            "   {what:<58} nodes ours {n} / minimax {mn_id} = {:.2}; median ms ours {:.1}, minimax {:.1}; median of minimax / ours = {:.2}",
            n as f64 / mn_id as f64,
            t.0.as_secs_f64() * 1e3,
            t.1.as_secs_f64() * 1e3,
            t.2
        );
    }
}

fn benches(c: &mut Criterion) {
    compare(c, "synthetic-b10", &RandomTree::new(2026, 10, 64), RandomTreeEval, 6);
    let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
    compare(c, "synthetic-dag-b8", &dag, RandomTreeEval, 7);
    compare(c, "tictactoe", &TicTacToe::new(), LineCount, 7);
    // Realistic sizes (`NEGAMAX_BIG=0` skips them).
    if std::env::var("NEGAMAX_BIG").as_deref() != Ok("0") {
        compare_big("connect4-7x6", &Connect4::standard(), OpenLines, C4_DEPTH);
        let rules = Rules::mnk(7, 7, 5).expect("7×7 rules");
        let gomoku = Gomoku::new(rules);
        let gomoku = gomoku.after(gomoku.parse_move("d4").expect("d4"));
        compare_big("gomoku-7x7-from-d4", &gomoku, Fit16(Pattern::new(5, false)), GOMOKU_DEPTH);
        compare_big("muehle-nine", &Position::nine(), MillEval, MUEHLE_DEPTH);
    }
}

/// Depths of the searches of realistic size (one search 0.2–2 s).
const C4_DEPTH: u32 = 12;
/// See [`C4_DEPTH`].
const GOMOKU_DEPTH: u32 = 5;
/// See [`C4_DEPTH`].
const MUEHLE_DEPTH: u32 = 7;

criterion_group! {
    name = negamax_vs_minimax;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(negamax_vs_minimax);
