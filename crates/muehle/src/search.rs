//! The Mühle engine: an alpha-beta searcher written for this game's
//! position, as the strong Mühle and chess engines are built.
//!
//! - **Copy-make** of the small `Copy` position; moves are generated from
//!   the precomputed neighbour and mill masks into one move stack reused
//!   by every ply (no allocation per node).
//! - **Iterative deepening** with **principal variation search**, a
//!   **transposition table** of 16-byte packed entries, **killer** moves and a
//!   **history** table for quiet moves, and **late move reductions**.
//! - **Staged move picking**: the table's move, checked for legality, is
//!   searched before the other moves are generated and ordered; when it
//!   cuts off (the common case in a deepening search), they never are.
//! - **Forced-block extension**: the only quiet move that keeps a stone
//!   (onto the single gap of the opponent's open mills, when the side to
//!   move has no mill of its own to close) is searched a ply deeper
//!   ([`BLOCK_EXTENSION`]).
//! - **Quiescence** over the moves that close a mill (captures), with the
//!   static evaluation as the stand-pat score; an **evaluation cache** by
//!   position key spares evaluating a position met again.
//! - **Repetitions**: a position met again on the path or in the game
//!   since the last capture (with [`HISTORY_REPEATS`] = 2: on the path, or
//!   twice in the game before the search) scores as a draw, shifted by
//!   the **contempt** against
//!   the side to move at the root (the engine prefers playing on to a
//!   draw against a weaker player).
//! - **Time control**: whichever of depth, nodes and time comes first; the
//!   clock is read every [`CHECK_EVERY`] nodes, and a
//!   new iteration starts only while less than
//!   [`NEXT_ITERATION`] of the time is used (all of it by default: the
//!   root moves an unfinished iteration searched to the end still count).
//!   The time searched is the budget less a safety margin
//!   ([`hard_limit`]), so the answer comes within the budget.
//!
//! Nodes are counted the standard way: every position searched (the root
//! and every position made, quiescence included).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, EVAL_MAX, Game, History, Score, WIN,
};

use crate::cpu::Cpu;
use crate::params::Weights;
use crate::position::{Move, NONE, Position};
use crate::rules::Rules;
use crate::table::{Bound, Table};

/// The engine's tuning constants (with the evaluator's).
pub use crate::params;

use params::*;

mod agent;
mod extend;
mod leaf;
mod null;
mod order;
mod stack;
mod tables;

pub use tables::{DB_MIN, table_plies};
use tables::{from_table, to_table};

use stack::MoveStack;

/// The engine's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Transposition table size in MiB.
    pub table_mib: usize,
    /// Draw score offset (see [`params::CONTEMPT`]).
    pub contempt: i32,
    /// Search the moves that close a mill past the depth limit.
    pub quiescence: bool,
    /// Late move reductions (off: every move to the full depth, so a
    /// fixed-depth search without quiescence is exact minimax).
    pub reductions: bool,
    /// Staged move picking: the table's move is searched before the
    /// moves are generated (off: generated and ordered first, as the
    /// table's move then is; the ordering of the others sees the history
    /// before, not after, the table move's search).
    pub staged: bool,
    /// Limits used when the caller sets none at all.
    pub default_limits: AgentLimits,
    /// The evaluator's weights (the tuned [`params::WEIGHTS`] by default).
    pub weights: Weights,
    /// Plies more by which late quiet moves are reduced while the side to
    /// move still places stones (see [`params::PLACING_REDUCTION`]).
    pub placing_reduction: i32,
    /// Earlier occurrences in the game that make a position a draw (see
    /// [`params::HISTORY_REPEATS`]).
    pub history_repeats: u32,
    /// Contempt added per error of the opponent seen in the game, up to
    /// `contempt_max` (see [`params::CONTEMPT_STEP`]; 0: off).
    pub contempt_step: i32,
    /// See [`params::CONTEMPT_MAX`].
    pub contempt_max: i32,
    /// Null-move reduction while the side to move places stones (see
    /// [`params::NULL_MOVE`]; 0: off).
    pub null_move: i32,
    /// Late move reductions growing with depth and move number (see
    /// [`params::LMR_LOG`]; 0: one ply).
    pub lmr_log: i32,
    /// Plies a forced block is searched deeper (see
    /// [`params::BLOCK_EXTENSION`]; 0: off).
    pub block_extension: i32,
}

impl Default for Config {
    /// 16 MiB, [`CONTEMPT`], quiescence on, 1 s per move.
    fn default() -> Self {
        Config {
            table_mib: 16,
            contempt: CONTEMPT,
            quiescence: true,
            reductions: true,
            staged: true,
            default_limits: AgentLimits::millis(1000),
            weights: Weights::default(),
            placing_reduction: PLACING_REDUCTION,
            history_repeats: HISTORY_REPEATS,
            contempt_step: CONTEMPT_STEP,
            contempt_max: CONTEMPT_MAX,
            null_move: NULL_MOVE,
            lmr_log: LMR_LOG,
            block_extension: BLOCK_EXTENSION,
        }
    }
}

/// What one search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move (`None` only if the position has no move).
    pub best: Option<Move>,
    /// Its score for the side to move ([`Score`] convention: wins near
    /// [`WIN`], draws near 0).
    pub score: Score,
    /// The last depth searched to the end.
    pub depth: u32,
    /// Positions searched (quiescence included).
    pub nodes: u64,
    /// Of those, positions in quiescence.
    pub qnodes: u64,
    /// The principal variation, from the table.
    pub pv: Vec<Move>,
    /// Time taken.
    pub elapsed: Duration,
    /// Per finished iteration: its depth and the time since the start.
    pub iterations: Vec<(u32, Duration)>,
}

/// The Mühle engine (see the module documentation).
pub struct MillEngine {
    config: Config,
    table: Table,
    /// Static evaluations by position key (`key + 1`, value), for the
    /// rules in `eval_rules`: quiescence meets many positions again.
    evals: Vec<(u64, i32)>,
    eval_rules: Option<Rules>,
    /// Generated moves of every ply on the path, one after another.
    moves: MoveStack,
    /// Ordering scores parallel to `moves` (a buffer that only grows:
    /// past the moves of the path it holds stale values).
    scores: Vec<i32>,
    killers: [[Move; 2]; MAX_PLY],
    /// Per ply: reached by a null move (no second one in a row).
    null_path: [bool; MAX_PLY + 1],
    /// History counters by `from` (31 = placing) and `to` (rows of 32,
    /// indexed by `to & 31`: no bounds check in the ordering loop).
    history: [[i32; 32]; 32],
    /// Keys of the game since the last capture, then of the path.
    keys: Vec<u64>,
    /// Index in `keys` of the searched position's key: the game's
    /// positions up to it, the search's path after it.
    root_at: usize,
    nodes: u64,
    qnodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// Set from outside (another thread) to stop the search.
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// The processor's extensions the evaluation may use.
    cpu: Cpu,
    /// Endgame tables giving exact leaves ([`MillEngine::set_db`]).
    tables: Option<tables::Tables>,
    /// The contempt of the searches: the config's, raised by the
    /// opponent's errors seen in the game (`agent.rs`).
    contempt: i32,
    /// What the last search expected of the opponent, and its errors.
    opponent: agent::Opponent,
    /// The depth of the running iteration.
    root_depth: i32,
}

/// The running result of a search node: best score and move so far and
/// the window.
struct Node {
    best: i32,
    best_move: Option<Move>,
    alpha: i32,
    beta: i32,
}

const NO_MOVE: Move = Move { from: NONE, to: NONE, take: NONE };

// The first move of a node is searched with the full window and never
// reduced (`full_width` relies on it).
const _: () = assert!(LMR_AFTER > 0);

impl Default for MillEngine {
    fn default() -> Self {
        MillEngine::new(Config::default())
    }
}

impl MillEngine {
    /// An engine with `config`.
    pub fn new(config: Config) -> MillEngine {
        MillEngine {
            config,
            table: Table::new(config.table_mib),
            evals: vec![(0, 0); EVAL_CACHE],
            eval_rules: None,
            moves: MoveStack::with_capacity(MAX_PLY * 64),
            scores: Vec::with_capacity(MAX_PLY * 64),
            killers: [[NO_MOVE; 2]; MAX_PLY],
            null_path: [false; MAX_PLY + 1],
            history: [[0; 32]; 32],
            keys: Vec::with_capacity(1024),
            root_at: 0,
            nodes: 0,
            qnodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: None,
            stopped: false,
            cpu: Cpu::from_env(),
            tables: None,
            contempt: config.contempt,
            opponent: agent::Opponent::default(),
            root_depth: 0,
        }
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The processor's extensions the search uses ([`Cpu::from_env`]
    /// unless set).
    pub fn cpu(&self) -> Cpu {
        self.cpu
    }

    /// Lets the search use `cpu`'s extensions (the same tree and values
    /// on every path; only the speed differs).
    pub fn set_cpu(&mut self, cpu: Cpu) {
        self.cpu = cpu;
    }

    /// Forgets the table, killers and history (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.opponent = agent::Opponent::default();
        self.contempt = self.config.contempt;
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
        self.history = [[0; 32]; 32];
    }

    /// A flag another thread may set to stop the search (looked at with
    /// the clock, every [`CHECK_EVERY`] nodes); the best move found so far
    /// is returned. `None` removes it.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// Searches `pos` (no game history) within `limits` (the config's
    /// default limits if `limits` sets none).
    pub fn search(&mut self, pos: &Position, limits: &AgentLimits) -> SearchResult {
        self.search_after(pos, &[], limits)
    }

    /// Searches `pos` within `limits`; `earlier` are the keys of the
    /// game's positions before it (oldest first), for repetitions.
    pub fn search_after(
        &mut self,
        pos: &Position,
        earlier: &[u64],
        limits: &AgentLimits,
    ) -> SearchResult {
        self.search_with(pos, earlier, limits, |_| {})
    }

    /// [`search_after`](Self::search_after), calling `on_iteration` with
    /// the result so far after every finished iteration (for progress
    /// lines such as the protocol's `info`).
    pub fn search_with(
        &mut self,
        pos: &Position,
        earlier: &[u64],
        limits: &AgentLimits,
        mut on_iteration: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        let limits = if limits.is_empty() { self.config.default_limits } else { *limits };
        let max_depth = limits.depth.map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));
        // The time searched: the budget less a safety margin.
        let time = limits.time.map(hard_limit);
        self.deadline = time.map(|t| start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.qnodes = 0;
        self.stopped = false;
        self.keys.clear();
        if self.eval_rules != Some(*pos.rules()) {
            self.evals.fill((0, 0));
            self.eval_rules = Some(*pos.rules());
        }
        // Only positions since the last capture can come again.
        let back = (pos.counter() as usize).min(earlier.len());
        self.keys.extend_from_slice(&earlier[earlier.len() - back..]);
        self.root_at = self.keys.len();
        for k in &mut self.killers {
            *k = [NO_MOVE; 2];
        }
        for row in &mut self.history {
            for h in row {
                *h /= 8;
            }
        }
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            qnodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
            iterations: Vec::new(),
        };
        let mut root_moves = Vec::new();
        pos.generate::<false, _>(&mut root_moves);
        if pos.ended().is_some() || root_moves.is_empty() {
            self.nodes = 1;
            result.nodes = 1;
            result.elapsed = start.elapsed();
            return result;
        }
        // A covered won or lost root: the tables' move.
        if let Some((mv, score)) = self.db_root(pos) {
            self.nodes = 1;
            result.best = Some(mv);
            result.score = score;
            result.nodes = 1;
            result.pv = vec![mv];
            result.elapsed = start.elapsed();
            on_iteration(&result);
            return result;
        }
        // A move at once, whatever the limits.
        result.best = Some(root_moves[0]);
        for depth in 1..=max_depth {
            self.root_depth = depth;
            let (score, best) = self.root(pos, depth);
            if self.stopped && best.is_none() {
                break;
            }
            if let Some(b) = best {
                result.best = Some(b);
                result.score = score;
            }
            if self.stopped {
                break;
            }
            result.depth = depth as u32;
            result.iterations.push((depth as u32, start.elapsed()));
            result.nodes = self.nodes;
            result.qnodes = self.qnodes;
            result.pv = self.pv(pos, result.best);
            result.elapsed = start.elapsed();
            on_iteration(&result);
            if score.abs() > EVAL_MAX {
                // A forced result; deeper searches only confirm it.
                if (WIN - score.abs()) <= depth {
                    break;
                }
            }
            if let (Some(t), Some(d)) = (time, self.deadline) {
                let used = t.saturating_sub(d.saturating_duration_since(Instant::now()));
                if used.as_secs_f64() > NEXT_ITERATION * t.as_secs_f64() {
                    break;
                }
            }
            if self.nodes >= self.node_limit {
                break;
            }
        }
        result.nodes = self.nodes;
        result.qnodes = self.qnodes;
        result.pv = self.pv(pos, result.best);
        result.elapsed = start.elapsed();
        result
    }

    /// The principal variation: `first`, then the table's moves while they
    /// are legal (at most 32).
    fn pv(&self, pos: &Position, first: Option<Move>) -> Vec<Move> {
        let mut pv = Vec::new();
        let Some(first) = first else { return pv };
        let mut p = *pos;
        let mut mv = first;
        let mut list = Vec::new();
        for _ in 0..32 {
            pv.push(mv);
            p.play(mv);
            if p.ended().is_some() {
                break;
            }
            let Some(next) = self.table.probe(p.key()).and_then(|h| h.mv) else { break };
            list.clear();
            p.generate::<false, _>(&mut list);
            if !list.contains(&next) {
                break;
            }
            mv = next;
        }
        pv
    }

    /// One iteration at the root: the score and best move (`None` if the
    /// search stopped before the first move was searched).
    fn root(&mut self, pos: &Position, depth: i32) -> (i32, Option<Move>) {
        self.nodes += 1;
        let key = pos.key();
        self.keys.push(key);
        let base = self.moves.len();
        pos.generate::<false, _>(&mut self.moves);
        let end = self.moves.len();
        let tt_move = self.table.probe(key).and_then(|h| h.mv);
        self.order(pos, base, end, tt_move, 0);
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = None;
        for i in base..end {
            self.pick(i, end);
            let mv = self.moves[i];
            let child = pos.after(mv);
            let score = if i == base {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let mut s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.stopped {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
                }
                s
            };
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(mv);
            }
        }
        self.moves.truncate(base);
        self.keys.pop();
        // A stopped iteration's alpha is only a lower bound: not stored.
        if !self.stopped
            && let Some(b) = best
        {
            self.table.store(key, alpha, depth, Bound::Exact, Some(b));
        }
        (alpha, best)
    }

    #[inline]
    fn check_time(&mut self) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.stopped = true;
            }
            if let Some(f) = &self.stop
                && f.load(Ordering::Relaxed)
            {
                self.stopped = true;
            }
        }
    }

    /// Quiescence at the horizon, else [`full_width`](Self::full_width)
    /// (inlined into the callers, so that a move to the horizon calls the
    /// quiescence search directly).
    #[inline(always)]
    fn negamax(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            self.quiesce(pos, alpha, beta, ply)
        } else {
            self.full_width(pos, depth, alpha, beta, ply)
        }
    }

    /// The search of a node before the horizon.
    fn full_width(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.check_time();
        if self.stopped {
            return 0;
        }
        if let Some(o) = pos.ended() {
            return self.outcome_score(pos, o, ply);
        }
        let key = pos.key();
        if self.repeated(key, pos.counter()) {
            return self.draw(ply);
        }
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        if let Some(h) = self.table.probe(key) {
            tt_move = h.mv;
            if !pv_node && h.depth >= depth {
                let s = from_table(h.score, ply);
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        if let Some(s) = self.db_leaf(pos, ply) {
            // Exact whatever the depth.
            self.table.store(key, to_table(s, ply), MAX_DEPTH, Bound::Exact, None);
            return s;
        }
        if let Some(s) = self.null_move_cut(pos, key, depth, beta, ply, pv_node) {
            return s;
        }
        self.keys.push(key);
        let mut node = Node { best: -WIN - 1, best_move: None, alpha, beta };
        let base = self.moves.len();
        // Staged: the table's move is searched before any move is
        // generated; when it cuts off, the others are never generated.
        let tt_first = if self.config.staged { tt_move.filter(|&m| pos.is_legal(m)) } else { None };
        // The gap of a forced block, whose filling is searched deeper.
        let forced = self.forced_gap(pos, ply);
        let mut cut = false;
        if let Some(mv) = tt_first {
            let d = depth - 1 + self.extension(forced, mv);
            let score = -self.negamax(&pos.after(mv), d, -beta, -alpha, ply + 1);
            cut = !self.stopped && self.record(&mut node, mv, score, depth, ply);
        }
        if !cut && !self.stopped {
            pos.generate::<false, _>(&mut self.moves);
            let end = self.moves.len();
            if base == end {
                // Blocked: the side to move loses.
                self.keys.pop();
                return -WIN + ply as i32;
            }
            self.order(pos, base, end, tt_move, ply);
            let mut first = base;
            if tt_first.is_some() {
                // The table's move, scored highest, goes first as before.
                self.pick(base, end);
                first = base + 1;
            }
            for i in first..end {
                // The last move needs no pick.
                if end - i > 1 {
                    self.pick(i, end);
                }
                let mv = self.moves[i];
                let child = pos.after(mv);
                let (alpha, beta) = (node.alpha, node.beta);
                // The first move with the full window, the others with a
                // null window first (the window chosen by a conditional
                // move: a branch on "first move" is mispredicted once a
                // node). The first move is never reduced (`LMR_AFTER` > 0).
                let later = i != base;
                let reduce = if mv.take == NONE
                    && self.config.reductions
                    && depth >= LMR_MIN_DEPTH
                    && i - base >= LMR_AFTER
                    && self.scores[i] < ORDER_BLOCK
                {
                    // Placing: the later moves of a wide node less.
                    let placing = if mv.from == NONE && i - base >= PLACING_REDUCTION_AFTER {
                        self.config.placing_reduction
                    } else {
                        0
                    };
                    1 + placing + self.lmr_more(depth, i - base)
                } else {
                    0
                };
                let low = core::hint::select_unpredictable(later, -alpha - 1, -beta);
                let full = depth - 1 + self.extension(forced, mv);
                let mut score = -self.negamax(&child, full - reduce, low, -alpha, ply + 1);
                // No re-search once stopped (its 0 is no score).
                if score > alpha && reduce > 0 && !self.stopped {
                    score = -self.negamax(&child, full, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta && later && !self.stopped {
                    score = -self.negamax(&child, full, -beta, -alpha, ply + 1);
                }
                if self.stopped || self.record(&mut node, mv, score, depth, ply) {
                    break;
                }
            }
        }
        let Node { best, best_move, .. } = node;
        self.moves.truncate(base);
        self.keys.pop();
        if !self.stopped {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(key, to_table(best, ply), depth, bound, best_move);
        }
        best
    }

    /// Takes the score of `mv` into `node`; `true` on a cut-off, after
    /// which a quiet move becomes a killer and gains history.
    #[inline]
    fn record(&mut self, node: &mut Node, mv: Move, score: i32, depth: i32, ply: usize) -> bool {
        // Conditional moves, not branches: a better score is what the
        // processor cannot guess. (A score at or above `beta` beats the
        // best and `alpha`, both below `beta` while the node runs.)
        let better = score > node.best;
        node.best_move = core::hint::select_unpredictable(better, Some(mv), node.best_move);
        node.best = node.best.max(score);
        node.alpha = node.alpha.max(score);
        if score < node.beta {
            return false;
        }
        if mv.take == NONE {
            let k = &mut self.killers[ply];
            if k[0] != mv {
                k[1] = k[0];
                k[0] = mv;
            }
            let h = &mut self.history[history_from(mv)][usize::from(mv.to & 31)];
            *h = (*h + depth * depth).min(1 << 18);
        }
        true
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.qnodes += 1;
        self.check_time();
        if self.stopped {
            return 0;
        }
        if let Some(o) = pos.ended() {
            return self.outcome_score(pos, o, ply);
        }
        if let Some(s) = self.db_leaf(pos, ply) {
            return s;
        }
        let Some(stand) = self.evaluate(pos) else {
            // Blocked: the side to move loses.
            return -WIN + ply as i32;
        };
        if stand >= beta || !self.config.quiescence || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let base = self.moves.len();
        pos.generate::<true, _>(&mut self.moves);
        let end = self.moves.len();
        if base == end {
            return stand;
        }
        // A single capture needs no ordering (often one stone can go).
        if end - base > 1 {
            self.order_captures(pos, base, end, ply);
        }
        let mut best = stand;
        for i in base..end {
            if end - i > 1 {
                self.pick(i, end);
            }
            let child = pos.after(self.moves[i]);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                break;
            }
            // Maxima, not branches (a score at or above `beta` beats the
            // best and `alpha`, both below `beta` while the node runs).
            best = best.max(score);
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
        self.moves.truncate(base);
        best
    }
}

/// The history row of `mv`: its `from` point, 31 for a placing (`NONE`
/// & 31; no board has more than 24 points), without a comparison.
#[inline(always)]
fn history_from(mv: Move) -> usize {
    usize::from(mv.from & 31)
}
