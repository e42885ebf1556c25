//! Chess positions judged by a variant's rules (`--variant antichess`, `[variants]`): the
//! findings of `fenkit-variants` in place of standard chess's, for the notations whose lines
//! hold chess positions (FEN, EPD, perft suites).
//!
//! `dfen` still reads the text and says what it says of its spelling; the position's validity
//! and an EPD line's moves and perft counts are the variant library's (`VARxxx`).

use fenkit_diagnostics::Severity;

use super::ReadSettings;
use super::analysis::Identity;
use crate::code::{Finding, finding_of};

/// Whether `settings` read Chess960 castling.
fn chess960(settings: ReadSettings) -> bool {
    settings.castling_mode == dfen::CastlingMode::Chess960
}

/// The library's findings as the command line reports them: none is fixable here (an EPD
/// line's canonical form is `dfen`'s, and `fmt` applies a FEN line's fixes itself, through
/// [`fixed_fen`]); under `--strict` a warning that says a form is not canonical is an error.
fn reported(findings: Vec<variants::Finding>, settings: ReadSettings) -> Vec<Finding> {
    findings
        .into_iter()
        .map(|finding| {
            let strict_error = settings.strict
                && finding.code.category() == fenkit_diagnostics::Category::NonCanonical;
            let mut finding = finding_of(finding).with_fixable(false);
            if strict_error {
                finding.severity = Severity::Error;
            }
            finding
        })
        .collect()
}

/// The findings about a FEN line in `variant`, read by the variant library itself (the
/// positions of perft suites, which `dfen` has not read).
pub(super) fn fen_findings(
    variant: variants::Variant,
    text: &str,
    settings: ReadSettings,
) -> Vec<Finding> {
    match variants::check(variant, text, chess960(settings)) {
        Ok(checked) => reported(checked.findings, settings),
        Err(error) => vec![finding_of(error.to_finding())],
    }
}

/// The findings about `fen`, the standard FEN `text` as `dfen` read it, in `variant`: the
/// line is read once, and the variant library judges what `dfen` read.
pub(super) fn dfen_findings(
    variant: variants::Variant,
    fen: &dfen::Dfen,
    text: &str,
    settings: ReadSettings,
) -> Vec<Finding> {
    let position = variants::Position::from_dfen(variant, fen, chess960(settings));
    reported(position.findings(text), settings)
}

/// The findings about `position`, the variant FEN `text` as `dfen`'s variant parser read it
/// (three-check's counters, crazyhouse's pockets), in `variant`'s rules; `pieces`, the board's
/// pieces as the reader gathered them, if it did.
pub(super) fn variant_fen_findings(
    variant: variants::Variant,
    position: &chess::variant::VariantFen,
    pieces: Option<&[u64; 12]>,
    text: &str,
    settings: ReadSettings,
) -> Vec<Finding> {
    let position = match pieces {
        Some(pieces) => {
            variants::Position::from_variant_fen_with(variant, position, pieces, chess960(settings))
        }
        None => variants::Position::from_variant_fen(variant, position, chess960(settings)),
    };
    reported(position.findings(text), settings)
}

/// The identity of `fen`, a standard FEN as `dfen` read it, in `variant` (`spec/identity.md`
/// §2.2): the variant library's key, so that antichess positions without kings are positions
/// and en passant counts as the variant's moves use it.
pub(super) fn dfen_identity(
    variant: variants::Variant,
    fen: &dfen::Dfen,
    settings: ReadSettings,
    ep: dfen::rules::EpIdentity,
) -> Identity {
    let position = variants::Position::from_dfen(variant, fen, chess960(settings));
    Identity::of_key(position.identity_key(ep))
}

/// Whether `code`, a finding of the variant library, is one that `dfen`'s fixed position
/// (`Parsed::fixed`, what `fmt` writes) repairs as python-chess cleans it: castling rights
/// without their king and rook (`VAR007`), an impossible en-passant square (`VAR008`).
pub(super) fn fixed_by_dfen(code: crate::code::Code) -> bool {
    matches!(
        code,
        crate::code::Code::Var(variants::Code::BadCastlingRights | variants::Code::BadEnPassant)
    )
}

/// The end of an EPD line's four position fields: the board's end (the longest field) found
/// with `memchr2`, the short fields after it byte by byte.
fn end_of_fields(line: &str) -> usize {
    let bytes = line.as_bytes();
    let is_separator = |b: &u8| *b == b' ' || *b == b'\t';
    let Some(board) = bytes.iter().position(|b| !is_separator(b)) else {
        return line.len();
    };
    let Some(after_board) = bytes
        .get(board..)
        .and_then(|rest| memchr::memchr2(b' ', b'\t', rest))
        .map(|end| board + end)
    else {
        return line.len();
    };
    let mut fields = 0;
    let mut in_field = true;
    let rest = bytes.get(after_board..).unwrap_or_default();
    for (i, byte) in rest.iter().enumerate() {
        let i = after_board + i;
        let space = is_separator(byte);
        if space && in_field {
            fields += 1;
            if fields == 4 {
                return i;
            }
        }
        in_field = !space;
    }
    line.len()
}

/// The findings about an EPD line in `variant`: its position's, then (when the position is
/// valid) its moves' and, with `verify_perft`, its perft counts up to that depth (`VAR205`).
pub(super) fn epd_findings(
    variant: variants::Variant,
    epd: &chess::epd::Epd,
    line: &str,
    settings: ReadSettings,
    verify_perft: Option<u32>,
) -> Vec<Finding> {
    let fields = line.get(..end_of_fields(line)).unwrap_or(line);
    // The position `dfen`'s EPD reader read: the line is not read again.
    let position = variants::Position::from_dfen(variant, epd.position(), chess960(settings));
    let found = position.findings(fields);
    let valid = !found.iter().any(|f| f.severity == Severity::Error);
    let mut findings = reported(found, settings);
    if !valid {
        return findings;
    }
    findings.extend(operation_findings(
        variant,
        &position,
        epd,
        settings,
        verify_perft,
    ));
    findings
}

/// The findings of the variant library about `position`, read from `text` (its spans).
pub(super) fn reported_position(
    position: &variants::Position,
    text: &str,
    settings: ReadSettings,
) -> Vec<Finding> {
    reported(position.findings(text), settings)
}

/// The findings about an EPD line's operations in `variant`, whose position is `position`:
/// its moves', and with `verify_perft` its perft counts up to that depth (`VAR205`); spans in
/// `epd`'s line.
pub(super) fn operation_findings(
    variant: variants::Variant,
    position: &variants::Position,
    epd: &chess::epd::Epd,
    settings: ReadSettings,
    verify_perft: Option<u32>,
) -> Vec<Finding> {
    if epd.operations().len() == 0 {
        return Vec::new();
    }
    let mut findings = reported(position.epd_move_findings(epd), settings);
    if let Some(max) = verify_perft {
        for operation in epd.operations() {
            let chess::epd::OpcodeKind::PerftCount(depth) = operation.kind() else {
                continue;
            };
            let Some(operand) = operation.operands().next() else {
                continue;
            };
            let Some(written) = operand.integer().and_then(|n| u64::try_from(n).ok()) else {
                continue;
            };
            if depth > max {
                continue;
            }
            let counted = position.perft(depth);
            if counted != written {
                findings.push(finding_of(
                    variants::Finding::new(
                        variants::Code::WrongCount,
                        Severity::Error,
                        operand.span(),
                        format!(
                            "perft {depth} in {variant}: expected {counted} (counted), found \
                             {written}"
                        ),
                    )
                    .with_help(format!("write {counted}")),
                ));
            }
        }
    }
    findings
}

/// A FEN `text` of `variant` with the variant's fixable findings applied (`VAR007`, `VAR008`,
/// `VAR102`), and those findings' codes; `None` when there is nothing to fix or an error no
/// fix repairs.
pub(super) fn fixed_fen(
    variant: variants::Variant,
    text: &str,
    settings: ReadSettings,
) -> Option<(String, Vec<crate::code::Code>)> {
    let checked = variants::check(variant, text, chess960(settings)).ok()?;
    let fixed = checked.fixed_text(text)?;
    let codes = checked
        .findings
        .iter()
        .filter(|finding| finding.fixable)
        .map(|finding| crate::code::Code::from(finding.code))
        .collect();
    Some((fixed, codes))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// [`super::end_of_fields`] as it was written, byte by byte from the start.
    fn end_of_fields_by_bytes(line: &str) -> usize {
        let mut fields = 0;
        let mut in_field = false;
        for (i, byte) in line.bytes().enumerate() {
            let space = byte == b' ' || byte == b'\t';
            if space && in_field {
                fields += 1;
                if fields == 4 {
                    return i;
                }
            }
            in_field = !space;
        }
        line.len()
    }

    proptest! {
        /// The end found with `memchr2` is the byte-by-byte scan's, on lines of fields,
        /// separators and multi-byte characters.
        #[test]
        fn end_of_fields_agrees_with_the_byte_scan(
            line in "([a-z0-9/+\\- \t]|é|  |\t\t){0,40}",
        ) {
            prop_assert_eq!(super::end_of_fields(&line), end_of_fields_by_bytes(&line));
        }
    }
}
