//! Reading position files record by record and analysing each position.
//!
//! [`scan_all`] reads any number of inputs through one ordered pipeline: each thread, the
//! calling one included, takes the next batch of records of the input being read, reads it
//! (one thread at a time) and analyses it on its own CPU, where the record bytes it has just
//! read are still in cache; the calling thread hands the analysed items on in input and file
//! order. A bounded number of batches is out at once, so memory stays flat whatever the size
//! and number of the inputs. [`Scan::for_each`] is the same for one input.

use std::io::{self, BufRead};

use crate::input::{Input, Origin};
use notation::reading::{Chosen, Reading, Repeat, SNIFF_LIMIT, Uniques, head_is_enough};
use notation::records::{Kind, Record, RecordBatch, RecordReader};

use crate::diag::RepeatReport;
use crate::pipeline::Filled;
use crate::progress::ByteProgress;
use notation::{Analysis, Analyzer, Notation, ReadSettings};

/// A position file opened for scanning.
pub(crate) struct Scan {
    reader: RecordReader<Input>,
    analyzer: Analyzer,
    /// The input's size in bytes, when it is a file.
    size: Option<u64>,
    progress: Option<ByteProgress>,
    /// Standard input on one thread is handed on line by line, as it arrives, not in batches.
    line_by_line: bool,
    /// How the notation was chosen.
    chosen: Chosen,
    /// Whether it is PGN games (a `.pgn` file, or `--notation pgn`).
    pgn: bool,
    /// The unique values met so far, for [`Scan::next_item`].
    uniques: Uniques,
}

/// The `--verbose` note that says which notation an input is read as, and why; `given` says
/// what gave it, when it was given (`--notation`, `` `[notations]` in `fenkit.toml` ``).
/// `games` says that the input is PGN games, whose `FEN` tags are read as `notation`.
pub(crate) fn read_as(
    path: &str,
    notation: Notation,
    chosen: Chosen,
    given: Option<&str>,
    games: bool,
) -> String {
    let why = match (chosen, given) {
        (Chosen::Given, Some(given)) => format!("as {given} says"),
        (Chosen::Given, None) => "as given".to_owned(),
        (Chosen::Extension, _) => "by its extension".to_owned(),
        (Chosen::Content, _) => "by its content (its first position line)".to_owned(),
    };
    if games {
        format!("reading `{path}` as PGN games (their `FEN` tags as {notation}), {why}")
    } else {
        format!("reading `{path}` as {notation}, {why}")
    }
}

/// The dialects `--dialect auto` chose for the lines of one input, for the `--verbose` note
/// that says what it chose.
#[derive(Debug, Default)]
pub(crate) struct DialectsChosen {
    /// Each dialect chosen, with its number of lines and the first of them, in the order met.
    chosen: Vec<(chess::variant::Dialect, usize, usize)>,
}

impl DialectsChosen {
    /// Counts the dialect chosen for the line `line`, if one was.
    pub(crate) fn see(&mut self, dialect: Option<chess::variant::Dialect>, line: usize) {
        let Some(dialect) = dialect else {
            return;
        };
        match self.chosen.iter_mut().find(|(known, ..)| *known == dialect) {
            Some((_, count, _)) => *count += 1,
            None => self.chosen.push((dialect, 1, line)),
        }
    }

    /// Adds `lines` more lines read in `dialect`, a dialect already seen (the positions the
    /// scan counted instead of handing them on, [`Quiet`]).
    pub(crate) fn count(&mut self, dialect: chess::variant::Dialect, lines: usize) {
        if let Some((_, count, _)) = self.chosen.iter_mut().find(|(known, ..)| *known == dialect) {
            *count += lines;
        }
    }

    /// The note for `path`: `` `3check.fen`: --dialect auto read 3 lines as stockfish (the
    /// first at line 1), 2 lines as lichess (the first at line 4) ``; `None` when nothing was
    /// chosen.
    pub(crate) fn note(&self, path: &str) -> Option<String> {
        if self.chosen.is_empty() {
            return None;
        }
        let parts: Vec<String> = self
            .chosen
            .iter()
            .map(|(dialect, count, first)| {
                format!(
                    "{} as {dialect} (the first at line {first})",
                    crate::output::plural(*count, "line", "lines")
                )
            })
            .collect();
        Some(format!(
            "`{path}`: --dialect auto read {}",
            parts.join(", ")
        ))
    }
}

/// The lines of one input that hold EPD operations where a FEN's clocks belong (the dfen
/// library's [`dfen::EPD_IN_FEN_HELP`]), for the one note per file that names
/// `--notation epd`.
#[derive(Debug, Default)]
pub(crate) struct EpdLines {
    /// How many lines, and the first of them.
    count: usize,
    first: usize,
}

impl EpdLines {
    /// Counts the line `line` if one of its findings says it holds EPD operations.
    pub(crate) fn see(&mut self, findings: &[notation::code::Finding], line: usize) {
        if findings
            .iter()
            .any(|f| f.help.as_deref() == Some(dfen::EPD_IN_FEN_HELP))
        {
            if self.count == 0 {
                self.first = line;
            }
            self.count += 1;
        }
    }

    /// The note for `path`: `` `book.fen`: 2 lines hold EPD operations (the first at line 3);
    /// read the file with `--notation epd`, or name it `.epd` ``; `None` when no line did.
    pub(crate) fn note(&self, path: &str) -> Option<String> {
        (self.count > 0).then(|| {
            format!(
                "`{path}`: {} EPD operations (the first at line {}); read the file with \
                 `--notation epd`, or name it `.epd`",
                crate::output::plural(self.count, "line holds", "lines hold"),
                self.first
            )
        })
    }
}

/// One record and, for positions, what was found about it.
pub(crate) struct Item<'a> {
    /// The record, bytes and all.
    pub(crate) record: Record<'a>,
    /// `None` for blank and comment lines.
    pub(crate) analysis: Option<Analysis>,
    /// The reports of the first findings of `analysis`, rendered by the thread that analysed
    /// it (see [`scan_all`]'s `render`); empty when none were.
    pub(crate) rendered: Rendered<'a>,
    /// The repeat of the record's unique value, when its finding was left to be made with its
    /// report ([`Rendered::repeat`]): the finding is then not in `analysis`.
    pub(crate) repeat: Option<Repeat>,
}

/// The reports of a batch's findings, rendered on the thread that analysed the batch, one
/// after another in one string.
#[derive(Default)]
pub(crate) struct Reports {
    text: String,
    /// Where each report ends in `text`.
    ends: Vec<usize>,
    /// Whether each report is known to hold only printable ASCII and line feeds, which
    /// standard output then writes unscanned for escape codes.
    printable: Vec<bool>,
    /// Whether the report ended last is the middle of a repeat's ([`Reports::end_repeat`]).
    repeat: bool,
}

impl Reports {
    /// Empties the reports, keeping their storage.
    fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
        self.printable.clear();
        self.repeat = false;
    }

    /// The text the next report is appended to; [`Reports::end_one`] ends it.
    pub(crate) fn text(&mut self) -> &mut String {
        &mut self.text
    }

    /// Ends the report appended since the last call.
    pub(crate) fn end_one(&mut self) {
        self.ends.push(self.text.len());
        self.printable.push(false);
    }

    /// Ends the report appended since the last call, which holds only printable ASCII and
    /// line feeds (written from a record, path, message and help that are).
    pub(crate) fn end_printable(&mut self) {
        self.ends.push(self.text.len());
        self.printable.push(true);
    }

    /// The report ended last, when it is the middle of a repeat's ([`Reports::end_repeat`]).
    #[cfg(test)]
    pub(crate) fn last_repeat(&self) -> Option<RepeatReport<'_>> {
        if !self.repeat {
            return None;
        }
        let end = *self.ends.last()?;
        let start = self
            .ends
            .len()
            .checked_sub(2)
            .map_or(0, |before| self.ends[before]);
        Some(RepeatReport {
            body: self.text.get(start..end)?,
            printable: *self.printable.last()?,
        })
    }

    /// Ends the report appended since the last call as the middle of the simple plain report of
    /// a repeat of the record's unique value (`SimpleRecord::body_into` at the value), around
    /// which the hand-on writes the words of its finding, once it knows the line the value was
    /// first met on. `printable` as for [`Reports::end_printable`].
    pub(crate) fn end_repeat(&mut self, printable: bool) {
        if printable {
            self.end_printable();
        } else {
            self.end_one();
        }
        self.repeat = true;
    }
}

/// Renders the reports of one analysed position's findings into [`Reports`], on the thread
/// that analysed it: given the input's index, the record and its analysis (whose
/// findings it may take and must give back in the same order). It renders a report for each
/// of the first findings, in order, or for none, and may add one more after the findings',
/// ended with [`Reports::end_repeat`]: the middle of the report of a repeat of the record's
/// unique value ([`Analysis::unique`]), whose finding the scan would add in file order (see
/// [`Rendered::repeat`]); an item gets them as [`Item::rendered`].
pub(crate) type Render<'r> = dyn Fn(usize, &Record<'_>, &mut Analysis, &mut Reports) + Sync + 'r;

/// The reports [`Render`] rendered for one item's first findings.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Rendered<'a> {
    text: &'a str,
    /// Where each report ends in `text`.
    ends: &'a [usize],
    /// Whether each holds only printable ASCII and line feeds ([`Reports::end_printable`]).
    printable: &'a [bool],
    /// Where the first starts.
    start: usize,
    /// The middle of the report of a repeat of the record's unique value, rendered after the
    /// reports of the findings the analysis had.
    repeat: Option<RepeatReport<'a>>,
}

impl<'a> Rendered<'a> {
    /// The report of finding `index`, when it was rendered.
    pub(crate) fn get(&self, index: usize) -> Option<&'a str> {
        let end = *self.ends.get(index)?;
        let start = match index.checked_sub(1) {
            Some(before) => *self.ends.get(before)?,
            None => self.start,
        };
        self.text.get(start..end)
    }

    /// Whether the report of finding `index` holds only printable ASCII and line feeds.
    pub(crate) fn is_printable(&self, index: usize) -> bool {
        self.printable.get(index).copied().unwrap_or(false)
    }

    /// The middle of the report of a repeat of the record's unique value
    /// ([`Analysis::unique`]), when [`Render`] rendered one after the reports of every finding
    /// the analysis had: the scan then leaves the repeat's finding to [`Item::repeat`].
    pub(crate) fn repeat(&self) -> Option<RepeatReport<'a>> {
        self.repeat
    }
}

impl Scan {
    /// Opens `origin`; the notation is `forced`, else given by the extension, else sniffed
    /// from the first position line.
    pub(crate) fn open(
        origin: &Origin,
        forced: Option<Notation>,
        settings: ReadSettings,
    ) -> io::Result<Scan> {
        let (head, at_end, inner) = read_head(origin.open()?)?;
        let reading = Reading::decide(&head, at_end, origin.path(), forced, settings)?;
        let size = origin
            .path()
            .and_then(|path| std::fs::metadata(path).ok())
            .map(|meta| meta.len());
        Ok(Scan {
            reader: reading.records(inner),
            analyzer: reading.analyzer(),
            size,
            progress: None,
            line_by_line: matches!(origin, Origin::Stdin | Origin::Stream(_)),
            chosen: reading.chosen,
            pgn: reading.container == Some(notation::container::Container::Pgn),
            uniques: Uniques::of(reading.notation),
        })
    }

    /// Whether the input is PGN games (a `.pgn` file, or `--notation pgn`), whose movetext is
    /// read beside the tag sections.
    pub(crate) fn is_pgn(&self) -> bool {
        self.pgn
    }

    /// How the notation was chosen.
    pub(crate) fn chosen(&self) -> Chosen {
        self.chosen
    }

    /// The notation the file is read as.
    pub(crate) fn notation(&self) -> Notation {
        self.analyzer.notation()
    }

    /// Whether the file starts with a BOM (known after the first record).
    pub(crate) fn bom(&self) -> bool {
        self.reader.bom()
    }

    /// The next record, analysed.
    pub(crate) fn next_item(&mut self) -> io::Result<Option<Item<'static>>> {
        let Some(record) = self.reader.next_record()? else {
            return Ok(None);
        };
        let mut analysis = self.analyzer.analyze_record(&record);
        if let Some(analysis) = analysis.as_mut()
            && let Some(unique) = analysis.unique.take()
        {
            self.uniques.meet(record.line, unique, analysis);
        }
        Ok(Some(Item {
            record,
            analysis,
            rendered: Rendered::default(),
            repeat: None,
        }))
    }

    /// Works out, for a DFEN position with findings under another profile than the engine's,
    /// whether the engine dialect explains them ([`Analysis::engine_explained`]).
    pub(crate) fn with_engine_hint(mut self) -> Scan {
        self.analyzer = self.analyzer.with_engine_hint();
        self
    }

    /// Works out each accepted position's identity ([`Analysis::identity`]), en passant counted
    /// as `ep` says.
    pub(crate) fn with_identities(mut self, ep: dfen::rules::EpIdentity) -> Scan {
        self.analyzer = self.analyzer.with_identities(ep);
        self
    }

    /// Checks perft counts up to `depth` against the move generator (`check --verify-perft`).
    pub(crate) fn verifying_perft(mut self, depth: u32) -> Scan {
        self.analyzer = self.analyzer.verifying_perft(depth);
        self
    }

    /// Lists the comment commands of movetext kept unread ([`Analysis::commands`], for
    /// `check --verbose`).
    pub(crate) fn with_comment_commands(mut self) -> Scan {
        self.analyzer = self.analyzer.with_comment_commands();
        self
    }

    /// Skips writing the canonical form of each position (for `check`, which reports findings
    /// only). The findings are the same.
    pub(crate) fn without_canonical(mut self) -> Scan {
        self.analyzer = self.analyzer.without_canonical();
        self
    }

    /// Makes no notes (for `check` without `--verbose`, which drops them unread). The findings
    /// are the same.
    pub(crate) fn without_notes(mut self) -> Scan {
        self.analyzer = self.analyzer.without_notes();
        self
    }

    /// Applies a variant's fixable findings in the canonical forms (for `fmt`).
    pub(crate) fn with_variant_fixes(mut self) -> Scan {
        self.analyzer = self.analyzer.with_variant_fixes();
        self
    }

    /// Sets [`Analysis::canonical`] only where it differs from the text as written (for `fmt`,
    /// which copies the other lines as they are).
    pub(crate) fn changed_canonical_only(mut self) -> Scan {
        self.analyzer = self.analyzer.changed_canonical_only();
        self
    }

    /// Shows progress through this input on stderr (by bytes) when it takes more than a moment
    /// and stderr is a terminal.
    pub(crate) fn with_progress(mut self, what: &'static str) -> Scan {
        self.progress = Some(ByteProgress::new(self.size, what));
        self
    }

    /// Hands every item to `each` with whether the file starts with a BOM (known from the first
    /// item on), in file order, analysing on `threads` threads in all (see [`scan_all`]).
    ///
    /// # Errors
    /// The first read error (after every record before it has been handed on), or the first
    /// error `each` returns (reading then stops).
    pub(crate) fn for_each(
        self,
        threads: usize,
        mut each: impl FnMut(&mut Item<'_>, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut scan = Some(self);
        let mut read_error = None;
        scan_all(
            1,
            threads,
            false,
            None,
            |_| scan.take().ok_or_else(|| io::Error::other("opened twice")),
            |event| match event {
                Event::Item { item, bom, .. } => each(item, bom),
                Event::End { error, .. } => {
                    read_error = error;
                    Ok(())
                }
                Event::Begin { .. } | Event::Unopened { .. } => Ok(()),
            },
        )?;
        read_error.map_or(Ok(()), Err)
    }
}

/// What a scan of several inputs hands on, in input order and, within an input, file order.
pub(crate) enum Event<'a, 'r> {
    /// Input `input` is open, read as `notation`.
    Begin {
        /// The input's index.
        input: usize,
        /// The notation it is read as.
        notation: Notation,
        /// How the notation was chosen.
        chosen: Chosen,
    },
    /// Input `input` could not be opened: nothing else comes of it.
    Unopened {
        /// The input's index.
        input: usize,
        /// Why.
        error: io::Error,
    },
    /// One record of the input begun last, and its analysis (lent: take what is kept).
    Item {
        /// The input's index.
        input: usize,
        /// The record and its analysis.
        item: &'a mut Item<'r>,
        /// Whether the input starts with a BOM.
        bom: bool,
    },
    /// The input begun last has been read to its end, or to a read error.
    End {
        /// The input's index.
        input: usize,
        /// The read error that ended it early.
        error: Option<io::Error>,
        /// For a reported scan: the positions without a finding that were counted instead of
        /// handed on (see [`Quiet`]).
        counted: usize,
        /// Of those, how many were read in each dialect `--dialect auto` chose (a dialect
        /// already chosen for a position handed on before them).
        counted_dialects: Vec<(chess::variant::Dialect, usize)>,
    },
}

/// One piece of a scan: a batch of records of one input, with what the hand-on needs to know
/// at an input's first and last batch.
#[derive(Default)]
struct Piece {
    /// The index of the input.
    input: usize,
    /// At an input's first piece: the input opened, or why it could not be.
    begin: Option<io::Result<Begun>>,
    /// For a notation whose positions are analysed each on its own: this piece's analyser
    /// (a thread keeps using its own for later pieces of the same input).
    analyzer: Option<Analyzer>,
    batch: Batch,
    /// At an input's last piece: how it ended (a read error, or `None` at its end).
    end: Option<Option<io::Error>>,
}

/// An input as the hand-on takes it over from the reader.
struct Begun {
    notation: Notation,
    chosen: Chosen,
    progress: Option<ByteProgress>,
    /// For a notation whose checks depend on the records before (NDJSON4): the one analyser,
    /// which analyses every record in order on the handing-on thread.
    in_order: Option<Analyzer>,
}

/// The input being read.
struct Current {
    input: usize,
    reader: RecordReader<Input>,
    /// The analyser copied into each piece, for a notation whose positions are analysed each
    /// on its own.
    prototype: Option<Analyzer>,
    /// Records per batch: one for standard input on one thread, handed on as it arrives.
    records: usize,
}

/// Reads `count` inputs, opened in turn by `open(index)`, through one ordered pipeline on
/// `threads` threads in all, and hands `each` an [`Event::Begin`] (or [`Event::Unopened`]),
/// every [`Event::Item`] and an [`Event::End`] for each input, in input order. When `reported`,
/// positions without a finding are only counted, and blank and comment lines are left out,
/// except what markers need (see [`Quiet`]); a position with an identity is always handed on.
///
/// Inputs whose positions are analysed each on its own spread their batches over every
/// thread, one input after another; a notation whose checks depend on the lines before
/// (NDJSON4) is analysed in order on the calling thread. At most `4 × threads` batches are out
/// at once, so memory stays flat.
///
/// With `render`, each position with findings that was analysed on a worker thread has their
/// reports rendered there too ([`Item::rendered`]), so that the calling thread, which hands on
/// in order, has little more to do than write them.
///
/// # Errors
/// The first error `each` returns: reading then stops. Errors of the inputs are events.
pub(crate) fn scan_all(
    count: usize,
    threads: usize,
    reported: bool,
    render: Option<&Render<'_>>,
    mut open: impl FnMut(usize) -> io::Result<Scan> + Send,
    mut each: impl FnMut(Event<'_, '_>) -> io::Result<()>,
) -> io::Result<()> {
    let threads = threads.max(1);
    let mut next = 0;
    let mut reading: Option<Current> = None;
    let read = move |piece: &mut Piece| -> Filled {
        piece.begin = None;
        piece.analyzer = None;
        piece.end = None;
        if reading.is_none() {
            let Some(input) = (next < count).then_some(next) else {
                return Filled::Nothing;
            };
            next += 1;
            piece.input = input;
            match open(input) {
                Err(error) => {
                    piece.batch.clear();
                    piece.begin = Some(Err(error));
                    piece.end = Some(None);
                    return if next < count {
                        Filled::Piece
                    } else {
                        Filled::Last
                    };
                }
                Ok(mut scan) => {
                    let stateless = scan.analyzer.is_stateless();
                    let records = if threads < 2 && scan.line_by_line {
                        1
                    } else {
                        BATCH
                    };
                    let analyzer = scan.analyzer;
                    piece.begin = Some(Ok(Begun {
                        notation: analyzer.notation(),
                        chosen: scan.chosen,
                        progress: scan.progress.take(),
                        in_order: None,
                    }));
                    let (prototype, in_order) = if stateless {
                        (Some(analyzer), None)
                    } else {
                        (None, Some(analyzer))
                    };
                    if let Some(Ok(begun)) = &mut piece.begin {
                        begun.in_order = in_order;
                    }
                    reading = Some(Current {
                        input,
                        reader: scan.reader,
                        prototype,
                        records,
                    });
                }
            }
        }
        let Some(current) = reading.as_mut() else {
            return Filled::Nothing;
        };
        piece.input = current.input;
        let read = piece.batch.read(&mut current.reader, current.records);
        piece.batch.bom = current.reader.bom();
        piece.analyzer = current
            .prototype
            .as_ref()
            .and_then(Analyzer::stateless_copy);
        match read {
            Err(error) => piece.end = Some(Some(error)),
            Ok(()) if piece.batch.end => piece.end = Some(None),
            Ok(()) => {}
        }
        if piece.end.is_some() {
            reading = None;
        }
        if reading.is_none() && next >= count {
            Filled::Last
        } else {
            Filled::Piece
        }
    };
    let work = |warm: &mut Option<(usize, Analyzer)>, piece: &mut Piece| {
        piece.batch.records.index();
        let Some(copy) = piece.analyzer.take() else {
            return;
        };
        if warm.as_ref().is_none_or(|(input, _)| *input != piece.input) {
            *warm = Some((piece.input, copy));
        }
        if let Some((_, analyzer)) = warm.as_mut() {
            piece.batch.analyze(analyzer);
            if let Some(render) = render {
                piece.batch.render(piece.input, render);
            }
        }
    };
    let mut quiet = Quiet::default();
    let mut uniques = Uniques::default();
    let mut progress: Option<ByteProgress> = None;
    let mut in_order: Option<Analyzer> = None;
    let hand_on = |piece: &mut Piece| -> io::Result<()> {
        let input = piece.input;
        match piece.begin.take() {
            None => {}
            Some(Err(error)) => return each(Event::Unopened { input, error }),
            Some(Ok(begun)) => {
                quiet = Quiet::default();
                uniques = Uniques::of(begun.notation);
                progress = begun.progress;
                in_order = begun.in_order;
                each(Event::Begin {
                    input,
                    notation: begun.notation,
                    chosen: begun.chosen,
                })?;
            }
        }
        if let Some(analyzer) = in_order.as_mut() {
            piece.batch.analyze(analyzer);
        }
        let mut shown = |offset: u64| {
            if let Some(progress) = progress.as_mut() {
                progress.show(offset);
            }
        };
        piece.batch.hand_on(
            &mut |item, bom| each(Event::Item { input, item, bom }),
            &mut uniques,
            reported.then_some(&mut quiet),
            &mut shown,
        )?;
        if let Some(error) = piece.end.take() {
            progress = None;
            in_order = None;
            let counted = std::mem::take(&mut quiet.positions);
            let counted_dialects = std::mem::take(&mut quiet.dialects);
            each(Event::End {
                input,
                error,
                counted,
                counted_dialects,
            })?;
        }
        Ok(())
    };
    let warm: Vec<Option<(usize, Analyzer)>> = (0..threads).map(|_| None).collect();
    crate::pipeline::in_order(warm, 4 * threads, read, work, hand_on)
}

/// Records read together, analysed on one thread and handed on together. Emptied batches are
/// reused, so their storage is allocated once.
#[derive(Default)]
struct Batch {
    records: RecordBatch,
    /// One analysis per record, filled in by [`Batch::analyze`].
    analyses: Vec<Option<Analysis>>,
    /// The reports of the findings, when [`Batch::render`] rendered them.
    reports: Reports,
    /// For each record with reports, in order: its index, the range of its reports in
    /// `reports` (a clean file's records have none, and cost nothing here), and whether its
    /// last report is the middle of a repeat's ([`Reports::end_repeat`]).
    rendered_for: Vec<(usize, std::ops::Range<usize>, bool)>,
    /// For each record whose analysis has a unique value: its [`Uniques::hash`], made with the
    /// reports on the thread that analysed it (the hand-on then only looks it up, and makes
    /// the hashes not made so).
    hashes: Vec<u64>,
    /// Whether the file starts with a BOM.
    bom: bool,
    /// Set when the input ended with this batch.
    end: bool,
}

impl Batch {
    /// Empties the batch.
    fn clear(&mut self) {
        self.records.clear();
        self.analyses.clear();
        self.reports.clear();
        self.rendered_for.clear();
        self.hashes.clear();
    }

    /// Empties the batch and fills it with up to about `records` records or [`BATCH_BYTES`]
    /// bytes, not yet indexed nor analysed: the part of reading that is done one thread at a
    /// time.
    fn read(&mut self, reader: &mut RecordReader<Input>, records: usize) -> io::Result<()> {
        self.clear();
        // A read error ends the input too.
        self.end = true;
        self.end = reader.fill(records, BATCH_BYTES, &mut self.records)?;
        Ok(())
    }

    /// Analyses the records of the batch, once [`RecordBatch::index`] has found them.
    fn analyze(&mut self, analyzer: &mut Analyzer) {
        self.analyses.clear();
        analyzer.analyze_records(&self.records, &mut self.analyses);
        self.hashes.clear();
    }

    /// Renders the reports of the analysed records' findings with `render`.
    fn render(&mut self, input: usize, render: &Render<'_>) {
        self.reports.clear();
        self.rendered_for.clear();
        self.hashes.clear();
        for (index, analysis) in self.analyses.iter_mut().enumerate() {
            let Some(analysis) = analysis.as_mut() else {
                continue;
            };
            // Up to the last record with a unique value: that record's hash at its index.
            if let Some(unique) = analysis.unique.as_deref() {
                self.hashes.resize(index, 0);
                self.hashes.push(Uniques::hash(&unique.value));
            }
            // Past a few MiB of reports in one batch (long records with many findings), the
            // rest are left to the hand-on, which writes each as it renders it: memory stays
            // flat.
            if (!analysis.findings.is_empty() || analysis.unique.is_some())
                && self.reports.text.len() < REPORT_BYTES
                && let Some(record) = self.records.get(index)
            {
                let first = self.reports.ends.len();
                self.reports.repeat = false;
                render(input, &record, analysis, &mut self.reports);
                let end = self.reports.ends.len();
                if end > first {
                    let repeat = std::mem::take(&mut self.reports.repeat);
                    self.rendered_for.push((index, first..end, repeat));
                }
            }
        }
    }

    /// The reports rendered for a record whose analysis had `findings` findings, given a
    /// batch's `reports` and the range of the record's reports in them.
    fn rendered(
        reports: &Reports,
        range: std::ops::Range<usize>,
        repeat: bool,
        findings: usize,
    ) -> Rendered<'_> {
        let all = reports.ends.get(range.clone()).unwrap_or_default();
        let start = range
            .start
            .checked_sub(1)
            .and_then(|before| reports.ends.get(before))
            .copied()
            .unwrap_or(0);
        let printable = reports.printable.get(range).unwrap_or_default();
        let (count, repeat) = match (all.len().checked_sub(findings), repeat) {
            (Some(1), true) => {
                let from = findings
                    .checked_sub(1)
                    .and_then(|last| all.get(last))
                    .copied()
                    .unwrap_or(start);
                let to = all.get(findings).copied().unwrap_or(from);
                let repeat = reports.text.get(from..to).map(|body| RepeatReport {
                    body,
                    printable: printable.get(findings).copied().unwrap_or(false),
                });
                (findings, repeat)
            }
            _ => (findings.min(all.len()), None),
        };
        Rendered {
            text: &reports.text,
            ends: all.get(..count).unwrap_or_default(),
            printable: printable.get(..count).unwrap_or_default(),
            start,
            repeat,
        }
    }

    /// The reports rendered for record `index`, whose analysis had `findings` findings, given
    /// a batch's `rendered_for` and `reports`; `next` is where to look in `rendered_for`,
    /// which moves on in record order.
    fn rendered_at<'r>(
        rendered_for: &[(usize, std::ops::Range<usize>, bool)],
        reports: &'r Reports,
        index: usize,
        findings: usize,
        next: &mut usize,
    ) -> Rendered<'r> {
        while rendered_for.get(*next).is_some_and(|(at, ..)| *at < index) {
            *next += 1;
        }
        match rendered_for.get(*next) {
            Some((at, range, repeat)) if *at == index => {
                Batch::rendered(reports, range.clone(), *repeat, findings)
            }
            _ => Rendered::default(),
        }
    }

    /// Meets the unique value of record `index` (`at`: the index, its analysis's number of
    /// findings, and where to look in `rendered_for`): the record's rendered reports, and the
    /// repeat left to be reported with them, when its report's middle was rendered; otherwise
    /// a repeat's finding is added to `analysis`. Kept out of [`Batch::hand_on`]'s loop, which
    /// most records (with no unique value) go through without it.
    #[inline(never)]
    fn meet_unique<'r>(
        rendered_for: &[(usize, std::ops::Range<usize>, bool)],
        reports: &'r Reports,
        records: &RecordBatch,
        hashes: &[u64],
        uniques: &mut Uniques,
        at: (usize, usize, &mut usize),
        analysis: &mut Analysis,
    ) -> (Rendered<'r>, Option<Repeat>) {
        let (index, findings, next) = at;
        let rendered = Batch::rendered_at(rendered_for, reports, index, findings, next);
        let Some(unique) = analysis.unique.take() else {
            return (rendered, None);
        };
        let line = records.line(index).unwrap_or_default();
        let hash = match hashes.get(index) {
            Some(&hash) => hash,
            None => Uniques::hash(&unique.value),
        };
        // With its report's middle rendered, the repeat's finding is made only if that report
        // cannot be written around it.
        if rendered.repeat.is_some() {
            let repeat = uniques.repeat_of(line, hash, unique);
            (rendered, repeat)
        } else {
            uniques.meet_hashed(line, hash, unique, analysis);
            (rendered, None)
        }
    }

    /// Hands every record and its analysis to `each`, in order; with `quiet`, positions
    /// without a finding are only counted there. Then shows the progress.
    fn hand_on(
        &mut self,
        each: &mut impl FnMut(&mut Item<'_>, bool) -> io::Result<()>,
        uniques: &mut Uniques,
        mut quiet: Option<&mut Quiet>,
        shown: &mut impl FnMut(u64),
    ) -> io::Result<()> {
        let mut next_rendered = 0;
        for (index, mut analysis) in self.analyses.drain(..).enumerate() {
            let findings = analysis
                .as_ref()
                .map_or(0, |analysis| analysis.findings.len());
            // Looked up before the unique value is met only for a record that has one.
            let (rendered, repeat) = match analysis.as_mut() {
                Some(analysis) if analysis.unique.is_some() => {
                    let (rendered, repeat) = Batch::meet_unique(
                        &self.rendered_for,
                        &self.reports,
                        &self.records,
                        &self.hashes,
                        uniques,
                        (index, findings, &mut next_rendered),
                        analysis,
                    );
                    (Some(rendered), repeat)
                }
                _ => (None, None),
            };
            if let Some(quiet) = quiet.as_deref_mut()
                && repeat.is_none()
                && quiet.skips(analysis.as_ref())
            {
                continue;
            }
            let Some(record) = self.records.get(index) else {
                continue;
            };
            if let Some(quiet) = quiet.as_deref_mut() {
                if !quiet.hands_on(&record) {
                    continue;
                }
                quiet.handed_on(analysis.as_ref().and_then(|analysis| analysis.dialect));
            }
            let rendered = match rendered {
                Some(rendered) => rendered,
                None => Batch::rendered_at(
                    &self.rendered_for,
                    &self.reports,
                    index,
                    findings,
                    &mut next_rendered,
                ),
            };
            each(
                &mut Item {
                    record,
                    analysis,
                    rendered,
                    repeat,
                },
                self.bom,
            )?;
        }
        if let Some(offset) = self.records.last_offset() {
            shown(offset);
        }
        Ok(())
    }
}

/// What a reported [`scan_all`] leaves out, and what it counts instead.
///
/// Positions without a finding are counted, not handed on, and blank and comment lines are
/// left out, with three exceptions that markers (`# fenkit: expect[...]`) need: a marker line
/// is handed on, and so is everything after it up to and including the next position (which
/// may be clean, or missing); and the first position is always handed on, so that a marker
/// can tell the file's leading comment block from the rest.
#[derive(Debug, Default)]
pub(crate) struct Quiet {
    /// Positions counted instead of handed on (those handed on are the caller's to count).
    pub(crate) positions: usize,
    /// A marker was handed on, and its position has not been yet.
    after_marker: bool,
    /// A position has been handed on.
    seen_position: bool,
    /// The dialects `--dialect auto` chose for positions handed on, each with the number of
    /// positions read in it that were counted since: a position in a dialect met before needs
    /// no hand-on for `-v`'s count of them.
    pub(crate) dialects: Vec<(chess::variant::Dialect, usize)>,
}

impl Quiet {
    /// Whether an analysed record is left out before its record is even looked at: a
    /// position without a finding, which is counted, when no marker waits for it (and, when a
    /// dialect was chosen for it, which `-v` counts, that dialect was chosen for a position
    /// handed on before: its first line is known, and the position is counted in it).
    fn skips(&mut self, analysis: Option<&Analysis>) -> bool {
        let Some(analysis) = analysis else {
            return false;
        };
        let clean = analysis.findings.is_empty()
            && analysis.notes.is_empty()
            && analysis
                .commands
                .as_ref()
                .is_none_or(|commands| commands.is_empty())
            && analysis.identity.is_none()
            && !self.after_marker
            && self.seen_position;
        if !clean {
            return false;
        }
        if let Some(dialect) = analysis.dialect {
            let Some((_, counted)) = self.dialects.iter_mut().find(|(met, _)| *met == dialect)
            else {
                return false;
            };
            *counted += 1;
        }
        self.positions += 1;
        true
    }

    /// Notes the dialect chosen for a position handed on, so that later positions read in it
    /// may be counted instead.
    fn handed_on(&mut self, dialect: Option<chess::variant::Dialect>) {
        if let Some(dialect) = dialect
            && !self.dialects.iter().any(|(met, _)| *met == dialect)
        {
            self.dialects.push((dialect, 0));
        }
    }

    /// Whether a record that [`Quiet::skips`] let through is handed on.
    fn hands_on(&mut self, record: &Record<'_>) -> bool {
        match record.kind {
            Kind::Position => {
                self.seen_position = true;
                self.after_marker = false;
                true
            }
            Kind::Comment if crate::suppress::is_marker(record.raw()) => {
                self.after_marker = true;
                true
            }
            Kind::Comment | Kind::Blank => self.after_marker,
        }
    }
}

/// Records per batch, and the bytes after which a batch is cut short (long FEN4 records): about
/// a millisecond of work either way, so the threads finish within a millisecond of each other
/// and at most a few MiB are in flight.
const BATCH: usize = 4096;
const BATCH_BYTES: usize = 1 << 18;

/// The reports one batch renders at most (see [`Batch::render`]).
const REPORT_BYTES: usize = 1 << 22;

/// The first bytes of an input, enough for [`Reading::decide`] (its first position line
/// whole, or all of it: then `true`), and a reader that reads the input from its start. Usually the
/// reader's first buffer holds them, and the reader comes back as it is (the head is a copy of
/// that buffer); otherwise (comment lines fill the buffer, or standard input arrives in
/// pieces) it reads on, up to [`SNIFF_LIMIT`] bytes, and the bytes read come back in front of
/// the rest.
fn read_head(mut reader: Input) -> io::Result<(Vec<u8>, bool, Input)> {
    let buffered = reader.fill_buf()?;
    let at_end = buffered.is_empty();
    if head_is_enough(buffered, at_end).is_ok() {
        return Ok((buffered.to_vec(), at_end, reader));
    }
    let mut ahead = Vec::new();
    // Where the lines not yet known to be blank or comments start in `ahead`.
    let mut unread = 0;
    let at_end = loop {
        let buffered = reader.fill_buf()?;
        let at_end = buffered.is_empty();
        ahead.extend_from_slice(buffered);
        let taken = buffered.len();
        reader.consume(taken);
        match head_is_enough(ahead.get(unread..).unwrap_or_default(), at_end) {
            Ok(()) => break at_end,
            Err(skip) => unread += skip,
        }
        if ahead.len() >= SNIFF_LIMIT {
            break false;
        }
    };
    let capacity = reader.capacity();
    let replay: Box<dyn io::Read + Send> =
        Box::new(io::Read::chain(io::Cursor::new(ahead.clone()), reader));
    Ok((
        ahead,
        at_end,
        io::BufReader::with_capacity(capacity, replay),
    ))
}

#[cfg(test)]
mod tests {
    use std::io::{self, BufReader, Read};

    use super::{Event, Scan, scan_all};
    use notation::records::RecordReader;
    use notation::{Analyzer, Notation, ReadSettings};

    /// `good` bytes, then a read error.
    struct FailsAfter {
        good: io::Cursor<Vec<u8>>,
    }

    impl Read for FailsAfter {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.good.read(buf)? {
                0 => Err(io::Error::other("the disk went away")),
                n => Ok(n),
            }
        }
    }

    /// The modes `for_each` has: one thread line by line (standard input), one thread in
    /// batches, and several threads.
    const MODES: [(usize, bool); 4] = [(1, true), (1, false), (2, false), (3, false)];

    fn scan_of(lines: usize, line_by_line: bool) -> Scan {
        let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n".repeat(lines);
        let failing: Box<dyn Read + Send> = Box::new(FailsAfter {
            good: io::Cursor::new(text.into_bytes()),
        });
        let reader = BufReader::with_capacity(4096, failing);
        Scan {
            reader: RecordReader::new(reader, false),
            analyzer: Analyzer::new(Notation::fallback(), ReadSettings::default()),
            size: None,
            progress: None,
            line_by_line,
            chosen: super::Chosen::Given,
            pgn: false,
            uniques: super::Uniques::default(),
        }
    }

    /// A read error ends the scan with that error, after every record before it has been
    /// handed on, in order, on any number of threads.
    #[test]
    fn a_read_error_comes_after_every_record_before_it() {
        let lines = 20_000;
        for (threads, line_by_line) in MODES {
            let mut seen = Vec::new();
            let result = scan_of(lines, line_by_line).for_each(threads, |item, _| {
                assert!(item.analysis.take().is_some_and(|a| a.findings.is_empty()));
                seen.push(item.record.line);
                Ok(())
            });
            let error = result.expect_err("the read error");
            assert_eq!(error.to_string(), "the disk went away", "{threads} threads");
            assert_eq!(seen, (1..=lines).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    /// `for_each_reported` hands on exactly the positions with findings, in order, and counts
    /// the others, in every mode.
    #[test]
    fn only_positions_with_findings_are_handed_on() {
        let good = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
        let mut text = String::new();
        let mut expected = Vec::new();
        for line in 1..=30_000usize {
            match line % 11 {
                0 => {
                    text.push_str("8/8/8/8/8/8/8/8 w - - 0 1 x\n");
                    expected.push(line);
                }
                // A marker, handed on with the clean position under it.
                3 if line % 7 == 0 => {
                    text.push_str("# fenkit: ignore[DFEN101]\n");
                    expected.extend([line, line + 1]);
                }
                5 => text.push_str("# a comment\n"),
                7 => text.push('\n'),
                _ => {
                    text.push_str(good);
                    text.push('\n');
                }
            }
        }
        // The first position is always handed on, for the markers of the leading block.
        expected.insert(0, 1);
        let marker_lines = (1..=30_000usize)
            .filter(|l| l % 11 == 3 && l % 7 == 0)
            .count();
        let positions = (1..=30_000usize)
            .filter(|l| l % 11 != 5 && l % 11 != 7)
            .count()
            - marker_lines;
        for (threads, line_by_line) in MODES {
            let input: Box<dyn Read + Send> = Box::new(io::Cursor::new(text.clone()));
            let mut scan = scan_of(0, line_by_line);
            scan.reader = RecordReader::new(BufReader::with_capacity(4096, input), false);
            let mut scan = Some(scan);
            let (mut handed, mut counted) = (Vec::new(), 0);
            let mut handed_positions = 0;
            scan_all(
                1,
                threads,
                true,
                None,
                |_| Ok(scan.take().unwrap()),
                |event| {
                    match event {
                        Event::Item { item, .. } => {
                            if item.analysis.is_some() {
                                handed_positions += 1;
                            }
                            handed.push(item.record.line);
                        }
                        Event::End {
                            error, counted: n, ..
                        } => {
                            assert!(error.is_none());
                            counted += n;
                        }
                        _ => {}
                    }
                    Ok(())
                },
            )
            .expect("no error");
            assert_eq!(handed, expected, "{threads} threads");
            assert_eq!(counted + handed_positions, positions, "{threads} threads");
        }
    }

    /// An error from the consumer stops the scan at once, on any number of threads.
    #[test]
    fn an_error_from_the_consumer_stops_the_scan() {
        for (threads, line_by_line) in MODES {
            let mut seen = 0;
            let result = scan_of(50_000, line_by_line).for_each(threads, |_, _| {
                seen += 1;
                if seen == 9_000 {
                    return Err(io::Error::other("stdout closed"));
                }
                Ok(())
            });
            assert_eq!(result.expect_err("stop").to_string(), "stdout closed");
            assert_eq!(seen, 9_000, "{threads} threads");
        }
    }

    /// A reader that hands out at most `step` bytes a read, as a pipe fed in pieces does.
    struct Trickle {
        bytes: io::Cursor<Vec<u8>>,
        step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.step);
            self.bytes.read(&mut buf[..n])
        }
    }

    /// The form of a file's positions is told by its whole first position line, after the
    /// notation's own comments, however the input arrives.
    #[test]
    fn the_first_position_line_tells_the_form() {
        let epd = Notation::named("epd");
        for (text, known, clockless, clocks_as_fields) in [
            (
                "# c\n8/8/8/8/8/8/8/K6k w - -\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
                None,
                true,
                false,
            ),
            (
                "8/8/8/8/8/8/8/K6k w - - 0 1\n8/8/8/8/8/8/8/K6k w - -\n",
                None,
                false,
                true,
            ),
            ("% c\n\n8/8/8/8/8/8/8/K6k w - - 3 40\n", epd, false, true),
            ("8/8/8/8/8/8/8/K6k w - - hmvc 0;\n", epd, false, false),
        ] {
            for step in [1, 5, 4096] {
                let trickle: Box<dyn Read + Send> = Box::new(Trickle {
                    bytes: io::Cursor::new(text.as_bytes().to_vec()),
                    step,
                });
                let (_, form, mut reader) =
                    sniff(BufReader::with_capacity(8, trickle), known).unwrap();
                assert_eq!(
                    (form.clockless, form.clocks_as_fields),
                    (clockless, clocks_as_fields),
                    "step {step}: {text:?}"
                );
                let mut all = Vec::new();
                reader.read_to_end(&mut all).unwrap();
                assert!(all == text.as_bytes(), "step {step}: bytes lost");
            }
        }
    }

    /// The notation is told by the first position line however the input arrives, and the
    /// reader handed back reads every byte from the start.
    #[test]
    fn sniffing_reads_on_until_the_first_position_line_tells() {
        let comments = "# a comment\n".repeat(10_000);
        let cases = [
            (format!("{comments}4d-fen v1: K@0,0,0,0\n"), "fen4"),
            ("\n\n  4d-fen v1:\n  K@0,0,0,0\n".to_owned(), "fen4"),
            ("\u{feff}{\"fen4\": \"4d-fen v1:\"}\n".to_owned(), "ndjson4"),
            (format!("{comments}8/8/8/8/8/8/8/8 w - - 0 1 -\n"), "dfen"),
            (format!("{comments}8/8/8/8/8/8/8/8 w - - 0 1\n"), "fen"),
            (comments.clone(), "dfen"),
            (String::new(), "dfen"),
            // No position in the first 1 MiB: read as DFEN, and still every byte comes back.
            (
                format!("{}4d-fen v1: K@0,0,0,0\n", comments.repeat(10)),
                "dfen",
            ),
        ];
        for (text, expected) in cases {
            for step in [1, 3, 4096] {
                let trickle: Box<dyn Read + Send> = Box::new(Trickle {
                    bytes: io::Cursor::new(text.clone().into_bytes()),
                    step,
                });
                let (notation, _, mut reader) =
                    sniff(BufReader::with_capacity(64, trickle), None).unwrap();
                assert_eq!(
                    notation.name(),
                    expected,
                    "step {step}: {:?}",
                    &text[..text.len().min(40)]
                );
                let mut all = Vec::new();
                reader.read_to_end(&mut all).unwrap();
                assert!(all == text.as_bytes(), "step {step}: bytes lost");
            }
        }
    }

    /// What an input's head decides, as [`Scan::open`] reads it, and the reader handed back.
    fn sniff(
        reader: crate::input::Input,
        known: Option<Notation>,
    ) -> io::Result<(Notation, dfen::form::FileForm, crate::input::Input)> {
        let (head, at_end, reader) = super::read_head(reader)?;
        let reading = notation::reading::Reading::decide(
            &head,
            at_end,
            None,
            known,
            ReadSettings::default(),
        )?;
        Ok((reading.notation, reading.settings.form, reader))
    }

    /// A scan of `text` read as `notation`, whose reader fails at its end when `fails`.
    fn scan_from(text: String, notation: &str, fails: bool) -> Scan {
        let notation = Notation::named(notation).unwrap();
        let bytes = io::Cursor::new(text.into_bytes());
        let input: Box<dyn Read + Send> = if fails {
            Box::new(FailsAfter { good: bytes })
        } else {
            Box::new(bytes)
        };
        Scan {
            reader: RecordReader::new(BufReader::with_capacity(4096, input), false),
            analyzer: Analyzer::new(notation, ReadSettings::default()),
            size: None,
            progress: None,
            line_by_line: false,
            chosen: super::Chosen::Given,
            pgn: false,
            uniques: super::Uniques::default(),
        }
    }

    /// Several inputs come through in input order, each whole between its begin and its end,
    /// on any number of threads: one that cannot be opened, an empty one, one that fails
    /// midway, and an NDJSON4 one, whose frames are analysed in order (one ply gap, one
    /// finding, wherever the batches split).
    #[test]
    fn inputs_come_through_one_after_another() {
        let position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n";
        let frames: String = (0..10_000u32)
            .map(|ply| {
                let ply = if ply >= 7_000 { ply + 1 } else { ply };
                format!("{{\"ply\":{ply},\"fen4\":\"4d-fen v1: K@0,0,0,0; k@7,7,7,7\"}}\n")
            })
            .collect();
        for threads in [1, 2, 3] {
            let mut opened = [
                Some(scan_from(position.repeat(9_000), "dfen", false)),
                None,
                Some(scan_from(String::new(), "dfen", false)),
                Some(scan_from(position.repeat(5_000), "dfen", true)),
                Some(scan_from(frames.clone(), "ndjson4", false)),
            ];
            let mut seen = Vec::new();
            let mut lines: Vec<usize> = Vec::new();
            let mut findings = Vec::new();
            scan_all(
                opened.len(),
                threads,
                false,
                None,
                |index| {
                    opened[index]
                        .take()
                        .ok_or_else(|| io::Error::other("cannot open"))
                },
                |event| {
                    match event {
                        Event::Begin {
                            input, notation, ..
                        } => {
                            seen.push(format!("begin {input} {notation}"));
                            lines.clear();
                        }
                        Event::Unopened { input, error } => {
                            seen.push(format!("unopened {input}: {error}"));
                        }
                        Event::Item { input, item, .. } => {
                            lines.push(item.record.line);
                            for finding in item.analysis.take().into_iter().flat_map(|a| a.findings)
                            {
                                findings.push((input, item.record.line, finding.code));
                            }
                        }
                        Event::End { input, error, .. } => {
                            assert_eq!(lines, (1..=lines.len()).collect::<Vec<_>>());
                            let error = error.map(|e| e.to_string()).unwrap_or_default();
                            seen.push(format!("end {input} {} {error}", lines.len()));
                        }
                    }
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(
                seen,
                [
                    "begin 0 dfen",
                    "end 0 9000 ",
                    "unopened 1: cannot open",
                    "begin 2 dfen",
                    "end 2 0 ",
                    "begin 3 dfen",
                    "end 3 5000 the disk went away",
                    "begin 4 ndjson4",
                    "end 4 10000 ",
                ],
                "{threads} threads"
            );
            assert_eq!(
                findings,
                [(
                    4,
                    7_001,
                    notation::code::Code::Fen4(fen4::Code::PlyNotConsecutive)
                )],
                "{threads} threads"
            );
        }
    }
}
