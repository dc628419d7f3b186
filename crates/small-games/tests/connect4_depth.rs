//! A deeper search with the same evaluator must play better than a
//! shallower one: matches over every opening of two plies, each played
//! with both colours (98 games, deterministic engines), for both
//! evaluators.
//!
//! With `OpenLines`' earlier weights (1, 4, 16 points for windows of 1, 2,
//! 3 stones, no immediate-win rule) depth 4 scored 30 wins, 25 draws and
//! 43 losses against depth 2 here: a window of three was worth little more
//! than the windows of one that a central stone opens, so the deeper
//! search traded threats for the centre. `Threats` with the same window
//! weights (its threat terms weigh the threes) scored 34 wins, 17 draws
//! and 47 losses at depth 4 against depth 2: there the windows of two
//! were worth too little against the windows of one.

use spielbaum_game_trait::{Evaluator, Game, Outcome, Player};
use spielbaum_negamax::{Config, Limits, Searcher};
use spielbaum_small_games::{Connect4, OpenLines, Threats};

/// Wins, draws and losses of depth `deep` against depth `shallow`, both
/// searching with `eval`.
fn depth_match<E: Evaluator<Connect4> + Copy>(eval: E, deep: u32, shallow: u32) -> (u32, u32, u32) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for a in 0..7u8 {
        for b in 0..7u8 {
            for deep_first in [true, false] {
                let mut g = Connect4::standard();
                g.play(a);
                g.play(b);
                let deep_player = if deep_first { Player::FIRST } else { Player::SECOND };
                let mut s_deep = Searcher::new(eval, Config { table_mib: 1, ..Config::default() });
                let mut s_shallow =
                    Searcher::new(eval, Config { table_mib: 1, ..Config::default() });
                let outcome = loop {
                    if let Some(o) = g.outcome() {
                        break o;
                    }
                    let r = if g.to_move() == deep_player {
                        s_deep.search(&g, &Limits::depth(deep))
                    } else {
                        s_shallow.search(&g, &Limits::depth(shallow))
                    };
                    g.play(r.best_move.expect("a move"));
                };
                match outcome {
                    Outcome::Win(p) if p == deep_player => w += 1,
                    Outcome::Win(_) => l += 1,
                    _ => d += 1,
                }
            }
        }
    }
    (w, d, l)
}

#[test]
fn deeper_open_lines_searches_win_more_than_they_lose() {
    for (deep, shallow) in [(4, 2), (3, 2), (4, 3)] {
        let (w, d, l) = depth_match(OpenLines, deep, shallow);
        assert!(w > l, "depth {deep} against depth {shallow}: {w} wins, {d} draws, {l} losses");
    }
}

#[test]
fn deeper_threats_searches_win_more_than_they_lose() {
    for (deep, shallow) in [(4, 2), (3, 2), (4, 3)] {
        let (w, d, l) = depth_match(Threats, deep, shallow);
        assert!(w > l, "depth {deep} against depth {shallow}: {w} wins, {d} draws, {l} losses");
    }
}
