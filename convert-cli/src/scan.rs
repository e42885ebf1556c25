//! Reading one position file record by record and analysing each position.
//!
//! [`Scan::for_each`] spreads the analysis of one file over several threads: the calling thread
//! splits the file into batches of records, helper threads and the calling thread itself analyse
//! the batches, and the calling thread hands the items on in file order. A bounded number of
//! batches is out at once, so memory stays flat whatever the size of the file.

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::{Arc, Mutex, mpsc};

use crate::diag::problem_finding;
use crate::input::{Kind, Origin, Record, RecordReader};
use crate::notation::{Analysis, Analyzer, Notation, ReadSettings};
use crate::progress::ByteProgress;

/// A position file opened for scanning.
pub(crate) struct Scan {
    reader: RecordReader<Box<dyn BufRead + Send>>,
    analyzer: Analyzer,
    /// The input's size in bytes, when it is a file.
    size: Option<u64>,
    progress: Option<ByteProgress>,
}

/// One record and, for positions, what was found about it.
pub(crate) struct Item {
    /// The record, bytes and all.
    pub(crate) record: Record,
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
        let mut inner = origin.open()?;
        let notation = match forced.or_else(|| origin.path().and_then(Notation::from_extension)) {
            Some(notation) => notation,
            None => sniff(&mut inner)?,
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
    pub(crate) fn next_item(&mut self) -> io::Result<Option<Item>> {
        let Some(record) = self.reader.next_record()? else {
            return Ok(None);
        };
        let analysis = analysis(&mut self.analyzer, &record);
        Ok(Some(Item { record, analysis }))
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
    /// item on), in file order, analysing on `threads` threads in all: the calling thread reads
    /// the records, hands them on and analyses batches itself whenever the `threads - 1` helper
    /// threads already have enough queued, so that no CPU waits on another. NDJSON4 files, whose
    /// checks depend on the lines before, and `threads` below 2 are analysed in order on the
    /// calling thread.
    ///
    /// # Errors
    /// The first read error, or the first error `each` returns (reading then stops).
    pub(crate) fn for_each(
        mut self,
        threads: usize,
        mut each: impl FnMut(Item, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut progress = self.progress.take();
        let mut each = move |item: Item, bom: bool| {
            if let Some(progress) = progress.as_mut() {
                progress.at(item.record.offset);
            }
            each(item, bom)
        };
        if threads < 2 || !self.analyzer.is_stateless() {
            while let Some(item) = self.next_item()? {
                each(item, self.bom())?;
            }
            return Ok(());
        }
        let helpers = threads - 1;
        std::thread::scope(|scope| {
            let (job_tx, job_rx) = mpsc::channel::<(u64, Vec<Item>)>();
            let (done_tx, done_rx) = mpsc::channel::<(u64, Vec<Item>)>();
            let job_rx = Arc::new(Mutex::new(job_rx));
            for _ in 0..helpers {
                let job_rx = Arc::clone(&job_rx);
                let done_tx = done_tx.clone();
                let Some(mut analyzer) = self.analyzer.stateless_copy() else {
                    break;
                };
                scope.spawn(move || {
                    loop {
                        let job = match job_rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        let Ok((seq, mut batch)) = job else {
                            return;
                        };
                        analyze_batch(&mut analyzer, &mut batch);
                        if done_tx.send((seq, batch)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(done_tx);
            let lost = || io::Error::other("an analysing thread failed");
            // Batches queued for or held by the helpers; at most two each, so that a helper
            // finds its next batch waiting when it finishes one.
            let queue_limit = 2 * helpers;
            // Batches read but not yet handed on, which bounds the memory in use.
            let out_limit = 4 * threads;
            let (mut read, mut queued, mut next) = (0u64, 0usize, 0u64);
            let mut waiting: BTreeMap<u64, Vec<Item>> = BTreeMap::new();
            // Emptied batches, kept to be filled again: no batch-sized allocation per batch.
            let mut spare: Vec<Vec<Item>> = Vec::new();
            let mut end = false;
            let result = (|| -> io::Result<()> {
                loop {
                    while let Ok((seq, items)) = done_rx.try_recv() {
                        queued -= 1;
                        waiting.insert(seq, items);
                    }
                    while let Some(mut items) = waiting.remove(&next) {
                        next += 1;
                        let bom = self.reader.bom();
                        for item in items.drain(..) {
                            each(item, bom)?;
                        }
                        spare.push(items);
                    }
                    if end && next == read {
                        return Ok(());
                    }
                    if end || (read - next) as usize >= out_limit {
                        // Nothing to read, or enough out: wait for a helper.
                        let (seq, items) = done_rx.recv().map_err(|_| lost())?;
                        queued -= 1;
                        waiting.insert(seq, items);
                        continue;
                    }
                    let mut batch = spare.pop().unwrap_or_default();
                    self.read_batch(&mut batch, &mut end)?;
                    if batch.is_empty() {
                        continue;
                    }
                    let seq = read;
                    read += 1;
                    if queued < queue_limit {
                        job_tx.send((seq, batch)).map_err(|_| lost())?;
                        queued += 1;
                    } else {
                        analyze_batch(&mut self.analyzer, &mut batch);
                        waiting.insert(seq, batch);
                    }
                }
            })();
            // Closing the job channel stops the helpers.
            drop(job_tx);
            result
        })
    }

    /// Reads up to [`BATCH`] records or [`BATCH_BYTES`] bytes into the empty `batch`, not yet
    /// analysed; sets `end` at the end of the input.
    fn read_batch(&mut self, batch: &mut Vec<Item>, end: &mut bool) -> io::Result<()> {
        let mut bytes = 0usize;
        while batch.len() < BATCH && bytes < BATCH_BYTES {
            match self.reader.next_record()? {
                Some(record) => {
                    bytes += record.raw().len();
                    batch.push(Item {
                        record,
                        analysis: None,
                    });
                }
                None => {
                    *end = true;
                    break;
                }
            }
        }
        Ok(())
    }
}

/// Records per batch handed to a worker, and the bytes after which a batch is cut short (long
/// FEN4 records).
const BATCH: usize = 4096;
const BATCH_BYTES: usize = 1 << 20;

/// Analyses a batch of records read by [`Scan::read_batch`].
fn analyze_batch(analyzer: &mut Analyzer, batch: &mut [Item]) {
    for item in batch {
        item.analysis = analysis(analyzer, &item.record);
    }
}

/// What is found about one record: `None` for blank and comment lines.
fn analysis(analyzer: &mut Analyzer, record: &Record) -> Option<Analysis> {
    match record.kind {
        Kind::Blank | Kind::Comment => None,
        Kind::Position => Some(match &record.problem {
            Some(problem) => Analysis {
                findings: vec![problem_finding(record, problem)],
                canonical: None,
                rejected: true,
            },
            None => {
                let text = record.text().unwrap_or_default();
                analyzer.analyze(record.line, text)
            }
        }),
    }
}

/// Guesses the notation from the first position line in the reader's buffer.
fn sniff(reader: &mut Box<dyn BufRead + Send>) -> io::Result<Notation> {
    let buffer = reader.fill_buf()?;
    let buffer = buffer.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(buffer);
    for line in buffer.split(|&b| b == b'\n') {
        let trimmed = line.trim_ascii();
        if !trimmed.is_empty() && !trimmed.starts_with(b"#") {
            return Ok(Notation::sniff(trimmed));
        }
    }
    Ok(Notation::Dfen)
}
