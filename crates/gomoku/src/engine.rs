//! [`Engine`]: the negamax searcher with the tactical checks Gomoku needs
//! at the root — an immediate win is played, a four of the opponent is
//! blocked, a victory by continuous fours is played out — then an
//! iterative-deepening search; plus random openings for matches.

use std::time::{Duration, Instant};

use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, Evaluator, Game, History, SplitMix64, win_in,
};
use spielbaum_negamax::{Config, Limits, Searcher};

use crate::board::{Cell, Gomoku};
use crate::eval::{Pattern, WINNING, WithVcf};
use crate::rules::Rules;
use crate::shape::Shapes;
use crate::threat::{ThreatSearch, winning_cells};

/// The candidate radius of an [`Engine`]'s search unless set otherwise.
pub const DEFAULT_RADIUS: u8 = 2;

/// What an [`Engine`] does before its search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootChecks {
    /// Play a winning move, block the opponent's four.
    pub forced: bool,
    /// Node budget of the VCF search at the root (0 = none).
    pub vcf_nodes: u64,
    /// Node budget of the VCT search at the root (0 = none).
    pub vct_nodes: u64,
    /// Node budget of the opponent's VCT after the chosen move (0 = no
    /// such check). When the opponent has a VCT after the search's move,
    /// the other moves are checked the same way and the best of those that
    /// leave none (searched to one ply less) is played instead.
    pub defend_nodes: u64,
}

impl Default for RootChecks {
    /// Forced moves, VCF up to 20,000 nodes, VCT up to 20,000 nodes.
    fn default() -> Self {
        RootChecks { forced: true, vcf_nodes: 20_000, vct_nodes: 20_000, defend_nodes: 0 }
    }
}

impl RootChecks {
    /// No checks: the search alone (for comparing evaluators).
    pub const NONE: RootChecks =
        RootChecks { forced: false, vcf_nodes: 0, vct_nodes: 0, defend_nodes: 0 };
}

/// A Gomoku player: root checks ([`RootChecks`]) and the negamax
/// [`Searcher`] with an evaluator (by default [`Pattern`] inside [`WithVcf`],
/// whose horizon VCF [`Engine::strong`] leaves off). Searches the candidate
/// moves within [`DEFAULT_RADIUS`] of a stone (configurable:
/// [`with_radius`](Engine::with_radius)) whatever the position's own
/// radius, unless the position allows fewer.
pub struct Engine<E = WithVcf<Pattern>> {
    searcher: Searcher<Gomoku, E>,
    name: String,
    checks: RootChecks,
    radius: u8,
    /// Used when the caller gives no limit at all (a caller's depth or
    /// node limit alone is not capped by this time).
    pub default_limits: AgentLimits,
}

impl Engine {
    /// The strong engine for `rules`: the root checks and iterative
    /// deepening on the pattern evaluator, in the configuration
    /// [`Config::ordered`] (static ordering two plies from the horizon,
    /// killers, history): measured on 7×7 to depth 7 it searched 318,129
    /// nodes against 1,195,866 for [`Config::default`] (`docs/gomoku.md`). The VCF
    /// at the horizon ([`WithVcf`]) is off: measured on 15×15 it divides
    /// the node rate by about 55 and costs two plies of depth in a second
    /// (`docs/gomoku.md`); give it a budget with [`Engine::new`].
    pub fn strong(rules: &Rules) -> Self {
        let eval = WithVcf::new(Pattern::new(rules.k, rules.exact), 0);
        Engine::new(eval, Config::ordered(), RootChecks::default(), "gomoku")
    }
}

impl<E: Evaluator<Gomoku>> Engine<E> {
    /// An engine over `eval` with `config` and `checks`, called `name`.
    pub fn new(eval: E, config: Config, checks: RootChecks, name: &str) -> Self {
        Engine {
            searcher: Searcher::new(eval, config),
            name: name.into(),
            checks,
            radius: DEFAULT_RADIUS,
            default_limits: AgentLimits::millis(1000),
        }
    }

    /// Searches the candidate moves within `radius` of a stone (0: every
    /// empty cell; at most [`MAX_RADIUS`](crate::MAX_RADIUS)); default
    /// [`DEFAULT_RADIUS`]. A position whose own rules allow fewer moves
    /// (a smaller nonzero radius) keeps its own.
    pub fn with_radius(mut self, radius: u8) -> Self {
        self.radius = radius.min(crate::rules::MAX_RADIUS);
        self
    }

    /// The candidate radius of the search (see [`with_radius`](Self::with_radius)).
    pub fn radius(&self) -> u8 {
        self.radius
    }

    /// The searcher (for statistics).
    pub fn searcher(&mut self) -> &mut Searcher<Gomoku, E> {
        &mut self.searcher
    }

    /// The move for `pos` (not over) within `limits`.
    pub fn think(&mut self, pos: &Gomoku, limits: &AgentLimits) -> Option<Decision<Cell>> {
        if pos.is_over() {
            return None;
        }
        // The default applies only when the caller sets no limit at all:
        // a depth or node limit alone stays load-independent.
        let limits = if limits.is_empty() { self.default_limits } else { *limits };
        let start = Instant::now();
        let deadline = limits.time.map(|t| start + t);
        let rules = pos.rules();
        let me = pos.to_move().index();
        if self.checks.forced {
            let shapes = Shapes::get(rules.k, rules.exact);
            if let Some(&w) = winning_cells(pos, shapes, me).first() {
                return Some(decided(w, win_in(1), vec![w]));
            }
            if let Some(&b) = winning_cells(pos, shapes, 1 - me).first() {
                let mut d = Decision::new(b);
                d.pv.push(b);
                return Some(d);
            }
        }
        if self.checks.vcf_nodes > 0 {
            let mut ts =
                ThreatSearch::for_position(pos, self.checks.vcf_nodes).with_deadline(deadline);
            if let Some(line) = ts.vcf(pos, 30) {
                return Some(decided(line[0], win_in(line.len() as u32), line));
            }
        }
        if self.checks.vct_nodes > 0 {
            let mut ts =
                ThreatSearch::for_position(pos, self.checks.vct_nodes).with_deadline(deadline);
            if let Some(line) = ts.vct(pos, 6) {
                let mut d = Decision::new(line[0]);
                d.pv = line;
                return Some(d);
            }
        }
        let radius = match (rules.radius, self.radius) {
            (0, r) | (r, 0) => r,
            (a, b) => a.min(b),
        };
        let search_pos = if radius == rules.radius { pos.clone() } else { pos.with_radius(radius) };
        let mut l =
            Limits::depth(limits.depth.unwrap_or(spielbaum_negamax::params::STACK_SAFE_DEPTH));
        if let Some(d) = deadline {
            // Leave a little for the answer.
            l = l.with_deadline(d.checked_sub(Duration::from_millis(5)).unwrap_or(d));
        }
        if let Some(n) = limits.nodes {
            l = l.with_nodes(n);
        }
        let r = self.searcher.search(&search_pos, &l);
        let mv = r.best_move?;
        let mut d = Decision::new(mv).with_score(r.score);
        d.depth = Some(r.depth);
        d.nodes = Some(r.counters.nodes);
        d.pv = r.pv;
        if self.checks.defend_nodes > 0 && r.score < WINNING {
            self.defend(&search_pos, &mut d, &l, deadline);
        }
        Some(d)
    }

    /// `true` if the opponent has a VCT (within the budget) after `mv`.
    fn refuted(&self, pos: &Gomoku, mv: Cell, deadline: Option<Instant>, nodes: &mut u64) -> bool {
        let child = pos.after(mv);
        if child.is_over() {
            return false;
        }
        let mut ts =
            ThreatSearch::for_position(&child, self.checks.defend_nodes).with_deadline(deadline);
        let found = ts.vct(&child, 6).is_some();
        *nodes += ts.nodes();
        found
    }

    /// Replaces `d`'s move when the opponent has a VCT after it by the best
    /// move (one ply less deep) that leaves none, if there is one.
    fn defend(
        &mut self,
        pos: &Gomoku,
        d: &mut Decision<Cell>,
        limits: &Limits,
        deadline: Option<Instant>,
    ) {
        let mut nodes = 0;
        if !self.refuted(pos, d.mv, deadline, &mut nodes) {
            d.nodes = d.nodes.map(|n| n + nodes);
            return;
        }
        let mut moves = spielbaum_game_trait::MoveList::new();
        pos.moves(&mut moves);
        let mut best: Option<(i32, Cell, u32)> = None;
        for &mv in moves.iter() {
            if mv == d.mv || deadline.is_some_and(|t| Instant::now() >= t) {
                continue;
            }
            if self.refuted(pos, mv, deadline, &mut nodes) {
                continue;
            }
            let child = pos.after(mv);
            let (score, depth) = if child.is_over() {
                (win_in(1), 1)
            } else {
                let mut l = limits.clone();
                l.depth = l.depth.saturating_sub(1).max(1);
                let r = self.searcher.search(&child, &l);
                nodes += r.counters.nodes;
                (-r.score, r.depth + 1)
            };
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, mv, depth));
            }
        }
        d.nodes = d.nodes.map(|n| n + nodes);
        if let Some((score, mv, depth)) = best {
            d.mv = mv;
            d.score = Some(score);
            d.depth = Some(depth);
            d.pv = vec![mv];
        }
    }
}

fn decided(mv: Cell, score: i32, pv: Vec<Cell>) -> Decision<Cell> {
    let mut d = Decision::new(mv).with_score(score);
    d.pv = pv;
    d
}

impl<E: Evaluator<Gomoku> + Send> Agent<Gomoku> for Engine<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _start: &Gomoku) {
        self.searcher.clear();
    }

    fn choose(
        &mut self,
        game: &History<Gomoku>,
        limits: &AgentLimits,
    ) -> Result<Decision<Cell>, AgentError> {
        self.think(game.position(), limits)
            .ok_or_else(|| AgentError::Failed("the game is over: no move to choose".into()))
    }
}

/// `count` random openings of `stones` stones each (alternating, black
/// first) on `rules`' board, every stone within distance 2 of the centre and
/// no position with a three or more of one colour in a row, from `seed`
/// (reproducible). The side to move is the one whose turn it is.
pub fn openings(rules: &Rules, count: usize, stones: usize, seed: u64) -> Vec<Gomoku> {
    let mut rng = SplitMix64::new(seed);
    let (cx, cy) = (usize::from(rules.width) / 2, usize::from(rules.height) / 2);
    let mut out = Vec::with_capacity(count);
    let mut tries = 0;
    while out.len() < count && tries < count * 1000 {
        tries += 1;
        let mut g = Gomoku::new(*rules);
        for _ in 0..stones {
            let x = cx + rng.below(5) - 2.min(cx);
            let y = cy + rng.below(5) - 2.min(cy);
            let c =
                Cell::at(x.min(usize::from(rules.width) - 1), y.min(usize::from(rules.height) - 1));
            if g.is_empty_cell(c) {
                g.play(c);
            }
        }
        let quiet = g.windows(spielbaum_game_trait::Player::FIRST)[..2].iter().all(|&n| n == 0)
            && g.windows(spielbaum_game_trait::Player::SECOND)[..2].iter().all(|&n| n == 0);
        if !g.is_over() && quiet && !out.iter().any(|o: &Gomoku| o.key() == g.key()) {
            out.push(g);
        }
    }
    out
}
