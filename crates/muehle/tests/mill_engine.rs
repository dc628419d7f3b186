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
    let config =
        EngineConfig { contempt: 77, quiescence: false, history_repeats: 1, ..Default::default() };
    let r = MillEngine::new(config).search_after(&pos, &earlier, &AgentLimits::depth(2));
    assert_eq!(r.score, -77);
    let r = MillEngine::new(config).search(&pos, &AgentLimits::depth(2));
    assert_ne!(r.score, -77);
}

#[test]
fn a_position_the_game_met_once_is_no_draw_under_the_threefold_rule() {
    // The history of the test above (every child of the root came once
    // before): with two earlier occurrences needed, none is a draw yet;
    // with every child there twice, all are.
    let pos = Position::nine().parse_position("W.B/.WB/B.W/WB.B.W/.BW/W.B/..W w 0 0 50").unwrap();
    let mut list = MoveList::new();
    pos.moves(&mut list);
    assert!(4 * list.len() < 50);
    let once: Vec<u64> = list.iter().flat_map(|&m| [pos.key(), pos.after(m).key()]).collect();
    let twice: Vec<u64> = once.iter().chain(&once).copied().collect();
    let config =
        EngineConfig { contempt: 77, quiescence: false, history_repeats: 2, ..Default::default() };
    let search = |earlier: &[u64]| {
        MillEngine::new(config).search_after(&pos, earlier, &AgentLimits::depth(2)).score
    };
    let fresh = MillEngine::new(config).search(&pos, &AgentLimits::depth(2)).score;
    assert_ne!(fresh, -77);
    assert_eq!(search(&once), fresh);
    assert_eq!(search(&twice), -77);
}

/// Keys that are no position's (fillers of a game history).
fn filler(i: usize) -> u64 {
    0x5EED_0000_0000_0000 ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A history of `len` keys (oldest first) holding `keys[i]` at `slots[i]`
/// plies before the searched position, fillers elsewhere.
fn history(len: usize, keys: &[u64], slots: &[usize]) -> Vec<u64> {
    let mut h: Vec<u64> = (0..len).map(filler).collect();
    for (&k, &back) in keys.iter().zip(slots) {
        h[len - back] = k;
    }
    h
}

#[test]
fn a_repetition_exactly_as_far_back_as_the_last_capture_counts() {
    // Every move of white repeats a position of the history. The child of
    // `list[0]` came first, exactly `counter` plies before that child
    // (the position right after the last capture): it still counts. One
    // pair of plies earlier it would have been before the capture, and it
    // no longer counts. The root's counter is odd, so its children (black
    // to move) and the oldest kept position have the same side to move.
    let counter = 49;
    let pos = Position::nine()
        .parse_position(&format!("W.B/.WB/B.W/WB.B.W/.BW/W.B/..W w 0 0 {counter}"))
        .unwrap();
    let mut list = MoveList::new();
    pos.moves(&mut list);
    assert!(list.iter().all(|m| !m.is_capture()));
    assert!(2 * list.len() - 1 <= counter);
    let children: Vec<u64> = list.iter().map(|&m| pos.after(m).key()).collect();
    // A child sees the root one ply back and the history's last key two
    // plies back: the history's key `j` plies before the root is `j + 1`
    // before the child. The first child goes to the oldest kept slot.
    let slots: Vec<usize> =
        (0..children.len()).map(|i| if i == 0 { counter } else { 2 * i - 1 }).collect();
    let config = EngineConfig {
        contempt: 3000,
        quiescence: false,
        history_repeats: 1,
        ..Default::default()
    };
    let search = |earlier: &[u64]| {
        MillEngine::new(config).search_after(&pos, earlier, &AgentLimits::depth(2)).score
    };
    assert_eq!(search(&history(counter, &children, &slots)), -3000);
    // Two plies further back (and a longer history): before the capture.
    let mut far = slots.clone();
    far[0] = counter + 2;
    assert_ne!(search(&history(counter + 2, &children, &far)), -3000);
}

#[test]
fn a_repetition_two_plies_into_the_search_reaches_back_into_the_history() {
    // White's every move has a black answer that repeats a position of
    // the game before the root (so black, who is glad of a draw with
    // contempt against white, takes it, and the root is a draw). For the
    // first move that answer came first, exactly `counter` plies before
    // it: the window crosses the root into the history and still counts.
    // One pair of plies earlier it would not, and that move is no draw.
    let counter = 60;
    let pos = Position::nine()
        .parse_position(&format!("W.B/.WB/B.W/WB.B.W/.BW/W.B/..W w 0 0 {counter}"))
        .unwrap();
    let mut list = MoveList::new();
    pos.moves(&mut list);
    let mut replies = MoveList::new();
    let mut answers = Vec::new();
    for &m in list.iter() {
        assert!(!m.is_capture());
        let child = pos.after(m);
        replies.clear();
        child.moves(&mut replies);
        let r = *replies.iter().find(|r| !r.is_capture()).expect("a quiet answer");
        answers.push(child.after(r).key());
    }
    assert!(2 * answers.len() <= counter);
    // A grandchild sees the child and the root, then the history: the
    // history's key `j` plies before the root is `j + 2` before it.
    let slots: Vec<usize> =
        (0..answers.len()).map(|i| if i == 0 { counter } else { 2 * i }).collect();
    let config = EngineConfig {
        contempt: 3000,
        quiescence: false,
        reductions: false,
        history_repeats: 1,
        ..Default::default()
    };
    let search = |earlier: &[u64]| {
        MillEngine::new(config).search_after(&pos, earlier, &AgentLimits::depth(3)).score
    };
    assert_eq!(search(&history(counter, &answers, &slots)), -3000);
    let mut far = slots.clone();
    far[0] = counter + 2;
    assert_ne!(search(&history(counter + 2, &answers, &far)), -3000);
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

#[test]
fn placing_reductions_cut_only_placing_trees_and_only_with_reductions_on() {
    let search = |pos: &Position, config: EngineConfig, depth: u32| {
        let r = MillEngine::new(config).search(pos, &AgentLimits::depth(depth));
        (r.score, r.nodes)
    };
    let on = |placing_reduction| EngineConfig { placing_reduction, ..Default::default() };
    let exact = |placing_reduction| EngineConfig {
        quiescence: false,
        reductions: false,
        contempt: 0,
        placing_reduction,
        ..Default::default()
    };
    let mut rng = SplitMix64::new(5);
    let mut moves = MoveList::new();
    const TREES: usize = 30;
    let (mut fewer, mut total) = (0, [0u64; 2]);
    for _ in 0..TREES {
        let mut pos = Position::nine();
        for _ in 0..2 + rng.below(6) {
            moves.clear();
            pos.moves(&mut moves);
            pos.play(moves[rng.below(moves.len())]);
        }
        // Without reductions the search stays exact whatever the key says.
        assert_eq!(search(&pos, exact(0), 3), search(&pos, exact(2), 3), "{pos}");
        // With them, placing trees get smaller: most of them (a re-search
        // may cost a few nodes back in some), and all of them together.
        let (plain, more) = (search(&pos, on(0), 6).1, search(&pos, on(1), 6).1);
        fewer += usize::from(more < plain);
        total[0] += plain;
        total[1] += more;
    }
    assert!(2 * fewer > TREES, "only {fewer} of {TREES} placing trees got smaller");
    assert!(total[1] < total[0], "{total:?}");
    // No stone in hand: the same tree.
    let middle = Position::nine().parse_position(MIDDLE).unwrap();
    assert_eq!(search(&middle, on(0), 8), search(&middle, on(2), 8));
}

/// Score and nodes of a depth-limited search of `pos` under `config`.
fn tree(pos: &Position, config: EngineConfig, depth: u32) -> (i32, u64) {
    let r = MillEngine::new(config).search(pos, &AgentLimits::depth(depth));
    (r.score, r.nodes)
}

/// The exact search (no quiescence, no reductions, no contempt) with
/// `change` made to its settings.
fn exact_with(change: impl Fn(&mut EngineConfig)) -> EngineConfig {
    let mut c =
        EngineConfig { quiescence: false, reductions: false, contempt: 0, ..Default::default() };
    change(&mut c);
    c
}

/// A position `plies` random moves (from `rng`) after the start.
fn random_start(rng: &mut SplitMix64, plies: usize) -> Position {
    let mut pos = Position::nine();
    let mut moves = MoveList::new();
    for _ in 0..plies {
        moves.clear();
        pos.moves(&mut moves);
        pos.play(moves[rng.below(moves.len())]);
    }
    pos
}

/// A pruning or extension switch (`set` to a value, 0 off) keeps the
/// exact search exact on random positions `plies(rng)` into the game;
/// with reductions on, the depth-`depth` trees' nodes together, off and
/// on.
fn changes_only_with_reductions_on(
    set: impl Fn(&mut EngineConfig, i32),
    value: i32,
    seed: u64,
    plies: impl Fn(&mut SplitMix64) -> usize,
    depth: u32,
) -> [u64; 2] {
    let mut rng = SplitMix64::new(seed);
    let mut total = [0u64; 2];
    for _ in 0..12 {
        let n = plies(&mut rng);
        let pos = random_start(&mut rng, n);
        let exact = |v| exact_with(|c| set(c, v));
        assert_eq!(tree(&pos, exact(0), 3), tree(&pos, exact(value), 3), "{pos}");
        for (i, v) in [0, value].into_iter().enumerate() {
            let mut c = EngineConfig::default();
            set(&mut c, v);
            total[i] += tree(&pos, c, depth).1;
        }
    }
    total
}

/// [`changes_only_with_reductions_on`], the trees smaller with the switch.
fn prunes_only_with_reductions_on(
    set: impl Fn(&mut EngineConfig, i32),
    value: i32,
    seed: u64,
    plies: impl Fn(&mut SplitMix64) -> usize,
    depth: u32,
) {
    let total = changes_only_with_reductions_on(set, value, seed, plies, depth);
    assert!(total[1] < total[0], "{total:?}");
}

/// The forced-block extension searches deeper (larger trees) only with
/// reductions on, while placing and while moving.
#[test]
fn the_block_extension_deepens_only_with_reductions_on() {
    let set = |c: &mut EngineConfig, v| c.block_extension = v;
    for (seed, plies) in [(8, 4), (9, 24)] {
        let total = changes_only_with_reductions_on(set, 1, seed, |rng| plies + rng.below(8), 7);
        assert!(total[1] > total[0], "{total:?}");
    }
}

#[test]
fn null_moves_cut_only_placing_trees_and_only_with_reductions_on() {
    let set = |c: &mut EngineConfig, v| c.null_move = v;
    prunes_only_with_reductions_on(set, 2, 6, |rng| 2 + rng.below(8), 7);
    // No stone in hand: the same tree.
    let middle = Position::nine().parse_position(MIDDLE).unwrap();
    let on = |null_move| EngineConfig { null_move, ..Default::default() };
    assert_eq!(tree(&middle, on(0), 8), tree(&middle, on(2), 8));
}

#[test]
fn growing_reductions_cut_trees_and_only_with_reductions_on() {
    let set = |c: &mut EngineConfig, v| c.lmr_log = v;
    prunes_only_with_reductions_on(set, 150, 7, |rng| 4 + rng.below(14), 8);
    let middle = Position::nine().parse_position(MIDDLE).unwrap();
    let on = |lmr_log| EngineConfig { lmr_log, ..Default::default() };
    assert!(tree(&middle, on(150), 10).1 < tree(&middle, on(0), 10).1);
}

/// The search takes the same tree and values with the processor's
/// population count as with the portable one (a placing, a moving and a
/// flying position).
#[test]
fn every_processor_path_searches_the_same_tree() {
    use spielbaum_muehle::Cpu;
    if Cpu::detect().is_portable() {
        eprintln!("skipped: this processor has no popcnt, only the portable path to search");
        return;
    }
    let positions = [
        MIDDLE,
        "W.B/.../.../WB..../.../.../... w 7 7 0",
        "WWW/BB./.../B....B/.../.../... b 0 0 3",
    ];
    for text in positions {
        let pos = Position::nine().parse_position(text).unwrap();
        let run = |cpu: Cpu| {
            let mut e = MillEngine::new(EngineConfig { table_mib: 1, ..Default::default() });
            e.set_cpu(cpu);
            assert_eq!(e.cpu(), cpu);
            let r = e.search(&pos, &AgentLimits::depth(7));
            (r.nodes, r.qnodes, r.score, r.best, r.pv)
        };
        let portable = run(Cpu::portable());
        assert!(portable.0 > 1_000, "{text}: {portable:?}");
        assert_eq!(run(Cpu::detect()), portable, "{text}");
    }
}

/// The middle-game searches whose speed is measured (the speed example
/// and the benches, with the default 16 MiB table) keep their trees:
/// changes made for speed must not change which nodes are searched, on
/// every processor path. With the default settings: 86,889 nodes to
/// depth 9 and 206,179 to depth 10 (the bench `engine/middle/depth14`
/// asserts 3,586,570 to depth 14); with the weights before room to move
/// was fitted (`placing_mobility` 8, `blocked` 25), the trees of the
/// earlier figures: 82,675 and 209,334 (3,378,965 to depth 14); without
/// the forced-block extension (`block_extension` 0) too: 78,313 and
/// 191,444 (3,144,553 to depth 14); without the threat term (`threat` 0)
/// too, the evaluation the earliest speed figures were measured with:
/// 82,439 and 244,600 (3,340,557 to depth 14), as counted before the
/// speed changes.
#[test]
fn the_measured_middle_game_searches_keep_their_node_counts() {
    use spielbaum_muehle::Cpu;
    let pos = Position::nine().parse_position(MIDDLE).unwrap();
    // The weights before room to move was fitted to deep searches.
    let unfitted =
        spielbaum_muehle::Weights { placing_mobility: 8, blocked: 25, ..Default::default() };
    let earlier = spielbaum_muehle::Weights { threat: 0, ..unfitted };
    let default = EngineConfig { table_mib: 16, ..Default::default() };
    let before = EngineConfig { weights: unfitted, ..default };
    let unextended = EngineConfig { block_extension: 0, ..before };
    let earliest = EngineConfig { weights: earlier, ..unextended };
    for cpu in [Cpu::portable(), Cpu::detect()] {
        for (config, depth, nodes) in [
            (default, 9, 86_889),
            (default, 10, 206_179),
            (before, 9, 82_675),
            (before, 10, 209_334),
            (unextended, 9, 78_313),
            (unextended, 10, 191_444),
            (earliest, 9, 82_439),
            (earliest, 10, 244_600),
        ] {
            let mut e = MillEngine::new(config);
            e.set_cpu(cpu);
            let r = e.search(&pos, &AgentLimits::depth(depth));
            assert_eq!(r.nodes, nodes, "depth {depth}, {cpu:?}, {config:?}");
        }
    }
}

/// Against random play (which errs often), the contempt rises by the step
/// per error the engine saw, up to the cap; with the step 0 it never moves.
#[test]
fn the_contempt_rises_with_the_opponents_errors() {
    for (step, seed) in [(300, 0), (300, 1), (0, 2)] {
        let config =
            EngineConfig { contempt_step: step, contempt_max: 1_000, ..Default::default() };
        let mut e = MillEngine::new(config);
        let mut r = RandomAgent::new(seed);
        let (first, second): (&mut dyn Agent<Position>, &mut dyn Agent<Position>) =
            if seed % 2 == 0 { (&mut e, &mut r) } else { (&mut r, &mut e) };
        play_game([first, second], Position::nine(), &AgentLimits::depth(3), 400);
        let errors = e.opponent_errors() as i32;
        if step == 0 {
            assert_eq!((errors, e.contempt()), (0, config.contempt));
        } else {
            assert!(errors > 0, "random play made no error the engine saw");
            assert_eq!(e.contempt(), (config.contempt + step * errors).min(1_000));
        }
    }
}
