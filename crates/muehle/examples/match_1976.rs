//! An engine against the 1976 program (one ply over the 1976 table), from
//! varied openings: each opening is a few random moves, played twice with
//! colours swapped.
//!
//! `cargo run --release -p spielbaum-muehle --example match_1976 -- [pairs] [limit] [random plies] [engine|negamax]`
//!
//! `limit` is a depth (`6`), a time per move (`100ms`) or nodes (`200000n`).

use std::time::Duration;

use spielbaum_game_trait::{
    Agent, AgentLimits, Ending, Game, History, Outcome, RandomAgent, play_game,
};
use spielbaum_muehle::{Position, engine};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pairs: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(50);
    let limit = args.get(1).map_or("4", String::as_str);
    let limits = if let Some(ms) = limit.strip_suffix("ms") {
        AgentLimits::time(Duration::from_millis(ms.parse().expect("milliseconds")))
    } else if let Some(n) = limit.strip_suffix('n') {
        AgentLimits::nodes(n.parse().expect("nodes"))
    } else {
        AgentLimits::depth(limit.parse().expect("depth"))
    };
    let random_plies: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let which = args.get(3).map_or("engine", String::as_str);
    let (mut wins, mut draws, mut losses, mut limit_reached) = (0, 0, 0, 0);
    for pair in 0..pairs {
        // The opening: `random_plies` random moves.
        let mut opening = History::new(Position::nine());
        let mut rng = RandomAgent::new(pair);
        for _ in 0..random_plies {
            let d = rng.choose(&opening, &AgentLimits::NONE).expect("a move");
            opening.try_play(d.mv).expect("legal");
        }
        let start = *opening.position();
        for engine_first in [true, false] {
            let mut strong: Box<dyn Agent<Position>> = if which == "negamax" {
                Box::new(engine::engine(16))
            } else {
                Box::new(engine::strong(16))
            };
            let mut old = engine::program_1976();
            // The 1976 program needs no limit; the engine gets `limits`.
            let mut strong = spielbaum_game_trait::Limited::new(&mut strong, limits);
            let agents: [&mut dyn Agent<Position>; 2] =
                if engine_first { [&mut strong, &mut old] } else { [&mut old, &mut strong] };
            let (_game, ending) = play_game(agents, start, &AgentLimits::NONE, 600);
            let engine_side = if engine_first { start.to_move() } else { start.to_move().other() };
            match ending {
                Ending::Finished(Outcome::Win(p)) if p == engine_side => wins += 1,
                Ending::Finished(Outcome::Win(_)) => losses += 1,
                Ending::Finished(_) => draws += 1,
                Ending::PlyLimit => limit_reached += 1,
                Ending::Fault { agent, error } => eprintln!("fault of agent {agent}: {error}"),
            }
        }
    }
    println!(
        "{which} {limit} vs 1976 program, {} games ({pairs} openings of {random_plies} random plies, both colours): \
         {wins} wins, {draws} draws, {losses} losses, {limit_reached} unfinished after 600 plies",
        2 * pairs
    );
}
