//! The engine players and the MCTS convergence experiment.

use spielbaum_game_trait::SplitMix64;
use spielbaum_nim_variant::{
    MctsPlayer, NegamaxPlayer, Random, SimConfig, Strategy, SubtractionGame, Subtractions,
    mcts_convergence, parse_player, simulate,
};

#[test]
fn negamax_player_wins_every_blue_start() {
    let mut a = NegamaxPlayer::new(None);
    let mut b = Random;
    let config = SimConfig { games: 200, ..SimConfig::classic() };
    let r = simulate(&mut a, &mut b, &config, |_| true).unwrap();
    assert!(r.from_blue.games > 50);
    assert_eq!(r.from_blue.wins_a, r.from_blue.games);
    assert_eq!(r.blunders[0], 0);
}

#[test]
fn negamax_player_moves_are_winning_moves_of_table_2() {
    // The text's Table 2 (n mod 8 → winning subtractions), typed in here.
    let table: [&[u32]; 8] = [&[], &[], &[], &[3, 11], &[3, 11], &[3, 5, 11], &[5], &[5]];
    let mut p = NegamaxPlayer::new(None);
    let mut rng = SplitMix64::new(1);
    for n in 12..=60u64 {
        let g = SubtractionGame::classic(n).unwrap();
        let d = p.choose(&g, &mut rng);
        let row = table[(n % 8) as usize];
        if !row.is_empty() {
            assert!(row.contains(&d), "n = {n}: played {d}, winning moves {row:?}");
        }
    }
}

#[test]
fn mcts_finds_the_winning_move_from_22() {
    // 22 mod 8 = 6: only subtracting 5 wins (Table 2).
    let mut p = MctsPlayer::new(5000);
    let mut rng = SplitMix64::new(11);
    let g = SubtractionGame::classic(22).unwrap();
    assert_eq!(p.choose(&g, &mut rng), 5);
}

#[test]
fn mcts_convergence_ranks_the_winning_move_first() {
    let g = SubtractionGame::classic(22).unwrap();
    let rows = mcts_convergence(&g, &[100, 1000, 20_000], 3);
    assert_eq!(rows.iter().map(|r| r.iterations).collect::<Vec<_>>(), vec![100, 1000, 20_000]);
    let last = &rows[2];
    let p = |d: u32| last.moves.iter().find(|m| m.0 == d).unwrap().1;
    assert!(p(5) > 0.9, "{last:?}");
    assert!(p(3) < p(5) && p(11) < p(5), "{last:?}");
    let visits: u64 = last.moves.iter().map(|m| m.2).sum();
    assert_eq!(visits, 20_000);
}

#[test]
fn player_specs() {
    let r = Subtractions::CLASSIC;
    for (spec, name) in [
        ("optimal", "optimal"),
        ("random", "random"),
        ("mixed:0.25", "mixed:0.25"),
        ("mcts:10", "mcts:10"),
        ("mcts-solver:10", "mcts-solver:10"),
        ("negamax", "negamax"),
        ("negamax:3", "negamax:3"),
    ] {
        assert_eq!(parse_player(spec, &r).unwrap().name(), name);
    }
    for bad in
        ["", "mixed", "mixed:-1", "mcts", "mcts:0", "mcts:x", "negamax:0", "optimal:1", "best"]
    {
        assert!(parse_player(bad, &r).is_err(), "{bad:?}");
    }
}

#[test]
fn the_random_strategy_as_mcts_playout_policy() {
    use spielbaum_mcts::{Budget, Config, Mcts};
    let g = SubtractionGame::classic(22).unwrap();
    let mut mcts = Mcts::new(g, Config::seeded(5).solver(false)).with_playout(Random);
    let a = mcts.search(Budget::iterations(3000));
    assert_eq!(a.best_move, Some(5));
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 3000);
}
