//! Matches: pairs of games, perfect play never loses, self-play Elo intervals cover 0,
//! SPRT decisions, reproducible seeded matches, faults that lose games.

use std::sync::Arc;
use std::time::Duration;

use spielbaum_arena::{
    AgentSpec, Catalog, DynAgent, GameRecord, MatchConfig, MatchReport, NamedAgent, NamedEval,
    Openings, Sprt, SprtResult, run_match,
};
use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, Game, History, Notation, Zero, legal_moves_of,
};
use spielbaum_nim_variant::{
    Mixed, Optimal, Random as TextRandom, SubtractionGame, Subtractions, sweep,
};
use spielbaum_small_games::{LineCount, Nim, TicTacToe};

fn zero<G: Game>() -> NamedEval<G> {
    NamedEval { name: "zero", help: "0", make: || Box::new(Zero) }
}

fn catalog<G: Game>(evaluators: Vec<NamedEval<G>>, agents: Vec<NamedAgent<G>>) -> Arc<Catalog<G>> {
    Arc::new(Catalog { evaluators, agents })
}

fn play<G>(
    cat: &Arc<Catalog<G>>,
    start: &G,
    a: &str,
    b: &str,
    cfg: &MatchConfig,
) -> (MatchReport, Vec<GameRecord>)
where
    G: Notation + Send + Sync + 'static,
    G::Move: Send + Sync,
{
    let (a, b) = (cat.prepare(a).unwrap(), cat.prepare(b).unwrap());
    let mut records = Vec::new();
    let r = run_match(start, &a, &b, cfg, |rec, _| {
        records.push(rec.clone());
        true
    })
    .unwrap();
    records.sort_by_key(|r| r.index);
    (r, records)
}

#[test]
fn perfect_play_never_loses_at_tictactoe() {
    let cat = catalog(
        vec![NamedEval { name: "lines", help: "", make: || Box::new(LineCount) }, zero()],
        Vec::new(),
    );
    // Every first move of Tic-tac-toe keeps the draw, so after one random
    // ply the solver still never loses.
    for openings in [Openings::Start, Openings::Random(1)] {
        for opponent in [
            "random",
            "oneply",
            "oneply:eval=zero",
            "negamax:depth=2",
            "negamax:depth=4",
            "mcts:iterations=200",
            "mcts:iterations=200,graph=off",
        ] {
            let cfg = MatchConfig {
                games: 40,
                seed: 7,
                openings: openings.clone(),
                ..MatchConfig::default()
            };
            let (r, _) = play(&cat, &TicTacToe::new(), "negamax:depth=max", opponent, &cfg);
            assert_eq!(r.wdl.games(), 40);
            assert_eq!(r.wdl.losses, 0, "{opponent} {openings:?}: {:?}", r.wdl);
            assert!(r.incidents.is_empty());
        }
    }
}

#[test]
fn perfect_play_never_loses_a_won_subtraction_game() {
    // The value of each game after its opening comes from the retrograde
    // classification (nim-variant's sweep), not from the engine.
    let rules = Subtractions::CLASSIC;
    let cat = catalog(vec![zero()], text_players());
    let start = SubtractionGame::classic(60).unwrap();
    let table = sweep(&rules, 60).unwrap();
    for opponent in [
        "random",
        "oneply",
        "negamax:depth=2",
        "mcts:iterations=300,c=0.7",
        "optimal",
        "mixed:p=0.6",
        "text-random",
    ] {
        let cfg = MatchConfig {
            games: 60,
            seed: 3,
            openings: Openings::Random(3),
            ..MatchConfig::default()
        };
        let (r, records) = play(&cat, &start, "negamax:depth=max", opponent, &cfg);
        assert_eq!(r.wdl.games(), 60);
        let mut theory_wins = 0;
        for rec in &records {
            let taken: i64 = rec.opening.iter().map(|m| m.parse::<i64>().unwrap()).sum();
            let n = 60 - taken;
            // Red numbers lose for the player to move.
            let mover_loses = table.is_red(n as u64).unwrap();
            // After an odd opening the second player moves.
            let solver_moves = rec.a_first == (rec.opening.len() % 2 == 0);
            let solver_wins_in_theory = solver_moves != mover_loses;
            if solver_wins_in_theory {
                theory_wins += 1;
                assert_eq!(rec.a_result(), 1, "{opponent}: lost a won game: {rec:?}");
            }
        }
        // Both kinds of game occur.
        assert!(theory_wins > 0 && theory_wins < 60, "{theory_wins}");
    }
}

#[test]
fn pairs_share_an_opening_with_colours_swapped() {
    let cat = catalog(
        vec![NamedEval { name: "lines", help: "", make: || Box::new(LineCount) }, zero()],
        Vec::new(),
    );
    let cfg = MatchConfig {
        games: 40,
        seed: 4,
        concurrency: 2,
        openings: Openings::Random(2),
        ..MatchConfig::default()
    };
    let (a, b) = ("negamax:depth=2", "random");
    let (r, records) = play(&cat, &TicTacToe::new(), a, b, &cfg);
    assert!(r.paired);
    assert_eq!(records.len(), 40);
    // A's points in half points, read from the stored result and colour.
    let halves = |rec: &GameRecord| match (rec.result.as_str(), rec.a_first) {
        ("1-0", true) | ("0-1", false) => 2,
        ("1/2-1/2", _) => 1,
        _ => 0,
    };
    let mut counts = [0u64; 5];
    let mut openings = std::collections::HashSet::new();
    for (k, pair) in records.chunks(2).enumerate() {
        let (x, y) = (&pair[0], &pair[1]);
        assert_eq!((x.index, y.index), (2 * k, 2 * k + 1));
        assert_eq!(x.opening.len(), 2, "{x:?}");
        assert_eq!(x.opening, y.opening, "pair {k}");
        assert!(x.a_first && !y.a_first, "pair {k}");
        assert_eq!((x.first.as_str(), x.second.as_str()), (a, b));
        assert_eq!((y.first.as_str(), y.second.as_str()), (b, a));
        counts[halves(x) + halves(y)] += 1;
        openings.insert(x.opening.clone());
    }
    assert_eq!(r.pairs.0, counts, "the pentanomial counts are the pairs' points");
    let wins = records.iter().filter(|rec| halves(rec) == 2).count() as u64;
    let draws = records.iter().filter(|rec| halves(rec) == 1).count() as u64;
    assert_eq!((r.wdl.wins, r.wdl.draws, r.wdl.losses), (wins, draws, 40 - wins - draws));
    // Each pair has an opening of its own (72 two-ply openings exist).
    assert!(openings.len() >= 10, "{} openings for 20 pairs", openings.len());
}

/// A match is a whole number of pairs: an odd number of games would play
/// its last opening with one colour only, outside the pairs' statistics.
#[test]
fn an_odd_number_of_games_is_refused() {
    let cat = catalog(vec![zero()], Vec::new());
    let (a, b) = (cat.prepare("random").unwrap(), cat.prepare("random").unwrap());
    for games in [1, 3, 41] {
        let cfg = MatchConfig { games, ..MatchConfig::default() };
        let mut seen = 0;
        let err = run_match(&TicTacToe::new(), &a, &b, &cfg, |_, _| {
            seen += 1;
            true
        })
        .expect_err("an odd number of games");
        assert!(err.0.contains(&format!("{games} games")) && err.0.contains("even"), "{err}");
        assert_eq!(seen, 0, "no game is played");
    }
    let cfg = MatchConfig { games: 4, ..MatchConfig::default() };
    assert_eq!(run_match(&TicTacToe::new(), &a, &b, &cfg, |_, _| true).unwrap().games, 4);
}

#[test]
fn self_play_elo_interval_contains_zero() {
    // Random against random at NIM 3,4,5 with two random plies of opening:
    // the same agent on both sides, so the true Elo difference is 0. The
    // seeds are 0..200, fixed in advance.
    let cat = catalog(vec![zero()], Vec::new());
    let start = Nim::new(&[3, 4, 5]).unwrap();
    let matches = 200;
    let mut covered = 0;
    for seed in 0..matches {
        let cfg = MatchConfig {
            games: 100,
            seed,
            openings: Openings::Random(2),
            ..MatchConfig::default()
        };
        let (r, _) = play(&cat, &start, "random", "random", &cfg);
        assert!(r.paired);
        if r.estimate.elo_low <= 0.0 && 0.0 <= r.estimate.elo_high {
            covered += 1;
        }
    }
    eprintln!("the 95% interval contained 0 in {covered} of {matches} matches");
    assert!(covered * 100 >= 95 * matches, "{covered} of {matches}");
}

#[test]
fn sprt_decides_both_ways() {
    let cat = catalog(vec![zero()], text_players());
    let start = SubtractionGame::classic(40).unwrap();
    let sprt = Sprt::parse("0,50,0.05,0.05").unwrap();
    let cfg = MatchConfig {
        games: 4000,
        seed: 11,
        openings: Openings::Random(2),
        sprt: Some(sprt),
        ..MatchConfig::default()
    };
    for (a, b) in [("negamax:depth=max", "random"), ("optimal", "mixed:p=0.6")] {
        let (strong, _) = play(&cat, &start, a, b, &cfg);
        let s = strong.sprt.unwrap();
        assert_eq!(s.result, SprtResult::H1, "{a} {b} {strong:?}");
        assert!(strong.games < 4000, "stopped early: {}", strong.games);
    }
    for same in ["random", "mixed:p=0.6"] {
        let (r, _) = play(&cat, &start, same, same, &cfg);
        let s = r.sprt.unwrap();
        assert_eq!(s.result, SprtResult::H0, "{same} {r:?}");
        assert!(r.games < 4000);
    }
    // Identical deterministic engines: every pair is split.
    let (det, _) = play(&cat, &start, "negamax:depth=2", "negamax:depth=2", &cfg);
    assert_eq!(det.sprt.unwrap().result, SprtResult::H0);
    let p = det.pairs.0;
    assert_eq!((p[0], p[1], p[3], p[4]), (0, 0, 0, 0), "{p:?}");
    assert!(p[2] >= 1);
    // The match stops at a pair's end: the counts hold complete pairs.
    assert_eq!(det.games as u64, 2 * det.pairs.pairs());
}

#[test]
fn seeded_matches_are_reproducible_game_by_game() {
    let cat = catalog(
        vec![NamedEval { name: "lines", help: "", make: || Box::new(LineCount) }, zero()],
        Vec::new(),
    );
    let start = TicTacToe::new();
    let cfg = |seed, concurrency| MatchConfig {
        games: 30,
        seed,
        concurrency,
        openings: Openings::Random(2),
        ..MatchConfig::default()
    };
    let (_, one) = play(&cat, &start, "negamax:depth=2", "random", &cfg(5, 1));
    let (_, three) = play(&cat, &start, "negamax:depth=2", "random", &cfg(5, 3));
    assert_eq!(one, three);
    let (_, other) = play(&cat, &start, "negamax:depth=2", "random", &cfg(6, 1));
    assert_ne!(one, other, "the seed changes openings and random moves");
    // Where an SPRT stops a match follows from the seed alone.
    let sprt_cfg = |concurrency| MatchConfig {
        games: 4000,
        seed: 2,
        concurrency,
        openings: Openings::Random(2),
        sprt: Some(Sprt::parse("0,50,0.05,0.05").unwrap()),
        ..MatchConfig::default()
    };
    let (r1, g1) = play(&cat, &start, "random", "random", &sprt_cfg(1));
    let (r3, g3) = play(&cat, &start, "random", "random", &sprt_cfg(3));
    assert_eq!((r1.games, r1.wdl, r1.pairs), (r3.games, r3.wdl, r3.pairs));
    assert_eq!(g1, g3);
    assert_ne!(r1.sprt.unwrap().result, SprtResult::Continue);
    // Stored games read back as written.
    for r in &one {
        assert_eq!(&GameRecord::parse_line(&r.to_line()).unwrap(), r);
    }
}

/// The subtraction game's own players (the text's strategies).
fn text_players() -> Vec<NamedAgent<SubtractionGame>> {
    let rules = Subtractions::CLASSIC;
    vec![
        NamedAgent {
            name: "optimal",
            help: "",
            keys: &[],
            build: Arc::new(move |_, _| Ok(Box::new(Optimal::new(&rules).unwrap()) as DynAgent<_>)),
        },
        NamedAgent {
            name: "mixed",
            help: "",
            keys: &["p"],
            build: Arc::new(move |spec: &mut AgentSpec, seed| {
                let p = spec.get::<f64>("p")?.unwrap();
                Ok(Box::new(Mixed::new(&rules, p, seed).unwrap()) as DynAgent<_>)
            }),
        },
        NamedAgent {
            name: "text-random",
            help: "",
            keys: &[],
            build: Arc::new(|_, seed| Ok(Box::new(TextRandom::new(seed)) as DynAgent<_>)),
        },
    ]
}

/// Agents that break: each loses its games, and the match goes on.
struct Broken(&'static str);

impl Agent<SubtractionGame> for Broken {
    fn name(&self) -> String {
        self.0.into()
    }
    fn choose(
        &mut self,
        game: &History<SubtractionGame>,
        _: &AgentLimits,
    ) -> Result<Decision<u32>, AgentError> {
        let moves = legal_moves_of(game)?;
        match self.0 {
            "panics" => panic!("deliberate failure"),
            "illegal" => Ok(Decision::new(4)),
            "fails" => Err(AgentError::Failed("no idea".into())),
            "slow" => {
                std::thread::sleep(Duration::from_millis(60));
                Ok(Decision::new(moves[0]))
            }
            _ => Ok(Decision::new(moves[0])),
        }
    }
}

fn broken(name: &'static str) -> NamedAgent<SubtractionGame> {
    NamedAgent {
        name,
        help: "",
        keys: &["time"],
        build: Arc::new(move |spec: &mut AgentSpec, _| {
            spec.duration("time")?;
            Ok(Box::new(Broken(name)) as DynAgent<SubtractionGame>)
        }),
    }
}

#[test]
fn faults_lose_the_game_and_are_reported() {
    let cat = catalog(
        vec![zero()],
        vec![broken("panics"), broken("illegal"), broken("fails"), broken("slow")],
    );
    let start = SubtractionGame::classic(22).unwrap();
    for (spec, why) in [
        ("panics", "panic (deliberate failure)"),
        ("illegal", "illegal move 4"),
        ("fails", "error (no idea)"),
        ("slow:time=5ms", " ms for a move of 5 ms + 20 ms margin)"),
    ] {
        let cfg = MatchConfig {
            games: 6,
            time_margin: Duration::from_millis(20),
            concurrency: 2,
            ..MatchConfig::default()
        };
        let (r, records) = play(&cat, &start, spec, "random", &cfg);
        assert_eq!(r.wdl.losses, 6, "{spec}: {:?}", r.wdl);
        assert_eq!(r.incidents.len(), 6);
        for rec in &records {
            assert!(rec.termination.contains(why), "{spec}: {}", rec.termination);
            assert!(rec.termination.ends_with(&format!("by {spec}")), "{}", rec.termination);
        }
    }
    // A slow agent within its margin is not forfeited.
    let cfg =
        MatchConfig { games: 2, time_margin: Duration::from_millis(500), ..MatchConfig::default() };
    let (r, _) = play(&cat, &start, "slow:time=5ms", "random", &cfg);
    assert!(r.incidents.is_empty());
}
