//! The numbers of the golf-club puzzle: the text's defaults and this crate's
//! limits.

/// Longest club of the text (club lengths are `1..=350`).
pub const MAX_CLUB: u32 = 350;

/// Longest hole of the text: a base length of at most 350 plus at most 8
/// from the dice.
pub const MAX_HOLE: u32 = 358;

/// Clubs in a set (the text's players carry four).
pub const CLUBS: usize = 4;

/// Most clubs a [`ClubSet`](crate::ClubSet) holds.
pub const MAX_CLUBS: usize = 16;

/// Largest hole length [`Rules`](crate::Rules) accept. Keeps the bit-parallel
/// field within 16 machine words and the exact numerators within `u64`
/// (see [`MAX_DENOMINATOR`]).
pub const MAX_HOLE_LIMIT: u32 = 1023;

/// Most holes in a tournament.
pub const MAX_HOLES: usize = 64;

/// Largest common denominator of a tournament's probabilities (the least
/// common multiple of every hole's `sides^dice`), `2^40`.
///
/// Why `u64` suffices: the exact numerator of an expected value is
/// `Σ_fields weight · strokes`; the weights of one hole sum to the
/// denominator `D`, and no hole needs more strokes than there are fields
/// (every breadth-first level reaches at least one new field), so the
/// numerator is at most `holes · D · max_hole ≤ 2^6 · 2^40 · 2^10 = 2^56`.
pub const MAX_DENOMINATOR: u64 = 1 << 40;

/// The tournament of the documented examples (the six dice patterns of the
/// text's §7 on bases 100…300).
pub const EXAMPLE_TOURNAMENT: &str = "100+1W3,120+1W4,150+1W6,200+2W2,250+2W3,300+2W4";

/// The club set of the documented examples.
pub const EXAMPLE_CLUBS: [u32; 4] = [1, 50, 120, 300];

/// Rounds of best single changes in the hill climb that seeds the global
/// optimum's bound (it stops earlier once no change helps).
pub const HILL_CLIMB_ROUNDS: usize = 32;

/// Clubs fixed per rayon task of the global optimum (the first two: about
/// 61 000 tasks for four clubs up to 350, enough to balance two cores and to
/// report progress often).
pub const TASK_PREFIX: usize = 2;
