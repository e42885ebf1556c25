//! `fenkit completions`: shell completion scripts.

use std::io::Write;

use crate::context::{Failure, Global, Status};

const AFTER_HELP: &str = "\
Examples:
  fenkit completions bash > ~/.local/share/bash-completion/completions/fenkit
  fenkit completions zsh > ~/.zfunc/_fenkit
  fenkit completions fish > ~/.config/fish/completions/fenkit.fish";

/// Print a shell completion script on standard output.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The shell to complete for
    #[arg(value_name = "SHELL")]
    shell: clap_complete::Shell,
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let mut command = global.command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "fenkit", &mut script);
    let mut stdout = global.stdout();
    stdout.write_all(&script)?;
    stdout.flush()?;
    Ok(Status::Clean)
}
