//! The root: construction, iterative deepening, aspiration windows, the
//! opening book, limits, statistics and lazy SMP.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use spielbaum_game_trait::{
    Evaluator, Game, INFINITY, MoveList, Score, is_decisive, outcome_score, plies_to_end,
};

use crate::book::Book;
use crate::config::{Algorithm, Config, Control, Limits};
use crate::params;
use crate::search::{back, window};
use crate::searcher::Searcher;
use crate::stats::{Counters, Iteration, SearchResult};
use crate::table::Table;

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher with evaluator `eval` and configuration `config`; the
    /// table (if `config.table_mib > 0`) is allocated here, once (small, to
    /// grow by need, with [`Config::table_growth`]).
    pub fn new(eval: E, config: Config) -> Self {
        let table = (config.table_mib > 0 && config.algorithm.prunes()).then(|| {
            Arc::new(if config.table_growth {
                Table::growable(config.table_mib, config.replacement)
            } else {
                Table::new(config.table_mib, config.replacement)
            })
        });
        // Only allocated when used (a searcher is often built per search).
        let history = if config.history { vec![0; 2 * params::HISTORY_SIZE] } else { Vec::new() };
        Searcher {
            eval,
            config,
            table,
            book: None,
            plies: Vec::new(),
            pv: Vec::new(),
            prev_pv: Vec::new(),
            history,
            counters: Counters::default(),
            node_limit: u64::MAX,
            deadline: None,
            stops: Vec::new(),
            aborted: false,
            horizons: 0,
            stop_at_horizon: false,
            helper: 0,
            extra_stop: None,
            cycle_guard: false,
            path: Default::default(),
            repetition: false,
            salted: false,
            game_keys: Vec::new(),
            rep_draws: 0,
            ord_from: 2,
            eval_only: false,
            full_order: false,
            big: false,
            cheap_order: false,
            history_on: false,
            order_min: params::ORDER_MIN_DEPTH,
            yields: Default::default(),
            work: 0,
        }
    }

    /// Uses `table` (possibly shared with other searchers) instead of the
    /// searcher's own table. A [growable](Table::growable) table grows
    /// between iterations only while this searcher holds the only
    /// reference to it; a shared one keeps its size.
    pub fn with_table(mut self, table: Arc<Table>) -> Self {
        self.table = Some(table);
        self
    }

    /// Consults `book` before every search.
    pub fn with_book(mut self, book: Book<G>) -> Self {
        self.book = Some(book);
        self
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// The transposition table, if any.
    pub fn table(&self) -> Option<&Arc<Table>> {
        self.table.as_ref()
    }

    /// Grows the searcher's own table to `slots` slots (at most its
    /// maximum); a table shared with other searchers keeps its size.
    pub(crate) fn fit_table(&mut self, slots: usize) {
        if let Some(t) = self.table.as_mut().and_then(Arc::get_mut) {
            t.reserve(slots);
        }
    }

    /// Forgets everything learnt (table, killers, history).
    pub fn clear(&mut self) {
        if let Some(t) = self.table.as_mut() {
            match Arc::get_mut(t) {
                // The searcher's own table: emptied (and shrunk, if growable).
                Some(own) => own.reset(),
                None => t.clear(),
            }
        }
        self.history.iter_mut().for_each(|h| *h = 0);
        self.plies.clear();
    }

    /// The keys of the positions played before the next searches' root,
    /// oldest first (the root's own key may end the list); `&[]` for none.
    ///
    /// For games that declare a repetition rule
    /// ([`Game::draw_rules`](spielbaum_game_trait::Game::draw_rules)), the
    /// search scores a position as a draw when it occurred before on the
    /// searched line or among these keys (the usual engine rule: a
    /// repetition inside the search is a draw; for the game's value from a
    /// position without history it is the same as the `k`-fold rule, see
    /// `docs/negamax.md`). Only the newest
    /// [`no_progress`](spielbaum_game_trait::Game::no_progress) keys can
    /// repeat and are looked at.
    pub fn set_history(&mut self, keys: &[u64]) {
        self.game_keys.clear();
        self.game_keys.extend_from_slice(keys);
    }

    /// Puts the root's history on the line (repetition rule) and decides
    /// the per-search switches that depend on the game.
    pub(crate) fn load_path(&mut self, root: &G) {
        let rules = root.draw_rules();
        self.repetition = rules.has_repetition();
        self.salted = rules.no_progress.is_some();
        self.rep_draws = 0;
        self.path.clear();
        if self.repetition {
            let mut keys = self.game_keys.as_slice();
            if keys.last() == Some(&root.key()) {
                keys = &keys[..keys.len() - 1];
            }
            // The root itself is within the window: it counts too.
            let window = (root.no_progress() as usize).min(keys.len());
            for &k in &keys[keys.len() - window..] {
                self.path.push(k);
            }
        }
    }

    /// Searches `game` within `limits`. Single-threaded and reproducible.
    pub fn search(&mut self, game: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.search_with(game, limits, |_| Control::Continue)
    }

    fn start(&mut self, limits: &Limits) {
        self.counters = Counters::default();
        self.aborted = false;
        self.horizons = 0;
        self.yields = Default::default();
        self.full_order = false;
        self.big = false;
        self.work = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.deadline;
        self.stops.clear();
        self.stops.extend(limits.stop.iter().chain(self.extra_stop.iter()).cloned());
        for p in &mut self.plies {
            p_clear_killers(p);
        }
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.prev_pv.clear();
        self.path.clear();
    }

    /// Searches `game` within `limits`, calling `on_iteration` after every
    /// completed iteration (it may stop the search).
    pub fn search_with(
        &mut self,
        game: &G,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Iteration<G::Move>) -> Control,
    ) -> SearchResult<G::Move> {
        let started = Instant::now();
        self.start(limits);
        self.load_path(game);
        let mut result = SearchResult {
            best_move: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            iterations: Vec::new(),
            counters: Counters::default(),
            elapsed: Default::default(),
            stopped: false,
            from_book: false,
            exact: false,
        };
        if let Some(o) = game.outcome() {
            result.score = outcome_score(o, game.to_move(), 0);
            result.exact = true;
            return result;
        }
        // --- Opening book ---------------------------------------------------
        if let Some(mv) = self.book.as_ref().and_then(|b| b.best(game)) {
            result.best_move = Some(mv);
            result.pv.push(mv);
            result.from_book = true;
            return result;
        }
        if let Some(t) = &self.table {
            t.new_search();
        }
        let max_depth = limits.depth.clamp(1, params::DEPTH_INFINITE as u32);
        let iterative = self.config.algorithm == Algorithm::Iterative;
        let first = if iterative {
            1 + u32::from(self.helper % 2 == 1).min(max_depth - 1)
        } else {
            max_depth
        };
        let mut prev_nodes = 0u64;
        // Table slots the next iteration is expected to need (a growable
        // table grows to it; a single pass gets the whole table).
        let mut want = if iterative { 0 } else { usize::MAX };
        // Nodes the next iteration is expected to expand (this one's times
        // its growth): from `Config::full_order_nodes` on (and where the
        // ordering so far is poor) it orders fully.
        let mut expect = 0u64;
        let mut root_moves = MoveList::new();
        game.moves(&mut root_moves);
        for depth in first..=max_depth {
            self.fit_table(want);
            let nodes = self.config.full_order_nodes;
            self.big |=
                nodes.is_some_and(|n| expect >= n.saturating_mul(params::UNSWITCHED_FACTOR));
            if !self.full_order
                && nodes.is_some_and(|n| expect >= n)
                && (self.config.full_order_always || self.ordering_is_poor())
            {
                self.full_order = true;
                // (Made on first use: a searcher is often built per search.)
                if self.history.is_empty() {
                    self.history = vec![0; 2 * params::HISTORY_SIZE];
                }
                // Static ordering is cheap where the evaluator scores moves
                // without making the children: then it runs from two plies
                // left.
                let mut scores = vec![0; root_moves.len()];
                self.cheap_order = self.eval.order_moves(game, &root_moves, &mut scores);
            }
            let table = self.table.clone();
            let tt = table.as_deref();
            let before = self.counters;
            let t0 = Instant::now();
            self.horizons = 0;
            let score =
                self.root(tt, game, depth as i32, result.iterations.last().map(|i| i.score));
            if self.aborted {
                result.stopped = true;
                break;
            }
            let pv = self.pv[0].clone();
            let counters = self.counters - before;
            let elapsed = t0.elapsed();
            let ebf = if prev_nodes > 0 {
                counters.nodes as f64 / prev_nodes as f64
            } else {
                (counters.nodes as f64).powf(1.0 / f64::from(depth))
            };
            prev_nodes = counters.nodes;
            expect = (counters.nodes as f64 * ebf.clamp(1.0, 64.0)) as u64;
            // Interior nodes store one entry each: those stored so far plus
            // the next iteration's (this one's times its growth).
            let interior = |c: Counters| c.nodes.saturating_sub(c.leaves);
            let next = interior(counters) as f64 * ebf.clamp(1.0, 64.0);
            let entries = interior(self.counters) as f64 + next;
            want = (entries * params::TABLE_SLOTS_PER_NODE as f64).min(usize::MAX as f64 / 2.0)
                as usize;
            let it = Iteration {
                depth,
                score,
                pv: pv.clone(),
                counters,
                ebf,
                elapsed,
                nps: counters.nodes as f64 / elapsed.as_secs_f64().max(1e-9),
            };
            result.best_move = pv.first().copied().or(result.best_move);
            result.score = score;
            result.exact = self.horizons == 0;
            // A single search that reached the end of the game on every
            // line was not bounded by its depth limit (e.g. the cap of
            // `Limits::time`): its meaningful depth is the principal
            // variation's length, the plies to the end under best play.
            result.depth = if result.exact && self.config.algorithm != Algorithm::Iterative {
                depth.min(pv.len().max(1) as u32)
            } else {
                depth
            };
            result.pv = pv.clone();
            self.prev_pv = pv;
            let control = on_iteration(&it);
            result.iterations.push(it);
            if control == Control::Stop {
                result.stopped = depth < max_depth;
                break;
            }
            // A proven result or a tree searched to its end cannot change.
            let proven = is_decisive(score) && plies_to_end(score).is_some_and(|p| p <= depth);
            if proven || self.horizons == 0 {
                break;
            }
        }
        if result.best_move.is_none() {
            // No iteration finished: the best root move so far, else the
            // first legal move.
            result.best_move = self.pv[0].first().copied().or(root_moves.first().copied());
        }
        result.counters = self.counters;
        result.elapsed = started.elapsed();
        result
    }

    /// One iteration at the root: plain, full window, or aspiration.
    fn root(&mut self, tt: Option<&Table>, game: &G, depth: i32, prev: Option<Score>) -> Score {
        if self.config.algorithm == Algorithm::Negamax {
            return self.plain(game, depth, 0);
        }
        let ext = if self.config.extensions { params::MAX_EXTENSIONS } else { 0 };
        // --- Aspiration window around the previous score -------------------
        if let (Some(w), Some(prev), Algorithm::Iterative) =
            (self.config.aspiration, prev, self.config.algorithm)
            && depth as u32 >= params::ASPIRATION_MIN_DEPTH
            && !is_decisive(prev)
        {
            let (mut alpha, mut beta) = (prev - w, prev + w);
            loop {
                let s = self.root_node(tt, game, depth, 0, alpha, beta, ext, true);
                if self.aborted {
                    return 0;
                }
                if s <= alpha {
                    alpha = -INFINITY; // fail low: open the window downwards
                } else if s >= beta {
                    beta = INFINITY; // fail high: open it upwards
                } else {
                    return s;
                }
            }
        }
        self.root_node(tt, game, depth, 0, -INFINITY, INFINITY, ext, true)
    }

    /// The exact score (to `depth`) of every root move, from the root's
    /// point of view, each searched with a full window. Used by the exact
    /// solver to list *all* best moves.
    pub fn root_move_scores(&mut self, game: &G, depth: u32) -> Vec<(G::Move, Score)> {
        self.start(&Limits::default());
        self.load_path(game);
        self.fit_table(usize::MAX);
        let table = self.table.clone();
        let tt = table.as_deref();
        let depth = depth.clamp(1, params::DEPTH_INFINITE as u32) as i32;
        let ext = if self.config.extensions { params::MAX_EXTENSIONS } else { 0 };
        let mut moves = MoveList::new();
        game.moves(&mut moves);
        let mut out = Vec::with_capacity(moves.len());
        self.horizons = 0;
        if self.cycle_guard || self.repetition {
            self.path.push(game.key());
        }
        for &mv in moves.iter() {
            let child = game.after(mv);
            self.counters.nodes += 1; // the root itself, once per move
            let s = if self.config.algorithm == Algorithm::Negamax {
                self.plain(&child, depth - 1, 1)
            } else {
                let (a, b) = window::<G>(-INFINITY, INFINITY);
                self.root_node(tt, &child, depth - 1, 1, a, b, ext, false)
            };
            out.push((mv, back::<G>(s)));
        }
        self.path.clear();
        out
    }

    /// One alpha-beta search of `game` to `limits.depth` plies inside the
    /// window `(alpha, beta)`: no iterative deepening, no aspiration, no
    /// opening book. The score is fail-soft: at most `alpha` is an upper
    /// bound of the value, at least `beta` a lower bound, anything between
    /// is exact. `None` if a limit stopped the search.
    ///
    /// Null windows around 0 (`(-1, 0)` and `(0, 1)`) with the [`Zero`]
    /// evaluator and a depth beyond the end of the game decide win, draw or
    /// loss without the plies to the end, far cheaper than an exact
    /// [`Solver`](crate::Solver) where lines are long: a win is a win
    /// however long it takes, so the first one found cuts. Whether some
    /// line stopped at the depth limit tells
    /// [`hit_horizon`](Self::hit_horizon). The depth runs on the caller's
    /// stack (see [`params::stack_bytes`]). A growable table of the
    /// searcher's own is grown to its full size first (one pass has no
    /// earlier iteration to size it by).
    ///
    /// [`Zero`]: spielbaum_game_trait::Zero
    ///
    /// ```
    /// use spielbaum_game_trait::Zero;
    /// use spielbaum_negamax::{Config, Limits, Searcher, synthetic::RandomTree};
    ///
    /// let tree = RandomTree::new(7, 3, 4);
    /// let mut s = Searcher::new(Zero, Config::default());
    /// let exact = s.search(&tree, &Limits::depth(4)).score;
    /// let above = s.search_window(&tree, &Limits::depth(4), exact, exact + 1);
    /// assert!(above.unwrap() <= exact); // not better than the value
    /// let below = s.search_window(&tree, &Limits::depth(4), exact - 1, exact);
    /// assert!(below.unwrap() >= exact); // not worse either
    /// ```
    pub fn search_window(
        &mut self,
        game: &G,
        limits: &Limits,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        self.start(limits);
        self.load_path(game);
        self.horizons = 0;
        if let Some(o) = game.outcome() {
            return Some(outcome_score(o, game.to_move(), 0));
        }
        if let Some(t) = &self.table {
            t.new_search();
        }
        self.fit_table(usize::MAX);
        if self.config.full_order_always {
            self.full_order = true;
            if self.history.is_empty() {
                self.history = vec![0; 2 * params::HISTORY_SIZE];
            }
        }
        let table = self.table.clone();
        let tt = table.as_deref();
        let depth = limits.depth.clamp(1, params::DEPTH_INFINITE as u32) as i32;
        let ext = if self.config.extensions { params::MAX_EXTENSIONS } else { 0 };
        let score = if self.config.algorithm == Algorithm::Negamax {
            self.plain(game, depth, 0)
        } else {
            self.root_node(tt, game, depth, 0, alpha, beta, ext, false)
        };
        (!self.aborted).then_some(score)
    }

    /// Counters of the last search.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// `true` if the last search or [`root_move_scores`](Self::root_move_scores)
    /// evaluated some position at the depth limit (so its scores are
    /// heuristic, not exact game values).
    pub fn hit_horizon(&self) -> bool {
        self.horizons > 0
    }

    /// Lazy SMP: `config.threads` threads search the same root over the
    /// shared table; helpers start at alternating depths with perturbed
    /// ordering, and the main thread's answer is returned. With one thread
    /// (or without a table) this is [`search`](Searcher::search).
    ///
    /// At most [`params::THREADS_PER_CORE`] threads per core run
    /// ([`params::smp_threads`]): more would only take turns on the cores,
    /// and the main thread, which starts the helpers and gives the answer,
    /// would get ever less of them (with 256 threads on 2 cores it did not
    /// finish its first iteration within 200 ms).
    pub fn search_parallel(&mut self, game: &G, limits: &Limits) -> SearchResult<G::Move>
    where
        G: Send + Sync,
        G::Move: Send + Sync,
        E: Clone + Send,
    {
        let threads = params::smp_threads(self.config.threads);
        if threads == 1 {
            return self.search(game, limits);
        }
        // Shared, the table can no longer grow: its full size first.
        self.fit_table(usize::MAX);
        let Some(table) = self.table.clone() else {
            return self.search(game, limits);
        };
        let done = Arc::new(AtomicBool::new(false));
        let config = self.config.clone();
        // Helpers deepen until the main thread is done (at least to the
        // depth time-limited searches reach), on stacks sized for it.
        let helper_depth =
            limits.depth.clamp(params::STACK_SAFE_DEPTH, params::DEPTH_INFINITE as u32);
        let (mut result, helper_counters) = std::thread::scope(|s| {
            let handles: Vec<_> = (1..threads)
                .filter_map(|i| {
                    let table = Arc::clone(&table);
                    let config = Config { table_mib: 0, ..config.clone() };
                    let mut lim = limits.clone();
                    lim.depth = helper_depth;
                    lim.stop = Some(Arc::clone(&done));
                    let external = limits.stop.clone();
                    let eval = self.eval.clone();
                    let history = self.game_keys.clone();
                    // A helper that cannot be started is simply missing.
                    std::thread::Builder::new()
                        .stack_size(params::stack_bytes::<G>(helper_depth))
                        .spawn_scoped(s, move || {
                            let mut h = Searcher::new(eval, config).with_table(table);
                            h.helper = i as u64;
                            h.extra_stop = external;
                            h.game_keys = history;
                            h.search(game, &lim).counters
                        })
                        .ok()
                })
                .collect();
            let r = self.search(game, limits);
            done.store(true, Ordering::Relaxed);
            let mut sum = Counters::default();
            for h in handles {
                if let Ok(c) = h.join() {
                    sum += c;
                }
            }
            (r, sum)
        });
        result.counters += helper_counters;
        result
    }
}

fn p_clear_killers<G: Game>(p: &mut crate::searcher::Ply<G>) {
    p.clear_killers();
}
