//! One iteration of Monte Carlo tree search, each step a named block:
//! selection, expansion, simulation (playout), backpropagation, and the
//! MCTS-Solver's proof propagation.

use spielbaum_game_trait::{Evaluator, Game, Outcome};

use crate::config::{Config, Selection};
use crate::math::Math;
use crate::playout::Playout;
use crate::tree::{Cold, Node, NodeId, Proof, Sample, State, Tree};

/// What one iteration needs besides the tree.
pub(crate) struct Step<'a, G: Game, P, E> {
    pub root: &'a G,
    pub config: &'a Config,
    pub playout: &'a mut P,
    pub priors: Option<&'a E>,
    /// Most nodes this tree may hold (the root is always expanded).
    pub node_cap: usize,
    /// Lookup tables for the selection formulas.
    pub math: Math,
}

/// Runs one iteration on `tree`. Returns `false` if the tree wanted to grow
/// but the node cap stopped it.
pub(crate) fn iterate<G, P, E>(tree: &mut Tree<G::Move>, step: &mut Step<'_, G, P, E>) -> bool
where
    G: Game,
    P: Playout<G>,
    E: Evaluator<G>,
{
    let solver = step.config.solver;
    let record_line = G::PLAYERS == 1;
    tree.path.clear();
    tree.path.push(0);
    tree.line.clear();
    let mut pos = step.root.clone();
    let mut id = 0usize;
    let mut grew = true;

    let sample = loop {
        let node = tree.nodes[id];

        // --- Proven node: its value is exact, no playout needed.
        if solver && id != 0 && node.proof != Proof::Unknown {
            break proven_sample(&node, tree.cold[id].best, G::PLAYERS);
        }

        match node.state {
            State::Terminal => {
                break Sample::from_outcome(terminal_outcome(&pos));
            }

            // --- Selection: descend to the most urgent child.
            State::Expanded => {
                let child =
                    select(tree, id, step.config.selection, solver, G::PLAYERS == 1, step.math);
                let mv = tree.cold[child].mv.expect("children carry their move");
                pos.play(mv);
                if record_line {
                    tree.line.push(mv);
                }
                tree.path.push(child as NodeId);
                id = child;
            }

            State::Leaf => {
                tree.moves.clear();
                pos.moves(&mut tree.moves);
                if tree.moves.is_empty() {
                    // The game is over here: a terminal, found on the first visit.
                    let outcome = terminal_outcome(&pos);
                    mark_terminal(&mut tree.nodes[id], outcome, solver);
                    break Sample::from_outcome(outcome);
                }

                // --- Expansion: all children at once, contiguously.
                let wants = id == 0 || node.visits >= step.config.expand_threshold;
                let fits = tree.nodes.len() + tree.moves.len() <= step.node_cap;
                if wants && (fits || id == 0) {
                    expand(tree, id, &pos, step);
                    continue;
                }
                if wants {
                    grew = false; // the node cap stopped the expansion
                }

                // --- Simulation: play out from this leaf.
                break simulate(tree, pos, step, record_line);
            }
        }
    };

    // --- Backpropagation (and proof propagation).
    backpropagate(tree, sample, solver, G::PLAYERS);
    tree.iterations += 1;
    grew
}

/// The outcome of a finished position (the `Game` contract guarantees one).
fn terminal_outcome<G: Game>(pos: &G) -> Outcome {
    pos.outcome().unwrap_or(Outcome::Draw)
}

/// The exact sample a proven node stands for.
fn proven_sample(node: &Node, best: f64, players: u8) -> Sample {
    let win = node.proof == Proof::Win;
    if players == 1 {
        Sample::Score { value: best, goal: win }
    } else if win {
        Sample::Win(node.mover)
    } else {
        Sample::Win(node.mover.other())
    }
}

fn mark_terminal(node: &mut Node, outcome: Outcome, solver: bool) {
    node.state = State::Terminal;
    if solver {
        node.proof = match outcome {
            Outcome::Win(p) if p == node.mover => Proof::Win,
            Outcome::Win(_) => Proof::Loss,
            Outcome::Draw => Proof::Unknown,
            Outcome::Puzzle { goal: true, .. } => Proof::Win,
            Outcome::Puzzle { goal: false, .. } => Proof::Loss,
        };
    }
}

/// The child of `id` with the highest UCT / PUCT value. With the solver,
/// proven children are skipped where sampling them cannot help (see
/// [`skip`]).
fn select<M: Copy>(
    tree: &mut Tree<M>,
    id: usize,
    selection: Selection,
    solver: bool,
    puzzle_game: bool,
    math: Math,
) -> usize {
    let parent = tree.nodes[id];
    let n = f64::from(parent.visits.max(1));
    // Puzzle values are min-max normalised to [0, 1]; two-player rewards
    // already lie there.
    let puzzle = tree.max_value >= tree.min_value;
    let (lo, span) = (tree.min_value, tree.max_value - tree.min_value);
    let norm = |mean: f64| {
        if !puzzle {
            mean
        } else if span > 0.0 {
            (mean - lo) / span
        } else {
            0.5
        }
    };
    let mut best = usize::MAX;
    let mut best_value = f64::NEG_INFINITY;
    match selection {
        Selection::Uct { exploration } => {
            // c * sqrt(ln N / n) = (c * sqrt(ln N)) * (1 / sqrt n), and
            // mean = reward * (1 / sqrt n)^2: no division, no sqrt per child.
            let c_sqrt_log_n = exploration * math.sqrt_ln(parent.visits);
            for c in parent.children() {
                let child = &tree.nodes[c];
                if solver && skip(child.proof, puzzle_game) {
                    continue;
                }
                if child.visits == 0 {
                    return c;
                }
                let inv_sqrt = math.inv_sqrt(child.visits);
                let sum = if puzzle_game { tree.cold[c].reward } else { child.score_sum() };
                let mean = sum * inv_sqrt * inv_sqrt;
                let value = norm(mean) + c_sqrt_log_n * inv_sqrt;
                if value > best_value {
                    best_value = value;
                    best = c;
                }
            }
        }
        Selection::Puct { exploration, first_play } => {
            let sqrt_n = n.sqrt();
            for c in parent.children() {
                let child = &tree.nodes[c];
                if solver && skip(child.proof, puzzle_game) {
                    continue;
                }
                let q = if child.visits == 0 {
                    first_play
                } else {
                    let sum = if puzzle_game { tree.cold[c].reward } else { child.score_sum() };
                    norm(sum / f64::from(child.visits))
                };
                let u =
                    exploration * f64::from(child.prior) * sqrt_n / (1.0 + f64::from(child.visits));
                if q + u > best_value {
                    best_value = q + u;
                    best = c;
                }
            }
        }
    }
    if best == usize::MAX {
        // Every child is proven (lost, or exhausted in a puzzle): any will
        // do, the node itself is proven.
        best = parent.first_child as usize;
    }
    best
}

/// With the solver, selection skips children proven lost for the player
/// to move (two players) or exhausted (puzzles: any proof).
fn skip(proof: Proof, puzzle_game: bool) -> bool {
    match proof {
        Proof::Loss => true,
        Proof::Win => puzzle_game,
        Proof::Unknown => false,
    }
}

/// Creates the children of leaf `id` from the moves in `tree.moves`, in a
/// random order (so UCT's "unvisited first" rule samples them uniformly).
fn expand<G, P, E>(tree: &mut Tree<G::Move>, id: usize, pos: &G, step: &Step<'_, G, P, E>)
where
    G: Game,
    E: Evaluator<G>,
{
    let k = tree.moves.len();
    for i in (1..k).rev() {
        let j = tree.rng.below(i + 1);
        tree.moves.swap(i, j);
    }
    tree.priors.clear();
    tree.priors.resize(k, 1.0 / k as f32);
    if let (Some(eval), Selection::Puct { .. }) = (step.priors, step.config.selection) {
        eval.priors(pos, &tree.moves, &mut tree.priors);
    }
    let mover = pos.to_move();
    let first = tree.nodes.len();
    for i in 0..k {
        tree.nodes.push(Node::new(mover, tree.priors[i]));
        tree.cold.push(Cold::new(Some(tree.moves[i])));
    }
    let node = &mut tree.nodes[id];
    node.first_child = first as NodeId;
    node.num_children = k as u32;
    node.state = State::Expanded;
}

/// Plays out from `pos` (which has moves: `tree.moves` holds them) with the
/// playout policy until the game ends or the ply limit is reached.
fn simulate<G, P, E>(
    tree: &mut Tree<G::Move>,
    mut pos: G,
    step: &mut Step<'_, G, P, E>,
    record_line: bool,
) -> Sample
where
    G: Game,
    P: Playout<G>,
{
    let max = step.config.max_playout_plies;
    let mut plies = 0;
    loop {
        let k = tree.moves.len();
        let i = step.playout.pick(&pos, &tree.moves, &mut tree.rng);
        // Reduce a faulty index without paying for a division every ply.
        let i = if i < k { i } else { i % k };
        let mv = tree.moves[i];
        pos.play(mv);
        if record_line {
            tree.line.push(mv);
        }
        plies += 1;
        tree.moves.clear();
        pos.moves(&mut tree.moves);
        if tree.moves.is_empty() {
            return Sample::from_outcome(terminal_outcome(&pos));
        }
        if plies >= max {
            return if G::PLAYERS == 1 {
                Sample::Score { value: 0.0, goal: false }
            } else {
                Sample::Draw
            };
        }
    }
}

/// Adds `sample` to every node on the path; with the solver, proofs move up
/// from the deepest newly proven node.
fn backpropagate<M: Copy>(tree: &mut Tree<M>, sample: Sample, solver: bool, players: u8) {
    if let Sample::Score { value, .. } = sample {
        tree.min_value = tree.min_value.min(value);
        tree.max_value = tree.max_value.max(value);
        if value > tree.best_value {
            tree.best_value = value;
            tree.best_line.clear();
            tree.best_line.extend_from_slice(&tree.line);
        }
    }
    let mut proven_below = solver && {
        let leaf = tree.path[tree.path.len() - 1] as usize;
        tree.nodes[leaf].proof != Proof::Unknown
    };
    for depth in (0..tree.path.len()).rev() {
        let id = tree.path[depth] as usize;
        let node = &mut tree.nodes[id];
        node.visits += 1;
        match sample {
            Sample::Win(p) => {
                if p == node.mover {
                    node.wins += 1;
                }
            }
            Sample::Draw => {
                node.draws += 1;
            }
            Sample::Score { value, goal } => {
                node.wins += u32::from(goal);
                let cold = &mut tree.cold[id];
                cold.reward += value;
                cold.best = cold.best.max(value);
            }
        }
        // --- MCTS-Solver: a proven child may prove its parent.
        if proven_below && depth > 0 {
            let child = id;
            let parent = tree.path[depth - 1] as usize;
            proven_below = prove_parent(&mut tree.nodes, parent, child, players);
        } else {
            proven_below = false;
        }
    }
}

/// Updates the proof of `parent` after its child `child` was proven;
/// returns `true` if the parent is proven now.
///
/// Two players: one winning move proves a win, all moves lost prove a loss
/// (for the player to move at the parent). One player (puzzles): a node is
/// proven only when every child is (the subtree is exhausted, so its best
/// value is exact); it is a `Win` if the goal is reachable below.
fn prove_parent(nodes: &mut [Node], parent: usize, child: usize, players: u8) -> bool {
    if nodes[parent].proof != Proof::Unknown {
        return true;
    }
    if players == 1 {
        if nodes[parent].children().any(|c| nodes[c].proof == Proof::Unknown) {
            return false;
        }
        let goal = nodes[parent].children().any(|c| nodes[c].proof == Proof::Win);
        nodes[parent].proof = if goal { Proof::Win } else { Proof::Loss };
        return true;
    }
    let to_move = nodes[child].mover;
    let same = nodes[parent].mover == to_move;
    let proof = match nodes[child].proof {
        Proof::Unknown => return false,
        // The player to move at the parent has a winning move.
        Proof::Win => {
            if same {
                Proof::Win
            } else {
                Proof::Loss
            }
        }
        // Proven lost only if every move is.
        Proof::Loss => {
            if nodes[parent].children().any(|c| nodes[c].proof != Proof::Loss) {
                return false;
            }
            if same { Proof::Loss } else { Proof::Win }
        }
    };
    nodes[parent].proof = proof;
    true
}
