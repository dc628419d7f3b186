//! Benches (filled in below).
fn main() {}
