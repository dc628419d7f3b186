//! Peg solitaire for the packed level engine of bfs-reach
//! ([`spielbaum_bfs_reach::packed`]): a [`LevelCodec`] for any board of at
//! most 37 holes and any start, normalised by the start's own stabiliser
//! among the board's symmetries (8 images on the English board from the
//! centre, the mirror on the French board from d2 or d3, none from c1) —
//! which keeps every count exact (see `docs/peg-solitaire.md`).
//!
//! - A packed key is the pegs at one bit per hole ([`Pack`]).
//! - Successors come straight from the jump masks (no move list), indexed
//!   by the removed peg; a successor's images are its parent's images XOR
//!   the jump's images (the symmetries are bit permutations), so its
//!   canonical form costs `K` XORs and `K − 1` minima, or one AVX-512
//!   vector XOR and reduction for `K = 8` ([`minima8`]).

use spielbaum_bfs_reach::cpu::{Avx512, Bmi2, Cpu, minima8, with_bmi2};
use spielbaum_bfs_reach::packed::{Expander, LevelCodec, MAX_KEY_BITS, Node, UseExpander};

use crate::board::Board;
use crate::geometry::Transform;
use crate::pack::{ByTables, Group, Pack, Tables};
use crate::position::{Jump, Peg};

/// The transforms of the start's stabiliser among the board's symmetries
/// (only the identity without `symmetry`).
pub(crate) fn stabiliser(start: &Peg<'_>, symmetry: bool) -> Vec<Transform> {
    let board = start.board();
    let (r, c) = board.size();
    let mut ts: Vec<Transform> = board
        .symmetries()
        .iter()
        .copied()
        .filter(|t| symmetry && t.apply(start.pegs(), r, c) == start.pegs())
        .collect();
    if !ts.contains(&Transform::Identity) {
        ts.insert(0, Transform::Identity);
    }
    ts
}

/// `true` if the packed engine takes the board (at most 37 holes).
pub(crate) fn applies(board: &Board) -> bool {
    board.holes() <= MAX_KEY_BITS
}

/// The codec of a board and a start's stabiliser of `K` elements.
pub(crate) struct PegCodec<'b, const K: usize> {
    board: &'b Board,
    start: u64,
    tables: Tables,
    group: Group<K>,
    /// The holes a horizontal and a vertical jump can remove a peg from.
    over: [u64; 2],
    /// The images of each jump's three bits, by removed peg (horizontal
    /// jumps, `jumps[0]`) and vertical ones (`jumps[1]`).
    jumps: Box<[[[u64; K]; 64]; 2]>,
    fan_in: u128,
}

impl<'b, const K: usize> PegCodec<'b, K> {
    /// The codec of `start`'s board with the group of the `K` transforms
    /// `ts` (the identity first); `None` if `ts` has another length.
    pub(crate) fn new(start: &Peg<'b>, ts: &[Transform]) -> Option<Self> {
        let board = start.board();
        let (r, c) = board.size();
        let group = Group::<K>::new(ts, r, c)?;
        // The holes a jump can remove a peg from: right of a horizontal
        // jump's start, below a vertical one's.
        let over = [board.jump_from(0) << 1, board.jump_from(2) << 8];
        let mut jumps = Box::new([[[0u64; K]; 64]; 2]);
        for (half, table) in jumps.iter_mut().enumerate() {
            for (b, s) in table.iter_mut().enumerate() {
                let b = b as u32;
                if over[half] >> b & 1 == 1 {
                    let from = if half == 0 { b - 1 } else { b - 8 };
                    *s = group.images(Jump::new(from, if half == 0 { 0 } else { 2 }).bits());
                }
            }
        }
        // A counter of the next level is the sum of at most `K × jumps on
        // the board` counters of this one (see `docs/peg-solitaire.md`).
        let jumps_on_board: u128 =
            (0..4).map(|d| u128::from(board.jump_from(d).count_ones())).sum::<u128>().max(1);
        Some(PegCodec {
            board,
            start: start.pegs(),
            tables: Tables::new(board),
            group,
            over,
            jumps,
            fan_in: jumps_on_board * K as u128,
        })
    }

    fn expander<P: Pack>(&self, pack: P, avx512: Option<Avx512>) -> PegExpander<'_, K, P> {
        PegExpander {
            pack,
            tables: &self.tables,
            group: &self.group,
            jumps: &self.jumps,
            over: self.over,
            mask: self.board.mask(),
            board: self.board,
            avx512,
        }
    }
}

impl<'b, const K: usize> LevelCodec for PegCodec<'b, K> {
    type Position = Peg<'b>;

    fn key_bits(&self) -> u32 {
        self.board.holes()
    }

    fn pack(&self, p: &Peg<'b>) -> u64 {
        self.tables.pack_tables(p.pegs())
    }

    fn unpack(&self, key: u64) -> Peg<'b> {
        Peg::new_unchecked(self.board, self.tables.unpack_tables(key))
    }

    fn canonical(&self, p: &Peg<'b>) -> u64 {
        let x = self.group.images(p.pegs()).into_iter().min().unwrap_or(p.pegs());
        self.tables.pack_tables(x)
    }

    fn members(&self, key: u64) -> Vec<u64> {
        let x = self.tables.unpack_tables(key);
        let mut out: Vec<u64> =
            self.group.images(x).iter().map(|&y| self.tables.pack_tables(y)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn group_size(&self) -> usize {
        K
    }

    fn fan_in(&self) -> u128 {
        self.fan_in
    }

    fn identity(&self) -> Vec<u64> {
        vec![self.board.mask(), self.start, K as u64]
    }

    fn with_expander<U: UseExpander>(&self, cpu: Cpu, u: U) -> U::Output {
        match cpu.bmi2() {
            // The same loop compiled for BMI2: `pext`/`pdep` keys.
            Some(b) => with_bmi2(b, || u.run(self.expander::<Bmi2>(b, cpu.avx512()))),
            None => u.run(self.expander(ByTables, cpu.avx512())),
        }
    }
}

/// The expander of [`PegCodec`] with the packer `P`.
#[derive(Clone, Copy)]
struct PegExpander<'a, const K: usize, P> {
    pack: P,
    tables: &'a Tables,
    group: &'a Group<K>,
    jumps: &'a [[[u64; K]; 64]; 2],
    over: [u64; 2],
    mask: u64,
    board: &'a Board,
    avx512: Option<Avx512>,
}

/// The scratch of [`PegExpander`]: the canonical successors of one
/// direction's jumps from the AVX-512 minima.
struct Canon([u64; 64]);

impl Default for Canon {
    fn default() -> Self {
        Canon([0; 64])
    }
}

impl<const K: usize, P: Pack> Expander for PegExpander<'_, K, P> {
    /// Jumps are indexed by the peg they remove: over a hole `o` at most
    /// one horizontal jump is legal (from `o − 1` to `o + 1` or back,
    /// never both: one of the two ends must be empty and the other
    /// filled), and it flips the same three bits either way; so do the
    /// vertical ones. The legal jumps are the bits of two words
    /// (horizontal, vertical), and a successor's images are the parent's
    /// images XOR the jump's.
    type Scratch = Canon;

    #[inline(always)]
    fn expand(
        &self,
        canon: &mut Canon,
        key: u64,
        last: bool,
        node: impl FnOnce(Node),
        mut succ: impl FnMut(u64),
    ) {
        let (mask, over, t) = (self.mask, self.over, self.tables);
        let x = self.pack.unpack(t, mask, key);
        let img = self.group.images(x);
        let fixing = img.iter().filter(|&&y| y == x).count();
        // fixing is 1, 2, 4 or 8 (a subgroup): no division.
        let orbit = (K >> fixing.trailing_zeros()) as u32;
        let empty = mask & !x;
        let h = x & over[0] & ((x << 1 & empty >> 1) | (x >> 1 & empty << 1));
        let v = x & over[1] & ((x << 8 & empty >> 8) | (x >> 8 & empty << 8));
        let moves = h.count_ones() + v.count_ones();
        if moves == 0 {
            node(Node { orbit, moves, goal: self.board.is_goal(x) });
            return;
        }
        node(Node { orbit, moves, goal: false });
        if !last {
            if K == 8
                && let Some(avx) = self.avx512
            {
                // The eight images' minima in vectors, then the keys.
                for (jumps, m) in [(&self.jumps[0], h), (&self.jumps[1], v)] {
                    let n = minima8(avx, &img, jumps, m, &mut canon.0);
                    for &k in &canon.0[..n] {
                        succ(self.pack.pack(t, mask, k));
                    }
                }
            } else {
                for (jumps, mut m) in [(&self.jumps[0], h), (&self.jumps[1], v)] {
                    while m != 0 {
                        let j = &jumps[(m.trailing_zeros() & 63) as usize];
                        m &= m - 1;
                        let mut k = img[0] ^ j[0];
                        for g in 1..K {
                            k = k.min(img[g] ^ j[g]);
                        }
                        succ(self.pack.pack(t, mask, k));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use spielbaum_bfs_reach::{Control, LevelStats, PackedBfs, Summary};

    use super::*;

    /// The run of `start` to `depth` levels with `m` paths to the start on
    /// the processor `cpu`, and the paths ending with one peg per hole.
    fn run_with(start: &Peg<'_>, depth: u32, m: u64, cpu: Cpu) -> (Summary, Vec<(u32, u128)>) {
        let ts = stabiliser(start, true);
        match ts.len() {
            1 => run_k::<1>(start, &ts, depth, m, cpu),
            2 => run_k::<2>(start, &ts, depth, m, cpu),
            4 => run_k::<4>(start, &ts, depth, m, cpu),
            _ => run_k::<8>(start, &ts, depth, m, cpu),
        }
    }

    fn run_k<const K: usize>(
        start: &Peg<'_>,
        ts: &[Transform],
        depth: u32,
        m: u64,
        cpu: Cpu,
    ) -> (Summary, Vec<(u32, u128)>) {
        let codec = PegCodec::<K>::new(start, ts).unwrap();
        let mut one = Vec::new();
        let bfs = PackedBfs::new().max_depth(depth).threads(2).start_paths(m).cpu(cpu);
        let s = bfs
            .run(&codec, start, |_, view| {
                for (key, count) in view.iter() {
                    let members = view.members(key);
                    let each = count / members.len() as u128;
                    for mk in members {
                        let x = view.position(mk).pegs();
                        if x.count_ones() == 1 {
                            one.push((x.trailing_zeros(), each));
                        }
                    }
                }
                Control::Continue
            })
            .unwrap();
        one.sort_unstable();
        (s, one)
    }

    /// Every path counter scales with the paths to the start: started at
    /// `m` paths, a run counts `m` times the paths of a run started at 1
    /// and the same positions. Big `m` give counters past 39 bits from
    /// the first level (escaped records, one and three words) and past the
    /// bound that switches to `u128` counters.
    #[test]
    fn big_counters_scale_exactly() {
        let (small, _) = Board::parse_mask("small", ".111.\n11111\n11111\n11111\n.111.").unwrap();
        let (english, french) = (Board::english(), Board::french());
        let starts = [
            (small.start_at("c3").unwrap(), 20),
            (english.start_at("d4").unwrap(), 12),
            (english.start_at("c1").unwrap(), 9),
            (french.start_at("d3").unwrap(), 9),
        ];
        let esc = u64::MAX >> 25;
        let cpu = Cpu::from_env();
        for (start, depth) in starts {
            let (one, one_peg) = run_with(&start, depth, 1, cpu);
            for m in [esc - 1, esc, esc + 1, 1 << 47, (1 << 55) + 3, u64::MAX] {
                let (big, big_peg) = run_with(&start, depth, m, cpu);
                let m = u128::from(m);
                assert_eq!(big.levels.len(), one.levels.len());
                for (b, o) in big.levels.iter().zip(&one.levels) {
                    let scaled = LevelStats {
                        paths: o.paths * m,
                        dead_end_paths: o.dead_end_paths * m,
                        goal_paths: o.goal_paths * m,
                        ..o.clone()
                    };
                    assert_eq!(b, &scaled, "{m}");
                }
                let scaled: Vec<(u32, u128)> = one_peg.iter().map(|&(h, n)| (h, n * m)).collect();
                assert_eq!(big_peg, scaled);
                assert_eq!(big.complete, one.complete);
            }
        }
    }

    /// The portable path and every extension this processor has give the
    /// same levels (each run gets its processor as a value: tests running
    /// at the same time do not interfere).
    #[test]
    fn portable_and_simd_paths_agree() {
        let all = Cpu::detect();
        if all.is_portable() {
            eprintln!("skipped: this processor has none of BMI2, AVX2, AVX-512F");
            return;
        }
        let (english, french) = (Board::english(), Board::french());
        let starts = [
            (english.start_at("d4").unwrap(), 10),
            (english.start_at("c1").unwrap(), 8),
            (french.start_at("d3").unwrap(), 7),
        ];
        for (start, depth) in starts {
            let (fast, fast_one) = run_with(&start, depth, 1, all);
            let (portable, portable_one) = run_with(&start, depth, 1, Cpu::portable());
            assert_eq!(fast.levels.len(), depth as usize + 1);
            assert_eq!(fast, portable);
            assert_eq!(fast_one, portable_one);
        }
    }
}
