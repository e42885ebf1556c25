//! PGN games read move by move (`fenkit-pgn`) for the commands that read `*.pgn` files: the
//! findings of every game's movetext, placed at their file, line and column.
//!
//! The record reader groups a PGN file into tag sections (the `[FEN]` tag of each is read as a
//! position, as for every container); the movetext is read here, from the whole text of the
//! file, by the PGN library. `check` merges both: a game's findings are handed on with its tag
//! section, under the markers above it, in file order.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::ops::Range;

use crate::code::{Finding, finding_of};
pub(crate) use crate::container::{REPORTED_BY_THE_CONTAINER, is_comments_alone};
use crate::diag::Diagnostic;
use crate::input::Origin;

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

/// One game's findings, spans into the whole text.
struct GameFindings {
    span: Range<usize>,
    findings: Vec<Finding>,
}

/// The movetext findings of one PGN file, handed on game by game in file order.
pub(crate) struct PgnFindings {
    path: String,
    text: String,
    games: VecDeque<GameFindings>,
    /// A byte offset whose line number is known, and that line: placing findings counts
    /// newlines from there on, never from the start again.
    cursor: (usize, usize),
}

impl PgnFindings {
    /// Reads every game of `text` (the file `path`): its findings, the container's own left
    /// out. `strict` makes null moves errors.
    pub(crate) fn read(path: String, text: String, strict: bool) -> PgnFindings {
        let games = pgn::Reader::new()
            .strict(strict)
            .games(&text)
            // Comments alone between two games (a marker `{ fenkit: ... }` above a tag
            // section) are no game of their own.
            .filter(|game| !is_comments_alone(game))
            .map(|game| GameFindings {
                span: game.span.clone(),
                findings: game
                    .findings
                    .into_iter()
                    .filter(|finding| !REPORTED_BY_THE_CONTAINER.contains(&finding.code))
                    .map(finding_of)
                    .collect(),
            })
            .filter(|game| !game.findings.is_empty())
            .collect();
        PgnFindings {
            path,
            text,
            games,
            cursor: (0, 1),
        }
    }

    /// The findings of the games that end at or before byte `offset`, placed.
    pub(crate) fn before(&mut self, offset: u64) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        while let Some(game) = self.games.front()
            && (game.span.end as u64) <= offset
        {
            if let Some(game) = self.games.pop_front() {
                self.place(game, &mut out);
            }
        }
        out
    }

    /// The findings of the game whose text holds the record at `range` (its tag section), and
    /// those of the games before it, placed.
    pub(crate) fn game_of(&mut self, range: Range<u64>) -> Vec<Diagnostic> {
        let mut out = self.before(range.start);
        if let Some(game) = self.games.front()
            && (game.span.start as u64) < range.end.max(range.start + 1)
            && let Some(game) = self.games.pop_front()
        {
            self.place(game, &mut out);
        }
        out
    }

    /// The findings of every game not handed on yet, placed.
    pub(crate) fn rest(&mut self) -> Vec<Diagnostic> {
        self.before(u64::MAX)
    }

    fn place(&mut self, game: GameFindings, out: &mut Vec<Diagnostic>) {
        let text = self.text.as_str();
        let bytes = text.as_bytes();
        // The whole lines the game stands on: a caret's line is shown from its start.
        let start = game.span.start.min(text.len());
        let from =
            memchr::memrchr(b'\n', bytes.get(..start).unwrap_or_default()).map_or(0, |at| at + 1);
        let end = game
            .findings
            .iter()
            .map(|finding| finding.span.end)
            .chain([game.span.end])
            .max()
            .unwrap_or(start)
            .min(text.len());
        let to = memchr::memchr(b'\n', bytes.get(end..).unwrap_or_default())
            .map_or(text.len(), |at| end + at);
        let (at, line) = self.cursor;
        let first_line = if from >= at {
            line + memchr::memchr_iter(b'\n', bytes.get(at..from).unwrap_or_default()).count()
        } else {
            1 + memchr::memchr_iter(b'\n', bytes.get(..from).unwrap_or_default()).count()
        };
        self.cursor = (from, first_line);
        let slice = text.get(from..to).unwrap_or_default();
        for mut finding in game.findings {
            finding.span =
                finding.span.start.saturating_sub(from)..finding.span.end.saturating_sub(from);
            out.push(Diagnostic::in_text(
                &self.path,
                first_line,
                from as u64,
                slice,
                finding,
            ));
        }
    }
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
    PgnFindings {
        path: path.to_owned(),
        text: text.to_owned(),
        games: VecDeque::from([GameFindings {
            span: 0..0,
            findings,
        }]),
        cursor: (0, 1),
    }
    .rest()
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
