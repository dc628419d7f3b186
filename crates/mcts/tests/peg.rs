//! Puzzle mode on real peg-solitaire boards (crate `spielbaum-peg-solitaire`):
//! MCTS maximises the playout value (pegs removed, plus a bonus for the
//! goal), and the best line it reports must reach the exact optimum, which
//! a memoised brute force written here computes independently (and, for
//! the goal, peg-solitaire's own solver a second time).
//!
//! Boards: the 4 × 4 square and the 3 × 5 rectangle, full but for one hole,
//! goal "one peg left anywhere". Every start hole up to symmetry is tried;
//! some are solvable and some are not (by the brute force), and the test
//! checks that both kinds occur.

use std::collections::HashMap;

use spielbaum_game_trait::{Game, GameExt, MoveList, Outcome, SplitMix64};
use spielbaum_mcts::{Budget, Config, Mcts, Proof};
use spielbaum_peg_solitaire::{Board, Peg, solve};

/// Iterations per search on the small boards (more than they need: the
/// optimum is found within a few hundred).
const ITERATIONS: u64 = 30_000;

/// Iterations per search on the English mid-game positions. With seed 1
/// the solution-prefix start is solved between 40 000 (best found: 2 pegs)
/// and 60 000 iterations; 100 000 leaves a margin (see docs/mcts.md).
const ENGLISH_ITERATIONS: u64 = 100_000;

/// The value MCTS maximises, from an outcome: `score + 1000 * goal`
/// (`params::PUZZLE_GOAL_BONUS`, restated here so the test does not read
/// the engine).
fn value(o: Outcome) -> f64 {
    match o {
        Outcome::Puzzle { goal, score } => f64::from(score) + if goal { 1000.0 } else { 0.0 },
        other => panic!("a puzzle ends with a puzzle outcome, got {other:?}"),
    }
}

/// Brute force: the best value reachable from `p` (memoised on the pegs).
fn best(p: &Peg<'_>, memo: &mut HashMap<u64, f64>) -> f64 {
    if let Some(&v) = memo.get(&p.pegs()) {
        return v;
    }
    let mut moves = MoveList::new();
    p.moves(&mut moves);
    let v = if moves.is_empty() {
        value(p.outcome().expect("no jumps: the game is over"))
    } else {
        moves.iter().map(|&j| best(&p.after(j), memo)).fold(f64::NEG_INFINITY, f64::max)
    };
    memo.insert(p.pegs(), v);
    v
}

/// Every start (one empty hole) of `board`, one per symmetry
/// class.
fn starts(board: &Board) -> Vec<Peg<'_>> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for h in 0..64u32 {
        if board.mask() >> h & 1 == 0 {
            continue;
        }
        let p = board.start(h);
        let canon = (0..p.symmetries()).map(|k| p.symmetric(k).pegs()).min().expect("identity");
        if !seen.contains(&canon) {
            seen.push(canon);
            out.push(p);
        }
    }
    out
}

/// Checks MCTS on `start` against the brute force (and the goal against
/// peg-solitaire's solver); returns whether the goal is reachable.
fn check_start(name: &str, start: Peg<'_>, iterations: u64) -> bool {
    let mut memo = HashMap::new();
    let optimum = best(&start, &mut memo);
    let goal_reachable = optimum > 500.0;

    // Second reference for the goal: peg-solitaire's solver.
    let (solution, _) = solve(&start, |_| Default::default()).expect("not stopped");
    assert_eq!(solution.is_ok(), goal_reachable, "{name} from {start}: solver vs brute force");

    let mut m = Mcts::new(start, Config::seeded(1));
    let a = m.search(Budget::iterations(iterations));
    eprintln!(
        "{name} from {start}: optimum {optimum}, best found {}, {} iterations ({:?}), proof {:?}, {} positions",
        a.best_line_value,
        a.iterations,
        a.stopped_by,
        a.proof,
        memo.len()
    );
    // The best line is legal and its end is worth what MCTS reports,
    // which is the optimum.
    let mut p = start;
    for &j in &a.best_line {
        assert!(p.legal_moves().contains(&j), "{name} from {start}: illegal {j:?}");
        p.play(j);
    }
    let reached = value(p.outcome().expect("the best line ends the game"));
    assert_eq!(reached, a.best_line_value, "{name} from {start}");
    assert_eq!(
        reached, optimum,
        "{name} from {start}: MCTS best {reached}, optimum {optimum}, after {} iterations",
        a.iterations
    );
    // The chosen move keeps the optimum reachable.
    let mv = a.best_move.expect("the start has jumps");
    assert_eq!(best(&start.after(mv), &mut memo), optimum, "{name} from {start}: {mv:?}");
    // A proof, if any, agrees with the brute force (puzzles: proven only
    // when the tree is exhausted).
    match a.proof {
        Proof::Win => assert!(goal_reachable),
        Proof::Loss => assert!(!goal_reachable),
        Proof::Unknown => {}
    }
    goal_reachable
}

/// [`check_start`] for every start of a board (one per symmetry class);
/// returns (solvable, unsolvable) counts.
fn check_board(name: &str, rows: &str) -> (usize, usize) {
    let (board, _) = Board::parse_mask(name, rows).expect("valid mask");
    let (mut solvable, mut unsolvable) = (0, 0);
    for start in starts(&board) {
        if check_start(name, start, ITERATIONS) {
            solvable += 1;
        } else {
            unsolvable += 1;
        }
    }
    (solvable, unsolvable)
}

#[test]
fn mcts_finds_the_optimum_on_small_peg_boards() {
    let square = check_board("square4", "1111/1111/1111/1111");
    let rectangle = check_board("rect3x5", "11111/11111/11111");
    let wide = check_board("rect4x5", "11111/11111/11111/11111");
    let (solvable, unsolvable) = (square.0 + rectangle.0 + wide.0, square.1 + rectangle.1 + wide.1);
    assert!(solvable > 0 && unsolvable > 0, "both kinds: {solvable} / {unsolvable}");
}

/// The English board from the middle of the game: the hard case, where
/// uniformly random playouts almost never reach the best end. Two starts
/// with 17 pegs: after the first 15 jumps of the solver's solution from
/// the centre start (solvable), and after 15 random jumps (seeded).
#[test]
fn mcts_finds_the_optimum_on_english_midgames() {
    let board = Board::english();
    let start = board.start_at("d4").expect("the centre");
    let (solution, _) = solve(&start, |_| Default::default()).expect("not stopped");
    let solution = solution.expect("the English board is solvable from the centre");
    let mut mid = start;
    for &j in &solution[..15] {
        mid.play(j);
    }
    assert!(check_start("english, solution prefix", mid, ENGLISH_ITERATIONS));

    let mut rng = SplitMix64::new(3);
    let mut random = start;
    for _ in 0..15 {
        let moves = random.legal_moves();
        random.play(moves[rng.below(moves.len())]);
    }
    check_start("english, random prefix", random, ENGLISH_ITERATIONS);
}
