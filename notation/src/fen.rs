//! Standard six-field FEN (`.fen`): read with the DFEN parser, written back with six fields.

use fenkit_diagnostics::Severity;

use super::analysis::{Identity, without_clocks};
use super::dfen::{error_finding, parse_in, parser, read_to_convert};
use super::{
    Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Line, Notation, Position, Read,
    ReadSettings, Rejection, Work, Written,
};
use crate::code::{Code, FenkitCode, Finding, fenkit_error, finding_of};

/// `fen`.
pub(super) static FEN: Entry = Entry {
    name: "fen",
    help: Help {
        notation: Some(
            "Standard six-field FEN, read with the DFEN parser and written back with six \
             fields (`.fen`)",
        ),
        variant: Some("standard chess: six-field FEN (the same as `--notation fen`)"),
        convert: Some("standard six-field FEN"),
    },
    extensions: &["fen"],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "DFEN positions",
    json: Json::No,
    continuation_lines: false,
    replay: None,
    variant: Some(chess::variant::Variant::Chess),
    dialects: false,
    en_passant: EnPassant::Rules(dfen::rules::Game::Standard),
    columnar: true,
    reference_codes: false,
    suite: None,
    codec: &FenCodec,
};

struct FenCodec;

impl Codec for FenCodec {
    /// Six fields, or the first four, read as FEN (at most one en-passant square, no dice)
    /// are standard FEN (`dfen::form::TextNotation`): surer than DFEN, which reads anything.
    fn sniff(&self, line: &Line<'_>) -> u8 {
        let fen = std::str::from_utf8(line.start())
            .ok()
            .and_then(dfen::form::TextNotation::of_line)
            .is_some();
        if fen { 2 } else { 0 }
    }

    fn sniffed_by_adapter(&self) -> bool {
        false
    }

    fn holds_chess_positions(&self) -> bool {
        true
    }

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(FenAnalyzer)
    }

    fn read(&self, _: Notation, text: &str, settings: ReadSettings) -> Result<Read, Rejection> {
        read_to_convert(text, settings.profile, settings, dfen::Layout::Fen)
    }

    fn parse(
        &self,
        _: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        parse_in(text, settings.profile, settings, dfen::Layout::Fen)
    }

    fn write(
        &self,
        notation: Notation,
        position: &Position,
        settings: ReadSettings,
        lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        let writer = settings.writer(dfen::Profile::Spec, dfen::rules::Game::Standard);
        match position {
            Position::Dfen(position) => {
                let (fen, dropped) = writer.to_fen_lossy(position);
                if dropped.is_empty() || lossy {
                    Ok((fen, dropped))
                } else {
                    Err(Rejection::new(
                        FenkitCode::NotSixFields,
                        0..len,
                        format!(
                            "six-field FEN cannot hold this position: it would drop {}",
                            dropped.join(", ")
                        ),
                    )
                    .with_help("pass --lossy to convert anyway"))
                }
            }
            // A variant's state is dropped, which is refused unless lossy.
            Position::Variant(position) => {
                let dropped = position.dropped_by_standard_fen();
                if dropped.is_empty() || lossy {
                    let (fen, _) = writer.to_fen_lossy(&position.fen);
                    Ok((fen, dropped))
                } else {
                    Err(Rejection::new(
                        FenkitCode::NotSixFields,
                        0..len,
                        format!(
                            "six-field FEN cannot hold this {} position: it would drop {}",
                            position.variant,
                            dropped.join(" and ")
                        ),
                    )
                    .with_help(
                        "pass --lossy to drop it, or convert between the variant's dialects \
                         with --to-dialect",
                    ))
                }
            }
            // An EPD line comes as its plain position (`Notation::write`).
            Position::Fen4(_) | Position::Epd(_) | Position::VariantEpd(_) => {
                Err(super::unsupported(notation, position, len))
            }
        }
    }

    fn writes(&self) -> bool {
        true
    }

    fn cannot_hold(&self, position: &Position, len: usize) -> Option<Finding> {
        let dropped = match position {
            Position::Dfen(position) => position.to_fen().err()?.dropped,
            Position::Variant(position) => position.dropped_by_standard_fen(),
            Position::Fen4(_) | Position::Epd(_) | Position::VariantEpd(_) => return None,
        };
        (!dropped.is_empty()).then(|| not_six_fields(len, &dropped))
    }
}

/// FEN's analyser: stateless.
struct FenAnalyzer;

impl Analyze for FenAnalyzer {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        let analysis = analyze_fen(work, text);
        // `fmt --variant antichess`: the variant's fixable findings are applied, and are then
        // warnings of what was fixed.
        if !work.fixes_variant_findings() {
            return analysis;
        }
        let Some(variant) = work.settings.rules else {
            return analysis;
        };
        let Some((fixed, codes)) = super::rules::fixed_fen(variant, text, work.settings) else {
            return analysis;
        };
        let repaired = analyze_fen(work, &fixed);
        if repaired.rejected {
            return analysis;
        }
        let findings = analysis
            .findings
            .into_iter()
            .map(|mut finding| {
                if codes.contains(&finding.code) {
                    finding.severity = Severity::Warning;
                    finding.fixable = true;
                }
                finding
            })
            .collect();
        let canonical = repaired.canonical.or(Some(fixed));
        Analysis::accepted(
            findings,
            canonical,
            repaired.identity.map(|identity| *identity),
        )
    }
}

/// A FEN line's analysis, the position judged by the settings' variant when they name one.
fn analyze_fen(work: &mut Work, text: &str) -> Analysis {
    let settings = work.settings;
    let parser = match settings.rules {
        Some(_) => settings.chess_parser(settings.profile),
        None => parser(settings),
    };
    let parser = parser.layout(dfen::Layout::Fen);
    match settings.rules {
        None => analyze_read(work, text, parser.parse(text), None),
        // A variant's rules build their bitboards from the pieces the parser gathered.
        Some(_) => match parser.parse_counted(text) {
            Ok((parsed, census)) => analyze_read(work, text, Ok(parsed), Some(census.piece_sets())),
            Err(error) => analyze_read(work, text, Err(error), None),
        },
    }
}

/// [`analyze_fen`] of `read`, `text` as the parser read it; `pieces`, the board's pieces as
/// the parser's census gathered them (a variant's rules build their bitboards from them).
#[inline(always)]
fn analyze_read(
    work: &mut Work,
    text: &str,
    read: Result<dfen::Parsed, dfen::ParseError>,
    pieces: Option<&[u64; 12]>,
) -> Analysis {
    let settings = work.settings;
    match read {
        Err(error) => Analysis::rejected(error_finding(&error), None),
        Ok(parsed) => {
            let fixed = parsed.fixed();
            // A seventh field, unless the engine dialect already reports it (DFEN108).
            let seventh = has_seventh_field(text)
                && !parsed
                    .findings
                    .iter()
                    .any(|f| f.code == dfen::Code::EngineEmptyDiceField);
            // (Most positions have no finding: no conversion to run then.)
            let mut findings: Vec<Finding> = if parsed.findings.is_empty() {
                Vec::new()
            } else {
                parsed
                    .findings
                    .into_iter()
                    .filter(|f| f.code != dfen::Code::MissingDiceField)
                    .map(finding_of)
                    .collect()
            };
            if let Some(variant) = settings.rules {
                super::rules::with_dfen_findings(
                    &mut findings,
                    variant,
                    &parsed.dfen,
                    pieces,
                    text,
                    settings,
                );
            }
            // The conversion to six fields can add a finding, so it is judged whatever is
            // asked; the canonical form is written only when wanted.
            let writer = settings
                .for_line(text)
                .writer(settings.profile, dfen::rules::Game::Standard);
            let canonical = if work.wants_canonical() {
                writer.to_fen(&fixed).map(Some)
            } else {
                writer.fits_fen(&fixed).map(|()| None)
            };
            // A clockless line of a file whose first position is clockless (the four-field
            // form of perft suites and evaluation dumps) is kept so, and is no finding
            // unless strict.
            // (Asked only where the answer changes something: a canonical form to write, or
            // missing clocks to forgive; fields are counted a byte at a time.)
            let clockless = settings.form.clockless
                && !settings.strict
                && (matches!(canonical, Ok(Some(_)))
                    || findings
                        .iter()
                        .any(|f| f.code == Code::Dfen(dfen::Code::MissingClocks)))
                && dfen::form::FileForm::is_clockless(text);
            let canonical = if clockless {
                findings.retain(|f| f.code != Code::Dfen(dfen::Code::MissingClocks));
                canonical.map(|fen| fen.map(|fen| without_clocks(&fen).to_owned()))
            } else {
                canonical
            };
            let canonical = match canonical {
                Ok(fen) => {
                    if seventh {
                        findings.push(seventh_field(text, settings.strict));
                    }
                    fen
                }
                Err(error) => {
                    findings.push(not_six_fields(text.len(), &error.dropped));
                    None
                }
            };
            let identity = work.identity().map(|ep| match settings.rules {
                Some(variant) => super::rules::dfen_identity(variant, &parsed.dfen, settings, ep),
                None => Identity::of_key(dfen::rules::identity_key(
                    &fixed,
                    ep,
                    dfen::rules::Game::Standard,
                )),
            });
            Analysis::accepted(findings, canonical, identity)
        }
    }
}

/// Whether `text` has a seventh whitespace-separated field. Most lines have six fields and
/// fewer than six separators, which a count settles at once.
fn has_seventh_field(text: &str) -> bool {
    // Every whitespace byte is at most a space: those bytes are counted, eight at a time.
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = text.as_bytes().chunks_exact(8);
    let mut separators = 0;
    for chunk in &mut words {
        let Ok(&chunk) = <&[u8; 8]>::try_from(chunk) else {
            break;
        };
        let word = u64::from_le_bytes(chunk);
        // The high bit of each byte up to 0x20, exactly (no byte borrows from the next).
        separators += ((ONES * 0xA0 - (word & !HIGH)) & !word & HIGH).count_ones();
    }
    separators += words
        .remainder()
        .iter()
        .map(|&byte| u32::from(byte <= b' '))
        .sum::<u32>();
    separators >= 6 && text.split_ascii_whitespace().nth(6).is_some()
}

/// The finding for a position six fields cannot hold, naming what they would drop.
fn not_six_fields(len: usize, dropped: &[String]) -> Finding {
    fenkit_error(
        FenkitCode::NotSixFields,
        0..len,
        format!(
            "a six-field FEN cannot hold this position: it would drop {}",
            dropped.join(" and ")
        ),
    )
    .with_help("a .fen file holds standard chess; write this position in a .dfen file")
}

/// The finding for a `.fen` line with a seventh field that six fields can do without (no
/// dice pending): fixable, as `fmt` drops it; an error under `--strict`.
fn seventh_field(text: &str, strict: bool) -> Finding {
    let content_end = text.trim_end().len();
    let start = text
        .get(..content_end)
        .and_then(|content| content.rfind([' ', '\t']))
        .map_or(0, |space| space + 1);
    let severity = if strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    Finding::new(
        Code::Fenkit(FenkitCode::SeventhField),
        severity,
        start..content_end,
        format!(
            "seventh field in a six-field FEN: expected six fields {}, found a \
             seventh, `{}`",
            super::IN_A_FEN_FILE,
            text.get(start..content_end).unwrap_or_default()
        ),
    )
    .with_fixable(true)
    .with_help("`fenkit fmt` drops it: standard FEN has six fields")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::has_seventh_field;

    proptest! {
        /// The count of bytes up to a space settles what the whitespace split says: a seventh
        /// field, whatever the text (control bytes, runs of whitespace, non-ASCII).
        #[test]
        fn a_seventh_field_is_found_as_fields_split(
            text in "[ \t\r\x0C\x01\x1fa-h1-8/Kw-]{0,40}|([a-h1-8é]{1,9}[ \t]{1,2}){4,8}|\\PC{0,30}"
        ) {
            prop_assert_eq!(
                has_seventh_field(&text),
                text.split_ascii_whitespace().nth(6).is_some()
            );
        }
    }
}
