//! The repetition rule: negamax scores a position that occurred before (on
//! the line or in the game's history) as a draw, exactly as a brute force
//! over (position, history) states does, in every configuration; the exact
//! solver's values equal the true threefold-repetition values.

mod common;

use common::variants;
use proptest::prelude::*;
use spielbaum_game_trait::{
    Agent, AgentLimits, DrawRules, Ending, Game, GameExt, History, Outcome, SplitMix64, Zero,
    play_game,
};
use spielbaum_negamax::cyclic::{CycleEval, CycleGame};
use spielbaum_negamax::{Config, Limits, Searcher, Value, solve};

/// A random walk of `plies` moves from the start: the position reached and
/// the keys of the positions before it.
fn walk(g: &CycleGame, plies: u32, seed: u64) -> (CycleGame, Vec<u64>) {
    let mut rng = SplitMix64::new(seed);
    let mut pos = g.clone();
    let mut keys = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        keys.push(pos.key());
        pos.play(moves[rng.below(moves.len())]);
    }
    (pos, keys)
}

#[test]
fn the_chase_is_a_draw_only_by_repetition() {
    let chase = CycleGame::chase();
    assert_eq!(chase.reference_score(&[], 30, &CycleEval(1)), 0);
    for (name, config) in variants(true, false) {
        let mut s = Searcher::new(CycleEval(1), config);
        let r = s.search(&chase, &Limits::depth(30));
        assert_eq!(r.score, 0, "{name}");
        assert!(r.exact, "{name}: a draw by repetition is exact");
    }
    // Without the rule the same search only reaches its horizon.
    let endless = chase.with_rules(DrawRules::NONE);
    let mut s = Searcher::new(CycleEval(1), Config::default());
    let r = s.search(&endless, &Limits::depth(30));
    assert!(!r.exact);
    assert_eq!(solve(&chase).value, Value::Draw);
    assert!(solve(&chase).complete);
}

#[test]
fn agents_on_the_chase_draw_by_repetition() {
    let mut a = Searcher::new(Zero, Config::default());
    let mut b = Searcher::new(Zero, Config::default());
    let (game, end) = play_game([&mut a, &mut b], CycleGame::chase(), &AgentLimits::depth(12), 50);
    assert_eq!(end, Ending::Finished(Outcome::Draw));
    assert!(game.is_repetition_draw());
    // Threefold: the start occurs for the third time after four plies.
    assert_eq!(game.len(), 4);
    assert_eq!(a.name(), "negamax");
}

#[test]
fn a_repetition_in_the_history_counts() {
    // Node 0 was played before: going round to it is a draw at once, so
    // the search needs only two plies to see the draw.
    let chase = CycleGame::chase();
    let mut h = History::new(chase.clone());
    h.try_play(1).unwrap();
    h.try_play(0).unwrap();
    let mut s = Searcher::new(Zero, Config::default());
    s.set_history(h.keys().keys());
    let r = s.search(h.position(), &Limits::depth(1));
    assert_eq!(r.score, 0);
    assert!(r.exact);
    // Without the history the same ply reaches the horizon.
    s.set_history(&[]);
    let r = s.search(h.position(), &Limits::depth(1));
    assert!(!r.exact);
}

#[test]
fn path_dependent_draws_do_not_enter_the_table() {
    // R (node 0, first player) has two moves: A (node 1, a drawn end) and
    // Y (3). Y's only move leads to X (2), whose only move wins for the
    // first player (5). With X in the game's history, Y's move repeats it:
    // Y is a draw and so is R. Without that history R wins in 3 plies. The
    // second search runs on the same searcher, table and all, and searches
    // Y with a window that a stored draw would cut.
    let win = Some(Outcome::Win(spielbaum_game_trait::Player::FIRST));
    let draw = Some(Outcome::Draw);
    let g = CycleGame::from_edges(
        vec![vec![1, 3], vec![], vec![5], vec![2], vec![], vec![]],
        vec![None, draw, None, None, draw, win],
    )
    .unwrap();
    for (name, config) in variants(true, false) {
        let mut s = Searcher::new(Zero, config);
        s.set_history(&[2]);
        assert_eq!(s.search(&g, &Limits::depth(6)).score, 0, "{name}");
        s.set_history(&[]);
        let r = s.search(&g, &Limits::depth(6));
        assert_eq!(r.score, spielbaum_game_trait::win_in(3), "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn every_variant_equals_the_brute_force(
        seed in any::<u64>(),
        nodes in 4usize..12,
        prefix in 0u32..8,
        depth in 1u32..9,
        eval_seed in any::<u64>(),
    ) {
        let g = CycleGame::random(seed, nodes);
        let (pos, earlier) = walk(&g, prefix, seed ^ 0x5eed);
        prop_assume!(!pos.is_over());
        let eval = CycleEval(eval_seed);
        let want = pos.reference_score(&earlier, depth, &eval);
        // Without a table every configuration is exact under the rule (with
        // one, an entry stored on one line may be reused on a line that its
        // subtree would repeat: docs/negamax.md, "Repetition").
        for deeper in [false, true] {
            for (name, config) in variants(deeper, false).into_iter().filter(|(_, c)| c.table_mib == 0) {
                let mut s = Searcher::new(eval, config);
                s.set_history(&earlier);
                let r = s.search(&pos, &Limits::depth(depth));
                prop_assert_eq!(r.score, want, "{} (deeper entries {}) at depth {}", name, deeper, depth);
            }
        }
    }

    #[test]
    fn the_solver_finds_the_threefold_value(seed in any::<u64>(), nodes in 4usize..10) {
        let g = CycleGame::random(seed, nodes);
        let want = g.kfold_value(&[], 3);
        let sol = solve(&g);
        let got = match sol.value { Value::Win => 1, Value::Draw => 0, Value::Loss => -1 };
        prop_assert_eq!(got, want);
        prop_assert!(sol.complete);
    }
}
