//! Three Men's Morris solved from the start by retrograde analysis
//! (bfs-reach), cross-checked against the alpha-beta exact solver
//! (negamax) on sampled positions.

use spielbaum_bfs_reach::retrograde::{Retrograde, Value};
use spielbaum_game_trait::{DrawRules, Game, GameExt};
use spielbaum_muehle::{Position, Rules, Variant};
use spielbaum_negamax::{Solver, Value as NValue};

/// Three Men's Morris without the no-progress limit (its counter is not
/// part of a position's key): repetitions are draws, which is how the
/// retrograde table counts positions that neither side can force.
fn three() -> Position {
    Position::new(Rules::new(Variant::Three).with_draw(DrawRules::repetition(3)))
}

#[test]
fn three_mens_morris_is_solved_and_agrees_with_alpha_beta() {
    let start = three();
    let table = Retrograde::new().symmetry(true).solve(&start).expect("small");
    let plain = Retrograde::new().solve(&start).expect("small");
    // Symmetry does not change a value.
    for (pos, v) in plain.iter() {
        assert_eq!(table.get(pos), Some(v), "{pos}");
    }
    let value = table.get(&start).expect("start");
    println!(
        "three: {} positions ({} without symmetry), start {:?}, counts {:?}",
        table.len(),
        plain.len(),
        value,
        table.counts()
    );
    // Decided positions: the alpha-beta solver finds the same value and
    // distance.
    let mut solver = Solver::<Position>::new(16);
    let mut checked = 0;
    for (i, (pos, v)) in table.iter().enumerate() {
        if i % 7 != 0 || pos.is_over() {
            continue;
        }
        let Some(plies) = v.plies() else { continue };
        if plies > 12 {
            continue;
        }
        let s = solver.solve(pos);
        let expect = match v {
            Value::Win(_) => NValue::Win,
            Value::Loss(_) => NValue::Loss,
            Value::Draw => NValue::Draw,
        };
        assert_eq!((s.value, s.plies), (expect, plies), "{pos}");
        checked += 1;
    }
    assert!(checked > 100, "only {checked} positions checked");
    // Every move of a decided position leads where the table says.
    for (pos, v) in table.iter().take(2000) {
        if pos.is_over() {
            continue;
        }
        let children: Vec<Value> =
            pos.legal_moves().iter().map(|&m| table.get(&pos.after(m)).expect("child")).collect();
        let best = children.iter().map(|c| c.flip()).max_by_key(|c| match c {
            Value::Win(n) => (2, -(*n as i64)),
            Value::Draw => (1, 0),
            Value::Loss(n) => (0, *n as i64),
        });
        assert_eq!(
            best.map(|b| match b {
                Value::Win(n) => Value::Win(n + 1),
                Value::Loss(n) => Value::Loss(n + 1),
                Value::Draw => Value::Draw,
            }),
            Some(v),
            "{pos}"
        );
    }
}
