//! The text's strategies as reusable players: optimal, random (with its
//! end-game rule) and mixed; engine players live in [`crate::engines`].

use spielbaum_game_trait::{Game, NotationError, SplitMix64};

use crate::game::{SubtractionGame, Subtractions};
use crate::theory::{Classification, StrategyTable, sweep};

/// Numbers swept when looking for the period of a set (plenty for every
/// set of small numbers; the period of {3, 5, 11} shows after 19).
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 22;

/// A player: picks a move for the side to move of an unfinished position.
///
/// Generic over the game so that engine players of other games fit the
/// same matches later. `rng` is the match's generator, so a whole
/// simulation is reproducible from one seed.
pub trait Strategy<G: Game> {
    /// A short name for tables (`optimal`, `mixed:0.6`, …).
    fn name(&self) -> String;

    /// A legal move of `game` (which is not finished).
    fn choose(&mut self, game: &G, rng: &mut SplitMix64) -> G::Move;
}

impl<G: Game, S: Strategy<G> + ?Sized> Strategy<G> for Box<S> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, game: &G, rng: &mut SplitMix64) -> G::Move {
        (**self).choose(game, rng)
    }
}

/// Knows the colour of every number for one set S: a swept table for the
/// numbers up to the preperiod plus `max(S)` and the proved period beyond.
#[derive(Clone, Debug)]
pub struct Oracle {
    small: Classification,
    table: StrategyTable,
}

impl Oracle {
    /// Builds the oracle; errors if the set's period is not found within
    /// [`PERIOD_SEARCH_LIMIT`] numbers.
    pub fn new(rules: &Subtractions) -> Result<Self, NotationError> {
        let table = StrategyTable::build(rules, PERIOD_SEARCH_LIMIT)?.ok_or_else(|| {
            NotationError::option(
                rules.to_string(),
                format!("no period found within {PERIOD_SEARCH_LIMIT} numbers"),
            )
        })?;
        let p = table.periodicity;
        let small = sweep(rules, p.preperiod + p.period + u64::from(rules.max()))?;
        Ok(Oracle { small, table })
    }

    /// The rules.
    pub fn rules(&self) -> &Subtractions {
        &self.table.rules
    }

    /// The strategy table (period, red residues, winning moves).
    pub fn table(&self) -> &StrategyTable {
        &self.table
    }

    /// `true` if producing `k` wins for the producer: `k == 0` or `k` is a
    /// red (P-) number. Negative numbers are never red (they lose).
    pub fn is_red(&self, k: i64) -> bool {
        if k < 0 {
            return false;
        }
        let k = k as u64;
        self.small.is_red(k).unwrap_or_else(|| self.table.is_red(k))
    }

    /// The smallest winning subtraction from `n > 0`, if any.
    pub fn best_move(&self, n: i64) -> Option<u32> {
        self.rules().as_slice().iter().copied().find(|&d| self.is_red(n - i64::from(d)))
    }
}

/// The text's `nextMove.optimal`: the smallest winning subtraction; from a
/// red number (no win possible) the smallest number of S, which keeps the
/// game long and gives the opponent chances to err.
#[derive(Clone, Debug)]
pub struct Optimal {
    oracle: Oracle,
}

impl Optimal {
    /// The optimal player for `rules`.
    pub fn new(rules: &Subtractions) -> Result<Self, NotationError> {
        Ok(Optimal { oracle: Oracle::new(rules)? })
    }

    /// The move for `n > 0`.
    pub fn pick(&self, n: i64) -> u32 {
        self.oracle.best_move(n).unwrap_or_else(|| self.oracle.rules().min())
    }

    /// The oracle it plays by.
    pub fn oracle(&self) -> &Oracle {
        &self.oracle
    }
}

impl Strategy<SubtractionGame> for Optimal {
    fn name(&self) -> String {
        "optimal".into()
    }
    fn choose(&mut self, game: &SubtractionGame, _rng: &mut SplitMix64) -> u32 {
        self.pick(game.number())
    }
}

/// The text's `nextMove.random`, for any S: while `n > max(S)` a uniformly
/// random number of S; at the end (`n ≤ max(S)`, for {3, 5, 11} the text's
/// `n ≤ 11`) it produces 0 when `n` is in S, else it picks uniformly among
/// the numbers below `n` (no overshooting), else the smallest.
///
/// The text's R code, as printed, differs from its own description: its
/// test `n > 5 || n < 11` is always true, so for `n > 11` it only ever
/// picks 3 or 5. This player follows the description (3, 5 or 11 for
/// `n > 11`); see `docs/nim-variant.md`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Random {
    /// The move for `n > 0` under `rules`.
    pub fn pick(rules: &Subtractions, n: i64, rng: &mut SplitMix64) -> u32 {
        let s = rules.as_slice();
        if n > i64::from(rules.max()) {
            return s[rng.below(s.len())];
        }
        if let Ok(d) = u32::try_from(n)
            && rules.contains(d)
        {
            return d;
        }
        let below = s.iter().take_while(|&&d| i64::from(d) < n).count();
        if below == 0 { s[0] } else { s[rng.below(below)] }
    }
}

impl Strategy<SubtractionGame> for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, game: &SubtractionGame, rng: &mut SplitMix64) -> u32 {
        Random::pick(game.rules(), game.number(), rng)
    }
}

/// The text's `nextMove.prob`: each move, with probability `p` the
/// [`Optimal`] move, otherwise the [`Random`] one.
#[derive(Clone, Debug)]
pub struct Mixed {
    optimal: Optimal,
    p: f64,
}

impl Mixed {
    /// Optimal with probability `p` (in `0.0..=1.0`).
    pub fn new(rules: &Subtractions, p: f64) -> Result<Self, NotationError> {
        if !(0.0..=1.0).contains(&p) {
            return Err(NotationError::option(p.to_string(), "the probability must lie in 0..=1"));
        }
        Ok(Mixed { optimal: Optimal::new(rules)?, p })
    }

    /// The probability of an optimal move.
    pub fn p(&self) -> f64 {
        self.p
    }
}

impl Strategy<SubtractionGame> for Mixed {
    fn name(&self) -> String {
        format!("mixed:{}", self.p)
    }
    fn choose(&mut self, game: &SubtractionGame, rng: &mut SplitMix64) -> u32 {
        // Like the R code: one uniform draw, optimal unless it exceeds p.
        if rng.unit_f64() < self.p {
            self.optimal.pick(game.number())
        } else {
            Random::pick(game.rules(), game.number(), rng)
        }
    }
}
