//! Tournaments (`100+1W3,…`: holes of a base length plus dice), their exact
//! field weights, and exact rational expected values.

use core::fmt;

use crate::error::GolfError;
use crate::params::{MAX_DENOMINATOR, MAX_HOLES};
use crate::rules::Rules;

/// One hole of a tournament: `base + dice W sides` (the hole length is the
/// base plus the sum of `dice` fair dice with `sides` sides; `dice = 0` is a
/// fixed length).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Hole {
    /// Base length.
    pub base: u32,
    /// Number of dice.
    pub dice: u32,
    /// Sides of each die.
    pub sides: u32,
}

impl Hole {
    /// Shortest length.
    pub fn min_len(&self) -> u32 {
        self.base + self.dice
    }

    /// Longest length.
    pub fn max_len(&self) -> u32 {
        self.base + self.dice * self.sides
    }

    /// `sides^dice`, the number of equally likely dice outcomes (`None` if
    /// it overflows `u64`).
    pub fn outcomes(&self) -> Option<u64> {
        (self.sides as u64).checked_pow(self.dice)
    }

    /// How many dice outcomes give each length `min_len()..=max_len()`.
    pub fn counts(&self) -> Vec<u64> {
        let mut ways = vec![1u64];
        for _ in 0..self.dice {
            let mut next = vec![0u64; ways.len() + self.sides as usize - 1];
            for (i, &w) in ways.iter().enumerate() {
                for k in 0..self.sides as usize {
                    next[i + k] += w;
                }
            }
            ways = next;
        }
        ways
    }
}

impl fmt::Display for Hole {
    /// `100+1W3`, or `100` for a fixed length.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dice == 0 {
            write!(f, "{}", self.base)
        } else {
            write!(f, "{}+{}W{}", self.base, self.dice, self.sides)
        }
    }
}

/// A tournament: its holes and, precomputed, the exact weight of every
/// field: `weight[n] / denominator` is the expected number of holes of
/// length `n`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tournament {
    holes: Vec<Hole>,
    denominator: u64,
    weight: Vec<u64>,
    needed: Vec<u32>,
}

impl Tournament {
    /// Reads the text's notation: holes separated by commas, each
    /// `base+NWs` (N dice with s sides; `W`, `w`, `D` or `d`) or a plain
    /// length. Every length must lie in `1..=rules.max_hole()`. The error
    /// names the bad hole.
    pub fn parse(text: &str, rules: &Rules) -> Result<Self, GolfError> {
        let mut holes = Vec::new();
        for part in text.split(',') {
            holes.push(parse_hole(part.trim(), rules)?);
        }
        Self::new(holes, rules)
            .map_err(|e| if e.input.is_empty() { GolfError::tournament(text, e.reason) } else { e })
    }

    /// A tournament of these holes.
    pub fn new(holes: Vec<Hole>, rules: &Rules) -> Result<Self, GolfError> {
        if holes.is_empty() {
            return Err(GolfError::tournament("", "a tournament needs at least one hole"));
        }
        if holes.len() > MAX_HOLES {
            return Err(GolfError::tournament(
                "",
                format!("{} holes; at most {MAX_HOLES} are supported", holes.len()),
            ));
        }
        let mut denominator: u64 = 1;
        for h in &holes {
            check_hole(h, rules)?;
            let n = h.outcomes().unwrap_or(u64::MAX);
            let g = num_integer::gcd(denominator, n);
            denominator = (denominator / g)
                .checked_mul(n)
                .filter(|&d| d <= MAX_DENOMINATOR)
                .ok_or_else(|| {
                    GolfError::tournament(
                        h.to_string(),
                        "the common denominator of the probabilities exceeds 2^40 (too many dice)",
                    )
                })?;
        }
        let mut weight = vec![0u64; rules.max_hole() as usize + 1];
        for h in &holes {
            // Every hole's outcomes divide the denominator (checked above).
            let scale = denominator / h.outcomes().unwrap_or(1);
            for (i, c) in h.counts().into_iter().enumerate() {
                weight[(h.min_len() as usize) + i] += c * scale;
            }
        }
        let needed = (0..weight.len() as u32).filter(|&n| weight[n as usize] > 0).collect();
        Ok(Tournament { holes, denominator, weight, needed })
    }

    /// The holes.
    pub fn holes(&self) -> &[Hole] {
        &self.holes
    }

    /// The common denominator `D` of all probabilities.
    pub fn denominator(&self) -> u64 {
        self.denominator
    }

    /// `weight[n]`: `D` times the expected number of holes of length `n`
    /// (index `0..=max_hole`).
    pub fn weights(&self) -> &[u64] {
        &self.weight
    }

    /// The hole lengths that can occur (the "needed fields"), ascending.
    pub fn needed(&self) -> &[u32] {
        &self.needed
    }

    /// Sum of all weights: `holes · D`.
    pub fn total_weight(&self) -> u64 {
        self.holes.len() as u64 * self.denominator
    }

    /// The largest hole length this tournament allows.
    pub fn max_hole(&self) -> u32 {
        self.weight.len() as u32 - 1
    }

    /// The exact expected value of `numerator / D`.
    pub fn rational(&self, numerator: u64) -> Rational {
        Rational::new(numerator, self.denominator)
    }
}

impl fmt::Display for Tournament {
    /// The notation [`Tournament::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.holes.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

fn parse_hole(part: &str, rules: &Rules) -> Result<Hole, GolfError> {
    let bad = |reason: &str| GolfError::tournament(part, reason.to_string());
    let number = |s: &str, what: &str| -> Result<u32, GolfError> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(&format!(
                "{what} {s:?} is not a number (expected base+NWs such as 100+2W4)"
            )));
        }
        s.parse().map_err(|_| bad(&format!("{what} {s:?} is too large")))
    };
    if part.is_empty() {
        return Err(bad("empty hole (expected base+NWs such as 100+2W4)"));
    }
    let hole = match part.split_once('+') {
        None => Hole { base: number(part, "length")?, dice: 0, sides: 1 },
        Some((base, dice)) => {
            let Some((n, s)) = dice.split_once(['W', 'w', 'D', 'd']) else {
                return Err(bad("expected base+NWs such as 100+2W4 (N dice with s sides)"));
            };
            let hole = Hole {
                base: number(base, "base")?,
                dice: number(n, "dice count")?,
                sides: number(s, "sides")?,
            };
            if hole.dice == 0 || hole.sides == 0 {
                return Err(bad("need at least one die with at least one side"));
            }
            hole
        }
    };
    check_hole(&hole, rules)?;
    Ok(hole)
}

fn check_hole(h: &Hole, rules: &Rules) -> Result<(), GolfError> {
    let text = h.to_string();
    if h.dice > 0 && h.sides == 0 {
        return Err(GolfError::tournament(text, "dice need at least one side"));
    }
    let max = (h.base as u64) + (h.dice as u64) * (h.sides as u64);
    if max > rules.max_hole() as u64 {
        return Err(GolfError::tournament(
            text,
            format!("the hole can be {max} long; holes are 1..={}", rules.max_hole()),
        ));
    }
    if h.min_len() == 0 {
        return Err(GolfError::tournament(text, "the hole can be 0 long; holes are at least 1"));
    }
    Ok(())
}

/// An exact non-negative fraction in lowest terms: `num_rational`'s
/// `Ratio<u64>`, with its arithmetic, ordering and `Display` (`507/16`;
/// whole numbers print without a denominator).
pub type Rational = num_rational::Ratio<u64>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::EXAMPLE_TOURNAMENT;

    /// The probabilities printed in the text's §7, times their
    /// denominators.
    #[test]
    fn dice_distributions_match_the_text() {
        let r = Rules::default();
        let t = Tournament::parse("0+1W3,0+1W4,0+1W6,0+2W2,0+2W3,0+2W4", &r).unwrap();
        let got: Vec<Vec<u64>> = t.holes().iter().map(Hole::counts).collect();
        assert_eq!(
            got,
            vec![
                vec![1, 1, 1],
                vec![1, 1, 1, 1],
                vec![1; 6],
                vec![1, 2, 1],
                vec![1, 2, 3, 2, 1],
                vec![1, 2, 3, 4, 3, 2, 1],
            ]
        );
        // 3 + 4 + 6 + 3 + 5 + 7 = 28 relevant fields (§9).
        let t = Tournament::parse(EXAMPLE_TOURNAMENT, &r).unwrap();
        assert_eq!(t.needed().len(), 28);
        assert_eq!(t.denominator(), 144); // lcm(3, 4, 6, 4, 9, 16)
        assert_eq!(t.weights().iter().sum::<u64>(), 6 * 144);
        assert_eq!(t.to_string(), EXAMPLE_TOURNAMENT);
        // p(300+5) = 4/16 = 36/144
        assert_eq!(t.weights()[305], 36);
    }

    #[test]
    fn bad_tournaments_name_the_bad_hole() {
        let r = Rules::default();
        let e = Tournament::parse("100+1W3,355+2W4", &r).unwrap_err();
        assert_eq!(e.input, "355+2W4");
        assert!(e.reason.contains("363"), "{e}");
        let e = Tournament::parse("100+1W3,12x", &r).unwrap_err();
        assert_eq!(e.input, "12x");
        let e = Tournament::parse("100+1X3", &r).unwrap_err();
        assert_eq!(e.input, "100+1X3");
        let e = Tournament::parse("100+0W3", &r).unwrap_err();
        assert_eq!(e.input, "100+0W3");
        let e = Tournament::parse("100+1W3,,5", &r).unwrap_err();
        assert!(e.reason.contains("empty"), "{e}");
        let e = Tournament::parse("0", &r).unwrap_err();
        assert!(e.reason.contains("at least 1"), "{e}");
        let e = Tournament::parse("1+41W2", &r).unwrap_err();
        assert!(e.reason.contains("2^40"), "{e}");
        assert!(Tournament::parse("1+40W2", &r).is_ok());
        assert!(Tournament::parse("99999999999+1W2", &r).is_err());
        let many = vec!["5"; 65].join(",");
        assert!(Tournament::parse(&many, &r).is_err());
    }

    #[test]
    fn rationals_reduce_and_order() {
        let a = Rational::new(1980, 144);
        assert_eq!(a.to_string(), "55/4");
        assert_eq!(num_traits::ToPrimitive::to_f64(&a), Some(13.75));
        assert!(Rational::new(1, 3) < Rational::new(1, 2));
        assert_eq!(Rational::new(0, 5).to_string(), "0");
        assert_eq!(Rational::new(14, 4) + Rational::new(1, 2), Rational::new(4, 1));
    }
}
