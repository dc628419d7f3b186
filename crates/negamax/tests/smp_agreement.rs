//! Lazy SMP (`search_parallel`) against the reference: plain NegaMax (no
//! pruning, no table, one thread) on random trees and on games, at several
//! thread counts. Helpers share the table and search other depths; the
//! main thread's result must still be the exact minimax value.

use proptest::prelude::*;
use spielbaum_game_trait::{Game, Zero};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};
use spielbaum_small_games::{Nim, TicTacToe};

/// The reference value of `game` to `depth` plies.
fn reference<G: Game, E: spielbaum_game_trait::Evaluator<G>>(eval: E, game: &G, depth: u32) -> i32 {
    let config = Config::plain(Algorithm::Negamax);
    Searcher::new(eval, config).search(game, &Limits::depth(depth)).score
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_trees_to_the_end(seed in any::<u64>(), branching in 2u8..6, depth in 1u32..6) {
        // The whole tree: every stored value is exact, whatever depth a
        // helper searched.
        let tree = RandomTree::new(seed, branching, depth as u16);
        let want = reference(RandomTreeEval, &tree, depth);
        for threads in [2usize, 3, 4, 8] {
            let config = Config { threads, ..Config::default() };
            let r = Searcher::new(RandomTreeEval, config).search_parallel(&tree, &Limits::depth(depth));
            prop_assert_eq!(r.score, want, "threads {}", threads);
        }
    }

    #[test]
    fn random_trees_at_a_horizon(seed in any::<u64>(), branching in 2u8..6, depth in 1u32..6) {
        // Cut off at `depth` of a deeper tree: the fixed-depth value, as
        // long as no entry of a deeper search may answer a shallower one
        // (helpers search one ply deeper; with `deeper_entries` the main
        // thread would use their better-informed values, by design).
        let tree = RandomTree::new(seed, branching, depth as u16 + 2);
        let want = reference(RandomTreeEval, &tree, depth);
        for threads in [2usize, 3, 4, 8] {
            let config = Config { threads, deeper_entries: false, ..Config::default() };
            let r = Searcher::new(RandomTreeEval, config).search_parallel(&tree, &Limits::depth(depth));
            prop_assert_eq!(r.score, want, "threads {}", threads);
        }
    }

    #[test]
    fn nim_positions(heaps in proptest::collection::vec(0u32..4, 1..4)) {
        prop_assume!(heaps.iter().any(|&h| h > 0));
        let game = Nim::new(&heaps).unwrap();
        let want = reference(Zero, &game, 12);
        for threads in [2usize, 3, 4] {
            let config = Config { threads, ..Config::default() };
            let r = Searcher::new(Zero, config).search_parallel(&game, &Limits::depth(12));
            prop_assert_eq!(r.score, want, "{:?}, threads {}", heaps, threads);
        }
    }
}

#[test]
fn tictactoe_after_every_first_move() {
    let start = TicTacToe::new();
    let mut moves = spielbaum_game_trait::MoveList::new();
    start.moves(&mut moves);
    for &m in &moves {
        let mut g = start;
        g.play(m);
        let want = reference(Zero, &g, 8);
        for threads in [2usize, 4] {
            let config = Config { threads, ..Config::default() };
            let r = Searcher::new(Zero, config).search_parallel(&g, &Limits::depth(8));
            assert_eq!(r.score, want, "after {m:?}, threads {threads}");
        }
    }
}
