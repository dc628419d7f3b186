//! An independent exact solver of m,n,k-games (freestyle, boards of at
//! most 64 cells) for cross-checks: its own bitboard and lines (nothing of
//! the crate's position or of the negamax crate), win/draw/loss only, by
//! alpha-beta over three values with threat rules that are plain facts of
//! the game:
//!
//! - the side to move with a cell completing `k` wins;
//! - otherwise, if the opponent has two such cells it loses, and with one
//!   it must take it;
//! - a side without a line free of the other's stones cannot win.
//!
//! Positions are stored once per symmetry class (4 symmetries of a
//! rectangle, 8 of a square) with their value bounds.

use rustc_hash::FxHashMap;

/// The rules and their lines.
pub struct Mnk {
    pub w: usize,
    pub h: usize,
    pub k: usize,
    /// Every window of `k` cells in a row (as a bit mask).
    lines: Vec<u64>,
    /// The windows through each cell (indices into `lines`).
    through: Vec<Vec<usize>>,
    /// Cell permutations of the board's symmetries.
    syms: Vec<Vec<usize>>,
    /// Value bounds (low, high) of the side to move, by canonical key.
    table: FxHashMap<u128, (i8, i8)>,
    /// Positions searched.
    pub nodes: u64,
}

/// A position: the stones of the side to move and of the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub me: u64,
    pub you: u64,
}

impl Mnk {
    pub fn new(w: usize, h: usize, k: usize) -> Mnk {
        assert!(w * h <= 64 && k >= 3 && k <= w.max(h));
        let mut lines = Vec::new();
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ex, ey) = (x + dx * (k as i32 - 1), y + dy * (k as i32 - 1));
                    if ex < 0 || ey < 0 || ex >= w as i32 || ey >= h as i32 {
                        continue;
                    }
                    let mut m = 0u64;
                    for i in 0..k as i32 {
                        m |= 1 << ((y + dy * i) as usize * w + (x + dx * i) as usize);
                    }
                    lines.push(m);
                }
            }
        }
        let mut through = vec![Vec::new(); w * h];
        for (i, &m) in lines.iter().enumerate() {
            for (c, t) in through.iter_mut().enumerate() {
                if m >> c & 1 == 1 {
                    t.push(i);
                }
            }
        }
        let count = if w == h { 8 } else { 4 };
        let syms = (0..count)
            .map(|i| {
                (0..w * h)
                    .map(|c| {
                        let (x, y) = symmetric(i, c % w, c / w, w, h);
                        y * w + x
                    })
                    .collect()
            })
            .collect();
        Mnk { w, h, k, lines, through, syms, table: FxHashMap::default(), nodes: 0 }
    }

    fn full(&self) -> u64 {
        if self.w * self.h == 64 { u64::MAX } else { (1u64 << (self.w * self.h)) - 1 }
    }

    /// The empty cells that complete a line of `own` (against `other`).
    fn winning_cells(&self, own: u64, other: u64) -> u64 {
        let mut out = 0;
        for &m in &self.lines {
            if m & other == 0 && (m & own).count_ones() as usize == self.k - 1 {
                out |= m & !own;
            }
        }
        out
    }

    /// `true` if some line has none of `other`'s stones.
    fn can_win(&self, other: u64) -> bool {
        self.lines.iter().any(|&m| m & other == 0)
    }

    fn key(&self, p: Pos) -> u128 {
        // Absolute colours: the side to move has as many stones as the
        // other (first player) or one fewer (second player).
        let (x, o) =
            if p.me.count_ones() == p.you.count_ones() { (p.me, p.you) } else { (p.you, p.me) };
        let mut best = u128::MAX;
        for s in &self.syms {
            let (mut tx, mut to) = (0u64, 0u64);
            let mut b = x;
            while b != 0 {
                let c = b.trailing_zeros() as usize;
                tx |= 1 << s[c];
                b &= b - 1;
            }
            let mut b = o;
            while b != 0 {
                let c = b.trailing_zeros() as usize;
                to |= 1 << s[c];
                b &= b - 1;
            }
            best = best.min(u128::from(tx) | u128::from(to) << 64);
        }
        best
    }

    /// Move-ordering score of `cell`: the lines through it still open to
    /// either side, weighted by their stones.
    fn score(&self, p: Pos, cell: usize) -> u32 {
        let mut s = 0;
        for &i in &self.through[cell] {
            let m = self.lines[i];
            if m & p.you == 0 {
                s += 1 << (2 * (m & p.me).count_ones());
            }
            if m & p.me == 0 {
                s += 1 << (2 * (m & p.you).count_ones());
            }
        }
        s
    }

    /// The value (1 win, 0 draw, -1 loss) of `p` (no line on the board)
    /// for the side to move.
    pub fn value(&mut self, p: Pos) -> i8 {
        self.search(p, -1, 1)
    }

    fn search(&mut self, p: Pos, mut alpha: i8, mut beta: i8) -> i8 {
        self.nodes += 1;
        let empty = self.full() & !(p.me | p.you);
        if empty == 0 {
            return 0;
        }
        if self.winning_cells(p.me, p.you) != 0 {
            return 1;
        }
        let theirs = self.winning_cells(p.you, p.me);
        if theirs.count_ones() >= 2 {
            return -1;
        }
        let hi0: i8 = if self.can_win(p.you) { 1 } else { 0 };
        let lo0: i8 = if self.can_win(p.me) { -1 } else { 0 };
        if hi0 == lo0 {
            return hi0;
        }
        let key = self.key(p);
        let (mut lo, mut hi) = self.table.get(&key).copied().unwrap_or((lo0, hi0));
        if lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        if lo == hi {
            return lo;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (a0, b0) = (alpha, beta);
        let mut moves: Vec<(u32, usize)> = Vec::with_capacity(empty.count_ones() as usize);
        let candidates = if theirs != 0 { theirs } else { empty };
        let mut b = candidates;
        while b != 0 {
            let c = b.trailing_zeros() as usize;
            moves.push((self.score(p, c), c));
            b &= b - 1;
        }
        moves.sort_unstable_by(|a, b| b.cmp(a));
        let mut best = -2;
        for &(_, c) in &moves {
            let child = Pos { me: p.you, you: p.me | 1 << c };
            let v = -self.search(child, -beta, -alpha);
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        if best <= a0 {
            hi = hi.min(best);
        } else if best >= b0 {
            lo = lo.max(best);
        } else {
            (lo, hi) = (best, best);
        }
        self.table.insert(key, (lo, hi));
        best
    }

    /// Positions in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }
}

/// Cell `(x, y)` under symmetry `i` of a `w`×`h` board (0..4: identity and
/// the flips; 4..8, square boards only: the transposes and rotations).
fn symmetric(i: usize, x: usize, y: usize, w: usize, h: usize) -> (usize, usize) {
    match i {
        0 => (x, y),
        1 => (w - 1 - x, y),
        2 => (x, h - 1 - y),
        3 => (w - 1 - x, h - 1 - y),
        4 => (y, x),
        5 => (w - 1 - y, x),
        6 => (y, w - 1 - x),
        _ => (w - 1 - y, w - 1 - x),
    }
}
