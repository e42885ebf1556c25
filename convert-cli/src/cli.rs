//! The top level of the command line: global flags, exit statuses and error plumbing.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{ColorChoice, Parser};

use crate::commands::Command;

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

/// Lint, format, convert, diff and check parity of DFEN and FEN4 position files.
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

/// Standard output as [`Global::stdout`] returns it.
pub(crate) type Stdout = anstream::AutoStream<Box<dyn Write>>;

/// The buffer of [`Global::stdout`] when it is not a terminal.
const STDOUT_BUFFER: usize = 64 * 1024;

/// Settings shared by every subcommand.
#[derive(Debug)]
pub(crate) struct Global {
    /// `--verbose`: [`Global::note`] prints.
    verbose: bool,
}

impl Global {
    /// Standard output for results. It strips colour when it is not a terminal or NO_COLOR is
    /// set. When it is not a terminal it is buffered beneath the colour stripping, so that a
    /// long result (a diff or a conversion of a million lines) costs one write call per
    /// [`STDOUT_BUFFER`] bytes rather than one or more per line. On a terminal lines appear as
    /// they are written. Call `flush` at the end, so that a failed write (a full disk) is
    /// reported rather than lost on drop.
    pub(crate) fn stdout(&self) -> Stdout {
        let stdout = io::stdout();
        // Decided on the real stream: the boxed writer below cannot tell a terminal.
        let choice = anstream::AutoStream::choice(&stdout);
        let raw: Box<dyn Write> = if stdout.is_terminal() {
            Box::new(stdout.lock())
        } else {
            Box::new(io::BufWriter::with_capacity(STDOUT_BUFFER, stdout.lock()))
        };
        anstream::AutoStream::new(raw, choice)
    }

    /// Standard output for data (converted positions): written exactly as given, never
    /// touched by colour handling (a comment line passed through keeps every byte), and
    /// buffered like [`Global::stdout`] when it is not a terminal. Call `flush` at the end.
    pub(crate) fn data_stdout(&self) -> io::BufWriter<io::StdoutLock<'static>> {
        let stdout = io::stdout();
        let capacity = if stdout.is_terminal() {
            0
        } else {
            STDOUT_BUFFER
        };
        io::BufWriter::with_capacity(capacity, stdout.lock())
    }

    /// Standard error, like [`Global::stdout`].
    pub(crate) fn stderr(&self) -> anstream::AutoStream<io::StderrLock<'static>> {
        anstream::AutoStream::auto(io::stderr().lock())
    }

    /// Whether styled output on stdout will keep its colours.
    pub(crate) fn stdout_colored(&self) -> bool {
        anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
    }

    /// Prints `error: MESSAGE` on stderr (the run goes on; the caller records exit status 2).
    pub(crate) fn error(&self, message: impl std::fmt::Display) {
        let style = anstyle::AnsiColor::BrightRed.on_default().bold();
        let _ = writeln!(self.stderr(), "{style}error{style:#}: {message}");
    }

    /// Prints `note: MESSAGE` on stderr under `--verbose`, and nothing otherwise.
    pub(crate) fn note(&self, message: impl std::fmt::Display) {
        if self.verbose {
            let style = anstyle::AnsiColor::BrightCyan.on_default().bold();
            let _ = writeln!(self.stderr(), "{style}note{style:#}: {message}");
        }
    }

    /// Prints `hint: MESSAGE` on stderr: a suggestion about how the run was asked for.
    pub(crate) fn hint(&self, message: impl std::fmt::Display) {
        let style = anstyle::AnsiColor::BrightCyan.on_default().bold();
        let _ = writeln!(self.stderr(), "{style}hint{style:#}: {message}");
    }

    /// Prints `warning: MESSAGE` on stderr.
    pub(crate) fn warning(&self, message: impl std::fmt::Display) {
        let style = anstyle::AnsiColor::BrightYellow.on_default().bold();
        let _ = writeln!(self.stderr(), "{style}warning{style:#}: {message}");
    }
}

/// How a subcommand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    /// Nothing to report: exit 0.
    Clean,
    /// Findings at a failing severity, files that would change, or differences: exit 1.
    Findings,
    /// A usage or I/O error happened somewhere: exit 2.
    Error,
}

impl Status {
    /// The worse of two statuses.
    pub(crate) fn worst(self, other: Status) -> Status {
        self.max(other)
    }
}

/// Why a subcommand stopped early.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Writing our own output failed (a closed pipe ends the run quietly, with exit 2).
    Io(io::Error),
    /// The arguments make no sense together; the message says why.
    Usage(String),
    /// As [`Failure::Usage`], with a `hint:` line that says what to do instead.
    UsageHint(String, String),
    /// The run cannot start (a resource it needs is missing); the message says why.
    Stopped(String),
    /// A configuration file cannot be used; the error points into it.
    Config(crate::config::ConfigError),
}

impl Failure {
    /// A usage error with a hint.
    pub(crate) fn hinted(message: String, hint: impl Into<String>) -> Failure {
        Failure::UsageHint(message, hint.into())
    }
}

impl From<crate::config::ConfigError> for Failure {
    fn from(error: crate::config::ConfigError) -> Self {
        Failure::Config(error)
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Io(error)
    }
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
    let global = Global {
        verbose: cli.verbose,
    };
    let status = match cli.command.run(&global) {
        Ok(status) => status,
        // The reader went away on purpose (`fenkit check … | head`): say nothing, but the run
        // did not finish, so it cannot pass as clean; exit 2, as an unwritable output does.
        Err(Failure::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => Status::Error,
        Err(Failure::Io(error)) => {
            global.error(format_args!(
                "cannot write output: {}",
                crate::walk::describe(&error)
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
