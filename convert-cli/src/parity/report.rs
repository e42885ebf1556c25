//! The parity runner's reports: human-readable text and one JSON document.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::exec::Ending;
use super::judge::{Got, plural};
use super::suite::{Case, Expect};

/// What became of one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// The answer agrees with the case.
    Passed,
    /// It does not.
    Failed,
    /// The case was selected but cannot be sent in this mode; the outcome's note says why.
    Skipped,
    /// `--run` or `--skip` left the case out.
    NotSelected,
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
            Status::NotSelected => "not-selected",
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
    /// Selected cases that cannot be sent in this mode.
    pub(crate) skipped: usize,
    /// Cases that `--run` or `--skip` left out.
    pub(crate) not_selected: usize,
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
                Status::NotSelected => summary.not_selected += 1,
                Status::Known => summary.known += 1,
                Status::Differs => summary.differs += 1,
            }
        }
        summary
    }

    /// The final line: `N passed, N failed, N skipped`, then known failures,
    /// implementation-defined differences and cases not selected when there are any.
    pub(crate) fn line(&self) -> String {
        let mut line = format!(
            "{} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        );
        if self.known > 0 {
            line.push_str(&format!(
                ", {} {}",
                self.known,
                plural(self.known, "known failure", "known failures")
            ));
        }
        if self.differs > 0 {
            line.push_str(&format!(
                ", {} {}",
                self.differs,
                plural(
                    self.differs,
                    "implementation-defined difference",
                    "implementation-defined differences"
                )
            ));
        }
        if self.not_selected > 0 {
            line.push_str(&format!(", {} not selected", self.not_selected));
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
    format!(
        "{count} {}: {}",
        plural(count, "move", "moves"),
        list.join(" ")
    )
}

/// What came back: one line, then the adapter's standard error, if it matters, one line per
/// line after `stderr| `. Write it with [`field`] so that the later lines are indented.
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
            let mut text = format!("reject {code}");
            if let Some(r) = ref_code {
                text.push_str(&format!(" (reference code {r}"));
                if let Some(o) = offset {
                    text.push_str(&format!(" at offset {o}"));
                }
                text.push(')');
            }
            if !message.is_empty() {
                // A batch message can hold line breaks; the report keeps it on one line.
                let message = message.replace('\r', "\\r").replace('\n', "\\n");
                text.push_str(&format!(": {}", shorten(&message)));
            }
            text
        }
        Got::Moves { moves } => show_moves(moves.iter()),
        Got::Broken {
            problem, stderr, ..
        }
        | Got::BadRejection { problem, stderr } => {
            let mut text = format!("failure: {problem}");
            for line in stderr.lines() {
                text.push_str(&format!("\nstderr| {line}"));
            }
            text
        }
    }
}

/// What came back, in a block whose `problem:` line already says how the adapter failed: a
/// failure shows only its standard error, so that the sentence is not repeated.
pub(crate) fn show_got_beside_problem(got: &Got) -> String {
    match got {
        Got::Broken { stderr, .. } | Got::BadRejection { stderr, .. } => {
            let mut text = "failure (see problem)".to_owned();
            for line in stderr.lines() {
                text.push_str(&format!("\nstderr| {line}"));
            }
            text
        }
        _ => show_got(got),
    }
}

/// Writes `label` and `text`, indenting every line of `text` after the first to the column
/// where the first began, so that multi-line text stays inside its block.
pub(crate) fn field(out: &mut impl Write, label: &str, text: &str) -> io::Result<()> {
    hanging(out, label, &" ".repeat(label.chars().count()), text)
}

/// Writes `first` and the first line of `text`, then every other line after `indent`.
fn hanging(out: &mut impl Write, first: &str, indent: &str, text: &str) -> io::Result<()> {
    let mut lines = text.lines();
    writeln!(out, "{first}{}", lines.next().unwrap_or_default())?;
    for line in lines {
        writeln!(out, "{indent}{line}")?;
    }
    Ok(())
}

/// The answers that exited with status 1 (or `"ok":false`) without a rejection in the
/// protocol's shape, and a warning about them when there are any.
pub(crate) fn bad_rejection_warning(outcomes: &[Outcome<'_>]) -> Option<String> {
    let count = outcomes
        .iter()
        .filter(|o| matches!(o.got, Some(Got::BadRejection { .. })))
        .count();
    (count > 0).then(|| {
        format!(
            "{count} {} out of the protocol's shape (exit status 1 without exactly one `CODE: message` \
             line on standard error, or \"ok\":false without a valid \"code\"), so {} counted as \
             {} of the adapter, not as {}; many runtimes exit with status 1 on an uncaught \
             exception (adapter-protocol.md: catch every error and exit with status 2)",
            plural(count, "answer was", "answers were"),
            plural(count, "it is", "they are"),
            plural(count, "a failure", "failures"),
            plural(count, "a rejection", "rejections"),
        )
    })
}

/// When every case that ran failed only by how the adapter process ended, and all ended the
/// same way (the command was not found, it always timed out, it could not start), that one
/// cause in one sentence, with the fix.
pub(crate) fn systematic_failure(
    outcomes: &[Outcome<'_>],
    command: &str,
    timeout: std::time::Duration,
) -> Option<String> {
    let ran: Vec<&Outcome<'_>> = outcomes.iter().filter(|o| o.got.is_some()).collect();
    let ending = |outcome: &&Outcome<'_>| match &outcome.got {
        Some(Got::Broken {
            ending: Some(ending),
            ..
        }) => Some(ending.clone()),
        _ => None,
    };
    let first = ran.first().and_then(ending)?;
    let same = |other: &Ending| match (&first, other) {
        (Ending::Spawn(_), Ending::Spawn(_)) => true,
        (first, other) => first == other,
    };
    if ran.len() < 2 || !ran.iter().all(|o| ending(o).is_some_and(|e| same(&e))) {
        return None;
    }
    let all = format!("all {} cases", ran.len());
    Some(match first {
        Ending::Exit(127) => format!(
            "{all} failed the same way: the adapter exited with status 127, which the shell \
             gives when a command is not found; check `--cmd {command}` (is the program \
             installed and on PATH, and is the path right from this directory?)"
        ),
        Ending::Exit(126) => format!(
            "{all} failed the same way: the adapter exited with status 126, which the shell \
             gives when a command is found but cannot be run; check that `{command}` is \
             executable"
        ),
        Ending::Timeout => {
            let longer = (timeout * 10).min(std::time::Duration::from_secs(3600));
            format!(
                "{all} timed out after {}; try --timeout {} (or fewer --jobs on a busy \
                 machine)",
                show_duration(timeout),
                show_duration(longer)
            )
        }
        Ending::Spawn(error) => {
            format!("{all} failed the same way: the adapter could not start: {error}")
        }
        other => format!(
            "{all} failed the same way: the adapter {}; run `{command}` by hand on one input \
             to see why",
            other.clause()
        ),
    })
}

/// A setting of a case that reaches the adapter (see `exec::Context`): its placeholder name,
/// its environment variable, the flag `fenkit parse` (or `fenkit moves`) takes it by, and its
/// value in a case.
struct Setting {
    name: &'static str,
    variable: &'static str,
    flag: &'static str,
    of: fn(&Case) -> &str,
}

/// The settings, the notation first: the others vary within one notation's case file.
const SETTINGS: [Setting; 5] = [
    Setting {
        name: "notation",
        variable: "FENKIT_PARITY_NOTATION",
        flag: "--notation",
        of: |case| case.file.name,
    },
    Setting {
        name: "profile",
        variable: "FENKIT_PARITY_PROFILE",
        flag: "--profile",
        of: |case| &case.profile,
    },
    Setting {
        name: "variant",
        variable: "FENKIT_PARITY_VARIANT",
        flag: "--variant",
        of: |case| &case.variant,
    },
    Setting {
        name: "dialect",
        variable: "FENKIT_PARITY_DIALECT",
        flag: "--dialect",
        of: |case| &case.dialect,
    },
    Setting {
        name: "king_capture",
        variable: "FENKIT_PARITY_KING_CAPTURE",
        flag: "--king-capture",
        of: |case| &case.king_capture,
    },
];

/// When every failure lies in values of settings that the command does not pass on (no
/// `{profile}` in it, say) while the cases of another value pass, that in one sentence, with
/// the fix: the adapter most likely read every case with one value.
///
/// A failure is put down to a setting when, among the cases of its notation, the setting's
/// other values ran without a failure (for the notation itself: among the failures no other
/// setting explains). Only when every failure is put down to some setting is it said.
pub(crate) fn unpassed_settings(outcomes: &[Outcome<'_>], command: &str) -> Option<String> {
    use std::collections::{BTreeMap, BTreeSet};
    let ran: Vec<&Outcome<'_>> = outcomes.iter().filter(|o| o.got.is_some()).collect();
    let failed: Vec<usize> = (0..ran.len())
        .filter(|&i| ran[i].status == Status::Failed)
        .collect();
    if failed.is_empty() {
        return None;
    }
    let unpassed = |setting: &Setting| !command.contains(&format!("{{{}}}", setting.name));
    // Failure index → the setting it is put down to.
    let mut explained: BTreeMap<usize, usize> = BTreeMap::new();
    // The settings within a notation's cases, then the notation among what is left.
    for (index, setting) in SETTINGS
        .iter()
        .enumerate()
        .skip(1)
        .chain(SETTINGS.iter().enumerate().take(1))
    {
        if !unpassed(setting) {
            continue;
        }
        let within_notation = index > 0;
        let group = |i: usize| {
            if within_notation {
                ran[i].case.file.name
            } else {
                ""
            }
        };
        // The values with a failure not yet put down to another setting, by group.
        let mut failing: BTreeSet<(&str, &str)> = BTreeSet::new();
        for &i in &failed {
            if explained.get(&i).is_none_or(|&by| by == index) {
                failing.insert((group(i), (setting.of)(ran[i].case)));
            }
        }
        let clean: BTreeSet<&str> = (0..ran.len())
            .filter(|&i| !failing.contains(&(group(i), (setting.of)(ran[i].case))))
            .map(group)
            .collect();
        for &i in &failed {
            let value = (group(i), (setting.of)(ran[i].case));
            if !explained.contains_key(&i) && failing.contains(&value) && clean.contains(value.0) {
                explained.insert(i, index);
            }
        }
    }
    if explained.len() < failed.len() {
        return None;
    }
    let mut parts = Vec::new();
    let mut missing = Vec::new();
    for (index, setting) in SETTINGS.iter().enumerate() {
        let mine: Vec<usize> = explained
            .iter()
            .filter(|&(_, &by)| by == index)
            .map(|(&i, _)| i)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let values: BTreeSet<&str> = mine.iter().map(|&i| (setting.of)(ran[i].case)).collect();
        let values: Vec<&str> = values.into_iter().collect();
        parts.push(format!(
            "{} {} ({})",
            setting.name,
            joined(&values, "or"),
            mine.len()
        ));
        missing.push(setting);
    }
    let names: Vec<&str> = missing.iter().map(|s| s.name).collect();
    let placeholders: Vec<String> = names.iter().map(|name| format!("`{{{name}}}`")).collect();
    let flags: Vec<String> = missing
        .iter()
        .map(|s| format!("{} {{{}}}", s.flag, s.name))
        .collect();
    let variables: Vec<&str> = missing.iter().map(|s| s.variable).collect();
    let (setting, them) = if missing.len() == 1 {
        ("a setting", "it")
    } else {
        ("settings", "them")
    };
    Some(format!(
        "all {} failures are in {setting} the command does not pass on, {}, while the other \
         cases passed: the command has no {}, so the adapter may read every case with one {}; \
         add {them} to --cmd where the adapter takes {them} (for `fenkit parse`: `{}`), or read \
         {} in the adapter",
        failed.len(),
        joined(&parts, "and"),
        joined(&placeholders, "or"),
        joined(&names, "and"),
        flags.join(" "),
        joined(&variables, "and")
    ))
}

/// `a`, `a or b`, `a, b or c` (with `word` "or"); `a, b and c` (with "and").
fn joined<T: AsRef<str>>(items: &[T], word: &str) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

/// A duration as `--timeout` takes it: `1s`, `1.5s`, `500ms`.
fn show_duration(duration: std::time::Duration) -> String {
    if duration.subsec_millis() == 0 || duration.as_secs() >= 10 {
        format!("{}s", duration.as_secs())
    } else if duration.as_secs() == 0 {
        format!("{}ms", duration.as_millis())
    } else {
        format!("{}s", duration.as_secs_f64())
    }
}

/// Writes the human report: every failure in full, then known failures, implementation-defined
/// differences and warnings briefly, then the summary line. A `systematic` failure is said
/// once: the first case is shown in full as its example, and the others are counted.
pub(crate) fn human(
    out: &mut impl Write,
    outcomes: &[Outcome<'_>],
    warnings: &[String],
    systematic: Option<&str>,
    hint: Option<&str>,
) -> io::Result<()> {
    let shown = if systematic.is_some() { 1 } else { usize::MAX };
    for outcome in outcomes
        .iter()
        .filter(|o| o.status == Status::Failed)
        .take(shown)
    {
        let case = outcome.case;
        writeln!(out, "FAIL {} ({})", case.name, settings(case))?;
        writeln!(out, "  input:    {}", show_input(&case.input))?;
        writeln!(out, "  expected: {}", show_expected(&case.expect))?;
        if let Some(got) = &outcome.got {
            field(out, "  got:      ", &show_got_beside_problem(got))?;
        }
        writeln!(out, "  problem:  {}", outcome.note)?;
        writeln!(out, "  case:     {}", case.reason)?;
        writeln!(out)?;
    }
    for outcome in outcomes.iter().filter(|o| o.status == Status::Known) {
        writeln!(out, "known failure {}: {}", outcome.case.name, outcome.note)?;
    }
    for outcome in outcomes
        .iter()
        .filter(|o| o.status == Status::Differs)
        .take(shown)
    {
        let got = outcome.got.as_ref().map(show_got).unwrap_or_default();
        let text = format!(
            "implementation-defined {}: expected {}, got {got}",
            outcome.case.name,
            show_expected(&outcome.case.expect)
        );
        hanging(out, "", "    ", &text)?;
    }
    let skipped: Vec<_> = outcomes
        .iter()
        .filter(|o| o.status == Status::Skipped)
        .collect();
    for outcome in skipped {
        writeln!(out, "skipped {}: {}", outcome.case.name, outcome.note)?;
    }
    for warning in warnings {
        writeln!(out, "warning: {warning}")?;
    }
    if let Some(systematic) = systematic {
        writeln!(out, "error: {systematic}")?;
    }
    if let Some(hint) = hint {
        writeln!(out, "hint: {hint}")?;
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

/// The settings a case is read under, after its notation: `dfen, profile spec`, or for a
/// variant case `variants, crazyhouse, dialect lichess`, for a variant's rules case
/// `antichess, variant antichess`.
pub(crate) fn settings(case: &Case) -> String {
    if case.file.variant_rules.is_some() {
        format!("{}, variant {}", case.file.name, case.variant)
    } else if case.file.names_variants() {
        format!(
            "{}, {}, dialect {}",
            case.file.name, case.variant, case.dialect
        )
    } else {
        format!("{}, profile {}", case.file.name, case.profile)
    }
}

/// The JSON report: counts, warnings and one entry per case that did not simply pass.
pub(crate) fn json_document(outcomes: &[Outcome<'_>], warnings: &[String]) -> Value {
    let summary = Summary::of(outcomes);
    let results: Vec<Value> = outcomes
        .iter()
        .filter(|o| !matches!(o.status, Status::Passed | Status::NotSelected))
        .map(|o| {
            let mut value = json!({
                "name": o.case.name,
                "notation": o.case.file.name,
                "profile": o.case.profile,
                "status": o.status.name(),
                "input": String::from_utf8_lossy(&o.case.input),
                "expected": expected_json(&o.case.expect),
                "note": o.note,
                "reason": o.case.reason,
            });
            if o.case.file.names_variants() {
                value["variant"] = json!(o.case.variant);
                value["dialect"] = json!(o.case.dialect);
            }
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
        "not_selected": summary.not_selected,
        "known_failures": summary.known,
        "implementation_defined": summary.differs,
        "warnings": warnings,
        "results": results,
        "summary": summary.line(),
    })
}
