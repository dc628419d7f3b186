//! Solving: one solution by depth-first search with a table of dead
//! positions and pagoda pruning, the position-class test that proves many
//! start/goal pairs impossible at once, and the count of positions from
//! which the goal can still be reached.

use rustc_hash::FxHashSet;
use spielbaum_bfs_reach::{Control, LevelBfs, Progress, RunError};
use spielbaum_game_trait::{Game, MoveList};

use crate::board::{Board, Goal, bits};
use crate::params::{ENDGAME_DIVISOR, ENDGAME_MAX_PEGS, PAGODA_MAX_HOLES};
use crate::position::{Jump, Peg};

/// The position class (Conway): four parities that no jump changes. Label
/// hole `(r, c)` by `(r + c) mod 3` and `(r − c) mod 3`; a jump covers three
/// consecutive holes of a row or column, one of each label, so it flips the
/// parity of the number of pegs on every label. The parities of the sums of
/// two labels are therefore invariant: positions of different classes can
/// never be reached from each other.
pub fn position_class(pegs: u64) -> u8 {
    let (mut a, mut b) = ([0u32; 3], [0u32; 3]);
    for i in bits(pegs) {
        let (r, c) = ((i / 8) as i32, (i % 8) as i32);
        a[(r + c).rem_euclid(3) as usize] += 1;
        b[(r - c).rem_euclid(3) as usize] += 1;
    }
    (((a[0] + a[1]) & 1)
        | ((a[1] + a[2]) & 1) << 1
        | ((b[0] + b[1]) & 1) << 2
        | ((b[1] + b[2]) & 1) << 3) as u8
}

/// A pagoda function: a weight per hole such that no jump increases the
/// total weight of the pegs (`w(from) + w(over) ≥ w(to)` for every jump).
/// A position whose weight is below the goal's cannot reach the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pagoda {
    weights: Vec<(u32, i32)>,
}

impl Pagoda {
    /// The pagoda with weight 1 on the holes of `set`, if it is one.
    pub fn ones(board: &Board, set: u64) -> Option<Pagoda> {
        let p = Pagoda { weights: bits(set).map(|i| (i, 1)).collect() };
        p.is_valid(board).then_some(p)
    }

    /// The total weight of `pegs`.
    pub fn value(&self, pegs: u64) -> i32 {
        self.weights.iter().filter(|&&(i, _)| pegs >> i & 1 == 1).map(|&(_, w)| w).sum()
    }

    fn weight(&self, i: u32) -> i32 {
        self.weights.iter().find(|&&(h, _)| h == i).map_or(0, |&(_, w)| w)
    }

    /// `true` if no jump of the board increases the weight.
    pub fn is_valid(&self, board: &Board) -> bool {
        all_jumps(board)
            .all(|j| self.weight(j.from()) + self.weight(j.over()) >= self.weight(j.to()))
    }

    /// The smallest set pagoda (weights 0/1, at most `max` holes) that
    /// contains `hole`, found by a depth-first search over the jumps that
    /// would break it; `None` if there is none that small.
    pub fn around(board: &Board, hole: u32, max: u32) -> Option<Pagoda> {
        let jumps: Vec<Jump> = all_jumps(board).collect();
        fn grow(jumps: &[Jump], set: u64, max: u32) -> Option<u64> {
            if set.count_ones() > max {
                return None;
            }
            // The first jump into the set whose other two holes are outside.
            let Some(j) = jumps.iter().find(|j| {
                set >> j.to() & 1 == 1 && set >> j.from() & 1 == 0 && set >> j.over() & 1 == 0
            }) else {
                return Some(set);
            };
            let a = grow(jumps, set | 1 << j.over(), max);
            let b = grow(jumps, set | 1 << j.from(), max);
            match (a, b) {
                (Some(x), Some(y)) => Some(if x.count_ones() <= y.count_ones() { x } else { y }),
                (x, y) => x.or(y),
            }
        }
        let set = grow(&jumps, 1 << hole, max)?;
        Pagoda::ones(board, set)
    }
}

/// Every jump the board allows (ignoring pegs).
pub fn all_jumps(board: &Board) -> impl Iterator<Item = Jump> + '_ {
    (0..4u32).flat_map(move |d| bits(board.jump_from(d as usize)).map(move |f| Jump::new(f, d)))
}

/// Counters of a [`solve`] run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Positions visited.
    pub nodes: u64,
    /// Visits cut short because the position (up to symmetry) was already
    /// known to be dead.
    pub dead_hits: u64,
    /// Visits cut short by a pagoda function.
    pub pagoda_prunes: u64,
    /// Dead positions stored.
    pub dead_positions: usize,
    /// Visits cut at the end-game level (not in the table).
    pub endgame_cuts: u64,
}

/// Why there is no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSolution {
    /// Start and goal are in different position classes (no search needed).
    PositionClass,
    /// The search tried everything.
    Exhausted,
}

/// Finds one solution from `start` to the board's goal: the jumps in order,
/// or why there is none. `progress` is called every 2^16 positions with the
/// positions visited so far and may stop the search
/// ([`RunError::Stopped`]).
///
/// With a goal hole: the position-class test, then a depth-first search
/// with a table of dead positions (up to symmetry), a pagoda function
/// around the goal, and an end-game table: the positions with
/// [`endgame_pegs`] pegs that can still reach the goal, found by a level
/// search on the inverse board from the inverse of the goal (see
/// [`count_solvable`]); the search stops descending there. With
/// [`Goal::OnePeg`] every hole of the start's position class is tried as the
/// goal in turn.
pub fn solve(
    start: &Peg<'_>,
    mut progress: impl FnMut(Progress) -> Control,
) -> Result<(Result<Vec<Jump>, NoSolution>, SolveStats), RunError> {
    let board = start.board();
    match board.goal() {
        Goal::Hole(h) => solve_hole(start, h, &mut progress),
        Goal::OnePeg => {
            let class = position_class(start.pegs());
            let mut total = SolveStats::default();
            let mut any = false;
            // Try the holes of the start's class, the empty holes of the
            // start first (the "complement" problem is often solvable),
            // then by distance from the centre of the board.
            let (rows, cols) = board.size();
            let dist = |h: u32| {
                let (r, c) = ((h / 8) as i32 * 2, (h % 8) as i32 * 2);
                (r - i32::from(rows) + 1).abs() + (c - i32::from(cols) + 1).abs()
            };
            let empty = board.mask() & !start.pegs();
            let mut holes: Vec<u32> =
                bits(board.mask()).filter(|&h| position_class(1 << h) == class).collect();
            holes.sort_by_key(|&h| (empty >> h & 1 == 0, dist(h)));
            for h in holes {
                any = true;
                let b = board.clone().with_goal(Goal::Hole(h as u8)).expect("a hole of the board");
                let s = b.position(start.pegs()).expect("same holes");
                let (r, st) = solve_hole(&s, h as u8, &mut progress)?;
                total.nodes += st.nodes;
                total.dead_hits += st.dead_hits;
                total.pagoda_prunes += st.pagoda_prunes;
                total.dead_positions += st.dead_positions;
                total.endgame_cuts += st.endgame_cuts;
                if r.is_ok() {
                    return Ok((r, total));
                }
            }
            let why = if any { NoSolution::Exhausted } else { NoSolution::PositionClass };
            Ok((Err(why), total))
        }
    }
}

/// The number of pegs at which [`solve`] consults its end-game table: a
/// third of the holes, at most 12 (see [`params`](crate::params)).
pub fn endgame_pegs(board: &Board) -> u32 {
    (board.holes() / ENDGAME_DIVISOR).min(ENDGAME_MAX_PEGS)
}

/// The positions with `pegs` pegs from which one peg in `hole` can be
/// reached, as canonical keys of their inverses (under the symmetries that
/// fix the inverse of the goal).
struct Endgame {
    pegs: u32,
    set: FxHashSet<u64>,
    group: Vec<crate::Transform>,
    mask: u64,
    size: (u8, u8),
}

impl Endgame {
    fn build(board: &Board, hole: u8, pegs: u32) -> Result<Endgame, RunError> {
        let inverse = Peg::new_unchecked(board, board.mask() & !(1u64 << hole));
        let (r, c) = board.size();
        let group: Vec<crate::Transform> = board
            .symmetries()
            .iter()
            .copied()
            .filter(|t| t.apply(inverse.pegs(), r, c) == inverse.pegs())
            .collect();
        let mut set = FxHashSet::default();
        // Depth d from the inverse holds inverses of positions with d + 1 pegs.
        let depth = pegs - 1;
        LevelBfs::new().max_depth(depth).run(&inverse, |stats, view| {
            if stats.depth == depth {
                set.extend(view.iter().map(|(k, _)| k));
            }
            Control::Continue
        })?;
        Ok(Endgame { pegs, set, group, mask: board.mask(), size: (r, c) })
    }

    fn contains(&self, pegs: u64) -> bool {
        let inv = self.mask & !pegs;
        let (r, c) = self.size;
        let key = self.group.iter().map(|t| t.apply(inv, r, c)).min().unwrap_or(inv);
        self.set.contains(&key)
    }
}

fn solve_hole(
    start: &Peg<'_>,
    hole: u8,
    progress: &mut impl FnMut(Progress) -> Control,
) -> Result<(Result<Vec<Jump>, NoSolution>, SolveStats), RunError> {
    let board = start.board();
    let stats = SolveStats::default();
    if position_class(start.pegs()) != position_class(1 << hole) {
        return Ok((Err(NoSolution::PositionClass), stats));
    }
    let pagoda = Pagoda::around(board, u32::from(hole), PAGODA_MAX_HOLES);
    let goal_value = pagoda.as_ref().map_or(0, |p| p.value(1 << hole));
    let k = endgame_pegs(board);
    let endgame = if start.count() > k + 1 { Some(Endgame::build(board, hole, k)?) } else { None };
    let mut search = Search {
        dead: FxHashSet::default(),
        path: Vec::with_capacity(64),
        lists: (0..64).map(|_| MoveList::new()).collect(),
        pagoda,
        goal_value,
        endgame,
        stats,
        progress,
    };
    let found = search.dfs(*start, 0)?;
    search.stats.dead_positions = search.dead.len();
    let stats = search.stats;
    Ok((if found { Ok(search.path) } else { Err(NoSolution::Exhausted) }, stats))
}

struct Search<'p, F> {
    dead: FxHashSet<u64>,
    path: Vec<Jump>,
    lists: Vec<MoveList<Jump>>,
    pagoda: Option<Pagoda>,
    goal_value: i32,
    endgame: Option<Endgame>,
    stats: SolveStats,
    progress: &'p mut F,
}

impl<F: FnMut(Progress) -> Control> Search<'_, F> {
    fn dfs(&mut self, pos: Peg<'_>, ply: usize) -> Result<bool, RunError> {
        self.stats.nodes += 1;
        if self.stats.nodes & 0xffff == 0 {
            let p = Progress {
                phase: "solve",
                level: pos.count(),
                done: self.stats.nodes,
                total: None,
            };
            if (self.progress)(p).is_stop() {
                return Err(RunError::Stopped);
            }
        }
        // At the end-game level, only positions in the table go on; the rest
        // of the way is a short search without the table.
        if let Some(eg) = &self.endgame
            && pos.count() == eg.pegs
        {
            if !eg.contains(pos.pegs()) {
                self.stats.endgame_cuts += 1;
                return Ok(false);
            }
            let saved = self.endgame.take();
            let found = self.dfs_plain(pos, ply)?;
            self.endgame = saved;
            return Ok(found);
        }
        self.dfs_plain(pos, ply)
    }

    fn dfs_plain(&mut self, pos: Peg<'_>, ply: usize) -> Result<bool, RunError> {
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        pos.moves(&mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return Ok(pos.board().is_goal(pos.pegs()));
        }
        let key = pos.canonical_key();
        if self.dead.contains(&key) {
            self.stats.dead_hits += 1;
            self.lists[ply] = list;
            return Ok(false);
        }
        if let Some(p) = &self.pagoda
            && p.value(pos.pegs()) < self.goal_value
        {
            self.stats.pagoda_prunes += 1;
            self.lists[ply] = list;
            return Ok(false);
        }
        for i in 0..list.len() {
            let mv = list[i];
            self.path.push(mv);
            if self.dfs(pos.after(mv), ply + 1)? {
                self.lists[ply] = list;
                return Ok(true);
            }
            self.path.pop();
        }
        self.lists[ply] = list;
        self.dead.insert(key);
        Ok(false)
    }
}

/// Positions reachable from the start from which the goal can still be
/// reached, per number of pegs (`(pegs, real positions)`, the start first).
///
/// Uses the inverse board: `p` can reach the goal `g` exactly when the
/// inverse of `g` can reach the inverse of `p` (play the jumps backwards).
/// So one level search from `g.inverse()` collects the inverses of all
/// positions that can reach `g`, and a second from the start tests every
/// reachable position against them. Needs a goal hole.
pub fn count_solvable(start: &Peg<'_>) -> Result<Vec<(u32, u64)>, RunError> {
    let board = start.board();
    let Goal::Hole(h) = board.goal() else {
        return Err(RunError::Checkpoint("count_solvable needs a goal hole".into()));
    };
    let goal_inverse = Peg::new_unchecked(board, board.mask() & !(1u64 << h));
    let (r, c) = board.size();
    let stab = |p: u64| -> Vec<crate::Transform> {
        board.symmetries().iter().copied().filter(|t| t.apply(p, r, c) == p).collect()
    };
    let hg = stab(goal_inverse.pegs());
    let hs = stab(start.pegs());
    let canon_g = |p: u64| hg.iter().map(|t| t.apply(p, r, c)).min().unwrap_or(p);
    // Inverses of the positions that reach the goal, by number of pegs of
    // the position itself: a backward level with k pegs holds inverses of
    // positions with holes − k pegs.
    let holes = board.holes();
    let mut reach_goal: Vec<FxHashSet<u64>> = (0..=holes).map(|_| FxHashSet::default()).collect();
    LevelBfs::new().run(&goal_inverse, |stats, view| {
        let pegs_of_position = holes - (goal_inverse.count() - stats.depth);
        let set = &mut reach_goal[pegs_of_position as usize];
        set.extend(view.iter().map(|(k, _)| k));
        Control::Continue
    })?;
    let once_per_class = hs.iter().all(|t| hg.contains(t));
    let mut out = Vec::new();
    LevelBfs::new().run(start, |stats, view| {
        let pegs = start.count() - stats.depth;
        let set = &reach_goal[pegs as usize];
        let mask = board.mask();
        let mut n = 0u64;
        for (key, _) in view.iter() {
            if once_per_class {
                if set.contains(&canon_g(mask & !key)) {
                    n += view.orbit_size(key) as u64;
                }
            } else {
                n += view
                    .members(key)
                    .into_iter()
                    .filter(|&q| set.contains(&canon_g(mask & !q)))
                    .count() as u64;
            }
        }
        out.push((pegs, n));
        Control::Continue
    })?;
    Ok(out)
}
