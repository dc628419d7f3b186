//! The text's strategies as agents ([`Agent`]): optimal, random (with its
//! end-game rule) and mixed. The engines (negamax, MCTS) are agents of
//! their own crates; [`parse_player`] reads the text's players by name.

use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, History, NotationError, SplitMix64, legal_moves_of,
};

use crate::game::{SubtractionGame, Subtractions};
use crate::theory::{Classification, StrategyTable, sweep};

/// Numbers swept when looking for the period of a set (plenty for every
/// set of small numbers; the period of {3, 5, 11} shows after 19).
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 22;

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
/// game long and gives the opponent chances to err. As an [`Agent`] it
/// reports the exact value of the position as the probability that the
/// side to move wins: 1 or 0.
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

impl Agent<SubtractionGame> for Optimal {
    fn name(&self) -> String {
        "optimal".into()
    }
    fn choose(
        &mut self,
        game: &History<SubtractionGame>,
        _limits: &AgentLimits,
    ) -> Result<Decision<u32>, AgentError> {
        legal_moves_of(game)?;
        let n = game.position().number();
        // The oracle knows the value exactly: the side to move wins if and
        // only if it has a winning move.
        let win = self.oracle.best_move(n).is_some();
        let mut decision = Decision::new(self.pick(n));
        decision.win_probability = Some(if win { 1.0 } else { 0.0 });
        Ok(decision)
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
///
/// Its choices follow from its seed ([`Random::new`]).
#[derive(Clone, Debug)]
pub struct Random {
    rng: SplitMix64,
}

impl Random {
    /// The random player, its choices drawn from `seed`.
    pub fn new(seed: u64) -> Self {
        Random { rng: SplitMix64::new(seed) }
    }

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

impl Agent<SubtractionGame> for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(
        &mut self,
        game: &History<SubtractionGame>,
        _limits: &AgentLimits,
    ) -> Result<Decision<u32>, AgentError> {
        legal_moves_of(game)?;
        let g = game.position();
        Ok(Decision::new(Random::pick(g.rules(), g.number(), &mut self.rng)))
    }
}

/// The text's `nextMove.prob`: each move, with probability `p` the
/// [`Optimal`] move, otherwise the [`Random`] one.
#[derive(Clone, Debug)]
pub struct Mixed {
    optimal: Optimal,
    p: f64,
    rng: SplitMix64,
}

impl Mixed {
    /// Optimal with probability `p` (in `0.0..=1.0`), its draws from
    /// `seed`.
    pub fn new(rules: &Subtractions, p: f64, seed: u64) -> Result<Self, NotationError> {
        if !(0.0..=1.0).contains(&p) {
            return Err(NotationError::option(p.to_string(), "the probability must lie in 0..=1"));
        }
        Ok(Mixed { optimal: Optimal::new(rules)?, p, rng: SplitMix64::new(seed) })
    }

    /// The probability of an optimal move.
    pub fn p(&self) -> f64 {
        self.p
    }
}

impl Agent<SubtractionGame> for Mixed {
    fn name(&self) -> String {
        format!("mixed:{}", self.p)
    }
    fn choose(
        &mut self,
        game: &History<SubtractionGame>,
        _limits: &AgentLimits,
    ) -> Result<Decision<u32>, AgentError> {
        legal_moves_of(game)?;
        let g = game.position();
        // Like the R code: one uniform draw, optimal unless it exceeds p.
        let d = if self.rng.unit_f64() < self.p {
            self.optimal.pick(g.number())
        } else {
            Random::pick(g.rules(), g.number(), &mut self.rng)
        };
        Ok(Decision::new(d))
    }
}

/// Reads one of the text's players: `optimal`, `random` or `mixed:P`
/// (optimal with probability P in 0..=1); `seed` seeds the random ones.
/// (The engines are agents of their own crates.)
///
/// ```
/// use spielbaum_nim_variant::{parse_player, Subtractions};
/// use spielbaum_game_trait::Agent;
/// let p = parse_player("mixed:0.6", &Subtractions::CLASSIC, 1).unwrap();
/// assert_eq!(p.name(), "mixed:0.6");
/// assert!(parse_player("mixed:2", &Subtractions::CLASSIC, 1).is_err());
/// assert!(parse_player("clever", &Subtractions::CLASSIC, 1).is_err());
/// ```
pub fn parse_player(
    spec: &str,
    rules: &Subtractions,
    seed: u64,
) -> Result<Box<dyn Agent<SubtractionGame>>, NotationError> {
    let spec_t = spec.trim();
    match spec_t.split_once(':') {
        None if spec_t == "optimal" => Ok(Box::new(Optimal::new(rules)?)),
        None if spec_t == "random" => Ok(Box::new(Random::new(seed))),
        None if spec_t == "mixed" => {
            Err(NotationError::option(spec, "give the probability, e.g. mixed:0.6"))
        }
        Some(("mixed", p)) => {
            let p: f64 = p
                .trim()
                .parse()
                .map_err(|_| NotationError::option(p, "not a probability (a number in 0..=1)"))?;
            Ok(Box::new(Mixed::new(rules, p, seed)?))
        }
        _ => Err(NotationError::option(spec, "unknown player; players: optimal, random, mixed:P")),
    }
}
