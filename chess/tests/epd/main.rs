//! Integration tests of EPD (`chess::epd`), SAN (`chess::san`) and standard chess
//! (`chess::standard`): the spec's code examples with snapshots of every message, table-driven
//! cases, property tests, the SAN differential test against shakmaty, and perft counts.

mod cases;
mod differential;
mod properties;
mod spec_codes;
#[path = "../../../dfen/tests/support/strategies.rs"]
mod strategies;
