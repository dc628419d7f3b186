//! Breadth-first search with a visited set, for games whose positions can
//! be reached by paths of different lengths (moving phases, dice games,
//! anything with cycles).
//!
//! Each position is visited once, at its shortest distance from the start;
//! its counter is the number of *shortest* paths to it. Positions are kept
//! as values of the game (no [`FromKey`](crate::FromKey) needed); the
//! visited set holds 64-bit keys, so keys must not collide on the reachable
//! positions (guaranteed with [`EXACT_KEY`](spielbaum_game_trait::Game::EXACT_KEY)).
//!
//! ```
//! use spielbaum_bfs_reach::general::GeneralBfs;
//! use spielbaum_bfs_reach::Control;
//! use spielbaum_small_games::TicTacToe;
//!
//! let mut per_ply = Vec::new();
//! let summary = GeneralBfs::new()
//!     .symmetry(true)
//!     .run(&TicTacToe::new(), |level, _| {
//!         per_ply.push(level.canonical);
//!         Control::Continue
//!     })
//!     .unwrap();
//! // Tic-tac-toe positions up to symmetry after 0..=9 plies.
//! assert_eq!(per_ply, [1, 3, 12, 38, 108, 174, 204, 153, 57, 15]);
//! assert_eq!(summary.total_positions(), 5478);
//! ```

use rustc_hash::{FxHashMap, FxHashSet};
use spielbaum_game_trait::{Game, GameExt, MoveList, Outcome};

use crate::control::{Control, Progress, RunError};
use crate::level::{Group, ProgressFn};

/// Statistics of one distance from the start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeneralLevel {
    /// Moves from the start.
    pub depth: u32,
    /// Real positions first reached at this distance.
    pub positions: u64,
    /// Stored positions (one per symmetry class with symmetry on).
    pub canonical: u64,
    /// Shortest paths from the start to the positions of this level.
    pub paths: u128,
    /// Real positions without a legal move.
    pub dead_ends: u64,
    /// Real finished positions with `Outcome::Puzzle { goal: true, .. }`.
    pub goals: u64,
}

/// All levels of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeneralSummary {
    /// One entry per distance, the start first.
    pub levels: Vec<GeneralLevel>,
    /// `false` if stopped before the reachable set was exhausted.
    pub complete: bool,
}

impl GeneralSummary {
    /// Real positions over all levels.
    pub fn total_positions(&self) -> u64 {
        self.levels.iter().map(|l| l.positions).sum()
    }
    /// Stored positions over all levels.
    pub fn total_canonical(&self) -> u64 {
        self.levels.iter().map(|l| l.canonical).sum()
    }
}

/// The general breadth-first search; configure, then
/// [`run`](GeneralBfs::run).
pub struct GeneralBfs<'a> {
    symmetry: bool,
    limit: usize,
    max_depth: Option<u32>,
    progress: Option<ProgressFn<'a>>,
}

impl Default for GeneralBfs<'_> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> GeneralBfs<'a> {
    /// Defaults: no symmetry, [`RETRO_LIMIT`](crate::params::RETRO_LIMIT)
    /// positions at most, no depth limit, no progress callback.
    pub fn new() -> Self {
        GeneralBfs {
            symmetry: false,
            limit: crate::params::RETRO_LIMIT,
            max_depth: None,
            progress: None,
        }
    }

    /// Store one position per class of the start's symmetry group (exact
    /// counts for any start, as in [`level`](crate::level)).
    pub fn symmetry(mut self, on: bool) -> Self {
        self.symmetry = on;
        self
    }

    /// Give up with [`RunError::TooLarge`] beyond this many stored
    /// positions.
    pub fn limit(mut self, positions: usize) -> Self {
        self.limit = positions;
        self
    }

    /// Stop after the level at this distance.
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Called every [`PROGRESS_EVERY`](crate::params::PROGRESS_EVERY)
    /// expanded positions; [`Control::Stop`] abandons the run.
    pub fn progress(mut self, f: impl FnMut(Progress) -> Control + 'a) -> Self {
        self.progress = Some(Box::new(f));
        self
    }

    /// Runs from `start`; `on_level` gets each level's statistics and its
    /// stored positions.
    pub fn run<G: Game>(
        mut self,
        start: &G,
        mut on_level: impl FnMut(&GeneralLevel, &[G]) -> Control,
    ) -> Result<GeneralSummary, RunError> {
        let group = Group::of(start, self.symmetry);
        let norm = |g: &G| group.canonical_key(g);
        let mut visited: FxHashSet<u64> = FxHashSet::default();
        visited.insert(norm(start));
        let mut frontier: Vec<(G, u128)> = vec![(start.clone(), 1)];
        let mut summary = GeneralSummary::default();
        let mut moves = MoveList::new();
        let mut expanded = 0usize;
        let mut depth = 0u32;
        loop {
            let mut level = GeneralLevel { depth, ..GeneralLevel::default() };
            let mut next: Vec<(G, u128)> = Vec::new();
            let mut next_index: FxHashMap<u64, usize> = FxHashMap::default();
            let last = self.max_depth.is_some_and(|m| depth >= m);
            for (g, count) in &frontier {
                let orbit = group.orbit_of(g) as u64;
                level.canonical += 1;
                level.positions += orbit;
                level.paths += count;
                moves.clear();
                g.moves(&mut moves);
                if moves.is_empty() {
                    level.dead_ends += orbit;
                    if matches!(g.outcome(), Some(Outcome::Puzzle { goal: true, .. })) {
                        level.goals += orbit;
                    }
                }
                if !last {
                    for &mv in &moves {
                        let child = g.after(mv);
                        let k = norm(&child);
                        if let Some(&i) = next_index.get(&k) {
                            next[i].1 += count;
                        } else if visited.insert(k) {
                            if visited.len() > self.limit {
                                return Err(RunError::TooLarge { limit: self.limit });
                            }
                            next_index.insert(k, next.len());
                            next.push((child, *count));
                        }
                    }
                }
                expanded += 1;
                if expanded.is_multiple_of(crate::params::PROGRESS_EVERY)
                    && let Some(f) = self.progress.as_mut()
                {
                    let p = Progress {
                        phase: "expand",
                        level: depth,
                        done: expanded as u64,
                        total: None,
                    };
                    if f(p).is_stop() {
                        return Err(RunError::Stopped);
                    }
                }
            }
            let stored: Vec<G> = frontier.drain(..).map(|(g, _)| g).collect();
            let control = on_level(&level, &stored);
            summary.levels.push(level);
            if next.is_empty() && !last {
                summary.complete = true;
                return Ok(summary);
            }
            if last || control.is_stop() {
                return Ok(summary);
            }
            frontier = next;
            depth += 1;
        }
    }
}

impl Group {
    /// Orbit size of any game's position under the group (generic: counts
    /// distinct keys of the images).
    pub(crate) fn orbit_of<G: Game>(&self, g: &G) -> usize {
        match self {
            Group::Identity => 1,
            Group::Full(_) => g.orbit_size(),
            Group::Sub(v) => {
                let mut keys: MoveList<u64> = v.iter().map(|&k| g.symmetric(k).key()).collect();
                keys.sort_unstable();
                keys.dedup();
                keys.len()
            }
        }
    }
}
