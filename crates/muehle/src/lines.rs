//! Line facts of a whole side at once, bit-parallel, for boards whose
//! lines are all of three points and fall into two families: one family
//! of consecutive bit triples (`3i, 3i+1, 3i+2`, the middle point in the
//! middle) and one that a symmetry of the board maps onto the first. The
//! standard board is such a board (its files `a1 a4 a7`, `b2 b4 b6`, …
//! are the triples and a quarter turn maps its ranks onto them); other
//! boards take the line-by-line path.
//!
//! In a triple view a line's state is three neighbouring bits, so mills,
//! lines of two, their gaps and neighbours along lines are a few shifts
//! and masks; the second family is read through the symmetry's byte
//! tables.

use crate::board::Board;

/// Stones in each 12-bit pattern: a portable population count of 24-bit
/// masks in two look-ups (the default build has no `popcnt` instruction;
/// `u32::count_ones` then costs about three times as many instructions).
static POP12: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut i = 0;
    while i < 4096 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The number of set bits of a mask of at most 24 bits.
#[inline(always)]
pub(crate) fn pop24(x: u32) -> u32 {
    debug_assert!(x >> 24 == 0);
    u32::from(POP12[(x & 0xFFF) as usize]) + u32::from(POP12[(x >> 12 & 0xFFF) as usize])
}

/// The two views of a board with triples (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Triples {
    /// The symmetry mapping the second family onto triples, and its
    /// inverse.
    k: usize,
    kinv: usize,
    /// Bit 0 of every triple.
    t: u32,
}

/// What the lines say about one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SideLines {
    /// Complete mills.
    pub mills: u32,
    /// Lines with two of the side's stones and the third point empty.
    pub twos: u32,
    /// Of those, the lines whose gap a stone off the line can step into.
    pub open_by_step: u32,
    /// The gaps of the lines of two.
    pub gaps: u32,
    /// Stones in complete mills.
    pub in_mills: u32,
    /// (stone, empty neighbour) pairs.
    pub free: u32,
    /// Stones without an empty neighbour.
    pub blocked: u32,
    /// Moves of a stone out of a mill into the gap of a line of two.
    pub double_mills: u32,
}

impl Triples {
    /// The triple views of `board`, if its lines allow them.
    pub(crate) fn find(board: &Board) -> Option<Triples> {
        let n = board.len();
        if !n.is_multiple_of(3) || board.lines().iter().any(|l| l.len() != 3) {
            return None;
        }
        let aligned = |l: &[u8]| {
            let (a, b, c) = (l[0] as usize, l[1] as usize, l[2] as usize);
            b % 3 == 1 && a.min(c) == b - 1 && a.max(c) == b + 1
        };
        let (first, second): (Vec<&Vec<u8>>, Vec<&Vec<u8>>) =
            board.lines().iter().partition(|l| aligned(l));
        if first.len() != n / 3 || second.len() != n / 3 {
            return None;
        }
        let k = (0..board.symmetries()).find(|&k| {
            second.iter().all(|l| {
                let img: Vec<u8> =
                    l.iter().map(|&p| board.map_point(k, p as usize) as u8).collect();
                aligned(&img)
            })
        })?;
        let kinv = (0..board.symmetries())
            .find(|&j| (0..n).all(|p| board.map_point(j, board.map_point(k, p)) == p))?;
        let t = (0..n / 3).fold(0, |m, i| m | 1 << (3 * i));
        Some(Triples { k, kinv, t })
    }

    #[inline(always)]
    fn adj(&self, x: u32) -> u32 {
        ((x << 1) & (self.t << 1 | self.t << 2)) | ((x >> 1) & (self.t | self.t << 1))
    }

    /// (`x` point, `y` point) pairs that are neighbours on a line of the
    /// view.
    #[inline(always)]
    fn pairs(&self, x: u32, y: u32) -> u32 {
        pop24(((x << 1) & (self.t << 1 | self.t << 2)) & y)
            + pop24(((x >> 1) & (self.t | self.t << 1)) & y)
    }

    #[inline(always)]
    fn full(&self, x: u32) -> u32 {
        x & x >> 1 & x >> 2 & self.t
    }

    #[inline(always)]
    fn spread(t: u32) -> u32 {
        t | t << 1 | t << 2
    }

    /// The line facts of the side with stones `own` (`empty`: the empty
    /// points); `double_mills` only if `with_double` (it is 0 otherwise).
    #[inline]
    pub(crate) fn side(&self, board: &Board, own: u32, empty: u32, with_double: bool) -> SideLines {
        let (oa, ea) = (own, empty);
        let (ob, eb) = (board.map_mask(self.k, own), board.map_mask(self.k, empty));
        let one = |e: u32| (e ^ e >> 1 ^ e >> 2) & !(e & e >> 1 & e >> 2) & self.t;
        let (ma, mb) = (self.full(oa), self.full(ob));
        let ta = self.full(oa | ea) & one(ea);
        let tb = self.full(ob | eb) & one(eb);
        let gaps_a = ea & Self::spread(ta);
        let gaps_b = eb & Self::spread(tb);
        let gaps_b_in_a = board.map_mask(self.kinv, gaps_b);
        let in_mills = Self::spread(ma) | board.map_mask(self.kinv, Self::spread(mb));
        // Gaps with a stone of the side next to them along the other line.
        // (A point can be the gap of two lines, so the two are counted
        // apart.)
        let open_by_step = pop24(gaps_a & board.map_mask(self.kinv, self.adj(ob)))
            + pop24(gaps_b_in_a & self.adj(oa));
        let next_to_empty = self.adj(ea) | board.map_mask(self.kinv, self.adj(eb));
        let double_mills = if with_double && in_mills != 0 {
            self.pairs(in_mills, gaps_b_in_a)
                + self.pairs(board.map_mask(self.k, in_mills), board.map_mask(self.k, gaps_a))
        } else {
            0
        };
        SideLines {
            mills: pop24(ma | mb << 1),
            twos: pop24(ta | tb << 1),
            open_by_step,
            gaps: gaps_a | gaps_b_in_a,
            in_mills,
            free: self.pairs(oa, ea) + self.pairs(ob, eb),
            blocked: pop24(own & !next_to_empty),
            double_mills,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Variant;

    #[test]
    fn only_the_standard_board_has_triples() {
        assert!(Triples::find(Variant::Nine.board()).is_some());
        for v in [Variant::Three, Variant::Six, Variant::Twelve] {
            assert!(Triples::find(v.board()).is_none(), "{v}");
        }
    }
}
