//! Integration tests of the `dfen` crate: table-driven cases, the spec's code examples with
//! snapshots of every message, property tests and the differential test against shakmaty.

mod cases;
mod differential;
mod engine;
mod properties;
mod robustness;
mod spec_codes;
#[path = "../support/strategies.rs"]
mod strategies;
mod variants;
