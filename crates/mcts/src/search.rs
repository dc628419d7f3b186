//! One iteration of Monte Carlo tree search, each step a named block:
//! selection, expansion, simulation (playout), backpropagation, and the
//! MCTS-Solver's proof propagation.

use std::time::Instant;

use spielbaum_game_trait::rand_core::RngCore;
use spielbaum_game_trait::{Evaluator, Game, KeyHistory, Outcome};

use crate::config::{Config, Selection};
use crate::math::Math;
use crate::playout::{Playout, RngExt};
use crate::simulation::playout;
use crate::tree::{Node, NodeId, Proof, Sample, State, Tree, Values};

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
    /// The game declares a repetition rule: a position that occurred before
    /// (in `earlier` or earlier in the iteration) is a draw.
    pub repetition: bool,
    /// The game's positions before the root that can still repeat.
    pub earlier: &'a KeyHistory,
    /// The deadline, looked at inside long iterations.
    pub clock: Clock,
}

/// The deadline as seen from inside iterations: every
/// [`CLOCK_MOVES`](crate::params::CLOCK_MOVES) generated moves it is looked
/// at; once past, the running iteration is abandoned (no statistics
/// change) and the search ends.
pub(crate) struct Clock {
    deadline: Option<Instant>,
    /// Moves generated since the last look.
    work: usize,
    /// The deadline passed inside an iteration.
    pub expired: bool,
}

impl Clock {
    /// A clock for `deadline` (none: never expires).
    pub(crate) fn new(deadline: Option<Instant>) -> Self {
        Clock { deadline, work: 0, expired: false }
    }

    /// Counts `moves` generated moves; `true` once the deadline passed
    /// (looked at every [`CLOCK_MOVES`](crate::params::CLOCK_MOVES) moves).
    #[inline]
    pub(crate) fn spend(&mut self, moves: usize) -> bool {
        self.work += moves;
        if self.work >= crate::params::CLOCK_MOVES {
            self.work = 0;
            self.expired = self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.expired
    }
}

/// `true` if `key` occurred before: in the game before the root or earlier
/// in this iteration.
#[inline]
fn repeated<M, R>(tree: &Tree<M, R>, earlier: &KeyHistory, key: u64) -> bool {
    tree.keys.contains(key) || earlier.contains(key)
}

/// Runs one iteration on `tree`. Returns `false` if the tree wanted to grow
/// but the node cap stopped it. If the deadline passes inside the iteration
/// (`step.clock.expired`), it is abandoned: no statistics change.
pub(crate) fn iterate<G, R, P, E>(tree: &mut Tree<G::Move, R>, step: &mut Step<'_, G, P, E>) -> bool
where
    G: Game,
    R: RngCore + Clone,
    P: Playout<G, R>,
    E: Evaluator<G>,
{
    let solver = step.config.solver;
    let record_line = G::PLAYERS == 1;
    tree.path.clear();
    tree.path.push(0);
    tree.line.clear();
    let rep = step.repetition;
    if rep {
        tree.keys.clear();
    }
    let mut pos = step.root.clone();
    let mut id = 0usize;
    let mut grew = true;

    let sample = loop {
        let node = tree.nodes[id];

        // --- Proven node: its value is exact, no playout needed.
        if solver && id != 0 && node.proof != Proof::Unknown {
            let best = if G::PLAYERS == 1 { tree.values[id].best } else { 0.0 };
            break proven_sample(&node, best, G::PLAYERS);
        }

        match node.state {
            State::Terminal => {
                break Sample::from_outcome(terminal_outcome(&pos));
            }

            // --- Selection: descend to the most urgent child.
            State::Expanded => {
                let (child, mv) = if id == 0 && tree.root_open() {
                    next_root_child(tree, step.root.to_move(), solver)
                } else {
                    select::<G, R>(tree, id, step.config.selection, solver, step.math)
                };
                if rep {
                    tree.keys.push(pos.key());
                }
                pos.play(mv);
                if record_line {
                    tree.line.push(mv);
                }
                tree.path.push(child as NodeId);
                id = child;
            }

            State::Leaf => {
                // --- Repetition: a position seen before is a draw (the
                // node keeps it: in a tree its line is fixed).
                if rep
                    && id != 0
                    && pos.outcome().is_none()
                    && repeated(tree, step.earlier, pos.key())
                {
                    mark_terminal(&mut tree.nodes[id], Outcome::Draw, solver);
                    break Sample::Draw;
                }
                // The root's moves, generated once for all trees.
                let shared = if id == 0 { tree.root_list.clone() } else { None };
                if let Some(list) = &shared
                    && list.len() >= crate::params::LAZY_ROOT_MOVES
                    && matches!(step.config.selection, Selection::Uct { .. })
                {
                    open_root(tree, list.len());
                    // The shared list stands for the moves a tree would
                    // have generated: counted, so a thread that starts
                    // after the deadline stops here.
                    if step.clock.spend(list.len()) {
                        return grew;
                    }
                    continue;
                }
                tree.moves.clear();
                match &shared {
                    Some(list) => tree.moves.extend_from_slice(list),
                    None => pos.moves(&mut tree.moves),
                }
                if step.clock.spend(tree.moves.len()) {
                    return grew;
                }
                if tree.moves.is_empty() {
                    // The game is over here: a terminal, found on the first visit.
                    let outcome = terminal_outcome(&pos);
                    mark_terminal(&mut tree.nodes[id], outcome, solver);
                    break Sample::from_outcome(outcome);
                }

                // --- Expansion: all children at once, contiguously.
                let wants = id == 0 || node.visits >= step.config.expand_threshold;
                // (Expanding below a lazily expanded root first makes the
                // root's remaining children: they count too.)
                let fits =
                    tree.nodes.len() + tree.root_pending() + tree.moves.len() <= step.node_cap;
                if id == 0
                    && tree.moves.len() >= crate::params::LAZY_ROOT_MOVES
                    && matches!(step.config.selection, Selection::Uct { .. })
                {
                    tree.root_list = Some(tree.moves.as_slice().into());
                    open_root(tree, tree.moves.len());
                    continue;
                }
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

    // The deadline passed in the playout: the iteration is abandoned.
    if step.clock.expired {
        return grew;
    }
    // --- Backpropagation (and proof propagation).
    backpropagate(tree, sample, solver, G::PLAYERS);
    tree.iterations += 1;
    grew
}

/// The outcome of a finished position (the `Game` contract guarantees one).
pub(crate) fn terminal_outcome<G: Game>(pos: &G) -> Outcome {
    pos.outcome().unwrap_or(Outcome::Draw)
}

/// The exact sample a proven node stands for.
fn proven_sample<M>(node: &Node<M>, best: f64, players: u8) -> Sample {
    let win = node.proof == Proof::Win;
    if players == 1 {
        Sample::Score { value: best, goal: win }
    } else if win {
        Sample::Win(node.mover)
    } else {
        Sample::Win(node.mover.other())
    }
}

fn mark_terminal<M>(node: &mut Node<M>, outcome: Outcome, solver: bool) {
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

/// The child of `id` with the highest UCT / PUCT value, and the move
/// leading to it. With the solver, proven children are skipped where
/// sampling them cannot help (see [`skip`]).
///
/// Hot path: the children are read as one contiguous slice (no bounds
/// check per child; each holds its move, so the chosen one needs no
/// further load), the puzzle normalisation is an affine map fixed before
/// the loop, and two-player UCT reads only the [`Node`]s.
fn select<G: Game, R>(
    tree: &Tree<G::Move, R>,
    id: usize,
    selection: Selection,
    solver: bool,
    math: Math,
) -> (usize, G::Move) {
    let puzzle_game = G::PLAYERS == 1;
    let parent = &tree.nodes[id];
    let range = parent.children();
    let first = range.start;
    let kids = &tree.nodes[range.clone()];
    // Empty (and unused) in two-player games.
    let values = if puzzle_game { &tree.values[range.clone()] } else { &[][..] };
    // Puzzle values are min-max normalised to [0, 1] (`mean * scale +
    // shift`); two-player rewards already lie there.
    let (scale, shift) = if tree.max_value < tree.min_value {
        (1.0, 0.0)
    } else if tree.max_value > tree.min_value {
        let span = tree.max_value - tree.min_value;
        (1.0 / span, -tree.min_value / span)
    } else {
        (0.0, 0.5)
    };
    let sum_of = |j: usize, child: &Node<G::Move>| {
        if puzzle_game { values[j].reward } else { child.score_sum() }
    };
    let mut best = usize::MAX;
    let mut best_value = f64::NEG_INFINITY;
    match selection {
        Selection::Uct { exploration } => {
            // c * sqrt(ln N / n) = (c * sqrt(ln N)) * (1 / sqrt n), and
            // mean = reward * (1 / sqrt n)^2: no division, no sqrt per child.
            let c_sqrt_log_n = exploration * math.sqrt_ln(parent.visits);
            let mut uct = |inv_sqrt_of: &dyn Fn(u32) -> f64| {
                for (j, child) in kids.iter().enumerate() {
                    if solver && skip(child.proof, puzzle_game) {
                        continue;
                    }
                    if child.visits == 0 {
                        return Some(j);
                    }
                    let inv_sqrt = inv_sqrt_of(child.visits);
                    let mean = sum_of(j, child) * inv_sqrt * inv_sqrt;
                    let value = if puzzle_game { mean * scale + shift } else { mean }
                        + c_sqrt_log_n * inv_sqrt;
                    if value > best_value {
                        best_value = value;
                        best = j;
                    }
                }
                None
            };
            // A child never has more visits than its parent, so below the
            // table size every lookup hits the table: no fallback branch.
            let unvisited = if math.small(parent.visits) {
                uct(&|n| math.inv_sqrt_small(n))
            } else {
                uct(&|n| math.inv_sqrt(n))
            };
            if let Some(j) = unvisited {
                return (first + j, kids[j].mv);
            }
        }
        Selection::Puct { exploration, first_play } => {
            let sqrt_n = f64::from(parent.visits.max(1)).sqrt();
            // Filled by every PUCT expansion (see `expand`).
            let priors = &tree.priors_of[first - 1..range.end - 1];
            for (j, child) in kids.iter().enumerate() {
                if solver && skip(child.proof, puzzle_game) {
                    continue;
                }
                let q = if child.visits == 0 {
                    first_play
                } else {
                    let mean = sum_of(j, child) / f64::from(child.visits);
                    if puzzle_game { mean * scale + shift } else { mean }
                };
                let u =
                    exploration * f64::from(priors[j]) * sqrt_n / (1.0 + f64::from(child.visits));
                if q + u > best_value {
                    best_value = q + u;
                    best = j;
                }
            }
        }
    }
    if best == usize::MAX {
        // Every child is proven (lost, or exhausted in a puzzle): any will
        // do, the node itself is proven.
        best = 0;
    }
    (first + best, kids[best].mv)
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

/// Lazy root expansion (wide roots, UCT; see
/// [`LAZY_ROOT_MOVES`](crate::params::LAZY_ROOT_MOVES)): the root, whose
/// `k` moves are `tree.root_list`, is expanded with no child yet; they are
/// drawn one by one by [`next_root_child`].
fn open_root<M: Copy, R>(tree: &mut Tree<M, R>, k: usize) {
    tree.close_root();
    tree.root_lazy = k;
    let first = tree.nodes.len();
    let root = &mut tree.nodes[0];
    root.first_child = first as NodeId;
    root.num_children = 0;
    root.state = State::Expanded;
}

/// Selection at a lazily expanded root: the child made last if it was
/// never visited (its iteration was abandoned), else a new child, drawn
/// at random from the moves that have none (a Fisher–Yates shuffle, one
/// step per child). UCT would pick just these: it takes the first
/// unvisited child, and every child but the last has been visited.
/// `mover` is the player to move at the root.
fn next_root_child<M: Copy, R: RngCore>(
    tree: &mut Tree<M, R>,
    mover: spielbaum_game_trait::Player,
    solver: bool,
) -> (usize, M) {
    let root = tree.nodes[0];
    let made = root.num_children as usize;
    if made > 0 {
        let last = &tree.nodes[root.first_child as usize + made - 1];
        if last.visits == 0 && !(solver && skip(last.proof, tree.puzzle)) {
            return (root.first_child as usize + made - 1, last.mv);
        }
    }
    let id = new_root_child(tree, mover);
    (id, tree.nodes[id].mv)
}

/// Draws the next root move and makes its child (the arena holds nothing
/// after the root's children while the root is open); closes the root
/// after its last move.
fn new_root_child<M: Copy, R: RngCore>(
    tree: &mut Tree<M, R>,
    mover: spielbaum_game_trait::Player,
) -> usize {
    let made = tree.nodes[0].num_children as usize;
    let k = tree.root_lazy;
    // Position `made` of the shuffled list swaps with a random later one;
    // positions never moved hold their own index.
    let j = made + tree.rng.below(k - made);
    let at_j = tree.root_swaps.get(&j).copied().unwrap_or(j);
    let at_made = tree.root_swaps.remove(&made).unwrap_or(made);
    if j != made {
        tree.root_swaps.insert(j, at_made);
    }
    let mv = match &tree.root_list {
        Some(list) => list[at_j],
        None => unreachable!("an open root has its move list"),
    };
    let id = tree.nodes.len();
    debug_assert_eq!(id, tree.nodes[0].first_child as usize + made);
    tree.nodes.push(Node::new(mover, mv));
    if tree.puzzle {
        tree.values.push(Values::NEW);
    }
    tree.nodes[0].num_children += 1;
    if made + 1 == k {
        tree.close_root();
    }
    id
}

/// Creates the children of leaf `id` from the moves in `tree.moves`, in a
/// random order (so UCT's "unvisited first" rule samples them uniformly).
/// A lazily expanded root gets all its remaining children first, so that
/// they stay contiguous.
fn expand<G, R, P, E>(tree: &mut Tree<G::Move, R>, id: usize, pos: &G, step: &Step<'_, G, P, E>)
where
    G: Game,
    R: RngCore,
    E: Evaluator<G>,
{
    if tree.root_open() {
        let mover = step.root.to_move();
        while tree.root_open() {
            new_root_child(tree, mover);
        }
    }
    let k = tree.moves.len();
    for i in (1..k).rev() {
        let j = tree.rng.below(i + 1);
        tree.moves.swap(i, j);
    }
    if let Selection::Puct { .. } = step.config.selection {
        // Uniform unless an evaluator supplies priors.
        tree.priors.clear();
        tree.priors.resize(k, 1.0 / k as f32);
        if let Some(eval) = step.priors {
            eval.priors(pos, &tree.moves, &mut tree.priors);
        }
        tree.priors_of.extend_from_slice(&tree.priors);
    }
    let mover = pos.to_move();
    let first = tree.nodes.len();
    tree.nodes.extend(tree.moves.iter().map(|&mv| Node::new(mover, mv)));
    if G::PLAYERS == 1 {
        tree.values.extend((0..k).map(|_| Values::NEW));
    }
    let node = &mut tree.nodes[id];
    node.first_child = first as NodeId;
    node.num_children = k as u32;
    node.state = State::Expanded;
}

/// Plays out from `pos` (which has moves: `tree.moves` holds them) with the
/// playout policy until the game ends or the ply limit is reached.
fn simulate<G, R, P, E>(
    tree: &mut Tree<G::Move, R>,
    pos: G,
    step: &mut Step<'_, G, P, E>,
    record_line: bool,
) -> Sample
where
    G: Game,
    R: RngCore + Clone,
    P: Playout<G, R>,
{
    let line = if record_line { Some(&mut tree.line) } else { None };
    playout(pos, &mut tree.moves, &mut tree.rng, &mut tree.keys, line, step)
}

/// Adds `sample` to every node on the path; with the solver, proofs move up
/// from the deepest newly proven node.
fn backpropagate<M: Copy, R>(tree: &mut Tree<M, R>, sample: Sample, solver: bool, players: u8) {
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
    // A lazily expanded root with moves still to draw is not proven by
    // its children all being lost (or, in a puzzle, all exhausted).
    let open_root = tree.root_open();
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
                let v = &mut tree.values[id];
                v.reward += value;
                v.best = v.best.max(value);
            }
        }
        // --- MCTS-Solver: a proven child may prove its parent.
        if proven_below && depth > 0 {
            let child = id;
            let parent = tree.path[depth - 1] as usize;
            let open = parent == 0 && open_root;
            proven_below = prove_parent(&mut tree.nodes, parent, child, players, open);
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
/// value is exact); it is a `Win` if the goal is reachable below. `open`:
/// the parent has moves without a child yet (a lazily expanded root), so
/// only a win can prove it.
fn prove_parent<M>(
    nodes: &mut [Node<M>],
    parent: usize,
    child: usize,
    players: u8,
    open: bool,
) -> bool {
    if nodes[parent].proof != Proof::Unknown {
        return true;
    }
    if players == 1 {
        if open || nodes[parent].children().any(|c| nodes[c].proof == Proof::Unknown) {
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
            if open || nodes[parent].children().any(|c| nodes[c].proof != Proof::Loss) {
                return false;
            }
            if same { Proof::Loss } else { Proof::Win }
        }
    };
    nodes[parent].proof = proof;
    true
}
