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
use crate::shape::{Shape, Shapes};
use crate::threat::{ThreatSearch, winning_cells};

/// The candidate radius of an [`Engine`]'s search unless set otherwise.
pub const DEFAULT_RADIUS: u8 = 2;

/// Safe moves (no forced win of the opponent found after them) the
/// defence check ([`RootChecks::defend_nodes`]) collects, when the
/// search's move is refuted, before it plays the best of them.
pub const SAFE_MOVES: usize = 3;

/// The opponent's set-up moves the defence check
/// ([`RootChecks::defend_nodes`]) tries after a move.
pub const SETUP_MOVES: usize = 4;

/// Our answers the defence check tries to each set-up move.
pub const SETUP_REPLIES: usize = 6;

/// What an [`Engine`] does before its search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootChecks {
    /// Play a winning move, block the opponent's four.
    pub forced: bool,
    /// Node budget of the VCF search at the root (0 = none).
    pub vcf_nodes: u64,
    /// Node budget of the VCT search at the root (0 = none).
    pub vct_nodes: u64,
    /// Node budget of the defence check (0 = no such check): whether the
    /// chosen move loses to a forced win of the opponent — a VCT after it,
    /// or one of the opponent's [`SETUP_MOVES`] strongest set-up moves
    /// (moves building several lines at once, open threes included) after
    /// which none of our [`SETUP_REPLIES`] best answers leaves the opponent
    /// without a VCT. When it does, every other candidate is checked the
    /// same way (the cells of the refutation first, then the strongest
    /// shapes) until [`SAFE_MOVES`] pass, and the best of those (searched
    /// to one ply less) is played instead. All the threat searches of one
    /// check share these nodes; the searches of
    /// the other moves share what a node limit leaves after the main search
    /// (without a node limit: each at most as many nodes as the main search
    /// took), so a move costs at most the node limit plus this budget (plus
    /// the main search's own overrun of under
    /// [`CHECK_EVERY`](spielbaum_negamax::params::CHECK_EVERY) nodes).
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
            self.defend(&search_pos, &mut d, &l, r.counters.nodes);
        }
        Some(d)
    }

    /// The opponent's VCT after `mv` (the opponent to move) within
    /// `budget`'s share of nodes (`all`: all that is left) and `deadline`: `Ok(Some(line))` if found
    /// (its cells: the opponent's threats and the forced answers),
    /// `Ok(None)` if the search ended without one, `Err(())` if it ran out
    /// of nodes or time (no verdict).
    fn vct_after(
        &self,
        pos: &Gomoku,
        mv: Cell,
        budget: &mut Budget,
        all: bool,
        deadline: Option<Instant>,
    ) -> Result<Option<Vec<Cell>>, ()> {
        let child = pos.after(mv);
        if child.is_over() {
            return Ok(None);
        }
        let share = if all { budget.left } else { budget.share() };
        if share == 0 {
            return Err(());
        }
        let mut ts = ThreatSearch::for_position(&child, share).with_deadline(deadline);
        let found = ts.vct(&child, 6);
        budget.spend(ts.nodes());
        match found {
            Some(line) => Ok(Some(line)),
            None if ts.aborted() => Err(()),
            None => Ok(None),
        }
    }

    /// Whether `mv` loses to a forced win of the opponent: `Some(true)`
    /// if the opponent has a VCT after it, or a quiet move among its
    /// [`SETUP_MOVES`] strongest set-ups after which none of our
    /// [`SETUP_REPLIES`] best answers leaves the opponent without a VCT;
    /// `Some(false)` if neither was found (a set-up whose searches run out
    /// of nodes or time counts as not found); `None` if the VCT after `mv`
    /// ran out before a verdict. `line` receives the cells of the
    /// refutation (the opponent's threats and set-up), to try first.
    fn lost_after(
        &self,
        pos: &Gomoku,
        mv: Cell,
        budget: &mut Budget,
        deadline: Option<Instant>,
        line: &mut Vec<Cell>,
    ) -> Option<bool> {
        match self.vct_after(pos, mv, budget, true, deadline) {
            Err(()) => return None,
            Ok(Some(l)) => {
                line.extend(l);
                return Some(true);
            }
            Ok(None) => {}
        }
        let child = pos.after(mv);
        if child.is_over() {
            return Some(false);
        }
        // The opponent's quiet set-ups: a move that is no threat yet but
        // leaves every answer of ours facing continuous threats (a double
        // threat one move later) is a win the VCT alone does not see.
        for q in setup_moves(&child, SETUP_MOVES) {
            let gc = child.after(q);
            if gc.is_over() {
                continue;
            }
            let mut answered = false;
            for r in ordered_moves(&gc, &[]).into_iter().take(SETUP_REPLIES) {
                if gc.after(r).is_over() {
                    answered = true;
                    break;
                }
                match self.vct_after(&gc, r, budget, false, deadline) {
                    // Out of nodes or time: the set-up is not proven.
                    Err(()) => return Some(false),
                    Ok(None) => {
                        answered = true;
                        break;
                    }
                    Ok(Some(_)) => {}
                }
            }
            if !answered {
                line.push(q);
                return Some(true);
            }
        }
        Some(false)
    }

    /// Replaces `d`'s move when it loses to a forced win of the opponent
    /// ([`lost_after`](Self::lost_after)) by the best (one ply less deep)
    /// of the first [`SAFE_MOVES`] moves found that do not, if there is
    /// one.
    ///
    /// Every candidate is examined until those are found: first the cells
    /// of the refutation (the opponent's threats and set-up, the answers
    /// to them), then by the strongest shape either side makes there.
    /// Budget: the threat searches of the whole check share
    /// [`RootChecks::defend_nodes`] nodes (each search at most a quarter of
    /// what is left, or all of it below 1,000, except the VCT right after
    /// a move, which may take all that is left); the searches of other moves
    /// share what the node limit leaves after the main search
    /// (`main_nodes`), or, without a node limit, each may take as many
    /// nodes as the main search took; everything stops at the search's
    /// (early) deadline. A move whose check runs out of nodes or time is
    /// not played.
    fn defend(&mut self, pos: &Gomoku, d: &mut Decision<Cell>, limits: &Limits, main_nodes: u64) {
        let deadline = limits.deadline;
        let mut budget = Budget { left: self.checks.defend_nodes, spent: 0 };
        let mut refutation = Vec::new();
        let first = self.lost_after(pos, d.mv, &mut budget, deadline, &mut refutation);
        if first != Some(true) {
            d.nodes = d.nodes.map(|n| n + budget.spent);
            return;
        }
        let mut search_left = limits.nodes.map_or(0, |n| n.saturating_sub(main_nodes));
        let mut search_spent = 0;
        let moves: Vec<Cell> =
            ordered_moves(pos, &refutation).into_iter().filter(|&m| m != d.mv).collect();
        let mut best: Option<(i32, Cell, u32)> = None;
        let mut safe = 0;
        for &mv in &moves {
            if safe >= SAFE_MOVES
                || budget.left == 0
                || deadline.is_some_and(|t| Instant::now() >= t)
            {
                break;
            }
            let mut ignored = Vec::new();
            match self.lost_after(pos, mv, &mut budget, deadline, &mut ignored) {
                None | Some(true) => continue,
                Some(false) => safe += 1,
            }
            let child = pos.after(mv);
            let (score, depth) = if child.is_over() {
                (win_in(1), 1)
            } else {
                // The search stops at the first multiple of CHECK_EVERY
                // nodes at or past its limit: leave room for that.
                let mut l = limits.clone();
                l.depth = l.depth.saturating_sub(1).max(1);
                if limits.nodes.is_some() {
                    let slack = spielbaum_negamax::params::CHECK_EVERY - 1;
                    if search_left <= slack {
                        break;
                    }
                    l.nodes = Some(search_left - slack);
                } else {
                    l.nodes = Some(main_nodes.max(1));
                }
                let r = self.searcher.search(&child, &l);
                search_left = search_left.saturating_sub(r.counters.nodes);
                search_spent += r.counters.nodes;
                if r.iterations.is_empty() {
                    // Stopped before any iteration finished: no score.
                    break;
                }
                (-r.score, r.depth + 1)
            };
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, mv, depth));
            }
        }
        d.nodes = d.nodes.map(|n| n + budget.spent + search_spent);
        if let Some((score, mv, depth)) = best {
            d.mv = mv;
            d.score = Some(score);
            d.depth = Some(depth);
            d.pv = vec![mv];
        }
    }
}

/// The defence check's threat-search nodes: what is left and what was
/// spent.
struct Budget {
    left: u64,
    spent: u64,
}

impl Budget {
    /// The nodes the next search may take: a quarter of what is left, or
    /// all of it below 1,000 (so one unresolved search cannot starve the
    /// others).
    fn share(&self) -> u64 {
        if self.left < 1_000 { self.left } else { (self.left / 4).max(1_000) }
    }

    fn spend(&mut self, n: u64) {
        let n = n.min(self.left);
        self.left -= n;
        self.spent += n;
    }
}

/// The candidate moves of `pos`, `first` (in its order, those among the
/// candidates) ahead of the rest, the rest by the strongest shape either
/// side makes there (the opponent's breaking ties; stable, so equal cells
/// keep the generator's order).
fn ordered_moves(pos: &Gomoku, first: &[Cell]) -> Vec<Cell> {
    let mut list = spielbaum_game_trait::MoveList::new();
    pos.moves(&mut list);
    let rules = pos.rules();
    let shapes = Shapes::get(rules.k, rules.exact);
    let me = pos.to_move().index();
    let mut moves: Vec<Cell> = list.iter().copied().collect();
    moves.sort_by_cached_key(|m| {
        let front = first.iter().position(|f| f == m).unwrap_or(usize::MAX);
        let (own, theirs) = (shapes.best(pos, m.index(), me), shapes.best(pos, m.index(), 1 - me));
        (front, std::cmp::Reverse((own.max(theirs), theirs)))
    });
    moves
}

/// The side to move's `count` strongest set-up moves of `pos` (no four):
/// those that build the most lines at once — the cells from which a
/// double threat comes one move later, and open threes whose win lies
/// deeper than the VCT looks.
fn setup_moves(pos: &Gomoku, count: usize) -> Vec<Cell> {
    let rules = pos.rules();
    let shapes = Shapes::get(rules.k, rules.exact);
    let me = pos.to_move().index();
    let mut list = spielbaum_game_trait::MoveList::new();
    pos.moves(&mut list);
    let mut scored: Vec<(u32, Cell)> = list
        .iter()
        .filter_map(|&m| {
            let all = shapes.all(pos, m.index(), me);
            if all.iter().any(|&s| s >= Shape::Four) {
                return None;
            }
            // Lines that are one stone from a threat count most.
            let v: u32 = all.iter().map(|&s| SETUP_WEIGHTS[s as usize]).sum();
            (v >= SETUP_MIN).then_some((v, m))
        })
        .collect();
    scored.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
    scored.into_iter().take(count).map(|(_, m)| m).collect()
}

/// Weights of a set-up's line shapes ([`Shape`] None … OpenThree).
const SETUP_WEIGHTS: [u32; 8] = [0, 1, 3, 3, 6, 0, 0, 0];

/// The least weight of a set-up: two lines one stone from a threat.
const SETUP_MIN: u32 = 6;

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
