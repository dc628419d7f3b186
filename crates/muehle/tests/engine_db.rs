//! The engine with endgame tables as exact leaves: from covered roots it
//! plays a move that keeps the tables' value (and at a won or lost root
//! reports the tables' score at once); above the tables (4-3 searched with the 3-3 tables) every exact
//! result it claims agrees with the 4-3 table, solved on its own.

use std::path::PathBuf;
use std::sync::Arc;

use spielbaum_bfs_reach::Control;
use spielbaum_bfs_reach::perfect::PerfectSolver;
use spielbaum_bfs_reach::retrograde::Value;
use spielbaum_game_trait::{
    AgentLimits, DrawRules, EVAL_MAX, Game, Notation, Player, SplitMix64, WIN,
};
use spielbaum_muehle::{MillEngine, Position, Rules, Variant, db, uci};

mod common;
use common::random;

fn session(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    uci::run(std::io::Cursor::new(script.to_string()), &mut out).expect("in-memory output");
    String::from_utf8(out).expect("utf-8").lines().map(str::to_string).collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("spielbaum-muehle-engine-db-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The value after `mv` for the side that played it.
fn after(base: &db::EndgameDb, p: &Position, mv: spielbaum_muehle::Move) -> Value {
    let c = p.after(mv);
    let v = db::probe(base, &c).expect("probe").expect("covered");
    if c.to_move() == p.to_move() { v } else { v.flip() }
}

#[test]
#[ignore = "debug builds take minutes: cargo test --release -p spielbaum-muehle --test engine_db -- --ignored"]
fn the_engine_plays_and_scores_the_tables_and_agrees_above_them() {
    let dir = temp_dir("43");
    db::build(&dir, 3, |_| Control::Continue).expect("build 3-3");
    let base = Arc::new(db::open(&dir));
    let mut engine = MillEngine::default();
    engine.set_db(base.clone(), 3).expect("tables");
    assert_eq!(engine.db_stones(), Some(3));
    let mut rng = SplitMix64::new(18);
    // Covered roots, with and without the game's draw rules (the counter
    // is 0: every table distance of 3-3 fits into 100 plies).
    let mut seen = [0usize; 3];
    for rules in [Rules::new(Variant::Nine), Rules::new(Variant::Nine).with_draw(DrawRules::NONE)] {
        // Draws are rare in 3-3: sample until every kind came often.
        let mut kinds = [0usize; 3];
        for _ in 0..50_000 {
            if kinds.iter().all(|&n| n >= 10) {
                break;
            }
            let p = random(&mut rng, rules, 3, 3);
            let v = db::probe(&base, &p).expect("probe").expect("covered");
            let r = engine.search(&p, &AgentLimits::nodes(20_000));
            if v == Value::Draw {
                // Searched: a drawing move, not a table score.
                assert!(r.score.abs() < spielbaum_muehle::search::DB_MIN, "{p}: {}", r.score);
            } else {
                assert_eq!((r.score, r.nodes), (db::db_score(v), 1), "{p}");
            }
            let mv = r.best.expect("a move");
            let kept = match (v, after(&base, &p, mv)) {
                (Value::Win(n), Value::Win(m)) | (Value::Loss(n), Value::Loss(m)) => m + 1 == n,
                (Value::Draw, Value::Draw) => true,
                _ => false,
            };
            assert!(kept, "{p}: {v:?}, {mv:?}");
            let kind = match v {
                Value::Win(_) => 0,
                Value::Loss(_) => 1,
                Value::Draw => 2,
            };
            kinds[kind] += 1;
            seen[kind] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n >= 10), "wins, losses, draws: {seen:?}");

    // The no-capture rule: a table win in n plies is trusted while
    // counter + n < 100, and searched (more than the root's one node)
    // from there on.
    let mut checked = 0;
    while checked < 20 {
        let p = random(&mut rng, Rules::new(Variant::Nine), 3, 3);
        let Some(Value::Win(n)) = db::probe(&base, &p).expect("probe") else { continue };
        if n < 2 {
            continue;
        }
        let (w, b) = (p.stones(Player::FIRST), p.stones(Player::SECOND));
        let at = |counter: u32| {
            Position::from_parts(*p.rules(), w, b, p.to_move(), [0, 0], counter).expect("legal")
        };
        let r = engine.search(&at(99 - n), &AgentLimits::depth(2));
        assert_eq!((r.nodes, r.score), (1, db::db_score(Value::Win(n))), "{p}, counter {}", 99 - n);
        let r = engine.search(&at(100 - n), &AgentLimits::depth(2));
        assert!(r.nodes > 1 && r.score != db::db_score(Value::Win(n)), "{p}, counter {}", 100 - n);
        checked += 1;
    }

    // The protocol with the tables: a covered win is played on perfectly.
    let p = loop {
        let p = random(&mut rng, Rules::new(Variant::Nine), 3, 3);
        if let Some(Value::Win(_)) = db::probe(&base, &p).expect("probe") {
            break p;
        }
    };
    let lines = session(&format!(
        "uci\nsetoption name EndgameDb value {}\nposition fen {p}\ngo depth 3\nisready\nquit\n",
        dir.display()
    ));
    let text = lines.join("\n");
    assert!(lines.iter().any(|l| l.starts_with("option name EndgameDb ")), "{text}");
    assert!(!text.contains("info string error"), "{text}");
    let best = lines.iter().find_map(|l| l.strip_prefix("bestmove ")).expect("bestmove");
    let mv = p.parse_move(best).expect("a legal move");
    let (Value::Win(n), Value::Win(m)) =
        (db::probe(&base, &p).unwrap().unwrap(), after(&base, &p, mv))
    else {
        panic!("{p}: {best} gives the win away: {text}");
    };
    assert_eq!(m + 1, n, "{p}: {best}");

    // 4-3 and 3-4 solved on their own; the engine searches them with the
    // 3-3 tables only (and without draw rules, as the tables are solved).
    PerfectSolver::new(db::index()).dir(&dir).solve(&[(4, 3)]).expect("solve 4-3");
    let base43 = db::open(&dir);
    let rules = Rules::new(Variant::Nine).with_draw(DrawRules::NONE);
    let (mut exact, mut draws) = (0, 0);
    for i in 0..600 {
        let (w, b) = if i % 2 == 0 { (4, 3) } else { (3, 4) };
        let p = random(&mut rng, rules, w, b);
        let truth = db::probe(&base43, &p).expect("probe").expect("covered");
        engine.clear();
        let r = engine.search(&p, &AgentLimits::depth(5));
        if truth == Value::Draw {
            draws += 1;
        }
        if r.score.abs() <= spielbaum_muehle::search::DB_MIN {
            continue;
        }
        // An exact claim: a win (or loss) the search proved through the
        // tables, in at least (at most) the plies the 4-3 table gives.
        exact += 1;
        let claimed = if r.score > EVAL_MAX {
            (WIN - r.score) as u32
        } else if r.score > 0 {
            (EVAL_MAX - r.score) as u32
        } else if r.score < -EVAL_MAX {
            (WIN + r.score) as u32
        } else {
            (EVAL_MAX + r.score) as u32
        };
        match truth {
            Value::Win(n) => assert!(r.score > 0 && claimed >= n, "{p}: {} vs {truth:?}", r.score),
            Value::Loss(n) => assert!(r.score < 0 && claimed <= n, "{p}: {} vs {truth:?}", r.score),
            Value::Draw => panic!("{p}: claims {} but is a draw", r.score),
        }
        // The move keeps a win.
        if let Value::Win(_) = truth {
            let mv = r.best.expect("a move");
            assert!(matches!(after(&base43, &p, mv), Value::Win(_)), "{p}: {mv:?}");
        }
    }
    eprintln!(
        "covered roots (wins, losses, draws): {seen:?}; 4-3/3-4: {exact} exact of 600, {draws} draws"
    );
    // Most of 4-3 and 3-4 is drawn; the search must prove most of the rest.
    let decisive = 600 - draws;
    assert!(decisive >= 20 && exact * 2 >= decisive, "{exact} exact of {decisive} decisive");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_table_is_an_error_naming_its_file_and_no_tables_change_nothing() {
    let dir = temp_dir("missing");
    std::fs::create_dir_all(&dir).unwrap();
    let mut engine = MillEngine::default();
    let err = engine.set_db(Arc::new(db::open(&dir)), 3).expect_err("no tables");
    assert!(err.to_string().contains("nine-"), "{err}");
    assert_eq!(engine.db_stones(), None);
    // The protocol: an error line naming the option, and the session goes on.
    let lines = session(&format!(
        "setoption name EndgameDb value {}\nsetoption name EndgameDbStones value 2\nisready\nquit\n",
        dir.display()
    ));
    let errors: Vec<&String> =
        lines.iter().filter(|l| l.starts_with("info string error")).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors[0].contains("EndgameDb"), "{lines:?}");
    assert!(errors[1].contains("EndgameDbStones") && errors[1].contains("\"2\""), "{lines:?}");
    assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
