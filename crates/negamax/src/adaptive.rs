//! Self-tuning switches ([`Config::adaptive`](crate::Config::adaptive)):
//! static-evaluation ordering and enhanced transposition cut-offs are
//! switched on and off during a search by what they yield there. Both keep
//! the search exact (they only change the order and the cut-offs that the
//! table proves), so the root value does not depend on the switching.
//!
//! The yardstick is the rate of *transpositions*: table hits deep enough to
//! answer the node (in iterative deepening an entry of the previous
//! iteration is one ply too shallow, so these are positions reached a
//! second time in the same iteration). Measured (`docs/negamax.md`): on the
//! synthetic tree about 1 % of the expanded nodes, on Tic-tac-toe 20 %, on
//! the synthetic DAG 34 %.
//! - Static ordering evaluates every child of a node; where the table
//!   already knows most positions it costs more than it saves (DAG,
//!   Tic-tac-toe), where it does not it saves a fifth of the nodes (tree).
//!   So it runs once [`params::ADAPTIVE_MIN_SAMPLE`] nodes were expanded and
//!   while transpositions stay at most 1/[`params::ADAPTIVE_ORDER_DIV`] of
//!   the expanded nodes.
//! - ETC looks every child up; it pays where the look-ups cut (DAG: 37 % of
//!   the nodes that tried it) and costs where they rarely do (Tic-tac-toe:
//!   6 %, tree: none). So it runs only above a transposition rate of
//!   1/[`params::ADAPTIVE_ETC_DIV`], and after
//!   [`params::ADAPTIVE_ETC_WARMUP`] tries only while at least
//!   1/[`params::ADAPTIVE_ETC_CUT_DIV`] of them cut; while it is off, every
//!   [`params::ADAPTIVE_ETC_RETRY`]-th eligible node still tries, so the
//!   estimate can recover.

use spielbaum_game_trait::{Evaluator, Game};

use crate::params;
use crate::search::Searcher;

/// What the adaptive switches measured since the search began.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Yields {
    /// Table hits deep enough to answer the node.
    pub(crate) deep_hits: u64,
    /// Nodes that tried an enhanced transposition cut-off.
    pub(crate) etc_tries: u64,
    /// Of these, the ones it ended.
    pub(crate) etc_cuts: u64,
    /// Eligible nodes skipped while ETC was off.
    pub(crate) etc_waits: u64,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// `true` if transpositions are at most 1/`div`
    /// of the nodes expanded so far.
    #[inline]
    fn transpositions_below(&self, div: u64) -> bool {
        let expanded = self.counters.nodes - self.counters.leaves;
        self.yields.deep_hits * div <= expanded
    }

    /// Static-evaluation ordering may run now (always without
    /// [`Config::adaptive`](crate::Config::adaptive)).
    #[inline]
    pub(crate) fn eval_order_pays(&self) -> bool {
        !self.config.adaptive
            || (self.counters.nodes - self.counters.leaves >= params::ADAPTIVE_MIN_SAMPLE
                && self.transpositions_below(params::ADAPTIVE_ORDER_DIV))
    }

    /// An eligible node should try ETC now (always without
    /// [`Config::adaptive`](crate::Config::adaptive)).
    #[inline]
    pub(crate) fn etc_pays(&mut self) -> bool {
        if !self.config.adaptive {
            return true;
        }
        if self.transpositions_below(params::ADAPTIVE_ETC_DIV) {
            return false;
        }
        let y = &mut self.yields;
        if y.etc_tries < params::ADAPTIVE_ETC_WARMUP
            || y.etc_cuts * params::ADAPTIVE_ETC_CUT_DIV >= y.etc_tries
        {
            return true;
        }
        y.etc_waits += 1;
        y.etc_waits.is_multiple_of(params::ADAPTIVE_ETC_RETRY)
    }
}

#[cfg(test)]
mod tests {
    use crate::synthetic::{RandomTree, RandomTreeEval, Shape};
    use crate::{Config, Limits, Searcher};

    /// The switches do switch, each the way the measurements in the module
    /// docs say: on the tree (no transpositions) static ordering stays on
    /// and ETC off; on the DAG static ordering ends off and ETC cuts often.
    #[test]
    fn switches_follow_the_transposition_rate() {
        let search = |g: &RandomTree, d: u32| {
            let mut s = Searcher::new(RandomTreeEval, Config { table_mib: 1, ..Config::default() });
            s.search(g, &Limits::depth(d));
            s
        };
        let tree = search(&RandomTree::new(2026, 10, 64), 6);
        assert!(tree.eval_order_pays());
        assert!(tree.yields.etc_tries <= crate::params::ADAPTIVE_ETC_WARMUP + 16);
        assert_eq!(tree.yields.etc_cuts, 0);
        let mut dag = search(&RandomTree::new(77, 8, 64).with_shape(Shape::Dag), 7);
        assert!(!dag.eval_order_pays());
        assert!(dag.yields.etc_tries > crate::params::ADAPTIVE_ETC_WARMUP);
        assert!(dag.yields.etc_cuts * crate::params::ADAPTIVE_ETC_CUT_DIV >= dag.yields.etc_tries);
        assert!(dag.etc_pays());
        // Without the switch both always run.
        let mut plain = Searcher::new(
            RandomTreeEval,
            Config { table_mib: 1, adaptive: false, ..Config::default() },
        );
        plain.search(&RandomTree::new(77, 8, 64).with_shape(Shape::Dag), &Limits::depth(4));
        assert!(plain.eval_order_pays() && plain.etc_pays());
    }
}
