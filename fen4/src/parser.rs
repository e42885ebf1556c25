//! The FEN4 v1 parser. Small lexers take one token each; the [`State`] below follows the reference
//! parsers' state machine so that verdicts, codes and offsets match theirs exactly.

use std::borrow::Cow;
use std::ops::Range;

use crate::PREFIX;
use crate::error::{Code, Finding, ParseError, Severity, parse_error};
use crate::model::{Axis, Color, Coord, Piece, Placement, Role, SQUARES};

mod plain;

/// Parser settings.
///
/// ```
/// use fen4::{Code, Parser};
/// let lenient = Parser::new().parse("4d-fen v1: P/w@0,1,0,0;").unwrap();
/// assert_eq!(lenient.placement.to_string(), "4d-fen v1: Pw@0,1,0,0");
/// let codes: Vec<Code> = lenient.findings.iter().map(|f| f.code).collect();
/// assert!(codes.contains(&Code::SlashPawn));
///
/// let err = Parser::new().strict(true).parse("4d-fen v1: P/w@0,1,0,0;").unwrap_err();
/// assert_eq!(err.code(), Code::SlashPawn);
/// assert_eq!(err.ref_code(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parser {
    strict: bool,
}

/// A successful parse: the placement and every finding about the input.
///
/// [`Parser::parse`] returns a new one per literal; [`Parser::parse_into`] refills one that
/// the caller keeps, so that a loop over many literals reuses its storage.
///
/// ```
/// use fen4::{Parsed, Parser};
/// let mut parsed = Parsed::new();
/// assert!(parsed.placement.is_empty() && parsed.findings.is_empty());
/// Parser::new().parse_into("4d-fen v1: K@0,0,0,0; k@7,7,7,7", &mut parsed).unwrap();
/// assert_eq!(parsed.placement.len(), 2);
/// assert_eq!(Parsed::default(), Parsed::new());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The pieces.
    pub placement: Placement,
    /// Fixable non-canonical forms (`FEN41xx`, in input order), then semantic warnings
    /// (`FEN42xx`). All have severity `Warning`.
    pub findings: Vec<Finding>,
    /// See [`Parsed::written_canonically`].
    written_canonically: bool,
}

impl Parsed {
    /// An empty board without findings, to be filled by [`Parser::parse_into`]. Allocates
    /// nothing.
    ///
    /// ```
    /// let parsed = fen4::Parsed::new();
    /// assert_eq!(parsed.placement.to_string(), "4d-fen v1:");
    /// assert!(parsed.findings.is_empty());
    /// ```
    pub const fn new() -> Parsed {
        Parsed {
            placement: Placement::new(),
            findings: Vec::new(),
            written_canonically: false,
        }
    }

    /// Whether the literal was found to be spelled exactly as
    /// [`Display`](std::fmt::Display) writes [`Parsed::placement`], its canonical form. `true`
    /// only when it is; `false` when it is not (a literal in another spelling, one spread over
    /// continuation lines). A formatter may skip writing the canonical form of a literal for
    /// which this holds: it would write the literal back.
    ///
    /// ```
    /// let parser = fen4::Parser::new();
    /// let canonical = "4d-fen v1: K@0,0,0,0; k@7,7,7,7";
    /// let parsed = parser.parse(canonical).unwrap();
    /// assert!(parsed.written_canonically());
    /// assert_eq!(parsed.placement.to_string(), canonical);
    ///
    /// let spaced = parser.parse("4d-fen v1: K@0,0,0,0 ; k@7,7,7,7").unwrap();
    /// assert!(!spaced.written_canonically());
    /// ```
    #[must_use]
    pub fn written_canonically(&self) -> bool {
        self.written_canonically
    }
}

impl Parser {
    /// The default settings: accept everything the reference parsers accept.
    pub const fn new() -> Parser {
        Parser { strict: false }
    }

    /// With `strict(true)`, every fixable non-canonical form (`FEN41xx`) is an error
    /// instead of a warning; only canonical literals are accepted.
    pub const fn strict(mut self, strict: bool) -> Parser {
        self.strict = strict;
        self
    }

    /// Parses a FEN4 v1 literal.
    ///
    /// This is [`Parser::parse_into`] on a new [`Parsed`]. To parse many literals, call
    /// `parse_into` with one `Parsed` instead: it reuses the storage of the previous result.
    ///
    /// # Errors
    ///
    /// Returns a [`ParseError`] for every input the reference parsers reject, with their
    /// code and offset; under `strict`, also for the first non-canonical form.
    ///
    /// ```
    /// let err = fen4::Parser::new().parse("4d-fen v1: K@0,0,0,0 k@7,7,7,7").unwrap_err();
    /// assert_eq!((err.ref_code(), err.offset()), (-6, 21));
    /// assert_eq!(err.to_string(), "expected ';' or end of input after a piece, found 'k'");
    /// ```
    pub fn parse(&self, input: &str) -> Result<Parsed, ParseError> {
        let mut parsed = Parsed::new();
        self.parse_into(input, &mut parsed)?;
        Ok(parsed)
    }

    /// Parses a FEN4 v1 literal into `out`, reusing its storage, as `BufRead::read_line`
    /// reuses a `String`.
    ///
    /// `out.placement` and `out.findings` are cleared first, keeping the capacity of their
    /// vectors, and then filled: after `Ok(())`, `out` equals what [`Parser::parse`] returns
    /// for the same input, whatever it held before.
    ///
    /// # Errors
    ///
    /// The same [`ParseError`] as [`Parser::parse`]. After an error, `out` is empty: no
    /// pieces and no findings (neither from this input nor from an earlier one), with the
    /// capacity kept.
    ///
    /// ```
    /// use fen4::{Code, Parsed, Parser};
    /// let parser = Parser::new();
    /// let mut parsed = Parsed::new();
    /// let mut pieces = 0;
    /// for line in ["4d-fen v1: K@0,0,0,0; k@7,7,7,7", "4d-fen v1: k@1,0,0,0; K@0,0,0,0;"] {
    ///     parser.parse_into(line, &mut parsed).unwrap();
    ///     pieces += parsed.placement.len();
    /// }
    /// assert_eq!(pieces, 4);
    /// // The second literal was out of order and ended with ';': two fixable findings.
    /// let codes: Vec<Code> = parsed.findings.iter().map(|f| f.code).collect();
    /// assert_eq!(codes, [Code::Unsorted, Code::TrailingSemicolon]);
    ///
    /// let err = parser.parse_into("4d-fen v1: K@0,0,0,8", &mut parsed).unwrap_err();
    /// assert_eq!(err.code(), Code::DigitOutOfRange);
    /// assert!(parsed.placement.is_empty() && parsed.findings.is_empty());
    /// ```
    pub fn parse_into(&self, input: &str, out: &mut Parsed) -> Result<(), ParseError> {
        out.findings.clear();
        let mut squares = out.placement.take_squares();
        // Canonical input takes the one-pass fast path; anything else, including every input
        // with a finding of its own or an error, is parsed from the start by the general parser.
        // The fast path takes exactly the canonical spelling.
        out.written_canonically = false;
        let parsed = match plain::scan(input, &mut squares) {
            Some(kings) => {
                kings.findings_into(0..PREFIX.len(), &mut out.findings);
                out.written_canonically = true;
                Ok(())
            }
            None => self.parse_general(input, &mut squares, &mut out.findings),
        };
        if parsed.is_err() {
            squares.clear();
            out.findings.clear();
        }
        out.placement = Placement::from_sorted(squares);
        parsed
    }

    /// Reads `input` only if it is written canonically, and without keeping its pieces: for a
    /// caller that needs the findings of a literal, and the pieces only of one written
    /// otherwise (whose canonical form differs from the text it has).
    ///
    /// Returns `true` for a literal that [`Parser::parse`] would find
    /// [written canonically](Parsed::written_canonically), after appending to `findings`
    /// what `parse` finds in it (only notes on the kings, `FEN42xx`, can apply: a canonical
    /// literal has no fixable finding, so `strict` changes nothing). Returns `false`, with
    /// `findings` untouched, for any other input: parse it then, for its pieces, findings or
    /// error. Allocates nothing unless it appends a finding.
    ///
    /// ```
    /// use fen4::{Code, Parser};
    /// let parser = Parser::new();
    /// let mut findings = Vec::new();
    /// assert!(parser.check_canonical("4d-fen v1: K@0,0,0,0; k@7,7,7,7", &mut findings));
    /// assert!(findings.is_empty());
    /// assert!(parser.check_canonical("4d-fen v1: K@0,0,0,0", &mut findings));
    /// assert_eq!(findings[0].code, Code::MissingKing);
    /// // Not canonical (out of order), or not a literal: `parse` tells which, and why.
    /// assert!(!parser.check_canonical("4d-fen v1: k@7,7,7,7; K@0,0,0,0", &mut findings));
    /// assert!(!parser.check_canonical("4d-fen v1: K@0,0,0,8", &mut findings));
    /// assert_eq!(findings.len(), 1);
    /// ```
    pub fn check_canonical(&self, input: &str, findings: &mut Vec<Finding>) -> bool {
        match plain::check(input) {
            Some(kings) => {
                kings.findings_into(0..PREFIX.len(), findings);
                true
            }
            None => false,
        }
    }

    /// The general parser: every form, every finding, every error. Overwrites `squares` and
    /// appends to `findings` (which the caller has cleared); after an error both hold partial
    /// results for the caller to clear.
    fn parse_general(
        &self,
        input: &str,
        squares: &mut Vec<(Coord, Piece)>,
        findings: &mut Vec<Finding>,
    ) -> Result<(), ParseError> {
        let mut state = State {
            input,
            fixes: Vec::new(),
            pieces: Vec::new(),
            occupied: [0; SQUARES / 64],
        };
        state.run()?;
        let State { fixes, pieces, .. } = state;
        let mut fixes = fixes;
        fixes.extend(unsorted(input, &pieces));
        fixes.sort_by_key(|f| (f.span.start, f.span.end));
        let kings = Kings::of(&pieces);
        squares.clear();
        squares.extend(pieces.iter().map(|p| (p.coord, p.piece)));
        // No square twice (the parser rejects duplicates), so an unstable sort is exact.
        squares.sort_unstable_by_key(|e| e.0);
        let prefix_span = {
            let lead = input.len() - input.trim_start_matches(is_ws).len();
            lead..lead + PREFIX.len()
        };
        if self.strict {
            if let Some(fix) = fixes.into_iter().next() {
                return Err(fix.into_strict_error(input));
            }
        } else {
            findings.extend(fixes.into_iter().map(Fix::into_finding));
        }
        kings.findings_into(prefix_span, findings);
        Ok(())
    }
}

fn is_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

// ---- lexers ------------------------------------------------------------------------------
//
// Each takes what it reads from the front of the input and returns the rest; `None` leaves the
// input to the error path of the state below, which knows what was expected there.

/// The run of whitespace at the front (possibly empty), and the rest.
fn ws(i: &str) -> (&str, &str) {
    let rest = i.trim_start_matches(is_ws);
    (rest, i.get(..i.len() - rest.len()).unwrap_or_default())
}

fn prefix(i: &str) -> Option<&str> {
    i.strip_prefix(PREFIX)
}

/// A pawn spec, `Pw` or `P/w`; the bool says whether the slash was used.
fn pawn(i: &str) -> Option<(&str, (Piece, bool))> {
    let color = match i.as_bytes().first()? {
        b'P' => Color::White,
        b'p' => Color::Black,
        _ => return None,
    };
    let after_letter = i.get(1..)?;
    let (after_slash, slash) = match after_letter.strip_prefix('/') {
        Some(rest) => (rest, true),
        None => (after_letter, false),
    };
    let mut chars = after_slash.chars();
    let axis = Axis::from_letter(chars.next()?)?;
    Some((chars.as_str(), (Piece::new(color, Role::Pawn(axis)), slash)))
}

fn non_pawn(i: &str) -> Option<(&str, Piece)> {
    let mut chars = i.chars();
    let piece = Piece::from_letter(chars.next()?)?;
    Some((chars.as_str(), piece))
}

fn coord_digit(i: &str) -> Option<(&str, u8)> {
    let digit = *i.as_bytes().first()?;
    (b'0'..=b'7')
        .contains(&digit)
        .then(|| (i.get(1..).unwrap_or_default(), digit - b'0'))
}

// ---- state -------------------------------------------------------------------------------

/// A non-canonical form found while parsing.
#[derive(Debug)]
struct Fix {
    code: Code,
    span: Range<usize>,
    message: String,
    expected: String,
    found: String,
    help: Option<String>,
}

impl Fix {
    fn into_finding(self) -> Finding {
        let mut f =
            Finding::new(self.code, Severity::Warning, self.span, self.message).with_fixable(true);
        f.help = self.help.map(Into::into);
        f
    }

    fn into_strict_error(self, input: &str) -> ParseError {
        parse_error(
            self.code,
            0,
            char_offset(input, self.span.start),
            self.span,
            self.expected,
            self.found,
            format!(
                "non-canonical form rejected by strict mode: {}",
                self.message
            ),
            self.help,
        )
    }
}

/// Where a piece sat in the input.
#[derive(Debug)]
struct Located {
    coord: Coord,
    piece: Piece,
    span: Range<usize>,
}

/// What the parser keeps while it reads one literal.
struct State<'a> {
    input: &'a str,
    fixes: Vec<Fix>,
    pieces: Vec<Located>,
    /// One bit per square index: the squares `pieces` already holds.
    occupied: [u64; SQUARES / 64],
}

/// The reference offset: characters before byte `pos`.
pub(crate) fn char_offset(input: &str, pos: usize) -> usize {
    input.get(..pos).map_or(0, |s| s.chars().count())
}

/// The first character of `rest`, quoted, and its byte length; or `end of input`.
fn describe_next(rest: &str) -> (String, usize) {
    match rest.chars().next() {
        Some(c) => (quote_char(c), c.len_utf8()),
        None => ("end of input".to_owned(), 0),
    }
}

fn quote_char(c: char) -> String {
    format!("'{}'", c.escape_debug())
}

const COMPONENTS: [&str; 4] = ["x", "y", "z", "w"];

/// A syntax error as the parser meets it: its byte position is turned into the reference
/// parsers' character offset only when the error is built ([`State::fail`]).
struct Failure {
    code: Code,
    ref_code: i32,
    /// Byte position of the reference offset.
    at: usize,
    span: Range<usize>,
    expected: String,
    found: String,
    message: String,
    help: Option<String>,
}

impl<'a> State<'a> {
    fn pos(&self, rest: &str) -> usize {
        self.input.len() - rest.len()
    }

    fn fail(&self, e: Failure) -> ParseError {
        parse_error(
            e.code,
            e.ref_code,
            char_offset(self.input, e.at),
            e.span,
            e.expected,
            e.found,
            e.message,
            e.help,
        )
    }

    /// Records a whitespace run that should have been `canon` (`""` or `" "`).
    fn layout(&mut self, start: usize, run: &str, canon: &str, place: &str) {
        if run == canon {
            return;
        }
        let span = start..start + run.len();
        let expected = if canon.is_empty() {
            "no whitespace".to_owned()
        } else {
            "one space".to_owned()
        };
        let fix = if run.contains(['\n', '\r']) {
            Fix {
                code: Code::MultiLine,
                span,
                message: format!("line break {place}"),
                expected,
                found: "a line break".to_owned(),
                help: Some("the canonical form is a single line".to_owned()),
            }
        } else {
            let found = if run.is_empty() {
                "no space".to_owned()
            } else {
                format!("{run:?}")
            };
            Fix {
                code: Code::Spacing,
                span,
                message: format!(
                    "non-canonical spacing {place}: expected {expected}, found {found}"
                ),
                expected,
                found,
                help: None,
            }
        };
        self.fixes.push(fix);
    }

    fn trailing_ws(&mut self, start: usize, run: &str) {
        if run.is_empty() {
            return;
        }
        self.fixes.push(Fix {
            code: Code::TrailingWhitespace,
            span: start..start + run.len(),
            message: "whitespace at the end of the literal".to_owned(),
            expected: "end of input".to_owned(),
            found: "whitespace".to_owned(),
            help: None,
        });
    }

    fn run(&mut self) -> Result<(), ParseError> {
        let input = self.input;
        // Leading whitespace.
        let (rest, lead) = ws(input);
        if !lead.is_empty() {
            self.fixes.push(Fix {
                code: Code::LeadingWhitespace,
                span: 0..lead.len(),
                message: "whitespace before the prefix".to_owned(),
                expected: "'4d-fen v1:' at the start".to_owned(),
                found: "whitespace".to_owned(),
                help: None,
            });
        }
        let rest = match prefix(rest) {
            Some(rest) => rest,
            None => return Err(self.prefix_error(rest)),
        };
        let start = self.pos(rest);
        let (mut rest, run) = ws(rest);
        if rest.is_empty() {
            self.trailing_ws(start, run);
            return Ok(());
        }
        self.layout(start, run, " ", "after the prefix");

        loop {
            let piece_start = self.pos(rest);
            let (after, piece) = self.piece_spec(rest)?;
            let piece_end = self.pos(after);
            let (after, run) = ws(after);
            self.layout(piece_end, run, "", "between the piece spec and '@'");
            let after = match after.strip_prefix('@') {
                Some(r) => r,
                None => {
                    let at = self.pos(after);
                    let (found, len) = describe_next(after);
                    let spec = input.get(piece_start..piece_end).unwrap_or_default();
                    let help = match after.chars().next() {
                        Some(c) if c.is_ascii_digit() => {
                            Some("write '@' between the piece and its coordinate".to_owned())
                        }
                        _ => None,
                    };
                    return Err(self.fail(Failure {
                        code: Code::MissingAt,
                        ref_code: -3,
                        at,
                        span: at..at + len,
                        expected: "'@'".to_owned(),
                        message: format!("expected '@' after piece spec '{spec}', found {found}"),
                        found,
                        help,
                    }));
                }
            };
            let at_end = self.pos(after);
            let (after, run) = ws(after);
            self.layout(at_end, run, "", "between '@' and the coordinate");
            let (after, coord) = self.coord(after)?;
            let coord_end = self.pos(after);
            let word = usize::from(coord.index() / 64);
            let bit = 1u64 << (coord.index() % 64);
            let taken = self.occupied.get(word).is_some_and(|w| w & bit != 0);
            if let Some(slot) = self.occupied.get_mut(word) {
                *slot |= bit;
            }
            let prev = if taken {
                self.pieces
                    .iter()
                    .find(|p| p.coord == coord)
                    .map(|p| p.piece)
            } else {
                None
            };
            if let Some(prev) = prev {
                return Err(self.fail(Failure {
                    code: Code::DuplicateSquare,
                    ref_code: -5,
                    at: coord_end,
                    span: piece_start..coord_end,
                    expected: "an unoccupied square".to_owned(),
                    found: format!("square {coord} already holding '{prev}'"),
                    message: format!(
                        "duplicate square {coord} (index {}): it already holds '{prev}'",
                        coord.index()
                    ),
                    help: Some("each square may hold at most one piece".to_owned()),
                }));
            }
            self.pieces.push(Located {
                coord,
                piece,
                span: piece_start..coord_end,
            });
            let (after, run) = ws(after);
            if after.is_empty() {
                self.trailing_ws(coord_end, run);
                return Ok(());
            }
            self.layout(coord_end, run, "", "before ';'");
            let after = match after.strip_prefix(';') {
                Some(r) => r,
                None => return Err(self.trailing_error(after, run.is_empty())),
            };
            let semi_end = self.pos(after);
            let (after, run) = ws(after);
            if after.is_empty() {
                self.fixes.push(Fix {
                    code: Code::TrailingSemicolon,
                    span: semi_end - 1..semi_end,
                    message: "';' after the last piece".to_owned(),
                    expected: "end of input".to_owned(),
                    found: "';'".to_owned(),
                    help: None,
                });
                self.trailing_ws(semi_end, run);
                return Ok(());
            }
            self.layout(semi_end, run, " ", "after ';'");
            rest = after;
        }
    }

    fn prefix_error(&self, rest: &str) -> ParseError {
        let at = self.pos(rest);
        // Show at most the prefix's length of what is there, up to a line break.
        let shown: String = rest
            .chars()
            .take_while(|c| *c != '\n' && *c != '\r')
            .take(PREFIX.len())
            .collect();
        let found = if shown.is_empty() {
            if rest.is_empty() {
                "end of input".to_owned()
            } else {
                "a line break".to_owned()
            }
        } else {
            format!("{shown:?}")
        };
        let span = at..at + shown.len();
        if let Some(version) = other_version(rest) {
            let span = at..at + "4d-fen v:".len() + version.len();
            return self.fail(Failure {
                code: Code::UnsupportedVersion,
                ref_code: -2,
                at,
                span,
                expected: format!("{PREFIX:?}"),
                found: format!("\"4d-fen v{version}:\""),
                message: format!(
                    "unsupported fen4 version v{version}: this parser reads v1 only (expected \"4d-fen v1:\")"
                ),
                help: None,
            });
        }
        let help = if rest
            .get(..PREFIX.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(PREFIX))
        {
            "the prefix is case-sensitive: write '4d-fen v1:'"
        } else if spaced_prefix(rest) {
            "write exactly one space between '4d-fen' and 'v1:'"
        } else {
            "a fen4 literal starts with '4d-fen v1:'"
        };
        self.fail(Failure {
            code: Code::MissingPrefix,
            ref_code: -2,
            at,
            span,
            expected: format!("{PREFIX:?}"),
            message: format!("missing fen4 prefix: expected \"4d-fen v1:\", found {found}"),
            found,
            help: Some(help.to_owned()),
        })
    }

    fn piece_spec(&mut self, rest: &'a str) -> Result<(&'a str, Piece), ParseError> {
        let at = self.pos(rest);
        if let Some((after, (piece, slash))) = pawn(rest) {
            if slash {
                let spec = piece.spec();
                let written: String = rest.get(..3).unwrap_or_default().to_owned();
                self.fixes.push(Fix {
                    code: Code::SlashPawn,
                    span: at + 1..at + 2,
                    message: format!(
                        "pawn written with a slash: '{written}' is canonically '{spec}'"
                    ),
                    expected: format!("'{spec}'"),
                    found: format!("'{written}'"),
                    help: None,
                });
            }
            return Ok((after, piece));
        }
        if let Some((after, piece)) = non_pawn(rest) {
            return Ok((after, piece));
        }
        let mut chars = rest.chars();
        match chars.next() {
            Some(letter @ ('P' | 'p')) => {
                let after_letter = chars.as_str();
                let (axis_rest, slash) = match after_letter.strip_prefix('/') {
                    Some(r) => (r, 1),
                    None => (after_letter, 0),
                };
                let (found, len) = describe_next(axis_rest);
                let span = at..at + 1 + slash + len;
                let (code, message, help) = match axis_rest.chars().next() {
                    Some(c) if c.is_alphabetic() => (
                        Code::UnknownAxis,
                        format!(
                            "unknown pawn axis: expected 'w' or 'y' after '{letter}', found {found}"
                        ),
                        if c == 'W' || c == 'Y' {
                            "axis letters are lower-case"
                        } else {
                            "pawns advance along the w or y axis; z and x are not allowed"
                        },
                    ),
                    _ => (
                        Code::PawnMissingAxis,
                        format!(
                            "pawn without an axis: expected 'w' or 'y' after '{letter}', found {found}"
                        ),
                        "write the axis after the pawn letter, e.g. 'Pw' or 'py'",
                    ),
                };
                Err(self.fail(Failure {
                    code,
                    ref_code: -3,
                    at,
                    span,
                    expected: "'w' or 'y'".to_owned(),
                    found,
                    message,
                    help: Some(help.to_owned()),
                }))
            }
            _ => {
                let (found, len) = describe_next(rest);
                let help = match rest.chars().next() {
                    Some(';') => Some("remove the extra ';'"),
                    Some('@') => Some("write the piece letter before '@'"),
                    Some(c) if c.is_ascii_digit() => {
                        Some("a piece spec and '@' must come before the coordinate")
                    }
                    _ => None,
                };
                Err(self.fail(Failure {
                    code: Code::UnknownPiece,
                    ref_code: -3,
                    at,
                    span: at..at + len,
                    expected: "a piece letter (N B R Q K P n b r q k p)".to_owned(),
                    message: format!(
                        "unknown piece: expected a piece letter (N B R Q K P n b r q k p), found {found}"
                    ),
                    found,
                    help: help.map(str::to_owned),
                }))
            }
        }
    }

    fn coord(&self, mut rest: &'a str) -> Result<(&'a str, Coord), ParseError> {
        let mut out = [0u8; 4];
        for (k, name) in COMPONENTS.iter().enumerate() {
            match coord_digit(rest) {
                Some((after, d)) => {
                    if let Some(slot) = out.get_mut(k) {
                        *slot = d;
                    }
                    rest = after;
                }
                None => {
                    let at = self.pos(rest);
                    let (found, len) = describe_next(rest);
                    let out_of_range = matches!(rest.chars().next(), Some('8' | '9'));
                    let (code, message) = if out_of_range {
                        (
                            Code::DigitOutOfRange,
                            format!(
                                "coordinate {name} out of range: expected a digit 0-7, found {found}"
                            ),
                        )
                    } else {
                        (
                            Code::ExpectedDigit,
                            format!("expected a digit 0-7 for coordinate {name}, found {found}"),
                        )
                    };
                    return Err(self.fail(Failure {
                        code,
                        ref_code: -4,
                        at,
                        span: at..at + len,
                        expected: "a digit 0-7".to_owned(),
                        found,
                        message,
                        help: None,
                    }));
                }
            }
            if k < 3 {
                match rest.strip_prefix(',') {
                    Some(after) => rest = after,
                    None => {
                        let at = self.pos(rest);
                        let (found, len) = describe_next(rest);
                        let help = match rest.chars().next() {
                            Some(c) if c.is_ascii_digit() => {
                                "each coordinate component is a single digit 0-7"
                            }
                            _ => "a coordinate has four components: x,y,z,w",
                        };
                        return Err(self.fail(Failure {
                            code: Code::ExpectedComma,
                            ref_code: -4,
                            at,
                            span: at..at + len,
                            expected: "','".to_owned(),
                            message: format!("expected ',' after coordinate {name}, found {found}"),
                            found,
                            help: Some(help.to_owned()),
                        }));
                    }
                }
            }
        }
        let [x, y, z, w] = out;
        match Coord::new(x, y, z, w) {
            Some(c) => Ok((rest, c)),
            // Digits were checked to be 0-7 above; keep a sound answer anyway.
            None => Err(self.fail(Failure {
                code: Code::DigitOutOfRange,
                ref_code: -4,
                at: self.pos(rest),
                span: self.pos(rest)..self.pos(rest),
                expected: "a digit 0-7".to_owned(),
                found: "a larger digit".to_owned(),
                message: "coordinate out of range".to_owned(),
                help: None,
            })),
        }
    }

    fn trailing_error(&self, rest: &str, adjacent: bool) -> ParseError {
        let at = self.pos(rest);
        let (found, len) = describe_next(rest);
        let next = rest.chars().next();
        let expected = "';' or end of input".to_owned();
        let (code, message, help) = match next {
            Some(',') if adjacent => (
                Code::CoordTooLong,
                format!("coordinate has more than four components: expected {expected}, found ','"),
                Some("a coordinate has exactly four components: x,y,z,w"),
            ),
            Some(c) if adjacent && c.is_ascii_digit() => (
                Code::CoordTooLong,
                format!("coordinate w has more than one digit: expected {expected}, found {found}"),
                Some("each coordinate component is a single digit 0-7"),
            ),
            Some('\0') => (
                Code::NulByte,
                format!("unexpected nul byte: expected {expected}, found {found}"),
                Some("remove the nul byte; it is not a terminator in fen4"),
            ),
            Some(c) if "NBRQKPnbrqkp".contains(c) => (
                Code::TrailingInput,
                format!("expected {expected} after a piece, found {found}"),
                Some("separate pieces with ';'"),
            ),
            _ => (
                Code::TrailingInput,
                format!("expected {expected} after a piece, found {found}"),
                None,
            ),
        };
        self.fail(Failure {
            code,
            ref_code: -6,
            at,
            span: at..at + len,
            expected,
            found,
            message,
            help: help.map(str::to_owned),
        })
    }
}

/// If `rest` starts with `4d-fen v<digits>:` for a version other than 1, the digits.
fn other_version(rest: &str) -> Option<&str> {
    let after = rest.strip_prefix("4d-fen v")?;
    let digits_len = after
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(after.len());
    let (digits, tail) = after.split_at(digits_len);
    (!digits.is_empty() && digits != "1" && tail.starts_with(':')).then_some(digits)
}

/// `4d-fen`, more than one whitespace character (or a non-space one), then `v1:`.
fn spaced_prefix(rest: &str) -> bool {
    rest.strip_prefix("4d-fen")
        .map(|r| r.trim_start_matches(is_ws))
        .is_some_and(|r| r.starts_with("v1:"))
}

fn unsorted(input: &str, pieces: &[Located]) -> Option<Fix> {
    let mut max = pieces.first()?.coord;
    let mut first: Option<(&Located, Coord)> = None;
    let mut count = 0usize;
    for p in pieces.iter().skip(1) {
        if p.coord < max {
            count += 1;
            if first.is_none() {
                first = Some((p, max));
            }
        } else {
            max = p.coord;
        }
    }
    let (p, after) = first?;
    let text = input.get(p.span.clone()).unwrap_or_default();
    let more = if count > 1 {
        format!(" ({count} pieces are out of order)")
    } else {
        String::new()
    };
    Some(Fix {
        code: Code::Unsorted,
        span: p.span.clone(),
        message: format!(
            "pieces are not in square order: '{text}' (square {}) comes after square {}{more}",
            p.coord.index(),
            after.index()
        ),
        expected: format!("a square after {}", after.index()),
        found: format!("square {}", p.coord.index()),
        help: Some(
            "the canonical form lists pieces by ascending index ((x*8+y)*8+z)*8+w".to_owned(),
        ),
    })
}

/// The texts of [`extra_kings_message`] for 2 to 17 kings, by colour, so that the counts
/// random boards have cost no allocation.
macro_rules! extra_kings_texts {
    ($($count:literal)*) => {
        [
            [$(concat!("white has ", $count, " kings: expected at most one"),)*],
            [$(concat!("black has ", $count, " kings: expected at most one"),)*],
        ]
    };
}

/// See [`extra_kings_texts`]: `EXTRA_KINGS[colour][count - 2]`.
const EXTRA_KINGS: [[&str; 16]; 2] = extra_kings_texts!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17);

/// `"<colour> has <count> kings: expected at most one"`: a static text for small counts,
/// otherwise built without the formatting machinery (this runs once per literal).
fn extra_kings_message(color: Color, count: usize) -> Cow<'static, str> {
    let side = match color {
        Color::White => &EXTRA_KINGS[0],
        Color::Black => &EXTRA_KINGS[1],
    };
    if let Some(text) = count.checked_sub(2).and_then(|i| side.get(i)) {
        return Cow::Borrowed(text);
    }
    let mut digits = [0u8; 20];
    let mut n = count;
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(d) = digits.get_mut(start) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || start == 0 {
            break;
        }
    }
    let digits = digits.get(start..).unwrap_or_default();
    let (head, tail) = (color.as_str(), " kings: expected at most one");
    let mut message = String::with_capacity(head.len() + 5 + digits.len() + tail.len());
    message.push_str(head);
    message.push_str(" has ");
    for d in digits {
        message.push(char::from(*d));
    }
    message.push_str(tail);
    Cow::Owned(message)
}

/// What the semantic findings need to know about the kings of each side.
#[derive(Debug, Default)]
pub(crate) struct Kings {
    /// Per colour (white, black): how many kings, and where the second one was written.
    pub(crate) sides: [(usize, Option<Range<usize>>); 2],
}

impl Kings {
    fn of(pieces: &[Located]) -> Kings {
        let mut kings = Kings::default();
        for p in pieces {
            kings.add(p.piece, &p.span);
        }
        kings
    }

    /// Counts `piece` if it is a king written at `span`.
    fn add(&mut self, piece: Piece, span: &Range<usize>) {
        if piece.role != Role::King {
            return;
        }
        let [white, black] = &mut self.sides;
        let side = match piece.color {
            Color::White => white,
            Color::Black => black,
        };
        side.0 += 1;
        if side.0 == 2 {
            side.1 = Some(span.clone());
        }
    }

    /// Appends the semantic warnings (`FEN42xx`) to `out`; a missing king is reported at the
    /// prefix.
    pub(crate) fn findings_into(self, prefix_span: Range<usize>, out: &mut Vec<Finding>) {
        // The common case, one king a side, says nothing.
        if self.sides.iter().all(|(count, _)| *count == 1) {
            return;
        }
        // Exactly as many as are pushed below: at most one allocation, none when `out` has
        // room left from an earlier parse.
        let needed = self
            .sides
            .iter()
            .filter(|(count, second)| *count == 0 || (*count >= 2 && second.is_some()))
            .count();
        out.reserve(needed);
        // Each finding built in place, its texts copied once: this runs once per literal, and
        // random boards often have a side without a king or with several.
        for (color, (count, second)) in [Color::White, Color::Black].into_iter().zip(self.sides) {
            match (count, second) {
                (0, _) => out.push(Finding::new(
                    Code::MissingKing,
                    Severity::Warning,
                    prefix_span.clone(),
                    match color {
                        Color::White => "white has no king",
                        Color::Black => "black has no king",
                    },
                )),
                (2.., Some(span)) => out.push(
                    Finding::new(
                        Code::ExtraKing,
                        Severity::Warning,
                        span,
                        extra_kings_message(color, count),
                    )
                    .with_help("the format allows it, but most rule sets expect one king per side"),
                ),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    const SEEDS: &[&str] = &[
        "4d-fen v1:",
        "4d-fen v1: K@0,0,0,0",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        "4d-fen v1: Pw@0,1,0,0; py@0,6,7,7; N@1,0,0,0; b@1,0,0,1; R@3,3,3,3; q@5,5,5,5",
        "4d-fen v1: K@0,0,0,0; K@0,0,0,1; K@0,0,0,2; k@4,0,0,0; k@7,7,7,6; k@7,7,7,7",
        "4d-fen v1: Q@0,0,0,7; r@0,0,1,0; B@0,1,0,0; n@1,0,0,0; Py@6,6,6,6; pw@7,0,0,0",
        "4d-fen v1: K@2,3,4,6; k@2,3,4,5",
    ];

    const ALPHABET: &[u8] = b"KkQqRrBbNnPpwyzW@,;: 0178/\t\n\r\0";

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// One to four byte edits drawn from FEN4's own alphabet: delete, insert, replace, or
    /// replace with a byte of the same kind (a digit, a piece letter, an axis letter), which
    /// often keeps the literal canonical.
    fn mutate(rng: &mut Rng, seed: &str) -> String {
        let mut bytes = seed.as_bytes().to_vec();
        for _ in 0..=rng.below(4) {
            let at = rng.below(bytes.len() + 1);
            let byte = ALPHABET[rng.below(ALPHABET.len())];
            let kind: &[u8] = match bytes.get(at) {
                Some(b'0'..=b'9') => b"0123456789",
                Some(b'w' | b'y' | b'z') => b"wyz",
                Some(b'K' | b'Q' | b'R' | b'B' | b'N' | b'k' | b'q' | b'r' | b'b' | b'n') => {
                    b"KQRBNkqrbnP"
                }
                _ => b"",
            };
            match rng.below(5) {
                4 if !kind.is_empty() => bytes[at] = kind[rng.below(kind.len())],
                0 if at < bytes.len() => {
                    bytes.remove(at);
                }
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => bytes[at] = byte,
                _ => bytes.push(byte),
            }
        }
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn extra_kings_message_matches_the_formatted_text() {
        for count in (2..=40).chain([99, 100, 4096, usize::MAX]) {
            for color in [Color::White, Color::Black] {
                let message = extra_kings_message(color, count);
                assert_eq!(
                    message,
                    format!("{} has {count} kings: expected at most one", color.as_str())
                );
                // The counts random boards have come from the static table.
                assert_eq!(matches!(message, Cow::Borrowed(_)), count <= 17, "{count}");
            }
        }
    }

    /// The general parser alone, into new storage.
    fn general(parser: Parser, input: &str) -> Result<Parsed, ParseError> {
        let mut out = Parsed::new();
        let mut squares = Vec::new();
        parser.parse_general(input, &mut squares, &mut out.findings)?;
        out.placement = Placement::from_sorted(squares);
        // Worked out independently: the input is its own canonical form.
        out.written_canonically = out.placement.to_string() == input;
        Ok(out)
    }

    /// The fast path alone: whether it takes `input`. Its check without storage takes the same
    /// inputs.
    fn scans(input: &str) -> bool {
        let scanned = plain::scan(input, &mut Vec::new()).is_some();
        assert_eq!(plain::check(input).is_some(), scanned, "{input:?}");
        scanned
    }

    /// `check_canonical` takes what `parse` finds written canonically, with the same findings,
    /// and leaves the findings alone otherwise.
    fn assert_check_agrees(parser: Parser, input: &str) {
        let earlier = Finding::new(Code::MissingKing, Severity::Warning, 0..1, "earlier");
        let mut findings = vec![earlier.clone()];
        let checked = parser.check_canonical(input, &mut findings);
        match parser.parse(input) {
            Ok(parsed) if parsed.written_canonically() => {
                assert!(checked, "{input:?}");
                assert_eq!(findings[0], earlier);
                assert_eq!(findings[1..], parsed.findings, "{input:?}");
            }
            _ => {
                assert!(!checked, "{input:?}");
                assert_eq!(findings, [earlier], "{input:?}");
            }
        }
    }

    #[test]
    fn fast_path_takes_canonical_literals_only() {
        for seed in SEEDS {
            let canonical = !seed.contains("K@2,3,4,6; k@2,3,4,5");
            assert_eq!(scans(seed), canonical, "{seed}");
        }
        for other in [
            " 4d-fen v1: K@0,0,0,0",
            "4d-fen v1:K@0,0,0,0",
            "4d-fen v1: K@0,0,0,0;",
            "4d-fen v1: K@0,0,0,0; ",
            "4d-fen v1: K@0,0,0,0;k@7,7,7,7",
            "4d-fen v1: K@0,0,0,0; K@0,0,0,0",
            "4d-fen v1: P/w@0,0,0,0",
            "4d-fen v1: Pz@0,0,0,0",
            "4d-fen v1: K@0,0,0,8",
            "4d-fen v1: K@0,0,0,0,0",
            "4d-fen v1: K@0,0,0,07",
            "4d-fen v1: K @0,0,0,0",
            "4d-fen v1: ",
        ] {
            assert!(!scans(other), "{other:?}");
        }
    }

    /// Every pair of ASCII bytes as a spec, first, in the middle and last: the fast path takes
    /// exactly the canonical specs (its table is keyed by the sum of the two bytes, so a pair
    /// with the sum of another spec must not pass), and agrees with the general parser.
    #[test]
    fn fast_path_takes_exactly_the_canonical_specs() {
        let mut accepted = 0usize;
        for a in 0u8..128 {
            for b in 0u8..128 {
                let spec = format!("{}{}", char::from(a), char::from(b));
                let (spec, canonical) = match b {
                    // A one-byte spec: `b` is the coordinate's '@'.
                    b'@' => {
                        let spec = spec.trim_end_matches('@').to_owned();
                        let canonical = Piece::from_spec(&spec).is_some();
                        (spec, canonical)
                    }
                    _ => {
                        let canonical = Piece::from_spec(&spec).is_some();
                        (spec, canonical)
                    }
                };
                for input in [
                    format!("4d-fen v1: {spec}@1,2,3,4"),
                    format!("4d-fen v1: {spec}@1,2,3,4; k@7,7,7,7"),
                    format!("4d-fen v1: K@0,0,0,0; {spec}@1,2,3,4; k@7,7,7,7"),
                    format!("4d-fen v1: K@0,0,0,0; {spec}@1,2,3,4"),
                ] {
                    assert_eq!(scans(&input), canonical, "{input:?}");
                    accepted += usize::from(canonical);
                    let parser = Parser::new();
                    assert_eq!(parser.parse(&input), general(parser, &input), "{input:?}");
                    assert_check_agrees(parser, &input);
                }
            }
        }
        // The fourteen specs, four times each.
        assert_eq!(accepted, 14 * 4);
    }

    #[test]
    fn fast_path_agrees_with_the_general_parser() {
        let mut rng = Rng(0x0fe4_5eed_0000_0007);
        let mut inputs: Vec<String> = SEEDS.iter().map(|s| (*s).to_owned()).collect();
        for _ in 0..4000 {
            let seed = SEEDS[rng.below(SEEDS.len())];
            inputs.push(mutate(&mut rng, seed));
        }
        // Random canonical boards, as written and with one edit of the same kind.
        for _ in 0..4000 {
            let n = rng.below(12);
            let board: Placement = (0..n)
                .map(|_| {
                    let at = Coord::from_index(rng.below(SQUARES) as u16).unwrap();
                    (at, Piece::ALL[rng.below(Piece::ALL.len())])
                })
                .collect();
            let literal = board.to_string();
            assert!(scans(&literal), "{literal}");
            inputs.push(literal.clone());
            let mut bytes = literal.into_bytes();
            let at = rng.below(bytes.len());
            let kind: &[u8] = match bytes[at] {
                b'0'..=b'9' => b"0123456789",
                b'w' | b'y' => b"wyz",
                _ => b"KQRBNkqrbnP",
            };
            bytes[at] = kind[rng.below(kind.len())];
            inputs.push(String::from_utf8(bytes).unwrap());
        }
        let mut fast = 0usize;
        for input in &inputs {
            fast += usize::from(scans(input));
            for strict in [false, true] {
                let parser = Parser::new().strict(strict);
                assert_eq!(
                    parser.parse(input),
                    general(parser, input),
                    "strict={strict}: {input:?}"
                );
                assert_check_agrees(parser, input);
            }
        }
        // The mutations must leave many literals canonical, or this test would compare little.
        assert!(fast > 4000, "only {fast} fast-path inputs");
    }
}
