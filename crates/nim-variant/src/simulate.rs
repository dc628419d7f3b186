//! Playouts between two players (the text's `playout()`), many games from a
//! start set, win rates with confidence intervals, seeded.

use core::ops::RangeInclusive;

use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Game, History, NotationError, Outcome, Player, SplitMix64,
};

use crate::game::{SubtractionGame, Subtractions};
use crate::players::Oracle;

/// The numbers of one game: the start number, then every number produced,
/// the last one 0 or negative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    /// The rules played.
    pub rules: Subtractions,
    /// Start number first, then each number produced.
    pub numbers: Vec<i64>,
}

impl Course {
    /// The winner: player A (first) or B (second). `None` while the
    /// course does not end at 0 or below.
    pub fn winner(&self) -> Option<Player> {
        winner_of(&self.numbers)
    }

    /// The colour of each move, as the text's Figure 5 draws its edges.
    pub fn edge_colours(&self, oracle: &Oracle) -> Vec<EdgeColour> {
        self.numbers.windows(2).map(|w| EdgeColour::of(oracle, w[0], w[1])).collect()
    }
}

/// The winner of a course given as its numbers (see [`Course::winner`]).
fn winner_of(numbers: &[i64]) -> Option<Player> {
    let last = *numbers.last()?;
    let moves = numbers.len() - 1;
    if moves == 0 || last > 0 {
        return None;
    }
    // The last move was made by A when the number of moves is odd.
    let last_mover = if moves % 2 == 1 { Player::FIRST } else { Player::SECOND };
    Some(if last == 0 { last_mover } else { last_mover.other() })
}

/// How a move is drawn in the game-course picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeColour {
    /// A win was possible and the winning move was taken.
    Red,
    /// A win was possible and given away.
    Blue,
    /// No win was possible.
    Black,
}

impl EdgeColour {
    /// The colour of the move from `from` to `to`.
    pub fn of(oracle: &Oracle, from: i64, to: i64) -> EdgeColour {
        if oracle.is_red(from) {
            EdgeColour::Black
        } else if oracle.is_red(to) {
            EdgeColour::Red
        } else {
            EdgeColour::Blue
        }
    }

    /// The colour's name (SVG and DOT understand it).
    pub fn name(self) -> &'static str {
        match self {
            EdgeColour::Red => "red",
            EdgeColour::Blue => "blue",
            EdgeColour::Black => "black",
        }
    }
}

/// Plays one game from `n`: `a` moves first (player A), `b` second. An
/// agent that gives no move or an illegal one ends the game with an error
/// naming it.
pub fn playout<A, B>(start: &SubtractionGame, a: &mut A, b: &mut B) -> Result<Course, AgentError>
where
    A: Agent<SubtractionGame> + ?Sized,
    B: Agent<SubtractionGame> + ?Sized,
{
    let mut numbers = Vec::new();
    playout_into(start, a, b, &mut numbers)?;
    Ok(Course { rules: *start.rules(), numbers })
}

/// [`playout`] into a caller-owned buffer (cleared first), so that many
/// games reuse one allocation.
pub fn playout_into<A, B>(
    start: &SubtractionGame,
    a: &mut A,
    b: &mut B,
    numbers: &mut Vec<i64>,
) -> Result<(), AgentError>
where
    A: Agent<SubtractionGame> + ?Sized,
    B: Agent<SubtractionGame> + ?Sized,
{
    let mut game = History::new(*start);
    a.new_game(start);
    b.new_game(start);
    numbers.clear();
    numbers.push(start.number());
    while game.outcome().is_none() {
        let first = game.position().to_move() == Player::FIRST;
        let chosen = if first {
            a.choose(&game, &AgentLimits::NONE)
        } else {
            b.choose(&game, &AgentLimits::NONE)
        };
        let before = *game.position();
        let played = chosen.and_then(|d| game.try_play(d.mv).map(|()| d.mv));
        let d = played.map_err(|e| {
            let (side, name) = if first { ("A", a.name()) } else { ("B", b.name()) };
            AgentError::Failed(format!("player {side} ({name}): {e}"))
        })?;
        a.played(&before, d);
        b.played(&before, d);
        numbers.push(game.position().number());
    }
    debug_assert!(matches!(game.outcome(), Some(Outcome::Win(_))));
    Ok(())
}

/// What [`simulate`] plays.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The rules.
    pub rules: Subtractions,
    /// Start numbers, drawn uniformly per game (the text: 20..=50).
    pub starts: RangeInclusive<u64>,
    /// Number of games.
    pub games: u64,
    /// Seed of the start numbers' generator (the players draw from seeds
    /// of their own).
    pub seed: u64,
}

impl SimConfig {
    /// The text's setting: S = {3, 5, 11}, starts 20..=50, 1000 games,
    /// seed 1.
    pub fn classic() -> Self {
        SimConfig { rules: Subtractions::CLASSIC, starts: 20..=50, games: 1000, seed: 1 }
    }
}

/// Wins of player A out of a number of games, with a confidence interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won by player A (the first player).
    pub wins_a: u64,
}

impl Tally {
    /// A's win rate (0 when no game was played).
    pub fn rate(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.wins_a as f64 / self.games as f64 }
    }

    /// The 95 % Wilson score interval of A's win rate.
    pub fn wilson95(&self) -> (f64, f64) {
        wilson(self.wins_a, self.games, 1.959_963_984_540_054)
    }
}

/// The Wilson score interval for `k` successes in `n` trials at normal
/// quantile `z` (`(0, 1)` for `n == 0`).
pub fn wilson(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The result of [`simulate`].
#[derive(Clone, Debug, PartialEq)]
pub struct SimResult {
    /// Name of player A (moves first).
    pub a: String,
    /// Name of player B.
    pub b: String,
    /// All games.
    pub all: Tally,
    /// Games whose start number is blue (A can force the win).
    pub from_blue: Tally,
    /// Games whose start number is red (B can force the win).
    pub from_red: Tally,
    /// Moves made in all games together.
    pub moves: u64,
    /// Moves that gave a forced win away (blue edges), by player A and B.
    pub blunders: [u64; 2],
    /// The first game played (for the course picture).
    pub first: Option<Course>,
}

/// Plays `config.games` games of `a` (moving first) against `b`, each
/// from a start number drawn uniformly from `config.starts`. `progress` is
/// called after each game with the number of games done and may return
/// `false` to stop early (the result then covers the games played).
pub fn simulate<A, B>(
    a: &mut A,
    b: &mut B,
    config: &SimConfig,
    mut progress: impl FnMut(u64) -> bool,
) -> Result<SimResult, NotationError>
where
    A: Agent<SubtractionGame> + ?Sized,
    B: Agent<SubtractionGame> + ?Sized,
{
    let (lo, hi) = (*config.starts.start(), *config.starts.end());
    if lo == 0 || lo > hi {
        return Err(NotationError::option(
            format!("{lo}..={hi}"),
            "the start set must be a non-empty range of positive numbers",
        ));
    }
    // Validate the top of the range once (start numbers up to MAX_NUMBER).
    SubtractionGame::with_rules(hi, config.rules)?;
    let oracle = Oracle::new(&config.rules)?;
    let mut rng = SplitMix64::new(config.seed);
    let mut result = SimResult {
        a: a.name(),
        b: b.name(),
        all: Tally::default(),
        from_blue: Tally::default(),
        from_red: Tally::default(),
        moves: 0,
        blunders: [0, 0],
        first: None,
    };
    let mut numbers = Vec::new();
    for done in 1..=config.games {
        let n = lo + (rng.below((hi - lo + 1) as usize) as u64);
        let start = SubtractionGame::with_rules(n, config.rules)?;
        playout_into(&start, a, b, &mut numbers)
            .map_err(|e| NotationError::option(format!("game {done} from {n}"), e.to_string()))?;
        let a_won = winner_of(&numbers) == Some(Player::FIRST);
        let tally =
            if oracle.is_red(n as i64) { &mut result.from_red } else { &mut result.from_blue };
        for t in [tally, &mut result.all] {
            t.games += 1;
            t.wins_a += u64::from(a_won);
        }
        for (i, w) in numbers.windows(2).enumerate() {
            if EdgeColour::of(&oracle, w[0], w[1]) == EdgeColour::Blue {
                result.blunders[i % 2] += 1;
            }
        }
        result.moves += numbers.len() as u64 - 1;
        if result.first.is_none() {
            result.first = Some(Course { rules: config.rules, numbers: numbers.clone() });
        }
        if !progress(done) {
            break;
        }
    }
    Ok(result)
}
