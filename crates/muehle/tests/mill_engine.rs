//! The game's own engine (`MillEngine`): exact against the negamax crate's
//! plain alpha-beta where both compute minimax, mills found, repetitions,
//! limits.

use std::time::{Duration, Instant};

use spielbaum_game_trait::{
    Agent, AgentLimits, Ending, Game, MoveList, Notation, Outcome, RandomAgent, SplitMix64,
    play_game,
};
use spielbaum_muehle::{EngineConfig, MillEngine, MillEval, Position, engine};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};

const MIDDLE: &str = "W.B/.WB/B.W/WB.B.W/.BW/W.B/.W. w 0 0 6";

#[test]
fn fixed_depth_values_equal_plain_alpha_beta() {
    // Without quiescence, reductions and contempt the engine computes the
    // depth-limited minimax value; the placing phase has no
    // transpositions across plies, so the table cannot change it.
    let exact =
        EngineConfig { quiescence: false, reductions: false, contempt: 0, ..Default::default() };
    let mut rng = SplitMix64::new(11);
    let mut moves = MoveList::new();
    for _ in 0..40 {
        let mut pos = Position::nine();
        for _ in 0..4 + rng.below(8) {
            moves.clear();
            pos.moves(&mut moves);
            pos.play(moves[rng.below(moves.len())]);
        }
        for depth in 1..=3 {
            let mine = MillEngine::new(exact).search(&pos, &AgentLimits::depth(depth)).score;
            let theirs = Searcher::new(MillEval, Config::plain(Algorithm::AlphaBeta))
                .search(&pos, &Limits::depth(depth))
                .score;
            assert_eq!(mine, theirs, "depth {depth}: {pos}");
        }
    }
}

#[test]
fn the_engine_takes_with_its_mill() {
    let pos = Position::nine().parse_position("WW./.../.../....../.../.../B.B w 7 7 0").unwrap();
    let r = engine::strong(4).search(&pos, &AgentLimits::depth(3));
    assert!(r.best.unwrap().is_capture());
    assert_eq!(r.pv.first(), r.best.as_ref());
}

#[test]
fn a_repeated_position_is_a_draw_for_the_search() {
    // If every move repeats an earlier position, the score is the
    // contempt-shifted draw, not the static value.
    // (The middle-game position with white's g4 on g7, so that no move
    // closes a mill, 50 plies after the last capture: a position after a
    // capture cannot have come before. The game before it alternates
    // sides as a game does: each position after a move, black to move,
    // then the position itself, white to move.)
    let pos = Position::nine().parse_position("W.B/.WB/B.W/WB.B.W/.BW/W.B/..W w 0 0 50").unwrap();
    let mut list = MoveList::new();
    pos.moves(&mut list);
    assert!(list.iter().all(|m| !m.is_capture()));
    assert!(2 * list.len() < 50);
    let earlier: Vec<u64> = list.iter().flat_map(|&m| [pos.key(), pos.after(m).key()]).collect();
    let config = EngineConfig { contempt: 77, quiescence: false, ..Default::default() };
    let r = MillEngine::new(config).search_after(&pos, &earlier, &AgentLimits::depth(2));
    assert_eq!(r.score, -77);
    let r = MillEngine::new(config).search(&pos, &AgentLimits::depth(2));
    assert_ne!(r.score, -77);
}

#[test]
fn limits_hold() {
    let pos = Position::nine().parse_position(MIDDLE).unwrap();
    let r = engine::strong(4).search(&pos, &AgentLimits::nodes(5_000));
    assert!(r.nodes <= 5_000 + 1, "{}", r.nodes);
    let t = Instant::now();
    let r = engine::strong(4).search(&pos, &AgentLimits::millis(100));
    assert!(t.elapsed() < Duration::from_millis(1500), "{:?}", t.elapsed());
    assert!(r.depth >= 2 && r.best.is_some());
}

/// A timed search keeps a margin: the budget less a tenth, at most 20 ms.
/// With the start position's search far from finished, it stops before
/// its budget (the best of three runs: a shared machine may hold one back).
#[test]
fn timed_search_answers_within_its_budget() {
    use spielbaum_muehle::params::{TIME_MARGIN, hard_limit};
    let ms = Duration::from_millis;
    assert_eq!(TIME_MARGIN, ms(20));
    assert_eq!(hard_limit(ms(200)), ms(180));
    assert_eq!(hard_limit(ms(100)), ms(90));
    assert_eq!(hard_limit(ms(1000)), ms(980));
    assert_eq!(hard_limit(ms(1)), Duration::from_micros(900));
    assert_eq!(hard_limit(Duration::ZERO), Duration::ZERO);
    assert_eq!(hard_limit(Duration::MAX), Duration::MAX - ms(20));
    let pos = Position::nine();
    let budget = ms(200);
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let r = engine::strong(16).search(&pos, &AgentLimits::time(budget));
        assert!(r.best.is_some());
        best = best.min(r.elapsed);
    }
    assert!(best < budget, "{best:?} for a budget of {budget:?}");
    // A budget of a millisecond still answers a move.
    let r = engine::strong(16).search(&pos, &AgentLimits::millis(1));
    assert!(r.best.is_some());
}

#[test]
fn the_engine_beats_random_play() {
    for seed in 0..4 {
        let mut e = engine::strong(4);
        let mut r = RandomAgent::new(seed);
        let (first, second): (&mut dyn Agent<Position>, &mut dyn Agent<Position>) =
            if seed % 2 == 0 { (&mut e, &mut r) } else { (&mut r, &mut e) };
        let (game, ending) =
            play_game([first, second], Position::nine(), &AgentLimits::depth(3), 400);
        let engine_side = if seed % 2 == 0 {
            spielbaum_game_trait::Player::FIRST
        } else {
            spielbaum_game_trait::Player::SECOND
        };
        assert_eq!(ending, Ending::Finished(Outcome::Win(engine_side)), "{:?}", game.moves());
    }
}

#[test]
fn the_engine_searches_with_the_weights_of_its_config() {
    // At depth 1 without quiescence the engine's value is the best of
    // minus the children's static values: computed here by hand from the
    // evaluator with other weights, which must move the engine's value.
    let pos = Position::nine().parse_position(MIDDLE).unwrap();
    let mut weights = spielbaum_muehle::params::WEIGHTS;
    assert!(weights.set("mobility", 40) && weights.set("blocked", 200));
    let mut list = MoveList::new();
    pos.moves(&mut list);
    let by_hand = |w: &spielbaum_muehle::Weights| {
        list.iter().map(|&m| -spielbaum_muehle::evaluate_with(&pos.after(m), w)).max().unwrap()
    };
    let exact =
        EngineConfig { quiescence: false, reductions: false, contempt: 0, ..Default::default() };
    let default = MillEngine::new(exact).search(&pos, &AgentLimits::depth(1)).score;
    let tuned = MillEngine::new(EngineConfig { weights, ..exact })
        .search(&pos, &AgentLimits::depth(1))
        .score;
    assert_eq!(default, by_hand(&spielbaum_muehle::params::WEIGHTS));
    assert_eq!(tuned, by_hand(&weights));
    assert_ne!(default, tuned);
    // The default weights are the evaluator's.
    let child = pos.after(list[0]);
    assert_eq!(
        spielbaum_muehle::evaluate_with(&child, &spielbaum_muehle::params::WEIGHTS),
        spielbaum_game_trait::Evaluator::evaluate(&MillEval, &child)
    );
}
