//! Null-move pruning while placing (off by default: see
//! [`params::NULL_MOVE`]).

use super::*;

impl MillEngine {
    /// While the side to move places stones: the score that cuts the node
    /// off if the side, passing, still stays at or above `beta` in a
    /// search `null_move` plies shallower; `None` to search the node (or
    /// if the search stopped, which the caller sees in `stopped`).
    #[inline]
    pub(super) fn null_move_cut(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Option<i32> {
        if self.config.null_move == 0
            || !self.config.reductions
            || pv_node
            || depth < NULL_MIN_DEPTH
            || self.null_path[ply]
            || pos.in_hand(pos.to_move()) == 0
            || beta.abs() >= DB_MIN
            || self.evaluate(pos).is_none_or(|e| e < beta)
        {
            return None;
        }
        self.keys.push(key);
        self.null_path[ply + 1] = true;
        let r = self.config.null_move;
        let s = -self.negamax(&pos.passed(), depth - 1 - r, -beta, -beta + 1, ply + 1);
        self.null_path[ply + 1] = false;
        self.keys.pop();
        if self.stopped {
            return Some(0);
        }
        // Never a proven result from a position that is not one of the
        // game's.
        (s >= beta).then(|| s.min(DB_MIN))
    }
}
