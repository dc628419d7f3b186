//! The crate's error: bad clubs, rules or tournaments, naming the bad part.

use core::fmt;

/// What a piece of input was meant to be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Subject {
    /// A club set or one club of it.
    Clubs,
    /// A tournament or one hole of it.
    Tournament,
    /// The rules (longest club, longest hole).
    Rules,
    /// A search option (number of changes, …).
    Option,
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Subject::Clubs => "club set",
            Subject::Tournament => "tournament",
            Subject::Rules => "rules",
            Subject::Option => "option",
        })
    }
}

/// Input that was rejected: what it was meant to be, the offending part and
/// why. Displays as `bad club set "0": club lengths are 1..=350`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GolfError {
    /// What the input was meant to be.
    pub subject: Subject,
    /// The offending part of the input.
    pub input: String,
    /// Why it is wrong, for a person.
    pub reason: String,
}

impl GolfError {
    /// A new error.
    pub fn new(subject: Subject, input: impl Into<String>, reason: impl Into<String>) -> Self {
        GolfError { subject, input: input.into(), reason: reason.into() }
    }

    /// A bad club set.
    pub fn clubs(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(Subject::Clubs, input, reason)
    }

    /// A bad tournament.
    pub fn tournament(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(Subject::Tournament, input, reason)
    }

    /// Bad rules.
    pub fn rules(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(Subject::Rules, input, reason)
    }

    /// A bad search option.
    pub fn option(input: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(Subject::Option, input, reason)
    }
}

impl fmt::Display for GolfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad {} {:?}: {}", self.subject, self.input, self.reason)
    }
}

impl std::error::Error for GolfError {}
