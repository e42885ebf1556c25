//! What an EPD file needs beyond one line: comment lines, ids repeated across lines, and perft
//! counts checked against the move generator.

use std::collections::HashMap;
use std::ops::Range;

use super::{Code, Epd, Finding, ParsedEpd};
use crate::standard::Position;
use dfen::Severity;

/// Whether a line of an EPD file holds no position: blank, or a comment. A line whose first
/// character (after whitespace) is `%` is a comment, the PGN standard's escape; so is one
/// starting with `#`, as in every file fenkit reads.
///
/// ```
/// use chess::epd::is_comment;
/// assert!(is_comment("% Bratko-Kopec"));
/// assert!(is_comment("  # perft suite"));
/// assert!(is_comment(""));
/// assert!(!is_comment("4k3/8/8/8/8/8/8/4K3 w - -"));
/// ```
#[must_use]
pub fn is_comment(line: &str) -> bool {
    let content = line.trim_start();
    content.is_empty() || content.starts_with('%') || content.starts_with('#')
}

/// Remembers the `id` of each line of a file, to report an `id` that an earlier line already
/// has (`EPD206`, a warning that names the first line).
///
/// ```
/// use chess::epd::{EpdParser, IdTracker};
///
/// let parser = EpdParser::new();
/// let mut ids = IdTracker::new();
/// let first = parser.parse(r#"4k3/8/8/8/8/8/8/4K3 w - - id "BK.01";"#)?;
/// assert!(ids.check(1, &first).is_none());
/// let again = parser.parse(r#"4k3/8/8/8/8/8/8/4K3 b - - id "BK.01";"#)?;
/// let finding = ids.check(7, &again).unwrap();
/// assert_eq!(finding.code.as_str(), "EPD206");
/// assert_eq!(finding.span, 29..36);
/// assert_eq!(finding.message, r#"id repeated in the file: expected each id once, found "BK.01" again (first on line 1)"#);
/// # Ok::<(), chess::epd::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct IdTracker {
    first: HashMap<String, usize>,
}

impl IdTracker {
    /// A tracker that has seen no line.
    #[must_use]
    pub fn new() -> IdTracker {
        IdTracker::default()
    }

    /// Records the `id` of `parsed`, read from line `line` (1-based), and returns the warning
    /// when an earlier line has the same `id`. A line without a single-operand `id` is
    /// ignored.
    pub fn check(&mut self, line: usize, parsed: &ParsedEpd) -> Option<Finding> {
        let operand = parsed.epd.id()?;
        self.check_id(line, operand.text(), operand.span())
    }

    /// Records `id`, the `id` of line `line` at `span` of it, and returns the warning when an
    /// earlier line has the same `id`: [`IdTracker::check`] for a caller that keeps only the
    /// `id` of each line (the lines are read on several threads, and their ids met in order).
    ///
    /// ```
    /// let mut ids = chess::epd::IdTracker::new();
    /// assert!(ids.check_id(2, "WAC.001", 30..39).is_none());
    /// assert_eq!(ids.check_id(5, "WAC.001", 31..40).unwrap().span, 31..40);
    /// ```
    pub fn check_id(&mut self, line: usize, id: &str, span: Range<usize>) -> Option<Finding> {
        match self.first.get(id) {
            Some(&first) => Some(repeated_id(id, span, first)),
            None => {
                self.first.insert(id.to_owned(), line);
                None
            }
        }
    }
}

/// The warning for an `id` at `span` of its line that line `first` of the file already has
/// (`EPD206`): what [`IdTracker`] reports, for a caller that keeps the first lines itself.
///
/// ```
/// let finding = chess::epd::repeated_id("BK.01", 29..36, 1);
/// assert_eq!(finding.code.as_str(), "EPD206");
/// assert_eq!(finding.help.as_deref(), Some("give one of the two lines another id, or drop the repeat of line 1"));
/// ```
#[must_use]
pub fn repeated_id(id: &str, span: Range<usize>, first: usize) -> Finding {
    // Built by hand for an id that `{:?}` writes as it is between quotes (printable ASCII
    // without a quote or backslash): a suite read twice over has a repeat on every line, and
    // two `format!`s cost more than the rest of the finding.
    let message = if let Some(words) = repeated_id_words(id) {
        let mut message = String::with_capacity(
            words.message.iter().map(|piece| piece.len()).sum::<usize>() + 24,
        );
        for piece in words.message {
            message.push_str(piece);
        }
        fenkit_diagnostics::push_decimal(&mut message, first);
        message.push_str(words.message_after);
        message
    } else {
        format!(
            "{}: expected each id once, found {id:?} again (first on line {first})",
            Code::RepeatedId.title()
        )
    };
    let mut help = String::with_capacity(REPEATED_ID_HELP.len() + 20);
    help.push_str(REPEATED_ID_HELP);
    fenkit_diagnostics::push_decimal(&mut help, first);
    Finding::new(Code::RepeatedId, Severity::Warning, span, message).with_help(help)
}

/// The help of [`repeated_id`]'s finding up to the line first met on, which ends it.
const REPEATED_ID_HELP: &str = "give one of the two lines another id, or drop the repeat of line ";

/// The words of [`repeated_id`]'s finding for `id`, in pieces around the line the id was
/// first met on (which only a reader of the whole file in order knows), so that its report
/// can be written before that line is known: the message is `message` joined, the line, then
/// `message_after`; the help is `help`, the line, then `help_after`. `None` when `id` is not
/// written as it is between quotes (printable ASCII without a quote or backslash): every
/// piece then holds only printable ASCII.
///
/// ```
/// let words = chess::epd::repeated_id_words("BK.01").unwrap();
/// let finding = chess::epd::repeated_id("BK.01", 0..1, 12);
/// assert_eq!(finding.message, format!("{}12{}", words.message.concat(), words.message_after));
/// assert_eq!(finding.help.as_deref(), Some(format!("{}12{}", words.help, words.help_after).as_str()));
/// assert!(chess::epd::repeated_id_words("say \"hi\"").is_none());
/// ```
#[must_use]
pub fn repeated_id_words(id: &str) -> Option<RepeatedIdWords<'_>> {
    let plain = id
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && !matches!(b, b'"' | b'\\' | b'\''));
    plain.then(|| RepeatedIdWords {
        message: [
            Code::RepeatedId.title(),
            ": expected each id once, found \"",
            id,
            "\" again (first on line ",
        ],
        message_after: ")",
        help: REPEATED_ID_HELP,
        help_after: "",
    })
}

/// [`repeated_id_words`]: the words of a repeated id's finding around the line first met on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepeatedIdWords<'a> {
    /// The message up to the line, in pieces.
    pub message: [&'a str; 4],
    /// The message after the line.
    pub message_after: &'static str,
    /// The help up to the line.
    pub help: &'static str,
    /// The help after the line.
    pub help_after: &'static str,
}

/// [`ParsedEpd::verify_perft`].
pub(super) fn verify_perft(epd: &Epd, depth: u32) -> Vec<Finding> {
    let mut findings = Vec::new();
    let position = Position::new(epd.position());
    for operation in epd.operations() {
        let super::OpcodeKind::PerftCount(level) = operation.kind() else {
            continue;
        };
        if level > depth {
            continue;
        }
        let Some(operand) = operation.operands().next() else {
            continue;
        };
        let Some(count) = operand
            .integer()
            .and_then(|count| u64::try_from(count).ok())
        else {
            continue;
        };
        let leaves = position.perft(level);
        if leaves != count {
            findings.push(
                Finding::new(
                    Code::PerftCount,
                    Severity::Error,
                    operand.span(),
                    format!(
                        "{}: expected {leaves} leaves at depth {level}, found {count}",
                        Code::PerftCount.title()
                    ),
                )
                .with_help(format!(
                    "standard chess has {leaves} leaves at depth {level} from this position"
                )),
            );
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::repeated_id;

    /// The message built by hand is the one `format!` with `{:?}` builds, for ids it takes and
    /// ids it leaves to `format!`.
    #[test]
    fn repeated_id_message_is_the_formatted_one() {
        for id in [
            "BK.01",
            "",
            "a b",
            "WAC 001",
            "~x!",
            "it's",
            "say \"hi\"",
            "back\\slash",
            "tab\t",
            "é",
            "\u{7f}",
        ] {
            for first in [0, 1, 9, 10, 12, 99_999, 1_000_000, usize::MAX] {
                let finding = repeated_id(id, 0..1, first);
                let title = crate::epd::Code::RepeatedId.title();
                assert_eq!(
                    finding.message,
                    format!(
                        "{title}: expected each id once, found {id:?} again (first on line {first})"
                    )
                );
                assert_eq!(
                    finding.help.as_deref(),
                    Some(
                        format!(
                            "give one of the two lines another id, or drop the repeat of line {first}"
                        )
                        .as_str()
                    )
                );
            }
        }
    }
}
