//! The statistics against values computed independently here: Elo by
//! bisection on the logistic expectation, Φ by numeric integration of the
//! normal density, the SPRT's log-likelihood ratio as a ratio of normal
//! densities, and hand-computed means and variances.

use spielbaum_arena::stats::{
    Pentanomial, Sprt, SprtResult, Wdl, elo_from_score, normal_cdf, pentanomial, trinomial,
};

/// The Elo difference whose logistic expected score is `s`, by bisection.
fn elo_by_bisection(s: f64) -> f64 {
    let (mut lo, mut hi) = (-2000.0f64, 2000.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        let expected = 1.0 / (1.0 + 10f64.powf(-mid / 400.0));
        if expected < s { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

/// Φ(x) by Simpson's rule on the density from -12 to x.
fn phi_by_integration(x: f64) -> f64 {
    let n = 200_000;
    let a = -12.0;
    let h = (x - a) / n as f64;
    let f = |t: f64| (-t * t / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
    let mut sum = f(a) + f(x);
    for i in 1..n {
        let t = a + i as f64 * h;
        sum += if i % 2 == 1 { 4.0 } else { 2.0 } * f(t);
    }
    sum * h / 3.0
}

#[test]
fn normal_distribution_function() {
    for x in [-4.0, -1.959964, -1.0, -0.3, 0.0, 0.5, 1.0, 1.644854, 3.0, 5.0] {
        let (a, b) = (normal_cdf(x), phi_by_integration(x));
        assert!((a - b).abs() < 2e-7, "Φ({x}) = {a}, integrated {b}");
    }
}

#[test]
fn elo_of_a_score() {
    for s in [0.01, 0.1, 0.25, 0.5, 0.64, 0.7, 0.9, 0.99] {
        let (a, b) = (elo_from_score(s), elo_by_bisection(s));
        assert!((a - b).abs() < 1e-6, "s = {s}: {a} vs {b}");
    }
    assert_eq!(elo_from_score(1.0), f64::INFINITY);
    assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
}

#[test]
fn trinomial_interval_and_los() {
    // 60 wins, 20 draws, 20 losses: score 0.7; per-game variance
    // (60·0.3² + 20·0.2² + 20·0.7²)/100 = 0.16, standard error 0.04.
    let e = trinomial(&Wdl { wins: 60, draws: 20, losses: 20 });
    assert!((e.score - 0.7).abs() < 1e-12);
    assert!((e.stderr - 0.04).abs() < 1e-12);
    let half = 1.959964 * 0.04;
    assert!((e.elo - elo_by_bisection(0.7)).abs() < 1e-6);
    assert!((e.elo_low - elo_by_bisection(0.7 - half)).abs() < 1e-3);
    assert!((e.elo_high - elo_by_bisection(0.7 + half)).abs() < 1e-3);
    // LOS = Φ((0.7 − 0.5)/0.04) = Φ(5).
    assert!((e.los - phi_by_integration(5.0)).abs() < 1e-7);
    // Even scores: Elo 0, LOS ½, a symmetric interval.
    let e = trinomial(&Wdl { wins: 30, draws: 40, losses: 30 });
    // (Φ is accurate to about 1e-7.)
    assert!(e.elo.abs() < 1e-9 && (e.los - 0.5).abs() < 2e-7);
    assert!((e.elo_low + e.elo_high).abs() < 1e-6);
}

#[test]
fn pentanomial_interval() {
    // Pairs scoring 0, ½, 1, 1½, 2 points: 2, 8, 20, 15, 5 times (50
    // pairs). Per-game score of a pair = its points / 2. By hand:
    // mean = (8·0.25 + 20·0.5 + 15·0.75 + 5·1)/50 = 0.565,
    // variance = (2·0.565² + 8·0.315² + 20·0.065² + 15·0.185² + 5·0.435²)/50
    //          = 2.97625/50 = 0.059525, standard error √(0.059525/50).
    let e = pentanomial(&Pentanomial([2, 8, 20, 15, 5]));
    assert!((e.score - 0.565).abs() < 1e-12);
    let se = (0.059525f64 / 50.0).sqrt();
    assert!((e.stderr - se).abs() < 1e-12, "{} vs {se}", e.stderr);
    assert!((e.elo_low - elo_by_bisection(0.565 - 1.959964 * se)).abs() < 1e-3);
    assert!((e.elo_high - elo_by_bisection(0.565 + 1.959964 * se)).abs() < 1e-3);
    assert!((e.los - phi_by_integration(0.065 / se)).abs() < 1e-7);
    // Pairs add up as the two games' results say.
    let mut p = Pentanomial::default();
    p.add(1, 1);
    p.add(1, -1);
    p.add(0, -1);
    p.add(-1, -1);
    assert_eq!(p.0, [1, 1, 1, 0, 1]);
}

/// The LLR of the normal approximation as a ratio of two normal densities
/// of the mean score, N(s1, σ²/n) over N(s0, σ²/n), written out.
fn llr_by_densities(s: f64, var: f64, n: f64, elo0: f64, elo1: f64) -> f64 {
    let expect = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
    let sd = (var / n).sqrt();
    let density = |mu: f64| {
        (-(s - mu) * (s - mu) / (2.0 * sd * sd)).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt())
    };
    (density(expect(elo1)) / density(expect(elo0))).ln()
}

#[test]
fn sprt_log_likelihood_ratio_and_bounds() {
    let t = Sprt::parse("0,10,0.05,0.05").unwrap();
    let (lo, hi) = t.bounds();
    assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-12 && (hi + lo).abs() < 1e-12);
    assert!((hi - 2.944_438_979).abs() < 1e-8);
    // The test adds half a unit to each category (Jeffreys prior).
    // Trinomial: 60/20/20 wins/draws/losses become 60.5/20.5/20.5
    // (101.5 games): mean (60.5 + 10.25)/101.5, variance by
    // hand below.
    let llr = t.llr_trinomial(&Wdl { wins: 60, draws: 20, losses: 20 });
    let (n, mean) = (101.5, 70.75 / 101.5);
    let var = (60.5 * (1.0 - mean) * (1.0 - mean)
        + 20.5 * (0.5 - mean) * (0.5 - mean)
        + 20.5 * mean * mean)
        / n;
    let want = llr_by_densities(mean, var, n, 0.0, 10.0);
    assert!((llr - want).abs() < 1e-9, "{llr} vs {want}");
    // Pentanomial: the pairs above plus half a pair each: 2.5, 8.5, 20.5,
    // 15.5, 5.5 (52.5 pairs), mean (8.5/4 + 20.5/2 + 15.5·3/4 + 5.5)/52.5.
    let t = Sprt::parse("-5,5,0.1,0.2").unwrap();
    let llr = t.llr_pentanomial(&Pentanomial([2, 8, 20, 15, 5]));
    let counts = [2.5, 8.5, 20.5, 15.5, 5.5];
    let mean = (8.5 * 0.25 + 20.5 * 0.5 + 15.5 * 0.75 + 5.5) / 52.5;
    let var = counts
        .iter()
        .enumerate()
        .map(|(k, c)| c * (k as f64 / 4.0 - mean) * (k as f64 / 4.0 - mean))
        .sum::<f64>()
        / 52.5;
    let want = llr_by_densities(mean, var, 52.5, -5.0, 5.0);
    assert!((llr - want).abs() < 1e-9, "{llr} vs {want}");
    // One won pair does not decide; ten do.
    let t = Sprt::parse("0,50,0.05,0.05").unwrap();
    assert_eq!(t.decide(t.llr_pentanomial(&Pentanomial([0, 0, 0, 0, 1]))), SprtResult::Continue);
    assert_eq!(t.decide(t.llr_pentanomial(&Pentanomial([0, 0, 0, 0, 10]))), SprtResult::H1);
    assert_eq!(t.decide(t.bounds().1 + 0.01), SprtResult::H1);
    assert_eq!(t.decide(t.bounds().0 - 0.01), SprtResult::H0);
    assert_eq!(t.decide(0.0), SprtResult::Continue);
    for bad in ["10,0,0.05,0.05", "0,10,0.5,0.05", "0,10,0.05", "a,b,c,d"] {
        assert!(Sprt::parse(bad).is_err(), "{bad}");
    }
}
