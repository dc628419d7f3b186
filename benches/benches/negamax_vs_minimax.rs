//! spielbaum-negamax against the `minimax` crate (0.6) on the same game,
//! evaluator and depth, side by side in one run:
//!
//! - fixed-depth alpha-beta: our `AlphaBeta` (and `Pvs` with ordering)
//!   against `minimax::Negamax` (alpha-beta, generation order);
//! - iterative deepening with a 1 MiB table (both sides; both allocate and touch it per search): our default configuration
//!   against `minimax::IterativeSearch` (its defaults: null-window search,
//!   two-tier table).
//!
//! Games: the synthetic random tree (branching 10) and DAG (branching 8,
//! many transpositions), evaluator `RandomTreeEval`, and Tic-tac-toe
//! (`LineCount`, fixed depth only). Before timing, the bench
//! checks that both engines return the same root value, and prints node
//! counts (minimax's counted as positions entered through `apply`, plus the
//! root) and an interleaved same-run time ratio. Every timed run asserts its
//! root value.
//!
//! ```text
//! cargo bench -p spielbaum-benches --bench negamax_vs_minimax -- --warm-up-time 1 --measurement-time 3
//! ```

use std::cell::Cell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use minimax::{IterativeOptions, IterativeSearch, Negamax, Strategy, Winner};
use spielbaum_game_trait::{EVAL_MAX, Evaluator, Game, MoveList, Outcome, Score};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};
use spielbaum_small_games::{LineCount, TicTacToe};

thread_local! {
    static APPLIED: Cell<u64> = const { Cell::new(0) };
}

/// minimax's view of any spielbaum game (marker type per game).
struct Adapter<G>(std::marker::PhantomData<G>);

fn winner<G: Game>(g: &G) -> Option<Winner> {
    g.outcome().map(|o| match o {
        Outcome::Win(p) if p == g.to_move() => Winner::PlayerToMove,
        Outcome::Win(_) => Winner::PlayerJustMoved,
        _ => Winner::Draw,
    })
}

impl<G: Game> minimax::Game for Adapter<G> {
    type S = G;
    type M = G::Move;

    fn generate_moves(s: &G, moves: &mut Vec<G::Move>) -> Option<Winner> {
        let mut list = MoveList::new();
        s.moves(&mut list);
        moves.extend_from_slice(&list);
        winner(s)
    }

    fn apply(s: &mut G, m: G::Move) -> Option<G> {
        APPLIED.with(|c| c.set(c.get() + 1));
        Some(s.after(m))
    }

    fn get_winner(s: &G) -> Option<Winner> {
        winner(s)
    }

    fn zobrist_hash(s: &G) -> u64 {
        s.key()
    }
}

/// minimax's evaluator from a spielbaum evaluator (values fit in i16 here).
struct Eval<G, E>(E, std::marker::PhantomData<G>);

impl<G: Game, E: Evaluator<G>> minimax::Evaluator for Eval<G, E> {
    type G = Adapter<G>;
    fn evaluate(&self, s: &G) -> minimax::Evaluation {
        let v = self.0.evaluate(s);
        assert!(v.abs() < i32::from(i16::MAX) - 1, "evaluation {v} does not fit minimax's i16");
        v as i16
    }
}

/// Our score in minimax's terms (wins and losses at ±BEST_EVAL).
fn as_minimax(s: Score) -> i32 {
    if s > EVAL_MAX {
        i32::from(minimax::BEST_EVAL)
    } else if s < -EVAL_MAX {
        i32::from(minimax::WORST_EVAL)
    } else {
        s
    }
}

fn ours<G: Game, E: Evaluator<G>>(g: &G, eval: E, config: Config, depth: u32) -> (i32, u64) {
    let r = Searcher::new(eval, config).search(g, &Limits::depth(depth));
    (as_minimax(r.score), r.counters.nodes)
}

fn theirs_ab<G: Game, E: Evaluator<G>>(g: &G, eval: E, depth: u8) -> (i32, u64) {
    APPLIED.with(|c| c.set(0));
    let mut s = Negamax::new(Eval(eval, std::marker::PhantomData), depth);
    s.choose_move(g).expect("a move");
    (i32::from(s.root_value()), APPLIED.with(Cell::get) + 1)
}

fn theirs_id<G: Game + Clone, E: Evaluator<G>>(g: &G, eval: E, depth: u8) -> (i32, u64)
where
    G::Move: Eq,
{
    APPLIED.with(|c| c.set(0));
    let opts = IterativeOptions::new().with_table_byte_size(1 << 20);
    let mut s = IterativeSearch::new(Eval(eval, std::marker::PhantomData), opts);
    s.set_max_depth(depth);
    s.choose_move(g).expect("a move");
    (i32::from(s.root_value()), APPLIED.with(Cell::get) + 1)
}

/// Best-of-`n` wall time of `f`, interleaving is done by the caller.
fn best_of(n: usize, mut f: impl FnMut()) -> Duration {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn compare<G, E>(c: &mut Criterion, name: &str, g: &G, eval: E, depth: u32, with_id: bool)
where
    G: Game,
    G::Move: Eq,
    E: Evaluator<G> + Copy,
{
    let d8 = depth as u8;
    let ab = Config::plain(Algorithm::AlphaBeta);
    let pvs = Config::plain(Algorithm::Pvs);
    let id = Config { table_mib: 1, ..Config::default() };
    let (v_ab, n_ab) = ours(g, eval, ab.clone(), depth);
    let (v_pvs, n_pvs) = ours(g, eval, pvs.clone(), depth);
    let (v_id, n_id) = ours(g, eval, id.clone(), depth);
    let (m_ab, mn_ab) = theirs_ab(g, eval, d8);
    assert_eq!(v_ab, m_ab, "{name}: alpha-beta values differ");
    assert_eq!(v_pvs, m_ab, "{name}: pvs value differs");
    assert_eq!(v_ab, v_id);

    // Interleaved same-run timing (best of 5) for the summary.
    let t_ab = best_of(5, || assert_eq!(ours(g, eval, ab.clone(), depth).0, v_ab));
    let t_mab = best_of(5, || assert_eq!(theirs_ab(g, eval, d8).0, v_ab));
    let t_pvs = best_of(5, || assert_eq!(ours(g, eval, pvs.clone(), depth).0, v_ab));
    let r = |a: Duration, b: Duration| b.as_secs_f64() / a.as_secs_f64();
    eprintln!("== {name}, depth {depth}, root value {v_ab}");
    eprintln!(
        "   fixed-depth alpha-beta: nodes ours {n_ab} / minimax {mn_ab} (ratio {:.2}); minimax time / ours = {:.2}",
        n_ab as f64 / mn_ab as f64,
        r(t_ab, t_mab)
    );
    eprintln!(
        "   ours pvs+ordering:      nodes {n_pvs} (ratio to minimax alpha-beta {:.3}); minimax alpha-beta time / ours = {:.2}",
        n_pvs as f64 / mn_ab as f64,
        r(t_pvs, t_mab)
    );
    if with_id {
        let (m_id, mn_id) = theirs_id(g, eval, d8);
        assert_eq!(v_id, m_id, "{name}: iterative values differ");
        let t_id = best_of(5, || assert_eq!(ours(g, eval, id.clone(), depth).0, v_ab));
        let t_mid = best_of(5, || assert_eq!(theirs_id(g, eval, d8).0, v_ab));
        eprintln!(
            "   iterative + table:      nodes ours {n_id} / minimax {mn_id} (ratio {:.2}); minimax time / ours = {:.2}",
            n_id as f64 / mn_id as f64,
            r(t_id, t_mid)
        );
    }

    let mut group = c.benchmark_group(format!("negamax_vs_minimax/{name}/depth{depth}"));
    group.bench_function("ours-alphabeta", |b| {
        b.iter(|| assert_eq!(ours(black_box(g), eval, ab.clone(), depth).0, v_ab))
    });
    group.bench_function("minimax-negamax", |b| {
        b.iter(|| assert_eq!(theirs_ab(black_box(g), eval, d8).0, v_ab))
    });
    group.bench_function("ours-pvs-ordered", |b| {
        b.iter(|| assert_eq!(ours(black_box(g), eval, pvs.clone(), depth).0, v_ab))
    });
    if with_id {
        group.bench_function("ours-iterative-table", |b| {
            b.iter(|| assert_eq!(ours(black_box(g), eval, id.clone(), depth).0, v_ab))
        });
        group.bench_function("minimax-iterative-table", |b| {
            b.iter(|| assert_eq!(theirs_id(black_box(g), eval, d8).0, v_ab))
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    compare(c, "synthetic-b10", &RandomTree::new(2026, 10, 64), RandomTreeEval, 6, true);
    let dag = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
    compare(c, "synthetic-dag-b8", &dag, RandomTreeEval, 7, true);
    // minimax 0.6's IterativeSearch panics on Tic-tac-toe (its PV walk
    // unwraps the missing best move of a finished position,
    // strategies/table.rs:127), so only fixed depth here.
    compare(c, "tictactoe", &TicTacToe::new(), LineCount, 7, false);
}

criterion_group! {
    name = negamax_vs_minimax;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(negamax_vs_minimax);
