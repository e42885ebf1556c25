//! `fenkit`: lint, format, convert, diff and snapshot DFEN and FEN4 position files.
//!
//! This is the library half of the `fenkit` binary. Its one public module, [`report`], builds
//! the golden report of a position file that both `fenkit snapshot check` and the workspace
//! tests compare against the same insta `.snap` files. Everything else is the command line,
//! reached through [`main`].

mod cli;
mod commands;
mod diag;
mod duplicates;
mod input;
mod notation;
mod options;
mod output;
mod parity;
mod progress;
pub mod report;
mod scan;
mod walk;
mod write;

pub use cli::main;
