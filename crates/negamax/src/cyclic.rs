//! A synthetic game with cycles, for the repetition rule: a seeded random
//! graph whose positions can recur, so that only the draw by repetition
//! ends some lines.
//!
//! Nodes alternate between the two players (even nodes: the first player
//! to move, odd nodes: the second), every move leads to a node of the other
//! player, and nodes without moves are finished games (a win for either
//! side or a draw). The key is the node, so a position recurs exactly when
//! its node does. The game declares threefold repetition
//! ([`DrawRules::repetition`]); [`CycleGame::chase`] is a game whose value
//! is a draw only by that rule.
//!
//! [`reference_score`](CycleGame::reference_score) is a brute force over
//! (position, history) states, written without any engine code: the value
//! tests compare the engines with.
//!
//! ```
//! use spielbaum_negamax::cyclic::CycleGame;
//! use spielbaum_negamax::{Config, Limits, Searcher};
//! use spielbaum_game_trait::Zero;
//!
//! let chase = CycleGame::chase();
//! let mut s = Searcher::new(Zero, Config::default());
//! let r = s.search(&chase, &Limits::depth(40));
//! assert_eq!(r.score, chase.reference_score(&[], 40, &Zero));
//! assert_eq!(r.score, 0); // a draw, by repetition only
//! assert!(r.exact);
//! ```

use std::sync::Arc;

use spielbaum_game_trait::{
    DrawRules, Evaluator, Game, MoveList, Outcome, Player, Score, SplitMix64, outcome_score,
};

/// The graph: per node its moves (targets) or, for a finished game, its
/// outcome.
#[derive(Debug, PartialEq, Eq)]
struct Graph {
    edges: Vec<Vec<u8>>,
    ends: Vec<Option<Outcome>>,
    rules: DrawRules,
}

/// A position of the cyclic game: a node of a shared graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleGame {
    graph: Arc<Graph>,
    node: u8,
}

impl CycleGame {
    /// A seeded random graph of `nodes` nodes (4..=32; clamped), each
    /// unfinished node with 1 to 3 moves; node 0 is the start.
    pub fn random(seed: u64, nodes: usize) -> Self {
        let n = nodes.clamp(4, 32);
        let mut rng = SplitMix64::new(seed);
        let mut edges = vec![Vec::new(); n];
        let mut ends = vec![None; n];
        for (i, (e, end)) in edges.iter_mut().zip(ends.iter_mut()).enumerate() {
            // About one node in four is a finished game (never the start).
            if i > 0 && rng.below(4) == 0 {
                *end = Some(match rng.below(3) {
                    0 => Outcome::Win(Player::FIRST),
                    1 => Outcome::Win(Player::SECOND),
                    _ => Outcome::Draw,
                });
                continue;
            }
            let others: Vec<u8> = (0..n as u8).filter(|&j| (j as usize + i) % 2 == 1).collect();
            let k = 1 + rng.below(3);
            for _ in 0..k {
                let t = others[rng.below(others.len())];
                if !e.contains(&t) {
                    e.push(t);
                }
            }
        }
        let graph = Graph { edges, ends, rules: DrawRules::repetition(3) };
        CycleGame { graph: Arc::new(graph), node: 0 }
    }

    /// A chase: from the start (node 0, first player) the first player can
    /// go to node 1 or give up (node 3, a loss for it); at node 1 the
    /// second player can go back to node 0 or give up (node 2, its loss).
    /// Giving up loses, so both go round: the game is a draw, and only the
    /// repetition rule makes it one.
    pub fn chase() -> Self {
        let graph = Graph {
            edges: vec![vec![1, 3], vec![0, 2], vec![], vec![]],
            ends: vec![
                None,
                None,
                Some(Outcome::Win(Player::FIRST)),
                Some(Outcome::Win(Player::SECOND)),
            ],
            rules: DrawRules::repetition(3),
        };
        CycleGame { graph: Arc::new(graph), node: 0 }
    }

    /// A graph given by its moves per node (targets must have the other
    /// parity: even nodes are the first player's) and the outcomes of the
    /// nodes without moves (`None` for the others); node 0 is the start.
    /// `None` if the lists do not fit that description.
    pub fn from_edges(edges: Vec<Vec<u8>>, ends: Vec<Option<Outcome>>) -> Option<Self> {
        let n = edges.len();
        let fits = n > 0
            && n <= 256
            && ends.len() == n
            && edges.iter().zip(&ends).enumerate().all(|(i, (e, end))| {
                e.is_empty() == end.is_some()
                    && e.iter().all(|&t| (t as usize) < n && (t as usize + i) % 2 == 1)
            });
        fits.then(|| CycleGame {
            graph: Arc::new(Graph { edges, ends, rules: DrawRules::repetition(3) }),
            node: 0,
        })
    }

    /// The same game under other draw rules (e.g. [`DrawRules::NONE`]).
    pub fn with_rules(&self, rules: DrawRules) -> Self {
        let g = &*self.graph;
        let graph = Graph { edges: g.edges.clone(), ends: g.ends.clone(), rules };
        CycleGame { graph: Arc::new(graph), node: self.node }
    }

    /// The node (0 = the start).
    pub fn node(&self) -> u8 {
        self.node
    }

    /// The score for the side to move of a search to `depth` plies with
    /// `eval` at the horizon, under the engines' repetition rule: a
    /// position below the root whose key occurred before — in `earlier`
    /// (the game's keys before this position) or on the line — is a draw
    /// (0). Computed by brute force over every line, without a table.
    pub fn reference_score<E: Evaluator<Self>>(
        &self,
        earlier: &[u64],
        depth: u32,
        eval: &E,
    ) -> Score {
        let mut line: Vec<u64> = earlier.to_vec();
        fn rec<E: Evaluator<CycleGame>>(
            g: &CycleGame,
            line: &mut Vec<u64>,
            ply: u32,
            depth: u32,
            eval: &E,
        ) -> Score {
            if let Some(o) = g.outcome() {
                return outcome_score(o, g.to_move(), ply);
            }
            if ply > 0 && g.graph.rules.repetition.is_some() && line.contains(&g.key()) {
                return 0;
            }
            if ply == depth {
                return eval.evaluate(g);
            }
            line.push(g.key());
            let mut best = Score::MIN;
            for &t in &g.graph.edges[g.node as usize] {
                let child = CycleGame { graph: Arc::clone(&g.graph), node: t };
                best = best.max(-rec(&child, line, ply + 1, depth, eval));
            }
            line.pop();
            best
        }
        rec(self, &mut line, 0, depth, eval)
    }

    /// The game's value for the side to move (+1 win, 0 draw, −1 loss)
    /// under the true `k`-fold rule — a draw when a position occurs for the
    /// `k`-th time, counting `earlier` — by brute force over every history.
    /// Exponential: for graphs of a few nodes.
    pub fn kfold_value(&self, earlier: &[u64], k: usize) -> i32 {
        fn rec(g: &CycleGame, seen: &mut Vec<u64>, k: usize) -> i32 {
            if let Some(o) = g.outcome() {
                return o.relative_to(g.to_move());
            }
            seen.push(g.key());
            let count = seen.iter().filter(|&&x| x == g.key()).count();
            let v = if count >= k {
                0
            } else {
                let mut best = -1;
                for &t in &g.graph.edges[g.node as usize] {
                    let child = CycleGame { graph: Arc::clone(&g.graph), node: t };
                    best = best.max(-rec(&child, seen, k));
                    if best == 1 {
                        break;
                    }
                }
                best
            };
            seen.pop();
            v
        }
        rec(self, &mut earlier.to_vec(), k)
    }
}

impl Game for CycleGame {
    type Move = u8;
    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        if self.node.is_multiple_of(2) { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, moves: &mut MoveList<u8>) {
        moves.extend_from_slice(&self.graph.edges[self.node as usize]);
    }

    fn play(&mut self, mv: u8) {
        self.node = mv;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.graph.ends[self.node as usize]
    }

    fn key(&self) -> u64 {
        u64::from(self.node)
    }

    fn draw_rules(&self) -> DrawRules {
        self.graph.rules
    }
}

/// An evaluator for [`CycleGame`]: a seeded value per node (from the first
/// player's side), so depth-limited searches have something to compare.
#[derive(Clone, Copy, Debug)]
pub struct CycleEval(pub u64);

impl Evaluator<CycleGame> for CycleEval {
    fn evaluate(&self, game: &CycleGame) -> Score {
        let mut rng = SplitMix64::new(self.0 ^ u64::from(game.node).wrapping_mul(0x9E37_79B9));
        let v = rng.below(201) as Score - 100;
        if game.to_move() == Player::FIRST { v } else { -v }
    }
}
