//! `fenkit check`: the CI linter.

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;

use crate::config::{ConfigArgs, Configs, FileSettings, Flags};
use crate::context::{Failure, Global, Status};
use crate::diag::{Diagnostic, SimpleRecord, printable_path};
use crate::duplicates::Duplicates;
use crate::input::{InputError, Origin};
use crate::options::ReadArgs;
use crate::output::{Emitter, OutputFormat, Summary, WritePrintable, render_one};
use crate::scan::{Event, Item, Render, Reports, Scan};
use crate::suppress::Markers;
use notation::code::{Code, FenkitCode, Finding};
use notation::records::{Kind, Record};
use notation::{Analysis, Notation};

const AFTER_HELP: &str = "\
Examples:
  fenkit check                                 every position file below the current directory
  fenkit check fixtures/ games.dfen            a directory and a file
  fenkit check --strict --deny warnings .      fail on anything that is not canonical and clean
  fenkit check --output-format github .        annotations for a GitHub Actions log
  fenkit check --output-format sarif . > fenkit.sarif
  fenkit check --duplicates fixtures/           also report positions that appear twice
  cat positions.dfen | fenkit check -          read standard input
  fenkit check suites/                         EPD suites (*.epd): every operation, every move
  fenkit check --verify-perft 3 perft.epd      also count D1..D3 with fenkit's move generator
  fenkit check -v wac.epd                      also note opcodes that EPD does not define
  fenkit check --variant crazyhouse --dialect stockfish zh.fen
                                               crazyhouse FENs as Stockfish writes them
  fenkit check games.pgn                       every move of every game, and each [FEN \"...\"] tag
  fenkit check --column FEN puzzles.csv        a CSV/TSV column, by header name or number from 1
  fenkit check --field fen evals.jsonl         a string field of each JSON Lines object

Exit status: 0 when clean, 1 when there are errors (or warnings with --deny warnings),
2 when a file could not be read or the arguments are wrong.";

/// Lint position files: report every finding of every position in one pass.
///
/// Directories are walked, respecting .gitignore and .ignore files; only position files are
/// read from them: .dfen, .fen, .epd, .fen4, .ndjson4, and .jsonl files whose first record is
/// an NDJSON4 frame. In .epd files, lines that start with `%` are comments too. With no path,
/// standard input is read when it is a pipe, else the current directory is walked. A summary
/// goes to stderr.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("en_passant", |arg| arg
        .requires("duplicates")
        .help(crate::options::IDENTITY_EN_PASSANT_HELP))
)]
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
    /// naming the first occurrence. Positions are the same when all fields but the clocks agree
    #[arg(long)]
    duplicates: bool,

    #[command(flatten)]
    en_passant: crate::options::EnPassantArg,

    /// Check each perft count of an EPD line (`D1 20; D2 400;`) up to this depth against
    /// fenkit's standard-chess move generator: a wrong count is an error on its operand that
    /// states the right number. Without it the counts are checked as syntax only. Depth 1 to
    /// 8; each level costs about 30 times the one before
    #[arg(long, value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..=8))]
    verify_perft: Option<u32>,

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
    /// Each input's settings (the read flags over its configuration), by the input's index.
    files: Vec<FileSettings>,
    format: OutputFormat,
    /// With `--duplicates`: how en passant counts in a position's identity.
    duplicates: Option<dfen::rules::EpIdentity>,
    /// `--verify-perft`: the depth up to which perft counts are checked.
    verify_perft: Option<u32>,
    quiet: bool,
    threads: usize,
}

/// The input being checked, as its records come.
struct FileCheck {
    /// Its index in the inputs.
    input: usize,
    /// Its name as shown.
    path: String,
    notation: Notation,
    summary: Summary,
    markers: Markers,
    /// The lines of chess.com's four-player chess met (`FENKIT008`): the first is reported,
    /// the others only counted, since the file holds another format, not 10,000 errors.
    four_player: usize,
    /// With `--dialect auto`: the dialect of each line.
    dialects: crate::scan::DialectsChosen,
    /// The lines with EPD operations in a FEN file.
    epd_lines: crate::scan::EpdLines,
    /// A PGN file: the findings of its games' movetext, handed on with their tag sections.
    games: Option<super::pgn_games::PgnFindings>,
    /// Under `--verbose`, in movetext records (a column of SAN movetext): the kinds of comment
    /// command kept unread, in file order.
    commands: Vec<super::pgn_games::UnreadCommands>,
}

/// Renders into `reports` the middle of the simple plain report of a repeat of `unique`, the
/// unique value of `record` (on the thread that analysed it, before the line the value was
/// first met on is known; the hand-on writes the rest, [`Emitter::write_repeat`]), when the
/// record and its path (`printable_path`: printable ASCII) allow that report (`simple`).
fn repeat_body_into(
    simple: Option<SimpleRecord<'_>>,
    printable_path: bool,
    record: &Record<'_>,
    unique: &notation::Unique,
    reports: &mut Reports,
) {
    if let Some(simple) = simple {
        simple.body_into(record.line, &unique.span, reports.text());
        reports.end_repeat(printable_path);
    }
}

/// One `check` run as the scan's events come in, in input order.
struct Run<'a, W: WritePrintable> {
    settings: &'a Settings,
    global: &'a Global,
    emitter: Emitter<W>,
    /// The counts of every input ended so far.
    total: Summary,
    /// The inputs that could not be read (to their end).
    errors: Vec<InputError>,
    file: Option<FileCheck>,
    duplicates: Option<Duplicates>,
    progress: indicatif::ProgressBar,
}

impl<W: WritePrintable> Run<'_, W> {
    fn event(&mut self, event: Event<'_, '_>) -> io::Result<()> {
        match event {
            Event::Begin {
                input,
                notation,
                chosen,
            } => {
                let file = self.settings.files.get(input);
                let path = self.name(input);
                // A PGN file's movetext is read game by game as its tag sections come; a file
                // that cannot be read is reported by the scan itself.
                let pgn = self.settings.inputs.get(input).filter(|origin| {
                    super::pgn_games::is_pgn(origin)
                        || file
                            .and_then(|file| file.notation)
                            .is_some_and(Notation::is_pgn)
                });
                self.global.note(crate::scan::read_as(
                    &path,
                    notation,
                    chosen,
                    file.and_then(|file| file.notation_from.as_deref()),
                    pgn.is_some(),
                ));
                let ignores = file.map(|file| file.ignores.clone()).unwrap_or_default();
                let games = pgn.and_then(|origin| origin.open().ok()).map(|source| {
                    super::pgn_games::PgnFindings::read(
                        path.clone(),
                        Box::new(source),
                        file.is_some_and(|file| file.read.strict),
                        self.global.verbose(),
                        self.settings.threads,
                    )
                });
                self.file = Some(FileCheck {
                    input,
                    path,
                    notation,
                    summary: Summary {
                        files: 1,
                        ..Summary::default()
                    },
                    markers: Markers::with_configured(ignores),
                    four_player: 0,
                    dialects: crate::scan::DialectsChosen::default(),
                    epd_lines: crate::scan::EpdLines::default(),
                    games,
                    commands: Vec::new(),
                });
                Ok(())
            }
            Event::Unopened { input, error } => {
                self.errors.push(InputError::io(self.name(input), &error));
                self.total.add(&Summary {
                    files: 1,
                    unreadable: 1,
                    ..Summary::default()
                });
                self.progress.inc(1);
                Ok(())
            }
            Event::Item { item, .. } => self.item(item),
            Event::End {
                error,
                counted,
                counted_dialects,
                ..
            } => self.end(error, counted, &counted_dialects),
        }
    }

    /// The name of input `input`, as shown.
    fn name(&self, input: usize) -> String {
        self.settings
            .inputs
            .get(input)
            .map(Origin::display)
            .unwrap_or_default()
    }

    /// One record of the input being checked: its findings reported, under the markers above
    /// it; its identity met by the duplicate search.
    fn item(&mut self, item: &mut Item<'_>) -> io::Result<()> {
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        let record = &item.record;
        // In a PGN file: the games that ended above this record are handed on first (no
        // marker stands above them, or their tag section would have been handed on), and a
        // tag section brings its game's findings, which its markers cover.
        let mut game = Vec::new();
        if let Some(games) = file.games.as_mut() {
            let before = games.before(record.offset);
            Run::<W>::unmarked(file, before, &mut self.emitter)?;
            if record.kind == Kind::Position
                && let Some(games) = file.games.as_mut()
            {
                game = games.game_of(record.offset..record.offset + record.raw().len() as u64);
            }
        }
        let rendered = item.rendered;
        let repeat = item.repeat.take();
        match (record.kind, item.analysis.take()) {
            (Kind::Comment, _) => {
                file.markers.comment(
                    record.line,
                    record.offset,
                    record.text().unwrap_or_default(),
                );
            }
            (Kind::Position, None) if file.games.is_some() => {
                let findings: Vec<_> = game.iter().map(|placed| placed.finding.clone()).collect();
                let covered = file.markers.position(&findings);
                for (diagnostic, suppression) in game.into_iter().zip(covered) {
                    let diagnostic = diagnostic.with_suppression(suppression);
                    file.summary.count(&diagnostic);
                    self.emitter.emit(diagnostic)?;
                }
            }
            (Kind::Blank, _) | (Kind::Position, None) => file.markers.blank(),
            (Kind::Position, Some(mut analysis)) => {
                file.summary.positions += 1;
                file.dialects.see(analysis.dialect, record.line);
                // Under another profile than the engine's, DFEN positions with findings are
                // also read in the engine's dialect, to suggest it when it explains the file.
                if let Some(explained) = analysis.engine_explained {
                    file.summary.with_findings += 1;
                    file.summary.engine_explained += usize::from(explained);
                }
                if let (Some(identity), Some(duplicates)) =
                    (analysis.identity.take(), self.duplicates.as_mut())
                {
                    duplicates.see(
                        file.input,
                        &file.path,
                        file.notation,
                        self.settings
                            .files
                            .get(file.input)
                            .and_then(|settings| settings.read.rules),
                        record,
                        *identity,
                        analysis.embedded_span(),
                    );
                }
                // Notes (an EPD opcode fenkit does not know) are no problem: `--verbose` only,
                // and placed only then (a suite can have one on every line).
                if !self.global.verbose() {
                    analysis.notes.clear();
                }
                for note in analysis.notes.drain(..) {
                    let placed = Diagnostic::new(&file.path, record, note);
                    self.global.note(format_args!(
                        "{}:{}:{}: {} [{}]",
                        placed.path,
                        placed.line,
                        placed.column,
                        placed.finding.message,
                        placed.finding.code
                    ));
                }
                // Comment commands of movetext kept unread: asked for under `--verbose` only,
                // and noted once per kind when the file ends.
                if let Some(commands) = analysis.commands.take() {
                    let text = record.text().unwrap_or_default();
                    let found = commands
                        .into_iter()
                        .map(|note| {
                            let (line, column) =
                                crate::diag::line_col(text, record.line, note.span.start);
                            super::pgn_games::UnreadCommands::new(note, line, column)
                        })
                        .collect();
                    super::pgn_games::merge_unread(&mut file.commands, found);
                }
                let mut findings = analysis.findings;
                // The repeat of a unique value, the middle of its report rendered on the thread
                // that analysed the record: written around it from the words of its finding,
                // unless a marker may cover it, which needs the finding itself.
                let mut repeat_report = None;
                if let Some(repeat) = &repeat {
                    let words = file.notation.repeated_words(&repeat.unique);
                    match (rendered.repeat(), words) {
                        (Some(report), Some(words))
                            if game.is_empty() && !file.markers.may_cover() =>
                        {
                            repeat_report = Some((report, words, repeat.first));
                        }
                        _ => findings.extend(file.notation.repeated(&repeat.unique, repeat.first)),
                    }
                }
                file.epd_lines.see(&findings, record.line);
                // A record with no PGN game below it: its reports were rendered on the thread
                // that analysed it. A tag section's findings are interleaved with its game's.
                if game.is_empty() {
                    let covered = file.markers.position_if_any(&findings).unwrap_or_default();
                    let covered = covered.into_iter().chain(std::iter::repeat(None));
                    for (index, (finding, suppression)) in
                        findings.into_iter().zip(covered).enumerate()
                    {
                        let four_player = finding.code == Code::Fenkit(FenkitCode::FourPlayerChess);
                        // Rendered on the thread that analysed it, unless a marker suppresses it.
                        if suppression.is_none()
                            && let Some(report) = rendered.get(index)
                        {
                            file.summary.count_finding(&finding, None);
                            if four_player {
                                file.four_player += 1;
                                if file.four_player > 1 {
                                    continue;
                                }
                            }
                            if rendered.is_printable(index) {
                                self.emitter.write_rendered_printable(report)?;
                            } else {
                                self.emitter.write_rendered(report)?;
                            }
                            continue;
                        }
                        let diagnostic = Diagnostic::new(&file.path, record, finding)
                            .with_reference(analysis.reference)
                            .with_suppression(suppression);
                        file.summary.count(&diagnostic);
                        if four_player {
                            file.four_player += 1;
                            if file.four_player > 1 {
                                continue;
                            }
                        }
                        self.emitter.emit(diagnostic)?;
                    }
                    if let Some((report, words, first)) = repeat_report {
                        file.summary.count_found(words.severity, words.fixable);
                        self.emitter
                            .write_repeat(&report, &words, record.line, first)?;
                    }
                } else {
                    let own = findings.len();
                    findings.extend(game.iter().map(|placed| placed.finding.clone()));
                    let covered = file.markers.position(&findings);
                    findings.truncate(own);
                    let mut diagnostics: Vec<Diagnostic> = findings
                        .into_iter()
                        .zip(covered.iter().copied())
                        .map(|(finding, suppression)| {
                            Diagnostic::new(&file.path, record, finding)
                                .with_reference(analysis.reference)
                                .with_suppression(suppression)
                        })
                        .collect();
                    if !game.is_empty() {
                        diagnostics.extend(
                            game.into_iter()
                                .zip(covered.into_iter().skip(own))
                                .map(|(placed, suppression)| placed.with_suppression(suppression)),
                        );
                        // A PGN tag section's findings and its game's, in file order.
                        diagnostics.sort_by_key(|placed| placed.file_span.start);
                    }
                    for diagnostic in diagnostics {
                        let four_player =
                            diagnostic.finding.code == Code::Fenkit(FenkitCode::FourPlayerChess);
                        file.summary.count(&diagnostic);
                        if four_player {
                            file.four_player += 1;
                            if file.four_player > 1 {
                                continue;
                            }
                        }
                        self.emitter.emit(diagnostic)?;
                    }
                }
            }
        }
        Run::<W>::marker_errors(file, &mut self.emitter)
    }

    /// Reports findings of PGN games that no marker covers.
    fn unmarked(
        file: &mut FileCheck,
        diagnostics: Vec<Diagnostic>,
        emitter: &mut Emitter<W>,
    ) -> io::Result<()> {
        for diagnostic in diagnostics {
            let suppression = file.markers.unmarked(diagnostic.finding.code);
            let diagnostic = diagnostic.with_suppression(suppression);
            file.summary.count(&diagnostic);
            emitter.emit(diagnostic)?;
        }
        Ok(())
    }

    /// Reports the problems of the markers met so far.
    fn marker_errors(file: &mut FileCheck, emitter: &mut Emitter<W>) -> io::Result<()> {
        // Asked after every record: nearly always none.
        if !file.markers.has_errors() {
            return Ok(());
        }
        for error in file.markers.take_errors() {
            let diagnostic = Diagnostic::in_text(
                &file.path,
                error.line,
                error.offset,
                &error.text,
                error.finding,
            );
            file.summary.count(&diagnostic);
            emitter.emit(diagnostic)?;
        }
        Ok(())
    }

    /// The end of the input being checked: its counts added to the run's, and the engine
    /// dialect suggested when it explains the input.
    fn end(
        &mut self,
        error: Option<io::Error>,
        counted: usize,
        counted_dialects: &[(chess::variant::Dialect, usize)],
    ) -> io::Result<()> {
        let Some(mut file) = self.file.take() else {
            return Ok(());
        };
        if let Some(mut games) = file.games.take() {
            let rest = games.rest();
            Run::<W>::unmarked(&mut file, rest, &mut self.emitter)?;
            for note in games.unread_commands() {
                self.global.note(note);
            }
        }
        for kind in &file.commands {
            self.global.note(kind.note(&file.path));
        }
        file.markers.end();
        Run::<W>::marker_errors(&mut file, &mut self.emitter)?;
        file.summary.positions += counted;
        for &(dialect, lines) in counted_dialects {
            file.dialects.count(dialect, lines);
        }
        if let Some(note) = file.dialects.note(&file.path) {
            self.global.note(note);
        }
        if let Some(note) = file.epd_lines.note(&file.path)
            && !self.settings.quiet
        {
            self.global.notice(note);
        }
        if file.four_player > 1 {
            self.global.warning(format_args!(
                "{}: {} more lines are chess.com four-player chess ({}), counted as errors \
                 but not reported one by one",
                file.path,
                file.four_player - 1,
                FenkitCode::FourPlayerChess
            ));
        }
        if self.denies_warnings(file.input) {
            file.summary.denied = file.summary.warnings;
        }
        if let Some(error) = error {
            file.summary.unreadable += 1;
            self.errors.push(InputError::io(file.path.clone(), &error));
        }
        if !self.settings.quiet
            && let Some(hint) = file.summary.engine_hint(&file.path)
        {
            self.global.hint(hint);
        }
        self.total.add(&file.summary);
        self.progress.inc(1);
        Ok(())
    }

    /// Whether warnings fail the run in input `input` (`--deny warnings`, or its
    /// configuration's `deny`).
    fn denies_warnings(&self, input: usize) -> bool {
        self.settings
            .files
            .get(input)
            .is_some_and(|file| file.deny_warnings)
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let read_flags = args.read.flags(None)?;
    let configs = Arc::new(Configs::new(&args.config)?);
    let mut found = crate::walk::expand(&args.paths, args.only_position_files, &configs)?;
    crate::options::refuse_fen4_with_variant(read_flags.notation(), &found.inputs)?;
    // PGN games on standard input are read twice (the tag sections, then the movetext), so
    // standard input is copied to a temporary file first, removed when the run ends.
    let _spooled = if read_flags.notation().is_some_and(Notation::is_pgn) {
        crate::input::spool_stdin(&mut found.inputs).map_err(Failure::Stopped)?
    } else {
        None
    };
    crate::options::note_unused_select(read_flags.select(), &found.inputs, global);
    crate::options::note_variant_on_dice(&read_flags.read, &found.inputs, global);
    if let Err(status) = found.announce(&args.paths, global, args.allow_empty) {
        return Ok(status);
    }
    let flags = Flags {
        deny_warnings: args.deny.contains(&Deny::Warnings),
        ..read_flags
    };
    let files = found
        .inputs
        .iter()
        .map(|origin| configs.settings(origin, flags))
        .collect();
    let settings = Settings {
        inputs: found.inputs,
        files,
        format: args.output_format,
        duplicates: args.duplicates.then_some(args.en_passant.policy()),
        verify_perft: args.verify_perft,
        quiet: args.quiet,
        threads: args.threads.apply(global),
    };
    let mut status = Status::Clean;
    for error in &found.errors {
        global.error(error);
        status = Status::Error;
    }
    let count = settings.inputs.len();
    let mut run = Run {
        settings: &settings,
        global,
        emitter: Emitter::new(settings.format, global.stdout(), global.stdout_colored())?,
        // A path that could not be walked or opened counts as a file that could not be read.
        total: Summary {
            unreadable: found.errors.len(),
            ..Summary::default()
        },
        errors: Vec::new(),
        file: None,
        duplicates: settings
            .duplicates
            .map(|ep| Duplicates::new(ep, settings.inputs.iter().map(Origin::display).collect())),
        // Several inputs show a bar by files; one large input its own progress by bytes.
        progress: if count > 1 {
            crate::progress::bar(count as u64, "checking")
        } else {
            indicatif::ProgressBar::hidden()
        },
    };
    // The reports of the positions' findings are rendered on the threads that analyse them,
    // as if no marker suppressed them (the markers are met in order, when they are written).
    let names: Vec<String> = settings.inputs.iter().map(Origin::display).collect();
    // A report written from a printable record, path and words is handed to standard output
    // as such, unscanned for escape codes.
    let printable_names: Vec<bool> = names.iter().map(|name| printable_path(name)).collect();
    let colored = global.stdout_colored();
    let format = settings.format;
    let verbose = global.verbose();
    let render =
        |input: usize, record: &Record<'_>, analysis: &mut Analysis, reports: &mut Reports| {
            let Some(path) = names.get(input) else {
                return;
            };
            let printable_path = printable_names.get(input).copied().unwrap_or(false);
            // A record that is not text has its finding's span moved when it is placed: left to
            // the thread that writes.
            let Some(text) = record.text() else {
                return;
            };
            // The common report (one short line, no colours) is written straight from the
            // record, without placing a diagnostic.
            let direct = format == OutputFormat::Human && !colored && analysis.reference.is_none();
            // Whether the record and path allow that report is found once for its findings.
            let simple = if direct && !analysis.findings.is_empty() {
                SimpleRecord::of(path, text)
            } else {
                None
            };
            for slot in &mut analysis.findings {
                if let Some(simple) = simple
                    && let Some(printable) = simple.line_into(record.line, slot, reports.text())
                {
                    reports.text().push_str("\n\n");
                    if printable_path && printable {
                        reports.end_printable();
                    } else {
                        reports.end_one();
                    }
                    continue;
                }
                let placeholder = Finding::new(slot.code, slot.severity, 0..0, "");
                let finding = std::mem::replace(slot, placeholder);
                let diagnostic =
                    Diagnostic::new(path, record, finding).with_reference(analysis.reference);
                let rendered = render_one(format, colored, &diagnostic, reports.text());
                *slot = diagnostic.finding;
                if !rendered {
                    return;
                }
                reports.end_one();
            }
            // A value that must be unique in the file (an EPD `id`) gets its finding, when it
            // repeats one, in file order; the middle of that plain report is placed here.
            if let Some(unique) = &analysis.unique
                && direct
            {
                let simple = simple.or_else(|| SimpleRecord::of(path, text));
                repeat_body_into(simple, printable_path, record, unique, reports);
            }
        };
    let render: Option<&Render<'_>> = match format {
        OutputFormat::Human | OutputFormat::JsonLines => Some(&render),
        OutputFormat::Json | OutputFormat::Github | OutputFormat::Sarif => None,
    };
    // Every input is read once, on every thread, in input order: its diagnostics are written
    // as they come, so memory stays flat however many findings there are.
    let scanned = crate::scan::scan_all(
        count,
        settings.threads,
        true,
        render,
        |index| {
            let (Some(origin), Some(file)) =
                (settings.inputs.get(index), settings.files.get(index))
            else {
                return Err(io::Error::other("no such input"));
            };
            let mut scan = Scan::open(origin, file.notation, file.read)?
                .without_canonical()
                .with_engine_hint();
            if global.verbose() {
                scan = scan.with_comment_commands();
            }
            if let Some(ep) = settings.duplicates {
                scan = scan.with_identities(ep);
            }
            if let Some(depth) = settings.verify_perft {
                scan = scan.verifying_perft(depth);
            }
            // Notes are printed only under `--verbose`: without it none is made.
            if !verbose {
                scan = scan.without_notes();
            }
            if count == 1 {
                scan = scan.with_progress("checking");
            }
            Ok(scan)
        },
        |event| run.event(event),
    );
    run.progress.finish_and_clear();
    scanned?;
    let Run {
        mut emitter,
        mut total,
        errors,
        duplicates,
        ..
    } = run;
    if let Some(duplicates) = duplicates {
        if let Some(note) = duplicates.ep_note() {
            global.warning(note);
        }
        // A duplicate's warning fails the run where its input's warnings do.
        for (diagnostic, (input, _)) in duplicates.diagnostics.into_iter().zip(duplicates.places) {
            total.count(&diagnostic);
            let denied = settings
                .files
                .get(input)
                .is_some_and(|file| file.deny_warnings);
            if diagnostic.suppression.is_none() && denied {
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

#[cfg(test)]
mod tests {
    use super::{Diagnostic, Notation, OutputFormat, Reports, SimpleRecord, repeat_body_into};
    use crate::output::render_one;
    use notation::records::RecordReader;

    /// The plain report of an id's repeat, its middle rendered before the line it was first
    /// met on is known and the rest written around it afterwards from the words of its
    /// finding, is byte for byte the report of the repeat's finding: on short and long lines,
    /// plain and odd ids, odd paths, for lines first met on of every width. A report that
    /// cannot be written so is left to the finding.
    #[test]
    fn a_repeat_written_around_its_middle_is_the_report_of_its_finding() {
        let notation = Notation::named("epd").unwrap();
        let ids = ["BK.01", "", "a b", "it's", "say \"hi\"", "é", "x1", "~!{}"];
        let long = format!(" c0 \"{}\";", "long ".repeat(30));
        let tails = ["", " c0 \"short\";", long.as_str()];
        let paths = ["suite.epd", "dir/ü.epd", "a b/c.epd", "two\nlines.epd"];
        let (mut around, mut left) = (0, 0);
        // Kept from one report to the next, as the hand-on keeps it.
        let mut kept = crate::diag::RepeatAround::default();
        for id in ids {
            for tail in tails {
                for before in [0, 8, 9, 12_344] {
                    let text = format!(
                        "{}4k3/8/8/8/8/8/8/4K3 w - - id \"{}\";{tail}\n",
                        "\n".repeat(before),
                        id.replace('\\', "\\\\").replace('"', "\\\"")
                    );
                    let mut reader = RecordReader::new(text.as_bytes(), false);
                    let record = std::iter::from_fn(|| reader.next_record().unwrap())
                        .last()
                        .unwrap();
                    let line = record.text().unwrap();
                    let at = line.find("id ").unwrap() + 3;
                    let unique = notation::Unique {
                        value: id.to_owned(),
                        span: at..line.len() - tail.len() - 1,
                    };
                    for path in paths {
                        let printable_path = super::printable_path(path);
                        let simple = SimpleRecord::of(path, line);
                        let mut reports = Reports::default();
                        repeat_body_into(simple, printable_path, &record, &unique, &mut reports);
                        let (Some(report), Some(words)) =
                            (reports.last_repeat(), notation.repeated_words(&unique))
                        else {
                            left += 1;
                            continue;
                        };
                        around += 1;
                        for first in [1, 9, 10, 12_345, usize::MAX] {
                            let finding = notation.repeated(&unique, first).unwrap();
                            assert_eq!(
                                (words.severity, words.fixable),
                                (finding.severity, finding.fixable)
                            );
                            let mut expected = String::new();
                            let diagnostic = Diagnostic::new(path, &record, finding);
                            assert!(render_one(
                                OutputFormat::Human,
                                false,
                                &diagnostic,
                                &mut expected
                            ));
                            let mut got = String::new();
                            crate::diag::plain_repeat_around(
                                &words,
                                record.line,
                                first,
                                report.body,
                                &mut got,
                            );
                            got.push_str("\n\n");
                            assert_eq!(got, expected, "{id:?} {path:?} {first}");
                            let mut written = String::new();
                            kept.write(&words, record.line, first, report.body, &mut written);
                            written.push_str("\n\n");
                            assert_eq!(written, expected, "{id:?} {path:?} {first}");
                            if report.printable {
                                assert!(
                                    got.bytes()
                                        .all(|b| b == b'\n' || (b' '..=b'~').contains(&b))
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(around > 100, "{around} written around their middle");
        assert!(left > 100, "{left} left to the finding");
    }
}
