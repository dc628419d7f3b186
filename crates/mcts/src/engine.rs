//! [`Mcts`]: the engine that owns its trees and borrows nothing.

use std::time::{Duration, Instant};

use spielbaum_game_trait::rand_core::{RngCore, SeedableRng};
use spielbaum_game_trait::{Evaluator, Game, KeyHistory, MoveList, SplitMix64, Zero};

use crate::analysis::{Analysis, Control, MoveStats, Progress, StopReason};
use crate::config::{Budget, Config, Selection};
use crate::driver::{Job, combine, drive};
use crate::graph::Graph;
use crate::playout::{Playout, Uniform};
use crate::tree::{Proof, State, Tree};

/// Errors of [`Mcts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MctsError {
    /// [`Mcts::advance`] got a move that is not legal at the root.
    IllegalMove(String),
}

impl core::fmt::Display for MctsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MctsError::IllegalMove(mv) => {
                write!(f, "move {mv} is not legal in the root position")
            }
        }
    }
}

impl std::error::Error for MctsError {}

/// Monte Carlo tree search over any [`Game`].
///
/// The engine owns its root position, one tree per thread, the playout
/// policy `P`, an optional prior evaluator `E` (PUCT) and one random
/// number generator of type `R` per thread (default [`SplitMix64`]; any
/// seedable `rand_core` generator with [`with_rng`](Mcts::with_rng)). Each
/// [`search`](Mcts::search) call adds iterations to the trees, so searching
/// twice with 1 000 iterations gives the same statistics as searching once
/// with 2 000 (on one thread). [`advance`](Mcts::advance) plays a move and
/// keeps the matching subtree.
///
/// ```
/// use spielbaum_mcts::{Budget, Config, Mcts};
/// use spielbaum_small_games::TicTacToe;
///
/// let mut mcts = Mcts::new(TicTacToe::new(), Config::seeded(7));
/// let a = mcts.search(Budget::iterations(2_000));
/// assert_eq!(a.iterations, 2_000);
/// assert_eq!(a.moves.len(), 9);
/// let best = a.best_move.unwrap();
/// mcts.advance(best).unwrap(); // the subtree of `best` is the new tree
/// ```
pub struct Mcts<G: Game, P = Uniform, E = Zero, R = SplitMix64> {
    root: G,
    config: Config,
    playout: P,
    priors: Option<E>,
    trees: Vec<Tree<G::Move, R>>,
    /// Graph search ([`Config::graph`], two players): one graph per thread
    /// instead of the trees.
    graphs: Vec<Graph<G::Move, R>>,
    /// Whether this engine searches graphs, decided at its first search
    /// (see [`uses_graph`](Mcts::uses_graph)); `None` before it.
    graph_mode: Option<bool>,
    /// Keys of the game's positions before the root (repetition rule).
    history: KeyHistory,
}

impl<G: Game> Mcts<G, Uniform, Zero> {
    /// An engine for `root` with uniformly random playouts.
    pub fn new(root: G, config: Config) -> Self {
        let mut config = config;
        config.threads = config.threads.max(1);
        Mcts {
            root,
            config,
            playout: Uniform,
            priors: None,
            trees: Vec::new(),
            graphs: Vec::new(),
            graph_mode: None,
            history: KeyHistory::new(),
        }
    }
}

impl<G: Game, P, E, R> Mcts<G, P, E, R> {
    /// The same engine with another playout policy (the trees start
    /// afresh).
    pub fn with_playout<Q: Playout<G, R>>(self, playout: Q) -> Mcts<G, Q, E, R>
    where
        R: RngCore,
    {
        Mcts {
            root: self.root,
            config: self.config,
            playout,
            priors: self.priors,
            trees: Vec::new(),
            graphs: Vec::new(),
            graph_mode: None,
            history: self.history,
        }
    }

    /// The same engine with move priors from `eval`; switches UCT selection
    /// to PUCT with default constants (a PUCT selection already configured
    /// is kept). The trees start afresh.
    pub fn with_priors<F: Evaluator<G>>(self, eval: F) -> Mcts<G, P, F, R> {
        let mut config = self.config;
        if let Selection::Uct { .. } = config.selection {
            config.selection = Selection::puct();
        }
        Mcts {
            root: self.root,
            config,
            playout: self.playout,
            priors: Some(eval),
            trees: Vec::new(),
            graphs: Vec::new(),
            graph_mode: None,
            history: self.history,
        }
    }

    /// The same engine drawing its random numbers from generators of type
    /// `S` (any seedable `rand_core` generator, e.g. `rand`'s `StdRng`),
    /// one per thread, each made with `S::seed_from_u64` from the thread's
    /// seed (thread 0: [`Config::seed`]). Expansion order and playouts
    /// run on it. The trees start afresh. [`SplitMix64`], the default,
    /// gives the same search through either route.
    ///
    /// ```
    /// use spielbaum_game_trait::SplitMix64;
    /// use spielbaum_game_trait::rand_core::{RngCore, SeedableRng};
    /// use spielbaum_mcts::{Budget, Config, Mcts};
    /// use spielbaum_small_games::TicTacToe;
    ///
    /// /// A user's generator (xorshift64*), seeded from a `u64`.
    /// #[derive(Clone)]
    /// struct XorShift(u64);
    /// impl RngCore for XorShift {
    ///     fn next_u32(&mut self) -> u32 { (self.next_u64() >> 32) as u32 }
    ///     fn next_u64(&mut self) -> u64 {
    ///         self.0 ^= self.0 >> 12;
    ///         self.0 ^= self.0 << 25;
    ///         self.0 ^= self.0 >> 27;
    ///         self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    ///     }
    ///     fn fill_bytes(&mut self, dst: &mut [u8]) {
    ///         for b in dst { *b = self.next_u64() as u8; }
    ///     }
    /// }
    /// impl SeedableRng for XorShift {
    ///     type Seed = [u8; 8];
    ///     fn from_seed(seed: [u8; 8]) -> Self { XorShift(u64::from_le_bytes(seed) | 1) }
    /// }
    ///
    /// let mut mcts = Mcts::new(TicTacToe::new(), Config::seeded(3)).with_rng::<XorShift>();
    /// assert_eq!(mcts.search(Budget::iterations(1_000)).iterations, 1_000);
    ///
    /// // SplitMix64 named explicitly searches exactly as the default does.
    /// let a = Mcts::new(TicTacToe::new(), Config::seeded(3)).search(Budget::iterations(500));
    /// let b = Mcts::new(TicTacToe::new(), Config::seeded(3))
    ///     .with_rng::<SplitMix64>()
    ///     .search(Budget::iterations(500));
    /// assert_eq!(a.moves, b.moves);
    /// ```
    pub fn with_rng<S: RngCore + SeedableRng>(self) -> Mcts<G, P, E, S> {
        Mcts {
            root: self.root,
            config: self.config,
            playout: self.playout,
            priors: self.priors,
            trees: Vec::new(),
            graphs: Vec::new(),
            graph_mode: None,
            history: self.history,
        }
    }

    /// The root position.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The playout policy.
    pub fn playout(&self) -> &P {
        &self.playout
    }

    /// Nodes in all trees (graph search: positions in all graphs).
    pub fn nodes(&self) -> usize {
        self.trees.iter().map(|t| t.nodes.len()).sum::<usize>()
            + self.graphs.iter().map(|g| g.nodes.len()).sum::<usize>()
    }

    /// `true` if this engine searches graphs: [`Config::graph`] in a
    /// two-player game whose root has fewer than
    /// [`LAZY_ROOT_MOVES`](crate::params::LAZY_ROOT_MOVES) legal moves.
    /// A wider root is searched with trees, whose root is expanded lazily
    /// and shared by all threads (a graph holds every root edge in every
    /// thread's graph). The choice is made once, at the first search, and
    /// kept for the engine's life: [`advance`](Mcts::advance) does not
    /// change it; [`set_root`](Mcts::set_root) makes it anew for the new
    /// root. Before the first search this says what the first search will
    /// do.
    pub fn uses_graph(&self) -> bool {
        match self.graph_mode {
            Some(mode) => mode,
            None => {
                let mut moves = MoveList::new();
                if self.wants_graph() {
                    self.root.moves(&mut moves);
                }
                self.decide_graph(&moves)
            }
        }
    }

    /// [`Config::graph`] in a two-player game.
    fn wants_graph(&self) -> bool {
        self.config.graph && G::PLAYERS >= 2
    }

    /// The search mode for a root whose legal moves are `root_moves`
    /// (only read if [`wants_graph`](Mcts::wants_graph)).
    fn decide_graph(&self, root_moves: &[G::Move]) -> bool {
        self.wants_graph() && root_moves.len() < crate::params::LAZY_ROOT_MOVES
    }

    /// Every tree and graph starts over from the root, each generator from
    /// its seed.
    fn restart_all(&mut self)
    where
        R: SeedableRng,
    {
        for (i, tree) in self.trees.iter_mut().enumerate() {
            tree.restart(&self.root, thread_seed(self.config.seed, i));
        }
        for (i, graph) in self.graphs.iter_mut().enumerate() {
            graph.restart(&self.root, thread_seed(self.config.seed, i));
        }
    }

    /// Starts over from `root`: the statistics are dropped, and the next
    /// search gives exactly what a new engine with this configuration
    /// would (each tree's generator restarts from its seed). The trees'
    /// arenas keep their memory, so a program that searches many
    /// positions with one engine allocates nothing after the first
    /// searches.
    /// The root's history is forgotten (see [`set_history`](Mcts::set_history)),
    /// and the next search chooses between graphs and trees for the new
    /// root (see [`uses_graph`](Mcts::uses_graph)).
    pub fn set_root(&mut self, root: G)
    where
        R: SeedableRng,
    {
        self.root = root;
        self.history.clear();
        self.restart_all();
        // A new engine would choose its mode for this root.
        self.graph_mode = None;
    }

    /// The keys of the game's positions before the root, oldest first (the
    /// root's own key may end the list). For games with a repetition rule
    /// ([`Game::draw_rules`]) selection and playouts score a position that
    /// occurred before — among these keys or earlier on the iteration's
    /// line — as a draw. Another history than the one the trees were grown
    /// with starts them over.
    pub fn set_history(&mut self, keys: &[u64])
    where
        R: SeedableRng,
    {
        let keys = match keys.last() {
            Some(&k) if k == self.root.key() => &keys[..keys.len() - 1],
            _ => keys,
        };
        if self.history.keys() != keys {
            self.history = KeyHistory::from_keys(keys.iter().copied());
            self.restart_all();
        }
    }

    /// The keys set by [`set_history`](Mcts::set_history), with the roots
    /// left by [`advance`](Mcts::advance) after them.
    pub fn history(&self) -> &[u64] {
        self.history.keys()
    }

    /// Plays `mv` at the root; the subtree below `mv` becomes the new tree
    /// (in every thread's tree; graph search: every position reachable
    /// from the new root is kept), so its statistics are kept; the old
    /// root joins the history.
    ///
    /// Errors if `mv` is not legal at the root (nothing changes then).
    pub fn advance(&mut self, mv: G::Move) -> Result<(), MctsError> {
        let mut moves = MoveList::new();
        self.root.moves(&mut moves);
        if !moves.contains(&mv) {
            return Err(MctsError::IllegalMove(format!("{mv:?}")));
        }
        self.history.push(self.root.key());
        self.root.play(mv);
        let over = self.root.is_over();
        for tree in &mut self.trees {
            // (A repetition below the old root is a position the game goes
            // on from: it is searched again as a root.)
            if !tree.reroot(mv) || (tree.nodes[0].state == State::Terminal && !over) {
                tree.reset_root(&self.root);
            }
        }
        let repetition = self.root.draw_rules().has_repetition();
        for graph in &mut self.graphs {
            if !graph.reroot(mv) {
                graph.reset_root(&self.root);
            } else if repetition {
                // The history before the root changed: proofs may rest on
                // positions that now repeat it.
                graph.forget_inner_proofs();
            }
        }
        Ok(())
    }

    /// One tree (or graph) per thread; none while the root has no legal
    /// move (a finished game: nothing to search). Decides the search mode
    /// at the first call.
    fn ensure_trees(&mut self)
    where
        R: SeedableRng,
    {
        // The root's moves, generated at most once here for all threads
        // (a root may have tens of thousands, and there may be 256 trees).
        let mut moves = MoveList::new();
        let mut generated = false;
        let graph = match self.graph_mode {
            Some(mode) => mode,
            None => {
                if self.wants_graph() {
                    self.root.moves(&mut moves);
                    generated = true;
                }
                let mode = self.decide_graph(&moves);
                self.graph_mode = Some(mode);
                // Structures of the other mode (none, unless the root was
                // set anew) are dropped.
                if mode {
                    self.trees.clear();
                } else {
                    self.graphs.clear();
                }
                mode
            }
        };
        if graph {
            if self.graphs.len() != self.config.threads {
                if !generated {
                    self.root.moves(&mut moves);
                }
                self.graphs = (0..self.config.threads)
                    .map(|i| Graph::new(&self.root, &moves, thread_seed(self.config.seed, i)))
                    .collect::<Option<Vec<_>>>()
                    .unwrap_or_default();
            }
        } else if self.trees.len() != self.config.threads {
            if !generated {
                self.root.moves(&mut moves);
            }
            // Every tree starts with the shared list as its root's moves.
            let list: std::sync::Arc<[G::Move]> = moves.as_slice().into();
            self.trees = (0..self.config.threads)
                .map(|i| Tree::new(&self.root, &list, thread_seed(self.config.seed, i)))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default();
        }
    }
}

/// The seed of thread `i`: thread 0 uses the configured seed itself.
fn thread_seed(seed: u64, i: usize) -> u64 {
    seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<G, P, E, R> Mcts<G, P, E, R>
where
    G: Game + Sync,
    G::Move: Send + Sync,
    P: Playout<G, R> + Clone + Send,
    E: Evaluator<G> + Sync,
    R: RngCore + SeedableRng + Clone + Send,
{
    /// Searches within `budget` and returns the statistics of every root
    /// move. Uses [`Config::threads`] threads.
    pub fn search(&mut self, budget: Budget) -> Analysis<G::Move> {
        self.search_with(budget, |_| Control::Continue)
    }

    /// Like [`search`](Mcts::search), calling `progress` (on the calling
    /// thread, which searches too) every
    /// [`CHECK_EVERY`](crate::params::CHECK_EVERY) of its iterations;
    /// [`Control::Stop`] ends the search, on all threads, with the
    /// statistics so far.
    pub fn search_with(
        &mut self,
        budget: Budget,
        mut progress: impl FnMut(&Progress) -> Control,
    ) -> Analysis<G::Move> {
        self.ensure_trees();
        let start = Instant::now();
        let no_limit =
            budget.iterations.is_none() && budget.time.is_none() && budget.nodes.is_none();
        // The positions before the root that can repeat (the newest
        // `no_progress` of them), for games with a repetition rule.
        let repetition = self.root.draw_rules().has_repetition();
        let earlier = if repetition {
            let keys = self.history.keys();
            let window = (self.root.no_progress() as usize).min(keys.len());
            KeyHistory::from_keys(keys[keys.len() - window..].iter().copied())
        } else {
            KeyHistory::new()
        };
        let graph = self.graph_mode == Some(true);
        // Trees whose root is not expanded yet share one list of its moves
        // (a root may have tens of thousands, and there may be 256 trees).
        if self.trees.iter().any(|t| t.nodes[0].state == State::Leaf && t.root_list.is_none()) {
            let mut moves = MoveList::new();
            self.root.moves(&mut moves);
            let list: std::sync::Arc<[G::Move]> = moves.as_slice().into();
            for tree in &mut self.trees {
                tree.root_list = Some(list.clone());
            }
        }
        let empty = if graph { self.graphs.is_empty() } else { self.trees.is_empty() };
        // No trees: the root has no legal move (a finished game).
        let (done, reasons) = if no_limit || self.root.is_over() || empty {
            (0, vec![StopReason::Nothing])
        } else {
            let job = Job {
                root: &self.root,
                config: &self.config,
                priors: self.priors.as_ref(),
                budget,
                start,
                repetition,
                earlier: &earlier,
            };
            if graph {
                drive(&mut self.graphs, &job, &mut self.playout, &mut progress)
            } else {
                drive(&mut self.trees, &job, &mut self.playout, &mut progress)
            }
        };
        let mut analysis = self.analysis();
        analysis.iterations = done;
        analysis.elapsed = start.elapsed();
        analysis.stopped_by = combine(&reasons);
        analysis
    }
}

impl<G: Game, P, E, R> Mcts<G, P, E, R> {
    /// The statistics of the trees as they are (no search), merged over
    /// threads.
    pub fn analysis(&self) -> Analysis<G::Move> {
        let mut moves: Vec<MoveStats<G::Move>> = Vec::new();
        let mut root_moves = MoveList::new();
        self.root.moves(&mut root_moves);
        for &mv in &root_moves {
            moves.push(MoveStats {
                mv,
                visits: 0,
                wins: 0,
                draws: 0,
                win_probability: 0.0,
                mean: 0.0,
                best: f64::NEG_INFINITY,
                proof: Proof::Unknown,
                prior: 1.0 / root_moves.len() as f32,
            });
        }
        let mut reward = vec![0.0f64; moves.len()];
        // Win and draw sums (fractional in graphs, after corrections).
        let mut wins = vec![0.0f64; moves.len()];
        let mut draws = vec![0.0f64; moves.len()];
        // Move -> index, so merging is linear in the number of root moves
        // (a position may have a million); short lists are searched.
        let index: std::collections::HashMap<G::Move, usize> = if moves.len() > 64 {
            moves.iter().enumerate().map(|(i, m)| (m.mv, i)).collect()
        } else {
            std::collections::HashMap::new()
        };
        let find = |mv: G::Move| {
            if index.is_empty() {
                root_moves.iter().position(|&m| m == mv)
            } else {
                index.get(&mv).copied()
            }
        };
        let mut total_iterations = 0;
        let mut root_proof = Proof::Unknown;
        for tree in &self.trees {
            let root = &tree.nodes[0];
            total_iterations += u64::from(root.visits);
            if root.proof != Proof::Unknown {
                root_proof = root.proof;
            }
            if root.state != State::Expanded {
                continue;
            }
            // Without priors, a child never visited and not proven adds
            // nothing: skipped before the look-up (a root with 65,536 moves
            // on 256 threads has 16 million children, few of them visited).
            let priors = !tree.priors_of.is_empty();
            for c in root.children() {
                let child = &tree.nodes[c];
                if child.visits == 0 && child.proof == Proof::Unknown && !priors {
                    continue;
                }
                let Some(i) = find(tree.mv(c)) else {
                    continue;
                };
                let m = &mut moves[i];
                m.visits += u64::from(child.visits);
                wins[i] += f64::from(child.wins);
                draws[i] += f64::from(child.draws);
                if G::PLAYERS == 1 {
                    reward[i] += tree.values[c].reward;
                    m.best = m.best.max(tree.values[c].best);
                } else {
                    reward[i] += child.score_sum();
                }
                if let Some(&p) = tree.priors_of.get(c - 1) {
                    m.prior = p;
                }
                if child.proof != Proof::Unknown {
                    m.proof = child.proof;
                }
            }
        }
        for graph in &self.graphs {
            let root = &graph.nodes[0];
            total_iterations += u64::from(root.visits);
            if let Some(w) = root.winner {
                // Stored as the root's mover sees it, as in a tree.
                root_proof = if w == root.to_move { Proof::Loss } else { Proof::Win };
            }
            if root.state != State::Expanded {
                continue;
            }
            for e in root.edges() {
                let edge = &graph.edges[e];
                let Some(i) = find(edge.mv) else {
                    continue;
                };
                let m = &mut moves[i];
                m.visits += u64::from(edge.visits);
                wins[i] += edge.wins;
                draws[i] += edge.draws;
                reward[i] += edge.score_sum();
                m.prior = edge.prior;
                if edge.child != crate::graph::NO_NODE
                    && let Some(w) = graph.nodes[edge.child as usize].winner
                {
                    m.proof = if w == root.to_move { Proof::Win } else { Proof::Loss };
                }
            }
        }
        for (i, m) in moves.iter_mut().enumerate() {
            m.wins = wins[i].round() as u64;
            m.draws = draws[i].round() as u64;
            if m.visits > 0 {
                m.win_probability = wins[i] / m.visits as f64;
                m.mean = reward[i] / m.visits as f64;
            }
        }
        // Most visited first; the sort is stable, so ties keep move order.
        moves.sort_by_key(|m| core::cmp::Reverse(m.visits));
        let best_move = choose(&moves, G::PLAYERS);
        // Root proof for the player to move: the root's mover is the
        // opponent in two-player games.
        let proof = match (root_proof, G::PLAYERS) {
            (p, 1) => p,
            (Proof::Win, _) => Proof::Loss,
            (Proof::Loss, _) => Proof::Win,
            (Proof::Unknown, _) => Proof::Unknown,
        };
        let (best_line, best_line_value) = self
            .trees
            .iter()
            .filter(|t| !t.best_line.is_empty())
            .max_by(|a, b| a.best_value.total_cmp(&b.best_value))
            .map_or((Vec::new(), f64::NEG_INFINITY), |t| (t.best_line.clone(), t.best_value));
        Analysis {
            best_move,
            moves,
            iterations: 0,
            total_iterations,
            nodes: self.nodes(),
            proof,
            elapsed: Duration::ZERO,
            stopped_by: StopReason::Nothing,
            principal_variation: match (self.trees.first(), self.graphs.first()) {
                (Some(t), _) => principal_variation(t),
                (None, Some(g)) => g.principal_variation(),
                (None, None) => Vec::new(),
            },
            best_line,
            best_line_value,
        }
    }
}

/// The chosen move. Two players: a proven win; otherwise the most visited
/// move not proven lost (ties: higher mean); if all are lost, the most
/// visited one. Puzzles: the move with the best playout value found (ties:
/// more visits).
fn choose<M: Copy>(moves: &[MoveStats<M>], players: u8) -> Option<M> {
    if players == 1 {
        // Puzzles maximise: the move with the best playout value found.
        return moves
            .iter()
            .filter(|m| m.visits > 0)
            .fold(None::<&MoveStats<M>>, |best, m| match best {
                Some(b) if (b.best, b.visits) >= (m.best, m.visits) => Some(b),
                _ => Some(m),
            })
            .or(moves.first())
            .map(|m| m.mv);
    }
    if let Some(m) = moves.iter().find(|m| m.proof == Proof::Win) {
        return Some(m.mv);
    }
    let open = moves.iter().filter(|m| m.proof != Proof::Loss);
    let pick = open.fold(None::<&MoveStats<M>>, |best, m| match best {
        Some(b) if (b.visits, b.mean) >= (m.visits, m.mean) => Some(b),
        _ => Some(m),
    });
    match pick {
        Some(m) => Some(m.mv),
        None => moves.first().map(|m| m.mv),
    }
}

/// The most visited line from the root of `tree`.
fn principal_variation<M: Copy, R>(tree: &Tree<M, R>) -> Vec<M> {
    let mut line = Vec::new();
    let mut id = 0;
    while tree.nodes[id].state == State::Expanded {
        let Some(best) = tree.nodes[id]
            .children()
            .filter(|&c| tree.nodes[c].visits > 0)
            .max_by_key(|&c| tree.nodes[c].visits)
        else {
            break;
        };
        line.push(tree.mv(best));
        id = best;
    }
    line
}
