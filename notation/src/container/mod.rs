//! Containers: positions embedded in another format, one module each (`pgn`, `csv`,
//! `jsonl`).
//!
//! A container is read line by line like a position file (PGN's tag pairs are grouped into one
//! record per game, see [`Grouping`]); for each record, [`Extractor::extract`] finds the
//! position text inside it and hands back where it is ([`Embedded::span`], bytes of the
//! record) and what it says (unescaped). The notation then reads the text as it reads a line of
//! its own files, and the analyser moves each finding's span into the record
//! ([`Embedded::to_record`]), so that a finding is placed at the line and column of the text
//! inside the container. `fmt` rewrites only that text ([`Embedded::replaced`]), escaped as the
//! container escapes it; every other byte of the record stays as it was.
//!
//! How to add a container: a module with a `Container` variant, its extraction and escaping,
//! and an arm in [`Container::resolve`] for its extension (see docs/development.md).

mod csv;
mod jsonl;
mod pgn;

use std::borrow::Cow;
use std::io;
use std::ops::Range;
use std::path::Path;

use crate::code::Finding;
pub use crate::records::Grouping;
pub use jsonl::field_hint;
pub(crate) use jsonl::quick_scan_agrees as jsonl_quick_scan_agrees;
pub use pgn::{is_comments_alone, reported_by_the_container, scan_tags};

/// The CSV readers of one delimiter, kept across calls (for the fuzz targets: building a
/// reader is most of what one call costs).
pub struct CsvProbe {
    delimiter: u8,
    reader: ::csv_core::Reader,
    row_ends: crate::csv_rows::RowEnds,
}

impl CsvProbe {
    /// Readers for fields split by `delimiter`.
    pub fn new(delimiter: u8) -> CsvProbe {
        CsvProbe {
            delimiter,
            reader: csv::Columns::new(delimiter, 0).reader(),
            row_ends: crate::csv_rows::RowEnds::new(delimiter),
        }
    }

    /// Where each field of a CSV row is written.
    pub fn fields(&mut self, row: &[u8]) -> Vec<Range<usize>> {
        csv::fields(&mut self.reader, row)
            .into_iter()
            .map(|field| field.raw)
            .collect()
    }

    /// Whether each of `lines` ends its row.
    pub fn row_ends(&mut self, lines: &[&[u8]]) -> Vec<bool> {
        self.row_ends.reset();
        lines
            .iter()
            .map(|line| self.row_ends.line_ends_row(line))
            .collect()
    }

    /// The position of column `column` of data row `row`, and the row with it written back.
    pub fn position(&mut self, row: &str, column: usize) -> Option<(Range<usize>, String, String)> {
        let columns = csv::Columns::new(self.delimiter, column);
        match columns.extract(&mut self.reader, 2, row) {
            Extracted::Position(embedded) => {
                let back = embedded.replaced(row, &embedded.text)?;
                Some((embedded.span.clone(), embedded.text.into_owned(), back))
            }
            Extracted::Nothing | Extracted::Findings(_) => None,
        }
    }
}

/// What the command line asks of a container: the column of a CSV or TSV file (`--column`,
/// `[columns]`), or the key of a JSON Lines file (`--field`). Leaked strings: a run reads the
/// flags once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Select {
    /// `--column NAME|N`.
    Column(&'static str),
    /// `--field KEY` (a dotted path for nested objects): `.jsonl` and `.ndjson` files.
    Field(&'static str),
    /// A `[fields]` entry of the configuration: the files it maps, whatever their extension.
    MappedField(&'static str),
}

/// How one input is read: the container and where in it the position is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// PGN: the `[FEN "…"]` tag of each game.
    Pgn,
    /// CSV or TSV: one column of each row after the header.
    Csv(csv::Columns),
    /// JSON Lines: one string field of each line's object.
    Jsonl(&'static str),
}

/// The variant a PGN `Variant` tag selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VariantTag {
    /// Chess960 and its other names: Chess960 castling.
    Chess960,
    /// Three-check, in the lichess dialect.
    ThreeCheck,
    /// Crazyhouse, in the lichess dialect.
    Crazyhouse,
}

/// The position text found in a record.
#[derive(Debug, Clone)]
pub struct Embedded<'a> {
    /// Where the text is written in the record (escaped as the container writes it).
    pub span: Range<usize>,
    /// The text, unescaped.
    pub text: Cow<'a, str>,
    /// For PGN: the variant its `Variant` tag names.
    pub variant: Option<VariantTag>,
    /// The container's own findings about this position (spans in the record).
    pub findings: Vec<Finding>,
    /// The container holds positions without clocks by design (lichess evaluations): their
    /// absence is not reported, and `fmt` does not add them.
    pub clockless: bool,
    /// How the text is escaped in the record.
    escape: Escape,
}

/// How a container escapes the position text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escape {
    /// A PGN tag value: `\"` and `\\`.
    Pgn,
    /// A CSV field: in quotes, `""`; unquoted, nothing.
    Csv { quoted: bool, delimiter: u8 },
    /// A JSON string's contents.
    Json,
}

/// What a record of a container holds.
#[derive(Debug)]
pub enum Extracted<'a> {
    /// No position (movetext, a header row, a game without a FEN tag).
    Nothing,
    /// A position.
    Position(Embedded<'a>),
    /// No position, and why (a line that is not an object, a missing key, a broken tag).
    Findings(Vec<Finding>),
}

impl Container {
    /// The container of `path`, if it is one, asked for as `select` says; `first` is the
    /// start of the file (for a CSV header). `Ok(None)`: a position file.
    ///
    /// # Errors
    /// A CSV or TSV file without a column, or naming one its header lacks
    /// ([`io::ErrorKind::InvalidInput`]: a usage error).
    pub fn resolve(
        path: Option<&Path>,
        select: Option<Select>,
        first: &[u8],
    ) -> io::Result<Option<Container>> {
        let extension = path
            .and_then(Path::extension)
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match (extension.as_deref(), select) {
            (Some("pgn"), _) => Ok(Some(Container::Pgn)),
            (Some(extension @ ("csv" | "tsv")), select) => {
                let delimiter = if extension == "tsv" { b'\t' } else { b',' };
                let Some(Select::Column(column)) = select else {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        format!(
                            "a .{extension} file is read only with a column named: expected \
                             `--column NAME|N` or a `[columns]` entry in fenkit.toml"
                        ),
                    ));
                };
                csv::Columns::of_header(first, delimiter, column).map(|c| Some(Container::Csv(c)))
            }
            (Some("jsonl" | "ndjson"), Some(Select::Field(key)))
            | (_, Some(Select::MappedField(key))) => Ok(Some(Container::Jsonl(key))),
            (_, Some(Select::Field(key))) if path.is_none() => Ok(Some(Container::Jsonl(key))),
            _ => Ok(None),
        }
    }

    /// What holds each position, for a message that says where it is (`in a CSV field`).
    pub fn holder(self) -> &'static str {
        match self {
            Container::Pgn => "a PGN FEN tag",
            Container::Csv(columns) if columns.delimiter() == b'\t' => "a TSV field",
            Container::Csv(_) => "a CSV field",
            Container::Jsonl(_) => "a JSON Lines value",
        }
    }

    /// Whether a directory walk reads a file by its extension whatever the flags (PGN).
    pub fn walked(path: &Path) -> bool {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
    }

    /// How records are grouped in this container.
    pub fn grouping(self) -> Grouping {
        match self {
            Container::Pgn => Grouping::Tags,
            Container::Csv(columns) => Grouping::Quoted {
                delimiter: columns.delimiter(),
            },
            Container::Jsonl(_) => Grouping::None,
        }
    }

    /// The per-thread state that extracts positions.
    pub fn extractor(self) -> Extractor {
        Extractor {
            container: self,
            csv: match self {
                Container::Csv(columns) => Some(columns.reader()),
                _ => None,
            },
            path: match self {
                Container::Jsonl(key) => key.split('.').collect(),
                _ => Vec::new(),
            },
        }
    }
}

/// Extracts the positions of one container's records (it keeps a CSV reader's tables).
pub struct Extractor {
    container: Container,
    csv: Option<::csv_core::Reader>,
    /// A JSON Lines key's path, split once.
    path: Vec<&'static str>,
}

impl std::fmt::Debug for Extractor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Extractor({:?})", self.container)
    }
}

impl Clone for Extractor {
    fn clone(&self) -> Extractor {
        self.container.extractor()
    }
}

impl Extractor {
    /// The form of the container's positions, decided by its first value as it stands in
    /// `first`, the start of the file (whole lines only): `FileForm::default()` when no value
    /// is there (a CSV row over several lines, a header longer than the buffer).
    pub fn first_form(self, first: &[u8]) -> dfen::form::FileForm {
        self.first_value(first)
            .map_or_else(dfen::form::FileForm::default, |text| {
                dfen::form::FileForm::of_first_position(&text)
            })
    }

    /// The container's first value as it stands in `first`, the start of the file (whole
    /// lines only), unescaped: `None` when no value is there.
    pub fn first_value(mut self, first: &[u8]) -> Option<String> {
        let mut lines = first.split(|&byte| byte == b'\n').enumerate().peekable();
        while let Some((index, line)) = lines.next() {
            // The last piece may be cut short by the buffer's end.
            if lines.peek().is_none() {
                break;
            }
            let Ok(line) = std::str::from_utf8(line) else {
                break;
            };
            let line = line.strip_suffix('\r').unwrap_or(line);
            let content = line.trim_start_matches('\u{feff}').trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            if let Extracted::Position(embedded) = self.extract(index + 1, line) {
                return Some(embedded.text.into_owned());
            }
        }
        None
    }

    /// The container it reads.
    pub fn container(&self) -> Container {
        self.container
    }

    /// What record `text` (whose first line is `line`) holds.
    pub fn extract<'a>(&mut self, line: usize, text: &'a str) -> Extracted<'a> {
        match (self.container, self.csv.as_mut()) {
            (Container::Pgn, _) => pgn::extract(text),
            (Container::Csv(columns), Some(reader)) => columns.extract(reader, line, text),
            (Container::Csv(_), None) => Extracted::Nothing,
            (Container::Jsonl(key), _) => jsonl::extract(key, &self.path, text),
        }
    }
}

impl Embedded<'_> {
    /// A span of the unescaped text, moved to where those bytes are written in the record.
    pub fn to_record(&self, span: &Range<usize>) -> Range<usize> {
        let raw_len = self.span.len();
        let map = |at: usize| -> usize {
            let at = at.min(self.text.len());
            if let Cow::Borrowed(_) = self.text {
                return self.span.start + at;
            }
            self.span.start + self.raw_offset(at).min(raw_len)
        };
        map(span.start)..map(span.end).max(map(span.start))
    }

    /// The offset in the escaped text of byte `at` of the unescaped text: every `"` (and in
    /// PGN and JSON every `\\`) of the text is written as two bytes. (Other JSON escapes are
    /// not counted: a span after one lands a little early, on the same value.)
    fn raw_offset(&self, at: usize) -> usize {
        let escape = self.escape;
        self.text
            .as_bytes()
            .iter()
            .take(at)
            .map(|&byte| match (escape, byte) {
                (Escape::Pgn | Escape::Json, b'"' | b'\\') | (Escape::Csv { .. }, b'"') => 2,
                _ => 1,
            })
            .sum()
    }

    /// The record with this text replaced by `text`, escaped as the container escapes it, or
    /// `None` when the container cannot hold it as written (an unquoted CSV field that would
    /// need quotes).
    pub fn replaced(&self, record: &str, text: &str) -> Option<String> {
        let escaped: Cow<'_, str> = match self.escape {
            Escape::Pgn => pgn::escape(text),
            Escape::Csv { quoted, delimiter } => csv::escape(text, quoted, delimiter)?,
            Escape::Json => jsonl::escape(text),
        };
        let mut out = String::with_capacity(record.len() + escaped.len());
        out.push_str(record.get(..self.span.start)?);
        out.push_str(&escaped);
        out.push_str(record.get(self.span.end..)?);
        Some(out)
    }
}
