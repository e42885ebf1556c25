//! Snapshot tests of the `fenkit` binary: exit code, stdout and stderr of every subcommand and
//! of its failure paths. Each test works in its own temp directory and names files relative to
//! it, so the snapshots hold no temp paths.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use insta_cmd::{assert_cmd_snapshot, get_cargo_bin};

mod check;
mod chess960;
mod compressed;
mod config;
mod containers;
mod convert;
mod dedupe;
mod dialect;
mod diff;
mod edges;
mod epd;
mod fmt;
mod gathered;
mod hostile;
mod identity;
mod lichess;
mod markers;
mod output;
mod parse;
mod pgn_games;
mod readme;
mod real_files;
mod rules;
mod show;
mod snapshot;
mod threads;
mod variants;
mod walk;

/// A temp directory with the CLI fixtures copied in.
pub(crate) struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    /// An empty tree.
    pub(crate) fn empty() -> Tree {
        Tree {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// A tree with the fixtures of `tests/fixtures/` at its root.
    pub(crate) fn with_fixtures() -> Tree {
        let tree = Tree::empty();
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        for entry in fs::read_dir(fixtures).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_file() {
                fs::copy(
                    entry.path(),
                    tree.path(&entry.file_name().to_string_lossy()),
                )
                .unwrap();
            }
        }
        tree
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub(crate) fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(&path, bytes).unwrap();
        path
    }

    pub(crate) fn read(&self, name: &str) -> Vec<u8> {
        fs::read(self.path(name)).unwrap()
    }

    /// `fenkit ARGS…` run inside the tree.
    pub(crate) fn fenkit(&self, args: &[&str]) -> Command {
        let mut command = Command::new(get_cargo_bin("fenkit"));
        command
            .current_dir(self.dir.path())
            .args(args)
            .env_remove("CLICOLOR_FORCE");
        command
    }
}

/// Whether this process can read files it has no permission for (root can).
pub(crate) fn permissions_are_ignored(tree: &Tree) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let probe = tree.write("probe", "x");
        fs::set_permissions(&probe, fs::Permissions::from_mode(0o000)).unwrap();
        let readable = fs::read(&probe).is_ok();
        fs::set_permissions(&probe, fs::Permissions::from_mode(0o600)).unwrap();
        fs::remove_file(probe).unwrap();
        readable
    }
    #[cfg(not(unix))]
    {
        let _ = tree;
        true
    }
}

#[test]
fn top_level_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["--help"]));
}

#[test]
fn every_subcommand_has_help_with_examples() {
    let tree = Tree::empty();
    for name in [
        "check",
        "fmt",
        "normalize",
        "convert",
        "dedupe",
        "diff",
        "snapshot",
        "show",
        "parse",
        "moves",
        "play",
        "roll",
        "perft",
        "completions",
    ] {
        let output = tree.fenkit(&[name, "--help"]).output().unwrap();
        assert!(output.status.success(), "{name} --help failed");
        let text = String::from_utf8(output.stdout).unwrap();
        let examples = text
            .split_once("Examples:\n")
            .map(|(_, rest)| rest)
            .unwrap_or_default();
        assert!(
            examples.contains("fenkit "),
            "{name} --help has no examples:\n{text}"
        );
    }
}

#[test]
fn check_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["check", "--help"]));
}

#[test]
fn usage_error_exits_2() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["check", "--output-format", "xml"]));
}

#[test]
fn completions() {
    let tree = Tree::empty();
    for shell in ["bash", "zsh", "fish"] {
        let output = tree.fenkit(&["completions", shell]).output().unwrap();
        assert!(output.status.success());
        let script = String::from_utf8(output.stdout).unwrap();
        for word in ["check", "fmt", "convert", "output-format"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
    }
}

#[path = "../support/process.rs"]
mod process;
pub(crate) use process::output_with_stdin;

/// `fmt` refuses `--strict` (it fixes what the flag would make errors), so its help does not
/// offer the flag; `check` does.
#[test]
fn fmt_help_does_not_offer_strict() {
    let tree = Tree::empty();
    let help = |name: &str| {
        let output = tree.fenkit(&[name, "--help"]).output().unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(!help("fmt").contains("--strict"));
    assert!(help("check").contains("--strict"));
}
