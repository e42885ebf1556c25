//! The canonical form of an EPD line.

use std::fmt;

use super::{Epd, OpcodeKind, Operand, Operation, Value};
use dfen::{Dfen, Writer};

/// Writes the four position fields of `position`, as `writer` spells castling and keeps
/// en-passant squares (`None`: as `Display` writes them, castling outside Chess960 mode and
/// every square).
pub(super) fn write_position(
    out: &mut impl fmt::Write,
    position: &Dfen,
    writer: Option<&Writer>,
) -> fmt::Result {
    let position = match writer {
        Some(writer) => writer.reduced(position),
        None => std::borrow::Cow::Borrowed(position),
    };
    position.board.write_placement(out)?;
    write!(out, " {} ", position.side)?;
    match writer {
        Some(writer) => out.write_str(&writer.castling_field(&position))?,
        None => out.write_str(&dfen::fen_parts::field_string(
            position.castling,
            &position.board,
            dfen::CastlingMode::Standard,
            dfen::CastlingNotation::XFen,
        ))?,
    }
    out.write_char(' ')?;
    if position.en_passant.is_empty() {
        out.write_char('-')
    } else {
        out.write_str(&dfen::fen_parts::en_passant_string(
            position.en_passant,
            dfen::Profile::Spec,
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
/// let parsed = chess::epd::EpdParser::new()
///     .parse("4k3/8/8/8/8/8/8/4K3 w - -  0 1 ;D1 5 ;D2 25")?;
/// assert_eq!(parsed.epd.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1; D1 5; D2 25;");
/// # Ok::<(), chess::epd::Error>(())
/// ```
impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_line(f, self, None)
    }
}

/// [`Epd::display_with`]: the line with its position fields as a [`Writer`] writes them.
struct DisplayWith<'a> {
    epd: &'a Epd,
    writer: &'a Writer,
    clocks_as_fields: bool,
}

impl fmt::Display for DisplayWith<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.clocks_as_fields {
            write_with_fen_clocks(f, self.epd, self.writer)
        } else {
            write_line(f, self.epd, Some(self.writer))
        }
    }
}

impl Epd {
    /// The canonical line with its castling field spelled, and its en-passant square kept, as
    /// `writer` says (Chess960 mode, X-FEN or Shredder-FEN, an en-passant policy). The
    /// writer's profile and game are not used: EPD is standard chess.
    ///
    /// ```
    /// use dfen::{CastlingMode, CastlingNotation, Writer};
    /// use chess::epd::EpdParser;
    /// let line = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - id \"960\";";
    /// let parsed = EpdParser::new().castling_mode(CastlingMode::Chess960).parse(line)?;
    /// let xfen = Writer::new().castling_mode(CastlingMode::Chess960);
    /// assert_eq!(parsed.epd.display_with(&xfen).to_string(), line);
    /// let shredder = xfen.castling(CastlingNotation::Shredder);
    /// assert!(parsed.epd.display_with(&shredder).to_string().contains(" w GEge - "));
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub fn display_with<'a>(&'a self, writer: &'a Writer) -> impl fmt::Display + 'a {
        DisplayWith {
            epd: self,
            writer,
            clocks_as_fields: false,
        }
    }

    /// [`Epd::display_with`], with the clocks written as two FEN fields after the position
    /// fields (`… w KQkq - 0 1`), the convention of engine opening books, instead of the
    /// operations `hmvc` and `fmvn`; the other operations follow as the canonical form writes
    /// them. A line whose clocks are not both there (or not the first operations) is written
    /// as [`Epd::display_with`] writes it.
    ///
    /// ```
    /// use dfen::Writer;
    /// use chess::epd::EpdParser;
    /// let parsed = EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - 3 20")?;
    /// let writer = Writer::new();
    /// assert_eq!(parsed.epd.display_clocks_as_fields(&writer).to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 3 20");
    /// assert_eq!(parsed.epd.display_with(&writer).to_string(), "4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; fmvn 20;");
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub fn display_clocks_as_fields<'a>(&'a self, writer: &'a Writer) -> impl fmt::Display + 'a {
        DisplayWith {
            epd: self,
            writer,
            clocks_as_fields: true,
        }
    }
}

/// Writes `epd`'s line with its clocks as FEN fields (see [`Epd::display_clocks_as_fields`]).
fn write_with_fen_clocks(f: &mut impl fmt::Write, epd: &Epd, writer: &Writer) -> fmt::Result {
    let mut operations = epd.operations();
    let clock = |operation: Option<Operation<'_>>, opcode: &str| {
        operation
            .filter(|operation| operation.opcode() == opcode && operation.operand_count() == 1)
            .and_then(|operation| operation.operands().next())
            .and_then(|operand| operand.integer().or_else(|| operand.text().parse().ok()))
    };
    let (Some(halfmove), Some(fullmove)) = (
        clock(operations.next(), "hmvc"),
        clock(operations.next(), "fmvn"),
    ) else {
        return write_line(f, epd, Some(writer));
    };
    write_position(f, &epd.position, Some(writer))?;
    write!(f, " {halfmove} {fullmove}")?;
    write_operations(f, operations)
}

/// Writes `epd`'s line: its position fields (as `writer` writes them, see [`write_position`]),
/// then each operation and its `;`.
fn write_line(f: &mut impl fmt::Write, epd: &Epd, writer: Option<&Writer>) -> fmt::Result {
    write_position(f, &epd.position, writer)?;
    write_operations(f, epd.operations())
}

/// Writes each operation and its `;`, each after a space.
fn write_operations<'a>(
    f: &mut impl fmt::Write,
    operations: impl Iterator<Item = Operation<'a>>,
) -> fmt::Result {
    for operation in operations {
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
