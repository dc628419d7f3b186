//! The ends of the Mühle engine's search: repetitions, draw and outcome
//! scores, and the static evaluation through its cache.

use spielbaum_game_trait::Outcome;

use super::*;
use crate::eval::value_unless_blocked;

/// The evaluation cache's mark of a position whose side to move cannot
/// move (no evaluation comes near it).
const BLOCKED_VALUE: i32 = i32::MIN;

impl MillEngine {
    /// `true` if the position with `key`, `counter` plies after the last
    /// capture, came before on the search's path, or came
    /// `history_repeats` times in the game up to the searched position:
    /// only the positions since that capture with the same side to move
    /// (every second one back) can equal it, since a capture changes the
    /// stones.
    #[inline]
    pub(super) fn repeated(&self, key: u64, counter: u32) -> bool {
        let len = self.keys.len();
        let from = len - (counter as usize).min(len);
        let mut seen = 0;
        let mut i = len.wrapping_sub(2);
        while i >= from && i < len {
            if self.keys[i] == key {
                seen += 1;
                if i > self.root_at || seen >= self.config.history_repeats {
                    return true;
                }
            }
            i = i.wrapping_sub(2);
        }
        false
    }

    /// The draw score for the side to move at `ply` (contempt against the
    /// root's side).
    #[inline]
    pub(super) fn draw(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) { -self.contempt } else { self.contempt }
    }

    #[inline]
    pub(super) fn outcome_score(&self, pos: &Position, outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            Outcome::Win(p) if p == pos.to_move() => WIN - ply as i32,
            Outcome::Win(_) => -WIN + ply as i32,
            _ => self.draw(ply),
        }
    }

    /// The static evaluation of `pos`, or `None` if the side to move
    /// cannot move (for a position that has not ended otherwise), from the
    /// cache if it is there (both depend only on what the key encodes).
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position) -> Option<i32> {
        let key = pos.key();
        let shift = 64 - EVAL_CACHE.trailing_zeros();
        let slot = &mut self.evals[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize];
        if slot.0 != key.wrapping_add(1) {
            let v =
                value_unless_blocked(pos, &self.config.weights, self.cpu).unwrap_or(BLOCKED_VALUE);
            *slot = (key.wrapping_add(1), v);
        }
        (slot.1 != BLOCKED_VALUE).then_some(slot.1)
    }
}
