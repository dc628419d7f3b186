//! Playout policies: how the simulation step picks moves.
//!
//! A [`Playout`] picks one move at a time; the engine runs the loop, so a
//! policy only says *which* move. Policies compose: [`Mixed`] takes one
//! policy with probability `p` and another otherwise, which is the text's
//! "mixed strategy" (`nextMove.prob`).
//!
//! A policy may also pick without a move list ([`Playout::LIST_FREE`]):
//! [`FastUniform`] asks the game for a uniformly random legal move
//! ([`RandomMove`]), so the playout never builds the list of every move.
//!
//! The random numbers come from the engine's generator type `R`, any
//! [`RngCore`]: [`SplitMix64`] unless the engine was made with
//! [`Mcts::with_rng`](crate::Mcts::with_rng). Policies written for any `R`
//! draw through [`RngExt`].

use spielbaum_game_trait::rand_core::RngCore;
use spielbaum_game_trait::{
    Evaluator, Game, MoveList, Player, RandomMove, SplitMix64, outcome_score,
};

/// A playout (simulation) policy, drawing its random numbers from a
/// generator of type `R` (default [`SplitMix64`], the engine's default).
///
/// `pick` returns the index of the move to play in `moves`, which is never
/// empty. An index `>= moves.len()` is reduced modulo `moves.len()`, so a
/// faulty policy cannot make the engine panic.
///
/// A policy that can choose without the list sets
/// [`LIST_FREE`](Playout::LIST_FREE) and implements
/// [`pick_move`](Playout::pick_move): the engine's playouts then call
/// `pick_move` after the first ply and generate no move lists.
pub trait Playout<G: Game, R: RngCore = SplitMix64> {
    /// `true` if the engine's playouts should call
    /// [`pick_move`](Playout::pick_move) instead of generating the move
    /// list every ply (a constant, so the engine chooses its loop at
    /// compile time). The first ply of a playout still uses
    /// [`pick`](Playout::pick): the leaf's list is there already.
    ///
    /// Default: `false`.
    const LIST_FREE: bool = false;

    /// Index of the move to play at `game`.
    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize;

    /// The move to play at `game`, `None` exactly when `game` is over,
    /// chosen from the same distribution as [`pick`](Playout::pick) over
    /// the game's move list.
    ///
    /// Default: generates the list and calls [`pick`](Playout::pick) (an
    /// index `>= len` reduced modulo `len`). Policies with
    /// [`LIST_FREE`](Playout::LIST_FREE) override it.
    fn pick_move(&mut self, game: &G, rng: &mut R) -> Option<G::Move> {
        let mut moves = MoveList::new();
        game.moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let i = self.pick(game, &moves, rng);
        Some(moves[i % moves.len()])
    }
}

impl<G: Game, R: RngCore, P: Playout<G, R> + ?Sized> Playout<G, R> for &mut P {
    const LIST_FREE: bool = P::LIST_FREE;

    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        (**self).pick(game, moves, rng)
    }

    #[inline]
    fn pick_move(&mut self, game: &G, rng: &mut R) -> Option<G::Move> {
        (**self).pick_move(game, rng)
    }
}

/// What playouts draw from a generator, for every [`RngCore`]. With a
/// [`SplitMix64`] both give exactly what its own methods of the same
/// names give, so a search draws the same numbers through either.
pub trait RngExt: RngCore {
    /// A uniform index in `0..n` (`n > 0`), by Lemire's multiply-shift
    /// of one `next_u64` (bias below 2^-32 for the small `n` of move
    /// lists).
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniform float in `[0, 1)` from the top 53 bits of one
    /// `next_u64`.
    #[inline]
    fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

impl<R: RngCore + ?Sized> RngExt for R {}

/// Uniformly random moves: the classic Monte Carlo playout.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

impl<G: Game, R: RngCore> Playout<G, R> for Uniform {
    #[inline]
    fn pick(&mut self, _game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        RngExt::below(rng, moves.len())
    }
}

/// Uniformly random moves drawn by the game itself
/// ([`RandomMove::random_move`] with one word of the generator per ply):
/// the distribution of [`Uniform`], without a move list after the first
/// ply ([`LIST_FREE`](Playout::LIST_FREE)). On bitboard games the playout
/// then costs little more than the moves played: a tree search's iteration
/// takes 48 % fewer instructions than with [`Uniform`] on Gomoku 7×7 and
/// 33 % fewer on Connect Four 7×6 (`docs/mcts.md`).
///
/// ```
/// use spielbaum_mcts::{Budget, Config, FastUniform, Mcts};
/// use spielbaum_small_games::Connect4;
///
/// let mut mcts = Mcts::new(Connect4::standard(), Config::seeded(1)).with_playout(FastUniform);
/// let a = mcts.search(Budget::iterations(2_000));
/// assert_eq!(a.iterations, 2_000);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FastUniform;

impl<G: RandomMove, R: RngCore> Playout<G, R> for FastUniform {
    const LIST_FREE: bool = true;

    #[inline]
    fn pick(&mut self, _game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        RngExt::below(rng, moves.len())
    }

    #[inline]
    fn pick_move(&mut self, game: &G, rng: &mut R) -> Option<G::Move> {
        game.random_move(rng.next_u64())
    }
}

/// Any closure `FnMut(&G, &[G::Move], &mut R) -> usize` as a policy
/// for generator type `R` (see [`from_fn`]).
#[derive(Clone, Copy, Debug)]
pub struct FromFn<F>(pub F);

/// Wraps a closure as a [`Playout`].
///
/// ```
/// use spielbaum_mcts::{from_fn, Playout};
/// use spielbaum_small_games::TicTacToe;
/// use spielbaum_game_trait::SplitMix64;
///
/// // Always the first legal move.
/// let mut first = from_fn(|_: &TicTacToe, _: &[u8], _: &mut SplitMix64| 0);
/// assert_eq!(first.pick(&TicTacToe::new(), &[4, 0], &mut SplitMix64::new(1)), 0);
/// ```
pub fn from_fn<G, R, F>(f: F) -> FromFn<F>
where
    G: Game,
    R: RngCore,
    F: FnMut(&G, &[G::Move], &mut R) -> usize,
{
    FromFn(f)
}

impl<G, R, F> Playout<G, R> for FromFn<F>
where
    G: Game,
    R: RngCore,
    F: FnMut(&G, &[G::Move], &mut R) -> usize,
{
    #[inline]
    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        (self.0)(game, moves, rng)
    }
}

/// With probability `p` policy `a`, otherwise policy `b`, drawn afresh
/// for every move (the text's `nextMove.prob(n, prob)` with `a` the optimal
/// and `b` the random strategy).
#[derive(Clone, Copy, Debug)]
pub struct Mixed<A, B> {
    /// Probability of using `a`, in `[0, 1]`.
    pub p: f64,
    /// The policy used with probability `p`.
    pub a: A,
    /// The policy used otherwise.
    pub b: B,
}

impl<A, B> Mixed<A, B> {
    /// `a` with probability `p`, `b` otherwise.
    pub fn new(p: f64, a: A, b: B) -> Self {
        Mixed { p, a, b }
    }
}

impl<G: Game, R: RngCore, A: Playout<G, R>, B: Playout<G, R>> Playout<G, R> for Mixed<A, B> {
    /// List-free when both policies are.
    const LIST_FREE: bool = A::LIST_FREE && B::LIST_FREE;

    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        if RngExt::unit_f64(rng) < self.p {
            self.a.pick(game, moves, rng)
        } else {
            self.b.pick(game, moves, rng)
        }
    }

    fn pick_move(&mut self, game: &G, rng: &mut R) -> Option<G::Move> {
        if RngExt::unit_f64(rng) < self.p {
            self.a.pick_move(game, rng)
        } else {
            self.b.pick_move(game, rng)
        }
    }
}

/// Evaluator-guided playouts (ε-greedy): with probability `epsilon` a
/// uniformly random move, otherwise the move whose resulting position the
/// evaluator likes best for the player moving (a finished game is scored
/// exactly, so a winning move is always taken when seen). Ties go to the
/// first such move.
///
/// Costs one copy-make and one evaluation per legal move per ply: use it
/// where the evaluator is cheap or the game short.
#[derive(Clone, Copy, Debug)]
pub struct Guided<E> {
    /// The evaluator.
    pub eval: E,
    /// Probability of a random move instead of the greedy one.
    pub epsilon: f64,
}

impl<E> Guided<E> {
    /// Greedy with respect to `eval`, random with probability `epsilon`.
    pub fn new(eval: E, epsilon: f64) -> Self {
        Guided { eval, epsilon }
    }
}

impl<G: Game, R: RngCore, E: Evaluator<G>> Playout<G, R> for Guided<E> {
    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        if moves.len() == 1 {
            return 0;
        }
        if self.epsilon > 0.0 && RngExt::unit_f64(rng) < self.epsilon {
            return RngExt::below(rng, moves.len());
        }
        let me = game.to_move();
        let mut best = 0;
        let mut best_score = i64::MIN;
        for (i, &mv) in moves.iter().enumerate() {
            let child = game.after(mv);
            let score = value_for(&self.eval, &child, me);
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }
}

/// The value of `pos` for `me` (one ply after `me` moved).
fn value_for<G: Game, E: Evaluator<G>>(eval: &E, pos: &G, me: Player) -> i64 {
    let side = pos.to_move();
    let s = match pos.outcome() {
        Some(o) => outcome_score(o, side, 1),
        None => eval.evaluate(pos),
    };
    if side == me || G::PLAYERS == 1 { i64::from(s) } else { -i64::from(s) }
}
