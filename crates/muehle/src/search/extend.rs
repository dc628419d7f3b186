//! The forced-block extension (see [`params::BLOCK_EXTENSION`]).

use super::*;

impl MillEngine {
    /// The gap the side to move must fill to keep its stone, as a set of
    /// one point, if the extension is on (with reductions: off, the search
    /// stays exact), the path is short enough and
    /// the block is forced: the side that just moved can close a mill
    /// with its next move on one gap only, and the side to move cannot
    /// close a mill of its own ([`crate::forced_block`]). 0 otherwise.
    #[inline]
    pub(super) fn forced_gap(&self, pos: &Position, ply: usize) -> u32 {
        if self.config.block_extension == 0
            || !self.config.reductions
            || ply as i32 >= 2 * self.root_depth
        {
            return 0;
        }
        forced_gap(pos)
    }

    /// The plies `mv` is searched deeper: the extension if it is a quiet
    /// move onto the `forced` gap.
    #[inline(always)]
    pub(super) fn extension(&self, forced: u32, mv: Move) -> i32 {
        let onto = (forced >> (mv.to & 31)) & 1 != 0 && mv.take == NONE;
        if onto { self.config.block_extension } else { 0 }
    }
}

/// [`crate::forced_block`] as a set of points, from the line views (no
/// loop over the lines) where the board has them.
#[inline]
fn forced_gap(pos: &Position) -> u32 {
    let Some(t) = &pos.board().triples else {
        return crate::forced_block(pos).map_or(0, |p| 1 << p);
    };
    let me = pos.to_move();
    let you = me.other();
    let flying = pos.rules().flying;
    let free = |p| pos.in_hand(p) > 0 || (flying && pos.on_board(p) == 3);
    let (duals, empty) = pos.duals();
    let theirs = t.closable_gaps(duals[1], empty, !free(you));
    if theirs == 0 || theirs & (theirs - 1) != 0 || t.closable_gaps(duals[0], empty, !free(me)) != 0
    {
        return 0;
    }
    theirs
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4_000))]

        /// The line views give the lines' answer.
        #[test]
        fn the_line_views_equal_the_reference(p in crate::eval::tests::any_position()) {
            let reference = crate::forced_block(&p).map_or(0, |x| 1u32 << x);
            proptest::prop_assert_eq!(forced_gap(&p), reference, "{}", p);
        }
    }
}
