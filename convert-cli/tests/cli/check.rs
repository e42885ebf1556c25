use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

#[test]
fn clean_file_exits_0() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["check", "clean.dfen"]));
}

#[test]
fn findings_in_human_format() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["check", "mixed.dfen", "board.fen4", "replay.ndjson4"]));
}

#[test]
fn json() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["check", "--output-format", "json", "mixed.dfen"]));
}

#[test]
fn json_lines() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["check", "--output-format", "json-lines", "board.fen4"]));
}

#[test]
fn github() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["check", "--output-format", "github", "mixed.dfen"]));
}

#[test]
fn sarif() {
    let tree = Tree::with_fixtures();
    let output = tree
        .fenkit(&["check", "--output-format", "sarif", "mixed.dfen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().unwrap();
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    // Every result points at a rule of the driver by id and index.
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
    insta::assert_json_snapshot!(log);
}

/// SARIF rules carry each code's own title, never the message of its first occurrence, and a
/// category tag: the command line's own codes (FENKIT020) as much as the libraries'.
#[test]
fn sarif_rules_carry_titles_of_every_kind_of_code() {
    let tree = Tree::empty();
    let position = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
    tree.write("a.dfen", format!("{position}\n"));
    tree.write("b.dfen", format!("{position}\n"));
    let output = tree
        .fenkit(&[
            "check",
            "--duplicates",
            "--output-format",
            "sarif",
            "a.dfen",
            "b.dfen",
        ])
        .output()
        .unwrap();
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rules = &log["runs"][0]["tool"]["driver"]["rules"];
    assert_eq!(rules[0]["id"], "FENKIT020", "{log}");
    assert_eq!(rules[0]["shortDescription"]["text"], "duplicate position");
    assert_eq!(rules[0]["properties"]["tags"][0], "position");
}

/// A file that cannot be read is in every machine report, not only on stderr: a report read
/// on its own must not pass for a clean run of every file.
#[test]
fn an_unreadable_file_is_in_the_machine_reports() {
    let tree = Tree::with_fixtures();
    let run = |format: &str| {
        let output = tree
            .fenkit(&[
                "check",
                "--output-format",
                format,
                "mixed.dfen",
                "missing.dfen",
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{format}");
        String::from_utf8(output.stdout).unwrap()
    };
    let message = "cannot read `missing.dfen`: no such file or directory";

    let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    assert_eq!(json["errors"], serde_json::json!([message]));
    assert_eq!(json["summary"]["unreadable"], 1);

    let sarif: serde_json::Value = serde_json::from_str(&run("sarif")).unwrap();
    let invocation = &sarif["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    assert_eq!(
        invocation["toolExecutionNotifications"][0]["message"]["text"],
        message
    );
    assert_eq!(
        invocation["toolExecutionNotifications"][0]["level"],
        "error"
    );

    let github = run("github");
    assert!(
        github.ends_with(&format!("::error title=fenkit::{message}\n")),
        "{github}"
    );
}

/// `fmt` leaves a position with an error exactly as written, so none of its findings is
/// counted as fixable, however easily each could be repaired alone.
#[test]
fn findings_of_a_position_with_an_error_are_not_fixable() {
    let tree = Tree::empty();
    // Two white kings (an error), and a doubled space and unordered dice (fixable forms).
    tree.write("kings.dfen", "4k3/8/8/8/8/8/8/4K2K  w - - 0 1 NP\n");
    // Pending dice do not fit six-field FEN (an error in a .fen file), beside fixable forms.
    tree.write("dice.fen", "4k3/8/8/8/8/8/8/4K3  w - - 0 1 NP\n");
    for file in ["kings.dfen", "dice.fen"] {
        let output = tree
            .fenkit(&["check", "--output-format", "json", file])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{file}");
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let diagnostics = report["diagnostics"].as_array().unwrap();
        assert!(diagnostics.len() >= 3, "{file}: {diagnostics:?}");
        for diagnostic in diagnostics {
            assert_eq!(diagnostic["fixable"], false, "{file}: {diagnostic}");
        }
        assert_eq!(report["summary"]["fixable"], 0, "{file}");
        // And indeed `fmt` changes nothing.
        let fmt = tree.fenkit(&["fmt", "--check", file]).output().unwrap();
        assert!(
            String::from_utf8_lossy(&fmt.stderr).contains("0 files would be reformatted"),
            "{file}: {}",
            String::from_utf8_lossy(&fmt.stderr)
        );
    }
}

#[test]
fn warnings_pass_unless_denied() {
    let tree = Tree::empty();
    tree.write("warn.dfen", "4k3/8/8/8/8/8/8/8 w - - 0 1 -\n");
    let plain = tree.fenkit(&["check", "-q", "warn.dfen"]).output().unwrap();
    assert_eq!(plain.status.code(), Some(0));
    assert_cmd_snapshot!(tree.fenkit(&["check", "--deny", "warnings", "warn.dfen"]));
}

#[test]
fn strict_makes_non_canonical_an_error() {
    let tree = Tree::empty();
    tree.write(
        "six.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let plain = tree.fenkit(&["check", "-q", "six.dfen"]).output().unwrap();
    assert_eq!(plain.status.code(), Some(0));
    assert_cmd_snapshot!(tree.fenkit(&["check", "--strict", "six.dfen"]));
}

#[test]
fn engine_profile() {
    let tree = Tree::empty();
    tree.write(
        "engine.dfen",
        "4k3/8/8/8/PP6/8/8/4K3 w - b3a3 0 1 N\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "--profile", "engine", "engine.dfen"]));
}

#[test]
fn stdin_with_notation() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["check", "--notation", "fen4", "-"])
            .pass_stdin("4d-fen v1: K@0,0,0,0; K@0,0,0,0\n")
    );
}

#[test]
fn detection_by_content_without_extension() {
    let tree = Tree::empty();
    tree.write("positions.txt", "# FEN4 inside\n4d-fen v1: P@0,1,0,0\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "positions.txt"]));
}

#[test]
fn directories_are_walked_respecting_ignore_files() {
    let tree = Tree::with_fixtures();
    tree.write("sub/deeper/a.dfen", "8/8/8/8/8/8/8/8 w - - 0 1 -\n");
    tree.write("sub/ignored/b.dfen", "not a position\n");
    tree.write("sub/.ignore", "ignored/\n");
    tree.write("sub/notes.txt", "not a position file\n");
    tree.write("sub/.hidden.dfen", "not a position\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "--output-format", "github", "sub"]));
}

#[test]
fn no_paths_means_the_current_directory() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["check", "--output-format", "github"]));
}

#[test]
fn missing_file_exits_2_and_the_rest_is_still_checked() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["check", "missing.dfen", "clean.dfen"]));
}

/// A file that cannot be read is exit status 2, with the reason, whoever runs the check: a
/// path through a file (so it cannot be found), a file whose reading fails after it was
/// opened, and, where permissions are enforced (not for root, as in CI), a file without read
/// permission.
#[test]
fn unreadable_file_exits_2() {
    let tree = Tree::with_fixtures();
    let unreadable = |path: &str, why: &str| {
        let output = tree.fenkit(&["check", path]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{path}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(&format!("error: cannot read `{path}`: {why}")),
            "{stderr}"
        );
        assert!(stderr.contains("1 file could not be read"), "{stderr}");
    };
    unreadable("clean.dfen/inner.dfen", "not a directory");
    // Opened (a regular file), then every read fails: the check's own read, not the walk's.
    #[cfg(target_os = "linux")]
    unreadable("/proc/self/mem", "input/output error");
    #[cfg(unix)]
    if !crate::permissions_are_ignored(&tree) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            tree.path("clean.dfen"),
            std::fs::Permissions::from_mode(0o000),
        )
        .unwrap();
        unreadable("clean.dfen", "permission denied");
    }
}

#[test]
fn unreadable_directory_entry() {
    // A directory named like a position file cannot be read as one, even by root.
    let tree = Tree::empty();
    std::fs::create_dir(tree.path("dir.dfen")).unwrap();
    assert_cmd_snapshot!(tree.fenkit(&["diff", "dir.dfen", "8/8/8/8/8/8/8/8 w - - 0 1 -"]));
}

#[test]
fn duplicates_across_files() {
    let tree = Tree::empty();
    tree.write(
        "a.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\n",
    );
    // Same position as a.dfen:1 (clocks and spelling differ); then a different side to move.
    tree.write(
        "b.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 12 40 -\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 P\n",
    );
    tree.write("c.fen4", "4d-fen v1: K@0,0,0,0\n4d-fen v1:\n  K@0,0,0,0\n");
    let plain = tree
        .fenkit(&[
            "check",
            "-q",
            "--output-format",
            "github",
            "a.dfen",
            "b.dfen",
        ])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("FENKIT020"));
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--duplicates",
        "--output-format",
        "github",
        "a.dfen",
        "b.dfen",
        "c.fen4"
    ]));
}

/// Standard input takes part in `--duplicates` like a file: its positions repeat each other and
/// the files' like any file's do.
#[test]
fn duplicates_in_standard_input() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    let stdin = "8/8/8/8/8/8/8/K6k w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 w - - 7 9 -\n\
                 8/8/8/8/8/8/8/K6k w - - 2 3 -\n";
    assert_cmd_snapshot!(
        tree.fenkit(&[
            "check",
            "--duplicates",
            "--output-format",
            "github",
            "a.dfen",
            "-"
        ])
        .pass_stdin(stdin)
    );
    // Alone.
    let temp = tree.path("tmp");
    std::fs::create_dir(&temp).unwrap();
    let mut alone = tree
        .fenkit(&[
            "check",
            "--duplicates",
            "--output-format",
            "json-lines",
            "-",
        ])
        .env("TMPDIR", &temp)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut alone.stdin.take().unwrap(), stdin.as_bytes()).unwrap();
    let alone = alone.wait_with_output().unwrap();
    let text = String::from_utf8(alone.stdout).unwrap();
    assert_eq!(text.matches("FENKIT020").count(), 1, "{text}");
    assert!(text.contains("<stdin>:1"), "{text}");
    assert_eq!(
        std::fs::read_dir(&temp).unwrap().count(),
        0,
        "the copy of standard input is removed"
    );
}

/// In a `.fen` file a seventh field is reported (fixable, as `fmt` drops it; an error under
/// `--strict`), and a position six fields cannot hold is an error that says what would go.
#[test]
fn seventh_fields_in_fen_files() {
    let tree = Tree::empty();
    tree.write(
        "six.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "six.fen"]));
    let strict = tree
        .fenkit(&[
            "check",
            "--strict",
            "--output-format",
            "json-lines",
            "six.fen",
        ])
        .output()
        .unwrap();
    assert_eq!(strict.status.code(), Some(1));
    let text = String::from_utf8(strict.stdout).unwrap();
    assert!(
        text.contains(r#""code":"FENKIT005""#) && text.contains(r#""severity":"error""#),
        "{text}"
    );
    // Six fields are six fields in every dialect; the engine's own finding for `-` (DFEN108)
    // is not doubled.
    for profile in ["spec", "lenient", "engine"] {
        let output = tree
            .fenkit(&[
                "check",
                "--profile",
                profile,
                "--output-format",
                "json-lines",
                "six.fen",
            ])
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let on_line = |n: usize| {
            lines
                .iter()
                .filter(|l| l.contains(&format!(r#""line":{n},"#)))
                .count()
        };
        assert_eq!(on_line(1), 1, "{profile}: {text}");
        assert_eq!(on_line(2), 0, "{profile}: {text}");
    }
}

/// A path that cannot be read is counted in the summary (exit 2), in every format.
#[test]
fn unreadable_paths_are_counted() {
    let tree = Tree::with_fixtures();
    let output = tree
        .fenkit(&[
            "check",
            "--output-format",
            "json",
            "missing.dfen",
            "clean.dfen",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(document["summary"]["unreadable"], 1);
    assert_eq!(document["summary"]["files"], 1);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("1 file could not be read"), "{stderr}");
}

/// A walk that reaches one file by its name and through a symbolic link reads it once
/// (`fmt` would otherwise rewrite it twice at once).
#[test]
#[cfg(unix)]
fn a_file_and_a_link_to_it_are_read_once() {
    let tree = Tree::empty();
    tree.write("dir/target.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    std::os::unix::fs::symlink("target.dfen", tree.path("dir/link.dfen")).unwrap();
    let output = tree.fenkit(&["check", "dir"]).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("checked 1 file, 1 position"), "{stderr}");
    let fmt = tree.fenkit(&["fmt", "dir"]).output().unwrap();
    let stderr = String::from_utf8(fmt.stderr).unwrap();
    assert_eq!(stderr, "1 file reformatted, 0 files already formatted\n");
    assert_eq!(
        tree.read("dir/target.dfen"),
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n"
    );
}

/// `--duplicates` reads standard input once, as the check does: it needs no temporary copy, so
/// a missing temporary directory changes nothing.
#[test]
fn duplicates_in_standard_input_need_no_temporary_directory() {
    let tree = Tree::empty();
    let mut child = tree
        .fenkit(&["check", "--duplicates", "--output-format", "github", "-"])
        .env("TMPDIR", tree.path("no-such-dir"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(
        &mut child.stdin.take().unwrap(),
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 w - - 5 9 -\n",
    )
    .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("line=2,") && stdout.contains("the same position as <stdin>:1"),
        "{stdout}"
    );
}
