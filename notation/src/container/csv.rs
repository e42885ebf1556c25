//! CSV and TSV: one column of each row after the header, its fields found by `csv-core`
//! (RFC 4180 quoting). A row whose quoted field holds a line end goes on over the lines after
//! it, up to the field's closing quote (`crate::csv_rows`, which the record reader asks): the
//! row is one record, and its findings are placed on the lines where they are.

use std::borrow::Cow;
use std::io;
use std::ops::Range;

use csv_core::{ReadFieldResult, Reader, ReaderBuilder};

use super::{Embedded, Escape, Extracted};
use crate::code::{FenkitCode, fenkit_error};

/// Which column of a CSV or TSV file holds the positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    /// `,` or a tab.
    delimiter: u8,
    /// The column, from 0.
    column: usize,
}

/// One field of a row: where it is written, whole (`raw`, quotes included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Field {
    /// The field as written, quotes included.
    pub raw: Range<usize>,
}

impl Columns {
    /// Column `column` (from 0) of a file delimited by `delimiter`.
    pub(super) fn new(delimiter: u8, column: usize) -> Columns {
        Columns { delimiter, column }
    }

    /// The column `column` (a header name, or a number from 1) of the file whose first bytes
    /// are `first`.
    ///
    /// # Errors
    /// No such column: the message names the columns the header has.
    pub(super) fn of_header(first: &[u8], delimiter: u8, column: &str) -> io::Result<Columns> {
        let first = first.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(first);
        let end = memchr::memchr(b'\n', first).unwrap_or(first.len());
        let header = first.get(..end).unwrap_or_default();
        let header = header.strip_suffix(b"\r").unwrap_or(header);
        let mut reader = ReaderBuilder::new().delimiter(delimiter).build();
        let names: Vec<String> = fields(&mut reader, header)
            .iter()
            .map(|field| {
                let raw = header.get(field.raw.clone()).unwrap_or_default();
                String::from_utf8_lossy(&unquote(raw)).into_owned()
            })
            .collect();
        let found = match column.parse::<usize>() {
            Ok(number) if number >= 1 && number <= names.len() => Some(number - 1),
            Ok(_) => None,
            Err(_) => names.iter().position(|name| name == column),
        };
        match found {
            Some(column) => Ok(Columns { delimiter, column }),
            None => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "no column `{column}`: expected a name or a number from 1 to {}; the header \
                     has {}",
                    names.len(),
                    names
                        .iter()
                        .map(|name| format!("`{name}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }

    /// The file's delimiter.
    pub(super) fn delimiter(self) -> u8 {
        self.delimiter
    }

    /// A field reader for this file's delimiter.
    pub(super) fn reader(self) -> Reader {
        ReaderBuilder::new().delimiter(self.delimiter).build()
    }

    /// The position of row `text` (line `line`; line 1 is the header).
    pub(super) fn extract<'a>(
        self,
        reader: &mut Reader,
        line: usize,
        text: &'a str,
    ) -> Extracted<'a> {
        if line == 1 {
            return Extracted::Nothing;
        }
        let fields = fields(reader, text.as_bytes());
        // A quote that never closes takes the rest of the file into its field, whichever
        // column it is in: the row has no end, so none of it is read. (Only the row's last
        // field can hold it; the position's own column says so below.)
        if let Some((index, open)) = fields.iter().enumerate().next_back()
            && index != self.column
            && never_closes(text.get(open.raw.clone()).unwrap_or_default())
        {
            let quote = open.raw.start..open.raw.start + 1;
            return Extracted::Findings(vec![
                fenkit_error(
                    FenkitCode::CsvField,
                    quote,
                    format!(
                        "expected a closing `\"` for the quoted field of column {}, found the \
                         end of the file",
                        index + 1
                    ),
                )
                .with_help("close the quote; a `\"` inside a quoted field is written `\"\"`"),
            ]);
        }
        let Some(field) = fields.get(self.column) else {
            return Extracted::Findings(vec![fenkit_error(
                FenkitCode::CsvField,
                0..text.len(),
                format!(
                    "expected at least {} fields in this row, found {}",
                    self.column + 1,
                    fields.len()
                ),
            )]);
        };
        let raw = text.get(field.raw.clone()).unwrap_or_default();
        let Some(rest) = raw.strip_prefix('"') else {
            return Extracted::Position(Embedded {
                span: field.raw.clone(),
                text: Cow::Borrowed(raw),
                variant: None,
                findings: Vec::new(),
                clockless: dfen::form::FileForm::is_clockless(raw),
                escape: Escape::Csv {
                    quoted: false,
                    delimiter: self.delimiter,
                },
            });
        };
        // A quoted field: its closing quote is the first `"` not doubled.
        let bytes = rest.as_bytes();
        let mut at = 0;
        let close = loop {
            match memchr::memchr(b'"', bytes.get(at..).unwrap_or_default()) {
                None => break None,
                Some(i) if bytes.get(at + i + 1) == Some(&b'"') => at += i + 2,
                Some(i) => break Some(at + i),
            }
        };
        let Some(close) = close.filter(|&close| close + 1 == rest.len()) else {
            let message = if close.is_none() {
                "expected a closing `\"` for this quoted field, found the end of the file"
            } else {
                "expected the field to end at its closing `\"`, found more text"
            };
            return Extracted::Findings(vec![
                fenkit_error(FenkitCode::CsvField, field.raw.clone(), message)
                    .with_help("close the quote; a `\"` inside a quoted field is written `\"\"`"),
            ]);
        };
        let inner = rest.get(..close).unwrap_or_default();
        let start = field.raw.start + 1;
        // Four fields (puzzle and evaluation dumps): a position without clocks, by design.
        let clockless = dfen::form::FileForm::is_clockless(inner);
        Extracted::Position(Embedded {
            span: start..start + inner.len(),
            text: if inner.contains('"') {
                Cow::Owned(inner.replace("\"\"", "\""))
            } else {
                Cow::Borrowed(inner)
            },
            variant: None,
            findings: Vec::new(),
            clockless,
            escape: Escape::Csv {
                quoted: true,
                delimiter: self.delimiter,
            },
        })
    }
}

/// Whether a field (as written) opens a quote that no `"` closes: a `"` not doubled.
fn never_closes(raw: &str) -> bool {
    let Some(rest) = raw.strip_prefix('"') else {
        return false;
    };
    let bytes = rest.as_bytes();
    let mut at = 0;
    loop {
        match memchr::memchr(b'"', bytes.get(at..).unwrap_or_default()) {
            None => return true,
            Some(i) if bytes.get(at + i + 1) == Some(&b'"') => at += i + 2,
            Some(_) => return false,
        }
    }
}

/// The fields of one row (without its line end), as `csv-core` finds them.
pub(super) fn fields(reader: &mut Reader, row: &[u8]) -> Vec<Field> {
    reader.reset();
    let mut out = Vec::new();
    // The unquoted text is not kept: only where each field starts and ends.
    let mut scratch = [0u8; 256];
    let (mut at, mut start) = (0usize, 0usize);
    loop {
        let input = row.get(at..).unwrap_or_default();
        let (result, read, _) = reader.read_field(input, &mut scratch);
        at += read;
        match result {
            ReadFieldResult::OutputFull => {}
            ReadFieldResult::InputEmpty if input.is_empty() => return out,
            // The row is all read: an empty input tells the reader it ended.
            ReadFieldResult::InputEmpty => {}
            ReadFieldResult::Field { record_end } => {
                // A field that ends before the row does ends at its delimiter.
                let end = if record_end { at } else { at.saturating_sub(1) };
                out.push(Field {
                    raw: start..end.max(start),
                });
                start = at;
                if record_end {
                    return out;
                }
            }
            ReadFieldResult::End => return out,
        }
    }
}

/// A field's text without its quotes, `""` read as `"`.
fn unquote(raw: &[u8]) -> Cow<'_, [u8]> {
    match raw.strip_prefix(b"\"").and_then(|r| r.strip_suffix(b"\"")) {
        Some(inner) if memchr::memchr(b'"', inner).is_some() => {
            let text = String::from_utf8_lossy(inner).replace("\"\"", "\"");
            Cow::Owned(text.into_bytes())
        }
        Some(inner) => Cow::Borrowed(inner),
        None => Cow::Borrowed(raw),
    }
}

/// A field's text as the file writes it: quoted fields double their quotes; an unquoted field
/// that would need quotes is `None` (left as it was).
pub(super) fn escape(text: &str, quoted: bool, delimiter: u8) -> Option<Cow<'_, str>> {
    if quoted {
        return Some(if text.contains('"') {
            Cow::Owned(text.replace('"', "\"\""))
        } else {
            Cow::Borrowed(text)
        });
    }
    let needs_quotes = text
        .bytes()
        .any(|b| b == delimiter || b == b'"' || b == b'\n' || b == b'\r');
    (!needs_quotes).then_some(Cow::Borrowed(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw_fields(row: &str) -> Vec<&str> {
        let mut reader = ReaderBuilder::new().build();
        fields(&mut reader, row.as_bytes())
            .into_iter()
            .map(|f| &row[f.raw])
            .collect()
    }

    #[test]
    fn fields_keep_their_quotes_and_spans() {
        assert_eq!(raw_fields("a,b,c"), ["a", "b", "c"]);
        assert_eq!(raw_fields("a,\"b,c\",d"), ["a", "\"b,c\"", "d"]);
        assert_eq!(raw_fields("a,,"), ["a", "", ""]);
        assert_eq!(raw_fields("\"x\"\"y\",z"), ["\"x\"\"y\"", "z"]);
    }
}
