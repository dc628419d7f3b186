//! Shared helpers for spielbaum's cross-crate benchmarks (this package is
//! not published). The benchmarks themselves are in `benches/benches/`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod minimax_peer;
pub mod negamax_peer;
