//! Self-play at a fixed depth: the engine with staged move picking (the
//! table's move searched before the moves are generated) against the same
//! engine without it, from seeded random openings, each opening played
//! once with each colour. Both search the same depth, so only the move
//! order differs; the result says whether staging costs strength.
//!
//! `cargo run --release -p spielbaum-muehle --example staged -- [pairs] [depth] [seed]`

use std::io::Write;

use spielbaum_game_trait::{
    Agent, AgentLimits, Ending, Game, MoveList, Outcome, Player, SplitMix64, play_game,
};
use spielbaum_muehle::{EngineConfig, MillEngine, Position};

/// Random plies before the engines take over.
const OPENING_PLIES: usize = 4;

/// Games longer than this count as draws.
const MAX_PLIES: usize = 400;

const USAGE: &str = "usage: staged [pairs] [depth] [seed] (whole numbers; depth 1 to 60)";

fn main() {
    let mut numbers = Vec::new();
    for (name, arg) in ["pairs", "depth", "seed"].into_iter().zip(std::env::args().skip(1)) {
        match arg.parse::<u64>() {
            Ok(n) => numbers.push(n),
            Err(_) => {
                eprintln!("staged: {name} must be a whole number, not {arg:?}\n{USAGE}");
                std::process::exit(2);
            }
        }
    }
    if std::env::args().count() > 4 {
        eprintln!("staged: too many arguments\n{USAGE}");
        std::process::exit(2);
    }
    let mut args = numbers.into_iter();
    let pairs = args.next().unwrap_or(50);
    let depth = args.next().unwrap_or(6);
    let seed = args.next().unwrap_or(1);
    let depth = match u32::try_from(depth) {
        Ok(d @ 1..=60) => d,
        _ => {
            eprintln!("staged: depth {depth} is not between 1 and 60\n{USAGE}");
            std::process::exit(2);
        }
    };
    // Output errors never panic: a closed pipe (`| head`) ends the run
    // quietly, any other (a full disk) with a message and status 1.
    let code = match run(&mut std::io::stdout().lock(), pairs, depth, seed) {
        Ok(()) => 0,
        Err(Failure::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(Failure::Output(e)) => {
            eprintln!("staged: cannot write the output: {e}");
            1
        }
        Err(Failure::Agent(msg)) => {
            eprintln!("staged: {msg}");
            1
        }
    };
    std::process::exit(code);
}

/// Why a run stopped early.
enum Failure {
    Output(std::io::Error),
    Agent(String),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Output(e)
    }
}

fn run(out: &mut impl Write, pairs: u64, depth: u32, seed: u64) -> Result<(), Failure> {
    let mut rng = SplitMix64::new(seed);
    let engine = |staged| MillEngine::new(EngineConfig { staged, ..Default::default() });
    let (mut staged, mut plain) = (engine(true), engine(false));
    let limits = AgentLimits::depth(depth);
    // Wins, draws and losses of the staged engine.
    let mut wdl = [0u32; 3];
    for _ in 0..pairs {
        let start = opening(&mut rng);
        for staged_first in [true, false] {
            let agents: [&mut dyn Agent<Position>; 2] =
                if staged_first { [&mut staged, &mut plain] } else { [&mut plain, &mut staged] };
            let first = start.to_move();
            let (_, ending) = play_game(agents, start, &limits, MAX_PLIES);
            let result = match ending {
                Ending::Finished(Outcome::Win(p)) if (p == first) == staged_first => 0,
                Ending::Finished(Outcome::Win(_)) => 2,
                Ending::Fault { agent, error } => {
                    return Err(Failure::Agent(format!("agent {agent} failed: {error:?}")));
                }
                _ => 1,
            };
            wdl[result] += 1;
        }
    }
    let games = 2 * pairs;
    let score = (f64::from(wdl[0]) + 0.5 * f64::from(wdl[1])) / games as f64;
    writeln!(
        out,
        "staged against plain, depth {depth}, {games} games (seed {seed}): {} wins, {} draws, {} losses, score {:.1} %",
        wdl[0],
        wdl[1],
        wdl[2],
        100.0 * score
    )?;
    out.flush()?;
    Ok(())
}

/// The start after [`OPENING_PLIES`] random moves that leave the game
/// going.
fn opening(rng: &mut SplitMix64) -> Position {
    'again: loop {
        let mut pos = Position::nine();
        let mut moves = MoveList::new();
        for _ in 0..OPENING_PLIES {
            moves.clear();
            pos.moves(&mut moves);
            if moves.is_empty() {
                continue 'again;
            }
            pos.play(moves[rng.below(moves.len())]);
            if pos.outcome().is_some() {
                continue 'again;
            }
        }
        assert_eq!(pos.to_move(), Player::FIRST, "an even number of plies");
        return pos;
    }
}
