//! The engines play: immediate wins and forced blocks are never missed,
//! the negamax engine and MCTS with the pattern playout play legal games.

use std::time::Duration;

use spielbaum_game_trait::{
    Agent, AgentLimits, Ending, Game, History, Notation, Outcome, Player, RandomAgent, play_game,
};
use spielbaum_gomoku::{Engine, Gomoku, Pattern, PatternPlayout, Rules, openings};
use spielbaum_mcts::{Budget, Config as MctsConfig, Mcts};

fn board(rows: &[(usize, &str)], to_move: &str) -> Gomoku {
    let mut lines = vec![".".repeat(15); 15];
    for &(rank, text) in rows {
        lines[15 - rank] = format!("{text:.<15}");
    }
    Gomoku::new(Rules::default()).parse_position(&format!("{} {to_move}", lines.join("/"))).unwrap()
}

#[test]
fn wins_and_blocks_are_never_missed() {
    let mut e = Engine::strong(&Rules::default());
    // x to move with a four on row 8 (b8..e8, a8 blocked): f8 wins.
    let g = board(&[(8, "oxxxx"), (3, "oo.o")], "x");
    let d = e.think(&g, &AgentLimits::depth(1)).unwrap();
    assert_eq!(g.move_string(d.mv), "f8");
    // o to move, x threatens f8: o must block there (o has no four).
    let g = board(&[(8, "oxxxx"), (3, "oo.o")], "o");
    let d = e.think(&g, &AgentLimits::depth(1)).unwrap();
    assert_eq!(g.move_string(d.mv), "f8");
    // o to move with its own four (a3 b3 . d3 → c3 wins) beats blocking.
    let g = board(&[(8, "oxxxx"), (3, "oo.oo")], "o");
    let d = e.think(&g, &AgentLimits::depth(1)).unwrap();
    assert_eq!(g.move_string(d.mv), "c3");
}

#[test]
fn negamax_engine_beats_random() {
    let rules = Rules::square(9).unwrap();
    for (i, start) in openings(&rules, 2, 2, 11).into_iter().enumerate() {
        let mut e = Engine::strong(&rules);
        let mut r = RandomAgent::new(i as u64);
        let (h, end) = play_game([&mut e, &mut r], start.clone(), &AgentLimits::depth(2), 81);
        let me = start.to_move();
        assert_eq!(end, Ending::Finished(Outcome::Win(me)), "{}", h.position());
    }
}

#[test]
fn mcts_with_pattern_playout_blocks_and_plays() {
    let g = board(&[(8, "oxxxx"), (3, "oo.o")], "o");
    // With the pattern priors (PUCT), the defending move and the attacker's
    // win after any other move are looked at first.
    let mut m = Mcts::new(g.clone(), MctsConfig::seeded(3))
        .with_playout(PatternPlayout::for_position(&g))
        .with_priors(Pattern::for_position(&g));
    let a = m.search(Budget::iterations(400));
    assert_eq!(g.move_string(a.best_move.unwrap()), "f8", "the only move that does not lose");
    // A short game against random play: legal moves throughout.
    let rules = Rules::square(9).unwrap();
    let start = Gomoku::new(rules);
    let mut mcts =
        Mcts::new(start.clone(), MctsConfig::seeded(5)).with_playout(PatternPlayout::new(5, false));
    let mut r = RandomAgent::new(9);
    let (h, end) = play_game(
        [&mut mcts as &mut dyn Agent<Gomoku>, &mut r],
        start,
        &AgentLimits { time: Some(Duration::from_millis(2000)), depth: None, nodes: Some(300) },
        81,
    );
    assert!(!matches!(end, Ending::Fault { .. }), "{end:?}");
    assert_eq!(
        h.outcome().map(|o| o.relative_to(Player::FIRST)),
        Some(1),
        "mcts (black) wins: {}",
        h.position()
    );
    let _ = History::new(Gomoku::default());
}

/// An agent that records the moves it was offered and plays the first.
struct Offered(Vec<usize>);

impl Agent<Gomoku> for Offered {
    fn name(&self) -> String {
        "offered".into()
    }
    fn choose(
        &mut self,
        game: &History<Gomoku>,
        _limits: &AgentLimits,
    ) -> Result<
        spielbaum_game_trait::Decision<spielbaum_gomoku::Cell>,
        spielbaum_game_trait::AgentError,
    > {
        let mut moves = spielbaum_game_trait::MoveList::new();
        game.position().moves(&mut moves);
        self.0.push(moves.len());
        Ok(spielbaum_game_trait::Decision::new(moves[0]))
    }
}

#[test]
fn near_offers_the_cells_within_its_radius() {
    use spielbaum_gomoku::Near;
    // One stone in the middle of 15×15 (every cell plays, radius 0).
    let g = board(&[(8, ".......x")], "o").with_radius(0);
    for (radius, want) in [(0, 224), (1, 8), (2, 24), (3, 48)] {
        let mut a = Near::new(Offered(Vec::new()), radius);
        let d = a.choose(&History::new(g.clone()), &AgentLimits::NONE).unwrap();
        assert!(g.is_empty_cell(d.mv), "radius {radius}: an illegal move");
        assert_eq!(a.inner().0, [want], "radius {radius}");
    }
    // A position with a smaller radius of its own keeps it.
    let g1 = g.with_radius(1);
    let mut a = Near::new(Offered(Vec::new()), 3);
    a.choose(&History::new(g1), &AgentLimits::NONE).unwrap();
    assert_eq!(a.inner().0, [8]);
}

#[test]
fn near_negamax_plays_near_the_stones() {
    use spielbaum_gomoku::Near;
    let g = board(&[(8, ".......x"), (7, "........o")], "x").with_radius(0);
    let searcher = spielbaum_negamax::Searcher::new(Pattern::default(), Default::default());
    let mut a = Near::new(searcher, 2);
    let d = a.choose(&History::new(g.clone()), &AgentLimits::depth(2)).unwrap();
    let (x, y) = spielbaum_gomoku::coords(usize::from(d.mv.0));
    assert!((5..=10).contains(&x) && (5..=10).contains(&y), "{}", g.move_string(d.mv));
}

/// Extreme window weights neither overflow nor wrap: scaling the weights
/// by `s` (tempo 0) scales the evaluation by `s`, clamped to `±EVAL_MAX`,
/// and the most extreme weights and tempi stay in range.
#[test]
fn extreme_pattern_weights_scale_and_stay_in_range() {
    use spielbaum_game_trait::{EVAL_MAX, Evaluator};
    let w = spielbaum_gomoku::WINDOW_WEIGHTS;
    let small = Pattern::default().with_weights(w, 0);
    let s = i32::MAX / w.iter().copied().max().unwrap();
    let big = Pattern::default().with_weights(w.map(|x| x * s), 0);
    let extremes = [
        Pattern::default().with_weights([i32::MAX; 4], i32::MAX),
        Pattern::default().with_weights([i32::MAX; 4], i32::MIN),
        Pattern::default().with_weights([i32::MIN; 4], i32::MAX),
        Pattern::default().with_weights([i32::MIN, i32::MAX, i32::MIN, i32::MAX], -100),
    ];
    let mut scaled = 0;
    for rules in [Rules::default(), Rules::square(9).unwrap()] {
        for mut g in openings(&rules, 12, 4, 3) {
            let mut rng = 0x9e37_79b9_7f4a_7c15u64;
            let mut moves = spielbaum_game_trait::MoveList::new();
            while !g.is_over() {
                let v = small.evaluate(&g);
                let decisive = v.abs() == spielbaum_gomoku::WINNING;
                if !decisive {
                    let want = (i64::from(v) * i64::from(s))
                        .clamp(-i64::from(EVAL_MAX), i64::from(EVAL_MAX));
                    assert_eq!(i64::from(big.evaluate(&g)), want, "{g}");
                    scaled += usize::from(v != 0);
                }
                for e in &extremes {
                    assert!(e.evaluate(&g).abs() <= EVAL_MAX, "{g}");
                }
                moves.clear();
                g.moves(&mut moves);
                rng = rng
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                g.play(moves[(rng >> 33) as usize % moves.len()]);
            }
        }
    }
    assert!(scaled > 100, "too few nonzero evaluations: {scaled}");
}
