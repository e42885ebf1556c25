//! The top level of the command line: the argument parser, the global flags, and how a
//! command's end becomes the exit status.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{ColorChoice, Parser};

use crate::commands::Command;
use crate::context::{Failure, Global, Status};

const AFTER_HELP: &str = "\
Examples:
  fenkit check fixtures/                      lint every position file under fixtures/
  fenkit check --output-format github .       the same, as GitHub workflow annotations
  fenkit fmt --check .                        list files that are not in canonical form
  fenkit fmt positions.dfen                   rewrite a file into canonical form, in place
  fenkit convert --to json games.dfen         one JSON document per position
  fenkit diff old.dfen new.dfen               a field-by-field diff of two files
  echo '8/8/8/8/8/8/8/8 w - - 0 1' | fenkit parse
  fenkit convert --variant crazyhouse --dialect stockfish --to-dialect lichess zh.fen
                                              crazyhouse FENs from Stockfish's form to lichess's

Exit status: 0 when clean, 1 when there are findings (or differences), 2 on usage or I/O errors.";

/// Lint, format, convert and diff chess notation: FEN, EPD, Chess960, variant FENs, DFEN and
/// FEN4, in files, PGN, CSV and JSON Lines.
#[derive(Debug, Parser)]
#[command(name = "fenkit", version, about, after_help = AFTER_HELP, max_term_width = 100)]
pub(crate) struct Cli {
    /// When to use colour: auto (a terminal without NO_COLOR), always or never
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: ColorChoice,

    /// Also say what was decided on the way (threads, notations, skipped files), as `note:`
    /// lines on stderr
    #[arg(long, short, global = true)]
    verbose: bool,

    #[command(subcommand)]
    command: Command,
}

/// Runs `fenkit` with the process arguments and returns its exit code.
pub fn main() -> ExitCode {
    ExitCode::from(run(std::env::args_os()))
}

/// Runs `fenkit` with `args` (the first is the program's name, as in `std::env::args_os`)
/// and returns its exit status: 0 clean, 1 findings or differences, 2 usage or I/O errors.
///
/// This is [`main`] for a host that has its own process arguments: the Python package's
/// `fenkit` command passes `sys.argv` here. It reads and writes the process's standard
/// streams as the binary does, and flushes standard output before it returns.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let status = run_cli(args);
    // A binary's runtime flushes `io::stdout` at exit; a host process may not.
    let _ = io::stdout().flush();
    status
}

fn run_cli<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() { 2 } else { 0 };
        }
    };
    let choice = match cli.color {
        ColorChoice::Auto => anstream::ColorChoice::Auto,
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
    let global = Global::new(cli.verbose, command);
    let status = match cli.command.run(&global) {
        Ok(status) => status,
        // The reader went away on purpose (`fenkit check … | head`): say nothing, but the run
        // did not finish, so it cannot pass as clean; exit 2, as an unwritable output does.
        Err(Failure::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => Status::Error,
        Err(Failure::Io(error)) => {
            global.error(format_args!(
                "cannot write output: {}",
                crate::input::describe(&error)
            ));
            Status::Error
        }
        Err(Failure::Usage(message) | Failure::Stopped(message)) => {
            global.error(message);
            Status::Error
        }
        Err(Failure::UsageHint(message, hint)) => {
            global.error(message);
            global.hint(hint);
            Status::Error
        }
        Err(Failure::Config(error)) => {
            let colored =
                anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never;
            let _ = writeln!(global.stderr(), "{}", error.render(colored));
            Status::Error
        }
    };
    match status {
        Status::Clean => 0,
        Status::Findings => 1,
        Status::Error => 2,
    }
}

/// The clap command, for completions and help tests.
pub(crate) fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}
