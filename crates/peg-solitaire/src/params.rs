//! Tuning constants of the solver, each with the reason for its value.

/// Largest 0/1 pagoda set searched around the goal hole: the search over
/// sets branches twice per broken jump, and 12 holes keep it below a few
/// thousand sets (instant) while covering the English board's centre
/// pagodas.
pub const PAGODA_MAX_HOLES: u32 = 12;

/// The end-game table is built at `holes / ENDGAME_DIVISOR` pegs …
pub const ENDGAME_DIVISOR: u32 = 3;

/// … but at most at this many pegs: on the French board 12 pegs mean one
/// level of about a million classes on the inverse board (a second or two
/// to build, tens of MB), which cuts the deepest 12 levels of every dead
/// branch of the search.
pub const ENDGAME_MAX_PEGS: u32 = 12;
