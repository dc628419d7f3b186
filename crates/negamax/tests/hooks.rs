//! The evaluator hooks: quiescence follows the moves of
//! `Evaluator::noisy_moves`, and the move picker orders by
//! `Evaluator::order_moves` instead of making and evaluating the children.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use spielbaum_game_trait::{Evaluator, Game, MoveList, Score, outcome_score};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};
use spielbaum_small_games::{LineCount, TicTacToe};

/// LineCount with hooks: `noisy_moves` gives every move or none (while
/// `is_noisy` says no move is noisy), `order_moves` scores moves as the
/// static ordering would and counts its calls; evaluations are counted too.
#[derive(Clone)]
struct Hooked {
    noisy_all: bool,
    order: bool,
    order_calls: Arc<AtomicU64>,
    evals: Arc<AtomicU64>,
}

impl Hooked {
    fn new(noisy_all: bool, order: bool) -> Self {
        Hooked {
            noisy_all,
            order,
            order_calls: Arc::new(AtomicU64::new(0)),
            evals: Arc::new(AtomicU64::new(0)),
        }
    }
}

impl Evaluator<TicTacToe> for Hooked {
    fn evaluate(&self, game: &TicTacToe) -> Score {
        self.evals.fetch_add(1, Ordering::Relaxed);
        LineCount.evaluate(game)
    }
    fn noisy_moves(&self, game: &TicTacToe, moves: &mut MoveList<<TicTacToe as Game>::Move>) {
        if self.noisy_all {
            game.moves(moves);
        }
    }
    fn order_moves(
        &self,
        game: &TicTacToe,
        moves: &[<TicTacToe as Game>::Move],
        scores: &mut [Score],
    ) -> bool {
        if !self.order {
            return false;
        }
        self.order_calls.fetch_add(1, Ordering::Relaxed);
        // The classic order (the children's static values), computed here
        // without the counted `evaluate`.
        for (&mv, s) in moves.iter().zip(scores.iter_mut()) {
            let child = game.after(mv);
            *s = match child.outcome() {
                Some(o) => -outcome_score(o, child.to_move(), 1),
                None => -LineCount.evaluate(&child),
            };
        }
        true
    }
}

#[test]
fn quiescence_follows_the_noisy_moves_hook() {
    let quiet = Config { quiescence: true, ..Config::plain(Algorithm::AlphaBeta) };
    let run = |noisy_all| {
        let mut s = Searcher::new(Hooked::new(noisy_all, false), quiet.clone());
        s.search(&TicTacToe::new(), &Limits::depth(2)).counters.qnodes
    };
    let (none, all) = (run(false), run(true));
    // With every move noisy the quiescence search goes on past the horizon.
    assert!(all > none, "qnodes with every move noisy {all}, with none {none}");
}

#[test]
fn the_picker_orders_by_the_order_moves_hook() {
    let config = Config::plain(Algorithm::Ordered);
    let depth = Limits::depth(5);
    let reference = Searcher::new(LineCount, config.clone()).search(&TicTacToe::new(), &depth);
    let (plain, hooked) = (Hooked::new(false, false), Hooked::new(false, true));
    let a = Searcher::new(plain.clone(), config.clone()).search(&TicTacToe::new(), &depth);
    let b = Searcher::new(hooked.clone(), config).search(&TicTacToe::new(), &depth);
    // The same value either way; with the hook no child is evaluated for
    // ordering, only at the horizon.
    assert_eq!(a.score, reference.score);
    assert_eq!(b.score, reference.score);
    assert!(hooked.order_calls.load(Ordering::Relaxed) > 0);
    assert_eq!(plain.order_calls.load(Ordering::Relaxed), 0);
    let (ea, eb) = (plain.evals.load(Ordering::Relaxed), hooked.evals.load(Ordering::Relaxed));
    assert!(eb < ea, "evaluations with the hook {eb}, without {ea}");
}
