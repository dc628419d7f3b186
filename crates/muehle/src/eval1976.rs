//! The evaluation table of Vernazza and Bärtschi, "Mühlespiel mit dem
//! Computer" (1976): fifteen criteria with a weight per game phase. Their
//! program looked one ply ahead with it, so `OnePly::new(Eval1976)` is the
//! 1976 program.
//!
//! The text's diagrams are lost; each criterion is reconstructed from its
//! prose, its weights and the two worked examples (`docs/muehle.md` gives
//! the reasoning). The text calls the side it plays for C (computer) and
//! the other S (Spieler). It evaluates the position after C's move, so
//! here C is the player who has just moved, S the side to move, and
//! [`Evaluator::evaluate`] returns the negated table value (the value for
//! the side to move). Values are in hundredths of the text's points (its
//! weights have one decimal, criterion 15 two).

use spielbaum_game_trait::{Evaluator, Game, Player, Score, clamp_eval};

use crate::position::Position;

/// The game phases of the text, seen from C (the player who just moved).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase1976 {
    /// Placing: both have placed fewer than 7 stones.
    A,
    /// Placing: one has placed 6 stones, the other 7.
    B,
    /// Placing: both have placed 7.
    C,
    /// Placing: one 7, the other 8.
    D,
    /// Placing: both 8.
    E,
    /// Placing: one 8, the other 9.
    F,
    /// Both move.
    G,
    /// C moves, S flies.
    H,
    /// C flies, S moves.
    I,
    /// Both fly.
    J,
}

impl Phase1976 {
    /// The phase of `pos` for C = `c`.
    pub fn of(pos: &Position, c: Player) -> Phase1976 {
        let s = c.other();
        if pos.in_hand(c) > 0 || pos.in_hand(s) > 0 {
            let stones = u32::from(pos.rules().stones);
            let placed = |p: Player| stones - u32::from(pos.in_hand(p));
            // The text's stages count up to the last stone of Nine Men's
            // Morris; other stone counts are mapped so that the last three
            // stones of each player fall in stages B-F.
            let shift = stones.saturating_sub(9);
            let (a, b) = {
                let (x, y) = (placed(c).saturating_sub(shift), placed(s).saturating_sub(shift));
                (x.min(y), x.max(y))
            };
            return match (a, b) {
                (8, _) if b >= 9 => Phase1976::F,
                (8, 8) => Phase1976::E,
                (7, 8) => Phase1976::D,
                (7, 7) => Phase1976::C,
                (6, 7) => Phase1976::B,
                _ => Phase1976::A,
            };
        }
        let flies = |p: Player| pos.rules().flying && pos.stones(p).count_ones() == 3;
        match (flies(c), flies(s)) {
            (false, false) => Phase1976::G,
            (false, true) => Phase1976::H,
            (true, false) => Phase1976::I,
            (true, true) => Phase1976::J,
        }
    }

    /// The column of the weight table: the text gives A, G, H, I and J and
    /// says that B-F differ only slightly from A, without their values, so
    /// B-F use A's weights.
    fn column(self) -> usize {
        match self {
            Phase1976::G => 1,
            Phase1976::H => 2,
            Phase1976::I => 3,
            Phase1976::J => 4,
            _ => 0,
        }
    }
}

/// The weights of criteria 1-14 in hundredths, columns A, G, H, I, J.
/// Criterion 4 in phase H and criterion 15 are rules, not numbers
/// (`H4_*`, [`mobility_value`]); criterion 14 has three rows (its three
/// cases).
pub const WEIGHTS: [[i32; 5]; 13] = [
    [150, 150, 150, 150, 150],       // 1 free neighbour points per stone
    [1400, 0, 0, 0, 0],              // 2 stone on a crossing (four lines)
    [12000, 4000, 4000, 0, 0],       // 3 mill of C
    [0, 12000, 0, 100000, 100000],   // 4 new mill of C (H: see H4_*)
    [800, 0, 0, 4000, 800],          // 5 C-C-. and C-.-C
    [-9000, 0, -9000, 0, -90000],    // 6 S-S-. and S-.-S
    [700, 0, 0, 1400, 700],          // 7 two C lines crossing at an empty point
    [6000, 1000, 1000, 5000, 80000], // 8 two C twos crossing at a C stone
    [-4000, 0, -3000, 0, -70000],    // 9 two S lines crossing at an empty point
    [-2000, 0, 0, 0, -60000],        // 10 S stone with two empty lines
    [1500, 0, 0, 200, 200],          // 11 C stone with two empty lines
    [2000, 3000, 3000, 0, 0],        // 12 C stone next to a mill of S
    [0, -9000, 0, -90000, 0],        // 13 open mills of S - new mills of C
];

/// Criterion 14, open unendangered mill of C, in its three cases (rows)
/// and the phases A, G, H, I, J (columns).
pub const WEIGHTS_14: [[i32; 5]; 3] = [
    [0, 9000, 9000, 0, 0], // S has no open mill
    [0, 4500, 4500, 0, 0], // both have an open and a closed mill
    [0, 0, 0, 0, 0],       // otherwise
];

/// Criterion 4 in phase H: 1000 points if S has no mill, else 0.
pub const H4_NO_MILL: i32 = 100_000;

/// Criterion 15 (phases G and I): `20 / (x + 0.01)` points for S's `x`
/// possible moves, in hundredths, rounded: `200000 / (100 x + 1)`.
pub fn mobility_value(x: u32) -> i32 {
    let d = 100 * i64::from(x) + 1;
    ((200_000 + d / 2) / d) as i32
}

/// The criteria of one position: the counts and the values (hundredths).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Breakdown {
    /// The phase, from C's side.
    pub phase: Phase1976,
    /// What each criterion counted (index 0 = criterion 1); criterion 15
    /// counts S's moves.
    pub counts: [i32; 15],
    /// Each criterion's value in hundredths of the text's points.
    pub values: [i32; 15],
}

impl Breakdown {
    /// The sum of the values (C's point of view), in hundredths.
    pub fn total(&self) -> i32 {
        self.values.iter().sum()
    }
}

/// The 1976 evaluator (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct Eval1976;

/// Pairs of lines that share exactly one point, as `(line, line, point)`.
fn crossings(pos: &Position) -> impl Iterator<Item = (u32, u32, usize)> + '_ {
    let mills = pos.board().mills();
    mills.iter().enumerate().flat_map(move |(i, &m1)| {
        mills[i + 1..].iter().filter_map(move |&m2| {
            let common = m1 & m2;
            (common.count_ones() == 1).then(|| (m1, m2, common.trailing_zeros() as usize))
        })
    })
}

impl Eval1976 {
    /// Every criterion of `pos` from the side of `c` (the text's C).
    pub fn breakdown(&self, pos: &Position, c: Player) -> Breakdown {
        let s = c.other();
        let board = pos.board();
        let (cs, ss) = (pos.stones(c), pos.stones(s));
        let empty = pos.empty();
        let phase = Phase1976::of(pos, c);
        let col = phase.column();
        let mut counts = [0i32; 15];
        let ones = |x: u32| x.count_ones() as i32;
        // 1: free neighbour points, per stone of C.
        counts[0] = (0..board.len())
            .filter(|&p| cs >> p & 1 == 1)
            .map(|p| ones(board.neighbours(p) & empty))
            .sum();
        // 2: stones of C on a crossing (a point with four lines).
        counts[1] = (0..board.len())
            .filter(|&p| cs >> p & 1 == 1 && board.neighbours(p).count_ones() >= 4)
            .count() as i32;
        // 3: mills of C.
        counts[2] = pos.closed_mills(c) as i32;
        // 4: new mill of C: the move just made took a stone.
        counts[3] = i32::from(pos.last_move_took());
        // 5, 6: two stones in a line with the third point empty.
        counts[4] = pos.twos(c).count() as i32;
        counts[5] = pos.twos(s).count() as i32;
        // 7, 9: two lines crossing at an empty point, each with exactly one
        // stone of the player and otherwise empty.
        let single = |m: u32, own: u32| ones(own & m) == 1 && ones(empty & m) == 2;
        counts[6] = crossings(pos)
            .filter(|&(a, b, p)| empty >> p & 1 == 1 && single(a, cs) && single(b, cs))
            .count() as i32;
        counts[8] = crossings(pos)
            .filter(|&(a, b, p)| empty >> p & 1 == 1 && single(a, ss) && single(b, ss))
            .count() as i32;
        // 8: two lines crossing at a stone of C, each with two stones of C
        // and an empty point (a double threat).
        let two = |m: u32| ones(cs & m) == 2 && ones(empty & m) == 1;
        counts[7] =
            crossings(pos).filter(|&(a, b, p)| cs >> p & 1 == 1 && two(a) && two(b)).count() as i32;
        // 10, 11: a stone whose lines (at least two) hold no other stone.
        let free_lines = |own: u32| -> i32 {
            (0..board.len())
                .filter(|&p| {
                    own >> p & 1 == 1
                        && board.mills_at(p).len() >= 2
                        && board.mills_at(p).iter().all(|&m| (m & !(1 << p)) & !empty == 0)
                })
                .count() as i32
        };
        counts[9] = free_lines(ss);
        counts[10] = free_lines(cs);
        // 12: stones of C next to a stone of a mill of S.
        counts[11] = ones(cs & board.neighbours_of(board.in_mills(ss)));
        // 13: open mills of S minus new mills of C.
        let open_s = pos.open_mills(s) as i32;
        counts[12] = open_s - counts[3];
        // 14: open mills of C whose empty point no stone of S stands next to.
        let unendangered = pos
            .twos(c)
            .filter(|&(m, gap)| pos.can_reach(c, gap, m) && board.neighbours(gap) & ss == 0)
            .count() as i32;
        counts[13] = unendangered;
        // 15: S's possible moves.
        counts[14] = pos.mobility(s) as i32;

        let mut values = [0i32; 15];
        for i in 0..13 {
            values[i] = WEIGHTS[i][col] * counts[i];
        }
        if phase == Phase1976::H {
            values[3] = counts[3] * if pos.closed_mills(s) == 0 { H4_NO_MILL } else { 0 };
        }
        let case = if open_s == 0 {
            0
        } else if pos.open_mills(c) > 0 && pos.closed_mills(c) > 0 && pos.closed_mills(s) > 0 {
            1
        } else {
            2
        };
        values[13] = WEIGHTS_14[case][col] * counts[13];
        values[14] = if matches!(phase, Phase1976::G | Phase1976::I) {
            mobility_value(counts[14] as u32)
        } else {
            0
        };
        // Criterion 1 is worth 1.5 per point: the table's hundredths keep
        // it exact.
        Breakdown { phase, counts, values }
    }
}

impl Evaluator<Position> for Eval1976 {
    fn evaluate(&self, game: &Position) -> Score {
        let c = game.to_move().other();
        clamp_eval(-i64::from(self.breakdown(game, c).total()))
    }
}
