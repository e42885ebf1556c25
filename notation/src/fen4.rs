//! FEN4 placement literals (`spec/fen4.md`, `.fen4`); a literal may go on over lines that start
//! with whitespace.

use std::fmt::Write as _;

use super::analysis::{Identity, converted};
use super::{
    Analysis, Analyze, Codec, EnPassant, Entry, Family, Fen4Reference, Help, Json, Line, Notation,
    Position, Read, ReadSettings, Rejection, Suite, Work, Written,
};
use crate::code::{Finding, finding_of};

/// `fen4`.
pub(super) static FEN4: Entry = Entry {
    name: "fen4",
    help: Help {
        notation: Some(
            "4D placement literals (`.fen4`); a literal may continue on lines that start with \
             whitespace",
        ),
        variant: None,
        convert: Some("FEN4 placement literal"),
    },
    extensions: &["fen4"],
    shared_extensions: &[],
    family: Family::Fen4,
    positions: "FEN4 placements",
    json: Json::No,
    continuation_lines: true,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::None,
    columnar: false,
    reference_codes: true,
    suite: Some(Suite {
        file: "fen4",
        parity: true,
    }),
    codec: &Fen4Codec,
};

struct Fen4Codec;

/// A FEN4 syntax error as a rejection, with the reference parsers' code and offset.
pub(super) fn rejection(error: &fen4::ParseError, text: &str) -> Rejection {
    Rejection {
        finding: error_finding(error, text),
        reference: Some(Fen4Reference::of(error)),
    }
}

/// A FEN4 syntax error of `text` as a finding: a line of chess.com's four-player chess, a
/// format of the same name, is said to be one (`FENKIT008`).
fn error_finding(error: &fen4::ParseError, text: &str) -> Finding {
    if !fen4::looks_like_four_player(text) {
        return finding_of(error.to_finding());
    }
    let first = text.trim_start();
    let start = text.len() - first.len();
    let end = start + first.find('-').unwrap_or(first.len());
    crate::code::fenkit_error(
        crate::code::FenkitCode::FourPlayerChess,
        start..end,
        "chess.com's four-player chess, which is not read: expected a 4D chess position \
         (`4d-fen v1: ...`), found a four-player chess position (`R-0,0,0,0-...`)",
    )
    .with_help(
        "chess.com also calls its four-player format \"FEN4\", but it is another format: fenkit's \
         FEN4 is 4D chess; leave such files out of the run (`extend-exclude` in fenkit.toml)",
    )
}

impl Codec for Fen4Codec {
    fn sniff(&self, line: &Line<'_>) -> u8 {
        if line.start().starts_with(b"4d-fen") {
            4
        } else {
            0
        }
    }

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(Fen4Analyzer {
            parsed: fen4::Parsed::new(),
        })
    }

    fn read(&self, _: Notation, text: &str, _: ReadSettings) -> Result<Read, Rejection> {
        fen4::Parser::new()
            .parse(text)
            .map(|parsed| Read::Position(Position::Fen4(parsed.placement), Vec::new()))
            .map_err(|error| rejection(&error, text))
    }

    fn parse(
        &self,
        _: Notation,
        text: &str,
        _: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        fen4::Parser::new()
            .parse(text)
            .map(|parsed| (Position::Fen4(parsed.placement), converted(parsed.findings)))
            .map_err(|error| rejection(&error, text))
    }

    fn write(
        &self,
        notation: Notation,
        position: &Position,
        _: ReadSettings,
        _lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        match position {
            Position::Fen4(placement) => Ok((placement.to_string(), Vec::new())),
            _ => Err(super::unsupported(notation, position, len)),
        }
    }

    fn writes(&self) -> bool {
        true
    }
}

/// FEN4's analyser: stateless; one `Parsed` serves every line, so its storage is allocated
/// once.
struct Fen4Analyzer {
    parsed: fen4::Parsed,
}

impl Analyze for Fen4Analyzer {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        let mut parsed = std::mem::take(&mut self.parsed);
        let result = fen4::Parser::new()
            .strict(work.settings.strict)
            .parse_into(text, &mut parsed);
        let analysis = match result {
            Err(error) => {
                Analysis::rejected(error_finding(&error, text), Some(Fen4Reference::of(&error)))
            }
            Ok(()) => {
                // As for DFEN: a literal written canonically is its own canonical form.
                let canonical = if work.only_changed() && parsed.written_canonically() {
                    None
                } else {
                    work.canonical_form(text, |out| write!(out, "{}", parsed.placement))
                };
                let findings = if parsed.findings.is_empty() {
                    Vec::new()
                } else {
                    parsed.findings.drain(..).map(finding_of).collect()
                };
                let identity = work.identity().map(|_| Identity {
                    hash: parsed.placement.identity_hash(),
                    key: parsed.placement.identity_key(),
                });
                Analysis::accepted(findings, canonical, identity)
            }
        };
        self.parsed = parsed;
        analysis
    }
}
