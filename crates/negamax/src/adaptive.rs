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
use crate::searcher::Searcher;

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
    /// Cut-offs at nodes with two plies or more left.
    pub(crate) cuts: u64,
    /// Of these, the ones by the first move searched.
    pub(crate) first_cuts: u64,
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
            || self.full_order
            || self.big
            || (self.counters.nodes - self.counters.leaves >= params::ADAPTIVE_MIN_SAMPLE
                && self.transpositions_below(params::ADAPTIVE_ORDER_DIV))
    }

    /// The move ordering so far leaves room for full ordering
    /// ([`Config::full_order_nodes`](crate::Config::full_order_nodes)): of
    /// at least [`params::FULL_ORDER_MIN_CUTS`] cut-offs at nodes with two
    /// plies or more left, fewer than
    /// [`params::FULL_ORDER_FIRST_CUTS`] came from the first move searched.
    pub(crate) fn ordering_is_poor(&self) -> bool {
        let (num, den) = params::FULL_ORDER_FIRST_CUTS;
        let y = &self.yields;
        y.cuts >= params::FULL_ORDER_MIN_CUTS && y.first_cuts * den < y.cuts * num
    }

    /// An eligible node should try ETC now (always without
    /// [`Config::adaptive`](crate::Config::adaptive)).
    #[inline]
    pub(crate) fn etc_pays(&mut self) -> bool {
        if !self.config.adaptive || self.full_order || self.big {
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

    /// Values of the synthetic tree's positions that do not carry over from
    /// one depth to the next, so that the previous iteration's moves order
    /// poorly.
    #[derive(Clone, Copy)]
    struct Noise;

    impl spielbaum_game_trait::Evaluator<RandomTree> for Noise {
        fn evaluate(&self, g: &RandomTree) -> spielbaum_game_trait::Score {
            use spielbaum_game_trait::Game;
            (g.key().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as i32 - 128
        }
    }

    /// Full ordering ([`Config::full_order_nodes`]) begins only with an
    /// iteration expected to be big and where the ordering so far is poor:
    /// not on the tree with its own evaluator (good ordering), however deep;
    /// with values that do not carry over between depths not in a short
    /// search, but in a deeper one, where the history then learns; never
    /// without the setting.
    #[test]
    fn full_ordering_begins_with_big_iterations_and_poor_ordering() {
        let tree = RandomTree::new(2026, 10, 64);
        let mut good = Searcher::new(RandomTreeEval, Config { table_mib: 1, ..Config::default() });
        let nodes = good.search(&tree, &Limits::depth(8)).counters.nodes;
        assert!(nodes > 4 * crate::params::FULL_ORDER_NODES);
        assert!(!good.ordering_is_poor() && !good.full_order && good.history.is_empty());
        let search = |config: Config, d: u32| {
            let mut s = Searcher::new(Noise, Config { table_mib: 1, ..config });
            let r = s.search(&tree, &Limits::depth(d));
            (s, r.counters.nodes)
        };
        let (short, nodes) = search(Config::default(), 3);
        assert!(nodes < crate::params::FULL_ORDER_NODES);
        assert!(!short.full_order && !short.history_on && short.history.is_empty());
        let (long, _) = search(Config::default(), 7);
        assert!(long.full_order && long.history_on);
        assert!(long.history.iter().any(|&h| h > 0));
        let (never, _) = search(Config { full_order_nodes: None, ..Config::default() }, 7);
        assert!(never.ordering_is_poor() && !never.full_order && never.history.is_empty());
        // Values: the search that switched to full ordering (and one that
        // never did) against plain alpha-beta, at every depth.
        for d in 1..=7 {
            let mut plain = Searcher::new(Noise, Config::plain(crate::Algorithm::AlphaBeta));
            let want = plain.search(&tree, &Limits::depth(d)).score;
            for config in
                [Config::default(), Config { full_order_nodes: None, ..Config::default() }]
            {
                let mut s = Searcher::new(Noise, Config { table_mib: 1, ..config });
                assert_eq!(s.search(&tree, &Limits::depth(d)).score, want, "depth {d}");
            }
        }
    }

    /// `full_order_always` orders fully where the ordering is good too:
    /// from the first iteration with `full_order_nodes: Some(0)`, from a
    /// later one with a small number; the values stay those of plain
    /// alpha-beta.
    #[test]
    fn full_ordering_can_be_forced() {
        let tree = RandomTree::new(2026, 10, 64);
        for (from, d) in [(0, 1), (0, 6), (64, 6)] {
            let config = Config {
                table_mib: 1,
                full_order_nodes: Some(from),
                full_order_always: true,
                ..Config::default()
            };
            let mut s = Searcher::new(RandomTreeEval, config);
            let r = s.search(&tree, &Limits::depth(d));
            assert!(!s.ordering_is_poor(), "the tree orders well");
            assert!(s.full_order && s.history_on && s.big, "from {from}, depth {d}");
            if d > 2 {
                assert!(s.history.iter().any(|&h| h > 0));
            }
            let mut plain =
                Searcher::new(RandomTreeEval, Config::plain(crate::Algorithm::AlphaBeta));
            assert_eq!(r.score, plain.search(&tree, &Limits::depth(d)).score);
        }
        // Not forced: it stays off on the same searches.
        let mut s = Searcher::new(
            RandomTreeEval,
            Config { table_mib: 1, full_order_nodes: Some(0), ..Config::default() },
        );
        s.search(&tree, &Limits::depth(6));
        assert!(!s.full_order && !s.history_on);
    }
}
