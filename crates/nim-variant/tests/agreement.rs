//! For random sets S: bfs-reach's retrograde solver, the direct sweep and
//! the negamax solver agree on every number up to 500.

use proptest::prelude::*;
use spielbaum_negamax::{Solver, Value};
use spielbaum_nim_variant::{SubtractionGame, Subtractions, retrograde_classification, sweep};

/// Red flags of 0..=upto from the negamax exact solver, one solve per
/// number (one solver per set: the key does not include the rules).
fn negamax_red(rules: &Subtractions, upto: u64) -> Vec<bool> {
    let mut solver = Solver::new(4);
    let mut red = vec![true]; // 0: the producer has won
    for n in 1..=upto {
        let g = SubtractionGame::with_rules(n, *rules).unwrap();
        let s = solver.solve(&g);
        assert_ne!(s.value, Value::Draw, "n = {n}: the game cannot be drawn");
        red.push(s.value == Value::Loss);
    }
    red
}

#[test]
fn classic_up_to_100_000() {
    // The text's rule: red exactly when n mod 8 is 0, 1 or 2.
    let r = retrograde_classification(&Subtractions::CLASSIC, 100_000).unwrap();
    for (n, &red) in r.red_flags().iter().enumerate() {
        assert_eq!(red, n % 8 <= 2, "n = {n}");
    }
    assert_eq!(r, sweep(&Subtractions::CLASSIC, 100_000).unwrap());
}

#[test]
fn negamax_with_subtracting_1() {
    // With 1 in S games from n last up to n plies; negamax searches 255.
    for set in [&[1u64][..], &[1, 4], &[1, 3, 8]] {
        let rules = Subtractions::new(set).unwrap();
        assert_eq!(negamax_red(&rules, 250), sweep(&rules, 250).unwrap().red_flags(), "{set:?}");
    }
}

#[test]
fn sets_with_gaps_and_large_numbers() {
    // {2, 4} never reaches odd numbers from an even start; {600} has no
    // move that fits below 500.
    for set in [&[2u64, 4][..], &[600], &[1], &[7, 500]] {
        let rules = Subtractions::new(set).unwrap();
        assert_eq!(
            retrograde_classification(&rules, 500).unwrap(),
            sweep(&rules, 500).unwrap(),
            "{set:?}"
        );
    }
}

#[test]
fn negamax_agrees_on_classic_up_to_500() {
    let rules = Subtractions::CLASSIC;
    assert_eq!(negamax_red(&rules, 500), sweep(&rules, 500).unwrap().red_flags());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn retrograde_equals_sweep(set in proptest::collection::vec(1u64..=40, 1..=5)) {
        let rules = Subtractions::new(&set).unwrap();
        let r = retrograde_classification(&rules, 500).unwrap();
        prop_assert_eq!(r, sweep(&rules, 500).unwrap());
    }

    /// Negamax searches to at most 255 plies, so the smallest number of S
    /// is at least 2 here (games from 500 then last at most 251 plies).
    #[test]
    fn negamax_equals_sweep(set in proptest::collection::vec(2u64..=40, 1..=4)) {
        let rules = Subtractions::new(&set).unwrap();
        let s = sweep(&rules, 500).unwrap();
        prop_assert_eq!(negamax_red(&rules, 500), s.red_flags());
    }
}
