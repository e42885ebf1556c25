//! What every command runs with and ends with: the global settings and standard streams
//! ([`Global`]), how it ended ([`Status`]) and why it stopped early ([`Failure`]). The command
//! line (`crate::cli`) turns these into an exit status; commands and shared modules use them
//! without knowing the parser.

use std::io::{self, IsTerminal, Write};

use crate::output::WritePrintable;

/// Standard output as [`Global::stdout`] returns it: styled text passed on as it is, or, when
/// colours are off, with escape sequences stripped as `anstream` strips them.
pub(crate) enum Stdout {
    /// Colours kept (or converted for a Windows console) by `anstream`.
    Styled(anstream::AutoStream<Box<dyn Write>>),
    /// Colours off: see [`Plain`].
    Plain(Plain),
}

/// A stream that strips escape sequences byte for byte as `anstream`'s stripping does, but
/// hands a chunk that holds only printable ASCII and ASCII whitespace straight on while the
/// stripper is between sequences: such a chunk is exactly what stripping would write, and
/// scanning it for that costs far less than stripping it (a report of a finding a line is
/// almost all such chunks).
pub(crate) struct Plain<W: Write = Box<dyn Write>> {
    raw: W,
    /// Where the stripper stands (inside an escape sequence or a UTF-8 character, or not).
    state: anstream::adapter::StripBytes,
    /// Whether `state` is the stripper's state between sequences.
    settled: bool,
}

impl<W: Write> Plain<W> {
    pub(crate) fn new(raw: W) -> Plain<W> {
        Plain {
            raw,
            state: anstream::adapter::StripBytes::new(),
            settled: true,
        }
    }
}

/// Whether stripping leaves `bytes` as they are and its state where it was, from between
/// sequences: printable ASCII and the ASCII whitespace that stripping keeps.
/// Eight bytes are looked at at once: a word with no byte below a space, none at or above DEL,
/// holds only printable ASCII; any other word is looked at byte by byte.
fn plain_ascii(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let kept = |b: u8| b.wrapping_sub(b' ') < 0x5f || matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r');
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        let w = u64::from_ne_bytes(eight);
        // A byte below 0x20, or one of 0x7f and above, sets its high bit in one of these.
        let below = w.wrapping_sub(ONES * 0x20) & !w;
        let del = w.wrapping_add(ONES) | w;
        if (below | del) & HIGH != 0 && !word.iter().all(|&b| kept(b)) {
            return false;
        }
    }
    words.remainder().iter().all(|&b| kept(b))
}

impl<W: Write> Plain<W> {
    /// Writes `buf`, which the caller knows holds only printable ASCII and line feeds: handed
    /// straight on, unscanned, while the stripper is between sequences (what stripping would
    /// write of it is all of it), else stripped as any other write.
    fn write_printable(&mut self, buf: &[u8]) -> io::Result<()> {
        debug_assert!(plain_ascii(buf));
        if self.settled {
            return self.raw.write_all(buf);
        }
        self.write_all(buf)
    }
}

impl WritePrintable for Stdout {
    fn write_printable(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Stdout::Styled(stream) => stream.write_all(buf),
            Stdout::Plain(plain) => plain.write_printable(buf),
        }
    }
}

impl<W: Write> Write for Plain<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.settled && plain_ascii(buf) {
            return self.raw.write_all(buf);
        }
        for printable in self.state.strip_next(buf) {
            self.raw.write_all(printable)?;
        }
        self.settled = self.state == anstream::adapter::StripBytes::new();
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.raw.flush()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stdout::Styled(stream) => stream.write(buf),
            Stdout::Plain(plain) => plain.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Stdout::Styled(stream) => stream.write_all(buf),
            Stdout::Plain(plain) => plain.write_all(buf),
        }
    }

    fn write_fmt(&mut self, args: std::fmt::Arguments<'_>) -> io::Result<()> {
        match self {
            Stdout::Styled(stream) => stream.write_fmt(args),
            Stdout::Plain(plain) => plain.write_fmt(args),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stdout::Styled(stream) => stream.flush(),
            Stdout::Plain(plain) => plain.flush(),
        }
    }
}

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
        if choice == anstream::ColorChoice::Never {
            Stdout::Plain(Plain::new(raw))
        } else {
            Stdout::Styled(anstream::AutoStream::new(raw, choice))
        }
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

    /// Whether `--verbose` was given: [`Global::note`] prints.
    pub(crate) fn verbose(&self) -> bool {
        self.verbose
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

impl From<notation::settings::SettingError> for Failure {
    /// Settings that do not go together: a usage error with the library's fix.
    fn from(error: notation::settings::SettingError) -> Self {
        Failure::hinted(error.message, error.help)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Plain`] writes what `anstream`'s stripping writes, over random text (printable
    /// ASCII, whitespace, escape sequences, other control bytes, UTF-8 and broken UTF-8) cut
    /// into random writes, so that sequences and characters fall across writes.
    #[test]
    fn plain_strips_as_anstream_strips() {
        let mut rng = crate::rng::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = |below: usize| rng.below(below);
        let pieces: [&[u8]; 16] = [
            b"e4 ",
            b"error[EPD206]: `id` \"x\" is given again\n",
            b"  --> a.epd:3:4\n   |\n",
            b"\t",
            b"\r\n",
            b"\x1b[1;31m",
            b"\x1b[0m",
            b"\x1b]8;;http://x\x1b\\",
            b"\x1b",
            b"[",
            b"\x07\x00\x7f\x0c",
            "é字".as_bytes(),
            &[0xc3],
            &[0xa9, 0xe5],
            &[0x9b, 0x80, 0xff],
            b"0123456789 abcdefghijklmnop",
        ];
        let mut fast = 0usize;
        for _ in 0..2_000 {
            let mut text = Vec::new();
            for _ in 0..next(40) {
                text.extend_from_slice(pieces[next(pieces.len())]);
            }
            let mut plain = Plain::new(Vec::new());
            let mut stripped = anstream::StripStream::new(Vec::new());
            let mut rest = &text[..];
            while !rest.is_empty() {
                let (chunk, after) = rest.split_at(1 + next(rest.len().min(30)));
                fast += usize::from(plain.settled && plain_ascii(chunk));
                // Printable text handed on as such half the time: unscanned only while the
                // stripper is between sequences (a `[` after an escape is still stripped).
                if plain_ascii(chunk) && next(2) == 0 {
                    plain.write_printable(chunk).unwrap();
                } else {
                    plain.write_all(chunk).unwrap();
                }
                stripped.write_all(chunk).unwrap();
                rest = after;
            }
            assert_eq!(
                plain.raw,
                *stripped.as_inner(),
                "{:?}",
                String::from_utf8_lossy(&text)
            );
        }
        assert!(fast > 1_000, "only {fast} chunks went the direct way");
    }

    /// [`plain_ascii`], eight bytes at a time, answers as the byte test does, over random
    /// texts of the bytes around each of its bounds (line feeds among printable ASCII most of
    /// all).
    #[test]
    fn plain_ascii_is_the_byte_test() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % below as u64).unwrap_or(0)
        };
        let kept =
            |b: u8| b.wrapping_sub(b' ') < 0x5f || matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r');
        let odd = [
            0x00, 0x09, 0x0b, 0x0c, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x8a, 0x9f, 0xa0, 0xff,
        ];
        let (mut plain, mut not) = (0, 0);
        for _ in 0..20_000 {
            let len = next(40);
            let text: Vec<u8> = (0..len)
                .map(|_| match next(20) {
                    0 => odd[next(odd.len())],
                    1..=3 => b'\n',
                    4 => [b' ', b'!', b'~', 0x7e][next(4)],
                    _ => 0x20 + u8::try_from(next(0x5f)).unwrap_or(0),
                })
                .collect();
            let expected = text.iter().all(|&b| kept(b));
            assert_eq!(plain_ascii(&text), expected, "{text:?}");
            if expected {
                plain += 1;
            } else {
                not += 1;
            }
        }
        assert!(plain > 2_000 && not > 2_000, "{plain} plain, {not} not");
    }
}
