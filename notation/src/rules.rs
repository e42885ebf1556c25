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
    // Most positions are valid: no conversion to run then.
    if findings.is_empty() {
        return Vec::new();
    }
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

/// The position of `variant` that `dfen` read as `fen`; `pieces`, the board's pieces as the
/// parser's census gathered them, if the caller has them (the board is then not read again).
#[inline(always)]
fn position_of(
    variant: variants::Variant,
    fen: &dfen::Dfen,
    pieces: Option<&[u64; 12]>,
    settings: ReadSettings,
) -> variants::Position {
    match pieces {
        Some(pieces) => {
            variants::Position::from_dfen_with(variant, fen, pieces, chess960(settings))
        }
        None => variants::Position::from_dfen(variant, fen, chess960(settings)),
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
    reported(
        position_of(variant, fen, None, settings).findings(text),
        settings,
    )
}

/// `findings`, the reader's findings about the standard FEN `text`, with [`dfen_findings`]
/// added in the order of their spans; `pieces`, the board's pieces as the parser's census
/// gathered them, if the caller has them.
#[inline]
pub(super) fn with_dfen_findings(
    findings: &mut Vec<Finding>,
    variant: variants::Variant,
    fen: &dfen::Dfen,
    pieces: Option<&[u64; 12]>,
    text: &str,
    settings: ReadSettings,
) {
    let judged = position_of(variant, fen, pieces, settings).findings(text);
    add_judged(findings, judged, settings);
    sort_by_span(findings);
}

/// `judged`, the variant library's findings about a line, added to `findings` as the command
/// line reports them.
#[inline(always)]
fn add_judged(findings: &mut Vec<Finding>, judged: Vec<variants::Finding>, settings: ReadSettings) {
    // (Most positions are valid: nothing to convert or move then.)
    if !judged.is_empty() {
        findings.extend(reported(judged, settings));
    }
}

/// `findings` in the order of their spans' starts.
#[inline(always)]
fn sort_by_span(findings: &mut [Finding]) {
    // (Most lines have no finding: nothing to sort then.)
    if findings.len() > 1 {
        findings.sort_by_key(|f| f.span.start);
    }
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

/// `findings`, the reader's findings about an EPD line, with the variant's in the order of
/// their spans: when the reader found no error, its position's, then (when the position is
/// valid) its moves' and, with `verify_perft`, its perft counts up to that depth (`VAR205`);
/// `pieces`, the board's pieces as the parser's census gathered them, if the caller has them.
pub(super) fn with_epd_findings(
    findings: &mut Vec<Finding>,
    variant: variants::Variant,
    epd: &chess::epd::Epd,
    pieces: Option<&[u64; 12]>,
    line: &str,
    settings: ReadSettings,
    verify_perft: Option<u32>,
) {
    if !findings.iter().any(|f| f.severity == Severity::Error) {
        // The position `dfen`'s EPD reader read: the line is not read again.
        let position = position_of(variant, epd.position(), pieces, settings);
        // The findings' spans are those in the four position fields: the variant library
        // reads the board, castling and en-passant fields (the first, third and fourth),
        // which the whole line holds as they do.
        let found = position.findings(line);
        let valid = !found.iter().any(|f| f.severity == Severity::Error);
        add_judged(findings, found, settings);
        if valid && epd.operations().len() != 0 {
            findings.extend(operation_findings(
                variant,
                &position,
                epd,
                settings,
                verify_perft,
            ));
        }
    }
    sort_by_span(findings);
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

    /// The end of an EPD line's four position fields, byte by byte from the start (how the
    /// variant findings' text was cut before they were given the whole line).
    fn end_of_fields(line: &str) -> usize {
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

    /// Positions with findings of every kind the text's fields place: the board (an empty
    /// board, a missing king, too many pieces), a square (a white king in horde, a pawn on
    /// its last rank, a check), the castling field and the en-passant field, and warnings.
    fn positions_with_findings() -> Vec<variants::Position> {
        use variants::{Position, Variant};
        [
            (
                Variant::Horde,
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPK w kq - 0 1",
            ),
            (
                Variant::Horde,
                "rnbqkbnr/pppppppp/8/8/8/8/8/8 w KQkq e3 0 1",
            ),
            (Variant::Atomic, "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"),
            (Variant::Atomic, "8/8/8/8/8/8/8/8 w - - 0 1"),
            (Variant::KingOfTheHill, "4k3/8/8/3K4/8/8/8/8 b - - 0 1"),
            (Variant::KingOfTheHill, "4k3/8/8/8/8/8/8/4K2P b - c6 0 1"),
            (
                Variant::Antichess,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
            (Variant::Chess, "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"),
            (
                Variant::RacingKings,
                "8/8/8/8/8/8/krbnNBRK/qrbnNBQQ w - - 0 1",
            ),
        ]
        .into_iter()
        .map(|(variant, fen)| {
            let position = Position::from_fen(variant, fen, false).unwrap();
            assert!(!position.findings(fen).is_empty(), "{variant} {fen}");
            position
        })
        .collect()
    }

    proptest! {
        /// The variant findings of an EPD line's position are the same, spans and all, given
        /// the whole line as given its four position fields alone, on lines of fields,
        /// separators, operations and multi-byte characters.
        #[test]
        fn findings_in_the_line_are_those_in_its_fields(
            line in "([a-zA-Z0-9/+\\-; \t\"]|é|  |\t\t){0,60}",
            which in 0usize..9,
        ) {
            let position = &positions_with_findings()[which];
            let fields = &line[..end_of_fields(&line)];
            prop_assert_eq!(position.findings(&line), position.findings(fields));
        }
    }
}
