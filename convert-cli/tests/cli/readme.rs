//! The READMEs' console examples are the tool's real output.
//!
//! A ```console block right after the line `<!-- replayed by the tests -->` is replayed: each
//! `$ ` line is a shell command run in a temp directory with `fenkit` on the `PATH`, and the
//! lines up to the next `$ ` line are what it must print (standard output, then standard error,
//! colour off). `$ cat FILE` writes FILE with those lines instead of running, and `$ echo $?`
//! prints the exit status of the command before it; a line that ends with `\` goes on to the
//! next, as in the shell. The replayed blocks of one README share
//! their directory, in the order they are written, so a later block sees the files of an
//! earlier one. A comment after a command (two spaces, then `# `) is not run.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Tree;

const MARKER: &str = "<!-- replayed by the tests -->";

/// One replayed block: its first line number in the README and its lines.
struct Block {
    line: usize,
    lines: Vec<String>,
}

fn replayed_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        if line.trim() != MARKER {
            continue;
        }
        let Some((fence_at, fence)) = lines.next() else {
            break;
        };
        assert_eq!(
            fence.trim(),
            "```console",
            "line {}: the marker must stand right before a console block",
            fence_at + 1
        );
        let body = lines
            .by_ref()
            .map(|(_, line)| line)
            .take_while(|line| line.trim() != "```")
            .map(str::to_owned)
            .collect();
        blocks.push(Block {
            line: fence_at + 2,
            lines: body,
        });
    }
    blocks
}

/// The directory that holds the `fenkit` binary under test.
fn binary_dir() -> PathBuf {
    let binary = insta_cmd::get_cargo_bin("fenkit");
    binary.parent().map(Path::to_path_buf).unwrap_or_default()
}

/// Replays every marked block of the README at `relative` (from the workspace root) and
/// returns how many commands were run.
fn replay(relative: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join(relative)).unwrap();
    let tree = Tree::empty();
    let path = format!(
        "{}:{}",
        binary_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut commands = 0;
    let mut last_status = 0;
    let blocks = replayed_blocks(&text);
    assert!(!blocks.is_empty(), "{relative}: no block is marked");
    for block in blocks {
        let mut at = 0;
        while at < block.lines.len() {
            let line = &block.lines[at];
            let Some(command) = line.strip_prefix("$ ") else {
                panic!(
                    "{relative}:{}: expected a `$ ` command, found `{line}`",
                    block.line + at
                );
            };
            // A command goes on over the lines that end with a backslash, as in the shell.
            let mut command = command.to_owned();
            let mut output_start = at + 1;
            while command.ends_with('\\') && output_start < block.lines.len() {
                command.push('\n');
                command.push_str(&block.lines[output_start]);
                output_start += 1;
            }
            let command = command.split("  # ").next().unwrap_or_default().trim_end();
            let expected_end = block.lines[output_start..]
                .iter()
                .position(|line| line.starts_with("$ "))
                .map_or(block.lines.len(), |n| output_start + n);
            let expected = block.lines[output_start..expected_end].join("\n");
            let where_ = format!("{relative}:{}: `{command}`", block.line + at);
            if let Some(file) = command.strip_prefix("cat ") {
                tree.write(file, format!("{expected}\n"));
            } else if command == "echo $?" {
                assert_eq!(expected, last_status.to_string(), "{where_}");
            } else {
                let output = Command::new("sh")
                    .args(["-c", command])
                    .current_dir(tree.path(""))
                    .env("PATH", &path)
                    .env("NO_COLOR", "1")
                    .env_remove("CLICOLOR_FORCE")
                    .env_remove("FENKIT_THREADS")
                    .output()
                    .unwrap();
                last_status = output.status.code().unwrap_or(-1);
                let mut printed = String::from_utf8_lossy(&output.stdout).into_owned();
                printed.push_str(&String::from_utf8_lossy(&output.stderr));
                assert_eq!(printed.trim_end(), expected.trim_end(), "{where_}");
                commands += 1;
            }
            at = expected_end;
        }
    }
    commands
}

#[test]
fn the_readme_examples_are_real_output() {
    assert!(replay("README.md") >= 3);
}

#[test]
fn the_cli_guide_examples_are_real_output() {
    assert!(replay("convert-cli/README.md") >= 3);
}
