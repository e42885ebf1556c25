//! What every command runs with and ends with: the global settings and standard streams
//! ([`Global`]), how it ended ([`Status`]) and why it stopped early ([`Failure`]). The command
//! line (`crate::cli`) turns these into an exit status; commands and shared modules use them
//! without knowing the parser.

use std::io::{self, IsTerminal, Write};

/// Standard output as [`Global::stdout`] returns it.
pub(crate) type Stdout = anstream::AutoStream<Box<dyn Write>>;

/// The buffer of [`Global::stdout`] when it is not a terminal.
const STDOUT_BUFFER: usize = 64 * 1024;

/// Settings shared by every subcommand.
#[derive(Debug)]
pub(crate) struct Global {
    /// `--verbose`: [`Global::note`] prints.
    verbose: bool,
    /// The whole command line's definition, for completion scripts.
    command: fn() -> clap::Command,
}

impl Global {
    /// The settings of a run: `verbose` is `--verbose`; `command` makes the command line's
    /// definition.
    pub(crate) fn new(verbose: bool, command: fn() -> clap::Command) -> Global {
        Global { verbose, command }
    }

    /// The command line's definition (every subcommand and flag), for completion scripts.
    pub(crate) fn command(&self) -> clap::Command {
        (self.command)()
    }

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

    /// Prints `note: MESSAGE` on stderr whatever the verbosity: a remark about how an input is
    /// read that is not a finding and changes no exit status.
    pub(crate) fn notice(&self, message: impl std::fmt::Display) {
        let style = anstyle::AnsiColor::BrightCyan.on_default().bold();
        let _ = writeln!(self.stderr(), "{style}note{style:#}: {message}");
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
