//! The rules (longest club, longest hole) and validated club sets.

use core::fmt;

use crate::error::GolfError;
use crate::params::{MAX_CLUB, MAX_CLUBS, MAX_HOLE, MAX_HOLE_LIMIT};

/// The size of the puzzle: clubs are `1..=max_club` long, holes
/// `1..=max_hole`, and the ball stays on the fields `1..=fields()` with
/// `fields() = max_hole + max_club − 1` (707 for the text's 358 and 350).
///
/// `max_club < max_hole` is required: then the 707-field search, the
/// 358-field Tübingen search and unrestricted sums of signed clubs all give
/// the same minimal strokes (proof in `docs/golf-clubs.md`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    max_club: u32,
    max_hole: u32,
}

impl Default for Rules {
    /// The text's rules: clubs up to 350, holes up to 358.
    fn default() -> Self {
        Rules { max_club: MAX_CLUB, max_hole: MAX_HOLE }
    }
}

impl Rules {
    /// Rules with clubs `1..=max_club` and holes `1..=max_hole`; requires
    /// `1 <= max_club < max_hole <= 1023`.
    pub fn new(max_club: u32, max_hole: u32) -> Result<Self, GolfError> {
        let text = format!("max club {max_club}, max hole {max_hole}");
        if max_club == 0 {
            return Err(GolfError::rules(text, "the longest club must be at least 1"));
        }
        if max_hole > MAX_HOLE_LIMIT {
            return Err(GolfError::rules(
                text,
                format!("holes longer than {MAX_HOLE_LIMIT} are not supported"),
            ));
        }
        if max_club >= max_hole {
            return Err(GolfError::rules(
                text,
                "the longest club must be shorter than the longest hole",
            ));
        }
        Ok(Rules { max_club, max_hole })
    }

    /// Longest club.
    pub fn max_club(&self) -> u32 {
        self.max_club
    }

    /// Longest hole.
    pub fn max_hole(&self) -> u32 {
        self.max_hole
    }

    /// Checks that every club of `clubs` is at most
    /// [`max_club`](Rules::max_club) long (a set validated against other
    /// rules may not be); the error names the club.
    pub fn check(&self, clubs: &ClubSet) -> Result<(), GolfError> {
        match clubs.as_slice().iter().find(|&&c| c > self.max_club) {
            Some(c) => Err(GolfError::clubs(
                c.to_string(),
                format!("club lengths are 1..={}", self.max_club),
            )),
            None => Ok(()),
        }
    }

    /// Largest field the ball may land on: `max_hole + max_club − 1`.
    pub fn fields(&self) -> u32 {
        self.max_hole + self.max_club - 1
    }
}

/// A set of distinct clubs, each `1..=max_club` long, in the order given.
///
/// `Copy` and allocation-free (at most [`MAX_CLUBS`] clubs inline), so the
/// searches pass sets around freely.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClubSet {
    len: u8,
    clubs: [u32; MAX_CLUBS],
}

impl ClubSet {
    /// A validated club set: 1 to 16 clubs, each `1..=rules.max_club()`, no
    /// duplicates. The error names the bad club.
    pub fn new(clubs: &[u32], rules: &Rules) -> Result<Self, GolfError> {
        let text = || join(clubs);
        if clubs.is_empty() {
            return Err(GolfError::clubs(text(), "a club set needs at least one club"));
        }
        if clubs.len() > MAX_CLUBS {
            return Err(GolfError::clubs(
                text(),
                format!("{} clubs; at most {MAX_CLUBS} are supported", clubs.len()),
            ));
        }
        for (i, &c) in clubs.iter().enumerate() {
            if c == 0 || c > rules.max_club() {
                return Err(GolfError::clubs(
                    c.to_string(),
                    format!("club lengths are 1..={}", rules.max_club()),
                ));
            }
            if clubs[..i].contains(&c) {
                return Err(GolfError::clubs(
                    c.to_string(),
                    format!("club {c} appears twice in {}", text()),
                ));
            }
        }
        Ok(Self::multiset(clubs))
    }

    /// Clubs without the distinctness check (the text's single change also
    /// looks at sets where one club duplicates another). Lengths must have
    /// been checked by the caller.
    pub(crate) fn multiset(clubs: &[u32]) -> Self {
        let mut set = ClubSet { len: clubs.len() as u8, clubs: [0; MAX_CLUBS] };
        set.clubs[..clubs.len()].copy_from_slice(clubs);
        set
    }

    /// Reads a comma-separated list (`"1,50,120,300"`; spaces allowed). With
    /// `count`, the set must have exactly that many clubs.
    pub fn parse(text: &str, rules: &Rules, count: Option<usize>) -> Result<Self, GolfError> {
        let mut clubs = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            let c: u32 = part.parse().map_err(|_| {
                GolfError::clubs(
                    part,
                    format!(
                        "not a club length (expected numbers 1..={} separated by commas)",
                        rules.max_club()
                    ),
                )
            })?;
            clubs.push(c);
        }
        if let Some(k) = count
            && clubs.len() != k
        {
            return Err(GolfError::clubs(
                text,
                format!("{} clubs given, {k} expected", clubs.len()),
            ));
        }
        ClubSet::new(&clubs, rules)
    }

    /// The clubs, in the order given.
    pub fn as_slice(&self) -> &[u32] {
        &self.clubs[..self.len as usize]
    }

    /// Number of clubs.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always `false`: a club set has at least one club.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The same clubs in ascending order.
    pub fn sorted(&self) -> ClubSet {
        let mut s = *self;
        s.clubs[..s.len as usize].sort_unstable();
        s
    }

    /// The greatest common divisor of the clubs: exactly the hole lengths
    /// divisible by it can be holed (§6).
    pub fn gcd(&self) -> u32 {
        self.as_slice().iter().fold(0, |g, &c| num_integer::gcd(g, c))
    }

    /// A copy with club `i` replaced by `len` (no checks).
    pub(crate) fn with(&self, i: usize, len: u32) -> ClubSet {
        let mut s = *self;
        s.clubs[i] = len;
        s
    }
}

fn join(clubs: &[u32]) -> String {
    clubs.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

impl fmt::Display for ClubSet {
    /// `1,50,120,300`, the form [`ClubSet::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&join(self.as_slice()))
    }
}

impl fmt::Debug for ClubSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ClubSet[{self}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_clubs_name_the_bad_part() {
        let r = Rules::default();
        let e = ClubSet::parse("1,0,3,4", &r, Some(4)).unwrap_err();
        assert_eq!(e.to_string(), r#"bad club set "0": club lengths are 1..=350"#);
        let e = ClubSet::parse("1,351,3,4", &r, None).unwrap_err();
        assert_eq!(e.input, "351");
        let e = ClubSet::parse("1,5,5,4", &r, None).unwrap_err();
        assert!(e.reason.contains("appears twice"), "{e}");
        let e = ClubSet::parse("1,5,x,4", &r, None).unwrap_err();
        assert_eq!(e.input, "x");
        let e = ClubSet::parse("1,5,4", &r, Some(4)).unwrap_err();
        assert!(e.reason.contains("3 clubs given, 4 expected"), "{e}");
        assert!(ClubSet::parse("", &r, None).is_err());
        assert!(Rules::new(358, 358).is_err());
        assert!(Rules::new(0, 358).is_err());
        assert!(Rules::new(10, 5000).is_err());
    }

    #[test]
    fn parse_display_and_gcd() {
        let r = Rules::default();
        let s = ClubSet::parse(" 300, 1 ,120,50", &r, Some(4)).unwrap();
        assert_eq!(s.to_string(), "300,1,120,50");
        assert_eq!(s.sorted().as_slice(), &[1, 50, 120, 300]);
        assert_eq!(s.gcd(), 1);
        assert_eq!(ClubSet::new(&[6, 10, 350], &r).unwrap().gcd(), 2);
        assert_eq!(Rules::default().fields(), 707);
    }
}
