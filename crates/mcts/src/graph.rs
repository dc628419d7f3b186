//! The search graph of Monte Carlo graph search: one node per position
//! (by key), the moves as edges, statistics on both (Czech, Korus &
//! Kersting 2021).

use rustc_hash::FxHashMap;
use spielbaum_game_trait::rand_core::SeedableRng;
use spielbaum_game_trait::{Game, KeyHistory, MoveList, Outcome, Player, SplitMix64};

use crate::params;
use crate::tree::State;

/// Index of a node in the graph's arena; the root is node 0.
pub(crate) type NodeId = u32;

/// An edge whose child node was not created yet (never traversed).
pub(crate) const NO_NODE: NodeId = NodeId::MAX;

/// One iteration's result as probability mass: the share of a win for
/// [`Player::FIRST`] and of a draw (the rest is a win for the second
/// player). Plain results are 0 or 1; a transposition correction is
/// fractional.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Mass {
    pub first: f64,
    pub draw: f64,
}

impl Mass {
    pub(crate) const DRAW: Mass = Mass { first: 0.0, draw: 1.0 };

    pub(crate) fn win(p: Player) -> Mass {
        Mass { first: if p == Player::FIRST { 1.0 } else { 0.0 }, draw: 0.0 }
    }

    pub(crate) fn from_outcome(outcome: Outcome) -> Mass {
        match outcome {
            Outcome::Win(p) => Mass::win(p),
            _ => Mass::DRAW,
        }
    }

    /// The win share of player `p`.
    #[inline]
    pub(crate) fn wins_of(self, p: Player) -> f64 {
        if p == Player::FIRST { self.first } else { 1.0 - self.first - self.draw }
    }
}

/// A move of a node: what selection reads (visits and the mover's sums),
/// the move, and the node it leads to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge<M> {
    /// Wins of the player making the move (fractional after corrections).
    pub wins: f64,
    /// Draws.
    pub draws: f64,
    pub visits: u32,
    /// [`NO_NODE`] until the edge is first traversed.
    pub child: NodeId,
    /// PUCT prior (uniform under UCT).
    pub prior: f32,
    pub mv: M,
}

impl<M> Edge<M> {
    /// Mean reward of the mover: `(wins + draws / 2) / visits`.
    #[inline]
    pub(crate) fn score_sum(&self) -> f64 {
        self.wins + 0.5 * self.draws
    }
}

/// One position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GNode {
    /// The graph key: the game's key, with the no-progress counter mixed
    /// in for games with that rule.
    pub key: u64,
    /// The game's key (what the repetition rule compares).
    pub rep_key: u64,
    /// Sums of all results through the node, for [`Player::FIRST`].
    pub first: f64,
    pub draws: f64,
    pub visits: u32,
    pub first_edge: u32,
    pub num_edges: u32,
    pub to_move: Player,
    pub state: State,
    /// MCTS-Solver: the player who wins from here against every defence.
    pub winner: Option<Player>,
}

impl GNode {
    fn new<G: Game>(pos: &G, key: u64, rep_key: u64) -> Self {
        GNode {
            key,
            rep_key,
            first: 0.0,
            draws: 0.0,
            visits: 0,
            first_edge: 0,
            num_edges: 0,
            to_move: pos.to_move(),
            state: State::Leaf,
            winner: None,
        }
    }

    pub(crate) fn edges(&self) -> core::ops::Range<usize> {
        let first = self.first_edge as usize;
        first..first + self.num_edges as usize
    }

    /// Mean result through the node as a [`Mass`] (`None` if unvisited).
    pub(crate) fn mean(&self) -> Option<Mass> {
        (self.visits > 0).then(|| {
            let n = f64::from(self.visits);
            Mass { first: self.first / n, draw: self.draws / n }
        })
    }
}

/// The graph key of `pos`: its key, with the no-progress counter mixed in
/// when the game has that rule (two positions that differ only there end
/// differently).
#[inline]
pub(crate) fn graph_key<G: Game>(pos: &G, key: u64, no_progress_rule: bool) -> u64 {
    if no_progress_rule {
        key ^ u64::from(pos.no_progress()).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    } else {
        key
    }
}

/// One search graph with its own generator and buffers.
#[derive(Clone, Debug)]
#[repr(align(128))]
pub(crate) struct Graph<M, R = SplitMix64> {
    pub nodes: Vec<GNode>,
    pub edges: Vec<Edge<M>>,
    /// Graph key -> node.
    pub index: FxHashMap<u64, NodeId>,
    pub rng: R,
    pub iterations: u64,
    /// The game has a no-progress rule (mixed into graph keys).
    pub no_progress_rule: bool,
    /// Reusable buffers: the edges of the current iteration, the nodes
    /// they leave from, the move list, the priors, and (repetition games)
    /// the keys of the positions of the iteration so far.
    pub path: Vec<u32>,
    pub path_nodes: Vec<NodeId>,
    pub moves: MoveList<M>,
    pub priors: Vec<f32>,
    pub keys: KeyHistory,
}

impl<M: Copy, R> Graph<M, R> {
    /// A graph for `root`, whose legal moves are `root_moves` (generated
    /// once for all threads' graphs), or `None` if it has none.
    pub(crate) fn new<G: Game<Move = M>>(root: &G, root_moves: &[M], seed: u64) -> Option<Self>
    where
        R: SeedableRng,
    {
        root_moves.first()?;
        let mut moves = MoveList::new();
        moves.extend_from_slice(root_moves);
        let mut g = Graph {
            nodes: Vec::with_capacity(params::INITIAL_NODES),
            edges: Vec::with_capacity(params::INITIAL_NODES),
            index: FxHashMap::default(),
            rng: R::seed_from_u64(seed),
            iterations: 0,
            no_progress_rule: root.draw_rules().no_progress.is_some(),
            path: Vec::with_capacity(64),
            path_nodes: Vec::with_capacity(64),
            moves,
            priors: Vec::new(),
            keys: KeyHistory::new(),
        };
        g.reset_root(root);
        Some(g)
    }

    /// Empties the graph for `root` and restarts the generator.
    pub(crate) fn restart<G: Game<Move = M>>(&mut self, root: &G, seed: u64)
    where
        R: SeedableRng,
    {
        self.rng = R::seed_from_u64(seed);
        self.reset_root(root);
    }

    /// Empties the graph for `root` (memory kept).
    pub(crate) fn reset_root<G: Game<Move = M>>(&mut self, root: &G) {
        self.nodes.clear();
        self.edges.clear();
        self.index.clear();
        self.iterations = 0;
        self.no_progress_rule = root.draw_rules().no_progress.is_some();
        let raw = root.key();
        let key = graph_key(root, raw, self.no_progress_rule);
        self.nodes.push(GNode::new(root, key, raw));
        self.index.insert(key, 0);
    }

    /// The node of `pos` (graph key `key`), created as a leaf if new.
    pub(crate) fn node_for<G: Game<Move = M>>(&mut self, pos: &G, key: u64, raw: u64) -> NodeId {
        let next = self.nodes.len() as NodeId;
        let id = *self.index.entry(key).or_insert(next);
        if id == next {
            self.nodes.push(GNode::new(pos, key, raw));
        }
        id
    }

    /// Makes the node reached from the root by `mv` the new root, keeping
    /// every node reachable from it (compacted, breadth first). Returns
    /// `false` if that edge was never traversed (nothing changes then).
    pub(crate) fn reroot(&mut self, mv: M) -> bool
    where
        M: PartialEq,
    {
        let root = self.nodes[0];
        let Some(e) = root.edges().find(|&e| self.edges[e].mv == mv) else {
            return false;
        };
        let start = self.edges[e].child;
        if start == NO_NODE {
            return false;
        }
        let mut remap: FxHashMap<NodeId, NodeId> = FxHashMap::default();
        let mut order: Vec<NodeId> = vec![start];
        remap.insert(start, 0);
        let mut i = 0;
        while i < order.len() {
            let n = self.nodes[order[i] as usize];
            for e in n.edges() {
                let c = self.edges[e].child;
                if c != NO_NODE && !remap.contains_key(&c) {
                    remap.insert(c, order.len() as NodeId);
                    order.push(c);
                }
            }
            i += 1;
        }
        let mut nodes = Vec::with_capacity(order.len().max(16));
        let mut edges = Vec::with_capacity(self.edges.len());
        for &old in &order {
            let mut n = self.nodes[old as usize];
            let first = edges.len();
            for e in n.edges() {
                let mut edge = self.edges[e];
                if edge.child != NO_NODE {
                    edge.child = remap[&edge.child];
                }
                edges.push(edge);
            }
            n.first_edge = first as u32;
            nodes.push(n);
        }
        self.index.clear();
        self.index.extend(nodes.iter().enumerate().map(|(i, n)| (n.key, i as NodeId)));
        self.nodes = nodes;
        self.edges = edges;
        self.iterations = u64::from(self.nodes[0].visits);
        true
    }

    /// Drops the proofs of all inner nodes (finished positions keep
    /// theirs): with a repetition rule a proof can depend on the history
    /// before the root, which changes when the root does. Searching finds
    /// them again from the finished positions.
    pub(crate) fn forget_inner_proofs(&mut self) {
        for n in &mut self.nodes {
            if n.state != State::Terminal {
                n.winner = None;
            }
        }
    }

    /// The most visited line from the root (stops at a repetition of the
    /// line or an unexplored edge).
    pub(crate) fn principal_variation(&self) -> Vec<M> {
        let mut line = Vec::new();
        let mut seen = vec![0 as NodeId];
        let mut id = 0usize;
        while self.nodes[id].state == State::Expanded {
            let Some(best) = self.nodes[id]
                .edges()
                .filter(|&e| self.edges[e].visits > 0)
                .max_by_key(|&e| self.edges[e].visits)
            else {
                break;
            };
            line.push(self.edges[best].mv);
            let c = self.edges[best].child;
            if c == NO_NODE || seen.contains(&c) {
                break;
            }
            seen.push(c);
            id = c as usize;
        }
        line
    }
}
