//! The canonical form of an EPD line.

use std::fmt::{self, Write as _};

use super::{Epd, OpcodeKind, Operand, Value};
use crate::Dfen;

/// Writes the four position fields of `position`.
pub(super) fn write_position(out: &mut impl fmt::Write, position: &Dfen) -> fmt::Result {
    position.board.write_placement(out)?;
    write!(out, " {} {} ", position.side, position.castling)?;
    if position.en_passant.is_empty() {
        out.write_char('-')
    } else {
        out.write_str(&crate::display::en_passant_string(
            position.en_passant,
            crate::Profile::Spec,
        ))
    }
}

/// Writes `text` as an EPD string: in double quotes, with `"` and `\` escaped.
pub(super) fn write_string(out: &mut impl fmt::Write, text: &str) -> fmt::Result {
    out.write_char('"')?;
    let mut rest = text;
    while let Some(at) = rest.find(['"', '\\']) {
        out.write_str(rest.get(..at).unwrap_or_default())?;
        out.write_char('\\')?;
        out.write_str(rest.get(at..at + 1).unwrap_or_default())?;
        rest = rest.get(at + 1..).unwrap_or_default();
    }
    out.write_str(rest)?;
    out.write_char('"')
}

/// Writes one operand as the canonical form writes it for an opcode of `kind`.
fn write_operand(out: &mut impl fmt::Write, kind: OpcodeKind, operand: Operand<'_>) -> fmt::Result {
    match operand.record.value {
        Value::Move(_, san) => return out.write_str(san.as_str()),
        Value::Integer(value) => return write!(out, "{value}"),
        Value::None => {}
    }
    if operand.is_string() || kind.takes_strings() {
        write_string(out, operand.text())
    } else {
        out.write_str(operand.text())
    }
}

/// The canonical form: the four position fields, then each operation as its opcode, its
/// operands after single spaces and `;`, separated by single spaces.
///
/// ```
/// let parsed = dfen::epd::EpdParser::new()
///     .parse("4k3/8/8/8/8/8/8/4K3 w - -  0 1 ;D1 5 ;D2 25")?;
/// assert_eq!(parsed.epd.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1; D1 5; D2 25;");
/// # Ok::<(), dfen::epd::Error>(())
/// ```
impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_position(f, &self.position)?;
        for operation in self.operations() {
            f.write_char(' ')?;
            f.write_str(operation.opcode())?;
            for operand in operation.operands() {
                f.write_char(' ')?;
                write_operand(f, operation.kind(), operand)?;
            }
            f.write_char(';')?;
        }
        Ok(())
    }
}
