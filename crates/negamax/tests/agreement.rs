//! Every variant returns plain NegaMax's root value at the same depth, on
//! random positions of every game and of the synthetic tree; the PV is legal
//! and its leaf is worth the root value.

mod common;

use common::{check_pv, reference, variants};
use proptest::prelude::*;
use spielbaum_game_trait::{Evaluator, Game, GameExt, Score, SplitMix64, Zero};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Config, Limits, Replacement, Searcher, Table};
use spielbaum_small_games::{Dice, LineCount, Nim, TicTacToe};
use std::sync::Arc;

fn agree<G, E>(g: &G, e: E, depth: u32, deeper: bool, symmetry: bool) -> Result<(), TestCaseError>
where
    G: Game,
    E: Evaluator<G> + Copy,
{
    if g.is_over() {
        return Ok(());
    }
    let want = reference(g, &e, depth, 0);
    for (name, config) in variants(deeper, symmetry) {
        let mut s = Searcher::new(e, config);
        let r = s.search(g, &Limits::depth(depth));
        prop_assert_eq!(r.score, want, "{} at depth {}", name, depth);
        prop_assert!(!r.stopped);
        check_pv(g, &e, &r.pv, depth, want)
            .map_err(|m| TestCaseError::fail(format!("{name}: {m}")))?;
        prop_assert_eq!(r.best_move, r.pv.first().copied(), "{}", name);
    }
    // A growable table that starts with a single bucket: it grows between
    // almost every pair of iterations, rehashing what it holds.
    for (name, config) in [
        ("default, growing table", Config { deeper_entries: deeper, ..Config::default() }),
        ("ordered, growing table", Config { deeper_entries: deeper, ..Config::ordered() }),
    ] {
        let tiny = Arc::new(Table::growable_slots(4, 1 << 16, Replacement::Bucket));
        let mut s = Searcher::new(e, config).with_table(tiny);
        let r = s.search(g, &Limits::depth(depth));
        prop_assert_eq!(r.score, want, "{} at depth {}", name, depth);
        check_pv(g, &e, &r.pv, depth, want)
            .map_err(|m| TestCaseError::fail(format!("{name}: {m}")))?;
        // After a first iteration the table holds room for more than one
        // bucket's worth of expected entries.
        let slots = s.table().map_or(0, |t| t.slots());
        prop_assert!(slots <= 1 << 16);
        if r.iterations.len() >= 2 {
            prop_assert!(slots > 4, "{}: no growth after {} iterations", name, r.iterations.len());
        }
    }
    Ok(())
}

fn random_prefix<G: Game>(g: &G, plies: u32, seed: u64) -> G {
    let mut rng = SplitMix64::new(seed);
    let mut pos = g.clone();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.below(moves.len())]);
    }
    pos
}

/// An arbitrary but deterministic evaluator, so that orderings differ.
#[derive(Clone, Copy)]
struct DiceEval;
impl Evaluator<Dice> for DiceEval {
    fn evaluate(&self, g: &Dice) -> Score {
        ((g.sum() * 7 + g.top() * 3) % 21) as Score - 10
    }
}

#[derive(Clone, Copy)]
struct NimEval;
impl Evaluator<Nim> for NimEval {
    fn evaluate(&self, g: &Nim) -> Score {
        let h = g.heaps();
        (h.iter().enumerate().map(|(i, &x)| (i as u32 + 2) * x).sum::<u32>() % 13) as Score - 6
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn synthetic_tree(seed in any::<u64>(), b in 1u8..=4, height in 1u16..=7, depth in 1u32..=5, varying in any::<bool>()) {
        let mut t = RandomTree::new(seed, b, height);
        if varying { t = t.varying(); }
        agree(&t, RandomTreeEval, depth, true, false)?;
    }

    #[test]
    fn synthetic_dag(seed in any::<u64>(), b in 1u8..=4, height in 1u16..=7, depth in 1u32..=5, varying in any::<bool>()) {
        let mut t = RandomTree::new(seed, b, height).with_shape(Shape::Dag);
        if varying { t = t.varying(); }
        // Positions of the DAG fix their ply, but "complete" entries may
        // answer shallower queries; compare in exact-depth mode.
        agree(&t, RandomTreeEval, depth, false, false)?;
    }

    #[test]
    fn tictactoe(plies in 0u32..=6, seed in any::<u64>(), depth in 1u32..=5) {
        let g = random_prefix(&TicTacToe::new(), plies, seed);
        agree(&g, LineCount, depth, true, true)?;
        agree(&g, Zero, depth, true, true)?;
    }

    #[test]
    fn dice(start in 1u32..=6, target in 1u32..=40, plies in 0u32..=4, seed in any::<u64>(), depth in 1u32..=6) {
        let g = random_prefix(&Dice::new(start, target).unwrap(), plies, seed);
        agree(&g, DiceEval, depth, false, false)?;
        agree(&g, Zero, depth, false, false)?;
    }

    #[test]
    fn nim(heaps in proptest::collection::vec(0u32..=4, 1..=3), plies in 0u32..=3, seed in any::<u64>(), depth in 1u32..=4) {
        let g = random_prefix(&Nim::new(&heaps).unwrap(), plies, seed);
        agree(&g, NimEval, depth, false, false)?;
    }
}

/// Reference quiescence: stand pat or any noisy move, to the ply limit.
fn ref_q(g: &RandomTree, ply: u32, qply: u32) -> Score {
    use spielbaum_game_trait::outcome_score;
    if let Some(o) = g.outcome() {
        return outcome_score(o, g.to_move(), ply);
    }
    let e = RandomTreeEval;
    let mut best = e.evaluate(g);
    if qply >= spielbaum_negamax::params::QUIESCENCE_MAX_PLIES {
        return best;
    }
    for mv in g.legal_moves() {
        if e.is_noisy(g, mv) {
            best = best.max(-ref_q(&g.after(mv), ply + 1, qply + 1));
        }
    }
    best
}

fn ref_with_q(g: &RandomTree, depth: u32, ply: u32) -> Score {
    use spielbaum_game_trait::outcome_score;
    if let Some(o) = g.outcome() {
        return outcome_score(o, g.to_move(), ply);
    }
    if depth == 0 {
        return ref_q(g, ply, 0);
    }
    g.legal_moves()
        .into_iter()
        .map(|mv| -ref_with_q(&g.after(mv), depth - 1, ply + 1))
        .max()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn quiescence_matches_reference(seed in any::<u64>(), b in 2u8..=6, depth in 1u32..=3) {
        let t = RandomTree::new(seed, b, 12);
        let want = ref_with_q(&t, depth, 0);
        for (name, mut config) in variants(false, false) {
            if config.algorithm == spielbaum_negamax::Algorithm::Negamax {
                continue; // plain NegaMax has no quiescence
            }
            config.quiescence = true;
            let r = Searcher::new(RandomTreeEval, config).search(&t, &Limits::depth(depth));
            prop_assert_eq!(r.score, want, "{} at depth {}", name, depth);
        }
    }
}

#[test]
fn deeper_entries_still_agree_at_depth_in_a_single_search_of_the_tree() {
    // In the tree shape no position repeats, so the usual rule is exact too.
    for seed in 0..20 {
        let t = RandomTree::new(seed, 3, 8);
        let want = reference(&t, &RandomTreeEval, 5, 0);
        let mut s = Searcher::new(RandomTreeEval, Config::default());
        assert_eq!(s.search(&t, &Limits::depth(5)).score, want);
    }
}

/// The adaptive switches ([`Config::adaptive`], on by default) change which techniques run in
/// the middle of a search; on searches large enough for them to switch
/// (their unit test in `src/adaptive.rs` checks that they do) the value and
/// PV still agree with plain alpha-beta (a second algorithm, itself checked
/// against the reference above).
#[test]
fn adaptive_switches_keep_values_on_larger_searches() {
    let lean = Config { table_mib: 1, ..Config::default() };
    let exact_lean = Config { deeper_entries: false, ..lean.clone() };
    let ab = Config::plain(spielbaum_negamax::Algorithm::AlphaBeta);
    let value = |g: &RandomTree, c: &Config, d: u32| {
        let r = Searcher::new(RandomTreeEval, c.clone()).search(g, &Limits::depth(d));
        check_pv(g, &RandomTreeEval, &r.pv, d, r.score).unwrap();
        r.score
    };
    for seed in 0..24 {
        let b = 5 + (seed % 4) as u8;
        let tree = RandomTree::new(seed, b, 64);
        for d in [5, 6] {
            assert_eq!(
                value(&tree, &lean, d),
                value(&tree, &ab, d),
                "tree b={b} d={d}, seed {seed}"
            );
        }
        let dag = RandomTree::new(seed, 8, 64).with_shape(Shape::Dag);
        assert_eq!(value(&dag, &exact_lean, 6), value(&dag, &ab, 6), "DAG, seed {seed}");
    }
    for plies in 0..3 {
        let g = random_prefix(&TicTacToe::new(), plies, 7);
        let d = 7 - plies;
        let r = Searcher::new(LineCount, lean.clone()).search(&g, &Limits::depth(d));
        let want = Searcher::new(LineCount, ab.clone()).search(&g, &Limits::depth(d)).score;
        assert_eq!(r.score, want, "Tic-tac-toe after {plies} plies");
        check_pv(&g, &LineCount, &r.pv, d, want).unwrap();
    }
}

/// The engine's own growable table ([`Config::table_growth`]) grows on a
/// search that needs it, stays within its size, gives the fixed table's
/// value, and a table shared with another owner keeps its size.
#[test]
fn own_table_grows_by_need_and_keeps_values() {
    let start = Table::growable(1, Replacement::Bucket).slots();
    for seed in 0..6 {
        let tree = RandomTree::new(seed, 8, 64);
        let depth = 7;
        let fixed = Config { table_growth: false, ..Config::default() };
        let want = Searcher::new(RandomTreeEval, fixed).search(&tree, &Limits::depth(depth));
        let mut s = Searcher::new(RandomTreeEval, Config::default());
        let r = s.search(&tree, &Limits::depth(depth));
        assert_eq!(r.score, want.score, "seed {seed}");
        check_pv(&tree, &RandomTreeEval, &r.pv, depth, r.score).unwrap();
        let t = s.table().unwrap();
        assert!(t.slots() > start, "seed {seed}: {} slots, no growth", t.slots());
        assert!(t.slots() <= t.max_slots());
        // A single pass (not iterative) gets the whole table first.
        let mut pvs = Searcher::new(
            RandomTreeEval,
            Config { algorithm: spielbaum_negamax::Algorithm::Pvs, ..Config::default() },
        );
        assert_eq!(pvs.search(&tree, &Limits::depth(depth)).score, want.score);
        let t = pvs.table().unwrap();
        assert_eq!(t.slots(), t.max_slots());
    }
    // Shared: the searcher is not the table's only owner.
    let shared = Arc::new(Table::growable(1, Replacement::Bucket));
    let mut s = Searcher::new(RandomTreeEval, Config::default()).with_table(Arc::clone(&shared));
    s.search(&RandomTree::new(1, 8, 64), &Limits::depth(7));
    assert_eq!(shared.slots(), start);
}
