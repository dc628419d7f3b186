//! Exact values of small m,n,k-games with the negamax crate: [`Forced`],
//! the game with its forced moves, and [`MnkSolver`], a win/draw/loss
//! search over it.

use std::time::Instant;

use spielbaum_game_trait::{Game, MoveList, Notation, NotationError, Outcome, Player, Zero};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher, Value, params};

use std::sync::Mutex;

use crate::bits::cell;
use crate::board::{Cell, Gomoku};
use crate::rules::{DIRS, Rules, SIDE_KEY, ZOBRIST};

/// Key salts for the player whose win a search asks about (the value of a
/// [`Forced`] position depends on it).
const HOPE_KEY: [u64; 3] = [0, 0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

/// The windows of a board: every `k` consecutive cells of a row, column or
/// diagonal, and for each cell the windows through it.
struct Windows {
    cells: Vec<u16>,
    k: usize,
}

impl Windows {
    /// The windows of `rules`' board, made once per board and kept for the
    /// program's life (a few KiB each; at most one per width, height and
    /// `k`).
    fn of(rules: &Rules) -> &'static Windows {
        type Made = Vec<((u8, u8, u8), &'static Windows)>;
        static MADE: Mutex<Made> = Mutex::new(Vec::new());
        let id = (rules.width, rules.height, rules.k);
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, w)) = made.iter().find(|(i, _)| *i == id) {
            return w;
        }
        let (w, h, k) = (i32::from(rules.width), i32::from(rules.height), i32::from(rules.k));
        let mut cells = Vec::new();
        for (dx, dy) in DIRS {
            for y in 0..h {
                for x in 0..w {
                    let (ex, ey) = (x + (k - 1) * dx, y + (k - 1) * dy);
                    if rules.on_board(ex, ey) {
                        for i in 0..k {
                            cells.push(cell((x + i * dx) as usize, (y + i * dy) as usize) as u16);
                        }
                    }
                }
            }
        }
        let windows: &'static Windows =
            Box::leak(Box::new(Windows { cells, k: usize::from(rules.k) }));
        made.push((id, windows));
        windows
    }

    fn iter(&self) -> std::slice::ChunksExact<'_, u16> {
        self.cells.chunks_exact(self.k)
    }
}

/// What the facts of the game decide about a [`Forced`] position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fact {
    /// Nothing: every empty cell is a move.
    Open,
    /// The opponent completes a row at this cell next: the only move.
    Block(Cell),
    /// Decided: this outcome under best play.
    Over(Outcome),
}

/// A Gomoku position whose moves are cut down by facts of the game, for
/// exact solving. Every cut keeps the value of the position (not the plies
/// to the end):
///
/// - if the side to move can complete a row, it has won;
/// - if the opponent has two or more cells that complete a row, the side
///   to move has lost (it can take only one);
/// - if the opponent has one, taking it is the only move (every other
///   move loses at once);
/// - a side with no window of `k` cells free of the other's stones can
///   never win: if neither side has one, the game is drawn.
///
/// With a *hope* player (see [`asking`](Forced::asking)), a position where
/// that player has no free window is over too, drawn: it is not a win for
/// the hope player, which is all a search of this game then asks. (It may
/// be a loss, so the value of such a game answers only "does the hope
/// player win?".)
///
/// Moves are every empty cell, whatever the candidate radius of the
/// position's rules, ordered by the windows through them still free for
/// either side (each worth 4 to the power of its stones), best first.
#[derive(Clone, Debug)]
pub struct Forced {
    pos: Gomoku,
    windows: &'static Windows,
    /// 0: none, 1 or 2: the first or second player.
    hope: u8,
    fact: Fact,
}

impl core::fmt::Debug for Windows {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} windows of {}", self.cells.len() / self.k.max(1), self.k)
    }
}

impl PartialEq for Forced {
    fn eq(&self, o: &Forced) -> bool {
        self.pos == o.pos && self.hope == o.hope
    }
}

impl Eq for Forced {}

impl Forced {
    /// `pos` with its forced moves; its value is the value of `pos`.
    pub fn new(pos: &Gomoku) -> Forced {
        Forced::with_hope(pos.clone(), 0)
    }

    /// `pos` for the question "does `p` win?": a position where `p` has no
    /// free window is a draw. The value is a win for `p` exactly when `pos`
    /// is.
    pub fn asking(pos: &Gomoku, p: Player) -> Forced {
        Forced::with_hope(pos.clone(), p.index() as u8 + 1)
    }

    fn with_hope(pos: Gomoku, hope: u8) -> Forced {
        let windows = Windows::of(pos.rules());
        let mut f = Forced { pos, windows, hope, fact: Fact::Open };
        f.fact = f.facts();
        f
    }

    /// The Gomoku position.
    pub fn position(&self) -> &Gomoku {
        &self.pos
    }

    /// The hope player, if any.
    pub fn hope(&self) -> Option<Player> {
        Player::from_index(usize::from(self.hope).wrapping_sub(1))
    }

    /// What the windows decide.
    fn facts(&self) -> Fact {
        if let Some(o) = self.pos.outcome() {
            return Fact::Over(o);
        }
        let me = self.pos.to_move();
        let stones = [self.pos.stones(me), self.pos.stones(me.other())];
        let k = self.windows.k;
        // Per side (0: to move): a free window seen; completing cells.
        let mut free = [false; 2];
        let mut completes: [[Option<Cell>; 2]; 2] = [[None; 2]; 2];
        for w in self.windows.iter() {
            let mine = w.iter().filter(|&&c| stones[0].has(usize::from(c))).count();
            let theirs = w.iter().filter(|&&c| stones[1].has(usize::from(c))).count();
            for (side, (own, other)) in [(mine, theirs), (theirs, mine)].into_iter().enumerate() {
                if other > 0 {
                    continue;
                }
                free[side] = true;
                if own + 1 == k {
                    let c = w.iter().map(|&c| Cell(c)).find(|c| self.pos.is_empty_cell(*c));
                    let p = if side == 0 { me } else { me.other() };
                    // (Under the exact rule a completion may be an overline.)
                    if let Some(c) = c.filter(|&c| self.pos.wins_at(c, p)) {
                        let found = &mut completes[side];
                        if found[0].is_none() {
                            found[0] = Some(c);
                        } else if found[0] != Some(c) {
                            found[1] = Some(c);
                        }
                    }
                }
            }
        }
        if completes[0][0].is_some() {
            return Fact::Over(Outcome::Win(me));
        }
        if completes[1][1].is_some() {
            return Fact::Over(Outcome::Win(me.other()));
        }
        let hopeless = match self.hope() {
            Some(p) => !free[usize::from(p != me)],
            None => !free[0] && !free[1],
        };
        if hopeless {
            return Fact::Over(Outcome::Draw);
        }
        match completes[1][0] {
            Some(c) => Fact::Block(c),
            None => Fact::Open,
        }
    }

    /// The cells by the move order's score (see the type's docs).
    fn ordered_moves(&self, out: &mut MoveList<Cell>) {
        // Up to 2^30 per window and many windows through a cell on a large
        // board with a long row: summed in u64, it cannot overflow.
        let mut score = [0u64; crate::bits::CELLS];
        let (x, o) = (self.pos.stones(Player::FIRST), self.pos.stones(Player::SECOND));
        for w in self.windows.iter() {
            let xs = w.iter().filter(|&&c| x.has(usize::from(c))).count();
            let os = w.iter().filter(|&&c| o.has(usize::from(c))).count();
            let value = match (xs, os) {
                (0, n) | (n, 0) => 1u64 << (2 * n.min(15)),
                _ => continue,
            };
            for &c in w {
                score[usize::from(c)] += value;
            }
        }
        let start = out.len();
        self.pos.all_moves(out);
        out[start..].sort_by_key(|c| std::cmp::Reverse(score[c.index()]));
    }
}

impl Game for Forced {
    type Move = Cell;

    fn to_move(&self) -> Player {
        self.pos.to_move()
    }

    fn moves(&self, out: &mut MoveList<Cell>) {
        match self.fact {
            Fact::Over(_) => {}
            Fact::Block(c) => out.push(c),
            Fact::Open => self.ordered_moves(out),
        }
    }

    fn play(&mut self, mv: Cell) {
        self.pos.play(mv);
        self.fact = self.facts();
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.fact {
            Fact::Over(o) => Some(o),
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        matches!(self.fact, Fact::Over(_))
    }

    fn key(&self) -> u64 {
        self.pos.key() ^ HOPE_KEY[usize::from(self.hope)]
    }

    fn symmetries(&self) -> usize {
        self.pos.symmetries()
    }

    fn symmetric(&self, k: usize) -> Self {
        let fact = match self.fact {
            Fact::Block(c) => Fact::Block(Cell(self.pos.map_cell(c.index(), k) as u16)),
            f => f,
        };
        Forced { pos: self.pos.symmetric(k), fact, ..*self }
    }

    fn symmetric_move(&self, mv: Cell, k: usize) -> Option<Cell> {
        self.pos.symmetric_move(mv, k)
    }

    /// The image with the smallest key, found from the images' keys alone
    /// (only that image is made).
    fn canonical_with(&self) -> (Self, usize) {
        let k = self.canonical_symmetry();
        (self.symmetric(k), k)
    }

    fn canonical_key(&self) -> u64 {
        self.symmetric_key(self.canonical_symmetry())
    }
}

impl core::fmt::Display for Forced {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.pos.fmt(f)
    }
}

/// The position's notation; a parsed position keeps the hope player.
impl Notation for Forced {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        Ok(Forced::with_hope(self.pos.parse_position(text)?, self.hope))
    }

    fn write_move(&self, mv: Cell, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        self.pos.write_move(mv, out)
    }
}

impl Forced {
    /// The key of the image under symmetry `k`.
    fn symmetric_key(&self, k: usize) -> u64 {
        let mut key = self.key() ^ self.pos.key();
        if self.pos.to_move() == Player::SECOND {
            key ^= SIDE_KEY;
        }
        for (p, keys) in ZOBRIST.iter().enumerate() {
            for c in self.pos.stones_of(p).iter() {
                key ^= keys[self.pos.map_cell(c, k)];
            }
        }
        key
    }

    /// The first symmetry whose image has the smallest key.
    fn canonical_symmetry(&self) -> usize {
        (1..self.symmetries())
            .fold((0, self.key()), |(bk, bkey), k| {
                let key = self.symmetric_key(k);
                if key < bkey { (k, key) } else { (bk, bkey) }
            })
            .0
    }
}

/// `true` if `p` has `k` cells in a line (row, column or diagonal) with no
/// stone of the other player.
pub fn has_free_window(pos: &Gomoku, p: Player) -> bool {
    let other = pos.stones(p.other());
    Windows::of(pos.rules()).iter().any(|w| w.iter().all(|&c| !other.has(usize::from(c))))
}

/// The value of a position and its best moves, by [`MnkSolver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MnkSolution {
    /// The value for the side to move.
    pub value: Value,
    /// Every move that keeps [`value`](Self::value), in board order.
    pub best_moves: Vec<Cell>,
    /// Nodes searched for the root and all its moves.
    pub nodes: u64,
}

/// Win, draw or loss of Gomoku positions by the negamax crate's
/// alpha-beta, without the plies to the end: two null-window searches
/// around 0 ([`Searcher::search_window`]) over [`Forced`] positions, with
/// the [`Zero`] evaluator, a table of one entry per symmetry class and a
/// depth beyond the end of the game. First "does the side to move win?"
/// (over the game asking about it), then "does the other side?".
///
/// ```
/// use spielbaum_gomoku::{Gomoku, MnkSolver, Rules};
/// use spielbaum_negamax::Value;
///
/// let tic_tac_toe = Gomoku::new(Rules::mnk(3, 3, 3).unwrap());
/// assert_eq!(MnkSolver::new(4).value(&tic_tac_toe), Some(Value::Draw));
/// ```
pub struct MnkSolver {
    searcher: Searcher<Forced, Zero>,
    nodes: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    /// The rules of the positions the table holds.
    rules: Option<Rules>,
}

impl MnkSolver {
    /// A solver with a table of `table_mib` MiB, kept between calls on
    /// positions of the same rules and emptied when they change (each
    /// search grows it to its full size at once).
    pub fn new(table_mib: usize) -> MnkSolver {
        // Measured on 5,5,4 (docs/gomoku.md): killers cost many times the
        // nodes here (a refutation's cell is rarely one in a sibling's
        // position), and the `Zero` evaluator cannot order moves, so both
        // are off; the moves come ordered from `Forced`.
        let config = Config {
            table_mib: table_mib.max(1),
            aspiration: None,
            symmetry: true,
            killers: false,
            order_min_depth: i32::MAX,
            adaptive: false,
            full_order_nodes: None,
            ..Config::with_algorithm(Algorithm::Pvs)
        };
        MnkSolver {
            searcher: Searcher::new(Zero, config),
            nodes: 0,
            node_limit: None,
            deadline: None,
            rules: None,
        }
    }

    /// This solver giving up after about `nodes` nodes per
    /// [`value`](Self::value) or [`solve`](Self::solve) call (for `solve`,
    /// the root and all its moves together).
    pub fn with_node_limit(mut self, nodes: u64) -> MnkSolver {
        self.node_limit = Some(nodes.max(1));
        self
    }

    /// This solver giving up at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> MnkSolver {
        self.deadline = Some(deadline);
        self
    }

    /// Nodes searched by the last [`value`](Self::value) or
    /// [`solve`](Self::solve).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `pos` for the side to move, or `None` if the node
    /// budget or the deadline ran out first.
    pub fn value(&mut self, pos: &Gomoku) -> Option<Value> {
        self.nodes = 0;
        self.value_on(pos)
    }

    /// The value of `pos` and its best moves: every empty cell whose
    /// position has the same value for the side to move as `pos` (a win
    /// kept, a draw held; from a lost position every move). `None` if the
    /// node budget (for the root and all moves together) or the deadline
    /// ran out first.
    ///
    /// After the root's value, each move costs one search: "does the side
    /// to move still win?" from a won position, "does the opponent win?"
    /// from a drawn one (the side to move cannot win there, or the root
    /// would be won); none from a lost one. Moves whose positions are
    /// images of each other under a symmetry of the board are searched
    /// once, and the table is kept from the root's search.
    ///
    /// ```
    /// use spielbaum_gomoku::{Gomoku, MnkSolver, Rules};
    /// use spielbaum_negamax::Value;
    ///
    /// let tic_tac_toe = Gomoku::new(Rules::mnk(3, 3, 3).unwrap());
    /// let s = MnkSolver::new(4).solve(&tic_tac_toe).unwrap();
    /// assert_eq!(s.value, Value::Draw);
    /// assert_eq!(s.best_moves.len(), 9); // every first move holds the draw
    /// ```
    pub fn solve(&mut self, pos: &Gomoku) -> Option<MnkSolution> {
        self.nodes = 0;
        let value = self.value_on(pos)?;
        let me = pos.to_move();
        let mut moves = MoveList::new();
        if !pos.is_over() {
            pos.all_moves(&mut moves);
        }
        // Canonical key of a move's position, and whether the move is best.
        let mut seen: Vec<(u64, bool)> = Vec::new();
        let mut best_moves = Vec::new();
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play(mv);
            let key = child.canonical_key();
            let best = match seen.iter().find(|(k, _)| *k == key) {
                Some(&(_, best)) => best,
                None => {
                    let best = match value {
                        Value::Win => self.wins(&child, me, false)?,
                        Value::Draw => !self.wins(&child, me.other(), true)?,
                        Value::Loss => true,
                    };
                    seen.push((key, best));
                    best
                }
            };
            if best {
                best_moves.push(mv);
            }
        }
        Some(MnkSolution { value, best_moves, nodes: self.nodes })
    }

    /// [`value`](Self::value) without resetting the node count.
    fn value_on(&mut self, pos: &Gomoku) -> Option<Value> {
        let me = pos.to_move();
        if self.wins(pos, me, true)? {
            return Some(Value::Win);
        }
        if self.wins(pos, me.other(), false)? {
            return Some(Value::Loss);
        }
        Some(Value::Draw)
    }

    /// Does `p` win from `pos`? `to_move`: `p` is the side to move.
    fn wins(&mut self, pos: &Gomoku, p: Player, to_move: bool) -> Option<bool> {
        // Keys do not tell boards apart (the same stones on a board of
        // another size have the same key): a table filled under other
        // rules is emptied first.
        if self.rules != Some(*pos.rules()) {
            if self.rules.is_some() {
                self.searcher.clear();
            }
            self.rules = Some(*pos.rules());
        }
        let game = Forced::asking(pos, p);
        // Every line ends within the empty cells; one more for the root.
        let depth = (pos.rules().cells() - pos.stone_count() + 2) as u32;
        let limits = Limits {
            nodes: self.node_limit.map(|n| n.saturating_sub(self.nodes).max(1)),
            deadline: self.deadline,
            ..Limits::depth(depth)
        };
        // p to move: better than a draw? The other to move: worse than one?
        let (alpha, beta) = if to_move { (0, 1) } else { (-1, 0) };
        let searcher = &mut self.searcher;
        let score = if depth <= params::STACK_SAFE_DEPTH {
            searcher.search_window(&game, &limits, alpha, beta)
        } else {
            std::thread::scope(|s| {
                std::thread::Builder::new()
                    .name("spielbaum-mnk".into())
                    .stack_size(params::stack_bytes::<Forced>(depth))
                    .spawn_scoped(s, || searcher.search_window(&game, &limits, alpha, beta))
                    .map(|handle| {
                        handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
            })
            .unwrap_or_else(|_| {
                // No thread with a deep enough stack: search on this one
                // rather than report a budget that did not run out.
                searcher.search_window(&game, &limits, alpha, beta)
            })
        };
        self.nodes += self.searcher.counters().nodes;
        let score = score?;
        debug_assert!(!self.searcher.hit_horizon(), "a line ran past the end of the game");
        Some(if to_move { score >= beta } else { score <= alpha })
    }
}
