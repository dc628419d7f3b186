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
use crate::cpu::PopCount;

/// Stones in each 16-bit pattern: a portable population count of 24- and
/// 48-bit masks in two or three look-ups whose indices are plain
/// truncations (the default build has no `popcnt` instruction;
/// `u32::count_ones` then costs about three times as many instructions,
/// and 12-bit look-ups need a shift and a mask each).
/// A build for a target with `popcnt` (`-C target-cpu=native` on any
/// recent x86-64) uses the instruction instead; the engine's evaluation
/// takes it where run-time detection finds it ([`crate::cpu`]).
static POP16: [u8; 1 << 16] = {
    let mut t = [0u8; 1 << 16];
    let mut i = 0;
    while i < 1 << 16 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The number of set bits of a mask of at most 24 bits.
#[inline(always)]
pub(crate) fn pop24(x: u32) -> u32 {
    debug_assert!(x >> 24 == 0);
    if cfg!(target_feature = "popcnt") {
        return x.count_ones();
    }
    u32::from(POP16[usize::from(x as u16)]) + u32::from(POP16[usize::from((x >> 16) as u8)])
}

/// The number of set bits of a mask of at most 48 bits.
#[inline(always)]
pub(crate) fn pop48(x: u64) -> u32 {
    debug_assert!(x >> 48 == 0);
    if cfg!(target_feature = "popcnt") {
        return x.count_ones();
    }
    u32::from(POP16[usize::from(x as u16)])
        + u32::from(POP16[usize::from((x >> 16) as u16)])
        + u32::from(POP16[usize::from((x >> 32) as u16)])
}

/// The two views of a board with triples (see the module documentation).
///
/// A *dual mask* holds both views in one word: bits 0–23 a set of points
/// in the first view (point `p` at bit `p`), bits 24–47 the same set in
/// the second (point `p` at bit `24 + k(p)`). Every line is then three
/// neighbouring bits of one word, so one pass of shifts and masks covers
/// all sixteen lines; the position keeps the dual masks of both sides,
/// updated by each move.
#[derive(Clone, Debug)]
pub(crate) struct Triples {
    /// The symmetry mapping the second family onto triples, and its
    /// inverse (the reference computation's byte tables).
    #[cfg_attr(not(test), allow(dead_code))]
    k: usize,
    #[cfg_attr(not(test), allow(dead_code))]
    kinv: usize,
    /// Bit 0 of every triple.
    #[cfg_attr(not(test), allow(dead_code))]
    t: u32,
    /// Bit 0 of every triple of both halves of a dual mask.
    t2: u64,
    /// The dual mask of each point.
    pub(crate) bit: [u64; crate::board::MAX_POINTS],
    /// Per byte of a dual mask, the image of its bits in the other half
    /// (each half's set rewritten in the other view's bit order).
    cross: [[u64; 256]; 6],
}

/// What the lines say about both sides, from the dual masks (see
/// [`Triples::both`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Both {
    /// Per side: complete mills, (stone, empty neighbour) pairs and
    /// stones without an empty neighbour.
    pub mills: [u32; 2],
    pub free: [u32; 2],
    pub blocked: [u32; 2],
    /// Per side, only where the open mills by a step are not asked (0
    /// otherwise): lines of two.
    pub twos: [u32; 2],
    /// Per side, only where asked (0 otherwise): lines of two whose gap a
    /// stone off the line can step into, and double mills.
    pub open_by_step: [u32; 2],
    pub double_mills: [u32; 2],
}

/// What the lines say about one side (the reference computation).
#[cfg(test)]
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
        let mut bit = [0u64; crate::board::MAX_POINTS];
        for (p, b) in bit.iter_mut().enumerate().take(n) {
            *b = 1 << p | 1 << (24 + board.map_point(k, p));
        }
        let mut cross = [[0u64; 256]; 6];
        for (byte, table) in cross.iter_mut().enumerate() {
            for (v, out) in table.iter_mut().enumerate() {
                for b in 0..8 {
                    let j = byte * 8 + b;
                    if v >> b & 1 == 0 {
                        continue;
                    }
                    if j < 24 && j < n {
                        *out |= 1 << (24 + board.map_point(k, j));
                    } else if j >= 24 && j - 24 < n {
                        *out |= 1 << board.map_point(kinv, j - 24);
                    }
                }
            }
        }
        Some(Triples { k, kinv, t, t2: u64::from(t) | u64::from(t) << 24, bit, cross })
    }

    /// The dual mask of a set of points.
    #[inline]
    pub(crate) fn dual(&self, mask: u32) -> u64 {
        let mut m = mask;
        let mut d = 0;
        while m != 0 {
            d |= self.bit[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        d
    }

    /// Each half of a dual mask rewritten in the other half's bit order
    /// (the first view's set into bits 24–47, the second's into 0–23).
    #[inline(always)]
    fn cross(&self, x: u64) -> u64 {
        let c = &self.cross;
        c[0][(x & 0xFF) as usize]
            | c[1][(x >> 8 & 0xFF) as usize]
            | c[2][(x >> 16 & 0xFF) as usize]
            | c[3][(x >> 24 & 0xFF) as usize]
            | c[4][(x >> 32 & 0xFF) as usize]
            | c[5][(x >> 40 & 0xFF) as usize]
    }

    /// The second half of a dual mask as a set of points (first view).
    #[inline(always)]
    fn second_as_points(&self, x: u64) -> u32 {
        let c = &self.cross;
        (c[3][(x >> 24 & 0xFF) as usize]
            | c[4][(x >> 32 & 0xFF) as usize]
            | c[5][(x >> 40 & 0xFF) as usize]) as u32
    }

    /// Points one step up a line of the dual view.
    #[inline(always)]
    fn up2(&self, x: u64) -> u64 {
        (x << 1) & (self.t2 << 1 | self.t2 << 2)
    }

    /// Points one step down a line of the dual view.
    #[inline(always)]
    fn down2(&self, x: u64) -> u64 {
        (x >> 1) & (self.t2 | self.t2 << 1)
    }

    /// Pairs of an `x` point and a `y` point next to each other on a line
    /// of the dual view, for disjoint `x` and `y`. On a triple they are
    /// the middle of one with an end of the other, and the middle is in at
    /// most one of them: the ends of `x` next to a middle of `y` and the
    /// ends of `y` next to a middle of `x` are disjoint and count all
    /// pairs in one population count.
    #[inline(always)]
    fn pairs2<P: PopCount>(&self, x: u64, y: u64, pop: P) -> u32 {
        let mid = self.t2 << 1;
        let ends = |m: u64| m >> 1 | m << 1;
        pop.pop48(x & ends(y & mid) | y & ends(x & mid))
    }

    /// Lines (bit 0 of their triple) that `x` fills.
    #[inline(always)]
    fn full2(&self, x: u64) -> u64 {
        x & x >> 1 & x >> 2 & self.t2
    }

    /// Lines with exactly one point of `e`.
    #[inline(always)]
    fn one2(&self, e: u64) -> u64 {
        (e ^ e >> 1 ^ e >> 2) & !(e & e >> 1 & e >> 2) & self.t2
    }

    /// The points of the triples marked at their bit 0.
    #[inline(always)]
    fn spread2(t: u64) -> u64 {
        t | t << 1 | t << 2
    }

    /// The gaps of the lines of two of the side with dual mask `own`
    /// (`empty`: the dual mask of the empty points) and the stones of that
    /// side in complete mills, both as sets of points.
    #[inline]
    pub(crate) fn gaps_and_mills(&self, own: u64, empty: u64) -> (u32, u32) {
        (self.gaps(own, empty), self.in_mills(own))
    }

    /// The stones of the side with dual mask `own` that stand in a
    /// complete mill, as a set of points ([`Board::in_mills`]).
    #[inline]
    pub(crate) fn in_mills(&self, own: u64) -> u32 {
        let mills = self.full2(own);
        if mills == 0 {
            return 0;
        }
        let m = Self::spread2(mills);
        m as u32 & 0xFF_FFFF | self.second_as_points(m)
    }

    /// The gaps of the lines of two of the side with dual mask `own`, as a
    /// set of points: every move that closes a mill ends on one.
    #[inline]
    pub(crate) fn gaps(&self, own: u64, empty: u64) -> u32 {
        let twos = self.full2(own | empty) & self.one2(empty);
        if twos == 0 {
            return 0;
        }
        let gaps = empty & Self::spread2(twos);
        gaps as u32 & 0xFF_FFFF | self.second_as_points(gaps)
    }

    /// The gaps of the lines of two of the side with dual mask `own` that
    /// it can fill with its next move, as a set of points: all of them,
    /// or with `by_step` those a stone off the line can step into.
    #[inline]
    pub(crate) fn closable_gaps(&self, own: u64, empty: u64, by_step: bool) -> u32 {
        let twos = self.full2(own | empty) & self.one2(empty);
        if twos == 0 {
            return 0;
        }
        let gaps = empty & Self::spread2(twos);
        // In the other view a gap's neighbours are those off its line.
        let gaps =
            if by_step { self.cross(gaps) & (self.up2(own) | self.down2(own)) } else { gaps };
        gaps as u32 & 0xFF_FFFF | self.second_as_points(gaps)
    }

    /// The fork points of the side with dual mask `own`: empty points
    /// both of whose lines hold one stone of the side and no other, as a
    /// set of points (a stone placed there makes two lines of two).
    #[inline]
    pub(crate) fn fork_points(&self, own: u64, empty: u64) -> u32 {
        let single = self.full2(own | empty) & self.one2(own);
        if single == 0 {
            return 0;
        }
        let points = empty & Self::spread2(single);
        points as u32 & 0xFF_FFFF & self.second_as_points(points)
    }

    /// The points next to a stone of the side with dual mask `own`.
    #[inline]
    pub(crate) fn next_to(&self, own: u64) -> u32 {
        let x = self.up2(own) | self.down2(own);
        x as u32 & 0xFF_FFFF | self.second_as_points(x)
    }

    /// `true` if a stone of the side with dual mask `own` has an empty
    /// neighbour.
    #[inline]
    pub(crate) fn can_step(&self, own: u64, empty: u64) -> bool {
        (self.up2(own) | self.down2(own)) & empty != 0
    }

    /// The line facts of both sides (dual masks `own`; `empty`: the dual
    /// mask of the empty points) in one pass; `moving[i]` asks for side
    /// `i`'s open mills by a step and double mills instead of its lines
    /// of two. `pop` counts the bits.
    #[inline]
    pub(crate) fn both<P: PopCount>(
        &self,
        own: [u64; 2],
        empty: u64,
        moving: [bool; 2],
        pop: P,
    ) -> Both {
        const LOW: u64 = 0xFF_FFFF;
        // Stones of either side without an empty neighbour on their line
        // of each view, then on both of their lines.
        let shut = (own[0] | own[1]) & !(self.up2(empty) | self.down2(empty));
        let shut = shut as u32 & LOW as u32 & self.second_as_points(shut);
        let mut b = Both::default();
        for i in 0..2 {
            let o = own[i];
            let mills = self.full2(o);
            let twos = self.full2(o | empty) & self.one2(empty);
            b.mills[i] = pop.pop48(mills);
            b.free[i] = self.pairs2(o, empty, pop);
            b.blocked[i] = pop.pop24(o as u32 & LOW as u32 & shut);
            if moving[i] {
                // No line of two: no open mill and no double mill.
                if twos == 0 {
                    continue;
                }
                // The gaps in the other view: a stone next to a gap along
                // the gap's other line steps into it.
                let gaps = self.cross(empty & Self::spread2(twos));
                b.open_by_step[i] = pop.pop48(gaps & (self.up2(o) | self.down2(o)));
                if mills != 0 {
                    let m = Self::spread2(mills);
                    let in_mills = m | self.cross(m);
                    b.double_mills[i] = self.pairs2(in_mills, gaps, pop);
                }
            } else {
                b.twos[i] = pop.pop48(twos);
            }
        }
        b
    }

    #[cfg(test)]
    #[inline(always)]
    fn adj(&self, x: u32) -> u32 {
        ((x << 1) & (self.t << 1 | self.t << 2)) | ((x >> 1) & (self.t | self.t << 1))
    }

    #[cfg(test)]
    /// (`x` point, `y` point) pairs that are neighbours on a line of the
    /// view.
    #[inline(always)]
    fn pairs(&self, x: u32, y: u32) -> u32 {
        pop24(((x << 1) & (self.t << 1 | self.t << 2)) & y)
            + pop24(((x >> 1) & (self.t | self.t << 1)) & y)
    }

    #[cfg(test)]
    #[inline(always)]
    fn full(&self, x: u32) -> u32 {
        x & x >> 1 & x >> 2 & self.t
    }

    #[cfg(test)]
    #[inline(always)]
    fn spread(t: u32) -> u32 {
        t | t << 1 | t << 2
    }

    #[cfg(test)]
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

    #[test]
    fn table_population_counts_equal_count_ones() {
        // Every 24-bit mask, and 48-bit masks built from pairs of them
        // with a multiplicative stride that reaches every bit.
        for x in 0..1u32 << 24 {
            assert_eq!(pop24(x), x.count_ones(), "{x:#x}");
        }
        let mut y = 0u64;
        for x in 0..1u64 << 20 {
            y = (y.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(x)) & ((1 << 48) - 1);
            assert_eq!(pop48(y), y.count_ones(), "{y:#x}");
        }
        assert_eq!(pop48((1 << 48) - 1), 48);
    }
}
