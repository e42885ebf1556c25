//! `fenkit check`: the CI linter.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use crate::cli::{Failure, Global, Status};
use crate::config::{ConfigArgs, Configs, Flags};
use crate::diag::Diagnostic;
use crate::input::Kind;
use crate::input::{InputError, Origin};
use crate::options::ReadArgs;
use crate::output::{Emitter, OutputFormat, Summary};
use crate::scan::{Quiet, Scan};
use crate::suppress::Markers;

const AFTER_HELP: &str = "\
Examples:
  fenkit check                                 every position file below the current directory
  fenkit check fixtures/ games.dfen            a directory and a file
  fenkit check --strict --deny warnings .      fail on anything that is not canonical and clean
  fenkit check --output-format github .        annotations for a GitHub Actions log
  fenkit check --output-format sarif . > fenkit.sarif
  fenkit check --duplicates fixtures/           also report positions that appear twice
  cat positions.dfen | fenkit check -          read standard input
  fenkit check --variant crazyhouse --dialect stockfish zh.fen
                                               crazyhouse FENs as Stockfish writes them

Exit status: 0 when clean, 1 when there are errors (or warnings with --deny warnings),
2 when a file could not be read or the arguments are wrong.";

/// Lint position files: report every finding of every position in one pass.
///
/// Directories are walked, respecting .gitignore and .ignore files; only position files are
/// read from them: .dfen, .fen, .fen4, .ndjson4, and .jsonl files whose first record is an
/// NDJSON4 frame. With no path, standard input is read when it is a pipe, else the current
/// directory is walked. A summary goes to stderr.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// Files or directories to check; `-` reads standard input [default: .]
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    #[command(flatten)]
    read: ReadArgs,

    #[command(flatten)]
    config: ConfigArgs,

    #[command(flatten)]
    threads: crate::options::ThreadsArg,

    /// How to print the findings
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    output_format: OutputFormat,

    /// Make findings of this severity fail the check as well (exit 1)
    #[arg(long, value_name = "LEVEL")]
    deny: Vec<Deny>,

    /// Also report every position that already appeared (in any of the files), as a warning
    /// naming the first occurrence. Positions are the same when all fields but the clocks agree.
    /// The inputs are read twice; standard input (`-`) is first copied to a temporary file
    /// (in TMPDIR), which is removed at the end
    #[arg(long)]
    duplicates: bool,

    /// With --duplicates: `always` counts every en-passant square (as the canonical DFEN keeps
    /// it), `legal` only squares a pawn of the side to move can capture onto now (standard
    /// chess rules for .fen files, Dice Chess for .dfen). No effect on FEN4 placements
    #[arg(
        long,
        value_name = "WHEN",
        default_value = "always",
        requires = "duplicates"
    )]
    ep: crate::duplicates::EpArg,

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

/// A severity that `--deny` can turn into a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Deny {
    /// warnings fail the check too
    Warnings,
}

/// The checked settings of one `check` run.
struct Settings {
    inputs: Vec<Origin>,
    /// Each input's configuration.
    configs: Arc<Configs>,
    /// The read flags, which win over each input's configuration.
    flags: Flags,
    format: OutputFormat,
    duplicates: bool,
    ep: dfen::rules::EpIdentity,
    quiet: bool,
    threads: usize,
}

/// Why checking a file stopped before its end.
enum Stopped {
    /// The file could not be read (on): it is counted as unreadable, and the run goes on.
    Input(InputError),
    /// The report could not be written: the run ends.
    Output(std::io::Error),
}

/// What checking one file gave.
#[derive(Default)]
struct FileReport {
    /// The file as named to the user.
    path: String,
    summary: Summary,
    diagnostics: Vec<Diagnostic>,
    error: Option<InputError>,
}

/// Checks one file on `threads` threads and keeps its diagnostics.
fn check_one(origin: &Origin, settings: &Settings, threads: usize) -> FileReport {
    let mut report = FileReport {
        path: origin.display(),
        ..FileReport::default()
    };
    let mut diagnostics = Vec::new();
    let (summary, ended) = check_file(origin, settings, threads, &mut |diagnostic| {
        diagnostics.push(diagnostic);
        Ok(())
    });
    report.summary = summary;
    match ended {
        Ok(()) => {}
        Err(Stopped::Input(error)) => {
            report.summary.unreadable += 1;
            report.error = Some(error);
        }
        // The sink above cannot fail: nothing is written while checking several files.
        Err(Stopped::Output(_)) => {}
    }
    report.diagnostics = diagnostics;
    report
}

/// Checks one file on `threads` threads, handing each diagnostic to `sink` in file order. The
/// summary counts what was checked, also when the file stopped early.
fn check_file(
    origin: &Origin,
    settings: &Settings,
    threads: usize,
    sink: &mut dyn FnMut(Diagnostic) -> std::io::Result<()>,
) -> (Summary, Result<(), Stopped>) {
    let mut summary = Summary {
        files: 1,
        ..Summary::default()
    };
    let path = origin.display();
    let read_error = |error: std::io::Error| InputError::io(path.clone(), &error);
    let file = settings.configs.settings(origin, settings.flags);
    let scan = match Scan::open(origin, file.notation, file.read) {
        // A single input gets its own progress display (several get the per-file bar).
        Ok(scan) if settings.inputs.len() == 1 => {
            scan.without_canonical().with_progress("checking")
        }
        Ok(scan) => scan.without_canonical(),
        Err(error) => return (summary, Err(Stopped::Input(read_error(error)))),
    };
    let mut write_error = None;
    // Positions without a finding are only counted, which keeps the in-order hand-on light.
    let mut quiet = Quiet::default();
    // Under another profile than the engine's, DFEN positions with findings are also read in
    // the engine's dialect, to suggest it when it explains the file.
    let suggest_engine = scan.notation() == crate::notation::Notation::Dfen
        && file.read.profile != dfen::Profile::Engine;
    let mut markers = Markers::with_configured(file.ignores);
    let mut emit = |diagnostic: Diagnostic, summary: &mut Summary| {
        summary.count(&diagnostic);
        // The sink's own error is kept for the report; the scan only needs to stop.
        sink(diagnostic).map_err(|error| {
            let stop = std::io::Error::from(error.kind());
            write_error = Some(error);
            stop
        })
    };
    let marker_errors = |markers: &mut Markers| {
        markers.take_errors().into_iter().map(|error| {
            Diagnostic::in_text(&path, error.line, error.offset, &error.text, error.finding)
        })
    };
    let result = scan.for_each_reported(threads, &mut quiet, |item, _| {
        match (item.record.kind, item.analysis) {
            (Kind::Comment, _) => {
                markers.comment(
                    item.record.line,
                    item.record.offset,
                    item.record.text().unwrap_or_default(),
                );
            }
            (Kind::Blank, _) | (Kind::Position, None) => markers.blank(),
            (Kind::Position, Some(analysis)) => {
                summary.positions += 1;
                if suggest_engine && !analysis.findings.is_empty() {
                    summary.with_findings += 1;
                    let text = item.record.text().unwrap_or_default();
                    if crate::notation::engine_dialect_explains(text, &analysis.findings) {
                        summary.engine_explained += 1;
                    }
                }
                let covered = markers.position(&analysis.findings);
                for (finding, suppression) in analysis.findings.into_iter().zip(covered) {
                    let diagnostic = Diagnostic::new(&path, &item.record, finding)
                        .with_reference(analysis.reference)
                        .with_suppression(suppression);
                    emit(diagnostic, &mut summary)?;
                }
            }
        }
        marker_errors(&mut markers).try_for_each(|diagnostic| emit(diagnostic, &mut summary))
    });
    markers.end();
    let result = result.and_then(|()| {
        marker_errors(&mut markers).try_for_each(|diagnostic| emit(diagnostic, &mut summary))
    });
    summary.positions += quiet.positions;
    if file.deny_warnings {
        summary.denied = summary.warnings;
    }
    match (result, write_error) {
        (_, Some(error)) => (summary, Err(Stopped::Output(error))),
        (Err(error), None) => (summary, Err(Stopped::Input(read_error(error)))),
        (Ok(()), None) => (summary, Ok(())),
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let read_flags = args.read.flags(None)?;
    let configs = Arc::new(Configs::new(&args.config)?);
    let found = crate::walk::expand(&args.paths, args.only_position_files, &configs)?;
    crate::options::refuse_fen4_with_variant(read_flags.notation, &found.inputs)?;
    if let Err(status) = found.announce(&args.paths, global, args.allow_empty) {
        return Ok(status);
    }
    let mut inputs = found.inputs;
    // Kept to the end of the run: the copy is removed when this is dropped.
    let _spooled = if args.duplicates {
        crate::input::spool_stdin(&mut inputs).map_err(Failure::Stopped)?
    } else {
        None
    };
    let settings = Settings {
        inputs,
        configs,
        flags: Flags {
            deny_warnings: args.deny.contains(&Deny::Warnings),
            ..read_flags
        },
        format: args.output_format,
        duplicates: args.duplicates,
        ep: args.ep.identity(),
        quiet: args.quiet,
        threads: args.threads.apply(global),
    };
    let mut status = Status::Clean;
    for error in &found.errors {
        global.error(error);
        status = Status::Error;
    }

    let mut emitter = Emitter::new(settings.format, global.stdout(), global.stdout_colored())?;
    // A path that could not be walked or opened counts as a file that could not be read.
    let mut total = Summary {
        unreadable: found.errors.len(),
        ..Summary::default()
    };
    let mut errors = Vec::new();
    if settings.inputs.len() == 1 {
        // One input: print as we go, so memory stays flat however many findings there are.
        // One file, however large, is still analysed on every thread. An error of the output
        // comes back as it is, as `Stopped::Output`.
        let (mut summary, ended) = check_file(
            &settings.inputs[0],
            &settings,
            settings.threads,
            &mut |diagnostic| emitter.emit(diagnostic),
        );
        match ended {
            Ok(()) => {}
            Err(Stopped::Output(error)) => return Err(Failure::Io(error)),
            Err(Stopped::Input(error)) => {
                errors.push(error);
                summary.unreadable += 1;
            }
        }
        if !settings.quiet
            && let Some(hint) = summary.engine_hint(&settings.inputs[0].display())
        {
            global.hint(hint);
        }
        total.add(&summary);
    } else {
        // Several inputs: files are checked in parallel, one thread each, and each file's
        // report is written as soon as the files before it have been, so reports come out in
        // input order.
        let progress = crate::progress::bar(settings.inputs.len() as u64, "checking");
        let written = crate::pipeline::map_in_order(
            &settings.inputs,
            settings.threads,
            |origin| {
                let report = check_one(origin, &settings, 1);
                progress.inc(1);
                report
            },
            |report| {
                total.add(&report.summary);
                errors.extend(report.error);
                if !settings.quiet
                    && let Some(hint) = report.summary.engine_hint(&report.path)
                {
                    global.hint(hint);
                }
                report
                    .diagnostics
                    .into_iter()
                    .try_for_each(|diagnostic| emitter.emit(diagnostic))
            },
        );
        progress.finish_and_clear();
        written?;
    }
    if settings.duplicates {
        let found = crate::duplicates::find(
            &settings.inputs,
            &settings.configs,
            settings.flags,
            settings.ep,
        );
        if let Some(note) = found.ep_note(settings.ep) {
            global.warning(note);
        }
        // A duplicate's warning fails the run where its file's warnings do.
        let denied = |path: &str| {
            let origin = settings
                .inputs
                .iter()
                .find(|origin| origin.display() == path);
            origin.is_some_and(|origin| {
                settings
                    .configs
                    .settings(origin, settings.flags)
                    .deny_warnings
            })
        };
        for diagnostic in found.diagnostics {
            total.count(&diagnostic);
            if diagnostic.suppression.is_none() && denied(&diagnostic.path) {
                total.denied += 1;
            }
            emitter.emit(diagnostic)?;
        }
    }
    let run_errors: Vec<InputError> = found.errors.iter().chain(&errors).cloned().collect();
    emitter.finish(&total, &run_errors)?;

    for error in &errors {
        global.error(error);
        status = Status::Error;
    }
    if !settings.quiet {
        let _ = writeln!(global.stderr(), "{}", total.line());
    }
    let failing = total.errors > 0 || total.denied > 0;
    if failing {
        status = status.worst(Status::Findings);
    }
    Ok(status)
}
