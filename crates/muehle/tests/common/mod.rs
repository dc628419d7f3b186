//! Helpers shared by the endgame-table tests.

use spielbaum_game_trait::{Game, Player, SplitMix64};
use spielbaum_muehle::{Position, Rules};

/// A random unfinished position, `w` white and `b` black stones, white to
/// move, under `rules`.
pub fn random(rng: &mut SplitMix64, rules: Rules, w: u32, b: u32) -> Position {
    loop {
        let mut masks = [0u32; 2];
        for (k, n) in [(0, w), (1, b)] {
            while masks[k].count_ones() < n {
                let p = rng.below(24);
                if (masks[0] | masks[1]) >> p & 1 == 0 {
                    masks[k] |= 1 << p;
                }
            }
        }
        let p = Position::from_parts(rules, masks[0], masks[1], Player::FIRST, [0, 0], 0)
            .expect("legal");
        if !p.is_over() {
            return p;
        }
    }
}
