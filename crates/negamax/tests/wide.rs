//! Huge move lists: the search looks at its limits by the work done, not
//! only every [`CHECK_EVERY`] nodes. A game whose every position has 3,000
//! moves: a single pass to depth 255 makes 3,000 children a ply for its
//! ordering, so counting nodes alone lets it run down 255 plies (765,000
//! children) before it first sees a stop request; counting work, it sees
//! the request within [`CLOCK_MOVES`] moves and children. Counted, not
//! timed, so the test does not depend on the machine's load.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use spielbaum_game_trait::{Game, MoveList, Outcome, Player, Zero};
use spielbaum_negamax::params::{CHECK_EVERY, CLOCK_MOVES};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};

/// Moves of every position.
const WIDTH: u32 = 3_000;
/// Plies until the game ends (a draw).
const LENGTH: u32 = 1_000;

thread_local! {
    /// Positions copied and moves generated on this thread.
    static COPIES: Cell<u64> = const { Cell::new(0) };
    static GENERATED: Cell<u64> = const { Cell::new(0) };
}

#[derive(PartialEq, Eq, Debug)]
struct Wide {
    ply: u32,
    payload: [u64; 16],
}

impl Clone for Wide {
    fn clone(&self) -> Self {
        COPIES.with(|c| c.set(c.get() + 1));
        Wide { ply: self.ply, payload: self.payload }
    }
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
        self.payload[(mv % 16) as usize] ^= u64::from(mv) + 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.ply >= LENGTH).then_some(Outcome::Draw)
    }

    fn key(&self) -> u64 {
        self.payload.iter().fold(u64::from(self.ply), |h, &x| {
            (h.rotate_left(7) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }
}

fn counted(f: impl FnOnce()) -> (u64, u64) {
    COPIES.with(|c| c.set(0));
    GENERATED.with(|g| g.set(0));
    f();
    (COPIES.with(Cell::get), GENERATED.with(Cell::get))
}

#[test]
fn a_stop_request_is_seen_within_clock_moves_of_work() {
    let start = Wide { ply: 0, payload: [0; 16] };
    for algorithm in
        [Algorithm::Pvs, Algorithm::AlphaBeta, Algorithm::Negamax, Algorithm::Iterative]
    {
        let stop = Arc::new(AtomicBool::new(true));
        let limits = Limits { depth: 255, stop: Some(stop), ..Limits::default() };
        let config = Config { algorithm, table_mib: 0, ..Config::default() };
        let mut searcher = Searcher::new(Zero, config);
        let (copies, generated) = counted(|| {
            let r = searcher.search(&start, &limits);
            assert!(r.stopped || r.best_move.is_some());
        });
        // One move list and the children of one ordering pass at most, and
        // the leaves the node count lets through.
        let bound = 2 * CLOCK_MOVES as u64 + u64::from(WIDTH) + CHECK_EVERY;
        assert!(copies <= bound, "{algorithm:?}: {copies} copies > {bound}");
        assert!(generated <= bound, "{algorithm:?}: {generated} moves > {bound}");
    }
}
