//! Null-move pruning while placing and reductions growing with the
//! move number (both off by default: see [`params::NULL_MOVE`] and
//! [`params::LMR_LOG`]).

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

    /// Plies a late quiet move is reduced by beyond the one of every late
    /// move: `ln(depth) · ln(n) · 100 / lmr_log − 1` rounded, `n` the
    /// move's place in the node (0 if `lmr_log` is 0).
    #[inline]
    pub(super) fn lmr_more(&self, depth: i32, n: usize) -> i32 {
        if self.config.lmr_log == 0 {
            return 0;
        }
        let r = (depth as f32).ln() * (n as f32 + 1.0).ln() * 100.0 / self.config.lmr_log as f32;
        ((r + 0.5) as i32 - 1).clamp(0, depth - 2)
    }
}
