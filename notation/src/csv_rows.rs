//! Where the rows of a CSV or TSV file end, for the record reader (`input`): a line ends its
//! row unless a quoted field is still open at its end (RFC 4180 lets a quoted field hold line
//! ends). `csv-core` decides; a quick test settles the lines whose quotes are all simple
//! quoted fields without it.

use csv_core::{ReadRecordResult, Reader, ReaderBuilder};

/// Where the rows of a CSV or TSV file end: a line ends its row unless a quoted field is still
/// open at its end (RFC 4180 lets a quoted field hold line ends). `csv-core` decides, as it
/// reads the fields, so that a `"` inside an unquoted field (`5"`, which RFC 4180 forbids but
/// files write) opens nothing.
#[derive(Debug)]
pub(crate) struct RowEnds {
    reader: Reader,
    scratch: Scratch,
    /// Whether a row has started and not ended.
    started: bool,
}

impl RowEnds {
    /// The row ends of a file delimited by `delimiter`, at the start of a row.
    pub(crate) fn new(delimiter: u8) -> RowEnds {
        RowEnds {
            reader: ReaderBuilder::new().delimiter(delimiter).build(),
            scratch: Scratch::new(),
            started: false,
        }
    }

    /// Starts a new row.
    pub(crate) fn reset(&mut self) {
        self.reader.reset();
        self.started = false;
    }

    /// Reads the next line of the row (without its line end): whether the row ends with it.
    /// When it does, the next line starts a new row.
    pub(crate) fn line_ends_row(&mut self, line: &[u8]) -> bool {
        // A line that ends in a lone `\r` has ended its row already; else its line end does,
        // outside quotes.
        // An empty line that starts a row is a row of its own (csv-core would skip it). (An
        // empty input would tell csv-core that the file ended.)
        let ended = (!self.started && line.is_empty())
            || (!line.is_empty() && ends_record(&mut self.reader, &mut self.scratch, line))
            || ends_record(&mut self.reader, &mut self.scratch, b"\n");
        self.started = !ended;
        if ended {
            self.reader.reset();
        }
        ended
    }
}

/// Whether every `"` of `line` (a whole row) opens a quoted field at the field's start or
/// closes it just before a delimiter or the line's end, with no `"` inside: then every quote
/// the line opens it closes, and the row ends with the line. A sufficient test that costs two
/// byte comparisons a quote, so that only lines with other quotes (`""`, a `"` inside an
/// unquoted field, a field left open) are read by `csv-core` ([`RowEnds`]).
pub(crate) fn quotes_close_simply(line: &[u8], delimiter: u8) -> bool {
    let mut quotes = memchr::memchr_iter(b'"', line);
    while let Some(open) = quotes.next() {
        let Some(close) = quotes.next() else {
            return false;
        };
        let opens_field = open == 0 || line.get(open - 1) == Some(&delimiter);
        let closes_field = matches!(line.get(close + 1), None | Some(&b'\r'))
            || line.get(close + 1) == Some(&delimiter);
        if !opens_field || !closes_field {
            return false;
        }
    }
    true
}

/// Reads `input` on from where `reader` is: whether a record ends at its last byte.
fn ends_record(reader: &mut Reader, scratch: &mut Scratch, mut input: &[u8]) -> bool {
    loop {
        let (result, read, _, _) = reader.read_record(input, &mut scratch.text, &mut scratch.ends);
        input = input.get(read..).unwrap_or_default();
        match result {
            ReadRecordResult::Record if input.is_empty() => return true,
            ReadRecordResult::Record
            | ReadRecordResult::OutputFull
            | ReadRecordResult::OutputEndsFull => {}
            ReadRecordResult::InputEmpty | ReadRecordResult::End => return false,
        }
    }
}

/// Where csv-core writes a record's text and field ends, thrown away as it fills: only where
/// records end matters. (Records, unlike fields, are read by csv-core's DFA.)
#[derive(Debug)]
struct Scratch {
    text: Box<[u8]>,
    ends: Box<[usize]>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            text: vec![0; 1024].into_boxed_slice(),
            ends: vec![0; 64].into_boxed_slice(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which of `lines` end their row.
    fn row_ends(lines: &[&str]) -> Vec<bool> {
        let mut ends = RowEnds::new(b',');
        lines
            .iter()
            .map(|line| ends.line_ends_row(line.as_bytes()))
            .collect()
    }

    #[test]
    fn simple_quoted_fields_close_on_their_line() {
        for (line, simple) in [
            ("a,\"b,c\",d", true),
            ("\"a\",\"\"", true),
            ("no quotes", true),
            ("a,\"b", false),
            ("a,5\",c", false),
            ("\"x\"\"y\"", false),
            ("\"x\"y,z", false),
        ] {
            assert_eq!(quotes_close_simply(line.as_bytes(), b','), simple, "{line}");
            // Where the test says so, csv-core agrees that the row ends.
            if simple {
                assert_eq!(row_ends(&[line]), [true], "{line}");
            }
        }
    }

    #[test]
    fn rows_go_on_only_inside_quoted_fields() {
        assert_eq!(row_ends(&["a,b", "", "c,d"]), [true, true, true]);
        assert_eq!(
            row_ends(&["a,\"b", "", "c\",d", "e"]),
            [false, false, true, true]
        );
        // A quote inside an unquoted field, and a doubled quote, open nothing.
        assert_eq!(row_ends(&["a,5\"", "x,\"say \"\"hi\"\"\""]), [true, true]);
        assert_eq!(row_ends(&["\"a\"\"", "b\""]), [false, true]);
    }
}
