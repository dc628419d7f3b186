//! Tic-tac-toe: MCTS never loses to a random player and always draws
//! against perfect play (the negamax crate's exact solver).

use spielbaum_game_trait::{Game, GameExt, Outcome, Player, SplitMix64};
use spielbaum_mcts::{Budget, Config, Mcts};
use spielbaum_negamax::Solver;
use spielbaum_small_games::TicTacToe;

/// Iterations per MCTS move (with tree reuse between moves).
const ITERATIONS: u64 = 3_000;

/// Plays one game; `other` picks the opponent's moves. Returns the outcome.
fn play(
    mcts_side: Player,
    seed: u64,
    mut other: impl FnMut(&TicTacToe) -> u8,
) -> (Outcome, Vec<u8>) {
    let mut pos = TicTacToe::new();
    let mut mcts = Mcts::new(pos, Config::seeded(seed));
    let mut line = Vec::new();
    while !pos.is_over() {
        let mv = if pos.to_move() == mcts_side {
            mcts.search(Budget::iterations(ITERATIONS))
                .best_move
                .expect("a move while the game goes on")
        } else {
            other(&pos)
        };
        assert!(pos.is_legal(mv));
        pos.play(mv);
        mcts.advance(mv).expect("legal move");
        line.push(mv);
    }
    (pos.outcome().unwrap(), line)
}

#[test]
fn never_loses_to_a_random_player_in_200_games() {
    let mut rng = SplitMix64::new(2024);
    let mut results = [0u32; 3]; // mcts wins, draws, losses
    for game in 0..200u64 {
        let side = if game % 2 == 0 { Player::FIRST } else { Player::SECOND };
        let (outcome, line) = play(side, game, |pos| {
            let moves = pos.legal_moves();
            moves[rng.below(moves.len())]
        });
        let r = outcome.relative_to(side);
        assert!(r >= 0, "game {game}: MCTS ({side}) lost: {line:?}");
        results[(1 - r) as usize] += 1;
    }
    // Sanity: against a random player most games are won.
    assert!(results[0] > 150, "wins, draws, losses = {results:?}");
}

#[test]
fn always_draws_against_perfect_play() {
    let mut solver: Solver<TicTacToe> = Solver::default();
    let mut rng = SplitMix64::new(77);
    for game in 0..40u64 {
        let side = if game % 2 == 0 { Player::FIRST } else { Player::SECOND };
        // The perfect player picks at random among all best moves, so the
        // games differ.
        let (outcome, line) = play(side, 1000 + game, |pos| {
            let best = solver.solve(pos).best_moves;
            best[rng.below(best.len())]
        });
        assert_eq!(outcome, Outcome::Draw, "game {game}, MCTS as {side}: {line:?}");
    }
}
