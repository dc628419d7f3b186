//! `RandomMove` for Gomoku: the conformance suite (legal moves only, `None`
//! exactly at the end, uniform frequencies) on boards that use one to all
//! eight words of the cell set, with and without a candidate radius, the
//! exact correspondence with the list that `moves` gives, and the MCTS
//! engine's playouts with `FastUniform` against the list-based ones.

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

/// Pure Monte Carlo at the root (no node below it expanded, an exploration
/// constant of 10^6 visits the root's moves in turn): `per_move` playouts
/// from every root move with `playout`.
fn root_playouts<P>(g: &Gomoku, playout: P, seed: u64, per_move: u64) -> Vec<[u64; 3]>
where
    P: spielbaum_mcts::Playout<Gomoku> + Clone + Send,
{
    use spielbaum_mcts::{Budget, Config, Mcts, Selection};
    let config = Config {
        expand_threshold: u32::MAX,
        ..Config::seeded(seed)
            .solver(false)
            .graph(false)
            .selection(Selection::Uct { exploration: 1e6 })
    };
    let k = g.legal_moves().len() as u64;
    let mut m = Mcts::new(g.clone(), config).with_playout(playout);
    let a = m.search(Budget::iterations(k * per_move));
    a.moves
        .iter()
        .map(|m| {
            assert_eq!(m.visits, per_move);
            [m.wins, m.draws, m.visits - m.wins - m.draws]
        })
        .collect()
}

/// The engine's playouts with `FastUniform` (the list-free loop over
/// `random_move`) and with the list-based `Uniform` have the same
/// distribution: per root move, a two-sample chi-square test on (won,
/// drawn, lost), summed over the moves, stays below its quantile for
/// p ≈ 10^-6 (Wilson–Hilferty).
#[test]
fn engine_playouts_have_the_list_distribution() {
    for (r, per_move) in [(rules(5, 5, 4, false, 0), 600), (rules(7, 7, 5, false, 1), 400)] {
        let mut g = Gomoku::new(r);
        let moves = g.legal_moves();
        g.play(moves[moves.len() / 2]);
        let list = root_playouts(&g, spielbaum_mcts::Uniform, 1, per_move);
        let fast = root_playouts(&g, spielbaum_mcts::FastUniform, 2, per_move);
        let (mut chi, mut dof) = (0.0f64, 0.0f64);
        for (a, b) in list.iter().zip(&fast) {
            let (na, nb) = (per_move as f64, per_move as f64);
            let mut columns = 0.0;
            for j in 0..3 {
                let total = (a[j] + b[j]) as f64;
                if total == 0.0 {
                    continue;
                }
                columns += 1.0;
                let (ea, eb) = (na * total / (na + nb), nb * total / (na + nb));
                chi += (a[j] as f64 - ea).powi(2) / ea + (b[j] as f64 - eb).powi(2) / eb;
            }
            dof += (columns - 1.0f64).max(0.0);
        }
        assert!(dof >= 10.0, "{dof} degrees of freedom");
        let x = 2.0 / (9.0 * dof);
        let bound = dof * (1.0 - x + 4.75 * x.sqrt()).powi(3);
        assert!(chi <= bound, "{r:?}: chi-square {chi:.1} > {bound:.1} ({dof} degrees of freedom)");
    }
}
