//! The conformance suite: its files, embedded in the binary, and the cases they hold.
//!
//! The suite lives in `spec/conformance/v1/`: a `manifest.json` and one JSON-lines file per
//! notation. `spec/conformance.md` documents the case format; this module reads it. A suite
//! read from a directory (`parity --suite DIR`) is first checked against its manifest.

use std::collections::BTreeSet;
use std::path::Path;

use chess::variant::{Dialect, Variant};
use serde::Deserialize;

use notation::{Entry, Notation, Options, TABLE};

/// The suite version this binary carries.
pub(crate) const VERSION: u32 = 1;

/// The `README.md` of a copy written by `fenkit suite copy`: what is where.
const COPY_README: &str = "\
# fenkit conformance suite, version 1

A copy of fenkit's conformance suite for DFEN, FEN4, NDJSON4, the Dice Chess rules, the
variant FENs of three-check, crazyhouse and two-move chess, EPD, and the positions of eight
variants judged by their rules, and PGN movetext and games, written by `fenkit suite copy`. It is plain data: JSON lines
that any language can read.

- [spec/conformance.md](spec/conformance.md): the case format, and how to run a parser over
  the suite with `fenkit parity` or with your own harness.
- [spec/adapter-protocol.md](spec/adapter-protocol.md): what an adapter command must answer.
- [spec/dfen.md](spec/dfen.md), [spec/chess960.md](spec/chess960.md),
  [spec/fen4.md](spec/fen4.md), [spec/ndjson4.md](spec/ndjson4.md),
  [spec/rules.md](spec/rules.md), [spec/identity.md](spec/identity.md),
  [spec/variants.md](spec/variants.md), [spec/epd.md](spec/epd.md) and
  [spec/pgn.md](spec/pgn.md): the specs the cases follow. A case's `reason` cites
  their sections: `(s3)` is section 3 of the spec of the case's notation.
- `v1/manifest.json`: the version, and for each case file its notation, spec, case count and
  SHA-256. `fenkit parity --suite DIR` refuses a case file that does not match it.
- `v1/dfen.jsonl`, `v1/fen4.jsonl`, `v1/ndjson4.jsonl`, `v1/rules.jsonl`,
  `v1/variants.jsonl`, `v1/chess960.jsonl`, `v1/epd.jsonl`, `v1/movetext.jsonl`,
  `v1/pgn.jsonl`: the cases (`chess960.jsonl` holds DFENs read in Chess960 mode,
  `{castling}`; each `pgn.jsonl` input is a whole PGN text over several lines).
- `v1/antichess.jsonl`, `v1/giveaway.jsonl`, `v1/atomic.jsonl`, `v1/horde.jsonl`,
  `v1/racingkings.jsonl`, `v1/kingofthehill.jsonl`, `v1/threecheck.jsonl`,
  `v1/crazyhouse.jsonl`: positions judged by each variant's rules, as python-chess judges
  them (listed under `variant_rules` in the manifest).

Run a parser over this copy:

```console
$ fenkit parity --suite DIR --cmd 'my-parser --notation {notation} --profile {profile}'
$ fenkit parity --suite DIR --notation variants \
    --cmd 'my-parser --variant {variant} --dialect {dialect}'
$ fenkit parity --suite DIR --notation chess960 --cmd 'my-parser --castling {castling}'
$ fenkit parity --suite DIR --notation antichess --cmd 'my-parser --variant {variant}'
```
";

/// Every file of the suite, by its path relative to the suite root, with its contents: the
/// case files and manifest, and every document they and the README refer to, so that a copy
/// is complete on its own.
pub(crate) const FILES: &[(&str, &str)] = &[
    ("README.md", COPY_README),
    (
        "spec/conformance.md",
        include_str!("../../spec/conformance.md"),
    ),
    (
        "spec/adapter-protocol.md",
        include_str!("../../spec/adapter-protocol.md"),
    ),
    ("spec/dfen.md", include_str!("../../spec/dfen.md")),
    ("spec/chess960.md", include_str!("../../spec/chess960.md")),
    ("spec/fen4.md", include_str!("../../spec/fen4.md")),
    ("spec/ndjson4.md", include_str!("../../spec/ndjson4.md")),
    ("spec/rules.md", include_str!("../../spec/rules.md")),
    ("spec/identity.md", include_str!("../../spec/identity.md")),
    ("spec/variants.md", include_str!("../../spec/variants.md")),
    ("spec/epd.md", include_str!("../../spec/epd.md")),
    ("spec/pgn.md", include_str!("../../spec/pgn.md")),
    (
        "v1/manifest.json",
        include_str!("../../spec/conformance/v1/manifest.json"),
    ),
    (
        "v1/dfen.jsonl",
        include_str!("../../spec/conformance/v1/dfen.jsonl"),
    ),
    (
        "v1/fen4.jsonl",
        include_str!("../../spec/conformance/v1/fen4.jsonl"),
    ),
    (
        "v1/ndjson4.jsonl",
        include_str!("../../spec/conformance/v1/ndjson4.jsonl"),
    ),
    (
        "v1/rules.jsonl",
        include_str!("../../spec/conformance/v1/rules.jsonl"),
    ),
    (
        "v1/variants.jsonl",
        include_str!("../../spec/conformance/v1/variants.jsonl"),
    ),
    (
        "v1/chess960.jsonl",
        include_str!("../../spec/conformance/v1/chess960.jsonl"),
    ),
    (
        "v1/epd.jsonl",
        include_str!("../../spec/conformance/v1/epd.jsonl"),
    ),
    (
        "v1/movetext.jsonl",
        include_str!("../../spec/conformance/v1/movetext.jsonl"),
    ),
    (
        "v1/pgn.jsonl",
        include_str!("../../spec/conformance/v1/pgn.jsonl"),
    ),
    (
        "v1/antichess.jsonl",
        include_str!("../../spec/conformance/v1/antichess.jsonl"),
    ),
    (
        "v1/giveaway.jsonl",
        include_str!("../../spec/conformance/v1/giveaway.jsonl"),
    ),
    (
        "v1/atomic.jsonl",
        include_str!("../../spec/conformance/v1/atomic.jsonl"),
    ),
    (
        "v1/horde.jsonl",
        include_str!("../../spec/conformance/v1/horde.jsonl"),
    ),
    (
        "v1/racingkings.jsonl",
        include_str!("../../spec/conformance/v1/racingkings.jsonl"),
    ),
    (
        "v1/kingofthehill.jsonl",
        include_str!("../../spec/conformance/v1/kingofthehill.jsonl"),
    ),
    (
        "v1/threecheck.jsonl",
        include_str!("../../spec/conformance/v1/threecheck.jsonl"),
    ),
    (
        "v1/crazyhouse.jsonl",
        include_str!("../../spec/conformance/v1/crazyhouse.jsonl"),
    ),
];

/// One case file of the suite: the cases of a notation, or of the rules engine. The notations'
/// own entries (`notation::TABLE`) say which file covers them and whether `parity`
/// runs it.
#[derive(Debug)]
pub(crate) struct SuiteFile {
    /// The name in case files, in the manifest and on the command line (`--notation`).
    pub(crate) name: &'static str,
    /// What `suite list --notation` says of it.
    help: &'static str,
    /// What `parity --notation` says of it, when `parity` runs it.
    parity_help: Option<&'static str>,
    /// Whether `parity` runs it when no `--notation` is given.
    by_default: bool,
    /// Whether its cases are the rules engine's: the legal first moves of DFEN positions,
    /// through the rules protocol.
    pub(crate) rules: bool,
    /// For a file of cases read in a castling mode (`chess960`): the file whose notation its
    /// cases are written in, read in that mode (`{castling}`).
    pub(crate) castling: Option<(&'static str, &'static str)>,
    /// For a variant's rules file (the manifest's `variant_rules`, conformance.md section
    /// 2.1): the variant whose rules judge its positions, FENs as python-chess writes them.
    pub(crate) variant_rules: Option<::variants::Variant>,
}

impl PartialEq for SuiteFile {
    fn eq(&self, other: &SuiteFile) -> bool {
        self.name == other.name
    }
}

impl Eq for SuiteFile {}

/// Every case file, in the manifest's order.
pub(crate) static SUITE_FILES: [SuiteFile; 17] = [
    SuiteFile {
        name: "dfen",
        help: "Dice Chess FEN",
        parity_help: Some("DFEN cases, through the parse protocol"),
        by_default: true,
        rules: false,
        castling: None,
        variant_rules: None,
    },
    SuiteFile {
        name: "fen4",
        help: "FEN4 placement literals",
        parity_help: Some("FEN4 cases, through the parse protocol"),
        by_default: true,
        rules: false,
        castling: None,
        variant_rules: None,
    },
    SuiteFile {
        name: "ndjson4",
        help: "NDJSON4 replay files (data for your own harness: `parity` cannot run them)",
        parity_help: None,
        by_default: false,
        rules: false,
        castling: None,
        variant_rules: None,
    },
    SuiteFile {
        name: "rules",
        help: "Legal first moves under the Maximum Micro-moves rule",
        parity_help: Some("Rules cases: legal first moves in UCI"),
        by_default: false,
        rules: true,
        castling: None,
        variant_rules: None,
    },
    SuiteFile {
        name: "variants",
        help: "Variant FENs: three-check, crazyhouse and two-move chess, in each of their dialects",
        parity_help: Some(
            "Variant FEN cases (three-check, crazyhouse, two-move chess), through the parse \
             protocol with `{variant}` and `{dialect}`",
        ),
        by_default: false,
        rules: false,
        castling: None,
        variant_rules: None,
    },
    SuiteFile {
        name: "chess960",
        help: "DFEN read in Chess960 mode: castling in X-FEN and Shredder-FEN, sound and unsound rights",
        parity_help: Some(
            "DFEN cases read in Chess960 mode, through the parse protocol with `{castling}` \
             (`chess960`; for fenkit, `--chess960`)",
        ),
        by_default: false,
        rules: false,
        castling: Some(("dfen", "chess960")),
        variant_rules: None,
    },
    SuiteFile {
        name: "epd",
        help: "EPD lines: strings holding `;`, operations without operands, clocks where the \
               operations belong, illegal and ambiguous SAN",
        parity_help: Some("EPD cases, through the parse protocol"),
        by_default: false,
        rules: false,
        castling: None,
        variant_rules: None,
    },
    SuiteFile {
        name: "movetext",
        help: "PGN movetext from the standard start: canonical SAN, the fixes of `fmt`, illegal \
               moves in the mainline and in variations",
        parity_help: Some("PGN movetext cases, through the parse protocol"),
        by_default: false,
        rules: false,
        castling: None,
        variant_rules: None,
    },
    SuiteFile {
        name: "pgn",
        help: "PGN games, each a whole input over several lines: every PGN code at its token, \
               standard, Chess960 and variant games by their `Variant` tag",
        parity_help: Some(
            "PGN game cases, through the parse protocol (multi-line inputs: per case, or \
             batch with `--json-strings`)",
        ),
        by_default: false,
        rules: false,
        castling: None,
        variant_rules: None,
    },
    rules_file(
        "antichess",
        "Antichess positions judged by python-chess's rules: any number of kings, no castling",
        Some("Antichess cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::Antichess,
    ),
    rules_file(
        "giveaway",
        "Giveaway positions judged by python-chess's rules: antichess with castling",
        Some("Giveaway cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::Giveaway,
    ),
    rules_file(
        "atomic",
        "Atomic positions judged by python-chess's rules: kings may touch",
        Some("Atomic cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::Atomic,
    ),
    rules_file(
        "horde",
        "Horde positions judged by python-chess's rules: White's pawns and no king",
        Some("Horde cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::Horde,
    ),
    rules_file(
        "racingkings",
        "Racing kings positions judged by python-chess's rules: no checks, no pawns",
        Some("Racing kings cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::RacingKings,
    ),
    rules_file(
        "kingofthehill",
        "King of the hill positions judged by python-chess's rules",
        Some("King of the hill cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::KingOfTheHill,
    ),
    rules_file(
        "threecheck",
        "Three-check positions judged by python-chess's rules: remaining checks as `3+3`",
        Some("Three-check cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::ThreeCheck,
    ),
    rules_file(
        "crazyhouse",
        "Crazyhouse positions judged by python-chess's rules: pockets in brackets",
        Some("Crazyhouse cases, through the parse protocol with `{variant}`"),
        ::variants::Variant::Crazyhouse,
    ),
];

/// A variant's rules file: FENs of `variant` judged by its rules, run by `parity` when
/// `parity_help` says how.
const fn rules_file(
    name: &'static str,
    help: &'static str,
    parity_help: Option<&'static str>,
    variant: ::variants::Variant,
) -> SuiteFile {
    SuiteFile {
        name,
        help,
        parity_help,
        by_default: false,
        rules: false,
        castling: None,
        variant_rules: Some(variant),
    }
}

impl SuiteFile {
    /// The file named `name`.
    #[cfg(test)]
    pub(crate) fn named(name: &str) -> Option<&'static SuiteFile> {
        SUITE_FILES.iter().find(|file| file.name == name)
    }

    /// The files `parity` runs when no `--notation` is given.
    pub(crate) fn defaults() -> Vec<&'static SuiteFile> {
        SUITE_FILES.iter().filter(|file| file.by_default).collect()
    }

    /// The case file's path relative to the suite root, e.g. `v1/dfen.jsonl`.
    pub(crate) fn file(&self) -> String {
        format!("v{VERSION}/{}.jsonl", self.name)
    }

    /// The notations whose cases it holds (a castling mode's file: those of the file it reads
    /// in that mode).
    pub(crate) fn notations(&self) -> impl Iterator<Item = &'static Entry> + '_ {
        let name = self.castling.map_or(self.name, |(file, _)| file);
        TABLE
            .iter()
            .copied()
            .filter(move |entry| entry.suite.is_some_and(|suite| suite.file == name))
    }

    /// Whether `parity` runs its cases: the rules engine's, or those of a notation that says
    /// so.
    pub(crate) fn runnable(&self) -> bool {
        (self.variant_rules.is_some() && self.parity_help.is_some())
            || self.rules
            || self
                .notations()
                .any(|entry| entry.suite.is_some_and(|s| s.parity))
    }

    /// Whether each case names its notation's variant and dialect (the variants' file).
    pub(crate) fn names_variants(&self) -> bool {
        self.notations().any(|entry| entry.dialects)
    }

    /// Whether its cases are whole replay files, findings by line (NDJSON4).
    fn replays(&self) -> bool {
        self.notations().any(|entry| entry.replay.is_some())
    }

    /// The variant its positions are of, when one (`dice` for DFEN and rules cases).
    fn variant(&self) -> Option<Variant> {
        if self.rules {
            return Some(Variant::Dice);
        }
        self.notations().find_map(|entry| entry.variant)
    }
}

/// `suite list --notation`: any case file.
impl clap::ValueEnum for &'static SuiteFile {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: std::sync::LazyLock<Vec<&'static SuiteFile>> =
            std::sync::LazyLock::new(|| SUITE_FILES.iter().collect());
        &ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name).help(self.help))
    }
}

/// `parity --notation`: a case file `parity` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Runnable(pub(crate) &'static SuiteFile);

impl clap::ValueEnum for Runnable {
    fn value_variants<'a>() -> &'a [Self] {
        static RUNNABLE: std::sync::LazyLock<Vec<Runnable>> = std::sync::LazyLock::new(|| {
            SUITE_FILES
                .iter()
                .filter(|file| file.runnable())
                .map(Runnable)
                .collect()
        });
        &RUNNABLE
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = self.0.parity_help.unwrap_or(self.0.help);
        Some(clap::builder::PossibleValue::new(self.0.name).help(help))
    }
}

/// `[parity] notation` in the configuration, read by name as the flag reads it.
impl notation::choice::Choice for Runnable {
    fn offered() -> &'static [Self] {
        <Runnable as clap::ValueEnum>::value_variants()
    }

    fn name(self) -> &'static str {
        self.0.name
    }

    fn help(self) -> &'static str {
        self.0.parity_help.unwrap_or(self.0.help)
    }
}

/// What a case expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expect {
    /// The input is accepted and written as `canonical`, with these finding codes.
    Accept {
        /// The canonical form, fixable findings applied, in the profile's dialect.
        canonical: String,
        /// The distinct codes of every finding, sorted.
        findings: Vec<String>,
    },
    /// The input is rejected.
    Reject {
        /// fenkit's stable code, e.g. `DFEN012` or `FEN4008`.
        code: String,
        /// FEN4 only: the reference parsers' numeric code.
        ref_code: Option<i32>,
        /// FEN4 only: the reference parsers' character offset.
        offset: Option<u64>,
    },
    /// Rules: the exact set of legal first moves, in UCI.
    Moves(BTreeSet<String>),
    /// NDJSON4: findings by line (not run by the parity runner).
    Lines,
}

/// One case of the suite.
#[derive(Debug, Clone)]
pub(crate) struct Case {
    /// The stable name, e.g. `n_dfen_012_white_lower`.
    pub(crate) name: String,
    /// The case file it belongs to.
    pub(crate) file: &'static SuiteFile,
    /// The DFEN profile (`spec`, `lenient`, `engine`); `spec` for the other notations.
    pub(crate) profile: String,
    /// Rules cases: the reading of the king-capture exemption, `first` (the default) or `any`
    /// (spec/rules.md section 4); `first` for the other notations.
    pub(crate) king_capture: String,
    /// Variant cases: the variant (`threecheck`, `crazyhouse`, `twomove`); `dice` for DFEN and
    /// rules cases (spec/variants.md section 1), empty for FEN4 and NDJSON4 cases.
    pub(crate) variant: String,
    /// Variant cases: the dialect (`essay`, `stockfish`, `lichess`); `essay` for DFEN and rules
    /// cases, empty for FEN4 and NDJSON4 cases.
    pub(crate) dialect: String,
    /// How castling is read: `chess960` for the Chess960 cases, `standard` for the others.
    pub(crate) castling: String,
    /// The input, byte-exact.
    pub(crate) input: Vec<u8>,
    /// What it expects.
    pub(crate) expect: Expect,
    /// Why, in one line.
    pub(crate) reason: String,
}

impl Case {
    /// The notation its input is written in, in the case's dialect; DFEN for the rules
    /// engine's cases. `None` only for a case the loader would not have admitted.
    pub(crate) fn notation(&self) -> Option<Notation> {
        if let Some(variant) = self.file.variant_rules {
            // A FEN as python-chess writes it: standard FEN, or the Stockfish dialect of
            // three-check and crazyhouse.
            let (of, dialect) = match variant {
                ::variants::Variant::ThreeCheck => (Variant::ThreeCheck, Dialect::Stockfish),
                ::variants::Variant::Crazyhouse => (Variant::Crazyhouse, Dialect::Stockfish),
                _ => (Variant::Chess, Dialect::Essay),
            };
            let options = Options {
                dialect,
                write: dialect,
                ..Options::default()
            };
            return Notation::of_variant(of).map(|notation| match of {
                Variant::Chess => notation,
                _ => notation.with_options(options),
            });
        }
        if self.file.names_variants() {
            let variant: Variant = self.variant.parse().ok()?;
            let dialect: Dialect = self.dialect.parse().ok()?;
            let options = Options {
                dialect,
                write: dialect,
                ..Options::default()
            };
            return Notation::of_variant(variant).map(|notation| notation.with_options(options));
        }
        match self.file.notations().next() {
            Some(entry) => Some(Notation::of(entry)),
            None => self.file.variant().and_then(Notation::of_variant),
        }
    }

    /// Whether this case is implementation-defined (`i_`): a different answer is reported, but
    /// is not a failure.
    pub(crate) fn implementation_defined(&self) -> bool {
        self.name.starts_with("i_")
    }
}

/// A case line as written in the files.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: String,
    notation: String,
    profile: String,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    dialect: Option<String>,
    input: String,
    #[serde(default)]
    input_base64: Option<String>,
    #[serde(default)]
    verdict: Option<String>,
    #[serde(default)]
    canonical: Option<String>,
    #[serde(default)]
    findings: Option<serde_json::Value>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    ref_code: Option<i32>,
    #[serde(default)]
    offset: Option<u64>,
    #[serde(default)]
    moves: Option<Vec<String>>,
    #[serde(default)]
    l_star: Option<u32>,
    #[serde(default)]
    king_capture: Option<String>,
    #[serde(default)]
    castling: Option<String>,
    /// EPD cases: the JSON form's operations, which the library's tests check (the adapter
    /// protocol answers the canonical line and the codes).
    #[serde(default)]
    operations: Option<serde_json::Value>,
    /// PGN cases: every finding at its token (`code`, byte `start` and `end`), which the
    /// library's tests check (the adapter protocol answers codes, and a rejection's offset).
    #[serde(default)]
    spans: Option<serde_json::Value>,
    reason: String,
}

/// Decodes standard base64 (with or without padding).
///
/// # Errors
/// A message naming the first byte outside the alphabet.
pub(crate) fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let mut buffer = 0u32;
    let mut bits = 0u32;
    for (i, byte) in text.bytes().enumerate() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            other => {
                return Err(format!(
                    "invalid base64 at byte {i}: expected a base64 digit, found {:?}",
                    char::from(other)
                ));
            }
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((buffer >> bits) & 0xff) as u8);
        }
    }
    Ok(out)
}

fn convert(raw: RawCase, file: &'static SuiteFile) -> Result<Case, String> {
    let name = raw.name;
    if raw.notation != file.name {
        return Err(format!(
            "{name}: expected notation {:?}, found {:?}",
            file.name, raw.notation
        ));
    }
    let input = match &raw.input_base64 {
        Some(b64) => base64_decode(b64).map_err(|e| format!("{name}: {e}"))?,
        None => raw.input.into_bytes(),
    };
    let findings = |value: Option<serde_json::Value>| -> Vec<String> {
        let mut codes: Vec<String> = value
            .and_then(|v| v.as_array().cloned())
            .unwrap_or_default()
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        codes.dedup();
        codes
    };
    let _ = (raw.l_star, raw.operations, raw.spans);
    let king_capture = match (file.rules, raw.king_capture.as_deref()) {
        (_, None) => "first".to_owned(),
        (true, Some(reading @ ("first" | "any"))) => reading.to_owned(),
        (true, Some(other)) => {
            return Err(format!(
                "{name}: expected king_capture \"first\" or \"any\", found {other:?}"
            ));
        }
        (_, Some(_)) => return Err(format!("{name}: king_capture is for rules cases only")),
    };
    let (variant, dialect) = variant_and_dialect(&name, file, raw.variant, raw.dialect)?;
    let castling = match (file.castling, raw.castling) {
        (None, None) => "standard".to_owned(),
        (Some((_, mode)), Some(castling)) if castling == mode => castling,
        (Some((_, mode)), _) => {
            return Err(format!("{name}: expected castling {mode:?} in this file"));
        }
        (None, Some(_)) => {
            return Err(format!("{name}: castling is for the chess960 cases only"));
        }
    };
    let expect = match raw.verdict.as_deref() {
        _ if file.rules => Expect::Moves(
            raw.moves
                .ok_or_else(|| format!("{name}: a rules case needs `moves`"))?
                .into_iter()
                .collect(),
        ),
        _ if file.replays() => Expect::Lines,
        Some("accept") => Expect::Accept {
            canonical: raw
                .canonical
                .ok_or_else(|| format!("{name}: an accepted case needs `canonical`"))?,
            findings: findings(raw.findings),
        },
        Some("reject") => Expect::Reject {
            code: raw
                .code
                .ok_or_else(|| format!("{name}: a rejected case needs `code`"))?,
            ref_code: raw.ref_code,
            offset: raw.offset,
        },
        other => {
            return Err(format!(
                "{name}: expected verdict \"accept\" or \"reject\", found {other:?}"
            ));
        }
    };
    Ok(Case {
        name,
        file,
        profile: raw.profile,
        king_capture,
        variant,
        dialect,
        castling,
        input,
        expect,
        reason: raw.reason,
    })
}

/// The variants whose cases the suite holds, and the dialects a case may name (a variant
/// without the dialect expects `DFEN035`).
const VARIANTS: [&str; 3] = ["threecheck", "crazyhouse", "twomove"];
const DIALECTS: [&str; 3] = ["essay", "stockfish", "lichess"];

/// A case's variant and dialect: named by every variant case and by no other; DFEN and rules
/// cases are the `dice` variant's `essay` form.
fn variant_and_dialect(
    name: &str,
    file: &SuiteFile,
    variant: Option<String>,
    dialect: Option<String>,
) -> Result<(String, String), String> {
    if let Some(rules) = file.variant_rules {
        return match (variant, dialect) {
            (Some(variant), None) if variant == file.name => {
                // python-chess writes three-check and crazyhouse in Stockfish's dialect.
                let dialect = match rules {
                    ::variants::Variant::ThreeCheck | ::variants::Variant::Crazyhouse => {
                        "stockfish"
                    }
                    _ => "",
                };
                Ok((variant, dialect.to_owned()))
            }
            (Some(variant), None) => Err(format!(
                "{name}: expected variant {:?} in this file, found {variant:?}",
                file.name
            )),
            (None, _) => Err(format!("{name}: a variant's rules case needs `variant`")),
            (Some(_), Some(_)) => Err(format!(
                "{name}: a variant's rules case names no dialect (its input is written as \
                 python-chess writes it)"
            )),
        };
    }
    match (file.names_variants(), variant, dialect) {
        (true, Some(variant), Some(dialect)) => {
            if !VARIANTS.contains(&variant.as_str()) {
                return Err(format!(
                    "{name}: expected variant \"threecheck\", \"crazyhouse\" or \"twomove\", found {variant:?}"
                ));
            }
            if !DIALECTS.contains(&dialect.as_str()) {
                return Err(format!(
                    "{name}: expected dialect \"essay\", \"stockfish\" or \"lichess\", found {dialect:?}"
                ));
            }
            Ok((variant, dialect))
        }
        (true, _, _) => Err(format!(
            "{name}: a variant case needs `variant` and `dialect`"
        )),
        (false, None, None) => Ok(match file.variant() {
            Some(variant) => (variant.name().to_owned(), "essay".to_owned()),
            None => (String::new(), String::new()),
        }),
        (_, _, _) => Err(format!(
            "{name}: variant and dialect are for variant cases only"
        )),
    }
}

/// Reads the cases of one notation from the text of its JSON-lines file; `source` names the
/// file in messages.
///
/// # Errors
/// A message with the file and line number of the first malformed case.
pub(crate) fn parse_cases(
    file: &'static SuiteFile,
    source: &str,
    text: &str,
) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let raw: RawCase = serde_json::from_str(line)
            .map_err(|e| format!("{source}:{}: invalid case: {e}", i + 1))?;
        cases.push(convert(raw, file).map_err(|e| format!("{source}:{}: {e}", i + 1))?);
    }
    Ok(cases)
}

/// The embedded text of a suite file.
fn embedded(file: &str) -> &'static str {
    FILES
        .iter()
        .find(|(path, _)| *path == file)
        .map_or("", |(_, text)| *text)
}

/// The manifest, as far as it is checked.
#[derive(Deserialize)]
struct Manifest {
    version: u32,
    files: Vec<ManifestFile>,
    /// The variants' rules files, listed apart (conformance.md section 2.1).
    #[serde(default)]
    variant_rules: Vec<ManifestFile>,
}

/// One file entry of the manifest.
#[derive(Deserialize)]
struct ManifestFile {
    path: String,
    cases: usize,
    sha256: String,
}

impl Manifest {
    fn parse(source: &str, text: &str) -> Result<Manifest, String> {
        let manifest: Manifest = serde_json::from_str(text)
            .map_err(|e| format!("{source}: not a suite manifest: {e}"))?;
        if manifest.version != VERSION {
            return Err(format!(
                "{source}: expected suite version {VERSION}, found version {}",
                manifest.version
            ));
        }
        Ok(manifest)
    }

    /// Checks the bytes of one case file, holding `cases` cases, against its entry.
    fn check(
        &self,
        source: &str,
        suite_file: &SuiteFile,
        file: &str,
        bytes: &[u8],
        cases: usize,
    ) -> Result<(), String> {
        let name = format!("{}.jsonl", suite_file.name);
        let entry = self
            .files
            .iter()
            .chain(&self.variant_rules)
            .find(|f| f.path == name)
            .ok_or_else(|| format!("{source}: expected an entry for {name}, found none"))?;
        let digest = super::sha256::hex_digest(bytes);
        if entry.cases != cases || !entry.sha256.eq_ignore_ascii_case(&digest) {
            return Err(format!(
                "{file} does not match {source}: expected {} with SHA-256 {}, found {} with \
                 SHA-256 {digest}; a released suite's files never change (restore the file, e.g. \
                 with `fenkit suite copy --force`)",
                crate::output::plural(entry.cases, "case", "cases"),
                entry.sha256,
                crate::output::plural(cases, "case", "cases"),
            ));
        }
        Ok(())
    }
}

/// The cases of the given notations, from the embedded suite or from a suite directory (a copy
/// written by `fenkit suite copy`, or `spec/conformance`). The files of a directory must match
/// its manifest: the case count and the SHA-256 of each file read.
///
/// # Errors
/// A message naming the file (with the directory) when a file cannot be read, a case is
/// malformed, or a file does not match the manifest; saying only what is wrong when `dir`
/// itself is missing or not a directory (the caller names it).
pub(crate) fn load(files: &[&'static SuiteFile], dir: Option<&Path>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let Some(dir) = dir else {
        for &file in files {
            let source = format!("the built-in suite's {}", file.file());
            cases.extend(parse_cases(file, &source, embedded(&file.file()))?);
        }
        return Ok(cases);
    };
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err("not a directory".to_owned()),
        Err(error) => return Err(crate::input::describe(&error)),
    }
    let read = |relative: &str| {
        let path = dir.join(relative);
        std::fs::read(&path)
            .map(|bytes| (path.display().to_string(), bytes))
            .map_err(|e| crate::input::InputError::io(path.display().to_string(), &e).to_string())
    };
    let (source, bytes) = read(&format!("v{VERSION}/manifest.json"))?;
    let manifest = Manifest::parse(&source, &String::from_utf8_lossy(&bytes))?;
    for &suite_file in files {
        let (file, bytes) = read(&suite_file.file())?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| format!("{file}: the file is not UTF-8: {e}"))?;
        let parsed = parse_cases(suite_file, &file, text)?;
        manifest.check(&source, suite_file, &file, &bytes, parsed.len())?;
        cases.extend(parsed);
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The case file named `name`.
    fn file(name: &str) -> &'static SuiteFile {
        SuiteFile::named(name).unwrap()
    }

    /// Every case file.
    fn all() -> Vec<&'static SuiteFile> {
        SUITE_FILES.iter().collect()
    }

    /// The notations' entries and the suite's files agree: each notation the suite covers names
    /// a file, `parity` runs a notation's file exactly when the notation says so, and every
    /// file but the rules engine's covers a notation.
    #[test]
    fn the_notations_and_the_files_agree() {
        for entry in TABLE {
            if let Some(suite) = entry.suite {
                let named = SuiteFile::named(suite.file).expect(suite.file);
                assert_eq!(named.parity_help.is_some(), suite.parity, "{}", entry.name);
            }
        }
        for file in &SUITE_FILES {
            assert_eq!(
                file.notations().next().is_none(),
                file.rules || file.variant_rules.is_some(),
                "{}",
                file.name
            );
            assert_eq!(file.parity_help.is_some(), file.runnable(), "{}", file.name);
        }
    }

    #[test]
    fn the_embedded_suite_loads() {
        let cases = load(&all(), None).unwrap();
        let count = |name| cases.iter().filter(|c| c.file.name == name).count();
        assert!(count("dfen") >= 150);
        assert!(count("fen4") >= 100);
        assert!(count("rules") >= 20);
        assert!(count("ndjson4") >= 20);
        assert!(count("variants") >= 100);
        let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), cases.len(), "case names are unique");
    }

    /// A rules case's reading of the king-capture exemption: `first` unless it says `any`;
    /// any other value, or the key on another notation's case, is a malformed case.
    #[test]
    fn rules_cases_carry_a_king_capture_reading() {
        let cases = load(&[file("rules")], None).unwrap();
        let reading = |name: &str| {
            cases
                .iter()
                .find(|c| c.name == name)
                .map(|c| c.king_capture.as_str())
        };
        assert_eq!(
            reading("rules_king_capture_after_promotion_any"),
            Some("any")
        );
        assert_eq!(
            reading("rules_enabling_king_capture_not_exempt"),
            Some("first")
        );
        assert_eq!(reading("rules_castling_both_sides"), Some("first"));
        let line = |extra: &str, notation: &str| {
            format!(
                r#"{{"name":"x","notation":"{notation}","profile":"spec","input":"8/8/8/8/8/8/8/8 w - - 0 1 P","moves":[],"verdict":"accept","canonical":"","king_capture":"{extra}","reason":"r"}}"#
            )
        };
        let error = parse_cases(file("rules"), "f", &line("all", "rules")).unwrap_err();
        assert!(
            error.contains("expected king_capture \"first\" or \"any\", found \"all\""),
            "{error}"
        );
        let error = parse_cases(file("dfen"), "f", &line("any", "dfen")).unwrap_err();
        assert!(
            error.contains("king_capture is for rules cases only"),
            "{error}"
        );
    }

    /// The built-in files agree with the built-in manifest, as a copy must.
    #[test]
    fn the_embedded_manifest_matches_the_embedded_files() {
        let manifest = Manifest::parse("manifest", embedded("v1/manifest.json")).unwrap();
        assert_eq!(
            manifest.files.len() + manifest.variant_rules.len(),
            SUITE_FILES.len()
        );
        for suite_file in all() {
            let text = embedded(&suite_file.file());
            let count = parse_cases(suite_file, "file", text).unwrap().len();
            manifest
                .check("manifest", suite_file, "file", text.as_bytes(), count)
                .unwrap();
        }
        let text = embedded("v1/rules.jsonl");
        let error = manifest
            .check("manifest", file("rules"), "rules", text.as_bytes(), 1)
            .unwrap_err();
        let count = parse_cases(file("rules"), "file", text).unwrap().len();
        let want = format!("rules does not match manifest: expected {count} cases with SHA-256 ");
        assert!(error.starts_with(&want), "{error}");
    }

    /// Each manifest entry's `spec` is one path (conformance.md section 1), and a copy carries
    /// the file it names.
    #[test]
    fn the_manifest_cites_specs_by_path() {
        let manifest: serde_json::Value =
            serde_json::from_str(embedded("v1/manifest.json")).unwrap();
        let specs: Vec<&str> = manifest["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| entry["spec"].as_str().unwrap())
            .collect();
        assert_eq!(
            specs,
            [
                "spec/dfen.md",
                "spec/fen4.md",
                "spec/ndjson4.md",
                "spec/rules.md",
                "spec/variants.md",
                "spec/chess960.md",
                "spec/epd.md",
                "spec/pgn.md",
                "spec/pgn.md"
            ]
        );
        for spec in specs {
            assert!(FILES.iter().any(|(path, _)| *path == spec), "{spec}");
        }
    }

    /// A Chess960 case is read in Chess960 mode, as a DFEN; every other case in standard mode.
    #[test]
    fn chess960_cases_say_how_castling_is_read() {
        let cases = load(&[file("chess960"), file("dfen")], None).unwrap();
        for case in &cases {
            let chess960 = case.file.name == "chess960";
            assert_eq!(case.castling == "chess960", chess960, "{}", case.name);
            assert_eq!(
                case.notation().map(|n| n.name()),
                Some("dfen"),
                "{}",
                case.name
            );
        }
        let text = r#"{"name":"y_x","notation":"dfen","profile":"spec","input":"8/8/8/8/8/8/8/8 w - - 0 1 -","verdict":"accept","canonical":"","findings":[],"castling":"chess960","reason":"r"}"#;
        let error = parse_cases(file("dfen"), "dfen.jsonl", text).unwrap_err();
        assert!(
            error.contains("castling is for the chess960 cases only"),
            "{error}"
        );
    }

    /// A variant case names a known variant and dialect; other cases name none, and DFEN and
    /// rules cases reach the adapter as the `dice` variant's `essay` form.
    #[test]
    fn variant_cases_carry_a_variant_and_a_dialect() {
        let cases = load(&[file("variants"), file("dfen"), file("fen4")], None).unwrap();
        let of = |name: &str| {
            cases
                .iter()
                .find(|c| c.name == name)
                .map(|c| (c.variant.as_str(), c.dialect.as_str()))
        };
        assert_eq!(
            of("y_crazyhouse_lichess_empty_pocket"),
            Some(("crazyhouse", "lichess"))
        );
        assert_eq!(
            of("i_twomove_stockfish_035"),
            Some(("twomove", "stockfish"))
        );
        assert_eq!(of("y_dfen_start_fresh"), Some(("dice", "essay")));
        assert_eq!(of("y_fen4_empty_board"), Some(("", "")));
        let line = |notation: &str, keys: &str| {
            format!(
                r#"{{"name":"x","notation":"{notation}","profile":"spec",{keys}"input":"8/8/8/8/8/8/8/8 w - - 0 1","verdict":"reject","code":"DFEN002","reason":"r"}}"#
            )
        };
        let error = parse_cases(file("variants"), "f", &line("variants", "")).unwrap_err();
        assert!(
            error.contains("a variant case needs `variant` and `dialect`"),
            "{error}"
        );
        for (suite_file, suite, keys, expected) in [
            (
                file("variants"),
                "variants",
                r#""variant":"atomic","dialect":"essay","#,
                "found \"atomic\"",
            ),
            (
                file("variants"),
                "variants",
                r#""variant":"twomove","dialect":"fics","#,
                "found \"fics\"",
            ),
            (
                file("dfen"),
                "dfen",
                r#""variant":"twomove","dialect":"essay","#,
                "for variant cases only",
            ),
        ] {
            let error = parse_cases(suite_file, "f", &line(suite, keys)).unwrap_err();
            assert!(error.contains(expected), "{error}");
        }
    }

    /// A variant's rules case names its file's variant and no dialect; it reaches the adapter
    /// with that variant, and with the dialect python-chess writes (Stockfish's for
    /// three-check and crazyhouse, none for standard FEN).
    #[test]
    fn variant_rules_cases_carry_their_files_variant() {
        let files: Vec<&'static SuiteFile> = SUITE_FILES
            .iter()
            .filter(|file| file.variant_rules.is_some())
            .collect();
        assert_eq!(files.len(), 8);
        let cases = load(&files, None).unwrap();
        for case in &cases {
            assert_eq!(case.variant, case.file.name, "{}", case.name);
            let dialect = match case.file.name {
                "threecheck" | "crazyhouse" => "stockfish",
                _ => "",
            };
            assert_eq!(case.dialect, dialect, "{}", case.name);
            assert!(case.notation().is_some(), "{}", case.name);
        }
        for suite_file in &files {
            let name = suite_file.name;
            assert!(cases.iter().any(|c| c.file.name == name), "{name}");
            // `parity` runs all eight: three-check and crazyhouse too, judged by their rules.
            assert!(suite_file.runnable(), "{name}");
        }
        let line = |keys: &str| {
            format!(
                r#"{{"name":"x","notation":"atomic","profile":"spec",{keys}"input":"8/8/8/8/8/8/8/8 w - - 0 1","verdict":"reject","code":"VAR002","reason":"r"}}"#
            )
        };
        for (keys, expected) in [
            ("", "a variant's rules case needs `variant`"),
            (
                r#""variant":"horde","#,
                "expected variant \"atomic\" in this file",
            ),
            (
                r#""variant":"atomic","dialect":"essay","#,
                "names no dialect",
            ),
        ] {
            let error = parse_cases(file("atomic"), "f", &line(keys)).unwrap_err();
            assert!(error.contains(expected), "{error}");
        }
    }

    #[test]
    fn base64_round_trips_known_values() {
        assert_eq!(base64_decode("").unwrap(), b"");
        assert_eq!(base64_decode("Zg==").unwrap(), b"f");
        assert_eq!(base64_decode("Zm9vYmFy").unwrap(), b"foobar");
        assert_eq!(base64_decode("AP8=").unwrap(), [0x00, 0xff]);
        assert!(base64_decode("Zm9v!").is_err());
    }

    #[test]
    fn bytes_that_are_not_text_come_from_base64() {
        let cases = load(&[file("dfen")], None).unwrap();
        let case = cases
            .iter()
            .find(|c| c.name == "n_dfen_invalid_utf8")
            .unwrap();
        assert!(std::str::from_utf8(&case.input).is_err());
        assert_eq!(case.input.last(), Some(&0xff));
    }
}
