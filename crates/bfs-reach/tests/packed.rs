//! The packed level engine against a plain per-level hash map without
//! symmetry and against the generic level engine, on a small square
//! peg-solitaire board written here from scratch, through a codec written
//! from the game's `Game` methods (no packing tricks); and its checkpoints.

use proptest::prelude::*;
use spielbaum_bfs_reach::cpu::Cpu;
use spielbaum_bfs_reach::packed::{Expander, LevelCodec, Node, UseExpander};
use spielbaum_bfs_reach::{Control, LevelBfs, LevelStats, PackedBfs, Summary};
use spielbaum_game_trait::{Game, MoveList};

/// Peg solitaire on an n×n square (bit r*n+c), all 8 symmetries.
mod common;

use common::square::{Square, plain};

/// A codec of `Square` through its `Game` methods, normalised by the
/// start's stabiliser among the 8 symmetries (or none).
struct SquareCodec {
    n: u32,
    group: Vec<usize>,
    start: u64,
}

impl SquareCodec {
    fn new(start: &Square, symmetry: bool) -> SquareCodec {
        let group = (0..8)
            .filter(|&k| k == 0 || (symmetry && start.symmetric(k).pegs == start.pegs))
            .collect();
        SquareCodec { n: start.n, group, start: start.pegs }
    }
    fn sq(&self, pegs: u64) -> Square {
        Square { n: self.n, pegs }
    }
}

#[derive(Clone, Copy)]
struct SquareExpander<'a>(&'a SquareCodec);

impl Expander for SquareExpander<'_> {
    type Scratch = ();
    fn expand(
        &self,
        _: &mut (),
        key: u64,
        last: bool,
        node: impl FnOnce(Node),
        mut succ: impl FnMut(u64),
    ) {
        let c = self.0;
        let g = c.sq(key);
        let fixing = c.group.iter().filter(|&&k| g.symmetric(k).pegs == key).count();
        let mut m = MoveList::new();
        g.moves(&mut m);
        let goal = m.is_empty() && key.count_ones() == 1;
        node(Node { orbit: (c.group.len() / fixing) as u32, moves: m.len() as u32, goal });
        if !last {
            for &mv in m.iter() {
                succ(c.canonical(&g.after(mv)));
            }
        }
    }
}

impl LevelCodec for SquareCodec {
    type Position = Square;
    fn key_bits(&self) -> u32 {
        // Four bits more than the holes: 16 partitions on the 5 × 5 board.
        self.n * self.n + 4
    }
    fn pack(&self, p: &Square) -> u64 {
        p.pegs
    }
    fn unpack(&self, key: u64) -> Square {
        self.sq(key)
    }
    fn canonical(&self, p: &Square) -> u64 {
        self.group.iter().map(|&k| p.symmetric(k).pegs).min().unwrap()
    }
    fn members(&self, key: u64) -> Vec<u64> {
        let mut m: Vec<u64> = self.group.iter().map(|&k| self.sq(key).symmetric(k).pegs).collect();
        m.sort_unstable();
        m.dedup();
        m
    }
    fn group_size(&self) -> usize {
        self.group.len()
    }
    fn fan_in(&self) -> u128 {
        // At most 4 jumps into a position per removed-peg hole, per image.
        4 * u128::from(self.n * self.n) * self.group.len() as u128
    }
    fn identity(&self) -> Vec<u64> {
        vec![u64::from(self.n), self.start, self.group.len() as u64]
    }
    fn with_expander<U: UseExpander>(&self, _: Cpu, u: U) -> U::Output {
        u.run(SquareExpander(self))
    }
}

fn packed(start: &Square, symmetry: bool, threads: usize, bfs: PackedBfs<'_>) -> Summary {
    let codec = SquareCodec::new(start, symmetry);
    bfs.threads(threads).run(&codec, start, |_, _| Control::Continue).unwrap()
}

fn check(start: Square) {
    let want = plain(&start);
    for (symmetry, threads) in [(false, 1), (true, 1), (true, 2)] {
        let got = packed(&start, symmetry, threads, PackedBfs::new());
        assert!(got.complete);
        assert_eq!(got.levels.len(), want.len());
        for (d, (g, w)) in got.levels.iter().zip(&want).enumerate() {
            assert_eq!(g.depth as usize, d);
            assert_eq!(
                (g.positions, g.paths, g.dead_ends, g.dead_end_paths),
                *w,
                "level {d}, symmetry {symmetry}"
            );
        }
        // The generic engine stores the same classes under the same group.
        let generic = LevelBfs::new().symmetry(symmetry).run(&start, |_, _| Control::Continue);
        let strip = |l: &LevelStats| LevelStats { by_orbit: Vec::new(), ..l.clone() };
        let generic: Vec<LevelStats> = generic.unwrap().levels.iter().map(strip).collect();
        assert_eq!(got.levels.iter().map(strip).collect::<Vec<_>>(), generic);
    }
}

#[test]
fn corner_centre_and_wide_starts_match_plain_bfs() {
    check(Square { n: 4, pegs: 0xffff & !(1 << 5) });
    check(Square { n: 4, pegs: 0xffff & !1 });
    // Keys of 29 bits: 16 partitions.
    check(Square { n: 5, pegs: 0x0f7_bdef & !(1 << 12) });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
    #[test]
    fn random_starts_match_plain_bfs(pegs in 0u64..(1 << 16)) {
        check(Square { n: 4, pegs });
    }
}

/// A run stopped after a level resumes from its checkpoint with the same
/// figures and does not compute the finished levels again.
#[test]
fn checkpoints_resume() {
    let start = Square { n: 5, pegs: 0x0f7_bdef & !(1 << 12) };
    let full = packed(&start, true, 2, PackedBfs::new());
    let dir = std::env::temp_dir().join(format!("spielbaum-packed-ck-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let codec = SquareCodec::new(&start, true);
    let first = PackedBfs::new()
        .checkpoint(&dir)
        .run(&codec, &start, |s, _| if s.depth == 6 { Control::Stop } else { Control::Continue })
        .unwrap();
    assert!(!first.complete);
    assert_eq!(first.levels, full.levels[..7]);
    let mut worked = Vec::new();
    let second = PackedBfs::new()
        .checkpoint(&dir)
        .progress(|p| {
            worked.push(p.level);
            Control::Continue
        })
        .run(&codec, &start, |_, _| Control::Continue)
        .unwrap();
    assert_eq!(second.levels, full.levels);
    assert!(second.complete);
    assert_eq!(second.resumed_levels, 7);
    assert!(worked.iter().all(|&l| l >= 7), "{worked:?}");
    // Another start's codec refuses the checkpoint.
    let other = Square { n: 5, pegs: 0x0f7_bdef & !1 };
    let err = PackedBfs::new()
        .checkpoint(&dir)
        .run(&SquareCodec::new(&other, true), &other, |_, _| Control::Continue)
        .unwrap_err();
    assert!(err.to_string().contains("written for another run"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
