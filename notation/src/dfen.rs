//! DFEN, Dice Chess FEN (`spec/dfen.md`): the `dfen` notation, and `dfen-engine`, DFEN in the
//! reference engine's dialect (a `convert` form).

use fenkit_diagnostics::Severity;

use super::analysis::{Identity, converted};
use super::{
    Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Notation, Position, Read,
    ReadSettings, Rejection, Suite, Work, Written,
};
use crate::code::{Finding, finding_of};

/// `dfen`.
pub(super) static DFEN: Entry = Entry {
    name: "dfen",
    help: Help {
        notation: Some("Dice Chess FEN, seven fields (`.dfen`)"),
        variant: Some(
            "Dice Chess: DFEN (the same as `--notation dfen`; its dialects are `--profile`s)",
        ),
        convert: Some("DFEN, canonical spec form (7 fields)"),
    },
    extensions: &["dfen"],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "DFEN positions",
    json: Json::No,
    continuation_lines: false,
    replay: None,
    variant: Some(chess::variant::Variant::Dice),
    dialects: false,
    en_passant: EnPassant::Rules(dfen::rules::Game::DiceChess),
    columnar: true,
    reference_codes: false,
    suite: Some(Suite {
        file: "dfen",
        parity: true,
    }),
    codec: &DfenCodec {
        profile: None,
        game: dfen::rules::Game::DiceChess,
    },
};

/// `dfen-engine`: DFEN read and written in the reference engine's dialect.
pub(super) static DFEN_ENGINE: Entry = Entry {
    name: "dfen-engine",
    help: Help {
        notation: None,
        variant: None,
        convert: Some("DFEN in the reference engine's dialect"),
    },
    extensions: &[],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "DFEN positions",
    json: Json::No,
    continuation_lines: false,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::Rules(dfen::rules::Game::DiceChess),
    columnar: false,
    reference_codes: false,
    suite: None,
    codec: &DfenCodec {
        profile: Some(dfen::Profile::Engine),
        game: dfen::rules::Game::DiceChess,
    },
};

/// A DFEN dialect, as a command-line and configuration value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProfileArg {
    /// fenkit's spec: seven fields, field 7 always written
    #[default]
    Spec,
    /// accept every unambiguous form and report it (writes the spec form)
    Lenient,
    /// the reference engine's dialect: field 7 omitted when empty, en passant in square-index order
    Engine,
}

impl crate::choice::Choice for ProfileArg {
    fn offered() -> &'static [Self] {
        &[ProfileArg::Spec, ProfileArg::Lenient, ProfileArg::Engine]
    }

    fn name(self) -> &'static str {
        match self {
            ProfileArg::Spec => "spec",
            ProfileArg::Lenient => "lenient",
            ProfileArg::Engine => "engine",
        }
    }

    fn help(self) -> &'static str {
        match self {
            ProfileArg::Spec => "fenkit's spec: seven fields, field 7 always written",
            ProfileArg::Lenient => {
                "accept every unambiguous form and report it (writes the spec form)"
            }
            ProfileArg::Engine => {
                "the reference engine's dialect: field 7 omitted when empty, en passant in \
                 square-index order"
            }
        }
    }
}

impl From<ProfileArg> for dfen::Profile {
    fn from(profile: ProfileArg) -> dfen::Profile {
        match profile {
            ProfileArg::Spec => dfen::Profile::Spec,
            ProfileArg::Lenient => dfen::Profile::Lenient,
            ProfileArg::Engine => dfen::Profile::Engine,
        }
    }
}

/// DFEN's behaviour, in the settings' profile or always in `profile`. Standard FEN reads
/// through it too (`fen.rs`).
pub(super) struct DfenCodec {
    /// The profile this form always reads and writes in (`dfen-engine`).
    pub(super) profile: Option<dfen::Profile>,
    /// The rules `--ep legal` judges en passant by.
    pub(super) game: dfen::rules::Game,
}

impl DfenCodec {
    /// The profile to read in.
    pub(super) fn profile(&self, settings: ReadSettings) -> dfen::Profile {
        self.profile.unwrap_or(settings.profile)
    }
}

/// The parser of `settings`.
pub(super) fn parser(settings: ReadSettings) -> dfen::Parser {
    settings.parser(settings.profile)
}

/// A DFEN syntax error as a finding, with its help where the fix is certain.
pub(super) fn error_finding(error: &dfen::ParseError) -> Finding {
    finding_of(error.to_finding())
}

/// The text `fmt` writes for a DFEN in the requested dialect.
pub fn write_dfen(position: &dfen::Dfen, profile: dfen::Profile) -> String {
    position.display_as(profile).to_string()
}

/// Writes the text `writer` writes for a DFEN to `out`: what `Display` writes when the
/// writer writes the canonical form, without a copy of the position.
fn write_dfen_to(
    out: &mut impl std::fmt::Write,
    position: &dfen::Dfen,
    writer: &dfen::Writer,
    profile: dfen::Profile,
) -> std::fmt::Result {
    if writes_as_display(writer) {
        write!(out, "{}", position.display_as(profile))
    } else {
        out.write_str(&writer.write(position))
    }
}

/// Whether `writer` spells castling and en passant as `Display` does (its profile aside).
fn writes_as_display(writer: &dfen::Writer) -> bool {
    writer.current_castling_mode() == dfen::CastlingMode::Standard
        && writer.current_en_passant() == dfen::EnPassantPolicy::Always
}

/// Whether the reference engine's dialect explains the `findings` a DFEN position has under
/// another profile: it reads the position with no error, and either the other profile found an
/// error or the engine's dialect finds nothing at all. A sign that the position's file is
/// written in that dialect (four fields, a missing dice field, dice in either case).
fn engine_dialect_explains(text: &str, findings: &[Finding]) -> bool {
    let had_error = findings.iter().any(|f| f.severity == Severity::Error);
    dfen::Parser::new()
        .profile(dfen::Profile::Engine)
        .parse(text)
        .is_ok_and(|parsed| {
            let engine_error = parsed
                .findings
                .iter()
                .any(|f| f.severity == Severity::Error);
            !engine_error && (had_error || parsed.findings.is_empty())
        })
}

/// The first error-severity DFEN finding as a rejection: text input and JSON input are refused
/// alike. `span` overrides the finding's span (JSON input has no field spans).
pub(super) fn first_error(
    findings: &[dfen::Finding],
    span: Option<std::ops::Range<usize>>,
) -> Result<(), Rejection> {
    match findings
        .iter()
        .find(|f| f.severity == dfen::Severity::Error)
    {
        Some(finding) => Err(Rejection::new(
            finding.code,
            span.unwrap_or_else(|| finding.span.clone()),
            finding.message.clone(),
        )),
        None => Ok(()),
    }
}

/// The variant whose rules judge a text of `layout`: standard FEN's lines only.
fn rules_of(settings: ReadSettings, layout: dfen::Layout) -> Option<variants::Variant> {
    settings.rules.filter(|_| layout == dfen::Layout::Fen)
}

/// The parser of a text of `layout` in `profile`: standard FEN's positions are judged by a
/// variant's rules when the settings name one.
fn layout_parser(
    settings: ReadSettings,
    profile: dfen::Profile,
    layout: dfen::Layout,
) -> dfen::Parser {
    if rules_of(settings, layout).is_some() {
        settings.chess_parser(profile)
    } else {
        settings.parser(profile)
    }
}

/// Reads a DFEN (or FEN) text to convert it, in `profile`: refused on a syntax error or an
/// error-severity finding, with a help line when the lenient profile would read it; the
/// repairs a lenient or engine read made are the warnings.
pub(super) fn read_to_convert(
    text: &str,
    profile: dfen::Profile,
    settings: ReadSettings,
    layout: dfen::Layout,
) -> Result<Read, Rejection> {
    let refused = match layout_parser(settings, profile, layout)
        .strict(false)
        .layout(layout)
        .parse(text)
    {
        Err(error) => Err(Rejection::from(error_finding(&error))),
        Ok(parsed) => match first_error(&parsed.findings, None) {
            Err(refusal) => Err(refusal),
            Ok(()) => Ok(parsed),
        },
    };
    let parsed = refused.map_err(|mut refusal| {
        // Say when the lenient profile would have read it.
        if profile == dfen::Profile::Spec
            && settings
                .parser(dfen::Profile::Lenient)
                .strict(false)
                .layout(layout)
                .parse(text)
                .is_ok_and(|lenient| !lenient.has_errors())
        {
            refusal.finding.help = Some(
                "`--profile lenient` reads it, with a warning for each form it repairs".into(),
            );
        }
        refusal
    })?;
    // A variant's rules judge the position (the lenient profile changes nothing of that).
    if let Some(variant) = rules_of(settings, layout)
        && let Some(error) = super::rules::dfen_findings(variant, &parsed.dfen, text, settings)
            .into_iter()
            .find(|f| f.severity == dfen::Severity::Error)
    {
        return Err(Rejection::from(error));
    }
    // What a lenient or engine read repaired (a form the spec refuses) is said, not hidden.
    let warnings = parsed
        .findings
        .into_iter()
        .filter(|f| f.severity == dfen::Severity::Warning && f.code.is_repair())
        .map(finding_of)
        .collect();
    Ok(Read::Position(
        Position::Dfen(Box::new(parsed.dfen)),
        warnings,
    ))
}

/// Parses a DFEN (or FEN) text in `profile`, keeping every finding.
pub(super) fn parse_in(
    text: &str,
    profile: dfen::Profile,
    settings: ReadSettings,
    layout: dfen::Layout,
) -> Result<(Position, Vec<Finding>), Rejection> {
    match layout_parser(settings, profile, layout)
        .strict(false)
        .layout(layout)
        .parse(text)
    {
        Ok(parsed) => {
            let mut findings = converted(parsed.findings);
            if let Some(variant) = rules_of(settings, layout) {
                findings.extend(super::rules::dfen_findings(
                    variant,
                    &parsed.dfen,
                    text,
                    settings,
                ));
            }
            Ok((Position::Dfen(Box::new(parsed.dfen)), findings))
        }
        Err(error) => Err(error_finding(&error).into()),
    }
}

/// Writes a DFEN in `profile`; the engine dialect refuses clocks it cannot hold unless
/// `lossy`, which writes them capped.
fn write_in(
    position: &dfen::Dfen,
    profile: dfen::Profile,
    settings: ReadSettings,
    lossy: bool,
    len: usize,
) -> Result<Written, Rejection> {
    let writer = settings.writer(profile, dfen::rules::Game::DiceChess);
    if profile != dfen::Profile::Engine {
        return Ok((writer.write(position), Vec::new()));
    }
    // The clocks the engine dialect cannot hold: (code, name, value, most it holds).
    let engine = dfen::Profile::Engine;
    let over: Vec<(dfen::Code, &str, u32, u32)> = [
        (
            dfen::Code::EngineHalfmoveRange,
            "halfmove clock",
            position.halfmove,
            engine.max_halfmove(),
        ),
        (
            dfen::Code::EngineFullmoveRange,
            "fullmove number",
            position.fullmove.get(),
            engine.max_fullmove(),
        ),
    ]
    .into_iter()
    .filter(|&(_, _, value, most)| value > most)
    .collect();
    match over.first() {
        None => Ok((writer.write(position), Vec::new())),
        // The writer caps each clock at the most the dialect holds.
        Some(_) if lossy => Ok((
            writer.write(position),
            over.iter()
                .map(|(_, name, value, most)| {
                    format!(
                        "the {name} `{value}` (the engine dialect holds at most {most}; \
                         wrote {most})"
                    )
                })
                .collect(),
        )),
        Some(&(code, name, value, most)) => Err(Rejection::new(
            code,
            0..len,
            format!(
                "the engine dialect cannot hold this position: expected a {name} of \
                 at most {most}, found `{value}`"
            ),
        )
        .with_help(format!("pass --lossy to write the {name} as {most}"))),
    }
}

impl Codec for DfenCodec {
    /// Anything may be DFEN: the notation of a line no other recognises.
    fn sniff(&self, _line: &super::Line<'_>) -> u8 {
        u8::from(self.profile.is_none())
    }

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(DfenAnalyzer {
            profile: self.profile,
            game: self.game,
        })
    }

    fn read(&self, _: Notation, text: &str, settings: ReadSettings) -> Result<Read, Rejection> {
        read_to_convert(text, self.profile(settings), settings, dfen::Layout::Dfen)
    }

    fn parse(
        &self,
        _: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        parse_in(text, self.profile(settings), settings, dfen::Layout::Dfen)
    }

    fn write(
        &self,
        notation: Notation,
        position: &Position,
        settings: ReadSettings,
        lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        match position {
            Position::Dfen(position) => write_in(
                position,
                self.profile.unwrap_or(dfen::Profile::Spec),
                settings,
                lossy,
                len,
            ),
            _ => Err(super::unsupported(notation, position, len)),
        }
    }

    fn writes(&self) -> bool {
        true
    }

    fn profile(&self) -> Option<dfen::Profile> {
        self.profile
    }
}

/// DFEN's analyser: stateless.
struct DfenAnalyzer {
    profile: Option<dfen::Profile>,
    game: dfen::rules::Game,
}

impl Analyze for DfenAnalyzer {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        let profile = self.profile.unwrap_or(work.settings.profile);
        let parser = work.settings.parser(profile);
        let mut analysis = match parser.parse(text) {
            Err(error) => Analysis::rejected(error_finding(&error), None),
            Ok(parsed) => {
                let needs_fixed = work.wants_canonical() || work.identity().is_some();
                let fixed = needs_fixed.then(|| {
                    if work.fixes_positions() {
                        parsed.fixed()
                    } else {
                        parsed.dfen.clone()
                    }
                });
                let canonical = match &fixed {
                    Some(fixed) if work.wants_canonical() => {
                        let writer = work.settings.for_line(text).writer(profile, self.game);
                        // Most positions of a formatted file are written canonically already:
                        // then (the library says so, and no fix changes the position) the
                        // canonical form is the text itself, and `fmt` need not write it to
                        // find that out.
                        let unchanged = work.only_changed()
                            && writer.writes_canonical_form()
                            && parsed.written_canonically()
                            && *fixed == parsed.dfen;
                        if unchanged {
                            None
                        } else {
                            work.canonical_form(text, |out| {
                                write_dfen_to(out, fixed, &writer, profile)
                            })
                        }
                    }
                    _ => None,
                };
                let identity = match (work.identity(), &fixed) {
                    (Some(ep), Some(fixed)) => Some(Identity::of_key(dfen::rules::identity_key(
                        fixed, ep, self.game,
                    ))),
                    _ => None,
                };
                Analysis::accepted(converted(parsed.findings), canonical, identity)
            }
        };
        if self.explains_by_engine(work) && !analysis.findings.is_empty() {
            analysis.engine_explained = Some(engine_dialect_explains(text, &analysis.findings));
        }
        analysis
    }

    fn explains_by_engine(&self, work: &Work) -> bool {
        self.profile.is_none()
            && work.engine_hint()
            && work.settings.profile != dfen::Profile::Engine
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Analyzer, Notation, ReadSettings};

    /// `check` asks whether the engine dialect explains a position's findings only of a DFEN
    /// position with findings, read under another profile.
    #[test]
    fn the_engine_dialect_explains_what_it_reads() {
        let dfen = Notation::named("dfen").unwrap();
        let analyze = |profile: dfen::Profile, text: &str| {
            Analyzer::new(
                dfen,
                ReadSettings {
                    profile,
                    ..ReadSettings::default()
                },
            )
            .without_canonical()
            .with_engine_hint()
            .analyze(1, text)
            .engine_explained
        };
        let four_fields = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(analyze(dfen::Profile::Spec, four_fields), Some(true));
        assert_eq!(analyze(dfen::Profile::Engine, four_fields), None);
        assert_eq!(
            analyze(dfen::Profile::Spec, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -"),
            None
        );
        assert_eq!(
            analyze(dfen::Profile::Spec, "8/8/8/8/8/8/8/8 x"),
            Some(false)
        );
    }
}
