//! The subtraction game itself: [`Subtractions`] (the set S) and
//! [`SubtractionGame`] (a position).

use core::fmt;

use spielbaum_game_trait::{
    Game, MoveList, Notation, NotationError, Outcome, Player, RandomMove, Undo, index_below,
};

/// Most numbers a subtraction set may hold.
pub const MAX_SUBTRACTIONS: usize = 16;

/// Largest start number (and largest subtraction number) accepted, so that
/// every number produced fits an `i64` with room to spare.
pub const MAX_NUMBER: u64 = 1 << 40;

/// The set S of numbers a player may subtract: 1 to
/// [`MAX_SUBTRACTIONS`] distinct positive integers, kept sorted ascending.
///
/// `Copy` and small, so positions carry their rules by value.
///
/// ```
/// use spielbaum_nim_variant::Subtractions;
/// let s: Subtractions = "11,3,5".parse().unwrap();
/// assert_eq!(s.as_slice(), &[3, 5, 11]);
/// assert_eq!(s.to_string(), "3,5,11");
/// assert!("3,0".parse::<Subtractions>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Subtractions {
    items: [u32; MAX_SUBTRACTIONS],
    len: u8,
}

impl Subtractions {
    /// The text's set {3, 5, 11}.
    pub const CLASSIC: Subtractions =
        Subtractions { items: [3, 5, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], len: 3 };

    /// The set of `numbers` (any order, duplicates removed).
    ///
    /// Errors (kind `Option`) for an empty set, a 0, a number above
    /// `u32::MAX` or more than [`MAX_SUBTRACTIONS`] distinct numbers.
    pub fn new(numbers: &[u64]) -> Result<Self, NotationError> {
        let text = numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        if numbers.is_empty() {
            return Err(NotationError::option(
                text,
                "the subtraction set is empty; give at least one positive number",
            ));
        }
        let mut sorted: Vec<u64> = numbers.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if let Some(&bad) = sorted.iter().find(|&&d| d == 0 || d > u64::from(u32::MAX)) {
            return Err(NotationError::option(
                bad.to_string(),
                format!("subtraction numbers must lie in 1..={}", u32::MAX),
            ));
        }
        if sorted.len() > MAX_SUBTRACTIONS {
            return Err(NotationError::option(
                text,
                format!(
                    "{} distinct subtraction numbers, at most {MAX_SUBTRACTIONS} allowed",
                    sorted.len()
                ),
            ));
        }
        let mut items = [0u32; MAX_SUBTRACTIONS];
        for (slot, &d) in items.iter_mut().zip(&sorted) {
            *slot = d as u32; // checked above
        }
        Ok(Subtractions { items, len: sorted.len() as u8 })
    }

    /// The numbers, ascending.
    pub fn as_slice(&self) -> &[u32] {
        &self.items[..self.len as usize]
    }

    /// The smallest number.
    pub fn min(&self) -> u32 {
        self.items[0]
    }

    /// The largest number (the window length of the theory).
    pub fn max(&self) -> u32 {
        self.items[self.len as usize - 1]
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always `false` (a set has at least one number); for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `true` if `d` is in the set.
    pub fn contains(&self, d: u32) -> bool {
        self.as_slice().contains(&d)
    }
}

impl Default for Subtractions {
    /// [`Subtractions::CLASSIC`], {3, 5, 11}.
    fn default() -> Self {
        Subtractions::CLASSIC
    }
}

impl fmt::Debug for Subtractions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.as_slice()).finish()
    }
}

impl fmt::Display for Subtractions {
    /// Comma separated, ascending: `3,5,11`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Subtractions {
    type Err = NotationError;

    /// Reads `3,5,11` (commas and/or spaces; braces allowed: `{3, 5, 11}`).
    /// An empty number between commas (`3,,5`, `3,5,`) is an error, as in
    /// every other list of the workspace.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
        let mut numbers = Vec::new();
        let pieces: Vec<&str> = inner.split(',').collect();
        for piece in &pieces {
            if piece.trim().is_empty() && pieces.len() > 1 {
                return Err(NotationError::option(
                    text,
                    "empty number in the subtraction set (two commas in a row, or a comma at an end)",
                ));
            }
            for token in piece.split_whitespace() {
                let d: u64 = token.parse().map_err(|_| {
                    NotationError::option(
                        token,
                        format!("not a positive integer in the subtraction set {text:?}"),
                    )
                })?;
                numbers.push(d);
            }
        }
        Subtractions::new(&numbers)
    }
}

/// A position of the subtraction game: the current number, the player to
/// move and the rules (the set S).
///
/// A move is the number subtracted (`u32`, written as that number). Every
/// number of S is legal while the current number is positive, also one that
/// makes it negative: producing exactly 0 wins, producing a negative number
/// loses at once. [`Game::key`] is exact (current number and side to move;
/// the rules are the same throughout a game and are not part of the key).
///
/// ```
/// use spielbaum_game_trait::{Game, Notation, Outcome, Player};
/// use spielbaum_nim_variant::SubtractionGame;
///
/// let mut g = SubtractionGame::new(22, &[3, 5, 11]).unwrap();
/// g.play(5); // A produces 17
/// assert_eq!(g.to_string(), "17 B");
/// g.play(11); // B produces 6
/// g.play(5); // A produces 1
/// g.play(3); // B must overshoot: -2
/// assert_eq!(g.outcome(), Some(Outcome::Win(Player::FIRST)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SubtractionGame {
    n: i64,
    mover: Player,
    rules: Subtractions,
}

impl SubtractionGame {
    /// Start number `n` (1..=[`MAX_NUMBER`]) with subtraction set `set`,
    /// player A (the first player) to move.
    pub fn new(n: u64, set: &[u64]) -> Result<Self, NotationError> {
        Self::with_rules(n, Subtractions::new(set)?)
    }

    /// Start number `n` with the given rules, player A to move.
    pub fn with_rules(n: u64, rules: Subtractions) -> Result<Self, NotationError> {
        if n == 0 || n > MAX_NUMBER {
            return Err(NotationError::option(
                n.to_string(),
                format!("the start number must lie in 1..={MAX_NUMBER}"),
            ));
        }
        Ok(SubtractionGame { n: n as i64, mover: Player::FIRST, rules })
    }

    /// The text's game: start number `n`, S = {3, 5, 11}.
    pub fn classic(n: u64) -> Result<Self, NotationError> {
        Self::with_rules(n, Subtractions::CLASSIC)
    }

    /// The current number (negative once a player overshot).
    pub fn number(&self) -> i64 {
        self.n
    }

    /// The rules (the set S).
    pub fn rules(&self) -> &Subtractions {
        &self.rules
    }

    /// The same rules and number with `player` to move.
    pub fn with_mover(mut self, player: Player) -> Self {
        self.mover = player;
        self
    }
}

/// The text's name of a player: `A` moves first, `B` second.
pub fn player_letter(p: Player) -> char {
    if p == Player::FIRST { 'A' } else { 'B' }
}

impl Game for SubtractionGame {
    type Move = u32;

    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        self.mover
    }

    fn moves(&self, moves: &mut MoveList<u32>) {
        if self.n > 0 {
            // `extend` writes the few numbers in place; `extend_from_slice`
            // (an insert at the end) calls `memmove` and `memcpy` for them,
            // which cost more than the copy itself (this runs once per ply
            // of every playout).
            moves.extend(self.rules.as_slice().iter().copied());
        }
    }

    fn play(&mut self, d: u32) {
        debug_assert!(self.n > 0 && self.rules.contains(d), "illegal move {d}");
        self.n -= i64::from(d);
        self.mover = self.mover.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.n {
            // The player who just moved produced 0 and wins.
            0 => Some(Outcome::Win(self.mover.other())),
            // The player who just moved overshot and loses.
            n if n < 0 => Some(Outcome::Win(self.mover)),
            _ => None,
        }
    }

    fn key(&self) -> u64 {
        // |n| < 2^41, so the shift keeps the sign and the map is injective.
        ((self.n as u64) << 1) | self.mover.index() as u64
    }

    fn is_over(&self) -> bool {
        self.n <= 0
    }
}

/// A random number of the subtraction set (every one is legal while the
/// game goes on).
impl RandomMove for SubtractionGame {
    #[inline]
    fn random_move(&self, r: u64) -> Option<u32> {
        if self.n <= 0 {
            return None;
        }
        let set = self.rules.as_slice();
        Some(set[index_below(r, set.len() as u32) as usize])
    }
}

impl Undo for SubtractionGame {
    fn undo(&mut self, d: u32) {
        self.n += i64::from(d);
        self.mover = self.mover.other();
    }
}

impl fmt::Display for SubtractionGame {
    /// The current number and the player to move: `17 B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.n, player_letter(self.mover))
    }
}

impl Notation for SubtractionGame {
    /// Reads `17`, `17 B`, `17 2` (the player to move is A when omitted);
    /// negative numbers are finished games. The rules come from `self`.
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let mut parts = text.split_whitespace();
        let num = parts.next().ok_or_else(|| {
            NotationError::position(text, "empty; expected a number like \"22\" or \"17 B\"")
        })?;
        let n: i64 = num.parse().map_err(|_| NotationError::position(num, "not an integer"))?;
        if n.unsigned_abs() > MAX_NUMBER {
            return Err(NotationError::position(
                num,
                format!("the number must lie in -{MAX_NUMBER}..={MAX_NUMBER}"),
            ));
        }
        let mover = match parts.next() {
            None => Player::FIRST,
            Some(p) if p.eq_ignore_ascii_case("a") || p == "1" => Player::FIRST,
            Some(p) if p.eq_ignore_ascii_case("b") || p == "2" => Player::SECOND,
            Some(p) => {
                return Err(NotationError::position(
                    p,
                    "the player to move must be A or B (or 1 or 2)",
                ));
            }
        };
        if let Some(extra) = parts.next() {
            return Err(NotationError::position(extra, "unexpected text after the player to move"));
        }
        Ok(SubtractionGame { n, mover, rules: self.rules })
    }

    fn write_move(&self, d: u32, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{d}")
    }

    /// A number of S; tells a malformed move from one not in S.
    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        if self.n <= 0 {
            return Err(NotationError::mv(text, "the game is over, no move is legal"));
        }
        let d: u32 = text.trim().parse().map_err(|_| {
            NotationError::mv(text, format!("not a number; legal moves: {}", self.rules))
        })?;
        if self.rules.contains(d) {
            Ok(d)
        } else {
            Err(NotationError::mv(
                text,
                format!("not in the subtraction set; legal moves: {}", self.rules),
            ))
        }
    }
}
