//! One iteration of Monte Carlo graph search (Czech, Korus & Kersting
//! 2021), each step a named block: selection over edges, the
//! transposition correction, expansion, simulation, backpropagation, and
//! MCTS-Solver's proof propagation through the graph.

use spielbaum_game_trait::rand_core::RngCore;
use spielbaum_game_trait::{Evaluator, Game, KeyHistory, Outcome, Player};

use crate::config::Selection;
use crate::graph::{Edge, GNode, Graph, Mass, NO_NODE, graph_key};
use crate::math::Math;
use crate::playout::{Playout, RngExt};
use crate::search::{Step, terminal_outcome};
use crate::simulation::playout;
use crate::tree::{Sample, State};

/// `true` if `key` occurred before: before the root or earlier in this
/// iteration.
#[inline]
fn repeated(keys: &KeyHistory, earlier: &KeyHistory, key: u64) -> bool {
    keys.contains(key) || earlier.contains(key)
}

/// Runs one iteration on `g`. Returns `false` if the graph wanted to grow
/// but the node cap stopped it.
pub(crate) fn iterate_graph<G, R, P, E>(
    g: &mut Graph<G::Move, R>,
    step: &mut Step<'_, G, P, E>,
) -> bool
where
    G: Game,
    R: RngCore + Clone,
    P: Playout<G, R>,
    E: Evaluator<G>,
{
    let solver = step.config.solver;
    let rep = step.repetition;
    g.path.clear();
    g.path_nodes.clear();
    g.path_nodes.push(0);
    if rep {
        g.keys.clear();
    }
    let mut pos = step.root.clone();
    let mut id = 0usize;
    let mut grew = true;

    let mass = loop {
        let node = g.nodes[id];
        // --- Proven node: its value is exact, no playout needed.
        if solver
            && id != 0
            && let Some(w) = node.winner
        {
            break Mass::win(w);
        }
        match node.state {
            State::Terminal => break Mass::from_outcome(terminal_outcome(&pos)),

            State::Leaf => {
                g.moves.clear();
                pos.moves(&mut g.moves);
                if step.clock.spend(g.moves.len()) {
                    return grew;
                }
                if g.moves.is_empty() {
                    // A finished position, found on its first visit.
                    let outcome = terminal_outcome(&pos);
                    let n = &mut g.nodes[id];
                    n.state = State::Terminal;
                    if solver && let Outcome::Win(p) = outcome {
                        n.winner = Some(p);
                    }
                    break Mass::from_outcome(outcome);
                }
                // --- Expansion: the edges at once (their nodes are made
                // when first traversed).
                let wants = id == 0 || node.visits >= step.config.expand_threshold;
                let fits = g.edges.len() + 1 + g.moves.len() <= step.node_cap;
                if wants && (fits || id == 0) {
                    expand(g, id, &pos, step);
                    continue;
                }
                if wants {
                    grew = false;
                }
                // --- Simulation.
                let sample = playout(pos, &mut g.moves, &mut g.rng, &mut g.keys, None, step);
                break match sample {
                    Sample::Win(p) => Mass::win(p),
                    _ => Mass::DRAW,
                };
            }

            // --- Selection: the most urgent edge.
            State::Expanded => {
                let e = select(g, id, step.config.selection, solver, step.math);
                let mv = g.edges[e].mv;
                if rep {
                    g.keys.push(node.rep_key);
                }
                pos.play(mv);
                g.path.push(e as u32);
                let raw = pos.key();
                // --- Repetition: a move into a position of the line (or of
                // the game before the root) is a draw on this line; the
                // position's node is not entered, it may be reached on
                // other lines.
                if rep && repeated(&g.keys, step.earlier, raw) && pos.outcome().is_none() {
                    break Mass::DRAW;
                }
                let mut child = g.edges[e].child;
                if child == NO_NODE {
                    let key = graph_key(&pos, raw, g.no_progress_rule);
                    child = g.node_for(&pos, key, raw);
                    g.edges[e].child = child;
                }
                let c = g.nodes[child as usize];
                // --- Transposition correction (Czech et al. 2021): the
                // child was visited along other edges and its value has
                // moved away from this edge's; back up the value that
                // makes the edge's mean equal the node's, instead of
                // descending further.
                if !(solver && c.winner.is_some())
                    && c.visits > g.edges[e].visits
                    && let Some(target) =
                        correction(&g.edges[e], &c, node.to_move, step.config.graph_epsilon)
                {
                    break target;
                }
                g.path_nodes.push(child);
                id = child as usize;
            }
        }
    };

    // The deadline passed in the playout: the iteration is abandoned.
    if step.clock.expired {
        return grew;
    }
    // --- Backpropagation: every edge and node of the path.
    backpropagate(g, mass);
    // --- MCTS-Solver: a newly proven node may prove the nodes above it.
    if solver && g.path_nodes.len() == g.path.len() + 1 {
        let mut i = g.path_nodes.len() - 1;
        while i > 0 && g.nodes[g.path_nodes[i] as usize].winner.is_some() {
            let parent = g.path_nodes[i - 1] as usize;
            if rep {
                // The line down to the parent (the keys of the positions
                // below it are no repetition for the parent's moves).
                g.keys.truncate(i);
            }
            if !prove(g, parent, step.earlier, rep) {
                break;
            }
            i -= 1;
        }
    }
    g.iterations += 1;
    grew
}

/// The correction of Czech, Korus & Kersting (2021): if the mean of edge
/// `e` differs from the mean of its child `c` by more than `epsilon`
/// ([`Config::graph_epsilon`](crate::Config::graph_epsilon), for the mover
/// `mover`), the result that
/// brings the edge's mean to the node's in one step,
/// `N(s,a)·(Q(s') − Q(s,a)) + Q(s')`, clipped to a valid result (per
/// component: win share, draw share).
fn correction<M>(e: &Edge<M>, c: &GNode, mover: Player, epsilon: f64) -> Option<Mass> {
    let node = c.mean()?;
    if e.visits == 0 {
        return Some(node);
    }
    let n = f64::from(e.visits);
    let edge_draw = e.draws / n;
    let edge_wins = e.wins / n;
    let edge_first = if mover == Player::FIRST { edge_wins } else { 1.0 - edge_wins - edge_draw };
    let node_value = node.wins_of(mover) + 0.5 * node.draw;
    let edge_value = edge_wins + 0.5 * edge_draw;
    if (node_value - edge_value).abs() <= epsilon {
        return None;
    }
    let first = (n * (node.first - edge_first) + node.first).clamp(0.0, 1.0);
    let draw = (n * (node.draw - edge_draw) + node.draw).clamp(0.0, 1.0 - first);
    Some(Mass { first, draw })
}

/// Adds `mass` to every edge and node of the path (each edge counts it
/// for its mover, each node for [`Player::FIRST`]).
fn backpropagate<M, R>(g: &mut Graph<M, R>, mass: Mass) {
    for (i, &e) in g.path.iter().enumerate() {
        let mover = g.nodes[g.path_nodes[i] as usize].to_move;
        let edge = &mut g.edges[e as usize];
        edge.visits += 1;
        edge.wins += mass.wins_of(mover);
        edge.draws += mass.draw;
    }
    for &n in &g.path_nodes {
        let node = &mut g.nodes[n as usize];
        node.visits += 1;
        node.first += mass.first;
        node.draws += mass.draw;
    }
}

/// Tries to prove `parent` from its children; returns `true` if it is
/// proven (now or before).
///
/// One child won by the player to move proves a win; all children won by
/// the opponent prove a loss. A child that repeats a position of the
/// iteration's line or of the game before the root is a draw there, so
/// it counts as unproven (a proof never rests on a repetition, which
/// depends on the line).
fn prove<M, R>(g: &mut Graph<M, R>, parent: usize, earlier: &KeyHistory, rep: bool) -> bool {
    let p = g.nodes[parent];
    if p.winner.is_some() {
        return true;
    }
    if p.state != State::Expanded {
        return false;
    }
    let me = p.to_move;
    let mut all_lost = true;
    for e in p.edges() {
        let c = g.edges[e].child;
        let winner = if c == NO_NODE {
            None
        } else {
            let child = &g.nodes[c as usize];
            if rep && repeated(&g.keys, earlier, child.rep_key) { None } else { child.winner }
        };
        match winner {
            Some(w) if w == me => {
                g.nodes[parent].winner = Some(me);
                return true;
            }
            Some(_) => {}
            None => all_lost = false,
        }
    }
    if all_lost {
        g.nodes[parent].winner = Some(me.other());
    }
    all_lost
}

/// `true` if selection skips the edge: its child is proven lost for the
/// mover.
#[inline]
fn lost<M, R>(g: &Graph<M, R>, e: &Edge<M>, mover: Player) -> bool {
    e.child != NO_NODE && g.nodes[e.child as usize].winner.is_some_and(|w| w != mover)
}

/// The edge of node `id` with the highest UCT / PUCT value (edge
/// statistics; unvisited edges first, in the random order of expansion).
fn select<M: Copy, R>(
    g: &Graph<M, R>,
    id: usize,
    selection: Selection,
    solver: bool,
    math: Math,
) -> usize {
    let parent = &g.nodes[id];
    let range = parent.edges();
    let first = range.start;
    let edges = &g.edges[range];
    let mover = parent.to_move;
    let mut best = usize::MAX;
    let mut best_value = f64::NEG_INFINITY;
    match selection {
        Selection::Uct { exploration } => {
            let c_sqrt_log_n = exploration * math.sqrt_ln(parent.visits);
            for (j, e) in edges.iter().enumerate() {
                if solver && lost(g, e, mover) {
                    continue;
                }
                if e.visits == 0 {
                    return first + j;
                }
                let inv_sqrt = math.inv_sqrt(e.visits);
                let value = e.score_sum() * inv_sqrt * inv_sqrt + c_sqrt_log_n * inv_sqrt;
                if value > best_value {
                    best_value = value;
                    best = j;
                }
            }
        }
        Selection::Puct { exploration, first_play } => {
            let sqrt_n = f64::from(parent.visits.max(1)).sqrt();
            for (j, e) in edges.iter().enumerate() {
                if solver && lost(g, e, mover) {
                    continue;
                }
                let q =
                    if e.visits == 0 { first_play } else { e.score_sum() / f64::from(e.visits) };
                let u = exploration * f64::from(e.prior) * sqrt_n / (1.0 + f64::from(e.visits));
                if q + u > best_value {
                    best_value = q + u;
                    best = j;
                }
            }
        }
    }
    if best == usize::MAX {
        // Every edge is proven lost: any will do (the node is proven).
        best = 0;
    }
    first + best
}

/// Creates the edges of leaf `id` from `g.moves`, shuffled (so "unvisited
/// first" tries them in a uniformly random order).
fn expand<G, R, P, E>(g: &mut Graph<G::Move, R>, id: usize, pos: &G, step: &Step<'_, G, P, E>)
where
    G: Game,
    R: RngCore,
    E: Evaluator<G>,
{
    let k = g.moves.len();
    for i in (1..k).rev() {
        let j = g.rng.below(i + 1);
        g.moves.swap(i, j);
    }
    g.priors.clear();
    g.priors.resize(k, 1.0 / k as f32);
    if let (Selection::Puct { .. }, Some(eval)) = (step.config.selection, step.priors) {
        eval.priors(pos, &g.moves, &mut g.priors);
    }
    let first = g.edges.len();
    g.edges.extend(g.moves.iter().zip(&g.priors).map(|(&mv, &prior)| Edge {
        wins: 0.0,
        draws: 0.0,
        visits: 0,
        child: NO_NODE,
        prior,
        mv,
    }));
    let node = &mut g.nodes[id];
    node.first_edge = first as u32;
    node.num_edges = k as u32;
    node.state = State::Expanded;
}
