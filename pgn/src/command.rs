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

/// A known command whose arguments are not its syntax.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError {
    /// The command's name: `clk`, `emt`, `eval`, `csl` or `cal`.
    pub name: &'static str,
    /// The whole command's span in the comment, from `[` to `]`.
    pub command: Range<usize>,
    /// The arguments' span in the comment.
    pub span: Range<usize>,
    /// What was expected.
    pub expected: &'static str,
    /// What was found.
    pub found: String,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found `{}`", self.expected, self.found)
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
    let mut from = 0;
    while let Some(offset) = comment.get(from..).and_then(|rest| rest.find("[%")) {
        let open = from + offset;
        let Some(close) = comment
            .get(open..)
            .and_then(|rest| rest.find(']'))
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
        let error = |name: &'static str, expected: &'static str| CommandError {
            name,
            command: open..close + 1,
            span: args_span.clone(),
            expected,
            found: args.to_owned(),
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
        match command {
            Ok(command) => out.commands.push(Located {
                span: open..close + 1,
                command,
            }),
            Err(error) => out.errors.push(error),
        }
        from = close + 1;
    }
    out
}

/// A command of a game's comments that fenkit keeps as written without reading it: an
/// unknown name, or a known one whose arguments are not its syntax.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread<'a> {
    /// Its name, after `%`.
    pub name: &'a str,
    /// From `[` to `]`, in the text the comment stands in.
    pub span: Range<usize>,
    /// For a known command, why its arguments are not read (spans in that text too).
    pub error: Option<CommandError>,
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
    let read = commands(comment);
    let shift = |span: &Range<usize>| span.start + offset..span.end + offset;
    let from = out.len();
    out.extend(
        read.commands
            .iter()
            .filter_map(|located| match located.command {
                Command::Other { name, .. } => Some(Unread {
                    name,
                    span: shift(&located.span),
                    error: None,
                }),
                _ => None,
            }),
    );
    out.extend(read.errors.into_iter().map(|error| Unread {
        name: error.name,
        span: shift(&error.command),
        error: Some(CommandError {
            command: shift(&error.command),
            span: shift(&error.span),
            ..error
        }),
    }));
    if let Some(added) = out.get_mut(from..) {
        added.sort_by_key(|unread| unread.span.start);
    }
}

/// `H:MM:SS`, `MM:SS` or `SS`, with an optional fraction of a second, in milliseconds.
fn time(text: &str) -> Option<u64> {
    let mut total = 0f64;
    let parts: Vec<&str> = text.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for (index, part) in parts.iter().enumerate() {
        let last = index + 1 == parts.len();
        if part.is_empty()
            || !part
                .bytes()
                .all(|b| b.is_ascii_digit() || (last && b == b'.'))
        {
            return None;
        }
        let value: f64 = part.parse().ok()?;
        total = total * 60.0 + value;
    }
    if !total.is_finite() || total > 1e12 {
        return None;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Some((total * 1000.0).round() as u64)
}

fn eval(text: &str) -> Option<Command<'static>> {
    let (value, depth) = match text.split_once(',') {
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
        let found: Vec<&str> = read.errors.iter().map(|e| &text[e.span.clone()]).collect();
        assert_eq!(found, ["high", "Xa1", "Ge2", "1:02:0a"]);
    }

    #[test]
    fn unread_commands_come_in_their_order_with_spans_in_the_text() {
        let text = "1. e4 {[%clk x] [%eval 0.1] [%foo] [%cal Ge2]} e5";
        let mut out = Vec::new();
        unread(&text[7..45], 7, &mut out);
        let found: Vec<(&str, &str, Option<&str>)> = out
            .iter()
            .map(|u| {
                let args = u.error.as_ref().map(|e| &text[e.span.clone()]);
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
    fn text_around_commands_and_an_unclosed_one_are_left_alone() {
        let read = commands("good [%clk 0:01:00] move [%eval 0.3");
        assert_eq!(read.commands.len(), 1);
        assert_eq!(read.commands[0].span, 5..19);
    }
}
