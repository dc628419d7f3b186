//! Property test: every proof MCTS-Solver reports on random NIM positions
//! agrees with the nim-sum rule (Bouton 1901: the mover wins iff the XOR of
//! the heaps is not 0; a move wins iff it leaves XOR 0).

use proptest::prelude::*;
use spielbaum_game_trait::Game;
use spielbaum_mcts::{Budget, Config, Mcts, Proof};
use spielbaum_small_games::Nim;

fn xor(heaps: &[u32]) -> u32 {
    heaps.iter().fold(0, |a, &h| a ^ h)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn proofs_agree_with_the_nim_sum(
        heaps in prop::collection::vec(0u32..=4, 1..=3),
        seed in any::<u64>(),
        threads in 1usize..=2,
    ) {
        prop_assume!(heaps.iter().any(|&h| h > 0));
        let nim = Nim::new(&heaps).unwrap();
        let mut mcts = Mcts::new(nim.clone(), Config::seeded(seed).threads(threads));
        let a = mcts.search(Budget::iterations(20_000));
        let mover_wins = xor(&heaps) != 0;
        // Small enough to be proven within the budget.
        prop_assert_eq!(a.proof, if mover_wins { Proof::Win } else { Proof::Loss });
        for m in &a.moves {
            let after = nim.after(m.mv);
            let wins = xor(after.heaps()) == 0;
            match m.proof {
                Proof::Win => prop_assert!(wins, "{:?} proven win", m.mv),
                Proof::Loss => prop_assert!(!wins, "{:?} proven loss", m.mv),
                Proof::Unknown => {}
            }
        }
        let best = a.best_move.unwrap();
        prop_assert_eq!(xor(nim.after(best).heaps()) == 0, mover_wins);
    }
}
