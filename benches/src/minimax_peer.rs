//! The `minimax` crate's (0.6) view of any spielbaum [`Game`], shared by the
//! negamax and MCTS peer benchmarks so both compare against the same
//! adapter.

use std::cell::Cell;
use std::marker::PhantomData;

use minimax::Winner;
use spielbaum_game_trait::{Game, MoveList, Outcome};

thread_local! {
    static APPLIED: Cell<u64> = const { Cell::new(0) };
}

/// minimax's view of a spielbaum game. With `COUNT = true` it counts the
/// positions entered (`apply` calls, see [`applied`]); timed runs use the
/// default `COUNT = false`, so the peer pays nothing for our statistics.
pub struct Adapter<G, const COUNT: bool = false>(PhantomData<G>);

/// The outcome of `g` in minimax's terms.
pub fn winner<G: Game>(g: &G) -> Option<Winner> {
    g.outcome().map(|o| match o {
        Outcome::Win(p) if p == g.to_move() => Winner::PlayerToMove,
        Outcome::Win(_) => Winner::PlayerJustMoved,
        _ => Winner::Draw,
    })
}

/// Resets this thread's count of positions entered by a counting adapter.
pub fn reset_applied() {
    APPLIED.with(|c| c.set(0));
}

/// Positions entered on this thread by a counting adapter since
/// [`reset_applied`].
pub fn applied() -> u64 {
    APPLIED.with(Cell::get)
}

impl<G: Game, const COUNT: bool> minimax::Game for Adapter<G, COUNT> {
    type S = G;
    type M = G::Move;

    // The `Game` contract: no moves exactly when the game is over, so the
    // outcome is only asked for then (as our engines do), not after every
    // move of a search or rollout.
    fn generate_moves(s: &G, moves: &mut Vec<G::Move>) -> Option<Winner> {
        let mut list = MoveList::new();
        s.moves(&mut list);
        if list.is_empty() {
            return winner(s);
        }
        moves.extend_from_slice(&list);
        None
    }

    fn apply(s: &mut G, m: G::Move) -> Option<G> {
        if COUNT {
            APPLIED.with(|c| c.set(c.get() + 1));
        }
        Some(s.after(m))
    }

    fn get_winner(s: &G) -> Option<Winner> {
        winner(s)
    }

    fn zobrist_hash(s: &G) -> u64 {
        // minimax indexes its table with the low bits and checks the high
        // 32 bits, so exact keys (Tic-tac-toe's 18-bit board) must be
        // spread over all 64 bits (our table does the same multiply inside).
        s.key().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}
