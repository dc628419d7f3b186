//! The subtraction game "3, 5, 11" of the Monte Carlo tree search text: MCTS must find the
//! winning move of every winning start, judged by the text's n mod 8 rule
//! (cross-checked here against a brute force).

mod common;

use common::{Sub, brute_force_wins, rule_winning_move, rule_wins, sub, text};
use spielbaum_game_trait::{Game, SplitMix64};
use spielbaum_mcts::{Analysis, Budget, Config, Mcts, Proof, Selection, from_fn};

#[test]
fn references_agree() {
    let brute = brute_force_wins(200);
    for n in 1..=200 {
        assert_eq!(brute[n], rule_wins(n as i64), "n = {n}");
        // A winning move leaves the opponent a lost position (or 0).
        for d in [3u32, 5, 11] {
            let r = n as i64 - i64::from(d);
            let brute_ok = r == 0 || (r > 0 && !brute[r as usize]);
            assert_eq!(brute_ok, rule_winning_move(n as i64, d), "n = {n}, d = {d}");
        }
    }
}

/// Checks the three acceptance conditions; returns a description of the
/// failure (with the data) instead of panicking, so a test can list all.
fn judge(n: i64, a: &Analysis<u32>) -> Result<(), String> {
    let data = || {
        a.moves
            .iter()
            .map(|m| {
                format!(
                    "{}: {} visits, p = {:.3}, {:?}",
                    m.mv, m.visits, m.win_probability, m.proof
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let best = a.best_move.ok_or_else(|| format!("n = {n}: no move"))?;
    let p = a.get(best).map(|m| m.win_probability).unwrap_or(0.0);
    if !rule_winning_move(n, best) {
        return Err(format!("n = {n}: chose losing move {best} [{}]", data()));
    }
    if p <= 0.9 {
        return Err(format!("n = {n}: p({best}) = {p:.3} <= 0.9 [{}]", data()));
    }
    for m in &a.moves {
        if !rule_winning_move(n, m.mv) && m.win_probability >= p {
            return Err(format!("n = {n}: losing move {} has p >= p(best) [{}]", m.mv, data()));
        }
    }
    Ok(())
}

fn sweep(range: std::ops::RangeInclusive<i64>, config: &Config, iterations: u64) -> Vec<String> {
    let mut failures = Vec::new();
    for n in range.filter(|&n| rule_wins(n)) {
        let mut mcts = Mcts::new(sub(n), config.clone());
        let a = mcts.search(Budget::iterations(iterations));
        if let Err(e) = judge(n, &a) {
            failures.push(e);
        }
    }
    failures
}

/// The text's MCTS: statistics only (no solver), default UCT constant,
/// uniform random playouts, seed 1, 20 000 iterations. Pure statistics
/// reach p > 0.9 up to n = 45 with this budget; docs/mcts.md shows how the
/// reach grows with the budget (n = 46 needs more than 20 000).
#[test]
fn statistics_alone_find_the_winning_move_up_to_45() {
    let config = Config::seeded(1).solver(false);
    let failures = sweep(12..=45, &config, 20_000);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The full range 12..=100, for several seeds. Budget: 20 000 000
/// iterations per start, UCT with c = 0.5, MCTS-Solver on and sampling on
/// after the root is proven (so iterations through proven nodes count their
/// exact result). The budget was set on seed 1 (tightest start n = 100,
/// p = 0.954 for the winning move 3; with 10 000 000 iterations 0.902);
/// seeds 2 to 5 check that it was not a lucky seed. Each seed prints its
/// tightest start (the smallest p of a chosen move). A minute or two per
/// seed in release: `cargo test --release -p spielbaum-mcts --test
/// subtraction -- --ignored --nocapture`.
#[test]
#[ignore]
fn every_winning_start_12_to_100() {
    let mut failures = Vec::new();
    for seed in SEEDS {
        let config = Config::seeded(seed)
            .selection(Selection::Uct { exploration: 0.5 })
            .stop_when_proven(false);
        let (seed_failures, tightest) = sweep_tightest(12..=100, &config, 20_000_000);
        eprintln!(
            "seed {seed}: {} failures; tightest start n = {}, p = {:.3}",
            seed_failures.len(),
            tightest.0,
            tightest.1
        );
        failures.extend(seed_failures.into_iter().map(|f| format!("seed {seed}: {f}")));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The seeds of the long acceptance test: the one its budget was set on
/// and four more.
const SEEDS: [u64; 5] = [1, 2, 3, 4, 5];

/// [`sweep`], also returning the start whose chosen move has the smallest
/// win probability, and that probability.
fn sweep_tightest(
    range: std::ops::RangeInclusive<i64>,
    config: &Config,
    iterations: u64,
) -> (Vec<String>, (i64, f64)) {
    let mut failures = Vec::new();
    let mut tightest = (0, f64::INFINITY);
    for n in range.filter(|&n| rule_wins(n)) {
        let mut mcts = Mcts::new(sub(n), config.clone());
        let a = mcts.search(Budget::iterations(iterations));
        if let Some(p) = a.best_move.and_then(|b| a.get(b)).map(|m| m.win_probability)
            && p < tightest.1
        {
            tightest = (n, p);
        }
        if let Err(e) = judge(n, &a) {
            failures.push(e);
        }
    }
    (failures, tightest)
}

/// MCTS-Solver: every proof it reports, at the root and for every root
/// move, agrees with the n mod 8 rule, and a proven winning move is chosen.
#[test]
fn solver_proofs_agree_with_the_rule() {
    let mut proven_roots = 0;
    for n in 1..=60i64 {
        let mut mcts = Mcts::new(sub(n), Config::seeded(n as u64));
        let a = mcts.search(Budget::iterations(30_000));
        match a.proof {
            Proof::Win => assert!(rule_wins(n), "n = {n} proven won"),
            Proof::Loss => assert!(!rule_wins(n), "n = {n} proven lost"),
            Proof::Unknown => {}
        }
        if a.proof != Proof::Unknown {
            proven_roots += 1;
        }
        for m in &a.moves {
            match m.proof {
                Proof::Win => assert!(rule_winning_move(n, m.mv), "n = {n}: {} proven win", m.mv),
                Proof::Loss => {
                    assert!(!rule_winning_move(n, m.mv), "n = {n}: {} proven loss", m.mv)
                }
                Proof::Unknown => {}
            }
        }
        if a.proof == Proof::Win {
            assert!(rule_winning_move(n, a.best_move.unwrap()), "n = {n}");
        }
    }
    // With 30 000 iterations the solver proves every root up to 60.
    assert_eq!(proven_roots, 60);
}

/// The text's strategies are playout policies: with the optimal one, a few
/// hundred iterations rank the moves; the random one (with the end-game
/// rule) and the mixed one find the winning move as well.
#[test]
fn text_strategies_as_playouts() {
    let n = 22;
    let optimal = Mcts::new(sub(n), Config::seeded(3).solver(false))
        .with_playout(from_fn(text::optimal as fn(&Sub, &[u32], &mut SplitMix64) -> usize))
        .search_first(300);
    // After 5 (the winning move, 17 mod 8 = 1), optimal play wins for us.
    // Not ~1: inside the tree UCT still tries A's weaker replies now and
    // then; only the playouts below the tree are optimal.
    assert_eq!(optimal.best_move, Some(5));
    assert!(optimal.get(5).unwrap().win_probability > 0.7);
    assert!(optimal.get(3).unwrap().win_probability < 0.3);
    assert!(optimal.get(11).unwrap().win_probability < 0.3);

    let random = Mcts::new(sub(n), Config::seeded(3).solver(false))
        .with_playout(from_fn(text::random_endgame as fn(&Sub, &[u32], &mut SplitMix64) -> usize))
        .search_first(20_000);
    assert_eq!(random.best_move, Some(5));

    let mixed = Mcts::new(sub(n), Config::seeded(3).solver(false))
        .with_playout(text::mixed(0.5))
        .search_first(20_000);
    assert_eq!(mixed.best_move, Some(5));
    assert!(mixed.get(5).unwrap().win_probability > 0.9);
}

trait SearchFirst {
    fn search_first(self, iterations: u64) -> Analysis<u32>;
}

impl<P> SearchFirst for Mcts<Sub, P>
where
    P: spielbaum_mcts::Playout<Sub> + Clone + Send,
{
    fn search_first(mut self, iterations: u64) -> Analysis<u32> {
        self.search(Budget::iterations(iterations))
    }
}

/// The game of the text's table 1 from n = 22 (A: 17, B: 12, ...): tree
/// reuse follows it move by move and keeps choosing winning moves.
#[test]
fn tree_reuse_along_a_game() {
    let mut pos = sub(22);
    let mut mcts = Mcts::new(pos, Config::seeded(9));
    while !pos.is_over() {
        let a = mcts.search(Budget::iterations(5_000));
        let mv = a.best_move.unwrap();
        if rule_wins(pos.number()) {
            assert!(rule_winning_move(pos.number(), mv), "n = {}: {mv}", pos.number());
        }
        pos.play(mv);
        mcts.advance(mv).unwrap();
        assert_eq!(mcts.root(), &pos);
    }
}
