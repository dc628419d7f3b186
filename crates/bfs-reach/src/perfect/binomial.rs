//! Ranking k-subsets of up to 63 points: the building block of indices such
//! as "w white and b black stones on 24 points" (rank the occupied points,
//! then which of them are white).
//!
//! The order is colexicographic: a set `{p₁ < p₂ < … < p_k}` has rank
//! `C(p₁, 1) + C(p₂, 2) + … + C(p_k, k)`, a bijection from the k-subsets
//! of `0..n` onto `0..C(n, k)` for every `n` (the rank does not depend on
//! `n`).
//!
//! ```
//! use spielbaum_bfs_reach::perfect::binomial::{binomial, rank_subset, unrank_subset, compress, expand};
//!
//! assert_eq!(binomial(24, 3), 2024);
//! let mask = 0b1011_0000u64; // points 4, 5, 7
//! let r = rank_subset(mask);
//! assert!(r < binomial(8, 3));
//! assert_eq!(unrank_subset(3, r), mask);
//! // Which of the occupied points are white, as a subset of 0..3.
//! let white = 0b1000_0000u64;
//! assert_eq!(compress(white, mask), 0b100);
//! assert_eq!(expand(0b100, mask), white);
//! ```

/// `C(n, k)` for `n ≤ 63`, as a table built at compile time.
static TABLE: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut n = 0;
    while n < 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The binomial coefficient `C(n, k)` (0 when `k > n`); `n ≤ 63`.
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > n { 0 } else { TABLE[n as usize][k as usize] }
}

/// The colexicographic rank of the set of points in `mask` (bits 0..63)
/// among all sets of the same size: `0..C(n, popcount)` for any `n` above
/// the highest point.
pub fn rank_subset(mask: u64) -> u64 {
    let mut rank = 0;
    let mut m = mask;
    let mut i = 1;
    while m != 0 {
        rank += binomial(m.trailing_zeros(), i);
        m &= m - 1;
        i += 1;
    }
    rank
}

/// The `k`-subset with colexicographic rank `rank`, as a mask (the inverse
/// of [`rank_subset`]); `rank < C(63, k)`.
pub fn unrank_subset(k: u32, mut rank: u64) -> u64 {
    let mut mask = 0;
    let mut p = 63u32;
    for i in (1..=k).rev() {
        // The largest point p with C(p, i) <= rank.
        while binomial(p, i) > rank {
            p -= 1;
        }
        mask |= 1 << p;
        rank -= binomial(p, i);
        p = p.saturating_sub(1);
    }
    mask
}

/// The bits of `bits` at the set positions of `within`, packed to the low
/// end in order (a portable `pext`): which occupied points carry a white
/// stone, as a subset of `0..within.count_ones()`.
pub fn compress(bits: u64, within: u64) -> u64 {
    let mut out = 0;
    let mut m = within;
    let mut i = 0;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if bits & low != 0 {
            out |= 1 << i;
        }
        m &= m - 1;
        i += 1;
    }
    out
}

/// The inverse of [`compress`]: spreads the low bits of `packed` onto the
/// set positions of `within` (a portable `pdep`).
pub fn expand(packed: u64, within: u64) -> u64 {
    let mut out = 0;
    let mut m = within;
    let mut i = 0;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if packed >> i & 1 != 0 {
            out |= low;
        }
        m &= m - 1;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pascal_matches_the_product_formula() {
        for n in 0..40u32 {
            for k in 0..=n {
                // Independent: the multiplicative formula in u128.
                let mut c: u128 = 1;
                for j in 0..k {
                    c = c * u128::from(n - j) / u128::from(j + 1);
                }
                assert_eq!(u128::from(binomial(n, k)), c, "C({n},{k})");
            }
        }
        assert_eq!(binomial(3, 4), 0);
    }

    #[test]
    fn subsets_of_12_points_are_ranked_densely() {
        for k in 0..=12u32 {
            let mut seen = vec![false; binomial(12, k) as usize];
            for mask in 0u64..1 << 12 {
                if mask.count_ones() != k {
                    continue;
                }
                let r = rank_subset(mask) as usize;
                assert!(!seen[r], "rank {r} twice");
                seen[r] = true;
                assert_eq!(unrank_subset(k, r as u64), mask);
            }
            assert!(seen.iter().all(|&s| s), "k = {k}: every rank used");
        }
    }

    #[test]
    fn compress_and_expand_are_inverse() {
        let within = 0b1101_0110_0011u64;
        for packed in 0..1u64 << within.count_ones() {
            let bits = expand(packed, within);
            assert_eq!(bits & !within, 0);
            assert_eq!(compress(bits, within), packed);
        }
    }
}
