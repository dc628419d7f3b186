//! Players, playouts and the course colours against the text and against
//! brute force written here.

mod common;

use common::mover_wins;

use std::collections::HashMap;

use spielbaum_game_trait::{Agent, AgentLimits, History, Player, SplitMix64, perft};
use spielbaum_nim_variant::{
    Course, EdgeColour, Mixed, Optimal, Oracle, Random, SimConfig, SubtractionGame, Subtractions,
    simulate, wilson,
};

#[test]
fn optimal_takes_the_smallest_winning_move() {
    for set in [&[3u64, 5, 11][..], &[3, 5, 8], &[2, 7], &[4, 9, 10, 17], &[1]] {
        let rules = Subtractions::new(set).unwrap();
        let opt = Optimal::new(&rules).unwrap();
        let mut memo = HashMap::new();
        for n in 1..=600i64 {
            let winning: Vec<u64> = set
                .iter()
                .copied()
                .filter(|&d| {
                    let k = n - d as i64;
                    k == 0 || (k > 0 && !mover_wins(k, set, &mut memo))
                })
                .collect();
            let mut sorted = set.to_vec();
            sorted.sort();
            let want = winning.iter().min().copied().unwrap_or(sorted[0]);
            assert_eq!(u64::from(opt.pick(n)), want, "set {set:?}, n = {n}");
        }
    }
}

/// The agent's value of each position: the side to move wins with
/// certainty exactly where brute force says it wins.
#[test]
fn optimal_agent_reports_the_exact_value() {
    for set in [&[3u64, 5, 11][..], &[2, 7], &[4, 9, 10, 17]] {
        let mut opt = Optimal::new(&Subtractions::new(set).unwrap()).unwrap();
        let mut memo = HashMap::new();
        for n in 1..=300u64 {
            let game = History::new(SubtractionGame::new(n, set).unwrap());
            let d = opt.choose(&game, &AgentLimits::NONE).unwrap();
            let want = if mover_wins(n as i64, set, &mut memo) { 1.0 } else { 0.0 };
            assert_eq!(d.win_probability, Some(want), "set {set:?}, n = {n}");
        }
    }
}

#[test]
fn optimal_matches_the_r_switch() {
    // nextMove.optimal: switch(r + 1, 3, 3, 3, 3, 3, 3, 5, 5).
    let r_table = [3, 3, 3, 3, 3, 3, 5, 5];
    let opt = Optimal::new(&Subtractions::CLASSIC).unwrap();
    for n in 1..=1000i64 {
        assert_eq!(opt.pick(n), r_table[(n % 8) as usize], "n = {n}");
    }
}

#[test]
fn random_end_game_rule() {
    let rules = Subtractions::CLASSIC;
    let mut rng = SplitMix64::new(7);
    for _ in 0..200 {
        assert_eq!(Random::pick(&rules, 5, &mut rng), 5);
        assert_eq!(Random::pick(&rules, 11, &mut rng), 11);
        assert_eq!(Random::pick(&rules, 3, &mut rng), 3);
        assert_eq!(Random::pick(&rules, 4, &mut rng), 3);
        assert_eq!(Random::pick(&rules, 1, &mut rng), 3);
        assert!(matches!(Random::pick(&rules, 7, &mut rng), 3 | 5));
        assert!(matches!(Random::pick(&rules, 10, &mut rng), 3 | 5));
    }
    let mut seen = [0u32; 12];
    for _ in 0..3000 {
        seen[Random::pick(&rules, 30, &mut rng) as usize] += 1;
    }
    for d in [3, 5, 11] {
        assert!((850..1150).contains(&seen[d]), "{seen:?}");
    }
}

#[test]
fn course_winners_of_the_text() {
    let cases: [(&[i64], Player); 4] = [
        (&[44, 41, 38, 33, 30, 25, 22, 17, 14, 9, 6, 1, -2], Player::FIRST),
        (&[45, 42, 39, 36, 31, 26, 21, 18, 15, 12, 7, 2, -1], Player::FIRST),
        (&[50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2], Player::FIRST),
        (&[22, 17, 12, 9, 6, 1, -2], Player::FIRST),
    ];
    for (numbers, winner) in cases {
        let c = Course { rules: Subtractions::CLASSIC, numbers: numbers.to_vec() };
        assert_eq!(c.winner(), Some(winner), "{numbers:?}");
    }
    let c = Course { rules: Subtractions::CLASSIC, numbers: vec![22, 11, 0] };
    assert_eq!(c.winner(), Some(Player::SECOND));
}

#[test]
fn edge_colours_match_the_r_graph_output() {
    // colorOfEdge from the text's graph_output(), for {3, 5, 11}.
    fn r_colour(n1: i64, n2: i64) -> EdgeColour {
        let m = |x: i64| x.rem_euclid(8);
        if (3..=7).contains(&m(n1)) {
            if (0..=2).contains(&m(n2)) { EdgeColour::Red } else { EdgeColour::Blue }
        } else {
            EdgeColour::Black
        }
    }
    let oracle = Oracle::new(&Subtractions::CLASSIC).unwrap();
    let mut rng = SplitMix64::new(3);
    for _ in 0..2000 {
        let n1 = 1 + rng.below(200) as i64;
        let d = [3, 5, 11][rng.below(3)];
        let n2 = n1 - d;
        // R's mod-8 test calls a negative result like -2 (≡ 6) blue but
        // -6 (≡ 2) red; a negative number always loses, so ours is blue.
        if n2 < 0 {
            continue;
        }
        assert_eq!(EdgeColour::of(&oracle, n1, n2), r_colour(n1, n2), "{n1} -> {n2}");
    }
}

#[test]
fn optimal_against_optimal_follows_the_colours() {
    let rules = Subtractions::CLASSIC;
    let mut a = Optimal::new(&rules).unwrap();
    let mut b = Optimal::new(&rules).unwrap();
    let config = SimConfig { games: 300, ..SimConfig::classic() };
    let r = simulate(&mut a, &mut b, &config, |_| true).unwrap();
    assert_eq!(r.all.games, 300);
    assert_eq!(r.from_blue.wins_a, r.from_blue.games);
    assert_eq!(r.from_red.wins_a, 0);
    assert_eq!(r.blunders, [0, 0]);
    // 20..=50: the red numbers are 24-26, 32-34, 40-42, 48-50: 12 of 31.
    let share = r.from_red.games as f64 / 300.0;
    assert!((share - 12.0 / 31.0).abs() < 0.1, "{share}");
}

#[test]
fn simulations_are_seeded_and_mixed_sits_between() {
    let rules = Subtractions::CLASSIC;
    let run = |p: f64, seed: u64| {
        let mut a = Mixed::new(&rules, p, 7).unwrap();
        let mut b = Random::new(2);
        let config = SimConfig { games: 2000, seed, ..SimConfig::classic() };
        simulate(&mut a, &mut b, &config, |_| true).unwrap()
    };
    assert_eq!(run(0.6, 5), run(0.6, 5));
    let (r0, r6, r1) = (run(0.0, 9), run(0.6, 9), run(1.0, 9));
    assert!(r0.all.rate() < r6.all.rate() && r6.all.rate() < r1.all.rate());
    // Optimal wins every game from a blue start, whatever B does.
    assert_eq!(r1.from_blue.wins_a, r1.from_blue.games);
    // Stopping early keeps the finished games.
    let mut a = Random::new(1);
    let mut b = Random::new(2);
    let r = simulate(&mut a, &mut b, &SimConfig::classic(), |done| done < 10).unwrap();
    assert_eq!(r.all.games, 10);
}

#[test]
fn bad_inputs_are_errors() {
    assert!(Mixed::new(&Subtractions::CLASSIC, 1.5, 0).is_err());
    let mut a = Random::new(1);
    let mut b = Random::new(2);
    let config = SimConfig { starts: 0..=10, ..SimConfig::classic() };
    assert!(simulate(&mut a, &mut b, &config, |_| true).is_err());
    assert!(SubtractionGame::new(0, &[3]).is_err());
    assert!(SubtractionGame::new(10, &[]).is_err());
    assert!(SubtractionGame::new(10, &[0, 3]).is_err());
    assert!("3,x".parse::<Subtractions>().is_err());
}

#[test]
fn wilson_interval_known_values() {
    // 5 of 10 at z = 1.96: (0.2366, 0.7634), a textbook value.
    let (lo, hi) = wilson(5, 10, 1.959_963_984_540_054);
    assert!((lo - 0.2366).abs() < 1e-4 && (hi - 0.7634).abs() < 1e-4, "{lo} {hi}");
    let (lo, hi) = wilson(0, 20, 1.959_963_984_540_054);
    assert!(lo == 0.0 && (hi - 0.1611).abs() < 1e-4, "{hi}");
}

#[test]
fn perft_counts_sequences() {
    // Count move sequences by brute force: from n, each of |S| moves while
    // the number stays positive.
    fn count(n: i64, set: &[u64], depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if n <= 0 {
            return 0;
        }
        set.iter().map(|&d| count(n - d as i64, set, depth - 1)).sum()
    }
    for (n, set) in [(22u64, &[3u64, 5, 11][..]), (50, &[3, 5, 8]), (9, &[1, 2])] {
        let g = SubtractionGame::new(n, set).unwrap();
        for depth in 0..=6 {
            assert_eq!(perft(&g, depth), count(n as i64, set, depth), "n {n} depth {depth}");
        }
    }
}
