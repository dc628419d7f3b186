//! The data behind docs/mcts.md: MCTS on the subtraction game 3, 5, 11
//! for every winning start n in LO..=100 (default 12), with the budget
//! given, seed 1; prints each start's root statistics and whether the
//! three acceptance conditions of docs/mcts.md hold (chosen move winning
//! by nim-variant's oracle, its p > 0.9, every losing move's p below it).
//!
//! ```text
//! cargo run --release -p spielbaum-mcts --example sweep -- ITERATIONS [solver]
//! ```
//! Environment: `C` (UCT constant, default sqrt 2), `CONT=1` (keep sampling
//! after the root is proven), `LO` (first start), `HI` (last start, default
//! 100), `GRAPH=1` (graph search), `SEED` (default 1).
use spielbaum_mcts::{Budget, Config, Mcts};
use spielbaum_nim_variant::{Oracle, SubtractionGame, Subtractions};

fn main() {
    let oracle = Oracle::new(&Subtractions::CLASSIC).expect("the classic set has a period");
    // The mover wins at n if some move produces a red number; a move wins
    // if it does.
    let rule_winning_move = |n: i64, d: u32| oracle.is_red(n - i64::from(d));
    let rule_wins = |n: i64| [3, 5, 11].iter().any(|&d| rule_winning_move(n, d));
    let sub = |n: i64| SubtractionGame::classic(n as u64).expect("a valid start");
    run(&rule_wins, &rule_winning_move, &sub);
}

fn run(
    rule_wins: &dyn Fn(i64) -> bool,
    rule_winning_move: &dyn Fn(i64, u32) -> bool,
    sub: &dyn Fn(i64) -> SubtractionGame,
) {
    let args: Vec<String> = std::env::args().collect();
    let iters: u64 = args.get(1).map_or(20000, |s| s.parse().unwrap());
    let solver = args.get(2).is_some_and(|s| s == "solver");
    let mut fails = 0;
    let t = std::time::Instant::now();
    let lo: i64 = std::env::var("LO").map_or(12, |s| s.parse().unwrap());
    let hi: i64 = std::env::var("HI").map_or(100, |s| s.parse().unwrap());
    let seed: u64 = std::env::var("SEED").map_or(1, |s| s.parse().unwrap());
    for n in lo..=hi {
        if !rule_wins(n) {
            continue;
        }
        let c: f64 = std::env::var("C").map_or(std::f64::consts::SQRT_2, |s| s.parse().unwrap());
        let mut m = Mcts::new(
            sub(n),
            Config::seeded(seed)
                .graph(std::env::var("GRAPH").is_ok())
                .solver(solver)
                .stop_when_proven(std::env::var("CONT").is_err())
                .selection(spielbaum_mcts::Selection::Uct { exploration: c }),
        );
        let a = m.search(Budget::iterations(iters));
        let best = a.best_move.unwrap();
        let ok = rule_winning_move(n, best);
        let p = a.get(best).unwrap().win_probability;
        let bad = a
            .moves
            .iter()
            .filter(|s| !rule_winning_move(n, s.mv))
            .map(|s| s.win_probability)
            .fold(0.0, f64::max);
        if !ok || p <= 0.9 || bad >= p {
            fails += 1;
        }
        println!(
            "n={n} best={best} ok={ok} p={p:.3} maxbad={bad:.3} {:?} stop={:?}",
            a.moves
                .iter()
                .map(|s| (s.mv, s.visits, (s.win_probability * 1000.0).round() / 1000.0, s.proof))
                .collect::<Vec<_>>(),
            a.stopped_by
        );
    }
    println!("fails {fails} in {:?}", t.elapsed());
}
