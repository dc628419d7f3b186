//! Endgame tables as exact leaves: where the tables set by
//! [`MillEngine::set_db`] cover a position (no stone in hand, 3 to
//! `max_stones` stones a side), the search takes its value from them
//! instead of searching or evaluating it, and a covered root plays the
//! tables' move.
//!
//! A table draw is searched as usual (heuristic leaves): every move of a
//! drawn position keeps the draw or loses, the losing ones score as
//! exact losses, so the search picks a drawing move, the one its
//! evaluation likes best, which keeps the chances a fallible opponent
//! gives (a table's first drawing move, or a draw score for every
//! drawing move, would throw them away).
//!
//! The tables know neither the N-move rule nor repetitions. A
//! table win or loss in `n` plies is trusted only while the no-capture
//! counter leaves room for it (`counter + n` below the rule's limit): the
//! game then ends within `n` plies whatever the loser does, before the
//! rule can apply. A longer one may be only a draw under the rule; such a
//! position is searched as if no table covered it, and the positions after
//! a capture (counter 0) are covered again.

use std::sync::Arc;

use spielbaum_bfs_reach::perfect::PerfectError;
use spielbaum_bfs_reach::retrograde::Value;

use super::*;
use crate::db::{EndgameDb, covered, db_score, index, load_all};

/// The tables a [`MillEngine`] searches with.
pub(super) struct Tables {
    db: Arc<EndgameDb>,
    max_stones: u8,
}

/// The band of table scores: a table win in `n` plies at `ply` scores
/// [`EVAL_MAX`]` − n − ply` (a loss the negation), above every heuristic
/// score, below every proven result; stored in the table counted from the
/// node, as proven results are.
pub const DB_MIN: i32 = EVAL_MAX - 2 * spielbaum_game_trait::MAX_PLY as i32;

/// For a score from the endgame tables ([`DB_MIN`] < |score| ≤
/// [`EVAL_MAX`]), the plies to the end; `None` for other scores.
pub fn table_plies(score: i32) -> Option<u32> {
    let a = score.abs();
    (a > DB_MIN && a <= EVAL_MAX).then(|| (EVAL_MAX - a) as u32)
}

impl MillEngine {
    /// Searches with the endgame tables of `db` for every subspace with up
    /// to `max_stones` stones a side (3 to [`crate::db::MAX_STONES`]): each
    /// is read now (checksum verified), so a table that is not built,
    /// missing or damaged is an error naming its file, and the search
    /// never reads the disk. Forgets the transposition table.
    pub fn set_db(&mut self, db: Arc<EndgameDb>, max_stones: u8) -> Result<(), PerfectError> {
        load_all(&db, max_stones)?;
        self.tables = Some(Tables { db, max_stones });
        self.table.clear();
        Ok(())
    }

    /// Searches without endgame tables again.
    pub fn clear_db(&mut self) {
        self.tables = None;
        self.table.clear();
    }

    /// The most stones a side the engine's tables cover (`None` without
    /// tables).
    pub fn db_stones(&self) -> Option<u8> {
        self.tables.as_ref().map(|t| t.max_stones)
    }

    /// The tables' value of `pos` if they cover it and the no-capture
    /// counter leaves room for its distance (see the module docs).
    fn trusted_value(&self, pos: &Position) -> Option<Value> {
        let t = self.tables.as_ref()?;
        if !covered(pos, t.max_stones) {
            return None;
        }
        let v = t.db.probe(pos).ok()??;
        let room =
            pos.rules().draw.no_progress.map_or(u32::MAX, |n| n.saturating_sub(pos.counter()));
        match v.plies() {
            Some(n) if n >= room => None,
            _ => Some(v),
        }
    }

    /// The exact score of `pos` at `ply` from the tables for a won or
    /// lost position, or `None` (drawn positions are searched).
    #[inline]
    pub(super) fn db_leaf(&self, pos: &Position, ply: usize) -> Option<i32> {
        self.tables.as_ref()?;
        match self.trusted_value(pos)? {
            Value::Draw => None,
            v => {
                let s = db_score(v);
                Some(if s > 0 { s - ply as i32 } else { s + ply as i32 })
            }
        }
    }

    /// The tables' move and score ([`db_score`]) at a covered won or lost
    /// root: the fastest win, the slowest loss.
    pub(super) fn db_root(&self, pos: &Position) -> Option<(Move, i32)> {
        let t = self.tables.as_ref()?;
        let value = self.trusted_value(pos).filter(|v| *v != Value::Draw)?;
        let norm = index().normalise(pos)?;
        let mv = t.db.best_move(&norm).ok()??;
        Some((mv, db_score(value)))
    }
}

/// A score as stored: wins and losses (proven or from the endgame tables)
/// counted from this node, not the root.
#[inline]
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    if score > DB_MIN {
        score + ply as i32
    } else if score < -DB_MIN {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    if score > DB_MIN {
        score - ply as i32
    } else if score < -DB_MIN {
        score + ply as i32
    } else {
        score
    }
}
