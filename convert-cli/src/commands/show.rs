//! `fenkit show`.

use crate::cli::{Failure, Global, Status};

/// TODO
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: Args, _global: &Global) -> Result<Status, Failure> {
    Ok(Status::Clean)
}
