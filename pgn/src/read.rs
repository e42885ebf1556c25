//! The reader: PGN text, byte by byte, into games whose every move is read against its
//! position.
//!
//! One pass over the bytes, with no copy of the text: tags, moves and comments are spans into
//! the input, and a move is resolved from its text by the rules ([`Rules`]). Variations are an
//! explicit stack (never recursion), bounded by [`Reader::max_depth`]; a comment is found with
//! `memchr`. What the reader keeps of each game is the caller's choice ([`Keep`]): checking a
//! file allocates only for findings.

use std::borrow::Cow;
use std::ops::Range;

use fenkit_diagnostics::{Finding, Severity};
use memchr::{memchr, memchr2};

use crate::Code;
use crate::game::{Edit, Game, GameVariant, Node, Tag, Termination};
use crate::rules::{Chess, MoveError, Rules, STANDARD_START, VariantPosition};

/// The position a game starts from: standard chess or Chess960, or a variant's.
enum Start {
    Chess(Chess),
    Variant(Box<VariantPosition>),
}

/// What the text is: PGN games, or one movetext (SAN from the standard start, no tags and no
/// termination marker expected: a TSV column such as lichess's chess-openings `pgn`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// PGN: tag sections and movetext, game after game.
    #[default]
    Pgn,
    /// One movetext, read from the standard start.
    Movetext,
}

/// What the reader keeps of each game besides its tags, findings and edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, PartialOrd, Ord)]
pub enum Keep {
    /// Nothing more: what `check` needs.
    #[default]
    Findings,
    /// The mainline's moves (SAN, UCI, comments, NAGs) and the final position.
    Mainline,
    /// Every move of every variation too.
    Tree,
}

/// How games are read: a settings type with chained setters.
///
/// ```
/// use pgn::{Keep, Reader};
/// let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. 0-0) 1/2-1/2\n";
/// let game = Reader::new().keep(Keep::Tree).games(text).next().unwrap();
/// assert_eq!(game.uci_mainline(), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
/// assert_eq!(game.moves[5].variations[0][1].san, "O-O");
/// let codes: Vec<&str> = game.findings.iter().map(|f| f.code.as_str()).collect();
/// assert_eq!(codes, ["PGN101", "PGN109"]); // `0-0`, and tags of the Seven Tag Roster missing
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reader {
    notation: Notation,
    keep: Keep,
    fens: bool,
    en_passant: dfen::EnPassantPolicy,
    strict: bool,
    commands: bool,
    max_depth: usize,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

/// The default limit on nested variations.
pub const MAX_DEPTH: usize = 256;

impl Reader {
    /// PGN, keeping findings only, null moves as warnings, variations nested up to
    /// [`MAX_DEPTH`].
    #[must_use]
    pub const fn new() -> Reader {
        Reader {
            notation: Notation::Pgn,
            keep: Keep::Findings,
            fens: false,
            en_passant: dfen::EnPassantPolicy::Legal,
            strict: false,
            commands: false,
            max_depth: MAX_DEPTH,
        }
    }

    /// What the text is.
    #[must_use]
    pub const fn notation(mut self, notation: Notation) -> Reader {
        self.notation = notation;
        self
    }

    /// What to keep of each game.
    #[must_use]
    pub const fn keep(mut self, keep: Keep) -> Reader {
        self.keep = keep;
        self
    }

    /// Whether each kept move carries the FEN after it.
    #[must_use]
    pub const fn fens(mut self, fens: bool) -> Reader {
        self.fens = fens;
        self
    }

    /// Which en-passant squares the FENs of [`Reader::fens`] write in standard chess and
    /// Chess960: `Legal` by default, as python-chess writes them.
    #[must_use]
    pub const fn en_passant(mut self, en_passant: dfen::EnPassantPolicy) -> Reader {
        self.en_passant = en_passant;
        self
    }

    /// Strict: null moves are errors.
    #[must_use]
    pub const fn strict(mut self, strict: bool) -> Reader {
        self.strict = strict;
        self
    }

    /// Whether the commands of every `{…}` comment are read, and those kept unread (unknown
    /// names, known ones whose arguments are not their syntax, and every command of a `;`
    /// comment, where commands are not read) listed in [`Game::unread_commands`]. Off by
    /// default: no comment is searched for commands then.
    ///
    /// ```
    /// let text = "1. e4 {[%clk 0:03:00]} e5 {[%foo 1] [%clk 1:ab]} ; [%clk 0:02:59]\n*";
    /// let reader = pgn::Reader::new().notation(pgn::Notation::Movetext);
    /// let game = reader.commands(true).games(text).next().unwrap();
    /// let names: Vec<&str> = game.unread_commands.iter().map(|c| c.name).collect();
    /// assert_eq!(names, ["foo", "clk", "clk"]);
    /// assert!(reader.games(text).next().unwrap().unread_commands.is_empty());
    /// ```
    #[must_use]
    pub const fn commands(mut self, commands: bool) -> Reader {
        self.commands = commands;
        self
    }

    /// How deep variations may nest; deeper ones are a finding (`PGN005`) and are skipped.
    #[must_use]
    pub const fn max_depth(mut self, depth: usize) -> Reader {
        self.max_depth = depth;
        self
    }

    /// The games of `text`, one at a time.
    #[must_use]
    pub fn games<'a>(&self, text: &'a str) -> Games<'a> {
        Games {
            reader: *self,
            src: text,
            bytes: text.as_bytes(),
            // A byte order mark is no part of the text.
            at: if text.starts_with('\u{feff}') { 3 } else { 0 },
            done: false,
            comment_end: CommentEnd::new(),
        }
    }
}

/// The games of a text ([`Reader::games`]): an iterator that reads one game per step.
#[derive(Debug, Clone)]
pub struct Games<'a> {
    reader: Reader,
    src: &'a str,
    bytes: &'a [u8],
    at: usize,
    done: bool,
    comment_end: CommentEnd,
}

/// The search for a comment's end, `}` or a line end, made once for a text: with AVX2 where the
/// processor has it, without asking again for each comment (`memchr2` asks, and builds its
/// search, on every call).
#[derive(Debug, Clone, Copy)]
struct CommentEnd {
    #[cfg(target_arch = "x86_64")]
    avx2: Option<memchr::arch::x86_64::avx2::memchr::Two>,
}

impl CommentEnd {
    fn new() -> CommentEnd {
        CommentEnd {
            #[cfg(target_arch = "x86_64")]
            avx2: memchr::arch::x86_64::avx2::memchr::Two::new(b'}', b'\n'),
        }
    }

    /// Where the first `}` or line end of `haystack` is.
    #[inline]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(two) = &self.avx2 {
            return two.find(haystack);
        }
        memchr2(b'}', b'\n', haystack)
    }
}

/// Bytes that may continue a symbol (PGN §8.2: letters, digits and `_+#=:-`, and `/` for
/// `1/2-1/2`).
#[allow(clippy::indexing_slicing)]
static SYMBOL: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric()
            || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b'@');
        byte += 1;
    }
    table
};

/// The bytes a tag name is made of after its first (which is a letter or a digit), looked up
/// once a byte.
#[allow(clippy::indexing_slicing)]
static TAG_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] =
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        byte += 1;
    }
    table
};

/// Where the bytes of a tag value that need a look stop: the first of `"`, `\\` and a line
/// end at or after `from` (or the end of `bytes`, or `from` when past it). Eight bytes are
/// tested at a time, in a word, where a byte loop takes one: a tag value is about a dozen
/// bytes, too short for `memchr3`'s set-up to pay. The reader's tag pairs and the command
/// line's tag sections both end their values by it.
///
/// ```
/// use pgn::read::value_stop;
///
/// let pair = br#"[Event "Rated \"Blitz\" game"]"#;
/// assert_eq!(value_stop(pair, 8), 14);
/// assert_eq!(value_stop(b"[Site \"a\nb\"]", 7), 8);
/// assert_eq!(value_stop(b"open", 0), 4);
/// assert_eq!(value_stop(b"open", 9), 9);
/// ```
#[must_use]
#[inline]
pub fn value_stop(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // The high bit of each byte of `word` that is zero; the lowest such bit is exact (a borrow
    // only marks bytes above a zero byte).
    let zeros = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS;
    let mut at = from;
    while let Some(word) = bytes
        .get(at..at.saturating_add(8))
        .and_then(|eight| <[u8; 8]>::try_from(eight).ok())
    {
        let word = u64::from_le_bytes(word);
        let found = zeros(word ^ (ONES * u64::from(b'"')))
            | zeros(word ^ (ONES * u64::from(b'\\')))
            | zeros(word ^ (ONES * u64::from(b'\n')));
        if found != 0 {
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while bytes
        .get(at)
        .is_some_and(|byte| !matches!(byte, b'"' | b'\\' | b'\n'))
    {
        at += 1;
    }
    at
}

/// Bytes that end an unknown token: whitespace and the one-byte tokens.
fn is_delimiter(byte: u8) -> bool {
    byte.is_ascii_whitespace()
        || matches!(byte, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$')
}

/// One line of play being read.
struct Frame<'a, R> {
    /// The position after the line's last move.
    current: R,
    /// The position before it: where a variation replacing it starts.
    before: R,
    moved: bool,
    /// After an illegal move (or in a game whose moves are not checked): syntax only.
    dead: bool,
    /// The `(` that opened it (0 for the mainline).
    open: usize,
    nodes: Vec<Node<'a>>,
    /// Comments before the line's first move.
    starting: Vec<&'a str>,
}

impl<'a, R: Rules> Frame<'a, R> {
    fn new(position: R, dead: bool, open: usize) -> Frame<'a, R> {
        Frame {
            current: position.clone(),
            before: position,
            moved: false,
            dead,
            open,
            nodes: Vec::new(),
            starting: Vec::new(),
        }
    }
}

/// How a game's movetext ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Marker,
    BlankLine,
    TagSection,
    Input,
    UnclosedComment,
}

impl<'a> Iterator for Games<'a> {
    type Item = Game<'a>;

    fn next(&mut self) -> Option<Game<'a>> {
        if self.done {
            return None;
        }
        match self.reader.notation {
            Notation::Pgn => {
                self.skip_between_games();
                if self.at >= self.bytes.len() {
                    self.done = true;
                    return None;
                }
            }
            Notation::Movetext => self.done = true,
        }
        Some(self.game())
    }
}

impl<'a> Games<'a> {
    fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    fn line_start(&self, at: usize) -> bool {
        at == 0 || self.byte(at - 1) == Some(b'\n')
    }

    /// The end of the line at `at` (the `\n`'s index, or the end of the input).
    fn line_end(&self, at: usize) -> usize {
        self.bytes
            .get(at..)
            .and_then(|rest| memchr(b'\n', rest))
            .map_or(self.bytes.len(), |offset| at + offset)
    }

    /// Skips whitespace; returns how many line ends it passed.
    #[inline]
    fn skip_whitespace(&mut self) -> usize {
        let mut newlines = 0;
        while let Some(byte) = self.byte(self.at) {
            match byte {
                b'\n' => newlines += 1,
                b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b' => {}
                _ => break,
            }
            self.at += 1;
        }
        newlines
    }

    fn skip_between_games(&mut self) {
        loop {
            self.skip_whitespace();
            match self.byte(self.at) {
                Some(b'%' | b';') if self.line_start(self.at) => self.at = self.line_end(self.at),
                _ => return,
            }
        }
    }

    fn text(&self, span: Range<usize>) -> &'a str {
        self.src.get(span).unwrap_or_default()
    }

    fn game(&mut self) -> Game<'a> {
        let start = self.at;
        let mut findings = Vec::new();
        let mut edits = Vec::new();
        // Room for lichess's 17 tags (and most files' fewer) without growing the list.
        let mut tags = Vec::new();
        let mut tag_section = TagSection {
            end: start,
            unreadable: false,
        };
        if self.reader.notation == Notation::Pgn {
            tags.reserve(20);
            tag_section = self.tags(&mut tags, &mut findings);
        }
        let mut game = Game {
            span: start..start,
            tags,
            variant: GameVariant::Standard,
            start_fen: Cow::Borrowed(STANDARD_START),
            comments: Vec::new(),
            moves: Vec::new(),
            final_fen: None,
            termination: None,
            findings,
            edits: Vec::new(),
            moves_checked: 0,
            unread_commands: Vec::new(),
        };
        let (position, checked) = self.setup(&mut game, &mut edits);
        let movetext = match position {
            Start::Chess(position) => self.movetext(&mut game, &mut edits, position, checked),
            Start::Variant(position) => self.movetext(&mut game, &mut edits, *position, checked),
        };
        game.span = start..self.at;
        if self.reader.notation == Notation::Pgn {
            self.end_checks(&mut game, &mut edits, movetext, tag_section);
        }
        edits.sort_by_key(|edit| (edit.span.start, edit.span.end));
        game.edits = edits;
        game
    }

    /// The tag section: tag pairs, `%` lines, whitespace. Its answer says where its last tag
    /// pair ends, readable or not.
    fn tags(&mut self, tags: &mut Vec<Tag<'a>>, findings: &mut Vec<Finding<Code>>) -> TagSection {
        let mut section = TagSection {
            end: self.at,
            unreadable: false,
        };
        loop {
            self.skip_whitespace();
            match self.byte(self.at) {
                Some(b'%' | b';') if self.line_start(self.at) => self.at = self.line_end(self.at),
                Some(b'[') => match self.tag() {
                    Ok(tag) => {
                        section.end = tag.span.end;
                        tags.push(tag);
                    }
                    Err((expected, found)) => {
                        let end = self.line_end(self.at);
                        let end = self.text(self.at..end).trim_end().len() + self.at;
                        findings.push(
                            Finding::new(
                                Code::BadTag,
                                Severity::Error,
                                self.at..end.max(self.at + 1),
                                format!("expected {expected}, found {found}"),
                            )
                            .with_help(
                                "write a tag pair as `[Name \"value\"]` on a line of its own",
                            ),
                        );
                        // The line's `[` at least: the tag section reaches past it.
                        section.end = end;
                        section.unreadable = true;
                        self.at = self.line_end(self.at);
                    }
                },
                _ => return section,
            }
        }
    }

    /// One tag pair at `[`; on success the cursor is after its `]`.
    fn tag(&mut self) -> Result<Tag<'a>, (&'static str, String)> {
        let open = self.at;
        let mut at = open + 1;
        let found = |this: &Self, at: usize| match this.byte(at) {
            None => "the end of the input".to_owned(),
            Some(b'\n' | b'\r') => "the end of the line".to_owned(),
            Some(_) => {
                let rest = this.src.get(at..).unwrap_or_default();
                let c = rest.chars().next().unwrap_or(' ');
                format!("`{c}`")
            }
        };
        while matches!(self.byte(at), Some(b' ' | b'\t')) {
            at += 1;
        }
        let name_start = at;
        if !self.byte(at).is_some_and(|b| b.is_ascii_alphanumeric()) {
            return Err(("a tag name", found(self, at)));
        }
        while self.byte(at).is_some_and(|b| TAG_NAME[usize::from(b)]) {
            at += 1;
        }
        let name = self.text(name_start..at);
        while matches!(self.byte(at), Some(b' ' | b'\t')) {
            at += 1;
        }
        if self.byte(at) != Some(b'"') {
            return Err(("`\"` to open the tag's value", found(self, at)));
        }
        at += 1;
        let value_start = at;
        loop {
            // Every byte before the stop is part of the value (`Some(_)` below).
            at = value_stop(self.bytes, at);
            match self.byte(at) {
                Some(b'"') => break,
                Some(b'\\') if matches!(self.byte(at + 1), Some(b'"' | b'\\')) => at += 2,
                Some(b'\n') | None => {
                    // Import format: a value ending in a lone `\` (`"Cup \"]`) still ends at the
                    // last `"]` of its line.
                    let line = self
                        .text(value_start..self.line_end(value_start))
                        .trim_end();
                    match line.strip_suffix("\"]") {
                        Some(value) => {
                            at = value_start + value.len();
                            break;
                        }
                        None => return Err(("`\"` to close the tag's value", found(self, at))),
                    }
                }
                Some(_) => at += 1,
            }
        }
        let raw_value = self.text(value_start..at);
        at += 1;
        while matches!(self.byte(at), Some(b' ' | b'\t')) {
            at += 1;
        }
        if self.byte(at) != Some(b']') {
            return Err(("`]` to close the tag pair", found(self, at)));
        }
        at += 1;
        self.at = at;
        Ok(Tag {
            name,
            raw_value,
            span: open..at,
        })
    }

    /// The start position from the `Variant`, `FEN` and `SetUp` tags; whether moves are
    /// checked.
    fn setup(&self, game: &mut Game<'a>, edits: &mut Vec<Edit>) -> (Start, bool) {
        let mut chess960 = false;
        if let Some(tag) = game.tags.iter().find(|tag| tag.name == "Variant") {
            let name = tag.raw_value.trim();
            let lower = name.to_ascii_lowercase();
            // Chess960 is standard chess with its castling; every other name is looked up in
            // the variants' table, with its aliases.
            if matches!(
                lower.as_str(),
                "chess960" | "chess 960" | "fischerandom" | "fischerrandom" | "fischer random"
            ) {
                chess960 = true;
                game.variant = GameVariant::Chess960;
            } else if !matches!(lower.as_str(), "" | "classical" | "illegal") {
                // Standard chess's other names (`Standard`, `From Position` …) are the table's.
                match variants::Variant::from_name(name) {
                    Some(variants::Variant::Chess) => {}
                    Some(variant) => game.variant = GameVariant::Variant(variant),
                    None => {
                        game.variant = GameVariant::Unsupported(name);
                        game.findings.push(
                            Finding::new(
                                Code::UnsupportedVariant,
                                Severity::Warning,
                                tag.span.clone(),
                                format!(
                                    "expected standard chess, Chess960 or a variant fenkit reads, found the variant `{name}`: its moves are read for syntax only"
                                ),
                            )
                            .with_help(format!(
                                "the moves of standard chess, Chess960 and these variants are checked: {}",
                                variants::TABLE
                                    .iter()
                                    .skip(1)
                                    .map(|entry| entry.pgn)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )),
                        );
                    }
                }
            }
        }
        let mut position = match game.variant {
            GameVariant::Variant(variant) => {
                let start = VariantPosition::start(variant);
                game.start_fen = Cow::Owned(start.fen());
                Start::Variant(Box::new(start))
            }
            _ => Start::Chess(Chess::standard()),
        };
        let mut checked = !matches!(game.variant, GameVariant::Unsupported(_));
        if let Some(fen_tag) = game.tags.iter().find(|tag| tag.name == "FEN") {
            let value = fen_tag.value();
            let read = match game.variant {
                GameVariant::Variant(variant) => VariantPosition::from_fen(variant, &value)
                    .map(|read| Start::Variant(Box::new(read))),
                _ => Chess::from_fen(&value, chess960).map(Start::Chess),
            };
            match read {
                Ok(read) if checked => {
                    game.start_fen = Cow::Owned(match &read {
                        Start::Chess(read) => read.fen(),
                        Start::Variant(read) => read.fen(),
                    });
                    position = read;
                }
                Ok(_) => {}
                Err(reason) => {
                    checked = false;
                    game.findings.push(
                        Finding::new(
                            Code::BadFen,
                            Severity::Error,
                            fen_tag.span.clone(),
                            format!(
                                "expected a FEN to start the game from, found `{value}`: {reason}"
                            ),
                        )
                        .with_help("the game's moves are not checked until the FEN tag is fixed"),
                    );
                }
            }
            let set_up = game
                .tags
                .iter()
                .any(|tag| tag.name == "SetUp" && tag.raw_value.trim() == "1");
            if !set_up {
                let line_start = self
                    .src
                    .get(..fen_tag.span.start)
                    .and_then(|before| before.rfind('\n'))
                    .map_or(0, |nl| nl + 1);
                let at_line_start = self.text(line_start..fen_tag.span.start).trim().is_empty();
                let (at, replacement) = if at_line_start {
                    (line_start, "[SetUp \"1\"]\n".to_owned())
                } else {
                    (fen_tag.span.start, "[SetUp \"1\"] ".to_owned())
                };
                edits.push(Edit {
                    span: at..at,
                    replacement,
                });
                game.findings.push(
                    Finding::new(
                        Code::FenWithoutSetUp,
                        Severity::Warning,
                        fen_tag.span.clone(),
                        "expected `[SetUp \"1\"]` with the FEN tag, found no SetUp tag set to \"1\"",
                    )
                    .with_help("insert `[SetUp \"1\"]` before the FEN tag")
                    .with_fixable(true),
                );
            }
        }
        (position, checked)
    }

    #[allow(clippy::too_many_lines)]
    fn movetext<R: Rules>(
        &mut self,
        game: &mut Game<'a>,
        edits: &mut Vec<Edit>,
        start: R,
        checked: bool,
    ) -> (End, Option<Range<usize>>) {
        let reader = self.reader;
        let mut stack: Vec<Frame<'a, R>> = Vec::with_capacity(4);
        stack.push(Frame::new(start, !checked, 0));
        let mut overflow = 0usize;
        let mut seen_token = false;
        let mut last_token: Option<Range<usize>> = None;
        let mut pending_number: Option<(u32, Range<usize>)> = None;
        let end = loop {
            let newlines = self.skip_whitespace();
            if newlines >= 2
                && seen_token
                && stack.len() == 1
                && overflow == 0
                && reader.notation == Notation::Pgn
            {
                break End::BlankLine;
            }
            let at = self.at;
            let Some(byte) = self.byte(at) else {
                break End::Input;
            };
            let line_start = self.line_start(at);
            if line_start && reader.notation == Notation::Pgn {
                if byte == b'[' {
                    break End::TagSection;
                }
                if byte == b'%' {
                    self.at = self.line_end(at);
                    continue;
                }
            }
            seen_token = true;
            match byte {
                b'{' => match self.comment_end(at) {
                    Ok(close) => {
                        self.at = close + 1;
                        last_token = Some(at..self.at);
                        if reader.commands {
                            crate::command::unread(
                                self.text(at + 1..close),
                                at + 1,
                                &mut game.unread_commands,
                            );
                        }
                        if reader.keep > Keep::Findings && overflow == 0 {
                            let text = self.text(at + 1..close);
                            let depth = stack.len();
                            if let Some(frame) = stack.last_mut()
                                && (depth == 1 || reader.keep == Keep::Tree)
                            {
                                match frame.nodes.last_mut() {
                                    Some(node) => node.comments.push(text),
                                    None if depth == 1 => game.comments.push(text),
                                    None => frame.starting.push(text),
                                }
                            }
                        }
                    }
                    Err(resume) => {
                        let lines = memchr::memchr_iter(
                            b'\n',
                            self.bytes.get(at..resume).unwrap_or_default(),
                        )
                        .count();
                        let place = if resume >= self.bytes.len() {
                            "the end of the input"
                        } else {
                            "the next tag section"
                        };
                        let found = format!("{place}{}", lines_later(lines));
                        game.findings.push(
                            Finding::new(
                                Code::UnclosedComment,
                                Severity::Error,
                                at..at + 1,
                                format!("expected `}}` to close the comment, found {found}; reading goes on there"),
                            )
                            .with_help("close the comment with `}`"),
                        );
                        self.at = resume;
                        break End::UnclosedComment;
                    }
                },
                b';' => {
                    self.at = self.line_end(at);
                    // Commands are read in `{…}` comments only; one in a `;` comment is
                    // noted as kept unread (`spec/pgn.md` §4).
                    if reader.commands {
                        crate::command::unread_rest_of_line(
                            self.text(at + 1..self.at),
                            at + 1,
                            &mut game.unread_commands,
                        );
                    }
                }
                b'(' => {
                    self.at = at + 1;
                    pending_number = None;
                    last_token = Some(at..self.at);
                    if overflow > 0 {
                        overflow += 1;
                        continue;
                    }
                    if stack.len() > reader.max_depth {
                        overflow = 1;
                        game.findings.push(
                            Finding::new(
                                Code::TooDeep,
                                Severity::Error,
                                at..at + 1,
                                format!(
                                    "expected variations nested at most {} deep, found a deeper one; it is skipped",
                                    reader.max_depth
                                ),
                            )
                            .with_help("move the deepest variations into a game of their own"),
                        );
                        continue;
                    }
                    let Some(parent) = stack.last() else {
                        break End::Input;
                    };
                    let dead = parent.dead || !parent.moved;
                    if !parent.dead && !parent.moved {
                        game.findings.push(
                            Finding::new(
                                Code::VariationWithoutMove,
                                Severity::Error,
                                at..at + 1,
                                "expected a move before the variation, found `(` first; the variation is read for syntax only",
                            )
                            .with_help("a variation follows the move it replaces"),
                        );
                    }
                    let frame = Frame::new(parent.before.clone(), dead, at);
                    stack.push(frame);
                }
                b')' => {
                    self.at = at + 1;
                    pending_number = None;
                    last_token = Some(at..self.at);
                    if overflow > 0 {
                        overflow -= 1;
                        continue;
                    }
                    if stack.len() == 1 {
                        game.findings.push(
                            Finding::new(
                                Code::UnopenedVariation,
                                Severity::Error,
                                at..at + 1,
                                "expected a move or a termination marker, found `)` with no variation open",
                            )
                            .with_help("remove the `)`, or open the variation with `(`"),
                        );
                        continue;
                    }
                    if let Some(frame) = stack.pop() {
                        self.attach(&mut stack, frame);
                    }
                }
                b'$' => {
                    let mut end = at + 1;
                    while self.byte(end).is_some_and(|b| b.is_ascii_digit()) {
                        end += 1;
                    }
                    self.at = end;
                    last_token = Some(at..end);
                    if end == at + 1 {
                        self.unknown(game, at, "a NAG such as `$1`");
                        continue;
                    }
                    let nag = self.text(at + 1..end).parse::<u16>().unwrap_or(u16::MAX);
                    self.push_nag(&mut stack, overflow, nag);
                }
                b'!' | b'?' => {
                    let mut end = at + 1;
                    while matches!(self.byte(end), Some(b'!' | b'?')) {
                        end += 1;
                    }
                    self.at = end;
                    last_token = Some(at..end);
                    let nag = match self.text(at..end) {
                        "!" => 1,
                        "?" => 2,
                        "!!" => 3,
                        "??" => 4,
                        "!?" => 5,
                        "?!" => 6,
                        _ => {
                            self.unknown_span(
                                game,
                                at..end,
                                "a suffix annotation: `!`, `?`, `!!`, `??`, `!?` or `?!`",
                            );
                            continue;
                        }
                    };
                    self.push_nag(&mut stack, overflow, nag);
                }
                b'*' => {
                    self.at = at + 1;
                    last_token = Some(at..self.at);
                    if self.termination(
                        game,
                        &mut stack,
                        overflow,
                        Termination::Unknown,
                        at..at + 1,
                    ) {
                        break End::Marker;
                    }
                }
                b'-' if self.byte(at + 1) == Some(b'-')
                    && !self.byte(at + 2).is_some_and(|b| SYMBOL[usize::from(b)]) =>
                {
                    self.at = at + 2;
                    last_token = Some(at..self.at);
                    self.null_move(game, &mut stack, overflow, at..at + 2);
                    pending_number = None;
                }
                // `@e4`: a pawn drop as python-chess writes it.
                _ if byte.is_ascii_alphanumeric() || byte == b'@' => {
                    let mut end = at + 1;
                    while self.byte(end).is_some_and(|b| SYMBOL[usize::from(b)]) {
                        end += 1;
                    }
                    self.at = end;
                    last_token = Some(at..end);
                    let text = self.text(at..end);
                    let bytes = text.as_bytes();
                    if bytes.iter().all(u8::is_ascii_digit) {
                        if text == "0000" {
                            self.null_move(game, &mut stack, overflow, at..end);
                            pending_number = None;
                            continue;
                        }
                        // A move number indication: digits and periods.
                        while self.byte(self.at) == Some(b'.') {
                            self.at += 1;
                        }
                        last_token = Some(at..self.at);
                        // Digits alone: summed here, not through `str::parse`'s general
                        // path (a number past `u32` stays `u32::MAX`, as before).
                        let number = bytes
                            .iter()
                            .try_fold(0u32, |number, digit| {
                                number.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
                            })
                            .unwrap_or(u32::MAX);
                        pending_number = Some((number, at..end));
                        continue;
                    }
                    if let Some(marker) = Termination::from_marker(text) {
                        if self.termination(game, &mut stack, overflow, marker, at..end) {
                            break End::Marker;
                        }
                        continue;
                    }
                    if text == "Z0" {
                        self.null_move(game, &mut stack, overflow, at..end);
                        pending_number = None;
                        continue;
                    }
                    let number = pending_number.take();
                    self.san(game, edits, &mut stack, overflow, at..end, number);
                }
                _ => {
                    let mut end = at + 1;
                    while self.byte(end).is_some_and(|b| !is_delimiter(b)) {
                        end += 1;
                    }
                    // Never stop inside a UTF-8 sequence.
                    while end < self.bytes.len() && !self.src.is_char_boundary(end) {
                        end += 1;
                    }
                    self.at = end;
                    last_token = Some(at..end);
                    self.unknown_span(
                        game,
                        at..end,
                        "a move, a move number, a comment, a variation or a termination marker",
                    );
                }
            }
        };
        // Variations still open at the end of the game.
        if stack.len() > 1
            && let Some(open) = stack.get(1).map(|frame| frame.open)
        {
            let lines =
                memchr::memchr_iter(b'\n', self.bytes.get(open..self.at).unwrap_or_default())
                    .count();
            game.findings.push(
                Finding::new(
                    Code::UnclosedVariation,
                    Severity::Error,
                    open..open + 1,
                    format!(
                        "expected `)` to close the variation, found the end of the game{}",
                        lines_later(lines)
                    ),
                )
                .with_help("close the variation with `)`"),
            );
            while stack.len() > 1 {
                if let Some(frame) = stack.pop() {
                    self.attach(&mut stack, frame);
                }
            }
        }
        if let Some(main) = stack.pop() {
            if reader.keep > Keep::Findings {
                game.final_fen = Some(main.current.fen());
            }
            game.moves = main.nodes;
        }
        (end, last_token)
    }

    /// Where the comment opened at `open` closes, or, when it does not close before the next
    /// tag section, where reading resumes.
    fn comment_end(&self, open: usize) -> Result<usize, usize> {
        let mut at = open + 1;
        loop {
            let Some(offset) = self
                .bytes
                .get(at..)
                .and_then(|rest| self.comment_end.find(rest))
            else {
                return Err(self.bytes.len());
            };
            let found = at + offset;
            if self.byte(found) == Some(b'}') {
                return Ok(found);
            }
            at = found + 1;
            if self.tag_line(at) {
                return Err(at);
            }
        }
    }

    /// Whether the line at `at` is a tag pair: `[`, a letter, and `"]` at its end.
    fn tag_line(&self, at: usize) -> bool {
        if self.byte(at) != Some(b'[')
            || !self.byte(at + 1).is_some_and(|b| b.is_ascii_alphabetic())
        {
            return false;
        }
        let end = self.line_end(at);
        self.text(at..end).trim_end().ends_with("\"]")
    }

    /// Whether the game ends right after `at`: the end of the input, a blank line or a tag
    /// section follow.
    fn game_ends_at(&self, mut at: usize) -> bool {
        let mut newlines = 0;
        while let Some(byte) = self.byte(at) {
            match byte {
                b'\n' => newlines += 1,
                b' ' | b'\t' | b'\r' => {}
                b'[' => return newlines > 0,
                _ => return newlines > 1,
            }
            at += 1;
        }
        true
    }

    /// A finished variation's moves go to the move they replace.
    fn attach<R: Rules>(&self, stack: &mut [Frame<'a, R>], frame: Frame<'a, R>) {
        if self.reader.keep != Keep::Tree {
            return;
        }
        if let Some(parent) = stack.last_mut()
            && let Some(node) = parent.nodes.last_mut()
        {
            let mut nodes = frame.nodes;
            if let Some(first) = nodes.first_mut() {
                first.starting_comments = frame.starting;
            }
            node.variations.push(nodes);
        }
    }

    fn push_nag<R: Rules>(&self, stack: &mut [Frame<'a, R>], overflow: usize, nag: u16) {
        if self.reader.keep == Keep::Findings || overflow > 0 {
            return;
        }
        let depth = stack.len();
        if (depth == 1 || self.reader.keep == Keep::Tree)
            && let Some(node) = stack.last_mut().and_then(|frame| frame.nodes.last_mut())
        {
            node.nags.push(nag);
        }
    }

    #[cold]
    fn unknown(&self, game: &mut Game<'a>, at: usize, expected: &str) {
        self.unknown_span(game, at..at + 1, expected);
    }

    #[cold]
    fn unknown_span(&self, game: &mut Game<'a>, span: Range<usize>, expected: &str) {
        let found = self.text(span.clone());
        game.findings.push(Finding::new(
            Code::UnknownToken,
            Severity::Error,
            span,
            format!("expected {expected}, found `{found}`"),
        ));
    }

    /// A termination marker; whether it ends the game (in the mainline).
    fn termination<R: Rules>(
        &self,
        game: &mut Game<'a>,
        stack: &mut [Frame<'a, R>],
        overflow: usize,
        marker: Termination,
        span: Range<usize>,
    ) -> bool {
        // In the mainline, or as the last token of the game with variations left open (the
        // unclosed variation is the finding then).
        if stack.len() == 1 && overflow == 0 || self.game_ends_at(span.end) {
            game.termination = Some((marker, span));
            return true;
        }
        if overflow == 0 {
            let found = self.text(span.clone());
            game.findings.push(
                Finding::new(
                    Code::UnknownToken,
                    Severity::Error,
                    span,
                    format!("expected a move or `)`, found the termination marker `{found}` inside a variation"),
                )
                .with_help("close the variation with `)` before the termination marker"),
            );
            if let Some(frame) = stack.last_mut() {
                frame.dead = true;
            }
        }
        false
    }

    fn null_move<R: Rules>(
        &self,
        game: &mut Game<'a>,
        stack: &mut [Frame<'a, R>],
        overflow: usize,
        span: Range<usize>,
    ) {
        if overflow > 0 {
            return;
        }
        let depth = stack.len();
        let Some(frame) = stack.last_mut() else {
            return;
        };
        if frame.dead {
            return;
        }
        let (severity, help) = if self.reader.strict {
            (
                Severity::Error,
                "a null move is no move of chess; strict mode refuses it",
            )
        } else {
            (
                Severity::Warning,
                "a null move passes the turn; other readers may refuse it",
            )
        };
        let found = self.text(span.clone());
        game.findings.push(
            Finding::new(
                Code::NullMove,
                severity,
                span.clone(),
                format!("expected a move, found the null move `{found}`"),
            )
            .with_help(help),
        );
        frame.before = frame.current.clone();
        frame.current.play_null();
        frame.moved = true;
        game.moves_checked += 1;
        if self.reader.keep == Keep::Tree || (self.reader.keep == Keep::Mainline && depth == 1) {
            let fen = self
                .reader
                .fens
                .then(|| frame.current.fen_with(self.reader.en_passant));
            frame.nodes.push(Node {
                span,
                san: "--".to_owned(),
                uci: "0000".to_owned(),
                fen,
                ..Node::default()
            });
        }
    }

    #[inline]
    fn san<R: Rules>(
        &self,
        game: &mut Game<'a>,
        edits: &mut Vec<Edit>,
        stack: &mut [Frame<'a, R>],
        overflow: usize,
        span: Range<usize>,
        number: Option<(u32, Range<usize>)>,
    ) {
        if overflow > 0 {
            return;
        }
        let depth = stack.len();
        let Some(frame) = stack.last_mut() else {
            return;
        };
        if frame.dead {
            return;
        }
        let text = self.text(span.clone());
        if let Some((written, number_span)) = number {
            let fullmove = frame.current.fullmove();
            if written != fullmove {
                edits.push(Edit {
                    span: number_span.clone(),
                    replacement: fullmove.to_string(),
                });
                game.findings.push(
                    Finding::new(
                        Code::MoveNumber,
                        Severity::Warning,
                        number_span,
                        format!("expected move number {fullmove}, found {written}"),
                    )
                    .with_help(format!("write {fullmove}"))
                    .with_fixable(true),
                );
            }
        }
        let mut read = frame.current.read_move(text);
        let mut faults = None;
        if let Err(error) = &read
            && error.code() == Code::UnknownToken
            && let Some(body) = text.strip_suffix("ep")
            && let Ok(capture) = frame.current.read_move(body)
        {
            faults = Some(Code::EnPassantSuffix);
            read = Ok(capture);
        }
        match read {
            Ok(read) => {
                game.moves_checked += 1;
                if let Some(code) = faults.or_else(|| read.faults.code()) {
                    let san: &str = &read.san;
                    edits.push(Edit {
                        span: span.clone(),
                        replacement: san.to_owned(),
                    });
                    game.findings.push(
                        Finding::new(
                            code,
                            Severity::Warning,
                            span.clone(),
                            format!("expected the move's SAN `{san}`, found `{text}`"),
                        )
                        .with_help(format!("write `{san}`"))
                        .with_fixable(true),
                    );
                }
                let keep = self.reader.keep == Keep::Tree
                    || (self.reader.keep == Keep::Mainline && depth == 1);
                let uci = if keep {
                    frame.current.uci(&read.mv)
                } else {
                    String::new()
                };
                frame.before = frame.current.clone();
                frame.current.play(&read.mv);
                frame.moved = true;
                if keep {
                    let fen = self
                        .reader
                        .fens
                        .then(|| frame.current.fen_with(self.reader.en_passant));
                    frame.nodes.push(Node {
                        span,
                        san: read.san.to_string(),
                        uci,
                        fen,
                        ..Node::default()
                    });
                }
            }
            Err(error) => {
                let finding = move_finding(&frame.current, text, span, &error);
                if error.code() == Code::UnknownToken {
                    // Text that is no move: the line goes on.
                    game.findings.push(finding);
                } else {
                    frame.dead = true;
                    game.findings.push(finding);
                }
            }
        }
    }

    /// The checks of a whole game: variations and comments closed, the termination marker, the
    /// Result tag, the Seven Tag Roster.
    fn end_checks(
        &self,
        game: &mut Game<'a>,
        edits: &mut Vec<Edit>,
        (end, last_token): (End, Option<Range<usize>>),
        tag_section: TagSection,
    ) {
        let tags_end = tag_section.end;
        let result_tag = game.tags.iter().find(|tag| tag.name == "Result");
        let tag_marker = result_tag.and_then(|tag| Termination::from_marker(tag.raw_value.trim()));
        match (&game.termination, end) {
            (Some((marker, span)), _) => {
                if let (Some(tag), Some(tag_marker)) = (result_tag, tag_marker)
                    && tag_marker != *marker
                {
                    game.findings.push(
                        Finding::new(
                            Code::ResultMismatch,
                            Severity::Error,
                            span.clone(),
                            format!(
                                "expected the termination marker `{}` of the Result tag, found `{}`",
                                tag_marker.as_str(),
                                marker.as_str()
                            ),
                        )
                        .with_help(format!(
                            "the Result tag says `{}`: make it and the termination marker agree",
                            tag.raw_value.trim()
                        )),
                    );
                }
            }
            (None, End::UnclosedComment) => {}
            // Nothing but an unreadable tag section: no movetext to end.
            (None, _) if tag_section.unreadable && last_token.is_none() => {}
            (None, _) => {
                let marker = tag_marker.unwrap_or(Termination::Unknown).as_str();
                let (at, replacement, span) = match last_token {
                    Some(last) => (last.end, format!(" {marker}"), last),
                    None => (tags_end, format!("\n\n{marker}"), game.span.start..tags_end),
                };
                edits.push(Edit {
                    span: at..at,
                    replacement,
                });
                game.findings.push(
                    Finding::new(
                        Code::MissingTermination,
                        Severity::Warning,
                        span,
                        format!("expected a game termination marker at the end of the movetext, found {}", match end {
                            End::TagSection => "the next tag section",
                            End::BlankLine => "a blank line",
                            _ => "the end of the input",
                        }),
                    )
                    .with_help(format!("end the game with `{marker}`"))
                    .with_fixable(true),
                );
            }
        }
        const ROSTER: [(&str, &str); 7] = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", "*"),
        ];
        // One pass over the tags, each name matched once, not seven searches of the list.
        let mut present = 0u8;
        for tag in &game.tags {
            present |= match tag.name {
                "Event" => 1,
                "Site" => 2,
                "Date" => 4,
                "Round" => 8,
                "White" => 16,
                "Black" => 32,
                "Result" => 64,
                _ => 0,
            };
        }
        let missing: Vec<(&str, &str)> = ROSTER
            .iter()
            .copied()
            .enumerate()
            .filter(|(index, _)| present & (1 << index) == 0)
            .map(|(_, tag)| tag)
            .collect();
        // An unreadable tag pair may be the missing tag itself (`[Event "x]`): inserting it
        // would write it twice.
        if !missing.is_empty() && !tag_section.unreadable {
            let result = game
                .termination
                .as_ref()
                .map_or("*", |(marker, _)| marker.as_str());
            let mut insert = String::new();
            for (name, value) in &missing {
                let value = if *name == "Result" { result } else { value };
                insert.push_str(&format!("[{name} \"{value}\"]\n"));
            }
            let (at, span) = match game.tags.last() {
                Some(tag) => {
                    let line_end = self.line_end(tag.span.end);
                    let rest = self.text(tag.span.end..line_end);
                    // On the lines after the last tag's; right after it when its line goes on
                    // (or ends the input), ending with a line end where the line goes on, so
                    // that what follows the tag (`[A "x"] *`) starts a line of its own. Right
                    // after it too when a termination marker is inserted there (a game of
                    // tags alone), so that the tags come before the marker.
                    let marker_after_tag = edits
                        .iter()
                        .any(|edit| edit.span == (tag.span.end..tag.span.end));
                    let at = if rest.trim().is_empty()
                        && line_end < self.bytes.len()
                        && !marker_after_tag
                    {
                        line_end + 1
                    } else {
                        insert.insert(0, '\n');
                        if rest.trim().is_empty() {
                            insert.pop();
                        }
                        tag.span.end
                    };
                    (
                        at,
                        game.tags
                            .first()
                            .map_or(tag.span.clone(), |first| first.span.start..tag.span.end),
                    )
                }
                None => {
                    insert.push('\n');
                    // A game that starts later on a line (after the termination marker of the
                    // game before: `1. e4 * e5`) gets its tags on lines of their own.
                    if !self.line_start(game.span.start) {
                        insert.insert_str(0, "\n\n");
                    }
                    let first = self
                        .src
                        .get(game.span.start..)
                        .and_then(|rest| rest.chars().next())
                        .map_or(0, char::len_utf8);
                    (game.span.start, game.span.start..game.span.start + first)
                }
            };
            // Before a termination marker inserted at the same place (a game of tags alone,
            // its last tag ending the input), so that the tags stay in the tag section.
            let before = edits
                .iter()
                .position(|edit| edit.span == (at..at))
                .unwrap_or(edits.len());
            edits.insert(
                before,
                Edit {
                    span: at..at,
                    replacement: insert,
                },
            );
            let names: Vec<String> = missing
                .iter()
                .map(|(name, _)| format!("`{name}`"))
                .collect();
            game.findings.push(
                Finding::new(
                    Code::MissingRosterTag,
                    Severity::Warning,
                    span,
                    format!(
                        "expected the seven tags of the Seven Tag Roster, found {} missing",
                        names.join(", ")
                    ),
                )
                .with_help("insert the missing tags with unknown values (`\"?\"`)")
                .with_fixable(true),
            );
        }
    }
}

/// What a game's tag section left for the checks at the game's end.
#[derive(Clone, Copy)]
struct TagSection {
    /// The end of its last tag pair (the trimmed end of the line of an unreadable one), or the
    /// game's start when it has none.
    end: usize,
    /// Whether a tag pair could not be read (`PGN006`).
    unreadable: bool,
}

/// How far a place is from where a comment or variation opened: ` (3 lines later)`, or
/// nothing on the same line.
fn lines_later(lines: usize) -> String {
    match lines {
        0 => String::new(),
        1 => " (1 line later)".to_owned(),
        _ => format!(" ({lines} lines later)"),
    }
}

/// The finding of a move that is not one legal move of `position`.
#[cold]
fn move_finding<R: Rules>(
    position: &R,
    text: &str,
    span: Range<usize>,
    error: &MoveError,
) -> Finding<Code> {
    const LATER: &str = "; the rest of this line of play is read for syntax only";
    match error.code() {
        Code::UnknownToken => Finding::new(
            Code::UnknownToken,
            Severity::Error,
            span,
            format!(
                "expected a move in SAN such as `Nf3`, `exd5`, `e8=Q` or `O-O`, found `{text}`"
            ),
        ),
        Code::AmbiguousMove => {
            let candidates: Vec<String> = error
                .candidates
                .iter()
                .map(|san| format!("`{san}`"))
                .collect();
            Finding::new(
                Code::AmbiguousMove,
                Severity::Error,
                span,
                format!(
                    "expected one move, found `{text}`, which could be {}{LATER}",
                    candidates.join(" or ")
                ),
            )
            .with_help(format!("write one of {}", candidates.join(", ")))
        }
        Code::IllegalMove if !position.has_legal_moves() => {
            let ended = position.end_name();
            Finding::new(
                Code::MoveAfterEnd,
                Severity::Error,
                span,
                format!("expected no move after {ended}, found `{text}`{LATER}"),
            )
            .with_help("end the game with its termination marker")
        }
        _ => {
            let reason = error
                .reason
                .as_deref()
                .map(|reason| format!(" ({reason})"))
                .unwrap_or_default();
            let side = if position.white_to_move() {
                "White"
            } else {
                "Black"
            };
            Finding::new(
                Code::IllegalMove,
                Severity::Error,
                span,
                format!("expected a legal move of {side}, found `{text}`{reason}{LATER}"),
            )
            .with_help(nearest_moves(text, &position.legal_sans()))
        }
    }
}

/// The help of an illegal move: the legal moves to the same square, else of the same piece,
/// else all of them (at most 24 named).
fn nearest_moves(text: &str, legal: &[String]) -> Cow<'static, str> {
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    let bytes = body.as_bytes();
    let target = bytes
        .windows(2)
        .rev()
        .find(|pair| matches!(pair, [b'a'..=b'h', b'1'..=b'8']))
        .and_then(|pair| std::str::from_utf8(pair).ok());
    let strip = |san: &str| san.trim_end_matches(['+', '#']).to_owned();
    if let Some(target) = target {
        let to_square: Vec<&String> = legal
            .iter()
            .filter(|san| strip(san).contains(target) && !san.starts_with('O'))
            .collect();
        if !to_square.is_empty() {
            return Cow::Owned(format!("legal moves to {target}: {}", list(&to_square)));
        }
    }
    if let Some(&letter) = bytes.first()
        && matches!(letter, b'N' | b'B' | b'R' | b'Q' | b'K')
    {
        let same: Vec<&String> = legal
            .iter()
            .filter(|san| san.as_bytes().first() == Some(&letter))
            .collect();
        if !same.is_empty() {
            return Cow::Owned(format!("legal moves of that piece: {}", list(&same)));
        }
    }
    let all: Vec<&String> = legal.iter().collect();
    Cow::Owned(format!("legal moves: {}", list(&all)))
}

fn list(moves: &[&String]) -> String {
    const SHOWN: usize = 24;
    let mut out: Vec<String> = moves
        .iter()
        .take(SHOWN)
        .map(|san| format!("`{san}`"))
        .collect();
    if moves.len() > SHOWN {
        out.push(format!("and {} more", moves.len() - SHOWN));
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::{TAG_NAME, value_stop};
    use proptest::prelude::*;

    /// The byte loop that [`value_stop`] replaces.
    fn value_stop_by_bytes(bytes: &[u8], from: usize) -> usize {
        let mut at = from;
        while bytes
            .get(at)
            .is_some_and(|byte| !matches!(byte, b'"' | b'\\' | b'\n'))
        {
            at += 1;
        }
        at
    }

    proptest! {
        #[test]
        fn the_value_stop_is_the_byte_loop_s(
            bytes in proptest::collection::vec(
                prop_oneof![
                    4 => Just(b'a'),
                    1 => Just(b'"'),
                    1 => Just(b'\\'),
                    1 => Just(b'\n'),
                    1 => Just(b'\r'),
                    1 => any::<u8>(),
                ],
                0..40,
            ),
            from in 0usize..48,
        ) {
            prop_assert_eq!(value_stop(&bytes, from), value_stop_by_bytes(&bytes, from));
        }
    }

    #[test]
    fn the_value_stop_finds_each_byte_at_each_place() {
        for stop in [b'"', b'\\', b'\n'] {
            for len in 0..20 {
                for at in 0..len {
                    let mut bytes = vec![0x80 | b'"'; len];
                    bytes[at] = stop;
                    for from in 0..=len + 1 {
                        assert_eq!(
                            value_stop(&bytes, from),
                            value_stop_by_bytes(&bytes, from),
                            "{stop} {len} {at} {from}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_tag_name_table_is_the_byte_test_it_replaces() {
        for b in 0..=u8::MAX {
            assert_eq!(
                TAG_NAME[usize::from(b)],
                b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-'),
                "{b}"
            );
        }
    }
}
