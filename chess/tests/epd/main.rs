//! Integration tests of EPD (`dfen::epd`), SAN (`dfen::san`) and standard chess
//! (`dfen::chess`): the spec's code examples with snapshots of every message, table-driven
//! cases, property tests, the SAN differential test against shakmaty, and perft counts.

mod cases;
mod differential;
mod properties;
mod spec_codes;
#[path = "../support/strategies.rs"]
mod strategies;
