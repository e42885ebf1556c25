//! `fenkit fmt` (alias `normalize`): rewrite position files into canonical form.

use std::io::{self, Write};
use std::path::PathBuf;

use crate::context::{Failure, Global, Status};
use crate::diag::{Diagnostic, renderer};
use crate::input::Origin;
use fenkit_diagnostics::Severity;
use notation::records::Problem;

use crate::options::ReadArgs;
use crate::output::plural;
use crate::scan::Scan;
use crate::write::AtomicWriter;
use notation::code::Code;
use notation::rewrite::Written;
use notation::{Notation, ReadSettings};

const AFTER_HELP: &str = "\
Examples:
  fenkit fmt                                   format every position file below this directory
  fenkit fmt --check .                         list the files that would change (exit 1 if any)
  fenkit fmt --diff games.dfen                 show the changes as a unified diff, write nothing
  fenkit fmt --profile engine engine.dfen      rewrite a file into the engine dialect
  fenkit fmt - < in.dfen > out.dfen            format standard input to standard output
  fenkit fmt --variant threecheck --dialect lichess 3check.fen
                                               canonical lichess three-check FENs
  fenkit fmt --variant crazyhouse --dialect stockfish --to-dialect essay zh.fen
                                               rewrite Stockfish crazyhouse FENs as the essay form
  fenkit fmt --chess960 fischer.fen            Chess960 positions, castling kept in the
                                               spelling each line uses (X-FEN or Shredder-FEN)
  fenkit fmt --chess960 --castling shredder fischer.fen
                                               castling as engines write it (`HAha`, `HFhf`)
  fenkit fmt --en-passant legal games.fen      drop en-passant squares no legal capture can use
  fenkit fmt --column FEN puzzles.csv          only the position text of each row changes

Files are replaced atomically (temp file, fsync, rename) and keep their permissions; the temp
file is removed on an error, SIGINT or SIGTERM. A file its user may not write, a read-only
file (no write permission for anyone, refused for root too) and a binary file (a NUL byte, or
over 1% of its first 64 KiB not UTF-8; a .pgn file only for a NUL byte, and its Latin-1 bytes
are kept) are left as they are, with an error (exit 2). Comments,
blank lines, CRLF or LF line ends, a final newline or its absence, and a BOM are all kept.
Positions with errors are left exactly as they were and reported (exit 1). With --profile
lenient or engine, each form that the spec profile refuses and that fmt repairs (dice in the
wrong case, missing clocks, ...) is reported as a warning, and the exit status stays 0.

fmt keeps the form a file is written in, which its first position decides: a file without
a notation of its own (.txt, no extension, -) is standard FEN when its first position is six
fields or four read as FEN; a file whose first position has no clocks keeps its clockless
lines; an .epd file whose first line writes FEN clocks (`- 0 1`, opening books) keeps them. In
Chess960 mode each line keeps its castling spelling unless --castling is given.

fmt never changes what a position is: it fixes spellings, and drops a castling right or an
en-passant square only when no reading of the line can use it (spec/dfen.md section 10).
Without --chess960, a position that reads as Chess960 (`KQkq` with the king off e1, or a
right whose rook is off its corner) keeps its rights, with a DFEN224 warning that says so;
--chess960 or `chess960 = true` in fenkit.toml reads it as Chess960. A field of file letters
(`HFhf`, Shredder-FEN) is Chess960 castling in either mode; outside the mode fmt writes the
standard start's `HAha` as `KQkq`. --en-passant drops the en-passant squares its policy does
not keep; without it every square written is kept.";

/// Rewrite position files into canonical form, in place.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("profile", |arg| arg.help("The DFEN dialect to read and to write")),
    // `fmt` fixes what `--strict` would make errors: the flag is refused with a pointer to
    // `check --strict`, and not offered in the help.
    mut_arg("strict", |arg| arg.hide(true))
)]
pub(crate) struct Args {
    /// Files or directories to format; `-` formats standard input to standard output [default: .]
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    #[command(flatten)]
    read: ReadArgs,

    /// With --variant threecheck or crazyhouse: the dialect to write [default: the one read]
    #[arg(long, value_name = "DIALECT", value_parser = crate::choices::choices::<notation::DialectArg>())]
    to_dialect: Option<notation::DialectArg>,

    #[command(flatten)]
    write: crate::options::WriteArgs,

    #[command(flatten)]
    config: crate::config::ConfigArgs,

    #[command(flatten)]
    threads: crate::options::ThreadsArg,

    /// Write nothing; list the files that would change and exit 1 if there are any
    #[arg(long)]
    check: bool,

    /// PGN: also write every game again in the export format (the Seven Tag Roster first,
    /// movetext wrapped at 80 columns); a game with an error is kept as it is. Without it `fmt`
    /// changes only the tokens it fixes
    #[arg(long)]
    export: bool,

    /// Write nothing; print a unified diff of the changes and exit 1 if there are any
    #[arg(long, conflicts_with = "check")]
    diff: bool,

    /// Do not print the summary line
    #[arg(long, short)]
    quiet: bool,

    /// Read a file named on the command line only if a directory walk would read it (for
    /// pre-commit, which names every file that matches its pattern)
    #[arg(long)]
    only_position_files: bool,

    /// Pass when the paths hold no position file at all (a warning is still printed); without
    /// it that is exit status 2, since a wrong path or extension would otherwise pass unseen
    #[arg(long)]
    allow_empty: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Write,
    Check,
    Diff,
}

/// The checked settings of one `fmt` run.
struct Settings {
    /// Each input's configuration.
    configs: std::sync::Arc<crate::config::Configs>,
    /// The read flags, which win over each input's configuration.
    flags: crate::config::Flags,
    /// `--castling` and `--en-passant`.
    write: crate::options::WriteArgs,
    mode: Mode,
    /// `--export`: PGN games rewritten in the export format.
    export: bool,
    writer: AtomicWriter,
    threads: usize,
}

impl Settings {
    /// How to read `origin`: its notation and DFEN profile, from the flags over its
    /// configuration, and what gave the notation. Never strict: `fmt` rewrites what
    /// strictness would make errors.
    fn reading(&self, origin: &Origin) -> (Option<Notation>, ReadSettings, Option<String>) {
        let file = self.configs.settings(origin, self.flags);
        let read = self.write.formatting(file.read);
        (file.notation, read, file.notation_from)
    }
}

/// What formatting one file found.
#[derive(Default)]
struct Pass {
    changed: bool,
    /// A line too long to copy: the file is left alone.
    unformattable: bool,
    /// What is reported, in input order: every error, and each repair that `lenient` or
    /// `engine` made (a form the spec refuses, read and written repaired) as a warning.
    reports: Vec<Diagnostic>,
    /// How many of `reports` are errors.
    errors: usize,
    positions: usize,
    /// With `--dialect auto`: the dialect of each line.
    dialects: crate::scan::DialectsChosen,
    /// The lines with EPD operations in a FEN file.
    epd_lines: crate::scan::EpdLines,
}

/// Formats `scan` into `out` (analysing on `threads` threads), collecting error diagnostics.
/// The output is byte-identical to the input except for positions whose canonical form differs.
fn format_into(scan: Scan, threads: usize, path: &str, out: &mut dyn Write) -> io::Result<Pass> {
    let mut pass = Pass::default();
    let mut first = true;
    scan.changed_canonical_only()
        .with_variant_fixes()
        .for_each(threads, |item, bom| {
            if first {
                if bom {
                    out.write_all(b"\xEF\xBB\xBF")?;
                }
                first = false;
            }
            let record = &item.record;
            let mut canonical = None;
            if let Some(analysis) = item.analysis.take() {
                pass.positions += 1;
                pass.dialects.see(analysis.dialect, record.line);
                pass.epd_lines.see(&analysis.findings, record.line);
                if matches!(record.problem, Some(Problem::TooLong { .. })) {
                    pass.unformattable = true;
                }
                for finding in analysis.findings {
                    if finding.severity == Severity::Error {
                        pass.errors += 1;
                        pass.reports.push(
                            Diagnostic::new(path, record, finding)
                                .with_reference(analysis.reference),
                        );
                    } else if !analysis.rejected
                        && (is_repair(finding.code) || is_kept_on_purpose(finding.code))
                    {
                        pass.reports.push(Diagnostic::new(path, record, finding));
                    }
                }
                canonical = analysis.canonical;
            }
            let written = Written::of(record, canonical.as_deref());
            pass.changed |= written.changed;
            out.write_all(written.body)?;
            out.write_all(written.eol.as_bytes())
        })?;
    Ok(pass)
}

/// Formats the input `origin` into `out`: as [`format_into`] does, and for a PGN file every
/// game's fixable findings fixed too (canonical SAN, move numbers, the tags and termination
/// markers they insert), every other byte kept. A game's movetext errors are reported, as a
/// position's are.
fn format_origin_into(
    origin: &Origin,
    export: bool,
    scan: Scan,
    threads: usize,
    path: &str,
    out: &mut dyn Write,
) -> io::Result<Pass> {
    if !super::pgn_games::is_pgn(origin) && !scan.is_pgn() {
        return format_into(scan, threads, path, out);
    }
    let mut written = Vec::new();
    let mut pass = format_into(scan, threads, path, &mut written)?;
    // A byte that is not UTF-8 (Latin-1, most often: spec/pgn.md §1) stays as it is: the games
    // are read with each such byte as U+001A (one byte, so that every span is the file's), and
    // the fixed text gets the bytes back in order.
    let Some((text, foreign)) = pgn_text(&written) else {
        out.write_all(&written)?;
        return Ok(pass);
    };
    let text = text.as_ref();
    let (fixed, errors) = super::pgn_games::fixed(path, text);
    let mut fixed = match (fixed, foreign.is_empty()) {
        (Some(fixed), false) => match restore_foreign(&fixed, &foreign) {
            Some(bytes) => {
                pass.changed = true;
                pass.errors += errors.len();
                pass.reports.extend(errors);
                out.write_all(&bytes)?;
                return Ok(pass);
            }
            None => None,
        },
        (fixed, _) => fixed,
    };
    pass.errors += errors.len();
    pass.reports.extend(errors);
    if export {
        let exported = super::pgn_games::export(fixed.as_deref().unwrap_or(text));
        let ends = if text.ends_with('\n') { "\n" } else { "" };
        let exported = format!("{exported}{ends}");
        fixed = (exported != text).then_some(exported);
    }
    match fixed {
        Some(fixed) => {
            pass.changed = true;
            out.write_all(fixed.as_bytes())
        }
        None => out.write_all(&written),
    }?;
    Ok(pass)
}

/// The text of a PGN file for reading its games, and the bytes that are not UTF-8 in it, in
/// order, each read as U+001A: `None` when the file holds U+001A itself (its bytes could not be
/// told apart), or when it is not UTF-8 and `--export` would rewrite it.
fn pgn_text(bytes: &[u8]) -> Option<(std::borrow::Cow<'_, str>, Vec<u8>)> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Some((text.into(), Vec::new()));
    }
    if memchr::memchr(0x1a, bytes).is_some() {
        return None;
    }
    let mut text = String::with_capacity(bytes.len());
    let mut foreign = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                text.push_str(valid);
                break;
            }
            Err(error) => {
                let (valid, after) = rest.split_at(error.valid_up_to());
                text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = error.error_len().unwrap_or(after.len());
                for &byte in after.get(..bad).unwrap_or_default() {
                    text.push('\u{1a}');
                    foreign.push(byte);
                }
                rest = after.get(bad..).unwrap_or_default();
            }
        }
    }
    Some((text.into(), foreign))
}

/// `fixed` with each U+001A replaced by the next of `foreign`: `None` unless there are as many
/// of them as of those bytes (a fix never writes or drops one).
fn restore_foreign(fixed: &str, foreign: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(fixed.len());
    let mut next = foreign.iter();
    for &byte in fixed.as_bytes() {
        out.push(if byte == 0x1a { *next.next()? } else { byte });
    }
    next.next().is_none().then_some(out)
}

/// Whether a warning with `code` stands for a repair that `fmt` writes (see
/// [`dfen::Code::is_repair`]).
fn is_repair(code: Code) -> bool {
    matches!(code, Code::Dfen(code) if code.is_repair())
}

/// Whether a warning with `code` is one `fmt` leaves unfixed on purpose and says so, since a
/// user may expect a fix: a castling right that reads as Chess960 is kept (`DFEN224`), and the
/// warning says how to read the file as Chess960.
fn is_kept_on_purpose(code: Code) -> bool {
    code == Code::Dfen(dfen::Code::CastlingReadsAsChess960)
}

/// The outcome for one file.
#[derive(Default)]
struct FileOutcome {
    path: String,
    pass: Pass,
    diff: Option<String>,
    error: Option<FileError>,
    written: bool,
    /// A warning about the rewrite (hard links it left behind).
    note: Option<String>,
    /// For `--verbose`: which notation the file was read as, and why.
    read_as: Option<String>,
}

/// Why a file was left as it was: it could not be read, or its canonical form could not be
/// written over it. Carried as it is to the report, which writes it.
enum FileError {
    /// Reading the file failed.
    Read(crate::input::InputError),
    /// Writing it failed: the file's name and the error.
    Write(String, io::Error),
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Read(error) => error.fmt(f),
            FileError::Write(path, error) => write!(
                f,
                "cannot write `{path}`: {}; the file was left unchanged",
                crate::input::describe(error)
            ),
        }
    }
}

/// Formats one file. `single_input` gives the file its own progress display on a terminal.
fn format_file(
    origin: &Origin,
    settings: &Settings,
    threads: usize,
    single_input: bool,
    colored: bool,
) -> FileOutcome {
    let path = origin.display();
    let mut outcome = FileOutcome {
        path: path.clone(),
        ..FileOutcome::default()
    };
    let read_error =
        |error: io::Error| FileError::Read(crate::input::InputError::io(path.clone(), &error));
    // A binary file is not rewritten, nor read for positions: its bytes only look like text.
    // A PGN file is binary for a NUL byte only: Latin-1, the PGN standard's character set, is
    // not UTF-8 and is text (spec/pgn.md §1).
    if let Some(file) = origin.path()
        && let Err(error) = crate::write::refuse_binary(file, super::pgn_games::is_pgn(origin))
    {
        outcome.error = Some(match settings.mode {
            Mode::Write => FileError::Write(path.clone(), error),
            Mode::Check | Mode::Diff => read_error(error),
        });
        return outcome;
    }
    let (notation, read, given) = settings.reading(origin);
    let scan = match Scan::open(origin, notation, read) {
        Ok(scan) => {
            outcome.read_as = Some(crate::scan::read_as(
                &path,
                scan.notation(),
                scan.chosen(),
                given.as_deref(),
                scan.is_pgn(),
            ));
            // A single input gets its own progress display (several get the per-file bar).
            if single_input {
                scan.with_progress("formatting")
            } else {
                scan
            }
        }
        Err(error) => {
            outcome.error = Some(read_error(error));
            return outcome;
        }
    };
    // First pass: find out what would change, without writing anything.
    let mut new = Vec::new();
    let sink: &mut dyn Write = if settings.mode == Mode::Diff {
        &mut new
    } else {
        &mut io::sink()
    };
    match format_origin_into(origin, settings.export, scan, threads, &path, sink) {
        Ok(pass) => outcome.pass = pass,
        Err(error) => {
            outcome.error = Some(read_error(error));
            return outcome;
        }
    }
    if outcome.pass.unformattable || !outcome.pass.changed {
        return outcome;
    }
    match settings.mode {
        Mode::Check => {}
        Mode::Diff => {
            let old = match origin.stored_path().map(std::fs::read) {
                Some(Ok(old)) => old,
                Some(Err(error)) => {
                    outcome.error = Some(read_error(error));
                    return outcome;
                }
                None => Vec::new(),
            };
            outcome.diff = Some(crate::output::unified_diff(
                &patch_name(origin),
                &old,
                &new,
                colored,
            ));
        }
        Mode::Write => {
            let Some(file) = origin.path() else {
                return outcome;
            };
            // Second pass: stream the canonical form into a temp file and rename it over.
            let result = settings.writer.replace(file, |out| {
                let mut scan = Scan::open(origin, notation, read)?;
                if single_input {
                    scan = scan.with_progress("writing");
                }
                format_origin_into(origin, settings.export, scan, threads, &path, out).map(drop)
            });
            match result {
                Ok(other_links) => {
                    outcome.written = true;
                    outcome.note = crate::write::links_note(&path, other_links);
                }
                Err(error) => outcome.error = Some(FileError::Write(path.clone(), error)),
            }
        }
    }
    outcome
}

/// The name a diff's headers give a file (`a/NAME`, `b/NAME`), so that `patch -p1` and `git
/// apply` run in the current directory apply the diff: the file's path below the current
/// directory, `.` and `..` resolved; a file outside it, its absolute path without the leading
/// `/` (applied from `/`, as `git diff --no-index` names it). Standard input is `<stdin>`.
fn patch_name(origin: &Origin) -> String {
    use std::path::{Component, Path};
    let Some(path) = origin.path() else {
        return origin.display();
    };
    let Ok(absolute) = std::path::absolute(path) else {
        return origin.display();
    };
    // Resolved by name, as the shell does for `cd ..`.
    let mut resolved = std::path::PathBuf::new();
    for component in absolute.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                resolved.pop();
            }
            other => resolved.push(other),
        }
    }
    let below = std::env::current_dir()
        .ok()
        .and_then(|cwd| resolved.strip_prefix(cwd).ok().map(Path::to_path_buf));
    let named = below.unwrap_or_else(|| {
        resolved
            .components()
            .filter(|c| matches!(c, Component::Normal(_)))
            .collect()
    });
    named.display().to_string()
}

/// Formats standard input to standard output. Standard input is copied to a temporary file
/// first and read twice: a first pass finds whether it can be formatted at all, since a line
/// over the record limit is not held whole; if it cannot, the copy is written back
/// unchanged, as a file would be left. Otherwise the second pass writes the formatted text.
fn format_stdin(settings: &Settings, global: &Global) -> Result<Status, Failure> {
    let mut inputs = vec![Origin::Stdin];
    let spooled = crate::input::spool_stdin(&mut inputs).map_err(Failure::Stopped)?;
    let origin = &inputs[0];
    let read_error = |error: io::Error| {
        global.error(format_args!(
            "cannot read standard input: {}",
            crate::input::describe(&error)
        ));
        Ok(Status::Error)
    };
    let (notation, read, given) = settings.reading(origin);
    let first = Scan::open(origin, notation, read).and_then(|scan| {
        global.note(crate::scan::read_as(
            "<stdin>",
            scan.notation(),
            scan.chosen(),
            given.as_deref(),
            scan.is_pgn(),
        ));
        format_origin_into(
            origin,
            settings.export,
            scan,
            settings.threads,
            "<stdin>",
            &mut io::sink(),
        )
    });
    let pass = match first {
        Ok(pass) => pass,
        Err(error) => return read_error(error),
    };
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    if pass.unformattable {
        if let Some(copy) = &spooled {
            io::copy(&mut copy.reopen()?, &mut stdout)?;
        }
    } else {
        let second = Scan::open(origin, notation, read).and_then(|scan| {
            format_origin_into(
                origin,
                settings.export,
                scan,
                settings.threads,
                "<stdin>",
                &mut stdout,
            )
        });
        match second {
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Err(error.into()),
            Err(error) => {
                stdout.flush()?;
                return read_error(error);
            }
        }
    }
    stdout.flush()?;
    report(&pass.reports, global)?;
    if pass.unformattable {
        global.error(format_args!(
            "standard input has a line longer than {} bytes; it was written back unchanged",
            notation::records::MAX_RECORD_BYTES
        ));
    }
    Ok(if pass.errors == 0 && !pass.unformattable {
        Status::Clean
    } else {
        Status::Findings
    })
}

fn report(diagnostics: &[Diagnostic], global: &Global) -> io::Result<()> {
    let colored = anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never;
    let mut stderr = global.stderr();
    for diagnostic in diagnostics {
        writeln!(stderr, "{}\n", diagnostic.render(&renderer(colored)))?;
    }
    Ok(())
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    if args.read.strict {
        return Err(Failure::Usage(
            "`--strict` makes fixable forms errors, which `fmt` would then leave as they are; \
             `fmt` fixes them instead (use `fenkit check --strict` to fail on them)"
                .to_owned(),
        ));
    }
    let stdin_named = args
        .paths
        .iter()
        .filter(|path| path.as_os_str() == "-")
        .count();
    if stdin_named > 1 {
        return Err(Failure::Usage(format!(
            "`-` names standard input, which can be read once: expected `-` once, found it \
             {stdin_named} times"
        )));
    }
    if stdin_named == 1 && args.paths.len() > 1 && !args.check && !args.diff {
        return Err(Failure::Usage(
            "`-` formats standard input to standard output, while files are rewritten in \
             place: name `-` on its own (or add --check or --diff)"
                .to_owned(),
        ));
    }
    let flags = args.read.flags(args.to_dialect)?;
    let configs = std::sync::Arc::new(crate::config::Configs::new(&args.config)?);
    let settings = Settings {
        configs: std::sync::Arc::clone(&configs),
        flags,
        write: args.write,
        mode: if args.check {
            Mode::Check
        } else if args.diff {
            Mode::Diff
        } else {
            Mode::Write
        },
        export: args.export,
        writer: AtomicWriter::from_env(),
        threads: args.threads.apply(global),
    };
    let mut found = crate::walk::expand(&args.paths, args.only_position_files, &configs)?;
    crate::options::refuse_fen4_with_variant(flags.notation(), &found.inputs)?;
    crate::options::note_unused_select(flags.select(), &found.inputs, global);
    crate::options::note_variant_on_dice(&flags.read, &found.inputs, global);
    if let Err(status) = found.announce(&args.paths, global, args.allow_empty) {
        return Ok(status);
    }
    let refused = found.refuse_compressed("fmt", global);
    // Standard input alone (`-`, or a pipe with no path) is formatted to standard output.
    if found.inputs == [Origin::Stdin] && found.errors.is_empty() && settings.mode == Mode::Write {
        return format_stdin(&settings, global);
    }
    // A diff needs the text as it was after the formatting pass has read it: standard input
    // is copied to a temporary file first (removed when this is dropped).
    let _spooled = if settings.mode == Mode::Diff {
        crate::input::spool_stdin(&mut found.inputs).map_err(Failure::Stopped)?
    } else {
        None
    };
    let mut status = if refused {
        Status::Error
    } else {
        Status::Clean
    };
    for error in &found.errors {
        global.error(error);
        status = Status::Error;
    }
    let colored = global.stdout_colored();
    let progress = crate::progress::bar(found.inputs.len() as u64, "formatting");
    // One file, however large, is still analysed on every thread; several files go one per thread.
    let single = found.inputs.len() == 1;
    let per_file = if single { settings.threads } else { 1 };
    let mut stdout = global.stdout();
    let (mut changed, mut unchanged, mut failed, mut with_errors) = (0, 0, 0, 0);
    // Files are formatted on the threads, and each file's report is written as soon as the
    // files before it have been, so reports come out in input order.
    let reported = crate::pipeline::map_in_order(
        &found.inputs,
        settings.threads,
        |origin| {
            let outcome = format_file(origin, &settings, per_file, single, colored);
            progress.inc(1);
            outcome
        },
        |outcome: FileOutcome| -> io::Result<()> {
            if let Some(note) = &outcome.read_as {
                global.note(note);
            }
            if let Some(note) = outcome.pass.dialects.note(&outcome.path) {
                global.note(note);
            }
            if !outcome.pass.reports.is_empty()
                || outcome.pass.unformattable
                || outcome.error.is_some()
            {
                // What this file prints on stderr comes after what the files before it printed
                // on stdout, also where both go to one log.
                stdout.flush()?;
            }
            report(&outcome.pass.reports, global)?;
            if let Some(note) = outcome.pass.epd_lines.note(&outcome.path)
                && !args.quiet
            {
                global.notice(note);
            }
            if outcome.pass.unformattable {
                global.error(format_args!(
                    "`{}` has a line longer than {} bytes; the file was left unchanged",
                    outcome.path,
                    notation::records::MAX_RECORD_BYTES
                ));
            }
            if let Some(note) = &outcome.note {
                global.warning(note);
            }
            if let Some(error) = &outcome.error {
                global.error(error);
                status = Status::Error;
                failed += 1;
                return Ok(());
            }
            if outcome.pass.errors > 0 || outcome.pass.unformattable {
                with_errors += 1;
                status = status.worst(Status::Findings);
            }
            if outcome.pass.unformattable {
                failed += 1;
            } else if outcome.pass.changed {
                changed += 1;
                match settings.mode {
                    Mode::Check => {
                        writeln!(stdout, "would reformat: {}", outcome.path)?;
                        status = status.worst(Status::Findings);
                    }
                    Mode::Diff => {
                        if let Some(diff) = &outcome.diff {
                            write!(stdout, "{diff}")?;
                        }
                        status = status.worst(Status::Findings);
                    }
                    Mode::Write => {}
                }
            } else {
                unchanged += 1;
            }
            Ok(())
        },
    );
    progress.finish_and_clear();
    reported?;
    stdout.flush()?;
    drop(stdout);
    if !args.quiet {
        let verb = match settings.mode {
            Mode::Write => "reformatted",
            Mode::Check | Mode::Diff => "would be reformatted",
        };
        let mut line = format!(
            "{} {verb}, {} already formatted",
            plural(changed, "file", "files"),
            plural(unchanged, "file", "files"),
        );
        if failed > 0 {
            line.push_str(&format!(
                ", {} could not be formatted",
                plural(failed, "file", "files")
            ));
        }
        if with_errors > 0 {
            line.push_str(&format!(
                "; {} with errors left as written",
                plural(with_errors, "file has positions", "files have positions")
            ));
        }
        let _ = writeln!(global.stderr(), "{line}");
    }
    Ok(status)
}
