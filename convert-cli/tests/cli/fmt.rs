use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

const MESSY: &[u8] = b"# keep me\r\n\r\n4k3/8/8/8/8/8/8/4K3  w - - 00 1\r\n8/8/8/8/8/8/8/4k3 w - - 0 1 pnb\r\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

#[test]
fn check_lists_files_that_would_change() {
    let tree = Tree::with_fixtures();
    tree.write("messy.dfen", MESSY);
    assert_cmd_snapshot!(tree.fenkit(&[
        "fmt",
        "--check",
        "clean.dfen",
        "messy.dfen",
        "board.fen4"
    ]));
    assert_eq!(tree.read("messy.dfen"), MESSY, "--check wrote to the file");
}

#[test]
fn diff_shows_a_unified_diff() {
    let tree = Tree::with_fixtures();
    tree.write("messy.dfen", MESSY);
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--diff", "messy.dfen", "board.fen4"]));
    assert_eq!(tree.read("messy.dfen"), MESSY, "--diff wrote to the file");
}

#[test]
fn in_place_keeps_crlf_comments_blank_lines_no_final_newline_and_error_lines() {
    let tree = Tree::empty();
    tree.write("messy.dfen", MESSY);
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "messy.dfen"]));
    let expected: &[u8] = b"# keep me\r\n\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\r\n8/8/8/8/8/8/8/4k3 w - - 0 1 pnb\r\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
    assert_eq!(
        String::from_utf8_lossy(&tree.read("messy.dfen")),
        String::from_utf8_lossy(expected)
    );
    // Formatting is idempotent: a second run changes nothing.
    let again = tree
        .fenkit(&["fmt", "--check", "messy.dfen"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1), "the error line still fails");
    assert!(
        again.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&again.stdout)
    );
}

#[test]
fn canonical_files_round_trip_byte_exactly() {
    let tree = Tree::empty();
    let cases: [(&str, &[u8]); 4] = [
        ("crlf.dfen", b"# c\r\n8/8/8/8/8/8/8/8 w - - 0 1 -\r\n\r\n"),
        (
            "no-final-newline.dfen",
            b"8/8/8/8/8/8/8/8 w - - 0 1 -\n8/8/8/8/8/8/8/8 b - - 0 1 -",
        ),
        ("bom.dfen", b"\xEF\xBB\xBF8/8/8/8/8/8/8/8 w - - 0 1 -\n"),
        (
            "mixed-endings.fen4",
            b"4d-fen v1: K@0,0,0,0\r\n\n# x\r\n4d-fen v1:",
        ),
    ];
    for (name, bytes) in cases {
        tree.write(name, bytes);
        let output = tree.fenkit(&["fmt", name]).output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(tree.read(name), bytes, "{name} changed");
    }
}

#[test]
fn bom_and_line_ends_survive_a_rewrite() {
    let tree = Tree::empty();
    tree.write(
        "bom.dfen",
        b"\xEF\xBB\xBF8/8/8/8/8/8/8/8 w - - 0 1\r\n# end",
    );
    let output = tree.fenkit(&["fmt", "bom.dfen"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        tree.read("bom.dfen"),
        b"\xEF\xBB\xBF8/8/8/8/8/8/8/8 w - - 0 1 -\r\n# end"
    );
}

#[test]
fn multi_line_fen4_becomes_one_line() {
    let tree = Tree::with_fixtures();
    let output = tree.fenkit(&["fmt", "board.fen4"]).output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(1),
        "the line with an error fails"
    );
    assert_eq!(
        String::from_utf8(tree.read("board.fen4")).unwrap(),
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n# A multi-line literal, not canonical.\n4d-fen v1: K@0,0,0,0; k@7,7,7,7\n4d-fen v1: K@0,0,8,0; k@7,7,7,7\n"
    );
}

#[test]
fn stdin_to_stdout() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "-"]).pass_stdin(MESSY));
}

/// Standard input can be read once: `-` twice is a usage error that says so, in every mode.
#[test]
fn stdin_named_twice_is_refused() {
    let tree = Tree::empty();
    for extra in [None, Some("--check"), Some("--diff")] {
        let mut args = vec!["fmt", "-", "-"];
        args.extend(extra);
        let output = crate::output_with_stdin(&mut tree.fenkit(&args), MESSY);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("expected `-` once, found it 2 times"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn profile_engine_converts_the_dialect_in_place() {
    let tree = Tree::empty();
    tree.write(
        "spec.dfen",
        "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 N\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n",
    );
    let output = tree
        .fenkit(&["fmt", "--profile", "engine", "spec.dfen"])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8(tree.read("spec.dfen")).unwrap(),
        "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 1 N\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    );
    // And back.
    let output = tree.fenkit(&["fmt", "spec.dfen"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(tree.read("spec.dfen")).unwrap(),
        "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 N\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n"
    );
}

#[test]
fn a_write_failing_midway_leaves_the_original_intact() {
    let tree = Tree::empty();
    let mut original = Vec::new();
    for _ in 0..5_000 {
        original.extend_from_slice(b"8/8/8/8/8/8/8/8  w - - 0 1\n");
    }
    tree.write("big.dfen", &original);
    let mut command = tree.fenkit(&["fmt", "big.dfen"]);
    command.env("FENKIT_TEST_FAIL_WRITE_AFTER", "70000");
    assert_cmd_snapshot!(command);
    assert_eq!(tree.read("big.dfen"), original, "the original was modified");
    let leftovers: Vec<_> = std::fs::read_dir(tree.path(""))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "temp files left behind: {leftovers:?}");
}

/// A file in a directory where `fmt` cannot create its temporary file is left unchanged, with
/// exit status 2 and the reason, whoever runs it: a directory so deep that the temporary
/// file's path would pass the system's path limit (the file's own name is shorter), and, where
/// permissions are enforced (not for root, as in CI), a read-only directory.
#[test]
fn unwritable_directory() {
    let tree = Tree::empty();
    let unchanged = |path: &str, why: &str| {
        let output = tree.fenkit(&["fmt", path]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{why}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(&format!(
                "cannot write `{path}`: {why}; the file was left unchanged"
            )),
            "{stderr}"
        );
        assert_eq!(tree.read(path), b"8/8/8/8/8/8/8/8 w - - 0 1\n");
    };
    #[cfg(target_os = "linux")]
    {
        // Linux's path limit is 4,096 bytes with the final NUL; the temporary file's name,
        // `.fenkit-XXXXXX.tmp`, is 18 bytes, `a.dfen` 6.
        let root = std::fs::canonicalize(tree.path("")).unwrap();
        let mut deep = String::new();
        while root.as_os_str().len() + 1 + deep.len() + 1 + 18 < 4096 {
            let room = 4096 - (root.as_os_str().len() + 1 + deep.len() + 1 + 18);
            let step = room.clamp(1, 200);
            deep.push_str(&"d".repeat(step));
            deep.push('/');
        }
        let file = format!("{deep}a.dfen");
        assert!(
            root.as_os_str().len() + 1 + file.len() < 4096,
            "the file itself fits"
        );
        tree.write(&file, "8/8/8/8/8/8/8/8 w - - 0 1\n");
        unchanged(&file, "file name too long");
    }
    #[cfg(unix)]
    if !crate::permissions_are_ignored(&tree) {
        use std::os::unix::fs::PermissionsExt;
        tree.write("ro/a.dfen", "8/8/8/8/8/8/8/8 w - - 0 1\n");
        std::fs::set_permissions(tree.path("ro"), std::fs::Permissions::from_mode(0o555)).unwrap();
        unchanged("ro/a.dfen", "permission denied");
        std::fs::set_permissions(tree.path("ro"), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn permissions_are_kept() {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let tree = Tree::empty();
        let path = tree.write("a.dfen", "8/8/8/8/8/8/8/8 w - - 0 1\n");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o604)).unwrap();
        let output = tree.fenkit(&["fmt", "a.dfen"]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(tree.read("a.dfen"), b"8/8/8/8/8/8/8/8 w - - 0 1 -\n");
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o604
        );
    }
}

#[test]
fn standard_input_with_files_is_refused_when_writing() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    assert_cmd_snapshot!(
        tree.fenkit(&["fmt", "-", "a.dfen"])
            .pass_stdin("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")
    );
    assert_eq!(tree.read("a.dfen"), b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
}

#[test]
fn diff_of_standard_input_is_against_what_was_read() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 b - - 0 1\n");
    assert_cmd_snapshot!(
        tree.fenkit(&["fmt", "--diff", "-", "a.dfen"])
            .pass_stdin("# kept\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")
    );
}

#[test]
fn strict_is_refused() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--strict", "a.dfen"]));
    assert_eq!(tree.read("a.dfen"), b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
}

/// A rewrite by rename leaves a file's other hard links with the old content: `fmt` says so.
#[cfg(unix)]
#[test]
fn a_hard_linked_file_is_rewritten_with_a_warning() {
    let tree = Tree::empty();
    tree.write("h1.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 NP\n");
    std::fs::hard_link(tree.path("h1.dfen"), tree.path("h2.dfen")).unwrap();
    let output = tree.fenkit(&["fmt", "h1.dfen"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("`h1.dfen` had 1 other hard link"),
        "{stderr}"
    );
    assert_eq!(tree.read("h1.dfen"), b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN\n");
    assert_eq!(tree.read("h2.dfen"), b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 NP\n");
}

/// `fmt --diff` writes a diff that `patch -p1` and `git apply` apply, however the file is
/// named: relative, with `./`, absolute below the current directory, and absolute outside it
/// (named from `/`, as `git diff --no-index` names it, and applied there).
#[test]
fn diffs_apply_with_patch_and_git_apply() {
    let tree = Tree::empty();
    let before = "# kept\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
    let after = "# kept\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n";
    let root = std::fs::canonicalize(tree.path("")).unwrap();
    let absolute = root.join("sub/a.dfen");
    let run = |tool: &str, args: &[&str], dir: &std::path::Path, diff: &[u8]| {
        let mut child = std::process::Command::new(tool)
            .args(args)
            .current_dir(dir)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("`{tool}` is needed for this test: {error}"));
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), diff).unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "{tool} {args:?} in {}: {}{}\n{}",
            dir.display(),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(diff)
        );
    };
    for (named, cwd, header) in [
        ("sub/a.dfen".to_owned(), root.clone(), "a/sub/a.dfen"),
        ("./sub/./a.dfen".to_owned(), root.clone(), "a/sub/a.dfen"),
        (absolute.display().to_string(), root.clone(), "a/sub/a.dfen"),
        (absolute.display().to_string(), root.join("elsewhere"), ""),
    ] {
        tree.write("sub/a.dfen", before);
        std::fs::create_dir_all(&cwd).unwrap();
        let output = std::process::Command::new(insta_cmd::get_cargo_bin("fenkit"))
            .args(["fmt", "--diff", &named])
            .current_dir(&cwd)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{named}");
        let diff = output.stdout;
        let text = String::from_utf8_lossy(&diff).into_owned();
        // Outside the current directory: the absolute path, applied from the root.
        let (header, apply_in) = if header.is_empty() {
            let from_root = absolute.display().to_string();
            (
                format!("a/{}", from_root.trim_start_matches('/')),
                std::path::PathBuf::from("/"),
            )
        } else {
            (header.to_owned(), cwd.clone())
        };
        assert!(text.starts_with(&format!("--- {header}\n+++ b/")), "{text}");
        run("git", &["apply", "--check", "-"], &apply_in, &diff);
        run("patch", &["-p1", "--quiet"], &apply_in, &diff);
        assert_eq!(tree.read("sub/a.dfen"), after.as_bytes(), "{named}");
    }
}
