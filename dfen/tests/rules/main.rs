//! Integration tests of the Dice Chess rules engine (`dfen::rules`).

mod cases;
mod chess960;
mod perft;
mod properties;
mod reference;
mod robustness;
#[path = "../support/strategies.rs"]
mod strategies;
mod turns;

use dfen::Dfen;

/// Parses a DFEN that the test knows to be valid.
#[track_caller]
pub(crate) fn dfen(text: &str) -> Dfen {
    match text.parse() {
        Ok(position) => position,
        Err(err) => panic!("test position {text:?} does not parse: {err}"),
    }
}
