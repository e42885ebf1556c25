//! The variant rules library from outside: perft suites, findings, SAN, round trips.

mod codes;
mod findings;
mod perft;
mod play;
mod shakmaty_oracle;
