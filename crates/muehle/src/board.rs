//! The boards as data: points, lines, mills, neighbours and symmetries.
//!
//! A board is described by its lines only (each a run of two or three
//! points joined on the drawing, by name); everything else is derived:
//! - the points are the names on the lines, ordered by file then rank
//!   (`a1 a4 a7 b2 … g7` on the standard board), and point `i` is bit `i`
//!   of a stone mask;
//! - two points are neighbours when they follow each other on a line;
//! - every line of three points is a mill;
//! - the symmetries are the maps of the eight symmetries of the square,
//!   each also combined with swapping the inner and outer rings, that map
//!   points, neighbours and mills onto themselves (checked, not assumed).

use std::sync::LazyLock;

/// The most points a board has (a stone mask is a `u32` with this many
/// low bits in use).
pub const MAX_POINTS: usize = 24;

/// The padding of [`Board`]'s neighbour lists: a bit position above every
/// point, so that a mask of points shifted by it is 0.
pub(crate) const NO_POINT: u8 = 31;

/// The most symmetries a board has (8 of the square × ring swap).
pub const MAX_SYMMETRIES: usize = 16;

/// The board and the traditional rules that go with it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// Three Men's Morris: a 3×3 grid with both diagonals, 3 stones each,
    /// no captures: closing a mill wins.
    Three,
    /// Six Men's Morris: two squares joined at their midpoints, 6 stones.
    Six,
    /// Nine Men's Morris (Mühle), the standard game: three squares, 9
    /// stones.
    #[default]
    Nine,
    /// Twelve Men's Morris: the standard board with the four corner
    /// diagonals, 12 stones.
    Twelve,
}

impl Variant {
    /// Every variant, smallest first.
    pub const ALL: [Variant; 4] = [Variant::Three, Variant::Six, Variant::Nine, Variant::Twelve];

    /// The lower-case name the command line uses: `three`, `six`, `nine`,
    /// `twelve`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Three => "three",
            Variant::Six => "six",
            Variant::Nine => "nine",
            Variant::Twelve => "twelve",
        }
    }

    /// Reads a [`name`](Variant::name) (ASCII case ignored; `3`, `6`, `9`,
    /// `12` too); the error lists the names.
    pub fn parse(text: &str) -> Result<Variant, String> {
        let t = text.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == t || v.stones().to_string() == t)
            .ok_or_else(|| format!("unknown variant {text:?}; expected three, six, nine or twelve"))
    }

    /// The traditional number of stones per player.
    pub const fn stones(self) -> u8 {
        match self {
            Variant::Three => 3,
            Variant::Six => 6,
            Variant::Nine => 9,
            Variant::Twelve => 12,
        }
    }

    /// The board of this variant.
    pub fn board(self) -> &'static Board {
        &BOARDS[self as usize]
    }
}

impl core::str::FromStr for Variant {
    type Err = String;

    /// See [`Variant::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::parse(s)
    }
}

impl core::fmt::Display for Variant {
    /// The [`name`](Variant::name).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

const NINE_LINES: [&str; 16] = [
    "a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5", "b6 d6 f6", "a7 d7 g7",
    "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7",
];
const TWELVE_DIAGONALS: [&str; 4] = ["a1 b2 c3", "g1 f2 e3", "a7 b6 c5", "g7 f6 e5"];
const SIX_LINES: [&str; 12] = [
    "a1 c1 e1", "b2 c2 d2", "b4 c4 d4", "a5 c5 e5", "a1 a3 a5", "b2 b3 b4", "d2 d3 d4", "e1 e3 e5",
    "c1 c2", "a3 b3", "d3 e3", "c4 c5",
];
const THREE_LINES: [&str; 8] = [
    "a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3", "c1 b2 a3",
];

static BOARDS: LazyLock<[Board; 4]> = LazyLock::new(|| {
    let twelve: Vec<&str> = NINE_LINES.iter().chain(TWELVE_DIAGONALS.iter()).copied().collect();
    [
        Board::from_lines(Variant::Three, 3, &THREE_LINES),
        Board::from_lines(Variant::Six, 5, &SIX_LINES),
        Board::from_lines(Variant::Nine, 7, &NINE_LINES),
        Board::from_lines(Variant::Twelve, 7, &twelve),
    ]
});

/// A board: points, lines, mills, neighbour masks and symmetry tables.
///
/// Point `i` is bit `i` of a stone mask; points are ordered by file, then
/// rank.
#[derive(Debug)]
pub struct Board {
    variant: Variant,
    names: Vec<String>,
    coords: Vec<(i8, i8)>,
    lines: Vec<Vec<u8>>,
    all: u32,
    neighbours: [u32; MAX_POINTS],
    /// The neighbours of each point in increasing order, padded with
    /// [`NO_POINT`]; complete only if `adjacent_lists`.
    pub(crate) adjacent: [[u8; 4]; MAX_POINTS],
    /// `true` if no point has more than four neighbours (`adjacent`
    /// lists them all).
    pub(crate) adjacent_lists: bool,
    mills: Vec<u32>,
    mills_at: [[u32; 4]; MAX_POINTS],
    mills_at_len: [u8; MAX_POINTS],
    /// Points where four lines meet (four neighbours or more).
    crossings: u32,
    perms: Vec<[u8; MAX_POINTS]>,
    /// The bit-parallel line views, where the lines allow them.
    pub(crate) triples: Option<crate::lines::Triples>,
    /// The dual mask of each point where the board has triples (0
    /// otherwise), for positions to keep their dual masks.
    pub(crate) dual_bit: [u64; MAX_POINTS],
    /// The dual mask of every point (0 without triples).
    pub(crate) dual_all: u64,
    /// Per symmetry, the image of each byte of a mask.
    byte_maps: Vec<[[u32; 256]; 3]>,
}

impl Board {
    fn from_lines(variant: Variant, size: i8, lines: &[&str]) -> Board {
        let parse = |n: &str| -> (i8, i8) {
            let b = n.as_bytes();
            ((b[0] - b'a') as i8, (b[1] - b'1') as i8)
        };
        let mut coords: Vec<(i8, i8)> =
            lines.iter().flat_map(|l| l.split(' ')).map(parse).collect();
        coords.sort_unstable();
        coords.dedup();
        assert!(coords.len() <= MAX_POINTS, "too many points");
        let index = |c: (i8, i8)| coords.iter().position(|&d| d == c);
        let lines: Vec<Vec<u8>> = lines
            .iter()
            .map(|l| l.split(' ').map(|n| index(parse(n)).expect("point") as u8).collect())
            .collect();
        let mut neighbours = [0u32; MAX_POINTS];
        let mut mills = Vec::new();
        let mut mills_at = [[0u32; 4]; MAX_POINTS];
        let mut mills_at_len = [0u8; MAX_POINTS];
        for line in &lines {
            for w in line.windows(2) {
                neighbours[w[0] as usize] |= 1 << w[1];
                neighbours[w[1] as usize] |= 1 << w[0];
            }
            if line.len() == 3 {
                let m = line.iter().fold(0u32, |m, &p| m | 1 << p);
                mills.push(m);
                for &p in line {
                    let n = &mut mills_at_len[p as usize];
                    mills_at[p as usize][*n as usize] = m;
                    *n += 1;
                }
            }
        }
        let names =
            coords.iter().map(|&(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1)).collect();
        let all = ((1u64 << coords.len()) - 1) as u32;
        let mut adjacent = [[NO_POINT; 4]; MAX_POINTS];
        let adjacent_lists = neighbours.iter().all(|n| n.count_ones() <= 4);
        for (p, list) in adjacent.iter_mut().enumerate() {
            let mut rest = neighbours[p];
            for slot in list.iter_mut() {
                if rest != 0 {
                    *slot = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                }
            }
        }
        let mut board = Board {
            variant,
            names,
            coords,
            lines,
            all,
            neighbours,
            adjacent,
            adjacent_lists,
            mills,
            mills_at,
            mills_at_len,
            crossings: (0..MAX_POINTS)
                .filter(|&p| neighbours[p].count_ones() >= 4)
                .fold(0, |m, p| m | 1 << p),
            perms: Vec::new(),
            triples: None,
            dual_bit: [0; MAX_POINTS],
            dual_all: 0,
            byte_maps: Vec::new(),
        };
        board.perms = board.find_symmetries(size);
        board.byte_maps = board
            .perms
            .iter()
            .map(|perm| {
                let mut maps = [[0u32; 256]; 3];
                for (b, map) in maps.iter_mut().enumerate() {
                    for (v, out) in map.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let p = b * 8 + bit;
                            if v >> bit & 1 == 1 && p < board.len() {
                                *out |= 1 << perm[p];
                            }
                        }
                    }
                }
                maps
            })
            .collect();
        board.triples = crate::lines::Triples::find(&board);
        if let Some(t) = &board.triples {
            board.dual_bit = t.bit;
            board.dual_all = t.dual(all);
        }
        board
    }

    /// The maps of the square's symmetries (and ring swaps) that preserve
    /// points, neighbours and mills; the identity first.
    fn find_symmetries(&self, size: i8) -> Vec<[u8; MAX_POINTS]> {
        let c = (size - 1) / 2;
        let d4 = |k: usize, dx: i8, dy: i8| -> (i8, i8) {
            match k {
                0 => (dx, dy),
                1 => (-dy, dx),
                2 => (-dx, -dy),
                3 => (dy, -dx),
                4 => (-dx, dy),
                5 => (dx, -dy),
                6 => (dy, dx),
                _ => (-dy, -dx),
            }
        };
        let mut found: Vec<[u8; MAX_POINTS]> = Vec::new();
        for swap in [false, true] {
            'k: for k in 0..8 {
                let mut perm = [0u8; MAX_POINTS];
                for (i, &(x, y)) in self.coords.iter().enumerate() {
                    let (mut dx, mut dy) = (x - c, y - c);
                    if swap {
                        let d = dx.abs().max(dy.abs());
                        if d == 0 {
                            continue 'k;
                        }
                        let d2 = c + 1 - d;
                        if dx % d != 0 || dy % d != 0 {
                            continue 'k;
                        }
                        dx = dx / d * d2;
                        dy = dy / d * d2;
                    }
                    let (ex, ey) = d4(k, dx, dy);
                    match self.coords.iter().position(|&q| q == (ex + c, ey + c)) {
                        Some(j) => perm[i] = j as u8,
                        None => continue 'k,
                    }
                }
                let map = |m: u32| -> u32 {
                    (0..self.len()).filter(|&p| m >> p & 1 == 1).fold(0, |a, p| a | 1 << perm[p])
                };
                let keeps_neighbours = (0..self.len())
                    .all(|p| map(self.neighbours[p]) == self.neighbours[perm[p] as usize]);
                let keeps_mills = self.mills.iter().all(|&m| self.mills.contains(&map(m)));
                if keeps_neighbours && keeps_mills && !found.contains(&perm) {
                    found.push(perm);
                }
            }
        }
        found
    }

    /// The variant this board belongs to.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// `false`: a board has points.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The mask of every point.
    #[inline]
    pub fn all(&self) -> u32 {
        self.all
    }

    /// The name of point `p` (`a1` …).
    pub fn name(&self, p: usize) -> &str {
        &self.names[p]
    }

    /// The names of all points, in point order.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.names.iter().map(String::as_str)
    }

    /// The point called `name` (ASCII case ignored).
    pub fn point(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n.eq_ignore_ascii_case(name))
    }

    /// The grid coordinates `(file, rank)` of point `p`, from 0.
    pub fn coords(&self, p: usize) -> (i8, i8) {
        self.coords[p]
    }

    /// The lines of the drawing (runs of two or three points).
    pub fn lines(&self) -> &[Vec<u8>] {
        &self.lines
    }

    /// The neighbours of point `p` as a mask.
    #[inline]
    pub fn neighbours(&self, p: usize) -> u32 {
        self.neighbours[p]
    }

    /// The points with four neighbours or more, as a mask.
    #[inline]
    pub fn crossings(&self) -> u32 {
        self.crossings
    }

    /// The mills (masks of three points).
    pub fn mills(&self) -> &[u32] {
        &self.mills
    }

    /// The mills through point `p`.
    #[inline]
    pub fn mills_at(&self, p: usize) -> &[u32] {
        &self.mills_at[p][..self.mills_at_len[p] as usize]
    }

    /// `true` if a stone put on `p` next to `stones` completes a mill.
    #[inline]
    pub fn closes_mill(&self, stones: u32, p: usize) -> bool {
        let s = stones | 1 << p;
        for &m in self.mills_at(p) {
            if s & m == m {
                return true;
            }
        }
        false
    }

    /// The stones of `stones` that stand in a complete mill.
    #[inline]
    pub fn in_mills(&self, stones: u32) -> u32 {
        let mut out = 0;
        for &m in &self.mills {
            if stones & m == m {
                out |= m;
            }
        }
        out
    }

    /// The points next to any of `stones`.
    #[inline]
    pub fn neighbours_of(&self, stones: u32) -> u32 {
        let mut out = 0;
        let mut s = stones;
        while s != 0 {
            out |= self.neighbours[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        out
    }

    /// Number of symmetries (1 to 16).
    pub fn symmetries(&self) -> usize {
        self.perms.len()
    }

    /// Where symmetry `k` sends point `p`.
    #[inline]
    pub fn map_point(&self, k: usize, p: usize) -> usize {
        self.perms[k][p] as usize
    }

    /// The dual mask of `stones` (0 on a board without triples; see
    /// [`crate::lines::Triples`]).
    #[inline]
    pub(crate) fn dual(&self, stones: u32) -> u64 {
        self.triples.as_ref().map_or(0, |t| t.dual(stones))
    }

    /// The image of a stone mask under symmetry `k`.
    #[inline]
    pub fn map_mask(&self, k: usize, m: u32) -> u32 {
        let t = &self.byte_maps[k];
        t[0][(m & 0xff) as usize] | t[1][(m >> 8 & 0xff) as usize] | t[2][(m >> 16 & 0xff) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_board_shape() {
        let b = Variant::Nine.board();
        let names: Vec<&str> = b.names().collect();
        assert_eq!(
            names.join(" "),
            "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7"
        );
        assert_eq!(b.mills().len(), 16);
        let edges: u32 = (0..24).map(|p| b.neighbours(p).count_ones()).sum();
        assert_eq!(edges, 2 * 32, "32 connections on the standard board");
        assert_eq!(b.symmetries(), 16);
    }

    #[test]
    fn variant_shapes() {
        let three = Variant::Three.board();
        assert_eq!((three.len(), three.mills().len(), three.symmetries()), (9, 8, 8));
        let six = Variant::Six.board();
        assert_eq!((six.len(), six.mills().len(), six.symmetries()), (16, 8, 16));
        let twelve = Variant::Twelve.board();
        assert_eq!((twelve.len(), twelve.mills().len(), twelve.symmetries()), (24, 20, 16));
    }

    #[test]
    fn mask_maps_agree_with_point_maps() {
        for v in Variant::ALL {
            let b = v.board();
            for k in 0..b.symmetries() {
                for p in 0..b.len() {
                    assert_eq!(b.map_mask(k, 1 << p), 1 << b.map_point(k, p));
                }
            }
        }
    }
}
