//! Position files split into records: byte-exact line splitting, continuation lines, CSV rows
//! that go on while a quote is open, and lines too long or not UTF-8.
//!
//! A position file holds one position per line. Blank lines and lines whose first non-blank
//! byte is `#` are kept and otherwise ignored. In FEN4 files a position may continue onto
//! following lines that start with a space or a tab (the seed's multi-line layout).
//!
//! Reading is streaming: a [`RecordReader`] holds at most one record (at most
//! [`MAX_RECORD_BYTES`] bytes) in memory, whatever the size of the file. Longer lines are
//! skipped over without being stored and reported as too long.
//!
//! Every byte is accounted for, so that writing each record's `raw` bytes followed by its line
//! end (and the BOM, if the file had one) reproduces the input exactly.
//!
//! The reader reads from any [`BufRead`] its caller opens; this crate opens no file or stream.

use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, Read};

/// The longest record (one position, all its continuation lines included) that is read.
///
/// A canonical FEN4 literal with all 4,096 squares occupied is about 54 KB, a DFEN line at most
/// 1 KB, so 1 MiB leaves ample room for non-canonical spacing.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How a line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eol {
    /// The last line of a file without a final newline.
    None,
    /// `\n`.
    Lf,
    /// `\r\n`.
    CrLf,
}

impl Eol {
    /// The bytes of this line end.
    pub fn as_bytes(self) -> &'static [u8] {
        match self {
            Eol::None => b"",
            Eol::Lf => b"\n",
            Eol::CrLf => b"\r\n",
        }
    }
}

/// One physical line, without its line end.
#[derive(Debug)]
struct RawLine {
    number: usize,
    offset: u64,
    content: Vec<u8>,
    eol: Eol,
    /// The full length of the content when it is longer than the limit (`content` is then
    /// truncated).
    overflow: Option<u64>,
}

/// A buffered reader that can also hand over its bytes without its buffer.
pub trait DirectRead: BufRead {
    /// The bytes buffered now, without reading.
    fn buffered(&self) -> &[u8];

    /// Appends up to `max` bytes read from past the buffer to `out`, in as few reads as it
    /// takes to get them or reach the end. Called only when [`buffered`](Self::buffered) is
    /// empty.
    fn read_past_buffer(&mut self, out: &mut Vec<u8>, max: usize) -> io::Result<usize>;
}

impl<R: Read> DirectRead for BufReader<R> {
    fn buffered(&self) -> &[u8] {
        self.buffer()
    }

    fn read_past_buffer(&mut self, out: &mut Vec<u8>, max: usize) -> io::Result<usize> {
        // `read_to_end` reads into the vector's spare capacity without zeroing it first.
        self.get_mut().take(max as u64).read_to_end(out)
    }
}

/// A buffered reader with bytes put back in front of it: the part of a direct read that a
/// batch did not take.
struct Rewind<R> {
    front: Vec<u8>,
    at: usize,
    inner: R,
}

impl<R: BufRead> Read for Rewind<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out.get_mut(..n)
            .unwrap_or_default()
            .copy_from_slice(available.get(..n).unwrap_or_default());
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Rewind<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at < self.front.len() {
            return Ok(self.front.get(self.at..).unwrap_or_default());
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if self.at < self.front.len() {
            self.at = (self.at + amount).min(self.front.len());
            if self.at == self.front.len() {
                self.front.clear();
                self.at = 0;
            }
        } else {
            self.inner.consume(amount);
        }
    }
}

/// Splits a byte stream into lines, keeping line ends and a leading BOM apart.
struct LineReader<R> {
    inner: Rewind<R>,
    next_number: usize,
    offset: u64,
    bom: bool,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    fn new(inner: R, limit: usize) -> Self {
        LineReader {
            inner: Rewind {
                front: Vec::new(),
                at: 0,
                inner,
            },
            next_number: 1,
            offset: 0,
            bom: false,
            limit,
        }
    }

    fn next_line(&mut self) -> io::Result<Option<RawLine>> {
        let start = self.offset;
        let mut content = Vec::new();
        let mut total: u64 = 0;
        let mut newline = false;
        let mut last = None;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buf.is_empty() {
                break;
            }
            let (chunk, consumed) = match memchr::memchr(b'\n', buf) {
                Some(at) => {
                    newline = true;
                    (&buf[..at], at + 1)
                }
                None => (buf, buf.len()),
            };
            let room = (self.limit + 1).saturating_sub(content.len());
            let take = &chunk[..chunk.len().min(room)];
            if content.capacity() == 0 {
                // Most lines arrive in one piece: one exact allocation.
                content = Vec::with_capacity(take.len());
            }
            content.extend_from_slice(take);
            if let Some(&byte) = chunk.last() {
                last = Some(byte);
            }
            total += chunk.len() as u64;
            self.inner.consume(consumed);
            self.offset += consumed as u64;
            if newline {
                break;
            }
        }
        if !newline && total == 0 {
            return Ok(None);
        }
        let number = self.next_number;
        self.next_number += 1;
        let mut offset = start;
        let mut eol = if newline { Eol::Lf } else { Eol::None };
        if newline && last == Some(b'\r') {
            eol = Eol::CrLf;
            total -= 1;
            if content.len() as u64 > total {
                content.truncate(total as usize);
            }
        }
        if number == 1 && content.starts_with(BOM) {
            self.bom = true;
            content.drain(..BOM.len());
            offset += BOM.len() as u64;
            total -= BOM.len() as u64;
        }
        let overflow = if total > self.limit as u64 {
            content.truncate(self.limit);
            Some(total)
        } else {
            None
        };
        Ok(Some(RawLine {
            number,
            offset,
            content,
            eol,
            overflow,
        }))
    }
}

/// How lines are grouped into records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Grouping {
    /// One line, one record.
    #[default]
    None,
    /// A position goes on over the lines after it that start with a space or a tab (FEN4).
    Indented,
    /// PGN: a game's tag pairs (consecutive lines that start with `[`) are one record; lines
    /// that start with `;`, `%`, `{` or `#` are comments, and movetext lines count as blank
    /// (they hold no position).
    Tags,
    /// CSV and TSV (fields split by `delimiter`): a row goes on over the lines after it while
    /// one of its quoted fields is open (`csv_rows::RowEnds`).
    Quoted {
        /// `,` or a tab.
        delimiter: u8,
    },
    /// Perft suites, read case by case (`convert`): an `id` line goes on with the `epd` line
    /// after it, and an `epd` line with the `perft` lines after it, so that a case is one
    /// record and converts whole.
    Cases,
}

impl Grouping {
    /// Whether a line that starts with `byte` may go on with the record before it.
    fn may_continue(self, byte: u8) -> bool {
        match self {
            // A CSV row goes on whatever its next line starts with, but only while a quote is
            // open: the reader asks [`crate::csv_rows::RowEnds`].
            Grouping::None | Grouping::Quoted { .. } => false,
            Grouping::Indented => matches!(byte, b' ' | b'\t'),
            Grouping::Tags => byte == b'[',
            Grouping::Cases => matches!(byte, b'e' | b'p'),
        }
    }

    /// Whether a line of `kind` opens a record that later lines may go on with.
    fn opens(self, kind: Kind) -> bool {
        self != Grouping::None && kind == Kind::Position
    }

    /// Whether `content`, of `kind`, goes on with an open record, `record` so far.
    fn continues(self, record: &[u8], content: &[u8], kind: Kind) -> bool {
        if self == Grouping::Cases {
            return kind == Kind::Position && case_goes_on(record, content);
        }
        kind == Kind::Position && content.first().is_some_and(|&b| self.may_continue(b))
    }

    /// What kind of line `content` is, where a comment starts with one of `comments` (PGN
    /// has comment starts of its own).
    fn classify(self, content: &[u8], comments: &[u8]) -> Kind {
        let first = content
            .iter()
            .find(|byte| !matches!(byte, b' ' | b'\t' | b'\r'));
        match (self, first) {
            (_, None) => Kind::Blank,
            (Grouping::Tags, Some(b'[')) => Kind::Position,
            (Grouping::Tags, Some(b';' | b'%' | b'{' | b'#')) => Kind::Comment,
            (Grouping::Tags, Some(_)) => Kind::Blank,
            (_, Some(byte)) if comments.contains(byte) => Kind::Comment,
            (_, Some(_)) => Kind::Position,
        }
    }
}

/// Whether the perft-suite line `line` goes on with the case `case` holds so far: a `perft`
/// line after the case's `epd` line, an `epd` line after an `id` line alone.
fn case_goes_on(case: &[u8], line: &[u8]) -> bool {
    let word = |line: &[u8]| -> Vec<u8> {
        line.split(|b| *b == b' ' || *b == b'\t')
            .next()
            .unwrap_or_default()
            .to_vec()
    };
    let words: Vec<Vec<u8>> = case.split(|b| *b == b'\n').map(word).collect();
    match word(line).as_slice() {
        b"perft" => words.iter().any(|w| w == b"epd"),
        b"epd" => words.iter().all(|w| w == b"id"),
        _ => false,
    }
}

/// What kind of line a record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Empty or only spaces and tabs.
    Blank,
    /// The first non-blank byte is `#`, or another byte the notation opens comments with
    /// (`%` in EPD).
    Comment,
    /// Anything else: a position to parse.
    Position,
}

/// The run of whole lines at the front of `buffer` that the fast lane may take: its length in
/// bytes (ending just after a newline) and its number of lines, or `None` for none. It takes
/// about `max_records` lines or `max_bytes` bytes and no line longer than `limit` (without its
/// line end). When lines are grouped, the byte after the run must be known, and not one that
/// may go on with a record: else the run's last record could go on after it.
fn whole_lines(
    buffer: &[u8],
    grouping: Grouping,
    limit: usize,
    max_records: usize,
    max_bytes: usize,
) -> Option<(usize, usize)> {
    let mut end = memchr::memrchr(b'\n', buffer)? + 1;
    // Cut at the first newline at or after `max_bytes`.
    if end > max_bytes {
        end = max_bytes + memchr::memchr(b'\n', buffer.get(max_bytes..end)?)? + 1;
    }
    let mut lines = count_newlines(buffer.get(..end)?);
    if lines > max_records {
        end = nth_newline(buffer.get(..end)?, max_records)? + 1;
        lines = max_records;
    }
    if let Grouping::Quoted { delimiter } = grouping {
        // The run ends before the first line that leaves a quoted field open.
        end = rows_closed(buffer.get(..end)?, delimiter);
        lines = count_newlines(buffer.get(..end)?);
        if lines == 0 {
            return None;
        }
    } else if grouping != Grouping::None {
        while !matches!(buffer.get(end), Some(byte) if !grouping.may_continue(*byte)) {
            // Drop the last line of the run.
            end = memchr::memrchr(b'\n', buffer.get(..end - 1)?)? + 1;
            lines -= 1;
        }
    }
    // A line over the limit is left to the general path, which stores only its start.
    if end > limit && longest_line(buffer.get(..end)?) > limit {
        return None;
    }
    Some((end, lines))
}

/// The length of the lines at the front of `lines` (whole lines, each ending with a newline)
/// that end their CSV rows: up to the first line that leaves a quoted field open. Only lines
/// with a `"` can, and only those are read field by field.
fn rows_closed(lines: &[u8], delimiter: u8) -> usize {
    let mut row_ends: Option<crate::csv_rows::RowEnds> = None;
    let mut checked = 0usize;
    for quote in memchr::memchr_iter(b'"', lines) {
        if quote < checked {
            continue;
        }
        let start =
            memchr::memrchr(b'\n', lines.get(..quote).unwrap_or_default()).map_or(0, |at| at + 1);
        let Some(end) = memchr::memchr(b'\n', lines.get(quote..).unwrap_or_default()) else {
            return start;
        };
        let end = quote + end;
        let line = lines.get(start..end).unwrap_or_default();
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        checked = end + 1;
        if crate::csv_rows::quotes_close_simply(line, delimiter) {
            continue;
        }
        let row_ends = row_ends.get_or_insert_with(|| crate::csv_rows::RowEnds::new(delimiter));
        row_ends.reset();
        if !row_ends.line_ends_row(line) {
            return start;
        }
    }
    lines.len()
}

/// How many newlines `bytes` holds (counted with vector instructions).
fn count_newlines(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

/// Where the `n`th newline of `bytes` is (`n` from 1): counted a block at a time, and only
/// the last block searched newline by newline.
fn nth_newline(bytes: &[u8], n: usize) -> Option<usize> {
    let mut seen = 0;
    let mut at = 0;
    for block in bytes.chunks(4096) {
        let count = count_newlines(block);
        if seen + count >= n {
            let within = memchr::memchr_iter(b'\n', block).nth(n - seen - 1)?;
            return Some(at + within);
        }
        seen += count;
        at += block.len();
    }
    None
}

/// The length of the longest line of `bytes` (line ends excluded, a CR before an LF included:
/// an upper bound of what the general path compares with the limit).
fn longest_line(bytes: &[u8]) -> usize {
    let mut longest = 0;
    let mut at = 0;
    for newline in memchr::memchr_iter(b'\n', bytes) {
        longest = longest.max(newline - at);
        at = newline + 1;
    }
    longest
}

/// The bytes that open a comment line in every notation: `#`.
pub const COMMENT_STARTS: &[u8] = b"#";

/// Why a record cannot be handed to a parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The record is longer than [`MAX_RECORD_BYTES`]; `len` is its full length in bytes.
    TooLong {
        /// The full length of the record.
        len: u64,
    },
    /// The record is not valid UTF-8; `at` is the offset of the first bad byte in the record.
    InvalidUtf8 {
        /// Offset of the first invalid byte from the start of the record.
        at: usize,
    },
}

/// One position (or blank or comment line) of a position file. Its bytes are its own, or
/// borrowed from the [`RecordBatch`] it was read into.
#[derive(Debug)]
pub struct Record<'a> {
    /// The number of the record's first line, from 1.
    pub line: usize,
    /// How many physical lines the record spans.
    pub lines: usize,
    /// Byte offset of the record's first byte in the file (after a BOM).
    pub offset: u64,
    /// The record's bytes, inner line ends included, the final line end excluded (truncated
    /// when the record is too long): see [`Record::raw`] and [`Record::text`].
    bytes: Bytes<'a>,
    /// The final line end.
    pub eol: Eol,
    /// Blank, comment or position.
    pub kind: Kind,
    /// Set when the record cannot be parsed at all.
    pub problem: Option<Problem>,
}

/// A record's bytes, checked for UTF-8 once, when the record is read.
#[derive(Debug)]
enum Bytes<'a> {
    /// Valid UTF-8.
    Text(Cow<'a, str>),
    /// Not valid UTF-8, or not checked (a record too long to read whole).
    Other(Cow<'a, [u8]>),
}

impl<'a> Record<'a> {
    /// The one record of `text`, a text of one line (no line feed but, perhaps, a final one),
    /// borrowed from it: what [`RecordReader::next_record`] reads from such a text, without
    /// the copy. `None` when `text` is not one line, or is longer than `limit` bytes (the
    /// reader truncates such a record), or is empty (no record at all). A binding's loop
    /// hands positions one at a time, so this is the record it reads.
    pub fn of_one_line(
        text: &'a str,
        grouping: Grouping,
        comments: &[u8],
        limit: usize,
    ) -> Option<Record<'a>> {
        let (content, eol) = match memchr::memchr(b'\n', text.as_bytes()) {
            None => (text, Eol::None),
            Some(at) if at + 1 == text.len() => match text[..at].strip_suffix('\r') {
                Some(content) => (content, Eol::CrLf),
                None => (&text[..at], Eol::Lf),
            },
            Some(_) => return None,
        };
        // The reader strips a byte order mark from the first line, after the line end.
        let (content, offset) = match content.strip_prefix('\u{feff}') {
            Some(rest) => (rest, BOM.len() as u64),
            None => (content, 0),
        };
        // Quoted rows (CSV) are read by the reader alone.
        // (The whole text within the limit: the reader counts a line's limit before it
        // strips a byte order mark.)
        if text.is_empty() || text.len() > limit || matches!(grouping, Grouping::Quoted { .. }) {
            return None;
        }
        Some(Record {
            line: 1,
            lines: 1,
            offset,
            bytes: Bytes::Text(Cow::Borrowed(content)),
            eol,
            kind: grouping.classify(content.as_bytes(), comments),
            problem: None,
        })
    }
}

impl Record<'_> {
    /// The record's bytes, inner line ends included, the final line end excluded. Truncated
    /// when the record is too long.
    pub fn raw(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Text(text) => text.as_bytes(),
            Bytes::Other(bytes) => bytes,
        }
    }

    /// The record as text, when it has no [`Problem`].
    pub fn text(&self) -> Option<&str> {
        match (&self.problem, &self.bytes) {
            (None, Bytes::Text(text)) => Some(text),
            _ => None,
        }
    }
}

/// Records read together, in two steps. [`RecordReader::fill`] copies the bytes of whole lines
/// from the read buffer, with little more work than the copy: that step runs one thread at a
/// time. [`RecordBatch::index`] then finds the records in those bytes, checks their UTF-8 and
/// classifies them, on the thread that analyses the batch. The bytes stay in the batch, which
/// is cleared and filled again, so reading allocates nothing per record once its buffers have
/// grown.
#[derive(Debug, Default)]
pub struct RecordBatch {
    /// Bytes as filled: runs of whole lines, and the records of the general path.
    raw: Vec<u8>,
    /// What `raw` holds, in file order.
    pieces: Vec<Piece>,
    /// After indexing, the bytes of the text records.
    text: String,
    /// The bytes of the records that are not text.
    other: Vec<u8>,
    /// After indexing, one per record.
    entries: Vec<Entry>,
    /// How lines are grouped into records (set by the reader).
    grouping: Grouping,
    /// The bytes that open a comment line (set by the reader).
    comments: &'static [u8],
    /// The longest record stored whole (set by the reader).
    limit: usize,
}

/// A stretch of [`RecordBatch::raw`].
#[derive(Debug)]
enum Piece {
    /// Whole lines, one record each, not yet split: `raw[start..end]`, ending with a newline.
    Lines {
        start: usize,
        end: usize,
        first_line: usize,
        offset: u64,
    },
    /// A record of the general path, already complete; its `start..end` is in `raw` when it
    /// is text, else in `other`.
    Record(Entry),
}

/// A record of a [`RecordBatch`]: a [`Record`] whose bytes are a range of one of the batch's
/// buffers.
#[derive(Debug, Clone)]
struct Entry {
    line: usize,
    lines: usize,
    offset: u64,
    eol: Eol,
    kind: Kind,
    problem: Option<Problem>,
    is_text: bool,
    start: usize,
    end: usize,
}

impl RecordBatch {
    /// Empties the batch, keeping its storage.
    pub fn clear(&mut self) {
        self.raw.clear();
        self.pieces.clear();
        self.text.clear();
        self.other.clear();
        self.entries.clear();
    }

    /// The records, in the order they were read (after [`RecordBatch::index`]).
    pub fn iter(&self) -> impl Iterator<Item = Record<'_>> {
        self.entries.iter().map(|entry| self.record_of(entry))
    }

    /// Record `index` (after [`RecordBatch::index`]).
    pub fn get(&self, index: usize) -> Option<Record<'_>> {
        self.entries.get(index).map(|entry| self.record_of(entry))
    }

    /// The line record `index` starts on (after [`RecordBatch::index`]).
    pub fn line(&self, index: usize) -> Option<usize> {
        self.entries.get(index).map(|entry| entry.line)
    }

    /// Where the last record starts in the file (after [`RecordBatch::index`]).
    pub fn last_offset(&self) -> Option<u64> {
        self.entries.last().map(|entry| entry.offset)
    }

    fn record_of(&self, entry: &Entry) -> Record<'_> {
        let bytes = if entry.is_text {
            Bytes::Text(Cow::Borrowed(
                self.text.get(entry.start..entry.end).unwrap_or_default(),
            ))
        } else {
            Bytes::Other(Cow::Borrowed(
                self.other.get(entry.start..entry.end).unwrap_or_default(),
            ))
        };
        Record {
            line: entry.line,
            lines: entry.lines,
            offset: entry.offset,
            bytes,
            eol: entry.eol,
            kind: entry.kind,
            problem: entry.problem.clone(),
        }
    }

    /// Adds a record of the general path, copying its bytes.
    fn push_record(&mut self, record: Record<'_>) {
        let (is_text, start, end) = match &record.bytes {
            Bytes::Text(text) => {
                let start = self.raw.len();
                self.raw.extend_from_slice(text.as_bytes());
                (true, start, self.raw.len())
            }
            Bytes::Other(bytes) => {
                let start = self.other.len();
                self.other.extend_from_slice(bytes);
                (false, start, self.other.len())
            }
        };
        self.pieces.push(Piece::Record(Entry {
            line: record.line,
            lines: record.lines,
            offset: record.offset,
            eol: record.eol,
            kind: record.kind,
            problem: record.problem,
            is_text,
            start,
            end,
        }));
    }

    /// Finds the records in the filled bytes: the second step of reading, which needs no
    /// access to the reader. The bytes are checked as UTF-8 all at once; only when some are
    /// not text is each line checked on its own.
    pub fn index(&mut self) {
        self.entries.clear();
        // The text buffer of the last round becomes the next round's raw buffer, and the raw
        // bytes become the text without a copy when they are valid UTF-8.
        let mut spare = std::mem::take(&mut self.text).into_bytes();
        spare.clear();
        let raw = std::mem::replace(&mut self.raw, spare);
        let pieces = std::mem::take(&mut self.pieces);
        // `None` when all the bytes are text (they are then in `text` already).
        let raw = match String::from_utf8(raw) {
            Ok(text) => {
                self.text = text;
                None
            }
            Err(error) => Some(error.into_bytes()),
        };
        for piece in &pieces {
            match piece {
                Piece::Lines {
                    start,
                    end,
                    first_line,
                    offset,
                } => self.index_lines(*start..*end, *first_line, *offset, raw.as_deref()),
                Piece::Record(entry) => {
                    let mut entry = entry.clone();
                    if let Some(raw) = &raw
                        && entry.is_text
                    {
                        // Text by construction: copied as such.
                        let bytes = raw.get(entry.start..entry.end).unwrap_or_default();
                        entry.start = self.text.len();
                        self.text.push_str(&String::from_utf8_lossy(bytes));
                        entry.end = self.text.len();
                    }
                    self.entries.push(entry);
                }
            }
        }
        if let Some(mut raw) = raw {
            raw.clear();
            self.raw = raw;
        }
        self.pieces = pieces;
        self.pieces.clear();
    }

    /// Indexes the lines of `span`, joining continuation lines onto the position before them
    /// as [`RecordReader::next_record`] does. With `raw`, the bytes are in `raw`, not all of
    /// them text, and each record is checked and copied into `text` or `other`; without, `span`
    /// is in `text` already.
    fn index_lines(
        &mut self,
        span: std::ops::Range<usize>,
        first_line: usize,
        offset: u64,
        raw: Option<&[u8]>,
    ) {
        let source = match raw {
            Some(raw) => raw,
            None => self.text.as_bytes(),
        };
        let lines = source.get(span.clone()).unwrap_or_default();
        let before = self.entries.len();
        let mut at = 0usize;
        // The position record that the next line may continue, and its length so far.
        let mut open: Option<usize> = None;
        let mut total = 0u64;
        for (line, newline) in (first_line..).zip(memchr::memchr_iter(b'\n', lines)) {
            let whole = lines.get(at..newline).unwrap_or_default();
            let (content, eol) = match whole.strip_suffix(b"\r") {
                Some(content) => (content, Eol::CrLf),
                None => (whole, Eol::Lf),
            };
            let kind = self.grouping.classify(content, self.comments);
            let end = span.start + at + content.len();
            let continued = match open {
                Some(index)
                    if self.grouping.continues(
                        self.entries
                            .get(index)
                            .and_then(|entry| source.get(entry.start..entry.end))
                            .unwrap_or_default(),
                        content,
                        kind,
                    ) =>
                {
                    self.entries.get_mut(index)
                }
                _ => None,
            };
            if let Some(record) = continued {
                total += (record.eol.as_bytes().len() + content.len()) as u64;
                record.lines += 1;
                if total > self.limit as u64 || record.problem.is_some() {
                    record.problem = Some(Problem::TooLong { len: total });
                } else {
                    record.end = end;
                }
                record.eol = eol;
            } else {
                open = self.grouping.opens(kind).then_some(self.entries.len());
                total = content.len() as u64;
                self.entries.push(Entry {
                    line,
                    lines: 1,
                    offset: offset + at as u64,
                    eol,
                    kind,
                    problem: None,
                    is_text: true,
                    start: span.start + at,
                    end,
                });
            }
            at = newline + 1;
        }
        for entry in self.entries.get_mut(before..).unwrap_or_default() {
            if entry.problem.is_some() {
                // A record too long is kept as bytes, not text, as the general path keeps it.
                let bytes = match raw {
                    Some(raw) => raw,
                    None => self.text.as_bytes(),
                };
                let bytes = bytes.get(entry.start..entry.end).unwrap_or_default();
                entry.is_text = false;
                entry.start = self.other.len();
                self.other.extend_from_slice(bytes);
                entry.end = self.other.len();
                continue;
            }
            let Some(raw) = raw else {
                continue;
            };
            let bytes = raw.get(entry.start..entry.end).unwrap_or_default();
            match std::str::from_utf8(bytes) {
                Ok(text) => {
                    entry.start = self.text.len();
                    self.text.push_str(text);
                    entry.end = self.text.len();
                }
                Err(error) => {
                    entry.kind = Kind::Position;
                    entry.problem = Some(Problem::InvalidUtf8 {
                        at: error.valid_up_to(),
                    });
                    entry.is_text = false;
                    entry.start = self.other.len();
                    self.other.extend_from_slice(bytes);
                    entry.end = self.other.len();
                }
            }
        }
    }
}

/// Reads [`Record`]s from a byte stream.
pub struct RecordReader<R> {
    lines: LineReader<R>,
    pending: Option<RawLine>,
    grouping: Grouping,
    /// The bytes that open a comment line.
    comments: &'static [u8],
    /// Bytes per line in the last run read straight into a batch, to read about as much as a
    /// batch's record count needs.
    bytes_per_line: usize,
    /// Where CSV rows end (made for the first row that needs it).
    row_ends: Option<crate::csv_rows::RowEnds>,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader; `continuation` joins lines that start with a space or tab onto the position
    /// before them (FEN4).
    pub fn new(inner: R, continuation: bool) -> Self {
        Self::with_limit(inner, continuation, MAX_RECORD_BYTES)
    }

    /// Like [`RecordReader::new`] with another record size limit (for tests).
    pub fn with_limit(inner: R, continuation: bool, limit: usize) -> Self {
        let grouping = if continuation {
            Grouping::Indented
        } else {
            Grouping::None
        };
        Self::grouped(inner, grouping, limit)
    }

    /// A reader that groups lines into records as `grouping` says.
    pub fn grouped(inner: R, grouping: Grouping, limit: usize) -> Self {
        RecordReader {
            lines: LineReader::new(inner, limit),
            pending: None,
            grouping,
            comments: COMMENT_STARTS,
            bytes_per_line: usize::MAX,
            row_ends: None,
        }
    }

    /// This reader with comment lines opened by any of `comments` (`#` and `%` for EPD).
    pub fn with_comment_starts(mut self, comments: &'static [u8]) -> Self {
        self.comments = comments;
        self
    }

    /// Whether the input started with a UTF-8 byte order mark. Known once the first record
    /// has been read.
    pub fn bom(&self) -> bool {
        self.lines.bom
    }

    /// Reads the lines that the CSV row `record` (its first line in `raw`) goes on over while
    /// one of its quoted fields is open, up to the record size limit.
    fn read_row(
        &mut self,
        record: &mut Record<'static>,
        raw: &mut Vec<u8>,
        delimiter: u8,
    ) -> io::Result<()> {
        let row_ends = self
            .row_ends
            .get_or_insert_with(|| crate::csv_rows::RowEnds::new(delimiter));
        row_ends.reset();
        if row_ends.line_ends_row(raw) {
            return Ok(());
        }
        let mut total = raw.len() as u64;
        while let Some(next) = self.lines.next_line()? {
            total += record.eol.as_bytes().len() as u64
                + next.overflow.unwrap_or(next.content.len() as u64);
            record.lines += 1;
            let ends = next.overflow.is_some() || row_ends.line_ends_row(&next.content);
            if total > self.lines.limit as u64 {
                record.problem = Some(Problem::TooLong { len: total });
            } else {
                raw.extend_from_slice(record.eol.as_bytes());
                raw.extend_from_slice(&next.content);
            }
            record.eol = next.eol;
            // A row too long to keep ends here: an unterminated quote takes at most the
            // limit's worth of lines with it.
            if ends || record.problem.is_some() {
                break;
            }
        }
        Ok(())
    }

    /// The next record, or `None` at the end of the input.
    pub fn next_record(&mut self) -> io::Result<Option<Record<'static>>> {
        let first = match self.pending.take() {
            Some(line) => line,
            None => match self.lines.next_line()? {
                Some(line) => line,
                None => return Ok(None),
            },
        };
        let kind = self.grouping.classify(&first.content, self.comments);
        let mut raw = first.content;
        let mut record = Record {
            line: first.number,
            lines: 1,
            offset: first.offset,
            bytes: Bytes::Other(Cow::Owned(Vec::new())),
            eol: first.eol,
            kind,
            problem: first.overflow.map(|len| Problem::TooLong { len }),
        };
        if record.problem.is_some() {
            record.kind = Kind::Position;
            record.bytes = Bytes::Other(Cow::Owned(raw));
            return Ok(Some(record));
        }
        if let Grouping::Quoted { delimiter } = self.grouping
            && kind == Kind::Position
        {
            self.read_row(&mut record, &mut raw, delimiter)?;
        } else if self.grouping.opens(kind) {
            let mut total = raw.len() as u64;
            loop {
                // Only a line that may go on with the record (a space or a tab), so
                // the next line is read here only then (a read error is left to `next_line`).
                let grouping = self.grouping;
                let may_continue = self.lines.inner.fill_buf().map_or(true, |buffer| {
                    buffer.first().is_some_and(|&b| grouping.may_continue(b))
                });
                if !may_continue {
                    break;
                }
                let Some(next) = self.lines.next_line()? else {
                    break;
                };
                let continues = self.grouping.continues(
                    &raw,
                    &next.content,
                    self.grouping.classify(&next.content, self.comments),
                );
                if !continues {
                    self.pending = Some(next);
                    break;
                }
                total += record.eol.as_bytes().len() as u64
                    + next.overflow.unwrap_or(next.content.len() as u64);
                record.lines += 1;
                if total > self.lines.limit as u64 || record.problem.is_some() {
                    record.problem = Some(Problem::TooLong { len: total });
                } else {
                    raw.extend_from_slice(record.eol.as_bytes());
                    raw.extend_from_slice(&next.content);
                }
                record.eol = next.eol;
            }
            if let Some(Problem::TooLong { .. }) = record.problem {
                record.problem = Some(Problem::TooLong { len: total });
            }
        }
        record.bytes = if record.problem.is_some() {
            Bytes::Other(Cow::Owned(raw))
        } else {
            match String::from_utf8(raw) {
                Ok(text) => Bytes::Text(Cow::Owned(text)),
                Err(error) => {
                    record.problem = Some(Problem::InvalidUtf8 {
                        at: error.utf8_error().valid_up_to(),
                    });
                    record.kind = Kind::Position;
                    Bytes::Other(Cow::Owned(error.into_bytes()))
                }
            }
        };
        Ok(Some(record))
    }
}

impl<R: DirectRead> RecordReader<R> {
    /// Reads records into `batch` and indexes them: [`fill`](Self::fill) and then
    /// [`RecordBatch::index`]. Returns whether the input ended.
    #[cfg(test)]
    pub fn read_many(
        &mut self,
        max_records: usize,
        max_bytes: usize,
        batch: &mut RecordBatch,
    ) -> io::Result<bool> {
        let ended = self.fill(max_records, max_bytes, batch);
        batch.index();
        ended
    }

    /// Fills `batch` with about `max_records` records or `max_bytes` bytes (a run of whole
    /// lines may go a little over), or what is left of the input; returns whether it ended.
    /// The records are exactly those of repeated [`next_record`](Self::next_record) calls,
    /// once [`RecordBatch::index`] has found them. Whole lines are taken in runs: those already
    /// buffered are copied, and the rest of the input is read straight into the batch, with no
    /// copy. What needs more (the first line, a long line, a line split by a read error, a
    /// record that may go on in continuation lines) takes the general path.
    pub fn fill(
        &mut self,
        max_records: usize,
        max_bytes: usize,
        batch: &mut RecordBatch,
    ) -> io::Result<bool> {
        batch.grouping = self.grouping;
        batch.comments = self.comments;
        batch.limit = self.lines.limit;
        let (mut records, mut bytes) = (0usize, 0usize);
        while records < max_records && bytes < max_bytes {
            let (taken, taken_bytes) =
                self.copy_lines(max_records - records, max_bytes - bytes, batch);
            records += taken;
            bytes += taken_bytes;
            if records >= max_records || bytes >= max_bytes {
                break;
            }
            if taken > 0 {
                continue;
            }
            if let Some((taken, taken_bytes)) =
                self.read_lines(max_records - records, max_bytes - bytes, batch)
            {
                records += taken;
                bytes += taken_bytes;
                continue;
            }
            match self.next_record()? {
                Some(record) => {
                    records += 1;
                    bytes += record.raw().len();
                    batch.push_record(record);
                }
                None => return Ok(true),
            }
        }
        Ok(false)
    }

    /// Whether the fast lanes may run: the first line may start with a byte-order mark, and a
    /// pending line is already read.
    fn fast_lane_open(&self) -> bool {
        self.pending.is_none() && self.lines.next_number > 1
    }

    /// Adds the run of `lines` whole lines at `raw[start..end]` to the batch and counts it read.
    fn take_run(&mut self, batch: &mut RecordBatch, start: usize, end: usize, lines: usize) {
        batch.pieces.push(Piece::Lines {
            start,
            end,
            first_line: self.lines.next_number,
            offset: self.lines.offset,
        });
        self.lines.offset += (end - start) as u64;
        self.lines.next_number += lines;
    }

    /// The first fast lane: copies the run of whole lines at the front of what is buffered now
    /// (without reading), and returns how many lines and bytes it took.
    fn copy_lines(
        &mut self,
        max_records: usize,
        max_bytes: usize,
        batch: &mut RecordBatch,
    ) -> (usize, usize) {
        if !self.fast_lane_open() {
            return (0, 0);
        }
        let (grouping, limit) = (self.grouping, self.lines.limit);
        let rewind = &self.lines.inner;
        let buffered = if rewind.at < rewind.front.len() {
            rewind.front.get(rewind.at..).unwrap_or_default()
        } else {
            rewind.inner.buffered()
        };
        let Some((taken, lines)) = whole_lines(buffered, grouping, limit, max_records, max_bytes)
        else {
            return (0, 0);
        };
        let start = batch.raw.len();
        batch
            .raw
            .extend_from_slice(buffered.get(..taken).unwrap_or_default());
        self.lines.inner.consume(taken);
        self.take_run(batch, start, start + taken, lines);
        (lines, taken)
    }

    /// The second fast lane: reads up to `max_bytes` straight into the batch, after what is
    /// still buffered (a part line), takes the run of whole lines there, and puts the rest back
    /// in front of the reader. Returns how many lines and
    /// bytes it took, or `None` when it took none (everything read is then put back, and a
    /// read error is left to the general path, which meets it again).
    fn read_lines(
        &mut self,
        max_records: usize,
        max_bytes: usize,
        batch: &mut RecordBatch,
    ) -> Option<(usize, usize)> {
        if !self.fast_lane_open() {
            return None;
        }
        let (grouping, limit) = (self.grouping, self.lines.limit);
        let start = batch.raw.len();
        // What is still buffered starts a line (the whole lines before it are taken): it goes
        // first. Bytes put back leave the reader's own buffer empty.
        let rewind = &mut self.lines.inner;
        if rewind.at < rewind.front.len() {
            batch
                .raw
                .extend_from_slice(rewind.front.get(rewind.at..).unwrap_or_default());
            rewind.front.clear();
            rewind.at = 0;
        } else {
            let buffered = rewind.inner.buffered();
            let count = buffered.len();
            batch.raw.extend_from_slice(buffered);
            rewind.inner.consume(count);
        }
        let put_back = batch.raw.len() - start;
        // Enough for the records still wanted, by the line length seen so far, and some more:
        // what is read past them is put back and copied again.
        let enough = max_records
            .saturating_mul(self.bytes_per_line)
            .saturating_add(4096);
        let wanted = max_bytes.min(enough).saturating_sub(put_back).max(1);
        let read = rewind.inner.read_past_buffer(&mut batch.raw, wanted);
        let region = batch.raw.get(start..).unwrap_or_default();
        let run = match read {
            Ok(_) => whole_lines(region, grouping, limit, max_records, max_bytes),
            Err(_) => None,
        };
        let taken = run.map_or(0, |(taken, _)| taken);
        rewind
            .front
            .extend_from_slice(region.get(taken..).unwrap_or_default());
        batch.raw.truncate(start + taken);
        let (taken, lines) = run?;
        self.bytes_per_line = taken.div_ceil(lines.max(1));
        self.take_run(batch, start, start + taken, lines);
        Some((lines, taken))
    }
}

/// The finding for a record that cannot be parsed at all.
pub fn problem_finding(record: &Record, problem: &Problem) -> crate::code::Finding {
    match *problem {
        Problem::InvalidUtf8 { at } => {
            crate::code::finding_of(crate::code::invalid_utf8(record.raw(), at, record.offset))
                .with_help("position files must be UTF-8 text")
        }
        Problem::TooLong { len } => crate::code::fenkit_error(
            crate::code::FenkitCode::TooLong,
            0..0,
            format!(
                "line is too long: expected at most {} bytes, found {len}",
                MAX_RECORD_BYTES
            ),
        )
        .with_help("no position is this long; is this really a position file?"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(input: &[u8], continuation: bool, limit: usize) -> (Vec<Record<'static>>, bool) {
        let grouping = if continuation {
            Grouping::Indented
        } else {
            Grouping::None
        };
        grouped_records(input, grouping, limit)
    }

    fn grouped_records(
        input: &[u8],
        grouping: Grouping,
        limit: usize,
    ) -> (Vec<Record<'static>>, bool) {
        let mut reader = RecordReader::grouped(input, grouping, limit);
        let mut out = Vec::new();
        while let Some(record) = reader.next_record().unwrap() {
            out.push(record);
        }
        (out, reader.bom())
    }

    fn reassemble(input: &[u8], continuation: bool) -> Vec<u8> {
        let (records, bom) = records(input, continuation, MAX_RECORD_BYTES);
        let mut out = Vec::new();
        if bom {
            out.extend_from_slice(BOM);
        }
        for record in records {
            out.extend_from_slice(record.raw());
            out.extend_from_slice(record.eol.as_bytes());
        }
        out
    }

    #[test]
    fn reassembly_is_byte_exact() {
        let cases: &[&[u8]] = &[
            b"",
            b"\n",
            b"a",
            b"a\n",
            b"a\r\nb\r\n",
            b"a\r\nb",
            b"\xEF\xBB\xBFa\nb",
            b"\xEF\xBB\xBF",
            b"# c\n\n  \t\nx\r\r\n",
            b"4d-fen v1:\n  K@0,0,0,0 ;\n\tk@1,1,1,1\n# c\n  lone\n",
            b"\xff\xfe\n\x00\n",
        ];
        for case in cases {
            assert_eq!(reassemble(case, false), *case, "{case:?}");
            assert_eq!(reassemble(case, true), *case, "{case:?}");
        }
    }

    #[test]
    fn records_carry_line_numbers_offsets_and_kinds() {
        let (records, bom) = records(
            b"\xEF\xBB\xBF# c\r\n\r\n4d-fen v1:\r\n  K@0,0,0,0\r\nx",
            true,
            100,
        );
        assert!(bom);
        let summary: Vec<_> = records
            .iter()
            .map(|r| {
                (
                    r.line,
                    r.lines,
                    r.offset,
                    r.kind,
                    r.eol,
                    String::from_utf8_lossy(r.raw()).into_owned(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                (1, 1, 3, Kind::Comment, Eol::CrLf, "# c".to_owned()),
                (2, 1, 8, Kind::Blank, Eol::CrLf, String::new()),
                (
                    3,
                    2,
                    10,
                    Kind::Position,
                    Eol::CrLf,
                    "4d-fen v1:\r\n  K@0,0,0,0".to_owned()
                ),
                (5, 1, 35, Kind::Position, Eol::None, "x".to_owned()),
            ]
        );
    }

    #[test]
    fn long_lines_are_skipped_not_stored() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\r\nok\n");
        let (records, _) = records(&input, false, 10);
        assert_eq!(records[0].problem, Some(Problem::TooLong { len: 50 }));
        assert_eq!(records[0].raw().len(), 10);
        assert_eq!(records[0].eol, Eol::CrLf);
        assert_eq!(records[1].line, 2);
        assert_eq!(records[1].offset, 52);
        assert_eq!(records[1].raw(), b"ok");
    }

    #[test]
    fn continuation_lines_count_towards_the_limit() {
        let (records, _) = records(b"4d-fen v1:\n  K@0,0,0,0\n  k@1,1,1,1\nnext\n", true, 20);
        assert_eq!(records[0].problem, Some(Problem::TooLong { len: 34 }));
        assert_eq!(records[0].lines, 3);
        assert_eq!(records[1].line, 4);
    }

    /// A perft suite's case (an `id` line, its `epd` line, its `perft` lines) is one record;
    /// an `epd` line without an `id` starts a case of its own, and a blank line ends one.
    #[test]
    fn perft_cases_are_one_record_each() {
        let suite = b"id a\nepd 8/8 w - -\nperft 1 2\nperft 2 3\nepd 7k/8 w - -\nperft 1 4\n\nid b\nid c\nepd x\n";
        let (records, _) = grouped_records(suite, Grouping::Cases, 100);
        let raw: Vec<&[u8]> = records.iter().map(Record::raw).collect();
        assert_eq!(
            raw,
            [
                &b"id a\nepd 8/8 w - -\nperft 1 2\nperft 2 3"[..],
                b"epd 7k/8 w - -\nperft 1 4",
                b"",
                b"id b",
                b"id c\nepd x",
            ]
        );
        assert_eq!(
            records
                .iter()
                .map(|r| (r.line, r.lines))
                .collect::<Vec<_>>(),
            [(1, 4), (5, 2), (7, 1), (8, 1), (9, 2)]
        );
    }

    /// A CSV row goes on over the lines its quoted field holds, and only those.
    #[test]
    fn csv_rows_go_on_while_a_quote_is_open() {
        let csv = Grouping::Quoted { delimiter: b',' };
        let (records, _) = grouped_records(b"a,\"b\r\n\nc\",d\ne,f\n", csv, 100);
        assert_eq!(records[0].raw(), b"a,\"b\r\n\nc\",d");
        assert_eq!((records[0].lines, records[0].eol), (3, Eol::Lf));
        assert_eq!((records[1].line, records[1].raw()), (4, &b"e,f"[..]));
    }

    /// A quote that never closes takes lines with it only up to the record limit: the row is
    /// too long, and the line after the limit starts a new record.
    #[test]
    fn an_open_quote_stops_at_the_limit() {
        let csv = Grouping::Quoted { delimiter: b',' };
        let (records, _) = grouped_records(b"a,\"bbbb\ncccc\ndddd\neeee\n", csv, 12);
        assert_eq!(records[0].problem, Some(Problem::TooLong { len: 17 }));
        assert_eq!(records[0].lines, 3);
        assert_eq!((records[1].line, records[1].raw()), (4, &b"eeee"[..]));
        assert_eq!(records.len(), 2);
    }

    /// One record's every field, for comparing two ways of reading.
    fn fields(record: &Record) -> (usize, usize, u64, Vec<u8>, Eol, Kind, Option<Problem>, bool) {
        (
            record.line,
            record.lines,
            record.offset,
            record.raw().to_vec(),
            record.eol,
            record.kind,
            record.problem.clone(),
            record.text().is_some(),
        )
    }

    /// `read_many`, with its fast lane, gives exactly the records of `next_record`, whatever
    /// the buffer size, batch size, line endings, continuation lines, CSV rows over several
    /// lines, long lines or bad bytes.
    #[test]
    fn reading_many_gives_the_records_of_reading_one_by_one() {
        let pieces: &[&[u8]] = &[
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            b"4d-fen v1:",
            b"  K@0,0,0,0",
            b"\tk@1,1,1,1",
            b"# comment",
            b"",
            b"  ",
            b"x\r",
            b"ab\xffc",
            b"\xEF\xBB\xBFbom",
            b"a-long-line-of-thirty-bytes-xx",
            b"caf\xc3\xa9",
            b"a,\"b",
            b"c\",d",
            b"\"x\"\"y\",z",
            b"5\",6",
            b"id case",
            b"epd 8/8 w - -",
            b"perft 1 20",
            b"e",
        ];
        let mut state = 0x5eed_0000_4ead_0001u64;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut fast_records = 0usize;
        for _ in 0..3000 {
            let mut input = Vec::new();
            if below(4) == 0 {
                input.extend_from_slice(BOM);
            }
            for _ in 0..below(12) {
                input.extend_from_slice(pieces[below(pieces.len())]);
                input.extend_from_slice([&b"\n"[..], b"\r\n", b"\n"][below(3)]);
            }
            if below(3) == 0 {
                input.extend_from_slice(pieces[below(pieces.len())]);
            }
            let grouping = [
                Grouping::None,
                Grouping::Indented,
                Grouping::Quoted { delimiter: b',' },
                Grouping::Cases,
            ][below(4)];
            let limit = [8, 25, 100][below(3)];
            let capacity = [1, 7, 16, 64, 4096][below(5)];
            let (max_records, max_bytes) = ([1, 3, 1000][below(3)], [1, 20, 1 << 20][below(3)]);

            let (expected, _) = grouped_records(&input, grouping, limit);
            let mut reader = RecordReader::grouped(
                std::io::BufReader::with_capacity(capacity, &input[..]),
                grouping,
                limit,
            );
            // One batch, cleared and filled again, as the scan uses it.
            let mut batch = RecordBatch::default();
            let mut got = Vec::new();
            let mut calls = 0;
            loop {
                batch.clear();
                let ended = reader
                    .read_many(max_records, max_bytes, &mut batch)
                    .unwrap();
                assert!(batch.iter().count() <= max_records);
                got.extend(batch.iter().map(|record| fields(&record)));
                if ended {
                    break;
                }
                calls += 1;
                assert!(calls < 10_000, "read_many makes no progress on {input:?}");
            }
            fast_records += got.len();
            let expected: Vec<_> = expected.iter().map(fields).collect();
            assert_eq!(
                got, expected,
                "input {input:?}, {grouping:?}, limit {limit}, capacity {capacity}"
            );
        }
        assert!(fast_records > 5_000, "only {fast_records} records compared");
    }

    /// Bytes put back are read first, through `read` as through `fill_buf`, then the reader's.
    #[test]
    fn a_rewind_reads_what_was_put_back_first() {
        let mut rewind = Rewind {
            front: b"ab".to_vec(),
            at: 0,
            inner: BufReader::with_capacity(2, &b"cdef"[..]),
        };
        let mut out = [0u8; 3];
        assert_eq!(
            rewind.read(&mut out).unwrap(),
            2,
            "the put-back bytes first"
        );
        assert_eq!(&out[..2], b"ab");
        assert!(rewind.front.is_empty(), "emptied once read");
        assert_eq!(rewind.fill_buf().unwrap(), b"cd");
        rewind.consume(1);
        let mut rest = Vec::new();
        rewind.read_to_end(&mut rest).unwrap();
        assert_eq!(rest, b"def");
    }

    #[test]
    fn invalid_utf8_is_located() {
        let (records, _) = records(b"ok\nab\xffc\n", false, 100);
        assert_eq!(records[0].problem, None);
        assert_eq!(records[1].problem, Some(Problem::InvalidUtf8 { at: 2 }));
        assert_eq!(records[1].offset, 3);
    }

    /// A text of one line read in place is the record the reader reads from it, with
    /// nothing after it; a text of several lines, too long a line or a CSV row is the
    /// reader's alone.
    #[test]
    fn one_line_reads_as_the_reader_reads() {
        use proptest::prelude::*;
        use proptest::test_runner::TestRunner;
        let groupings = [
            (Grouping::None, COMMENT_STARTS),
            (Grouping::None, b"#%".as_slice()),
            (Grouping::Indented, COMMENT_STARTS),
            (Grouping::Tags, COMMENT_STARTS),
            (Grouping::Quoted { delimiter: b',' }, COMMENT_STARTS),
        ];
        let texts = "(\u{feff})?[ \t\r\n#%\\[a-h1-8/é]{0,12}(\r?\n)?";
        TestRunner::default()
            .run(
                &(texts, 0..groupings.len(), 0usize..16),
                |(text, which, limit)| {
                    let (grouping, comments) = groupings[which];
                    let one = Record::of_one_line(&text, grouping, comments, limit);
                    let mut reader = RecordReader::grouped(text.as_bytes(), grouping, limit)
                        .with_comment_starts(comments);
                    let first = reader.next_record().unwrap();
                    let Some(one) = one else {
                        let lines = text.strip_suffix('\n').unwrap_or(&text).contains('\n');
                        let long = text.len() > limit;
                        let quoted = matches!(grouping, Grouping::Quoted { .. });
                        prop_assert!(text.is_empty() || lines || long || quoted, "{:?}", text);
                        return Ok(());
                    };
                    let first = first.expect("a record");
                    prop_assert_eq!(
                        (
                            one.line,
                            one.lines,
                            one.offset,
                            one.raw(),
                            one.eol,
                            one.kind
                        ),
                        (
                            first.line,
                            first.lines,
                            first.offset,
                            first.raw(),
                            first.eol,
                            first.kind
                        )
                    );
                    prop_assert_eq!(&one.problem, &first.problem);
                    prop_assert_eq!(one.text(), first.text());
                    prop_assert!(reader.next_record().unwrap().is_none());
                    Ok(())
                },
            )
            .unwrap();
    }
}
