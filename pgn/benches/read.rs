//! The reader benchmark (written below).
fn main() {}
