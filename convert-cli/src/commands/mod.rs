//! The subcommands of `fenkit`.
//!
//! # Convention: one subcommand, one module
//!
//! Every subcommand lives in `commands/<name>.rs` and exposes exactly two items:
//!
//! - `pub(crate) struct Args`: a `clap::Args` derive. Its doc comments are the `--help` text; put
//!   worked examples in an `after_help` (see `check.rs`). Turn the raw flags into a checked
//!   settings struct at the top of `run` before doing any work.
//! - `pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure>`: does the job.
//!   Write results through `global.stdout()`, diagnostics about the run (I/O errors, summaries)
//!   through `global.stderr()`. Return `Status::Clean` (exit 0), `Status::Findings` (exit 1) or
//!   `Status::Error` (exit 2, usage or I/O problems); a broken pipe is turned into a quiet exit 2
//!   by the caller, so just propagate `io::Error`s with `?`.
//!
//! To add a subcommand: create the module, add `mod <name>;` below, one variant to [`Command`]
//! (its doc comment is the one-line summary in `fenkit --help`) and one arm in [`Command::run`].

use crate::context::{Failure, Global, Status};

mod check;
mod completions;
mod convert;
mod dedupe;
mod diff;
mod fmt;
mod moves;
mod parity;
mod parse;
mod perft;
mod pgn_convert;
mod pgn_games;
mod play;
mod roll;
mod show;
mod snapshot;
mod suite;
mod turns;

/// Every subcommand of `fenkit`.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Lint position files and report every finding (the CI linter)
    Check(check::Args),
    /// Rewrite position files into canonical form, in place
    #[command(visible_alias = "normalize")]
    Fmt(fmt::Args),
    /// Convert between notations, line by line
    Convert(convert::Args),
    /// Show a semantic, field-by-field diff of two positions or position files
    Diff(diff::Args),
    /// Compare (or update) golden reports of position files against insta `.snap` files
    Snapshot(snapshot::Args),
    /// Draw a position as a diagram in the terminal
    Show(show::Args),
    /// Parse positions from stdin and answer in the adapter protocol (for parity runners)
    Parse(parse::Args),
    /// Find repeated positions across files; with --write, keep only the first of each
    Dedupe(dedupe::Args),
    /// Check a parser in any language against the conformance suite, through an adapter
    Parity(parity::Args),
    /// List the conformance suite's cases, or copy the suite out for vendoring
    Suite(suite::Args),
    /// List the legal first micro-moves of a Dice Chess position with pending dice
    Moves(moves::Args),
    /// Apply Dice Chess micro-moves (and rolls) one at a time, with full validation
    Play(play::Args),
    /// List every complete legal turn of a Dice Chess position with pending dice
    Turns(turns::Args),
    /// Set the dice of a fresh Dice Chess turn
    Roll(roll::Args),
    /// Count move-tree nodes: standard chess, one die per ply, or full Dice Chess turns
    Perft(perft::Args),
    /// Print a shell completion script
    Completions(completions::Args),
}

impl Command {
    /// Runs the selected subcommand.
    pub(crate) fn run(self, global: &Global) -> Result<Status, Failure> {
        match self {
            Command::Check(args) => check::run(args, global),
            Command::Fmt(args) => fmt::run(args, global),
            Command::Convert(args) => convert::run(args, global),
            Command::Diff(args) => diff::run(args, global),
            Command::Snapshot(args) => snapshot::run(args, global),
            Command::Show(args) => show::run(args, global),
            Command::Parse(args) => parse::run(args, global),
            Command::Dedupe(args) => dedupe::run(args, global),
            Command::Parity(args) => parity::run(args, global),
            Command::Suite(args) => suite::run(args, global),
            Command::Moves(args) => moves::run(args, global),
            Command::Play(args) => play::run(args, global),
            Command::Turns(args) => turns::run(args, global),
            Command::Roll(args) => roll::run(args, global),
            Command::Perft(args) => perft::run(args, global),
            Command::Completions(args) => completions::run(args, global),
        }
    }
}
