//! One module per subcommand: each has `Args` and `run`.

pub mod agents;
pub mod arena_match;
pub mod games;
pub mod golf;
pub mod gomocup;
pub mod mcts;
pub mod muehle;
pub mod nim_variant;
pub mod peg;
pub mod perft;
pub mod play;
pub mod replay;
pub mod search;
pub mod solve;
pub mod uci;
