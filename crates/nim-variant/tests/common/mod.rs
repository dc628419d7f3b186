//! The brute force shared by the nim-variant tests: written straight from
//! the rules, independent of the crate's code.

use std::collections::HashMap;

/// The mover at `n > 0` wins? Plain recursion over the game tree with a
/// memo, straight from the rules (0 produced: mover of that move wins;
/// negative: loses).
pub fn mover_wins(n: i64, set: &[u64], memo: &mut HashMap<i64, bool>) -> bool {
    if let Some(&w) = memo.get(&n) {
        return w;
    }
    let w = set.iter().any(|&d| {
        let next = n - d as i64;
        next == 0 || (next > 0 && !mover_wins(next, set, memo))
    });
    memo.insert(n, w);
    w
}
