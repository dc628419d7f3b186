//! Evaluators: the three evaluations of the students in Garmann's "Sind
//! Computer (un)schlagbar?", a pattern evaluator built on the position's
//! open-window counts and the line shapes, and a wrapper that adds the
//! threat search at the horizon.
//!
//! All values are for the side to move (own minus opposing), inside the
//! heuristic range.

use spielbaum_game_trait::{EVAL_MAX, Evaluator, Game, MoveList, Score, clamp_eval};

use crate::bits::cell;
use crate::board::{Cell, Gomoku};
use crate::rules::DIRS;
use crate::shape::{Shape, Shapes};
use crate::threat::{ThreatSearch, winning_cells};

/// Visits every maximal run of one colour: `f(player index, length, free
/// ends)` (free ends: 0, 1 or 2 empty cells just beyond the run).
fn runs(pos: &Gomoku, mut f: impl FnMut(usize, i32, u32)) {
    let r = pos.rules();
    for (dx, dy) in DIRS {
        for y in 0..i32::from(r.height) {
            for x in 0..i32::from(r.width) {
                let v = pos.state_at(x, y);
                if v == 0 || pos.state_at(x - dx, y - dy) == v {
                    continue;
                }
                let mut len = 1;
                while pos.state_at(x + len * dx, y + len * dy) == v {
                    len += 1;
                }
                let free = u32::from(pos.state_at(x - dx, y - dy) == 0)
                    + u32::from(pos.state_at(x + len * dx, y + len * dy) == 0);
                f(usize::from(v - 1), len, free);
            }
        }
    }
}

/// Value of a run of `len` stones for rows of `k`: 10, 100, 1000, …
/// for `k-3`, `k-2`, `k-1`; 100,000 for a winning row.
fn run_value(len: i32, k: i32) -> i64 {
    if len >= k {
        100_000
    } else if len >= 2 && len >= k - 3 {
        10i64.pow((len - (k - 4)) as u32)
    } else if len >= 2 {
        1
    } else {
        0
    }
}

fn for_mover(pos: &Gomoku, v: [i64; 2]) -> Score {
    let me = pos.to_move().index();
    clamp_eval(v[me] - v[1 - me])
}

/// The first students' evaluation: count own rows (runs of consecutive
/// stones) of five, four, three and two, weighted 100,000, 1,000, 100 and
/// 10 (for rows of `k`: `k`, `k-1`, `k-2`, `k-3`), own minus opposing.
/// Open or closed makes no difference.
#[derive(Clone, Copy, Debug, Default)]
pub struct RowCount;

impl Evaluator<Gomoku> for RowCount {
    fn evaluate(&self, pos: &Gomoku) -> Score {
        let k = i32::from(pos.rules().k);
        let mut v = [0i64; 2];
        runs(pos, |p, len, _| v[p] += run_value(len, k));
        for_mover(pos, v)
    }
}

/// The second students' evaluation: the number of free cells around own
/// stones (empty cells among the eight neighbours of at least one own
/// stone), own minus opposing.
#[derive(Clone, Copy, Debug, Default)]
pub struct FreeFields;

impl Evaluator<Gomoku> for FreeFields {
    fn evaluate(&self, pos: &Gomoku) -> Score {
        let r = pos.rules();
        let mut v = [0i64; 2];
        for y in 0..i32::from(r.height) {
            for x in 0..i32::from(r.width) {
                if pos.state_at(x, y) != 0 {
                    continue;
                }
                let mut near = [false; 2];
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        match pos.state_at(x + dx, y + dy) {
                            1 => near[0] = true,
                            2 => near[1] = true,
                            _ => {}
                        }
                    }
                }
                v[0] += i64::from(near[0]);
                v[1] += i64::from(near[1]);
            }
        }
        for_mover(pos, v)
    }
}

/// The third students' evaluation: rows weighted by their free ends, so
/// open rows count more than closed ones — a row's value (as in
/// [`RowCount`]) times one plus its number of free ends (a row with both
/// ends free three times a closed one); it combines the row count with
/// the free fields, as the text says.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenRows;

impl Evaluator<Gomoku> for OpenRows {
    fn evaluate(&self, pos: &Gomoku) -> Score {
        let k = i32::from(pos.rules().k);
        let mut v = [0i64; 2];
        runs(pos, |p, len, free| {
            let base = run_value(len, k);
            v[p] += if len >= k { base } else { base * i64::from(1 + free) };
        });
        for_mover(pos, v)
    }
}

/// Weights of the open-window levels (`k-1`, `k-2`, `k-3`, `k-4` own
/// stones).
pub const WINDOW_WEIGHTS: [i32; 4] = [200, 100, 10, 1];

/// Ordering values of a stone's own shapes (attack) by [`Shape`].
const ATTACK: [Score; 8] = [0, 20, 200, 300, 4_000, 5_000, 100_000, 1_000_000];
/// Ordering values of the opponent's shapes on the same cell (defence).
const DEFEND: [Score; 8] = [0, 10, 100, 150, 1_500, 2_000, 50_000, 500_000];

/// The pattern evaluator: the position's open windows (see
/// [`Gomoku::windows`]) weighted by [`WINDOW_WEIGHTS`] — an open four is
/// two four-windows, a four one, an open three two or three
/// three-windows, a broken three `x.xx` is two, a closed three one — with
/// the side to move's tempo, and the decisive cases: a side to move with a
/// four wins, one facing two winning cells loses. Incremental: the
/// windows are kept by the position, so an evaluation is a few adds.
///
/// The noisy moves are fours and open threes (or the forced block of an
/// opposing four). Ordering by line shapes ([`Shape`], attack and
/// defence, through [`Evaluator::order_moves`]) is available with
/// [`with_shape_ordering`](Pattern::with_shape_ordering) but off by
/// default: measured on 7×7 and 15×15 (`docs/gomoku.md`), the engines'
/// ordering by the children's values (an evaluation is a few adds here)
/// searches fewer nodes at a higher rate.
#[derive(Clone, Copy)]
pub struct Pattern {
    shapes: &'static Shapes,
    shape_ordering: bool,
    weights: [i32; 4],
    tempo: i32,
    threes: bool,
    threats: bool,
}

impl core::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Pattern(k={})", self.shapes.k())
    }
}

impl Default for Pattern {
    fn default() -> Self {
        Pattern::new(5, false)
    }
}

/// A win next move, as a heuristic value (below proven wins).
pub const WINNING: Score = 40_000;

/// The bonus of an open three for the side to move when the opponent has
/// no four.
pub const THREE_WINS: Score = 5_000;

/// The bonus of a double threat (four-four, four-three) for the side to
/// move, and the malus of two open threes of the opponent, with
/// [`Pattern::with_threats`] (an open four next move: a third more; a
/// three-three against no four: two thirds).
pub const THREAT_WIN: Score = 6_000;

/// Points against the side to move facing one open three of the
/// opponent (a tempo spent on defence), with [`Pattern::with_threats`].
pub const THREE_TO_DEFEND: Score = 1_500;

/// Forced blocks of fours [`Pattern::with_threats`] plays out at most in
/// one evaluation.
pub const MAX_FORCED_BLOCKS: u32 = 6;

impl Pattern {
    /// For rows of `k` (exact rule or not).
    pub fn new(k: u8, exact: bool) -> Self {
        Pattern {
            shapes: Shapes::get(k, exact),
            shape_ordering: false,
            weights: WINDOW_WEIGHTS,
            tempo: 25,
            threes: false,
            threats: false,
        }
    }

    /// Other window weights (levels `k-1` … `k-4`) and side-to-move bonus
    /// (percent of its own window sum). Any values are safe: the sums
    /// are taken in 64 bits and the evaluation is clamped to
    /// `±EVAL_MAX`.
    pub fn with_weights(mut self, weights: [i32; 4], tempo: i32) -> Self {
        self.weights = weights;
        self.tempo = tempo;
        self
    }

    /// Whether an open three of the side to move, facing no four, counts
    /// as [`THREE_WINS`] (found with the line shapes where the windows say
    /// one may exist). Off by default (measured: it lost more games than it won, `docs/gomoku.md`).
    pub fn with_threes(mut self, on: bool) -> Self {
        self.threes = on;
        self
    }

    /// Whether the evaluation reads the threats at the horizon (see
    /// [`threat_level`](Self::threat_level)): a four of the opponent is
    /// blocked first (up to [`MAX_FORCED_BLOCKS`] blocks in a row), an open
    /// four or a double threat (four-four, four-three, three-three) next
    /// move earns a bonus of about [`THREAT_WIN`], two open threes of the
    /// opponent cost as much and one [`THREE_TO_DEFEND`]; the noisy moves
    /// then include the defences against the opponent's open threes.
    /// Implies [`with_threes`](Self::with_threes). Off by default.
    pub fn with_threats(mut self, on: bool) -> Self {
        self.threats = on;
        self.threes |= on;
        self
    }

    /// Orders moves by their line shapes ([`move_score`](Self::move_score))
    /// instead of letting the engine evaluate the children.
    pub fn with_shape_ordering(mut self, on: bool) -> Self {
        self.shape_ordering = on;
        self
    }

    /// For `pos`'s rules.
    pub fn for_position(pos: &Gomoku) -> Self {
        Self::new(pos.rules().k, pos.rules().exact)
    }

    fn shapes_for(&self, pos: &Gomoku) -> &'static Shapes {
        if self.shapes.k() == usize::from(pos.rules().k) {
            self.shapes
        } else {
            Shapes::get(pos.rules().k, pos.rules().exact)
        }
    }

    /// The ordering score of `mv` for the side to move.
    pub fn move_score(&self, pos: &Gomoku, mv: Cell) -> Score {
        let shapes = self.shapes_for(pos);
        let me = pos.to_move().index();
        let mut s = 0;
        for d in 0..4 {
            s += ATTACK[shapes.shape(pos, mv.index(), me, d) as usize];
            s += DEFEND[shapes.shape(pos, mv.index(), 1 - me, d) as usize];
        }
        s
    }
}

impl Pattern {
    /// The threat reading of [`with_threats`](Self::with_threats) for the
    /// side to move of `pos` (neither side has a four): points to add to
    /// the window sum — [`THREAT_WIN`] and more for an open four or a
    /// double threat next move, [`THREAT_WIN`] against for two open threes
    /// of the opponent, [`THREE_TO_DEFEND`] against for one. Bonuses, not
    /// verdicts: a side that is behind still prefers the moves that leave
    /// the opponent fewer windows (a weak opponent may miss the win).
    pub fn threat_level(&self, pos: &Gomoku) -> Score {
        let shapes = self.shapes_for(pos);
        let me = pos.to_move().index();
        let mine = pos.hist_of(me);
        let theirs = pos.hist_of(1 - me);
        // My move: an open four wins unless the opponent's fours get there
        // first; four-four and four-three win the same way; three-three
        // wins when the opponent has no four to interpose.
        let mut my_four = false;
        if mine[1] > 0 {
            let mut open_four = false;
            let mut double = false;
            let mut three_three = false;
            for c in shapes.threat_area(pos, me).iter() {
                let s = shapes.all(pos, c, me);
                let fours = s.iter().filter(|&&x| x >= Shape::Four).count();
                let threes = s.iter().filter(|&&x| x == Shape::OpenThree).count();
                open_four |= s.iter().any(|&x| x >= Shape::OpenFour);
                my_four |= fours > 0;
                double |= fours >= 2 || (fours >= 1 && threes >= 1);
                three_three |= threes >= 2;
            }
            if open_four {
                return THREAT_WIN + THREAT_WIN / 3;
            }
            if double {
                return THREAT_WIN;
            }
            if three_three && theirs[1] == 0 {
                return THREAT_WIN * 2 / 3;
            }
        }
        // The opponent's open threes: the lines on which the opponent
        // makes an open four next.
        if theirs[1] > 0 {
            let mut lines: [Option<(usize, i32)>; 2] = [None; 2];
            for c in shapes.threat_area(pos, 1 - me).iter() {
                let s = shapes.all(pos, c, 1 - me);
                for (d, &x) in s.iter().enumerate() {
                    if x < Shape::OpenFour {
                        continue;
                    }
                    let line = (d, line_of(c, d));
                    if lines[0].is_none() || lines[0] == Some(line) {
                        lines[0] = Some(line);
                    } else {
                        lines[1] = Some(line);
                    }
                }
            }
            if lines[1].is_some() && !my_four {
                return -THREAT_WIN;
            }
            if lines[0].is_some() {
                return if my_four { -THREE_TO_DEFEND / 2 } else { -THREE_TO_DEFEND };
            }
        }
        0
    }

    fn evaluate_at(&self, pos: &Gomoku, blocks: u32) -> Score {
        let me = pos.to_move().index();
        let mine = pos.hist_of(me);
        let theirs = pos.hist_of(1 - me);
        // Freestyle: a window with k - 1 own stones and no opposing stone
        // has its empty cell as a winning cell. Exactly k: an overline may
        // spoil it, so look.
        if mine[0] > 0
            && (!pos.rules().exact || !winning_cells(pos, self.shapes_for(pos), me).is_empty())
        {
            return WINNING;
        }
        if self.threats && theirs[0] > 0 {
            let w = winning_cells(pos, self.shapes_for(pos), 1 - me);
            if w.len() >= 2 {
                return -WINNING;
            }
            if let Some(&b) = w.first()
                && blocks < MAX_FORCED_BLOCKS
            {
                // The block is forced: read the position after it.
                let child = pos.after(b);
                return match child.outcome() {
                    Some(spielbaum_game_trait::Outcome::Draw) => 0,
                    Some(_) => WINNING,
                    None => -self.evaluate_at(&child, blocks + 1),
                };
            }
        } else if theirs[0] >= 2 && winning_cells(pos, self.shapes_for(pos), 1 - me).len() >= 2 {
            return -WINNING;
        }
        // In i64: any i32 weights times window counts (at most u16) fit
        // four times over; the tempo product saturates.
        let mut a = 0i64;
        let mut b = 0i64;
        let mut extra = 0i64;
        for j in 0..4 {
            a += i64::from(self.weights[j]) * i64::from(mine[j]);
            b += i64::from(self.weights[j]) * i64::from(theirs[j]);
        }
        if self.threats && theirs[0] == 0 {
            extra = i64::from(self.threat_level(pos));
        }
        // An open three of the side to move against no four: it makes an
        // open four next (unless the opponent has fours to play first).
        if !self.threats && self.threes && theirs[0] == 0 && mine[1] >= 2 {
            let shapes = self.shapes_for(pos);
            if shapes
                .threat_area(pos, me)
                .iter()
                .any(|c| shapes.best(pos, c, me) >= Shape::OpenFour)
            {
                a += i64::from(THREE_WINS);
            }
        }
        // Tempo: the side to move's threats are worth more.
        let tempo = a.saturating_mul(i64::from(self.tempo)) / 100;
        let v = a.saturating_add(tempo).saturating_sub(b).saturating_add(extra);
        v.clamp(-i64::from(EVAL_MAX), i64::from(EVAL_MAX)) as Score
    }
}

/// Identifies the line through cell `c` in direction `d` (index into
/// [`DIRS`]) among the lines of that direction.
fn line_of(c: usize, d: usize) -> i32 {
    let (x, y) = crate::bits::coords(c);
    let (x, y) = (x as i32, y as i32);
    match d {
        0 => y,
        1 => x,
        2 => y - x,
        _ => x + y,
    }
}

impl Evaluator<Gomoku> for Pattern {
    #[inline]
    fn evaluate(&self, pos: &Gomoku) -> Score {
        self.evaluate_at(pos, 0)
    }

    /// `true` exactly for the moves [`noisy_moves`](Evaluator::noisy_moves)
    /// lists (a win; else the blocks of a four; else own open threes and
    /// better and, with threats on, the defences against an open three).
    /// It computes that list: searches call `noisy_moves` once instead.
    fn is_noisy(&self, pos: &Gomoku, mv: Cell) -> bool {
        let mut moves = MoveList::new();
        self.noisy_moves(pos, &mut moves);
        moves.contains(&mv)
    }

    fn noisy_moves(&self, pos: &Gomoku, moves: &mut MoveList<Cell>) {
        if pos.is_over() {
            return;
        }
        let shapes = self.shapes_for(pos);
        let me = pos.to_move().index();
        let win = winning_cells(pos, shapes, me);
        if let Some(&w) = win.first() {
            moves.push(w);
            return;
        }
        let block = winning_cells(pos, shapes, 1 - me);
        if !block.is_empty() {
            moves.extend(block);
            return;
        }
        let from = moves.len();
        for c in shapes.threat_area(pos, me).iter() {
            if shapes.best(pos, c, me) >= Shape::OpenThree {
                moves.push(Cell(c as u16));
            }
        }
        // Facing an open three: the cells where the opponent would make a
        // four or an open four are the defences (with own fours, above).
        if self.threats && pos.hist_of(1 - me)[1] > 0 {
            let area = shapes.threat_area(pos, 1 - me);
            if area.iter().any(|c| shapes.best(pos, c, 1 - me) >= Shape::OpenFour) {
                for c in area.iter() {
                    let cell = Cell(c as u16);
                    if shapes.best(pos, c, 1 - me) >= Shape::Four && !moves[from..].contains(&cell)
                    {
                        moves.push(cell);
                    }
                }
            }
        }
    }

    /// Priors for PUCT in proportion to `1 + move_score / 100` (a winning
    /// move or a forced block takes nearly all the weight).
    fn priors(&self, pos: &Gomoku, moves: &[Cell], priors: &mut [f32]) {
        let mut sum = 0.0;
        for (p, &mv) in priors.iter_mut().zip(moves) {
            *p = 1.0 + self.move_score(pos, mv) as f32 / 100.0;
            sum += *p;
        }
        if sum > 0.0 {
            priors.iter_mut().for_each(|p| *p /= sum);
        }
    }

    fn order_moves(&self, pos: &Gomoku, moves: &[Cell], scores: &mut [Score]) -> bool {
        if !self.shape_ordering {
            return false;
        }
        for (s, &mv) in scores.iter_mut().zip(moves) {
            *s = self.move_score(pos, mv);
        }
        true
    }
}

/// An evaluator with a victory-by-continuous-fours search at the horizon
/// (a quiescence-like extension): a position where the side to move has a
/// VCF within `nodes` nodes is worth [`WINNING`] (less the length of the
/// line); otherwise the inner evaluator's value.
#[derive(Clone, Copy, Debug)]
pub struct WithVcf<E> {
    /// The evaluator of quiet positions.
    pub inner: E,
    /// Node budget of each VCF search (0: none, the inner evaluator alone).
    pub nodes: u64,
    /// Most fours in a line.
    pub depth: u32,
}

impl<E> WithVcf<E> {
    /// `inner` with a VCF search of `nodes` nodes at each evaluation.
    pub fn new(inner: E, nodes: u64) -> Self {
        WithVcf { inner, nodes, depth: 8 }
    }
}

impl<E: Evaluator<Gomoku>> Evaluator<Gomoku> for WithVcf<E> {
    fn evaluate(&self, pos: &Gomoku) -> Score {
        let me = pos.to_move().index();
        // A VCF needs a window with k - 2 own stones.
        if self.nodes > 0 && (pos.hist_of(me)[1] > 0 || pos.hist_of(me)[0] > 0) {
            let mut ts = ThreatSearch::for_position(pos, self.nodes);
            if let Some(line) = ts.vcf(pos, self.depth) {
                return WINNING - line.len() as Score;
            }
        }
        self.inner.evaluate(pos)
    }
    fn is_noisy(&self, pos: &Gomoku, mv: Cell) -> bool {
        self.inner.is_noisy(pos, mv)
    }
    fn noisy_moves(&self, pos: &Gomoku, moves: &mut MoveList<Cell>) {
        self.inner.noisy_moves(pos, moves)
    }
    fn order_moves(&self, pos: &Gomoku, moves: &[Cell], scores: &mut [Score]) -> bool {
        self.inner.order_moves(pos, moves, scores)
    }
}

/// The cell in the middle of the board (for tests and openings).
pub fn centre(pos: &Gomoku) -> Cell {
    let r = pos.rules();
    Cell(cell(usize::from(r.width) / 2, usize::from(r.height) / 2) as u16)
}
