//! The retrograde solver over a [`PerfectIndex`] and the [`Database`] of
//! solved subspaces.
//!
//! # Passes
//!
//! Per subspace, with three dense tables (2-bit values, 16 bits of plies,
//! a byte of successor counters; 3.25 bytes per index while solving):
//!
//! 1. **Init** (parallel over chunks of the index): unrank each index;
//!    a hole gets code `11`; a finished position its outcome at 0 plies.
//!    Otherwise play every move and rank the successor. Successors in the
//!    subspace are counted once per distinct index (the counter byte).
//!    Successors in an already solved dependency are probed: a successor
//!    lost for its mover makes the position a (provisional) win in one
//!    ply more; a won successor raises the position's *loss floor* (kept in
//!    the plies slot while undecided); a drawn one adds a counter that
//!    never runs out, so the position can never be lost. A position whose
//!    moves all lead out of the subspace to won successors is lost.
//! 2. **Propagate**, pass `k = 1, 2, …` (parallel over chunks): every
//!    decided position `c` at exactly `k − 1` plies is unranked and its
//!    [`unmoves`](PerfectIndex::unmoves) are ranked (deduplicated, so each
//!    predecessor index is met once per successor index, matching the
//!    counters). If `c` is good for the predecessor's mover, the
//!    predecessor is won in `k` plies (or its provisional win is shortened
//!    to `k`); otherwise its counter is decremented, and at zero it is lost
//!    in `max(k, loss floor)` plies. Passes run until no position has `k`
//!    or more plies.
//! 3. Whatever is undecided is a draw (code `00`).
//!
//! Deciding positions level by level makes the plies exact (the winner
//! hurries, the loser delays), as in the hash-map solver. Updates are
//! atomic: `fetch_or` sets a 2-bit code (a code only ever goes from `00`
//! to `01` or `10`), the counter is `fetch_sub`, a provisional win is
//! shortened with `fetch_min`. The plies are stored before the code is
//! published (release/acquire), so a pass never mistakes a fresh decision
//! for one of the previous level.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};

/// The most plies to the end a table holds (16-bit distances).
const MAX_PLIES: u32 = u16::MAX as u32;
use std::sync::{Arc, RwLock};

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use spielbaum_game_trait::{Game, MoveList};

use super::PerfectIndex;
use super::table::{DRAW, HOLE, LOSS, SpaceTable, WIN};
use crate::control::{Control, Progress};
use crate::params::{PERFECT_BATCH, PERFECT_CHUNK};
use crate::retrograde::{Value, outcome_value};

/// Why a perfect-index solve or probe failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PerfectError {
    /// The progress callback returned [`Control::Stop`]; finished
    /// subspaces are kept on disk.
    Stopped,
    /// Reading or writing a table file failed, or the file is damaged.
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// The index broke its contract or a limit (a successor not ranked,
    /// unmoves that do not match the moves, more than 65,535 plies or 255
    /// successors, a dependency cycle).
    Index {
        /// The subspace being solved.
        space: String,
        /// What went wrong, with the index concerned.
        reason: String,
    },
}

impl core::fmt::Display for PerfectError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PerfectError::Stopped => f.write_str("stopped by the caller"),
            PerfectError::File { path, reason } => write!(f, "{}: {reason}", path.display()),
            PerfectError::Index { space, reason } => write!(f, "subspace {space}: {reason}"),
        }
    }
}

impl std::error::Error for PerfectError {}

/// Solved subspaces of a [`PerfectIndex`]: in memory, or read from a
/// directory of table files on first use (checksum verified).
pub struct Database<'a, I: PerfectIndex> {
    index: &'a I,
    dir: Option<PathBuf>,
    tables: RwLock<FxHashMap<I::Space, Arc<SpaceTable>>>,
}

impl<'a, I: PerfectIndex> Database<'a, I> {
    /// A database reading the tables in `dir` (written by a
    /// [`PerfectSolver`] with the same index) on use.
    pub fn open(index: &'a I, dir: impl Into<PathBuf>) -> Self {
        Database { index, dir: Some(dir.into()), tables: RwLock::default() }
    }

    fn file(&self, space: I::Space) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(format!("{}.spv", self.index.space_name(space))))
    }

    fn cached(&self, space: I::Space) -> Option<Arc<SpaceTable>> {
        self.tables.read().unwrap_or_else(|e| e.into_inner()).get(&space).cloned()
    }

    fn insert(&self, space: I::Space, table: Arc<SpaceTable>) {
        self.tables.write().unwrap_or_else(|e| e.into_inner()).insert(space, table);
    }

    /// The table of `space`, read from disk on first use. An error names
    /// the file (missing, damaged, or written for another index).
    pub fn table(&self, space: I::Space) -> Result<Arc<SpaceTable>, PerfectError> {
        if let Some(t) = self.cached(space) {
            return Ok(t);
        }
        let Some(path) = self.file(space) else {
            return Err(PerfectError::Index {
                space: self.index.space_name(space),
                reason: "not solved (in-memory database)".into(),
            });
        };
        let len = self.index.size(space);
        let table = SpaceTable::load(&path, len, self.index.fingerprint())
            .map_err(|reason| PerfectError::File { path, reason })?;
        let table = Arc::new(table);
        self.insert(space, table.clone());
        Ok(table)
    }

    /// How many subspace tables are in memory now. A database with a
    /// directory reads tables on use; a [`PerfectSolver`] with a directory
    /// keeps a table in memory only while a later subspace depends on it
    /// and hands back a database with none loaded.
    pub fn loaded(&self) -> usize {
        self.tables.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// The value of `pos` for the side to move; `None` if the index does
    /// not cover it. Plies are 0 in tables solved without distances.
    pub fn probe(&self, pos: &I::Game) -> Result<Option<Value>, PerfectError> {
        let Some((space, i)) = self.index.rank(pos) else {
            return Ok(None);
        };
        Ok(self.table(space)?.value(i))
    }

    /// A move that keeps the value of `pos`: the fastest win, the slowest
    /// loss, a drawing move. `None` if `pos` is finished or not covered.
    /// Needs tables with distances to be exact (without them every win
    /// looks like a win in 0 plies, and a "winning" move may not make
    /// progress).
    pub fn best_move(
        &self,
        pos: &I::Game,
    ) -> Result<Option<<I::Game as Game>::Move>, PerfectError> {
        let Some((space, i)) = self.index.rank(pos) else {
            return Ok(None);
        };
        let table = self.table(space)?;
        let (Some(value), exact) = (table.value(i), table.has_distances()) else {
            return Ok(None);
        };
        let mut moves = MoveList::new();
        pos.moves(&mut moves);
        for &mv in &moves {
            let next = pos.after(mv);
            let Some(v) = self.probe(&next)? else { continue };
            let seen = if next.to_move() == pos.to_move() { v } else { v.flip() };
            let keeps = match (value, seen) {
                (Value::Win(n), Value::Win(m)) | (Value::Loss(n), Value::Loss(m)) => {
                    !exact || m + 1 == n
                }
                (Value::Draw, Value::Draw) => true,
                _ => false,
            };
            if keeps {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    fn is_solved(&self, space: I::Space) -> bool {
        self.cached(space).is_some() || self.file(space).is_some_and(|p| p.is_file())
    }
}

/// Options of a perfect-index solve: where tables go, distances, progress.
///
/// `'a` borrows the index (the [`Database`] keeps it), `'p` the progress
/// callback.
pub struct PerfectSolver<'a, 'p, I: PerfectIndex> {
    index: &'a I,
    dir: Option<PathBuf>,
    distances: bool,
    chunk: u64,
    progress: Option<Box<dyn FnMut(Progress) -> Control + 'p>>,
}

impl<'a, 'p, I: PerfectIndex> PerfectSolver<'a, 'p, I> {
    /// Defaults: tables kept in memory only, distances kept, no progress.
    pub fn new(index: &'a I) -> Self {
        PerfectSolver { index, dir: None, distances: true, chunk: PERFECT_CHUNK, progress: None }
    }

    /// Write every finished subspace to `dir/<name>.spv` (atomically, with
    /// a checksum) and skip subspaces whose file is already there: a
    /// stopped run resumes at the first unfinished subspace.
    pub fn dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Keep the plies to the end (16 bits per index in memory; one byte in
    /// the file, two if some distance exceeds 255) in the tables and files.
    /// Default: on. Off saves no memory while solving (the distance marks
    /// each index's level there) but keeps only the 2-bit values: files
    /// shrink from 1.25 (or 2.25) to 0.25 bytes per index, loaded tables
    /// from 2.25.
    pub fn distances(mut self, on: bool) -> Self {
        self.distances = on;
        self
    }

    /// Indices per work item (rounded up to a multiple of 32, the indices
    /// of one value word). Default
    /// [`PERFECT_CHUNK`](crate::params::PERFECT_CHUNK); small chunks
    /// spread even a small subspace over all threads (the tests use this to
    /// exercise concurrent updates).
    pub fn chunk_size(mut self, indices: u64) -> Self {
        self.chunk = indices.max(1).div_ceil(32) * 32;
        self
    }

    /// Progress: phase `"space"` (subspaces done of all to solve), then per
    /// subspace `"init"` and `"propagate"` (indices done of the subspace's
    /// size; `level` is the pass). Called between batches of
    /// [`PERFECT_BATCH`](crate::params::PERFECT_BATCH) chunks; return
    /// [`Control::Stop`] to end the run (the current subspace is dropped,
    /// finished ones are kept).
    pub fn progress(mut self, f: impl FnMut(Progress) -> Control + 'p) -> Self {
        self.progress = Some(Box::new(f));
        self
    }

    fn report(
        &mut self,
        phase: &'static str,
        level: u32,
        done: u64,
        total: u64,
    ) -> Result<(), PerfectError> {
        if let Some(f) = self.progress.as_mut()
            && f(Progress { phase, level, done, total: Some(total) }).is_stop()
        {
            return Err(PerfectError::Stopped);
        }
        Ok(())
    }

    /// Solves `targets` and every subspace they depend on, dependencies
    /// first, skipping subspaces already on disk.
    pub fn solve(mut self, targets: &[I::Space]) -> Result<Database<'a, I>, PerfectError> {
        let order = self.order(targets)?;
        let db = Database { index: self.index, dir: self.dir.clone(), tables: RwLock::default() };
        let total = order.len() as u64;
        // With a directory, a table stays in memory only while a later
        // subspace depends on it: memory holds one subspace and its
        // dependencies, not the whole database.
        let mut last_use: FxHashMap<I::Space, usize> = FxHashMap::default();
        for (t, &s) in order.iter().enumerate() {
            for d in self.index.dependencies(s) {
                last_use.insert(d, t);
            }
        }
        for (done, &space) in order.iter().enumerate() {
            self.report("space", 0, done as u64, total)?;
            if self.dir.is_some() {
                db.tables
                    .write()
                    .unwrap_or_else(|e| e.into_inner())
                    .retain(|s, _| last_use.get(s).is_some_and(|&t| t >= done));
            }
            if db.is_solved(space) {
                continue;
            }
            let deps = self
                .index
                .dependencies(space)
                .into_iter()
                .map(|d| db.table(d).map(|t| (d, t)))
                .collect::<Result<Vec<_>, _>>()?;
            if self.distances
                && let Some((d, _)) = deps.iter().find(|(_, t)| !t.has_distances())
            {
                return Err(self.index_error(
                    space,
                    format!(
                        "dependency {} was solved without distances",
                        self.index.space_name(*d)
                    ),
                ));
            }
            let mut table = self.solve_space(space, &deps)?;
            if !self.distances {
                table.dist = Vec::new();
            }
            if let Some(dir) = &self.dir {
                let name = format!("{}.spv", self.index.space_name(space));
                table.save(dir, &name, self.index.fingerprint()).map_err(|e| {
                    PerfectError::File {
                        path: dir.join(&name),
                        reason: match e {
                            crate::RunError::Checkpoint(msg) => msg,
                            other => other.to_string(),
                        },
                    }
                })?;
            }
            db.insert(space, Arc::new(table));
        }
        if self.dir.is_some() {
            db.tables.write().unwrap_or_else(|e| e.into_inner()).clear();
        }
        self.report("space", 0, total, total)?;
        Ok(db)
    }

    fn index_error(&self, space: I::Space, reason: String) -> PerfectError {
        PerfectError::Index { space: self.index.space_name(space), reason }
    }

    /// Dependencies first (depth-first post-order); a cycle is an error.
    fn order(&self, targets: &[I::Space]) -> Result<Vec<I::Space>, PerfectError> {
        // 1 = on the current path, 2 = placed.
        let mut state: FxHashMap<I::Space, u8> = FxHashMap::default();
        let mut order = Vec::new();
        for &t in targets {
            let mut stack = vec![(t, false)];
            while let Some((s, expanded)) = stack.pop() {
                if expanded {
                    state.insert(s, 2);
                    order.push(s);
                    continue;
                }
                match state.get(&s) {
                    Some(2) => continue,
                    Some(_) => {
                        return Err(self.index_error(s, "dependency cycle".into()));
                    }
                    None => {}
                }
                state.insert(s, 1);
                stack.push((s, true));
                for d in self.index.dependencies(s) {
                    match state.get(&d) {
                        Some(2) => {}
                        Some(_) => return Err(self.index_error(d, "dependency cycle".into())),
                        None => stack.push((d, false)),
                    }
                }
            }
        }
        Ok(order)
    }

    fn solve_space(
        &mut self,
        space: I::Space,
        deps: &[(I::Space, Arc<SpaceTable>)],
    ) -> Result<SpaceTable, PerfectError> {
        let n = self.index.size(space);
        let table = SpaceTable::zeroed(n, true);
        let counters: Vec<AtomicU8> = bytemuck::zeroed_vec(n as usize);
        let max_plies = AtomicU32::new(0);
        let work = Work {
            index: self.index,
            space,
            deps,
            table: &table,
            counters: &counters,
            max_plies: &max_plies,
            chunk: self.chunk,
        };
        let chunk = self.chunk;
        let chunks = n.div_ceil(chunk);

        let mut next = 0;
        while next < chunks {
            let end = (next + PERFECT_BATCH).min(chunks);
            (next..end)
                .into_par_iter()
                .try_for_each_init(Scratch::default, |s, c| work.init(s, c))?;
            next = end;
            self.report("init", 0, (end * chunk).min(n), n)?;
        }
        let mut k = 1u32;
        while k - 1 <= max_plies.load(Ordering::Relaxed) {
            let mut next = 0;
            while next < chunks {
                let end = (next + PERFECT_BATCH).min(chunks);
                (next..end)
                    .into_par_iter()
                    .try_for_each_init(Scratch::default, |s, c| work.pass(s, c, k))?;
                next = end;
                self.report("propagate", k, (end * chunk).min(n), n)?;
            }
            k += 1;
        }
        // Undecided positions are draws; clear their loss floors.
        table.dist.par_chunks(chunk as usize).enumerate().for_each(|(c, d)| {
            let base = c as u64 * chunk;
            for (j, b) in d.iter().enumerate() {
                if matches!(table.code(base + j as u64), DRAW | HOLE) {
                    b.store(0, Ordering::Relaxed);
                }
            }
        });
        Ok(table)
    }
}

/// Per-thread buffers, reused for every index of a chunk.
struct Scratch<G: Game> {
    moves: MoveList<G::Move>,
    succ: Vec<u64>,
    preds: Vec<G>,
    pidx: Vec<(u64, bool)>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch { moves: MoveList::new(), succ: Vec::new(), preds: Vec::new(), pidx: Vec::new() }
    }
}

/// The shared state of one subspace's solve.
struct Work<'w, I: PerfectIndex> {
    index: &'w I,
    space: I::Space,
    deps: &'w [(I::Space, Arc<SpaceTable>)],
    table: &'w SpaceTable,
    counters: &'w [AtomicU8],
    max_plies: &'w AtomicU32,
    /// Indices per work item, a multiple of 32.
    chunk: u64,
}

impl<I: PerfectIndex> Work<'_, I> {
    fn err(&self, reason: String) -> PerfectError {
        PerfectError::Index { space: self.index.space_name(self.space), reason }
    }

    /// Publishes `code` for `i` at `plies` (plies first, then the code).
    fn decide(&self, i: u64, code: u64, plies: u32) -> Result<(), PerfectError> {
        if plies > MAX_PLIES {
            return Err(self.err(format!("index {i}: more than {MAX_PLIES} plies to the end")));
        }
        self.table.dist[i as usize].store(plies as u16, Ordering::Relaxed);
        self.table.words[(i / 32) as usize].fetch_or(code << (2 * (i % 32)), Ordering::Release);
        self.max_plies.fetch_max(plies, Ordering::Relaxed);
        Ok(())
    }

    fn init(&self, s: &mut Scratch<I::Game>, chunk: u64) -> Result<(), PerfectError> {
        let n = self.table.len();
        for i in chunk * self.chunk..((chunk + 1) * self.chunk).min(n) {
            let Some(p) = self.index.unrank(self.space, i) else {
                self.table.words[(i / 32) as usize]
                    .fetch_or(HOLE << (2 * (i % 32)), Ordering::Relaxed);
                continue;
            };
            s.moves.clear();
            p.moves(&mut s.moves);
            if s.moves.is_empty() {
                match p.outcome().map(|o| outcome_value(&p, o)) {
                    Some(Value::Win(_)) => self.decide(i, WIN, 0)?,
                    Some(Value::Loss(_)) => self.decide(i, LOSS, 0)?,
                    _ => {}
                }
                continue;
            }
            let mover = p.to_move();
            let (mut win, mut floor, mut draw) = (u32::MAX, 0u32, false);
            s.succ.clear();
            for &m in &s.moves {
                let q = p.after(m);
                let same = q.to_move() == mover;
                let Some((qs, j)) = self.index.rank(&q) else {
                    return Err(self.err(format!("index {i}: a successor is not ranked")));
                };
                if qs == self.space {
                    s.succ.push(j);
                    continue;
                }
                let Some((_, t)) = self.deps.iter().find(|(d, _)| *d == qs) else {
                    return Err(self.err(format!(
                        "index {i}: a move leads to subspace {}, not a dependency",
                        self.index.space_name(qs)
                    )));
                };
                match (t.value(j), same) {
                    (Some(Value::Win(d)), true) | (Some(Value::Loss(d)), false) => {
                        win = win.min(d + 1);
                    }
                    (Some(Value::Win(d)), false) | (Some(Value::Loss(d)), true) => {
                        floor = floor.max(d + 1);
                    }
                    (Some(Value::Draw), _) => draw = true,
                    (None, _) => {
                        return Err(self.err(format!(
                            "index {i}: a successor ranks to hole {j} of {}",
                            self.index.space_name(qs)
                        )));
                    }
                }
            }
            s.succ.sort_unstable();
            s.succ.dedup();
            let count = s.succ.len() + usize::from(draw);
            if count > usize::from(u8::MAX) {
                return Err(
                    self.err(format!("index {i}: more than 255 successors in the subspace"))
                );
            }
            if win != u32::MAX {
                self.decide(i, WIN, win)?;
            } else if count == 0 {
                self.decide(i, LOSS, floor)?;
            } else {
                self.counters[i as usize].store(count as u8, Ordering::Relaxed);
                if floor > MAX_PLIES {
                    return Err(
                        self.err(format!("index {i}: more than {MAX_PLIES} plies to the end"))
                    );
                }
                self.table.dist[i as usize].store(floor as u16, Ordering::Relaxed);
            }
        }
        Ok(())
    }

    fn pass(&self, s: &mut Scratch<I::Game>, chunk: u64, k: u32) -> Result<(), PerfectError> {
        let n = self.table.len();
        let (lo, hi) = (chunk * self.chunk, ((chunk + 1) * self.chunk).min(n));
        for w in lo / 32..hi.div_ceil(32) {
            let word = self.table.words[w as usize].load(Ordering::Acquire);
            // Low bit of each pair set for codes 01 and 10 (decided).
            let mut decided = (word ^ (word >> 1)) & 0x5555_5555_5555_5555;
            while decided != 0 {
                let bit = decided.trailing_zeros() as u64;
                decided &= decided - 1;
                let i = w * 32 + bit / 2;
                if i >= hi
                    || u32::from(self.table.dist[i as usize].load(Ordering::Relaxed)) != k - 1
                {
                    continue;
                }
                self.expand(s, i, word >> bit & 3 == WIN, k)?;
            }
        }
        Ok(())
    }

    /// Updates the predecessors of the decided index `i` (`won`: won for
    /// its side to move) in pass `k`.
    fn expand(
        &self,
        s: &mut Scratch<I::Game>,
        i: u64,
        won: bool,
        k: u32,
    ) -> Result<(), PerfectError> {
        let Some(c) = self.index.unrank(self.space, i) else {
            return Err(self.err(format!("index {i} is decided but unranks to a hole")));
        };
        let mover = c.to_move();
        s.preds.clear();
        self.index.unmoves(&c, &mut s.preds);
        s.pidx.clear();
        for q in &s.preds {
            match self.index.rank(q) {
                Some((qs, j)) if qs == self.space => s.pidx.push((j, q.to_move() == mover)),
                _ => return Err(self.err(format!("index {i}: an unmove leaves the subspace"))),
            }
        }
        s.pidx.sort_unstable();
        s.pidx.dedup_by_key(|p| p.0);
        for &(j, same) in &s.pidx {
            let code = self.table.code(j);
            if won == same {
                // c is won for the predecessor's mover: a win in k plies.
                match code {
                    DRAW => self.decide(j, WIN, k)?,
                    // Its distance is at most MAX_PLIES already: a longer
                    // one changes nothing (and would not fit 16 bits).
                    WIN if k <= MAX_PLIES => {
                        self.table.dist[j as usize].fetch_min(k as u16, Ordering::Relaxed);
                    }
                    WIN => {}
                    _ => {
                        return Err(self.err(format!(
                            "index {j}: a predecessor of {i} is a hole or lost while it has a winning move"
                        )));
                    }
                }
            } else if code == DRAW {
                let left = self.counters[j as usize].fetch_sub(1, Ordering::Relaxed);
                if left == 0 {
                    return Err(self.err(format!(
                        "index {j}: more unmoves reach it than it has moves (unmoves and moves disagree)"
                    )));
                }
                if left == 1 {
                    let floor = u32::from(self.table.dist[j as usize].load(Ordering::Relaxed));
                    self.decide(j, LOSS, k.max(floor))?;
                }
            }
        }
        Ok(())
    }
}
