//! The generic conformance suite over every small game.

use spielbaum_game_trait::conformance::{
    Config, check_evaluator, check_game, check_random_move, check_undo,
};
use spielbaum_small_games::{Dice, Nim, TicTacToe};

#[test]
fn tictactoe_conforms() {
    check_game(&TicTacToe::new(), &Config::default());
    check_undo(&TicTacToe::new(), &Config::default());
    check_evaluator(&TicTacToe::new(), &spielbaum_small_games::LineCount, &Config::default());
    check_random_move(&TicTacToe::new(), &Config::default());
}

#[test]
fn dice_conforms() {
    for start in 1..=6 {
        let g = Dice::new(start, 31).unwrap();
        check_game(&g, &Config { games: 64, max_plies: 40 });
        check_undo(&g, &Config { games: 64, max_plies: 40 });
    }
}

#[test]
fn nim_conforms() {
    let g = Nim::new(&[3, 4, 5]).unwrap();
    check_game(&g, &Config::default());
    check_undo(&g, &Config::default());
    let g = Nim::new(&[1, 0, 7, 2, 9]).unwrap();
    check_game(&g, &Config { games: 64, max_plies: 40 });
}

#[test]
fn make_undo_perft_agrees_with_copy_make() {
    use spielbaum_game_trait::{perft, perft_undo};
    let t = TicTacToe::new();
    assert_eq!(perft_undo(&t, 9), perft(&t, 9));
    let d = Dice::new(3, 20).unwrap();
    assert_eq!(perft_undo(&d, 8), perft(&d, 8));
    let n = Nim::new(&[2, 3, 4]).unwrap();
    assert_eq!(perft_undo(&n, 5), perft(&n, 5));
}
