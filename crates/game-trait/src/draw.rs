//! Draw rules that need more than the position: repetition and the
//! no-progress counter ([`DrawRules`]), and the key history engines and
//! callers keep ([`KeyHistory`]).

/// How a game declares its draws by repetition and by a run of moves
/// without progress (see [`Game::draw_rules`](crate::Game::draw_rules)).
///
/// - **Repetition** needs the history, which the position does not keep:
///   the engines and the caller (a match, the command line) keep the keys of
///   the positions played ([`KeyHistory`]) and apply the rule.
/// - **No progress** is counted by the position itself
///   ([`Game::no_progress`](crate::Game::no_progress)): the game's
///   [`outcome`](crate::Game::outcome) is `Some(Outcome::Draw)` once the
///   counter reaches the limit, so engines need nothing special for it
///   beyond keeping the counter apart from the repetition key.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DrawRules {
    /// The game is drawn when a position occurs for the `k`-th time (`3`
    /// for threefold repetition); `None`: repetitions do not end the game.
    /// Values below 2 are treated as 2.
    pub repetition: Option<u8>,
    /// The game is drawn after this many plies without progress (no
    /// capture, no irreversible move), counted by the position;
    /// `None`: no such rule.
    pub no_progress: Option<u32>,
}

impl DrawRules {
    /// No draw rule beyond the game's own outcomes (the default).
    pub const NONE: DrawRules = DrawRules { repetition: None, no_progress: None };

    /// Draw when a position occurs for the `k`-th time.
    pub const fn repetition(k: u8) -> Self {
        DrawRules { repetition: Some(k), no_progress: None }
    }

    /// Adds a draw after `plies` plies without progress.
    pub const fn with_no_progress(mut self, plies: u32) -> Self {
        self.no_progress = Some(plies);
        self
    }

    /// `true` if positions can be drawn by repetition.
    pub const fn has_repetition(&self) -> bool {
        self.repetition.is_some()
    }

    /// The occurrence that draws (at least 2), if repetitions draw.
    pub const fn occurrences(&self) -> Option<u32> {
        match self.repetition {
            Some(k) if k < 2 => Some(2),
            Some(k) => Some(k as u32),
            None => None,
        }
    }
}

/// The keys of the positions of a game so far, oldest first, with how many
/// plies of it can still repeat.
///
/// Engines and callers use it to apply the repetition rule: a position can
/// only repeat one that was played after the last irreversible move, so
/// [`Game::no_progress`](crate::Game::no_progress) bounds the scan (as the
/// fifty-move counter does in chess engines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyHistory {
    keys: Vec<u64>,
}

impl KeyHistory {
    /// An empty history.
    pub const fn new() -> Self {
        KeyHistory { keys: Vec::new() }
    }

    /// A history of `keys`, oldest first.
    pub fn from_keys(keys: impl IntoIterator<Item = u64>) -> Self {
        KeyHistory { keys: keys.into_iter().collect() }
    }

    /// Appends the key of the position just reached.
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// Takes the newest key off.
    pub fn pop(&mut self) -> Option<u64> {
        self.keys.pop()
    }

    /// Forgets every key.
    pub fn clear(&mut self) {
        self.keys.clear();
    }

    /// The keys, oldest first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// `true` if no key is kept.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// How often `key` occurs among the newest `window` keys (all keys when
    /// `window` is larger than the history).
    pub fn count_recent(&self, key: u64, window: usize) -> usize {
        let from = self.keys.len().saturating_sub(window);
        self.keys[from..].iter().filter(|&&k| k == key).count()
    }

    /// How often `key` occurs in the whole history.
    pub fn count(&self, key: u64) -> usize {
        self.count_recent(key, usize::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_counts() {
        assert_eq!(DrawRules::default(), DrawRules::NONE);
        assert_eq!(DrawRules::repetition(3).occurrences(), Some(3));
        assert_eq!(DrawRules::repetition(0).occurrences(), Some(2));
        assert!(!DrawRules::NONE.has_repetition());
        let r = DrawRules::repetition(3).with_no_progress(100);
        assert_eq!(r.no_progress, Some(100));
        let mut h = KeyHistory::from_keys([1, 2, 1, 3]);
        assert_eq!(h.count(1), 2);
        assert_eq!(h.count_recent(1, 2), 1);
        assert_eq!(h.count_recent(1, 1), 0);
        h.push(1);
        assert_eq!(h.count(1), 3);
        assert_eq!(h.pop(), Some(1));
        assert_eq!(h.len(), 4);
    }
}
