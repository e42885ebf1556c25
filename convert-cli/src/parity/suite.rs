//! The conformance suite: its files, embedded in the binary, and the cases they hold.
//!
//! The suite lives in `spec/conformance/v1/`: a `manifest.json` and one JSON-lines file per
//! notation. `spec/conformance.md` documents the case format; this module reads it.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;

/// The suite version this binary carries.
pub(crate) const VERSION: u32 = 1;

/// Every file of the suite, by its path relative to the suite root, with its contents.
pub(crate) const FILES: &[(&str, &str)] = &[
    ("README.md", include_str!("../../../spec/conformance.md")),
    (
        "v1/manifest.json",
        include_str!("../../../spec/conformance/v1/manifest.json"),
    ),
    (
        "v1/dfen.jsonl",
        include_str!("../../../spec/conformance/v1/dfen.jsonl"),
    ),
    (
        "v1/fen4.jsonl",
        include_str!("../../../spec/conformance/v1/fen4.jsonl"),
    ),
    (
        "v1/ndjson4.jsonl",
        include_str!("../../../spec/conformance/v1/ndjson4.jsonl"),
    ),
    (
        "v1/rules.jsonl",
        include_str!("../../../spec/conformance/v1/rules.jsonl"),
    ),
];

/// The notations the suite has cases for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum)]
pub(crate) enum Kind {
    /// Dice Chess FEN
    Dfen,
    /// FEN4 placement literals
    Fen4,
    /// NDJSON4 replay files (listed and copied, not run by `parity`)
    Ndjson4,
    /// Legal first moves under the Maximum Micro-moves rule
    Rules,
}

impl Kind {
    /// Every kind, in file order.
    pub(crate) const ALL: [Kind; 4] = [Kind::Dfen, Kind::Fen4, Kind::Ndjson4, Kind::Rules];

    /// The name used in case files and on the command line.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Dfen => "dfen",
            Kind::Fen4 => "fen4",
            Kind::Ndjson4 => "ndjson4",
            Kind::Rules => "rules",
        }
    }

    fn file(self) -> String {
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
        input,
        expect,
        reason: raw.reason,
    })
}

/// Reads the cases of one notation from the text of its JSON-lines file.
///
/// # Errors
/// A message with the line number of the first malformed case.
pub(crate) fn parse_cases(kind: Kind, text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let raw: RawCase = serde_json::from_str(line)
            .map_err(|e| format!("{}:{}: invalid case: {e}", kind.file(), i + 1))?;
        cases.push(convert(raw, kind).map_err(|e| format!("{}:{}: {e}", kind.file(), i + 1))?);
    }
    Ok(cases)
}

/// The embedded text of one notation's case file.
fn embedded(kind: Kind) -> &'static str {
    let file = kind.file();
    FILES
        .iter()
        .find(|(path, _)| *path == file)
        .map_or("", |(_, text)| *text)
}

/// The cases of the given notations, from the embedded suite or from a suite directory (a copy
/// written by `fenkit suite copy`, or `spec/conformance`).
///
/// # Errors
/// A message when a file cannot be read or a case is malformed.
pub(crate) fn load(kinds: &[Kind], dir: Option<&Path>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for &kind in kinds {
        let text = match dir {
            None => embedded(kind).to_owned(),
            Some(dir) => {
                let path = dir.join(kind.file());
                std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            }
        };
        cases.extend(parse_cases(kind, &text)?);
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
        let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), cases.len(), "case names are unique");
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
