//! The simulation step: a playout from a leaf until the game ends, a
//! repetition or the ply limit, with the move list of every ply or, for a
//! list-free policy ([`Playout::LIST_FREE`]), without one.

use spielbaum_game_trait::rand_core::RngCore;
use spielbaum_game_trait::{Game, KeyHistory, MoveList};

use crate::playout::Playout;
use crate::search::{Step, terminal_outcome};
use crate::tree::Sample;

/// The simulation step for trees and graphs: plays out from `pos` (which
/// has moves: `moves` holds them) with the playout policy until the game
/// ends or the ply limit is reached; `keys` holds the positions of the
/// iteration before `pos` (repetition games), `line` records the moves.
///
/// Hot path: the generator lives in a local for the whole playout, the
/// move list is read as one slice per ply, and the game is asked for its
/// moves once per ply (no `outcome` until the list comes back empty).
pub(crate) fn playout<G, R, P, E>(
    mut pos: G,
    moves_buf: &mut MoveList<G::Move>,
    rng_state: &mut R,
    keys: &mut KeyHistory,
    mut line: Option<&mut Vec<G::Move>>,
    step: &mut Step<'_, G, P, E>,
) -> Sample
where
    G: Game,
    R: RngCore + Clone,
    P: Playout<G, R>,
{
    // At least one ply: the leaf has moves (a limit of 0 plays one).
    let max = step.config.max_playout_plies.max(1);
    let mut rng = rng_state.clone();
    let mut plies = 0;
    let rep = step.repetition;
    if rep {
        keys.push(pos.key());
    }
    if P::LIST_FREE {
        let sample = playout_list_free(pos, moves_buf, &mut rng, keys, line, step, max);
        *rng_state = rng;
        return sample;
    }
    let sample = loop {
        // One look at the list per ply: its slice serves the end test and
        // the pick.
        let moves: &[G::Move] = moves_buf;
        let k = moves.len();
        if k == 0 {
            break Sample::from_outcome(terminal_outcome(&pos));
        }
        // The playout repeated a position: a draw (keys of positions with
        // moves only; a finished position ends by its outcome above).
        if rep && plies > 0 {
            let key = pos.key();
            if keys.contains(key) || step.earlier.contains(key) {
                break Sample::Draw;
            }
            keys.push(key);
        }
        if plies >= max {
            break if G::PLAYERS == 1 {
                Sample::Score { value: 0.0, goal: false }
            } else {
                Sample::Draw
            };
        }
        let i = step.playout.pick(&pos, moves, &mut rng);
        // Reduce a faulty index without paying for a division every ply.
        let mv = if i < k { moves[i] } else { moves[i % k] };
        pos.play(mv);
        if let Some(line) = line.as_deref_mut() {
            line.push(mv);
        }
        plies += 1;
        moves_buf.clear();
        pos.moves(moves_buf);
        if step.clock.spend(moves_buf.len()) {
            break Sample::Draw; // (not counted: the iteration is abandoned)
        }
    };
    *rng_state = rng;
    sample
}

/// [`playout`] for a list-free policy ([`Playout::LIST_FREE`]): the first
/// ply is picked from the leaf's list (`moves`, not empty), every later
/// one by [`Playout::pick_move`], which also ends the playout (`None`: the
/// game is over). The same checks in the same order as the list loop: the
/// end of the game, then a repetition, then the ply limit; every ply counts
/// [`LIST_FREE_PLY_WORK`](crate::params::LIST_FREE_PLY_WORK) for the clock.
#[inline]
fn playout_list_free<G, R, P, E>(
    mut pos: G,
    moves: &[G::Move],
    rng: &mut R,
    keys: &mut KeyHistory,
    mut line: Option<&mut Vec<G::Move>>,
    step: &mut Step<'_, G, P, E>,
    max: u32,
) -> Sample
where
    G: Game,
    R: RngCore,
    P: Playout<G, R>,
{
    let k = moves.len();
    debug_assert!(k > 0, "a playout starts at a position with moves");
    let i = step.playout.pick(&pos, moves, rng);
    let mut mv = if i < k { moves[i] } else { moves[i % k] };
    let rep = step.repetition;
    let mut plies = 0;
    loop {
        pos.play(mv);
        if let Some(line) = line.as_deref_mut() {
            line.push(mv);
        }
        plies += 1;
        if step.clock.spend(crate::params::LIST_FREE_PLY_WORK) {
            return Sample::Draw; // (not counted: the iteration is abandoned)
        }
        let Some(next) = step.playout.pick_move(&pos, rng) else {
            return Sample::from_outcome(terminal_outcome(&pos));
        };
        if rep {
            let key = pos.key();
            if keys.contains(key) || step.earlier.contains(key) {
                return Sample::Draw;
            }
            keys.push(key);
        }
        if plies >= max {
            return if G::PLAYERS == 1 {
                Sample::Score { value: 0.0, goal: false }
            } else {
                Sample::Draw
            };
        }
        mv = next;
    }
}
