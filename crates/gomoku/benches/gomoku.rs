//! Criterion benches of the position's hot loops.
fn main() {}
