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

/// The keys of the positions of a game so far (or of a line being
/// searched), oldest first, with a small counting filter so that the common
/// answer "not here" costs no scan.
///
/// Engines and callers use it to apply the repetition rule: a position can
/// only repeat one that was played after the last irreversible move, so
/// [`Game::no_progress`](crate::Game::no_progress) bounds the scan (as the
/// fifty-move counter does in chess engines). Pushing and popping are
/// `O(1)` and allocate only while the history grows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyHistory {
    keys: Vec<u64>,
    /// Per filter slot, how many keys of the history fall into it (empty
    /// until the first push).
    counts: Vec<u16>,
}

impl KeyHistory {
    const FILTER_BITS: u32 = 12;

    #[inline]
    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::FILTER_BITS)) as usize
    }

    /// An empty history.
    pub const fn new() -> Self {
        KeyHistory { keys: Vec::new(), counts: Vec::new() }
    }

    /// A history of `keys`, oldest first.
    pub fn from_keys(keys: impl IntoIterator<Item = u64>) -> Self {
        let mut h = KeyHistory::new();
        keys.into_iter().for_each(|k| h.push(k));
        h
    }

    /// Appends the key of the position just reached.
    #[inline]
    pub fn push(&mut self, key: u64) {
        if self.counts.is_empty() {
            self.counts = vec![0; 1 << Self::FILTER_BITS];
        }
        let c = &mut self.counts[Self::slot(key)];
        *c = c.saturating_add(1);
        self.keys.push(key);
    }

    /// Takes the newest key off.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        let k = self.keys.pop()?;
        let c = &mut self.counts[Self::slot(k)];
        // A saturated counter stays (the filter only ever errs towards a scan).
        if *c != u16::MAX {
            *c -= 1;
        }
        Some(k)
    }

    /// Keeps the oldest `len` keys.
    pub fn truncate(&mut self, len: usize) {
        while self.keys.len() > len {
            self.pop();
        }
    }

    /// Forgets every key.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// `true` if `key` is in the history (a filter look-up, then a scan
    /// only when the filter says maybe).
    #[inline]
    pub fn contains(&self, key: u64) -> bool {
        self.counts.get(Self::slot(key)).is_some_and(|&c| c > 0) && self.keys.contains(&key)
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
        if !self.contains(key) {
            return 0;
        }
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
        assert!(h.contains(3) && !h.contains(4));
        h.truncate(1);
        assert_eq!(h.keys(), &[1]);
        assert!(!h.contains(2));
    }

    #[test]
    fn keys_are_found_exactly_while_pushed() {
        let mut p = KeyHistory::new();
        assert!(!p.contains(7));
        // Keys that share a filter counter (found by search) and one that
        // does not.
        let twin = (8..).find(|&k| KeyHistory::slot(k) == KeyHistory::slot(7)).unwrap();
        p.push(7);
        p.push(7);
        p.push(twin);
        assert!(p.contains(7) && p.contains(twin));
        assert!(!p.contains(twin + 1));
        p.pop();
        assert!(!p.contains(twin) && p.contains(7));
        p.pop();
        assert!(p.contains(7));
        p.pop();
        assert!(!p.contains(7));
        p.push(9);
        p.clear();
        assert!(!p.contains(9));
        assert!(p.counts.iter().all(|&c| c == 0));
    }
}
