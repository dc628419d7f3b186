//! Level-synchronous breadth-first search with exact path counts and
//! symmetry reduction (the method of the peg-solitaire text).
//!
//! Level `d` holds the positions `d` moves from the start. Only the current
//! and the next level are in memory. Every position carries a path counter
//! (`u128`): the start has 1, and expanding a position adds its counter to
//! each successor's, so a counter is the number of move sequences from the
//! start that reach the position. Each position is expanded once.
//!
//! **Graded games only**: every path from the start to a position must have
//! the same length (peg solitaire: one peg less per move; placing phases).
//! Otherwise a position shows up on several levels; use
//! [`general`](crate::general) then.
//!
//! # Symmetry
//! With symmetry on, positions are stored once per class under the group
//! of the start's symmetries: the symmetries `k` of the game with
//! `start.symmetric(k) == start` (all of them for a fully symmetric start).
//! Why this is exact for *any* start:
//! - the reachable set is closed under that group (a symmetry of the start
//!   maps every path from the start to a path from the start), so the real
//!   positions of a level are exactly the union of the orbits of its
//!   canonical positions, and `positions = Σ orbit sizes`;
//! - the counter of a class is the sum of the real counters of its members.
//!   Members of a class have equal real counters (the group maps paths to
//!   paths), and a move from the canonical member into a class corresponds
//!   one to one to moves from every other member into that class, so adding
//!   the canonical member's class counter into the successor's class for
//!   each move keeps every class counter exact. The real counter of one
//!   member is the class counter divided by the orbit size.
//!
//! For a fully symmetric start this is the text's method (s1, s2, s4, s8);
//! for another start the group is smaller (a corner start on the English
//! board keeps only the diagonal mirror) and the counts stay exact.
//!
//! ```
//! # use spielbaum_bfs_reach::level::{FromKey, LevelBfs};
//! # use spielbaum_game_trait::{Game, MoveList, Outcome, Player};
//! /// Pegs on a line of 6 holes, jumping left or right.
//! #[derive(Clone)]
//! struct Line(u64);
//! impl Game for Line {
//!     type Move = (u32, bool);
//!     const PLAYERS: u8 = 1;
//!     const EXACT_KEY: bool = true;
//!     fn to_move(&self) -> Player { Player::FIRST }
//!     fn moves(&self, out: &mut MoveList<(u32, bool)>) {
//!         for i in 0..4 {
//!             let (a, b, c) = (self.0 >> i & 1, self.0 >> (i + 1) & 1, self.0 >> (i + 2) & 1);
//!             if a == 1 && b == 1 && c == 0 { out.push((i, true)); }
//!             if a == 0 && b == 1 && c == 1 { out.push((i, false)); }
//!         }
//!     }
//!     fn play(&mut self, (i, right): (u32, bool)) {
//!         self.0 ^= 7 << i; // both jumps flip the three holes
//!         let _ = right;
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         let mut m = MoveList::new();
//!         self.moves(&mut m);
//!         m.is_empty().then(|| Outcome::Puzzle { goal: self.0.count_ones() == 1, score: 0 })
//!     }
//!     fn key(&self) -> u64 { self.0 }
//! }
//! impl FromKey for Line { fn decode(&self, key: u64) -> Self { Line(key) } }
//!
//! let summary = LevelBfs::new().run(&Line(0b111011), |_, _| Default::default()).unwrap();
//! assert!(summary.complete);
//! assert_eq!(summary.levels[0].positions, 1);
//! assert_eq!(summary.levels[1].positions, 2); // two jumps into the hole
//! ```

use std::path::PathBuf;

use spielbaum_game_trait::Game;

use crate::checkpoint::{self, Body, Header, Kind};
use crate::control::{Control, Progress, RunError};
use crate::expand::{PARTS, WidePart, layout};

/// Games whose [`key`](Game::key) is an exact encoding that can be turned
/// back into the position: the level engine stores only keys (8 bytes) and
/// counters (16 bytes) per position.
pub trait FromKey: Game {
    /// The position with key `key`; `self` (any position of the same game)
    /// supplies the rules. Only called with keys of positions the engine
    /// reached.
    fn decode(&self, key: u64) -> Self;

    /// The number of distinct images of `self` under all the game's
    /// symmetries (1, 2, 4 or 8 on a square board).
    ///
    /// Default: [`GameExt::orbit_size`](spielbaum_game_trait::GameExt::orbit_size)
    /// (distinct keys among all images); games with a branch-free way
    /// override it, since the level engine calls it once per stored position.
    fn orbit_size_all(&self) -> usize {
        spielbaum_game_trait::GameExt::orbit_size(self)
    }

    /// Calls `f` with the key of every successor — its
    /// [`canonical_key`](Game::canonical_key) when `canonical` is true —
    /// and returns the number of successors (0 for a finished position).
    ///
    /// Default: [`moves`](Game::moves) into `buffer`, then
    /// [`after`](Game::after) and the key of each. Games override it with a
    /// loop that skips the move list (the hot path of the level engine).
    fn successor_keys<F: FnMut(u64)>(
        &self,
        canonical: bool,
        buffer: &mut spielbaum_game_trait::MoveList<Self::Move>,
        mut f: F,
    ) -> usize {
        buffer.clear();
        self.moves(buffer);
        for &mv in buffer.iter() {
            let next = self.after(mv);
            f(if canonical { next.canonical_key() } else { next.key() });
        }
        buffer.len()
    }
}

/// Statistics of one level, streamed to the caller as soon as the level is
/// expanded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Moves from the start (0 for the start itself).
    pub depth: u32,
    /// Real positions on this level (orbits counted in full).
    pub positions: u64,
    /// Positions stored: one per symmetry class (equal to `positions`
    /// without symmetry).
    pub canonical: u64,
    /// `by_orbit[s]` = canonical positions whose class has `s` members: the
    /// text's s1, s2, s4, s8 are `by_orbit[1]`, `[2]`, `[4]`, `[8]`.
    pub by_orbit: Vec<u64>,
    /// Move sequences from the start to this level (sum of all counters).
    pub paths: u128,
    /// Moves of the stored positions (edges expanded; with symmetry, the
    /// moves of one position per class).
    pub moves: u64,
    /// Real positions without a legal move.
    pub dead_ends: u64,
    /// Move sequences ending in a dead end on this level (finished games).
    pub dead_end_paths: u128,
    /// Real dead ends whose outcome is `Puzzle { goal: true, .. }`.
    pub goals: u64,
    /// Move sequences ending in such a goal.
    pub goal_paths: u128,
}

impl LevelStats {
    /// Adds the statistics of another part of the same level (e.g. another
    /// thread's share) to these.
    pub fn merge(&mut self, o: &LevelStats) {
        self.positions += o.positions;
        self.canonical += o.canonical;
        if self.by_orbit.len() < o.by_orbit.len() {
            self.by_orbit.resize(o.by_orbit.len(), 0);
        }
        for (a, b) in self.by_orbit.iter_mut().zip(&o.by_orbit) {
            *a += b;
        }
        self.paths += o.paths;
        self.moves += o.moves;
        self.dead_ends += o.dead_ends;
        self.dead_end_paths += o.dead_end_paths;
        self.goals += o.goals;
        self.goal_paths += o.goal_paths;
    }
}

/// The result of a run: the statistics of every finished level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// One entry per finished level, depth 0 first.
    pub levels: Vec<LevelStats>,
    /// `false` if the run was stopped (by a callback or the depth limit)
    /// before the levels ran out.
    pub complete: bool,
    /// Levels that were read from a checkpoint instead of computed.
    pub resumed_levels: usize,
}

impl Summary {
    /// Real positions over all levels.
    pub fn total_positions(&self) -> u64 {
        self.levels.iter().map(|l| l.positions).sum()
    }
    /// Canonical positions over all levels.
    pub fn total_canonical(&self) -> u64 {
        self.levels.iter().map(|l| l.canonical).sum()
    }
    /// Finished games (move sequences ending in a dead end).
    pub fn total_games(&self) -> u128 {
        self.levels.iter().map(|l| l.dead_end_paths).sum()
    }
}

/// The symmetry group used for normalisation.
#[derive(Clone, Debug)]
pub(crate) enum Group {
    /// No normalisation.
    Identity,
    /// All `n` symmetries of the game (the start is fully symmetric).
    Full(usize),
    /// The listed symmetries (the start's stabiliser).
    Sub(Vec<usize>),
}

impl Group {
    pub(crate) fn of<G: Game>(start: &G, symmetry: bool) -> Group {
        if !symmetry {
            return Group::Identity;
        }
        let n = start.symmetries();
        let key = start.key();
        let stab: Vec<usize> = (0..n).filter(|&k| start.symmetric(k).key() == key).collect();
        match stab.len() {
            1 => Group::Identity,
            s if s == n => Group::Full(n),
            _ => Group::Sub(stab),
        }
    }

    /// Number of symmetries in the group.
    pub(crate) fn size(&self) -> usize {
        match self {
            Group::Identity => 1,
            Group::Full(n) => *n,
            Group::Sub(v) => v.len(),
        }
    }

    #[inline]
    pub(crate) fn canonical_key<G: Game>(&self, g: &G) -> u64 {
        match self {
            Group::Identity => g.key(),
            Group::Full(_) => g.canonical_key(),
            Group::Sub(v) => v.iter().map(|&k| g.symmetric(k).key()).min().unwrap_or(g.key()),
        }
    }

    /// Orbit size of `g` (whose key is `key`): group size over the number
    /// of group elements fixing it.
    pub(crate) fn orbit<G: FromKey>(&self, g: &G, key: u64) -> usize {
        let fixing = match self {
            Group::Identity => return 1,
            Group::Full(_) => return g.orbit_size_all(),
            Group::Sub(v) => v.iter().filter(|&&k| g.symmetric(k).key() == key).count(),
        };
        self.size() / fixing.max(1)
    }
}

/// Read access to a finished level inside the level callback.
pub struct LevelView<'a, G> {
    parts: &'a [WidePart],
    proto: &'a G,
    group: &'a Group,
}

impl<G: FromKey> LevelView<'_, G> {
    /// `(canonical key, class counter)` of every stored position.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u128)> + '_ {
        let layout = layout();
        self.parts.iter().enumerate().flat_map(move |(p, part)| {
            part.entries().map(move |(rest, c)| (layout.join_wide(p, rest), c))
        })
    }

    /// Number of stored positions (0 for levels read from a checkpoint).
    pub fn len(&self) -> usize {
        self.parts.iter().map(|p| p.len).sum()
    }

    /// `true` if no position is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position of a stored key.
    pub fn position(&self, key: u64) -> G {
        self.proto.decode(key)
    }

    /// The number of real positions in the class of a stored key; a class
    /// counter divided by it is the counter of each member.
    pub fn orbit_size(&self, key: u64) -> usize {
        self.group.orbit(&self.proto.decode(key), key)
    }

    /// The distinct keys of the real positions in the class of a stored
    /// key (its orbit under the group in use).
    pub fn members(&self, key: u64) -> Vec<u64> {
        let g = self.proto.decode(key);
        let mut out: Vec<u64> = match self.group {
            Group::Identity => vec![key],
            Group::Full(n) => (0..*n).map(|k| g.symmetric(k).key()).collect(),
            Group::Sub(v) => v.iter().map(|&k| g.symmetric(k).key()).collect(),
        };
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Number of symmetries used for normalisation.
    pub fn group_size(&self) -> usize {
        self.group.size()
    }
}

pub(crate) type ProgressFn<'a> = Box<dyn FnMut(Progress) -> Control + 'a>;

/// The level-synchronous search; configure, then [`run`](LevelBfs::run).
pub struct LevelBfs<'a> {
    symmetry: bool,
    max_depth: Option<u32>,
    threads: Option<usize>,
    checkpoint: Option<PathBuf>,
    progress: Option<ProgressFn<'a>>,
}

impl Default for LevelBfs<'_> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> LevelBfs<'a> {
    /// Defaults: symmetry on, no depth limit, rayon's global pool, no
    /// checkpoint, no progress callback.
    pub fn new() -> Self {
        LevelBfs {
            symmetry: true,
            max_depth: None,
            threads: None,
            checkpoint: None,
            progress: None,
        }
    }

    /// Normalise by symmetry (default on; see the module docs for why the
    /// counts stay exact).
    pub fn symmetry(mut self, on: bool) -> Self {
        self.symmetry = on;
        self
    }

    /// Stop after the level at this depth (its statistics are complete).
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Run on a pool of this many threads instead of rayon's global pool.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = Some(n.max(1));
        self
    }

    /// After every finished level, write the next level to
    /// `dir/checkpoint.bin` (atomically); a later run with the same start
    /// and options resumes from it.
    pub fn checkpoint(mut self, dir: impl Into<PathBuf>) -> Self {
        self.checkpoint = Some(dir.into());
        self
    }

    /// Called after every round of expansion (a few times per second);
    /// return [`Control::Stop`] to stop (finished levels are kept).
    pub fn progress(mut self, f: impl FnMut(Progress) -> Control + 'a) -> Self {
        self.progress = Some(Box::new(f));
        self
    }

    /// Runs from `start`, calling `on_level` with the statistics and
    /// contents of each finished level; `Control::Stop` ends the run after
    /// that level.
    pub fn run<G, F>(mut self, start: &G, mut on_level: F) -> Result<Summary, RunError>
    where
        G: FromKey + Send + Sync,
        F: FnMut(&LevelStats, &LevelView<'_, G>) -> Control,
    {
        let pool = match self.threads {
            None => None,
            Some(n) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| RunError::Checkpoint(format!("thread pool: {e}")))?,
            ),
        };
        self.run_inner(start, &mut on_level, pool.as_ref())
    }

    fn run_inner<G, F>(
        &mut self,
        start: &G,
        on_level: &mut F,
        pool: Option<&rayon::ThreadPool>,
    ) -> Result<Summary, RunError>
    where
        G: FromKey + Send + Sync,
        F: FnMut(&LevelStats, &LevelView<'_, G>) -> Control,
    {
        let group = Group::of(start, self.symmetry);
        let start_key = group.canonical_key(start);
        let mut summary = Summary::default();
        let mut depth = 0u32;
        let layout = layout();
        let identity =
            [start.key(), group.size() as u64, 64, PARTS as u64, u64::from(layout.rest_bits())];
        let mut current: Vec<WidePart> = {
            let mut parts: Vec<WidePart> = (0..PARTS).map(|_| WidePart::default()).collect();
            let (p, rest) = layout.split_wide(start_key);
            parts[p] = WidePart::single(rest, 1);
            parts
        };
        if let Some(dir) = &self.checkpoint
            && let Some((cp, body)) =
                checkpoint::load(dir, Kind::Level, &identity, PARTS, layout.rest_bits())?
        {
            let empty: Vec<WidePart> = Vec::new();
            for stats in &cp.levels {
                let view = LevelView { parts: &empty, proto: start, group: &group };
                if on_level(stats, &view).is_stop() {
                    summary.levels.push(stats.clone());
                    summary.resumed_levels = summary.levels.len();
                    return Ok(summary);
                }
                summary.levels.push(stats.clone());
            }
            summary.resumed_levels = cp.levels.len();
            depth = cp.depth;
            let Body::Keys64(parts) = body else {
                unreachable!("checked by the loader");
            };
            current = parts;
        }
        loop {
            let last = self.max_depth.is_some_and(|m| depth >= m);
            let (stats, next) = crate::expand::expand_level(
                start,
                &group,
                &current,
                depth,
                !last,
                pool,
                &mut self.progress,
            )?;
            let view = LevelView { parts: &current, proto: start, group: &group };
            let control = on_level(&stats, &view);
            // Without a next level, the run is complete when nothing on this
            // level had a move.
            let finished = if last {
                stats.dead_ends == stats.positions
            } else {
                next.iter().all(|p| p.len == 0)
            };
            summary.levels.push(stats);
            drop(current);
            if finished {
                summary.complete = true;
                return Ok(summary);
            }
            if !last && let Some(dir) = &self.checkpoint {
                let head = Header {
                    kind: Kind::Level,
                    identity: identity.to_vec(),
                    depth: depth + 1,
                    prev_len: 0,
                    per_class: 0.0,
                    levels: summary.levels.clone(),
                };
                checkpoint::save(dir, &head, &next)?;
            }
            if last || control.is_stop() {
                return Ok(summary);
            }
            depth += 1;
            current = next;
        }
    }
}
