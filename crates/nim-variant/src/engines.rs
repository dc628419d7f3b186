//! Players backed by the search engines, and the MCTS convergence
//! experiment of the text's next chapter.

use spielbaum_game_trait::{Game, SplitMix64, Zero};
use spielbaum_mcts::{Budget, Config, Mcts, Playout};
use spielbaum_negamax::{Limits, Searcher, Solver};

use crate::game::SubtractionGame;
use crate::players::{Random, Strategy};

/// A player that runs [`spielbaum_mcts`] from scratch for every move
/// (UCT, uniform playouts) and plays the move it reports best. The seed of
/// each search comes from the match's generator.
#[derive(Clone, Copy, Debug)]
pub struct MctsPlayer {
    /// Iterations per move.
    pub iterations: u64,
    /// MCTS-Solver on (proven wins are played at once) or off (pure Monte
    /// Carlo, as in the text).
    pub solver: bool,
}

impl MctsPlayer {
    /// `iterations` per move, MCTS-Solver off.
    pub fn new(iterations: u64) -> Self {
        MctsPlayer { iterations, solver: false }
    }
}

impl<G> Strategy<G> for MctsPlayer
where
    G: Game + Sync,
    G::Move: Send,
{
    fn name(&self) -> String {
        if self.solver {
            format!("mcts-solver:{}", self.iterations)
        } else {
            format!("mcts:{}", self.iterations)
        }
    }

    fn choose(&mut self, game: &G, rng: &mut SplitMix64) -> G::Move {
        let config = Config::seeded(rng.next_u64()).solver(self.solver);
        let mut mcts = Mcts::new(game.clone(), config);
        let analysis = mcts.search(Budget::iterations(self.iterations.max(1)));
        match analysis.best_move {
            Some(mv) => mv,
            // Only for a finished game, which players are never asked.
            None => game_first_move(game),
        }
    }
}

/// A player backed by [`spielbaum_negamax`]: with `depth: None` the exact
/// solver (alpha-beta to the end of the game however long, up to the
/// 10,000 plies scores encode; table kept between moves), playing the
/// first of the moves that keep the best value (the fastest win, the
/// slowest loss); with
/// `Some(d)` a depth-limited search with the [`Zero`] evaluator, which
/// sees wins only within `d` plies and otherwise plays its first move.
pub struct NegamaxPlayer<G: Game> {
    depth: Option<u32>,
    solver: Solver<G>,
    searcher: Searcher<G, Zero>,
}

impl<G: Game> NegamaxPlayer<G> {
    /// The exact solver (`None`) or a search to `depth` plies.
    pub fn new(depth: Option<u32>) -> Self {
        NegamaxPlayer {
            depth,
            solver: Solver::new(4),
            searcher: Searcher::new(Zero, spielbaum_negamax::Config::default()),
        }
    }
}

impl<G> Strategy<G> for NegamaxPlayer<G>
where
    G: Game + Send + Sync,
    G::Move: Send,
{
    fn name(&self) -> String {
        match self.depth {
            None => "negamax".into(),
            Some(d) => format!("negamax:{d}"),
        }
    }

    fn choose(&mut self, game: &G, _rng: &mut SplitMix64) -> G::Move {
        let best = match self.depth {
            None => self.solver.solve(game).best_moves.first().copied(),
            Some(d) => self.searcher.search(game, &Limits::depth(d)).best_move,
        };
        best.unwrap_or_else(|| game_first_move(game))
    }
}

fn game_first_move<G: Game>(game: &G) -> G::Move {
    let mut moves = spielbaum_game_trait::MoveList::new();
    game.moves(&mut moves);
    moves[0]
}

/// The text's random strategy (with its end-game rule) as an MCTS
/// playout policy.
impl Playout<SubtractionGame> for Random {
    fn pick(&mut self, game: &SubtractionGame, moves: &[u32], rng: &mut SplitMix64) -> usize {
        let d = Random::pick(game.rules(), game.number(), rng);
        moves.iter().position(|&m| m == d).unwrap_or(0)
    }
}

/// One row of [`mcts_convergence`]: after `iterations` iterations in
/// total, each root move's estimated win probability (wins / visits) and
/// its visits.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvergencePoint {
    /// Iterations so far.
    pub iterations: u64,
    /// `(move, win probability, visits)` for every root move, in move
    /// order.
    pub moves: Vec<(u32, f64, u64)>,
}

/// Runs one MCTS (UCT, uniform playouts, MCTS-Solver off: pure Monte
/// Carlo estimates as in the text) from `start` and records the root
/// statistics after each number of iterations in `checkpoints`
/// (ascending; the search continues on the same tree between them).
///
/// ```
/// use spielbaum_nim_variant::{mcts_convergence, SubtractionGame};
/// let g = SubtractionGame::classic(22).unwrap();
/// let rows = mcts_convergence(&g, &[100, 1000], 1);
/// assert_eq!(rows.len(), 2);
/// assert_eq!(rows[1].iterations, 1000);
/// ```
pub fn mcts_convergence(
    start: &SubtractionGame,
    checkpoints: &[u64],
    seed: u64,
) -> Vec<ConvergencePoint> {
    let mut mcts = Mcts::new(*start, Config::seeded(seed).solver(false));
    let mut done = 0u64;
    let mut rows = Vec::with_capacity(checkpoints.len());
    for &c in checkpoints {
        if c <= done {
            continue;
        }
        let a = mcts.search(Budget::iterations(c - done));
        done = c;
        let mut moves: Vec<(u32, f64, u64)> =
            a.moves.iter().map(|m| (m.mv, m.win_probability, m.visits)).collect();
        moves.sort_by_key(|m| m.0);
        rows.push(ConvergencePoint { iterations: a.total_iterations, moves });
    }
    rows
}

/// Deepest search a `negamax:D` player spec may ask for.
pub const MAX_PLAYER_DEPTH: u32 = 64;

/// Most MCTS iterations per move a player spec may ask for.
pub const MAX_PLAYER_ITERATIONS: u64 = 10_000_000;

/// Reads a player: `optimal`, `random`, `mixed:P` (P in 0..=1),
/// `mcts:N` / `mcts-solver:N` (N iterations per move), `negamax` (exact
/// solver) or `negamax:D` (search to depth D).
///
/// ```
/// use spielbaum_nim_variant::{parse_player, Subtractions};
/// let p = parse_player("mixed:0.6", &Subtractions::CLASSIC).unwrap();
/// assert_eq!(p.name(), "mixed:0.6");
/// assert!(parse_player("mixed:2", &Subtractions::CLASSIC).is_err());
/// assert!(parse_player("clever", &Subtractions::CLASSIC).is_err());
/// ```
pub fn parse_player(
    spec: &str,
    rules: &crate::game::Subtractions,
) -> Result<Box<dyn Strategy<SubtractionGame>>, spielbaum_game_trait::NotationError> {
    use crate::players::{Mixed, Optimal};
    use spielbaum_game_trait::NotationError;
    const KNOWN: &str =
        "players: optimal, random, mixed:P, mcts:N, mcts-solver:N, negamax, negamax:D";
    let spec_t = spec.trim();
    let (kind, arg) = match spec_t.split_once(':') {
        Some((k, a)) => (k, Some(a)),
        None => (spec_t, None),
    };
    let iterations = |arg: Option<&str>| -> Result<u64, NotationError> {
        let a = arg.ok_or_else(|| {
            NotationError::option(spec, format!("give the iterations per move, e.g. {kind}:1000"))
        })?;
        match a.parse::<u64>() {
            Ok(n) if (1..=MAX_PLAYER_ITERATIONS).contains(&n) => Ok(n),
            _ => Err(NotationError::option(
                a,
                format!("iterations per move must be an integer in 1..={MAX_PLAYER_ITERATIONS}"),
            )),
        }
    };
    match (kind, arg) {
        ("optimal", None) => Ok(Box::new(Optimal::new(rules)?)),
        ("random", None) => Ok(Box::new(Random)),
        ("mixed", Some(p)) => {
            let p: f64 = p
                .parse()
                .map_err(|_| NotationError::option(p, "not a probability (a number in 0..=1)"))?;
            Ok(Box::new(Mixed::new(rules, p)?))
        }
        ("mixed", None) => Err(NotationError::option(spec, "give the probability, e.g. mixed:0.6")),
        ("mcts", a) => Ok(Box::new(MctsPlayer::new(iterations(a)?))),
        ("mcts-solver", a) => Ok(Box::new(MctsPlayer { iterations: iterations(a)?, solver: true })),
        ("negamax", None) => Ok(Box::new(NegamaxPlayer::new(None))),
        ("negamax", Some(d)) => match d.parse::<u32>() {
            Ok(d) if (1..=MAX_PLAYER_DEPTH).contains(&d) => {
                Ok(Box::new(NegamaxPlayer::new(Some(d))))
            }
            _ => Err(NotationError::option(
                d,
                format!("the depth must be an integer in 1..={MAX_PLAYER_DEPTH}"),
            )),
        },
        _ => Err(NotationError::option(spec, format!("unknown player; {KNOWN}"))),
    }
}
