//! Perft suites (`.perft`), as python-chess (`examples/perft/*.perft`) and shakmaty
//! (`tests/*.perft`) keep them: `id NAME`, `epd POSITION` and `perft DEPTH COUNT` lines and `#`
//! comments (`spec/variants.md` §8). Each line is read by `fenkit-variants` in the variant
//! `--variant` (or `[variants]`) names, standard chess by default, and in Chess960 mode with
//! `--chess960`. A count belongs to the `epd` line above it, so a file is analysed in order.

use std::fmt::Write as _;

use chess::variant::{Dialect, VariantParser};

use super::{
    Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Line, Notation, Position, Read,
    ReadSettings, Rejection, Work,
};
use crate::code::{Finding, finding_of};

/// `perft`.
pub(super) static PERFT: Entry = Entry {
    name: "perft",
    help: Help {
        notation: Some(
            "perft suites as python-chess and shakmaty keep them: `id NAME`, `epd POSITION`, \
             `perft DEPTH COUNT` lines, in the variant `--variant` names (`.perft`)",
        ),
        variant: None,
        convert: Some("perft suites: each `epd` line's position (input only)"),
    },
    extensions: &["perft"],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "perft-suite lines",
    json: Json::No,
    continuation_lines: false,
    replay: Some(
        "a perft-suite line is an `id`, `epd` or `perft` line: take an `epd` line's position \
         and show that",
    ),
    variant: None,
    dialects: false,
    en_passant: EnPassant::AsWritten,
    reference_codes: false,
    suite: None,
    codec: &PerftCodec,
};

/// The variant a perft suite's positions are read in, and whether in Chess960 mode.
fn reading(settings: ReadSettings) -> (variants::Variant, bool) {
    (
        settings.rules.unwrap_or(variants::Variant::Chess),
        settings.castling_mode == dfen::CastlingMode::Chess960,
    )
}

/// The keywords of a suite's lines.
const KEYWORDS: [&[u8]; 3] = [b"id", b"epd", b"perft"];

struct PerftCodec;

impl Codec for PerftCodec {
    /// A line that starts with `id`, `epd` or `perft` and a space is surely a suite's: no
    /// other notation starts so.
    fn sniff(&self, line: &Line<'_>) -> u8 {
        let start = line.start();
        let keyword = start
            .split(|byte| *byte == b' ' || *byte == b'\t')
            .next()
            .unwrap_or_default();
        let followed = start.len() > keyword.len();
        if followed && KEYWORDS.contains(&keyword) {
            4
        } else {
            0
        }
    }

    fn sniffed_by_adapter(&self) -> bool {
        false
    }

    fn holds_chess_positions(&self) -> bool {
        true
    }

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(PerftAnalyzer::default())
    }

    /// An `epd` line's position, to convert (to EPD, FEN, …); an `id` or `perft` line holds
    /// none.
    fn read(&self, _: Notation, text: &str, settings: ReadSettings) -> Result<Read, Rejection> {
        let (variant, chess960) = reading(settings);
        let (line, finding) = variants::Line::read(text, 0, variant, chess960);
        if let Some(finding) = finding {
            return Err(finding_of(finding).into());
        }
        let variants::Line::Epd {
            text: fen, span, ..
        } = line
        else {
            return Ok(Read::Nothing(
                "an `id` or `perft` line of a perft suite holds no position",
            ));
        };
        let moved = |mut finding: Finding| {
            finding.span = span.start + finding.span.start..span.start + finding.span.end;
            finding
        };
        if let Some(error) = super::rules::fen_findings(variant, &fen, settings)
            .into_iter()
            .find(|f| f.severity == dfen::Severity::Error)
        {
            return Err(moved(error).into());
        }
        let position = match variant {
            variants::Variant::ThreeCheck | variants::Variant::Crazyhouse => {
                let dvariant = if variant == variants::Variant::ThreeCheck {
                    chess::variant::Variant::ThreeCheck
                } else {
                    chess::variant::Variant::Crazyhouse
                };
                VariantParser::new(dvariant)
                    .dialect(Dialect::detect(dvariant, &fen))
                    .lenient(true)
                    .check_position(false)
                    .castling_mode(settings.castling_mode)
                    .parse(&fen)
                    .map(|parsed| Position::Variant(Box::new(parsed.position)))
            }
            _ => settings
                .chess_parser(dfen::Profile::Lenient)
                .check_position(false)
                .layout(dfen::Layout::Fen)
                .parse(&fen)
                .map(|parsed| Position::Dfen(Box::new(parsed.dfen))),
        }
        .map_err(|error| Rejection::from(moved(finding_of(error.to_finding()))))?;
        Ok(Read::Position(position, Vec::new()))
    }
}

/// A perft suite's analyser: the case of the last `epd` line, for the counts below it.
#[derive(Default)]
struct PerftAnalyzer {
    /// The name of the next case (`id`).
    pending_id: Option<String>,
    /// Whether an `epd` line came before.
    seen_case: bool,
    /// The last case's position (when it reads) and its name.
    case: Option<(variants::Position, String)>,
}

impl Analyze for PerftAnalyzer {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        let settings = work.settings;
        let (variant, chess960) = reading(settings);
        let (line, finding) = variants::Line::read(text, 0, variant, chess960);
        let mut findings: Vec<Finding> = finding.into_iter().map(finding_of).collect();
        let canonical = match &line {
            variants::Line::Blank | variants::Line::Unreadable => None,
            variants::Line::Id(id) => {
                self.pending_id = Some(id.clone());
                let id = id.clone();
                work.canonical_form(text, |out| write!(out, "id {id}"))
            }
            variants::Line::Epd {
                text: fen,
                span,
                position,
            } => {
                self.seen_case = true;
                let name = self.pending_id.take().unwrap_or_else(|| fen.clone());
                self.case = None;
                if let Some(position) = position {
                    for mut finding in super::rules::fen_findings(variant, fen, settings) {
                        finding.span =
                            span.start + finding.span.start..span.start + finding.span.end;
                        findings.push(finding);
                    }
                    // Counted as the board stands, valid or not: suites keep impossible
                    // positions on purpose (python-chess's `tricky.perft`).
                    self.case = Some((position.clone(), name));
                }
                let fen = fen.clone();
                work.canonical_form(text, |out| write!(out, "epd {fen}"))
            }
            variants::Line::Perft(count, span) => {
                if !self.seen_case {
                    findings.push(finding_of(variants::orphan_count(span.clone())));
                }
                if let (Some(max), Some((position, name))) = (work.verify_perft(), &self.case)
                    && count.depth <= max
                {
                    findings.extend(variants::wrong_count(position, count, name).map(finding_of));
                }
                let (depth, nodes) = (count.depth, count.nodes);
                work.canonical_form(text, |out| write!(out, "perft {depth} {nodes}"))
            }
        };
        Analysis::accepted(findings, canonical, None)
    }
}
