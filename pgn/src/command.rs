//! The commands inside comments, read by their syntax: `[%clk 1:02:03]`, `[%eval 0.17]`,
//! `[%eval #-3]`, `[%emt 0:00:05]`, `[%csl Ra1,Gb2]`, `[%cal Ge2e4]`, and any other
//! `[%name args]`, kept as written.
//!
//! ```
//! use pgn::command::{Command, Eval, commands};
//! let read = commands("[%eval -1.25,18] [%clk 0:02:55.5] good move [%csl Rd4] [%foo x y]");
//! assert_eq!(read.commands.len(), 4);
//! assert_eq!(read.commands[0].command, Command::Eval { eval: Eval::Pawns(-1.25), depth: Some(18) });
//! assert_eq!(read.commands[1].command, Command::Clock { millis: 175_500 });
//! assert_eq!(read.commands[3].command, Command::Other { name: "foo", args: "x y" });
//! assert!(read.errors.is_empty());
//! assert_eq!(commands("[%clk 1:ab]").errors[0].to_string(), "expected a time such as `1:02:03`, found `1:ab`");
//! ```

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use fenkit_diagnostics::{Category, Code, Context, InvalidValue, Rejection};

/// An evaluation: pawns from White's side, or mate in a number of moves (negative: Black
/// mates).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Eval {
    /// `0.17`, `-1.5`.
    Pawns(f64),
    /// `#3`, `#-3`.
    Mate(i32),
}

/// A square or arrow colour letter of `%csl` and `%cal`: `R`, `G`, `Y`, `B`.
pub type ColorLetter = char;

/// One command of a comment.
#[derive(Debug, Clone, PartialEq)]
pub enum Command<'a> {
    /// `[%clk H:MM:SS]`: the clock after the move.
    Clock {
        /// The time left, in milliseconds.
        millis: u64,
    },
    /// `[%emt H:MM:SS]`: the time the move took.
    ElapsedMoveTime {
        /// In milliseconds.
        millis: u64,
    },
    /// `[%eval 0.17]`, `[%eval #-3,20]`.
    Eval {
        /// The evaluation.
        eval: Eval,
        /// The search depth, when given after a comma.
        depth: Option<u32>,
    },
    /// `[%csl Ra1,Gb2]`: coloured squares.
    Squares(Vec<(ColorLetter, dfen::Square)>),
    /// `[%cal Ge2e4]`: coloured arrows.
    Arrows(Vec<(ColorLetter, dfen::Square, dfen::Square)>),
    /// Any other command, kept as written.
    Other {
        /// Its name, after `%`.
        name: &'a str,
        /// Its arguments, trimmed.
        args: &'a str,
    },
}

/// A command and its span in the comment.
#[derive(Debug, Clone, PartialEq)]
pub struct Located<'a> {
    /// From `[` to `]`.
    pub span: Range<usize>,
    /// What it says.
    pub command: Command<'a>,
}

/// A known command whose arguments are not its syntax: a [`Rejection`] whose code is always
/// [`UnreadKind::Malformed`] (no table's code: it is never a finding, `spec/pgn.md` §4), its
/// span the arguments', `found` the arguments as written, and the command's name and span in
/// its context ([`CommandContext`], read as fields of the error: `error.name`,
/// `error.command`). Its message is `expected {expected}, found `{found}``.
pub type CommandError = Rejection<UnreadKind, CommandContext>;

/// Which command a [`CommandError`] is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandContext {
    /// The command's name: `clk`, `emt`, `eval`, `csl` or `cal`.
    pub name: &'static str,
    /// The whole command's span in the comment, from `[` to `]`.
    pub command: Range<usize>,
}

impl Context for CommandContext {
    /// `expected {expected}, found `{found}``: the note that quotes it names the command.
    fn write_message<C: Code>(
        &self,
        rejection: &Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        write!(
            f,
            "expected {}, found `{}`",
            rejection.expected(),
            rejection.found()
        )
    }
}

/// The commands of a comment, and the known ones that could not be read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Commands<'a> {
    /// Every command read, in order.
    pub commands: Vec<Located<'a>>,
    /// The known commands whose arguments are not their syntax.
    pub errors: Vec<CommandError>,
}

/// Reads the `[%…]` commands of a comment's text.
#[must_use]
pub fn commands(comment: &str) -> Commands<'_> {
    let mut out = Commands::default();
    each(comment, |read| match read {
        Ok(located) => out.commands.push(located),
        Err(error) => out.errors.push(error),
    });
    out
}

/// Reads the `[%…]` commands of a comment's text, handing each to `found` in order (no list
/// is made of them).
fn each<'a>(comment: &'a str, mut found: impl FnMut(Result<Located<'a>, CommandError>)) {
    let mut from = 0;
    while let Some(open) = command_start(comment.as_bytes(), from) {
        let Some(close) = comment
            .get(open..)
            .and_then(|rest| memchr::memchr(b']', rest.as_bytes()))
            .map(|c| open + c)
        else {
            break;
        };
        let inner = comment.get(open + 2..close).unwrap_or_default();
        let name_len = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = inner.get(..name_len).unwrap_or_default();
        let args_raw = inner.get(name_len..).unwrap_or_default();
        let args = args_raw.trim();
        let args_start = open + 2 + name_len + (args_raw.len() - args_raw.trim_start().len());
        let args_span = args_start..args_start + args.len();
        let error = |name: &'static str, expected: &'static str| {
            CommandError::with_context(
                UnreadKind::Malformed,
                args_span.clone(),
                expected,
                args,
                CommandContext {
                    name,
                    command: open..close + 1,
                },
            )
        };
        let command = match name {
            "clk" => time(args)
                .map(|millis| Command::Clock { millis })
                .ok_or_else(|| error("clk", "a time such as `1:02:03`")),
            "emt" => time(args)
                .map(|millis| Command::ElapsedMoveTime { millis })
                .ok_or_else(|| error("emt", "a time such as `0:00:05`")),
            "eval" => eval(args)
                .ok_or_else(|| error("eval", "an evaluation such as `0.17`, `#-3` or `0.17,20`")),
            "csl" => list(args, |item| {
                let (color, square) = color_and(item)?;
                Some((color, square_of(square)?))
            })
            .map(Command::Squares)
            .ok_or_else(|| error("csl", "coloured squares such as `Ra1,Gb2`")),
            "cal" => list(args, |item| {
                let (color, squares) = color_and(item)?;
                let from = square_of(squares.get(..2)?)?;
                let to = square_of(squares.get(2..)?)?;
                Some((color, from, to))
            })
            .map(Command::Arrows)
            .ok_or_else(|| error("cal", "coloured arrows such as `Ge2e4,Rd1d8`")),
            _ => Ok(Command::Other { name, args }),
        };
        found(command.map(|command| Located {
            span: open..close + 1,
            command,
        }));
        from = close + 1;
    }
}

/// Why a command of a game's comments is kept unread ([`Unread::kind`]). It is the code of a
/// [`CommandError`] too, named as the bindings name it (`malformed`): these are no codes of
/// the library's table (`spec/codes.md`), since no surface reports them as findings, only as
/// notes under `-v` (`spec/pgn.md` §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnreadKind {
    /// A name fenkit does not read (`[%foo …]`).
    Unknown,
    /// A known name whose arguments are not its syntax (`[%clk 1:ab]`).
    Malformed,
    /// A command in a `;` comment, where commands are not read (see `spec/pgn.md` §4).
    RestOfLine,
}

impl UnreadKind {
    /// Its name as the bindings give it: `unknown`, `malformed`, `rest-of-line`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            UnreadKind::Unknown => "unknown",
            UnreadKind::Malformed => "malformed",
            UnreadKind::RestOfLine => "rest-of-line",
        }
    }
}

impl Code for UnreadKind {
    const ALL: &'static [UnreadKind] = &[
        UnreadKind::Unknown,
        UnreadKind::Malformed,
        UnreadKind::RestOfLine,
    ];

    fn as_str(self) -> &'static str {
        UnreadKind::as_str(self)
    }

    fn title(self) -> &'static str {
        match self {
            UnreadKind::Unknown => "comment command not one fenkit reads",
            UnreadKind::Malformed => "comment command's arguments not its syntax",
            UnreadKind::RestOfLine => "comment command in a `;` comment",
        }
    }

    fn category(self) -> Category {
        match self {
            UnreadKind::Unknown => Category::Input,
            UnreadKind::Malformed | UnreadKind::RestOfLine => Category::Syntax,
        }
    }
}

impl fmt::Display for UnreadKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for UnreadKind {
    type Err = InvalidValue;

    /// `unknown`, `malformed` or `rest-of-line`, in any ASCII case.
    fn from_str(text: &str) -> Result<UnreadKind, InvalidValue> {
        fenkit_diagnostics::code_from_str(text)
    }
}

/// A command of a game's comments that fenkit keeps as written without reading it: an
/// unknown name, a known one whose arguments are not its syntax, or any command in a `;`
/// comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread<'a> {
    /// Its name, after `%`.
    pub name: &'a str,
    /// From `[` to `]`, in the text the comment stands in.
    pub span: Range<usize>,
    /// Why it is not read.
    pub kind: UnreadKind,
    /// For a known command in a `{…}` comment, why its arguments are not read (spans in that
    /// text too).
    pub error: Option<CommandError>,
}

/// The longest command text a [`Note`] quotes, in characters.
const QUOTED: usize = 60;

impl Unread<'_> {
    /// What there is to say about it, with spans into `text` (the text its spans are in):
    /// the note every surface gives (`fenkit check -v`, `fenkit.comment_commands`,
    /// `commentCommands`).
    ///
    /// ```
    /// let text = "1. e4 {[%clk 1:ab]} e5 ; [%eval 0.3]\n*";
    /// let game = pgn::Reader::new().commands(true).games(text).next().unwrap();
    /// let notes: Vec<String> = game.unread_commands.iter().map(|u| u.note(text).message).collect();
    /// assert_eq!(notes, [
    ///     "comment command `[%clk 1:ab]` is not read: expected a time such as `1:02:03`, \
    ///      found `1:ab`; kept as written",
    ///     "comment command `[%eval 0.3]` is in a `;` comment, where no command is read \
    ///      (only a `{…}` comment's are); kept as written",
    /// ]);
    /// ```
    #[must_use]
    pub fn note(&self, text: &str) -> Note {
        let mut written = text
            .get(self.span.clone())
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if let Some((cut, _)) = written.char_indices().nth(QUOTED) {
            written.truncate(cut);
            written.push_str("…]");
        }
        let message = match (self.kind, &self.error) {
            (UnreadKind::Malformed, Some(error)) => {
                format!("comment command `{written}` is not read: {error}; kept as written")
            }
            (UnreadKind::RestOfLine, _) => format!(
                "comment command `{written}` is in a `;` comment, where no command is read \
                 (only a `{{…}}` comment's are); kept as written"
            ),
            _ => format!(
                "comment command `[%{} …]` is not one fenkit reads; kept as written",
                self.name
            ),
        };
        Note {
            name: self.name.to_owned(),
            kind: self.kind,
            span: self.span.clone(),
            message,
        }
    }
}

/// A command kept unread ([`Unread`]), owned, with what there is to say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Its name, after `%`.
    pub name: String,
    /// Why it is not read.
    pub kind: UnreadKind,
    /// From `[` to `]`.
    pub span: Range<usize>,
    /// The note: `comment command `[%foo …]` is not one fenkit reads; kept as written`.
    pub message: String,
}

/// The commands of `comment`, which starts at byte `offset` of a text, that are kept unread
/// ([`Unread`]), in order, added to `out`.
///
/// ```
/// let text = "1. e4 { [%clk 0:03:00] [%foo x] [%eval high] } e5";
/// let mut unread = Vec::new();
/// pgn::command::unread(&text[7..45], 7, &mut unread);
/// let found: Vec<&str> = unread.iter().map(|u| &text[u.span.clone()]).collect();
/// assert_eq!(found, ["[%foo x]", "[%eval high]"]);
/// assert_eq!(unread[1].error.as_ref().unwrap().to_string(),
///            "expected an evaluation such as `0.17`, `#-3` or `0.17,20`, found `high`");
/// ```
pub fn unread<'a>(comment: &'a str, offset: usize, out: &mut Vec<Unread<'a>>) {
    let shift = |span: &Range<usize>| span.start + offset..span.end + offset;
    each(comment, |read| match read {
        Ok(Located {
            span,
            command: Command::Other { name, .. },
        }) => out.push(Unread {
            name,
            span: shift(&span),
            kind: UnreadKind::Unknown,
            error: None,
        }),
        Ok(_) => {}
        Err(error) => {
            let command = shift(&error.command);
            let args = shift(&error.span());
            let mut error = error.with_span(args);
            error.context_mut().command = command.clone();
            out.push(Unread {
                name: error.name,
                span: command,
                kind: UnreadKind::Malformed,
                error: Some(error),
            });
        }
    });
}

/// Every command of `comment`, the text of a `;` comment (after the `;`, to the line end)
/// that starts at byte `offset` of a text, added to `out` as kept unread
/// ([`UnreadKind::RestOfLine`]): commands are read in `{…}` comments only.
///
/// ```
/// let text = "1. e4 ; [%clk 0:03:00] [%foo]\ne5";
/// let mut unread = Vec::new();
/// pgn::command::unread_rest_of_line(&text[7..29], 7, &mut unread);
/// let found: Vec<(&str, &str)> = unread.iter().map(|u| (u.name, &text[u.span.clone()])).collect();
/// assert_eq!(found, [("clk", "[%clk 0:03:00]"), ("foo", "[%foo]")]);
/// ```
pub fn unread_rest_of_line<'a>(comment: &'a str, offset: usize, out: &mut Vec<Unread<'a>>) {
    each(comment, |read| {
        let (name, span) = match read {
            Ok(Located { span, command }) => {
                let name = match command {
                    Command::Other { name, .. } => name,
                    Command::Clock { .. } => "clk",
                    Command::ElapsedMoveTime { .. } => "emt",
                    Command::Eval { .. } => "eval",
                    Command::Squares(_) => "csl",
                    Command::Arrows(_) => "cal",
                };
                (name, span)
            }
            Err(error) => (error.name, error.command.clone()),
        };
        out.push(Unread {
            name,
            span: span.start + offset..span.end + offset,
            kind: UnreadKind::RestOfLine,
            error: None,
        });
    });
}

/// Where the next `[%` of `bytes` at or after `from` is.
fn command_start(bytes: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let at = from + memchr::memchr(b'[', bytes.get(from..)?)?;
        if bytes.get(at + 1) == Some(&b'%') {
            return Some(at);
        }
        from = at + 1;
    }
}

/// `H:MM:SS`, `MM:SS` or `SS`, with an optional fraction of a second, in milliseconds.
fn time(text: &str) -> Option<u64> {
    // Whole seconds are added up exactly; a fraction, on the last part only, is read as a
    // float.
    let mut seconds: u64 = 0;
    let mut rest = text;
    for _ in 0..3 {
        let (part, next) = match memchr::memchr(b':', rest.as_bytes()) {
            Some(at) => (rest.get(..at)?, rest.get(at + 1..)),
            None => (rest, None),
        };
        if part.is_empty() {
            return None;
        }
        if part.len() <= 15 && part.bytes().all(|b| b.is_ascii_digit()) {
            let value = part
                .bytes()
                .fold(0u64, |value, b| value * 10 + u64::from(b - b'0'));
            seconds = seconds.checked_mul(60)?.checked_add(value)?;
        } else if next.is_none() && part.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            #[allow(clippy::cast_precision_loss)]
            let total = seconds.checked_mul(60)? as f64 + part.parse::<f64>().ok()?;
            if !total.is_finite() || total > MAX_SECONDS {
                return None;
            }
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            return Some((total * 1000.0).round() as u64);
        } else {
            return None;
        }
        match next {
            Some(next) => rest = next,
            #[allow(clippy::cast_precision_loss)]
            None => return (seconds as f64 <= MAX_SECONDS).then(|| seconds * 1000),
        }
    }
    // A fourth part.
    None
}

/// The longest time read, in seconds.
const MAX_SECONDS: f64 = 1e12;

fn eval(text: &str) -> Option<Command<'static>> {
    let comma = memchr::memchr(b',', text.as_bytes());
    let (value, depth) = match comma.and_then(|at| Some((text.get(..at)?, text.get(at + 1..)?))) {
        Some((value, depth)) => (value, Some(depth.trim().parse().ok()?)),
        None => (text, None),
    };
    let eval = match value.strip_prefix('#') {
        Some(mate) => Eval::Mate(mate.parse().ok()?),
        None => {
            if !value
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+'))
                || value.is_empty()
            {
                return None;
            }
            Eval::Pawns(value.parse().ok()?)
        }
    };
    Some(Command::Eval { eval, depth })
}

fn list<T>(text: &str, item: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
    text.split(',').map(|part| item(part.trim())).collect()
}

fn color_and(item: &str) -> Option<(ColorLetter, &str)> {
    let mut chars = item.chars();
    let color = chars
        .next()
        .filter(|c| matches!(c, 'R' | 'G' | 'Y' | 'B'))?;
    Some((color, chars.as_str()))
}

fn square_of(text: &str) -> Option<dfen::Square> {
    match text.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => dfen::Square::new(file - b'a', rank - b'1'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Command<'_> {
        let read = commands(text);
        assert!(read.errors.is_empty(), "{:?}", read.errors);
        read.commands.into_iter().next().unwrap().command
    }

    #[test]
    fn each_known_command_is_read_by_its_syntax() {
        assert_eq!(one("[%clk 1:02:03]"), Command::Clock { millis: 3_723_000 });
        assert_eq!(one("[%clk 0:00:07.25]"), Command::Clock { millis: 7_250 });
        assert_eq!(
            one("[%emt 0:00:05]"),
            Command::ElapsedMoveTime { millis: 5_000 }
        );
        assert_eq!(
            one("[%eval #-3]"),
            Command::Eval {
                eval: Eval::Mate(-3),
                depth: None
            }
        );
        assert_eq!(
            one("[%eval 0.17]"),
            Command::Eval {
                eval: Eval::Pawns(0.17),
                depth: None
            }
        );
        let a1 = dfen::Square::new(0, 0).unwrap();
        let e2 = dfen::Square::new(4, 1).unwrap();
        let e4 = dfen::Square::new(4, 3).unwrap();
        assert_eq!(one("[%csl Ra1]"), Command::Squares(vec![('R', a1)]));
        assert_eq!(
            one("[%cal Ge2e4,Ya1e4]"),
            Command::Arrows(vec![('G', e2, e4), ('Y', a1, e4)])
        );
        assert_eq!(
            one("[%evp 0.1,0.2]"),
            Command::Other {
                name: "evp",
                args: "0.1,0.2"
            }
        );
    }

    #[test]
    fn a_known_command_with_other_arguments_is_an_error_at_them() {
        let text = "x [%eval high] [%csl Xa1] [%cal Ge2] [%clk 1:02:0a]";
        let read = commands(text);
        assert!(read.commands.is_empty());
        let found: Vec<&str> = read.errors.iter().map(|e| &text[e.span()]).collect();
        assert_eq!(found, ["high", "Xa1", "Ge2", "1:02:0a"]);
    }

    #[test]
    fn a_command_error_is_a_rejection_coded_malformed_with_its_command() {
        let text = "{[%emt 0:0x]}";
        let error = commands(text).errors.remove(0);
        assert_eq!(error.code(), UnreadKind::Malformed);
        assert_eq!(
            (error.name, &text[error.command.clone()]),
            ("emt", "[%emt 0:0x]")
        );
        assert_eq!((&text[error.span()], error.found()), ("0:0x", "0:0x"));
        assert_eq!(error.expected(), "a time such as `0:00:05`");
        assert_eq!(error.help(), None);
        assert_eq!(
            error.to_string(),
            "expected a time such as `0:00:05`, found `0:0x`"
        );
        assert_eq!(
            format!("{error:?}"),
            "malformed[7..11] expected a time such as `0:00:05`, found `0:0x`"
        );
        for kind in <UnreadKind as Code>::ALL {
            assert_eq!(kind.to_string().parse::<UnreadKind>(), Ok(*kind));
        }
    }

    #[test]
    fn unread_commands_come_in_their_order_with_spans_in_the_text() {
        let text = "1. e4 {[%clk x] [%eval 0.1] [%foo] [%cal Ge2]} e5";
        let mut out = Vec::new();
        unread(&text[7..45], 7, &mut out);
        let found: Vec<(&str, &str, Option<&str>)> = out
            .iter()
            .map(|u| {
                let args = u.error.as_ref().map(|e| &text[e.span()]);
                (u.name, &text[u.span.clone()], args)
            })
            .collect();
        assert_eq!(
            found,
            [
                ("clk", "[%clk x]", Some("x")),
                ("foo", "[%foo]", None),
                ("cal", "[%cal Ge2]", Some("Ge2")),
            ]
        );
    }

    #[test]
    fn commands_in_a_rest_of_line_comment_are_all_kept_unread() {
        // python-chess drops `;` comments whole: none of their commands is read there either.
        let text = "1. e4 ; [%clk 0:03:00] [%eval high] [%foo] [%cal\n e5 {[%clk 0:02:59]} *";
        let game = crate::Reader::new()
            .notation(crate::Notation::Movetext)
            .commands(true)
            .games(text)
            .next()
            .unwrap();
        let found: Vec<(&str, &str, UnreadKind)> = game
            .unread_commands
            .iter()
            .map(|u| (u.name, &text[u.span.clone()], u.kind))
            .collect();
        assert_eq!(
            found,
            [
                ("clk", "[%clk 0:03:00]", UnreadKind::RestOfLine),
                ("eval", "[%eval high]", UnreadKind::RestOfLine),
                ("foo", "[%foo]", UnreadKind::RestOfLine),
            ]
        );
        assert!(game.findings.is_empty(), "{:?}", game.findings);
        assert_eq!(
            game.unread_commands[0].note(text).message,
            "comment command `[%clk 0:03:00]` is in a `;` comment, where no command is read \
             (only a `{…}` comment's are); kept as written"
        );
    }

    #[test]
    fn a_note_quotes_a_long_command_cut_and_its_spaces_made_one() {
        let text = format!("{{[%eval\n  {}]}}", "x".repeat(80));
        let mut out = Vec::new();
        unread(&text[1..text.len() - 1], 1, &mut out);
        let note = out[0].note(&text);
        assert_eq!(note.kind, UnreadKind::Malformed);
        assert_eq!(note.span, 1..text.len() - 1);
        assert!(
            note.message.starts_with(&format!(
                "comment command `[%eval {}…]` is not read",
                "x".repeat(53)
            )),
            "{}",
            note.message
        );
    }

    proptest::proptest! {
        /// Any comment text: no panic, and every command kept unread is a `[%…]` of the
        /// text, with its error's arguments inside it.
        #[test]
        fn unread_commands_are_spans_of_the_text(
            text in "([\\[\\]%]|clk|eval|emt|csl|cal|foo|[ :.,#+-]|[0-9]{1,3}|[RGa-h1-8]{1,4}|é){0,24}",
            offset in 0usize..4,
        ) {
            let padded = format!("{}{text}", "{".repeat(offset));
            let mut out = Vec::new();
            unread(&padded[offset..], offset, &mut out);
            let mut last = 0;
            for command in &out {
                let written = &padded[command.span.clone()];
                proptest::prop_assert!(written.starts_with("[%") && written.ends_with(']'), "{written}");
                proptest::prop_assert!(command.span.start >= last);
                last = command.span.end;
                proptest::prop_assert_eq!(&written[2..2 + command.name.len()], command.name);
                if let Some(error) = &command.error {
                    proptest::prop_assert!(command.span.start < error.span().start || error.span().is_empty());
                    proptest::prop_assert!(error.span().end < command.span.end);
                    proptest::prop_assert_eq!(&padded[error.span()], error.found());
                    proptest::prop_assert_eq!(&error.command, &command.span);
                }
            }
        }
    }

    proptest::proptest! {
        /// Any movetext with comments of both kinds: reading the commands changes no finding
        /// and no edit, and every command kept unread is a `[%…]` of the text with a note.
        #[test]
        fn reading_commands_changes_nothing_else(
            text in "(e4|e5|Nf3|1\\.|\\{|\\}|;|\\n|\\[%|\\]|clk|foo|eval|[ :.,0-9ab]|é|\\*){0,40}",
        ) {
            let reader = crate::Reader::new().notation(crate::Notation::Movetext);
            let plain: Vec<_> = reader.games(&text).map(|g| (g.findings, g.edits)).collect();
            let mut with = Vec::new();
            for game in reader.commands(true).games(&text) {
                for command in &game.unread_commands {
                    let written = &text[command.span.clone()];
                    proptest::prop_assert!(written.starts_with("[%") && written.ends_with(']'), "{written}");
                    let note = command.note(&text);
                    proptest::prop_assert!(note.message.starts_with("comment command `["));
                    proptest::prop_assert_eq!(note.span, command.span.clone());
                }
                with.push((game.findings, game.edits));
            }
            proptest::prop_assert_eq!(plain, with);
        }
    }

    #[test]
    fn times_are_read_in_whole_milliseconds() {
        let cases = [
            ("1:02:03", Some(3_723_000)),
            ("1:02:03.5", Some(3_723_500)),
            ("02:03", Some(123_000)),
            ("7.25", Some(7_250)),
            ("0:00:00.0005", Some(1)),
            ("999999999999", Some(999_999_999_999_000)),
            ("1:2:3:4", None),
            ("1::2", None),
            ("1.5:00", None),
            ("1:02:0a", None),
            ("1.2.3", None),
            (".", None),
            ("", None),
            ("99999999999999999999", None),
            ("999999:999999:999999", Some(3_660_996_339_000)),
            ("999999999999999:0:0", None),
        ];
        for (text, millis) in cases {
            assert_eq!(time(text), millis, "{text}");
        }
    }

    #[test]
    fn text_around_commands_and_an_unclosed_one_are_left_alone() {
        let read = commands("good [%clk 0:01:00] move [%eval 0.3");
        assert_eq!(read.commands.len(), 1);
        assert_eq!(read.commands[0].span, 5..19);
    }
}
