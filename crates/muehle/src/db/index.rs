//! The perfect index of the standard game's moving and flying phases.
//!
//! # Layout
//!
//! A subspace is an unordered pair of stone counts `{a, b}` (`a ≥ b ≥ 3`,
//! no stones in hand). Values are stored for the side to move, and the
//! rules are colour symmetric, so every position is ranked as "the mover's
//! stones, the other side's stones" (a position with black to move is read
//! with colours swapped). The subspace `{a, b}` is one block for "the mover
//! has `a`, the other `b`" followed, when `a ≠ b`, by one for the reverse:
//! a non-capturing move swaps the roles, so both blocks reach each other
//! and are solved together.
//!
//! Inside a block of `m` mover's and `o` other stones the index is
//! `colex(mover) · C(24 − m, o) + colex(other within the points the mover
//! leaves free)`, the colex binomial ranks of
//! [`binomial`](spielbaum_bfs_reach::perfect::binomial).
//!
//! # Symmetry
//!
//! Of the 16 symmetries of the board (the 8 of the square times swapping
//! the inner and outer ring) a position is ranked by its canonical image:
//! the one with the smallest `(mover mask, other mask)`. An index whose
//! position is not canonical is a hole: the tables keep a 2-bit slot for
//! it but no work is spent on it, so solving costs about a sixteenth.
//!
//! # Captures and the end
//!
//! A capture leaves `{a, b}` for `{a, b − 1}` or `{a − 1, b}`, solved
//! before. A side reduced to two stones has lost: every such position is
//! ranked to index 0 of the one-index-per-value subspace [`END`] (the mover
//! has two stones: lost), or index 1 (the other side has two stones: won;
//! no move reaches it, a probe may).

use spielbaum_bfs_reach::perfect::PerfectIndex;
use spielbaum_bfs_reach::perfect::binomial::{binomial, compress, expand, rank_subset};
use spielbaum_game_trait::{DrawRules, Game, Player};

use crate::board::{Board, Variant};
use crate::position::Position;
use crate::rules::Rules;

/// A subspace: the larger and the smaller stone count, `(a, b)` with
/// `a ≥ b ≥ 3`, or [`END`].
pub type Space = (u8, u8);

/// The subspace of finished positions (a side has two stones).
pub const END: Space = (0, 0);

/// The most stones per side the index covers (the rules' nine).
pub const MAX_STONES: u8 = 9;

/// Points on the standard board.
const POINTS: u32 = 24;

/// The perfect index of Nine Men's Morris positions with no stone in hand
/// (moving and flying phases), without the no-progress and repetition
/// draws: the values are those of the game-theoretic game, where a
/// position is a draw exactly when neither side can force a win.
#[derive(Clone, Debug)]
pub struct EndgameIndex {
    rules: Rules,
    board: &'static Board,
}

impl Default for EndgameIndex {
    fn default() -> Self {
        Self::new()
    }
}

impl EndgameIndex {
    /// The index of the standard game (nine stones, flying with three).
    pub fn new() -> Self {
        let rules = Rules::new(Variant::Nine).with_draw(DrawRules::NONE);
        EndgameIndex { rules, board: rules.board() }
    }

    /// The rules the tables are solved under: Nine Men's Morris without
    /// draw rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// `pos` under the index's rules (no draw rules, counter 0), or `None`
    /// if it is not a standard-board position without stones in hand.
    pub fn normalise(&self, pos: &Position) -> Option<Position> {
        let r = pos.rules();
        if r.variant != Variant::Nine
            || !r.flying
            || r.mill_wins
            || pos.in_hand(Player::FIRST) != 0
            || pos.in_hand(Player::SECOND) != 0
        {
            return None;
        }
        let (w, b) = (pos.stones(Player::FIRST), pos.stones(Player::SECOND));
        Position::from_parts(self.rules, w, b, pos.to_move(), [0, 0], 0).ok()
    }

    /// Every subspace with at most `max` stones a side, smaller ones
    /// first (each after the subspaces it depends on).
    pub fn spaces_up_to(max: u8) -> Vec<Space> {
        let mut out = Vec::new();
        for a in 3..=max.min(MAX_STONES) {
            for b in 3..=a {
                out.push((a, b));
            }
        }
        out.sort_by_key(|&(a, b)| (a + b, a));
        out
    }

    /// The normalised subspace of `m` and `o` stones.
    pub fn space_of(m: u8, o: u8) -> Space {
        if m < 3 || o < 3 { END } else { (m.max(o), m.min(o)) }
    }

    /// Indices of the block "mover has `m`, other has `o`".
    fn block(m: u8, o: u8) -> u64 {
        binomial(POINTS, u32::from(m)) * binomial(POINTS - u32::from(m), u32::from(o))
    }

    /// The canonical image of `(mover, other)`.
    #[inline]
    fn canonical(&self, mover: u32, other: u32) -> (u32, u32) {
        let mut best = (mover, other);
        let mut key = u64::from(mover) << 24 | u64::from(other);
        for k in 1..self.board.symmetries() {
            let img = (self.board.map_mask(k, mover), self.board.map_mask(k, other));
            let kk = u64::from(img.0) << 24 | u64::from(img.1);
            if kk < key {
                key = kk;
                best = img;
            }
        }
        best
    }

    /// `true` if no symmetric image of `(mover, other)` is smaller.
    #[inline]
    fn is_canonical(&self, mover: u32, other: u32) -> bool {
        let key = u64::from(mover) << 24 | u64::from(other);
        (1..self.board.symmetries()).all(|k| {
            let img = (self.board.map_mask(k, mover), self.board.map_mask(k, other));
            u64::from(img.0) << 24 | u64::from(img.1) >= key
        })
    }

    /// A position with white to move from the mover's and the other's
    /// stones.
    fn position(&self, mover: u32, other: u32) -> Position {
        Position::from_parts(self.rules, mover, other, Player::FIRST, [0, 0], 0)
            .expect("disjoint masks of at most nine stones on the board")
    }
}

/// The `k`-subset of `0..24` with colex rank `rank`.
#[inline]
fn unrank24(k: u32, mut rank: u64) -> u32 {
    let mut mask = 0u32;
    let mut p = POINTS - 1;
    for i in (1..=k).rev() {
        while binomial(p, i) > rank {
            p -= 1;
        }
        mask |= 1 << p;
        rank -= binomial(p, i);
        p = p.saturating_sub(1);
    }
    mask
}

impl PerfectIndex for EndgameIndex {
    type Game = Position;
    type Space = Space;

    fn size(&self, space: Space) -> u64 {
        let (a, b) = space;
        if space == END {
            2
        } else if a == b {
            Self::block(a, b)
        } else {
            Self::block(a, b) + Self::block(b, a)
        }
    }

    fn rank(&self, pos: &Position) -> Option<(Space, u64)> {
        let pos = self.normalise(pos)?;
        let me = pos.to_move();
        let (mover, other) = (pos.stones(me), pos.stones(me.other()));
        let (m, o) = (mover.count_ones() as u8, other.count_ones() as u8);
        if m < 3 {
            return Some((END, 0));
        }
        if o < 3 {
            return Some((END, 1));
        }
        if m > MAX_STONES || o > MAX_STONES {
            return None;
        }
        let space = Self::space_of(m, o);
        let (mover, other) = self.canonical(mover, other);
        let offset = if m >= o { 0 } else { Self::block(o, m) };
        let free = u64::from(self.board.all() & !mover);
        let inner = rank_subset(compress(u64::from(other), free));
        let index = offset
            + rank_subset(u64::from(mover)) * binomial(POINTS - u32::from(m), u32::from(o))
            + inner;
        Some((space, index))
    }

    fn unrank(&self, space: Space, index: u64) -> Option<Position> {
        if space == END {
            return match index {
                0 => Some(self.position(0b11, 0b111 << 2)),
                1 => Some(self.position(0b111, 0b11 << 3)),
                _ => None,
            };
        }
        let (a, b) = space;
        let first = Self::block(a, b);
        let (m, o, i) = if index < first { (a, b, index) } else { (b, a, index - first) };
        let per = binomial(POINTS - u32::from(m), u32::from(o));
        let mover = unrank24(u32::from(m), i / per);
        let free = self.board.all() & !mover;
        let other = expand(u64::from(unrank24(u32::from(o), i % per)), u64::from(free)) as u32;
        self.is_canonical(mover, other).then(|| self.position(mover, other))
    }

    fn unmoves(&self, pos: &Position, out: &mut Vec<Position>) {
        let me = pos.to_move();
        let prev = me.other();
        let (mine, theirs) = (pos.stones(me), pos.stones(prev));
        if mine.count_ones() < 3 || theirs.count_ones() < 3 {
            return;
        }
        let empty = pos.empty();
        let flying = self.rules.flying && theirs.count_ones() == 3;
        let mut ys = theirs;
        while ys != 0 {
            let y = ys.trailing_zeros() as usize;
            ys &= ys - 1;
            let rest = theirs & !(1 << y);
            // A move onto `y` that closes a mill takes a stone: it came
            // from a subspace with one stone more.
            if self.board.closes_mill(rest, y) {
                continue;
            }
            let mut xs = if flying { empty } else { self.board.neighbours(y) & empty };
            while xs != 0 {
                let x = xs.trailing_zeros();
                xs &= xs - 1;
                let before = rest | 1 << x;
                let (w, b) = if prev == Player::FIRST { (before, mine) } else { (mine, before) };
                out.push(
                    Position::from_parts(self.rules, w, b, prev, [0, 0], 0)
                        .expect("a legal predecessor"),
                );
            }
        }
    }

    fn dependencies(&self, space: Space) -> Vec<Space> {
        if space == END {
            return Vec::new();
        }
        let (a, b) = space;
        let mut deps = vec![Self::space_of(a, b - 1), Self::space_of(a - 1, b)];
        deps.sort_unstable();
        deps.dedup();
        deps
    }

    fn space_name(&self, space: Space) -> String {
        if space == END { "nine-end".into() } else { format!("nine-{}-{}", space.0, space.1) }
    }

    fn fingerprint(&self) -> u64 {
        // "MUEHLE" and the layout version.
        0x4d55_4548_4c45_0001
    }
}
