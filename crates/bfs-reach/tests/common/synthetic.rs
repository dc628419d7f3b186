//! A synthetic game for the perfect-index solver: stages (subspaces) of
//! `n_s` numbers, three pseudo-random moves inside a stage (one of which
//! keeps the mover on even numbers), a "capture" to the stage below, and
//! finished numbers (lost for the mover, or drawn). Cheap moves and exact
//! unmoves, so the solver's own cost dominates; used by the tests and by
//! the `perfect_scale` example.
#![allow(dead_code)]

use spielbaum_bfs_reach::perfect::PerfectIndex;
use spielbaum_game_trait::{Game, MoveList, Outcome, Player};

/// Offsets of the three moves inside a stage.
const C: [u64; 3] = [1, 7, 12_345];
/// The multiplier of the moves inside a stage (prime).
const A: u64 = 48_271;

/// The sizes of the stages and the inverses of `A` modulo them.
#[derive(Debug)]
pub struct Rules {
    sizes: Vec<u64>,
    inverses: Vec<u64>,
}

impl Rules {
    /// Stages of the given sizes (each coprime to 48271, below 2^40).
    pub fn new(sizes: &[u64]) -> &'static Rules {
        let inverses = sizes
            .iter()
            .map(|&n| {
                inverse(A % n, n).unwrap_or_else(|| panic!("48271 is not invertible mod {n}"))
            })
            .collect();
        Box::leak(Box::new(Rules { sizes: sizes.to_vec(), inverses }))
    }

    /// The size of stage `s`.
    pub fn size(&self, s: u8) -> u64 {
        self.sizes[s as usize]
    }

    /// The number of stages.
    pub fn stages(&self) -> u8 {
        self.sizes.len() as u8
    }
}

fn inverse(a: u64, n: u64) -> Option<u64> {
    let (mut t, mut new_t, mut r, mut new_r) = (0i128, 1i128, n as i128, a as i128);
    while new_r != 0 {
        let q = r / new_r;
        (t, new_t) = (new_t, t - q * new_t);
        (r, new_r) = (new_r, r - q * new_r);
    }
    (r == 1 || n == 1).then(|| t.rem_euclid(n as i128) as u64)
}

/// A position: stage, number, side to move.
#[derive(Clone, Copy, Debug)]
pub struct Synth {
    /// The stage (subspace).
    pub stage: u8,
    /// The number, `0..size(stage)`.
    pub x: u64,
    /// The side to move.
    pub mover: Player,
    /// The rules.
    pub rules: &'static Rules,
}

impl Synth {
    fn finished(&self) -> bool {
        self.x.is_multiple_of(11) || self.x % 13 == 5
    }
}

impl Game for Synth {
    type Move = u8;
    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        self.mover
    }

    fn moves(&self, moves: &mut MoveList<u8>) {
        if self.finished() {
            return;
        }
        moves.extend([0, 1, 2]);
        if self.stage > 0 && self.x.is_multiple_of(3) {
            moves.push(3);
        }
    }

    fn play(&mut self, mv: u8) {
        let keep = mv == 2 && self.x.is_multiple_of(2);
        if mv < 3 {
            let n = self.rules.size(self.stage);
            self.x = (A * self.x + C[mv as usize]) % n;
        } else {
            self.stage -= 1;
            self.x %= self.rules.size(self.stage);
        }
        if !keep {
            self.mover = self.mover.other();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.x.is_multiple_of(11) {
            Some(Outcome::Win(self.mover.other()))
        } else if self.x % 13 == 5 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.stage) << 56 | self.x << 1 | self.mover.index() as u64
    }
}

/// The index: stage `s` is a subspace of `2 · size(s)` indices
/// (`2x + side to move`); stage `s` depends on stage `s − 1`.
pub struct SynthIndex(pub &'static Rules);

impl PerfectIndex for SynthIndex {
    type Game = Synth;
    type Space = u8;

    fn size(&self, s: u8) -> u64 {
        2 * self.0.size(s)
    }

    fn rank(&self, p: &Synth) -> Option<(u8, u64)> {
        (p.stage < self.0.stages() && p.x < self.0.size(p.stage))
            .then(|| (p.stage, 2 * p.x + p.mover.index() as u64))
    }

    fn unrank(&self, s: u8, i: u64) -> Option<Synth> {
        let mover = if i.is_multiple_of(2) { Player::FIRST } else { Player::SECOND };
        Some(Synth { stage: s, x: i / 2, mover, rules: self.0 })
    }

    fn unmoves(&self, p: &Synth, out: &mut Vec<Synth>) {
        let n = self.0.size(p.stage);
        let inv = self.0.inverses[p.stage as usize];
        for (j, &c) in C.iter().enumerate() {
            let y = (p.x + n - c % n) % n;
            let x = (u128::from(inv) * u128::from(y) % u128::from(n)) as u64;
            let mover = if j == 2 && x.is_multiple_of(2) { p.mover } else { p.mover.other() };
            let q = Synth { stage: p.stage, x, mover, rules: self.0 };
            if !q.finished() {
                out.push(q);
            }
        }
    }

    fn dependencies(&self, s: u8) -> Vec<u8> {
        if s > 0 { vec![s - 1] } else { Vec::new() }
    }

    fn space_name(&self, s: u8) -> String {
        format!("stage{s}")
    }

    fn fingerprint(&self) -> u64 {
        self.0.sizes.iter().fold(0x5359_4e54, |h, &n| h.rotate_left(17) ^ n)
    }
}
