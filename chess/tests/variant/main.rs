//! Integration tests of the variant FENs (`chess::variant`), and of every code of `dfen`'s
//! table against its example in the specs: some of those examples are variant FENs, which only
//! this crate reads.

mod spec_codes;
#[path = "../../../dfen/tests/support/strategies.rs"]
mod strategies;
mod variants;
