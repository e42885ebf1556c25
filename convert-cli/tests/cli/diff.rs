use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

#[test]
fn two_positions_field_by_field() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "r3k3/8/8/8/P1P1P3/8/4P3/R3K2R b KQq a3c3e3 0 1 -",
        "r3k3/8/8/8/P1P5/8/8/R3K2R b Kq a3c3 0 1 nb",
    ]));
}

#[test]
fn two_fen4_positions() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7; Pw@1,1,1,1; n@3,3,3,3",
        "4d-fen v1: K@1,0,0,0; k@7,7,7,7; N@2,2,2,2; N@3,3,3,3",
    ]));
}

#[test]
fn identical_positions_exit_0() {
    let tree = Tree::empty();
    // Different spellings, same position.
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/8  w - - 00 1 -"
    ]));
}

#[test]
fn files_are_aligned() {
    let tree = Tree::empty();
    tree.write("old.dfen", "# old\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/3K4 b - - 0 1 -\n8/8/8/8/8/8/8/8 w - - 0 1 -\n");
    tree.write("new.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/3K4 b - - 3 1 -\n8/8/8/8/8/8/8/k7 w - - 0 1 -\n8/8/8/8/8/8/8/8 w - - 0 1 -\n");
    assert_cmd_snapshot!(tree.fenkit(&["diff", "old.dfen", "new.dfen"]));
    assert_cmd_snapshot!(tree.fenkit(&["diff", "--output-format", "json", "old.dfen", "new.dfen"]));
}

/// An argument that is neither a file nor a position is an error (exit 2), not a position
/// diffed as text; and positions are compared as written, not with their fixes applied (the
/// dead en-passant square `e3` still counts).
#[test]
fn arguments_must_be_files_or_positions() {
    let tree = Tree::empty();
    tree.write("old.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    assert_cmd_snapshot!(tree.fenkit(&["diff", "old.dfen", "missing.dfen"]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "4k3/8/8/8/8/8/8/4K3 w - a3c3e3 0 1 PNB",
        "4k3/8/8/8/8/8/8/4K3 w - a3c3 0 1 NB"
    ]));
}

/// Standard input can serve one side only: `diff - -` is a usage error, not a diff against an
/// empty second side.
#[test]
fn standard_input_for_both_sides_is_refused() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["diff", "-", "-"])
            .pass_stdin("8/8/8/8/8/8/8/8 w - - 0 1 -\n")
    );
}

/// A DFEN position and a FEN4 placement are not two versions of one thing.
#[test]
fn notations_must_match() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",
        "4d-fen v1: K@0,0,0,0"
    ]));
}

/// A line that is not a position is shown as removed (or added), never as the old version of
/// the position beside it; the positions of a changed run are paired with each other.
#[test]
fn lines_that_are_not_positions_are_not_paired() {
    let tree = Tree::empty();
    tree.write(
        "old.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\nxx\n4k3/8/8/8/8/8/8/3K4 b - - 0 1 -\n",
    );
    tree.write(
        "new.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/2K5 b - - 0 1 -\nyy\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["diff", "old.dfen", "new.dfen"]));
    assert_cmd_snapshot!(tree.fenkit(&["diff", "--output-format", "json", "old.dfen", "new.dfen"]));
}

/// In JSON, a FEN4 move is two changes (one per square) and an empty square is null.
#[test]
fn fen4_json_names_squares_and_uses_null() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "--output-format",
        "json",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7; Pw@1,1,1,1; n@3,3,3,3",
        "4d-fen v1: K@1,0,0,0; k@7,7,7,7; N@2,2,2,2; N@3,3,3,3",
    ]));
}

/// Named pipes are read as they arrive, so generated files can be diffed without temporary
/// copies (`fenkit diff <(zcat a.gz) <(zcat b.gz)`).
#[test]
fn named_pipes_are_read() {
    #[cfg(unix)]
    {
        let tree = Tree::empty();
        for name in ["old.pipe", "new.pipe"] {
            let status = std::process::Command::new("mkfifo")
                .arg(tree.path(name))
                .status();
            if !matches!(status, Ok(s) if s.success()) {
                eprintln!("skipped: mkfifo is not available");
                return;
            }
        }
        let writers: Vec<_> = [
            ("old.pipe", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n"),
            ("new.pipe", "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\n"),
        ]
        .into_iter()
        .map(|(name, text)| {
            let path = tree.path(name);
            std::thread::spawn(move || std::fs::write(path, text))
        })
        .collect();
        assert_cmd_snapshot!(tree.fenkit(&["diff", "--notation", "dfen", "old.pipe", "new.pipe"]));
        for writer in writers {
            writer.join().unwrap().unwrap();
        }
    }
}

/// Only the start of a line over 1 MiB is kept, so two such lines that start alike would look
/// equal: the diff stops with FENKIT002 rather than say "no differences".
#[test]
fn a_line_too_long_to_compare_stops_the_diff() {
    let tree = Tree::empty();
    let long = "x".repeat(2 << 20);
    tree.write("a.dfen", format!("{long}A\n"));
    tree.write("b.dfen", format!("{long}B\n"));
    assert_cmd_snapshot!(tree.fenkit(&["diff", "a.dfen", "b.dfen"]));
}

/// `/dev/null` is an empty side of any notation, as for diff(1); an empty file too.
#[test]
fn an_empty_side_takes_the_other_sides_notation() {
    let tree = Tree::empty();
    tree.write("new.fen4", "4d-fen v1: K@0,0,0,0\n");
    tree.write("empty.dfen", "# nothing yet\n");
    assert_cmd_snapshot!(tree.fenkit(&["diff", "/dev/null", "new.fen4"]));
    assert_cmd_snapshot!(tree.fenkit(&["diff", "empty.dfen", "new.fen4"]));
}

/// Devices are refused (`/dev/zero` never ends), and one stream cannot serve both sides.
#[test]
fn devices_and_one_stream_for_both_sides_are_refused() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    assert_cmd_snapshot!(tree.fenkit(&["diff", "a.dfen", "/dev/zero"]));
    #[cfg(unix)]
    {
        let made = std::process::Command::new("mkfifo")
            .arg(tree.path("p"))
            .status();
        if matches!(made, Ok(s) if s.success()) {
            assert_cmd_snapshot!(tree.fenkit(&["diff", "p", "p"]));
        }
    }
}

/// Arguments are NDJSON4 frames under `--notation ndjson4`; a bad FEN4 argument names its code.
#[test]
fn frames_as_arguments_and_codes_in_argument_errors() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "--notation",
        "ndjson4",
        r#"{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0"}"#,
        r#"{"ply":1,"fen4":"4d-fen v1: K@1,0,0,0"}"#,
    ]));
    assert_cmd_snapshot!(tree.fenkit(&["diff", "4d-fen v1: K@0,0,0,9", "4d-fen v1: K@0,0,0,0"]));
}

/// Read as six-field FEN, a position with dice or several en-passant squares is not a FEN
/// position (FENKIT003, as `check` says of such a line in a .fen file).
#[test]
fn fen_notation_refuses_what_six_fields_cannot_hold() {
    let tree = Tree::empty();
    for held in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN",
        "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1",
    ] {
        let output = tree
            .fenkit(&[
                "diff",
                "--notation",
                "fen",
                held,
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{held}: {stderr}");
        assert!(stderr.contains("FENKIT003"), "{held}: {stderr}");
    }
}

/// Each side is read with the settings `check` gives it: the flags over its configuration.
/// The same Chess960 start in X-FEN (`KQkq`) and in Shredder-FEN (`GEge`) is one position in
/// Chess960 mode only, which a `[chess960]` glob turns on for the files it matches, and
/// `chess960 = true` for every file and for positions given as arguments; `--isolated` reads
/// no configuration.
#[test]
fn each_side_is_read_with_its_configuration() {
    const XFEN: &str = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1";
    const SHREDDER: &str = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1";
    let tree = Tree::empty();
    for dir in ["960", "standard"] {
        tree.write(&format!("{dir}/old.fen"), format!("{XFEN}\n"));
        tree.write(&format!("{dir}/new.fen"), format!("{SHREDDER}\n"));
    }
    let status = |args: &[&str]| {
        let mut all = vec!["diff"];
        all.extend_from_slice(args);
        let output = tree.fenkit(&all).output().unwrap();
        assert!(
            output.status.code().is_some_and(|code| code <= 1),
            "{args:?}: {output:?}"
        );
        output.status.code()
    };
    tree.write("fenkit.toml", "[chess960]\n\"960/**\" = true\n");
    assert_eq!(status(&["960/old.fen", "960/new.fen"]), Some(0));
    assert_eq!(status(&["standard/old.fen", "standard/new.fen"]), Some(1));
    assert_eq!(
        status(&["--isolated", "960/old.fen", "960/new.fen"]),
        Some(1)
    );
    assert_eq!(
        status(&["--chess960", "standard/old.fen", "standard/new.fen"]),
        Some(0)
    );
    // A glob needs a path: positions given as arguments are not in `960/`.
    assert_eq!(status(&[XFEN, SHREDDER]), Some(1));
    tree.write("fenkit.toml", "chess960 = true\n");
    assert_eq!(status(&["standard/old.fen", "standard/new.fen"]), Some(0));
    assert_eq!(status(&[XFEN, SHREDDER]), Some(0));
    assert_eq!(status(&["--isolated", XFEN, SHREDDER]), Some(1));
    // A configuration that cannot be read stops the diff, as it stops `check`.
    tree.write("fenkit.toml", "chess960 = \"yes\"\n");
    assert_cmd_snapshot!(tree.fenkit(&["diff", "960/old.fen", "960/new.fen"]));
}
