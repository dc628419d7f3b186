//! The position: two bitboards, the candidate neighbourhood, a Zobrist
//! key and the incrementally kept count of open windows per player.

use spielbaum_game_trait::{
    Game, MoveList, Outcome, Player, RandomMove, Undo, index_below, select_bit,
};

use crate::bits::{Bits, CELLS, STRIDE, cell, coords};
use crate::lines::{self, FAST_MAX_K, ROT, WindowTable, lane};
use crate::rules::{Rules, SIDE_KEY, ZOBRIST, board_mask, neighbours};

/// A move: the index of the cell to play (see [`cell`](crate::cell)).
///
/// Displayed and parsed as `h8` or `7,7` through the position
/// ([`Notation`](spielbaum_game_trait::Notation)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell(pub u16);

impl Cell {
    /// The cell at column `x` and row `y` (row 0 at the top).
    pub const fn at(x: usize, y: usize) -> Cell {
        Cell(cell(x, y) as u16)
    }

    /// Column (0 = file `a`).
    pub const fn x(self) -> usize {
        coords(self.0 as usize).0
    }

    /// Row from the top (0 = the highest rank).
    pub const fn y(self) -> usize {
        coords(self.0 as usize).1
    }

    /// The cell index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// How many window levels the position keeps per player: windows holding
/// `k-1`, `k-2`, `k-3` and `k-4` own stones and no opposing stone.
pub const LEVELS: usize = 4;

const ONGOING: u8 = 0;
const DRAW: u8 = 3;

/// A position of five in a row (any m,n,k rules, see [`Rules`]).
///
/// About 230 bytes, copied by the engines (copy-make; the measurement
/// against make/undo is in `docs/gomoku.md`). Besides the stones it keeps,
/// updated with every move:
/// - the candidate neighbourhood (cells within the rules' radius of a
///   stone);
/// - a Zobrist key (side to move included);
/// - for each player, the number of *open windows* — `k` consecutive cells
///   of a line holding own stones and no opposing stone — with `k-1`,
///   `k-2`, `k-3` and `k-4` own stones ([`windows`](Gomoku::windows)):
///   the evaluators' pattern counts. A window with `k-1` stones is a four
///   (one empty cell completes it), two such windows are an open four, and
///   so on.
#[derive(Clone, PartialEq, Eq)]
pub struct Gomoku {
    stones: [Bits; 2],
    /// The stones in the rotated layouts of `lines` (columns, diagonals,
    /// anti-diagonals contiguous).
    rot: [[Bits; 3]; 2],
    near: Bits,
    key: u64,
    hist: [[u16; LEVELS]; 2],
    count: u16,
    rules: Rules,
    mover: u8,
    state: u8,
}

impl core::fmt::Debug for Gomoku {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Gomoku({} {self})", self.rules.describe())
    }
}

impl Default for Gomoku {
    fn default() -> Self {
        Gomoku::new(Rules::default())
    }
}

impl Gomoku {
    /// The empty board under `rules` (which must be valid, see
    /// [`Rules::checked`]; invalid sizes are clamped into range).
    pub fn new(rules: Rules) -> Gomoku {
        let rules = Rules {
            width: rules.width.clamp(crate::rules::MIN_SIDE, crate::bits::MAX_SIDE),
            height: rules.height.clamp(crate::rules::MIN_SIDE, crate::bits::MAX_SIDE),
            k: rules.k.clamp(crate::rules::MIN_K, crate::bits::MAX_SIDE),
            radius: rules.radius.min(crate::rules::MAX_RADIUS),
            ..rules
        };
        Gomoku {
            stones: [Bits::EMPTY; 2],
            rot: [[Bits::EMPTY; 3]; 2],
            near: Bits::EMPTY,
            key: 0,
            hist: [[0; LEVELS]; 2],
            count: 0,
            rules,
            mover: 0,
            state: ONGOING,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The same position with another candidate radius.
    pub fn with_radius(&self, radius: u8) -> Gomoku {
        let rules = Rules { radius: radius.min(crate::rules::MAX_RADIUS), ..self.rules };
        Gomoku::from_stones(rules, &self.stones, self.to_move(), self.state)
    }

    /// The stones of `p`.
    pub fn stones(&self, p: Player) -> &Bits {
        &self.stones[p.index()]
    }

    /// The stones of player index `p` (0 or 1).
    #[inline(always)]
    pub(crate) fn stones_of(&self, p: usize) -> &Bits {
        &self.stones[p]
    }

    /// The stones of player index `p` in the rotated layouts (columns,
    /// diagonals, anti-diagonals contiguous; see [`ROT`]).
    #[inline(always)]
    pub(crate) fn rot_of(&self, p: usize) -> &[Bits; 3] {
        &self.rot[p]
    }

    /// Open windows of player index `p` (see [`windows`](Self::windows)).
    #[inline(always)]
    pub(crate) fn hist_of(&self, p: usize) -> &[u16; LEVELS] {
        &self.hist[p]
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        usize::from(self.count)
    }

    /// The owner of cell `(x, y)`, `None` if it is empty or off the board.
    pub fn at(&self, x: usize, y: usize) -> Option<Player> {
        if !self.rules.on_board(x as i32, y as i32) {
            return None;
        }
        let c = cell(x, y);
        if self.stones[0].has(c) {
            Some(Player::FIRST)
        } else if self.stones[1].has(c) {
            Some(Player::SECOND)
        } else {
            None
        }
    }

    /// `true` if `c` is an empty cell of the board.
    pub fn is_empty_cell(&self, c: Cell) -> bool {
        let i = c.index();
        i < CELLS && self.rules.has_cell(i) && !self.stones[0].has(i) && !self.stones[1].has(i)
    }

    /// Open windows of `p` (see the type's docs): `windows(p)[j]` counts
    /// the windows with `k - 1 - j` stones of `p` and none of the other
    /// player (levels with fewer than one stone are 0).
    pub fn windows(&self, p: Player) -> [u16; LEVELS] {
        self.hist[p.index()]
    }

    /// Every empty cell, whatever the candidate radius (nothing once the
    /// game is over).
    pub fn all_moves(&self, out: &mut MoveList<Cell>) {
        self.all_moves_into(out)
    }

    /// [`all_moves`](Self::all_moves) into any `SmallVec` (a list with
    /// room for a whole board inline, for instance).
    pub fn all_moves_into<A: smallvec::Array<Item = Cell>>(&self, out: &mut smallvec::SmallVec<A>) {
        if self.state != ONGOING {
            return;
        }
        for y in 0..usize::from(self.rules.height) {
            for x in 0..usize::from(self.rules.width) {
                let c = cell(x, y);
                if !self.stones[0].has(c) && !self.stones[1].has(c) {
                    out.push(Cell(c as u16));
                }
            }
        }
    }

    /// The state of `(x, y)` for line scans: 0 empty, 1 first player,
    /// 2 second player, 3 off the board.
    #[inline(always)]
    pub(crate) fn state_at(&self, x: i32, y: i32) -> u8 {
        if !self.rules.on_board(x, y) {
            return 3;
        }
        let c = cell(x as usize, y as usize);
        if self.stones[0].has(c) {
            1
        } else if self.stones[1].has(c) {
            2
        } else {
            0
        }
    }

    /// The position built from stone sets (no legality check beyond the
    /// board; `state` as stored). Used by symmetries and parsing.
    pub(crate) fn from_stones(rules: Rules, stones: &[Bits; 2], mover: Player, state: u8) -> Self {
        let mut g = Gomoku::new(rules);
        for (p, set) in stones.iter().enumerate() {
            for c in set.iter() {
                let _ = g.put(c, p);
            }
        }
        g.mover = mover.index() as u8;
        if g.mover == 1 {
            g.key ^= SIDE_KEY;
        }
        g.state = state;
        g
    }

    /// The position with `stones[0]` for the first player and `stones[1]`
    /// for the second, `to_move` to move: the result (a winning row, a
    /// full board) follows from the stones. The error names the bad part:
    /// a cell off the board or taken twice, or both players with a winning
    /// row.
    pub fn from_parts(rules: Rules, stones: &[Bits; 2], to_move: Player) -> Result<Gomoku, String> {
        let rules = rules.checked()?;
        let board = rules.board();
        for (p, s) in stones.iter().enumerate() {
            if let Some(c) = s.iter().find(|&c| !board.has(c)) {
                return Err(format!("stone of player {} off the board at cell {c}", p + 1));
            }
        }
        if let Some(c) = stones[0].iter().find(|&c| stones[1].has(c)) {
            let (x, y) = coords(c);
            return Err(format!("cell {x},{y} holds stones of both players"));
        }
        let probe = Gomoku::from_stones(rules, stones, to_move, ONGOING);
        let wins: Vec<bool> =
            (0..2).map(|p| stones[p].iter().any(|c| probe.makes_row(c, p))).collect();
        let state = match (wins[0], wins[1]) {
            (true, true) => return Err("both players have a winning row".into()),
            (true, false) => 1,
            (false, true) => 2,
            _ if probe.stone_count() == rules.cells() => DRAW,
            _ => ONGOING,
        };
        Ok(Gomoku { state, ..probe })
    }

    /// Places a stone of player index `p` on the empty cell `c` and updates
    /// the bookkeeping (not the side to move or the result); returns `true`
    /// if the stone makes a winning row.
    #[inline]
    fn put(&mut self, c: usize, p: usize) -> bool {
        let win = self.scan(c, p, 1);
        self.stones[p].set(c);
        for (r, t) in self.rot[p].iter_mut().zip(ROT.iter()) {
            r.set(usize::from(t[c]));
        }
        self.key ^= ZOBRIST[p][c];
        self.count += 1;
        if self.rules.radius > 0 {
            self.near.or_with(&neighbours(self.rules.radius)[c]);
        }
        win
    }

    /// Adds (`sign` 1) or removes (`sign` -1) the effect on the open
    /// windows of a stone of `p` at `c` (`c` must be empty when called) and
    /// tells whether that stone makes a winning row: by the line bit
    /// strings and the window table (`lines`) for rows of up to five, else
    /// by [`scan_cells`](Self::scan_cells).
    #[inline]
    fn scan(&mut self, c: usize, p: usize, sign: i16) -> bool {
        let k = self.rules.k;
        if k > FAST_MAX_K {
            return self.scan_cells(c, p, sign);
        }
        let (acc, win) = lines::scan(
            WindowTable::get(k),
            &self.stones[p],
            &self.stones[1 - p],
            &self.rot[p],
            &self.rot[1 - p],
            c,
            usize::from(self.rules.width),
            usize::from(self.rules.height),
            usize::from(k),
            self.rules.exact,
        );
        let sgn = sign as u16;
        let (mine, theirs) = if p == 0 {
            let (a, b) = self.hist.split_at_mut(1);
            (&mut a[0], &mut b[0])
        } else {
            let (a, b) = self.hist.split_at_mut(1);
            (&mut b[0], &mut a[0])
        };
        for j in 0..LEVELS {
            let change = lane(acc, j).wrapping_sub(lane(acc, 4 + j));
            mine[j] = mine[j].wrapping_add(change.wrapping_mul(sgn));
            theirs[j] = theirs[j].wrapping_sub(lane(acc, 8 + j).wrapping_mul(sgn));
        }
        win
    }

    /// [`scan`](Self::scan) cell by cell, for any `k`. One pass over the four
    /// lines through `c`: the cells within `k` on each side are read once
    /// (index steps, the board edge from the coordinates), the run through
    /// `c` gives the result, and sliding counts over the windows through `c`
    /// the open-window changes.
    fn scan_cells(&mut self, c: usize, p: usize, sign: i16) -> bool {
        const STEP: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];
        let k = usize::from(self.rules.k);
        let (x, y) = coords(c);
        let (w1, h1) = (usize::from(self.rules.width) - 1, usize::from(self.rules.height) - 1);
        let ext = [
            (x, w1 - x),
            (y, h1 - y),
            (x.min(y), (w1 - x).min(h1 - y)),
            (x.min(h1 - y), (w1 - x).min(y)),
        ];
        let sgn = sign as u16;
        let mut win = false;
        let own = &self.stones[p];
        let opp = &self.stones[1 - p];
        let mut lines = [([0u8; 2 * crate::bits::MAX_SIDE as usize + 1], 0usize, 0usize); 4];
        for d in 0..4 {
            let lo = ext[d].0.min(k);
            let hi = ext[d].1.min(k);
            let st = &mut lines[d].0;
            let step = STEP[d];
            let mut idx = c as isize - lo as isize * step;
            for s in st.iter_mut().take(lo + hi + 1) {
                let i = idx as usize;
                *s = if own.has(i) {
                    1
                } else if opp.has(i) {
                    2
                } else {
                    0
                };
                idx += step;
            }
            st[lo] = 0;
            let mut l = 0;
            while l < lo && st[lo - 1 - l] == 1 {
                l += 1;
            }
            let mut r = 0;
            while r < hi && st[lo + 1 + r] == 1 {
                r += 1;
            }
            let run = l + r + 1;
            if run == k || (run > k && !self.rules.exact) {
                win = true;
            }
            lines[d].1 = lo;
            lines[d].2 = hi;
        }
        for (st, lo, hi) in &lines {
            let (lo, hi) = (*lo, *hi);
            let wl = lo.min(k - 1);
            let wh = hi.min(k - 1);
            if wl + wh + 1 < k {
                continue;
            }
            let from = lo - wl;
            let to = lo + wh + 1;
            let (mut a, mut b) = (0i32, 0i32);
            for &s in &st[from..from + k] {
                a += i32::from(s == 1);
                b += i32::from(s == 2);
            }
            let mut start = from;
            loop {
                self.window_delta(p, a, b, sgn);
                if start + k >= to {
                    break;
                }
                let out = st[start];
                let inn = st[start + k];
                a += i32::from(inn == 1) - i32::from(out == 1);
                b += i32::from(inn == 2) - i32::from(out == 2);
                start += 1;
            }
        }
        win
    }

    #[inline(always)]
    fn level(&self, m: i32) -> Option<usize> {
        let j = i32::from(self.rules.k) - 1 - m;
        (m >= 1 && (0..LEVELS as i32).contains(&j)).then_some(j as usize)
    }

    /// One window through the new stone of `p`: `a` own and `b` opposing
    /// stones besides it.
    #[inline(always)]
    fn window_delta(&mut self, p: usize, a: i32, b: i32, sgn: u16) {
        if b == 0 {
            if let Some(j) = self.level(a) {
                self.hist[p][j] = self.hist[p][j].wrapping_sub(sgn);
            }
            if let Some(j) = self.level(a + 1) {
                self.hist[p][j] = self.hist[p][j].wrapping_add(sgn);
            }
        } else if a == 0
            && let Some(j) = self.level(b)
        {
            self.hist[1 - p][j] = self.hist[1 - p][j].wrapping_sub(sgn);
        }
    }

    /// `true` if a stone of player index `p` at `c` (occupied by `p` or
    /// empty) lies in a winning row: at least `k` in a row, exactly `k`
    /// under the exact rule.
    pub(crate) fn makes_row(&self, c: usize, p: usize) -> bool {
        lines::makes_row(
            &self.stones[p],
            &self.rot[p],
            c,
            usize::from(self.rules.width),
            usize::from(self.rules.height),
            usize::from(self.rules.k),
            self.rules.exact,
        )
    }

    /// `true` if `p` playing the empty cell `c` would win at once.
    pub fn wins_at(&self, c: Cell, p: Player) -> bool {
        self.is_empty_cell(c) && self.makes_row(c.index(), p.index())
    }

    /// The winner, if the game is won.
    pub fn winner(&self) -> Option<Player> {
        match self.state {
            1 => Some(Player::FIRST),
            2 => Some(Player::SECOND),
            _ => None,
        }
    }

    /// Removes the stone at `c` (for [`Undo`]); recomputes the
    /// neighbourhood from the remaining stones.
    fn take_back(&mut self, c: usize) {
        let p = if self.stones[0].has(c) { 0 } else { 1 };
        self.stones[p].clear(c);
        for (r, t) in self.rot[p].iter_mut().zip(ROT.iter()) {
            r.clear(usize::from(t[c]));
        }
        self.scan(c, p, -1);
        self.key ^= ZOBRIST[p][c];
        self.count -= 1;
        if self.rules.radius > 0 {
            let table = neighbours(self.rules.radius);
            let mut near = Bits::EMPTY;
            for q in 0..2 {
                for s in self.stones[q].iter() {
                    near.or_with(&table[s]);
                }
            }
            self.near = near;
        }
    }

    /// The cell images under symmetry `k` (see [`Game::symmetric`]).
    pub(crate) fn map_cell(&self, c: usize, k: usize) -> usize {
        let (x, y) = coords(c);
        let (w, h) = (usize::from(self.rules.width) - 1, usize::from(self.rules.height) - 1);
        let (nx, ny) = if self.rules.width == self.rules.height {
            match k {
                0 => (x, y),
                1 => (w - y, x),
                2 => (w - x, h - y),
                3 => (y, h - x),
                4 => (w - x, y),
                5 => (x, h - y),
                6 => (y, x),
                _ => (w - y, h - x),
            }
        } else {
            match k {
                0 => (x, y),
                1 => (w - x, y),
                2 => (x, h - y),
                _ => (w - x, h - y),
            }
        };
        cell(nx, ny)
    }
}

impl Game for Gomoku {
    type Move = Cell;

    fn to_move(&self) -> Player {
        if self.mover == 0 { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, out: &mut MoveList<Cell>) {
        if self.state != ONGOING {
            return;
        }
        if self.rules.radius == 0 {
            return self.all_moves(out);
        }
        if self.count == 0 {
            // The centre: one, two or four cells, a set every symmetry keeps.
            let (w, h) = (usize::from(self.rules.width), usize::from(self.rules.height));
            let xs = if w % 2 == 1 { w / 2..w / 2 + 1 } else { w / 2 - 1..w / 2 + 1 };
            let ys = if h % 2 == 1 { h / 2..h / 2 + 1 } else { h / 2 - 1..h / 2 + 1 };
            for y in ys {
                for x in xs.clone() {
                    out.push(Cell::at(x, y));
                }
            }
            return;
        }
        let mut free = self.near.and_not2(&self.stones[0], &self.stones[1]);
        let board = board_mask(self.rules.width, self.rules.height);
        for (f, b) in free.0.iter_mut().zip(board.0.iter()) {
            *f &= b;
        }
        out.extend(free.iter().map(|c| Cell(c as u16)));
    }

    /// Plays `mv`, which may be any empty cell (not only a candidate).
    fn play(&mut self, mv: Cell) {
        let c = mv.index();
        debug_assert!(self.is_empty_cell(mv), "{mv:?} is not an empty cell");
        let p = usize::from(self.mover);
        if self.put(c, p) {
            self.state = p as u8 + 1;
        } else if usize::from(self.count) == self.rules.cells() {
            self.state = DRAW;
        }
        self.mover ^= 1;
        self.key ^= SIDE_KEY;
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.state {
            ONGOING => None,
            DRAW => Some(Outcome::Draw),
            s => Some(Outcome::Win(if s == 1 { Player::FIRST } else { Player::SECOND })),
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.state != ONGOING
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn symmetries(&self) -> usize {
        if self.rules.width == self.rules.height { 8 } else { 4 }
    }

    /// Maps the stones; the open-window counts and the result are the
    /// same for every image, so they are copied, not recomputed.
    fn symmetric(&self, k: usize) -> Self {
        if k == 0 {
            return self.clone();
        }
        let mut img = self.clone();
        img.stones = [Bits::EMPTY; 2];
        img.rot = [[Bits::EMPTY; 3]; 2];
        img.near = Bits::EMPTY;
        img.key = if self.mover == 1 { SIDE_KEY } else { 0 };
        let table = (self.rules.radius > 0).then(|| neighbours(self.rules.radius));
        for (p, (set, keys)) in self.stones.iter().zip(ZOBRIST.iter()).enumerate() {
            for c in set.iter() {
                let m = self.map_cell(c, k);
                img.stones[p].set(m);
                for (r, t) in img.rot[p].iter_mut().zip(ROT.iter()) {
                    r.set(usize::from(t[m]));
                }
                img.key ^= keys[m];
                if let Some(t) = table {
                    img.near.or_with(&t[m]);
                }
            }
        }
        img
    }

    fn symmetric_move(&self, mv: Cell, k: usize) -> Option<Cell> {
        Some(Cell(self.map_cell(mv.index(), k) as u16))
    }
}

/// A uniformly random cell among those [`Game::moves`] lists (every empty
/// cell with radius 0, the empty cells within the radius of a stone
/// otherwise), by counting the candidate bits of the words that hold the
/// board and selecting one: no list, in the same order as `moves`
/// (increasing cell index), so a word `r` picks `moves[⌊r·k/2^64⌋]`.
impl RandomMove for Gomoku {
    #[inline]
    fn random_move(&self, r: u64) -> Option<Cell> {
        if self.state != ONGOING {
            return None;
        }
        if self.rules.radius > 0 && self.count == 0 {
            // The centre cells, as `moves` lists them (the empty board only).
            let mut centre = MoveList::new();
            self.moves(&mut centre);
            return Some(centre[index_below(r, centre.len() as u32) as usize]);
        }
        let board = board_mask(self.rules.width, self.rules.height);
        // The words up to the last cell, (height − 1)·STRIDE + width − 1.
        let words = ((usize::from(self.rules.height) - 1) * STRIDE + usize::from(self.rules.width))
            .div_ceil(64);
        let mut free = [0u64; 8];
        let mut counts = [0u32; 8];
        let mut n = 0;
        for w in 0..words {
            let mut f = board.0[w] & !self.stones[0].0[w] & !self.stones[1].0[w];
            if self.rules.radius > 0 {
                f &= self.near.0[w];
            }
            free[w] = f;
            counts[w] = f.count_ones();
            n += counts[w];
        }
        if n == 0 {
            return None; // (as `moves`: no candidate)
        }
        let mut i = index_below(r, n);
        for w in 0..words {
            if i < counts[w] {
                return Some(Cell((64 * w as u32 + select_bit(free[w], i)) as u16));
            }
            i -= counts[w];
        }
        unreachable!("the rank is below the number of candidates")
    }
}

impl Undo for Gomoku {
    fn undo(&mut self, mv: Cell) {
        self.take_back(mv.index());
        self.state = ONGOING;
        self.mover ^= 1;
        self.key ^= SIDE_KEY;
    }
}
