//! The conformance suite: its files, embedded in the binary, and the cases they hold.
//!
//! The suite lives in `spec/conformance/v1/`: a `manifest.json` and one JSON-lines file per
//! notation. `spec/conformance.md` documents the case format; this module reads it. A suite
//! read from a directory (`parity --suite DIR`) is first checked against its manifest.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;

/// The suite version this binary carries.
pub(crate) const VERSION: u32 = 1;

/// The `README.md` of a copy written by `fenkit suite copy`: what is where.
const COPY_README: &str = "\
# fenkit conformance suite, version 1

A copy of fenkit's conformance suite for DFEN, FEN4, NDJSON4, the Dice Chess rules and the
variant FENs of three-check, crazyhouse and two-move chess, written by `fenkit suite copy`. It is plain data: JSON lines that any language can read.

- [spec/conformance.md](spec/conformance.md): the case format, and how to run a parser over
  the suite with `fenkit parity` or with your own harness.
- [spec/adapter-protocol.md](spec/adapter-protocol.md): what an adapter command must answer.
- [spec/dfen.md](spec/dfen.md), [spec/chess960.md](spec/chess960.md),
  [spec/fen4.md](spec/fen4.md), [spec/ndjson4.md](spec/ndjson4.md),
  [spec/rules.md](spec/rules.md), [spec/identity.md](spec/identity.md) and
  [spec/variants.md](spec/variants.md): the specs the cases follow. A case's `reason` cites
  their sections: `(s3)` is section 3 of the spec of the case's notation.
- `v1/manifest.json`: the version, and for each case file its notation, spec, case count and
  SHA-256. `fenkit parity --suite DIR` refuses a case file that does not match it.
- `v1/dfen.jsonl`, `v1/fen4.jsonl`, `v1/ndjson4.jsonl`, `v1/rules.jsonl`,
  `v1/variants.jsonl`: the cases.

Run a parser over this copy:

```console
$ fenkit parity --suite DIR --cmd 'my-parser --notation {notation} --profile {profile}'
$ fenkit parity --suite DIR --notation variants \
    --cmd 'my-parser --variant {variant} --dialect {dialect}'
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
];

/// The notations the suite has cases for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum)]
pub(crate) enum Kind {
    /// Dice Chess FEN
    Dfen,
    /// FEN4 placement literals
    Fen4,
    /// NDJSON4 replay files (data for your own harness: `parity` cannot run them)
    Ndjson4,
    /// Legal first moves under the Maximum Micro-moves rule
    Rules,
    /// Variant FENs: three-check, crazyhouse and two-move chess, in each of their dialects
    Variants,
}

impl Kind {
    /// Every kind, in file order.
    pub(crate) const ALL: [Kind; 5] = [
        Kind::Dfen,
        Kind::Fen4,
        Kind::Ndjson4,
        Kind::Rules,
        Kind::Variants,
    ];

    /// The name used in case files and on the command line.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Dfen => "dfen",
            Kind::Fen4 => "fen4",
            Kind::Ndjson4 => "ndjson4",
            Kind::Rules => "rules",
            Kind::Variants => "variants",
        }
    }

    /// The case file's path relative to the suite root, e.g. `v1/dfen.jsonl`.
    pub(crate) fn file(self) -> String {
        format!("v{VERSION}/{}.jsonl", self.name())
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
    /// Which notation (and file) it belongs to.
    pub(crate) kind: Kind,
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
    /// The input, byte-exact.
    pub(crate) input: Vec<u8>,
    /// What it expects.
    pub(crate) expect: Expect,
    /// Why, in one line.
    pub(crate) reason: String,
}

impl Case {
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

fn convert(raw: RawCase, kind: Kind) -> Result<Case, String> {
    let name = raw.name;
    if raw.notation != kind.name() {
        return Err(format!(
            "{name}: expected notation {:?}, found {:?}",
            kind.name(),
            raw.notation
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
    let _ = raw.l_star;
    let king_capture = match (kind, raw.king_capture.as_deref()) {
        (_, None) => "first".to_owned(),
        (Kind::Rules, Some(reading @ ("first" | "any"))) => reading.to_owned(),
        (Kind::Rules, Some(other)) => {
            return Err(format!(
                "{name}: expected king_capture \"first\" or \"any\", found {other:?}"
            ));
        }
        (_, Some(_)) => return Err(format!("{name}: king_capture is for rules cases only")),
    };
    let (variant, dialect) = variant_and_dialect(&name, kind, raw.variant, raw.dialect)?;
    let expect = match (kind, raw.verdict.as_deref()) {
        (Kind::Rules, _) => Expect::Moves(
            raw.moves
                .ok_or_else(|| format!("{name}: a rules case needs `moves`"))?
                .into_iter()
                .collect(),
        ),
        (Kind::Ndjson4, _) => Expect::Lines,
        (_, Some("accept")) => Expect::Accept {
            canonical: raw
                .canonical
                .ok_or_else(|| format!("{name}: an accepted case needs `canonical`"))?,
            findings: findings(raw.findings),
        },
        (_, Some("reject")) => Expect::Reject {
            code: raw
                .code
                .ok_or_else(|| format!("{name}: a rejected case needs `code`"))?,
            ref_code: raw.ref_code,
            offset: raw.offset,
        },
        (_, other) => {
            return Err(format!(
                "{name}: expected verdict \"accept\" or \"reject\", found {other:?}"
            ));
        }
    };
    Ok(Case {
        name,
        kind,
        profile: raw.profile,
        king_capture,
        variant,
        dialect,
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
    kind: Kind,
    variant: Option<String>,
    dialect: Option<String>,
) -> Result<(String, String), String> {
    match (kind, variant, dialect) {
        (Kind::Variants, Some(variant), Some(dialect)) => {
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
        (Kind::Variants, _, _) => Err(format!(
            "{name}: a variant case needs `variant` and `dialect`"
        )),
        (_, None, None) => Ok(match kind {
            Kind::Dfen | Kind::Rules => ("dice".to_owned(), "essay".to_owned()),
            Kind::Fen4 | Kind::Ndjson4 | Kind::Variants => (String::new(), String::new()),
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
pub(crate) fn parse_cases(kind: Kind, source: &str, text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let raw: RawCase = serde_json::from_str(line)
            .map_err(|e| format!("{source}:{}: invalid case: {e}", i + 1))?;
        cases.push(convert(raw, kind).map_err(|e| format!("{source}:{}: {e}", i + 1))?);
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
        kind: Kind,
        file: &str,
        bytes: &[u8],
        cases: usize,
    ) -> Result<(), String> {
        let name = format!("{}.jsonl", kind.name());
        let entry = self
            .files
            .iter()
            .find(|f| f.path == name)
            .ok_or_else(|| format!("{source}: expected an entry for {name}, found none"))?;
        let digest = super::sha256::hex_digest(bytes);
        if entry.cases != cases || !entry.sha256.eq_ignore_ascii_case(&digest) {
            return Err(format!(
                "{file} does not match {source}: expected {} {} with SHA-256 {}, found {cases} \
                 {} with SHA-256 {digest}; a released suite's files never change (restore the \
                 file, e.g. with `fenkit suite copy --force`)",
                entry.cases,
                super::judge::plural(entry.cases, "case", "cases"),
                entry.sha256,
                super::judge::plural(cases, "case", "cases"),
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
pub(crate) fn load(kinds: &[Kind], dir: Option<&Path>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let Some(dir) = dir else {
        for &kind in kinds {
            let source = format!("the built-in suite's {}", kind.file());
            cases.extend(parse_cases(kind, &source, embedded(&kind.file()))?);
        }
        return Ok(cases);
    };
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err("not a directory".to_owned()),
        Err(error) => return Err(crate::walk::describe(&error)),
    }
    let read = |relative: &str| {
        let path = dir.join(relative);
        std::fs::read(&path)
            .map(|bytes| (path.display().to_string(), bytes))
            .map_err(|e| crate::input::InputError::io(path.display().to_string(), &e).to_string())
    };
    let (source, bytes) = read(&format!("v{VERSION}/manifest.json"))?;
    let manifest = Manifest::parse(&source, &String::from_utf8_lossy(&bytes))?;
    for &kind in kinds {
        let (file, bytes) = read(&kind.file())?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| format!("{file}: the file is not UTF-8: {e}"))?;
        let parsed = parse_cases(kind, &file, text)?;
        manifest.check(&source, kind, &file, &bytes, parsed.len())?;
        cases.extend(parsed);
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_suite_loads() {
        let cases = load(&Kind::ALL, None).unwrap();
        let count = |kind| cases.iter().filter(|c| c.kind == kind).count();
        assert!(count(Kind::Dfen) >= 150);
        assert!(count(Kind::Fen4) >= 100);
        assert!(count(Kind::Rules) >= 20);
        assert!(count(Kind::Ndjson4) >= 20);
        assert!(count(Kind::Variants) >= 100);
        let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), cases.len(), "case names are unique");
    }

    /// A rules case's reading of the king-capture exemption: `first` unless it says `any`;
    /// any other value, or the key on another notation's case, is a malformed case.
    #[test]
    fn rules_cases_carry_a_king_capture_reading() {
        let cases = load(&[Kind::Rules], None).unwrap();
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
        let error = parse_cases(Kind::Rules, "f", &line("all", "rules")).unwrap_err();
        assert!(
            error.contains("expected king_capture \"first\" or \"any\", found \"all\""),
            "{error}"
        );
        let error = parse_cases(Kind::Dfen, "f", &line("any", "dfen")).unwrap_err();
        assert!(
            error.contains("king_capture is for rules cases only"),
            "{error}"
        );
    }

    /// The built-in files agree with the built-in manifest, as a copy must.
    #[test]
    fn the_embedded_manifest_matches_the_embedded_files() {
        let manifest = Manifest::parse("manifest", embedded("v1/manifest.json")).unwrap();
        assert_eq!(manifest.files.len(), Kind::ALL.len());
        for kind in Kind::ALL {
            let text = embedded(&kind.file());
            let count = parse_cases(kind, "file", text).unwrap().len();
            manifest
                .check("manifest", kind, "file", text.as_bytes(), count)
                .unwrap();
        }
        let text = embedded("v1/rules.jsonl");
        let error = manifest
            .check("manifest", Kind::Rules, "rules", text.as_bytes(), 1)
            .unwrap_err();
        let count = parse_cases(Kind::Rules, "file", text).unwrap().len();
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
                "spec/variants.md"
            ]
        );
        for spec in specs {
            assert!(FILES.iter().any(|(path, _)| *path == spec), "{spec}");
        }
    }

    /// A variant case names a known variant and dialect; other cases name none, and DFEN and
    /// rules cases reach the adapter as the `dice` variant's `essay` form.
    #[test]
    fn variant_cases_carry_a_variant_and_a_dialect() {
        let cases = load(&[Kind::Variants, Kind::Dfen, Kind::Fen4], None).unwrap();
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
        let error = parse_cases(Kind::Variants, "f", &line("variants", "")).unwrap_err();
        assert!(
            error.contains("a variant case needs `variant` and `dialect`"),
            "{error}"
        );
        for (kind, suite, keys, expected) in [
            (
                Kind::Variants,
                "variants",
                r#""variant":"atomic","dialect":"essay","#,
                "found \"atomic\"",
            ),
            (
                Kind::Variants,
                "variants",
                r#""variant":"twomove","dialect":"fics","#,
                "found \"fics\"",
            ),
            (
                Kind::Dfen,
                "dfen",
                r#""variant":"twomove","dialect":"essay","#,
                "for variant cases only",
            ),
        ] {
            let error = parse_cases(kind, "f", &line(suite, keys)).unwrap_err();
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
        let cases = load(&[Kind::Dfen], None).unwrap();
        let case = cases
            .iter()
            .find(|c| c.name == "n_dfen_invalid_utf8")
            .unwrap();
        assert!(std::str::from_utf8(&case.input).is_err());
        assert_eq!(case.input.last(), Some(&0xff));
    }
}
