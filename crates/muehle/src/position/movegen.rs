//! Move generation: every legal move of a position into a [`MoveSink`].

use spielbaum_game_trait::MoveList;

use super::{Move, NONE, Position};

/// Where move generation writes: the game's [`MoveList`] or the engine's
/// move stack.
pub(crate) trait MoveSink {
    fn push(&mut self, mv: Move);

    /// Appends the steps from `from` to each point of `adjacent` (in its
    /// order; [`NO_POINT`](crate::board::NO_POINT) pads) that is in
    /// `targets` (the engine's stack writes all four and counts the kept
    /// ones, without a branch).
    #[inline(always)]
    fn push_steps(&mut self, from: u8, adjacent: &[u8; 4], targets: u32) {
        for &to in adjacent {
            if targets >> to & 1 == 1 {
                self.push(Move::step(from, to));
            }
        }
    }
}

impl MoveSink for MoveList<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

impl Position {
    /// Appends `from`→`to` (with every capture it allows) to `out`; `own`
    /// is the mover's stones without `from`, `gaps` a superset of the
    /// points where a move closes a mill.
    #[inline(always)]
    fn push<const CLOSING: bool, S: MoveSink>(
        &self,
        out: &mut S,
        from: u8,
        to: u8,
        own: u32,
        gaps: u32,
        takes: &mut Option<u32>,
    ) {
        let mv = Move { from, to, take: NONE };
        let closes = gaps >> to & 1 == 1 && self.board.closes_mill(own, to as usize);
        if CLOSING && !closes {
            return;
        }
        if self.rules.mill_wins || !closes {
            out.push(mv);
            return;
        }
        let mut caps = *takes.get_or_insert_with(|| self.removable());
        if caps == 0 {
            out.push(mv);
            return;
        }
        while caps != 0 {
            out.push(Move { take: caps.trailing_zeros() as u8, ..mv });
            caps &= caps - 1;
        }
    }

    /// The legal moves without the checks for a finished game: all of
    /// them, or with `CLOSING` only those that close a mill.
    #[inline]
    pub(crate) fn generate<const CLOSING: bool, S: MoveSink>(&self, out: &mut S) {
        self.generate_with::<CLOSING, true, S>(out);
    }

    /// The moves of the general per-neighbour loop, for comparison with
    /// the branch-free steps [`generate`](Self::generate) takes where it
    /// can.
    #[cfg(test)]
    pub(crate) fn generate_per_neighbour(&self, out: &mut Vec<Move>) {
        self.generate_with::<false, false, _>(out);
    }

    /// [`generate`](Self::generate), taking the branch-free steps of
    /// [`generate_steps`](Self::generate_steps) only if `FAST`.
    #[inline(always)]
    fn generate_with<const CLOSING: bool, const FAST: bool, S: MoveSink>(&self, out: &mut S) {
        let s = self.side as usize;
        let own = self.stones[s];
        let mut empty = self.empty();
        let mut takes = None;
        // A move closing a mill ends on the gap of a line of two.
        let gaps = match &self.board.triples {
            Some(t) => {
                let (duals, empty_dual) = self.duals();
                t.gaps(duals[0], empty_dual)
            }
            None => u32::MAX,
        };
        if CLOSING {
            empty &= gaps;
            if empty == 0 {
                return;
            }
        }
        if self.hand[s] > 0 {
            let mut e = empty;
            while e != 0 {
                let to = e.trailing_zeros() as u8;
                e &= e - 1;
                self.push::<CLOSING, S>(out, NONE, to, own, gaps, &mut takes);
            }
            return;
        }
        let flying = self.rules.flying && self.on[s] == 3;
        if FAST && CLOSING && !flying && empty & empty.wrapping_sub(1) == 0 {
            // One point to close a mill on: the stones next to it, in the
            // order of the loop below (ascending `from`, one `to`).
            let to = empty.trailing_zeros();
            let mut f = own & self.board.neighbours(to as usize);
            while f != 0 {
                let from = f.trailing_zeros();
                f &= f - 1;
                let rest = own & !(1 << from);
                self.push::<true, S>(out, from as u8, to as u8, rest, gaps, &mut takes);
            }
            return;
        }
        if FAST && !CLOSING && !flying && self.board.adjacent_lists {
            self.generate_steps(out, own, empty, gaps, &mut takes);
            return;
        }
        // Closing by a step: only the stones next to a point to close on.
        let mut f = if CLOSING && !flying { own & self.board.neighbours_of(empty) } else { own };
        while f != 0 {
            let from = f.trailing_zeros();
            f &= f - 1;
            let rest = own & !(1 << from);
            let mut t = if flying { empty } else { self.board.neighbours(from as usize) & empty };
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                self.push::<CLOSING, S>(out, from as u8, to, rest, gaps, &mut takes);
            }
        }
    }

    /// The moves along the lines (no stone in hand, not flying), in the
    /// order of [`generate`](Self::generate): a stone's neighbours, listed
    /// in order, go through [`MoveSink::push_steps`] (kept if empty, no
    /// branch per neighbour); a stone with an empty neighbour that may
    /// close a mill (a gap of `gaps`) goes through [`push`](Self::push).
    #[inline(always)]
    fn generate_steps<S: MoveSink>(
        &self,
        out: &mut S,
        own: u32,
        empty: u32,
        gaps: u32,
        takes: &mut Option<u32>,
    ) {
        let mut f = own;
        while f != 0 {
            let from = f.trailing_zeros() as usize;
            f &= f - 1;
            let mut t = self.board.neighbours(from) & empty;
            if t & gaps == 0 {
                out.push_steps(from as u8, &self.board.adjacent[from], t);
            } else {
                let rest = own & !(1 << from);
                while t != 0 {
                    let to = t.trailing_zeros() as u8;
                    t &= t - 1;
                    self.push::<false, S>(out, from as u8, to, rest, gaps, takes);
                }
            }
        }
    }
}
