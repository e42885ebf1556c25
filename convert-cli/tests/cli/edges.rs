//! Edge cases at the borders of the command line: files it must not rewrite (unwritable,
//! binary), rewrites cut short by a signal, CSV and JSON Lines that other readers read
//! otherwise, flags that do nothing for an input, and words in messages.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A quote that never closes in a column after the position's swallows the rest of the
/// file: it is FENKIT053 on the line where it opens, not a file with no findings.
#[test]
fn a_csv_quote_that_never_closes_in_any_column_is_an_error() {
    let tree = Tree::empty();
    tree.write(
        "puzzles.csv",
        format!("id,fen,comment\n1,{START},\"never closed\n2,{START},fine\n"),
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "--column", "fen", "puzzles.csv"]));
    // Before the position's column, too: the row has too few fields, but the quote is why.
    tree.write(
        "early.csv",
        format!("comment,fen\n\"never closed,{START}\nplain,{START}\n"),
    );
    assert_cmd_snapshot!(
        "csv_quote_open_before_the_column",
        tree.fenkit(&["check", "--column", "fen", "early.csv"])
    );
}

/// `dedupe` takes `--quiet` as `check` and `convert` do: no summary line.
#[test]
fn dedupe_takes_quiet() {
    let tree = Tree::empty();
    tree.write("a.fen", format!("{START}\n{START}\n"));
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--quiet", "a.fen"]));
    assert_cmd_snapshot!(
        "dedupe_write_quiet",
        tree.fenkit(&["dedupe", "--write", "-q", "a.fen"])
    );
    assert_eq!(tree.read("a.fen"), format!("{START}\n").as_bytes());
}

/// A symbolic link loop met in a walk is said in words (`too many levels of symbolic
/// links`), not in the walker's text (`iO error for operation on …`).
#[cfg(unix)]
#[test]
fn a_symlink_loop_is_said_in_words() {
    let tree = Tree::empty();
    std::fs::create_dir(tree.path("dir")).unwrap();
    std::os::unix::fs::symlink("b.fen", tree.path("dir/a.fen")).unwrap();
    std::os::unix::fs::symlink("a.fen", tree.path("dir/b.fen")).unwrap();
    assert_cmd_snapshot!(tree.fenkit(&["check", "--threads", "1", "dir"]));
}

/// FENKIT005 names the container the position is in, not a `.fen` file.
#[test]
fn a_seventh_field_names_its_container() {
    let tree = Tree::empty();
    let seven = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
    tree.write("a.csv", format!("fen\n{seven}\n"));
    tree.write("a.jsonl", format!("{{\"fen\": \"{seven}\"}}\n"));
    tree.write("a.pgn", format!("[FEN \"{seven}\"]\n\n*\n"));
    tree.write("a.fen", format!("{seven}\n"));
    for (name, args) in [
        (
            "seventh_field_csv",
            &["check", "--column", "fen", "a.csv"][..],
        ),
        (
            "seventh_field_jsonl",
            &["check", "--field", "fen", "a.jsonl"],
        ),
        (
            "seventh_field_pgn",
            &["check", "--notation", "fen", "a.pgn"],
        ),
        ("seventh_field_fen", &["check", "a.fen"]),
    ] {
        assert_cmd_snapshot!(name, tree.fenkit(args));
    }
}

/// Two files with their positions on the same lines (a file and its `fmt` output) are
/// compared line N with line N: nothing is said to have moved.
#[test]
fn diff_pairs_lines_of_files_of_the_same_length() {
    let tree = Tree::empty();
    tree.write(
        "old.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/3K4 w - - 0 1\nnot a position\n",
    );
    tree.write(
        "new.fen",
        "4k3/8/8/8/8/8/8/3K4 w - - 0 1\n4k3/8/8/8/8/8/8/2K5 w - - 0 1\nnot a position\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["diff", "old.fen", "new.fen"]));
}

/// A file with no write permission for anyone (mode 0444) is read-only for `fmt` and
/// `dedupe --write` whoever runs them, root too: refused, exit 2, the file untouched.
#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_rewritten() {
    use std::os::unix::fs::PermissionsExt;
    let tree = Tree::empty();
    let text = format!("{START}\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n{START}\n");
    let path = tree.write("a.fen", &text);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "a.fen"]));
    assert_cmd_snapshot!(
        "read_only_dedupe_write",
        tree.fenkit(&["dedupe", "--write", "a.fen"])
    );
    assert_eq!(tree.read("a.fen"), text.as_bytes());
    // Nothing to write: a read-only file that is already formatted passes.
    let formatted = tree.write("b.fen", format!("{START}\n"));
    std::fs::set_permissions(&formatted, std::fs::Permissions::from_mode(0o444)).unwrap();
    let output = tree.fenkit(&["fmt", "b.fen"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
}

/// A binary file named `.fen` (a NUL byte, or over 1% of its first 64 KiB not UTF-8) is not
/// read for positions by `fmt`, nor rewritten by `fmt` or `dedupe --write`: exit 2, untouched.
#[test]
fn a_binary_file_is_not_rewritten() {
    let tree = Tree::empty();
    let mut nul = format!("{START}\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n").into_bytes();
    nul.extend_from_slice(b"\x00\x01\x02\x03\n");
    nul.extend_from_slice(format!("{START}\n").as_bytes());
    tree.write("nul.fen", &nul);
    let mut latin = format!("{START}\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n").into_bytes();
    latin.extend_from_slice(&[0xe9; 8]);
    latin.extend_from_slice(format!("\n{START}\n").as_bytes());
    tree.write("bytes.fen", &latin);
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--threads", "1", "nul.fen", "bytes.fen"]));
    assert_cmd_snapshot!(
        "binary_fmt_check",
        tree.fenkit(&["fmt", "--check", "nul.fen"])
    );
    assert_cmd_snapshot!(
        "binary_dedupe_write",
        tree.fenkit(&["dedupe", "--write", "nul.fen"])
    );
    assert_eq!(tree.read("nul.fen"), nul);
    assert_eq!(tree.read("bytes.fen"), latin);
}

/// The `.fenkit-*.tmp` files in the tree.
fn temp_files(tree: &Tree) -> Vec<String> {
    std::fs::read_dir(tree.path("."))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".fenkit-"))
        .collect()
}

/// SIGINT or SIGTERM while `fmt` writes its temp file: the temp file is removed, the
/// original is as it was, and the process ends by the signal.
#[cfg(unix)]
#[test]
fn a_signal_during_fmt_removes_the_temp_file() {
    use std::os::unix::process::ExitStatusExt;
    let tree = Tree::empty();
    let big = "4k3/8/8/8/8/8/8/4K3  w - - 0 1\n".repeat(200_000);
    for signal in ["TERM", "INT"] {
        tree.write("big.fen", &big);
        let mut child = tree
            .fenkit(&["fmt", "--threads", "1", "big.fen"])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while temp_files(&tree).is_empty() {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(120),
                "no temp file appeared"
            );
            assert!(child.try_wait().unwrap().is_none(), "fmt ended first");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let sent = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = child.wait().unwrap();
        let number = if signal == "TERM" { 15 } else { 2 };
        assert_eq!(status.signal(), Some(number), "{signal}: {status:?}");
        assert_eq!(temp_files(&tree), Vec::<String>::new(), "{signal}");
        assert_eq!(tree.read("big.fen"), big.as_bytes(), "{signal}");
    }
}

/// A JSON Lines object with the `--field` key twice is FENKIT056, naming the key and the
/// columns of both: fenkit would check the first value, and Python's `json` reads the last.
#[test]
fn a_repeated_json_key_is_an_error() {
    let tree = Tree::empty();
    tree.write(
        "evals.jsonl",
        format!(
            "{{\"fen\": \"{START}\", \"fen\": \"not a position\"}}\n{{\"fen\": \"{START}\"}}\n"
        ),
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "--field", "fen", "evals.jsonl"]));
}

/// A `.jsonl` file of `fen` objects named on the command line is not NDJSON4: one error that
/// names `--field fen` (decided by its first object), not one finding per line.
#[test]
fn a_jsonl_file_of_fen_objects_points_at_field() {
    let tree = Tree::empty();
    let line = format!("{{\"fen\": \"{START}\", \"cp\": 20}}\n");
    tree.write("evals.jsonl", line.repeat(50));
    assert_cmd_snapshot!(tree.fenkit(&["check", "evals.jsonl"]));
    let with_field = tree
        .fenkit(&["check", "--field", "fen", "evals.jsonl"])
        .output()
        .unwrap();
    assert_eq!(with_field.status.code(), Some(0));
}

/// `--column` or `--field` that does nothing for a file gets one `note:` line naming the
/// flag and the file; the exit status is what it would be without the flag.
#[test]
fn a_flag_that_does_nothing_for_a_file_is_said() {
    let tree = Tree::empty();
    tree.write("a.fen", format!("{START}\n"));
    tree.write("b.csv", format!("fen\n{START}\n"));
    assert_cmd_snapshot!(tree.fenkit(&["check", "--column", "fen", "a.fen", "b.csv"]));
    assert_cmd_snapshot!(
        "field_on_a_fen_file",
        tree.fenkit(&["fmt", "--check", "--field", "fen", "a.fen"])
    );
}

/// `fmt` and `dedupe --write` run by another user than the file's, in a directory that user
/// may write, leave a file that user may not write as it was (a rename would have given it a
/// new owner). Run only as root, where `setpriv` can run fenkit as `nobody`.
#[cfg(unix)]
#[test]
fn a_file_its_user_may_not_write_keeps_its_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let tree = Tree::empty();
    let as_nobody = |args: &[&str]| {
        let mut command = std::process::Command::new("setpriv");
        command
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(insta_cmd::get_cargo_bin("fenkit"))
            .args(args)
            .current_dir(tree.path("."));
        command
    };
    let root = std::fs::metadata(tree.path(".")).unwrap().uid() == 0;
    if !root
        || !as_nobody(&["--version"])
            .output()
            .is_ok_and(|o| o.status.success())
    {
        eprintln!("skipped: needs root and setpriv");
        return;
    }
    std::fs::set_permissions(tree.path("."), std::fs::Permissions::from_mode(0o777)).unwrap();
    let text = "4k3/8/8/8/8/8/8/4K3  w - - 0 1\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
    let path = tree.write("owned.fen", text);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    for args in [
        &["fmt", "owned.fen"][..],
        &["dedupe", "--write", "owned.fen"],
    ] {
        let output = as_nobody(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(
                "error: cannot write `owned.fen`: permission denied; the file was left unchanged"
            ),
            "{args:?}: {stderr}"
        );
        assert_eq!(std::fs::metadata(&path).unwrap().uid(), 0, "{args:?}");
        assert_eq!(tree.read("owned.fen"), text.as_bytes(), "{args:?}");
    }
}
