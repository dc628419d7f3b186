//! The engine at a fixed depth against the 1976 program (one ply over the
//! 1976 table), from varied openings: each opening is a few random moves,
//! played twice with colours swapped.
//!
//! `cargo run --release -p spielbaum-muehle --example match_1976 -- [pairs] [depth] [random plies]`

use spielbaum_game_trait::{
    Agent, AgentLimits, Ending, Game, History, Outcome, Player, RandomAgent, play_game,
};
use spielbaum_muehle::{Position, engine};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let pairs = args.next().flatten().unwrap_or(50);
    let depth = args.next().flatten().unwrap_or(4) as u32;
    let random_plies = args.next().flatten().unwrap_or(4) as usize;
    let (mut wins, mut draws, mut losses, mut limit) = (0, 0, 0, 0);
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
            let mut strong = engine::engine(16);
            let mut old = engine::program_1976();
            let agents: [&mut dyn Agent<Position>; 2] =
                if engine_first { [&mut strong, &mut old] } else { [&mut old, &mut strong] };
            let (_game, ending) = play_game(agents, start, &AgentLimits::depth(depth), 600);
            let engine_side = if engine_first { start.to_move() } else { start.to_move().other() };
            match ending {
                Ending::Finished(Outcome::Win(p)) if p == engine_side => wins += 1,
                Ending::Finished(Outcome::Win(_)) => losses += 1,
                Ending::Finished(_) => draws += 1,
                Ending::PlyLimit => limit += 1,
                Ending::Fault { agent, error } => eprintln!("fault of agent {agent}: {error}"),
            }
        }
    }
    let _ = Player::FIRST;
    println!(
        "engine depth {depth} vs 1976 program, {} games ({pairs} openings of {random_plies} random plies, both colours): \
         {wins} wins, {draws} draws, {losses} losses, {limit} unfinished after 600 plies",
        2 * pairs
    );
}
