//! [`Agent`]: anything that chooses a move — engines, strategies, people —
//! with the game's [`History`], a budget ([`AgentLimits`]) and an optional
//! analysis of its choice ([`Decision`]).

use std::time::Duration;

use crate::draw::KeyHistory;
use crate::eval::{Evaluator, Score, outcome_score};
use crate::ext::SplitMix64;
use crate::game::{Game, MoveList, Outcome};

/// A game in progress: the start, the moves played, the position reached
/// and the keys of every position so far (for the repetition rule).
///
/// Agents receive it so that an engine can reuse its tree and see
/// repetitions; callers (a match, the command line) keep it and apply
/// [`outcome`](History::outcome), which adds the repetition rule of
/// [`Game::draw_rules`] to the position's own outcome.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    start: G,
    current: G,
    moves: Vec<G::Move>,
    keys: KeyHistory,
}

impl<G: Game> History<G> {
    /// A game starting at `start`, no move played yet.
    pub fn new(start: G) -> Self {
        let mut keys = KeyHistory::new();
        keys.push(start.key());
        History { current: start.clone(), start, moves: Vec::new(), keys }
    }

    /// The position reached (the side to move is to choose).
    pub fn position(&self) -> &G {
        &self.current
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The keys of the start and of every position after it, oldest first;
    /// the last is the key of [`position`](History::position).
    pub fn keys(&self) -> &KeyHistory {
        &self.keys
    }

    /// Number of moves played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// `true` before the first move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Plays `mv` if it is legal and the game is not over; otherwise an
    /// error says why and nothing changes.
    pub fn try_play(&mut self, mv: G::Move) -> Result<(), AgentError> {
        if self.outcome().is_some() {
            return Err(AgentError::Failed("the game is over".into()));
        }
        let mut moves = MoveList::new();
        self.current.moves(&mut moves);
        if !moves.contains(&mv) {
            return Err(AgentError::Failed(format!("illegal move {mv:?}")));
        }
        self.current.play(mv);
        self.moves.push(mv);
        self.keys.push(self.current.key());
        Ok(())
    }

    /// Takes the last move back (replaying from the start, so games without
    /// [`Undo`](crate::Undo) work too); `None` before the first move.
    pub fn undo(&mut self) -> Option<G::Move> {
        let last = self.moves.pop()?;
        self.keys.pop();
        let mut pos = self.start.clone();
        for &mv in &self.moves {
            pos.play(mv);
        }
        self.current = pos;
        Some(last)
    }

    /// `true` if the position reached ends the game by the repetition rule
    /// (its key occurs for the `k`-th time).
    pub fn is_repetition_draw(&self) -> bool {
        let Some(k) = self.current.draw_rules().occurrences() else { return false };
        self.keys.count(self.current.key()) >= k as usize
    }

    /// How the game ended: the position's own outcome or, where the game
    /// declares a repetition rule, a draw by repetition; `None` while it
    /// goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.current.outcome().or_else(|| self.is_repetition_draw().then_some(Outcome::Draw))
    }
}

/// What an agent may spend on one move. Every field is a limit; `None`
/// leaves it to the agent's own settings (an agent with neither a limit
/// here nor one of its own picks a documented default). Whichever limit is
/// reached first ends the thinking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AgentLimits {
    /// Wall-clock time for the move.
    pub time: Option<Duration>,
    /// Search depth in plies (depth-first engines).
    pub depth: Option<u32>,
    /// Nodes, iterations or playouts, as the agent counts its work.
    pub nodes: Option<u64>,
}

impl AgentLimits {
    /// No limit from the caller.
    pub const NONE: AgentLimits = AgentLimits { time: None, depth: None, nodes: None };

    /// At most `time` per move.
    pub const fn time(time: Duration) -> Self {
        AgentLimits { time: Some(time), depth: None, nodes: None }
    }

    /// At most `ms` milliseconds per move.
    pub const fn millis(ms: u64) -> Self {
        Self::time(Duration::from_millis(ms))
    }

    /// At most `depth` plies.
    pub const fn depth(depth: u32) -> Self {
        AgentLimits { time: None, depth: Some(depth), nodes: None }
    }

    /// At most `nodes` nodes (or iterations).
    pub const fn nodes(nodes: u64) -> Self {
        AgentLimits { time: None, depth: None, nodes: Some(nodes) }
    }

    /// `true` if no limit is set.
    pub const fn is_empty(&self) -> bool {
        self.time.is_none() && self.depth.is_none() && self.nodes.is_none()
    }

    /// Each limit of `self`, or `other`'s where `self` has none.
    pub fn or(self, other: AgentLimits) -> AgentLimits {
        AgentLimits {
            time: self.time.or(other.time),
            depth: self.depth.or(other.depth),
            nodes: self.nodes.or(other.nodes),
        }
    }
}

/// An agent's move with what it knows about it (every part optional but
/// the move).
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<M> {
    /// The move chosen: a legal move of the position.
    pub mv: M,
    /// Its score for the side to move ([`Score`] convention), if the agent
    /// evaluates.
    pub score: Option<Score>,
    /// Depth reached, for depth-first engines.
    pub depth: Option<u32>,
    /// Nodes (or iterations) spent.
    pub nodes: Option<u64>,
    /// The principal variation, starting with [`mv`](Decision::mv); empty
    /// if unknown.
    pub pv: Vec<M>,
    /// Estimated probability that the side to move wins, for sampling
    /// engines.
    pub win_probability: Option<f64>,
}

impl<M> Decision<M> {
    /// A bare move without analysis.
    pub fn new(mv: M) -> Self {
        Decision {
            mv,
            score: None,
            depth: None,
            nodes: None,
            pv: Vec::new(),
            win_probability: None,
        }
    }

    /// With a score.
    pub fn with_score(mut self, score: Score) -> Self {
        self.score = Some(score);
        self
    }
}

/// Why an agent gave no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentError {
    /// The agent gives the game up (it counts as a loss).
    Resign,
    /// The agent (a person) ended the session.
    Quit,
    /// Something went wrong (no legal move, a broken engine, bad input).
    Failed(String),
}

impl core::fmt::Display for AgentError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AgentError::Resign => f.write_str("resigned"),
            AgentError::Quit => f.write_str("quit"),
            AgentError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for AgentError {}

/// Anything that chooses a move for the side to move: a search engine, a
/// fixed strategy, a person at the terminal.
///
/// Only [`name`](Agent::name) and [`choose`](Agent::choose) are required.
/// A match tells every agent about every move ([`played`](Agent::played)),
/// its own included, so engines can keep a tree between moves; agents are
/// `Send` so a match can run games on several threads.
pub trait Agent<G: Game>: Send {
    /// A short name for tables and logs (`negamax`, `mcts`, `random`, …).
    fn name(&self) -> String;

    /// A new game starts at `start`.
    ///
    /// Default: nothing (agents without memory between moves).
    fn new_game(&mut self, start: &G) {
        let _ = start;
    }

    /// `mv` was played from `before` (by either side).
    ///
    /// Default: nothing.
    fn played(&mut self, before: &G, mv: G::Move) {
        let _ = (before, mv);
    }

    /// A move for the side to move of `game.position()`, which is not over,
    /// within `limits`.
    fn choose(
        &mut self,
        game: &History<G>,
        limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError>;
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn new_game(&mut self, start: &G) {
        (**self).new_game(start)
    }
    fn played(&mut self, before: &G, mv: G::Move) {
        (**self).played(before, mv)
    }
    fn choose(
        &mut self,
        game: &History<G>,
        limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        (**self).choose(game, limits)
    }
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for &mut A {
    fn name(&self) -> String {
        (**self).name()
    }
    fn new_game(&mut self, start: &G) {
        (**self).new_game(start)
    }
    fn played(&mut self, before: &G, mv: G::Move) {
        (**self).played(before, mv)
    }
    fn choose(
        &mut self,
        game: &History<G>,
        limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        (**self).choose(game, limits)
    }
}

/// An agent with limits of its own (a depth, a time, iterations): the
/// caller's limits apply where it sets them, these elsewhere
/// ([`AgentLimits::or`]); optionally under another name.
#[derive(Clone, Debug)]
pub struct Limited<A> {
    agent: A,
    limits: AgentLimits,
    name: Option<String>,
}

impl<A> Limited<A> {
    /// `agent` with `limits` of its own.
    pub fn new(agent: A, limits: AgentLimits) -> Self {
        Limited { agent, limits, name: None }
    }

    /// Renames it (for tables: `negamax:6`, …).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The agent inside.
    pub fn inner(&self) -> &A {
        &self.agent
    }

    /// The agent inside, mutably.
    pub fn inner_mut(&mut self) -> &mut A {
        &mut self.agent
    }

    /// Its own limits.
    pub fn limits(&self) -> &AgentLimits {
        &self.limits
    }
}

impl<G: Game, A: Agent<G>> Agent<G> for Limited<A> {
    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| self.agent.name())
    }
    fn new_game(&mut self, start: &G) {
        self.agent.new_game(start)
    }
    fn played(&mut self, before: &G, mv: G::Move) {
        self.agent.played(before, mv)
    }
    fn choose(
        &mut self,
        game: &History<G>,
        limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        self.agent.choose(game, &limits.or(self.limits))
    }
}

/// The legal moves of an unfinished game, or the error agents give for a
/// finished one.
pub fn legal_moves_of<G: Game>(game: &History<G>) -> Result<MoveList<G::Move>, AgentError> {
    let mut moves = MoveList::new();
    if game.outcome().is_none() {
        game.position().moves(&mut moves);
    }
    if moves.is_empty() {
        return Err(AgentError::Failed("the game is over: no move to choose".into()));
    }
    Ok(moves)
}

/// Plays uniformly random legal moves, from a seed (reproducible).
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: SplitMix64,
}

impl RandomAgent {
    /// A random agent whose choices follow from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: SplitMix64::new(seed) }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(
        &mut self,
        game: &History<G>,
        _limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        let moves = legal_moves_of(game)?;
        Ok(Decision::new(moves[self.rng.below(moves.len())]))
    }
}

/// Looks one ply ahead: plays the move whose resulting position is best by
/// an [`Evaluator`] (finished positions by their outcome, a repetition that
/// ends the game as a draw). Ties go to the first move generated, or to a
/// seeded random one among the best with [`OnePly::seeded`].
#[derive(Clone, Debug)]
pub struct OnePly<E> {
    eval: E,
    name: String,
    rng: Option<SplitMix64>,
}

impl<E> OnePly<E> {
    /// A one-ply agent over `eval`, named `oneply`.
    pub fn new(eval: E) -> Self {
        OnePly { eval, name: "oneply".into(), rng: None }
    }

    /// Breaks ties among equally good moves at random, from `seed`.
    pub fn seeded(mut self, seed: u64) -> Self {
        self.rng = Some(SplitMix64::new(seed));
        self
    }

    /// Renames the agent (for tables: `oneply:rows`, …).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }
}

/// The value of the position after `mv` for the side that plays it, looking
/// no further: its outcome if it ends the game (a repetition draw
/// included), else `eval`'s value.
pub fn one_ply_score<G: Game, E: Evaluator<G>>(game: &History<G>, mv: G::Move, eval: &E) -> Score {
    let pos = game.position();
    let child = pos.after(mv);
    let s = match child.outcome() {
        Some(o) => outcome_score(o, child.to_move(), 1),
        None => {
            let repeats = child
                .draw_rules()
                .occurrences()
                .is_some_and(|k| game.keys().count(child.key()) + 1 >= k as usize);
            if repeats { 0 } else { eval.evaluate(&child) }
        }
    };
    if G::PLAYERS == 1 || child.to_move() == pos.to_move() { s } else { -s }
}

impl<G: Game, E: Evaluator<G> + Send> Agent<G> for OnePly<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(
        &mut self,
        game: &History<G>,
        _limits: &AgentLimits,
    ) -> Result<Decision<G::Move>, AgentError> {
        let moves = legal_moves_of(game)?;
        let mut best = Score::MIN;
        let mut ties: MoveList<G::Move> = MoveList::new();
        for &mv in &moves {
            let s = one_ply_score(game, mv, &self.eval);
            if s > best {
                best = s;
                ties.clear();
            }
            if s == best {
                ties.push(mv);
            }
        }
        let mv = match &mut self.rng {
            Some(rng) => ties[rng.below(ties.len())],
            None => ties[0],
        };
        let mut d = Decision::new(mv).with_score(best);
        d.depth = Some(1);
        d.nodes = Some(moves.len() as u64);
        d.pv.push(mv);
        Ok(d)
    }
}

/// How a game played by [`play_game`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game ended by its rules (the repetition rule included).
    Finished(Outcome),
    /// The ply limit was reached first.
    PlyLimit,
    /// An agent gave no move or an illegal one: the game is lost for it.
    Fault {
        /// Index of the agent at fault (0 = the first player's).
        agent: usize,
        /// What went wrong.
        error: AgentError,
    },
}

/// Plays one game between `agents[0]` (the first player) and `agents[1]`
/// from `start`, each move within `limits`, until the game ends (the
/// repetition rule included), `max_plies` moves were played, or an agent
/// fails (an error or an illegal move). Every agent is told about the new
/// game and every move.
///
/// One-player puzzles use `agents[0]` only.
pub fn play_game<G: Game>(
    agents: [&mut dyn Agent<G>; 2],
    start: G,
    limits: &AgentLimits,
    max_plies: usize,
) -> (History<G>, Ending) {
    let mut agents = agents;
    let mut game = History::new(start);
    let first = game.position().to_move().index();
    for ag in agents.iter_mut() {
        ag.new_game(game.start());
    }
    loop {
        if let Some(o) = game.outcome() {
            return (game, Ending::Finished(o));
        }
        if game.len() >= max_plies {
            return (game, Ending::PlyLimit);
        }
        let side = if G::PLAYERS == 1 { 0 } else { game.position().to_move().index() ^ first };
        let played = agents[side].choose(&game, limits).and_then(|d| {
            let before = game.position().clone();
            game.try_play(d.mv).map(|()| (before, d.mv))
        });
        match played {
            Ok((before, mv)) => agents.iter_mut().for_each(|ag| ag.played(&before, mv)),
            Err(error) => return (game, Ending::Fault { agent: side, error }),
        }
    }
}
