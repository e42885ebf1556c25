//! Long results: standard output is buffered when it is not a terminal, so these check that a
//! result of many 64 KiB buffers arrives whole and that a write that fails is reported.

use std::process::Stdio;

use crate::Tree;

/// `count` positions, each missing its dice field (one warning per line).
fn warned_positions(count: usize) -> String {
    (0..count)
        .map(|i| {
            format!(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 {}\n",
                i + 1
            )
        })
        .collect()
}

#[test]
fn a_long_json_report_arrives_whole() {
    let tree = Tree::empty();
    tree.write("many.dfen", warned_positions(5_000));
    for threads in ["1", "2"] {
        let output = tree
            .fenkit(&[
                "check",
                "--threads",
                threads,
                "--output-format",
                "json",
                "many.dfen",
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "warnings only");
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let diagnostics = document["diagnostics"].as_array().unwrap();
        assert_eq!(diagnostics.len(), 5_000);
        assert_eq!(diagnostics[4_999]["line"], 5_000);
        assert_eq!(document["summary"]["warnings"], 5_000);
    }
}

#[test]
fn a_long_diff_and_conversion_arrive_whole() {
    let tree = Tree::empty();
    let positions = warned_positions(4_000);
    tree.write("old.dfen", &positions);
    tree.write("new.dfen", positions.replace(" w KQkq", " b KQkq"));
    let diff = tree
        .fenkit(&["diff", "old.dfen", "new.dfen"])
        .output()
        .unwrap();
    assert_eq!(diff.status.code(), Some(1));
    let text = String::from_utf8(diff.stdout).unwrap();
    assert_eq!(text.matches(": changed").count(), 4_000);
    assert!(
        text.ends_with("side to move: w → b\n"),
        "{}",
        &text[text.len() - 80..]
    );

    let convert = tree
        .fenkit(&["convert", "--to", "json", "old.dfen"])
        .output()
        .unwrap();
    assert_eq!(convert.status.code(), Some(0));
    let lines: Vec<&[u8]> = convert.stdout.split(|&b| b == b'\n').collect();
    assert_eq!(lines.len(), 4_001, "4,000 documents and the final newline");
    let last: serde_json::Value = serde_json::from_slice(lines[3_999]).unwrap();
    assert_eq!(last["fullmove"], 4_000);
}

/// Writing to a full disk must fail the run (exit 2, with the reason), not be lost when the
/// buffer is dropped.
#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_is_reported() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here; skipped");
        return;
    };
    let tree = Tree::empty();
    tree.write("many.dfen", warned_positions(3_000));
    tree.write(
        "other.dfen",
        warned_positions(3_000).replace(" w KQkq", " b KQkq"),
    );
    tree.write("one.dfen", warned_positions(1));
    // Long results fail while the buffer is emptied part way; short ones only when it is
    // flushed at the end.
    let runs: [&[&str]; 9] = [
        &["check", "--output-format", "json", "many.dfen"],
        &["check", "--output-format", "sarif", "many.dfen"],
        &["check", "many.dfen"],
        &["convert", "--to", "json", "many.dfen"],
        &["diff", "many.dfen", "other.dfen"],
        &["check", "--output-format", "json", "one.dfen"],
        &["convert", "--to", "json", "one.dfen"],
        &["diff", "one.dfen", "other.dfen"],
        &["show", "8/8/8/8/8/8/8/K6k w - - 0 1 -"],
    ];
    for args in runs {
        let output = tree
            .fenkit(args)
            .stdout(Stdio::from(full.try_clone().unwrap()))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        // The error of the write itself, carried to the report (not cut down to its kind).
        assert!(
            stderr.contains("cannot write output: no space left on device"),
            "{args:?}: {stderr}"
        );
    }
}

/// Converted output is data: a comment line passed through keeps every byte, escape
/// sequences included, even though standard output is not a terminal.
#[test]
fn conversion_passes_comment_bytes_through_untouched() {
    let tree = Tree::empty();
    let comment = "# \u{1b}[31mred\u{1b}[0m and \u{1b}]8;;x\u{7}a link\n";
    tree.write(
        "colour.dfen",
        format!("{comment}4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n"),
    );
    let output = tree
        .fenkit(&["convert", "--to", "fen", "colour.dfen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("{comment}4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")
    );
}

/// The progress bar over many files: drawn on stderr when it is a terminal (run here inside
/// a pseudo-terminal by `script(1)`), cleared before the summary, and never drawn into a pipe.
#[test]
#[cfg(target_os = "linux")]
fn progress_is_drawn_on_a_terminal_and_cleared() {
    let tree = Tree::empty();
    for i in 1..=80 {
        tree.write(
            &format!("many/f{i:02}.dfen"),
            format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {i} -\n"),
        );
    }
    let fenkit = insta_cmd::get_cargo_bin("fenkit");
    let command = format!("{} check --threads 1 many", fenkit.display());
    let Ok(output) = std::process::Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .current_dir(tree.path(""))
        .env_remove("NO_COLOR")
        .output()
    else {
        eprintln!("no script(1) here; skipped");
        return;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("checking"), "{text:?}");
    assert!(text.contains("/80 files"), "{text:?}");
    // The bar's line is erased (`ESC [2K`) before the summary is written.
    let after_bar = text.rsplit("\u{1b}[2K").next().unwrap_or_default();
    assert!(
        after_bar.starts_with("checked 80 files, 80 positions"),
        "{after_bar:?}"
    );

    let piped = tree
        .fenkit(&["check", "--threads", "1", "many"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&piped.stderr);
    assert_eq!(stderr, "checked 80 files, 80 positions: no findings\n");
}

/// Findings are coloured on a terminal (here a `script(1)` pseudo-terminal), not with
/// `NO_COLOR`, and never in a pipe unless `--color always` asks.
#[test]
#[cfg(target_os = "linux")]
fn colour_on_a_terminal_only() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let fenkit = insta_cmd::get_cargo_bin("fenkit");
    let on_terminal = |env: &str| {
        let command = format!("{env} {} check a.dfen", fenkit.display());
        std::process::Command::new("script")
            .args(["-qfec", &command, "/dev/null"])
            .current_dir(tree.path(""))
            .env_remove("NO_COLOR")
            .output()
            .ok()
            .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let Some(coloured) = on_terminal("env") else {
        eprintln!("no script(1) here; skipped");
        return;
    };
    assert!(coloured.contains("\u{1b}[1m"), "{coloured:?}");
    let plain = on_terminal("env NO_COLOR=1").unwrap_or_default();
    assert!(plain.contains("warning[DFEN107]"), "{plain:?}");
    assert!(!plain.contains('\u{1b}'), "{plain:?}");

    let piped = tree.fenkit(&["check", "a.dfen"]).output().unwrap();
    assert!(!piped.stdout.contains(&0x1b));
    let forced = tree
        .fenkit(&["--color", "always", "check", "a.dfen"])
        .output()
        .unwrap();
    assert!(forced.stdout.contains(&0x1b));
}

/// A reader that goes away early (`fenkit check … | head`) ends the run quietly, but with exit
/// 2: the run did not finish, so it must not pass as clean under `set -o pipefail`.
#[test]
fn a_closed_pipe_ends_the_run_quietly_and_not_clean() {
    use std::io::{BufRead, BufReader};
    let tree = Tree::empty();
    tree.write("many.dfen", warned_positions(5_000));
    let runs: [&[&str]; 3] = [
        &["check", "many.dfen"],
        &["check", "--output-format", "sarif", "many.dfen"],
        &["convert", "--to", "json", "many.dfen"],
    ];
    for args in runs {
        let mut child = tree
            .fenkit(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty(), "{args:?}: no output at all");
        // The read end is closed here, when the reader is dropped.
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("error"), "{args:?}: {stderr}");
    }
}
