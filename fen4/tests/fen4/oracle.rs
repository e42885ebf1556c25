//! Differential test against the reference Python parser, used only as a test oracle.
//!
//! The oracle is `chess-spectral==1.19.0` from PyPI, driven by `tests/oracle/fen4_oracle.py`
//! through a subprocess (`$FENKIT_PYTHON`, default `python3`). `scripts/test` installs it into a
//! virtual environment under the target directory and points `FENKIT_PYTHON` there. When the
//! package cannot be imported these tests FAIL with instructions, so a run that was meant to
//! compare cannot pass silently without comparing. Two cases write one `SKIP` line to stderr
//! and pass without checking anything: no Python can be started at all, or
//! `FENKIT_ALLOW_NO_ORACLE=1` is set by someone who chose to run without the oracle.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::corpus::{Rng, mutated_literal, valid_literal};

/// The reference package and version, exactly as `.ci/run` installs it.
const PACKAGE: &str = "chess-spectral==1.19.0";
/// Set to `1` to let the oracle tests pass without an oracle.
const ALLOW: &str = "FENKIT_ALLOW_NO_ORACLE";
/// Exit status of the driver script when the reference package cannot be imported.
const UNAVAILABLE: i32 = 3;

fn script() -> String {
    format!("{}/tests/oracle/fen4_oracle.py", env!("CARGO_MANIFEST_DIR"))
}

fn python() -> String {
    std::env::var("FENKIT_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// Joins `text` onto one line, so every report stays a single line.
fn one_line(text: &[u8]) -> String {
    String::from_utf8_lossy(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs the oracle with `args`, feeding `stdin`; `Err` says why no oracle is available.
/// Panics when the oracle is there but misbehaves (a crash, or stopping before it has read
/// all of its input), since its answers could then not be trusted.
fn run_oracle(python: &str, args: &[&str], stdin: &str) -> Result<String, String> {
    let mut child = Command::new(python)
        .arg(script())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{python}`: {e}"))?;
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_owned();
    // The write fails (broken pipe) when the driver exits before reading everything, which it
    // does on purpose when the package is missing; the result is judged below, never unwrapped.
    let writer = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("cannot wait for the oracle driver `{python}`: {e}"));
    let written = writer.join().expect("the writer thread only writes");
    let stderr = one_line(&out.stderr);
    match (out.status.code(), written) {
        (Some(UNAVAILABLE), _) => Err(stderr
            .strip_prefix("oracle unavailable: ")
            .unwrap_or(&stderr)
            .to_owned()),
        (Some(0), Ok(())) => Ok(String::from_utf8(out.stdout).expect("the driver writes JSON")),
        (Some(0), Err(e)) => panic!(
            "the oracle driver exited with status 0 before reading all of its input ({e}): \
             it stopped early, so its answers are incomplete. Driver stderr: {stderr}"
        ),
        (_, written) => panic!(
            "the oracle driver failed ({}){}. Driver stderr: {stderr}",
            out.status,
            match written {
                Ok(()) => String::new(),
                Err(e) => format!(" and stopped reading its input ({e})"),
            }
        ),
    }
}

/// Whether `python --version` runs at all.
fn interpreter_starts(python: &str) -> bool {
    Command::new(python)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// `Some(output)` from the oracle, or `None` after one `SKIP` line on stderr when the oracle is
/// missing and `FENKIT_ALLOW_NO_ORACLE=1` is set; panics, saying what to install, when it is
/// missing and skipping is not allowed. `test` names the calling test in that line.
fn oracle(test: &str, args: &[&str], stdin: &str) -> Option<String> {
    let python = python();
    if !interpreter_starts(&python) {
        // The one skip the test command allows: no Python at all. Straight to the process's
        // stderr, since the harness hides what `eprintln!` prints in a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "SKIP fen4 oracle::{test}: `{python}` cannot be started, so the reference oracle \
             {PACKAGE} was not compared; install Python 3 and run scripts/test"
        );
        return None;
    }
    let why = match run_oracle(&python, args, stdin) {
        Ok(out) => return Some(out),
        Err(why) => why,
    };
    let install = format!(
        "run scripts/test, which installs it, or install it with \
         `{python} -m pip install '{PACKAGE}'` or point FENKIT_PYTHON at a Python that has it"
    );
    if std::env::var(ALLOW).as_deref() == Ok("1") {
        // Written to the process's stderr directly rather than with `eprintln!`, which the test
        // harness captures and hides for passing tests: a skip must be seen.
        let _ = writeln!(
            std::io::stderr(),
            "SKIP fen4 oracle::{test}: reference oracle {PACKAGE} not available ({why}); \
             {install}. {ALLOW}=1 is set, so nothing was compared."
        );
        None
    } else {
        panic!(
            "reference oracle {PACKAGE} not available ({why}); {install}, \
             or set {ALLOW}=1 to skip the oracle tests explicitly"
        )
    }
}

/// Hand-picked edge cases, checked before the generated ones.
const EDGE: &[&str] = &[
    "",
    "4d-fen v1:",
    "4d-fen v1: ",
    " \t\r\n4d-fen v1:",
    "4d-fen  v1:",
    "4d-fen v2: K@0,0,0,0",
    "4D-FEN V1:",
    "4d-fen v1:K@0,0,0,0",
    "4d-fen v1: K@0,0,0,0;",
    "4d-fen v1: K@0,0,0,0;;",
    "4d-fen v1: ;",
    "4d-fen v1: P@0,0,0,0",
    "4d-fen v1: P/w@0,0,0,0",
    "4d-fen v1: P/@0,0,0,0",
    "4d-fen v1: P//w@0,0,0,0",
    "4d-fen v1: Pz@0,0,0,0",
    "4d-fen v1: P w@0,0,0,0",
    "4d-fen v1: K0,0,0,0",
    "4d-fen v1: K@0,0,0",
    "4d-fen v1: K@0,0,0,0,0",
    "4d-fen v1: K@0,0,0,00",
    "4d-fen v1: K@0,0,0,8",
    "4d-fen v1: K@ 0, 0,0,0",
    "4d-fen v1: K@0,0,0,0; k@0,0,0,0",
    "4d-fen v1: K@0,0,0,0; k@0,0,0,0 x",
    "4d-fen v1: K@0,0,0,0\0; k@1,1,1,1",
    "4d-fen v1: K@0,0,0,0 k@1,1,1,1",
    "é4d-fen v1:",
    "4d-fen v1: é@0,0,0,0",
    "4d-fen v1: K@0,0,0,0; 😀",
    "4d-fen v1: K\n@\n0,0,0,0\n;\n",
    "4d-fen v1:\u{a0}K@0,0,0,0",
];

#[test]
fn differential_parity_with_reference_parser() {
    let mut rng = Rng::new(0x00f3_4d1f);
    let mut inputs: Vec<String> = EDGE.iter().map(|s| (*s).to_owned()).collect();
    for _ in 0..5_000 {
        inputs.push(valid_literal(&mut rng));
    }
    for _ in 0..7_000 {
        inputs.push(mutated_literal(&mut rng));
    }
    assert!(inputs.len() >= 10_000);
    let stdin: String = inputs
        .iter()
        .map(|s| serde_json::to_string(s).unwrap() + "\n")
        .collect();
    let Some(out) = oracle("differential_parity_with_reference_parser", &[], &stdin) else {
        return;
    };
    let answers: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), inputs.len(), "oracle answered every input");

    let mut mismatches = Vec::new();
    let mut seen_codes = std::collections::BTreeMap::<i64, usize>::new();
    for (input, answer) in inputs.iter().zip(&answers) {
        let ours = fen4::Parser::new().parse(input);
        let agree = if answer["ok"] == true {
            *seen_codes.entry(0).or_default() += 1;
            match &ours {
                Ok(p) => p.placement.to_string() == answer["canonical"].as_str().unwrap(),
                Err(_) => false,
            }
        } else {
            let code = answer["code"].as_i64().unwrap();
            *seen_codes.entry(code).or_default() += 1;
            match &ours {
                Ok(_) => false,
                Err(e) => {
                    i64::from(e.ref_code()) == code
                        && e.offset() as i64 == answer["offset"].as_i64().unwrap()
                }
            }
        };
        if !agree {
            mismatches.push(format!(
                "input {input:?}\n  reference: {answer}\n  fenkit:    {:?}",
                ours.map(|p| p.placement.to_string())
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} inputs disagree; first ones:\n{}",
        mismatches.len(),
        inputs.len(),
        mismatches[..mismatches.len().min(15)].join("\n")
    );
    // The corpus must exercise every verdict the reference can give for a string.
    for code in [0, -2, -3, -4, -5, -6] {
        assert!(
            seen_codes.get(&code).copied().unwrap_or(0) >= 20,
            "corpus exercises code {code} too rarely: {seen_codes:?}"
        );
    }
    eprintln!(
        "compared {} inputs with the reference: {seen_codes:?}",
        inputs.len()
    );
}

#[test]
fn reference_starting_position_round_trips() {
    let Some(out) = oracle("reference_starting_position_round_trips", &["starting"], "") else {
        return;
    };
    let start: String = serde_json::from_str(out.trim()).unwrap();
    let parsed = fen4::Parser::new().strict(true).parse(&start).unwrap();
    assert_eq!(parsed.placement.len(), 896);
    assert_eq!(parsed.placement.to_string(), start);
    assert!(parsed.findings.iter().all(|f| !f.fixable));
    // And the reference reads our output back to itself.
    let stdin = serde_json::to_string(&parsed.placement.to_string()).unwrap() + "\n";
    let answer: Value = serde_json::from_str(
        oracle("reference_starting_position_round_trips", &[], &stdin)
            .expect("the oracle answered a moment ago")
            .trim(),
    )
    .unwrap();
    assert_eq!(answer["canonical"].as_str().unwrap(), start);
}

/// The C reference (`spectral_4d encode-fen4`) on a smaller corpus: same verdict and code.
/// It reports no offset, and a literal passed as an argument cannot hold a NUL character,
/// so inputs with NUL are left out (that is the one documented difference between the
/// two references).
#[test]
fn c_reference_agrees_on_verdict_and_code() {
    let Some(out) = oracle("c_reference_agrees_on_verdict_and_code", &["binary"], "") else {
        return;
    };
    let binary: String = serde_json::from_str(out.trim()).unwrap();
    let mut rng = Rng::new(0x0c0d_e4c4);
    let mut inputs: Vec<String> = EDGE.iter().map(|s| (*s).to_owned()).collect();
    while inputs.len() < 1_200 {
        let s = if rng.chance(40) {
            valid_literal(&mut rng)
        } else {
            mutated_literal(&mut rng)
        };
        inputs.push(s);
    }
    inputs.retain(|s| !s.contains('\0'));
    let mut mismatches = Vec::new();
    for input in &inputs {
        let run = Command::new(&binary)
            .args(["encode-fen4", "--fen4", input, "-o", "/dev/null"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        let theirs: i32 = if run.status.success() {
            0
        } else {
            stderr
                .trim()
                .rsplit(' ')
                .next()
                .and_then(|c| c.parse().ok())
                .unwrap_or_else(|| panic!("unexpected C reference output for {input:?}: {stderr}"))
        };
        let ours = fen4::Parser::new()
            .parse(input)
            .map_or_else(|e| e.ref_code(), |_| 0);
        if ours != theirs {
            mismatches.push(format!("{input:?}: C reference {theirs}, fenkit {ours}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} inputs disagree:\n{}",
        mismatches.len(),
        inputs.len(),
        mismatches[..mismatches.len().min(15)].join("\n")
    );
}
