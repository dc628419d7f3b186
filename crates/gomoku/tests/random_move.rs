//! `RandomMove` for Gomoku: the conformance suite (legal moves only, `None`
//! exactly at the end, uniform frequencies) on boards that use one to all
//! eight words of the cell set, with and without a candidate radius, and the
//! exact correspondence with the list that `moves` gives.

use proptest::prelude::*;
use spielbaum_game_trait::conformance::{Config, check_random_move};
use spielbaum_game_trait::{Game, GameExt, RandomMove, SplitMix64, index_below};
use spielbaum_gomoku::{Gomoku, Rules};

fn rules(w: u8, h: u8, k: u8, exact: bool, radius: u8) -> Rules {
    Rules { width: w, height: h, k, exact, radius }.checked().unwrap()
}

/// The boards: the bench's 7×7 (every empty cell), 15×15 with radius 2 (the
/// default), the largest board with and without a radius, and small and
/// rectangular ones.
fn boards() -> Vec<Rules> {
    vec![
        Rules::mnk(7, 7, 5).unwrap(),
        Rules::default(),
        rules(22, 22, 5, false, 0),
        rules(22, 22, 5, false, 3),
        rules(3, 3, 3, false, 0),
        rules(6, 9, 4, true, 2),
        rules(8, 5, 3, false, 1),
        rules(4, 4, 4, true, 0),
    ]
}

#[test]
fn random_move_conforms() {
    for r in boards() {
        let cells = usize::from(r.width) * usize::from(r.height);
        // Long enough to fill the small boards; the large ones are sampled
        // in their first 120 plies, at fewer positions (hundreds of moves
        // each).
        let games = if cells <= 100 { 96 } else { 24 };
        let config = Config { games, max_plies: cells.min(120) };
        check_random_move(&Gomoku::new(r), &config);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    /// Along random games: the word `r` picks `moves[⌊r·k/2^64⌋]`, the move
    /// of the list in the same place, and `None` once the list is empty.
    #[test]
    fn random_move_is_the_list_entry_of_the_same_rank(
        board in 0usize..8,
        seed in any::<u64>(),
    ) {
        let mut pos = Gomoku::new(boards()[board]);
        let mut rng = SplitMix64::new(seed);
        loop {
            let moves = pos.legal_moves();
            for r in [0, u64::MAX, rng.next_u64(), rng.next_u64()] {
                let expected = (!moves.is_empty())
                    .then(|| moves[index_below(r, moves.len() as u32) as usize]);
                prop_assert_eq!(pos.random_move(r), expected, "{:?}, word {:#x}", pos, r);
            }
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
    }
}
