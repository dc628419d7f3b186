//! Engine matches: games on several threads, alternating colours with
//! paired openings, faults that lose the game, statistics and SPRT.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use spielbaum_game_trait::{
    AgentError, AgentLimits, History, MoveList, Notation, Outcome, SplitMix64,
};

use crate::catalog::Prepared;
use crate::record::GameRecord;
use crate::stats::{Estimate, Pentanomial, Sprt, SprtResult, Wdl, pentanomial, trinomial};

/// Where the games of a match start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// Every game from the start position.
    Start,
    /// Each pair after this many random plies (never ending the game),
    /// drawn from the match seed.
    Random(usize),
    /// Each pair after the moves of one line (in the game's notation, from
    /// the start), the lines used in turn.
    Lines(Vec<Vec<String>>),
}

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games in all, an even number (pairs of two share an opening,
    /// colours swapped).
    pub games: usize,
    /// Seed of the openings and of the agents' random choices.
    pub seed: u64,
    /// Games played at once (threads).
    pub concurrency: usize,
    /// The openings.
    pub openings: Openings,
    /// Stop as soon as this test decides.
    pub sprt: Option<Sprt>,
    /// A move that takes longer than the agent's own time limit plus this
    /// margin loses the game.
    pub time_margin: Duration,
    /// A game still going after this many plies (the opening included) is
    /// adjudicated a draw.
    pub max_plies: usize,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            games: 2,
            seed: 0,
            concurrency: 1,
            openings: Openings::Start,
            sprt: None,
            time_margin: Duration::from_millis(100),
            max_plies: 10_000,
        }
    }
}

/// The SPRT's state after a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound (H0 accepted at or below it).
    pub lower: f64,
    /// The upper bound (H1 accepted at or above it).
    pub upper: f64,
    /// The decision.
    pub result: SprtResult,
}

/// The state of a match: after each game, and at the end.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Games played (and not cancelled).
    pub games: usize,
    /// Agent A's wins, draws and losses.
    pub wdl: Wdl,
    /// Agent A's results by complete pairs.
    pub pairs: Pentanomial,
    /// The estimate: pentanomial over the complete pairs when there is one,
    /// else trinomial.
    pub estimate: Estimate,
    /// `true` if [`estimate`](MatchReport::estimate) is pentanomial.
    pub paired: bool,
    /// The SPRT, if one runs (from the first complete pair on).
    pub sprt: Option<SprtState>,
    /// Games not ended by the rules (faults and ply limits), by index.
    pub incidents: Vec<(usize, String)>,
    /// Games that were under way when the match stopped (SPRT decision or
    /// `on_game` returning `false`) and finished after it: played, but not
    /// counted (nor shown to `on_game`), so that the counts do not depend
    /// on the threads' timing.
    pub uncounted: usize,
}

/// An error that stops a match before it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchError(pub String);

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MatchError {}

/// A well-mixed seed for game `i`, side `side`.
fn mix(seed: u64, i: u64, side: u64) -> u64 {
    let mut r = SplitMix64::new(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ side << 61);
    r.next_u64()
}

/// The opening of each pair, as moves.
fn openings<G: Notation>(
    start: &G,
    cfg: &MatchConfig,
    pairs: usize,
) -> Result<Vec<Vec<G::Move>>, MatchError> {
    match &cfg.openings {
        Openings::Start => Ok(vec![Vec::new(); pairs]),
        Openings::Random(k) => Ok((0..pairs)
            .map(|p| {
                let mut rng = SplitMix64::new(mix(cfg.seed, p as u64, 2));
                let mut pos = start.clone();
                let mut line = Vec::new();
                for _ in 0..*k {
                    let mut moves = MoveList::new();
                    pos.moves(&mut moves);
                    moves.retain(|m| pos.after(*m).outcome().is_none());
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    pos.play(mv);
                    line.push(mv);
                }
                line
            })
            .collect()),
        Openings::Lines(lines) => {
            if lines.is_empty() {
                return Err(MatchError("the openings file has no opening".into()));
            }
            let mut parsed = Vec::with_capacity(lines.len());
            for (n, line) in lines.iter().enumerate() {
                let mut hist = History::new(start.clone());
                let mut moves = Vec::new();
                for text in line {
                    let mv = hist.position().parse_move(text).map_err(|e| {
                        MatchError(format!("opening {} ({}): {e}", n + 1, line.join(" ")))
                    })?;
                    hist.try_play(mv).map_err(|e| {
                        MatchError(format!("opening {} ({}): {e}", n + 1, line.join(" ")))
                    })?;
                    moves.push(mv);
                }
                if hist.outcome().is_some() {
                    return Err(MatchError(format!(
                        "opening {} ({}) ends the game",
                        n + 1,
                        line.join(" ")
                    )));
                }
                parsed.push(moves);
            }
            Ok((0..pairs).map(|p| parsed[p % parsed.len()].clone()).collect())
        }
    }
}

/// Milliseconds for a message: whole from 10 ms on, below that with up to
/// `decimals` decimals, so that short limits and moves do not all read
/// `0 ms`.
fn millis(d: Duration, decimals: usize) -> String {
    if d >= Duration::from_millis(10) {
        return d.as_millis().to_string();
    }
    let text = format!("{:.*}", decimals, d.as_secs_f64() * 1000.0);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

/// Plays game `index` of the match.
fn play_one<G>(
    start: &G,
    opening: &[G::Move],
    specs: [&Prepared<G>; 2],
    a_first: bool,
    index: usize,
    cfg: &MatchConfig,
) -> GameRecord
where
    G: Notation + Send + Sync + 'static,
    G::Move: Send + Sync,
{
    let mut record = GameRecord {
        index,
        start: start.to_string(),
        opening: Vec::new(),
        moves: Vec::new(),
        result: "1/2-1/2".into(),
        termination: "normal".into(),
        first: specs[0].spec.clone(),
        second: specs[1].spec.clone(),
        a_first,
    };
    let fault = |record: &mut GameRecord, side: usize, what: String| {
        record.result = if side == 0 { "0-1" } else { "1-0" }.into();
        record.termination = format!("{what} by {}", specs[side].spec);
    };
    let mut agents = Vec::with_capacity(2);
    for (side, spec) in specs.iter().enumerate() {
        match spec.build(mix(cfg.seed, index as u64, side as u64)) {
            Ok(a) => agents.push(a),
            Err(e) => {
                fault(&mut record, side, format!("error {e}"));
                return record;
            }
        }
    }
    let first = start.to_move();
    let mut hist = History::new(start.clone());
    for (side, ag) in agents.iter_mut().enumerate() {
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| ag.new_game(start))) {
            fault(&mut record, side, format!("panic ({})", panic_text(&*p)));
            return record;
        }
    }
    let tell = |agents: &mut Vec<_>, before: &G, mv: G::Move| -> Result<(), (usize, String)> {
        for (side, ag) in agents.iter_mut().enumerate() {
            let ag: &mut Box<dyn spielbaum_game_trait::Agent<G>> = ag;
            catch_unwind(AssertUnwindSafe(|| ag.played(before, mv)))
                .map_err(|p| (side, format!("panic ({})", panic_text(&*p))))?;
        }
        Ok(())
    };
    for &mv in opening {
        let before = hist.position().clone();
        record.opening.push(before.move_string(mv));
        if hist.try_play(mv).is_err() {
            // Openings are checked before the match; a line that does not
            // fit this start is played as far as it goes.
            break;
        }
        if let Err((side, what)) = tell(&mut agents, &before, mv) {
            fault(&mut record, side, what);
            return record;
        }
    }
    loop {
        if let Some(o) = hist.outcome() {
            record.result = match o {
                Outcome::Win(p) if p == first => "1-0",
                Outcome::Win(_) => "0-1",
                _ => "1/2-1/2",
            }
            .into();
            return record;
        }
        if hist.len() >= cfg.max_plies {
            record.termination = format!("ply limit {}", cfg.max_plies);
            return record;
        }
        let side = hist.position().to_move().index() ^ first.index();
        let started = Instant::now();
        let chosen =
            catch_unwind(AssertUnwindSafe(|| agents[side].choose(&hist, &AgentLimits::NONE)));
        let took = started.elapsed();
        let d = match chosen {
            Err(p) => {
                fault(&mut record, side, format!("panic ({})", panic_text(&*p)));
                return record;
            }
            Ok(Err(AgentError::Resign)) => {
                fault(&mut record, side, "resignation".into());
                return record;
            }
            Ok(Err(e)) => {
                fault(&mut record, side, format!("error ({e})"));
                return record;
            }
            Ok(Ok(d)) => d,
        };
        if let Some(t) = specs[side].time
            && took > t + cfg.time_margin
        {
            fault(
                &mut record,
                side,
                format!(
                    "time forfeit ({} ms for a move of {} ms + {} ms margin)",
                    millis(took, 3),
                    millis(t, 6),
                    millis(cfg.time_margin, 6)
                ),
            );
            return record;
        }
        let before = hist.position().clone();
        if hist.try_play(d.mv).is_err() {
            fault(&mut record, side, format!("illegal move {:?}", d.mv));
            return record;
        }
        record.moves.push(before.move_string(d.mv));
        if let Err((side, what)) = tell(&mut agents, &before, d.mv) {
            fault(&mut record, side, what);
            return record;
        }
    }
}

/// Plays a match of `a` against `b` from `start`; `on_game` sees every
/// counted game, in the order of the games' numbers, with the match so
/// far, and stops the match by returning `false` (games under way finish
/// but are not counted: [`MatchReport::uncounted`]). A match is a whole
/// number of pairs: an odd `cfg.games` is an error.
pub fn run_match<G>(
    start: &G,
    a: &Prepared<G>,
    b: &Prepared<G>,
    cfg: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord, &MatchReport) -> bool,
) -> Result<MatchReport, MatchError>
where
    G: Notation + Send + Sync + 'static,
    G::Move: Send + Sync,
{
    if G::PLAYERS != 2 {
        return Err(MatchError("matches need a two-player game".into()));
    }
    if cfg.games == 0 {
        return Err(MatchError("a match needs at least one game".into()));
    }
    if cfg.games % 2 == 1 {
        return Err(MatchError(format!(
            "{} games: each opening is played once with each colour, so the number of games must be even",
            cfg.games
        )));
    }
    if start.outcome().is_some() {
        return Err(MatchError("the start position is already finished".into()));
    }
    let pairs = cfg.games.div_ceil(2);
    let lines = openings(start, cfg, pairs)?;
    let mut report = MatchReport {
        games: 0,
        wdl: Wdl::default(),
        pairs: Pentanomial::default(),
        estimate: trinomial(&Wdl::default()),
        paired: false,
        sprt: cfg.sprt.map(|t| {
            let (lower, upper) = t.bounds();
            SprtState { llr: 0.0, lower, upper, result: SprtResult::Continue }
        }),
        incidents: Vec::new(),
        uncounted: 0,
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // Bounded, so the workers run at most a few games ahead of the
    // statistics (and of an early stop).
    let (tx, rx) = mpsc::sync_channel::<GameRecord>(cfg.concurrency.max(1));
    std::thread::scope(|s| {
        for _ in 0..cfg.concurrency.max(1) {
            let tx = tx.clone();
            let (next, stop, lines) = (&next, &stop, &lines);
            s.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    let a_first = i % 2 == 0;
                    let specs = if a_first { [a, b] } else { [b, a] };
                    let r = play_one(start, &lines[i / 2], specs, a_first, i, cfg);
                    if tx.send(r).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games are counted in the order of their numbers (finished games
        // wait in `waiting` for the ones before them), so where the match
        // stops, and so every count, follows from the seed alone.
        let mut waiting: BTreeMap<usize, GameRecord> = BTreeMap::new();
        let mut next_index = 0;
        let mut stopped = false;
        let mut halves: Vec<Option<i32>> = vec![None; pairs];
        for r in rx {
            waiting.insert(r.index, r);
            while let Some(r) = waiting.remove(&next_index) {
                next_index += 1;
                if stopped {
                    report.uncounted += 1;
                    continue;
                }
                let res = r.a_result();
                report.games += 1;
                report.wdl.add(res);
                if r.termination != "normal" {
                    report.incidents.push((r.index, r.termination.clone()));
                }
                let p = r.index / 2;
                match halves[p] {
                    Some(other) => report.pairs.add(other, res),
                    None => halves[p] = Some(res),
                }
                report.paired = report.pairs.pairs() > 0;
                report.estimate =
                    if report.paired { pentanomial(&report.pairs) } else { trinomial(&report.wdl) };
                // The test runs on complete pairs: a single game of a pair
                // carries the opening's bias, which the pair cancels.
                if let Some(t) = &cfg.sprt
                    && report.paired
                    && r.index % 2 == 1
                {
                    let llr = t.llr_pentanomial(&report.pairs);
                    let (lower, upper) = t.bounds();
                    let result = t.decide(llr);
                    report.sprt = Some(SprtState { llr, lower, upper, result });
                    if result != SprtResult::Continue {
                        stopped = true;
                    }
                }
                if !on_game(&r, &report) {
                    stopped = true;
                }
                if stopped {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        report.uncounted += waiting.len();
    });
    report.incidents.sort();
    Ok(report)
}
