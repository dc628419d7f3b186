//! The repetition rule in Monte Carlo tree search: a position that
//! occurred before (in the game's history or earlier on the iteration's
//! line) is a draw in selection and in playouts, so MCTS chooses the moves
//! a brute force over (position, history) states says keep the value.

mod common;

use common::random_history;
use proptest::prelude::*;
use spielbaum_game_trait::{Agent, AgentLimits, Game, Outcome, Player, Zero};
use spielbaum_mcts::{Budget, Config, Mcts};
use spielbaum_negamax::cyclic::CycleGame;

/// Win (1), draw (0) or loss (−1) for the side to move, by brute force.
fn class(g: &CycleGame, earlier: &[u64]) -> i32 {
    g.reference_score(earlier, 24, &Zero).signum()
}

/// The class of playing `mv` from `g` (for the side to move at `g`).
fn class_of_move(g: &CycleGame, earlier: &[u64], mv: u8) -> i32 {
    let child = g.after(mv);
    if let Some(o) = child.outcome() {
        return o.relative_to(g.to_move());
    }
    let mut line = earlier.to_vec();
    line.push(g.key());
    // A child that repeats is a draw (it is below the root of this look).
    if line.contains(&child.key()) {
        return 0;
    }
    -class(&child, &line)
}

#[test]
fn a_repetition_in_the_history_is_a_draw() {
    // From the start the first player can go to node 1, which occurred
    // before (a draw by repetition), or to node 3 (a loss); node 1 would
    // lose too without the history.
    let loss = Some(Outcome::Win(Player::SECOND));
    let g = CycleGame::from_edges(
        vec![vec![1, 3], vec![4], vec![], vec![2], vec![]],
        vec![None, None, loss, None, loss],
    )
    .unwrap();
    let mut mcts = Mcts::new(g.clone(), Config::seeded(3));
    mcts.set_history(&[1]);
    let a = mcts.search(Budget::iterations(2_000));
    assert_eq!(a.best_move, Some(1));
    assert_eq!(a.get(1).unwrap().draws, a.get(1).unwrap().visits);
    // Without the history both moves lose, and the search proves it.
    let mut fresh = Mcts::new(g, Config::seeded(3));
    let a = fresh.search(Budget::iterations(2_000));
    assert_eq!(a.proof, spielbaum_mcts::Proof::Loss);
}

#[test]
fn the_chase_is_played_to_a_draw() {
    let mut a = Mcts::new(CycleGame::chase(), Config::seeded(1));
    let mut b = Mcts::new(CycleGame::chase(), Config::seeded(2));
    let (game, end) = spielbaum_game_trait::play_game(
        [&mut a, &mut b],
        CycleGame::chase(),
        &AgentLimits::nodes(500),
        50,
    );
    assert_eq!(end, spielbaum_game_trait::Ending::Finished(Outcome::Draw));
    assert!(game.is_repetition_draw());
    assert_eq!(a.name(), "mcts");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn mcts_keeps_the_brute_force_value(
        seed in any::<u64>(),
        nodes in 4usize..10,
        prefix in 0u32..6,
        mcts_seed in any::<u64>(),
    ) {
        // A game history by random play, kept by `History`.
        let h = random_history(seed, nodes, prefix);
        prop_assume!(h.outcome().is_none());
        let keys = h.keys().keys();
        let earlier = &keys[..keys.len() - 1];
        let pos = h.position();
        let want = class(pos, earlier);
        let mut mcts = Mcts::new(pos.clone(), Config::seeded(mcts_seed));
        let d = mcts.choose(&h, &AgentLimits::nodes(20_000)).unwrap();
        prop_assert_eq!(class_of_move(pos, earlier, d.mv), want, "move {} of node {}", d.mv, pos.node());
    }
}
