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

use crate::diag::Diagnostic;
use crate::input::Origin;
use notation::code::{Finding, finding_of};
pub(crate) use notation::container::{REPORTED_BY_THE_CONTAINER, is_comments_alone};

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

/// The movetext findings of one PGN file, read game by game as `check` comes to them: the
/// file is read in chunks that end before a tag section at a line start (where the library
/// ends a game too), each chunk's games are checked, their findings placed, and the chunk
/// dropped. Memory stays that of one chunk, whatever the size of the file.
pub(crate) struct PgnFindings {
    path: String,
    strict: bool,
    source: Option<Box<dyn BufRead + Send>>,
    /// A line read past the end of the last chunk: the first of the next.
    pending: Vec<u8>,
    /// The file's byte offset and line number where the next chunk starts.
    offset: u64,
    line: usize,
    games: VecDeque<GameFindings>,
}

impl PgnFindings {
    /// Reads the games of `source` (the file `path`) as they are asked for: their findings,
    /// the container's own left out. `strict` makes null moves errors.
    pub(crate) fn read(path: String, source: Box<dyn BufRead + Send>, strict: bool) -> PgnFindings {
        PgnFindings {
            path,
            strict,
            source: Some(source),
            pending: Vec::new(),
            offset: 0,
            line: 1,
            games: VecDeque::new(),
        }
    }

    /// Reads chunks until the file's bytes before `offset` are read (or the file ends).
    fn load(&mut self, offset: u64) {
        while self.source.is_some() && self.offset <= offset {
            self.chunk();
        }
    }

    /// Reads the next chunk: lines up to (not including) a tag line that follows movetext.
    fn chunk(&mut self) {
        let Some(source) = self.source.as_mut() else {
            return;
        };
        let mut bytes = std::mem::take(&mut self.pending);
        let mut movetext = !bytes.is_empty() && !is_tag_line(&bytes);
        loop {
            // Each line is read straight onto the chunk, and split off again when it is the
            // tag line that ends it.
            let at = bytes.len();
            match source.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => {
                    // A file that cannot be read to its end is reported by the scan.
                    bytes.truncate(at);
                    self.source = None;
                    break;
                }
                Ok(_) => {}
            }
            let line = bytes.get(at..).unwrap_or_default();
            // A byte order mark at the start of the file is no part of the text (elsewhere it
            // is, as the library reads it).
            let tag = if self.offset == 0 && at == 0 {
                is_tag_line(line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line))
            } else {
                is_tag_line(line)
            };
            if tag {
                if movetext {
                    self.pending = bytes.split_off(at);
                    break;
                }
            } else if !line.trim_ascii().is_empty() && !line.starts_with(b"%") {
                movetext = true;
            }
        }
        let start = self.offset;
        let first_line = self.line;
        self.offset += bytes.len() as u64;
        self.line += memchr::memchr_iter(b'\n', &bytes).count();
        // The next tag line is read with the chunk, so that the last game ends at "the next
        // tag section", as in the whole file; the game it opens is the next chunk's.
        let own = bytes.len();
        bytes.extend_from_slice(&self.pending);
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
        };
        self.check(&text, own, start, first_line);
    }

    /// Checks the games that start in the first `own` bytes of `text` (a chunk and the tag
    /// line after it), which starts at byte `start`, line `first_line`.
    fn check(&mut self, text: &str, own: usize, start: u64, first_line: usize) {
        let mut cursor = (0, first_line);
        for game in pgn::Reader::new().strict(self.strict).games(text) {
            if game.span.start >= own {
                break;
            }
            // Comments alone between two games (a marker `{ fenkit: ... }` above a tag
            // section) are no game of their own.
            if is_comments_alone(&game) {
                continue;
            }
            let findings: Vec<Finding> = game
                .findings
                .into_iter()
                .filter(|finding| !REPORTED_BY_THE_CONTAINER.contains(&finding.code))
                .map(finding_of)
                .collect();
            if findings.is_empty() {
                continue;
            }
            let placed = place_in(&self.path, text, start, &mut cursor, &game.span, findings);
            self.games.push_back(GameFindings {
                start: start + game.span.start as u64,
                end: start + game.span.end as u64,
                placed,
            });
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
    let mut edits = Vec::new();
    let mut errors = Vec::new();
    for game in pgn::Reader::new().games(text) {
        if is_comments_alone(&game) {
            continue;
        }
        edits.extend(game.edits);
        errors.extend(
            game.findings
                .into_iter()
                .filter(|finding| finding.severity == fenkit_diagnostics::Severity::Error)
                .filter(|finding| !REPORTED_BY_THE_CONTAINER.contains(&finding.code)),
        );
    }
    let errors = place(path, text, errors);
    if edits.is_empty() {
        return (None, errors);
    }
    (Some(pgn::apply_edits(text, &edits)), errors)
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

    /// The findings of `text` as `check` hands them on, game by game from a stream.
    fn streamed(text: &str) -> Vec<(usize, usize, u64, String, String)> {
        let source = Box::new(io::Cursor::new(text.as_bytes().to_vec()));
        let mut games = PgnFindings::read("t.pgn".to_owned(), source, false);
        // Ask as the record reader would: at every line start.
        let mut out = Vec::new();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            out.extend(games.before(offset as u64));
            offset += line.len();
        }
        out.extend(games.rest());
        out.into_iter().map(compared).collect()
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
                    .filter(|finding| !REPORTED_BY_THE_CONTAINER.contains(&finding.code))
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
