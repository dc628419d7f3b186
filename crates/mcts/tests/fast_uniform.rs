//! The list-free playout (`FastUniform`, the game's `RandomMove`) against
//! the list-based uniform one: the same distribution of playout results,
//! with the ply limit and with repetition draws, and a search that reaches
//! the same statistics in distribution.
//!
//! Pure Monte Carlo at the root makes playouts directly comparable: no node
//! below the root is ever expanded, and an exploration constant of 10^6
//! visits the root's children in turn whatever the results, so every
//! child's statistics are independent playouts from it. Two searches (one
//! per policy, different seeds) are then compared child by child with a
//! two-sample chi-square test on (won, drawn, lost).

mod common;

use spielbaum_game_trait::rand_core::RngCore;
use spielbaum_game_trait::{
    DrawRules, Game, GameExt, MoveList, Outcome, Player, RandomMove, index_below,
};
use spielbaum_mcts::{Analysis, Budget, Config, FastUniform, Mcts, Playout, RngExt, Selection};
use spielbaum_negamax::cyclic::CycleGame;
use spielbaum_small_games::{Connect4, TicTacToe};

/// `1 - p` quantile of chi-square with `dof` degrees of freedom for the
/// normal quantile `z` (Wilson–Hilferty).
fn chi_square_bound(dof: f64, z: f64) -> f64 {
    let a = 2.0 / (9.0 * dof);
    dof * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Two-sample chi-square over the root moves' (won, drawn, lost) counts,
/// and its degrees of freedom.
fn compare<M: PartialEq + std::fmt::Debug>(a: &Analysis<M>, b: &Analysis<M>) -> (f64, f64) {
    let (mut chi, mut dof) = (0.0, 0.0);
    for ma in &a.moves {
        let mb = b.moves.iter().find(|m| m.mv == ma.mv).expect("the same root moves");
        let ca = [ma.wins, ma.draws, ma.visits - ma.wins - ma.draws];
        let cb = [mb.wins, mb.draws, mb.visits - mb.wins - mb.draws];
        let (na, nb) = (ma.visits as f64, mb.visits as f64);
        let mut columns = 0.0;
        for j in 0..3 {
            let total = (ca[j] + cb[j]) as f64;
            if total == 0.0 {
                continue;
            }
            columns += 1.0;
            let (ea, eb) = (na * total / (na + nb), nb * total / (na + nb));
            chi += (ca[j] as f64 - ea).powi(2) / ea + (cb[j] as f64 - eb).powi(2) / eb;
        }
        if columns > 1.0 {
            dof += columns - 1.0;
        }
    }
    (chi, dof)
}

/// Pure Monte Carlo at the root: `per_move` playouts from every root move.
fn monte_carlo(seed: u64, max_plies: u32) -> Config {
    Config {
        expand_threshold: u32::MAX,
        max_playout_plies: max_plies,
        ..Config::seeded(seed)
            .solver(false)
            .graph(false)
            .selection(Selection::Uct { exploration: 1e6 })
    }
}

fn root_playouts<G, P>(
    g: &G,
    playout: P,
    seed: u64,
    max_plies: u32,
    per_move: u64,
) -> Analysis<G::Move>
where
    G: Game + Sync,
    G::Move: Send + Sync,
    P: Playout<G> + Clone + Send,
{
    let k = g.legal_moves().len() as u64;
    let mut m = Mcts::new(g.clone(), monte_carlo(seed, max_plies)).with_playout(playout);
    let a = m.search(Budget::iterations(k * per_move));
    for mv in &a.moves {
        assert_eq!(mv.visits, per_move, "the children are visited in turn");
    }
    a
}

/// Asserts that both policies' playouts from every root move of `g` have
/// the same distribution (chi-square below its quantile for p ≈ 10^-6;
/// a move whose playouts all end alike in both samples adds no degree of
/// freedom). Returns the degrees of freedom.
fn assert_same_playouts<G, P>(g: &G, fast: P, max_plies: u32, per_move: u64) -> f64
where
    G: Game + Sync + std::fmt::Debug,
    G::Move: Send + Sync,
    P: Playout<G> + Clone + Send,
{
    let list = root_playouts(g, spielbaum_mcts::Uniform, 1, max_plies, per_move);
    let direct = root_playouts(g, fast, 2, max_plies, per_move);
    let (chi, dof) = compare(&list, &direct);
    if dof == 0.0 {
        assert_eq!(chi, 0.0, "{g:?}");
        return dof;
    }
    let bound = chi_square_bound(dof, 4.75);
    assert!(chi <= bound, "{g:?}: chi-square {chi:.1} > {bound:.1} ({dof} degrees of freedom)");
    dof
}

#[test]
fn connect_four_playouts_have_the_list_distribution() {
    let mut mid = Connect4::standard();
    mid.play_line("dcdde").unwrap();
    for g in [Connect4::standard(), mid] {
        assert!(assert_same_playouts(&g, FastUniform, 2_000, 1_500) >= 7.0);
        // The ply limit cuts most playouts short: the same draws by the cut.
        assert!(assert_same_playouts(&g, FastUniform, 9, 1_500) >= 7.0);
    }
}

#[test]
fn small_games_playouts_have_the_list_distribution() {
    assert!(assert_same_playouts(&TicTacToe::new(), FastUniform, 2_000, 3_000) >= 9.0);
    assert!(assert_same_playouts(&common::sub(60), FastUniform, 2_000, 3_000) >= 3.0);
    // Cut at 9 plies: about a third of the playouts end before.
    assert!(assert_same_playouts(&common::sub(60), FastUniform, 9, 3_000) >= 3.0);
}

/// The test can fail: a list-free policy that draws only from the lower
/// half of the words (so prefers the lower columns) is rejected.
#[test]
fn a_biased_list_free_playout_is_rejected() {
    #[derive(Clone, Copy)]
    struct LowHalf;
    impl<G: RandomMove, R: RngCore> Playout<G, R> for LowHalf {
        const LIST_FREE: bool = true;
        fn pick(&mut self, _: &G, moves: &[G::Move], rng: &mut R) -> usize {
            RngExt::below(rng, moves.len())
        }
        fn pick_move(&mut self, game: &G, rng: &mut R) -> Option<G::Move> {
            game.random_move(rng.next_u64() >> 1)
        }
    }
    let g = Connect4::standard();
    let list = root_playouts(&g, spielbaum_mcts::Uniform, 1, 2_000, 1_500);
    let low = root_playouts(&g, LowHalf, 2, 2_000, 1_500);
    let (chi, dof) = compare(&list, &low);
    assert!(chi > chi_square_bound(dof, 4.75), "chi-square {chi:.1}, {dof} degrees of freedom");
}

/// A cyclic game with the repetition rule (the negamax crate's test game),
/// with a `RandomMove` drawn from its list.
#[derive(Clone, Debug)]
struct Cyclic(CycleGame);

impl Game for Cyclic {
    type Move = u8;
    const EXACT_KEY: bool = true;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn moves(&self, moves: &mut MoveList<u8>) {
        self.0.moves(moves)
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn key(&self) -> u64 {
        self.0.key()
    }
    fn draw_rules(&self) -> DrawRules {
        self.0.draw_rules()
    }
}

impl RandomMove for Cyclic {
    fn random_move(&self, r: u64) -> Option<u8> {
        let moves = self.0.legal_moves();
        (!moves.is_empty()).then(|| moves[index_below(r, moves.len() as u32) as usize])
    }
}

#[test]
fn repetition_draws_in_playouts_have_the_list_distribution() {
    let (mut repeats, mut dof) = (0, 0.0);
    for seed in 0..40 {
        let g = Cyclic(CycleGame::random(seed, 10));
        if g.legal_moves().len() < 2 {
            continue;
        }
        dof += assert_same_playouts(&g, FastUniform, 2_000, 2_000);
        // The graphs do repeat: most playouts end in a repetition draw.
        let a = root_playouts(&g, FastUniform, 3, 2_000, 2_000);
        repeats += a.moves.iter().map(|m| m.draws).sum::<u64>();
    }
    assert!(repeats > 10_000, "{repeats} drawn playouts");
    // Not every playout is a draw: the comparison has something to compare.
    assert!(dof >= 10.0, "{dof} degrees of freedom");
}

/// Searches (UCT, a growing tree, solver off) with either playout reach
/// the same root statistics in distribution: over 24 seeds each, the mean
/// first-player score of the root and the share of visits of the most
/// visited move agree within four standard errors.
#[test]
fn searches_agree_in_distribution_on_connect_four() {
    fn summary<P: Playout<Connect4> + Clone + Send>(p: P, seed: u64) -> (f64, f64) {
        let config = Config::seeded(seed).solver(false).graph(false);
        let mut m = Mcts::new(Connect4::standard(), config).with_playout(p);
        let a = m.search(Budget::iterations(3_000));
        let n = a.iterations as f64;
        // The root's moves are the first player's: its mean score.
        let score: f64 = a.moves.iter().map(|m| m.mean * m.visits as f64).sum::<f64>() / n;
        let top = a.moves.iter().map(|m| m.visits).max().unwrap() as f64 / n;
        (score, top)
    }
    let stats = |xs: &[f64]| {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (mean, var / n)
    };
    let list: Vec<(f64, f64)> = (0..24).map(|s| summary(spielbaum_mcts::Uniform, s)).collect();
    let fast: Vec<(f64, f64)> = (100..124).map(|s| summary(FastUniform, s)).collect();
    for (name, pick) in [("score", 0), ("top share", 1)] {
        let get = |v: &[(f64, f64)]| -> Vec<f64> {
            v.iter().map(|&(a, b)| if pick == 0 { a } else { b }).collect()
        };
        let (ma, va) = stats(&get(&list));
        let (mb, vb) = stats(&get(&fast));
        assert!(
            (ma - mb).abs() <= 4.0 * (va + vb).sqrt(),
            "{name}: list {ma:.4} ± {:.4}, list-free {mb:.4} ± {:.4}",
            va.sqrt(),
            vb.sqrt()
        );
    }
}

/// The clock is looked at inside list-free playouts: from 2^40 with no ply
/// limit one playout would take about 10^11 plies, and a 50 ms budget
/// still ends the search within a second, abandoning that playout.
#[test]
fn a_time_budget_stops_inside_a_list_free_playout() {
    use spielbaum_mcts::StopReason;
    let g = common::sub(1 << 40);
    let config = Config { max_playout_plies: u32::MAX, ..Config::seeded(1) };
    let mut m = Mcts::new(g, config).with_playout(FastUniform);
    let a = m.search(Budget::millis(50));
    assert_eq!(a.stopped_by, StopReason::Time);
    assert!(a.elapsed < std::time::Duration::from_secs(1), "{:?}", a.elapsed);
    assert_eq!(a.iterations, 0, "no playout can finish");
}
