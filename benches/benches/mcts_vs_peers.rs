//! spielbaum-mcts against the `mcts` crate (0.3) and the MCTS of the
//! `minimax` crate (0.6): iterations (playouts) per second on the same game
//! with the same uniformly random playout, one and two threads, side by
//! side in one run.
//!
//! - ours: UCT, MCTS-Solver off (so every iteration samples), uniform
//!   playouts with `SplitMix64`, root parallelism for 2 threads; searched
//!   as a tree (`graph(false)`), like both peers, so the ratios compare
//!   tree against tree;
//! - ours with the game's random-move playout (`FastUniform`, the same
//!   tree search): the same uniform distribution of playout moves, drawn
//!   by the game's `RandomMove` (one set bit of its legal-move mask) instead
//!   of a move list each ply; neither peer's API offers a playout without
//!   the move list, so the ratios are printed for both of our rows;
//! - ours as a graph (the engine's default, Monte Carlo graph search):
//!   printed beside the others, not part of the ratios;
//! - `mcts` 0.3: `UCTPolicy`, no transposition table; its evaluator runs
//!   the same uniform playout (`SplitMix64`, thread-local) from every new
//!   or revisited leaf, starting from the move list `mcts` 0.3 passes in
//!   for a new leaf (as ours reuses the leaf's list); move lists are our
//!   inline `MoveList`; tree parallelism (`playout_n_parallel`);
//! - `minimax` 0.6: `MonteCarloTreeSearch` with a rollout policy identical
//!   to its default one (uniform `choose` over the legal moves, its own
//!   `SmallRng`) that also counts rollouts; the adapter asks for the
//!   outcome only when the move list is empty (as ours does); tree
//!   parallelism.
//!
//! Games: Tic-tac-toe from the empty board, the subtraction game 3, 5, 11
//! from n = 200, Connect Four 7×6 and Gomoku 7×7 (five in a row) from the
//! empty board (40 and 20 interleaved rounds: an iteration there costs
//! about 2.6 and 25 times the instructions of one on Tic-tac-toe). Mühle is not in this bench: its draw by repetition
//! needs the game's history, which neither peer keeps, so they would
//! search another game than ours. Each timed run
//! asserts its iteration count (minimax: rollouts counted by the policy,
//! at most the iterations, as searches hitting a finished position in the
//! tree do not roll out).
//!
//! First an interleaved summary (100 rounds; 40 for Connect Four, 20 for
//! Gomoku) with same-run ratios is
//! printed — best wall time, and iterations per CPU-second (per-thread
//! throughput, robust to other processes on a shared machine) — then
//! criterion measures each configuration.
//!
//! ```text
//! cargo bench -p spielbaum-benches --bench mcts_vs_peers -- --warm-up-time 1 --measurement-time 3
//! cargo bench -p spielbaum-benches --bench mcts_vs_peers -- zzz   # the summary only
//! ```
//!
//! For profilers, `MCTS_PEERS_PROFILE="<engine> <game> <threads>
//! <searches>"` runs only those searches (see [`profile`]); the
//! instructions per iteration in docs/mcts.md come from callgrind runs of
//! 1 and 3 searches.

use std::cell::Cell;
use std::hint::black_box;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group};
use mcts::tree_policy::UCTPolicy;
use mcts::{GameState, MCTS, MCTSManager, SearchHandle};
use minimax::{MCTSOptions, MonteCarloTreeSearch, RolloutPolicy, Strategy, Winner};
use rand::prelude::IndexedRandom;
use spielbaum_benches::minimax_peer::Adapter;
use spielbaum_game_trait::{Game, MoveList, Outcome, Player, RandomMove, SplitMix64};
use spielbaum_gomoku::{Gomoku, Rules};
use spielbaum_mcts::{Budget, Config, FastUniform, Mcts, Playout};
use spielbaum_nim_variant::SubtractionGame;
use spielbaum_small_games::{Connect4, TicTacToe};

/// Iterations per timed search.
const ITERATIONS: u64 = 20_000;

/// A game as all three engines need it (and our list-free playout).
trait BenchGame: RandomMove + Send + Sync + 'static
where
    Self::Move: Send + Sync,
{
}
impl<G: RandomMove + Send + Sync + 'static> BenchGame for G where G::Move: Send + Sync {}

/// The one random playout: uniform moves with SplitMix64 until the end.
fn playout<G: Game>(start: &G, rng: &mut SplitMix64) -> Outcome {
    let mut moves = MoveList::new();
    start.moves(&mut moves);
    playout_from(start, &moves, rng)
}

/// [`playout`] from `start` whose legal moves `first` the caller already
/// generated (as our engine and `mcts` 0.3 both have at a new leaf): one
/// move generation per ply, `outcome` only at the end.
fn playout_from<G: Game>(start: &G, first: &[G::Move], rng: &mut SplitMix64) -> Outcome {
    if first.is_empty() {
        return start.outcome().unwrap_or(Outcome::Draw);
    }
    let mut pos = start.clone();
    pos.play(first[rng.below(first.len())]);
    let mut moves = MoveList::new();
    loop {
        moves.clear();
        pos.moves(&mut moves);
        if moves.is_empty() {
            return pos.outcome().unwrap_or(Outcome::Draw);
        }
        pos.play(moves[rng.below(moves.len())]);
    }
}

// ---------------------------------------------------------------- ours

fn ours<G: BenchGame>(g: &G, threads: usize) -> u64
where
    G::Move: Send + Sync,
{
    ours_with(g, Config::seeded(1).solver(false).threads(threads).graph(false))
}

fn ours_graph<G: BenchGame>(g: &G, threads: usize) -> u64
where
    G::Move: Send + Sync,
{
    ours_with(g, Config::seeded(1).solver(false).threads(threads).graph(true))
}

/// Ours as a tree with the game's random-move playout ([`FastUniform`]).
fn ours_fast<G: BenchGame>(g: &G, threads: usize) -> u64
where
    G::Move: Send + Sync,
{
    let config = Config::seeded(1).solver(false).threads(threads).graph(false);
    run_ours(Mcts::new(g.clone(), config).with_playout(FastUniform))
}

fn ours_with<G: BenchGame>(g: &G, config: Config) -> u64
where
    G::Move: Send + Sync,
{
    run_ours(Mcts::new(g.clone(), config))
}

fn run_ours<G: BenchGame, P: Playout<G> + Clone + Send>(mut m: Mcts<G, P>) -> u64
where
    G::Move: Send + Sync,
{
    let a = m.search(Budget::iterations(ITERATIONS));
    assert_eq!(a.iterations, ITERATIONS);
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), ITERATIONS);
    a.iterations
}

// ------------------------------------------------------------ mcts 0.3

#[derive(Clone)]
struct State03<G>(G);

impl<G: BenchGame> GameState for State03<G>
where
    G::Move: Send + Sync,
{
    type Move = G::Move;
    type Player = Player;
    type MoveList = MoveList<G::Move>;

    fn current_player(&self) -> Player {
        self.0.to_move()
    }
    fn available_moves(&self) -> MoveList<G::Move> {
        let mut m = MoveList::new();
        self.0.moves(&mut m);
        m
    }
    fn make_move(&mut self, mv: &G::Move) {
        self.0.play(*mv);
    }
}

thread_local! {
    static RNG03: Cell<u64> = const { Cell::new(1) };
}

/// A playout with the thread's SplitMix64 (state kept in a `Cell`), from
/// `g` whose moves are `first` when `mcts` 0.3 already generated them.
fn playout03<G: Game>(g: &G, first: Option<&[G::Move]>) -> Outcome {
    RNG03.with(|s| {
        let mut rng = SplitMix64::new(s.get());
        let o = match first {
            Some(moves) => playout_from(g, moves, &mut rng),
            None => playout(g, &mut rng),
        };
        s.set(rng.next_u64());
        o
    })
}

struct Eval03<G>(PhantomData<G>);

#[derive(Default)]
struct Spec03<G>(PhantomData<G>);

impl<G: BenchGame> mcts::Evaluator<Spec03<G>> for Eval03<G>
where
    G::Move: Send + Sync,
{
    type StateEvaluation = Outcome;

    fn evaluate_new_state(
        &self,
        state: &State03<G>,
        moves: &MoveList<G::Move>,
        _: Option<SearchHandle<'_, Spec03<G>>>,
    ) -> (Vec<()>, Outcome) {
        (vec![(); moves.len()], playout03(&state.0, Some(moves)))
    }
    fn evaluate_existing_state(
        &self,
        state: &State03<G>,
        _: &Outcome,
        _: SearchHandle<'_, Spec03<G>>,
    ) -> Outcome {
        playout03(&state.0, None)
    }
    fn interpret_evaluation_for_player(&self, o: &Outcome, player: &Player) -> i64 {
        i64::from(o.relative_to(*player))
    }
}

impl<G: BenchGame> MCTS for Spec03<G>
where
    G::Move: Send + Sync,
{
    type State = State03<G>;
    type Eval = Eval03<G>;
    type NodeData = ();
    type ExtraThreadData = ();
    type TreePolicy = UCTPolicy;
    type TranspositionTable = ();
}

fn theirs03<G: BenchGame>(g: &G, threads: usize) -> u64
where
    G::Move: Send + Sync,
{
    // Their UCT value is mean' + c * 2 * sqrt(ln N / n) with rewards in
    // [-1, 1] (mean' = 2 mean - 1): twice ours (mean + C * sqrt(ln N / n),
    // rewards in [0, 1]) up to a constant when c = C = sqrt 2.
    let policy = UCTPolicy::new(std::f64::consts::SQRT_2);
    let mut m =
        MCTSManager::new(State03(g.clone()), Spec03(PhantomData), Eval03(PhantomData), policy, ());
    if threads == 1 {
        m.playout_n(ITERATIONS);
    } else {
        m.playout_n_parallel(ITERATIONS as u32, threads);
    }
    let visits: u64 = m.tree().root_node().moves().map(|mi| mi.visits()).sum();
    // Parallel workers may overshoot by a playout or so each.
    assert!(
        (ITERATIONS..=ITERATIONS + 2 * threads as u64).contains(&visits),
        "mcts 0.3: {visits} root visits"
    );
    visits
}

// --------------------------------------------------------- minimax 0.6

static ROLLOUTS: AtomicU64 = AtomicU64::new(0);

/// minimax's default rollout policy (uniform `choose`), counting rollouts.
struct Counting<G>(PhantomData<G>);

impl<G: Game> RolloutPolicy for Counting<G> {
    type G = Adapter<G>;
    fn random_move(
        &self,
        state: &mut G,
        moves: &mut Vec<G::Move>,
        rng: &mut rand::rngs::SmallRng,
    ) -> Result<G::Move, Winner> {
        if let Some(w) = <Adapter<G> as minimax::Game>::generate_moves(state, moves) {
            ROLLOUTS.fetch_add(1, Ordering::Relaxed);
            return Err(w);
        }
        Ok(*moves.choose(rng).expect("a legal move"))
    }
}

fn theirs_minimax<G: BenchGame>(g: &G, threads: usize) -> u64
where
    G::Move: Send + Sync,
{
    ROLLOUTS.store(0, Ordering::Relaxed);
    let opts = MCTSOptions::default().with_num_threads(threads);
    let mut s = MonteCarloTreeSearch::<Adapter<G>>::new_with_policy(
        opts,
        Box::new(Counting::<G>(PhantomData)),
    );
    s.set_max_rollouts(ITERATIONS as u32);
    s.choose_move(g).expect("a move");
    let rollouts = ROLLOUTS.load(Ordering::Relaxed);
    // Its solver marks finished and proven positions in the tree; searches
    // that reach them do not roll out, so rollouts <= iterations.
    assert!(rollouts > 0 && rollouts <= ITERATIONS, "minimax: {rollouts} rollouts");
    rollouts
}

// ------------------------------------------------------------- harness

type Engine<G> = (&'static str, fn(&G, usize) -> u64);

/// Our tree search first, then the two peers, then our graph search, then
/// our tree search with the game's random-move playout.
fn engines<G: BenchGame>() -> [Engine<G>; 5]
where
    G::Move: Send + Sync,
{
    [
        ("spielbaum-mcts", ours::<G>),
        ("mcts 0.3", theirs03::<G>),
        ("minimax 0.6", theirs_minimax::<G>),
        ("ours as a graph", ours_graph::<G>),
        ("ours FastUniform", ours_fast::<G>),
    ]
}

/// The peers' indices in [`engines`].
const PEERS: std::ops::Range<usize> = 1..3;

/// Our tree searches compared with the peers: the list-based uniform
/// playout and the game's random-move playout.
const OURS: [(usize, &str); 2] = [(0, "ours"), (4, "FastUniform")];

/// CPU time of this process (user + system, all threads) from
/// `/proc/self/stat`, in seconds; `None` where that file does not exist.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0) // USER_HZ is 100 on Linux
}

/// Interleaved rounds of every engine and thread count: the best wall time
/// (iterations per second) and the iterations per CPU-second summed over
/// all rounds (per-thread throughput, which load from other processes on a
/// shared machine does not skew), with same-run ratios.
fn summary<G: BenchGame>(name: &str, g: &G, rounds: usize)
where
    G::Move: Send + Sync,
{
    let engines = engines::<G>();
    let mut best = [[Duration::MAX; 2]; 5];
    let mut cpu = [[0.0f64; 2]; 5];
    let mut playouts = [[0u64; 2]; 5];
    for _round in 0..rounds {
        for (e, (_, f)) in engines.iter().enumerate() {
            for (t, threads) in [1usize, 2].into_iter().enumerate() {
                let c = cpu_seconds();
                let start = Instant::now();
                playouts[e][t] = black_box(f(g, threads));
                best[e][t] = best[e][t].min(start.elapsed());
                if let (Some(a), Some(b)) = (c, cpu_seconds()) {
                    cpu[e][t] += b - a;
                }
            }
        }
    }
    let ips = |d: Duration| ITERATIONS as f64 / d.as_secs_f64();
    let per_cpu = |s: f64| (rounds as u64 * ITERATIONS) as f64 / s;
    println!(
        "\n{name}: {ITERATIONS} iterations per search, {rounds} interleaved rounds; \
         best wall time as iterations/s, and iterations per CPU-second"
    );
    for (e, (label, _)) in engines.iter().enumerate() {
        println!(
            "  {label:<16} 1 thread {:>10.0}/s {:>10.0}/cpu-s   2 threads {:>10.0}/s {:>10.0}/cpu-s   \
             wall scaling x{:.2}   playouts per search {} / {}",
            ips(best[e][0]),
            per_cpu(cpu[e][0]),
            ips(best[e][1]),
            per_cpu(cpu[e][1]),
            best[e][0].as_secs_f64() / best[e][1].as_secs_f64(),
            playouts[e][0],
            playouts[e][1],
        );
    }
    for (o, ours) in OURS {
        for e in PEERS {
            let label = engines[e].0;
            println!(
                "  {ours:>11} / {label:<12} wall: 1 thread x{:.2}, 2 threads x{:.2}   per CPU-second: 1 thread x{:.2}, 2 threads x{:.2}",
                best[e][0].as_secs_f64() / best[o][0].as_secs_f64(),
                best[e][1].as_secs_f64() / best[o][1].as_secs_f64(),
                cpu[e][0] / cpu[o][0],
                cpu[e][1] / cpu[o][1],
            );
        }
    }
}

fn group<G: BenchGame>(c: &mut Criterion, name: &str, g: &G)
where
    G::Move: Send + Sync,
{
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    for (label, f) in engines::<G>() {
        for threads in [1usize, 2] {
            group.bench_function(format!("{label}/{threads}t"), |b| {
                b.iter(|| black_box(f(g, threads)))
            });
        }
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let ttt = TicTacToe::new();
    // n = 200: long enough that no engine solves it within the budget
    // (from 22 minimax's solver proves the root almost at once and stops
    // rolling out).
    let sub = SubtractionGame::classic(200).expect("valid start");
    let c4 = Connect4::standard();
    let gomoku = gomoku_7x7();
    summary("tictactoe", &ttt, 100);
    summary("subtraction 3,5,11 from 200", &sub, 100);
    summary("connect four 7x6", &c4, 40);
    summary("gomoku 7x7", &gomoku, 20);
    group(c, "mcts tictactoe", &ttt);
    group(c, "mcts subtraction 200", &sub);
    group(c, "mcts connect four 7x6", &c4);
    group(c, "mcts gomoku 7x7", &gomoku);
}

/// Gomoku on 7×7, five in a row, from the empty board.
fn gomoku_7x7() -> Gomoku {
    Gomoku::new(Rules::mnk(7, 7, 5).expect("7×7 rules"))
}

/// Profiling mode: `MCTS_PEERS_PROFILE="<engine> <game> <threads> <searches>"`
/// (engine `ours`, `mcts03`, `minimax`, `graph` (ours searching a
/// graph) or `fast` (ours with [`FastUniform`]); game `ttt`, `sub`, `c4` or `gomoku`) runs only
/// that many searches of [`ITERATIONS`] and exits, for `valgrind
/// --tool=callgrind` or `perf stat` (instructions per iteration: the
/// difference between two search counts, divided by the iterations).
fn profile(spec: &str) {
    let f: Vec<&str> = spec.split_whitespace().collect();
    let [engine, game, threads, searches] = f[..] else {
        panic!(
            "MCTS_PEERS_PROFILE: expected \"<engine> <game> <threads> <searches>\", got {spec:?}"
        );
    };
    let threads: usize = threads.parse().expect("threads");
    let searches: u32 = searches.parse().expect("searches");
    // Several engines (comma-separated) run interleaved, one search each
    // per round; each one's wall time is summed.
    let chosen: Vec<usize> = engine
        .split(',')
        .map(|name| {
            ["ours", "mcts03", "minimax", "graph", "fast"]
                .iter()
                .position(|&n| n == name)
                .expect("engine: ours, mcts03, minimax, graph or fast")
        })
        .collect();
    fn run<G: BenchGame>(g: &G, chosen: &[usize], threads: usize, searches: u32) -> Vec<(u64, f64)>
    where
        G::Move: Send + Sync,
    {
        let engines = engines::<G>();
        let mut out = vec![(0, 0.0); chosen.len()];
        for _ in 0..searches {
            for (o, &e) in out.iter_mut().zip(chosen) {
                let start = Instant::now();
                o.0 += black_box(engines[e].1(g, threads));
                o.1 += start.elapsed().as_secs_f64();
            }
        }
        out
    }
    let out = match game {
        "ttt" => run(&TicTacToe::new(), &chosen, threads, searches),
        "sub" => {
            run(&SubtractionGame::classic(200).expect("valid start"), &chosen, threads, searches)
        }
        "c4" => run(&Connect4::standard(), &chosen, threads, searches),
        "gomoku" => run(&gomoku_7x7(), &chosen, threads, searches),
        _ => panic!("game: ttt, sub, c4 or gomoku"),
    };
    for (name, (playouts, secs)) in engine.split(',').zip(out) {
        println!(
            "{name} {game}: {searches} searches, {playouts} playouts, {:.1} ms per search",
            secs * 1e3 / f64::from(searches)
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    if let Ok(spec) = std::env::var("MCTS_PEERS_PROFILE") {
        profile(&spec);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
