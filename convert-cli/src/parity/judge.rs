//! What an adapter answered, and whether that agrees with a case.

use std::collections::BTreeSet;

use serde::Serialize;

use super::exec::{Ending, Run};
use super::suite::{Case, Expect};

/// An adapter's answer to one input, in the suite's terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "lowercase")]
pub(crate) enum Got {
    /// Exit 0 (or `"ok":true`): the canonical form, and the finding codes when batch mode
    /// reported them.
    Accept {
        /// Standard output without its final line end.
        canonical: String,
        /// Distinct finding codes, sorted; `None` when the answer did not say.
        #[serde(skip_serializing_if = "Option::is_none")]
        findings: Option<Vec<String>>,
    },
    /// Exit 1 (or `"ok":false`).
    Reject {
        /// The `CODE:` at the start of standard error, or the batch answer's `code`.
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<String>,
        /// The batch answer's `ref_code`.
        #[serde(skip_serializing_if = "Option::is_none")]
        ref_code: Option<i64>,
        /// The batch answer's `offset`.
        #[serde(skip_serializing_if = "Option::is_none")]
        offset: Option<u64>,
        /// Standard error (per case) or the answer's `message` (batch), trimmed.
        #[serde(skip_serializing_if = "String::is_empty")]
        message: String,
    },
    /// Rules mode: the moves printed, one per line.
    Moves {
        /// The distinct moves.
        moves: BTreeSet<String>,
    },
    /// The adapter failed: another exit status, a signal, a timeout, or an unreadable answer.
    Broken {
        /// What went wrong.
        problem: String,
        /// The start of its standard error, if any.
        #[serde(skip_serializing_if = "String::is_empty")]
        stderr: String,
    },
}

/// Removes one final `\n` or `\r\n`.
pub(crate) fn trim_line_end(text: &str) -> &str {
    let text = text.strip_suffix('\n').unwrap_or(text);
    text.strip_suffix('\r').unwrap_or(text)
}

fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    match text.char_indices().nth(400) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// The `CODE` of a `CODE: message` line, when the line starts with one.
fn leading_code(stderr: &str) -> Option<String> {
    let first = stderr.lines().next()?;
    let (code, _) = first.split_once(':')?;
    let code = code.trim();
    let plausible = !code.is_empty()
        && code.len() <= 32
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    plausible.then(|| code.to_owned())
}

/// Reads a per-case run of a parse adapter.
pub(crate) fn per_case(run: &Run) -> Got {
    match run.ending {
        Ending::Exit(0) => match std::str::from_utf8(&run.stdout) {
            Ok(text) => Got::Accept {
                canonical: trim_line_end(text).to_owned(),
                findings: None,
            },
            Err(_) => Got::Broken {
                problem: "exit status 0 but standard output is not UTF-8".to_owned(),
                stderr: excerpt(&run.stderr),
            },
        },
        Ending::Exit(1) => {
            let stderr = String::from_utf8_lossy(&run.stderr);
            Got::Reject {
                code: leading_code(&stderr),
                ref_code: None,
                offset: None,
                message: excerpt(&run.stderr),
            }
        }
        ref other => Got::Broken {
            problem: other.to_string(),
            stderr: excerpt(&run.stderr),
        },
    }
}

/// Reads a rules-mode run: exit 0 and one UCI move per line.
pub(crate) fn moves(run: &Run) -> Got {
    match run.ending {
        Ending::Exit(0) => Got::Moves {
            moves: String::from_utf8_lossy(&run.stdout)
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .map(str::to_owned)
                .collect(),
        },
        ref other => Got::Broken {
            problem: other.to_string(),
            stderr: excerpt(&run.stderr),
        },
    }
}

/// Reads one batch answer line.
pub(crate) fn batch_line(line: &str) -> Got {
    let broken = |problem: String| Got::Broken {
        problem,
        stderr: String::new(),
    };
    let value: serde_json::Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(error) => return broken(format!("the answer is not JSON ({error}): {line:?}")),
    };
    let text = |key: &str| value.get(key).and_then(|v| v.as_str()).map(str::to_owned);
    match value.get("ok").and_then(serde_json::Value::as_bool) {
        Some(true) => match text("canonical") {
            Some(canonical) => Got::Accept {
                canonical,
                findings: value
                    .get("findings")
                    .and_then(|f| f.as_array())
                    .map(|items| {
                        items
                            .iter()
                            .filter_map(|item| item.get("code").and_then(|c| c.as_str()))
                            .map(str::to_owned)
                            .collect::<BTreeSet<_>>()
                            .into_iter()
                            .collect()
                    }),
            },
            None => broken(format!(
                "\"ok\":true without a \"canonical\" string: {line}"
            )),
        },
        Some(false) => Got::Reject {
            code: text("code"),
            ref_code: value.get("ref_code").and_then(serde_json::Value::as_i64),
            offset: value.get("offset").and_then(serde_json::Value::as_u64),
            message: text("message").unwrap_or_default(),
        },
        None => broken(format!("the answer has no boolean \"ok\": {line}")),
    }
}

/// The adapter failed before answering this input.
pub(crate) fn missing(run: &Run, answered: usize) -> Got {
    Got::Broken {
        problem: format!(
            "no answer: the batch adapter {} after {answered} answers",
            run.ending
        ),
        stderr: excerpt(&run.stderr),
    }
}

/// How an answer compares with a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It agrees.
    Pass,
    /// It does not; the sentence says how.
    Fail(String),
}

/// Compares an answer with a case. With `codes`, rejection codes (and, when the answer gives
/// them, FEN4 reference codes, offsets and finding codes) must match as well.
pub(crate) fn judge(case: &Case, got: &Got, codes: bool) -> Verdict {
    use Verdict::{Fail, Pass};
    match (&case.expect, got) {
        (_, Got::Broken { problem, .. }) => Fail(format!("the adapter failed: {problem}")),
        (
            Expect::Accept {
                canonical,
                findings,
            },
            Got::Accept {
                canonical: c,
                findings: f,
            },
        ) => {
            if c != canonical {
                return Fail("accepted, but the canonical form differs".to_owned());
            }
            match f {
                Some(f) if codes && f != findings => Fail(format!(
                    "accepted with finding codes {}, expected {}",
                    list(f),
                    list(findings)
                )),
                _ => Pass,
            }
        }
        (Expect::Accept { .. }, Got::Reject { .. }) => {
            Fail("rejected, but the spec accepts it".to_owned())
        }
        (Expect::Reject { .. }, Got::Accept { .. }) => {
            Fail("accepted, but the spec rejects it".to_owned())
        }
        (
            Expect::Reject {
                code,
                ref_code,
                offset,
            },
            Got::Reject {
                code: c,
                ref_code: r,
                offset: o,
                ..
            },
        ) => {
            if !codes {
                return Pass;
            }
            let reference = ref_code.map(|r| r.to_string());
            let code_ok = match c {
                Some(c) => c == code || reference.as_deref() == Some(c.as_str()),
                None => false,
            };
            if !code_ok {
                return Fail(format!(
                    "rejected with code {}, expected {code}",
                    c.as_deref().unwrap_or("(none)")
                ));
            }
            if let (Some(want), Some(got)) = (ref_code, r)
                && i64::from(*want) != *got
            {
                return Fail(format!("reference code {got}, expected {want}"));
            }
            if let (Some(want), Some(got)) = (offset, o)
                && want != got
            {
                return Fail(format!("offset {got}, expected {want}"));
            }
            Pass
        }
        (Expect::Moves(want), Got::Moves { moves }) => {
            if want == moves {
                Pass
            } else {
                let missing: Vec<_> = want.difference(moves).cloned().collect();
                let extra: Vec<_> = moves.difference(want).cloned().collect();
                Fail(format!(
                    "moves differ: missing {}, unexpected {}",
                    list(&missing),
                    list(&extra)
                ))
            }
        }
        (expect, got) => Fail(format!(
            "cannot compare {} with {}",
            expected_kind(expect),
            got_kind(got)
        )),
    }
}

fn expected_kind(expect: &Expect) -> &'static str {
    match expect {
        Expect::Accept { .. } => "an accepting case",
        Expect::Reject { .. } => "a rejecting case",
        Expect::Moves(_) => "a rules case",
        Expect::Lines => "an NDJSON4 case",
    }
}

fn got_kind(got: &Got) -> &'static str {
    match got {
        Got::Accept { .. } => "an acceptance",
        Got::Reject { .. } => "a rejection",
        Got::Moves { .. } => "a move list",
        Got::Broken { .. } => "a failure",
    }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "(none)".to_owned()
    } else {
        items.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parity::suite::Kind;

    fn case(expect: Expect) -> Case {
        Case {
            name: "n_x".to_owned(),
            kind: Kind::Fen4,
            profile: "spec".to_owned(),
            input: Vec::new(),
            expect,
            reason: String::new(),
        }
    }

    fn run(code: i32, stdout: &str, stderr: &str) -> Run {
        Run {
            ending: Ending::Exit(code),
            stdout: stdout.as_bytes().to_vec(),
            stderr: stderr.as_bytes().to_vec(),
        }
    }

    #[test]
    fn per_case_answers() {
        assert_eq!(
            per_case(&run(0, "x\r\n", "")),
            Got::Accept {
                canonical: "x".to_owned(),
                findings: None
            }
        );
        let Got::Reject { code, .. } = per_case(&run(1, "", "FEN4008: out of range\n")) else {
            panic!("a rejection")
        };
        assert_eq!(code.as_deref(), Some("FEN4008"));
        let Got::Reject { code, .. } = per_case(&run(1, "", "error at offset 3\n")) else {
            panic!("a rejection")
        };
        assert_eq!(code, None);
        assert!(matches!(per_case(&run(2, "", "")), Got::Broken { .. }));
    }

    #[test]
    fn codes_match_by_name_or_reference_number() {
        let expect = Expect::Reject {
            code: "FEN4008".to_owned(),
            ref_code: Some(-4),
            offset: Some(17),
        };
        let reject = |code: &str, offset| Got::Reject {
            code: Some(code.to_owned()),
            ref_code: None,
            offset,
            message: String::new(),
        };
        let c = case(expect);
        assert_eq!(judge(&c, &reject("FEN4008", None), true), Verdict::Pass);
        assert_eq!(judge(&c, &reject("-4", Some(17)), true), Verdict::Pass);
        assert!(matches!(
            judge(&c, &reject("-3", None), true),
            Verdict::Fail(_)
        ));
        assert!(matches!(
            judge(&c, &reject("-4", Some(16)), true),
            Verdict::Fail(_)
        ));
        assert_eq!(judge(&c, &reject("-3", None), false), Verdict::Pass);
    }

    #[test]
    fn batch_lines() {
        assert_eq!(
            batch_line(r#"{"ok":true,"canonical":"c","findings":[{"code":"B"},{"code":"A"}]}"#),
            Got::Accept {
                canonical: "c".to_owned(),
                findings: Some(vec!["A".to_owned(), "B".to_owned()])
            }
        );
        assert!(matches!(batch_line("nope"), Got::Broken { .. }));
        assert!(matches!(batch_line(r#"{"ok":1}"#), Got::Broken { .. }));
    }
}
