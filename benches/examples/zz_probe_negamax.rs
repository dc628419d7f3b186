//! TEMPORARY probe (issue 3), deleted after use.
#![allow(missing_docs, unused)]
use std::cell::Cell;
use std::time::Instant;
use minimax::{Negamax, Strategy, Winner, IterativeOptions, IterativeSearch};
use spielbaum_game_trait::{EVAL_MAX, Evaluator, Game, MoveList, Outcome, Score};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, Shape};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};
include!("/tmp/adapter.rs");
fn main() {
    let which = std::env::args().nth(1).unwrap();
    let g = RandomTree::new(77, 8, 64).with_shape(Shape::Dag);
    let mut v = 0;
    let mut n = 0;
    for _ in 0..100 {
        let r = match which.as_str() {
            "ours" => ours(&g, RandomTreeEval, Config::plain(Algorithm::AlphaBeta), 7),
            "theirs" => theirs_ab(&g, RandomTreeEval, 7),
            "ours-id" => ours(&g, RandomTreeEval, Config { table_mib: 1, ..Config::default() }, 7),
            "theirs-id" => theirs_id(&g, RandomTreeEval, 7),
            _ => (0, 0),
        };
        v += r.0; n += r.1;
    }
    println!("{which}: nodes {n} ({v})");
}
