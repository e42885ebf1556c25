//! `fenkit parity` and `fenkit suite` end to end: fenkit against its own suite, the two small
//! Python implementations under `tests/python/` with their known failures, a deliberately
//! broken adapter, adapters that crash or hang, and the fuzzer.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fenkit() -> &'static str {
    env!("CARGO_BIN_EXE_fenkit")
}

fn python_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/python")
}

fn python(script: &str) -> String {
    format!("python3 '{}'", python_dir().join(script).display())
}

fn known(file: &str) -> String {
    python_dir().join(file).display().to_string()
}

/// `fenkit parity ARGS`. Unless a test sets its own, answers get a generous timeout: the
/// default (1 s) can pass while a loaded CI machine starts Python, and the snapshot would then
/// show a timeout instead of the answer under test.
fn parity(args: &[&str]) -> Output {
    let mut command = Command::new(fenkit());
    command.arg("parity").args(args);
    if !args.contains(&"--timeout") {
        command.args(["--timeout", "30s"]);
    }
    command.output().expect("fenkit runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or_default().to_owned()
}

#[track_caller]
fn assert_exit(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(output),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn suite_count(notation: &str) -> usize {
    let output = Command::new(fenkit())
        .args(["suite", "list", "--notation", notation])
        .output()
        .expect("fenkit runs");
    assert_exit(&output, 0);
    stdout(&output).lines().count()
}

#[test]
fn fenkit_passes_its_own_suite_per_case() {
    let cmd = format!(
        "'{}' parse --notation {{notation}} --profile {{profile}}",
        fenkit()
    );
    let output = parity(&["--codes", "--cmd", &cmd]);
    assert_exit(&output, 0);
    let total = suite_count("dfen") + suite_count("fen4");
    assert_eq!(
        last_line(&output),
        format!("{total} passed, 0 failed, 0 skipped")
    );
}

#[test]
fn fenkit_passes_its_own_suite_in_batch_mode() {
    let cmd = format!(
        "'{}' parse --batch --json-strings --notation {{notation}} --profile {{profile}}",
        fenkit()
    );
    let output = parity(&["--batch", "--json-strings", "--codes", "--cmd", &cmd]);
    assert_exit(&output, 0);
    // The three inputs that are not UTF-8 cannot travel as JSON strings; per case they pass.
    let total = suite_count("dfen") + suite_count("fen4");
    assert_eq!(
        last_line(&output),
        format!("{} passed, 0 failed, 3 skipped", total - 3)
    );
    let plain = format!(
        "'{}' parse --batch --notation {{notation}} --profile {{profile}}",
        fenkit()
    );
    let output = parity(&[
        "--batch",
        "--codes",
        "--run",
        "*invalid_utf8*",
        "--cmd",
        &plain,
    ]);
    assert_exit(&output, 0);
    assert!(
        last_line(&output).starts_with("3 passed, 0 failed,"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn fenkit_moves_passes_the_rules_cases() {
    let cmd = format!("'{}' moves \"$(cat)\"", fenkit());
    let output = parity(&["--notation", "rules", "--cmd", &cmd]);
    assert_exit(&output, 0);
    let total = suite_count("rules");
    assert!(total >= 20);
    assert_eq!(
        last_line(&output),
        format!("{total} passed, 0 failed, 0 skipped")
    );
}

#[test]
fn python_fen4_parser_passes() {
    let cmd = python("fen4_parser.py") + " --batch --json-strings";
    let kf = known("fen4_parser.known-failures");
    let output = parity(&[
        "--notation",
        "fen4",
        "--codes",
        "--batch",
        "--json-strings",
        "--known-failures",
        &kf,
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 0);
    assert!(
        last_line(&output).contains(" 0 failed, 1 skipped"),
        "{}",
        stdout(&output)
    );
    // The one input that is not UTF-8, per case.
    let cmd = python("fen4_parser.py");
    let output = parity(&[
        "--notation",
        "fen4",
        "--codes",
        "--run",
        "*invalid_utf8",
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 0);
    assert!(
        last_line(&output).starts_with("1 passed, 0 failed"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn python_dfen_checker_diverges_only_where_listed() {
    let cmd = python("dfen_checker.py") + " --batch";
    let kf = known("dfen_checker.known-failures");
    let output = parity(&[
        "--notation",
        "dfen",
        "--codes",
        "--batch",
        "--known-failures",
        &kf,
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(!text.contains("FAIL "), "{text}");
    assert!(!text.contains("warning:"), "stale known failures:\n{text}");
    assert!(last_line(&output).contains(" 0 failed, "), "{text}");
    assert!(last_line(&output).contains(" known failures"), "{text}");
}

#[test]
fn a_broken_adapter_fails_with_a_clear_report() {
    let cmd = python("broken_dfen_adapter.py") + " --batch";
    let output = parity(&[
        "--notation",
        "dfen",
        "--batch",
        "--run",
        "*_dfen_10*",
        "--run",
        "y_dfen_several_fixables",
        "--run",
        "y_dfen_seed_*",
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 1);
    insta::assert_snapshot!(stdout(&output));
}

#[test]
fn the_json_report_lists_each_failure() {
    let cmd = python("broken_dfen_adapter.py") + " --batch";
    let output = parity(&[
        "--notation",
        "dfen",
        "--batch",
        "--run",
        "y_dfen_101_*",
        "--output-format",
        "json",
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 1);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["failed"], 3);
    assert_eq!(report["results"][0]["name"], "y_dfen_101_ep_unsorted");
    assert_eq!(
        report["results"][0]["got"]["canonical"],
        "4k3/8/8/8/P1P5/8/8/4K3 b - c3a3 0 1 -"
    );
    assert_eq!(
        report["results"][0]["expected"]["canonical"],
        "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -"
    );
}

#[test]
fn crashes_signals_and_timeouts_are_failures_of_the_implementation() {
    for (cmd, problem) in [
        ("exit 3", "the adapter failed: exit status 3"),
        ("kill -9 $$", "the adapter failed: killed by signal 9"),
        ("sleep 5", "the adapter failed: timed out"),
    ] {
        let output = parity(&[
            "--notation",
            "dfen",
            "--run",
            "y_dfen_start_fresh",
            "--timeout",
            "300ms",
            "--cmd",
            cmd,
        ]);
        assert_exit(&output, 1);
        let text = stdout(&output);
        assert!(text.contains(problem), "{cmd}: {text}");
        assert!(
            text.ends_with("0 passed, 1 failed, 0 skipped\n")
                || text.contains("0 passed, 1 failed"),
            "{text}"
        );
    }
}

#[test]
fn an_adapter_that_knows_nothing_fails_everything() {
    // Accepts everything and echoes it back: every rejecting case and every fix fails.
    let output = parity(&["--notation", "fen4", "--run", "n_fen4_*", "--cmd", "cat"]);
    assert_exit(&output, 1);
    assert!(
        last_line(&output).starts_with("0 passed, "),
        "{}",
        stdout(&output)
    );
}

#[test]
fn fuzzing_fenkit_against_itself_agrees_and_a_broken_adapter_is_caught() {
    let cmd = format!(
        "'{}' parse --batch --notation {{notation}} --profile {{profile}}",
        fenkit()
    );
    let output = parity(&[
        "--fuzz", "300", "--seed", "11", "--batch", "--codes", "--cmd", &cmd,
    ]);
    assert_exit(&output, 0);
    assert_eq!(last_line(&output), "300 passed, 0 failed, 0 skipped");

    let broken = python("broken_dfen_adapter.py") + " --batch";
    let run = || {
        parity(&[
            "--notation",
            "dfen",
            "--fuzz",
            "150",
            "--seed",
            "5",
            "--batch",
            "--run",
            "y_dfen_seed_*",
            "--cmd",
            &broken,
        ])
    };
    let first = run();
    assert_exit(&first, 1);
    let text = stdout(&first);
    assert!(text.contains("DISAGREE fuzz input"), "{text}");
    assert!(text.contains("minimised:"), "{text}");
    // The same seed gives the same run.
    assert_eq!(text, stdout(&run()));
}

#[test]
fn suite_copy_writes_a_suite_parity_can_read() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let output = Command::new(fenkit())
        .args(["suite", "copy"])
        .arg(dir.path())
        .output()
        .expect("fenkit runs");
    assert_exit(&output, 0);
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/conformance/v1");
    for file in [
        "manifest.json",
        "dfen.jsonl",
        "fen4.jsonl",
        "ndjson4.jsonl",
        "rules.jsonl",
    ] {
        let copied = std::fs::read(dir.path().join("v1").join(file)).expect("copied");
        let original = std::fs::read(spec.join(file)).expect("original");
        assert!(
            copied == original,
            "{file} differs from spec/conformance/v1"
        );
    }
    assert!(dir.path().join("README.md").exists());
    // Copying again is a no-op; a changed file needs --force.
    std::fs::write(dir.path().join("v1/rules.jsonl"), "").expect("write");
    let output = Command::new(fenkit())
        .args(["suite", "copy"])
        .arg(dir.path())
        .output()
        .expect("fenkit runs");
    assert_exit(&output, 2);
    let cmd = format!("'{}' moves \"$(cat)\"", fenkit());
    let suite = dir.path().display().to_string();
    let output = parity(&["--notation", "rules", "--suite", &suite, "--cmd", &cmd]);
    assert_exit(&output, 0);
    assert_eq!(last_line(&output), "0 passed, 0 failed, 0 skipped");
}

#[test]
fn suite_list_prints_one_name_per_line() {
    let output = Command::new(fenkit())
        .args(["suite", "list"])
        .output()
        .expect("fenkit runs");
    assert_exit(&output, 0);
    let names: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert!(names.contains(&"y_dfen_start_fresh".to_owned()));
    assert!(names.contains(&"rules_castling_both_sides".to_owned()));
    assert!(names.contains(&"n_ndjson4_4307_gap".to_owned()));
    let total: usize = ["dfen", "fen4", "ndjson4", "rules"]
        .into_iter()
        .map(suite_count)
        .sum();
    assert_eq!(names.len(), total);
    assert!(suite_count("dfen") >= 150);
    assert!(suite_count("fen4") >= 100);
}
