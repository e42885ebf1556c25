//! Hostile input and crash safety of the `fenkit` binary, beyond the everyday failure paths
//! of `tests/cli/` (invalid UTF-8 and NUL bytes in `check`, a 50 MB line, a million blank lines,
//! a symbolic link loop, a FIFO and a failing writer are tested there).
//!
//! Every run must end with exit 0, 1 or 2, a clear message, no panic and no hang; every failed
//! `fmt` must leave the original file byte-for-byte intact. The tests run as root on CI; the
//! permission tests then drop to the `nobody` user for the child process, and the full disk and
//! read-only file system are real mounts inside a private mount namespace (`unshare`). Where
//! that is not possible the test says so on stderr and passes without checking.
//!
//! The heaviest variant (10 million blank lines through `fmt`) is ignored by default:
//! `cargo test -p fenkit --test hostile -- --ignored`.
//! The limits themselves are listed in `spec/limits.md`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The `fenkit` binary under test.
fn fenkit_bin() -> &'static str {
    env!("CARGO_BIN_EXE_fenkit")
}

/// A temp directory to run in; files are named relative to it, so no output holds a temp path.
struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new() -> Tree {
        Tree {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(&path, bytes).unwrap();
        path
    }

    fn read(&self, name: &str) -> Vec<u8> {
        fs::read(self.path(name)).unwrap()
    }

    /// The names in the tree's top directory, sorted.
    fn listing(&self, dir: &str) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.path(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// `fenkit ARGS…` run inside the tree.
    fn fenkit(&self, args: &[&str]) -> Command {
        self.command(fenkit_bin(), args)
    }

    /// `fenkit ARGS…` inside the tree with its data segment capped at 64 MiB (when `prlimit`
    /// is available), so that a run which stored a 100 MB line or a whole big file would fail.
    fn fenkit_capped(&self, args: &[&str]) -> Command {
        let prlimit = Command::new("prlimit")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !prlimit {
            eprintln!("note: prlimit is not available; memory is not capped");
            return self.fenkit(args);
        }
        let mut full = vec!["--data=67108864", fenkit_bin()];
        full.extend_from_slice(args);
        let mut command = self.command("prlimit", &full);
        // Thread stacks count against the cap too: keep their number fixed on any machine.
        command.env("RAYON_NUM_THREADS", "2");
        command
    }

    fn command(&self, program: &str, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(self.dir.path())
            .args(args)
            .env_remove("CLICOLOR_FORCE")
            .env_remove(FAIL_AFTER_VAR)
            .env("NO_COLOR", "1");
        command
    }
}

const FAIL_AFTER_VAR: &str = "FENKIT_TEST_FAIL_WRITE_AFTER";

#[path = "support/process.rs"]
mod process;
use process::output_with_stdin as run_with_stdin;

/// Checks the run ended the way every hostile run must (exit 0, 1 or 2, no panic) and gives
/// its exit code, stdout and stderr as one text for a snapshot.
#[track_caller]
fn transcript(output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "fenkit panicked:\n{stderr}"
    );
    let code = output.status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "fenkit ended with {:?}\n{stderr}",
        output.status
    );
    format!(
        "exit: {}\n----- stdout -----\n{stdout}\n----- stderr -----\n{stderr}",
        code.unwrap_or(-1)
    )
}

#[track_caller]
fn run(command: &mut Command) -> (Output, String) {
    let output = command.output().unwrap();
    let text = transcript(&output);
    (output, text)
}

/// Whether this process is root (and so reads and writes anywhere).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

// ---- Bad bytes through every command ---------------------------------------------------------

const BAD: &[u8] = b"8/8/8/8/8/8/8/8 w - - 0 1 -\n8/8/8/8/8/8/8/8 w \xff - 0 1 -\n\x00\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";

/// Lines without a fault, to dilute one bad byte below 1% of a file.
const GOOD_LINES: &[u8] = b"8/8/8/8/8/8/8/8 w - - 0 1 -\n8/8/8/8/8/8/8/8 b - - 0 1 -\n\
8/8/8/8/8/8/8/8 w - - 0 2 -\n8/8/8/8/8/8/8/8 b - - 0 2 -\n";

/// A bad byte in a position and a fixable line, without a NUL byte.
const TEXT_WITH_A_BAD_BYTE: &[u8] =
    b"8/8/8/8/8/8/8/8 w \xff - 0 1 -\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";

#[test]
fn every_command_reports_invalid_utf8_with_its_byte_offset_and_nul_bytes() {
    let tree = Tree::new();
    tree.write("bad.dfen", BAD);
    tree.write("good.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    // `fmt` reads text with a few bad bytes (under 1% of its start, no NUL byte); BAD is
    // binary to it.
    let text = [&GOOD_LINES.repeat(4)[..], TEXT_WITH_A_BAD_BYTE].concat();
    tree.write("text.dfen", &text);
    for (name, args) in [
        ("fmt-check", &["fmt", "--check", "text.dfen"][..]),
        ("convert", &["convert", "--to", "json", "bad.dfen"]),
        ("diff", &["diff", "bad.dfen", "good.dfen"]),
        ("dedupe", &["dedupe", "bad.dfen"]),
    ] {
        let (_, text) = run(&mut tree.fenkit(args));
        insta::assert_snapshot!(format!("bad_bytes_{name}"), text);
    }
    // `fmt` rewrites the one fixable line and keeps every bad byte as it was.
    let (_, output) = run(&mut tree.fenkit(&["fmt", "text.dfen"]));
    insta::assert_snapshot!("bad_bytes_fmt", output);
    let mut expected = text.clone();
    let fixable = b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
    expected.truncate(text.len() - fixable.len());
    expected.extend_from_slice(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    assert_eq!(tree.read("text.dfen"), expected);
    // A NUL byte makes a file binary: `fmt` neither reads nor rewrites it.
    let (_, output) = run(&mut tree.fenkit(&["fmt", "bad.dfen"]));
    insta::assert_snapshot!("bad_bytes_fmt_binary", output);
    assert_eq!(tree.read("bad.dfen"), BAD);
    // Standard input: the adapter protocol, per case and batch, and `show`.
    for (name, args) in [
        ("parse", &["parse"][..]),
        ("parse-batch", &["parse", "--batch"]),
        ("show", &["show", "-"]),
    ] {
        let output = run_with_stdin(&mut tree.fenkit(args), BAD.to_vec());
        insta::assert_snapshot!(format!("bad_bytes_stdin_{name}"), transcript(&output));
    }
}

// ---- Size ------------------------------------------------------------------------------------

#[test]
fn a_100_mb_line_is_skipped_without_being_stored() {
    let tree = Tree::new();
    let mut bytes = vec![b'8'; 100 * 1024 * 1024];
    bytes.extend_from_slice(b"\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    tree.write("huge.dfen", &bytes);

    // Standard input streams too.
    let output = run_with_stdin(&mut tree.fenkit_capped(&["check", "-"]), bytes.clone());
    insta::assert_snapshot!("huge_line_check_stdin", transcript(&output));
    let output = run_with_stdin(
        &mut tree.fenkit_capped(&["parse", "--batch"]),
        bytes.clone(),
    );
    insta::assert_snapshot!("huge_line_parse_batch", transcript(&output));
    let (_, text) = run(&mut tree.fenkit_capped(&["convert", "--to", "json", "huge.dfen"]));
    insta::assert_snapshot!("huge_line_convert", text);
    let (_, text) = run(&mut tree.fenkit_capped(&["fmt", "huge.dfen"]));
    insta::assert_snapshot!("huge_line_fmt", text);
    assert!(tree.read("huge.dfen") == bytes, "fmt changed the file");
    assert_eq!(tree.listing(""), ["huge.dfen"], "temp files left behind");

    // `fmt -` writes standard input back unchanged, as it leaves a file, within the memory cap.
    let output = run_with_stdin(&mut tree.fenkit_capped(&["fmt", "-"]), bytes.clone());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("written back unchanged"), "{stderr}");
    assert!(output.stdout == bytes, "fmt - changed the text");
}

/// `fmt -` with a line just over the record limit between fixable positions: the whole text
/// comes back unchanged (none of it is formatted), where it once came back cut short.
#[test]
fn fmt_of_stdin_with_a_long_line_gives_the_text_back_whole() {
    let tree = Tree::new();
    let mut bytes = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 NP\n".to_vec();
    bytes.extend(std::iter::repeat_n(b'x', 1 << 20));
    bytes.extend_from_slice(b"y\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 NP\n");
    let output = run_with_stdin(&mut tree.fenkit(&["fmt", "-"]), bytes.clone());
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout == bytes, "fmt - changed the text");
}

fn blank_lines_then_a_fixable_position(lines: usize) -> Vec<u8> {
    let mut bytes = vec![b'\n'; lines];
    bytes.extend_from_slice(b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n");
    bytes
}

#[test]
fn ten_million_blank_lines_are_checked() {
    let tree = Tree::new();
    tree.write(
        "blank.dfen",
        blank_lines_then_a_fixable_position(10_000_000),
    );
    let (_, text) =
        run(&mut tree.fenkit_capped(&["check", "--output-format", "json-lines", "blank.dfen"]));
    insta::assert_snapshot!(text);
}

/// A SARIF log streams its results as the other formats do: 80,000 findings (held to the end,
/// as they once were, they took some 90 MB) are reported in full under the 64 MiB cap.
#[test]
fn a_sarif_log_of_80_000_findings_stays_under_the_cap() {
    const FINDINGS: usize = 80_000;
    let tree = Tree::new();
    // Standard FENs: each is warned about its missing dice field (a warning: exit 0).
    tree.write(
        "many.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".repeat(FINDINGS),
    );
    let out = tree.path("report.sarif");
    let output = tree
        .fenkit_capped(&["check", "--output-format", "sarif", "many.dfen"])
        .stdout(Stdio::from(fs::File::create(&out).unwrap()))
        .output()
        .unwrap();
    let text = transcript(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let log: serde_json::Value = serde_json::from_slice(&fs::read(&out).unwrap()).unwrap();
    let results = log["runs"][0]["results"].as_array().map(Vec::len);
    assert_eq!(results, Some(FINDINGS));
}

/// `fmt` keeps every blank line and rewrites the one position at the end.
fn fmt_keeps_blank_lines(lines: usize) {
    let tree = Tree::new();
    tree.write("blank.dfen", blank_lines_then_a_fixable_position(lines));
    let (output, text) = run(&mut tree.fenkit_capped(&["fmt", "blank.dfen"]));
    assert_eq!(output.status.code(), Some(0), "{text}");
    let after = tree.read("blank.dfen");
    let (blank, rest) = after.split_at(lines);
    assert!(blank.iter().all(|&b| b == b'\n'), "a blank line changed");
    assert_eq!(rest, b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
}

#[test]
fn a_million_blank_lines_through_fmt() {
    fmt_keeps_blank_lines(1_000_000);
}

#[test]
#[ignore = "about 10 s in a debug build: cargo test -p fenkit --test hostile -- --ignored"]
fn ten_million_blank_lines_through_fmt() {
    fmt_keeps_blank_lines(10_000_000);
}

// ---- Files that change under our feet ----------------------------------------------------------

#[test]
fn a_file_that_vanishes_during_the_run() {
    // With one worker thread the inputs are read in order: standard input first. The paths are
    // expanded (and found to exist) before any input is read, so once fenkit has swallowed most
    // of a 4 MiB standard input, `gone.dfen` can be deleted before fenkit gets to open it.
    let tree = Tree::new();
    tree.write("gone.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    tree.write("kept.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pp\n");
    let mut child = tree
        .fenkit(&["check", "-", "gone.dfen", "kept.dfen"])
        .env("RAYON_NUM_THREADS", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let comments = b"# a comment line to keep fenkit reading\n".repeat(100_000);
    stdin.write_all(&comments).unwrap();
    fs::remove_file(tree.path("gone.dfen")).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    insta::assert_snapshot!(transcript(&output));
}

/// `fenkit ARGS…` inside the tree, run as the unprivileged user `nobody` when this process is
/// root, so that file permissions apply. `None` (after saying why) when that cannot be done.
#[cfg(unix)]
fn fenkit_as_nobody(tree: &Tree, args: &[&str]) -> Option<Command> {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    if !is_root() {
        return Some(tree.fenkit(args));
    }
    // The tree must be reachable by `nobody`, and so must the binary: when its own directory is
    // not (a checkout under /root, say), a link to it (or a copy) inside the tree is.
    fs::set_permissions(tree.dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let runs = |program: &Path| {
        Command::new(program)
            .arg("--version")
            .uid(65534)
            .gid(65534)
            .current_dir(tree.dir.path())
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let mut program = PathBuf::from(fenkit_bin());
    if !runs(&program) {
        let local = tree.path("bin/fenkit");
        fs::create_dir_all(tree.path("bin")).unwrap();
        chmod(&tree.path("bin"), 0o755);
        if fs::hard_link(&program, &local).is_err() {
            fs::copy(&program, &local).unwrap();
        }
        chmod(&local, 0o755);
        program = local;
        if !runs(&program) {
            eprintln!("skipped: `nobody` cannot run fenkit here");
            return None;
        }
    }
    let mut command = tree.command(program.to_str()?, args);
    command.uid(65534).gid(65534);
    Some(command)
}

#[cfg(unix)]
fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
#[cfg(unix)]
fn an_unreadable_file_and_an_unreadable_directory() {
    let tree = Tree::new();
    tree.write("walk/ok.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    tree.write(
        "walk/locked/hidden.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n",
    );
    tree.write("secret.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    chmod(&tree.path("secret.dfen"), 0o000);
    chmod(&tree.path("walk/locked"), 0o000);
    let Some(mut command) = fenkit_as_nobody(&tree, &["check", "secret.dfen", "walk"]) else {
        return;
    };
    let (_, text) = run(&mut command);
    chmod(&tree.path("walk/locked"), 0o755);
    insta::assert_snapshot!(text);
}

#[test]
#[cfg(unix)]
fn an_unwritable_directory_during_fmt() {
    let tree = Tree::new();
    let original = b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
    tree.write("ro/a.dfen", original);
    chmod(&tree.path("ro"), 0o755);
    chmod(&tree.path("ro/a.dfen"), 0o666);
    if !is_root() {
        chmod(&tree.path("ro"), 0o555);
    }
    let Some(mut command) = fenkit_as_nobody(&tree, &["fmt", "ro/a.dfen"]) else {
        return;
    };
    let (_, text) = run(&mut command);
    chmod(&tree.path("ro"), 0o755);
    insta::assert_snapshot!(text);
    assert_eq!(tree.read("ro/a.dfen"), original);
    assert_eq!(tree.listing("ro"), ["a.dfen"], "temp files left behind");
}

/// Runs `script` with `sh` in a private mount namespace (so its mounts vanish with it), with
/// `$1` = the tree and `$2` = the fenkit binary. `None` when namespaces are not available.
fn in_mount_namespace(tree: &Tree, script: &str) -> Option<Output> {
    let probe = Command::new("unshare")
        .args(["--mount", "--propagation", "private", "true"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: `unshare --mount` is not available (it needs root or user namespaces)");
        return None;
    }
    let output = tree
        .command(
            "unshare",
            &[
                "--mount",
                "--propagation",
                "private",
                "sh",
                "-c",
                script,
                "sh",
            ],
        )
        .arg(tree.dir.path())
        .arg(fenkit_bin())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.contains("mount:") {
        eprintln!("skipped: mounting is not allowed here: {stderr}");
        return None;
    }
    Some(output)
}

#[test]
fn a_read_only_file_system_during_fmt() {
    let tree = Tree::new();
    let original = b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
    tree.write("ro/a.dfen", original);
    let Some(output) = in_mount_namespace(
        &tree,
        r#"cd "$1" && mount --bind ro ro && mount -o remount,bind,ro ro && exec "$2" fmt ro/a.dfen"#,
    ) else {
        return;
    };
    insta::assert_snapshot!(transcript(&output));
    assert_eq!(tree.read("ro/a.dfen"), original);
}

#[test]
fn a_full_disk_during_fmt() {
    // A 256 KiB tmpfs holding a 140 KB file: the canonical copy does not fit beside it.
    let tree = Tree::new();
    let original = b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n".repeat(4_500);
    tree.write("big.dfen", &original);
    fs::create_dir(tree.path("disk")).unwrap();
    let script = r#"
        cd "$1" && mount -t tmpfs -o size=256k tmpfs disk && cp big.dfen disk/ && cd disk || exit 99
        "$2" fmt big.dfen
        code=$?
        cp big.dfen ../after.dfen
        ls -A > ../listing
        exit $code
    "#;
    let Some(output) = in_mount_namespace(&tree, script) else {
        return;
    };
    insta::assert_snapshot!(transcript(&output));
    assert!(
        tree.read("after.dfen") == original,
        "the original was changed"
    );
    assert_eq!(
        tree.read("listing"),
        b"big.dfen\n",
        "temp files left behind"
    );
}

// ---- Killed while writing --------------------------------------------------------------------

/// A small deterministic generator for the kill delays.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

fn temp_files(tree: &Tree) -> Vec<String> {
    tree.listing("")
        .into_iter()
        .filter(|name| name.starts_with(".fenkit-"))
        .collect()
}

#[test]
fn fmt_killed_at_random_points_leaves_the_old_or_the_new_file() {
    let tree = Tree::new();
    let old = b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n".repeat(6_000);
    let new = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n".repeat(6_000);
    tree.write("big.dfen", &old);

    // One full run: when it starts writing (its temp file appears), when it ends, and what it
    // writes.
    let start = Instant::now();
    let mut child = tree
        .fenkit(&["fmt", "big.dfen"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut writing_from = None;
    while child.try_wait().unwrap().is_none() {
        if writing_from.is_none() && !temp_files(&tree).is_empty() {
            writing_from = Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let full = start.elapsed();
    let writing_from = writing_from.unwrap_or_default();
    let output = child.wait_with_output().unwrap();
    let text = transcript(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(tree.read("big.dfen") == new, "fmt wrote something else");
    assert!(
        temp_files(&tree).is_empty(),
        "a successful run left temp files"
    );

    let mut rng = Lcg(0x5eed);
    let (mut killed_mid_run, mut killed_while_writing, mut saw_old, mut saw_new) = (0, 0, 0, 0);
    // The delays are drawn from a window that closes in on the writing: a kill that finds the
    // old file and no temp file came too early, one that finds the new file came too late. On a
    // loaded machine the writing is a small part of the run that moves from run to run, so the
    // window widens again when it has closed.
    let (mut earliest, mut latest) = (writing_from, full.mul_f64(1.1));
    // At least 8 kills, and more (up to 150) until two have landed while fmt was writing.
    for attempt in 0..150 {
        if attempt >= 8 && killed_while_writing >= 2 {
            break;
        }
        tree.write("big.dfen", &old);
        for stray in temp_files(&tree) {
            fs::remove_file(tree.path(&stray)).unwrap();
        }
        if latest <= earliest + Duration::from_millis(1) {
            (earliest, latest) = (
                earliest.min(latest).mul_f64(0.7),
                earliest.max(latest).mul_f64(1.3) + Duration::from_millis(2),
            );
        }
        let delay = earliest + (latest - earliest).mul_f64((rng.next() % 1_000) as f64 / 1_000.0);
        let mut child = tree
            .fenkit(&["fmt", "--quiet", "big.dfen"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        if child.try_wait().unwrap().is_none() {
            killed_mid_run += 1;
        }
        let _ = child.kill(); // SIGKILL
        child.wait().unwrap();
        // A temp file left behind means the kill came after fmt had started writing.
        let while_writing = !temp_files(&tree).is_empty();
        if while_writing {
            killed_while_writing += 1;
        }
        let after = tree.read("big.dfen");
        if after == old {
            saw_old += 1;
            if !while_writing {
                earliest = delay;
            }
        } else if after == new {
            saw_new += 1;
            latest = delay;
        } else {
            panic!(
                "after a kill {delay:?} into the run the file is neither old nor new ({} bytes)",
                after.len()
            );
        }
    }
    eprintln!(
        "{killed_mid_run} kills mid-run, {killed_while_writing} while writing; \
         {saw_old} times old content, {saw_new} times new"
    );
    assert!(
        killed_while_writing > 0,
        "no kill landed while fmt was writing"
    );
    // After the kills, a clean run finishes the job and leaves no temp file of its own.
    tree.write("big.dfen", &old);
    for stray in temp_files(&tree) {
        fs::remove_file(tree.path(&stray)).unwrap();
    }
    let (output, text) = run(&mut tree.fenkit(&["fmt", "big.dfen"]));
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(tree.read("big.dfen") == new);
    assert!(temp_files(&tree).is_empty());
}

// ---- Limits at their edges (spec/limits.md) ----------------------------------------------------

#[test]
fn record_limit_of_one_mib() {
    // A line of exactly 1 MiB is read (and rejected by the DFEN parser, whose limit is 1 KiB);
    // one byte more is skipped unread.
    let tree = Tree::new();
    let limit = 1 << 20;
    let mut at_limit = vec![b'8'; limit];
    at_limit.push(b'\n');
    let mut over = vec![b'8'; limit + 1];
    over.push(b'\n');
    tree.write("at.dfen", &at_limit);
    tree.write("over.dfen", &over);
    let (_, text) =
        run(&mut tree.fenkit(&["check", "--output-format", "github", "at.dfen", "over.dfen"]));
    insta::assert_snapshot!(text);
}

#[test]
fn parse_reads_at_most_one_mib_of_standard_input() {
    let tree = Tree::new();
    let limit = 1 << 20;
    let output = run_with_stdin(&mut tree.fenkit(&["parse"]), vec![b' '; limit]);
    insta::assert_snapshot!("parse_stdin_at_limit", transcript(&output));
    let output = run_with_stdin(&mut tree.fenkit(&["parse"]), vec![b' '; limit + 1]);
    insta::assert_snapshot!("parse_stdin_over_limit", transcript(&output));
}

#[test]
fn walk_depth_of_64_directories() {
    let tree = Tree::new();
    let deep = |levels: usize| -> String {
        let mut path = String::from("walk");
        for _ in 0..levels {
            path.push_str("/d");
        }
        path
    };
    // A file in the 63rd directory below `walk` is at depth 64: the deepest one read.
    tree.write(
        &format!("{}/in.dfen", deep(63)),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pp\n",
    );
    tree.write(
        &format!("{}/out.dfen", deep(64)),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pp\n",
    );
    let (_, text) = run(&mut tree.fenkit(&["check", "--output-format", "github", "walk"]));
    let text = text.replace(&format!("{}/", deep(63)), "walk/d{63}/");
    insta::assert_snapshot!(text);
}

#[test]
fn show_reads_at_most_one_mib_of_standard_input() {
    // A position followed by blank lines up to exactly 1 MiB is drawn; one byte more is refused
    // (it used to be cut off at the limit, which could turn a bad input into a good one).
    let tree = Tree::new();
    let limit = 1 << 20;
    let position = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
    let mut at_limit = position.to_vec();
    at_limit.resize(limit, b'\n');
    let output = run_with_stdin(
        &mut tree.fenkit(&["show", "--color", "never", "-"]),
        at_limit.clone(),
    );
    let text = transcript(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let mut over = at_limit;
    over.push(b'x');
    let output = run_with_stdin(&mut tree.fenkit(&["show", "-"]), over);
    insta::assert_snapshot!(transcript(&output));
}

#[test]
fn perft_depth_of_64() {
    // The library searches at most `dfen::rules::MAX_PERFT_DEPTH` plies; the CLI refuses more.
    let tree = Tree::new();
    let empty = "8/8/8/8/8/8/8/8 w - - 0 1";
    let (output, text) = run(&mut tree.fenkit(&["perft", "--depth", "64", empty]));
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n");
    let (_, text) = run(&mut tree.fenkit(&["perft", "--depth", "65", empty]));
    insta::assert_snapshot!(text);
}

#[test]
fn diff_tells_lines_of_different_invalid_bytes_apart() {
    // Both lines used to read as U+FFFD, and the files compared equal.
    let tree = Tree::new();
    tree.write("a.dfen", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n\xff\n");
    tree.write("b.dfen", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n\xfe\n");
    let (output, text) = run(&mut tree.fenkit(&["diff", "a.dfen", "b.dfen"]));
    assert_eq!(output.status.code(), Some(1), "{text}");
    insta::assert_snapshot!(text);
    let (output, text) = run(&mut tree.fenkit(&["diff", "a.dfen", "a.dfen"]));
    assert_eq!(output.status.code(), Some(0), "{text}");
}

/// Odd files, each fed to every command that reads files: whatever each says, it must end with
/// exit 0, 1 or 2 and without a panic, and `fmt` must keep every line it cannot format as it was.
#[test]
fn odd_files_through_every_command() {
    let tree = Tree::new();
    let mut deep = b"[".repeat(100_000);
    deep.extend_from_slice(b"\n");
    deep.extend_from_slice(&b"{\"a\":".repeat(50_000));
    let full_board: Vec<String> = (0..4096u16)
        .map(|i| format!("K@{},{},{},{}", i % 8, i / 8 % 8, i / 64 % 8, i / 512))
        .collect();
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("bad.dfen", BAD.to_vec()),
        ("bom-only.dfen", b"\xEF\xBB\xBF".to_vec()),
        ("lone-cr.dfen", b"8/8/8/8/8/8/8/8 w - - 0 1 -\r\r\n\r".to_vec()),
        ("empty.fen4", Vec::new()),
        ("nul.fen", b"\0\0\0".to_vec()),
        ("deep.ndjson4", deep),
        (
            "numbers.ndjson4",
            b"{\"ply\":1e999999,\"fen4\":\"4d-fen v1:\"}\n{\"ply\":-0,\"fen4\":\"4d-fen v1:\"}\n{\"fen4\":\"4d-fen v1: K@0,0,0,0\",\"promo\":340282366920938463463374607431768211456}"
                .to_vec(),
        ),
        (
            "continued.fen4",
            [&b"4d-fen v1:\n"[..], &b"  K@0,0,0,0;\n".repeat(5_000)].concat(),
        ),
        (
            "full.fen4",
            format!("4d-fen v1: {}\n", full_board.join("; ")).into_bytes(),
        ),
        ("spaces.dfen", vec![b' '; (1 << 20) + 10]),
        (
            "mixed.jsonl",
            b"{\"fen4\":\"4d-fen v1: k@1,1,1,1\"}\n4d-fen v1:\n8/8/8/8/8/8/8/8 w - - 0 1\n\xc3\n"
                .to_vec(),
        ),
    ];
    for (name, bytes) in &files {
        tree.write(name, bytes);
    }
    let commands: [&[&str]; 13] = [
        &["check"],
        &["check", "--output-format", "json"],
        &["check", "--output-format", "sarif"],
        &[
            "check",
            "--output-format",
            "github",
            "--strict",
            "--duplicates",
        ],
        &["fmt", "--check"],
        &["fmt", "--diff"],
        &["convert", "--to", "json"],
        &["convert", "--to", "fen4"],
        &["convert", "--to", "dfen-engine", "--lossy"],
        &["dedupe"],
        &["snapshot", "check"],
        &["diff"],
        &["fmt"],
    ];
    for command in commands {
        for (name, before) in &files {
            let mut args = command.to_vec();
            args.push(name);
            if args == ["diff", name] {
                args.push("bad.dfen");
            }
            let output = tree.fenkit(&args).output().unwrap();
            let text = transcript(&output);
            if args[0] == "fmt" && args.len() == 2 {
                let after = tree.read(name);
                if output.status.code() != Some(0) {
                    // Anything not rewritten is kept byte for byte: compare line by line.
                    let kept = before
                        .split(|&b| b == b'\n')
                        .filter(|line| after.split(|&b| b == b'\n').any(|l| l == *line))
                        .count();
                    assert!(kept > 0 || before.is_empty(), "{args:?}: {text}");
                }
                assert!(
                    !after.is_empty() || before.is_empty(),
                    "{args:?} emptied the file"
                );
            }
        }
    }
    // After the rewrite, a second `fmt` changes nothing.
    for (name, _) in &files {
        let before = tree.read(name);
        let output = tree.fenkit(&["fmt", name]).output().unwrap();
        transcript(&output);
        assert!(tree.read(name) == before, "a second fmt changed {name}");
    }
}

#[test]
fn thousands_of_findings_on_one_long_line() {
    // A 1 MB FEN4 literal with 4,096 pieces and a run of spaces after every `;`: 4,095 fixable
    // findings on one line. Each diagnostic used to keep (and render) its own copy of the whole
    // line: about 4 GB, and minutes of rendering. Long lines now get the location only.
    let tree = Tree::new();
    let pieces: Vec<String> = (0..4096u16)
        .map(|i| format!("K@{},{},{},{}", i % 8, i / 8 % 8, i / 64 % 8, i / 512))
        .collect();
    let literal = format!(
        "4d-fen v1: {}\n",
        pieces.join(&format!(";{}", " ".repeat(240)))
    );
    assert!(literal.len() < 1 << 20);
    tree.write("wide.fen4", &literal);
    for format in ["human", "json"] {
        let (output, text) =
            run(&mut tree.fenkit_capped(&["check", "--output-format", format, "wide.fen4"]));
        assert_eq!(output.status.code(), Some(0), "{format}: {text}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(stdout.matches("FEN4102").count(), 4095, "{format}");
        if format == "human" {
            assert!(
                stdout.lines().all(|line| line.len() < 4096),
                "a long snippet"
            );
            assert!(
                stdout.contains("--> wide.fen4:1:1022\n"),
                "locations are still exact"
            );
        }
    }
    // Short lines keep their snippet and caret.
    tree.write("narrow.fen4", "4d-fen v1: K@0,0,0,0;k@7,7,7,7\n");
    let (_, text) = run(&mut tree.fenkit(&["check", "narrow.fen4"]));
    insta::assert_snapshot!(text);
}
