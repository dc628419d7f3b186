//! The engines as agents on the subtraction game 3, 5, 11 (nim-variant's),
//! against the text's strategies; MCTS's convergence from 22; the text's
//! random strategy as a playout policy.

use spielbaum_game_trait::{Agent, AgentLimits, History, Limited, SplitMix64};
use spielbaum_mcts::{Budget, Config, Mcts, convergence, from_fn};
use spielbaum_negamax::Solver;
use spielbaum_nim_variant::{Random, SimConfig, SubtractionGame, simulate};

#[test]
fn the_solver_wins_every_blue_start() {
    let mut a = Solver::<SubtractionGame>::new(4);
    let mut b = Random::new(1);
    let config = SimConfig { games: 200, ..SimConfig::classic() };
    let r = simulate(&mut a, &mut b, &config, |_| true).unwrap();
    assert!(r.from_blue.games > 50);
    assert_eq!(r.from_blue.wins_a, r.from_blue.games);
    assert_eq!(r.blunders[0], 0);
}

#[test]
fn the_solver_plays_the_winning_moves_of_table_2() {
    // The text's Table 2 (n mod 8 → winning subtractions), typed in here.
    let table: [&[u32]; 8] = [&[], &[], &[], &[3, 11], &[3, 11], &[3, 5, 11], &[5], &[5]];
    let mut p = Solver::<SubtractionGame>::new(4);
    for n in 12..=60u64 {
        let g = History::new(SubtractionGame::classic(n).unwrap());
        let d = p.choose(&g, &AgentLimits::NONE).unwrap().mv;
        let row = table[(n % 8) as usize];
        if !row.is_empty() {
            assert!(row.contains(&d), "n = {n}: played {d}, winning moves {row:?}");
        }
    }
}

#[test]
fn mcts_finds_the_winning_move_from_22() {
    // 22 mod 8 = 6: only subtracting 5 wins (Table 2).
    let g = SubtractionGame::classic(22).unwrap();
    let mcts = Mcts::new(g, Config::seeded(11).solver(false));
    let mut p = Limited::new(mcts, AgentLimits::nodes(5000)).named("mcts:5000");
    let d = p.choose(&History::new(g), &AgentLimits::NONE).unwrap();
    assert_eq!(d.mv, 5);
    assert!(d.win_probability.unwrap() > 0.5);
    assert_eq!(p.name(), "mcts:5000");
}

#[test]
fn mcts_against_the_random_strategy_keeps_its_tree() {
    // Tree reuse: after both moves are played the engine's root is the
    // position the game reached.
    let g = SubtractionGame::classic(40).unwrap();
    let mut a = Mcts::new(g, Config::seeded(2));
    let mut b = Random::new(3);
    let mut h = History::new(g);
    a.new_game(&g);
    for _ in 0..2 {
        let before = *h.position();
        let mv = a.choose(&h, &AgentLimits::nodes(2000)).unwrap().mv;
        h.try_play(mv).unwrap();
        a.played(&before, mv);
        let before = *h.position();
        let mv = b.choose(&h, &AgentLimits::NONE).unwrap().mv;
        h.try_play(mv).unwrap();
        a.played(&before, mv);
    }
    assert_eq!(a.root(), h.position());
    assert!(a.nodes() > 1, "the subtree of the moves played is kept");
}

#[test]
fn convergence_ranks_the_winning_move_first() {
    let g = SubtractionGame::classic(22).unwrap();
    let rows = convergence(&g, &[100, 1000, 20_000], Config::seeded(3).solver(false));
    assert_eq!(rows.iter().map(|r| r.iterations).collect::<Vec<_>>(), vec![100, 1000, 20_000]);
    let last = &rows[2];
    let p = |d: u32| last.moves.iter().find(|m| m.0 == d).unwrap().1;
    assert!(p(5) > 0.9, "{last:?}");
    assert!(p(3) < p(5) && p(11) < p(5), "{last:?}");
    let visits: u64 = last.moves.iter().map(|m| m.2).sum();
    assert_eq!(visits, 20_000);
}

#[test]
fn the_random_strategy_as_playout_policy() {
    let g = SubtractionGame::classic(22).unwrap();
    let policy = from_fn(|g: &SubtractionGame, moves: &[u32], rng: &mut SplitMix64| {
        let d = Random::pick(g.rules(), g.number(), rng);
        moves.iter().position(|&m| m == d).unwrap_or(0)
    });
    let mut mcts = Mcts::new(g, Config::seeded(5).solver(false)).with_playout(policy);
    let a = mcts.search(Budget::iterations(3000));
    assert_eq!(a.best_move, Some(5));
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 3000);
}
