//! The line being searched, for the exact solver's cycle guard (see
//! `Searcher::cycle_guard` and `docs/negamax.md`, "Long games").

/// The keys of the positions on the current line, with a small counting
/// filter so that the common "not on the line" answer costs no scan.
#[derive(Default)]
pub(crate) struct Path {
    keys: Vec<u64>,
    counts: Vec<u16>,
}

impl Path {
    const FILTER_BITS: u32 = 12;

    #[inline]
    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::FILTER_BITS)) as usize
    }

    /// `true` if `key` is on the line.
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.counts.get(Self::slot(key)).is_some_and(|&c| c > 0) && self.keys.contains(&key)
    }

    /// Puts `key` on the line.
    pub(crate) fn push(&mut self, key: u64) {
        if self.counts.is_empty() {
            self.counts = vec![0; 1 << Self::FILTER_BITS];
        }
        self.counts[Self::slot(key)] += 1;
        self.keys.push(key);
    }

    /// Takes the last key off the line.
    pub(crate) fn pop(&mut self) {
        if let Some(k) = self.keys.pop() {
            self.counts[Self::slot(k)] -= 1;
        }
    }

    /// Empties the line.
    pub(crate) fn clear(&mut self) {
        while !self.keys.is_empty() {
            self.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Path;

    #[test]
    fn keys_are_on_the_line_exactly_while_pushed() {
        let mut p = Path::default();
        assert!(!p.contains(7));
        // Keys that share a filter counter (found by search) and one that
        // does not.
        let twin = (8..).find(|&k| Path::slot(k) == Path::slot(7)).unwrap();
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
