//! What each opcode takes, and the checks of its operands.

use std::borrow::Cow;

use super::codes::{Code, Findings};
use super::{Epd, OperandRecord, Value};
use crate::san;
use crate::standard::Position;
use dfen::fen_parts::quote;

/// What an opcode takes, as the PGN standard (§16.2.5) defines it, with the extensions fenkit
/// reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OpcodeKind {
    /// `am`, `bm`: one or more moves in SAN, each legal in the position.
    Moves,
    /// `pm`, `sm`: exactly one move in SAN.
    Move,
    /// `pv`: one or more moves in SAN, each legal after the ones before it.
    Variation,
    /// `acd`, `acn`, `acs`, `hmvc`, `rc`: one non-negative integer.
    Count,
    /// `fmvn`, `tcgs`: one integer of at least 1.
    Positive,
    /// `ce`, `dm`: one integer, which may be negative (tablebase suites write `dm -15` when the
    /// side to move is mated in 15).
    Signed,
    /// `D1`, `D2`, …: the perft count at that depth, one non-negative integer (the perft-suite
    /// extension).
    PerftCount(u32),
    /// `id`, `c0`–`c9`, `v0`–`v9`, `eco`, `nic`: one string.
    Text,
    /// `tcri`, `tcsi`: two strings, an e-mail address and a name.
    TwoTexts,
    /// `noop`: any operands.
    Any,
    /// `draw_accept`, `draw_claim`, `draw_offer`, `draw_reject`, `resign`: no operands.
    Nothing,
    /// Any other opcode: EPD is extensible, so it is kept as written, its operands unchecked.
    Unknown,
}

impl OpcodeKind {
    /// What `opcode` takes.
    ///
    /// ```
    /// use chess::epd::OpcodeKind;
    /// assert_eq!(OpcodeKind::of("bm"), OpcodeKind::Moves);
    /// assert_eq!(OpcodeKind::of("c7"), OpcodeKind::Text);
    /// assert_eq!(OpcodeKind::of("D3"), OpcodeKind::PerftCount(3));
    /// assert_eq!(OpcodeKind::of("wdl"), OpcodeKind::Unknown);
    /// ```
    #[must_use]
    pub fn of(opcode: &str) -> OpcodeKind {
        // Byte patterns: compared by length and bytes, never by a call.
        match opcode.as_bytes() {
            b"am" | b"bm" => OpcodeKind::Moves,
            b"pm" | b"sm" => OpcodeKind::Move,
            b"pv" => OpcodeKind::Variation,
            b"acd" | b"acn" | b"acs" | b"hmvc" | b"rc" => OpcodeKind::Count,
            b"fmvn" | b"tcgs" => OpcodeKind::Positive,
            b"ce" | b"dm" => OpcodeKind::Signed,
            b"id" | b"eco" | b"nic" | [b'c' | b'v', b'0'..=b'9'] => OpcodeKind::Text,
            b"tcri" | b"tcsi" => OpcodeKind::TwoTexts,
            b"noop" => OpcodeKind::Any,
            b"draw_accept" | b"draw_claim" | b"draw_offer" | b"draw_reject" | b"resign" => {
                OpcodeKind::Nothing
            }
            [b'D', b'1'..=b'9', rest @ ..]
                if rest.len() < 3 && rest.iter().all(u8::is_ascii_digit) =>
            {
                opcode
                    .get(1..)
                    .and_then(|depth| depth.parse().ok())
                    .map_or(OpcodeKind::Unknown, OpcodeKind::PerftCount)
            }
            _ => OpcodeKind::Unknown,
        }
    }

    /// Whether its operands are moves (`am`, `bm`, `pm`, `pv`, `sm`).
    #[must_use]
    pub const fn takes_moves(self) -> bool {
        matches!(
            self,
            OpcodeKind::Moves | OpcodeKind::Move | OpcodeKind::Variation
        )
    }

    /// Whether its operands are strings.
    #[must_use]
    pub const fn takes_strings(self) -> bool {
        matches!(self, OpcodeKind::Text | OpcodeKind::TwoTexts)
    }

    /// Whether its operand is an integer.
    #[must_use]
    pub const fn takes_integer(self) -> bool {
        matches!(
            self,
            OpcodeKind::Count
                | OpcodeKind::Positive
                | OpcodeKind::Signed
                | OpcodeKind::PerftCount(_)
        )
    }

    /// How many operands it takes: at least, at most.
    const fn arity(self) -> (usize, usize) {
        match self {
            OpcodeKind::Moves | OpcodeKind::Variation => (1, usize::MAX),
            OpcodeKind::Move
            | OpcodeKind::Count
            | OpcodeKind::Positive
            | OpcodeKind::Signed
            | OpcodeKind::PerftCount(_)
            | OpcodeKind::Text => (1, 1),
            OpcodeKind::TwoTexts => (2, 2),
            OpcodeKind::Nothing => (0, 0),
            OpcodeKind::Any | OpcodeKind::Unknown => (0, usize::MAX),
        }
    }

    /// What it takes, in words, for messages.
    fn describe(self) -> &'static str {
        match self {
            OpcodeKind::Moves | OpcodeKind::Variation => "one or more moves in SAN",
            OpcodeKind::Move => "one move in SAN",
            OpcodeKind::Count | OpcodeKind::PerftCount(_) => "one non-negative integer",
            OpcodeKind::Positive => "one integer of at least 1",
            OpcodeKind::Signed => "one integer",
            OpcodeKind::Text => "one string",
            OpcodeKind::TwoTexts => "two strings",
            OpcodeKind::Nothing => "no operands",
            OpcodeKind::Any | OpcodeKind::Unknown => "any operands",
        }
    }
}

/// Checks every operation of `epd` that needs no position: the operand counts, integers,
/// strings, repeats and unknown opcodes.
pub(super) fn check_operands(epd: &mut Epd, findings: &mut Findings<'_>) {
    let Epd {
        line,
        operations,
        operands,
        ..
    } = epd;
    let line: &str = line;
    for (index, record) in operations.iter().enumerate() {
        let opcode = record.opcode.get(line);
        // The same opcode is the same kind: the texts are compared only when the kinds are.
        if operations
            .get(..index)
            .unwrap_or_default()
            .iter()
            .any(|earlier| earlier.kind == record.kind && earlier.opcode.get(line) == opcode)
        {
            findings.error(
                Code::RepeatedOpcode,
                record.span.clone(),
                format!(
                    "{}: expected each opcode once, found a second `{opcode}`",
                    Code::RepeatedOpcode.title()
                ),
                None,
            );
        }
        let kind = record.kind;
        if kind == OpcodeKind::Unknown {
            if !findings.keep_notes {
                continue;
            }
            findings.note(
                record.span.clone(),
                super::read::joined(&[
                    Code::UnknownOpcode.title(),
                    ": `",
                    opcode,
                    "` is kept as written",
                ]),
            );
            continue;
        }
        let count = record.operands.len();
        let (min, max) = kind.arity();
        if count < min || count > max {
            let span = operands
                .get(record.operands.clone())
                .and_then(|operands| Some(operands.first()?.span.start..operands.last()?.span.end))
                .unwrap_or_else(|| record.span.clone());
            let help: Option<Cow<'static, str>> = (kind.takes_strings() && count > max)
                .then(|| "write the words as one string, in double quotes".into());
            findings.error(
                Code::OperandCount,
                span,
                format!(
                    "{}: expected {} after `{opcode}`, found {count}",
                    Code::OperandCount.title(),
                    kind.describe()
                ),
                help,
            );
            continue;
        }
        if kind.takes_strings() || kind.takes_moves() || kind.takes_integer() {
            for operand in operands
                .get_mut(record.operands.clone())
                .unwrap_or_default()
            {
                check_operand(line, opcode, kind, operand, findings);
            }
        }
    }
}

/// The checks of one operand that need no position.
fn check_operand(
    line: &str,
    opcode: &str,
    kind: OpcodeKind,
    operand: &mut OperandRecord,
    findings: &mut Findings<'_>,
) {
    let text = operand.text.get(line);
    let span = operand.span.clone();
    if kind.takes_strings() && !operand.quoted {
        findings.fixable(
            Code::BareString,
            span,
            format!(
                "{}: expected a string after `{opcode}`, found the bare token {}",
                Code::BareString.title(),
                quote(text)
            ),
            format!("write `\"{text}\"`"),
        );
        return;
    }
    if (kind.takes_moves() || kind.takes_integer()) && operand.quoted {
        let expected = if kind.takes_moves() {
            "a move in SAN, not a string"
        } else {
            "an integer, not a string"
        };
        findings.error(
            Code::BadOperand,
            span,
            format!(
                "{}: expected {expected}, found the string {}",
                Code::BadOperand.title(),
                quote(text)
            ),
            None,
        );
        return;
    }
    if !kind.takes_integer() {
        return;
    }
    // The clocks fill the position, whose halfmove clock and fullmove number are 32 bits.
    let (min, max, what): (i64, i64, &str) = match (kind, opcode) {
        (_, "hmvc") => (
            0,
            i64::from(u32::MAX),
            "a non-negative integer of at most 4294967295",
        ),
        (_, "fmvn") => (1, i64::from(u32::MAX), "an integer from 1 to 4294967295"),
        (OpcodeKind::Signed, _) => (i64::MIN, i64::MAX, "an integer"),
        (OpcodeKind::Positive, _) => (1, i64::MAX, "an integer of at least 1"),
        _ => (0, i64::MAX, "a non-negative integer"),
    };
    match read_integer(text) {
        Some((value, canonical)) if value >= min && value <= max => {
            if !canonical {
                findings.fixable(
                    Code::IntegerSpelling,
                    span,
                    format!(
                        "{}: expected `{value}`, found {}",
                        Code::IntegerSpelling.title(),
                        quote(text)
                    ),
                    format!("write `{value}`"),
                );
            }
            operand.value = Value::Integer(value);
        }
        // Out of range, or not an integer.
        _ => findings.error(
            Code::BadOperand,
            span,
            format!(
                "{}: expected {what} after `{opcode}`, found {}",
                Code::BadOperand.title(),
                quote(text)
            ),
            None,
        ),
    }
}

/// An integer in ASCII digits, with an optional sign, and whether it is written canonically
/// (no `+`, no leading zeros, no `-0`); `None` when it is not an integer or does not fit 64
/// bits.
fn read_integer(text: &str) -> Option<(i64, bool)> {
    let (sign, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (-1, rest),
        [b'+', rest @ ..] => (1, rest),
        rest => (1, rest),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut value: i64 = 0;
    for &digit in digits {
        value = value
            .checked_mul(10)?
            .checked_add(sign * i64::from(digit - b'0'))?;
    }
    let canonical = text.get(..1) != Some("+")
        && !(digits.len() > 1 && digits.first() == Some(&b'0'))
        && !(sign < 0 && value == 0);
    Some((value, canonical))
}

/// Reads every move operand against the position, `pv` move by move, recording each legal
/// move and reporting each problem.
pub(super) fn check_moves(epd: &mut Epd, findings: &mut Findings<'_>) {
    let mut root: Option<Position> = None;
    for index in 0..epd.operations.len() {
        let Some(record) = epd.operations.get(index) else {
            continue;
        };
        let kind = record.kind;
        if !kind.takes_moves() {
            continue;
        }
        let (min, max) = kind.arity();
        if record.operands.len() < min || record.operands.len() > max {
            continue;
        }
        let mut position = *root.get_or_insert_with(|| Position::new(&epd.position));
        for operand_index in record.operands.clone() {
            let Some(operand) = epd.operands.get(operand_index) else {
                continue;
            };
            if operand.quoted {
                // Reported as a string where a move belongs; a variation stops there.
                if kind == OpcodeKind::Variation {
                    break;
                }
                continue;
            }
            let text = operand.text.get(&epd.line);
            let span = operand.span.clone();
            match san::parse(&position, text) {
                Ok(read) => {
                    for flag in read.spelling.iter() {
                        let message = format!(
                            "{}: expected `{}`, found {}",
                            flag.code().title(),
                            read.san,
                            quote(text)
                        );
                        findings.fixable(
                            flag.code(),
                            span.clone(),
                            message,
                            format!("write `{}`", read.san),
                        );
                    }
                    if let Some(slot) = epd.operands.get_mut(operand_index) {
                        slot.value = Value::Move(read.mv, read.san);
                    }
                    if kind == OpcodeKind::Variation {
                        position = position.after(&read.mv);
                    }
                }
                Err(error) => {
                    let at = span.start + error.span().start..span.start + error.span().end;
                    let help = error.help().map(|help| Cow::Owned(help.to_owned()));
                    findings.error(error.code(), at, error.to_string(), help);
                    if kind == OpcodeKind::Variation {
                        break;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_read_with_their_spelling() {
        assert_eq!(read_integer("0"), Some((0, true)));
        assert_eq!(read_integer("-15"), Some((-15, true)));
        assert_eq!(read_integer("+15"), Some((15, false)));
        assert_eq!(read_integer("007"), Some((7, false)));
        assert_eq!(read_integer("-0"), Some((0, false)));
        assert_eq!(read_integer("9223372036854775807"), Some((i64::MAX, true)));
        assert_eq!(read_integer("-9223372036854775808"), Some((i64::MIN, true)));
        assert_eq!(read_integer("9223372036854775808"), None);
        for bad in ["", "-", "+", "1.5", "1e3", "x", "١"] {
            assert_eq!(read_integer(bad), None, "{bad}");
        }
    }

    #[test]
    fn perft_opcodes_are_d_and_a_depth() {
        assert_eq!(OpcodeKind::of("D1"), OpcodeKind::PerftCount(1));
        assert_eq!(OpcodeKind::of("D12"), OpcodeKind::PerftCount(12));
        assert_eq!(OpcodeKind::of("D0"), OpcodeKind::Unknown);
        assert_eq!(OpcodeKind::of("D1234"), OpcodeKind::Unknown);
        assert_eq!(OpcodeKind::of("d1"), OpcodeKind::Unknown);
        assert_eq!(OpcodeKind::of("c10"), OpcodeKind::Unknown);
    }
}
