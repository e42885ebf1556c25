//! What the reader gives for one game: its tags, its moves (as far as the reader was asked to
//! keep them), its termination, its findings and the edits that fix the fixable ones.

use std::borrow::Cow;
use std::ops::Range;

use fenkit_diagnostics::{Finding, Severity};

use crate::Code;

/// A tag pair, `[Name "value"]`, with spans into the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag name.
    pub name: &'a str,
    /// The value as written between the quotes, its `\"` and `\\` escapes kept.
    pub raw_value: &'a str,
    /// The whole tag pair, from `[` to `]`.
    pub span: Range<usize>,
}

impl<'a> Tag<'a> {
    /// The value with its escapes read: `\"` is `"`, `\\` is `\`.
    ///
    /// ```
    /// let game = pgn::Reader::new().games(r#"[Event "The \"Open\""] *"#).next().unwrap();
    /// assert_eq!(game.tags[0].value(), r#"The "Open""#);
    /// ```
    #[must_use]
    pub fn value(&self) -> Cow<'a, str> {
        if self.raw_value.contains('\\') {
            let mut value = String::with_capacity(self.raw_value.len());
            let mut chars = self.raw_value.chars();
            while let Some(c) = chars.next() {
                if c == '\\'
                    && let Some(next) = chars.next()
                {
                    value.push(next);
                } else {
                    value.push(c);
                }
            }
            Cow::Owned(value)
        } else {
            Cow::Borrowed(self.raw_value)
        }
    }
}

/// A game termination marker (PGN §8.2.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl Termination {
    /// The marker as PGN writes it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::WhiteWins => "1-0",
            Termination::BlackWins => "0-1",
            Termination::Draw => "1/2-1/2",
            Termination::Unknown => "*",
        }
    }

    /// The marker written as `text`, if it is one.
    ///
    /// ```
    /// use pgn::Termination;
    /// assert_eq!(Termination::from_marker("1/2-1/2"), Some(Termination::Draw));
    /// assert_eq!(Termination::from_marker("½-½"), None);
    /// ```
    #[must_use]
    pub fn from_marker(text: &str) -> Option<Termination> {
        match text {
            "1-0" => Some(Termination::WhiteWins),
            "0-1" => Some(Termination::BlackWins),
            "1/2-1/2" => Some(Termination::Draw),
            "*" => Some(Termination::Unknown),
            _ => None,
        }
    }
}

/// One replacement of a byte range of the input: what `fmt` applies.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edit {
    /// The bytes replaced (empty for an insertion).
    pub span: Range<usize>,
    /// What they become.
    pub replacement: String,
}

/// Applies `edits` (sorted by position, none overlapping) to `text`; every byte outside the
/// edits stays as it is. Overlapping edits after the first are left out.
///
/// ```
/// use pgn::{Edit, apply_edits};
/// let edits = [Edit { span: 3..6, replacement: "O-O".into() }];
/// assert_eq!(apply_edits("1. 0-0 *", &edits), "1. O-O *");
/// ```
#[must_use]
pub fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for edit in edits {
        if edit.span.start < at || edit.span.end > text.len() || edit.span.start > edit.span.end {
            continue;
        }
        out.push_str(text.get(at..edit.span.start).unwrap_or_default());
        out.push_str(&edit.replacement);
        at = edit.span.end;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    out
}

/// One move of a line of play, as the reader keeps it ([`Keep`](crate::Keep)).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node<'a> {
    /// The move's text in the input.
    pub span: Range<usize>,
    /// Its SAN as the rules write it (`--` for a null move).
    pub san: String,
    /// Its UCI as python-chess writes it (`0000` for a null move).
    pub uci: String,
    /// The FEN after it, when asked for ([`Reader::fens`](crate::Reader::fens)).
    pub fen: Option<String>,
    /// The comments after it, each as written between its braces.
    pub comments: Vec<&'a str>,
    /// The comments before it, when it starts a line of play.
    pub starting_comments: Vec<&'a str>,
    /// Its NAGs, `!` and `?` glyphs included as their numbers (`!` is 1).
    pub nags: Vec<u16>,
    /// The lines of play that replace it, each from the position before it.
    pub variations: Vec<Vec<Node<'a>>>,
}

/// A comment as python-chess keeps it: one space after `{` and one before `}` dropped, and
/// several comments joined by a space; `None` without a comment.
#[must_use]
pub fn joined_comment(comments: &[&str]) -> Option<String> {
    if comments.is_empty() {
        return None;
    }
    let parts: Vec<&str> = comments
        .iter()
        .map(|comment| {
            let comment = comment.strip_prefix(' ').unwrap_or(comment);
            comment.strip_suffix(' ').unwrap_or(comment)
        })
        .collect();
    Some(parts.join(" "))
}

/// The variant a game is played in, from its `Variant` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameVariant<'a> {
    /// Standard chess (no tag, or `Standard`, `Chess`, `Normal` …).
    Standard,
    /// Chess960 (`Chess960`, `Fischerandom` …): castling with the king and rook where they
    /// stand.
    Chess960,
    /// A lichess variant whose rules `fenkit-variants` holds (antichess, atomic, crazyhouse,
    /// horde, racing kings, king of the hill, three-check …).
    Variant(variants::Variant),
    /// A variant whose moves are not checked, as the tag names it.
    Unsupported(&'a str),
}

/// One game: the tags, the moves kept, the termination, the findings and their fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game<'a> {
    /// The game's bytes, from its first tag (or movetext token) to its end.
    pub span: Range<usize>,
    /// Its tag pairs, in input order.
    pub tags: Vec<Tag<'a>>,
    /// Its variant.
    pub variant: GameVariant<'a>,
    /// The FEN the game starts from.
    pub start_fen: Cow<'static, str>,
    /// The comments before its first move.
    pub comments: Vec<&'a str>,
    /// The mainline as far as it is legal, with variations when kept ([`Keep`](crate::Keep)).
    pub moves: Vec<Node<'a>>,
    /// The FEN at the end of the mainline's legal moves (kept with the moves).
    pub final_fen: Option<String>,
    /// The termination marker and its span.
    pub termination: Option<(Termination, Range<usize>)>,
    /// Every finding, in input order within each kind.
    pub findings: Vec<Finding<Code>>,
    /// The edits that fix the fixable findings, sorted.
    pub edits: Vec<Edit>,
    /// How many moves were read against their position (mainline and variations).
    pub moves_checked: u64,
    /// The commands of its comments kept unread, in input order, when the reader reads
    /// commands ([`Reader::commands`](crate::Reader::commands)).
    pub unread_commands: Vec<crate::command::Unread<'a>>,
}

impl<'a> Game<'a> {
    /// The value of the first tag named `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<Cow<'a, str>> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(Tag::value)
    }

    /// Whether any finding is an error.
    #[must_use]
    pub fn has_error(&self) -> bool {
        self.findings
            .iter()
            .any(|finding| finding.severity == Severity::Error)
    }

    /// The result: the termination marker, else the `Result` tag, else `*`.
    #[must_use]
    pub fn result(&self) -> Cow<'a, str> {
        match &self.termination {
            Some((marker, _)) => Cow::Borrowed(marker.as_str()),
            None => self.tag("Result").unwrap_or(Cow::Borrowed("*")),
        }
    }

    /// The mainline's moves in UCI, separated by single spaces.
    ///
    /// ```
    /// let reader = pgn::Reader::new().keep(pgn::Keep::Mainline);
    /// let game = reader.games("1. e4 e5 2. Nf3 *").next().unwrap();
    /// assert_eq!(game.uci_mainline(), "e2e4 e7e5 g1f3");
    /// ```
    #[must_use]
    pub fn uci_mainline(&self) -> String {
        let mut out = String::with_capacity(self.moves.len() * 5);
        for (index, node) in self.moves.iter().enumerate() {
            if index > 0 {
                out.push(' ');
            }
            out.push_str(&node.uci);
        }
        out
    }

    /// The game's text with its edits applied: what `fmt` writes for it. `text` is the input
    /// the game was read from.
    #[must_use]
    pub fn fixed(&self, text: &str) -> String {
        let inner: Vec<Edit> = self
            .edits
            .iter()
            .map(|edit| Edit {
                span: edit.span.start - self.span.start..edit.span.end - self.span.start,
                replacement: edit.replacement.clone(),
            })
            .collect();
        apply_edits(text.get(self.span.clone()).unwrap_or_default(), &inner)
    }
}
