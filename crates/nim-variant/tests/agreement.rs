//! For random sets S: bfs-reach's retrograde solver, the direct sweep and
//! the negamax solver agree on every number up to 500.

use proptest::prelude::*;
use spielbaum_negamax::{Solver, Value};
use spielbaum_nim_variant::{SubtractionGame, Subtractions, retrograde_classification, sweep};

/// (red flag, plies to the end) of 0..=upto from the negamax exact
/// solver, one solve per number (one solver per set: the key does not
/// include the rules).
fn negamax_solutions(rules: &Subtractions, upto: u64) -> Vec<(bool, u32)> {
    let mut solver = Solver::new(4);
    let mut out = vec![(true, 0)]; // 0: the producer has won
    for n in 1..=upto {
        let g = SubtractionGame::with_rules(n, *rules).unwrap();
        let s = solver.solve(&g);
        assert_ne!(s.value, Value::Draw, "n = {n}: the game cannot be drawn");
        assert!(s.complete, "n = {n}: solved to the end");
        out.push((s.value == Value::Loss, s.plies));
    }
    out
}

/// Red flags of 0..=upto from the negamax exact solver.
fn negamax_red(rules: &Subtractions, upto: u64) -> Vec<bool> {
    negamax_solutions(rules, upto).into_iter().map(|(red, _)| red).collect()
}

/// (red flag, plies to the end under best play: the fastest win, the
/// slowest loss) of 0..=upto, a sweep written here from the rules: a move
/// to 0 wins at once, one below 0 loses at once.
fn distances(set: &[u64], upto: u64) -> Vec<(bool, u32)> {
    let mut t = vec![(true, 0u32)];
    for n in 1..=upto as i64 {
        // (the mover wins with this move, plies to the end)
        let results = set.iter().map(|&d| match n - d as i64 {
            0 => (true, 1),
            m if m < 0 => (false, 1),
            m => {
                let (red, plies) = t[m as usize];
                (red, plies + 1)
            }
        });
        let results: Vec<(bool, u32)> = results.collect();
        let entry = match results.iter().filter(|r| r.0).map(|r| r.1).min() {
            Some(p) => (false, p),
            None => (true, results.iter().map(|r| r.1).max().unwrap()),
        };
        t.push(entry);
    }
    t
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
    // With 1 in S games from n last up to n plies, far past 255.
    for set in [&[1u64][..], &[1, 4], &[1, 3, 8]] {
        let rules = Subtractions::new(set).unwrap();
        let got = negamax_solutions(&rules, 500);
        let want = distances(set, 500);
        assert_eq!(got, want, "{set:?}");
        let red: Vec<bool> = got.iter().map(|r| r.0).collect();
        assert_eq!(red, sweep(&rules, 500).unwrap().red_flags(), "{set:?}");
    }
    // S = {1}: n alternates, and every game lasts exactly n plies.
    let only_1 = negamax_solutions(&Subtractions::new(&[1]).unwrap(), 500);
    for (n, &(red, plies)) in only_1.iter().enumerate().skip(1) {
        assert_eq!((red, plies), (n % 2 == 0, n as u32), "n = {n}");
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

    /// Random sets (1 is rarely drawn here; the next test always has it).
    #[test]
    fn negamax_equals_sweep(set in proptest::collection::vec(2u64..=40, 1..=4)) {
        let rules = Subtractions::new(&set).unwrap();
        let s = sweep(&rules, 500).unwrap();
        prop_assert_eq!(negamax_red(&rules, 500), s.red_flags());
    }

    /// Random sets that contain 1: games from n last up to n plies (500,
    /// far past negamax's old 255-ply cap). The retrograde solver, the
    /// sweep and negamax agree on the value of every n up to 500, and
    /// negamax's plies to the end match a sweep of the distances.
    #[test]
    fn negamax_equals_sweep_with_1(rest in proptest::collection::vec(2u64..=40, 0..=3)) {
        let mut set = rest;
        set.push(1);
        let rules = Subtractions::new(&set).unwrap();
        let s = sweep(&rules, 500).unwrap();
        prop_assert_eq!(&retrograde_classification(&rules, 500).unwrap(), &s);
        let got = negamax_solutions(&rules, 500);
        let red: Vec<bool> = got.iter().map(|r| r.0).collect();
        prop_assert_eq!(&red[..], s.red_flags());
        prop_assert_eq!(got, distances(&set, 500));
    }
}
