//! The levels of the packed engine and a thread's tally of the positions
//! it expands.

use super::buckets::escape;
use super::codec::Node;
use super::part::{Count, Part};
use crate::level::LevelStats;

/// Orbit sizes a tally keeps apart (groups of at most 16 elements).
pub(crate) const ORBITS: usize = 17;

/// A level: its partitions (compact once finished), its size, total paths,
/// largest counter and how many counters are too big for a narrow record
/// (at least [`escape`]).
pub(crate) struct Level<C> {
    pub(crate) parts: Vec<Part<C>>,
    pub(crate) len: usize,
    pub(crate) paths: u128,
    pub(crate) max: u128,
    pub(crate) big: usize,
}

impl<C: Count> Level<C> {
    pub(crate) fn new(parts: usize) -> Self {
        Level { parts: vec![Part::default(); parts], len: 0, paths: 0, max: 0, big: 0 }
    }

    /// A finished level of these partitions (from a checkpoint), keys of
    /// `rest_bits` bits.
    pub(crate) fn finished(parts: Vec<Part<C>>, rest_bits: u32) -> Self {
        let mut level = Level { len: 0, paths: 0, max: 0, big: 0, parts };
        let big = u128::from(escape(rest_bits));
        for (_, c) in level.parts.iter().flat_map(Part::entries) {
            let c: u128 = c.into();
            level.len += 1;
            level.paths += c;
            level.max = level.max.max(c);
            level.big += usize::from(c >= big);
        }
        level
    }
}

/// `level` with `u128` counters.
pub(crate) fn widen(level: Level<u64>) -> Level<u128> {
    let parts = level.parts.into_iter().map(Part::widen).collect();
    Level { parts, len: level.len, paths: level.paths, max: level.max, big: level.big }
}

/// A thread's statistics of the partition it expands, in plain integers
/// (kept in registers and on the stack by the hot loop).
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) positions: u64,
    pub(crate) canonical: u64,
    pub(crate) by_orbit: [u64; ORBITS],
    pub(crate) paths: u128,
    pub(crate) moves: u64,
    pub(crate) dead_ends: u64,
    pub(crate) dead_end_paths: u128,
    pub(crate) goals: u64,
    pub(crate) goal_paths: u128,
}

impl Tally {
    /// Counts a position of class counter `c` and its node.
    #[inline(always)]
    pub(crate) fn add(&mut self, node: Node, c: u128) {
        let orbit = node.orbit as usize;
        self.positions += orbit as u64;
        self.canonical += 1;
        self.by_orbit[orbit.min(ORBITS - 1)] += 1;
        self.paths += c;
        self.moves += u64::from(node.moves);
        if node.moves == 0 {
            self.dead_ends += orbit as u64;
            self.dead_end_paths += c;
            if node.goal {
                self.goals += orbit as u64;
                self.goal_paths += c;
            }
        }
    }

    /// Adds these to `st` (through [`LevelStats::merge`]; orbits up to
    /// the length of `st.by_orbit`).
    pub(crate) fn add_to(&self, st: &mut LevelStats) {
        st.merge(&LevelStats {
            depth: st.depth,
            positions: self.positions,
            canonical: self.canonical,
            by_orbit: self.by_orbit[..st.by_orbit.len().min(self.by_orbit.len())].to_vec(),
            paths: self.paths,
            moves: self.moves,
            dead_ends: self.dead_ends,
            dead_end_paths: self.dead_end_paths,
            goals: self.goals,
            goal_paths: self.goal_paths,
        });
    }
}
