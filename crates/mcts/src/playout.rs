//! Playout policies: how the simulation step picks moves.
//!
//! A [`Playout`] picks one move at a time; the engine runs the loop, so a
//! policy only says *which* move. Policies compose: [`Mixed`] takes one
//! policy with probability `p` and another otherwise, which is the text's
//! "mixed strategy" (`nextMove.prob`).
//!
//! The random numbers come from the engine's generator type `R`, any
//! [`RngCore`]: [`SplitMix64`] unless the engine was made with
//! [`Mcts::with_rng`](crate::Mcts::with_rng). Policies written for any `R`
//! draw through [`RngExt`].

use spielbaum_game_trait::rand_core::RngCore;
use spielbaum_game_trait::{Evaluator, Game, Player, SplitMix64, outcome_score};

/// A playout (simulation) policy, drawing its random numbers from a
/// generator of type `R` (default [`SplitMix64`], the engine's default).
///
/// `pick` returns the index of the move to play in `moves`, which is never
/// empty. An index `>= moves.len()` is reduced modulo `moves.len()`, so a
/// faulty policy cannot make the engine panic.
pub trait Playout<G: Game, R: RngCore = SplitMix64> {
    /// Index of the move to play at `game`.
    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize;
}

impl<G: Game, R: RngCore, P: Playout<G, R> + ?Sized> Playout<G, R> for &mut P {
    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        (**self).pick(game, moves, rng)
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
    fn pick(&mut self, game: &G, moves: &[G::Move], rng: &mut R) -> usize {
        if RngExt::unit_f64(rng) < self.p {
            self.a.pick(game, moves, rng)
        } else {
            self.b.pick(game, moves, rng)
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
