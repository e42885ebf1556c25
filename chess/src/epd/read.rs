//! Reading one EPD line: the position fields through the DFEN parser, then the operations in
//! one pass, then the checks of what they mean.

use std::ops::Range;

use super::codes::{Code, Findings, SyntaxError};
use super::{
    Epd, EpdParser, Error, MAX_LINE_LEN, OpcodeKind, OperandRecord, OperationRecord, ParsedEpd,
    Text, Value, opcodes,
};
use crate::variant::{VariantParsed, VariantParser};
use dfen::fen_parts::quote;
use dfen::{Parser, Profile, Severity};

/// The pieces one after another: a message built without `format!`, whose machinery costs
/// more than reading the operation it is about (a suite can have a finding on every line).
pub(super) fn joined(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|piece| piece.len()).sum());
    for piece in pieces {
        out.push_str(piece);
    }
    out
}

/// `EPD103`'s message, the same on every line (a perft suite has it on each): its title is
/// [`Code::PerftLayout`]'s, which a test holds it to.
const PERFT_LAYOUT_MESSAGE: &str = "operations in the perft-suite layout: expected each \
                                    operation followed by `;`, found `;` before each";

/// Appends `text` as [`quote`] writes it, without a string of its own for the common case
/// (printable ASCII, which it writes between backquotes as it is).
pub(super) fn push_quoted(out: &mut String, text: &str) {
    if !text.is_empty() && text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        out.push('`');
        out.push_str(text);
        out.push('`');
    } else {
        out.push_str(&quote(text));
    }
}

/// Reads `line` into `out`: its copy of the line and its operations' vectors cleared and
/// filled again, in the room an earlier line left them; with `pieces`, the board's pieces
/// into it as the DFEN parser gathered them (one set of squares per piece code, as
/// [`dfen::Board::piece_sets`] gives them). On an error, what `out` and `pieces` hold is
/// unspecified.
pub(super) fn parse_into(
    settings: &EpdParser,
    line: &str,
    out: &mut ParsedEpd,
    pieces: Option<&mut [u64; 12]>,
) -> Result<(), Error> {
    if line.len() > MAX_LINE_LEN {
        let mut start = MAX_LINE_LEN;
        while !line.is_char_boundary(start) {
            start -= 1;
        }
        return Err(SyntaxError::new(
            Code::LineTooLong,
            start..line.len(),
            format!("at most {MAX_LINE_LEN} bytes"),
            format!("{} bytes", line.len()),
        )
        .into());
    }
    let fields_end = end_of_fields(line);
    let parser = Parser::new()
        .profile(settings.profile)
        .strict(settings.strict)
        .castling_mode(settings.castling)
        .check_position(settings.standard_rules);
    let fields = line.get(..fields_end).unwrap_or(line);
    let parsed = match pieces {
        None => parser.parse_epd_position(fields)?,
        Some(pieces) => {
            let mut census = dfen::fen_parts::Census::default();
            let parsed = parser.parse_epd_position_counted(fields, &mut census)?;
            *pieces = *census.piece_sets();
            parsed
        }
    };
    out.position_findings = parsed.findings;
    // A position fix (a dead castling right or en-passant square) is not `fmt`'s to make in
    // EPD: the position is kept as read.
    for finding in &mut out.position_findings {
        if finding.code.category() == dfen::Category::Position {
            finding.fixable = false;
        }
    }
    out.findings.clear();
    out.notes.clear();
    out.standard_rules = settings.standard_rules;
    let epd = &mut out.epd;
    copy_line(&mut epd.line, line);
    epd.position = parsed.dfen;
    let mut sink = Findings::under(settings, &mut out.findings, &mut out.notes);
    if epd.position.en_passant.len() > 1 {
        let start = nth_field_start(line, 3);
        let span = start..fields_end;
        sink.error(
            Code::SeveralEnPassant,
            span.clone(),
            format!(
                "{}: expected `-` or one square, found {}",
                Code::SeveralEnPassant.title(),
                quote(line.get(span).unwrap_or_default())
            ),
            Some(
                "standard chess has one en-passant square at most; several are Dice Chess (DFEN)"
                    .into(),
            ),
        );
    }
    let mut reader = Reader::in_place_of(line, fields_end, epd);
    reader.read(&mut sink)?;
    epd.operations = reader.operations;
    epd.operands = reader.operands;
    opcodes::check_operands(epd, &mut sink);
    set_clocks(epd);
    let position_errors = out
        .position_findings
        .iter()
        .any(|f| f.severity == Severity::Error);
    if settings.standard_rules && !position_errors && epd.position.en_passant.len() <= 1 {
        opcodes::check_moves(epd, &mut sink);
    }
    out.findings.sort_by_key(|f| f.span.start);
    Ok(())
}

/// The places a variant EPD line is read into ([`EpdParser::parse_variant_into`]): the line's
/// standard part, the variant's reading of its position fields and the board's pieces, one set
/// of squares per piece code (colour × 6 + role). Read in place, nothing large is returned by
/// value and moved again.
///
/// [`EpdParser::parse_variant_into`]: super::EpdParser::parse_variant_into
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct VariantRead {
    /// The line's standard part.
    pub parsed: ParsedEpd,
    /// The variant's reading of the position fields.
    pub variant: VariantParsed,
    /// The board's pieces, as [`dfen::Board::piece_sets`] gives them.
    pub pieces: [u64; 12],
}

impl VariantRead {
    /// Nothing read yet, for `variant`'s lines.
    #[must_use]
    pub fn new(variant: &VariantParser) -> VariantRead {
        VariantRead {
            parsed: ParsedEpd::empty(),
            variant: variant.empty_parsed(),
            pieces: [0; 12],
        }
    }
}

/// An EPD line of a variant read once: the position fields, `line[..fields_end]`, by
/// `variant`'s one-pass reader with the line's clocks after them, the operations here. `None`
/// where [`parse_into`] of the line without the variant's marks and `variant`'s parse of its fields
/// might say anything this does not: an error anywhere, a finding in the fields, settings
/// under which the two readers judge the fields apart (standard chess's rules, a profile other
/// than `spec`). The caller then reads the line with both.
pub(super) fn parse_variant(
    settings: &EpdParser,
    line: &str,
    fields_end: usize,
    variant: &VariantParser,
) -> Option<(ParsedEpd, VariantParsed, [u64; 12])> {
    let mut out = VariantRead::new(variant);
    parse_variant_into(settings, line, fields_end, variant, &mut out).then_some((
        out.parsed,
        out.variant,
        out.pieces,
    ))
}

/// [`parse_variant`], into `out`: whether the line was read once. Where it was not, what `out`
/// holds is unspecified.
pub(super) fn parse_variant_into(
    settings: &EpdParser,
    line: &str,
    fields_end: usize,
    variant: &VariantParser,
    out: &mut VariantRead,
) -> bool {
    if line.len() > MAX_LINE_LEN || settings.standard_rules || settings.profile != Profile::Spec {
        return false;
    }
    let Some(fields) = line.get(..fields_end) else {
        return false;
    };
    let parsed = &mut out.parsed;
    copy_line(&mut parsed.epd.line, line);
    parsed.position_findings.clear();
    parsed.findings.clear();
    parsed.notes.clear();
    parsed.standard_rules = false;
    let epd = &mut parsed.epd;
    let mut sink = Findings::under(settings, &mut parsed.findings, &mut parsed.notes);
    let mut reader = Reader::in_place_of(line, fields_end, epd);
    if reader.read(&mut sink).is_err() {
        return false;
    }
    epd.operations = reader.operations;
    epd.operands = reader.operands;
    epd.position.halfmove = 0;
    epd.position.fullmove = std::num::NonZeroU32::MIN;
    opcodes::check_operands(epd, &mut sink);
    set_clocks(epd);
    // The fields with the clocks of `hmvc` and `fmvn`, as a variant FEN: the form the one-pass
    // reader takes.
    let (halfmove, fullmove) = (epd.position.halfmove, epd.position.fullmove);
    let pieces = if halfmove == 0 && fullmove.get() == 1 {
        const CLOCKS: &[u8] = b" 0 1";
        let mut buffer = [0u8; 192];
        let len = fields.len() + CLOCKS.len();
        let Some((head, tail)) = buffer
            .get_mut(..len)
            .and_then(|b| b.split_at_mut_checked(fields.len()))
        else {
            return false;
        };
        head.copy_from_slice(fields.as_bytes());
        tail.copy_from_slice(CLOCKS);
        let Some(Ok(fen)) = buffer.get(..len).map(std::str::from_utf8) else {
            return false;
        };
        variant.parse_plain_counted_into(fen, &mut out.variant)
    } else {
        variant
            .parse_plain_counted_into(&format!("{fields} {halfmove} {fullmove}"), &mut out.variant)
    };
    let Some(pieces) = pieces else {
        return false;
    };
    if !out.variant.findings.is_empty() || out.variant.position.fen.en_passant.len() > 1 {
        return false;
    }
    out.pieces = pieces;
    epd.position.clone_from(&out.variant.position.fen);
    parsed.findings.sort_by_key(|f| f.span.start);
    true
}

/// `line` copied into `place`: in its room when it has enough, else into a string allocated
/// at the line's length (not grown from the room it had).
fn copy_line(place: &mut String, line: &str) {
    if place.capacity() < line.len() {
        *place = String::from(line);
    } else {
        place.clear();
        place.push_str(line);
    }
}

/// The end of the fourth whitespace-separated field, or of the line when it has fewer.
fn end_of_fields(line: &str) -> usize {
    let bytes = line.as_bytes();
    let mut at = 0;
    for field in 0..4 {
        while bytes.get(at).is_some_and(|&b| is_space(b)) {
            at += 1;
        }
        if at >= bytes.len() {
            return bytes.len();
        }
        // The next space or tab ends the field: found a word at a time in the placement, and a
        // byte at a time in the three short fields after it, where a search's setup would cost
        // more than the bytes.
        if field == 0 {
            at = bytes
                .get(at..)
                .and_then(|rest| memchr::memchr2(b' ', b'\t', rest))
                .map_or(bytes.len(), |end| at + end);
        } else {
            while bytes.get(at).is_some_and(|&b| !is_space(b)) {
                at += 1;
            }
        }
    }
    at
}

/// Where field `index` (0-based) starts.
fn nth_field_start(line: &str, index: usize) -> usize {
    let bytes = line.as_bytes();
    let mut at = 0;
    for field in 0..=index {
        while bytes.get(at).is_some_and(|&b| is_space(b)) {
            at += 1;
        }
        if field == index {
            break;
        }
        while bytes.get(at).is_some_and(|&b| !is_space(b)) {
            at += 1;
        }
    }
    at.min(bytes.len())
}

const fn is_space(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// The classes of bytes where a token of the operations stops, as bits: one look-up a byte.
const SPACE: u8 = 1;
const SEMICOLON: u8 = 2;
const QUOTE: u8 = 4;
const BACKSLASH: u8 = 8;
const LINE_END: u8 = 16;
/// A letter, digit or underscore: what an opcode is made of.
const WORD: u8 = 32;

/// The class bits of each byte.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b' ' as usize] = SPACE;
    table[b'\t' as usize] = SPACE;
    table[b';' as usize] = SEMICOLON;
    table[b'"' as usize] = QUOTE;
    table[b'\\' as usize] = BACKSLASH;
    table[b'\r' as usize] = LINE_END;
    table[b'\n' as usize] = LINE_END;
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        if b.is_ascii_alphanumeric() || b == b'_' {
            table[byte] = WORD;
        }
        byte += 1;
    }
    table
};

/// The class bits of `byte`.
fn class(byte: u8) -> u8 {
    CLASSES.get(usize::from(byte)).copied().unwrap_or(0)
}

/// `hmvc` and `fmvn` give the position its clocks.
fn set_clocks(epd: &mut Epd) {
    for record in &epd.operations {
        if !matches!(record.kind, OpcodeKind::Count | OpcodeKind::Positive) {
            continue;
        }
        let value = epd
            .operands
            .get(record.operands.clone())
            .and_then(|operands| match operands {
                [
                    OperandRecord {
                        value: Value::Integer(value),
                        ..
                    },
                ] => Some(*value),
                _ => None,
            });
        let Some(value) = value else { continue };
        match record.opcode.get(&epd.line) {
            "hmvc" => {
                if let Ok(halfmove) = u32::try_from(value) {
                    epd.position.halfmove = halfmove;
                }
            }
            "fmvn" => {
                if let Some(fullmove) = u32::try_from(value)
                    .ok()
                    .and_then(std::num::NonZeroU32::new)
                {
                    epd.position.fullmove = fullmove;
                }
            }
            _ => {}
        }
    }
}

/// What separates two tokens, for the whitespace checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gap {
    /// One space.
    One,
    /// Nothing (at the end of the line, or before a `;`).
    Nothing,
}

struct Reader<'a> {
    line: &'a str,
    bytes: &'a [u8],
    at: usize,
    operations: Vec<OperationRecord>,
    operands: Vec<OperandRecord>,
}

impl<'a> Reader<'a> {
    /// A reader of `line`'s operations from `at`, into the room of the operations `epd` holds
    /// (a kept place's last line's, used again). A place of its own (`parse`) starts with room
    /// for a suite's usual line, allocated directly rather than grown.
    fn in_place_of(line: &'a str, at: usize, epd: &mut Epd) -> Self {
        let mut operations = std::mem::take(&mut epd.operations);
        let mut operands = std::mem::take(&mut epd.operands);
        operations.clear();
        operands.clear();
        if operations.capacity() == 0 {
            operations = Vec::with_capacity(8);
        }
        if operands.capacity() == 0 {
            operands = Vec::with_capacity(8);
        }
        Reader {
            line,
            bytes: line.as_bytes(),
            at,
            operations,
            operands,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// The first position from the reader's on whose byte has one of the classes `stop`, or
    /// the end of the line.
    fn until(&self, stop: u8) -> usize {
        let mut at = self.at;
        while let Some(&byte) = self.bytes.get(at) {
            if class(byte) & stop != 0 {
                break;
            }
            at += 1;
        }
        at
    }

    fn skip_space(&mut self) -> Range<usize> {
        let start = self.at;
        while self.peek().is_some_and(is_space) {
            self.at += 1;
        }
        start..self.at
    }

    /// `EPD104` unless the whitespace at `span` is what `gap` asks for.
    #[inline]
    fn gap(&self, span: Range<usize>, gap: Gap, findings: &mut Findings<'_>) {
        let canonical = match gap {
            Gap::One => span.len() == 1 && self.bytes.get(span.start) == Some(&b' '),
            Gap::Nothing => span.is_empty(),
        };
        if !canonical {
            self.gap_finding(span, gap, findings);
        }
    }

    /// The finding of [`Reader::gap`].
    #[cold]
    fn gap_finding(&self, span: Range<usize>, gap: Gap, findings: &mut Findings<'_>) {
        let text = self.line.get(span.clone()).unwrap_or_default();
        let (fine, expected, help) = match gap {
            Gap::One => (text == " ", "one space", "write one space"),
            Gap::Nothing => (text.is_empty(), "nothing", "remove it"),
        };
        if !fine {
            let found = if text.is_empty() {
                "nothing".to_owned()
            } else {
                quote(text)
            };
            let span = if text.is_empty() {
                span.start..span.start
            } else {
                span
            };
            findings.fixable(
                Code::Whitespace,
                span,
                format!(
                    "{}: expected {expected}, found {found}",
                    Code::Whitespace.title()
                ),
                help,
            );
        }
    }

    /// Reads every operation after the position fields.
    fn read(&mut self, findings: &mut Findings<'_>) -> Result<(), SyntaxError> {
        let lead = self.skip_space();
        if self.peek().is_none() {
            self.gap(lead, Gap::Nothing, findings);
            return Ok(());
        }
        self.gap(lead, Gap::One, findings);
        if self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.clocks(findings);
            if self.peek().is_none() {
                return Ok(());
            }
        }
        let rest = self
            .line
            .get(self.at..)
            .unwrap_or_default()
            .trim_end_matches([' ', '\t']);
        if rest.starts_with(';') && !rest.ends_with(';') {
            self.perft_layout(findings)
        } else {
            self.standard_layout(findings)
        }
    }

    /// Operations each followed by `;`, the standard layout.
    fn standard_layout(&mut self, findings: &mut Findings<'_>) -> Result<(), SyntaxError> {
        loop {
            match self.peek() {
                None => return Ok(()),
                Some(b';') => {
                    findings.fixable(
                        Code::EmptyOperation,
                        self.at..self.at + 1,
                        format!(
                            "{}: expected an opcode before `;`, found none",
                            Code::EmptyOperation.title()
                        ),
                        "remove this `;`",
                    );
                    self.at += 1;
                }
                Some(_) => {
                    let before_end = self.operation(findings)?;
                    match self.peek() {
                        Some(b';') => {
                            self.gap(before_end, Gap::Nothing, findings);
                            self.at += 1;
                        }
                        _ => {
                            self.gap(before_end, Gap::Nothing, findings);
                            let end = self.at;
                            findings.fixable(
                                Code::MissingSemicolon,
                                end..end,
                                format!(
                                    "{}: expected `;` after the last operation, found the end of the line",
                                    Code::MissingSemicolon.title()
                                ),
                                "append `;`",
                            );
                            return Ok(());
                        }
                    }
                }
            }
            let gap = self.skip_space();
            match self.peek() {
                None => self.gap(gap, Gap::Nothing, findings),
                // An empty operation: its finding covers the space before it.
                Some(b';') => {}
                Some(_) => self.gap(gap, Gap::One, findings),
            }
        }
    }

    /// The perft-suite layout: a `;` before each operation, none after the last.
    fn perft_layout(&mut self, findings: &mut Findings<'_>) -> Result<(), SyntaxError> {
        let start = self.at;
        let mut reported = false;
        while self.peek() == Some(b';') {
            let semicolon = self.at;
            self.at += 1;
            let gap = self.skip_space();
            if matches!(self.peek(), None | Some(b';')) {
                findings.fixable(
                    Code::EmptyOperation,
                    semicolon..semicolon + 1,
                    format!(
                        "{}: expected an opcode after `;`, found none",
                        Code::EmptyOperation.title()
                    ),
                    "remove this `;`",
                );
                continue;
            }
            self.gap(gap, Gap::Nothing, findings);
            if !reported {
                findings.fixable(
                    Code::PerftLayout,
                    start..start + 1,
                    PERFT_LAYOUT_MESSAGE,
                    "write each operation with `;` after it, as in `D1 20; D2 400;`",
                );
                reported = true;
            }
            // The whitespace before the next `;` is the layout's; after the last operation,
            // none belongs.
            let trailing = self.operation(findings)?;
            if self.peek().is_none() {
                self.gap(trailing, Gap::Nothing, findings);
            }
        }
        Ok(())
    }

    /// Clocks where the operations belong: one or two integers (`0 1`, `0 1;`).
    fn clocks(&mut self, findings: &mut Findings<'_>) {
        let start = self.at;
        let mut values: [Range<usize>; 2] = [0..0, 0..0];
        let mut count = 0;
        let mut probe = self.at;
        let mut end = start;
        while let Some(slot) = values.get_mut(count) {
            let token_start = probe;
            while self.bytes.get(probe).is_some_and(u8::is_ascii_digit) {
                probe += 1;
            }
            let ends = matches!(self.bytes.get(probe), None | Some(b' ' | b'\t' | b';'));
            if probe == token_start || !ends {
                break;
            }
            *slot = token_start..probe;
            count += 1;
            end = probe;
            while self.bytes.get(probe).is_some_and(|&b| is_space(b)) {
                probe += 1;
            }
        }
        self.at = end;
        let values = values.get(..count).unwrap_or_default();
        if values.is_empty() {
            return;
        }
        // A `;` right after the clocks ends them, unless it starts the perft layout.
        let after = self.skip_space();
        let rest = self
            .line
            .get(self.at..)
            .unwrap_or_default()
            .trim_end_matches([' ', '\t']);
        let perft = rest.starts_with(';') && !rest.ends_with(';');
        if self.peek() == Some(b';') && !perft {
            self.at += 1;
            end = self.at;
            let gap = self.skip_space();
            let kind = if self.peek().is_none() {
                Gap::Nothing
            } else {
                Gap::One
            };
            self.gap(gap, kind, findings);
        } else if self.peek().is_none() {
            self.gap(after, Gap::Nothing, findings);
        } else if !perft {
            self.gap(after, Gap::One, findings);
        }
        // The operations the clocks belong in, `hmvc 8; fmvn 47;`, written straight into the
        // message, whose bytes the help copies (a suite can have this finding on every line).
        let fix_len: usize = values.iter().map(|span| span.len() + 7).sum::<usize>() + 1;
        const CLOCKS: [(&str, OpcodeKind); 2] =
            [("hmvc", OpcodeKind::Count), ("fmvn", OpcodeKind::Positive)];
        for ((opcode, kind), span) in CLOCKS.into_iter().zip(values) {
            let operand = self.operands.len();
            self.operands.push(OperandRecord {
                text: Text::Span(span.clone()),
                quoted: false,
                span: span.clone(),
                value: Value::None,
            });
            self.operations.push(OperationRecord {
                opcode: Text::Static(opcode),
                kind,
                span: span.clone(),
                operands: operand..operand + 1,
            });
        }
        let found = self.line.get(start..end).unwrap_or_default();
        let title = Code::ClocksAsFields.title();
        let mut message = String::with_capacity(title.len() + 40 + fix_len + found.len());
        message.push_str(title);
        message.push_str(": expected the operations `");
        let fix_start = message.len();
        for (index, (opcode, span)) in ["hmvc", "fmvn"].into_iter().zip(values).enumerate() {
            if index > 0 {
                message.push(' ');
            }
            message.push_str(opcode);
            message.push(' ');
            message.push_str(self.line.get(span.clone()).unwrap_or_default());
            message.push(';');
        }
        let fix = fix_start..message.len();
        message.push_str("`, found ");
        push_quoted(&mut message, found);
        let mut help = String::with_capacity(fix_len + 8);
        help.push_str("write `");
        help.push_str(message.get(fix).unwrap_or_default());
        help.push('`');
        findings.fixable(Code::ClocksAsFields, start..end, message, help);
    }

    /// Reads one operation: its opcode and operands, up to a `;` or the end of the line.
    /// Returns the whitespace after its last token.
    fn operation(&mut self, findings: &mut Findings<'_>) -> Result<Range<usize>, SyntaxError> {
        let start = self.at;
        // Up to whitespace or `;`, noting on the way whether every byte is an opcode's.
        let mut at = start;
        let mut word = WORD;
        while let Some(&byte) = self.bytes.get(at) {
            let class = class(byte);
            if class & (SPACE | SEMICOLON) != 0 {
                break;
            }
            word &= class;
            at += 1;
        }
        self.at = at;
        let span = start..at;
        let opcode = self.line.get(span.clone()).unwrap_or_default();
        let valid = word != 0
            && opcode.len() <= 15
            && opcode
                .as_bytes()
                .first()
                .is_some_and(u8::is_ascii_alphabetic);
        debug_assert_eq!(valid, valid_opcode(opcode));
        if !valid {
            let help = if opcode.bytes().all(|b| b.is_ascii_digit()) {
                Some("clocks belong in the operations `hmvc` and `fmvn`, as in `hmvc 0; fmvn 1;`")
            } else {
                None
            };
            let error = SyntaxError::new(
                Code::BadOpcode,
                span,
                "an opcode: a letter, then up to 14 letters, digits or underscores",
                quote(opcode),
            );
            return Err(match help {
                Some(help) => error.with_help(help),
                None => error,
            });
        }
        let first_operand = self.operands.len();
        loop {
            let gap = self.skip_space();
            if matches!(self.peek(), None | Some(b';')) {
                self.operations.push(OperationRecord {
                    opcode: Text::Span(span.clone()),
                    kind: OpcodeKind::of(opcode),
                    span,
                    operands: first_operand..self.operands.len(),
                });
                return Ok(gap);
            }
            self.gap(gap, Gap::One, findings);
            let operand = if self.peek() == Some(b'"') {
                self.string(findings)?
            } else {
                self.bare()?
            };
            self.operands.push(operand);
        }
    }

    /// `EPD006` for a line break at `at`.
    fn line_break(&self, at: usize) -> SyntaxError {
        SyntaxError::new(
            Code::LineBreak,
            at..at + 1,
            "an operand on one line",
            quote(self.line.get(at..at + 1).unwrap_or_default()),
        )
        .with_help("an EPD line ends at its line break: remove it")
    }

    /// A bare operand: up to whitespace or `;`.
    fn bare(&mut self) -> Result<OperandRecord, SyntaxError> {
        let start = self.at;
        self.at = self.until(SPACE | SEMICOLON | LINE_END | QUOTE);
        if matches!(self.peek(), Some(b'\r' | b'\n')) {
            return Err(self.line_break(self.at));
        }
        if self.peek() == Some(b'"') {
            let text = self.line.get(start..).unwrap_or_default();
            let token_end = text
                .find([' ', '\t', ';'])
                .map_or(self.line.len(), |at| start + at);
            return Err(SyntaxError::new(
                Code::QuoteInOperand,
                self.at..self.at + 1,
                "a string in double quotes, or an operand without them",
                quote(self.line.get(start..token_end).unwrap_or_default()),
            )
            .with_help("put the whole operand in double quotes, escaping `\"` as `\\\"`"));
        }
        Ok(OperandRecord {
            text: Text::Span(start..self.at),
            quoted: false,
            span: start..self.at,
            value: Value::None,
        })
    }

    /// A string operand, from its opening quote.
    fn string(&mut self, findings: &mut Findings<'_>) -> Result<OperandRecord, SyntaxError> {
        let start = self.at;
        self.at += 1;
        let mut owned: Option<String> = None;
        let mut piece = self.at;
        loop {
            match self.peek() {
                None => {
                    return Err(SyntaxError::new(
                        Code::UnterminatedString,
                        start..self.line.len(),
                        "a closing `\"`",
                        "the end of the line",
                    )
                    .with_help("close the string with `\"`"));
                }
                Some(b'"') => break,
                Some(b'\r' | b'\n') => return Err(self.line_break(self.at)),
                Some(b'\\') => {
                    match self.bytes.get(self.at + 1) {
                        Some(&escaped @ (b'"' | b'\\')) => {
                            let text = owned.get_or_insert_with(String::new);
                            text.push_str(self.line.get(piece..self.at).unwrap_or_default());
                            text.push(char::from(escaped));
                            self.at += 2;
                            piece = self.at;
                        }
                        _ => {
                            findings.fixable(
                            Code::LoneBackslash,
                            self.at..self.at + 1,
                            format!(
                                "{}: expected `\\\"` or `\\\\` in a string, found a `\\` before {}",
                                Code::LoneBackslash.title(),
                                match self.line.get(self.at + 1..).and_then(|rest| rest.chars().next()) {
                                    Some(c) => quote(&c.to_string()),
                                    None => "the end".to_owned(),
                                }
                            ),
                            "write `\\\\` for a backslash",
                        );
                            self.at += 1;
                        }
                    }
                }
                Some(_) => {
                    // Up to the next byte that ends or escapes something (the strings of
                    // suites are short: a byte at a time costs less than a search's setup).
                    self.at = self.until(QUOTE | BACKSLASH | LINE_END).max(self.at + 1);
                }
            }
        }
        let content = piece..self.at;
        let text = match owned {
            None => Text::Span(start + 1..self.at),
            Some(mut text) => {
                text.push_str(self.line.get(content).unwrap_or_default());
                Text::Owned(text.into_boxed_str())
            }
        };
        self.at += 1;
        if let Some(next) = self.peek()
            && !is_space(next)
            && next != b';'
        {
            let rest = self.line.get(self.at..).unwrap_or_default();
            let len = rest.find([' ', '\t', ';']).unwrap_or(rest.len());
            return Err(SyntaxError::new(
                Code::TextAfterString,
                self.at..self.at + len,
                "a space or `;` after a string",
                quote(rest.get(..len).unwrap_or_default()),
            ));
        }
        Ok(OperandRecord {
            text,
            quoted: true,
            span: start..self.at,
            value: Value::None,
        })
    }
}

/// A letter, then up to 14 letters, digits or underscores.
pub(super) fn valid_opcode(opcode: &str) -> bool {
    let bytes = opcode.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.len() <= 15
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_layout_message_is_its_title_and_what_was_expected_and_found() {
        let expected = joined(&[
            Code::PerftLayout.title(),
            ": expected each operation followed by `;`, found `;` before each",
        ]);
        assert_eq!(PERFT_LAYOUT_MESSAGE, expected);
    }

    #[test]
    fn clocks_written_as_fields_are_the_clock_opcodes() {
        for (opcode, kind) in [("hmvc", OpcodeKind::Count), ("fmvn", OpcodeKind::Positive)] {
            assert_eq!(OpcodeKind::of(opcode), kind);
        }
    }

    #[test]
    fn quoted_in_place_as_quote_writes_it() {
        for text in ["8 47;", "0 1", "a\tb", "x\u{a0}y", "", "`", "é"] {
            let mut out = String::from(">");
            push_quoted(&mut out, text);
            assert_eq!(out, format!(">{}", quote(text)), "{text:?}");
        }
    }
}
