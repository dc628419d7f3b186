//! Huge move lists: the search looks at its deadline by the moves it
//! generates, not only every [`CLOCK_EVERY`] iterations. A game whose every
//! position has 3,000 moves and which lasts 1,000 plies: one playout
//! generates up to 3 million moves, so sixteen iterations before the first
//! look at the clock are 48 million; counting moves, a deadline already
//! past is seen within [`CLOCK_MOVES`] of them and the running iteration is
//! abandoned. Counted, not timed, so the test does not depend on the
//! machine's load.

use std::cell::Cell;
use std::time::Duration;

use spielbaum_game_trait::{Game, MoveList, Outcome, Player};
use spielbaum_mcts::params::{CLOCK_EVERY, CLOCK_MOVES};
use spielbaum_mcts::{Budget, Config, Mcts, StopReason};

/// Moves of every position.
const WIDTH: u32 = 3_000;
/// Plies until the game ends (a draw).
const LENGTH: u32 = 1_000;

thread_local! {
    /// Moves generated on this thread.
    static GENERATED: Cell<u64> = const { Cell::new(0) };
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct Wide {
    ply: u32,
    last: u32,
}

impl Game for Wide {
    type Move = u32;

    fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, moves: &mut MoveList<u32>) {
        if self.ply < LENGTH {
            GENERATED.with(|g| g.set(g.get() + u64::from(WIDTH)));
            moves.extend(0..WIDTH);
        }
    }

    fn play(&mut self, mv: u32) {
        self.ply += 1;
        self.last = mv;
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.ply >= LENGTH).then_some(Outcome::Draw)
    }

    fn key(&self) -> u64 {
        (u64::from(self.ply) << 32 | u64::from(self.last)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

#[test]
fn a_passed_deadline_is_seen_within_clock_moves() {
    let start = Wide { ply: 0, last: 0 };
    let mut mcts = Mcts::new(start, Config::seeded(1));
    GENERATED.with(|g| g.set(0));
    let a = mcts.search(Budget::time(Duration::from_nanos(1)));
    let generated = GENERATED.with(Cell::get);
    assert_eq!(a.stopped_by, StopReason::Time);
    // Counting iterations only, the first look comes after CLOCK_EVERY
    // iterations: millions of moves here. Counting moves: the tree's and
    // the analysis' root lists, and the list that crosses the count.
    let bound = (CLOCK_MOVES + 3 * WIDTH as usize) as u64;
    assert!(generated <= bound, "{generated} moves generated > {bound}");
    const { assert!(CLOCK_EVERY > 1) };
    // The abandoned iteration changed no statistics.
    assert_eq!(a.iterations, 0, "{a:?}");
    assert!(a.moves.iter().all(|m| m.visits == 0));
}
