//! Dense breadth-first search over a small integer state space.
//!
//! The states are the integers `0..states`; a distance table (one `u32` per
//! state) replaces the hash set of a general search. The frontier is the
//! "active list" of Schröpl's golf text ("Ein Verfahren zum Einlochen in
//! Golf", §4): ONE list that is appended to. The states of the level being expanded
//! occupy a known range of it and the newly reached states go behind it;
//! since every state enters the list at most once, its capacity is known in
//! advance and a search never reallocates.
//!
//! Successors outside the table (`>= states`, including wrapped-around
//! subtractions) are ignored, exactly as the text ignores sums and
//! differences that fall off the table. A search can stop early once every
//! state of a *target set* is reached (§7), or when a per-level callback says
//! so (§9, bound-based abandoning).
//!
//! ```
//! use spielbaum_bfs_reach::dense::{Control, DenseBfs, Stop};
//!
//! // Fields 0..=20, steps of ±3 and ±5 from field 0.
//! let mut bfs = DenseBfs::new(21);
//! let run = bfs
//!     .run(&[0], |s| [s + 3, s + 5, s.wrapping_sub(3), s.wrapping_sub(5)], |_| Control::Continue)
//!     .unwrap();
//! assert_eq!(run.stop, Stop::Exhausted);
//! assert_eq!(bfs.distance(1), Some(3)); // 1 = 3 + 3 − 5
//! assert_eq!(bfs.distance(8), Some(2));
//! assert_eq!(run.reached, 21);
//! ```

use core::fmt;

/// The distance of a state that was not reached.
pub const UNREACHED: u32 = u32::MAX;

/// Tells a running search whether to go on after a level (the crate's one
/// [`Control`]; after `Stop` the distances found so far stay
/// valid).
pub use crate::control::Control;

/// Why a search ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// The last level reached no new state: every reachable state has its
    /// final distance.
    Exhausted,
    /// Every target state was reached (early stop, see
    /// [`DenseBfs::set_targets`]).
    TargetsComplete,
    /// The level callback returned [`Control::Stop`].
    Abandoned,
}

/// A bad argument to a dense search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DenseError {
    /// A source or target state lies outside `0..states`.
    StateOutOfRange {
        /// The offending state.
        state: u32,
        /// The number of states of the table.
        states: usize,
    },
    /// The table is too large for `u32` state numbers.
    TooManyStates(usize),
}

impl fmt::Display for DenseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DenseError::StateOutOfRange { state, states } => {
                write!(f, "state {state} is outside the table 0..{states}")
            }
            DenseError::TooManyStates(n) => {
                write!(f, "{n} states do not fit u32 state numbers")
            }
        }
    }
}

impl std::error::Error for DenseError {}

/// What the level callback sees after each completed level.
#[derive(Debug)]
pub struct Level<'a> {
    /// The distance of the states reached in this level (sources are level
    /// 0; the callback is first called for level 1).
    pub depth: u32,
    /// The states first reached in this level, in discovery order.
    pub new: &'a [u32],
    /// The whole distance table so far ([`UNREACHED`] where not reached).
    pub dist: &'a [u32],
    /// Number of target states not reached yet (0 without targets).
    pub targets_left: usize,
}

/// Summary of one run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Run {
    /// Deepest level that reached a new state.
    pub depth: u32,
    /// Number of states reached (sources included).
    pub reached: usize,
    /// Target states not reached (0 without targets).
    pub targets_left: usize,
    /// Why the search ended.
    pub stop: Stop,
}

/// A reusable dense breadth-first search: the distance table, the active
/// list and the target marks, allocated once by [`new`](DenseBfs::new).
#[derive(Clone, Debug)]
pub struct DenseBfs {
    dist: Vec<u32>,
    active: Vec<u32>,
    target: Vec<bool>,
    targets: usize,
}

impl DenseBfs {
    /// A search over the states `0..states`.
    ///
    /// # Panics
    /// If `states` exceeds `u32::MAX` (use [`try_new`](DenseBfs::try_new) to
    /// get an error instead).
    pub fn new(states: usize) -> Self {
        match Self::try_new(states) {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        }
    }

    /// A search over the states `0..states`, or an error if the state
    /// numbers do not fit `u32`.
    pub fn try_new(states: usize) -> Result<Self, DenseError> {
        if states > u32::MAX as usize {
            return Err(DenseError::TooManyStates(states));
        }
        Ok(DenseBfs {
            dist: vec![UNREACHED; states],
            active: Vec::with_capacity(states),
            target: vec![false; states],
            targets: 0,
        })
    }

    /// Number of states of the table.
    pub fn states(&self) -> usize {
        self.dist.len()
    }

    /// Marks the states whose distances are wanted: a run stops with
    /// [`Stop::TargetsComplete`] as soon as all of them are reached (the
    /// "needed fields" of the text's §7). An empty slice (the default)
    /// disables the early stop. Duplicates are allowed.
    pub fn set_targets(&mut self, targets: &[u32]) -> Result<(), DenseError> {
        let states = self.states();
        if let Some(&bad) = targets.iter().find(|&&t| t as usize >= states) {
            return Err(DenseError::StateOutOfRange { state: bad, states });
        }
        self.target.fill(false);
        self.targets = 0;
        for &t in targets {
            if !self.target[t as usize] {
                self.target[t as usize] = true;
                self.targets += 1;
            }
        }
        Ok(())
    }

    /// The distance of `state` from the sources of the last run, if reached.
    pub fn distance(&self, state: u32) -> Option<u32> {
        match self.dist.get(state as usize) {
            Some(&d) if d != UNREACHED => Some(d),
            _ => None,
        }
    }

    /// The distance table of the last run ([`UNREACHED`] where not reached).
    pub fn distances(&self) -> &[u32] {
        &self.dist
    }

    /// The active list of the last run: every reached state in order of
    /// discovery (so in order of distance).
    pub fn discovered(&self) -> &[u32] {
        &self.active
    }

    /// Runs a breadth-first search from `sources` (distance 0).
    ///
    /// `successors(s)` yields the states one step from `s`; those outside
    /// `0..states` are ignored. After every level that reached a new state,
    /// `on_level` sees the level and may stop the search. Allocates nothing.
    pub fn run<F, I, L>(
        &mut self,
        sources: &[u32],
        mut successors: F,
        mut on_level: L,
    ) -> Result<Run, DenseError>
    where
        F: FnMut(u32) -> I,
        I: IntoIterator<Item = u32>,
        L: FnMut(&Level<'_>) -> Control,
    {
        let states = self.states();
        if let Some(&bad) = sources.iter().find(|&&s| s as usize >= states) {
            return Err(DenseError::StateOutOfRange { state: bad, states });
        }
        self.dist.fill(UNREACHED);
        self.active.clear();
        let mut left = self.targets;
        for &s in sources {
            let d = &mut self.dist[s as usize];
            if *d == UNREACHED {
                *d = 0;
                self.active.push(s);
                if self.target[s as usize] {
                    left -= 1;
                }
            }
        }
        let done = |left: usize, targets: usize| targets > 0 && left == 0;
        let mut depth = 0;
        let mut start = 0;
        let mut stop =
            if done(left, self.targets) { Stop::TargetsComplete } else { Stop::Exhausted };
        // One list: `start..end` is the level being expanded, new states are
        // appended behind it.
        while stop == Stop::Exhausted && start < self.active.len() {
            let end = self.active.len();
            let next = depth + 1;
            for i in start..end {
                let s = self.active[i];
                for t in successors(s) {
                    if let Some(d) = self.dist.get_mut(t as usize)
                        && *d > next
                    {
                        *d = next;
                        self.active.push(t);
                        if self.target[t as usize] {
                            left -= 1;
                        }
                    }
                }
            }
            start = end;
            if self.active.len() == end {
                break;
            }
            depth = next;
            let level =
                Level { depth, new: &self.active[end..], dist: &self.dist, targets_left: left };
            if done(left, self.targets) {
                stop = Stop::TargetsComplete;
            }
            if on_level(&level) == Control::Stop && stop == Stop::Exhausted {
                stop = Stop::Abandoned;
            }
        }
        Ok(Run { depth, reached: self.active.len(), targets_left: left, stop })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// Textbook queue BFS, for comparison.
    fn queue_bfs(n: usize, src: u32, steps: &[i64]) -> Vec<u32> {
        let mut dist = vec![UNREACHED; n];
        let mut q = VecDeque::new();
        dist[src as usize] = 0;
        q.push_back(src as i64);
        while let Some(s) = q.pop_front() {
            for &st in steps {
                let t = s + st;
                if t >= 0 && (t as usize) < n && dist[t as usize] == UNREACHED {
                    dist[t as usize] = dist[s as usize] + 1;
                    q.push_back(t);
                }
            }
        }
        dist
    }

    #[test]
    fn agrees_with_a_queue_bfs() {
        let mut rng = spielbaum_game_trait::SplitMix64::new(7);
        for _ in 0..200 {
            let n = 1 + rng.below(300);
            let k = 1 + rng.below(4);
            let steps: Vec<u32> = (0..k).map(|_| 1 + rng.below(60) as u32).collect();
            let signed: Vec<i64> = steps.iter().flat_map(|&c| [c as i64, -(c as i64)]).collect();
            let src = rng.below(n) as u32;
            let mut bfs = DenseBfs::new(n);
            let run = bfs
                .run(
                    &[src],
                    |s| steps.iter().flat_map(move |&c| [s + c, s.wrapping_sub(c)]),
                    |_| Control::Continue,
                )
                .unwrap();
            let want = queue_bfs(n, src, &signed);
            assert_eq!(bfs.distances(), &want[..]);
            assert_eq!(run.stop, Stop::Exhausted);
            assert_eq!(run.reached, want.iter().filter(|&&d| d != UNREACHED).count());
            let deepest = want.iter().filter(|&&d| d != UNREACHED).max().copied();
            assert_eq!(Some(run.depth), deepest);
        }
    }

    #[test]
    fn stops_when_targets_are_complete() {
        let mut bfs = DenseBfs::new(100);
        bfs.set_targets(&[2, 4, 4]).unwrap();
        let mut levels = 0;
        let run = bfs
            .run(
                &[0],
                |s| [s + 1],
                |_| {
                    levels += 1;
                    Control::Continue
                },
            )
            .unwrap();
        assert_eq!(run.stop, Stop::TargetsComplete);
        assert_eq!(run.depth, 4);
        assert_eq!(levels, 4);
        assert_eq!(bfs.distance(5), None);
        // A source that is itself the only target.
        bfs.set_targets(&[0]).unwrap();
        let run = bfs.run(&[0], |s| [s + 1], |_| Control::Continue).unwrap();
        assert_eq!((run.stop, run.depth, run.reached), (Stop::TargetsComplete, 0, 1));
    }

    #[test]
    fn the_callback_abandons() {
        let mut bfs = DenseBfs::new(50);
        let run = bfs
            .run(
                &[0],
                |s| [s + 1],
                |l| {
                    assert_eq!(l.new, &[l.depth]);
                    if l.depth == 3 { Control::Stop } else { Control::Continue }
                },
            )
            .unwrap();
        assert_eq!((run.stop, run.depth, run.reached), (Stop::Abandoned, 3, 4));
        assert_eq!(bfs.discovered(), &[0, 1, 2, 3]);
    }

    #[test]
    fn bad_states_are_errors() {
        let mut bfs = DenseBfs::new(10);
        assert_eq!(
            bfs.set_targets(&[10]),
            Err(DenseError::StateOutOfRange { state: 10, states: 10 })
        );
        let err = bfs.run(&[11], |s| [s], |_| Control::Continue).unwrap_err();
        assert_eq!(err.to_string(), "state 11 is outside the table 0..10");
    }
}
