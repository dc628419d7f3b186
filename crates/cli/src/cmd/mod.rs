//! One module per subcommand: each has `Args` and `run`.

pub mod games;
pub mod perft;
