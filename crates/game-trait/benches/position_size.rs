//! Two design questions for large positions, measured on a Gomoku-sized
//! position (15×15: two 256-bit stone sets, four directions of per-line
//! pattern counters kept up to date incrementally; 312 bytes):
//!
//! 1. **Copy-make or make/undo?** A walk that makes every node (as a search
//!    that evaluates its leaves does) by copy-make (clone the position,
//!    play the move on the copy) against the same walk by make/undo (play
//!    and take back); and the trait's `perft` against `perft_undo` (which
//!    count the last ply's moves without making them).
//! 2. **Move lists of 225 moves.** [`MoveList`] holds
//!    [`INLINE_MOVES`](spielbaum_game_trait::INLINE_MOVES) = 64 moves inline
//!    and spills to the heap beyond; engines keep one list per ply and
//!    clear it, so it spills once per ply. Measured against a list with
//!    room for 256 moves inline (what a generic list length would give),
//!    and against a fresh list per node (what reusing avoids).
//!
//! `cargo bench -p spielbaum-game-trait --bench position_size`; every
//! iteration asserts the node count, which an independent count (the
//! number of ordered move sequences, `e·(e−1)·…`) gives. With the
//! environment variable `POSITION_SIZE_ONE=MODE` (`copy`, `undo`,
//! `list64`, `list256`, `fresh`; `base` only sets the boards up) the binary runs that walk once and exits,
//! for instruction counts under `valgrind --tool=callgrind`, which do not
//! depend on the machine's load.

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use smallvec::SmallVec;
use spielbaum_game_trait::{Game, MoveList, Outcome, Player, Undo, perft, perft_undo};

const SIDE: usize = 15;
const CELLS: usize = SIDE * SIDE;
/// Lines per direction (rows, columns, two diagonal families, padded).
const LINES: usize = 2 * SIDE;

/// A Gomoku-sized position: stones, per-line stone counts for both players
/// in four directions (updated by every move), side to move.
#[derive(Clone, Debug)]
struct Big {
    stones: [[u64; 4]; 2],
    lines: [[[u8; LINES]; 4]; 2],
    mover: u8,
    placed: u16,
    /// Moves still allowed before the position counts as finished (perft
    /// depth is what limits the tree here).
    empties: u16,
}

fn line_ids(sq: usize) -> [usize; 4] {
    let (r, c) = (sq / SIDE, sq % SIDE);
    [r, c, r + c, r + SIDE - 1 - c]
}

impl Big {
    /// A board with `filled` stones placed in a fixed pattern.
    fn with_stones(filled: usize) -> Self {
        let mut b = Big {
            stones: [[0; 4]; 2],
            lines: [[[0; LINES]; 4]; 2],
            mover: 0,
            placed: 0,
            empties: CELLS as u16,
        };
        for i in 0..filled {
            b.play(((i * 7) % CELLS) as u16);
        }
        b
    }

    /// Appends the empty squares, by scanning the words' set bits.
    fn empties_into<L: Extend<u16>>(&self, list: &mut L) {
        for w in 0..4 {
            let valid = if w == 3 { (1u64 << (CELLS - 192)) - 1 } else { u64::MAX };
            let mut empty = !(self.stones[0][w] | self.stones[1][w]) & valid;
            while empty != 0 {
                list.extend(Some((w * 64) as u16 + empty.trailing_zeros() as u16));
                empty &= empty - 1;
            }
        }
    }

    fn toggle(&mut self, sq: u16, who: usize, add: bool) {
        let sq = sq as usize;
        self.stones[who][sq / 64] ^= 1 << (sq % 64);
        for (dir, line) in line_ids(sq).into_iter().enumerate() {
            let c = &mut self.lines[who][dir][line];
            *c = if add { *c + 1 } else { *c - 1 };
        }
    }
}

impl Game for Big {
    type Move = u16;

    fn to_move(&self) -> Player {
        if self.mover == 0 { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, moves: &mut MoveList<u16>) {
        self.empties_into(moves);
    }

    fn play(&mut self, mv: u16) {
        self.toggle(mv, self.mover as usize, true);
        self.mover ^= 1;
        self.placed += 1;
        self.empties -= 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.empties == 0).then_some(Outcome::Draw)
    }

    fn key(&self) -> u64 {
        self.stones[0][0] ^ self.stones[1][1].rotate_left(17) ^ u64::from(self.mover)
    }
}

impl Undo for Big {
    fn undo(&mut self, mv: u16) {
        self.mover ^= 1;
        self.placed -= 1;
        self.empties += 1;
        self.toggle(mv, self.mover as usize, false);
    }
}

/// Perft with a list type of the caller's choice, one list per ply.
fn perft_with<L: Default + Extend<u16> + core::ops::Deref<Target = [u16]>>(
    g: &Big,
    depth: u32,
    lists: &mut [L],
    clear: fn(&mut L),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("a list per ply");
    clear(list);
    g.empties_into(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for i in 0..list.len() {
        total += perft_with(&g.after(list[i]), depth - 1, rest, clear);
    }
    total
}

/// Visits every node to `depth` (each leaf made too, as a search that
/// evaluates it does), copy-make; one list per ply. Returns the leaves.
fn walk_copy(g: &Big, depth: u32, lists: &mut [MoveList<u16>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("a list per ply");
    list.clear();
    g.moves(list);
    let mut total = 0;
    for i in 0..list.len() {
        total += walk_copy(&g.after(list[i]), depth - 1, rest);
    }
    total
}

/// [`walk_copy`] by make/undo on one position.
fn walk_undo(g: &mut Big, depth: u32, lists: &mut [MoveList<u16>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("a list per ply");
    list.clear();
    g.moves(list);
    let mut total = 0;
    for i in 0..list.len() {
        let mv = list[i];
        g.play(mv);
        total += walk_undo(g, depth - 1, rest);
        g.undo(mv);
    }
    total
}

/// Perft that makes a fresh `MoveList` at every node.
fn perft_fresh(g: &Big, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    g.moves(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter().map(|&mv| perft_fresh(&g.after(mv), depth - 1)).sum()
}

/// Ordered move sequences of `depth` moves over `empties` squares.
fn sequences(empties: u64, depth: u32) -> u64 {
    (0..u64::from(depth)).map(|i| empties - i).product()
}

fn benches(c: &mut Criterion) {
    println!("position size: {} bytes", core::mem::size_of::<Big>());
    // 1. Copy-make against make/undo: 60 empty squares, depth 3.
    let mid = Big::with_stones(CELLS - 60);
    let want = sequences(60, 3);
    let mut g = c.benchmark_group("copy_vs_undo_312_bytes");
    let mut lists: Vec<MoveList<u16>> = (0..3).map(|_| MoveList::new()).collect();
    g.bench_function("copy-make", |b| {
        b.iter(|| assert_eq!(walk_copy(black_box(&mid), 3, &mut lists), want));
    });
    g.bench_function("make-undo", |b| {
        let mut pos = mid.clone();
        b.iter(|| assert_eq!(walk_undo(black_box(&mut pos), 3, &mut lists), want));
    });
    // The trait's perft pair (leaves counted, not made).
    g.bench_function("perft copy-make", |b| {
        b.iter(|| assert_eq!(perft(black_box(&mid), 3), want));
    });
    g.bench_function("perft make-undo", |b| {
        b.iter(|| assert_eq!(perft_undo(black_box(&mid), 3), want));
    });
    g.finish();

    // 2. Lists of ~200 moves: 200 empty squares, depth 2.
    let open = Big::with_stones(CELLS - 200);
    let want = sequences(200, 2);
    let mut g = c.benchmark_group("move_lists_200_moves");
    g.bench_function("MoveList<64> reused (spills once per ply)", |b| {
        let mut lists: Vec<MoveList<u16>> = (0..2).map(|_| MoveList::new()).collect();
        b.iter(|| assert_eq!(perft_with(black_box(&open), 2, &mut lists, |l| l.clear()), want));
    });
    g.bench_function("SmallVec<256> reused (inline)", |b| {
        let mut lists: Vec<SmallVec<[u16; 256]>> = (0..2).map(|_| SmallVec::new()).collect();
        b.iter(|| assert_eq!(perft_with(black_box(&open), 2, &mut lists, |l| l.clear()), want));
    });
    g.bench_function("MoveList<64> fresh per node", |b| {
        b.iter(|| assert_eq!(perft_fresh(black_box(&open), 2), want));
    });
    g.finish();
}

/// One walk of `mode`, for instruction counts.
fn one(mode: &str) {
    let mid = Big::with_stones(CELLS - 60);
    let open = Big::with_stones(CELLS - 200);
    let mut lists: Vec<MoveList<u16>> = (0..3).map(|_| MoveList::new()).collect();
    let nodes = match mode {
        "copy" => walk_copy(&mid, 3, &mut lists),
        "undo" => walk_undo(&mut mid.clone(), 3, &mut lists),
        "base" => 0,
        "list64" => {
            let mut lists: Vec<MoveList<u16>> = (0..2).map(|_| MoveList::new()).collect();
            perft_with(&open, 2, &mut lists, |l| l.clear())
        }
        "list256" => {
            let mut lists: Vec<SmallVec<[u16; 256]>> = (0..2).map(|_| SmallVec::new()).collect();
            perft_with(&open, 2, &mut lists, |l| l.clear())
        }
        "fresh" => perft_fresh(&open, 2),
        other => panic!("unknown mode {other:?}: copy, undo, list64, list256, fresh"),
    };
    let want = match mode {
        "copy" | "undo" => sequences(60, 3),
        "base" => 0,
        _ => sequences(200, 2),
    };
    assert_eq!(nodes, want);
    println!("{mode}: {nodes} leaves");
}

criterion_group!(position_size, benches);

fn main() {
    if let Ok(mode) = std::env::var("POSITION_SIZE_ONE") {
        one(&mode);
        return;
    }
    position_size();
    Criterion::default().configure_from_args().final_summary();
}
