//! Reading one position file record by record and analysing each position.
//!
//! [`Scan::for_each`] spreads one file over several threads: each thread, the calling one
//! included, takes the next batch of records, reads it (one thread at a time) and analyses it on
//! its own CPU, where the record bytes it has just read are still in cache; the calling thread
//! hands the analysed items on in file order. A bounded number of batches is out at once, so
//! memory stays flat whatever the size of the file.

use std::io::{self, BufRead};

use crate::diag::problem_finding;
use crate::input::{Input, Kind, Origin, Record, RecordBatch, RecordReader};
use crate::notation::{Analysis, Analyzer, Notation, ReadSettings};
use crate::pipeline::Filled;
use crate::progress::ByteProgress;

/// A position file opened for scanning.
pub(crate) struct Scan {
    reader: RecordReader<Input>,
    analyzer: Analyzer,
    /// The input's size in bytes, when it is a file.
    size: Option<u64>,
    progress: Option<ByteProgress>,
    /// Standard input on one thread is handed on line by line, as it arrives, not in batches.
    line_by_line: bool,
}

/// One record and, for positions, what was found about it.
pub(crate) struct Item<'a> {
    /// The record, bytes and all.
    pub(crate) record: Record<'a>,
    /// `None` for blank and comment lines.
    pub(crate) analysis: Option<Analysis>,
}

impl Scan {
    /// Opens `origin`; the notation is `forced`, else given by the extension, else sniffed
    /// from the first position line.
    pub(crate) fn open(
        origin: &Origin,
        forced: Option<Notation>,
        settings: ReadSettings,
    ) -> io::Result<Scan> {
        let opened = origin.open()?;
        let (notation, inner) =
            match forced.or_else(|| origin.path().and_then(Notation::from_extension)) {
                Some(notation) => (notation, opened),
                None => sniff(opened)?,
            };
        let size = origin
            .path()
            .and_then(|path| std::fs::metadata(path).ok())
            .map(|meta| meta.len());
        Ok(Scan {
            reader: RecordReader::new(inner, notation.has_continuation_lines()),
            analyzer: Analyzer::new(notation, settings),
            size,
            progress: None,
            line_by_line: matches!(origin, Origin::Stdin | Origin::Stream(_)),
        })
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
        let analysis = analysis(&mut self.analyzer, &record);
        Ok(Some(Item { record, analysis }))
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

    /// Skips writing the canonical form of each position (for `check`, which reports findings
    /// only). The findings are the same.
    pub(crate) fn without_canonical(mut self) -> Scan {
        self.analyzer = self.analyzer.without_canonical();
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
    /// item on), in file order, analysing on `threads` threads in all. Every thread, the calling
    /// one included, takes the next batch of records, reads it (one thread at a time) and
    /// analyses it, so a batch is analysed on the CPU that has its bytes in cache; the calling
    /// thread also hands the analysed items on in order. At most `4 × threads` batches are out
    /// at once, so memory stays flat. NDJSON4 files, whose checks depend on the lines before,
    /// and `threads` below 2 are analysed in order on the calling thread.
    ///
    /// # Errors
    /// The first read error (after every record before it has been handed on), or the first
    /// error `each` returns (reading then stops).
    pub(crate) fn for_each(
        self,
        threads: usize,
        each: impl FnMut(Item<'_>, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        self.hand_on_each(threads, None, each)
    }

    /// Like [`for_each`](Self::for_each), but positions without a finding are only counted
    /// into `quiet`, and blank and comment lines are skipped, except what markers need (see
    /// [`Quiet`]): what `check` needs. It is much less work for the thread that hands on, the
    /// one part of a scan that runs in file order.
    pub(crate) fn for_each_reported(
        self,
        threads: usize,
        quiet: &mut Quiet,
        each: impl FnMut(Item<'_>, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        self.hand_on_each(threads, Some(quiet), each)
    }

    fn hand_on_each(
        mut self,
        threads: usize,
        mut quiet: Option<&mut Quiet>,
        mut each: impl FnMut(Item<'_>, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut progress = self.progress.take();
        let mut shown = |offset: u64| {
            if let Some(progress) = progress.as_mut() {
                progress.show(offset);
            }
        };
        if threads < 2 && self.line_by_line {
            let mut records = 0u64;
            while let Some(item) = self.next_item()? {
                records += 1;
                if records.is_multiple_of(BATCH as u64) {
                    shown(item.record.offset);
                }
                if let Some(quiet) = quiet.as_deref_mut()
                    && (quiet.skips(item.analysis.as_ref()) || !quiet.hands_on(&item.record))
                {
                    continue;
                }
                each(item, self.bom())?;
            }
            return Ok(());
        }
        let Scan {
            mut reader,
            analyzer,
            ..
        } = self;
        // NDJSON4 files, whose checks depend on the lines before, are analysed on one thread.
        let mut analyzers = vec![];
        if threads >= 2 {
            analyzers.extend((1..threads).filter_map(|_| analyzer.stateless_copy()));
        }
        analyzers.insert(0, analyzer);
        let limit = 4 * analyzers.len();
        let mut read_error = None;
        crate::pipeline::in_order(
            analyzers,
            limit,
            |batch: &mut Batch| {
                let read = batch.read(&mut reader);
                batch.bom = reader.bom();
                if let Err(error) = read {
                    read_error = Some(error);
                }
                match (batch.records.is_empty(), batch.end) {
                    (true, _) => Filled::Nothing,
                    (false, true) => Filled::Last,
                    (false, false) => Filled::Piece,
                }
            },
            |analyzer, batch| batch.analyze(analyzer),
            |batch| batch.hand_on(&mut each, quiet.as_deref_mut(), &mut shown),
        )?;
        match read_error {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// Records read together, analysed on one thread and handed on together. Emptied batches are
/// reused, so their storage is allocated once.
#[derive(Default)]
struct Batch {
    records: RecordBatch,
    /// One analysis per record, filled in by [`Batch::analyze`].
    analyses: Vec<Option<Analysis>>,
    /// Whether the file starts with a BOM.
    bom: bool,
    /// Set when the input ended with this batch.
    end: bool,
}

impl Batch {
    /// Empties the batch and fills it with up to about [`BATCH`] records or [`BATCH_BYTES`]
    /// bytes, not yet indexed nor analysed: the part of reading that is done one thread at a
    /// time.
    fn read(&mut self, reader: &mut RecordReader<Input>) -> io::Result<()> {
        self.records.clear();
        self.analyses.clear();
        // A read error ends the input too.
        self.end = true;
        self.end = reader.fill(BATCH, BATCH_BYTES, &mut self.records)?;
        Ok(())
    }

    /// Finds the records in the batch's bytes and analyses them.
    fn analyze(&mut self, analyzer: &mut Analyzer) {
        self.records.index();
        self.analyses.clear();
        self.analyses.extend(
            self.records
                .iter()
                .map(|record| analysis(analyzer, &record)),
        );
    }

    /// Hands every record and its analysis to `each`, in order; with `quiet`, positions
    /// without a finding are only counted there. Then shows the progress.
    fn hand_on(
        &mut self,
        each: &mut impl FnMut(Item<'_>, bool) -> io::Result<()>,
        mut quiet: Option<&mut Quiet>,
        shown: &mut impl FnMut(u64),
    ) -> io::Result<()> {
        for (index, analysis) in self.analyses.drain(..).enumerate() {
            if let Some(quiet) = quiet.as_deref_mut()
                && quiet.skips(analysis.as_ref())
            {
                continue;
            }
            let Some(record) = self.records.get(index) else {
                continue;
            };
            if let Some(quiet) = quiet.as_deref_mut()
                && !quiet.hands_on(&record)
            {
                continue;
            }
            each(Item { record, analysis }, self.bom)?;
        }
        if let Some(offset) = self.records.last_offset() {
            shown(offset);
        }
        Ok(())
    }
}

/// What [`Scan::for_each_reported`] leaves out, and what it counts instead.
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
}

impl Quiet {
    /// Whether an analysed record is left out before its record is even looked at: a
    /// position without a finding, which is counted, when no marker waits for it.
    fn skips(&mut self, analysis: Option<&Analysis>) -> bool {
        match analysis {
            Some(analysis)
                if analysis.findings.is_empty() && !self.after_marker && self.seen_position =>
            {
                self.positions += 1;
                true
            }
            _ => false,
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

/// What is found about one record: `None` for blank and comment lines.
fn analysis(analyzer: &mut Analyzer, record: &Record) -> Option<Analysis> {
    match record.kind {
        Kind::Blank | Kind::Comment => None,
        Kind::Position => Some(match &record.problem {
            Some(problem) => Analysis {
                findings: vec![problem_finding(record, problem)],
                rejected: true,
                engine_explained: analyzer.explains_by_engine().then_some(false),
                ..Analysis::default()
            },
            None => {
                let text = record.text().unwrap_or_default();
                analyzer.analyze(record.line, text)
            }
        }),
    }
}

/// How far ahead [`sniff`] reads for the first position line before it settles on DFEN.
const SNIFF_LIMIT: usize = crate::input::MAX_RECORD_BYTES;

/// Guesses the notation from the first position line, and gives back a reader that reads
/// from the start. Usually the reader's first buffer tells, and the reader comes back as it
/// is; otherwise (comment lines fill the buffer, or standard input arrives in pieces) it
/// reads on, up to [`SNIFF_LIMIT`] bytes, and the bytes read come back in front of the rest.
fn sniff(mut reader: Input) -> io::Result<(Notation, Input)> {
    let buffered = reader.fill_buf()?;
    if let Ok(notation) = Notation::sniff_start(buffered, buffered.is_empty()) {
        return Ok((notation, reader));
    }
    let mut ahead = Vec::new();
    // Where the lines not yet known to be blank or comments start in `ahead`.
    let mut unread = 0;
    let notation = loop {
        let buffered = reader.fill_buf()?;
        let at_end = buffered.is_empty();
        ahead.extend_from_slice(buffered);
        let taken = buffered.len();
        reader.consume(taken);
        match Notation::sniff_start(ahead.get(unread..).unwrap_or_default(), at_end) {
            Ok(notation) => break notation,
            Err(skip) => unread += skip,
        }
        if ahead.len() >= SNIFF_LIMIT {
            break Notation::fallback();
        }
    };
    let capacity = reader.capacity();
    let replay: Box<dyn io::Read + Send> =
        Box::new(io::Read::chain(io::Cursor::new(ahead), reader));
    Ok((notation, io::BufReader::with_capacity(capacity, replay)))
}

#[cfg(test)]
mod tests {
    use std::io::{self, BufReader, Read};

    use super::{Quiet, Scan};
    use crate::input::RecordReader;
    use crate::notation::{Analyzer, Notation, ReadSettings};

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
                assert!(item.analysis.is_some_and(|a| a.findings.is_empty()));
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
            let (mut handed, mut quiet) = (Vec::new(), Quiet::default());
            let mut handed_positions = 0;
            scan.for_each_reported(threads, &mut quiet, |item, _| {
                if item.analysis.is_some() {
                    handed_positions += 1;
                }
                handed.push(item.record.line);
                Ok(())
            })
            .expect("no read error");
            assert_eq!(handed, expected, "{threads} threads");
            assert_eq!(
                quiet.positions + handed_positions,
                positions,
                "{threads} threads"
            );
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
                let (notation, mut reader) =
                    super::sniff(BufReader::with_capacity(64, trickle)).unwrap();
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
}
