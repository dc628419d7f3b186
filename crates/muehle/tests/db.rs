//! The endgame databases agree with the hash-map retrograde solver (an
//! independent algorithm: forward search, edges in memory, no index) on
//! every position it reaches from random roots of the 3-3 subspace (and,
//! in release builds, of 4-3 and 3-4), value and plies; the engine's hooks play the
//! database's moves; missing and damaged table files are errors naming the
//! file.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use spielbaum_bfs_reach::Control;
use spielbaum_bfs_reach::perfect::{PerfectError, PerfectSolver};
use spielbaum_bfs_reach::retrograde::{Retrograde, Value};
use spielbaum_game_trait::{
    Agent, AgentLimits, DrawRules, Evaluator, Game, History, MoveList, Player, SplitMix64,
};
use spielbaum_muehle::{MillEval, Position, Rules, Variant, db};

/// The standard game without draw rules (the databases' game).
fn rules() -> Rules {
    Rules::new(Variant::Nine).with_draw(DrawRules::NONE)
}

mod common;

/// A random unfinished position of the databases' game, `w` white and
/// `b` black stones, white to move.
fn random(rng: &mut SplitMix64, w: u32, b: u32) -> Position {
    common::random(rng, rules(), w, b)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("spielbaum-muehle-db-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The 3-3 database, built once per test run.
fn db33() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = temp_dir("33");
        let built = db::build(&dir, 3, |_| Control::Continue).expect("build");
        assert_eq!(built.len(), 2, "the end table and 3-3");
        dir
    })
}

/// Every position the hash-map solver reaches from `roots` has the
/// database's value and plies; returns how many were compared.
fn agree(base: &db::EndgameDb, roots: &[Position]) -> usize {
    let mut compared = 0;
    for root in roots {
        let table = Retrograde::new().symmetry(true).solve(root).expect("solvable");
        for (pos, v) in table.iter() {
            assert_eq!(db::probe(base, pos).expect("probe"), Some(v), "{pos}");
            compared += 1;
        }
    }
    compared
}

#[test]
#[ignore = "debug builds take minutes: cargo test --release -p spielbaum-muehle --test db -- --ignored"]
fn three_against_three_agrees_with_the_hash_map_solver() {
    let base = db::open(db33());
    let mut rng = SplitMix64::new(33);
    let roots: Vec<Position> = (0..2).map(|_| random(&mut rng, 3, 3)).collect();
    let n = agree(&base, &roots);
    assert!(n > 200_000, "only {n} positions compared");
    // A few thousand random positions, either side to move, directly.
    let mut wins = 0;
    for _ in 0..3000 {
        let p = random(&mut rng, 3, 3);
        let p = if rng.below(2) == 0 { p } else { p.symmetric(rng.below(16)) };
        if let Some(Value::Win(_)) = db::probe(&base, &p).expect("probe") {
            wins += 1;
        }
    }
    assert!(wins > 0, "3-3 has won positions for the side to move");
}

#[test]
#[ignore = "release builds: cargo test --release -p spielbaum-muehle --test db -- --ignored"]
fn four_against_three_agrees_with_the_hash_map_solver_and_four_against_four_with_its_children() {
    let dir = temp_dir("43");
    db::build(&dir, 4, |_| Control::Continue).expect("build");
    let base = db::open(&dir);
    let mut rng = SplitMix64::new(43);
    let roots = [random(&mut rng, 4, 3), random(&mut rng, 3, 4)];
    let n = agree(&base, &roots);
    assert!(n > 1_000_000, "only {n} positions compared");
    // 4-4 is too big for the hash-map solver here: every value of 3,000
    // random positions (and as many of 4-3 and 3-4) is the negamax of its
    // children's values, plies included.
    for (w, b) in [(4, 4), (4, 3), (3, 4)] {
        for _ in 0..3000 {
            let p = random(&mut rng, w, b);
            let v = db::probe(&base, &p).expect("probe").expect("covered");
            assert_eq!(v, from_children(&base, &p), "{p}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The value of `p` from its children's database values (one ply of
/// negamax, the winner hurrying and the loser delaying).
fn from_children(base: &db::EndgameDb, p: &Position) -> Value {
    let mut moves = MoveList::new();
    p.moves(&mut moves);
    let (mut best_win, mut worst_loss, mut draw) = (None::<u32>, 0u32, false);
    for &mv in &moves {
        let c = p.after(mv);
        match db::probe(base, &c).expect("probe").expect("covered") {
            Value::Loss(n) => best_win = Some(best_win.map_or(n + 1, |b| b.min(n + 1))),
            Value::Win(n) => worst_loss = worst_loss.max(n + 1),
            Value::Draw => draw = true,
        }
    }
    match (best_win, draw) {
        (Some(n), _) => Value::Win(n),
        (None, true) => Value::Draw,
        (None, false) => Value::Loss(worst_loss),
    }
}

#[test]
#[ignore = "debug builds take minutes: cargo test --release -p spielbaum-muehle --test db -- --ignored"]
fn the_hooks_play_and_score_the_database() {
    let base = Arc::new(db::open(db33()));
    let eval = db::DbEval::new(MillEval, base.clone(), 3).expect("tables");
    let mut agent =
        db::DbAgent::new(spielbaum_muehle::engine::engine(1), base.clone(), 3).expect("tables");
    let mut rng = SplitMix64::new(5);
    let mut checked = 0;
    while checked < 50 {
        let p = random(&mut rng, 3, 3);
        let v = db::probe(&base, &p).expect("probe").expect("covered");
        assert_eq!(eval.evaluate(&p), db::db_score(v));
        if v == Value::Draw {
            continue;
        }
        // Perfect play: the chosen move keeps the value, one ply nearer.
        let d = agent.choose(&History::new(p), &AgentLimits::depth(1)).expect("a move");
        let next = p.after(d.mv);
        let after = db::probe(&base, &next).expect("probe").expect("covered");
        match (v, after) {
            (Value::Win(n), Value::Loss(m)) | (Value::Loss(n), Value::Win(m)) => {
                assert_eq!(m + 1, n, "{p}")
            }
            _ => panic!("{p}: {v:?} became {after:?} for the opponent"),
        }
        checked += 1;
    }
    // A position with stones in hand is left to the inner evaluator.
    let start = Position::new(Rules::new(Variant::Nine));
    assert_eq!(eval.evaluate(&start), MillEval.evaluate(&start));
    let mut moves = MoveList::new();
    start.moves(&mut moves);
    assert!(!moves.is_empty());
}

#[test]
fn missing_and_damaged_tables_are_errors_naming_the_file() {
    // The table of finished positions (tiny), then damage.
    let dir = temp_dir("damaged");
    PerfectSolver::new(db::index()).dir(&dir).solve(&[db::END]).expect("solve");
    let file = dir.join("nine-end.spv");
    let mut rng = SplitMix64::new(9);
    // White to move with two stones: lost.
    let p = Position::from_parts(rules(), 0b11, 0b111 << 8, Player::FIRST, [0, 0], 0).unwrap();
    assert_eq!(db::probe(&db::open(&dir), &p).expect("intact"), Some(Value::Loss(0)));
    let bytes = std::fs::read(&file).unwrap();
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        std::fs::write(&file, &bad).unwrap();
        match db::probe(&db::open(&dir), &p) {
            Err(PerfectError::File { path, .. }) => assert_eq!(path, file, "byte {at}"),
            other => panic!("byte {at} damaged: {other:?}"),
        }
    }
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    assert!(matches!(db::probe(&db::open(&dir), &p), Err(PerfectError::File { .. })));
    std::fs::remove_file(&file).unwrap();
    match db::probe(&db::open(&dir), &p) {
        Err(e @ PerfectError::File { .. }) => assert!(e.to_string().contains("nine-end.spv")),
        other => panic!("missing file: {other:?}"),
    }
    // 4-4 was never built: its file is missing.
    let p44 = random(&mut rng, 4, 4);
    assert!(db::probe(&db::open(&dir), &p44).unwrap_err().to_string().contains("nine-4-4.spv"));
    let _ = std::fs::remove_dir_all(&dir);
}
