//! Threat-space search: victory by continuous fours (VCF) and by continuous
//! threats (VCT, fours and open threes).
//!
//! The attacker is the side to move. Every attacking move must be a four
//! (VCF) or a four or an open three (VCT); the defender's answers are
//! exactly the moves that can matter, so a proof is a proof:
//! - against a four, the one cell that completes it;
//! - against an open three, every move that makes a four of the defender's
//!   own (a counter-threat the attacker must answer), and every empty cell
//!   within `k` of the new stone on the threatened line(s) after which the
//!   attacker has no open four on those lines. Any other move leaves an
//!   open four to make, and the attacker's open four wins.
//!
//! VCT deepens iteratively on the number of threats, so the shortest wins
//! are found first and a small budget is not spent on one deep tree.
//!
//! The attacker must block a defender's four with a threat of its own, and
//! a defender with two winning cells has won. Search ends at a depth
//! (attacking moves) or node limit: `None` means "no win found", not "no
//! win".

use std::time::Instant;

use smallvec::SmallVec;
use spielbaum_game_trait::Game;

use crate::bits::{cell, coords};
use crate::board::{Cell, Gomoku};
use crate::rules::DIRS;
use crate::shape::{Shape, Shapes};

/// Up to a few cells.
pub type Cells = SmallVec<[Cell; 8]>;

/// The cells where player index `p` wins at once (a four's completion).
pub fn winning_cells(pos: &Gomoku, shapes: &Shapes, p: usize) -> Cells {
    let mut out = Cells::new();
    if pos.hist_of(p)[0] == 0 {
        return out; // no window with k - 1 stones and no opposing stone
    }
    for c in shapes.threat_area(pos, p).iter() {
        if pos.makes_row(c, p) {
            out.push(Cell(c as u16));
        }
    }
    out
}

/// The cells on the lines through `c` (within `k`) where `p` wins at once.
fn winning_cells_through(pos: &Gomoku, c: usize, p: usize) -> Cells {
    let mut out = Cells::new();
    let k = i32::from(pos.rules().k);
    let (x, y) = coords(c);
    for (dx, dy) in DIRS {
        for i in -k..=k {
            let (nx, ny) = (x as i32 + i * dx, y as i32 + i * dy);
            if i != 0 && pos.state_at(nx, ny) == 0 {
                let e = cell(nx as usize, ny as usize);
                if pos.makes_row(e, p) && !out.contains(&Cell(e as u16)) {
                    out.push(Cell(e as u16));
                }
            }
        }
    }
    out
}

/// A VCF/VCT solver with a node budget and an optional deadline.
pub struct ThreatSearch {
    shapes: &'static Shapes,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

impl ThreatSearch {
    /// A solver for positions with `k` in a row (`exact` rule or not) and a
    /// budget of `node_limit` nodes per call.
    pub fn new(k: u8, exact: bool, node_limit: u64) -> Self {
        ThreatSearch {
            shapes: Shapes::get(k, exact),
            nodes: 0,
            node_limit,
            deadline: None,
            aborted: false,
        }
    }

    /// The solver for `pos`'s rules.
    pub fn for_position(pos: &Gomoku, node_limit: u64) -> Self {
        Self::new(pos.rules().k, pos.rules().exact, node_limit)
    }

    /// Stops at `deadline` too.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Nodes of the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// `true` if the last call ran out of nodes or time.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn enter(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(256)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// A victory by continuous fours for the side to move within
    /// `max_fours` fours: the line (attacker's fours and the defender's
    /// forced answers, then the winning move), or `None`.
    pub fn vcf(&mut self, pos: &Gomoku, max_fours: u32) -> Option<Vec<Cell>> {
        self.nodes = 0;
        self.aborted = false;
        if pos.is_over() {
            return None;
        }
        let mut line = Vec::new();
        let a = pos.to_move().index();
        self.vcf_rec(pos, a, max_fours, &mut line).then_some(line)
    }

    /// A victory by continuous threats (fours and open threes) for the side
    /// to move within `max_threats` threats: the attacker's first move and
    /// the line of forced answers where they are forced, or `None`. Searched
    /// by iterative deepening on the number of threats (1, 2, …,
    /// `max_threats`), all depths sharing the node budget: a short win is
    /// found even when the budget cannot cover the deepest tree.
    pub fn vct(&mut self, pos: &Gomoku, max_threats: u32) -> Option<Vec<Cell>> {
        self.nodes = 0;
        self.aborted = false;
        if pos.is_over() {
            return None;
        }
        let mut line = Vec::new();
        let a = pos.to_move().index();
        // Iterative deepening: the shortest threat sequences first, so a
        // budget that a deep tree would eat at once still finds a short
        // win (and the answer is a shortest one found within the budget).
        for depth in 1..=max_threats {
            line.clear();
            if self.vct_rec(pos, a, depth, &mut line) {
                return Some(line);
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// The attacker's candidate cells: the defender's four must be blocked.
    fn attack_cells(&self, pos: &Gomoku, a: usize, block: &Cells) -> SmallVec<[Cell; 64]> {
        if let Some(&b) = block.first() {
            return SmallVec::from_slice(&[b]);
        }
        self.shapes.threat_area(pos, a).iter().map(|c| Cell(c as u16)).collect()
    }

    fn vcf_rec(&mut self, pos: &Gomoku, a: usize, depth: u32, line: &mut Vec<Cell>) -> bool {
        if self.enter() {
            return false;
        }
        if let Some(&w) = winning_cells(pos, self.shapes, a).first() {
            line.push(w);
            return true;
        }
        let block = winning_cells(pos, self.shapes, 1 - a);
        if block.len() >= 2 || depth == 0 {
            return false;
        }
        for c in self.attack_cells(pos, a, &block) {
            if self.shapes.best(pos, c.index(), a) < Shape::Four {
                continue;
            }
            let len = line.len();
            if self.four(pos, a, c, line, |s, gc, line| s.vcf_rec(gc, a, depth - 1, line)) {
                return true;
            }
            line.truncate(len);
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// Plays the four `c`; wins at once against an open four, otherwise
    /// plays the forced block and continues with `next`.
    fn four(
        &mut self,
        pos: &Gomoku,
        a: usize,
        c: Cell,
        line: &mut Vec<Cell>,
        next: impl FnOnce(&mut Self, &Gomoku, &mut Vec<Cell>) -> bool,
    ) -> bool {
        let child = pos.after(c);
        let comp = winning_cells_through(&child, c.index(), a);
        line.push(c);
        match comp.len() {
            0 => false,
            1 => {
                let b = comp[0];
                let gc = child.after(b);
                if gc.is_over() {
                    return false;
                }
                line.push(b);
                next(self, &gc, line)
            }
            _ => {
                line.push(comp[0]);
                line.push(comp[1]);
                true
            }
        }
    }

    fn vct_rec(&mut self, pos: &Gomoku, a: usize, depth: u32, line: &mut Vec<Cell>) -> bool {
        if self.enter() {
            return false;
        }
        if let Some(&w) = winning_cells(pos, self.shapes, a).first() {
            line.push(w);
            return true;
        }
        let block = winning_cells(pos, self.shapes, 1 - a);
        if block.len() >= 2 || depth == 0 {
            return false;
        }
        let d = 1 - a;
        for c in self.attack_cells(pos, a, &block) {
            let shapes = self.shapes.all(pos, c.index(), a);
            let best = shapes.iter().copied().max().unwrap_or(Shape::None);
            if best < Shape::OpenThree {
                continue;
            }
            let len = line.len();
            if best >= Shape::Four {
                if self.four(pos, a, c, line, |s, gc, line| s.vct_rec(gc, a, depth - 1, line)) {
                    return true;
                }
                line.truncate(len);
            } else {
                // Open three(s): every defence must lose.
                let child = pos.after(c);
                let defences = self.defences(&child, c.index(), &shapes, d);
                // No answer at all (a double open three and no counter-four
                // of the defender): every defender move leaves an open four,
                // which wins. Only a full board (a draw) stops it.
                let mut all_lose = !child.is_over();
                for x in defences {
                    let gc = child.after(x);
                    let mut sub = Vec::new();
                    if gc.is_over() || !self.vct_rec(&gc, a, depth - 1, &mut sub) {
                        all_lose = false;
                        break;
                    }
                }
                if all_lose {
                    line.push(c);
                    return true;
                }
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// The defender's answers to open threes made by the stone at `c`: the
    /// moves that make a four of the defender's own, and the empty cells on
    /// the threatened lines (within `k` of `c`) after which the attacker
    /// has no open four on any of those lines. A cell that leaves the
    /// attacker an open four there loses to it at once, as a move off the
    /// lines does, so it is no answer. An empty list means no move defends
    /// (e.g. two open threes at once and no four of the defender's own).
    fn defences(&self, child: &Gomoku, c: usize, shapes: &[Shape; 4], d: usize) -> Cells {
        let mut out = Cells::new();
        for e in self.shapes.threat_area(child, d).iter() {
            let e = Cell(e as u16);
            if self.shapes.best(child, e.index(), d) >= Shape::Four {
                out.push(e);
            }
        }
        let a = 1 - d;
        let k = i32::from(child.rules().k);
        let (x, y) = coords(c);
        for (dir, &(dx, dy)) in DIRS.iter().enumerate() {
            if shapes[dir] < Shape::OpenThree {
                continue;
            }
            for i in -k..=k {
                let (nx, ny) = (x as i32 + i * dx, y as i32 + i * dy);
                if child.state_at(nx, ny) != 0 {
                    continue;
                }
                let e = Cell(cell(nx as usize, ny as usize) as u16);
                if out.contains(&e) {
                    continue;
                }
                let after = child.after(e);
                if !self.open_four_left(&after, c, shapes, a) {
                    out.push(e);
                }
            }
        }
        out
    }

    /// Whether attacker `a` can make an open four on one of the lines
    /// through `c` where `shapes` holds an open three.
    fn open_four_left(&self, pos: &Gomoku, c: usize, shapes: &[Shape; 4], a: usize) -> bool {
        let k = i32::from(pos.rules().k);
        let (x, y) = coords(c);
        for (dir, &(dx, dy)) in DIRS.iter().enumerate() {
            if shapes[dir] < Shape::OpenThree {
                continue;
            }
            for i in -k..=k {
                let (nx, ny) = (x as i32 + i * dx, y as i32 + i * dy);
                if pos.state_at(nx, ny) == 0
                    && self.shapes.shape(pos, cell(nx as usize, ny as usize), a, dir)
                        >= Shape::OpenFour
                {
                    return true;
                }
            }
        }
        false
    }
}
