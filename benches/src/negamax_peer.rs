//! The negamax comparison's two sides, shared by
//! `benches/negamax_vs_minimax.rs` and the profiling driver
//! `examples/negamax_profile.rs`: our [`Searcher`] and `minimax` 0.6's
//! `Negamax` / `IterativeSearch` on the same game and evaluator, each
//! returning the root value in minimax's terms and (with `COUNT`) the nodes.

use std::marker::PhantomData;

use minimax::{IterativeOptions, IterativeSearch, Negamax, Strategy};
use spielbaum_game_trait::{EVAL_MAX, Evaluator, Game, Score};
use spielbaum_negamax::{Config, Limits, Searcher};

use crate::minimax_peer::{Adapter, applied, reset_applied};

/// minimax's evaluator from a spielbaum evaluator (values must fit in i16;
/// with `COUNT` this is asserted).
pub struct Eval<G, E, const COUNT: bool>(pub E, pub PhantomData<G>);

impl<G: Game, E: Evaluator<G>, const COUNT: bool> minimax::Evaluator for Eval<G, E, COUNT> {
    type G = Adapter<G, COUNT>;
    fn evaluate(&self, s: &G) -> minimax::Evaluation {
        let v = self.0.evaluate(s);
        if COUNT {
            assert!(v.abs() < i32::from(i16::MAX) - 1, "evaluation {v} does not fit minimax's i16");
        }
        v as i16
    }
}

/// Our score in minimax's terms (wins and losses at ±BEST_EVAL).
pub fn as_minimax(s: Score) -> i32 {
    if s > EVAL_MAX {
        i32::from(minimax::BEST_EVAL)
    } else if s < -EVAL_MAX {
        i32::from(minimax::WORST_EVAL)
    } else {
        s
    }
}

/// Our search of `g` to `depth` with `config`: root value (minimax's terms)
/// and nodes. Builds the searcher (and its table) inside the call, as
/// minimax's side does.
pub fn ours<G: Game, E: Evaluator<G>>(g: &G, eval: E, config: &Config, depth: u32) -> (i32, u64) {
    let r = Searcher::new(eval, config.clone()).search(g, &Limits::depth(depth));
    (as_minimax(r.score), r.counters.nodes)
}

/// minimax's alpha-beta (`Negamax`): root value and, with `COUNT`, nodes
/// (positions entered through `apply`, plus the root).
pub fn theirs_ab<const COUNT: bool, G: Game, E: Evaluator<G>>(
    g: &G,
    eval: E,
    depth: u8,
) -> (i32, u64) {
    reset_applied();
    let mut s = Negamax::new(Eval::<G, E, COUNT>(eval, PhantomData), depth);
    s.choose_move(g).expect("a move");
    (i32::from(s.root_value()), applied() + 1)
}

/// minimax's iterative deepening with a 1 MiB table (its defaults
/// otherwise: null-window search, two-tier replacement).
pub fn theirs_id<const COUNT: bool, G: Game, E: Evaluator<G>>(
    g: &G,
    eval: E,
    depth: u8,
) -> (i32, u64)
where
    G::Move: Eq,
{
    theirs_id_mib::<COUNT, G, E>(g, eval, depth, 1)
}

/// [`theirs_id`] with a table of `mib` MiB.
pub fn theirs_id_mib<const COUNT: bool, G: Game, E: Evaluator<G>>(
    g: &G,
    eval: E,
    depth: u8,
    mib: usize,
) -> (i32, u64)
where
    G::Move: Eq,
{
    reset_applied();
    let opts = IterativeOptions::new().with_table_byte_size(mib << 20);
    let mut s = IterativeSearch::new(Eval::<G, E, COUNT>(eval, PhantomData), opts);
    s.set_max_depth(depth);
    s.choose_move(g).expect("a move");
    (i32::from(s.root_value()), applied() + 1)
}

/// Our iterative deepening with exactly minimax's `IterativeSearch`
/// techniques: table (1 MiB), table move first, null-window search; no
/// static-evaluation ordering, killers or history (minimax 0.6 has none of
/// these on by default; its `min_reorder_moves_depth` is a no-op there),
/// and a table of fixed size like minimax's (no `table_growth`).
pub fn like_minimax_id() -> Config {
    Config {
        table_mib: 1,
        table_growth: false,
        order_min_depth: i32::MAX,
        killers: false,
        history: false,
        etc: false,
        adaptive: false,
        full_order_nodes: None,
        ..Config::default()
    }
}

/// An evaluator whose values are clamped to ±[`FIT16_MAX`], so that they
/// fit minimax's `i16` evaluations; both engines search with it (the
/// Gomoku pattern evaluator scores a won position at 40,000). Only
/// `evaluate` is passed on: the inner evaluator's move-ordering hooks are
/// not used by either engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fit16<E>(pub E);

/// The largest value of [`Fit16`].
pub const FIT16_MAX: Score = 30_000;

impl<G: Game, E: Evaluator<G>> Evaluator<G> for Fit16<E> {
    fn evaluate(&self, g: &G) -> Score {
        self.0.evaluate(g).clamp(-FIT16_MAX, FIT16_MAX)
    }
}
