//! The move stack of the Mühle engine's search: the generated moves of
//! every ply on the path, one after another, in a buffer that only grows.

use core::ops::{Deref, DerefMut};

use crate::position::{Move, MoveSink};

/// Moves in `buf[..len]`; the slots after them hold stale moves, so that
/// a move can be written first and counted after
/// ([`MoveSink::push_steps`] without a branch per move).
pub(super) struct MoveStack {
    buf: Vec<Move>,
    len: usize,
}

impl MoveStack {
    /// An empty stack with room for `capacity` moves before it grows.
    pub fn with_capacity(capacity: usize) -> MoveStack {
        MoveStack { buf: vec![Move::place(0); capacity.max(1)], len: 0 }
    }

    /// Drops the moves from `len` on.
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// The slot after the last move, made if the buffer is full.
    #[inline(always)]
    fn free_slot(&mut self) -> &mut Move {
        if self.len == self.buf.len() {
            self.buf.push(Move::place(0));
        }
        &mut self.buf[self.len]
    }
}

impl Deref for MoveStack {
    type Target = [Move];

    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.buf[..self.len]
    }
}

impl DerefMut for MoveStack {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.buf[..self.len]
    }
}

impl MoveSink for MoveStack {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        *self.free_slot() = mv;
        self.len += 1;
    }

    #[inline(always)]
    fn push_steps(&mut self, from: u8, adjacent: &[u8; 4], targets: u32) {
        if self.buf.len() < self.len + 4 {
            self.buf.resize(self.len + 4, Move::place(0));
        }
        let slots = &mut self.buf[self.len..self.len + 4];
        let mut n = 0;
        for &to in adjacent {
            slots[n & 3] = Move::step(from, to);
            n += (targets >> to & 1) as usize;
        }
        self.len += n;
    }
}

#[cfg(test)]
mod tests {
    use spielbaum_game_trait::{Game, MoveList, SplitMix64};

    use super::*;
    use crate::board::Variant;
    use crate::position::Position;
    use crate::rules::Rules;

    /// Move generation writes the same moves in the same order into the
    /// stack (several plies' worth on it) as one by one into a `Vec`.
    #[test]
    fn generation_into_the_stack_equals_one_push_each() {
        let mut rng = SplitMix64::new(9);
        for v in Variant::ALL {
            for flying in [true, false] {
                for _ in 0..40 {
                    let mut pos = Position::new(Rules::new(v).with_flying(flying));
                    let mut stack = MoveStack::with_capacity(8);
                    let mut moves = MoveList::new();
                    for _ in 0..rng.below(80) {
                        let base = stack.len();
                        pos.generate::<false, _>(&mut stack);
                        let mut one_by_one = Vec::new();
                        pos.generate::<false, _>(&mut one_by_one);
                        assert_eq!(&stack[base..], &one_by_one[..], "{pos}");
                        moves.clear();
                        pos.moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        pos.play(moves[rng.below(moves.len())]);
                    }
                }
            }
        }
    }

    /// The branch-free steps (written four at a time into the stack, kept
    /// by count) give the same moves in the same order as the general
    /// loop over each stone's empty neighbours, in every variant, with and
    /// without flying, along random games.
    #[test]
    fn branch_free_steps_equal_the_per_neighbour_loop() {
        let mut rng = SplitMix64::new(10);
        let mut moving = 0;
        for v in Variant::ALL {
            for flying in [true, false] {
                for _ in 0..40 {
                    let mut pos = Position::new(Rules::new(v).with_flying(flying));
                    let mut stack = MoveStack::with_capacity(4);
                    let mut moves = MoveList::new();
                    for _ in 0..rng.below(120) {
                        stack.truncate(0);
                        pos.generate::<false, _>(&mut stack);
                        let mut general = Vec::new();
                        pos.generate_per_neighbour(&mut general);
                        assert_eq!(&stack[..], &general[..], "{pos}");
                        moving += usize::from(general.iter().any(|m| !m.is_place()));
                        moves.clear();
                        pos.moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        pos.play(moves[rng.below(moves.len())]);
                    }
                }
            }
        }
        assert!(moving > 1_000, "only {moving} positions with steps");
    }

    /// The moves that close a mill (the quiescence's list, with its path
    /// for a single point to close on) are the legal moves that close
    /// one, in the same order, in every variant, with and without
    /// flying, along random games.
    #[test]
    fn closing_moves_are_the_closing_legal_moves_in_order() {
        let mut rng = SplitMix64::new(11);
        let mut single = 0;
        for v in Variant::ALL {
            for flying in [true, false] {
                for _ in 0..40 {
                    let mut pos = Position::new(Rules::new(v).with_flying(flying));
                    let mut moves = MoveList::new();
                    for _ in 0..rng.below(120) {
                        moves.clear();
                        pos.moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        let want: Vec<Move> =
                            moves.iter().copied().filter(|&m| pos.closes_mill_with(m)).collect();
                        let mut stack = MoveStack::with_capacity(4);
                        pos.generate::<true, _>(&mut stack);
                        assert_eq!(&stack[..], &want[..], "{pos}");
                        let tos: Vec<u8> = want.iter().map(|m| m.to).collect();
                        single += usize::from(
                            !tos.is_empty()
                                && tos.iter().all(|&t| t == tos[0])
                                && want.iter().any(|m| !m.is_place()),
                        );
                        pos.play(moves[rng.below(moves.len())]);
                    }
                }
            }
        }
        assert!(single > 100, "only {single} positions with one point to close on");
    }

    #[test]
    fn keeps_what_it_is_told_and_grows() {
        let mut s = MoveStack::with_capacity(2);
        let mut want = Vec::new();
        for from in 0..24u8 {
            let adjacent = [from / 2, from / 2 + 3, from / 2 + 7, crate::board::NO_POINT];
            let targets = (u32::from(from) * 0x0004_9249) & 0xFF_FFFF;
            s.push_steps(from, &adjacent, targets);
            want.extend(
                adjacent
                    .iter()
                    .filter(|&&to| targets >> to & 1 == 1)
                    .map(|&to| Move::step(from, to)),
            );
            s.push(Move::place(from));
            want.push(Move::place(from));
        }
        assert_eq!(&s[..], &want[..]);
        s.truncate(3);
        assert_eq!(&s[..], &want[..3]);
        s.swap(0, 2);
        assert_eq!((s[0], s[2]), (want[2], want[0]));
        s.truncate(0);
        assert!(s.is_empty());
    }
}
