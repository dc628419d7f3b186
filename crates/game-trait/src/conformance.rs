//! The generic conformance suite every game crate runs (feature
//! `conformance`).
//!
//! [`check_game`] plays random games with proptest (which shrinks a failing
//! move sequence to a short one) and checks the [`Game`](crate::Game) and [`Notation`]
//! contract on every position it passes:
//! - copy-make leaves the original untouched; [`check_undo`] adds the
//!   play/undo round trip for games implementing [`Undo`];
//! - positions with equal notation (reached by different move orders) have
//!   equal keys, and with [`Game::EXACT_KEY`](crate::Game::EXACT_KEY) different positions have
//!   different keys;
//! - every symmetry image has the same canonical form, the same number of
//!   legal moves and the same outcome, and mapped moves are legal there;
//! - a position is finished exactly when it has no legal move; the side to
//!   move alternates in two-player games and is always the first player in
//!   puzzles;
//! - position and move notation round-trip;
//! - nothing panics on any legal sequence.
//!
//! [`check_evaluator`] checks that an evaluator stays in the heuristic range;
//! [`check_random_move`] checks a [`RandomMove`](crate::RandomMove)
//! implementation (legal moves only, `None` exactly at the end, uniform).
//!
//! ```
//! # #[cfg(feature = "conformance")] {
//! // In a game crate's tests:
//! // spielbaum_game_trait::conformance::check_game(&MyGame::new(), &Config::default());
//! # }
//! ```

use std::collections::HashMap;
use std::fmt::Debug;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config as PropConfig, TestCaseError, TestRunner};

use crate::ext::{GameExt, SplitMix64};
use crate::game::{MoveList, Undo};
use crate::notation::Notation;
use crate::random::RandomMove;

/// How hard the suite tries.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of random games (proptest cases).
    pub games: u32,
    /// Maximum plies per random game.
    pub max_plies: usize,
}

impl Default for Config {
    /// 256 games of at most 200 plies.
    fn default() -> Self {
        Config { games: 256, max_plies: 200 }
    }
}

fn runner(config: &Config) -> TestRunner {
    TestRunner::new(PropConfig {
        cases: config.games,
        failure_persistence: None,
        ..PropConfig::default()
    })
}

fn choices(config: &Config) -> impl Strategy<Value = Vec<u32>> {
    vec(any::<u32>(), 0..=config.max_plies)
}

fn fail(msg: String) -> TestCaseError {
    TestCaseError::fail(msg)
}

/// Checks one position (not the transitions); used by [`check_game`].
pub fn check_position<G>(pos: &G) -> Result<(), String>
where
    G: Notation + Debug,
{
    let moves = pos.legal_moves();
    let outcome = pos.outcome();
    if moves.is_empty() != outcome.is_some() {
        return Err(format!(
            "{pos}: {} legal moves but outcome {outcome:?} (finished exactly when no move is legal)",
            moves.len()
        ));
    }
    if pos.is_over() != outcome.is_some() {
        return Err(format!("{pos}: is_over() disagrees with outcome()"));
    }
    if G::PLAYERS == 1 && pos.to_move() != crate::Player::FIRST {
        return Err(format!("{pos}: a puzzle must always have the first player to move"));
    }
    // Notation round trips.
    let text = pos.to_string();
    let back = pos
        .parse_position(&text)
        .map_err(|e| format!("position {text:?} does not parse back: {e}"))?;
    if back.to_string() != text || back.key() != pos.key() {
        return Err(format!(
            "position {text:?} parses back as {back} (key differs or text differs)"
        ));
    }
    for &mv in &moves {
        let s = pos.move_string(mv);
        let parsed = pos
            .parse_move(&s)
            .map_err(|e| format!("{text}: move {mv:?} written {s:?} does not parse back: {e}"))?;
        if parsed != mv {
            return Err(format!("{text}: move {s:?} parses back as {parsed:?}, not {mv:?}"));
        }
    }
    // Symmetries.
    let n = pos.symmetries();
    if n == 0 {
        return Err(format!("{text}: symmetries() must be at least 1 (the identity)"));
    }
    if pos.symmetric(0).key() != pos.key() {
        return Err(format!("{text}: symmetry 0 must be the identity"));
    }
    let canon = pos.canonical();
    let (canon_with, k_with) = pos.canonical_with();
    if canon.key() != canon_with.key() || pos.symmetric(k_with).key() != canon.key() {
        return Err(format!("{text}: canonical() and canonical_with() disagree"));
    }
    if pos.canonical_key() != canon.key() {
        return Err(format!("{text}: canonical_key() is not the key of canonical()"));
    }
    for k in 0..n {
        let img = pos.symmetric(k);
        if img.canonical().key() != canon.key() {
            return Err(format!("{text}: image {k} ({img}) has another canonical form"));
        }
        let img_moves = img.legal_moves();
        if img_moves.len() != moves.len() {
            return Err(format!(
                "{text}: image {k} ({img}) has {} legal moves, the position {}",
                img_moves.len(),
                moves.len()
            ));
        }
        if img.outcome().map(|o| o.relative_to(img.to_move()))
            != outcome.map(|o| o.relative_to(pos.to_move()))
        {
            return Err(format!("{text}: image {k} ({img}) has another outcome"));
        }
        for &mv in &moves {
            if let Some(m2) = pos.symmetric_move(mv, k) {
                if !img_moves.contains(&m2) {
                    return Err(format!(
                        "{text}: move {mv:?} maps to {m2:?}, not legal in image {k} ({img})"
                    ));
                }
                let a = pos.after(mv).symmetric(k);
                let b = img.after(m2);
                if a.key() != b.key() {
                    return Err(format!(
                        "{text}: symmetry {k} does not commute with move {mv:?} ({a} vs {b})"
                    ));
                }
            } else if k == 0 {
                return Err(format!("{text}: symmetric_move(mv, 0) must be Some(mv)"));
            }
        }
    }
    Ok(())
}

/// Runs the conformance suite over random games from `start`; panics with a
/// description of the first violation (shrunk to a short move sequence).
pub fn check_game<G>(start: &G, config: &Config)
where
    G: Notation + Debug,
{
    let mut runner = runner(config);
    let result = runner.run(&choices(config), |picks| {
        let mut pos = start.clone();
        let mut seen: HashMap<String, u64> = HashMap::new();
        let mut keys: HashMap<u64, String> = HashMap::new();
        let mut moves = MoveList::new();
        for (ply, pick) in std::iter::once(0).chain(picks.iter().copied()).enumerate() {
            check_position(&pos).map_err(fail)?;
            let text = pos.to_string();
            let key = pos.key();
            if let Some(&k) = seen.get(&text)
                && k != key
            {
                return Err(fail(format!("{text}: equal positions with keys {k:#x} and {key:#x}")));
            }
            seen.insert(text.clone(), key);
            if G::EXACT_KEY {
                if let Some(other) = keys.get(&key)
                    && *other != text
                {
                    return Err(fail(format!(
                        "EXACT_KEY, but {other:?} and {text:?} share key {key:#x}"
                    )));
                }
                keys.insert(key, text.clone());
            }
            if ply == picks.len() + 1 {
                break;
            }
            moves.clear();
            pos.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Transpositions: play two different moves in both orders where
            // both orders are legal and compare.
            if moves.len() >= 2 {
                let a = moves[pick as usize % moves.len()];
                let b = moves[(pick as usize / 7 + 1) % moves.len()];
                if a != b {
                    let pa = pos.after(a);
                    let pb = pos.after(b);
                    if pa.is_legal(b) && pb.is_legal(a) {
                        let ab = pa.after(b);
                        let ba = pb.after(a);
                        if ab.to_string() == ba.to_string() && ab.key() != ba.key() {
                            return Err(fail(format!(
                                "{text}: {a:?} then {b:?} and {b:?} then {a:?} give {ab} with keys {:#x} and {:#x}",
                                ab.key(),
                                ba.key()
                            )));
                        }
                    }
                }
            }
            let mv = moves[pick as usize % moves.len()];
            let before_text = pos.to_string();
            let before_key = pos.key();
            let next = pos.after(mv);
            if pos.to_string() != before_text || pos.key() != before_key {
                return Err(fail(format!("{before_text}: after({mv:?}) changed the original")));
            }
            if G::PLAYERS == 2 && next.outcome().is_none() && next.to_move() == pos.to_move() {
                // Not an error in general (passes exist in some games), but the
                // games of this project alternate strictly.
                return Err(fail(format!("{before_text}: {mv:?} did not pass the turn")));
            }
            pos = next;
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("conformance failure: {e}");
    }
}

/// The play/undo round trip over random games, for games implementing
/// [`Undo`]: after `play(mv); undo(mv)` the position, its notation and key
/// are as before, and `play` agrees with copy-make `after`.
pub fn check_undo<G>(start: &G, config: &Config)
where
    G: Notation + Undo + Debug,
{
    let mut runner = runner(config);
    let result = runner.run(&choices(config), |picks| {
        let mut pos = start.clone();
        let mut moves = MoveList::new();
        let mut history = Vec::new();
        for pick in picks {
            moves.clear();
            pos.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[pick as usize % moves.len()];
            let text = pos.to_string();
            let key = pos.key();
            let copied = pos.after(mv);
            pos.play(mv);
            if pos.to_string() != copied.to_string() || pos.key() != copied.key() {
                return Err(fail(format!("{text}: play({mv:?}) and after({mv:?}) disagree")));
            }
            let mut back = pos.clone();
            back.undo(mv);
            if back.to_string() != text || back.key() != key {
                return Err(fail(format!("{text}: play then undo of {mv:?} gives {back}")));
            }
            history.push((mv, text, key));
        }
        // Unwind the whole game.
        while let Some((mv, text, key)) = history.pop() {
            pos.undo(mv);
            if pos.to_string() != text || pos.key() != key {
                return Err(fail(format!("unwinding {mv:?} gives {pos}, expected {text}")));
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("undo conformance failure: {e}");
    }
}

/// Checks an evaluator over random games: every unfinished position scores
/// inside `-EVAL_MAX..=EVAL_MAX`, and the same position always scores the
/// same.
pub fn check_evaluator<G, E>(start: &G, eval: &E, config: &Config)
where
    G: Notation + Debug,
    E: crate::Evaluator<G>,
{
    let mut runner = runner(config);
    let result = runner.run(&choices(config), |picks| {
        let mut pos = start.clone();
        let mut moves = MoveList::new();
        for pick in picks {
            moves.clear();
            pos.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let v = eval.evaluate(&pos);
            if !(-crate::EVAL_MAX..=crate::EVAL_MAX).contains(&v) {
                return Err(fail(format!("{pos}: evaluation {v} outside the heuristic range")));
            }
            if eval.evaluate(&pos.clone()) != v {
                return Err(fail(format!("{pos}: evaluation is not deterministic")));
            }
            pos.play(moves[pick as usize % moves.len()]);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("evaluator conformance failure: {e}");
    }
}

/// Draws per legal move at each position whose frequencies
/// [`check_random_move`] counts.
pub const DRAWS_PER_MOVE: u64 = 100;

/// The `1 - p` quantile of the chi-square distribution with `dof` degrees
/// of freedom for the standard normal quantile `z` of `p`
/// (Wilson–Hilferty; above the exact quantile for one degree of freedom, so
/// a bound from it errs on the side of passing).
fn chi_square_bound(dof: f64, z: f64) -> f64 {
    let a = 2.0 / (9.0 * dof);
    dof * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Checks a [`RandomMove`] implementation; panics with a description of the
/// first violation.
///
/// - Over random games (proptest, shrunk to a short move sequence), at
///   every position and for a dozen words `r` (0, `u64::MAX`, `2^63` and
///   random ones): `random_move(r)` is `None` exactly when
///   [`moves`](crate::Game::moves) is empty, is otherwise one of those moves,
///   and gives the same move for the same word.
/// - Frequencies, at `config.games` positions of seeded random games (each
///   cut after a random number of plies up to `config.max_plies`): with
///   [`DRAWS_PER_MOVE`] times `k` random words for `k` legal moves, every
///   move is drawn, each position's chi-square statistic against the
///   uniform distribution stays below its quantile for `p ≈ 10^-12`, and
///   the sum over all positions below its quantile for `p ≈ 10^-9`
///   (the sum finds a small bias that each position alone is too short to
///   show).
pub fn check_random_move<G>(start: &G, config: &Config)
where
    G: RandomMove + Debug,
{
    let mut runner = runner(config);
    let result = runner.run(&choices(config), |picks| {
        let mut pos = start.clone();
        let mut moves = MoveList::new();
        for pick in std::iter::once(0).chain(picks.iter().copied()) {
            moves.clear();
            pos.moves(&mut moves);
            let mut rng = SplitMix64::new(u64::from(pick));
            let words = [0, u64::MAX, 1 << 63].into_iter().chain((0..9).map(|_| rng.next_u64()));
            for r in words {
                let got = pos.random_move(r);
                match got {
                    None if moves.is_empty() => {}
                    None => {
                        return Err(fail(format!(
                            "{pos:?}: random_move({r:#x}) is None with legal moves {moves:?}"
                        )));
                    }
                    Some(mv) if moves.is_empty() => {
                        return Err(fail(format!(
                            "{pos:?}: random_move({r:#x}) is {mv:?}, but the game is over"
                        )));
                    }
                    Some(mv) if !moves.contains(&mv) => {
                        return Err(fail(format!(
                            "{pos:?}: random_move({r:#x}) is {mv:?}, not among {moves:?}"
                        )));
                    }
                    Some(_) => {}
                }
                if pos.random_move(r) != got {
                    return Err(fail(format!("{pos:?}: random_move({r:#x}) changed")));
                }
            }
            if moves.is_empty() {
                break;
            }
            pos = pos.after(moves[pick as usize % moves.len()]);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("random_move conformance failure: {e}");
    }

    // Frequencies at seeded random positions.
    let mut rng = SplitMix64::new(0x5EED_F1A7);
    let (mut total, mut dof) = (0.0f64, 0.0f64);
    let mut moves = MoveList::new();
    for _ in 0..config.games {
        let plies = rng.below(config.max_plies + 1);
        let mut pos = start.clone();
        for _ in 0..plies {
            moves.clear();
            pos.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let next = pos.after(moves[rng.below(moves.len())]);
            if next.outcome().is_some() {
                break; // keep a position with moves
            }
            pos = next;
        }
        moves.clear();
        pos.moves(&mut moves);
        let k = moves.len() as u64;
        if k == 0 {
            continue; // `start` itself is over
        }
        let mut counts: HashMap<G::Move, u64> = HashMap::new();
        for _ in 0..DRAWS_PER_MOVE * k {
            let r = rng.next_u64();
            match pos.random_move(r) {
                Some(mv) if moves.contains(&mv) => *counts.entry(mv).or_insert(0) += 1,
                other => panic!(
                    "random_move conformance failure: {pos:?}: random_move({r:#x}) is {other:?}, \
                     not among {moves:?}"
                ),
            }
        }
        if let Some(mv) = moves.iter().find(|mv| !counts.contains_key(mv)) {
            panic!(
                "random_move conformance failure: {pos:?}: {mv:?} never drawn in {} draws",
                DRAWS_PER_MOVE * k
            );
        }
        if k == 1 {
            continue;
        }
        let expected = DRAWS_PER_MOVE as f64;
        let chi: f64 = counts.values().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
        let bound = chi_square_bound((k - 1) as f64, 7.0);
        if chi > bound {
            panic!(
                "random_move conformance failure: {pos:?}: draw counts {counts:?} are not \
                 uniform (chi-square {chi:.1} > {bound:.1} for {} degrees of freedom)",
                k - 1
            );
        }
        total += chi;
        dof += (k - 1) as f64;
    }
    if dof > 0.0 {
        let bound = chi_square_bound(dof, 6.0);
        assert!(
            total <= bound,
            "random_move conformance failure: the draws over all positions are not uniform \
             (chi-square {total:.1} > {bound:.1} for {dof} degrees of freedom)"
        );
    }
}
