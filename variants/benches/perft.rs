//! Variant perft against standard perft (filled in below).

fn main() {}
