//! [`RandomMove`]: a uniformly random legal move without a move list, and
//! the two bit helpers its implementations use.

use crate::game::Game;

/// Games that can draw a uniformly random legal move without building the
/// move list: what fast Monte Carlo playouts need (a bitboard game picks a
/// set bit of its legal-move mask instead of listing every move each ply).
///
/// Optional: engines that want it ask for it as a bound (the MCTS crate's
/// `FastUniform` playout); every other engine keeps using
/// [`Game::moves`].
///
/// # Contract
/// - `random_move(r)` is `None` exactly when [`Game::moves`] would append
///   nothing (the game is over);
/// - otherwise it is one of the moves [`Game::moves`] lists for this
///   position, and over uniformly distributed words `r` each of the `k`
///   legal moves comes with probability `1/k` (up to the rounding of
///   mapping 2^64 words onto `k` moves, at most `k / 2^64`);
/// - it depends on `self` and `r` alone (no hidden state).
///
/// The order in which words map to moves is the game's choice; it need not
/// be the order of [`Game::moves`]. The conformance suite checks all of
/// this (`conformance::check_random_move`).
pub trait RandomMove: Game {
    /// The legal move that the random word `r` stands for; `None` once the
    /// game is over.
    fn random_move(&self, r: u64) -> Option<Self::Move>;
}

/// The index in `0..n` that the random word `r` stands for:
/// `⌊r · n / 2^64⌋` (Lemire's multiply-shift, the same index that
/// [`SplitMix64::below`](crate::SplitMix64::below) gives for the word it
/// draws). Each index is the image of `⌊2^64 / n⌋` or `⌈2^64 / n⌉` words.
#[inline(always)]
pub fn index_below(r: u64, n: u32) -> u32 {
    ((u128::from(r) * u128::from(n)) >> 64) as u32
}

/// The position of the set bit of `w` with rank `i` (counted from 0 at the
/// lowest set bit); `i` must be below `w.count_ones()`.
///
/// Branch-free over the bytes (byte counts, their prefix sums by one
/// multiplication, the byte found by a byte-wise comparison), then at most
/// seven steps inside the byte.
#[inline]
pub fn select_bit(w: u64, i: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    debug_assert!(i < w.count_ones(), "rank {i} of a word with {} bits", w.count_ones());
    // Set bits per byte.
    let mut s = w - ((w >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte j of `prefix`: set bits in bytes 0..=j (at most 64, so no carry
    // between bytes).
    let prefix = s.wrapping_mul(ONES);
    // High bit of byte j set when prefix_j <= i (0x80 + i >= 0x80 > prefix_j:
    // no borrow between bytes); the bytes with it set come first, and their
    // number is the byte holding the wanted bit.
    let le = ((u64::from(i) * ONES) | HIGH).wrapping_sub(prefix) & HIGH;
    let byte = ((le >> 7).wrapping_mul(ONES) >> 56) as u32;
    let below = ((prefix << 8) >> (8 * byte)) as u32 & 0xFF;
    let mut b = (w >> (8 * byte)) & 0xFF;
    for _ in 0..i - below {
        b &= b - 1;
    }
    8 * byte + b.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// The rank-`i` bit by walking the word bit by bit.
    fn naive_select(w: u64, i: u32) -> u32 {
        let mut seen = 0;
        for b in 0..64 {
            if w >> b & 1 == 1 {
                if seen == i {
                    return b;
                }
                seen += 1;
            }
        }
        unreachable!("rank {i} of {w:#x}")
    }

    #[test]
    fn select_bit_matches_a_walk_over_the_bits() {
        let mut rng = SplitMix64::new(7);
        let mut words =
            vec![1, 1 << 63, u64::MAX, 0x8000_0000_0000_0001, 0xFF00, 0x00FF_0000_0000_0000];
        for _ in 0..2_000 {
            // Dense, sparse and single-byte words.
            let a = rng.next_u64();
            words.extend([a, a & rng.next_u64() & rng.next_u64(), a & 0xFF << (8 * (a % 8))]);
        }
        for w in words.into_iter().filter(|&w| w != 0) {
            for i in 0..w.count_ones() {
                assert_eq!(select_bit(w, i), naive_select(w, i), "word {w:#x}, rank {i}");
            }
        }
    }

    #[test]
    fn index_below_splits_the_words_evenly() {
        for n in 1..=300u32 {
            // The first and last word of each index's range: r = ⌈j·2^64/n⌉.
            for j in 0..n {
                let start = ((u128::from(j) << 64).div_ceil(u128::from(n))) as u64;
                assert_eq!(index_below(start, n), j, "n {n}, j {j}");
                if j > 0 {
                    assert_eq!(index_below(start - 1, n), j - 1, "n {n}, j {j}");
                }
            }
            assert_eq!(index_below(u64::MAX, n), n - 1);
            assert_eq!(index_below(0, n), 0);
        }
        // The same index as the generator's own `below` for the word it draws.
        let mut rng = SplitMix64::new(3);
        for n in 1..=1_000u32 {
            let r = rng.clone().next_u64();
            assert_eq!(index_below(r, n) as usize, rng.below(n as usize), "n {n}");
        }
    }
}
