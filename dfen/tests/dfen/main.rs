//! Integration tests of the `dfen` crate: table-driven cases, the reference engine's literals,
//! property tests and the differential test against shakmaty (the spec's code examples are
//! checked in `chess/tests/variant`, beside the variant FENs some of them need).

mod cases;
mod differential;
mod engine;
mod properties;
mod robustness;
#[path = "../support/strategies.rs"]
mod strategies;
