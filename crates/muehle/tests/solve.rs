//! Three Men's Morris solved from the start by retrograde analysis
//! (bfs-reach), cross-checked against alpha-beta (negamax) on sampled
//! positions.

use spielbaum_bfs_reach::retrograde::{Retrograde, Value};
use spielbaum_game_trait::{DrawRules, Game, GameExt};
use spielbaum_game_trait::{Zero, loss_in, win_in};
use spielbaum_muehle::{Position, Rules, Variant};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};

/// Three Men's Morris without the no-progress limit (its counter is not
/// part of a position's key): repetitions are draws, which is how the
/// retrograde table counts positions that neither side can force.
fn start_of(variant: Variant) -> Position {
    Position::new(Rules::new(variant).with_draw(DrawRules::repetition(3)))
}

#[test]
fn three_mens_morris_is_solved_and_agrees_with_alpha_beta() {
    let start = start_of(Variant::Three);
    let plain = Retrograde::new().solve(&start).expect("small");
    let table = check(start, 3, 9, 50, 2000);
    // Symmetry does not change a value.
    for (pos, v) in plain.iter() {
        assert_eq!(table.get(pos), Some(v), "{pos}");
    }
    assert_eq!(plain.len(), 5390);
    // Which first placements win.
    let winning: Vec<String> = start
        .legal_moves()
        .iter()
        .filter(|&&m| matches!(table.get(&start.after(m)), Some(Value::Loss(_))))
        .map(|&m| spielbaum_game_trait::Notation::move_string(&start, m))
        .collect();
    println!("three: winning first moves {winning:?}");
    assert!(winning.contains(&"b2".to_string()), "{winning:?}");
}

#[test]
#[ignore = "26 s in release builds: cargo test --release -p spielbaum-muehle --test solve -- --ignored"]
fn six_mens_morris_is_solved_and_agrees_with_alpha_beta() {
    check(start_of(Variant::Six), 97, 7, 200, 20_000);
}

/// Solves from `start` with symmetry, checks every `every`-th decided
/// position within `max_plies` plies of the end against the alpha-beta solver and
/// the first `consistent` positions against their children.
fn check(
    start: Position,
    every: usize,
    max_plies: u32,
    min_checked: usize,
    consistent: usize,
) -> spielbaum_bfs_reach::RetroTable<Position> {
    let table = Retrograde::new().symmetry(true).solve(&start).expect("fits");
    let value = table.get(&start).expect("start");
    println!(
        "{}: {} positions, start {:?}, counts {:?}",
        start.rules().variant.name(),
        table.len(),
        value,
        table.counts()
    );
    // Decided positions: plain alpha-beta to exactly the table's distance
    // proves the same result (a win in n plies is found, a loss in n plies
    // cannot be delayed beyond n; the winner never repeats a position).
    let mut checked = 0;
    for (i, (pos, v)) in table.iter().enumerate() {
        if i % every != 0 || pos.is_over() {
            continue;
        }
        let Some(plies) = v.plies() else { continue };
        if plies > max_plies {
            continue;
        }
        let mut ab = Searcher::new(Zero, Config::plain(Algorithm::AlphaBeta));
        let r = ab.search(pos, &Limits::depth(plies));
        let expect = match v {
            Value::Win(n) => win_in(n),
            Value::Loss(n) => loss_in(n),
            Value::Draw => unreachable!(),
        };
        assert_eq!(r.score, expect, "{pos}");
        checked += 1;
    }
    assert!(checked >= min_checked, "only {checked} positions checked");
    // Every move of a decided position leads where the table says.
    for (pos, v) in table.iter().take(consistent) {
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
    table
}
