//! A plain, independent implementation of the rules for cross-checks: a
//! byte per cell, every line scanned afresh after each move, candidate
//! moves by looking around every empty cell.
#![allow(dead_code)]

pub mod mnk;

#[derive(Clone, Debug)]
pub struct Plain {
    pub w: i32,
    pub h: i32,
    pub k: i32,
    pub exact: bool,
    pub radius: i32,
    pub cells: Vec<u8>,
    pub mover: u8,
    pub winner: u8,
    pub full: bool,
}

impl Plain {
    pub fn new(w: i32, h: i32, k: i32, exact: bool, radius: i32) -> Self {
        Plain {
            w,
            h,
            k,
            exact,
            radius,
            cells: vec![0; (w * h) as usize],
            mover: 1,
            winner: 0,
            full: false,
        }
    }

    pub fn get(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return 9;
        }
        self.cells[(y * self.w + x) as usize]
    }

    /// Every maximal run of one colour on the whole board; a winner if a run
    /// has the winning length.
    fn scan_winner(&self) -> u8 {
        let mut win = 0;
        for &(dx, dy) in &[(1, 0), (0, 1), (1, 1), (1, -1)] {
            for y in 0..self.h {
                for x in 0..self.w {
                    let v = self.get(x, y);
                    if v == 0 || self.get(x - dx, y - dy) == v {
                        continue; // not the start of a run
                    }
                    let mut len = 0;
                    while self.get(x + len * dx, y + len * dy) == v {
                        len += 1;
                    }
                    if len == self.k || (len > self.k && !self.exact) {
                        win = v;
                    }
                }
            }
        }
        win
    }

    /// `true` if a stone of `v` on the empty cell `(x, y)` makes a
    /// winning row (the runs through it, cell by cell).
    pub fn wins_at(&self, x: i32, y: i32, v: u8) -> bool {
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let mut len = 1;
            while self.get(x + len * dx, y + len * dy) == v {
                len += 1;
            }
            let mut back = 1;
            while self.get(x - back * dx, y - back * dy) == v {
                back += 1;
            }
            let run = len + back - 1;
            run == self.k || (run > self.k && !self.exact)
        })
    }

    pub fn over(&self) -> bool {
        self.winner != 0 || self.full
    }

    /// Moves as (x, y), row-major from the top-left.
    pub fn moves(&self) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        if self.over() {
            return out;
        }
        let stones = self.cells.iter().filter(|&&c| c != 0).count();
        for y in 0..self.h {
            for x in 0..self.w {
                if self.get(x, y) != 0 {
                    continue;
                }
                let ok = if self.radius == 0 {
                    true
                } else if stones == 0 {
                    let cx = |v: i32, n: i32| {
                        if n % 2 == 1 { v == n / 2 } else { v == n / 2 || v == n / 2 - 1 }
                    };
                    cx(x, self.w) && cx(y, self.h)
                } else {
                    let r = self.radius;
                    (-r..=r).any(|dy| (-r..=r).any(|dx| matches!(self.get(x + dx, y + dy), 1 | 2)))
                };
                if ok {
                    out.push((x, y));
                }
            }
        }
        out
    }

    pub fn play(&mut self, x: i32, y: i32) {
        self.cells[(y * self.w + x) as usize] = self.mover;
        self.mover = 3 - self.mover;
        self.winner = self.scan_winner();
        self.full = self.cells.iter().all(|&c| c != 0);
    }

    /// Open windows (k cells in a line, own stones, no opposing stone) with
    /// `m` stones of player `p` (1 or 2).
    pub fn windows(&self, p: u8, m: i32) -> u32 {
        let mut n = 0;
        for &(dx, dy) in &[(1, 0), (0, 1), (1, 1), (1, -1)] {
            for y in 0..self.h {
                for x in 0..self.w {
                    let cells: Vec<u8> =
                        (0..self.k).map(|i| self.get(x + i * dx, y + i * dy)).collect();
                    if cells.contains(&9) {
                        continue;
                    }
                    let own = cells.iter().filter(|&&c| c == p).count() as i32;
                    let opp = cells.iter().filter(|&&c| c == 3 - p).count();
                    if opp == 0 && own == m {
                        n += 1;
                    }
                }
            }
        }
        n
    }
}

pub fn perft_plain(p: &Plain, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&(x, y)| {
            let mut c = p.clone();
            c.play(x, y);
            perft_plain(&c, depth - 1)
        })
        .sum()
}
