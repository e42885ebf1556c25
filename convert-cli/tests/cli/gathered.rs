//! The real files gathered under `tests/data/` (see its `SOURCES.md`): Stockfish's opening
//! books (EPD lines with FEN clocks, X-FEN and Shredder-FEN Chess960 castling), Chess960
//! `.fen` files in both spellings, and lichess's `mainline_fen.txt` (standard FEN in a `.txt`
//! file). `fmt` keeps the dialect each is written in: it leaves every line without a finding
//! byte for byte, and `fmt --check` fails exactly when `check` reports a fixable finding.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use crate::Tree;

/// `tests/data` of the repository.
fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data")
}

/// Every gathered position file, by its path relative to `tests/data`, in order. The games
/// and movetext columns under `tests/data/pgn` are the PGN library's (`pgn/`), read move by
/// move there; the command line reads only their `FEN` tags so far, so they are left out here.
fn gathered() -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap())
            .collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                if name == "pgn" {
                    continue;
                }
                walk(&entry.path(), &format!("{name}/"), out);
            } else if !name.ends_with(".md") && !name.ends_with(".toml") {
                out.push(name);
            }
        }
    }
    let mut files = Vec::new();
    walk(&data(), "", &mut files);
    assert!(
        files.len() >= 8,
        "the gathered files are missing: {files:?}"
    );
    files
}

/// A tree holding every gathered file and `tests/data/fenkit.toml`.
fn tree() -> Tree {
    let tree = Tree::empty();
    for name in gathered().iter().map(String::as_str).chain(["fenkit.toml"]) {
        tree.write(name, std::fs::read(data().join(name)).unwrap());
    }
    tree
}

/// What `check` says of `name`: the lines (1-based) a finding touches, whether a finding is
/// fixable, and the exit status.
fn findings(tree: &Tree, name: &str) -> (BTreeSet<usize>, bool, Option<i32>) {
    let output = tree
        .fenkit(&["check", "--output-format", "json-lines", name])
        .output()
        .unwrap();
    let mut lines = BTreeSet::new();
    let mut fixable = false;
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let finding: serde_json::Value = serde_json::from_str(line).unwrap();
        let (Some(first), Some(last)) = (finding["line"].as_u64(), finding["end_line"].as_u64())
        else {
            continue;
        };
        lines.extend(usize::try_from(first).unwrap()..=usize::try_from(last).unwrap());
        fixable |= finding["fixable"].as_bool().unwrap_or(false);
    }
    (lines, fixable, output.status.code())
}

/// The lines of `bytes`, each with its line end.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

/// `fenkit ARGS…` in `tree` with `input` on standard input.
fn with_stdin(tree: &Tree, args: &[&str], input: &[u8]) -> Output {
    let mut child = tree
        .fenkit(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// On every gathered file, `fmt` leaves byte-identical every line that has no finding, and
/// `fmt --check` fails exactly when `check` reports a fixable finding.
#[test]
fn fmt_leaves_every_line_without_a_finding_byte_identical() {
    let tree = tree();
    for name in gathered() {
        let before = tree.read(&name);
        let (touched, fixable, _) = findings(&tree, &name);
        let would = tree.fenkit(&["fmt", "--check", &name]).output().unwrap();
        assert_eq!(
            would.status.code() == Some(1),
            fixable,
            "{name}: `fmt --check` exits {:?}, while `check` reports {} fixable finding",
            would.status.code(),
            if fixable { "a" } else { "no" }
        );
        let formatted = tree.fenkit(&["fmt", "-q", &name]).output().unwrap();
        assert!(
            formatted.status.code().is_some_and(|code| code <= 1),
            "{formatted:?}"
        );
        let after = tree.read(&name);
        let (old, new) = (lines(&before), lines(&after));
        assert_eq!(
            old.len(),
            new.len(),
            "{name}: fmt changed the number of lines"
        );
        for (at, (old, new)) in old.iter().zip(&new).enumerate() {
            if !touched.contains(&(at + 1)) {
                assert!(
                    old == new,
                    "{name}:{}: a line without a finding changed: {:?} became {:?}",
                    at + 1,
                    String::from_utf8_lossy(old),
                    String::from_utf8_lossy(new)
                );
            }
        }
    }
}

/// Stockfish's books (FEN clocks in `.epd` files, X-FEN and Shredder-FEN Chess960 castling)
/// and the Chess960 `.fen` files in both spellings: `check` exits 0 and `fmt` leaves them
/// byte for byte. So does a `.txt` file of standard FEN, and standard input that holds one.
#[test]
fn the_books_and_chess960_files_are_left_as_they_are() {
    let tree = tree();
    let mainline = tree.read("scalachess/mainline_fen.txt");
    // The standard games of `mainline_fen.txt`, before its first Chess960 game.
    let standard: Vec<u8> = lines(&mainline)
        .into_iter()
        .take_while(|line| !line.starts_with(b"rbkrnnbq"))
        .flatten()
        .copied()
        .collect();
    assert!(lines(&standard).len() > 300);
    tree.write("standard.txt", &standard);
    let names = gathered()
        .into_iter()
        .filter(|name| !name.starts_with("scalachess/"))
        .chain(["standard.txt".to_owned()]);
    for name in names {
        let before = tree.read(&name);
        let (touched, _, status) = findings(&tree, &name);
        assert_eq!(status, Some(0), "{name}: findings on lines {touched:?}");
        assert!(touched.is_empty(), "{name}: findings on lines {touched:?}");
        let formatted = tree.fenkit(&["fmt", "-q", &name]).output().unwrap();
        assert_eq!(formatted.status.code(), Some(0), "{name}: {formatted:?}");
        assert!(tree.read(&name) == before, "{name}: fmt changed it");
    }
    // Standard input reads as the file does.
    let piped = with_stdin(&tree, &["fmt", "-"], &standard);
    assert_eq!(piped.status.code(), Some(0), "{piped:?}");
    assert!(piped.stdout == standard, "fmt - changed standard FEN");
    let checked = with_stdin(&tree, &["check", "-v", "-"], &standard);
    assert_eq!(checked.status.code(), Some(0), "{checked:?}");
    let said = String::from_utf8(checked.stderr).unwrap();
    assert!(
        said.contains("reading `<stdin>` as fen, by its content"),
        "{said}"
    );
}

/// Standard input is read as a file of the same text is: the same findings and the same
/// formatted text, for every gathered file that no configuration reads in another mode.
#[test]
fn standard_input_reads_as_a_file_does() {
    let tree = tree();
    let text = tree.read("scalachess/mainline_fen.txt");
    tree.write("copy.txt", &text);
    let file = tree
        .fenkit(&["check", "--output-format", "json-lines", "copy.txt"])
        .output()
        .unwrap();
    let piped = with_stdin(
        &tree,
        &["check", "--output-format", "json-lines", "-"],
        &text,
    );
    assert_eq!(file.status.code(), piped.status.code());
    let codes = |output: &Output| -> Vec<(u64, String)> {
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| {
                let finding: serde_json::Value = serde_json::from_str(line).unwrap();
                (
                    finding["line"].as_u64().unwrap_or(0),
                    finding["code"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(codes(&file), codes(&piped));
    let formatted = with_stdin(&tree, &["fmt", "-"], &text);
    tree.fenkit(&["fmt", "-q", "copy.txt"]).output().unwrap();
    assert!(formatted.stdout == tree.read("copy.txt"));
}
