//! Peg solitaire on a small square board, written here from scratch, and
//! a plain per-level hash map without symmetry to count it: the reference
//! both level engines are tested against.
#![allow(dead_code)]

use std::collections::HashMap;

use spielbaum_bfs_reach::FromKey;
use spielbaum_game_trait::{Game, MoveList, Outcome, Player};

#[derive(Clone, Copy, Debug)]
pub struct Square {
    pub n: u32,
    pub pegs: u64,
}

impl Square {
    fn map(&self, k: usize, r: u32, c: u32) -> (u32, u32) {
        let m = self.n - 1;
        let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
        let r = if k & 1 != 0 { m - r } else { r };
        let c = if k & 2 != 0 { m - c } else { c };
        (r, c)
    }
}

impl Game for Square {
    type Move = (u32, u32); // (from, to)
    const PLAYERS: u8 = 1;
    const EXACT_KEY: bool = true;
    fn to_move(&self) -> Player {
        Player::FIRST
    }
    fn moves(&self, out: &mut MoveList<(u32, u32)>) {
        let n = self.n as i32;
        let has = |r: i32, c: i32| {
            r >= 0 && c >= 0 && r < n && c < n && self.pegs >> (r * n + c) & 1 == 1
        };
        let inside = |r: i32, c: i32| r >= 0 && c >= 0 && r < n && c < n;
        for r in 0..n {
            for c in 0..n {
                if !has(r, c) {
                    continue;
                }
                for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let (r1, c1, r2, c2) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
                    if inside(r2, c2) && has(r1, c1) && !has(r2, c2) {
                        out.push(((r * n + c) as u32, (r2 * n + c2) as u32));
                    }
                }
            }
        }
    }
    fn play(&mut self, (from, to): (u32, u32)) {
        let over = (from + to) / 2;
        self.pegs ^= 1 << from | 1 << over | 1 << to;
    }
    fn outcome(&self) -> Option<Outcome> {
        let mut m = MoveList::new();
        self.moves(&mut m);
        m.is_empty().then(|| Outcome::Puzzle { goal: self.pegs.count_ones() == 1, score: 0 })
    }
    fn key(&self) -> u64 {
        self.pegs
    }
    fn symmetries(&self) -> usize {
        8
    }
    fn symmetric(&self, k: usize) -> Self {
        let mut pegs = 0;
        for i in 0..self.n * self.n {
            if self.pegs >> i & 1 == 1 {
                let (r, c) = self.map(k, i / self.n, i % self.n);
                pegs |= 1 << (r * self.n + c);
            }
        }
        Square { n: self.n, pegs }
    }
}

impl FromKey for Square {
    fn decode(&self, key: u64) -> Self {
        Square { n: self.n, pegs: key }
    }
}

/// The plain method: one HashMap per level, no symmetry.
pub fn plain(start: &Square) -> Vec<(u64, u128, u64, u128)> {
    let mut level: HashMap<u64, u128> = HashMap::from([(start.pegs, 1)]);
    let mut out = Vec::new();
    while !level.is_empty() {
        let mut next: HashMap<u64, u128> = HashMap::new();
        let (mut dead, mut dead_paths) = (0, 0);
        for (&k, &c) in &level {
            let g = start.decode(k);
            let mut m = MoveList::new();
            g.moves(&mut m);
            if m.is_empty() {
                dead += 1;
                dead_paths += c;
            }
            for mv in m {
                *next.entry(g.after(mv).pegs).or_insert(0) += c;
            }
        }
        out.push((level.len() as u64, level.values().sum(), dead, dead_paths));
        level = next;
    }
    out
}
