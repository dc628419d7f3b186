//! Conveniences over [`Game`]: perft, random playouts, a tiny seeded RNG.

use crate::game::{Game, MoveList, Outcome, Undo};

/// Number of move sequences of exactly `depth` plies from `game` (a sequence
/// that reaches a finished game earlier is not counted). `perft(g, 0) == 1`.
///
/// Copy-make, one move list per ply, no allocation after the first descent.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut lists: Vec<MoveList<G::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    perft_rec(game, depth, &mut lists)
}

fn perft_rec<G: Game>(game: &G, depth: u32, lists: &mut [MoveList<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    list.clear();
    game.moves(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for i in 0..list.len() {
        let child = game.after(list[i]);
        total += perft_rec(&child, depth - 1, rest);
    }
    total
}

/// Number of move sequences of each length `1..=depth` from `game`:
/// `counts[i]` is the number of sequences of `i + 1` plies. A sequence ends
/// early at a finished game, so it counts only at the lengths it reaches.
pub fn perft_counts<G: Game>(game: &G, depth: u32) -> Vec<u64> {
    let mut counts = vec![0u64; depth as usize];
    let mut lists: Vec<MoveList<G::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    counts_rec(game, 0, &mut counts, &mut lists);
    counts
}

fn counts_rec<G: Game>(game: &G, ply: usize, counts: &mut [u64], lists: &mut [MoveList<G::Move>]) {
    if ply == counts.len() {
        return;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    list.clear();
    game.moves(list);
    counts[ply] += list.len() as u64;
    if ply + 1 == counts.len() {
        return;
    }
    for i in 0..list.len() {
        let child = game.after(list[i]);
        counts_rec(&child, ply + 1, counts, rest);
    }
}

/// A small, fast, seeded random number generator (SplitMix64), so that
/// engines and tests are reproducible. It implements `rand_core`'s
/// [`RngCore`](rand_core::RngCore) and [`SeedableRng`](rand_core::SeedableRng),
/// so it works with every `rand` distribution.
///
/// Not for cryptography.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index in `0..n` (`n > 0`), by Lemire's multiply-shift
    /// (bias below 2^-32 for the small `n` of move lists).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

impl rand_core::RngCore for SplitMix64 {
    fn next_u32(&mut self) -> u32 {
        (SplitMix64::next_u64(self) >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        SplitMix64::next_u64(self)
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        rand_core::impls::fill_bytes_via_next(self, dst);
    }
}

impl rand_core::SeedableRng for SplitMix64 {
    /// The 64-bit state, little-endian.
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Self {
        SplitMix64::new(u64::from_le_bytes(seed))
    }

    /// The same generator as [`SplitMix64::new`]`(state)`.
    fn seed_from_u64(state: u64) -> Self {
        SplitMix64::new(state)
    }
}

/// Plays uniformly random moves from `game` until it is over; returns the
/// final position, its outcome and the number of plies played.
///
/// `pick(n)` must return an index in `0..n`; pass
/// `|n| rng.below(n)` with a [`SplitMix64`] or any other generator.
pub fn random_playout<G: Game>(
    game: &G,
    mut pick: impl FnMut(usize) -> usize,
) -> (G, Outcome, u32) {
    let mut pos = game.clone();
    let mut moves = MoveList::new();
    let mut plies = 0;
    loop {
        moves.clear();
        pos.moves(&mut moves);
        if moves.is_empty() {
            let outcome =
                pos.outcome().expect("Game contract: a position without moves is finished");
            return (pos, outcome, plies);
        }
        let mv = moves[pick(moves.len())];
        pos.play(mv);
        plies += 1;
    }
}

/// Conveniences for every [`Game`], as methods.
pub trait GameExt: Game {
    /// The legal moves in a fresh list.
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut moves = MoveList::new();
        self.moves(&mut moves);
        moves
    }

    /// `true` if `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Number of distinct images under the game's symmetries (1, 2, 4, 8 for
    /// a square board: the orbit size). Counts distinct keys, so it is exact
    /// for games with [`EXACT_KEY`](Game::EXACT_KEY).
    fn orbit_size(&self) -> usize {
        let n = self.symmetries();
        let mut keys: MoveList<u64> = MoveList::new();
        for k in 0..n {
            let key = self.symmetric(k).key();
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        keys.len()
    }

    /// See [`perft`].
    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    /// See [`perft_counts`].
    fn perft_counts(&self, depth: u32) -> Vec<u64> {
        perft_counts(self, depth)
    }

    /// See [`random_playout`].
    fn random_playout(&self, pick: impl FnMut(usize) -> usize) -> (Self, Outcome, u32) {
        random_playout(self, pick)
    }
}

impl<G: Game> GameExt for G {}

/// [`perft`] by make/undo instead of copy-make: one position, moves played
/// and taken back with [`Undo`]. Gives the same count as [`perft`] for a
/// correct `Undo`; it exists to measure the two styles against each other
/// (`docs/architecture.md`).
pub fn perft_undo<G: Undo>(game: &G, depth: u32) -> u64 {
    fn rec<G: Undo>(g: &mut G, depth: u32, lists: &mut [MoveList<G::Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (list, rest) = lists.split_first_mut().expect("one list per ply");
        list.clear();
        g.moves(list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut total = 0;
        for i in 0..list.len() {
            let mv = list[i];
            g.play(mv);
            total += rec(g, depth - 1, rest);
            g.undo(mv);
        }
        total
    }
    let mut lists: Vec<MoveList<G::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    rec(&mut game.clone(), depth, &mut lists)
}
