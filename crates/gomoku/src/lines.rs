//! The fast line scan of a move for rows of up to five: the four lines
//! through a cell read as bit strings, and the open-window changes looked
//! up in a table.
//!
//! Besides the stones in the plain layout (rows contiguous), the position
//! keeps each player's stones in three *rotated* layouts in which the
//! columns, the diagonals and the anti-diagonals are contiguous runs of
//! bits ([`ROT`]). The `2k + 1` cells of a line around a cell are then one
//! shift of a 128-bit word instead of `2k + 1` bit tests, and the open
//! windows through the cell follow from the `2(k - 1)` inner cells by one
//! table look-up ([`WindowTable`]): the gains and losses of every window
//! level of both players, as 5-bit counters that four look-ups add up
//! without carries.

use std::sync::OnceLock;

use crate::bits::{Bits, CELLS, MAX_SIDE, STRIDE, coords};

/// Largest `k` the tables serve (`4^(2(k-1))` entries: 65,536 for five).
pub(crate) const FAST_MAX_K: u8 = 5;

/// `ROT[d][c]`: the index of cell `c` in the layout of direction `d + 1`
/// (vertical, diagonal, anti-diagonal), in which the line through `c` in
/// that direction is a run of consecutive indices, the cell one step in
/// the direction's negative sense at index − 1.
/// - vertical: `x * 23 + y`;
/// - diagonal `(1, 1)`: row `(y - x) mod 22`, index `row * 23 + x`;
/// - anti-diagonal `(1, -1)`: row `(x + y) mod 22`, index `row * 23 + x`.
///
/// Two diagonals can share a row of the layout; the scan never reads past
/// the real end of a line (it knows the distances to the board edge), so
/// they never meet.
pub(crate) static ROT: [[u16; CELLS]; 3] = {
    let mut t = [[0u16; CELLS]; 3];
    let side = MAX_SIDE as usize;
    let mut c = 0;
    while c < CELLS {
        let (x, y) = coords(c);
        if x < side && y < side {
            t[0][c] = (x * STRIDE + y) as u16;
            t[1][c] = (((y + side - x) % side) * STRIDE + x) as u16;
            t[2][c] = (((x + y) % side) * STRIDE + x) as u16;
        }
        c += 1;
    }
    t
};

/// `n ≤ 45` bits of `b` from bit `start` on (bit `start` lowest).
#[inline(always)]
pub(crate) fn extract(b: &Bits, start: usize, n: usize) -> u64 {
    let w = start >> 6;
    let lo = b.0[w];
    let hi = if w + 1 < b.0.len() { b.0[w + 1] } else { 0 };
    let v = ((u128::from(hi) << 64 | u128::from(lo)) >> (start & 63)) as u64;
    v & ((1u64 << n) - 1)
}

/// Bit width of one counter in a table entry.
const LANE: u32 = 5;

/// The open-window changes of a stone, by the `2(k-1)` cells around it on
/// one line: index `own | opp << 2(k-1)` (bit `i` is the cell at offset
/// `i - (k-1)` for `i < k-1`, else `i - k + 2`; a cell off the board has
/// both bits set). An entry holds twelve 5-bit counters: lanes 0–3 the
/// mover's windows gained at levels 0–3 (`k-1` … `k-4` own stones), lanes
/// 4–7 the mover's windows lost there, lanes 8–11 the opponent's windows
/// lost there.
pub(crate) struct WindowTable {
    entries: Vec<u64>,
}

impl WindowTable {
    /// The shared table of rows of `k` (3 ≤ `k` ≤ [`FAST_MAX_K`]).
    pub(crate) fn get(k: u8) -> &'static WindowTable {
        static TABLES: [OnceLock<WindowTable>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        debug_assert!((3..=FAST_MAX_K).contains(&k));
        TABLES[usize::from(k - 3)].get_or_init(|| WindowTable::build(usize::from(k)))
    }

    fn build(k: usize) -> WindowTable {
        let half = k - 1;
        let n = 2 * half;
        let level = |m: usize| (m >= 1 && m < k && k - 1 - m < 4).then(|| k - 1 - m);
        let entries = (0..1usize << (2 * n))
            .map(|code| {
                // cells[o + half] for offsets -half..=half: 0 empty, 1 own,
                // 2 opposing, 3 off the board; the centre is the new stone.
                let mut cells = [0u8; 2 * FAST_MAX_K as usize];
                for (i, o) in (0..half).chain(half + 1..=n).enumerate() {
                    let own = code >> i & 1;
                    let opp = code >> (n + i) & 1;
                    cells[o] = (own | opp << 1) as u8;
                }
                let mut e = 0u64;
                let mut add = |lane: usize| e += 1 << (LANE as usize * lane);
                for s in 0..=half {
                    let w = &cells[s..s + k];
                    if w.contains(&3) {
                        continue;
                    }
                    let a = w.iter().filter(|&&c| c == 1).count();
                    let b = w.iter().filter(|&&c| c == 2).count();
                    if b == 0 {
                        if let Some(j) = level(a + 1) {
                            add(j);
                        }
                        if let Some(j) = level(a) {
                            add(4 + j);
                        }
                    } else if a == 0
                        && let Some(j) = level(b)
                    {
                        add(8 + j);
                    }
                }
                e
            })
            .collect();
        WindowTable { entries }
    }
}

/// The scan of a stone of the mover on the empty cell `c`: the sum of the
/// four lines' table entries, and whether the stone makes a winning row.
/// `own` and `opp` are the players' stones, `own_rot` and `opp_rot` their
/// rotated layouts; `width`, `height` the board; rows of `k` (at most
/// [`FAST_MAX_K`]), exactly `k` if `exact`.
/// (`k` is a constant here: [`scan`] dispatches.)
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn scan_k<const K: usize>(
    table: &WindowTable,
    own: &Bits,
    opp: &Bits,
    own_rot: &[Bits; 3],
    opp_rot: &[Bits; 3],
    c: usize,
    width: usize,
    height: usize,
    exact: bool,
) -> (u64, bool) {
    let k = K;
    let (x, y) = coords(c);
    let (w1, h1) = (width - 1, height - 1);
    // Cells available before and after `c` on each line, at most k.
    let ext = [
        (x, w1 - x),
        (y, h1 - y),
        (x.min(y), (w1 - x).min(h1 - y)),
        (x.min(h1 - y), (w1 - x).min(y)),
    ];
    let half = k - 1;
    let inner = (1u64 << half) - 1;
    let mut acc = 0u64;
    let mut win = false;
    for (d, &(before, after)) in ext.iter().enumerate() {
        let (a, b, idx) = if d == 0 {
            (own, opp, c)
        } else {
            (&own_rot[d - 1], &opp_rot[d - 1], usize::from(ROT[d - 1][c]))
        };
        let lo = before.min(k);
        let hi = after.min(k);
        let n = lo + hi + 1;
        // Centre at bit k.
        let shift = k - lo;
        let o = extract(a, idx - lo, n) << shift;
        let p = extract(b, idx - lo, n) << shift;
        let valid = ((1u64 << n) - 1) << shift;
        // The run through c.
        let run_bits = o | 1 << k;
        let below = run_bits << (64 - k);
        let l = (!below).leading_zeros() as usize;
        let r = (run_bits >> (k + 1)).trailing_ones() as usize;
        let run = l.min(k) + r + 1;
        win |= run == k || (run > k && !exact);
        // The window table over the k - 1 inner cells on each side.
        let wall = !valid;
        let (o, p) = (o | wall, p | wall);
        let o8 = (o >> 1 & inner) | (o >> (k + 1) & inner) << half;
        let p8 = (p >> 1 & inner) | (p >> (k + 1) & inner) << half;
        acc += table.entries[(o8 | p8 << (2 * half)) as usize];
    }
    (acc, win)
}

/// The scan of a stone of the mover on the empty cell `c` (see
/// [`scan_k`]), rows of `k` (3 ≤ `k` ≤ [`FAST_MAX_K`]).
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn scan(
    table: &WindowTable,
    own: &Bits,
    opp: &Bits,
    own_rot: &[Bits; 3],
    opp_rot: &[Bits; 3],
    c: usize,
    width: usize,
    height: usize,
    k: usize,
    exact: bool,
) -> (u64, bool) {
    match k {
        5 => scan_k::<5>(table, own, opp, own_rot, opp_rot, c, width, height, exact),
        4 => scan_k::<4>(table, own, opp, own_rot, opp_rot, c, width, height, exact),
        _ => scan_k::<3>(table, own, opp, own_rot, opp_rot, c, width, height, exact),
    }
}

/// `true` if a stone of the player whose stones are `own` (layouts
/// `own_rot`) at `c` (empty or own) lies in a winning row of `k ≤ 22`
/// (exactly `k` if `exact`): two shifts per line.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn makes_row(
    own: &Bits,
    own_rot: &[Bits; 3],
    c: usize,
    width: usize,
    height: usize,
    k: usize,
    exact: bool,
) -> bool {
    let (x, y) = coords(c);
    let (w1, h1) = (width - 1, height - 1);
    let ext = [
        (x, w1 - x),
        (y, h1 - y),
        (x.min(y), (w1 - x).min(h1 - y)),
        (x.min(h1 - y), (w1 - x).min(y)),
    ];
    for (d, &(before, after)) in ext.iter().enumerate() {
        let (a, idx) =
            if d == 0 { (own, c) } else { (&own_rot[d - 1], usize::from(ROT[d - 1][c])) };
        let lo = before.min(k);
        let hi = after.min(k);
        // Centre at bit lo; at most 45 bits.
        let o = extract(a, idx - lo, lo + hi + 1) | 1 << lo;
        let l = if lo == 0 { 0 } else { (!(o << (64 - lo))).leading_zeros() as usize };
        let r = (o >> (lo + 1)).trailing_ones() as usize;
        let run = l.min(lo) + r + 1;
        if run == k || (run > k && !exact) {
            return true;
        }
    }
    false
}

/// Counter `lane` of a summed entry.
#[inline(always)]
pub(crate) fn lane(acc: u64, lane: usize) -> u16 {
    (acc >> (LANE as usize * lane) & ((1 << LANE) - 1)) as u16
}
