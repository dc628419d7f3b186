//! The threat reading at the horizon (`Pattern::with_threats`) on positions
//! whose answers are known by construction.

use spielbaum_game_trait::{AgentLimits, Evaluator, Game, MoveList, Notation};
use spielbaum_gomoku::{Engine, Gomoku, Pattern, RootChecks, Rules, THREAT_WIN};
use spielbaum_negamax::Config;

/// A 15×15 position from rows given bottom-up as (rank, row text); rows not
/// given are empty.
fn board(rows: &[(usize, &str)], to_move: &str) -> Gomoku {
    let mut lines = vec![".".repeat(15); 15];
    for &(rank, text) in rows {
        lines[15 - rank] = format!("{text:.<15}");
    }
    Gomoku::new(Rules::default()).parse_position(&format!("{} {to_move}", lines.join("/"))).unwrap()
}

fn engine(quiescence: bool) -> Engine<Pattern> {
    let mut config = Config::ordered();
    config.quiescence = quiescence;
    Engine::new(Pattern::default().with_threats(true), config, RootChecks::NONE, "threats")
}

fn best(g: &Gomoku, quiescence: bool, depth: u32) -> String {
    let d = engine(quiescence).think(g, &AgentLimits::depth(depth)).unwrap();
    g.move_string(d.mv)
}

/// o has an open three e8 f8 g8 (d8, h8, c8 and i8 empty); x has no three,
/// so no four to interpose. Any x move other than d8 or h8 lets o make an
/// open four (c8 leaves h8: d8 and i8 then both complete five; i8 leaves
/// d8 likewise), so d8 and h8 are the only moves that do not lose. x has
/// an open two (k4 l4) to tempt it elsewhere.
fn open_three_to_block() -> Gomoku {
    board(&[(13, ".x"), (8, "....ooo"), (4, "..........xx")], "x")
}

#[test]
fn the_only_non_losing_moves_block_the_open_three() {
    let g = open_three_to_block();
    for (quiescence, depth) in [(false, 1), (true, 1), (false, 2), (true, 3)] {
        let mv = best(&g, quiescence, depth);
        assert!(
            mv == "d8" || mv == "h8",
            "quiescence {quiescence}, depth {depth}: {mv} loses to an open four"
        );
    }
}

#[test]
fn the_defences_are_noisy() {
    let g = open_three_to_block();
    let mut moves = MoveList::new();
    Pattern::default().with_threats(true).noisy_moves(&g, &mut moves);
    let names: Vec<String> = moves.iter().map(|&m| g.move_string(m)).collect();
    for defence in ["d8", "h8"] {
        assert!(names.iter().any(|n| n == defence), "{defence} missing from {names:?}");
    }
    // Without the threat reading only x's own threats (open threes from
    // k4 l4) are noisy, not the defences.
    let mut plain = MoveList::new();
    Pattern::default().with_threes(true).noisy_moves(&g, &mut plain);
    let plain: Vec<String> = plain.iter().map(|&m| g.move_string(m)).collect();
    assert!(!plain.is_empty() && plain.iter().all(|n| n != "d8" && n != "h8"), "{plain:?}");
}

/// x: c8 d8 e8 closed by o on b8, and f9 f10 on the f-file (f6, f7, f11,
/// f12 empty). f8 makes a four (g8 completes it) and an open three f8 f9
/// f10 at once: after o's forced block on g8, x's open three becomes an
/// open four. No other cell makes two threats, and o has no stones that
/// threaten anything.
#[test]
fn a_four_three_is_found_at_depth_one() {
    let g = board(
        &[(15, "..............o"), (14, ".............o"), (10, ".....x"), (9, ".....x")]
            .into_iter()
            .chain([(8, ".oxxx"), (2, "............o"), (1, "o")])
            .collect::<Vec<_>>(),
        "x",
    );
    let d = engine(false).think(&g, &AgentLimits::depth(1)).unwrap();
    assert_eq!(g.move_string(d.mv), "f8");
    assert!(d.score.unwrap_or(0) >= THREAT_WIN, "score {:?}", d.score);
    // The plain evaluator at the same depth values the position far lower
    // (it does not see the win behind the block).
    let mut plain = Engine::new(Pattern::default(), Config::ordered(), RootChecks::NONE, "plain");
    let p = plain.think(&g, &AgentLimits::depth(1)).unwrap();
    assert!(p.score.unwrap_or(0) < THREAT_WIN, "plain score {:?}", p.score);
}

#[test]
fn two_open_threes_against_the_side_to_move_are_near_lost() {
    // o: open threes e8 f8 g8 and k3 k4 k5 (files and ranks free around
    // them); x has no three.
    let g = board(
        &[(13, ".x"), (12, "..............x"), (11, "x.............x"), (8, "....ooo")]
            .into_iter()
            .chain([(5, "..........o"), (4, "..........o"), (3, "..........o"), (1, "x.x")])
            .collect::<Vec<_>>(),
        "x",
    );
    let v = Pattern::default().with_threats(true).evaluate(&g);
    assert!(v <= -THREAT_WIN, "{v}");
    // One open three only: a defence costs a tempo, nothing is decided.
    let one = open_three_to_block();
    let v = Pattern::default().with_threats(true).evaluate(&one);
    assert!(v > -THREAT_WIN && v < 0, "{v}");
}

#[test]
fn the_defence_check_replaces_a_move_the_opponent_refutes() {
    // The plain evaluator at depth 1 does not see o's open four coming;
    // with the check, every move but d8 and h8 is refuted by o's VCT.
    let g = open_three_to_block();
    let plain = |defend_nodes| {
        let checks = RootChecks { defend_nodes, ..RootChecks::NONE };
        let mut e = Engine::new(Pattern::default(), Config::ordered(), checks, "plain");
        g.move_string(e.think(&g, &AgentLimits::depth(1)).unwrap().mv)
    };
    let unchecked = plain(0);
    assert!(unchecked != "d8" && unchecked != "h8", "the position no longer tests the check");
    let checked = plain(2_000);
    assert!(checked == "d8" || checked == "h8", "{checked} loses to an open four");
}

#[test]
fn the_defence_check_keeps_to_the_node_limit_and_its_budget() {
    // The open three to block with every empty cell a candidate (radius
    // 0): the search's move is refuted, so the check goes on to others.
    let rules = Rules { radius: 0, ..Rules::default() };
    let g = Gomoku::new(rules).parse_position(&open_three_to_block().to_string()).unwrap();
    let mut moves = MoveList::new();
    g.moves(&mut moves);
    assert!(moves.len() > 200, "{} candidate moves", moves.len());
    let slack = spielbaum_negamax::params::CHECK_EVERY - 1;
    let think = |m, limits| {
        let checks = RootChecks { defend_nodes: m, ..RootChecks::NONE };
        let mut e =
            Engine::new(Pattern::default(), Config::ordered(), checks, "plain").with_radius(0);
        e.think(&g, &limits).unwrap()
    };
    // At depth 1 the search alone plays a move that loses to an open four.
    let unchecked = g.move_string(think(0, AgentLimits::depth(1)).mv);
    assert!(unchecked != "d8" && unchecked != "h8", "the position no longer tests the check");
    for n in [300, 3_000, 30_000] {
        for m in [1, 50, 1_000, 20_000] {
            for depth in [Some(1), Some(2), Some(4), None] {
                let d = think(m, AgentLimits { depth, ..AgentLimits::nodes(n) });
                let nodes = d.nodes.unwrap();
                assert!(nodes <= n + slack + m, "nodes={n} defend={m} depth={depth:?}: {nodes}");
                if depth == Some(1) && n >= 3_000 && m >= 1_000 {
                    // Budget enough: the check finds a defence.
                    let mv = g.move_string(d.mv);
                    assert!(mv == "d8" || mv == "h8", "nodes={n} defend={m}: {mv}");
                }
            }
        }
    }
}

#[test]
fn is_noisy_agrees_with_noisy_moves_on_random_positions() {
    let mut rng = spielbaum_game_trait::SplitMix64::new(7);
    let evals = [Pattern::default(), Pattern::default().with_threats(true)];
    let mut noisy_seen = 0;
    for game in 0..150 {
        let mut g = Gomoku::new(Rules::default());
        let stones = 4 + game % 30;
        for _ in 0..stones {
            let mut moves = MoveList::new();
            g.moves(&mut moves);
            if g.is_over() || moves.is_empty() {
                break;
            }
            g.play(moves[rng.below(moves.len())]);
        }
        if g.is_over() {
            continue;
        }
        let mut moves = MoveList::new();
        g.moves(&mut moves);
        for e in &evals {
            let mut noisy = MoveList::new();
            e.noisy_moves(&g, &mut noisy);
            noisy_seen += noisy.len();
            for &mv in noisy.iter() {
                assert!(moves.contains(&mv), "{g}: noisy {} is not legal", g.move_string(mv));
            }
            for &mv in moves.iter() {
                assert_eq!(e.is_noisy(&g, mv), noisy.contains(&mv), "{g}: {}", g.move_string(mv));
            }
        }
    }
    assert!(noisy_seen > 0, "no noisy move in any position");
}
