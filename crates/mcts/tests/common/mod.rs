//! Test helpers: the subtraction game "3, 5, 11" and the independent
//! references the tests compare against.
#![allow(dead_code)]

use spielbaum_game_trait::{GameExt, History, SplitMix64};
use spielbaum_negamax::cyclic::CycleGame;
use spielbaum_nim_variant::SubtractionGame;

/// The subtraction game 3, 5, 11 (the nim-variant crate's): subtract 3, 5
/// or 11; producing 0 wins, producing a negative number loses at once; a
/// move is the number subtracted.
pub type Sub = SubtractionGame;

/// The game from `n`, player A (first) to move.
pub fn sub(n: i64) -> Sub {
    SubtractionGame::classic(n as u64).expect("a valid start")
}

/// The text's rule (Tabelle 2): the mover wins iff n mod 8 is 3..=7, and
/// a move d wins iff it leaves a number >= 0 with remainder 0, 1 or 2.
pub fn rule_wins(n: i64) -> bool {
    n > 0 && (3..=7).contains(&(n % 8))
}

pub fn rule_winning_move(n: i64, d: u32) -> bool {
    let r = n - i64::from(d);
    r >= 0 && (0..=2).contains(&(r % 8))
}

/// Independent brute force (dynamic programming over n, written from the
/// rules, not from the mod-8 rule): `win[n]` = the mover at n can force a
/// win.
pub fn brute_force_wins(max: usize) -> Vec<bool> {
    let mut win = vec![false; max + 1];
    for n in 1..=max {
        win[n] = [3usize, 5, 11].iter().any(|&d| d == n || (d < n && !win[n - d]));
    }
    win
}

/// The text's strategies (nextMove.optimal / .random / .prob) as move
/// pickers over the move list `[3, 5, 11]` (indices 0, 1, 2), written from
/// the R code of the text.
pub mod text {
    use super::Sub;
    use spielbaum_game_trait::SplitMix64;
    use spielbaum_mcts::{FromFn, Mixed, from_fn};

    fn index_of(moves: &[u32], d: u32) -> usize {
        moves.iter().position(|&m| m == d).unwrap_or(0)
    }

    /// `nextMove.optimal`: `switch(n %% 8 + 1, 3, 3, 3, 3, 3, 3, 5, 5)`.
    pub fn optimal(g: &Sub, moves: &[u32], _rng: &mut SplitMix64) -> usize {
        let d = if g.number() % 8 >= 6 { 5 } else { 3 };
        index_of(moves, d)
    }

    /// `nextMove.random` as the text describes it: uniform over 3, 5, 11
    /// while n > 11; at n ≤ 11 produce 0 if possible (n = 3, 5, 11), else
    /// 3 or 5 at random for 5 < n < 11, else 3.
    pub fn random_endgame(g: &Sub, moves: &[u32], rng: &mut SplitMix64) -> usize {
        let n = g.number();
        let d = if n > 11 {
            return rng.below(moves.len());
        } else if n == 3 || n == 5 || n == 11 {
            n as u32
        } else if n > 5 {
            [3, 5][rng.below(2)]
        } else {
            3
        };
        index_of(moves, d)
    }

    type Picker = fn(&Sub, &[u32], &mut SplitMix64) -> usize;

    /// `nextMove.prob(n, prob = p)`: optimal with probability p, else random.
    pub fn mixed(p: f64) -> Mixed<FromFn<Picker>, FromFn<Picker>> {
        Mixed::new(p, from_fn(optimal as Picker), from_fn(random_endgame as Picker))
    }
}

/// A random cyclic game of `nodes` positions (from `seed`) and a history of
/// up to `prefix` random moves from its start (stopping where the game
/// ends).
pub fn random_history(seed: u64, nodes: usize, prefix: u32) -> History<CycleGame> {
    let mut h = History::new(CycleGame::random(seed, nodes));
    let mut rng = SplitMix64::new(seed ^ 1);
    for _ in 0..prefix {
        if h.outcome().is_some() {
            break;
        }
        let moves = h.position().legal_moves();
        h.try_play(moves[rng.below(moves.len())]).unwrap();
    }
    h
}
