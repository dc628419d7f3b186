//! The engine runs on the caller's generator type: expansion order and
//! playouts draw from it, `SplitMix64` stays the default and gives the
//! same search through either route.

mod common;

use std::cell::Cell;

use common::{Sub, sub};
use spielbaum_game_trait::SplitMix64;
use spielbaum_game_trait::rand_core::{RngCore, SeedableRng};
use spielbaum_mcts::{Analysis, Budget, Config, Mcts, RngExt, from_fn};
use spielbaum_small_games::TicTacToe;

thread_local! {
    /// Numbers drawn from [`Counted`] generators on this thread.
    static DRAWN: Cell<u64> = const { Cell::new(0) };
}

/// SplitMix64 that counts its draws: the same numbers, so a search on it
/// must equal the default search, and the count shows that the engine
/// drew them from this type.
#[derive(Clone)]
struct Counted(SplitMix64);

impl RngCore for Counted {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        DRAWN.with(|d| d.set(d.get() + 1));
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.0.fill_bytes(dst);
    }
}

impl SeedableRng for Counted {
    type Seed = [u8; 8];
    fn from_seed(seed: [u8; 8]) -> Self {
        Counted(SplitMix64::from_seed(seed))
    }
    fn seed_from_u64(state: u64) -> Self {
        Counted(SplitMix64::new(state))
    }
}

/// Another stream altogether (xorshift64*), seeded through `rand_core`'s
/// default `seed_from_u64`.
#[derive(Clone)]
struct XorShift(u64);

impl RngCore for XorShift {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let x = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&x[..chunk.len()]);
        }
    }
}

impl SeedableRng for XorShift {
    type Seed = [u8; 8];
    fn from_seed(seed: [u8; 8]) -> Self {
        XorShift(u64::from_le_bytes(seed) | 1)
    }
}

fn stats<M: Copy>(a: &Analysis<M>) -> Vec<(M, u64, u64, u64)> {
    a.moves.iter().map(|m| (m.mv, m.visits, m.wins, m.draws)).collect()
}

#[test]
fn rng_ext_draws_what_splitmix64_draws() {
    let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
    for n in [1usize, 2, 3, 7, 9, 64, 1000, usize::MAX] {
        assert_eq!(RngExt::below(&mut a, n), b.below(n));
        assert_eq!(RngExt::unit_f64(&mut a).to_bits(), b.unit_f64().to_bits());
    }
}

#[test]
fn the_engine_draws_from_the_callers_generator() {
    for graph in [false, true] {
        let config = Config::seeded(4).solver(false).graph(graph);
        let plain = Mcts::new(TicTacToe::new(), config.clone()).search(Budget::iterations(2_000));
        DRAWN.with(|d| d.set(0));
        let counted = Mcts::new(TicTacToe::new(), config)
            .with_rng::<Counted>()
            .search(Budget::iterations(2_000));
        let drawn = DRAWN.with(Cell::get);
        // Every iteration that plays out draws at least one move.
        assert!(drawn >= 1_000, "graph {graph}: only {drawn} numbers drawn");
        assert_eq!(stats(&counted), stats(&plain), "graph {graph}");
        assert_eq!(counted.nodes, plain.nodes);
    }
}

#[test]
fn another_generator_searches_differently_and_reproducibly() {
    let run = |threads: usize| {
        Mcts::new(sub(40), Config::seeded(2).solver(false).threads(threads))
            .with_rng::<XorShift>()
            .search(Budget::iterations(4_000))
    };
    let plain = Mcts::new(sub(40), Config::seeded(2).solver(false).threads(2))
        .search(Budget::iterations(4_000));
    let (a, b) = (run(2), run(2));
    assert_eq!(stats(&a), stats(&b));
    assert_eq!(a.iterations, 4_000);
    assert_ne!(stats(&a), stats(&plain), "a different stream should sample differently");
    assert_eq!(run(1).iterations, 4_000);
}

#[test]
fn policies_take_the_engines_generator_type() {
    // Always the move a generator draw picks, typed on the user's generator.
    let policy = from_fn(|_: &Sub, moves: &[u32], rng: &mut XorShift| {
        (rng.next_u64() % moves.len() as u64) as usize
    });
    let a = Mcts::new(sub(30), Config::seeded(1))
        .with_rng::<XorShift>()
        .with_playout(policy)
        .search(Budget::iterations(3_000));
    assert!(a.iterations > 0);
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), a.total_iterations);
}
