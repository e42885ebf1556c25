//! What an adapter answered, and whether that agrees with a case.

use std::collections::BTreeSet;

use serde::Serialize;

use super::exec::{Ending, Run};
use super::suite::{Case, Expect};

/// An adapter's answer to one input, in the suite's terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
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
    /// Exit 1 with one `CODE: message` line on standard error (or `"ok":false` with a
    /// `"code"`).
    Reject {
        /// The `CODE` of the `CODE: message` line, or the batch answer's `code`.
        code: String,
        /// The batch answer's `ref_code`.
        #[serde(skip_serializing_if = "Option::is_none")]
        ref_code: Option<i64>,
        /// The batch answer's `offset`.
        #[serde(skip_serializing_if = "Option::is_none")]
        offset: Option<u64>,
        /// The message after `CODE: ` (per case) or the answer's `message` (batch).
        #[serde(skip_serializing_if = "String::is_empty")]
        message: String,
    },
    /// Rules mode: the moves printed, one per line.
    Moves {
        /// The distinct moves.
        moves: BTreeSet<String>,
    },
    /// Exit 1 (or `"ok":false`) without a rejection in the protocol's shape: most often an
    /// uncaught exception, which many runtimes report with exit status 1. It counts as a
    /// failure of the adapter, not as a rejection.
    BadRejection {
        /// What is wrong with it.
        problem: String,
        /// The start of its standard error, if any.
        #[serde(skip_serializing_if = "String::is_empty")]
        stderr: String,
    },
    /// The adapter failed: another exit status, a signal, a timeout, or an unreadable answer.
    Broken {
        /// What went wrong.
        problem: String,
        /// The start of its standard error, if any.
        #[serde(skip_serializing_if = "String::is_empty")]
        stderr: String,
        /// How the process ended, when that alone is the failure (an exit status other than 0
        /// and 1, a signal, a timeout, no start): what a systematic failure is told by.
        #[serde(skip)]
        ending: Option<Ending>,
    },
}

/// Removes one final `\n` or `\r\n` (a `\r` alone stays: it is part of the answer).
pub(crate) fn trim_line_end(text: &str) -> &str {
    match text.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => text,
    }
}

/// Lines of standard error kept in a report: the first few and the last few (where an
/// exception's own message usually is).
const HEAD_LINES: usize = 3;
const TAIL_LINES: usize = 4;
/// Characters kept of one standard-error line.
const LINE_CHARS: usize = 200;

/// The start and end of an adapter's standard error, trimmed, at most
/// `HEAD_LINES + TAIL_LINES` lines of at most `LINE_CHARS` characters each.
fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.trim().lines().map(str::trim_end).collect();
    let cut = |line: &str| match line.char_indices().nth(LINE_CHARS) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_owned(),
    };
    if lines.len() <= HEAD_LINES + TAIL_LINES {
        return lines.iter().map(|l| cut(l)).collect::<Vec<_>>().join("\n");
    }
    let left_out = lines.len() - HEAD_LINES - TAIL_LINES;
    let mut kept: Vec<String> = lines[..HEAD_LINES].iter().map(|l| cut(l)).collect();
    kept.push(format!(
        "… ({left_out} {} left out)",
        plural(left_out, "line", "lines")
    ));
    kept.extend(lines[lines.len() - TAIL_LINES..].iter().map(|l| cut(l)));
    kept.join("\n")
}

/// `one` when `n` is 1, else `many`.
pub(crate) fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// Whether `code` can be the `CODE` of a `CODE: message` line: 1 to 32 ASCII letters, digits,
/// `-` or `_` (so `DFEN012`, `FEN4008` and reference numbers such as `-4` all qualify).
fn plausible_code(code: &str) -> bool {
    (1..=32).contains(&code.len())
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Reads the standard error of an exit-1 run as a rejection, exactly as adapter-protocol.md's
/// table says: nothing but ASCII white space on standard output, and standard error (read as
/// UTF-8, a bad byte as U+FFFD) exactly one line `CODE: message` after one final `\n` or
/// `\r\n` is removed: a plausible `CODE`, a colon and a space, then a message that is not
/// only white space. The error says what is wrong.
fn rejection(stdout: &[u8], stderr: &[u8]) -> Result<(String, String), String> {
    if !stdout.iter().all(u8::is_ascii_whitespace) {
        return Err("standard output holds more than white space".to_owned());
    }
    if stderr.is_empty() {
        return Err("standard error is empty".to_owned());
    }
    let text = String::from_utf8_lossy(stderr);
    if text.trim().is_empty() {
        return Err("standard error holds only white space".to_owned());
    }
    let text = trim_line_end(&text);
    let first = text.split('\n').next().unwrap_or_default();
    let first = first.strip_suffix('\r').unwrap_or(first);
    let Some((code, rest)) = first
        .split_once(':')
        .filter(|(code, _)| plausible_code(code))
    else {
        return Err("standard error does not start with a `CODE: message` line".to_owned());
    };
    let message = match rest.strip_prefix(' ') {
        Some(message) => message,
        None if rest.trim().is_empty() => "",
        None => {
            return Err(format!(
                "`{code}:` is not followed by a space, as `CODE: message` needs"
            ));
        }
    };
    if message.trim().is_empty() {
        return Err(format!("the message after `{code}:` is empty"));
    }
    let lines = text.split('\n').count();
    if lines > 1 {
        return Err(format!(
            "standard error holds {lines} lines, not one `CODE: message` line"
        ));
    }
    Ok((code.to_owned(), message.trim().to_owned()))
}

/// The answer when an adapter passed the output cap.
fn overflowed(run: &Run, stream: &str) -> Got {
    Got::Broken {
        problem: format!(
            "it wrote more than {} to {stream}, the runner's cap per answer; the runner \
             stopped reading, and the adapter then {}",
            super::exec::mib(super::exec::MAX_OUTPUT),
            run.ending.clause()
        ),
        stderr: if stream == "standard error" {
            String::new()
        } else {
            excerpt(&run.stderr)
        },
        ending: None,
    }
}

/// Reads a per-case run of a parse adapter.
pub(crate) fn per_case(run: &Run) -> Got {
    if let Some(stream) = run.overflow {
        return overflowed(run, stream);
    }
    match run.ending {
        Ending::Exit(0) => match std::str::from_utf8(&run.stdout) {
            Ok(text) => Got::Accept {
                canonical: trim_line_end(text).to_owned(),
                findings: None,
            },
            Err(error) => Got::Broken {
                problem: format!(
                    "exit status 0, but standard output is not UTF-8 (byte 0x{:02x} at offset \
                     {}), so it is not an acceptance",
                    run.stdout
                        .get(error.valid_up_to())
                        .copied()
                        .unwrap_or_default(),
                    error.valid_up_to()
                ),
                stderr: excerpt(&run.stderr),
                ending: None,
            },
        },
        Ending::Exit(1) => match rejection(&run.stdout, &run.stderr) {
            Ok((code, message)) => Got::Reject {
                code,
                ref_code: None,
                offset: None,
                message,
            },
            Err(why) => Got::BadRejection {
                problem: format!("exit status 1, but not a rejection: {why}"),
                stderr: excerpt(&run.stderr),
            },
        },
        ref other => Got::Broken {
            problem: other.to_string(),
            stderr: excerpt(&run.stderr),
            ending: Some(other.clone()),
        },
    }
}

/// Reads a rules-mode run: exit 0 and one UCI move per line.
pub(crate) fn moves(run: &Run) -> Got {
    if let Some(stream) = run.overflow {
        return overflowed(run, stream);
    }
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
            ending: Some(other.clone()),
        },
    }
}

/// Reads one batch answer line (without its line end), as adapter-protocol.md's batch table
/// says: UTF-8 JSON with a boolean `"ok"`; `"ok":true` with a `"canonical"` string is an
/// acceptance, `"ok":false` with a `"code"` of a `CODE`'s form a rejection.
pub(crate) fn batch_line(line: &[u8]) -> Got {
    let broken = |problem: String| Got::Broken {
        problem,
        stderr: String::new(),
        ending: None,
    };
    let line = match std::str::from_utf8(line) {
        Ok(line) => line,
        Err(error) => {
            return broken(format!(
                "the answer is not UTF-8 (byte 0x{:02x} at offset {}): {:?}",
                line.get(error.valid_up_to()).copied().unwrap_or_default(),
                error.valid_up_to(),
                String::from_utf8_lossy(line)
            ));
        }
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
        Some(false) => match text("code") {
            Some(code) if plausible_code(&code) => Got::Reject {
                code,
                ref_code: value.get("ref_code").and_then(serde_json::Value::as_i64),
                offset: value.get("offset").and_then(serde_json::Value::as_u64),
                message: text("message").unwrap_or_default(),
            },
            Some(_) => Got::BadRejection {
                problem: format!(
                    "\"ok\":false, but not a rejection: \"code\" is not 1 to 32 ASCII letters, \
                     digits, `-` or `_`: {line}"
                ),
                stderr: String::new(),
            },
            None => Got::BadRejection {
                problem: format!("\"ok\":false, but not a rejection: no \"code\" string: {line}"),
                stderr: String::new(),
            },
        },
        None => broken(format!("the answer has no boolean \"ok\": {line}")),
    }
}

/// Every input of a batch process that wrote more answers than it was sent inputs: with an
/// answer too many, no answer can be matched to its input.
pub(crate) fn too_many(run: &Run, inputs: usize, answers: usize) -> Got {
    Got::Broken {
        problem: format!(
            "the batch adapter wrote {answers} answer lines for {inputs} {}, so no answer can \
             be matched to its input (the protocol asks for exactly one line per input)",
            plural(inputs, "input", "inputs")
        ),
        stderr: excerpt(&run.stderr),
        ending: None,
    }
}

/// The adapter failed before answering this input.
pub(crate) fn missing(run: &Run, answered: usize) -> Got {
    let cap = match run.overflow {
        Some("standard output") => format!(
            " (it wrote more than {} to standard output, the runner's cap for a batch, so the \
             runner stopped reading)",
            super::exec::mib(super::exec::MAX_BATCH_OUTPUT)
        ),
        _ => String::new(),
    };
    Got::Broken {
        problem: format!(
            "no answer: the batch adapter {} after {answered} {}{cap}",
            run.ending.clause(),
            plural(answered, "answer", "answers")
        ),
        stderr: excerpt(&run.stderr),
        // An adapter that never answered failed by how it ended alone.
        ending: (answered == 0 && run.overflow.is_none()).then(|| run.ending.clone()),
    }
}

/// How an answer compares with a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It agrees.
    Pass,
    /// It does not.
    Fail(Mismatch),
}

/// How an answer disagrees with a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mismatch {
    /// The kind of disagreement.
    pub(crate) kind: MismatchKind,
    /// One sentence saying how they differ.
    pub(crate) text: String,
}

/// The kinds of disagreement. The fuzzer's minimiser keeps only smaller inputs that show the
/// same kind (and the same codes) as the input it started from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum MismatchKind {
    /// The adapter failed, or answered out of the protocol's shape.
    AdapterFailed,
    /// Rejected, but it should be accepted.
    Rejected,
    /// Accepted, but it should be rejected.
    Accepted,
    /// Both accept, with different canonical forms.
    Canonical,
    /// Both accept, with different finding codes.
    Findings,
    /// Both reject, with different codes.
    Code,
    /// Both reject, with different FEN4 reference codes.
    ReferenceCode,
    /// Both reject, at different FEN4 reference offsets.
    Offset,
    /// Different sets of legal moves.
    Moves,
    /// The answer is of a kind the case cannot be compared with.
    Incomparable,
}

fn fail(kind: MismatchKind, text: impl Into<String>) -> Verdict {
    Verdict::Fail(Mismatch {
        kind,
        text: text.into(),
    })
}

/// Compares an answer with a case. With `codes`, rejection codes (and, when the answer gives
/// them, FEN4 reference codes, offsets and finding codes) must match as well.
pub(crate) fn judge(case: &Case, got: &Got, codes: bool) -> Verdict {
    judge_by(case, got, codes, "the spec")
}

/// [`judge`], naming the source of the expected answer (`the spec`, or `fenkit` when fuzzing)
/// in the sentences that say how an answer differs.
pub(crate) fn judge_by(case: &Case, got: &Got, codes: bool, authority: &str) -> Verdict {
    use MismatchKind as K;
    match (&case.expect, got) {
        (_, Got::Broken { problem, .. } | Got::BadRejection { problem, .. }) => {
            fail(K::AdapterFailed, format!("the adapter failed: {problem}"))
        }
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
                return fail(K::Canonical, "accepted, but the canonical form differs");
            }
            match f {
                Some(f) if codes && f != findings => fail(
                    K::Findings,
                    format!(
                        "accepted with finding codes {}, expected {}",
                        list(f),
                        list(findings)
                    ),
                ),
                _ => Verdict::Pass,
            }
        }
        (Expect::Accept { .. }, Got::Reject { .. }) => {
            fail(K::Rejected, format!("rejected, but {authority} accepts it"))
        }
        (Expect::Reject { .. }, Got::Accept { .. }) => {
            fail(K::Accepted, format!("accepted, but {authority} rejects it"))
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
                return Verdict::Pass;
            }
            let reference = ref_code.map(|r| r.to_string());
            if c != code && reference.as_deref() != Some(c.as_str()) {
                return fail(K::Code, format!("rejected with code {c}, expected {code}"));
            }
            if let (Some(want), Some(got)) = (ref_code, r)
                && i64::from(*want) != *got
            {
                return fail(
                    K::ReferenceCode,
                    format!("reference code {got}, expected {want}"),
                );
            }
            if let (Some(want), Some(got)) = (offset, o)
                && want != got
            {
                return fail(K::Offset, format!("offset {got}, expected {want}"));
            }
            Verdict::Pass
        }
        (Expect::Moves(want), Got::Moves { moves }) => {
            if want == moves {
                Verdict::Pass
            } else {
                let missing: Vec<_> = want.difference(moves).cloned().collect();
                let extra: Vec<_> = moves.difference(want).cloned().collect();
                fail(
                    K::Moves,
                    format!(
                        "moves differ: missing {}, unexpected {}",
                        list(&missing),
                        list(&extra)
                    ),
                )
            }
        }
        (expect, got) => fail(
            K::Incomparable,
            format!(
                "cannot compare {} with {}",
                expected_kind(expect),
                got_kind(got)
            ),
        ),
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
        Got::BadRejection { .. } | Got::Broken { .. } => "a failure",
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
    use crate::parity::suite::SuiteFile;

    /// One final `\n` or `\r\n` ends an answer; a `\r` alone is part of it.
    #[test]
    fn only_a_line_end_is_trimmed() {
        assert_eq!(trim_line_end("canon\n"), "canon");
        assert_eq!(trim_line_end("canon\r\n"), "canon");
        assert_eq!(trim_line_end("canon\r"), "canon\r");
        assert_eq!(trim_line_end("canon\n\n"), "canon\n");
        assert_eq!(trim_line_end("canon"), "canon");
    }

    fn case(expect: Expect) -> Case {
        Case {
            name: "n_x".to_owned(),
            file: SuiteFile::named("fen4").unwrap(),
            profile: "spec".to_owned(),
            king_capture: "first".to_owned(),
            variant: String::new(),
            dialect: String::new(),
            castling: "standard".to_owned(),
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
            overflow: None,
        }
    }

    fn reject(code: &str, message: &str) -> Got {
        Got::Reject {
            code: code.to_owned(),
            ref_code: None,
            offset: None,
            message: message.to_owned(),
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
        assert_eq!(
            per_case(&run(1, "", "FEN4008: out of range\n")),
            reject("FEN4008", "out of range")
        );
        assert_eq!(
            per_case(&run(1, "", "-4: out of range\r\n")),
            reject("-4", "out of range")
        );
        assert!(matches!(per_case(&run(2, "", "")), Got::Broken { .. }));
        // One final line end is allowed, a missing one too, and white space on standard output.
        assert_eq!(
            per_case(&run(1, " \n", "DFEN002: x")),
            reject("DFEN002", "x")
        );
        // The message is what follows `: `; a lone `\r` inside it is no line end.
        assert_eq!(
            per_case(&run(1, "", "DFEN002:  two: parts\rmore\n")),
            reject("DFEN002", "two: parts\rmore")
        );
    }

    /// An acceptance needs UTF-8 on standard output: the canonical form is text.
    #[test]
    fn exit_0_without_utf8_is_not_an_acceptance() {
        let mut bad = run(0, "", "");
        bad.stdout = b"8/8 \xff\n".to_vec();
        assert_eq!(
            per_case(&bad),
            Got::Broken {
                problem: "exit status 0, but standard output is not UTF-8 (byte 0xff at offset \
                          4), so it is not an acceptance"
                    .to_owned(),
                stderr: String::new(),
                ending: None,
            }
        );
        // The four characters `\xff` are text.
        assert_eq!(
            per_case(&run(0, "\\xff\n", "")),
            Got::Accept {
                canonical: "\\xff".to_owned(),
                findings: None
            }
        );
    }

    /// Exit status 1 is a rejection only in the protocol's shape; anything else (most often an
    /// uncaught exception) is a failure of the adapter.
    #[test]
    fn exit_1_out_of_shape_is_not_a_rejection() {
        for (stdout, stderr, why) in [
            ("", "", "standard error is empty"),
            (
                "",
                "error at offset 3\n",
                "standard error does not start with a `CODE: message` line",
            ),
            ("", "\n", "standard error holds only white space"),
            ("", "DFEN012:\n", "the message after `DFEN012:` is empty"),
            ("", "DFEN002: \n", "the message after `DFEN002:` is empty"),
            (
                "",
                "DFEN002:  \t\r\n",
                "the message after `DFEN002:` is empty",
            ),
            (
                "",
                "DFEN002:x\n",
                "`DFEN002:` is not followed by a space, as `CODE: message` needs",
            ),
            (
                "",
                "DFEN002 x: y\n",
                "standard error does not start with a `CODE: message` line",
            ),
            (
                "",
                "DFEN002: x\n\n",
                "standard error holds 2 lines, not one `CODE: message` line",
            ),
            (
                "",
                "DFEN002: x\r\n\r\n",
                "standard error holds 2 lines, not one `CODE: message` line",
            ),
            (
                "",
                "Traceback (most recent call last):\n  File \"crash.py\", line 3, in <module>\n\
                 NameError: name 'undefined_name' is not defined\n",
                "standard error does not start with a `CODE: message` line",
            ),
            (
                "",
                "DFEN012: bad dice\nat Checker.check(Checker.java:12)\n",
                "standard error holds 2 lines, not one `CODE: message` line",
            ),
            (
                "partial\n",
                "DFEN012: bad dice\n",
                "standard output holds more than white space",
            ),
        ] {
            assert_eq!(
                per_case(&run(1, stdout, stderr)),
                Got::BadRejection {
                    problem: format!("exit status 1, but not a rejection: {why}"),
                    stderr: excerpt(stderr.as_bytes()),
                },
                "{stderr:?}"
            );
        }
    }

    #[test]
    fn a_bad_rejection_fails_every_case() {
        let bad = per_case(&run(1, "", "Traceback (most recent call last):\n  boom\n"));
        let rejecting = case(Expect::Reject {
            code: "FEN4008".to_owned(),
            ref_code: None,
            offset: None,
        });
        assert!(matches!(
            judge(&rejecting, &bad, false),
            Verdict::Fail(Mismatch {
                kind: MismatchKind::AdapterFailed,
                ..
            })
        ));
    }

    #[test]
    fn long_standard_error_keeps_its_head_and_tail() {
        let stderr: String = (1..=20).map(|i| format!("line {i}\n")).collect();
        assert_eq!(
            excerpt(stderr.as_bytes()),
            "line 1\nline 2\nline 3\n… (13 lines left out)\nline 17\nline 18\nline 19\nline 20"
        );
        assert_eq!(excerpt(b"  one\ntwo  \n\n"), "one\ntwo");
    }

    #[test]
    fn an_output_overflow_is_named() {
        let mut overflow = run(141, "yyyy", "");
        overflow.overflow = Some("standard output");
        let Got::Broken { problem, .. } = per_case(&overflow) else {
            panic!("a failure")
        };
        assert_eq!(
            problem,
            "it wrote more than 4 MiB to standard output, the runner's cap per answer; the \
             runner stopped reading, and the adapter then exited with status 141"
        );
    }

    #[test]
    fn missing_batch_answers_are_counted_in_words() {
        let Got::Broken { problem, .. } = missing(&run(0, "", ""), 1) else {
            panic!("a failure")
        };
        assert_eq!(
            problem,
            "no answer: the batch adapter exited with status 0 after 1 answer"
        );
        let Got::Broken { problem, .. } = missing(&run(3, "", ""), 8) else {
            panic!("a failure")
        };
        assert_eq!(
            problem,
            "no answer: the batch adapter exited with status 3 after 8 answers"
        );
    }

    #[test]
    fn codes_match_by_name_or_reference_number() {
        let expect = Expect::Reject {
            code: "FEN4008".to_owned(),
            ref_code: Some(-4),
            offset: Some(17),
        };
        let reject = |code: &str, offset| Got::Reject {
            code: code.to_owned(),
            ref_code: None,
            offset,
            message: String::new(),
        };
        let c = case(expect);
        let kind = |verdict| match verdict {
            Verdict::Pass => None,
            Verdict::Fail(m) => Some(m.kind),
        };
        assert_eq!(judge(&c, &reject("FEN4008", None), true), Verdict::Pass);
        assert_eq!(judge(&c, &reject("-4", Some(17)), true), Verdict::Pass);
        assert_eq!(
            kind(judge(&c, &reject("-3", None), true)),
            Some(MismatchKind::Code)
        );
        assert_eq!(
            kind(judge(&c, &reject("-4", Some(16)), true)),
            Some(MismatchKind::Offset)
        );
        assert_eq!(judge(&c, &reject("-3", None), false), Verdict::Pass);
    }

    #[test]
    fn batch_lines() {
        let line = |text: &str| batch_line(text.as_bytes());
        assert_eq!(
            line(r#"{"ok":true,"canonical":"c","findings":[{"code":"B"},{"code":"A"}]}"#),
            Got::Accept {
                canonical: "c".to_owned(),
                findings: Some(vec!["A".to_owned(), "B".to_owned()])
            }
        );
        assert_eq!(
            line(r#"{"ok":false,"code":"-4","ref_code":-4,"offset":3,"message":"m"}"#),
            Got::Reject {
                code: "-4".to_owned(),
                ref_code: Some(-4),
                offset: Some(3),
                message: "m".to_owned()
            }
        );
        let problem = |got: Got| match got {
            Got::Broken { problem, .. } => format!("broken: {problem}"),
            Got::BadRejection { problem, .. } => format!("bad rejection: {problem}"),
            other => format!("an answer: {other:?}"),
        };
        for (text, want) in [
            (
                "nope",
                "broken: the answer is not JSON (expected ident at line 1 column 2): \"nope\"",
            ),
            (
                r#"{"ok":1}"#,
                r#"broken: the answer has no boolean "ok": {"ok":1}"#,
            ),
            (
                r#"{"ok":true}"#,
                r#"broken: "ok":true without a "canonical" string: {"ok":true}"#,
            ),
            (
                r#"{"ok":false,"message":"boom"}"#,
                r#"bad rejection: "ok":false, but not a rejection: no "code" string: {"ok":false,"message":"boom"}"#,
            ),
            (
                r#"{"ok":false,"code":""}"#,
                r#"bad rejection: "ok":false, but not a rejection: "code" is not 1 to 32 ASCII letters, digits, `-` or `_`: {"ok":false,"code":""}"#,
            ),
            (
                r#"{"ok":false,"code":"DFEN 2"}"#,
                r#"bad rejection: "ok":false, but not a rejection: "code" is not 1 to 32 ASCII letters, digits, `-` or `_`: {"ok":false,"code":"DFEN 2"}"#,
            ),
        ] {
            assert_eq!(problem(line(text)), want, "{text}");
        }
        assert_eq!(
            problem(batch_line(b"{\"ok\":true,\"canonical\":\"\xff\"}")),
            "broken: the answer is not UTF-8 (byte 0xff at offset 24): \"{\\\"ok\\\":true,\\\"canonical\\\":\\\"\u{fffd}\\\"}\""
        );
    }

    #[test]
    fn too_many_answers_name_both_counts() {
        let Got::Broken { problem, .. } = too_many(&run(0, "", ""), 1, 2) else {
            panic!("a failure")
        };
        assert_eq!(
            problem,
            "the batch adapter wrote 2 answer lines for 1 input, so no answer can be matched to \
             its input (the protocol asks for exactly one line per input)"
        );
    }
}
