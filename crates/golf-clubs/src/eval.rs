//! Expected strokes of a club set for a tournament (§7, §9, §11).

pub use crate::bits::Eval;
use crate::bits::{self, Ctx, with_words};
use crate::error::GolfError;
use crate::rules::{ClubSet, Rules};
use crate::tournament::{Rational, Tournament};

/// Evaluates club sets against one tournament with the bit-parallel
/// search: the exact expected number of strokes, stopping as soon as every
/// needed field is found (§7), or abandoning a set once its lower bound
/// exceeds a given bound (§9, the second Tübingen optimisation). The
/// searches for the best change and the global optimum are methods too
/// (see [`best_single_change`](Scorer::best_single_change)).
///
/// Values are exact: an expected value is a numerator over the
/// tournament's [`denominator`](Tournament::denominator) (no floating-point
/// sums, as §10 recommends).
#[derive(Clone, Debug)]
pub struct Scorer {
    pub(crate) rules: Rules,
    pub(crate) tournament: Tournament,
    pub(crate) ctx: Ctx,
}

impl Scorer {
    /// A scorer for `tournament`, which must have been read with `rules`.
    pub fn new(tournament: &Tournament, rules: &Rules) -> Result<Self, GolfError> {
        if tournament.max_hole() != rules.max_hole() {
            return Err(GolfError::tournament(
                tournament.to_string(),
                format!(
                    "read for holes up to {}, but the rules allow {}",
                    tournament.max_hole(),
                    rules.max_hole()
                ),
            ));
        }
        Ok(Scorer {
            rules: *rules,
            tournament: tournament.clone(),
            ctx: Ctx::new(rules.max_hole(), tournament.weights()),
        })
    }

    /// The tournament.
    pub fn tournament(&self) -> &Tournament {
        &self.tournament
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The exact expected number of strokes of `clubs`. Errs if a club is
    /// longer than the rules allow or if some hole of the tournament cannot
    /// be holed (the error names it and the gcd of the clubs).
    pub fn expected(&self, clubs: &ClubSet) -> Result<Rational, GolfError> {
        self.rules.check(clubs)?;
        match self.evaluate(clubs, u64::MAX) {
            Eval::Exact(num) => Ok(self.tournament.rational(num)),
            _ => {
                let g = clubs.gcd();
                let hole =
                    self.tournament.needed().iter().find(|&&n| n % g != 0).copied().unwrap_or(0);
                Err(GolfError::clubs(
                    clubs.to_string(),
                    format!(
                        "cannot hole a length of {hole} in this tournament: the clubs' gcd {g} does not divide it"
                    ),
                ))
            }
        }
    }

    /// Evaluates `clubs` against `bound` (a numerator): [`Eval::Exact`]
    /// with the numerator, [`Eval::Abandoned`] as soon as the lower bound
    /// exceeds `bound` (pass `u64::MAX` for no bound), or
    /// [`Eval::Unreachable`]. Clubs must satisfy the rules
    /// ([`Rules::check`]); otherwise the result is meaningless (but nothing
    /// panics).
    pub fn evaluate(&self, clubs: &ClubSet, bound: u64) -> Eval {
        self.evaluate_slice(clubs.as_slice(), bound)
    }

    pub(crate) fn evaluate_slice(&self, clubs: &[u32], bound: u64) -> Eval {
        with_words!(self.ctx.words, eval_words(clubs, &self.ctx, bound))
    }

    /// The numerator as an exact expected value.
    pub fn rational(&self, numerator: u64) -> Rational {
        self.tournament.rational(numerator)
    }
}

fn eval_words<const W: usize>(clubs: &[u32], ctx: &Ctx, bound: u64) -> Eval {
    bits::evaluate::<W>(clubs, ctx, bound)
}
