//! Retrograde analysis: the exact value of every reachable position of a
//! two-player game (or a puzzle) whose reachable positions fit in memory.
//!
//! [`solve`] enumerates every position reachable from the start (breadth
//! first, each position stored once, optionally only one per symmetry
//! class), links every position to its successors, and then works backwards
//! from the finished positions:
//!
//! - a finished position has the value of its [`Outcome`] for the side to
//!   move, 0 plies to the end;
//! - a position with a move to a position that is lost for the side to move
//!   there is won, in one ply more than the fastest such move;
//! - a position whose moves all lead to positions won for the side to move
//!   there is lost, in one ply more than the slowest of them;
//! - everything never decided this way is a draw (either side can avoid
//!   losing forever, or the game ends drawn).
//!
//! Positions are decided in order of their distance to the end (a FIFO
//! queue), which makes the plies exact: a won position is won as fast as
//! possible, a lost one is lost as slowly as possible.
//!
//! ```
//! use spielbaum_bfs_reach::retrograde::{self, Value};
//! use spielbaum_small_games::TicTacToe;
//!
//! let table = retrograde::solve(&TicTacToe::new()).expect("small enough");
//! assert_eq!(table.len(), 5478); // all legal positions
//! assert_eq!(table.get(&TicTacToe::new()), Some(Value::Draw));
//! ```
//!
//! Puzzles (`PLAYERS == 1`) work too: the side to move never changes, a
//! finished position with `goal: true` is a win, any other finish a loss,
//! and the plies are the shortest way to the goal.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;
use spielbaum_game_trait::{Game, MoveList, Outcome, Score, loss_in, win_in};

use crate::control::{Control, Progress, RunError};

/// The exact value of a position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins; the number is the plies to the end with best
    /// play on both sides (the winner hurries, the loser delays).
    Win(u32),
    /// The side to move loses in this many plies with best play.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value as a spielbaum [`Score`]: `win_in(n)`, `loss_in(n)` or 0.
    pub const fn score(self) -> Score {
        match self {
            Value::Win(n) => win_in(n),
            Value::Loss(n) => loss_in(n),
            Value::Draw => 0,
        }
    }

    /// Plies to the end for decided positions, `None` for draws.
    pub const fn plies(self) -> Option<u32> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }

    /// The value seen by the other player (win and loss swap).
    pub const fn flip(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n),
            Value::Loss(n) => Value::Win(n),
            Value::Draw => Value::Draw,
        }
    }
}

/// The value of a finished position for the side to move.
pub fn outcome_value<G: Game>(pos: &G, outcome: Outcome) -> Value {
    match outcome {
        Outcome::Puzzle { goal: true, .. } => Value::Win(0),
        Outcome::Puzzle { goal: false, .. } => Value::Loss(0),
        other => match other.relative_to(pos.to_move()) {
            1 => Value::Win(0),
            -1 => Value::Loss(0),
            _ => Value::Draw,
        },
    }
}

/// Counts of the values in a [`RetroTable`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ValueCounts {
    /// Positions won for the side to move.
    pub wins: u64,
    /// Positions lost for the side to move.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
}

/// The solved table: every reachable position (or one per symmetry class)
/// with its [`Value`].
///
/// Look positions up with [`get`](RetroTable::get); iterate with
/// [`iter`](RetroTable::iter). Storage: the positions in one `Vec`, a
/// key → index map and one `Value` per position; no per-entry allocation.
#[derive(Clone, Debug)]
pub struct RetroTable<G> {
    positions: Vec<G>,
    values: Vec<Value>,
    index: FxHashMap<u64, u32>,
    symmetry: bool,
}

impl<G: Game> RetroTable<G> {
    fn lookup_key(&self, pos: &G) -> u64 {
        if self.symmetry { pos.canonical_key() } else { pos.key() }
    }

    /// The value of `pos`, or `None` if it was not reachable from the start.
    pub fn get(&self, pos: &G) -> Option<Value> {
        self.index.get(&self.lookup_key(pos)).map(|&i| self.values[i as usize])
    }

    /// The value of the stored position with this key (the canonical key
    /// when the table was built with symmetry).
    pub fn get_key(&self, key: u64) -> Option<Value> {
        self.index.get(&key).map(|&i| self.values[i as usize])
    }

    /// Number of stored positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// `true` if nothing is stored (never the case for a solved start).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// `true` if positions are stored once per symmetry class.
    pub fn uses_symmetry(&self) -> bool {
        self.symmetry
    }

    /// Every stored position with its value, in breadth-first order from the
    /// start (the start first).
    pub fn iter(&self) -> impl Iterator<Item = (&G, Value)> + '_ {
        self.positions.iter().zip(self.values.iter().copied())
    }

    /// How many stored positions are won, lost and drawn.
    pub fn counts(&self) -> ValueCounts {
        let mut c = ValueCounts::default();
        for v in &self.values {
            match v {
                Value::Win(_) => c.wins += 1,
                Value::Loss(_) => c.losses += 1,
                Value::Draw => c.draws += 1,
            }
        }
        c
    }

    /// A best move from `pos`: one that keeps the value (the fastest win,
    /// the slowest loss, a drawing move). `None` if `pos` is finished or not
    /// in the table.
    pub fn best_move(&self, pos: &G) -> Option<G::Move> {
        let value = self.get(pos)?;
        let mut moves = MoveList::new();
        pos.moves(&mut moves);
        moves.into_iter().find(|&mv| {
            let next = pos.after(mv);
            let Some(v) = self.get(&next) else {
                return false;
            };
            let seen = if next.to_move() == pos.to_move() { v } else { v.flip() };
            after_matches(value, seen)
        })
    }
}

/// `true` if a move to a successor worth `seen` (from the mover's point of
/// view, before adding the move's ply) realises `value`.
fn after_matches(value: Value, seen: Value) -> bool {
    match (value, seen) {
        // seen is the successor's value turned to the mover's side: a win for
        // the mover in m plies after the move.
        (Value::Win(n), Value::Win(m)) => m + 1 == n,
        (Value::Loss(n), Value::Loss(m)) => m + 1 == n,
        (Value::Draw, Value::Draw) => true,
        _ => false,
    }
}

/// Options of a retrograde run; [`solve`] uses the defaults.
pub struct Retrograde<'a> {
    symmetry: bool,
    limit: usize,
    progress: Option<Box<dyn FnMut(Progress) -> Control + 'a>>,
}

impl Default for Retrograde<'_> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> Retrograde<'a> {
    /// Defaults: no symmetry reduction, a limit of
    /// [`RETRO_LIMIT`](crate::params::RETRO_LIMIT) positions, no progress.
    pub fn new() -> Self {
        Retrograde { symmetry: false, limit: crate::params::RETRO_LIMIT, progress: None }
    }

    /// Store one position per symmetry class (through the game's
    /// [`canonical`](Game::canonical)); lookups canonicalise too. Sound
    /// because symmetries preserve values (the `Game` contract).
    pub fn symmetry(mut self, on: bool) -> Self {
        self.symmetry = on;
        self
    }

    /// Give up with [`RunError::TooLarge`] beyond this many positions.
    pub fn limit(mut self, positions: usize) -> Self {
        self.limit = positions;
        self
    }

    /// Called every [`PROGRESS_EVERY`](crate::params::PROGRESS_EVERY)
    /// positions in both phases; return [`Control::Stop`] to abandon the run.
    pub fn progress(mut self, f: impl FnMut(Progress) -> Control + 'a) -> Self {
        self.progress = Some(Box::new(f));
        self
    }

    fn report(
        &mut self,
        phase: &'static str,
        done: u64,
        total: Option<u64>,
    ) -> Result<(), RunError> {
        if let Some(f) = self.progress.as_mut()
            && f(Progress { phase, level: 0, done, total }).is_stop()
        {
            return Err(RunError::Stopped);
        }
        Ok(())
    }

    /// Solves every position reachable from `start`.
    pub fn solve<G: Game>(mut self, start: &G) -> Result<RetroTable<G>, RunError> {
        let symmetry = self.symmetry;
        let norm = |g: G| if symmetry { g.canonical() } else { g };
        let key_of = |g: &G| g.key();

        // Phase 1: enumerate, with forward edges in CSR form.
        let first = norm(start.clone());
        let mut positions: Vec<G> = vec![first.clone()];
        let mut index: FxHashMap<u64, u32> = FxHashMap::default();
        index.insert(key_of(&first), 0);
        let mut edge_start: Vec<u32> = Vec::new();
        let mut edges: Vec<u32> = Vec::new();
        let mut values: Vec<Option<Value>> = Vec::new();
        let mut moves = MoveList::new();
        let mut i = 0usize;
        while i < positions.len() {
            edge_start.push(edges.len() as u32);
            let pos = positions[i].clone();
            moves.clear();
            pos.moves(&mut moves);
            if moves.is_empty() {
                let outcome = pos.outcome();
                values.push(Some(match outcome {
                    Some(o) => outcome_value(&pos, o),
                    // Contract breach (no move but not finished): a draw.
                    None => Value::Draw,
                }));
            } else {
                values.push(None);
            }
            for &mv in &moves {
                let next = norm(pos.after(mv));
                let k = key_of(&next);
                let j = match index.get(&k) {
                    Some(&j) => j,
                    None => {
                        let j = positions.len() as u32;
                        if positions.len() >= self.limit {
                            return Err(RunError::TooLarge { limit: self.limit });
                        }
                        index.insert(k, j);
                        positions.push(next);
                        j
                    }
                };
                edges.push(j);
            }
            i += 1;
            if i.is_multiple_of(crate::params::PROGRESS_EVERY) {
                self.report("enumerate", i as u64, None)?;
            }
        }
        edge_start.push(edges.len() as u32);
        let n = positions.len();

        // Reverse edges (predecessors), CSR.
        let mut pred_start = vec![0u32; n + 1];
        for &c in &edges {
            pred_start[c as usize + 1] += 1;
        }
        for p in 0..n {
            pred_start[p + 1] += pred_start[p];
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u32; edges.len()];
        for p in 0..n {
            for &c in &edges[edge_start[p] as usize..edge_start[p + 1] as usize] {
                preds[fill[c as usize] as usize] = p as u32;
                fill[c as usize] += 1;
            }
        }
        drop(fill);

        // Phase 2: propagate from the finished positions.
        let mut remaining: Vec<u32> = (0..n).map(|p| edge_start[p + 1] - edge_start[p]).collect();
        let mut slowest: Vec<u32> = vec![0; n];
        let mut queue: VecDeque<u32> = (0..n as u32)
            .filter(|&p| matches!(values[p as usize], Some(Value::Win(_) | Value::Loss(_))))
            .collect();
        let mut done = 0u64;
        while let Some(c) = queue.pop_front() {
            let cv = values[c as usize].expect("queued positions are decided");
            for &p in &preds[pred_start[c as usize] as usize..pred_start[c as usize + 1] as usize] {
                let p = p as usize;
                if values[p].is_some() {
                    continue;
                }
                // The child's value from the mover's point of view.
                let seen = if positions[c as usize].to_move() != positions[p].to_move() {
                    cv.flip()
                } else {
                    cv
                };
                match seen {
                    // The mover reaches a position that is won for him.
                    Value::Win(m) => {
                        values[p] = Some(Value::Win(m + 1));
                        queue.push_back(p as u32);
                    }
                    Value::Loss(m) => {
                        slowest[p] = slowest[p].max(m + 1);
                        remaining[p] -= 1;
                        if remaining[p] == 0 {
                            values[p] = Some(Value::Loss(slowest[p]));
                            queue.push_back(p as u32);
                        }
                    }
                    Value::Draw => {}
                }
            }
            done += 1;
            if done.is_multiple_of(crate::params::PROGRESS_EVERY as u64) {
                self.report("propagate", done, Some(n as u64))?;
            }
        }
        let values = values.into_iter().map(|v| v.unwrap_or(Value::Draw)).collect();
        Ok(RetroTable { positions, values, index, symmetry })
    }
}

/// Solves every position reachable from `start` with the default
/// [`Retrograde`] options (no symmetry, default limit).
pub fn solve<G: Game>(start: &G) -> Result<RetroTable<G>, RunError> {
    Retrograde::new().solve(start)
}
