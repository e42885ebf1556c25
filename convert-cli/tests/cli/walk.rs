//! What a directory walk claims, an empty walk, and no path at all.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

const FRAME: &str = "{\"ply\":0,\"fen4\":\"4d-fen v1: K@0,0,0,0; k@7,7,7,7\"}\n";
const EVENTS: &str = "{\"event\":\"login\",\"user\":7}\n{\"event\":\"logout\",\"user\":7}\n";

/// A walk reads `.jsonl` files that hold NDJSON4 and passes over any other (an event log),
/// saying so under `--verbose`; named on the command line, a file is read whatever it holds,
/// unless `--only-position-files` (what the pre-commit hooks pass).
#[test]
fn a_walk_claims_only_jsonl_files_that_hold_ndjson4() {
    let tree = Tree::empty();
    tree.write("replays/game.jsonl", FRAME);
    tree.write("data/events.jsonl", EVENTS);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--verbose", "--threads", "1", "."]));
    let named = tree
        .fenkit(&["check", "data/events.jsonl"])
        .output()
        .unwrap();
    assert_eq!(named.status.code(), Some(1), "named, it is read as NDJSON4");
    let hook = tree
        .fenkit(&[
            "check",
            "--only-position-files",
            "data/events.jsonl",
            "replays/game.jsonl",
        ])
        .output()
        .unwrap();
    assert_eq!(hook.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&hook.stderr),
        "checked 1 file, 1 position: no findings\n"
    );
}

/// Paths that hold no position file fail the run (a wrong path or extension must not pass
/// unseen), unless `--allow-empty`; both say what was looked for.
#[test]
fn an_empty_walk_is_an_error_unless_allowed() {
    let tree = Tree::empty();
    tree.write("notes/readme.txt", "nothing here\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "notes"]));
    let allowed = tree
        .fenkit(&["check", "--allow-empty", "notes"])
        .output()
        .unwrap();
    assert_eq!(allowed.status.code(), Some(0));
    let fmt = tree.fenkit(&["fmt", "notes"]).output().unwrap();
    assert_eq!(fmt.status.code(), Some(2));
}

/// With no path, a pipe on standard input is read (not the current directory); `--verbose`
/// says so.
#[test]
fn no_path_and_a_pipe_reads_standard_input() {
    let tree = Tree::empty();
    tree.write("broken.dfen", "8/8/8/8/8/8/8/8 x - - 0 1 -\n");
    let output = crate::output_with_stdin(
        &mut tree.fenkit(&["check", "--verbose"]),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n",
    );
    assert_eq!(output.status.code(), Some(0), "broken.dfen is not read");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("no path was given and standard input is a pipe: reading it"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("checked 1 file, 1 position: no findings\n"),
        "{stderr}"
    );
    let formatted = crate::output_with_stdin(
        &mut tree.fenkit(&["fmt"]),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    // Six fields read as FEN: standard input is read as standard FEN, and kept so.
    assert_eq!(formatted.stdout, b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
}

/// A file plainly in the reference engine's dialect (four fields, mixed-case dice, no dice
/// field) gets one hint to read it so; under that profile, or with few such lines, none.
#[test]
fn a_file_in_the_engine_dialect_gets_one_hint() {
    let tree = Tree::empty();
    let engine_lines = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
                        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Pn\n\
                        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    tree.write("engine.dfen", engine_lines);
    tree.write(
        "few.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n",
    );
    let hints = |args: &[&str]| {
        let output = tree.fenkit(args).output().unwrap();
        String::from_utf8(output.stderr)
            .unwrap()
            .lines()
            .filter(|line| line.starts_with("hint:"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        hints(&["check", "engine.dfen", "few.dfen"]),
        [
            "hint: 3 positions of `engine.dfen` read without an error in the reference engine's \
          dialect: if the file is written in it, check it with `--profile engine` (or set \
          `profile = \"engine\"` in fenkit.toml)"
        ]
    );
    assert_eq!(hints(&["check", "engine.dfen"]).len(), 1, "one input alone");
    assert!(hints(&["check", "--profile", "engine", "engine.dfen"]).is_empty());
    assert!(hints(&["check", "--quiet", "engine.dfen"]).is_empty());
}

/// `--verbose` says which notation each input is read as and why (its extension, the
/// configuration, a flag, its content), and which files a walk passed over and why (another
/// extension, an excluded directory).
#[test]
fn verbose_says_how_each_input_is_read_and_what_was_skipped() {
    let tree = Tree::empty();
    let position = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    tree.write("a.fen", position);
    tree.write("data/b.txt", position);
    tree.write("notes.md", "# notes\n");
    tree.write("vendor/c.dfen", position);
    tree.write(
        "fenkit.toml",
        "extend-exclude = [\"vendor\"]\n[notations]\n\"data/*.txt\" = \"fen\"\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "-v", "--threads", "1", "."]));
    assert_cmd_snapshot!(
        "verbose_stdin_by_its_content",
        tree.fenkit(&["check", "-v", "--threads", "1", "-"])
            .pass_stdin("4d-fen v1: K@0,0,0,0\n")
    );
    let flagged = tree
        .fenkit(&["check", "-v", "--notation", "dfen", "a.fen"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(flagged.stderr).unwrap();
    assert!(
        stderr.contains("note: reading `a.fen` as dfen, as `--notation` says"),
        "{stderr}"
    );
    let fmt = tree
        .fenkit(&["fmt", "-v", "--check", "--threads", "1", "a.fen"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(fmt.stderr).unwrap();
    assert!(
        stderr.contains("note: reading `a.fen` as fen, by its extension"),
        "{stderr}"
    );
    // A PGN file is read as games, its `FEN` tags as FEN: the note says so, not "as fen".
    tree.write("g.pgn", "[Event \"?\"]\n\n1. e4 e5 *\n");
    for command in ["check", "fmt"] {
        let output = tree
            .fenkit(&[command, "-v", "--threads", "1", "g.pgn"])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(
                "note: reading `g.pgn` as PGN games (their `FEN` tags as fen), by its extension"
            ),
            "{command}: {stderr}"
        );
    }
}
