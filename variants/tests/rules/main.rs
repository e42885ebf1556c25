//! The variant rules library from outside: perft suites, findings, SAN, round trips.

mod findings;
mod perft;
mod play;
