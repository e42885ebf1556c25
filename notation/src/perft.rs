//! Perft suites (`.perft`), as python-chess (`examples/perft/*.perft`) and shakmaty
//! (`tests/*.perft`) keep them: `id NAME`, `epd POSITION` and `perft DEPTH COUNT` lines and `#`
//! comments (`spec/variants.md` §8). Each line is read by `fenkit-variants` in the variant
//! `--variant` (or `[variants]`) names, standard chess by default, and in Chess960 mode with
//! `--chess960`. A count belongs to the `epd` line above it, so a file is analysed in order.

use std::fmt::Write as _;

use chess::variant::{Dialect, VariantParser};

use super::analysis::Identity;
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
        convert: Some(
            "perft suites: each case (`id`, `epd`, `perft` lines) one record, which EPD holds \
             whole as `id` and `D<n>` operations",
        ),
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
    // Its positions' identity is the variant library's, which follows every policy by the
    // variant's own moves (`spec/identity.md` §2.2).
    en_passant: EnPassant::Rules(dfen::rules::Game::Standard),
    columnar: false,
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

    /// A case, to convert (to EPD, FEN, …): `convert` reads a suite case by case
    /// ([`crate::records::Grouping::Cases`]), so `text` holds an `epd` line with the `id` line
    /// above it and the `perft` lines below it. The case is one EPD line: its position, its
    /// name as the `id` operation and its counts as `D<n>` operations, so that every target
    /// keeps the whole case or refuses it (`--lossy` drops the operations and says so). A
    /// lone `id` line holds no position.
    fn read(&self, _: Notation, text: &str, settings: ReadSettings) -> Result<Read, Rejection> {
        let (variant, chess960) = reading(settings);
        let mut id = None;
        let mut case = None;
        let mut counts: Vec<(u32, u64)> = Vec::new();
        let mut offset = 0;
        for line in text.split('\n') {
            let content = line.strip_suffix('\r').unwrap_or(line);
            let (read, finding) = variants::Line::read(content, offset, variant, chess960);
            if let Some(finding) = finding {
                return Err(finding_of(finding).into());
            }
            match read {
                variants::Line::Id(name) => id = Some(name),
                variants::Line::Epd {
                    text: fen, span, ..
                } => case = Some((fen, span)),
                variants::Line::Perft(count, span) => {
                    if case.is_none() {
                        return Err(finding_of(variants::orphan_count(span)).into());
                    }
                    counts.push((count.depth, count.nodes));
                }
                variants::Line::Blank | variants::Line::Unreadable => {}
            }
            offset += line.len() + 1;
        }
        let Some((fen, span)) = case else {
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
            .find(|f| super::epd::refuses(f, settings))
        {
            return Err(moved(error).into());
        }
        if let Some(dvariant) = super::variant_epd::epd_variant(Some(variant)) {
            return variant_case(dvariant, &fen, id.as_deref(), &counts, settings)
                .map_err(|rejection| Rejection::from(moved(rejection.finding)))
                .map(|line| Read::Position(Position::VariantEpd(Box::new(line)), Vec::new()));
        }
        let position = settings
            .chess_parser(dfen::Profile::Lenient)
            .check_position(false)
            .layout(dfen::Layout::Fen)
            .parse(&fen)
            .map(|parsed| Position::Dfen(Box::new(parsed.dfen)))
            .map_err(|error| Rejection::from(moved(finding_of(error.to_finding()))))?;
        if id.is_none() && counts.is_empty() {
            return Ok(Read::Position(position, Vec::new()));
        }
        let clocks = writes_clocks(&fen, 4);
        case_as_epd(
            &position,
            id.as_deref(),
            &counts,
            clocks,
            settings,
            text.len(),
        )
        .map(|epd| Read::Position(epd, Vec::new()))
    }

    /// A case as a suite writes it: its `id` line, its `epd` line (four fields, the clocks
    /// when they are not `0 1`) and a `perft` line for each `D<n>` count; any other EPD
    /// operation is refused unless `lossy`, which drops it and says so.
    fn write(
        &self,
        notation: Notation,
        position: &Position,
        settings: ReadSettings,
        lossy: bool,
        len: usize,
    ) -> Result<super::Written, Rejection> {
        let mut out = String::new();
        let mut dropped = Vec::new();
        match position {
            Position::Epd(epd) => {
                let mut fields = epd_position(epd.position(), settings);
                // Clocks `0 1` that the case wrote, kept (`hmvc 0; fmvn 1;` in EPD).
                if clocks_written(epd) && fields.split(' ').count() == 4 {
                    fields.push_str(" 0 1");
                }
                write_case(&mut out, &mut dropped, epd, &fields, lossy, len)?;
            }
            Position::VariantEpd(line) => {
                let writer = settings.writer(dfen::Profile::Spec, dfen::rules::Game::Standard);
                let mut fields = line.position_fields(&writer);
                // The clocks, where the line wrote them (python-chess's suites leave them off).
                if clocks_written(&line.epd) {
                    let fen = line.epd.position();
                    let _ = write!(fields, " {} {}", fen.halfmove, fen.fullmove);
                }
                write_case(&mut out, &mut dropped, &line.epd, &fields, lossy, len)?;
            }
            Position::Dfen(fen) => {
                if let Err(error) = fen.to_fen() {
                    if !lossy {
                        return Err(super::unsupported(notation, position, len));
                    }
                    dropped.extend(error.dropped);
                }
                let _ = write!(out, "epd {}", epd_position(fen, settings));
            }
            // A three-check or crazyhouse case, as python-chess writes its suites.
            Position::Variant(variant) => {
                let _ = write!(out, "epd {}", variant.display_as(Dialect::Stockfish));
            }
            Position::Fen4(_) => return Err(super::unsupported(notation, position, len)),
        }
        Ok((out, dropped))
    }

    fn writes(&self) -> bool {
        true
    }

    fn writes_whole(&self) -> bool {
        true
    }

    fn converts_cases(&self) -> bool {
        true
    }
}

/// Writes a case (`id` line, `epd` line of `fields`, a `perft` line for each `D<n>` count) of
/// `epd`'s operations into `out`; any other operation is refused unless `lossy`, which drops it
/// and says so in `dropped`.
fn write_case(
    out: &mut String,
    dropped: &mut Vec<String>,
    epd: &chess::epd::Epd,
    fields: &str,
    lossy: bool,
    len: usize,
) -> Result<(), Rejection> {
    if let Some(id) = epd.id() {
        let _ = writeln!(out, "id {}", id.text());
    }
    let _ = write!(out, "epd {fields}");
    let mut others = Vec::new();
    for operation in epd.operations() {
        match (operation.kind(), operation.opcode()) {
            (chess::epd::OpcodeKind::PerftCount(depth), _) => {
                match operation.operands().next().and_then(|o| o.integer()) {
                    Some(count) => {
                        let _ = write!(out, "\nperft {depth} {count}");
                    }
                    None => others.push(format!("`{}`", operation.opcode())),
                }
            }
            (_, "hmvc" | "fmvn") => {}
            (_, "id") if epd.id().is_some() => {}
            (_, opcode) => others.push(format!("`{opcode}`")),
        }
    }
    if !others.is_empty() {
        let what = format!(
            "the EPD operation{} {}",
            if others.len() == 1 { "" } else { "s" },
            others.join(", ")
        );
        if !lossy {
            return Err(Rejection::new(
                crate::code::FenkitCode::RecordPartDropped,
                0..len,
                format!(
                    "`perft` cannot hold {what}: expected only `id` and `D<n>` counts (or a \
                     target that keeps the whole record, `epd` or `json`)"
                ),
            )
            .with_help("convert with --lossy to drop them; the warning says what was dropped"));
        }
        dropped.push(what);
    }
    Ok(())
}

/// A three-check or crazyhouse case (`fen`, the text of its `epd` line, its name and counts)
/// as the EPD line python-chess writes for it: the variant's position fields as the suite
/// writes them (a crazyhouse pocket in brackets or as a ninth rank), the clocks as `hmvc` and
/// `fmvn` where the suite's line writes them, the name as `id`, the counts as `D<n>`. Spans
/// of a refusal are in `fen`.
fn variant_case(
    variant: chess::variant::Variant,
    fen: &str,
    id: Option<&str>,
    counts: &[(u32, u64)],
    settings: ReadSettings,
) -> Result<super::VariantEpd, Rejection> {
    let dialect = Dialect::detect(variant, fen);
    let parsed = VariantParser::new(variant)
        .dialect(dialect)
        .lenient(true)
        .check_position(false)
        .castling_mode(settings.castling_mode)
        .parse(fen)
        .map_err(|error| Rejection::from(finding_of(error.to_finding())))?;
    let position = parsed.position;
    // The EPD form: python-chess's, but a pocket written as a ninth rank stays one.
    let written = if dialect == Dialect::Lichess && variant == chess::variant::Variant::Crazyhouse {
        Dialect::Lichess
    } else {
        Dialect::Stockfish
    };
    let text = position.display_as(written).to_string();
    let fields = if variant == chess::variant::Variant::ThreeCheck {
        5
    } else {
        4
    };
    let mut line: String = text.split(' ').take(fields).collect::<Vec<_>>().join(" ");
    if writes_clocks(fen, fields) {
        let _ = write!(
            line,
            " hmvc {}; fmvn {};",
            position.fen.halfmove, position.fen.fullmove
        );
    }
    if let Some(id) = id {
        let escaped = id.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = write!(line, " id \"{escaped}\";");
    }
    for (depth, count) in counts {
        let _ = write!(line, " D{depth} {count};");
    }
    let mut read =
        super::variant_epd::read_line(variant, &line, settings).map_err(|rejection| {
            let mut finding = rejection.finding;
            finding.span = 0..fen.len();
            Rejection::from(finding)
        })?;
    read.dialect = written;
    Ok(read)
}

/// Whether an EPD line writes its clocks (`hmvc`, `fmvn`).
fn clocks_written(epd: &chess::epd::Epd) -> bool {
    epd.operation("hmvc").is_some() || epd.operation("fmvn").is_some()
}

/// Whether the text of a case's `epd` line writes the clocks: more words than `fields`, the
/// position fields of its variant's EPD form.
fn writes_clocks(fen: &str, fields: usize) -> bool {
    fen.split([' ', '\t']).filter(|w| !w.is_empty()).count() > fields
}

/// A case's position as its `epd` line writes it: the four fields, and the clocks only when
/// they are not `0 1`.
fn epd_position(fen: &dfen::Dfen, settings: ReadSettings) -> String {
    let writer = settings.writer(dfen::Profile::Spec, dfen::rules::Game::Standard);
    let (six, _) = writer.to_fen_lossy(fen);
    if fen.halfmove == 0 && fen.fullmove.get() == 1 {
        six.split(' ').take(4).collect::<Vec<_>>().join(" ")
    } else {
        six
    }
}

/// A case (its position, its name, its counts) as one EPD line: the name as the `id`
/// operation and each count as `D<depth>`, as Stockfish's perft suites write them
/// (`… ;D1 20 ;D2 400`), here in EPD's canonical form (`id "name"; D1 20; D2 400;`).
fn case_as_epd(
    position: &Position,
    id: Option<&str>,
    counts: &[(u32, u64)],
    clocks: bool,
    settings: ReadSettings,
    len: usize,
) -> Result<Position, Rejection> {
    let fen = match position {
        Position::Dfen(fen) => fen.as_ref().clone(),
        Position::Variant(variant) if variant.dropped_by_standard_fen().is_empty() => {
            variant.fen.clone()
        }
        _ => {
            return Err(Rejection::new(
                crate::code::FenkitCode::RecordPartDropped,
                0..len,
                "EPD cannot hold this case: its position's variant state (pockets, checks) \
                 and its `id` and perft counts cannot share one line"
                    .to_owned(),
            )
            .with_help(
                "check the suite with `fenkit check --verify-perft`; it converts only whole",
            ));
        }
    };
    let epd = chess::epd::Epd::from_fen(&fen).map_err(|error| {
        Rejection::new(
            crate::code::FenkitCode::NotEpd,
            0..len,
            format!(
                "EPD cannot hold this position: it would drop {}",
                error.dropped.join(" and ")
            ),
        )
    })?;
    let mut line = epd.to_string();
    if clocks && !clocks_written(&epd) {
        line.push_str(" hmvc 0; fmvn 1;");
    }
    if let Some(id) = id {
        let escaped = id.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = write!(line, " id \"{escaped}\";");
    }
    for (depth, count) in counts {
        let _ = write!(line, " D{depth} {count};");
    }
    let parsed = super::epd::read_line(&line, settings)?;
    Ok(Position::Epd(Box::new(parsed.epd)))
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
        let mut identity = None;
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
                    // The variant's identity (`spec/identity.md` §2.2), for `--duplicates`
                    // and `dedupe`; a rejected line has none.
                    identity = work
                        .identity()
                        .map(|ep| Identity::of_key(position.identity_key(ep)));
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
        Analysis::accepted(findings, canonical, identity)
    }
}
