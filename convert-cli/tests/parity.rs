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

/// The interpreter that runs the Python adapters: `$FENKIT_PYTHON` (the test command points it at
/// its virtual environment), else `python3`.
fn interpreter() -> String {
    std::env::var("FENKIT_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// The command that runs `script` (a path) with Python, or `None` after one visible `SKIP` line
/// when no Python can be started: a missing interpreter is the one skip the test command allows.
fn python_at(script: &Path, test: &str) -> Option<String> {
    static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let python = interpreter();
    let available = *AVAILABLE.get_or_init(|| {
        Command::new(&python)
            .arg("--version")
            .output()
            .is_ok_and(|out| out.status.success())
    });
    if available {
        return Some(format!("{python} '{}'", script.display()));
    }
    // Straight to the process's stderr: the harness hides what `eprintln!` prints in a passing
    // test, and a skip must be seen.
    let _ = std::io::Write::write_all(
        &mut std::io::stderr(),
        format!("SKIP parity::{test}: `{python}` cannot be started, so the Python adapters were not run\n")
            .as_bytes(),
    );
    None
}

/// [`python_at`] for a script under `tests/python/`.
fn python(script: &str, test: &str) -> Option<String> {
    python_at(&python_dir().join(script), test)
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

/// A usage error: exit status 2, nothing on standard output, and exactly `message` (one line)
/// on standard error.
#[track_caller]
fn assert_usage_error(output: &Output, message: &str) {
    assert_exit(output, 2);
    assert_eq!(stdout(output), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("{message}\n")
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
    // On a pool of two threads of its own (`--jobs`), whatever the machine has.
    let output = parity(&["--codes", "--jobs", "2", "--cmd", &cmd]);
    assert_exit(&output, 0);
    let total = suite_count("dfen") + suite_count("fen4");
    assert_eq!(
        last_line(&output),
        format!("{total} passed, 0 failed, 0 skipped")
    );
}

/// `fenkit parse --variant {variant} --dialect {dialect}` answers every variant case, per case
/// and in batch mode. The two cases that ask two-move chess for a dialect it has not are
/// implementation-defined: the command line refuses such a request as a whole (a usage
/// error), where a parser may answer each input with DFEN035.
#[test]
fn fenkit_passes_its_own_variant_cases() {
    let total = suite_count("variants");
    let per_case = format!(
        "'{}' parse --variant {{variant}} --dialect {{dialect}}",
        fenkit()
    );
    let output = parity(&["--notation", "variants", "--codes", "--cmd", &per_case]);
    assert_exit(&output, 0);
    assert_eq!(
        last_line(&output),
        format!(
            "{} passed, 0 failed, 0 skipped, 2 implementation-defined differences",
            total - 2
        )
    );
    let batch = format!(
        "'{}' parse --batch --json-strings --variant {{variant}} --dialect {{dialect}}",
        fenkit()
    );
    let output = parity(&[
        "--notation",
        "variants",
        "--batch",
        "--json-strings",
        "--codes",
        "--cmd",
        &batch,
    ]);
    assert_exit(&output, 0);
    // The input that is not UTF-8 cannot travel as a JSON string.
    assert_eq!(
        last_line(&output),
        format!(
            "{} passed, 0 failed, 1 skipped, 2 implementation-defined differences",
            total - 3
        )
    );
}

/// The variants judged by their rules alone (spec/conformance.md section 2.1).
const RULES_VARIANTS: [&str; 8] = [
    "antichess",
    "giveaway",
    "atomic",
    "horde",
    "racingkings",
    "kingofthehill",
    "threecheck",
    "crazyhouse",
];

/// `fenkit parse --variant {variant}` answers every case of each variant's rules file, per
/// case and in batch mode, with the codes; read without the variant's rules (as plain FEN) it
/// fails the positions that only the variant admits or refuses.
#[test]
fn fenkit_passes_its_own_variant_rules_cases() {
    let per_case = format!("'{}' parse --variant {{variant}}", fenkit());
    let batch = format!("'{}' parse --batch --variant {{variant}}", fenkit());
    for variant in RULES_VARIANTS {
        let total = suite_count(variant);
        assert!(total >= 3, "{variant}: {total} cases");
        for (cmd, extra) in [(&per_case, None), (&batch, Some("--batch"))] {
            let mut args = vec!["--notation", variant, "--codes", "--cmd", cmd];
            args.extend(extra);
            let output = parity(&args);
            assert_exit(&output, 0);
            assert_eq!(
                last_line(&output),
                format!("{total} passed, 0 failed, 0 skipped"),
                "{variant} {extra:?}"
            );
        }
    }
    // `{variant}` is the file's variant: an adapter that reads plain FEN fails.
    let plain = format!("'{}' parse --notation fen", fenkit());
    let output = parity(&["--notation", "antichess", "--codes", "--cmd", &plain]);
    assert_exit(&output, 1);
    let text = stdout(&output);
    assert!(
        text.contains("FAIL y_antichess_several_kings (antichess, variant antichess)"),
        "{text}"
    );
}

/// The three-check and crazyhouse rules files are run like the six others (above); an adapter
/// that reads their lines as plain FEN, which holds neither counters nor pockets, fails them.
#[test]
fn threecheck_and_crazyhouse_rules_cases_need_the_rules() {
    let plain = format!("'{}' parse --notation fen", fenkit());
    for variant in ["threecheck", "crazyhouse"] {
        let output = parity(&["--notation", variant, "--codes", "--cmd", &plain]);
        assert_exit(&output, 1);
    }
}

/// The Chess960 cases: `{castling}` is `chess960` for each of them, and fenkit read in
/// Chess960 mode passes them all, per case and in batch mode; read without the mode it fails
/// the cases whose `KQkq` name other rooks than the corners'.
#[test]
fn fenkit_passes_its_own_chess960_cases() {
    let total = suite_count("chess960");
    assert!(total >= 10, "only {total} Chess960 cases");
    let in_mode = format!(
        "test \"$FENKIT_PARITY_CASTLING\" = {{castling}} && \
         '{}' parse --notation dfen --profile {{profile}} --$FENKIT_PARITY_CASTLING",
        fenkit()
    );
    let output = parity(&["--notation", "chess960", "--codes", "--cmd", &in_mode]);
    assert_exit(&output, 0);
    assert_eq!(
        last_line(&output),
        format!("{total} passed, 0 failed, 0 skipped")
    );
    let batch = format!(
        "'{}' parse --batch --notation dfen --profile {{profile}} --chess960",
        fenkit()
    );
    let output = parity(&[
        "--notation",
        "chess960",
        "--batch",
        "--codes",
        "--cmd",
        &batch,
    ]);
    assert_exit(&output, 0);
    let standard = format!("'{}' parse --notation dfen --profile {{profile}}", fenkit());
    let output = parity(&["--notation", "chess960", "--cmd", &standard]);
    assert_exit(&output, 1);
}

#[test]
fn jobs_must_be_a_count_from_1() {
    for jobs in ["0", "257", "many"] {
        let output = parity(&["--jobs", jobs, "--cmd", "cat"]);
        assert_exit(&output, 2);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--jobs"), "{jobs}: {stderr}");
    }
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
    let cmd = format!(
        "'{}' moves --king-capture {{king_capture}} \"$(cat)\"",
        fenkit()
    );
    let output = parity(&["--notation", "rules", "--cmd", &cmd]);
    assert_exit(&output, 0);
    let total = suite_count("rules");
    assert!(total >= 20);
    assert_eq!(
        last_line(&output),
        format!("{total} passed, 0 failed, 0 skipped")
    );
    // The reading reaches the adapter through the environment too.
    let cmd = format!(
        "'{}' moves --king-capture \"$FENKIT_PARITY_KING_CAPTURE\" \"$(cat)\"",
        fenkit()
    );
    let output = parity(&["--notation", "rules", "--cmd", &cmd]);
    assert_exit(&output, 0);
    // An adapter that ignores the reading fails exactly the cases of the other one.
    let cmd = format!("'{}' moves --king-capture any \"$(cat)\"", fenkit());
    let output = parity(&["--notation", "rules", "--cmd", &cmd]);
    assert_exit(&output, 1);
    let report = stdout(&output);
    let failed: Vec<&str> = report
        .lines()
        .filter_map(|line| line.strip_prefix("FAIL "))
        .collect();
    assert_eq!(
        failed,
        [
            "rules_enabling_king_capture_not_exempt (rules, profile spec)",
            "rules_king_capture_after_promotion_first (rules, profile spec)",
        ],
        "{report}"
    );
}

#[test]
fn python_fen4_parser_passes() {
    let Some(cmd) = python("fen4_parser.py", "python_fen4_parser_passes") else {
        return;
    };
    let cmd = cmd + " --batch --json-strings";
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
    let Some(cmd) = python("fen4_parser.py", "python_fen4_parser_passes") else {
        return;
    };
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
    let Some(cmd) = python(
        "dfen_checker.py",
        "python_dfen_checker_diverges_only_where_listed",
    ) else {
        return;
    };
    let cmd = cmd + " --batch";
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

/// The variant checker, written from spec/variants.md alone, answers every variant case as
/// fenkit does but where its known-failures file says why: per case, where the variant and
/// dialect reach it through `{variant}` and `{dialect}`, and in batch mode, one process per
/// variant and dialect, where its finding codes are compared too.
#[test]
fn python_variant_checker_diverges_only_where_listed() {
    let test = "python_variant_checker_diverges_only_where_listed";
    let Some(cmd) = python("variant_checker.py", test) else {
        return;
    };
    let kf = known("variant_checker.known-failures");
    let total = suite_count("variants");
    for (mode, extra) in [
        ("per case", &[][..]),
        ("batch", &["--batch", "--json-strings"][..]),
    ] {
        let cmd = format!(
            "{cmd} {} --variant {{variant}} --dialect {{dialect}}",
            extra.join(" ")
        );
        let mut args = vec![
            "--notation",
            "variants",
            "--codes",
            "--known-failures",
            &kf,
            "--cmd",
            &cmd,
        ];
        args.extend_from_slice(extra);
        let output = parity(&args);
        assert_exit(&output, 0);
        let text = stdout(&output);
        assert!(!text.contains("FAIL "), "{mode}:\n{text}");
        assert!(
            !text.contains("warning:"),
            "{mode}: stale known failures:\n{text}"
        );
        // As a JSON string, the one input that is not UTF-8 cannot be sent.
        let skipped = usize::from(mode == "batch");
        assert_eq!(
            last_line(&output),
            format!(
                "{} passed, 0 failed, {skipped} skipped, 2 known failures",
                total - 2 - skipped
            ),
            "{mode}:\n{text}"
        );
    }
    // The same settings reach the adapter's environment.
    let cmd =
        format!("{cmd} --variant \"$FENKIT_PARITY_VARIANT\" --dialect \"$FENKIT_PARITY_DIALECT\"");
    let output = parity(&[
        "--notation",
        "variants",
        "--codes",
        "--run",
        "y_crazyhouse_*",
        "--run",
        "i_twomove_*_035",
        "--skip",
        "*_220_standard_fix",
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 0);
    assert!(
        last_line(&output).contains(" passed, 0 failed, 0 skipped"),
        "{}",
        stdout(&output)
    );
}

/// An adapter that reads every variant case in the essay dialect passes the essay cases and
/// fails the others; the report names each case's variant and dialect.
#[test]
fn a_variant_adapter_that_ignores_the_dialect_fails_with_a_clear_report() {
    let test = "a_variant_adapter_that_ignores_the_dialect_fails_with_a_clear_report";
    let Some(cmd) = python("variant_checker.py", test) else {
        return;
    };
    let cmd = format!("{cmd} --variant {{variant}} --dialect essay");
    let selection = [
        "--run",
        "y_threecheck_*_one_given",
        "--run",
        "y_crazyhouse_*_promoted_rook",
        "--run",
        "i_twomove_*_035",
    ];
    let mut args = vec!["--notation", "variants", "--codes", "--cmd", &cmd];
    args.extend_from_slice(&selection);
    let output = parity(&args);
    assert_exit(&output, 1);
    insta::assert_snapshot!(stdout(&output));
    args.extend_from_slice(&["--output-format", "json"]);
    let output = parity(&args);
    assert_exit(&output, 1);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    let failed: Vec<String> = report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| format!("{} {} {}", r["name"], r["variant"], r["dialect"]))
        .collect();
    assert_eq!(
        failed,
        [
            r#""y_threecheck_stockfish_one_given" "threecheck" "stockfish""#,
            r#""y_threecheck_lichess_one_given" "threecheck" "lichess""#,
            r#""y_crazyhouse_stockfish_promoted_rook" "crazyhouse" "stockfish""#,
            r#""y_crazyhouse_lichess_promoted_rook" "crazyhouse" "lichess""#,
            r#""i_twomove_stockfish_035" "twomove" "stockfish""#,
            r#""i_twomove_lichess_035" "twomove" "lichess""#,
        ]
    );
}

/// The fuzzer mutates the variant cases too (their slots' characters included) and asks
/// `chess::variant` in the case's dialect: the variant checker, which does not check the standard
/// fields' position (nor apply its fixes), is caught at one input for this seed, and the report
/// names the variant and dialect. The same seed gives the same report.
#[test]
fn fuzzing_variant_cases_reads_each_in_its_dialect() {
    let test = "fuzzing_variant_cases_reads_each_in_its_dialect";
    let Some(cmd) = python("variant_checker.py", test) else {
        return;
    };
    let cmd = format!("{cmd} --batch --json-strings --variant {{variant}} --dialect {{dialect}}");
    let args = [
        "--notation",
        "variants",
        "--fuzz",
        "40",
        "--seed",
        "5",
        "--batch",
        "--json-strings",
        "--cmd",
        &cmd,
    ];
    let output = parity(&args);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), stdout(&parity(&args)));
    insta::assert_snapshot!(stdout(&output));
}

#[test]
fn a_broken_adapter_fails_with_a_clear_report() {
    let Some(cmd) = python(
        "broken_dfen_adapter.py",
        "a_broken_adapter_fails_with_a_clear_report",
    ) else {
        return;
    };
    let cmd = cmd + " --batch";
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
    let Some(cmd) = python(
        "broken_dfen_adapter.py",
        "the_json_report_lists_each_failure",
    ) else {
        return;
    };
    let cmd = cmd + " --batch";
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

    let Some(broken) = python(
        "broken_dfen_adapter.py",
        "fuzzing_fenkit_against_itself_agrees_and_a_broken_adapter_is_caught",
    ) else {
        return;
    };
    let broken = broken + " --batch";
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
    // Each minimised input disagrees in the same way as the input it came from.
    for block in text.split("\n\n").filter(|b| b.contains("minimised:")) {
        let problems: Vec<&str> = block
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("problem:"))
            .collect();
        assert_eq!(problems.len(), 2, "{block}");
        assert_eq!(problems[0], problems[1], "{block}");
    }
    // The same seed gives the same run.
    assert_eq!(text, stdout(&run()));
}

#[test]
fn suite_copy_writes_a_suite_parity_can_read() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let output = suite_copy(dir.path(), &[]);
    assert_exit(&output, 0);
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/conformance/v1");
    for file in [
        "manifest.json",
        "dfen.jsonl",
        "fen4.jsonl",
        "ndjson4.jsonl",
        "rules.jsonl",
        "variants.jsonl",
        "chess960.jsonl",
        "epd.jsonl",
        "antichess.jsonl",
        "giveaway.jsonl",
        "atomic.jsonl",
        "horde.jsonl",
        "racingkings.jsonl",
        "kingofthehill.jsonl",
        "threecheck.jsonl",
        "crazyhouse.jsonl",
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
    assert_exit(&suite_copy(dir.path(), &[]), 2);
    assert_exit(&suite_copy(dir.path(), &["--force"]), 0);
    let cmd = format!(
        "'{}' moves --king-capture {{king_capture}} \"$(cat)\"",
        fenkit()
    );
    let suite = dir.path().display().to_string();
    let output = parity(&["--notation", "rules", "--suite", &suite, "--cmd", &cmd]);
    assert_exit(&output, 0);
    assert_eq!(
        last_line(&output),
        format!("{} passed, 0 failed, 0 skipped", suite_count("rules"))
    );
    // A variant's rules file of the copy is checked against the manifest's `variant_rules`.
    let cmd = format!("'{}' parse --variant {{variant}}", fenkit());
    let output = parity(&["--notation", "atomic", "--suite", &suite, "--cmd", &cmd]);
    assert_exit(&output, 0);
    assert_eq!(
        last_line(&output),
        format!("{} passed, 0 failed, 0 skipped", suite_count("atomic"))
    );
    std::fs::write(dir.path().join("v1/atomic.jsonl"), "").expect("write");
    let output = parity(&["--notation", "atomic", "--suite", &suite, "--cmd", &cmd]);
    assert_exit(&output, 2);
}

fn suite_copy(dir: &Path, extra: &[&str]) -> Output {
    Command::new(fenkit())
        .args(["suite", "copy"])
        .arg(dir)
        .args(extra)
        .output()
        .expect("fenkit runs")
}

/// Every relative link of every Markdown file in a copy, and every spec path of its manifest,
/// names a file of the copy: a vendored suite needs nothing from fenkit's repository.
#[test]
fn a_suite_copy_is_complete_on_its_own() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let output = suite_copy(dir.path(), &[]);
    assert_exit(&output, 0);
    let mut files: Vec<String> = Vec::new();
    let mut pending = vec![dir.path().to_path_buf()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(dir.path()).expect("inside");
                files.push(relative.display().to_string());
            }
        }
    }
    files.sort();
    insta::assert_snapshot!(files.join("\n"), @r"
    README.md
    spec/adapter-protocol.md
    spec/chess960.md
    spec/conformance.md
    spec/dfen.md
    spec/epd.md
    spec/fen4.md
    spec/identity.md
    spec/ndjson4.md
    spec/pgn.md
    spec/rules.md
    spec/variants.md
    v1/antichess.jsonl
    v1/atomic.jsonl
    v1/chess960.jsonl
    v1/crazyhouse.jsonl
    v1/dfen.jsonl
    v1/epd.jsonl
    v1/fen4.jsonl
    v1/giveaway.jsonl
    v1/horde.jsonl
    v1/kingofthehill.jsonl
    v1/manifest.json
    v1/movetext.jsonl
    v1/ndjson4.jsonl
    v1/pgn.jsonl
    v1/racingkings.jsonl
    v1/rules.jsonl
    v1/threecheck.jsonl
    v1/variants.jsonl
    ");
    let mut links = 0;
    for file in files.iter().filter(|f| f.ends_with(".md")) {
        let path = dir.path().join(file);
        let text = std::fs::read_to_string(&path).expect("text");
        for (at, _) in text.match_indices("](") {
            let target: String = text[at + 2..].chars().take_while(|&c| c != ')').collect();
            let target = target.split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains("://") {
                continue;
            }
            let resolved = path.parent().expect("a parent").join(target);
            assert!(
                resolved.is_file(),
                "{file} links to {target}, not in the copy"
            );
            links += 1;
        }
    }
    assert!(links >= 10, "only {links} links checked");
    let manifest: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.path().join("v1/manifest.json")).expect("the manifest"),
    )
    .expect("JSON");
    let rules_files = manifest["variant_rules"].as_array().expect("variant_rules");
    for entry in manifest["files"]
        .as_array()
        .expect("files")
        .iter()
        .chain(rules_files)
    {
        // A path, nothing more (conformance.md section 1).
        let spec = entry["spec"].as_str().expect("a spec path");
        assert!(
            spec.starts_with("spec/") && spec.ends_with(".md") && !spec.contains(' '),
            "the manifest's spec {spec:?} is not a path"
        );
        assert!(dir.path().join(spec).is_file(), "the manifest cites {spec}");
    }
    let format = manifest["format"].as_str().expect("a format note");
    let cited = format.rsplit(' ').next().unwrap_or_default();
    assert!(
        dir.path().join(cited).is_file(),
        "the manifest cites {cited}"
    );
}

/// The error text of a run, with the temporary directory written as `DIR`.
fn errors_in(output: &Output, dir: &Path) -> String {
    String::from_utf8_lossy(&output.stderr).replace(&dir.display().to_string(), "DIR")
}

#[test]
fn a_vendored_suite_must_match_its_manifest() {
    let dir = tempfile::tempdir().expect("a temp dir");
    assert_exit(&suite_copy(dir.path(), &[]), 0);
    let suite = dir.path().display().to_string();
    let fen4 = dir.path().join("v1/fen4.jsonl");
    let original = std::fs::read_to_string(&fen4).expect("the FEN4 cases");
    let first = original.lines().next().expect("a case");
    // One case appended: well formed, but not in the manifest.
    let extra = first.replacen("\"name\":\"", "\"name\":\"extra_", 1);
    std::fs::write(&fen4, format!("{original}{extra}\n")).expect("write");
    let output = parity(&["--notation", "fen4", "--suite", &suite, "--cmd", "cat"]);
    assert_exit(&output, 2);
    assert_eq!(stdout(&output), "");
    let text = errors_in(&output, dir.path());
    let count = suite_count("fen4");
    assert!(
        text.starts_with(&format!(
            "error: --suite DIR: DIR/v1/fen4.jsonl does not match DIR/v1/manifest.json: \
             expected {count} cases with SHA-256 "
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(", found {} cases with SHA-256 ", count + 1)),
        "{text}"
    );
    // The same count with other bytes is caught by the digest.
    std::fs::write(
        &fen4,
        original.replacen("\"reason\":\"", "\"reason\":\"x", 1),
    )
    .expect("write");
    let output = parity(&["--notation", "fen4", "--suite", &suite, "--cmd", "cat"]);
    assert_exit(&output, 2);
    assert!(
        errors_in(&output, dir.path()).contains(&format!("found {count} cases with SHA-256 ")),
        "{}",
        errors_in(&output, dir.path())
    );
    // A corrupt line is named with the directory.
    std::fs::write(&fen4, format!("{original}{{not json\n")).expect("write");
    let output = parity(&["--notation", "fen4", "--suite", &suite, "--cmd", "cat"]);
    assert_exit(&output, 2);
    insta::assert_snapshot!(
        errors_in(&output, dir.path()).replace(&(count + 1).to_string(), "N"),
        @"error: --suite DIR: DIR/v1/fen4.jsonl:N: invalid case: key must be a string at line 1 column 2"
    );
    // The DFEN file is untouched, so a DFEN run from the same copy goes ahead.
    let output = parity(&[
        "--notation",
        "dfen",
        "--suite",
        &suite,
        "--run",
        "y_dfen_start_fresh",
        "--cmd",
        "cat",
    ]);
    assert_exit(&output, 0);
}

#[test]
fn options_name_themselves_in_errors() {
    let output = parity(&["--known-failures", "/nonexistent/known.txt", "--cmd", "cat"]);
    assert_exit(&output, 2);
    insta::assert_snapshot!(
        String::from_utf8_lossy(&output.stderr),
        @"error: --known-failures /nonexistent/known.txt: cannot read it: no such file or directory"
    );
    let output = parity(&["--suite", "/nonexistent/suite", "--cmd", "cat"]);
    assert_exit(&output, 2);
    insta::assert_snapshot!(
        String::from_utf8_lossy(&output.stderr),
        @"error: --suite /nonexistent/suite: no such file or directory"
    );
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("a.dfen");
    std::fs::write(&file, "").expect("write");
    let output = parity(&["--suite", &file.display().to_string(), "--cmd", "cat"]);
    assert_exit(&output, 2);
    insta::assert_snapshot!(
        errors_in(&output, dir.path()),
        @"error: --suite DIR/a.dfen: not a directory"
    );
    let output = parity(&["--suite", &dir.path().display().to_string(), "--cmd", "cat"]);
    assert_exit(&output, 2);
    insta::assert_snapshot!(
        errors_in(&output, dir.path()),
        @"error: --suite DIR: cannot read `DIR/v1/manifest.json`: no such file or directory"
    );
}

/// `suite copy` to a path that is a file says so once, instead of failing on every file.
#[test]
fn suite_copy_to_a_file_is_one_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("a.dfen");
    std::fs::write(&file, "not a suite").expect("write");
    let output = suite_copy(&file, &[]);
    assert_exit(&output, 2);
    assert_eq!(stdout(&output), "");
    insta::assert_snapshot!(
        errors_in(&output, dir.path()),
        @"error: cannot write the suite to `DIR/a.dfen`: not a directory"
    );
    assert_eq!(std::fs::read(&file).expect("the file"), b"not a suite");
    // A directory in the way of a suite file: one error, in the CLI's words.
    let copy = dir.path().join("copy");
    std::fs::create_dir_all(copy.join("README.md")).expect("a directory");
    let output = suite_copy(&copy, &[]);
    assert_exit(&output, 2);
    insta::assert_snapshot!(
        errors_in(&output, dir.path()),
        @r"
    error: cannot write `DIR/copy/README.md`: it is a directory
    wrote 0 of 30 suite files (version 1) to DIR/copy
    "
    );
}

#[test]
fn a_run_glob_that_matches_nothing_is_an_error() {
    let output = parity(&[
        "--run",
        "nomatch*",
        "--run",
        "y_dfen_start_fresh",
        "--cmd",
        "cat",
    ]);
    assert_usage_error(
        &output,
        "error: --run `nomatch*` matches no dfen or fen4 case (`fenkit suite list` prints the \
         names)",
    );
    // The same in fuzzing.
    let output = parity(&["--fuzz", "5", "--run", "nomatch*", "--cmd", "cat"]);
    assert_exit(&output, 2);
    // A FEN4 name under --notation dfen matches nothing either.
    let output = parity(&["--notation", "dfen", "--run", "y_fen4_*", "--cmd", "cat"]);
    assert_exit(&output, 2);
    // A --skip glob that matches nothing only warns.
    let output = parity(&[
        "--run",
        "y_dfen_start_fresh",
        "--skip",
        "nomatch*",
        "--cmd",
        "cat",
    ]);
    assert_exit(&output, 0);
    assert!(
        stdout(&output).contains("warning: --skip `nomatch*` matches no case\n"),
        "{}",
        stdout(&output)
    );
}

/// A run that selects nothing passes nothing: like a --run glob that matches no case, it is a
/// usage error (exit status 2), per case, in fuzzing and whatever the adapter.
#[test]
fn selecting_nothing_is_an_error() {
    let cases: [(&[&str], &str); 3] = [
        (
            &[
                "--notation",
                "rules",
                "--skip",
                "*",
                "--cmd",
                "fenkit moves -",
            ],
            "error: nothing to run: --skip `*` leaves out every rules case",
        ),
        (
            &[
                "--run",
                "y_dfen_start_*",
                "--skip",
                "y_dfen_*",
                "--skip",
                "nomatch",
                "--cmd",
                "cat",
            ],
            "error: nothing to run: --skip `y_dfen_*` and --skip `nomatch` leave out every dfen \
             or fen4 case that --run selects",
        ),
        (
            &[
                "--notation",
                "fen4",
                "--fuzz",
                "5",
                "--skip",
                "*_fen4_*",
                "--cmd",
                "cat",
            ],
            "error: nothing to run: --skip `*_fen4_*` leaves out every fen4 case",
        ),
    ];
    for (args, expected) in cases {
        assert_usage_error(&parity(args), expected);
    }
}

/// Cases that --run leaves out are "not selected"; "skipped" is only for selected cases that
/// cannot be sent; cases of other notations are not counted at all.
#[test]
fn not_selected_is_not_skipped() {
    let output = parity(&[
        "--notation",
        "dfen",
        "--run",
        "y_dfen_start_*",
        "--cmd",
        "cat",
    ]);
    assert_exit(&output, 0);
    let total = suite_count("dfen");
    let selected = stdout(
        &Command::new(fenkit())
            .args(["suite", "list", "--notation", "dfen"])
            .output()
            .expect("fenkit runs"),
    )
    .lines()
    .filter(|name| name.starts_with("y_dfen_start_"))
    .count();
    assert_eq!(
        last_line(&output),
        format!(
            "{selected} passed, 0 failed, 0 skipped, {} not selected",
            total - selected
        )
    );
    // A selected input that is not UTF-8 cannot travel as a JSON string: it is skipped.
    let cmd = format!(
        "'{}' parse --batch --json-strings --notation {{notation}} --profile {{profile}}",
        fenkit()
    );
    let output = parity(&[
        "--notation",
        "dfen",
        "--batch",
        "--json-strings",
        "--run",
        "n_dfen_invalid_utf8",
        "--run",
        "y_dfen_start_fresh",
        "--output-format",
        "json",
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 0);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["not_selected"], total - 2, "{report}");
    assert_eq!(report["skipped"], 1, "{report}");
    assert_eq!(report["passed"], 1, "{report}");
    assert_eq!(
        report["results"][0]["name"], "n_dfen_invalid_utf8",
        "{report}"
    );
    assert_eq!(report["results"][0]["status"], "skipped", "{report}");
    assert_eq!(
        report["results"].as_array().map(Vec::len),
        Some(1),
        "only the skipped case is listed: {report}"
    );
}

#[test]
fn ndjson4_cases_are_not_a_parity_notation() {
    let output = parity(&["--notation", "ndjson4", "--cmd", "cat"]);
    assert_exit(&output, 2);
    let help = Command::new(fenkit())
        .args(["parity", "--help"])
        .output()
        .expect("fenkit runs");
    assert_exit(&help, 0);
    let text = stdout(&help);
    assert!(
        text.contains("The suite's NDJSON4 cases (v1/ndjson4.jsonl) are not run by parity"),
        "{text}"
    );
    assert!(
        text.contains("They are data for your own test harness."),
        "{text}"
    );
}

/// A Python adapter that dies of an uncaught exception exits with status 1. That is not a
/// rejection: it passes nothing, and the report says why.
#[test]
fn a_crashing_python_adapter_passes_nothing() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let script = dir.path().join("crash.py");
    std::fs::write(
        &script,
        "import sys\nsys.stdin.read()\nraise SystemExit(undefined_name)\n",
    )
    .expect("write");
    let Some(cmd) = python_at(&script, "a_crashing_python_adapter_passes_nothing") else {
        return;
    };
    let output = parity(&["--notation", "dfen", "--run", "n_dfen_01*", "--cmd", &cmd]);
    assert_exit(&output, 1);
    let text = stdout(&output);
    let count = text.matches("FAIL ").count();
    assert!(count >= 5, "{text}");
    assert_eq!(
        last_line(&output),
        format!(
            "0 passed, {count} failed, 0 skipped, {} not selected",
            suite_count("dfen") - count
        )
    );
    assert!(
        text.contains(&format!(
            "warning: {count} answers were out of the protocol's shape (exit status 1 without \
             exactly one `CODE: message` line on standard error"
        )),
        "{text}"
    );
    assert!(
        text.contains("stderr| NameError: name 'undefined_name' is not defined\n"),
        "{text}"
    );
}

/// The wording of answers in a report: a rejection's code is shown once, a traceback stays
/// inside its block, the output cap is named, and counts are in words that agree.
#[test]
fn answers_are_reported_in_their_own_words() {
    let output = parity(&[
        "--notation",
        "dfen",
        "--codes",
        "--run",
        "n_dfen_010_odd_length",
        "--cmd",
        "cat >/dev/null; echo 'XYZ: nope' >&2; exit 1",
    ]);
    assert_exit(&output, 1);
    insta::assert_snapshot!("a_rejection_with_another_code", stdout(&output));

    let traceback = "cat >/dev/null; printf 'Traceback (most recent call last):\\n  \
                     File \"adapter.py\", line 9, in <module>\\n    check(text)\\n\
                     ValueError: boom\\n' >&2; exit 1";
    let output = parity(&[
        "--notation",
        "dfen",
        "--run",
        "n_dfen_010_odd_length",
        "--cmd",
        traceback,
    ]);
    assert_exit(&output, 1);
    insta::assert_snapshot!("a_traceback_with_exit_status_1", stdout(&output));

    let output = parity(&[
        "--notation",
        "dfen",
        "--run",
        "y_dfen_start_fresh",
        "--cmd",
        "cat >/dev/null; yes",
    ]);
    assert_exit(&output, 1);
    let text = stdout(&output);
    assert!(
        text.contains(
            "problem:  the adapter failed: it wrote more than 4 MiB to standard output, the \
             runner's cap per answer; the runner stopped reading, and the adapter then "
        ),
        "{text}"
    );

    let one_answer = r#"read line; echo '{"ok":true,"canonical":"x"}'"#;
    let output = parity(&[
        "--notation",
        "dfen",
        "--batch",
        "--run",
        "y_dfen_start_fresh",
        "--run",
        "y_dfen_start_rolled_pnb",
        "--cmd",
        one_answer,
    ]);
    assert_exit(&output, 1);
    insta::assert_snapshot!("a_batch_adapter_that_stops_early", stdout(&output));

    let output = parity(&[
        "--notation",
        "rules",
        "--run",
        "rules_promotion_knight_only",
        "--cmd",
        "cat >/dev/null; echo e7e8q",
    ]);
    assert_exit(&output, 1);
    insta::assert_snapshot!("one_move", stdout(&output));
}

/// The runner reads a per-case answer exactly as adapter-protocol.md's table says: a rejection
/// is one line, `CODE`, a colon and a space, and a message; an acceptance is UTF-8. Each other
/// shape is a failure of the adapter, and the report says what is wrong with it.
#[test]
fn answers_out_of_the_protocols_shape_fail() {
    let mut report = String::new();
    for cmd in [
        r#"cat >/dev/null; printf "DFEN002:x\n" >&2; exit 1"#,
        r#"cat >/dev/null; printf "DFEN002: x\n\n" >&2; exit 1"#,
        r#"cat >/dev/null; printf "DFEN002: \n" >&2; exit 1"#,
        r#"cat >/dev/null; printf "DFEN002: x\n" >&2; echo partial; exit 1"#,
        // White space on standard output and one final `\r\n` are allowed: a rejection.
        r#"cat >/dev/null; printf "DFEN002: x\r\n" >&2; echo ' '; exit 1"#,
        r#"cat >/dev/null; printf '\377\n'"#,
    ] {
        let output = parity(&[
            "--notation",
            "dfen",
            "--codes",
            "--run",
            "n_dfen_lenient_002_three_fields",
            "--cmd",
            cmd,
        ]);
        let status = output.status.code().unwrap_or(-1);
        report.push_str(&format!("$ {cmd}\n(exit status {status})\n"));
        report.push_str(&stdout(&output));
        report.push('\n');
    }
    insta::assert_snapshot!(report);
}

/// A batch adapter that writes more answer lines than it was sent inputs has answered some
/// input twice (or written a blank line): no answer can be matched to its input, so every
/// input of that process fails.
#[test]
fn a_batch_adapter_that_answers_twice_fails_every_input() {
    let twice = r#"while read line; do echo '{"ok":true,"canonical":"x"}'; echo '{"ok":true,"canonical":"x"}'; done"#;
    let output = parity(&[
        "--notation",
        "dfen",
        "--batch",
        "--run",
        "y_dfen_start_fresh",
        "--run",
        "y_dfen_start_rolled_pnb",
        "--cmd",
        twice,
    ]);
    assert_exit(&output, 1);
    insta::assert_snapshot!(stdout(&output));
    // Right answers with one extra line after them fail too.
    let cmd = format!(
        "'{}' parse --batch --notation {{notation}} --profile {{profile}}; echo",
        fenkit()
    );
    let output = parity(&[
        "--notation",
        "dfen",
        "--batch",
        "--run",
        "y_dfen_start_*",
        "--output-format",
        "json",
        "--cmd",
        &cmd,
    ]);
    assert_exit(&output, 1);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let failed = report["failed"].as_u64().expect("a count");
    assert!(failed >= 2, "{report}");
    assert_eq!(report["passed"], 0, "{report}");
    let problem = format!(
        "the adapter failed: the batch adapter wrote {} answer lines for {failed} inputs, so no \
         answer can be matched to its input (the protocol asks for exactly one line per input)",
        failed + 1
    );
    for result in report["results"].as_array().expect("results") {
        assert_eq!(result["note"], problem.as_str(), "{result}");
    }
}

/// fenkit's own adapter words the turn-budget error with the right number.
#[test]
fn fenkit_parse_counts_dice_in_words() {
    let mut child = Command::new(fenkit())
        .args(["parse", "--notation", "dfen"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("fenkit runs");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR w KQkq a3c3e3 0 1 P")
        .expect("write");
    let output = child.wait_with_output().expect("fenkit ends");
    assert_exit(&output, 1);
    insta::assert_snapshot!(
        String::from_utf8_lossy(&output.stderr),
        @"DFEN204: en-passant squares and dice exceed one turn: expected at most 3 micro-moves in one turn, found 3 double pushes already played and 1 die left"
    );
}

/// Each minimised fuzz input is shown with fenkit's answer, the adapter's and the problem for
/// that same input, and it disagrees in the same way as the input it came from.
#[test]
fn fuzz_reports_agree_with_themselves() {
    // `cat` echoes every input back as its canonical form.
    let output = parity(&[
        "--notation",
        "dfen",
        "--fuzz",
        "5",
        "--seed",
        "7",
        "--cmd",
        "cat",
    ]);
    assert_exit(&output, 1);
    insta::assert_snapshot!("fuzz_echo_adapter", stdout(&output));

    let output = parity(&[
        "--notation",
        "dfen",
        "--fuzz",
        "200",
        "--seed",
        "7",
        "--cmd",
        "cat",
    ]);
    assert_exit(&output, 1);
    let text = stdout(&output);
    let mut minimised = 0;
    for block in text.split("\n\n").filter(|b| b.starts_with("DISAGREE")) {
        let field = |indent: &str, label: &str| -> Vec<String> {
            block
                .lines()
                .filter_map(|l| l.strip_prefix(&format!("{indent}{label}")))
                .map(|v| v.trim().to_owned())
                .collect()
        };
        let (fenkit, got, problem) = (
            field("  ", "fenkit:"),
            field("  ", "got:"),
            field("  ", "problem:"),
        );
        assert_eq!(
            (fenkit.len(), got.len(), problem.len()),
            (1, 1, 1),
            "{block}"
        );
        let small = (
            field("    ", "fenkit:"),
            field("    ", "got:"),
            field("    ", "problem:"),
        );
        if block.contains("\n  minimised: ") {
            minimised += 1;
            assert_eq!(
                (small.0.len(), small.1.len(), small.2.len()),
                (1, 1, 1),
                "{block}"
            );
            // The same kind of disagreement, with the same fenkit code. Where the problem
            // names a place in the output (`(byte 0xff at offset 20)`), the place may differ.
            let kind = |problem: &str| problem.split(" (").next().unwrap_or_default().to_owned();
            assert_eq!(kind(&small.2[0]), kind(&problem[0]), "{block}");
            let code = |answer: &str| answer.starts_with("reject ").then(|| answer.to_owned());
            assert_eq!(code(&small.0[0]), code(&fenkit[0]), "{block}");
            assert_eq!(
                small.1[0].split(' ').next(),
                got[0].split(' ').next(),
                "{block}"
            );
        }
        for (f, g, p) in [(&fenkit, &got, &problem), (&small.0, &small.1, &small.2)] {
            if let (Some(f), Some(g), Some(p)) = (f.first(), g.first(), p.first()) {
                if f.starts_with("reject") && g.starts_with("accept") {
                    assert_eq!(p, "accepted, but fenkit rejects it", "{block}");
                }
                if p == "accepted, but the canonical form differs" {
                    assert!(
                        f.starts_with("accept") && g.starts_with("accept"),
                        "{block}"
                    );
                }
            }
        }
    }
    assert!(minimised >= 3, "{text}");
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
    assert!(names.contains(&"y_crazyhouse_lichess_empty_pocket".to_owned()));
    assert!(names.contains(&"y_960_xfen_start".to_owned()));
    assert!(names.contains(&"n_mt_201_illegal".to_owned()));
    assert!(names.contains(&"n_pgn_201_illegal".to_owned()));
    assert!(names.contains(&"y_antichess_several_kings".to_owned()));
    assert!(names.contains(&"n_crazyhouse_005_pawns_in_all".to_owned()));
    let total: usize = [
        "dfen",
        "fen4",
        "ndjson4",
        "rules",
        "variants",
        "chess960",
        "epd",
        "movetext",
        "pgn",
        "antichess",
        "giveaway",
        "atomic",
        "horde",
        "racingkings",
        "kingofthehill",
        "threecheck",
        "crazyhouse",
    ]
    .into_iter()
    .map(suite_count)
    .sum();
    assert_eq!(names.len(), total);
    assert!(suite_count("dfen") >= 150);
    assert!(suite_count("fen4") >= 100);
    assert!(suite_count("variants") >= 100);
}

/// An adapter that leaves a background process holding its standard output does not hold up
/// the run: once the adapter has answered and exited, what it left behind is ended. (Before,
/// the runner waited for the background process, here for 10 minutes per case.)
#[test]
fn a_background_process_left_by_the_adapter_is_ended() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("leaves_a_sleeper.sh");
    std::fs::write(
        &script,
        "cat >/dev/null\nsleep 600 &\nprintf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\\n'\n",
    )
    .unwrap();
    let mut child = Command::new(fenkit())
        .args([
            "parity",
            "--timeout",
            "30s",
            "--run",
            "y_dfen_start_fresh",
            "--cmd",
        ])
        .arg(format!("sh '{}'", script.display()))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("fenkit runs");
    // Far longer than the run takes, far shorter than the sleeper.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() >= deadline {
            let _ = child.kill();
            panic!("parity still waits on the adapter's background process");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let output = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(0), "{}", stdout(&output));
    assert!(
        last_line(&output).starts_with("1 passed, 0 failed"),
        "{}",
        stdout(&output)
    );
}

/// A failure that every case shares is said once, with its fix: a command that is not found,
/// and an adapter that always times out (per case and in batch mode). The first case stays in
/// full as the example.
#[test]
fn a_systematic_failure_is_one_line() {
    let count = suite_count("fen4");
    let missing = parity(&["--cmd", "fenkit-no-such-adapter", "--notation", "fen4"]);
    assert_exit(&missing, 1);
    let report = stdout(&missing);
    assert!(
        report.contains(&format!(
            "error: all {count} cases failed the same way: the adapter exited with status 127, \
             which the shell gives when a command is not found; check `--cmd \
             fenkit-no-such-adapter`"
        )),
        "{report}"
    );
    assert_eq!(
        report.matches("\nFAIL ").count() + usize::from(report.starts_with("FAIL ")),
        1
    );
    for batch in [false, true] {
        let mut args = vec![
            "--cmd",
            "sleep 5",
            "--notation",
            "fen4",
            "--timeout",
            "200ms",
        ];
        if batch {
            args.push("--batch");
        } else {
            args.extend(["--jobs", "16"]);
        }
        let slow = parity(&args);
        assert_exit(&slow, 1);
        let report = stdout(&slow);
        // Batch mode cannot send inputs with line breaks without --json-strings: fewer run.
        let ran = if batch {
            count - report.matches("\nskipped ").count()
        } else {
            count
        };
        assert!(
            report.contains(&format!(
                "error: all {ran} cases timed out after 200ms; try --timeout 2s"
            )),
            "batch {batch}: {report}"
        );
    }
    // Cases that fail in different ways are each reported.
    let mixed = parity(&[
        "--cmd",
        "grep -q 'K@0' && exit 3; exit 4",
        "--notation",
        "fen4",
    ]);
    assert_exit(&mixed, 1);
    assert!(!stdout(&mixed).contains("error: all"), "{}", stdout(&mixed));
}

/// An adapter command without `{profile}` (or `{notation}`) reads every case with one value:
/// when every failure lies in the values it was not told, the report says so once, with the
/// fix, after the failures; the JSON report has it among its warnings. With the placeholders,
/// everything passes and nothing is said.
#[test]
fn failures_in_settings_the_command_does_not_pass_on_are_said_once() {
    let fenkit = fenkit();
    let dfen_only = format!("'{fenkit}' parse --notation dfen");
    let untold = parity(&["--notation", "dfen", "--cmd", &dfen_only]);
    assert_exit(&untold, 1);
    let report = stdout(&untold);
    let tail: Vec<&str> = report.lines().rev().take(2).collect();
    insta::assert_snapshot!("unpassed_profile", format!("{}\n{}", tail[1], tail[0]));
    let both = parity(&["--cmd", &dfen_only, "--output-format", "json"]);
    assert_exit(&both, 1);
    let document: serde_json::Value = serde_json::from_slice(&both.stdout).unwrap();
    let warnings: Vec<&str> = document["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|w| w.as_str())
        .collect();
    insta::assert_snapshot!("unpassed_notation_and_profile", warnings.join("\n"));
    let told = parity(&[
        "--cmd",
        &format!("'{fenkit}' parse --notation {{notation}} --profile {{profile}}"),
    ]);
    assert_exit(&told, 0);
    assert!(!stdout(&told).contains("hint:"), "{}", stdout(&told));
}
