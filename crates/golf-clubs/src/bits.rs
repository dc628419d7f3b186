//! The bit-parallel search: the Tübingen table `1..=max_hole` as a bitset
//! of `W` machine words, one breadth-first level per round of shifts.
//!
//! With the first Tübingen optimisation a level marks `club + v` and
//! `club − v` for every field `v` of the previous level. For a whole level
//! at once: `club + v` is the frontier shifted left by `club`; `club − v`
//! is the *mirrored* frontier (bit `K − v`, `K = 64·W − 1`) shifted right by
//! `K − club`. So a level costs two shifts per club and one mirror, however
//! many fields it holds.

use crate::params::MAX_HOLE_LIMIT;

/// Words of the widest supported field (bits `0..=1023`).
pub(crate) const MAX_WORDS: usize = (MAX_HOLE_LIMIT as usize + 1).div_ceil(64);

/// Words needed for the fields `0..=max_hole`.
pub(crate) fn words(max_hole: u32) -> usize {
    (max_hole as usize + 1).div_ceil(64)
}

/// Calls `$f::<W>(args)` with the const `W` matching a run-time word count.
macro_rules! with_words {
    ($w:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match $w {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            8 => $f::<8>($($arg),*),
            9 => $f::<9>($($arg),*),
            10 => $f::<10>($($arg),*),
            11 => $f::<11>($($arg),*),
            12 => $f::<12>($($arg),*),
            13 => $f::<13>($($arg),*),
            14 => $f::<14>($($arg),*),
            15 => $f::<15>($($arg),*),
            _ => $f::<16>($($arg),*),
        }
    };
}
pub(crate) use with_words;

/// A set of fields `0..64·W`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Bits<W> {
    /// The mirror axis: bit `p` of a set is bit `K − p` of its mirror.
    pub const K: u32 = 64 * W as u32 - 1;

    pub const fn zero() -> Self {
        Bits([0; W])
    }

    /// The fields `lo..=hi`.
    pub fn range(lo: u32, hi: u32) -> Self {
        let mut b = Self::zero();
        for i in 0..W {
            let (start, end) = (i as u32 * 64, i as u32 * 64 + 63);
            if lo <= hi && hi >= start && lo <= end {
                let (a, z) = (lo.max(start) - start, hi.min(end) - start);
                b.0[i] = (u64::MAX >> (63 - z)) & (u64::MAX << a);
            }
        }
        b
    }

    /// The first `W` words of `words`.
    pub fn from_words(words: &[u64; MAX_WORDS]) -> Self {
        let mut b = Self::zero();
        b.0.copy_from_slice(&words[..W]);
        b
    }

    #[inline(always)]
    pub fn set(&mut self, i: u32) {
        if let Some(w) = self.0.get_mut(i as usize / 64) {
            *w |= 1 << (i % 64);
        }
    }

    #[cfg(test)]
    pub fn contains(&self, i: u32) -> bool {
        self.0.get(i as usize / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// Whether both sets are equal (word by word, no `memcmp` call).
    #[inline(always)]
    pub fn same(&self, o: &Self) -> bool {
        let mut x = 0;
        for i in 0..W {
            x |= self.0[i] ^ o.0[i];
        }
        x == 0
    }

    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }

    #[inline(always)]
    pub fn and_not(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }

    #[inline(always)]
    pub fn or_assign(&mut self, o: &Self) {
        for i in 0..W {
            self.0[i] |= o.0[i];
        }
    }

    /// `self |= a << n` (bits shifted past the top are lost). The plain
    /// version, which the tests compare the padded one with.
    #[cfg(test)]
    pub fn or_shl(&mut self, a: &Self, n: u32) {
        let q = n as usize / 64;
        let r = n % 64;
        for i in 0..W {
            let j = i.wrapping_sub(q);
            let x = if j < W { a.0[j] } else { 0 };
            let y = if j.wrapping_sub(1) < W { a.0[j.wrapping_sub(1)] } else { 0 };
            // `(y >> 1) >> (63 − r)` is `y >> (64 − r)`, and 0 for r = 0.
            self.0[i] |= (x << r) | ((y >> 1) >> (63 - r));
        }
    }

    /// `self |= a >> n` (bits shifted below 0 are lost).
    #[cfg(test)]
    pub fn or_shr(&mut self, a: &Self, n: u32) {
        let q = n as usize / 64;
        let r = n % 64;
        for i in 0..W {
            let j = i + q;
            let x = if j < W { a.0[j] } else { 0 };
            let y = if j + 1 < W { a.0[j + 1] } else { 0 };
            self.0[i] |= (x >> r) | ((y << 1) << (63 - r));
        }
    }

    /// The mirror image: bit `p` becomes bit `K − p`.
    #[inline(always)]
    pub fn mirror(&self) -> Self {
        let mut r = Self::zero();
        for i in 0..W {
            r.0[i] = self.0[W - 1 - i].reverse_bits();
        }
        r
    }

    /// Calls `f` with every set bit, ascending.
    #[inline(always)]
    pub fn for_each(&self, mut f: impl FnMut(u32)) {
        for (i, &w) in self.0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                f(i as u32 * 64 + w.trailing_zeros());
                w &= w - 1;
            }
        }
    }
}

/// The precomputed masks and weights of one tournament (non-generic, so it
/// can be built once and read by every width).
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    /// Fields `1..=max_hole`.
    pub field: [u64; MAX_WORDS],
    /// The needed fields (hole lengths that can occur).
    pub needed: [u64; MAX_WORDS],
    /// Weight of every field `0..=max_hole` (0 if not needed).
    pub weight: Vec<u64>,
    /// Sum of all weights (`U_0`).
    pub total: u64,
    /// Words in use.
    pub words: usize,
    /// Longest hole.
    pub max_hole: u32,
}

impl Ctx {
    /// Masks for the fields `1..=max_hole` with these weights (index =
    /// field; length `max_hole + 1`).
    pub fn new(max_hole: u32, weight: &[u64]) -> Ctx {
        let mut field = [0; MAX_WORDS];
        let mut needed = [0; MAX_WORDS];
        for f in 1..=max_hole {
            field[f as usize / 64] |= 1 << (f % 64);
            if weight[f as usize] > 0 {
                needed[f as usize / 64] |= 1 << (f % 64);
            }
        }
        Ctx {
            field,
            needed,
            weight: weight.to_vec(),
            total: weight.iter().sum(),
            words: words(max_hole),
            max_hole,
        }
    }
}

/// The result of evaluating a club set against a bound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Eval {
    /// The exact numerator (expected value times the denominator).
    Exact(u64),
    /// The lower bound exceeded the bound after this many levels (the
    /// second Tübingen optimisation).
    Abandoned(u32),
    /// Some needed field cannot be reached (the gcd of the clubs does not
    /// divide it).
    Unreachable,
}

/// Words of the zero-padded frontier buffers: `MAX_WORDS + 1` zero words,
/// the frontier, and zero words behind it, so that a shift by any amount
/// below `64·W` reads two fixed windows without branches.
const PAD: usize = 3 * MAX_WORDS + 2;
/// Where the frontier starts in a padded buffer.
const OFF: usize = MAX_WORDS + 1;

/// `acc |= a << n` where `pad[OFF..OFF + W]` holds `a` (zeros around it).
#[inline(always)]
fn or_shl_padded<const W: usize>(acc: &mut Bits<W>, pad: &[u64; PAD], n: u32) {
    if n > Bits::<W>::K {
        return;
    }
    let q = n as usize / 64;
    let r = n % 64;
    let hi = &pad[OFF - q..][..W];
    let lo = &pad[OFF - q - 1..][..W];
    for i in 0..W {
        // `(lo >> 1) >> (63 − r)` is `lo >> (64 − r)`, and 0 for r = 0.
        acc.0[i] |= (hi[i] << r) | ((lo[i] >> 1) >> (63 - r));
    }
}

/// `acc |= a >> n` where `pad[OFF..OFF + W]` holds `a` (zeros around it).
#[inline(always)]
fn or_shr_padded<const W: usize>(acc: &mut Bits<W>, pad: &[u64; PAD], n: u32) {
    if n > Bits::<W>::K {
        return;
    }
    let q = n as usize / 64;
    let r = n % 64;
    let lo = &pad[OFF + q..][..W];
    let hi = &pad[OFF + q + 1..][..W];
    for i in 0..W {
        acc.0[i] |= (lo[i] >> r) | ((hi[i] << 1) << (63 - r));
    }
}

/// The state of one bit-parallel search between levels.
#[derive(Clone, Debug)]
pub(crate) struct Walk<const W: usize> {
    pub reached: Bits<W>,
    pub depth: u32,
    /// `Σ_{j ≤ depth} U_j`: the lower bound of the numerator.
    pub sum: u64,
    /// `U_depth`: weight of the needed fields not reached yet.
    pub unfound: u64,
    /// The frontier (fields first reached at `depth`), zero-padded.
    front: [u64; PAD],
    /// Its mirror image, zero-padded.
    mirror: [u64; PAD],
}

impl<const W: usize> Walk<W> {
    /// Before the first stroke: only the tee (field 0) is reached.
    pub fn start(total: u64) -> Self {
        let mut zero = Bits::zero();
        zero.set(0);
        Self::at(zero, zero, 0, total, total)
    }

    /// After the first stroke (level 1 is the clubs themselves, so the
    /// searches start here and save a round of shifts).
    #[inline(always)]
    pub fn first(
        clubs: &[u32],
        field: &Bits<W>,
        needed: &Bits<W>,
        weight: &[u64],
        total: u64,
    ) -> Self {
        let mut front = Bits::zero();
        for &c in clubs {
            front.set(c);
        }
        let front = front.and(field);
        let mut reached = front;
        reached.set(0);
        let mut unfound = total;
        front.and(needed).for_each(|f| unfound -= weight[f as usize]);
        Self::at(reached, front, 1, total + unfound, unfound)
    }

    /// A walk after `depth` levels.
    pub fn at(reached: Bits<W>, frontier: Bits<W>, depth: u32, sum: u64, unfound: u64) -> Self {
        let mut w = Walk { reached, depth, sum, unfound, front: [0; PAD], mirror: [0; PAD] };
        w.set_frontier(&frontier);
        w
    }

    #[inline(always)]
    fn set_frontier(&mut self, f: &Bits<W>) {
        self.front[OFF..OFF + W].copy_from_slice(&f.0);
        self.mirror[OFF..OFF + W].copy_from_slice(&f.mirror().0);
    }

    /// The fields first reached in the next level (Tübingen marking
    /// `club ± v`), restricted to `field`; does not update the walk.
    #[inline(always)]
    pub fn next_level(&self, clubs: &[u32], field: &Bits<W>) -> Bits<W> {
        let mut next = Bits::zero();
        for &c in clubs {
            or_shl_padded(&mut next, &self.front, c);
            // Clubs are shorter than the table (checked by the callers); a
            // longer one is skipped by the shift (its `c − v` are lost).
            or_shr_padded(&mut next, &self.mirror, Bits::<W>::K.wrapping_sub(c));
        }
        next.and(field).and_not(&self.reached)
    }

    /// Makes `next` (from [`next_level`](Walk::next_level), not empty) the
    /// new frontier.
    #[inline(always)]
    pub fn advance(&mut self, next: &Bits<W>) {
        self.reached.or_assign(next);
        self.set_frontier(next);
        self.depth += 1;
    }

    /// Expands one level; `false` (walk unchanged) if it reaches nothing.
    #[inline(always)]
    pub fn step(
        &mut self,
        clubs: &[u32],
        field: &Bits<W>,
        needed: &Bits<W>,
        weight: &[u64],
    ) -> bool {
        let next = self.next_level(clubs, field);
        if next.is_zero() {
            return false;
        }
        self.advance(&next);
        next.and(needed).for_each(|f| self.unfound -= weight[f as usize]);
        self.sum += self.unfound;
        true
    }

    /// Runs to the end: exact, abandoned once the lower bound exceeds
    /// `bound`, or unreachable.
    #[inline(always)]
    pub fn finish(
        &mut self,
        clubs: &[u32],
        field: &Bits<W>,
        needed: &Bits<W>,
        weight: &[u64],
        bound: u64,
    ) -> Eval {
        loop {
            if self.unfound == 0 {
                return Eval::Exact(self.sum);
            }
            if self.sum > bound {
                return Eval::Abandoned(self.depth);
            }
            if !self.step(clubs, field, needed, weight) {
                return Eval::Unreachable;
            }
        }
    }
}

/// Evaluates `clubs` (early stop once every needed field is found; abandon
/// once the lower bound exceeds `bound`).
pub(crate) fn evaluate<const W: usize>(clubs: &[u32], ctx: &Ctx, bound: u64) -> Eval {
    let field = Bits::<W>::from_words(&ctx.field);
    let needed = Bits::<W>::from_words(&ctx.needed);
    let mut walk = Walk::<W>::start(ctx.total);
    if walk.sum <= bound {
        walk = Walk::first(clubs, &field, &needed, &ctx.weight, ctx.total);
    }
    walk.finish(clubs, &field, &needed, &ctx.weight, bound)
}

/// Most bit planes of a depth: depths stay below `2^10` (a table never
/// needs more passes than it has fields, at most `MAX_HOLE_LIMIT`).
const PLANES: usize = 10;

/// `SPREAD[b]`: bit `j` of the byte `b` moved to bit `16·j`, i.e. eight
/// `u16` lanes holding 0 or 1 (lanes 0–3 in the first word, 4–7 in the
/// second).
const SPREAD: [(u64, u64); 256] = {
    let mut t = [(0u64, 0u64); 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 4 {
            t[b].0 |= ((b as u64 >> j) & 1) << (16 * j);
            t[b].1 |= ((b as u64 >> (j + 4)) & 1) << (16 * j);
            j += 1;
        }
        b += 1;
    }
    t
};

/// The levels of the search from the clubs until every field is reached or
/// a level is empty, recorded in `planes`: the last depth and the reached
/// fields.
#[inline(always)]
fn levels<const W: usize>(
    clubs: &[u32],
    field: &Bits<W>,
    planes: &mut [Bits<W>; PLANES],
) -> (u32, Bits<W>) {
    let mut walk = Walk::<W>::first(clubs, field, &Bits::zero(), &[], 0);
    walk.reached.0[0] &= !1;
    planes[0] = walk.reached;
    while !walk.reached.same(field) {
        let next = walk.next_level(clubs, field);
        if next.is_zero() {
            break;
        }
        walk.advance(&next);
        record(planes, walk.depth, &next);
    }
    (walk.depth, walk.reached)
}

/// [`levels`] for any number of clubs.
#[inline(never)]
fn levels_any<const W: usize>(
    clubs: &[u32],
    field: &Bits<W>,
    planes: &mut [Bits<W>; PLANES],
) -> (u32, Bits<W>) {
    levels(clubs, field, planes)
}

/// [`levels`] for exactly `N` clubs (the club loop unrolled).
#[inline(never)]
fn levels_n<const W: usize, const N: usize>(
    clubs: &[u32; N],
    field: &Bits<W>,
    planes: &mut [Bits<W>; PLANES],
) -> (u32, Bits<W>) {
    levels(clubs, field, planes)
}

/// `out[f]` = the number whose bit `p` is bit `f` of `planes[p]`, for the
/// first `P` planes: eight fields of every plane at a time become eight
/// `u16` lanes (two `u64` of four lanes each), branch-free.
#[inline(always)]
fn transpose<const W: usize, const P: usize>(planes: &[Bits<W>; PLANES], out: &mut [u16]) {
    for w in 0..W {
        let words: [u64; P] = core::array::from_fn(|p| planes[p].0[w]);
        for b in 0..8 {
            let start = 64 * w + 8 * b;
            let n = out.len().saturating_sub(start).min(8);
            if n == 0 {
                return;
            }
            let (mut lo, mut hi) = (0u64, 0u64);
            for (p, &x) in words.iter().enumerate() {
                let (l, h) = SPREAD[(x >> (8 * b)) as u8 as usize];
                lo |= l << p;
                hi |= h << p;
            }
            let lanes = [
                lo as u16,
                (lo >> 16) as u16,
                (lo >> 32) as u16,
                (lo >> 48) as u16,
                hi as u16,
                (hi >> 16) as u16,
                (hi >> 32) as u16,
                (hi >> 48) as u16,
            ];
            out[start..start + n].copy_from_slice(&lanes[..n]);
        }
    }
}

/// ORs `next` into the planes of the bits of `depth`.
#[inline(always)]
fn record<const W: usize>(planes: &mut [Bits<W>; PLANES], depth: u32, next: &Bits<W>) {
    let mut d = depth;
    while d != 0 {
        if let Some(plane) = planes.get_mut(d.trailing_zeros() as usize) {
            plane.or_assign(next);
        }
        d &= d - 1;
    }
}

/// The full stroke table: `out[n]` = minimal strokes for hole `n`
/// (`u16::MAX` where unreachable and for `n = 0`), `out.len() == max_hole + 1`.
///
/// The same levels as [`Walk`] (Tübingen marking `club ± v`), tuned for a
/// whole table:
/// - the depth of a field is not written per pass: a level ORs its new
///   fields into the bit planes of its depth (`planes[p]` holds the fields
///   whose depth has bit `p`), and one branch-free transposition at the end
///   turns eight fields of every plane at a time into eight `u16` lanes;
/// - the search stops as soon as every field is reached, saving the final
///   empty pass (a set whose clubs have a common divisor still ends on an
///   empty level: an exact gcd costs more divisions than the pass).
pub(crate) fn table<const W: usize>(clubs: &[u32], max_hole: u32, out: &mut [u16]) {
    let field = Bits::<W>::range(1, max_hole);
    let mut planes = [Bits::<W>::zero(); PLANES];
    // The text's four clubs get their own unrolled club loop.
    let (depth, reached) = match <&[u32; 4]>::try_from(clubs) {
        Ok(four) => levels_n(four, &field, &mut planes),
        Err(_) => levels_any(clubs, &field, &mut planes),
    };
    // Transpose, with the plane count rounded up to a specialised one
    // (planes above the depth's bit length are zero).
    match 32 - depth.leading_zeros() {
        0..=2 => transpose::<W, 2>(&planes, out),
        3 => transpose::<W, 3>(&planes, out),
        4 => transpose::<W, 4>(&planes, out),
        5 => transpose::<W, 5>(&planes, out),
        6 => transpose::<W, 6>(&planes, out),
        7..=8 => transpose::<W, 8>(&planes, out),
        _ => transpose::<W, PLANES>(&planes, out),
    }
    // The tee and the unreachable fields.
    if let Some(o) = out.first_mut() {
        *o = u16::MAX;
    }
    field.and_not(&reached).for_each(|f| {
        if let Some(o) = out.get_mut(f as usize) {
            *o = u16::MAX;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_and_mirror() {
        let mut a = Bits::<3>::zero();
        for i in [0, 5, 63, 64, 100, 191] {
            a.set(i);
        }
        for n in [0, 1, 5, 63, 64, 65, 127, 128, 150, 191, 192, 250] {
            let mut l = Bits::<3>::zero();
            l.or_shl(&a, n);
            let mut r = Bits::<3>::zero();
            r.or_shr(&a, n);
            for i in 0..192u32 {
                let want_l = i >= n && a.contains(i - n);
                let want_r = i + n < 192 && a.contains(i + n);
                assert_eq!(l.contains(i), want_l, "shl {n} bit {i}");
                assert_eq!(r.contains(i), want_r, "shr {n} bit {i}");
            }
        }
        for n in 0..=Bits::<3>::K + 3 {
            let mut pad = [0u64; PAD];
            pad[OFF..OFF + 3].copy_from_slice(&a.0);
            let (mut l, mut r) = (Bits::<3>::zero(), Bits::<3>::zero());
            let (mut pl, mut pr) = (Bits::<3>::zero(), Bits::<3>::zero());
            l.or_shl(&a, n.min(192));
            r.or_shr(&a, n.min(192));
            or_shl_padded(&mut pl, &pad, n);
            or_shr_padded(&mut pr, &pad, n);
            if n <= Bits::<3>::K {
                assert_eq!((pl, pr), (l, r), "shift {n}");
            } else {
                assert!(pl.is_zero() && pr.is_zero());
            }
        }
        for (lo, hi) in [(0, 0), (1, 358), (5, 4), (63, 64), (0, 191), (100, 100), (64, 127)] {
            let r = Bits::<3>::range(lo, hi);
            for i in 0..192u32 {
                assert_eq!(r.contains(i), lo <= i && i <= hi, "range {lo}..={hi} bit {i}");
            }
        }
        let m = a.mirror();
        for i in 0..192u32 {
            assert_eq!(m.contains(Bits::<3>::K - i), a.contains(i));
        }
        let mut seen = vec![];
        a.for_each(|i| seen.push(i));
        assert_eq!(seen, vec![0, 5, 63, 64, 100, 191]);
    }

    /// Deep tables use every bit plane: one club of length 1 needs `n`
    /// strokes for hole `n` (up to 1023, ten planes); a club of length 2
    /// never reaches odd holes. Expected values by hand, not by the search.
    #[test]
    fn deep_tables_use_all_planes() {
        let mut out = vec![0u16; 1024];
        table::<16>(&[1], 1023, &mut out);
        assert_eq!(out[0], u16::MAX);
        assert!((1..=1023).all(|n| out[n] == n as u16));
        let mut out = vec![0u16; 301];
        table::<5>(&[2], 300, &mut out);
        for (n, &s) in out.iter().enumerate().skip(1) {
            assert_eq!(s, if n % 2 == 0 { n as u16 / 2 } else { u16::MAX }, "hole {n}");
        }
    }
}
