//! The text's "right approach": classify every number from the end of the
//! game backwards, find the period of the classification, prove it, and
//! turn it into a strategy table.
//!
//! A number `k ≥ 0` is **red** (the text's set A, a P-position: whoever has
//! to move from `k` loses, so it is the number to *produce*) when no number
//! of S leads from it to a red number without overshooting; otherwise it is
//! **blue** (set B, an N-position: avoid producing it). `0` is red (whoever
//! produced it has won), and so is every `k` below the smallest number of S
//! (every move from it overshoots).

use std::collections::HashMap;

use spielbaum_game_trait::NotationError;

use crate::game::Subtractions;

/// Most numbers the theory functions keep in memory (a guard against
/// absurd `--upto` values or sets whose period is out of reach).
pub const MAX_TABLE: u64 = 1 << 28;

/// The red/blue classification of the numbers `0..=upto` for one set S.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    rules: Subtractions,
    red: Vec<bool>,
}

impl Classification {
    /// A classification from red flags (index = number), for other
    /// solvers that produce one.
    pub(crate) fn from_flags(rules: Subtractions, red: Vec<bool>) -> Self {
        Classification { rules, red }
    }

    /// The rules the classification is for.
    pub fn rules(&self) -> &Subtractions {
        &self.rules
    }

    /// The largest number classified.
    pub fn upto(&self) -> u64 {
        self.red.len() as u64 - 1
    }

    /// `true` if `k` is red (a P-position: the player to move loses);
    /// `None` beyond [`upto`](Self::upto).
    pub fn is_red(&self, k: u64) -> Option<bool> {
        usize::try_from(k).ok().and_then(|i| self.red.get(i).copied())
    }

    /// The red flags, index = number.
    pub fn red_flags(&self) -> &[bool] {
        &self.red
    }

    /// The red numbers (set A, P-positions), ascending.
    pub fn p_positions(&self) -> Vec<u64> {
        self.numbers(true)
    }

    /// The blue numbers (set B, N-positions), ascending.
    pub fn n_positions(&self) -> Vec<u64> {
        self.numbers(false)
    }

    fn numbers(&self, red: bool) -> Vec<u64> {
        (0..self.red.len() as u64).filter(|&k| self.red[k as usize] == red).collect()
    }

    /// All winning moves from `n` (those producing a red number, 0
    /// included), ascending; empty when `n` is red. `None` when `n` is 0 or
    /// beyond [`upto`](Self::upto).
    pub fn winning_moves(&self, n: u64) -> Option<Vec<u32>> {
        if n == 0 || n > self.upto() {
            return None;
        }
        Some(
            self.rules
                .as_slice()
                .iter()
                .copied()
                .filter(|&d| u64::from(d) <= n && self.red[(n - u64::from(d)) as usize])
                .collect(),
        )
    }
}

fn check_size(upto: u64) -> Result<usize, NotationError> {
    if upto >= MAX_TABLE {
        return Err(NotationError::option(
            upto.to_string(),
            format!("classifying beyond {MAX_TABLE} numbers is not supported"),
        ));
    }
    Ok(upto as usize)
}

/// One step of the sweep: is `k` red, given the flags of all smaller
/// numbers?
#[inline]
fn red_at(rules: &Subtractions, red: &[bool], k: usize) -> bool {
    !rules.as_slice().iter().any(|&d| (d as usize) <= k && red[k - d as usize])
}

/// The direct sweep (the text's R function `continue()`): classify
/// `0..=upto` in increasing order, each number from the numbers a move
/// reaches. Errors when `upto` reaches [`MAX_TABLE`].
///
/// ```
/// use spielbaum_nim_variant::{Subtractions, sweep};
/// let c = sweep(&Subtractions::CLASSIC, 20).unwrap();
/// assert_eq!(c.p_positions(), vec![0, 1, 2, 8, 9, 10, 16, 17, 18]);
/// ```
pub fn sweep(rules: &Subtractions, upto: u64) -> Result<Classification, NotationError> {
    let upto = check_size(upto)?;
    let mut red = Vec::with_capacity(upto + 1);
    for k in 0..=upto {
        let r = red_at(rules, &red, k);
        red.push(r);
    }
    Ok(Classification { rules: *rules, red })
}

/// The eventual period of a classification: `red(k + period) == red(k)`
/// for every `k ≥ preperiod`, both as small as possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The first number from which the pattern repeats.
    pub preperiod: u64,
    /// The length of the repeating pattern.
    pub period: u64,
}

/// The starts of windows sharing one hash: inline for the usual single
/// start, so the sweep does not allocate per window.
#[derive(Default)]
struct SmallStarts {
    first: Option<usize>,
    more: Vec<usize>,
}

impl SmallStarts {
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.first.into_iter().chain(self.more.iter().copied())
    }

    fn push(&mut self, i: usize) {
        if self.first.is_none() {
            self.first = Some(i);
        } else {
            self.more.push(i);
        }
    }
}

const HASH_BASE: u64 = 0x0000_0100_0000_01B3;

/// Finds the eventual period of the classification for `rules` by
/// sweeping until a window of `max(S)` consecutive flags repeats (the
/// flags of a window determine every later flag, so the first repeated
/// window gives the smallest preperiod and period). Looks at most at
/// `limit` numbers; `Ok(None)` if no window repeated by then.
///
/// ```
/// use spielbaum_nim_variant::{find_period, Periodicity, Subtractions};
/// let p = find_period(&Subtractions::CLASSIC, 10_000).unwrap().unwrap();
/// assert_eq!(p, Periodicity { preperiod: 0, period: 8 });
/// ```
pub fn find_period(rules: &Subtractions, limit: u64) -> Result<Option<Periodicity>, NotationError> {
    let limit = check_size(limit)?;
    let m = rules.max() as usize;
    if m > limit {
        return Ok(None);
    }
    // A rolling hash of the window red[i..i + m], verified on a hit.
    let mut red: Vec<bool> = Vec::with_capacity(limit.min(1 << 20) + m);
    // Window hash -> starts with that hash (one per distinct window; more
    // than one only on a hash collision, practically never).
    let mut seen: HashMap<u64, SmallStarts> = HashMap::new();
    let top = HASH_BASE.wrapping_pow(m as u32 - 1);
    let mut hash = 0u64;
    for k in 0..m {
        let r = red_at(rules, &red, k);
        red.push(r);
        hash = hash.wrapping_mul(HASH_BASE).wrapping_add(u64::from(r) + 1);
    }
    let mut i = 0usize;
    while i + m <= limit {
        let starts = seen.entry(hash).or_default();
        // Starts are pushed in increasing order, so the first match is the
        // smallest preperiod.
        if let Some(j) = starts.iter().find(|&j| red[j..j + m] == red[i..i + m]) {
            return Ok(Some(Periodicity { preperiod: j as u64, period: (i - j) as u64 }));
        }
        starts.push(i);
        // Slide the window by one.
        let r = red_at(rules, &red, i + m);
        red.push(r);
        hash = hash
            .wrapping_sub((u64::from(red[i]) + 1).wrapping_mul(top))
            .wrapping_mul(HASH_BASE)
            .wrapping_add(u64::from(r) + 1);
        i += 1;
    }
    Ok(None)
}

/// The proof that `rules` classify with the eventual period `p`: sweeps
/// to `p.preperiod + p.period + max(S)` and checks that the window of
/// `max(S)` flags starting at the preperiod equals the one a period later.
///
/// Why that suffices: for `k ≥ max(S)` the flag of `k` depends only on the
/// `max(S)` flags below it (no move from `k` overshoots), so equal windows
/// at `K` and `K + P` give equal flags at `K + max(S)` and `K + P + max(S)`,
/// hence equal windows one step further, and so on by induction.
pub fn verify_period(rules: &Subtractions, p: Periodicity) -> Result<bool, NotationError> {
    if p.period == 0 {
        return Ok(false);
    }
    let m = u64::from(rules.max());
    let c = sweep(rules, p.preperiod + p.period + m)?;
    let (k, per, m) = (p.preperiod as usize, p.period as usize, m as usize);
    Ok(c.red[k..k + m] == c.red[k + per..k + per + m])
}

/// The text's Table 2 for any S: for each residue `n mod period`, every
/// winning subtraction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyTable {
    /// The rules.
    pub rules: Subtractions,
    /// Period and preperiod of the classification (proved with
    /// [`verify_period`]).
    pub periodicity: Periodicity,
    /// `red[r]`: residue `r` is red (for numbers `≥ preperiod`).
    pub red: Vec<bool>,
    /// `moves[r]`: all numbers `d` of S with `n - d` red, for numbers
    /// `n ≡ r` with `n ≥ preperiod + d`; empty for red residues.
    pub moves: Vec<Vec<u32>>,
}

impl StrategyTable {
    /// Finds the period of `rules` (sweeping at most `limit` numbers),
    /// proves it, and builds the table. `Ok(None)` if no period was found
    /// within `limit`.
    ///
    /// ```
    /// use spielbaum_nim_variant::{StrategyTable, Subtractions};
    /// let t = StrategyTable::build(&Subtractions::CLASSIC, 10_000).unwrap().unwrap();
    /// // The text's Table 2: n mod 8 = 7 → subtract 5; 5 → 3 or 5 (or 11).
    /// assert_eq!(t.moves[7], vec![5]);
    /// assert_eq!(t.moves[5], vec![3, 5, 11]);
    /// assert!(t.moves[0].is_empty());
    /// ```
    pub fn build(rules: &Subtractions, limit: u64) -> Result<Option<Self>, NotationError> {
        let Some(p) = find_period(rules, limit)? else {
            return Ok(None);
        };
        if !verify_period(rules, p)? {
            // find_period compared the very windows verify_period checks;
            // a failure here would be a bug, reported rather than hidden.
            return Err(NotationError::option(
                rules.to_string(),
                format!("period {p:?} found but not verified (internal error)"),
            ));
        }
        let m = u64::from(rules.max());
        let c = sweep(rules, p.preperiod + p.period + m)?;
        let mut red = Vec::with_capacity(p.period as usize);
        let mut moves = Vec::with_capacity(p.period as usize);
        // Representatives n ≥ preperiod + max(S): every n - d lies in the
        // periodic part.
        let base = p.preperiod + m;
        for r in 0..p.period {
            let n = base + (r + p.period - base % p.period) % p.period;
            red.push(c.red[n as usize]);
            moves.push(c.winning_moves(n).unwrap_or_default());
        }
        Ok(Some(StrategyTable { rules: *rules, periodicity: p, red, moves }))
    }

    /// The residues that are red, ascending.
    pub fn red_residues(&self) -> Vec<u64> {
        (0..self.red.len() as u64).filter(|&r| self.red[r as usize]).collect()
    }

    /// `true` if `n ≥ preperiod` is red according to the table.
    pub fn is_red(&self, n: u64) -> bool {
        self.red[(n % self.periodicity.period) as usize]
    }
}

/// Whether two sets give the same red/blue classification of *every*
/// number, proved from their periods: two eventually periodic sequences
/// are equal everywhere iff they are equal up to the larger preperiod plus
/// the least common multiple of the periods. `Ok(None)` if a period was
/// not found within `limit`.
///
/// ```
/// use spielbaum_nim_variant::{same_classification, Subtractions};
/// let a = Subtractions::CLASSIC;
/// let b = Subtractions::new(&[3, 5]).unwrap();
/// assert_eq!(same_classification(&a, &b, 10_000).unwrap(), Some(true));
/// ```
pub fn same_classification(
    a: &Subtractions,
    b: &Subtractions,
    limit: u64,
) -> Result<Option<bool>, NotationError> {
    let (Some(pa), Some(pb)) = (find_period(a, limit)?, find_period(b, limit)?) else {
        return Ok(None);
    };
    let lcm = num_integer::lcm(pa.period, pb.period);
    let upto = pa.preperiod.max(pb.preperiod) + lcm;
    Ok(Some(sweep(a, upto)?.red == sweep(b, upto)?.red))
}

/// The numbers of S that can be dropped without changing the
/// classification (each tested alone), e.g. 11 in {3, 5, 11}.
pub fn redundant_subtractions(rules: &Subtractions, limit: u64) -> Result<Vec<u32>, NotationError> {
    let mut out = Vec::new();
    for &d in rules.as_slice() {
        let rest: Vec<u64> =
            rules.as_slice().iter().filter(|&&x| x != d).map(|&x| u64::from(x)).collect();
        if rest.is_empty() {
            continue;
        }
        let smaller = Subtractions::new(&rest)?;
        if same_classification(rules, &smaller, limit)? == Some(true) {
            out.push(d);
        }
    }
    Ok(out)
}
