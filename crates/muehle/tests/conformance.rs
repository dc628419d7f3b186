//! The workspace's conformance suite over random games of every variant.

use spielbaum_game_trait::conformance::{Config, check_evaluator, check_game};
use spielbaum_game_trait::{DrawRules, Game, GameExt};
use spielbaum_muehle::{Position, Rules, Variant};

fn config() -> Config {
    Config { games: 64, max_plies: 160 }
}

#[test]
fn every_variant_conforms() {
    for v in Variant::ALL {
        check_game(&Position::new(Rules::new(v)), &config());
    }
}

#[test]
fn variants_of_the_rules_conform() {
    let nine = Rules::new(Variant::Nine);
    check_game(&Position::new(nine.with_flying(false)), &config());
    check_game(&Position::new(nine.with_stones(4)), &config());
    check_game(&Position::new(Rules::new(Variant::Six).with_flying(true)), &config());
    check_game(&Position::new(nine.with_draw(DrawRules::NONE)), &config());
    check_game(&Position::new(Rules::new(Variant::Three).with_mill_wins(false)), &config());
}

#[test]
fn start_orbits() {
    // The empty board is its own image under every symmetry.
    for v in Variant::ALL {
        assert_eq!(Position::new(Rules::new(v)).orbit_size(), 1);
    }
    let p = Position::nine();
    let after = p.after(spielbaum_game_trait::Notation::parse_move(&p, "a1").unwrap());
    // A corner of the outer ring: 4 corners × 2 rings (outer, inner) = 8 images.
    assert_eq!(after.orbit_size(), 8);
    let mid = p.after(spielbaum_game_trait::Notation::parse_move(&p, "d2").unwrap());
    // A midpoint of the middle ring: 4 images (the ring swap keeps the middle ring).
    assert_eq!(mid.orbit_size(), 4);
}

#[test]
fn evaluators_stay_in_range() {
    for v in Variant::ALL {
        let start = Position::new(Rules::new(v));
        check_evaluator(&start, &spielbaum_muehle::MillEval, &config());
        check_evaluator(&start, &spielbaum_muehle::Eval1976, &config());
    }
}
