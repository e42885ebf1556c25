//! PGN: the `[FEN "…"]` tag of each game. The tag pairs of a game are one record (lines that
//! start with `[`, [`super::Grouping::Tags`]); movetext is not read.

use std::borrow::Cow;
use std::ops::Range;

use super::{Embedded, Escape, Extracted, VariantTag};
use crate::code::{FenkitCode, Finding, fenkit_error, fenkit_warning};

/// One tag pair of a PGN tag section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagPair<'a> {
    /// The whole tag pair, `[` to `]`.
    pub span: Range<usize>,
    /// The tag name.
    pub name: &'a str,
    /// Where the value is written, between its quotes.
    pub value_span: Range<usize>,
    /// The value, unescaped (`\"` and `\\`).
    pub value: Cow<'a, str>,
}

/// Reads the tag pairs of `text` in order; a tag pair that cannot be read is a finding
/// (`FENKIT050`), and reading stops there. Never panics, whatever the text.
pub fn scan_tags(text: &str) -> (Vec<TagPair<'_>>, Option<Finding>) {
    let mut tags = Vec::new();
    let problem = visit_tags(text, &mut |tag| tags.push(tag));
    (tags, problem)
}

/// [`BYTE_CLASS`]'s mark of a byte a tag name is made of (ASCII letters and digits, `_`).
const NAME: u8 = 1;
/// [`BYTE_CLASS`]'s mark of ASCII whitespace ([`u8::is_ascii_whitespace`]).
const SPACE: u8 = 2;

/// What each byte is to the tag scan, looked up once a byte instead of a chain of ranges.
const BYTE_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            class[b] |= NAME;
        }
        if byte.is_ascii_whitespace() {
            class[b] |= SPACE;
        }
        b += 1;
    }
    class
};

/// [`scan_tags`] one tag pair at a time, without a list: `visit` gets each pair read, and the
/// finding that stopped the scan is returned.
fn visit_tags<'a>(text: &'a str, visit: &mut impl FnMut(TagPair<'a>)) -> Option<Finding> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let skip_space = |mut at: usize| {
        while bytes
            .get(at)
            .is_some_and(|&b| BYTE_CLASS[usize::from(b)] & SPACE != 0)
        {
            at += 1;
        }
        at
    };
    loop {
        at = skip_space(at);
        match bytes.get(at) {
            None => return None,
            Some(b'[') => {}
            Some(_) => {
                let end = line_end(text, at);
                return Some(bad(
                    at..end,
                    "expected a tag pair `[Name \"value\"]`, found other text",
                ));
            }
        }
        let open = at;
        at = skip_space(at + 1);
        let name_start = at;
        while bytes
            .get(at)
            .is_some_and(|&b| BYTE_CLASS[usize::from(b)] & NAME != 0)
        {
            at += 1;
        }
        let name = text.get(name_start..at).unwrap_or_default();
        at = skip_space(at);
        if name.is_empty() || bytes.get(at) != Some(&b'"') {
            let end = line_end(text, open);
            return Some(bad(
                open..end,
                "expected a tag name and a quoted value, found neither",
            ));
        }
        let value_start = at + 1;
        let mut value_end = None;
        let mut escaped = false;
        let mut i = value_start;
        // The value ends at its `"`; a `\` escapes the byte after it, and a line end comes
        // first in a value left open. Found a word at a time (`pgn::read::value_stop`, the
        // reader's own), not byte by byte.
        loop {
            i = pgn::read::value_stop(bytes, i);
            match bytes.get(i) {
                Some(b'\\') => {
                    escaped = true;
                    i += 2;
                }
                Some(b'"') => {
                    value_end = Some(i);
                    break;
                }
                _ => break,
            }
        }
        let Some(value_end) = value_end else {
            let end = line_end(text, open);
            return Some(bad(
                open..end,
                format!(
                    "expected the value of tag `{name}` to end with a `\"`, found the end of \
                     the line"
                ),
            ));
        };
        let raw = text.get(value_start..value_end).unwrap_or_default();
        let value = if escaped {
            Cow::Owned(unescape(raw))
        } else {
            Cow::Borrowed(raw)
        };
        at = skip_space(value_end + 1);
        if bytes.get(at) != Some(&b']') {
            let end = line_end(text, open);
            return Some(bad(
                open..end,
                format!("expected `]` after the value of tag `{name}`, found other text"),
            ));
        }
        at += 1;
        visit(TagPair {
            span: open..at,
            name,
            value_span: value_start..value_end,
            value,
        });
    }
}

fn bad(span: Range<usize>, message: impl Into<Cow<'static, str>>) -> Finding {
    fenkit_error(FenkitCode::PgnTag, span, message)
        .with_help("write each tag pair as `[Name \"value\"]`, with `\\\"` for a quote inside")
}

/// Where the line that holds byte `at` ends.
fn line_end(text: &str, at: usize) -> usize {
    let end = text
        .get(at..)
        .and_then(|rest| rest.find('\n'))
        .map_or(text.len(), |i| at + i);
    if text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') {
        end - 1
    } else {
        end
    }
}

fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A tag value as PGN writes it.
pub(super) fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['"', '\\']) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The variant a `Variant` tag names: `Ok(None)` for standard chess, `Err` for one fenkit does
/// not read.
fn variant_of(name: &str) -> Result<Option<VariantTag>, ()> {
    let plain: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match plain.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" => Ok(None),
        "chess960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "960"
        | "chess960like" | "freestyle" => Ok(Some(VariantTag::Chess960)),
        "threecheck" | "3check" => Ok(Some(VariantTag::ThreeCheck)),
        "crazyhouse" | "zh" => Ok(Some(VariantTag::Crazyhouse)),
        _ => Err(()),
    }
}

/// Whether `text` holds only tag pairs of the plainest form, `[Name "value"]` (one space, no
/// escape in the value, nothing else inside the brackets), between whitespace, and no `FEN`
/// anywhere: then [`visit_tags`] reads every pair and finds no problem and no `[FEN]` tag, and
/// [`extract`] has nothing to say. Checked without making each pair (most sections of most
/// files, a lichess game's seventeen pairs among them); any other text answers `false`, and is
/// read in full.
fn plain_without_fen(text: &str) -> bool {
    let bytes = text.as_bytes();
    if memchr::memmem::find(bytes, b"FEN").is_some() {
        return false;
    }
    let mut at = 0;
    loop {
        while bytes
            .get(at)
            .is_some_and(|&b| BYTE_CLASS[usize::from(b)] & SPACE != 0)
        {
            at += 1;
        }
        match bytes.get(at) {
            None => return true,
            Some(b'[') => {}
            Some(_) => return false,
        }
        at += 1;
        let name = at;
        while bytes
            .get(at)
            .is_some_and(|&b| BYTE_CLASS[usize::from(b)] & NAME != 0)
        {
            at += 1;
        }
        if at == name || bytes.get(at..at + 2) != Some(b" \"") {
            return false;
        }
        at = pgn::read::value_stop(bytes, at + 2);
        if bytes.get(at..at + 2) != Some(b"\"]") {
            return false;
        }
        at += 2;
    }
}

/// The FEN tag of one game's tag section, with the `SetUp` warning and its `Variant`.
pub(super) fn extract(text: &str) -> Extracted<'_> {
    if plain_without_fen(text) {
        return Extracted::Nothing;
    }
    // Only three tags matter here, the first of each name: no list of every pair is made.
    let (mut fen, mut setup, mut variant_tag) = (None, None, None);
    let problem = visit_tags(text, &mut |tag| {
        let slot = match tag.name {
            "FEN" => &mut fen,
            "SetUp" => &mut setup,
            "Variant" => &mut variant_tag,
            _ => return,
        };
        if slot.is_none() {
            *slot = Some(tag);
        }
    });
    let Some(fen) = fen else {
        return match problem {
            Some(problem) => Extracted::Findings(vec![problem]),
            None => Extracted::Nothing,
        };
    };
    let mut findings: Vec<Finding> = problem.into_iter().collect();
    let setup = setup.as_ref();
    if setup.is_none_or(|tag| tag.value != "1") {
        let found = match setup {
            None => "none".to_owned(),
            Some(tag) => format!("`[SetUp \"{}\"]`", tag.value),
        };
        findings.push(
            fenkit_warning(
                FenkitCode::MissingSetUp,
                fen.span.clone(),
                format!("expected `[SetUp \"1\"]` beside a FEN tag, found {found}"),
            )
            .with_help("add `[SetUp \"1\"]` to the game's tags: some readers ignore the FEN tag without it"),
        );
    }
    let mut variant = None;
    if let Some(tag) = &variant_tag {
        match variant_of(&tag.value) {
            Ok(found) => variant = found,
            Err(()) => {
                return Extracted::Findings(vec![fenkit_warning(
                    FenkitCode::UnreadVariant,
                    tag.span.clone(),
                    format!(
                        "expected a variant fenkit reads (standard, Chess960, three-check, \
                         crazyhouse), found `{}`: this game's FEN tag is not checked",
                        tag.value
                    ),
                )]);
            }
        }
    }
    Extracted::Position(Embedded {
        span: fen.value_span,
        text: fen.value,
        variant,
        findings,
        clockless: false,
        escape: Escape::Pgn,
    })
}

/// The codes of the library that the command line reports in its own words already: a tag
/// pair it cannot read (`FENKIT050`), a `[FEN]` tag's position (read by the FEN notation, with
/// every finding of its own), and `[FEN]` without `[SetUp "1"]` (`FENKIT051`).
const REPORTED_BY_THE_CONTAINER: [pgn::Code; 3] = [
    pgn::Code::BadTag,
    pgn::Code::BadFen,
    pgn::Code::FenWithoutSetUp,
];

/// Whether the container reports `finding`, a finding of the PGN reader over `text`, in its own
/// words already, so that it is left out: a `[FEN]` tag's position, `[FEN]` without `[SetUp
/// "1"]`, and a tag pair the reader cannot read when its `[` opens a line (after blanks), as
/// the container's tag sections do. A `[` later on its line (`*[`, after a game's termination
/// marker) opens no tag section of the container: the reader's finding is the only one.
///
/// ```
/// use notation::container::reported_by_the_container;
///
/// let findings = |text| -> Vec<bool> {
///     pgn::Reader::new()
///         .games(text)
///         .flat_map(|game| game.findings)
///         .filter(|finding| finding.code == pgn::Code::BadTag)
///         .map(|finding| reported_by_the_container(&finding, text))
///         .collect()
/// };
/// assert_eq!(findings("[Event x]\n\n*\n"), [true]);
/// assert_eq!(findings("*[\n"), [false]);
/// ```
#[must_use]
pub fn reported_by_the_container(
    finding: &fenkit_diagnostics::Finding<pgn::Code>,
    text: &str,
) -> bool {
    if !REPORTED_BY_THE_CONTAINER.contains(&finding.code) {
        return false;
    }
    if finding.code != pgn::Code::BadTag {
        return true;
    }
    let before = text
        .as_bytes()
        .get(..finding.span.start)
        .unwrap_or_default();
    before
        .iter()
        .rev()
        .take_while(|byte| **byte != b'\n')
        .all(|byte| matches!(byte, b' ' | b'\t' | b'\r'))
}

/// Whether `game` is comments alone, no tag and no move: a reader that starts a game at any
/// movetext token reads the comment lines between two games as a game without tags and
/// without a termination marker.
pub fn is_comments_alone(game: &pgn::Game<'_>) -> bool {
    game.tags.is_empty()
        && game.moves_checked == 0
        && game.termination.is_none()
        && game.findings.iter().all(|finding| {
            matches!(
                finding.code,
                pgn::Code::MissingTermination | pgn::Code::MissingRosterTag
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What [`visit_tags`] says of a text: whether it finds no problem and no `[FEN]` tag.
    fn clean_without_fen(text: &str) -> bool {
        let mut fen = false;
        let problem = visit_tags(text, &mut |tag| fen |= tag.name == "FEN");
        problem.is_none() && !fen
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The plain sections the fast path answers are clean sections without `[FEN]` to the
        /// full scan: random pairs with names that matter or not, values with quotes,
        /// backslashes and line ends, other spacing, and stray text.
        #[test]
        fn a_plain_section_is_one_the_full_scan_finds_clean_without_fen(
            pairs in proptest::collection::vec(
                (
                    prop_oneof![
                        Just("Event"), Just("FEN"), Just("SetUp"), Just("Variant"),
                        Just("WhiteElo"), Just("FENx"), Just("a_1"), Just(""), Just("Bad-name"),
                    ],
                    prop_oneof![
                        3 => Just(" \""), 1 => Just("  \""), 1 => Just("\""), 1 => Just(" \t\""),
                    ],
                    "[a-zA-Z0-9 .:/?-]{0,12}|[a\"\\\\\n\\]]{0,4}|FEN",
                    prop_oneof![4 => Just("\"]"), 1 => Just("\" ]"), 1 => Just("\"")],
                    prop_oneof![
                        4 => Just("\n"), 1 => Just("\r\n"), 1 => Just(" "), 1 => Just(""),
                        1 => Just("\n%x\n"), 1 => Just("\n\n"),
                    ],
                ),
                0..8,
            ),
        ) {
            let text: String = pairs
                .iter()
                .map(|(name, open, value, close, after)| format!("[{name}{open}{value}{close}{after}"))
                .collect();
            if plain_without_fen(&text) {
                prop_assert!(clean_without_fen(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn a_lichess_section_is_plain_and_one_with_fen_is_not() {
        let lichess = "[Event \"Rated Blitz game\"]\r\n[Site \"https://lichess.org/abcd1234\"]\n\
                       [WhiteElo \"1500\"]\n[Opening \"Sicilian Defense: Najdorf\"]\n";
        assert!(plain_without_fen(lichess));
        assert!(plain_without_fen(""));
        for text in [
            "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n",
            "[Event \"a FEN\"]\n",
            "[Event \"a \\\"b\\\"\"]\n",
            "[Event  \"a\"]\n",
            "[Event \"a\" ]\n",
            "[Event \"a\"]x\n",
        ] {
            assert!(!plain_without_fen(text), "{text}");
        }
    }

    #[test]
    fn tags_with_escaped_quotes_and_spacing_are_read() {
        let (tags, problem) = scan_tags("[Event \"a \\\"b\\\" c\"]\n[ FEN  \"8/8 w\" ]");
        assert!(problem.is_none());
        assert_eq!(tags[0].value, "a \"b\" c");
        assert_eq!(tags[1].name, "FEN");
        assert_eq!(tags[1].value, "8/8 w");
    }

    #[test]
    fn an_unterminated_value_is_a_finding_not_a_crash() {
        for text in [
            "[FEN \"8/8",
            "[FEN \"a\\",
            "[",
            "[\"",
            "[FEN \"x\" extra",
            "junk",
        ] {
            let (_, problem) = scan_tags(text);
            assert_eq!(
                problem.map(|f| f.code),
                Some(crate::code::Code::Fenkit(FenkitCode::PgnTag)),
                "{text}"
            );
        }
    }

    #[test]
    fn the_byte_classes_are_those_of_the_ascii_tests() {
        for b in 0..=u8::MAX {
            let class = BYTE_CLASS[usize::from(b)];
            assert_eq!(
                class & NAME != 0,
                b.is_ascii_alphanumeric() || b == b'_',
                "{b}"
            );
            assert_eq!(class & SPACE != 0, b.is_ascii_whitespace(), "{b}");
        }
    }

    #[test]
    fn variant_names() {
        assert_eq!(variant_of("Chess960"), Ok(Some(VariantTag::Chess960)));
        assert_eq!(variant_of("Fischerandom"), Ok(Some(VariantTag::Chess960)));
        assert_eq!(variant_of("Three-check"), Ok(Some(VariantTag::ThreeCheck)));
        assert_eq!(variant_of("Crazyhouse"), Ok(Some(VariantTag::Crazyhouse)));
        assert_eq!(variant_of("From Position"), Ok(None));
        assert_eq!(variant_of("Atomic"), Err(()));
    }
}
