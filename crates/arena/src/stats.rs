//! Match statistics: the Elo difference with a 95% interval (trinomial for
//! single games, pentanomial for paired games), the likelihood of
//! superiority, and the sequential probability ratio test.
//!
//! Conventions (those of cutechess-cli, fastchess and fishtest):
//! - A score `s` (wins plus half the draws, per game) maps to the logistic
//!   Elo difference `-400·log10(1/s − 1)`.
//! - The interval is `s ± 1.959964·se` mapped to Elo, with `se` the
//!   standard error of the mean score: per game for W/D/L counts, per pair
//!   for the pentanomial counts of paired games (each opening played with
//!   both colours), which removes the openings' bias from the variance.
//! - LOS is `Φ((s − 0.5)/se)`.
//! - SPRT is the generalised SPRT of fishtest in its normal
//!   approximation: `LLR = n·(s1 − s0)·(2s − s0 − s1) / (2σ²)` with `s0`,
//!   `s1` the scores of the hypotheses' Elo values, `s` and `σ²` the mean
//!   and variance per unit (game or pair) and `n` the units. The counts get
//!   half a game (pair) in each category first, the Jeffreys prior of the
//!   multinomial: a one-sided record then has a variance, and a single pair
//!   of wins cannot decide the test (with zero counts regularised to a tiny
//!   number instead, one won pair gives an LLR near 18).

/// The 97.5% quantile of the standard normal distribution.
pub const Z_975: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Games in all.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game: `+1` win, `0` draw, `-1` loss.
    pub fn add(&mut self, result: i32) {
        match result.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// The counts as (per-game score, count) pairs.
    fn units(&self) -> [(f64, f64); 3] {
        [(1.0, self.wins as f64), (0.5, self.draws as f64), (0.0, self.losses as f64)]
    }
}

/// Pairs of games by their summed score for one agent: index `k` counts
/// the pairs scoring `k/2` points (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Adds a pair from the two games' results (`+1`, `0`, `-1` each).
    pub fn add(&mut self, a: i32, b: i32) {
        let k = (a.signum() + 1 + b.signum() + 1) as usize;
        self.0[k] += 1;
    }

    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The counts as (per-game score, count) pairs.
    fn units(&self) -> [(f64, f64); 5] {
        let c = |k: usize| (k as f64 / 4.0, self.0[k] as f64);
        [c(0), c(1), c(2), c(3), c(4)]
    }
}

/// The logistic Elo difference of a score `s` in `[0, 1]` (±∞ at the ends).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function Φ.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function (Chebyshev fit, relative error below
/// 1.2·10⁻⁷ everywhere; Press et al., Numerical Recipes, §6.2).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Mean and variance per unit, and the number of units, of weighted
/// per-game scores.
fn moments(units: &[(f64, f64)]) -> (f64, f64, f64) {
    let n: f64 = units.iter().map(|u| u.1).sum();
    if n == 0.0 {
        return (0.5, 0.0, 0.0);
    }
    let mean = units.iter().map(|(x, c)| x * c).sum::<f64>() / n;
    let var = units.iter().map(|(x, c)| c * (x - mean) * (x - mean)).sum::<f64>() / n;
    (mean, var, n)
}

/// What a match says about agent A against agent B.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// A's mean score per game.
    pub score: f64,
    /// The Elo difference A − B.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub elo_low: f64,
    /// Upper end of the 95% interval.
    pub elo_high: f64,
    /// Likelihood of superiority: the probability that A is stronger.
    pub los: f64,
    /// Standard error of the mean score.
    pub stderr: f64,
}

fn estimate(units: &[(f64, f64)]) -> Estimate {
    let (s, var, n) = moments(units);
    let se = if n > 0.0 { (var / n).sqrt() } else { 0.0 };
    let los = if se > 0.0 {
        normal_cdf((s - 0.5) / se)
    } else if s > 0.5 {
        1.0
    } else if s < 0.5 {
        0.0
    } else {
        0.5
    };
    Estimate {
        score: s,
        elo: elo_from_score(s),
        elo_low: elo_from_score(s - Z_975 * se),
        elo_high: elo_from_score(s + Z_975 * se),
        los,
        stderr: se,
    }
}

/// The estimate from single games (W/D/L).
pub fn trinomial(wdl: &Wdl) -> Estimate {
    estimate(&wdl.units())
}

/// The estimate from paired games.
pub fn pentanomial(p: &Pentanomial) -> Estimate {
    estimate(&p.units())
}

/// An SPRT: H0 "A is `elo0` stronger" against H1 "A is `elo1` stronger",
/// false-positive rate `alpha`, false-negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

/// The state of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtResult {
    /// H0 accepted (the log-likelihood ratio reached the lower bound).
    H0,
    /// H1 accepted (the upper bound).
    H1,
    /// Neither bound reached yet.
    Continue,
}

impl SprtResult {
    /// `H0`, `H1` or `continue`.
    pub fn name(self) -> &'static str {
        match self {
            SprtResult::H0 => "H0",
            SprtResult::H1 => "H1",
            SprtResult::Continue => "continue",
        }
    }
}

/// The Jeffreys prior: half a unit added to every category's count.
pub const SPRT_PRIOR: f64 = 0.5;

impl Sprt {
    /// Reads `elo0,elo1,alpha,beta` (e.g. `0,10,0.05,0.05`).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let v: Vec<&str> = text.split(',').map(str::trim).collect();
        let [e0, e1, a, b] = v[..] else {
            return Err(format!("{text:?}: expected elo0,elo1,alpha,beta"));
        };
        let num = |s: &str| match s.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(format!("{text:?}: {s:?} is not a finite number")),
        };
        let sprt = Sprt { elo0: num(e0)?, elo1: num(e1)?, alpha: num(a)?, beta: num(b)? };
        if !(sprt.elo0.is_finite() && sprt.elo1.is_finite() && sprt.elo0 < sprt.elo1) {
            return Err(format!("{text:?}: elo0 must be below elo1"));
        }
        for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{text:?}: {name} must lie strictly between 0 and 0.5"));
            }
        }
        Ok(sprt)
    }

    /// The bounds `(ln(β/(1−α)), ln((1−β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    fn llr(&self, units: &[(f64, f64)]) -> f64 {
        if units.iter().all(|u| u.1 == 0.0) {
            return 0.0;
        }
        let reg: Vec<(f64, f64)> = units.iter().map(|&(x, c)| (x, c + SPRT_PRIOR)).collect();
        let (s, var, n) = moments(&reg);
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The log-likelihood ratio of single games.
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        self.llr(&wdl.units())
    }

    /// The log-likelihood ratio of paired games.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr(&p.units())
    }

    /// Where `llr` stands.
    pub fn decide(&self, llr: f64) -> SprtResult {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtResult::H1
        } else if llr <= lower {
            SprtResult::H0
        } else {
            SprtResult::Continue
        }
    }
}
