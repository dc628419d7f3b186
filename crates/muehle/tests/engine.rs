//! The players: the negamax engine, MCTS and the 1976 program.

use std::time::{Duration, Instant};

use spielbaum_game_trait::{
    Agent, AgentLimits, Ending, Evaluator, Game, History, Notation, Outcome, RandomAgent, play_game,
};
use spielbaum_muehle::{Eval1976, MillEval, Position, engine};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};

const MIDDLE: &str = "W.B/.WB/B.W/WB.B.W/.BW/W.B/.W. w 0 0 6";

#[test]
fn the_engine_takes_with_its_mill() {
    let pos = Position::nine().parse_position("WW./.../.../....../.../.../B.B w 7 7 0").unwrap();
    let r = engine::engine(4).search(&pos, &Limits::depth(3));
    let mv = r.best_move.unwrap();
    assert!(mv.is_capture(), "{}", pos.move_string(mv));
}

#[test]
fn symmetric_positions_have_equal_values() {
    // Plain alpha-beta with quiescence (no table, so no order effects):
    // the evaluator and the rules commute with every symmetry.
    let pos = Position::nine().parse_position(MIDDLE).unwrap();
    let config = Config { quiescence: true, ..Config::plain(Algorithm::AlphaBeta) };
    let value =
        |p: &Position| Searcher::new(MillEval, config.clone()).search(p, &Limits::depth(3)).score;
    let v0 = value(&pos);
    for k in 1..pos.symmetries() {
        let img = pos.symmetric(k);
        assert_eq!(value(&img), v0, "symmetry {k}: {img}");
        assert_eq!(MillEval.evaluate(&img), MillEval.evaluate(&pos));
        assert_eq!(Eval1976.evaluate(&img), Eval1976.evaluate(&pos));
    }
}

#[test]
fn the_engine_answers_in_time() {
    let pos = Position::nine().parse_position(MIDDLE).unwrap();
    let game = History::new(pos);
    let mut e = engine::engine(8);
    let t = Instant::now();
    let d = e.choose(&game, &AgentLimits::millis(200)).unwrap();
    assert!(t.elapsed() < Duration::from_millis(1500), "{:?}", t.elapsed());
    let mut legal = spielbaum_game_trait::MoveList::new();
    pos.moves(&mut legal);
    assert!(legal.contains(&d.mv));
    assert!(d.depth.unwrap() >= 2);
}

#[test]
fn the_engine_beats_random_play() {
    for seed in 0..4 {
        let mut e = engine::engine(4);
        let mut r = RandomAgent::new(seed);
        let (first, second): (&mut dyn Agent<Position>, &mut dyn Agent<Position>) =
            if seed % 2 == 0 { (&mut e, &mut r) } else { (&mut r, &mut e) };
        let (_, ending) = play_game([first, second], Position::nine(), &AgentLimits::depth(2), 400);
        let engine_side = if seed % 2 == 0 {
            spielbaum_game_trait::Player::FIRST
        } else {
            spielbaum_game_trait::Player::SECOND
        };
        assert_eq!(ending, Ending::Finished(Outcome::Win(engine_side)), "seed {seed}");
    }
}

#[test]
fn mcts_and_the_1976_program_play_legal_games() {
    let start = Position::nine();
    let mut m = engine::mcts(start, 1);
    let mut old = engine::program_1976();
    let (game, ending) = play_game([&mut m, &mut old], start, &AgentLimits::nodes(300), 60);
    assert!(matches!(ending, Ending::Finished(_) | Ending::PlyLimit), "{ending:?}");
    assert!(game.len() >= 30, "{}", game.len());
}
