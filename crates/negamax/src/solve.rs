//! Exact solving: the game's value under perfect play, the plies to the
//! end and every best move.

use std::time::Instant;

use spielbaum_game_trait::{EVAL_MAX, Game, Score, Zero, outcome_score, plies_to_end};

use crate::config::{Algorithm, Config, Limits};
use crate::params;
use crate::searcher::Searcher;

/// The value of a position for the side to move under perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins (puzzles: the goal is reachable).
    Win,
    /// The side to move loses (never for puzzles).
    Loss,
    /// Neither side can force a win (puzzles: the goal is out of reach).
    Draw,
}

impl Value {
    /// `"win"`, `"loss"` or `"draw"`.
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }
}

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// Win, loss or draw for the side to move.
    pub value: Value,
    /// The exact score: `win_in(n)`, `loss_in(n)`, `0` for a two-player
    /// draw, the best reachable puzzle score otherwise.
    pub score: Score,
    /// Plies to the end under best play: the shortest win, the longest
    /// loss; for a draw (or a puzzle without a solution) the length of the
    /// principal variation found (draws have no unique length).
    pub plies: u32,
    /// Every move that keeps the best value (and, for wins and losses, the
    /// best distance), in move-generation order. Empty if the game is over.
    pub best_moves: Vec<M>,
    /// One line of best play to the end.
    pub pv: Vec<M>,
    /// Nodes searched.
    pub nodes: u64,
    /// `true` if every line was searched to the end of the game, so the
    /// value is proven. `false` only for games with cycles (a position
    /// repeated on a line) or lines longer than
    /// [`params::DEPTH_INFINITE`] (10,000) plies: the value is then a guess.
    pub complete: bool,
}

/// A reusable exact solver (its table is kept between calls, so solving
/// many positions of one game is fast). Keys must identify positions across
/// calls: call [`Solver::clear`] before solving a game with other rules if
/// the key does not include them.
pub struct Solver<G: Game> {
    searcher: Searcher<G, Zero>,
    /// A line of an earlier solve ran past the first pass: skip it.
    long: bool,
    /// Most nodes one solve may search (both passes together).
    node_limit: Option<u64>,
    /// When a solve gives up.
    deadline: Option<Instant>,
}

impl<G: Game> Default for Solver<G> {
    fn default() -> Self {
        Self::new(4)
    }
}

impl<G: Game> Solver<G> {
    /// A solver with a table of `table_mib` MiB.
    pub fn new(table_mib: usize) -> Self {
        let config = Config {
            table_mib: table_mib.max(1),
            aspiration: None,
            ..Config::with_algorithm(Algorithm::Pvs)
        };
        Solver {
            searcher: Searcher::new(Zero, config),
            long: false,
            node_limit: None,
            deadline: None,
        }
    }

    /// This solver with a budget of about `nodes` nodes per solve: a game
    /// too large for it gets an answer with `complete: false` and at least
    /// `nodes` nodes instead of a search without end.
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes.max(1));
        self
    }

    /// This solver giving up at `deadline`: a solve still running then gets
    /// an answer with `complete: false`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// `true` once the deadline (if any) has passed.
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The keys of the game's positions before the next solves' root
    /// (see [`Searcher::set_history`]): with a repetition rule, a
    /// position that occurred before is a draw.
    pub fn set_history(&mut self, keys: &[u64]) {
        self.searcher.set_history(keys);
    }

    /// Forgets the table (and that the game had long lines).
    pub fn clear(&mut self) {
        self.searcher.clear();
        self.long = false;
    }

    /// Solves `game`: alpha-beta (PVS, table, killers, history) with the
    /// [`Zero`] evaluator to the end of the game, however long (up to
    /// [`params::DEPTH_INFINITE`] = 10,000 plies, the longest distance
    /// scores encode).
    ///
    /// Two passes keep short games cheap: the first searches
    /// [`params::STACK_SAFE_DEPTH`] (255) plies deep on the calling thread
    /// and stops as soon as a line reaches that depth. Only then does a
    /// second pass search to the end, on a thread of its own with a stack
    /// of [`params::stack_bytes`] (so games of thousands of plies do not
    /// overflow the caller's stack), reusing the table. Once a solve needed
    /// the second pass, later solves (until [`clear`](Self::clear)) start
    /// with it: the principal variation of a long game is always followed
    /// to its end (through the table), so the first pass would stop again.
    /// If that thread cannot be started, the answer is that of a full first
    /// pass (`complete: false`).
    ///
    /// Games with cycles: the second pass treats a position that repeats
    /// on the current line as unresolved (value 0, like the depth limit),
    /// so it ends; the answer then has `complete: false` and its value is a
    /// guess.
    pub fn solve(&mut self, game: &G) -> Solution<G::Move>
    where
        G: Send + Sync,
        G::Move: Send,
    {
        if let Some(o) = game.outcome() {
            let score = outcome_score(o, game.to_move(), 0);
            return Solution {
                value: value_of(score),
                score,
                plies: 0,
                best_moves: Vec::new(),
                pv: Vec::new(),
                nodes: 0,
                complete: true,
            };
        }
        self.searcher.cycle_guard = false;
        let mut first_nodes = 0;
        let limit = self.node_limit;
        if !self.long {
            let (first, stopped) = pass(
                &mut self.searcher,
                game,
                params::STACK_SAFE_DEPTH,
                true,
                limit,
                self.deadline,
            );
            if first.complete && !stopped {
                return first;
            }
            if limit.is_some_and(|n| first.nodes >= n) || self.past_deadline() {
                return first; // the budget is spent
            }
            first_nodes = first.nodes;
            self.long = true;
        }
        let rest = limit.map(|n| n.saturating_sub(first_nodes).max(1));
        let deadline = self.deadline;
        // --- A line ran past the first pass: to the end, on a big stack. --
        let searcher = &mut self.searcher;
        searcher.cycle_guard = true;
        let second = std::thread::scope(|s| {
            let handle = std::thread::Builder::new()
                .name("spielbaum-solve".into())
                .stack_size(params::stack_bytes::<G>(params::DEPTH_INFINITE as u32))
                .spawn_scoped(s, || {
                    pass(searcher, game, params::DEPTH_INFINITE as u32, false, rest, deadline).0
                })
                .ok()?;
            Some(handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        });
        self.searcher.cycle_guard = false;
        match second {
            Some(mut sol) => {
                sol.nodes += first_nodes;
                sol
            }
            // No thread for the deep pass: the best the caller's stack
            // allows (`complete: false`).
            None => {
                self.long = false;
                let (mut sol, _) = pass(
                    &mut self.searcher,
                    game,
                    params::STACK_SAFE_DEPTH,
                    false,
                    rest,
                    self.deadline,
                );
                sol.nodes += first_nodes;
                sol
            }
        }
    }
}

/// One solving pass to `depth` plies; `armed`: stop as soon as a line
/// reaches the depth limit (a search to a fixed depth costs far more than
/// one to the end in games with transpositions: the table's entries then
/// depend on the ply); `nodes` and `deadline`: the budget. Returns the answer and
/// whether the pass was stopped (then the answer is incomplete and means
/// nothing).
fn pass<G: Game>(
    searcher: &mut Searcher<G, Zero>,
    game: &G,
    depth: u32,
    armed: bool,
    nodes: Option<u64>,
    deadline: Option<Instant>,
) -> (Solution<G::Move>, bool) {
    searcher.stop_at_horizon = armed;
    let r = searcher.search(game, &Limits { nodes, deadline, ..Limits::depth(depth) });
    searcher.stop_at_horizon = false;
    let mut nodes = r.counters.nodes;
    if r.stopped {
        let sol = Solution {
            value: Value::Draw,
            score: 0,
            plies: 0,
            best_moves: Vec::new(),
            pv: Vec::new(),
            nodes,
            complete: false,
        };
        return (sol, true);
    }
    let scores = searcher.root_move_scores(game, depth);
    nodes += searcher.counters().nodes;
    let complete = r.exact && !searcher.hit_horizon();
    let best = scores.iter().map(|&(_, s)| s).max().unwrap_or(r.score);
    // (With cycles the root moves' values can depend on the line.)
    debug_assert!(!complete || best == r.score);
    let best_moves = scores.iter().filter(|&&(_, s)| s == best).map(|&(m, _)| m).collect();
    let sol = Solution {
        value: value_of(best),
        score: best,
        plies: plies_to_end(best).unwrap_or(r.pv.len() as u32),
        best_moves,
        pv: r.pv,
        nodes,
        complete,
    };
    (sol, false)
}

fn value_of(score: Score) -> Value {
    if score > EVAL_MAX {
        Value::Win
    } else if score < -EVAL_MAX {
        Value::Loss
    } else {
        Value::Draw
    }
}

/// Solves `game` exactly with a fresh [`Solver`] (4 MiB table). See
/// [`Solver::solve`].
///
/// ```
/// use spielbaum_negamax::{solve, synthetic::RandomTree, Value};
///
/// let s = solve(&RandomTree::new(1, 2, 3));
/// assert!(s.plies <= 3);
/// assert!(!s.best_moves.is_empty());
/// # let _ = Value::Win;
/// ```
pub fn solve<G>(game: &G) -> Solution<G::Move>
where
    G: Game + Send + Sync,
    G::Move: Send,
{
    Solver::default().solve(game)
}
