//! PGN games read move by move (`fenkit-pgn`) for the commands that read `*.pgn` files: the
//! findings of every game's movetext, placed at their file, line and column.
//!
//! The record reader groups a PGN file into tag sections (the `[FEN]` tag of each is read as a
//! position, as for every container); the movetext is read here, from the whole text of the
//! file, by the PGN library. `check` merges both: a game's findings are handed on with its tag
//! section, under the markers above it, in file order.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::ops::Range;
use std::sync::{Arc, Mutex, mpsc};

use crate::diag::Diagnostic;
use crate::input::Origin;
use notation::code::{Finding, finding_of};
pub(crate) use notation::container::{is_comments_alone, reported_by_the_container};

/// Whether an input is read as PGN games: a `.pgn` file (whatever is asked of it, `*.pgn` is
/// a container of tag sections).
pub(crate) fn is_pgn(origin: &Origin) -> bool {
    origin
        .path()
        .and_then(std::path::Path::extension)
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pgn"))
}

/// Reads the whole text of `origin` (PGN), as the record reader would (a byte sequence that is
/// not UTF-8 is replaced, since the record reader reports it already).
pub(crate) fn read_text(origin: &Origin) -> io::Result<String> {
    let mut bytes = Vec::new();
    origin.open()?.read_to_end(&mut bytes)?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    })
}

/// One game's findings, placed; `end` is the byte after its text in the file.
struct GameFindings {
    start: u64,
    end: u64,
    placed: Vec<Diagnostic>,
}

/// The size a chunk grows to before it ends at the next game boundary: large enough that the
/// per-chunk work (one UTF-8 check, one reader, one hand-over to a thread) is lost in the
/// games' own, small enough that memory stays flat.
const CHUNK: usize = 1 << 20;

/// The size past which a chunk ends at the next tag line after movetext, blank line before it
/// or not (a file whose games are not parted by blank lines).
const LONGEST: usize = 4 * CHUNK;

/// How much is read from the file at a time.
const READ: usize = 256 << 10;

/// One chunk of a PGN file: whole games, and the tag line after them.
struct Chunk {
    /// The chunk's bytes, then the tag line that ends it (if any).
    bytes: Vec<u8>,
    /// The length of the chunk's own bytes (before that tag line).
    own: usize,
    /// The file's byte offset and line number where it starts.
    start: u64,
    first_line: usize,
}

/// Cuts a PGN file into chunks of whole games: each ends before a tag line at a line start
/// that follows movetext, where the library ends a game too.
struct Chunks {
    source: Option<Box<dyn BufRead + Send>>,
    /// The bytes read and not yet handed on; they start at the file's byte `offset`.
    buffer: Vec<u8>,
    /// How far `buffer` has been read line by line (a line start), and whether movetext has
    /// been met since the last tag line there.
    scanned: usize,
    /// How many lines end before `scanned`: the line number moves on by this many at a cut,
    /// with no second pass over the chunk to count its line ends.
    scanned_lines: usize,
    movetext: bool,
    /// Whether the line before `scanned` is blank.
    blank: bool,
    offset: u64,
    line: usize,
    /// The size a chunk grows to ([`CHUNK`]; smaller in tests).
    size: usize,
}

impl Chunks {
    fn new(source: Box<dyn BufRead + Send>, size: usize) -> Chunks {
        Chunks {
            size,
            source: Some(source),
            // Allocated once at the size a chunk grows to, as after each cut, never grown by
            // doubling (a copy of the chunk at each step).
            buffer: Vec::with_capacity(size.max(READ) + 2 * READ),
            scanned: 0,
            scanned_lines: 0,
            movetext: false,
            blank: false,
            offset: 0,
            line: 1,
        }
    }

    /// Whether a chunk is left.
    fn more(&self) -> bool {
        self.source.is_some() || !self.buffer.is_empty()
    }

    /// Reads more of the file onto the buffer (at most [`READ`] bytes, read into the buffer's
    /// spare room, never zeroed first; large reads go past the source's own buffer, with no
    /// copy from it); false at its end (or at an error, which the scan reports).
    fn fill(&mut self) -> bool {
        let Some(source) = self.source.as_mut() else {
            return false;
        };
        let before = self.buffer.len();
        let limit = READ as u64;
        // `read_to_end` reads until the limit or the end of the file, and goes on after an
        // interruption; what was read before an error is kept.
        let ended = match source.take(limit).read_to_end(&mut self.buffer) {
            Ok(read) => (read as u64) < limit,
            Err(_) => true,
        };
        if ended {
            self.source = None;
        }
        self.buffer.len() > before
    }

    /// The next chunk: whole games of at least [`CHUNK`] bytes (or the rest of the file),
    /// with the tag line that follows them.
    fn next_chunk(&mut self) -> Option<Chunk> {
        if !self.more() {
            return None;
        }
        let cut = loop {
            let from = self.scanned;
            // Where the line ends: searched once through each byte, however long the line.
            let mut seek = from;
            let line_end = loop {
                match memchr::memchr(b'\n', self.buffer.get(seek..).unwrap_or_default()) {
                    Some(at) => break seek + at + 1,
                    None => {
                        seek = self.buffer.len();
                        if !self.fill() {
                            // The last line, without its line end.
                            break self.buffer.len();
                        }
                    }
                }
            };
            if line_end == from {
                // The end of the file.
                break None;
            }
            let line = self.buffer.get(from..line_end).unwrap_or_default();
            // A byte order mark at the start of the file is no part of the text (elsewhere it
            // is, as the library reads it).
            let tag = if self.offset == 0 && from == 0 {
                is_tag_line(line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line))
            } else {
                is_tag_line(line)
            };
            let blank = line.trim_ascii().is_empty();
            if tag {
                // A game ends before a tag line after a blank line: a tag line right after
                // movetext can hold the tag pairs of a game that opened on the line before
                // (`1-0[Event "…"]`, files joined without a line end). Only a chunk grown far
                // past its size is cut there too, so that memory stays bounded.
                if self.movetext && (self.blank || from >= LONGEST.max(self.size)) {
                    self.movetext = false;
                    if from >= self.size {
                        break Some((from, line_end));
                    }
                }
            } else if !blank && !line.starts_with(b"%") {
                self.movetext = true;
            }
            self.blank = blank;
            self.scanned = line_end;
            self.scanned_lines += 1;
        };
        // The lines of the chunk's own bytes: every line scanned before the cut ends with a line
        // end (the last line of the file, which may not, ends no chunk that another follows).
        let lines = std::mem::take(&mut self.scanned_lines);
        let (own, next) = match cut {
            Some((own, line_end)) => {
                // The rest goes on in a buffer of the size a chunk grows to, so that it is
                // allocated once a chunk, never grown by doubling.
                let mut rest = Vec::with_capacity(self.size.max(READ) + 2 * READ);
                rest.extend_from_slice(self.buffer.get(own..).unwrap_or_default());
                self.buffer.truncate(own);
                let mut bytes = std::mem::replace(&mut self.buffer, rest);
                // The next tag line is read with the chunk, so that the last game ends at
                // "the next tag section", as in the whole file; the game it opens is the next
                // chunk's.
                bytes.extend_from_slice(self.buffer.get(..line_end - own).unwrap_or_default());
                self.scanned = 0;
                (own, bytes)
            }
            None => {
                self.scanned = 0;
                let bytes = std::mem::take(&mut self.buffer);
                (bytes.len(), bytes)
            }
        };
        let chunk = Chunk {
            own,
            start: self.offset,
            first_line: self.line,
            bytes: next,
        };
        self.offset += own as u64;
        self.line += lines;
        Some(chunk)
    }
}

/// A kind of comment command the file holds unread: the first one, placed, and how many
/// more of its kind follow. (`check` makes them of a PGN file's games here, and of a movetext
/// column's records from their analyses.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UnreadCommands {
    /// The command's name, and why it is not read.
    name: String,
    kind: pgn::command::UnreadKind,
    /// The library's note about the first one, and where it stands.
    message: String,
    line: usize,
    column: usize,
    more: usize,
}

impl UnreadCommands {
    /// The first of a kind: `note`, at `line` and `column`.
    pub(crate) fn new(note: pgn::command::Note, line: usize, column: usize) -> UnreadCommands {
        UnreadCommands {
            name: note.name,
            kind: note.kind,
            message: note.message,
            line,
            column,
            more: 0,
        }
    }

    /// The `--verbose` note about these commands of the file `path`.
    pub(crate) fn note(&self, path: &str) -> String {
        use pgn::command::UnreadKind;
        let more = match (self.more, self.kind) {
            (0, _) => String::new(),
            (more, UnreadKind::Unknown) => format!(" ({more} more in this file)"),
            (more, UnreadKind::Malformed) => format!(
                " ({more} more `[%{} …]` in this file that cannot be read)",
                self.name
            ),
            (more, UnreadKind::RestOfLine) => format!(
                " ({more} more `[%{} …]` in `;` comments in this file)",
                self.name
            ),
        };
        format!(
            "{path}:{}:{}: {}{more}",
            self.line, self.column, self.message
        )
    }

    /// Adds `later`, which comes after these in the file, when it is of their kind; false
    /// otherwise.
    fn merge(&mut self, later: &UnreadCommands) -> bool {
        let same = self.name == later.name && self.kind == later.kind;
        if same {
            self.more += later.more + 1;
        }
        same
    }
}

/// Adds `found` (in file order, after `into`'s) to the unread commands of a file.
pub(crate) fn merge_unread(into: &mut Vec<UnreadCommands>, found: Vec<UnreadCommands>) {
    for later in found {
        if !into.iter_mut().any(|kind| kind.merge(&later)) {
            into.push(later);
        }
    }
}

/// What a chunk's games hold: their findings, and the comment commands kept unread (when the
/// reader reads them).
#[derive(Default)]
struct Checked {
    games: Vec<GameFindings>,
    unread: Vec<UnreadCommands>,
}

/// Checks the games that start in a chunk's own bytes: their findings, placed, and the kinds
/// of comment command they hold unread.
fn check_chunk(path: &str, reader: pgn::Reader, chunk: &Chunk) -> Checked {
    let Chunk {
        ref bytes,
        own,
        start,
        first_line,
    } = *chunk;
    // Checked with SIMD (`simdutf8`, whose answer for valid text is `str::from_utf8`'s); only
    // a chunk that is not UTF-8 takes the byte-by-byte lossy path, which replaces what the
    // record reader reports.
    let text = match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    };
    let mut cursor = (0, first_line);
    let mut commands_cursor = (0, first_line);
    let mut out = Checked::default();
    for game in reader.games(&text) {
        if game.span.start >= own {
            break;
        }
        // Comments alone between two games (a marker `{ fenkit: ... }` above a tag
        // section) are no game of their own.
        if is_comments_alone(&game) {
            continue;
        }
        let unread: Vec<UnreadCommands> = game
            .unread_commands
            .iter()
            .map(|command| unread_at(&text, &mut commands_cursor, command))
            .collect();
        merge_unread(&mut out.unread, unread);
        let findings: Vec<Finding> = game
            .findings
            .into_iter()
            .filter(|finding| !reported_by_the_container(finding, &text))
            .map(finding_of)
            .collect();
        if findings.is_empty() {
            continue;
        }
        let placed = place_in(path, &text, start, &mut cursor, &game.span, findings);
        out.games.push(GameFindings {
            start: start + game.span.start as u64,
            end: start + game.span.end as u64,
            placed,
        });
    }
    out
}

/// One comment command kept unread, placed in `text`: `cursor` is a byte offset of `text`
/// before it whose line number is known, and that line (moved on to the command's line).
fn unread_at(
    text: &str,
    cursor: &mut (usize, usize),
    command: &pgn::command::Unread<'_>,
) -> UnreadCommands {
    let bytes = text.as_bytes();
    let at = command.span.start.min(text.len());
    let (from, line) = *cursor;
    let from = from.min(at);
    let line = line + memchr::memchr_iter(b'\n', bytes.get(from..at).unwrap_or_default()).count();
    let line_start =
        memchr::memrchr(b'\n', bytes.get(..at).unwrap_or_default()).map_or(0, |i| i + 1);
    *cursor = (line_start, line);
    let column = text.get(line_start..at).unwrap_or_default().chars().count() + 1;
    UnreadCommands::new(command.note(text), line, column)
}

/// A chunk handed to a thread, with the channel its games' findings come back on.
type Job = (Arc<Chunk>, mpsc::SyncSender<Checked>);

/// The threads that check chunks when `--threads` is more than one: chunks go out in file
/// order, each with the channel its findings come back on, and are taken back in that order.
struct Workers {
    jobs: Option<mpsc::SyncSender<Job>>,
    /// The chunks handed out, in file order: where each ends, and its findings to come.
    pending: VecDeque<(u64, Arc<Chunk>, mpsc::Receiver<Checked>)>,
    /// How many chunks may be out at once: memory stays that many chunks.
    ahead: usize,
    handles: Vec<std::thread::JoinHandle<()>>,
}

impl Workers {
    fn new(threads: usize, path: &str, reader: pgn::Reader) -> Workers {
        let (jobs, taken) = mpsc::sync_channel::<Job>(threads);
        let taken = Arc::new(Mutex::new(taken));
        let handles = (0..threads)
            .filter_map(|_| {
                let taken = Arc::clone(&taken);
                let path = path.to_owned();
                std::thread::Builder::new()
                    .name("pgn".to_owned())
                    .spawn(move || {
                        loop {
                            let job = match taken.lock() {
                                Ok(taken) => taken.recv(),
                                Err(_) => return,
                            };
                            let Ok((chunk, back)) = job else {
                                return;
                            };
                            let _ = back.send(check_chunk(&path, reader, &chunk));
                        }
                    })
                    .ok()
            })
            .collect();
        Workers {
            jobs: Some(jobs),
            pending: VecDeque::new(),
            ahead: 2 * threads,
            handles,
        }
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        // Closing the channel ends every thread once its chunk is done.
        self.jobs = None;
        self.pending.clear();
        for handle in self.handles.drain(..) {
            let _ = handle.join();
        }
    }
}

/// The movetext findings of one PGN file, read game by game as `check` comes to them: the
/// file is read in chunks of whole games that end before a tag section at a line start (where
/// the library ends a game too), each chunk's games are checked, their findings placed, and
/// the chunk dropped. Memory stays that of a few chunks, whatever the size of the file. With
/// more than one thread, chunks are checked on their own threads, a few ahead of `check`.
pub(crate) struct PgnFindings {
    path: String,
    reader: pgn::Reader,
    chunks: Chunks,
    workers: Option<Workers>,
    /// The file's byte offset up to which the games' findings are in `games`.
    checked: u64,
    games: VecDeque<GameFindings>,
    /// The kinds of comment command kept unread in the chunks checked, in file order.
    unread: Vec<UnreadCommands>,
}

impl PgnFindings {
    /// Reads the games of `source` (the file `path`) as they are asked for: their findings,
    /// the container's own left out. `strict` makes null moves errors; `commands` reads the
    /// commands of every comment, for [`PgnFindings::unread_commands`] (`--verbose`). With
    /// `threads` above one, that many threads check the games.
    pub(crate) fn read(
        path: String,
        source: Box<dyn BufRead + Send>,
        strict: bool,
        commands: bool,
        threads: usize,
    ) -> PgnFindings {
        let reader = pgn::Reader::new().strict(strict).commands(commands);
        PgnFindings::in_chunks(path, source, reader, threads, CHUNK)
    }

    /// [`PgnFindings::read`] with chunks of at least `size` bytes.
    fn in_chunks(
        path: String,
        source: Box<dyn BufRead + Send>,
        reader: pgn::Reader,
        threads: usize,
        size: usize,
    ) -> PgnFindings {
        let workers = (threads > 1).then(|| Workers::new(threads, &path, reader));
        PgnFindings {
            path,
            reader,
            chunks: Chunks::new(source, size),
            workers,
            checked: 0,
            games: VecDeque::new(),
            unread: Vec::new(),
        }
    }

    /// Checks chunks until the file's bytes before `offset` are checked (or the file ends).
    fn load(&mut self, offset: u64) {
        while self.checked <= offset {
            let Some(workers) = self.workers.as_mut() else {
                let Some(chunk) = self.chunks.next_chunk() else {
                    self.checked = u64::MAX;
                    return;
                };
                self.checked = chunk.start + chunk.own as u64;
                let checked = check_chunk(&self.path, self.reader, &chunk);
                self.games.extend(checked.games);
                merge_unread(&mut self.unread, checked.unread);
                continue;
            };
            // Keep the threads busy: hand out chunks up to the limit.
            while workers.pending.len() < workers.ahead
                && let Some(jobs) = workers.jobs.as_ref()
                && let Some(chunk) = self.chunks.next_chunk()
            {
                let end = chunk.start + chunk.own as u64;
                let (back, found) = mpsc::sync_channel(1);
                let chunk = Arc::new(chunk);
                if let Err(mpsc::SendError((chunk, back))) = jobs.send((Arc::clone(&chunk), back)) {
                    // No thread is left: the chunk is checked here, in its turn.
                    let _ = back.send(check_chunk(&self.path, self.reader, &chunk));
                }
                workers.pending.push_back((end, chunk, found));
            }
            let Some((end, chunk, found)) = workers.pending.pop_front() else {
                self.checked = u64::MAX;
                return;
            };
            // A worker that stopped without its chunk's findings is checked again here, as
            // one thread checks it: no finding is lost to a thread that ended.
            let checked = found
                .recv()
                .unwrap_or_else(|_| check_chunk(&self.path, self.reader, &chunk));
            drop(chunk);
            self.games.extend(checked.games);
            merge_unread(&mut self.unread, checked.unread);
            self.checked = end;
        }
    }

    /// The findings of the games that end at or before byte `offset`, placed.
    pub(crate) fn before(&mut self, offset: u64) -> Vec<Diagnostic> {
        self.load(offset);
        let mut out = Vec::new();
        while let Some(game) = self.games.front()
            && game.end <= offset
        {
            if let Some(game) = self.games.pop_front() {
                out.extend(game.placed);
            }
        }
        out
    }

    /// The findings of the game whose text holds the record at `range` (its tag section), and
    /// those of the games before it, placed.
    pub(crate) fn game_of(&mut self, range: Range<u64>) -> Vec<Diagnostic> {
        let mut out = self.before(range.start);
        self.load(range.end);
        if let Some(game) = self.games.front()
            && game.start < range.end.max(range.start + 1)
            && let Some(game) = self.games.pop_front()
        {
            out.extend(game.placed);
        }
        out
    }

    /// The findings of every game not handed on yet, placed.
    pub(crate) fn rest(&mut self) -> Vec<Diagnostic> {
        self.before(u64::MAX)
    }

    /// The `--verbose` notes about the comment commands the file holds unread, once it is
    /// read ([`PgnFindings::rest`]): one for each name (and one more for a known name whose
    /// arguments some command gets wrong), at the first, with how many more follow.
    pub(crate) fn unread_commands(&mut self) -> Vec<String> {
        self.load(u64::MAX);
        self.unread
            .iter()
            .map(|kind| kind.note(&self.path))
            .collect()
    }
}

/// Whether `line` is a tag pair: `[`, a letter, and `"]` at its end (as the library reads it).
fn is_tag_line(line: &[u8]) -> bool {
    line.first() == Some(&b'[')
        && line.get(1).is_some_and(u8::is_ascii_alphabetic)
        && line.trim_ascii_end().ends_with(b"\"]")
}

/// Places one game's findings in `text` (which starts at the file's byte `base`): each on the
/// whole lines the game stands on. `cursor` is a byte offset of `text` whose line number is
/// known, and that line: lines are counted from there on, never from the start again.
fn place_in(
    path: &str,
    text: &str,
    base: u64,
    cursor: &mut (usize, usize),
    span: &Range<usize>,
    findings: Vec<Finding>,
) -> Vec<Diagnostic> {
    let bytes = text.as_bytes();
    // The whole lines the game stands on: a caret's line is shown from its start.
    let start = span.start.min(text.len());
    let from =
        memchr::memrchr(b'\n', bytes.get(..start).unwrap_or_default()).map_or(0, |at| at + 1);
    let end = findings
        .iter()
        .map(|finding| finding.span.end)
        .chain([span.end])
        .max()
        .unwrap_or(start)
        .min(text.len());
    let to = memchr::memchr(b'\n', bytes.get(end..).unwrap_or_default())
        .map_or(text.len(), |at| end + at);
    let (at, line) = *cursor;
    let first_line = if from >= at {
        line + memchr::memchr_iter(b'\n', bytes.get(at..from).unwrap_or_default()).count()
    } else {
        line - memchr::memchr_iter(b'\n', bytes.get(from..at).unwrap_or_default()).count()
    };
    *cursor = (from, first_line);
    let slice = text.get(from..to).unwrap_or_default();
    findings
        .into_iter()
        .map(|mut finding| {
            finding.span =
                finding.span.start.saturating_sub(from)..finding.span.end.saturating_sub(from);
            Diagnostic::in_text(path, first_line, base + from as u64, slice, finding)
        })
        .collect()
}

/// What `fmt` makes of a PGN file's text (its `[FEN]` tags already written canonically): the
/// text with every fixable finding of every game fixed, the library's edits, and nothing else
/// changed; `None` when nothing changes. The errors of the games' movetext come with it, placed
/// in `text`; the games that hold them are fixed as far as the edits go.
pub(crate) fn fixed(path: &str, text: &str) -> (Option<String>, Vec<Diagnostic>) {
    let (fixed, errors) = notation::rewrite::fixed_games(text);
    (fixed, place(path, text, errors))
}

/// `findings` of the games of `text` (the file `path`), placed at their lines and columns.
pub(crate) fn place(
    path: &str,
    text: &str,
    findings: Vec<fenkit_diagnostics::Finding<pgn::Code>>,
) -> Vec<Diagnostic> {
    place_found(path, text, findings.into_iter().map(finding_of).collect())
}

/// The command line's `findings` about `text` (the file `path`), placed.
pub(crate) fn place_found(path: &str, text: &str, findings: Vec<Finding>) -> Vec<Diagnostic> {
    place_in(path, text, 0, &mut (0, 1), &(0..0), findings)
}

/// The export format's line length (PGN §8.2.2: movetext lines of at most 79 characters and
/// their line end).
const EXPORT_WIDTH: usize = 80;

/// `fmt --export`: each game of `text` (fixed already) written again in the export format:
/// the Seven Tag Roster first, a blank line, the movetext wrapped at 80 columns, a blank line.
/// A game with an error is kept as it is written, since only its legal moves would be written.
pub(crate) fn export(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let reader = pgn::Reader::new().keep(pgn::Keep::Tree);
    for game in reader.games(text) {
        if is_comments_alone(&game) {
            continue;
        }
        let written = if game.has_error() {
            None
        } else {
            pgn::json::to_pgn(&pgn::json::to_json(&game)).ok()
        };
        match written {
            Some(written) => {
                let (tags, movetext) = written
                    .rsplit_once("\n\n")
                    .unwrap_or(("", written.as_str()));
                if !tags.is_empty() {
                    out.push_str(tags);
                    out.push_str("\n\n");
                }
                wrap(movetext.trim_end(), &mut out);
                out.push('\n');
            }
            None => {
                out.push_str(text.get(game.span.clone()).unwrap_or_default().trim_end());
                out.push('\n');
            }
        }
        out.push('\n');
    }
    // One blank line between games, none after the last.
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// Writes `movetext` (one line) wrapped at [`EXPORT_WIDTH`] columns: lines break at the spaces
/// between tokens, never inside a `{…}` comment, so that every comment reads as it did.
fn wrap(movetext: &str, out: &mut String) {
    let mut units: Vec<&str> = Vec::new();
    let mut start = 0;
    let mut depth = 0usize;
    for (at, byte) in movetext.bytes().enumerate() {
        match byte {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b' ' if depth == 0 => {
                if at > start {
                    units.push(movetext.get(start..at).unwrap_or_default());
                }
                start = at + 1;
            }
            _ => {}
        }
    }
    if start < movetext.len() {
        units.push(movetext.get(start..).unwrap_or_default());
    }
    let mut column = 0;
    for unit in units {
        let width = unit.chars().count();
        if column > 0 && column + 1 + width > EXPORT_WIDTH - 1 {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(unit);
        column += width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the reads of a file must agree on, for each finding: see [`compared`].
    type Compared = (usize, usize, u64, String, String);

    /// The findings of `text` as `check` hands them on, game by game from a stream.
    fn streamed(text: &str) -> Vec<Compared> {
        streamed_with_notes(text).0
    }

    /// [`streamed`], and the notes about the comment commands `text` holds unread: the same
    /// however the file is cut into chunks.
    fn streamed_with_notes(text: &str) -> (Vec<Compared>, Vec<String>) {
        let found = streamed_in(text, 1, CHUNK);
        // Chunks cut at every game boundary, at a few games, on one thread and on three.
        for (threads, size) in [(1, 0), (1, 100), (3, 0), (3, 100), (2, CHUNK)] {
            assert_eq!(streamed_in(text, threads, size), found, "{threads} {size}");
        }
        found
    }

    /// [`streamed`] on `threads` threads, in chunks of `size` bytes, with the notes.
    fn streamed_in(text: &str, threads: usize, size: usize) -> (Vec<Compared>, Vec<String>) {
        let source = Box::new(io::Cursor::new(text.as_bytes().to_vec()));
        streamed_from(source, text, threads, size)
    }

    fn streamed_from(
        source: Box<dyn BufRead + Send>,
        text: &str,
        threads: usize,
        size: usize,
    ) -> (Vec<Compared>, Vec<String>) {
        let reader = pgn::Reader::new().commands(true);
        let mut games = PgnFindings::in_chunks("t.pgn".to_owned(), source, reader, threads, size);
        // Ask as the record reader would: at every line start.
        let mut out = Vec::new();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            out.extend(games.before(offset as u64));
            offset += line.len();
        }
        out.extend(games.rest());
        let notes = games.unread_commands();
        (out.into_iter().map(compared).collect(), notes)
    }

    /// What the two reads must agree on: place, code and message.
    fn compared(placed: Diagnostic) -> (usize, usize, u64, String, String) {
        (
            placed.line,
            placed.column,
            placed.file_span.start,
            placed.finding.code.to_string(),
            placed.finding.message.to_string(),
        )
    }

    /// The same findings read from the whole text at once.
    fn whole(text: &str) -> Vec<(usize, usize, u64, String, String)> {
        let mut cursor = (0, 1);
        pgn::Reader::new()
            .games(text)
            .filter(|game| !is_comments_alone(game))
            .flat_map(|game| {
                let findings: Vec<Finding> = game
                    .findings
                    .into_iter()
                    .filter(|finding| !reported_by_the_container(finding, text))
                    .map(finding_of)
                    .collect();
                if findings.is_empty() {
                    return Vec::new();
                }
                place_in("t.pgn", text, 0, &mut cursor, &game.span, findings)
            })
            .map(compared)
            .collect()
    }

    #[test]
    fn streamed_findings_are_those_of_the_whole_text() {
        let text = "\u{feff}[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                    [Event \"b\"]\n\n1. e4 { open\n[%clk 1:00:00]\n\n[Event \"c\"]\n[Result \"1-0\"]\n\n\
                    1. 0-0 e5 1-0\n{ fenkit: ignore }\n[Event \"d\"]\n1. Nf3 (1. e4 e5 2. Qh5 Qh4 3. Xx) *\n\n\
                    \u{feff}[Event \"e\"]\n\n1. e4 *\n";
        let found = streamed(text);
        assert!(found.len() >= 4, "{found:?}");
        assert_eq!(found, whole(text));
    }

    #[test]
    fn unread_commands_are_counted_over_the_whole_file() {
        let text = "[Event \"a\"]\n\n1. e4 { [%clk 0:03:00] [%foo 1] } e5 (1... c5 {[%foo 2]}) *\n\n\
                    [Event \"b\"]\n\n1. d4 {[%clk 1:ab]} d5 {[%bar]\n[%foo 3] [%clk x]} *\n\n\
                    [Event \"c\"]\n\n1. c4 { [%eval\n   0.2 0.3 ] } *\n";
        let (_, notes) = streamed_with_notes(text);
        assert_eq!(
            notes,
            [
                "t.pgn:3:24: comment command `[%foo …]` is not one fenkit reads; kept as written \
                 (2 more in this file)",
                "t.pgn:7:8: comment command `[%clk 1:ab]` is not read: expected a time such as \
                 `1:02:03`, found `1:ab`; kept as written (1 more `[%clk …]` in this file \
                 that cannot be read)",
                "t.pgn:7:25: comment command `[%bar …]` is not one fenkit reads; kept as written",
                "t.pgn:12:9: comment command `[%eval 0.2 0.3 ]` is not read: expected an \
                 evaluation such as `0.17`, `#-3` or `0.17,20`, found `0.2 0.3`; kept as written",
            ]
        );
    }

    #[test]
    fn a_tag_pair_after_a_marker_on_its_line_opens_a_game_that_goes_on() {
        // Files joined without a line end between them: the second game's first tag pair
        // stands after the first game's marker, and its other tag pairs follow on the next
        // lines. That next line is no place to cut: the game goes on over it.
        let text = "[Event \"a\"]\n\n1. e4 e5 1-0[Event \"f\"]\n[Site \"?\"]\n\n1. d4 Ke7 *\n\n\
                    [Event \"g\"]\n\n1. e4 *[Event \"h\"]\n[Result \"*\"]\n1. Nf3 Kd6 *\n";
        let found = streamed(text);
        assert!(
            found.iter().any(|(line, ..)| *line == 6),
            "the illegal move of game f: {found:?}"
        );
        assert_eq!(found, whole(text));
    }

    #[test]
    fn a_chunk_that_is_not_utf8_is_read_as_its_lossy_text() {
        // A byte that is no UTF-8 in a comment: the chunk is read as the record reader reads
        // the file, the byte replaced, and its games' findings still come.
        let mut bytes = b"[Event \"a\"]\n\n1. e4 { caf".to_vec();
        bytes.extend_from_slice(&[0xe9, 0xff]);
        bytes.extend_from_slice(b" } e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. d4 Kd7 *\n");
        let source = Box::new(io::Cursor::new(bytes.clone()));
        let mut games =
            PgnFindings::in_chunks("t.pgn".to_owned(), source, pgn::Reader::new(), 1, CHUNK);
        let found: Vec<Compared> = games.rest().into_iter().map(compared).collect();
        let expected = whole(&String::from_utf8_lossy(&bytes));
        assert!(
            expected
                .iter()
                .filter(|(.., code, _)| code == "PGN201")
                .count()
                == 2,
            "{expected:?}"
        );
        assert_eq!(found, expected);
    }

    /// A source that gives at most 1,000 bytes a read, and is interrupted before every third.
    struct Trickle {
        bytes: Vec<u8>,
        at: usize,
        calls: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls.is_multiple_of(3) {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let rest = self.bytes.get(self.at..).unwrap_or_default();
            let n = rest.len().min(buf.len()).min(1_000);
            buf[..n].copy_from_slice(&rest[..n]);
            self.at += n;
            Ok(n)
        }
    }

    /// The file read a little at a time, with interruptions, past several of the chunker's
    /// reads ([`READ`]): the same findings as the whole text.
    #[test]
    fn findings_of_a_source_read_in_short_pieces_are_those_of_the_whole_text() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/pgn");
        let mut text = String::new();
        for name in ["faults/faults.pgn", "chesslib/31_games.pgn"] {
            text.push_str(&std::fs::read_to_string(root.join(name)).unwrap());
            text.push('\n');
        }
        let one = text.clone();
        while text.len() < 3 * READ {
            text.push_str(&one);
        }
        let expected = whole(&text);
        assert!(expected.len() > 100, "{}", expected.len());
        for (threads, size) in [(1, CHUNK), (2, 10_000)] {
            let source = Trickle {
                bytes: text.as_bytes().to_vec(),
                at: 0,
                calls: 0,
            };
            let source = Box::new(io::BufReader::with_capacity(4_096, source));
            let (found, _) = streamed_from(source, &text, threads, size);
            assert_eq!(found, expected, "{threads} threads, chunks of {size}");
        }
    }

    #[test]
    fn streamed_findings_of_the_test_files_are_those_of_the_whole_text() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/pgn");
        let mut files = vec![root];
        let mut checked = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(
                    std::fs::read_dir(&path)
                        .unwrap()
                        .map(|entry| entry.unwrap().path()),
                );
            } else if path.extension().is_some_and(|extension| extension == "pgn") {
                let bytes = std::fs::read(&path).unwrap();
                let text = String::from_utf8_lossy(&bytes);
                assert_eq!(streamed(&text), whole(&text), "{}", path.display());
                checked += 1;
            }
        }
        assert!(checked > 10);
    }
}
