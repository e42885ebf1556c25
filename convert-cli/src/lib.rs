//! `fenkit`: lint, format, convert, diff and snapshot DFEN and FEN4 position files.
//!
//! This is the library half of the `fenkit` binary. Its one public module, [`report`], builds
//! the golden report of a position file that both `fenkit snapshot check` and the workspace
//! tests compare against the same insta `.snap` files. Everything else is the command line,
//! reached through [`main`].

// Panic hygiene: no input may make `fenkit` panic. Outside tests, `unwrap`, `expect` and
// `panic!`-like macros are denied. Indexing is not: the command line indexes its own buffers
// only at positions found in them (a newline, a UTF-8 error, a diff range) or checked against
// their length; the hostile-input tests (`tests/hostile.rs`) cover what input can reach.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

mod cli;
mod code;
mod commands;
mod diag;
mod duplicates;
mod input;
mod notation;
mod options;
mod output;
mod parity;
mod pipeline;
mod progress;
pub mod report;
mod scan;
mod walk;
mod write;

pub use cli::main;
