//! Reading one position file record by record and analysing each position.

use std::io::{self, BufRead};

use crate::diag::problem_finding;
use crate::input::{Kind, Origin, Record, RecordReader};
use crate::notation::{Analysis, Analyzer, Notation, ReadSettings};

/// A position file opened for scanning.
pub(crate) struct Scan {
    reader: RecordReader<Box<dyn BufRead + Send>>,
    analyzer: Analyzer,
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
        Ok(Scan {
            reader: RecordReader::new(inner, notation.has_continuation_lines()),
            analyzer: Analyzer::new(notation, settings),
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
        let analysis = match record.kind {
            Kind::Blank | Kind::Comment => None,
            Kind::Position => Some(match &record.problem {
                Some(problem) => Analysis {
                    findings: vec![problem_finding(&record, problem)],
                    canonical: None,
                    rejected: true,
                },
                None => {
                    let text = record.text().unwrap_or_default();
                    self.analyzer.analyze(record.line, text)
                }
            }),
        };
        Ok(Some(Item { record, analysis }))
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
