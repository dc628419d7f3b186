//! Monte Carlo graph search (`Config::graph`): proofs through the graph
//! agree with independent references, repetitions end iterations as draws
//! (no infinite loop on cyclic games), tree reuse, the node cap, threads
//! and determinism work as with trees.

mod common;

use common::{random_history, rule_winning_move, rule_wins, sub};
use proptest::prelude::*;
use spielbaum_game_trait::{Agent, AgentLimits, Game, GameExt, Outcome, Player, Zero};
use spielbaum_mcts::{Budget, Config, Mcts, Proof};
use spielbaum_negamax::cyclic::CycleGame;
use spielbaum_small_games::{Nim, TicTacToe};

fn graph(seed: u64) -> Config {
    Config::seeded(seed).graph(true)
}

#[test]
fn proofs_agree_with_the_rule_of_the_subtraction_game() {
    // Every proof reported (root and moves) agrees with the mod-8 rule
    // (cross-checked against a brute force in tests/subtraction.rs); the
    // graph holds about n positions, so every root is proven quickly.
    for n in 1..=120i64 {
        let mut m = Mcts::new(sub(n), graph(n as u64));
        let a = m.search(Budget::iterations(20_000));
        let want = if rule_wins(n) { Proof::Win } else { Proof::Loss };
        assert_eq!(a.proof, want, "n = {n}, {a:?}");
        for s in &a.moves {
            match s.proof {
                Proof::Win => assert!(rule_winning_move(n, s.mv), "n = {n}: {} proven win", s.mv),
                Proof::Loss => {
                    assert!(!rule_winning_move(n, s.mv), "n = {n}: {} proven loss", s.mv)
                }
                Proof::Unknown => {}
            }
        }
        // The positions are the numbers -10..=n (a negative one loses).
        assert!(a.nodes <= n as usize + 11, "n = {n}: {} nodes for {} positions", a.nodes, n + 11);
    }
}

#[test]
fn statistics_alone_find_the_winning_move_to_120() {
    // No solver: the transposition-merged statistics alone. Every winning
    // start up to 120 gets a winning move with 50,000 iterations (the tree
    // with 20,000 chooses a losing move first at n = 67, see docs/mcts.md).
    let iterations = if cfg!(debug_assertions) { 20_000 } else { 50_000 };
    let top = if cfg!(debug_assertions) { 60 } else { 120 };
    let mut wrong = Vec::new();
    for n in (1..=top).filter(|&n| rule_wins(n)) {
        let mut m = Mcts::new(sub(n), graph(1).solver(false));
        let a = m.search(Budget::iterations(iterations));
        let best = a.best_move.unwrap();
        if !rule_winning_move(n, best) {
            wrong.push(format!("n = {n}: {best}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn nim_proofs_agree_with_the_nim_sum(
        heaps in prop::collection::vec(0u32..=4, 1..=3),
        seed in any::<u64>(),
        threads in 1usize..=2,
    ) {
        prop_assume!(heaps.iter().any(|&h| h > 0));
        let xor = |h: &[u32]| h.iter().fold(0, |a, &x| a ^ x);
        let nim = Nim::new(&heaps).unwrap();
        let mut mcts = Mcts::new(nim.clone(), graph(seed).threads(threads));
        let a = mcts.search(Budget::iterations(20_000));
        let mover_wins = xor(&heaps) != 0;
        prop_assert_eq!(a.proof, if mover_wins { Proof::Win } else { Proof::Loss });
        for m in &a.moves {
            let wins = xor(nim.after(m.mv).heaps()) == 0;
            match m.proof {
                Proof::Win => prop_assert!(wins, "{:?} proven win", m.mv),
                Proof::Loss => prop_assert!(!wins, "{:?} proven loss", m.mv),
                Proof::Unknown => {}
            }
        }
        prop_assert_eq!(xor(nim.after(a.best_move.unwrap()).heaps()) == 0, mover_wins);
    }

    #[test]
    fn cyclic_games_keep_the_brute_force_value(
        seed in any::<u64>(),
        nodes in 4usize..10,
        prefix in 0u32..6,
        mcts_seed in any::<u64>(),
    ) {
        // Random graphs with cycles and random game histories: the chosen
        // move keeps the value a brute force over (position, history)
        // states gives, and no iteration loops.
        let h = random_history(seed, nodes, prefix);
        prop_assume!(h.outcome().is_none());
        let keys = h.keys().keys();
        let earlier = &keys[..keys.len() - 1];
        let pos = h.position();
        let want = pos.reference_score(earlier, 24, &Zero).signum();
        let mut mcts = Mcts::new(pos.clone(), graph(mcts_seed));
        let d = mcts.choose(&h, &AgentLimits::nodes(20_000)).unwrap();
        let child = pos.after(d.mv);
        let got = if let Some(o) = child.outcome() {
            o.relative_to(pos.to_move())
        } else {
            let mut line = earlier.to_vec();
            line.push(pos.key());
            if line.contains(&child.key()) {
                0
            } else {
                -child.reference_score(&line, 24, &Zero).signum()
            }
        };
        prop_assert_eq!(got, want, "move {} of node {}", d.mv, pos.node());
    }
}

#[test]
fn a_repetition_in_the_history_is_a_draw() {
    // Node 1 occurred before: moving there is a draw; node 3 loses.
    let loss = Some(Outcome::Win(Player::SECOND));
    let g = CycleGame::from_edges(
        vec![vec![1, 3], vec![4], vec![], vec![2], vec![]],
        vec![None, None, loss, None, loss],
    )
    .unwrap();
    let mut mcts = Mcts::new(g.clone(), graph(3));
    mcts.set_history(&[1]);
    let a = mcts.search(Budget::iterations(2_000));
    assert_eq!(a.best_move, Some(1));
    assert_eq!(a.get(1).unwrap().draws, a.get(1).unwrap().visits);
    assert_eq!(a.proof, Proof::Unknown, "a proof must not rest on the repetition");
    let mut fresh = Mcts::new(g, graph(3));
    assert_eq!(fresh.search(Budget::iterations(2_000)).proof, Proof::Loss);
}

#[test]
fn the_chase_is_played_to_a_draw() {
    let mut a = Mcts::new(CycleGame::chase(), graph(1));
    let mut b = Mcts::new(CycleGame::chase(), graph(2));
    let (game, end) = spielbaum_game_trait::play_game(
        [&mut a, &mut b],
        CycleGame::chase(),
        &AgentLimits::nodes(500),
        50,
    );
    assert_eq!(end, spielbaum_game_trait::Ending::Finished(Outcome::Draw));
    assert!(game.is_repetition_draw());
}

#[test]
fn transpositions_are_merged() {
    // Tic-tac-toe has 5,478 positions; a tree of the same search holds
    // far more nodes than the graph.
    let mut g = Mcts::new(TicTacToe::new(), graph(1).stop_when_proven(false));
    let mut t = Mcts::new(TicTacToe::new(), Config::seeded(1).graph(false).stop_when_proven(false));
    let ag = g.search(Budget::iterations(100_000));
    let at = t.search(Budget::iterations(100_000));
    assert!(ag.nodes <= 5_478, "{} graph nodes", ag.nodes);
    assert!(at.nodes > 2 * ag.nodes, "tree {} vs graph {}", at.nodes, ag.nodes);
    // Tic-tac-toe is a draw: nothing proven at the root, and the chosen
    // move is one of the drawing ones (all are).
    assert_eq!(ag.proof, Proof::Unknown);
}

#[test]
fn deterministic_on_one_and_two_threads() {
    for threads in [1, 2] {
        let run = |seed| {
            let mut m = Mcts::new(TicTacToe::new(), graph(seed).threads(threads));
            let a = m.search(Budget::iterations(4_000));
            a.moves.iter().map(|s| (s.mv, s.visits, s.wins, s.draws)).collect::<Vec<_>>()
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5), run(6));
    }
    let mut m = Mcts::new(TicTacToe::new(), graph(1).threads(2));
    let a = m.search(Budget::iterations(4_001));
    assert_eq!(a.iterations, 4_001);
    assert_eq!(a.total_iterations, 4_001);
}

#[test]
fn searching_in_steps_equals_searching_at_once() {
    let mut once = Mcts::new(sub(60), graph(2).solver(false));
    let mut steps = Mcts::new(sub(60), graph(2).solver(false));
    let a = once.search(Budget::iterations(3_000));
    steps.search(Budget::iterations(1_000));
    let b = steps.search(Budget::iterations(2_000));
    assert_eq!(a.moves, b.moves);
}

#[test]
fn node_budget_caps_the_graph() {
    let mut m = Mcts::new(TicTacToe::new(), graph(1));
    let a = m.search(Budget::iterations(20_000).with_nodes(500));
    assert!(a.nodes <= 500, "{} nodes", a.nodes);
    assert_eq!(a.iterations, 20_000);
    let mut m = Mcts::new(TicTacToe::new(), graph(1));
    let a = m.search(Budget::default().with_nodes(300));
    assert!(a.nodes <= 300);
    assert_eq!(a.stopped_by, spielbaum_mcts::StopReason::Nodes);
}

#[test]
fn graph_reuse_keeps_the_statistics_below_the_move() {
    let mut m = Mcts::new(TicTacToe::new(), graph(4));
    let before = m.search(Budget::iterations(5_000));
    let mv = before.best_move.unwrap();
    m.advance(mv).unwrap();
    let kept = m.analysis();
    assert!(kept.total_iterations > 0);
    assert!(kept.nodes > 1 && kept.nodes < before.nodes);
    // The kept statistics equal those of the same positions before: one
    // stone on the board is reached only through the move played, so the
    // new root holds exactly that move's visits, and the moves' visits
    // sum to at most the new root's.
    assert_eq!(kept.total_iterations, before.get(mv).unwrap().visits);
    assert!(kept.moves.iter().map(|m| m.visits).sum::<u64>() <= kept.total_iterations);
    // Searching on works and plays a legal move.
    let a = m.search(Budget::iterations(2_000));
    let mut after = TicTacToe::new();
    after.play(mv);
    assert!(after.legal_moves().contains(&a.best_move.unwrap()));
}

#[test]
fn puzzles_fall_back_to_the_tree() {
    let board = spielbaum_peg_solitaire::Board::english();
    let start = board.start_at("d4").expect("the centre");
    let mut m = Mcts::new(start, graph(1));
    assert!(!m.uses_graph());
    let a = m.search(Budget::iterations(500));
    assert_eq!(a.iterations, 500);
    assert!(Mcts::new(TicTacToe::new(), graph(1)).uses_graph());
}

#[test]
fn graph_search_is_the_default_and_the_tree_stays_available() {
    assert!(Config::default().graph);
    assert!(Mcts::new(TicTacToe::new(), Config::seeded(1)).uses_graph());
    assert!(!Mcts::new(TicTacToe::new(), Config::seeded(1).graph(false)).uses_graph());
}

#[test]
fn the_correction_threshold_is_a_setting() {
    // With ε infinite no edge is ever corrected, so every iteration plays
    // a playout: the statistics differ from the default's on a game with
    // transpositions.
    let run = |config: Config| {
        let mut m = Mcts::new(TicTacToe::new(), config.solver(false));
        let a = m.search(Budget::iterations(20_000));
        a.moves.iter().map(|m| (m.visits, m.wins, m.draws)).collect::<Vec<_>>()
    };
    assert_eq!(Config::default().graph_epsilon, spielbaum_mcts::params::GRAPH_EPSILON);
    let with = run(graph(1));
    assert_eq!(with, run(graph(1).graph_epsilon(spielbaum_mcts::params::GRAPH_EPSILON)));
    assert_ne!(with, run(graph(1).graph_epsilon(f64::INFINITY)));
}
