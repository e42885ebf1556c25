//! The parity runner's reports: human-readable text and one JSON document.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::judge::Got;
use super::suite::{Case, Expect};

/// What became of one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// The answer agrees with the case.
    Passed,
    /// It does not.
    Failed,
    /// The case was not run; the outcome's note says why.
    Skipped,
    /// It does not agree, and the known-failures file says why.
    Known,
    /// An implementation-defined (`i_`) case answered differently.
    Differs,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed => "failed",
            Status::Skipped => "skipped",
            Status::Known => "known-failure",
            Status::Differs => "implementation-defined",
        }
    }
}

/// The result of one case.
#[derive(Debug, Clone)]
pub(crate) struct Outcome<'a> {
    /// The case.
    pub(crate) case: &'a Case,
    /// What became of it.
    pub(crate) status: Status,
    /// The adapter's answer, when it ran.
    pub(crate) got: Option<Got>,
    /// How the answer differs, why it was skipped, or the known-failure reason.
    pub(crate) note: String,
}

/// Counts of each status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    /// Cases that agreed.
    pub(crate) passed: usize,
    /// Cases that did not.
    pub(crate) failed: usize,
    /// Cases not run.
    pub(crate) skipped: usize,
    /// Failures listed in the known-failures file.
    pub(crate) known: usize,
    /// Implementation-defined cases that answered differently.
    pub(crate) differs: usize,
}

impl Summary {
    /// Counts the outcomes.
    pub(crate) fn of(outcomes: &[Outcome<'_>]) -> Summary {
        let mut summary = Summary::default();
        for outcome in outcomes {
            match outcome.status {
                Status::Passed => summary.passed += 1,
                Status::Failed => summary.failed += 1,
                Status::Skipped => summary.skipped += 1,
                Status::Known => summary.known += 1,
                Status::Differs => summary.differs += 1,
            }
        }
        summary
    }

    /// The final line: `N passed, N failed, N skipped`, then known failures and differences
    /// when there are any.
    pub(crate) fn line(&self) -> String {
        let mut line = format!(
            "{} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        );
        if self.known > 0 {
            line.push_str(&format!(", {} known failures", self.known));
        }
        if self.differs > 0 {
            line.push_str(&format!(
                ", {} implementation-defined differences",
                self.differs
            ));
        }
        line
    }
}

/// The input as a JSON string (lossy for bytes that are not UTF-8, which are marked).
pub(crate) fn show_input(input: &[u8]) -> String {
    match std::str::from_utf8(input) {
        Ok(text) => shorten(&json_string(text)),
        Err(_) => format!(
            "{} (not UTF-8; bytes: {})",
            shorten(&json_string(&String::from_utf8_lossy(input))),
            hex(input)
        ),
    }
}

fn hex(bytes: &[u8]) -> String {
    let mut out: String = bytes
        .iter()
        .take(64)
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ");
    if bytes.len() > 64 {
        out.push_str(" …");
    }
    out
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

fn shorten(text: &str) -> String {
    const MAX: usize = 300;
    match text.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}… ({} bytes)", &text[..at], text.len()),
        None => text.to_owned(),
    }
}

/// One line saying what a case expects.
pub(crate) fn show_expected(expect: &Expect) -> String {
    match expect {
        Expect::Accept {
            canonical,
            findings,
        } => {
            let mut text = format!("accept {}", shorten(&json_string(canonical)));
            if !findings.is_empty() {
                text.push_str(&format!(" with findings {}", findings.join(" ")));
            }
            text
        }
        Expect::Reject {
            code,
            ref_code,
            offset,
        } => {
            let mut text = format!("reject {code}");
            if let Some(r) = ref_code {
                text.push_str(&format!(" (reference code {r}"));
                if let Some(o) = offset {
                    text.push_str(&format!(" at offset {o}"));
                }
                text.push(')');
            }
            text
        }
        Expect::Moves(moves) => show_moves(moves.iter()),
        Expect::Lines => "NDJSON4 findings by line".to_owned(),
    }
}

fn show_moves<'a>(moves: impl ExactSizeIterator<Item = &'a String>) -> String {
    if moves.len() == 0 {
        return "no moves (the turn passes)".to_owned();
    }
    let count = moves.len();
    let list: Vec<&str> = moves.map(String::as_str).collect();
    format!("{count} moves: {}", list.join(" "))
}

/// One line saying what came back.
pub(crate) fn show_got(got: &Got) -> String {
    match got {
        Got::Accept {
            canonical,
            findings,
        } => {
            let mut text = format!("accept {}", shorten(&json_string(canonical)));
            if let Some(f) = findings.as_ref().filter(|f| !f.is_empty()) {
                text.push_str(&format!(" with findings {}", f.join(" ")));
            }
            text
        }
        Got::Reject {
            code,
            ref_code,
            offset,
            message,
        } => {
            let mut text = format!("reject {}", code.as_deref().unwrap_or("(no code)"));
            if let Some(r) = ref_code {
                text.push_str(&format!(" (reference code {r}"));
                if let Some(o) = offset {
                    text.push_str(&format!(" at offset {o}"));
                }
                text.push(')');
            }
            if !message.is_empty() {
                text.push_str(&format!(": {}", shorten(message)));
            }
            text
        }
        Got::Moves { moves } => show_moves(moves.iter()),
        Got::Broken { problem, stderr } => {
            let mut text = format!("failure: {problem}");
            if !stderr.is_empty() {
                text.push_str(&format!("; stderr: {}", shorten(stderr)));
            }
            text
        }
    }
}

/// Writes the human report: every failure in full, then known failures, implementation-defined
/// differences and warnings briefly, then the summary line.
pub(crate) fn human(
    out: &mut impl Write,
    outcomes: &[Outcome<'_>],
    warnings: &[String],
) -> io::Result<()> {
    for outcome in outcomes.iter().filter(|o| o.status == Status::Failed) {
        let case = outcome.case;
        writeln!(
            out,
            "FAIL {} ({}, profile {})",
            case.name,
            case.kind.name(),
            case.profile
        )?;
        writeln!(out, "  input:    {}", show_input(&case.input))?;
        writeln!(out, "  expected: {}", show_expected(&case.expect))?;
        if let Some(got) = &outcome.got {
            writeln!(out, "  got:      {}", show_got(got))?;
        }
        writeln!(out, "  problem:  {}", outcome.note)?;
        writeln!(out, "  case:     {}", case.reason)?;
        writeln!(out)?;
    }
    for outcome in outcomes.iter().filter(|o| o.status == Status::Known) {
        writeln!(out, "known failure {}: {}", outcome.case.name, outcome.note)?;
    }
    for outcome in outcomes.iter().filter(|o| o.status == Status::Differs) {
        let got = outcome.got.as_ref().map(show_got).unwrap_or_default();
        writeln!(
            out,
            "implementation-defined {}: expected {}, got {got}",
            outcome.case.name,
            show_expected(&outcome.case.expect)
        )?;
    }
    let skipped: Vec<_> = outcomes
        .iter()
        .filter(|o| o.status == Status::Skipped && !o.note.is_empty())
        .collect();
    for outcome in skipped {
        writeln!(out, "skipped {}: {}", outcome.case.name, outcome.note)?;
    }
    for warning in warnings {
        writeln!(out, "warning: {warning}")?;
    }
    writeln!(out, "{}", Summary::of(outcomes).line())
}

fn got_json(got: &Got) -> Value {
    serde_json::to_value(got).unwrap_or(Value::Null)
}

fn expected_json(expect: &Expect) -> Value {
    match expect {
        Expect::Accept {
            canonical,
            findings,
        } => json!({"verdict": "accept", "canonical": canonical, "findings": findings}),
        Expect::Reject {
            code,
            ref_code,
            offset,
        } => {
            let mut value = json!({"verdict": "reject", "code": code});
            if let Some(r) = ref_code {
                value["ref_code"] = json!(r);
            }
            if let Some(o) = offset {
                value["offset"] = json!(o);
            }
            value
        }
        Expect::Moves(moves) => json!({"moves": moves}),
        Expect::Lines => json!({}),
    }
}

/// The JSON report: counts, warnings and one entry per case that did not simply pass.
pub(crate) fn json_document(outcomes: &[Outcome<'_>], warnings: &[String]) -> Value {
    let summary = Summary::of(outcomes);
    let results: Vec<Value> = outcomes
        .iter()
        .filter(|o| {
            o.status != Status::Passed && !(o.status == Status::Skipped && o.note.is_empty())
        })
        .map(|o| {
            let mut value = json!({
                "name": o.case.name,
                "notation": o.case.kind.name(),
                "profile": o.case.profile,
                "status": o.status.name(),
                "input": String::from_utf8_lossy(&o.case.input),
                "expected": expected_json(&o.case.expect),
                "note": o.note,
                "reason": o.case.reason,
            });
            if std::str::from_utf8(&o.case.input).is_err() {
                value["input_hex"] = json!(hex(&o.case.input));
            }
            if let Some(got) = &o.got {
                value["got"] = got_json(got);
            }
            value
        })
        .collect();
    json!({
        "passed": summary.passed,
        "failed": summary.failed,
        "skipped": summary.skipped,
        "known_failures": summary.known,
        "implementation_defined": summary.differs,
        "warnings": warnings,
        "results": results,
        "summary": summary.line(),
    })
}
