//! The theory against independent computations: the text's published
//! sets, a brute-force game-tree search written here, and period claims
//! checked far beyond the window the proof uses.

mod common;

use common::mover_wins;

use std::collections::HashMap;

use proptest::prelude::*;
use spielbaum_nim_variant::{
    Periodicity, StrategyTable, Subtractions, find_period, redundant_subtractions,
    same_classification, sweep, verify_period,
};

#[test]
fn classic_sets_match_the_text_up_to_100_000() {
    let c = sweep(&Subtractions::CLASSIC, 100_000).unwrap();
    for k in 0..=100_000u64 {
        assert_eq!(c.is_red(k), Some(matches!(k % 8, 0..=2)), "k = {k}");
    }
}

#[test]
fn classic_sets_match_the_r_output_up_to_80() {
    // The text's printed output of continue(a = A, b = B, N = 80).
    let a = [
        0, 1, 2, 8, 9, 10, 16, 17, 18, 24, 25, 26, 32, 33, 34, 40, 41, 42, 48, 49, 50, 56, 57, 58,
        64, 65, 66, 72, 73, 74,
    ];
    let c = sweep(&Subtractions::CLASSIC, 79).unwrap();
    assert_eq!(c.p_positions(), a.to_vec());
    assert_eq!(c.n_positions().len(), 80 - a.len());
}

#[test]
fn classic_period_and_table_2() {
    let t = StrategyTable::build(&Subtractions::CLASSIC, 100_000).unwrap().unwrap();
    assert_eq!(t.periodicity, Periodicity { preperiod: 0, period: 8 });
    assert_eq!(t.red_residues(), vec![0, 1, 2]);
    // Table 2 of the text, with every alternative (the bracketed 11s).
    let expected: [&[u32]; 8] = [&[], &[], &[], &[3, 11], &[3, 11], &[3, 5, 11], &[5], &[5]];
    for (r, want) in expected.iter().enumerate() {
        assert_eq!(t.moves[r], *want, "residue {r}");
    }
}

#[test]
fn exercise_3_5_same_as_3_5_11() {
    let a = Subtractions::CLASSIC;
    let b = Subtractions::new(&[3, 5]).unwrap();
    assert_eq!(same_classification(&a, &b, 10_000).unwrap(), Some(true));
    // Also plainly, far out.
    assert_eq!(sweep(&a, 20_000).unwrap().red_flags(), sweep(&b, 20_000).unwrap().red_flags());
    assert_eq!(redundant_subtractions(&a, 10_000).unwrap(), vec![11]);
}

#[test]
fn exercise_3_5_8_against_brute_force() {
    let set = [3u64, 5, 8];
    let rules = Subtractions::new(&set).unwrap();
    let c = sweep(&rules, 400).unwrap();
    let mut memo = HashMap::new();
    for n in 1..=400u64 {
        assert_eq!(c.is_red(n), Some(!mover_wins(n as i64, &set, &mut memo)), "n = {n}");
    }
    let p = find_period(&rules, 10_000).unwrap().unwrap();
    // The claimed period must hold far beyond the proof window.
    for k in p.preperiod..=390 - p.period {
        assert_eq!(c.is_red(k), c.is_red(k + p.period), "k = {k}");
    }
}

#[test]
fn wrong_periods_are_rejected() {
    let r = Subtractions::CLASSIC;
    assert!(verify_period(&r, Periodicity { preperiod: 0, period: 8 }).unwrap());
    assert!(verify_period(&r, Periodicity { preperiod: 3, period: 16 }).unwrap());
    assert!(!verify_period(&r, Periodicity { preperiod: 0, period: 7 }).unwrap());
    assert!(!verify_period(&r, Periodicity { preperiod: 0, period: 0 }).unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// For random sets: the sweep agrees with the brute-force search on
    /// every number up to 500; the period found holds on all of them and
    /// is minimal there.
    #[test]
    fn sweep_and_period_agree_with_brute_force(set in proptest::collection::vec(1u64..=24, 1..=4)) {
        let rules = Subtractions::new(&set).unwrap();
        let c = sweep(&rules, 500).unwrap();
        let mut memo = HashMap::new();
        for n in 1..=500u64 {
            prop_assert_eq!(c.is_red(n), Some(!mover_wins(n as i64, &set, &mut memo)), "n = {}", n);
        }
        prop_assert_eq!(c.is_red(0), Some(true));
        let p = find_period(&rules, 100_000).unwrap().unwrap();
        prop_assert!(verify_period(&rules, p).unwrap());
        let big = sweep(&rules, p.preperiod + 3 * p.period + 200).unwrap();
        let f = big.red_flags();
        for k in p.preperiod as usize..f.len() - p.period as usize {
            prop_assert_eq!(f[k], f[k + p.period as usize]);
        }
        // Minimal: no smaller period from the same start, no earlier start.
        for q in 1..p.period as usize {
            let holds = (p.preperiod as usize..f.len() - q).all(|k| f[k] == f[k + q]);
            prop_assert!(!holds, "smaller period {} also holds", q);
        }
        if p.preperiod > 0 {
            let k = p.preperiod as usize - 1;
            prop_assert_ne!(f[k], f[k + p.period as usize]);
        }
    }
}
