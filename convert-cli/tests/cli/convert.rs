use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

const MID_TURN: &str = "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 N\n# a comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n";

#[test]
fn dfen_to_fen_refuses_to_lose_anything() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen", "games.dfen"]));
}

#[test]
fn dfen_to_fen_lossy_says_what_it_dropped() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen", "--lossy", "games.dfen"]));
}

#[test]
fn dfen_json_round_trip() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "json", "games.dfen"]));
    let json = tree
        .fenkit(&["convert", "--to", "json", "games.dfen"])
        .output()
        .unwrap();
    tree.write("games.jsonl", json.stdout);
    let back = tree
        .fenkit(&["convert", "--from", "json", "--to", "dfen", "games.jsonl"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(back.stdout).unwrap(),
        "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 N\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n"
    );
}

#[test]
fn dfen_engine_round_trip() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    let engine = tree
        .fenkit(&["convert", "--to", "dfen-engine", "games.dfen"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(engine.stdout.clone()).unwrap(),
        "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 1 N\n# a comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    let back = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--from", "dfen-engine", "--to", "dfen", "-"]),
        engine.stdout,
    );
    assert_eq!(String::from_utf8(back.stdout).unwrap(), MID_TURN);
}

#[test]
fn fen4_forms() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen4-pieces", "board.fen4"]));
    let structured = tree
        .fenkit(&["convert", "--to", "json", "board.fen4"])
        .output()
        .unwrap();
    let back = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--to", "fen4", "-"]),
        structured.stdout,
    );
    assert_eq!(
        String::from_utf8(back.stdout).unwrap(),
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n4d-fen v1: K@0,0,0,0; k@7,7,7,7\n"
    );
    let pieces = tree
        .fenkit(&["convert", "--to", "fen4-pieces", "board.fen4"])
        .output()
        .unwrap();
    let back = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--from", "fen4-pieces", "--to", "fen4", "-"]),
        pieces.stdout,
    );
    assert_eq!(
        String::from_utf8(back.stdout).unwrap(),
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n4d-fen v1: K@0,0,0,0; k@7,7,7,7\n"
    );
}

#[test]
fn ndjson4_to_fen4_lines() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen4", "replay.ndjson4"]));
}

#[test]
fn dfen_and_fen4_do_not_mix() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--from", "fen4", "--to", "dfen", "-"]));
}

#[test]
fn convert_help_describes_lossy_conversions() {
    // Only the part after the options, which belongs to `convert` alone.
    let help = Tree::empty()
        .fenkit(&["convert", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    let (_, examples) = help.split_once("Examples:\n").unwrap();
    insta::assert_snapshot!(examples);
}

/// A halfmove clock the engine dialect cannot hold (spec/dfen.md §4), between two it can.
const LONG_CLOCK: &str = "4k3/8/8/8/8/8/8/4K3 w - - 127 90 -\n4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 200 1 N\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\n";

#[test]
fn dfen_engine_refuses_a_halfmove_clock_above_127() {
    let tree = Tree::empty();
    tree.write("clock.dfen", LONG_CLOCK);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "dfen-engine", "clock.dfen"]));
    // The same from the JSON form.
    let json = tree
        .fenkit(&["convert", "--to", "json", "clock.dfen"])
        .output()
        .unwrap();
    let engine = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--from", "json", "--to", "dfen-engine", "-"]),
        json.stdout,
    );
    assert_eq!(engine.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(engine.stdout).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 127 90\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n"
    );
}

#[test]
fn dfen_engine_lossy_writes_127_and_says_so() {
    let tree = Tree::empty();
    tree.write("clock.dfen", LONG_CLOCK);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "dfen-engine", "--lossy", "clock.dfen"]));
    // What it writes is engine DFEN that `check --profile engine` accepts.
    let engine = tree
        .fenkit(&["convert", "--to", "dfen-engine", "--lossy", "clock.dfen"])
        .output()
        .unwrap();
    let check = crate::output_with_stdin(
        &mut tree.fenkit(&["check", "--profile", "engine", "--notation", "dfen", "-"]),
        engine.stdout,
    );
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

/// The workspace fixture: a header record, then three frames.
fn replay_with_header() -> Vec<u8> {
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/fen4/valid/replay.ndjson4"),
    )
    .unwrap()
}

#[test]
fn ndjson4_header_records_are_skipped() {
    let tree = Tree::empty();
    tree.write("replay.ndjson4", replay_with_header());
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen4", "replay.ndjson4"]));
    // Without a name to go by, the header is recognised by its content.
    let sniffed = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--to", "fen4"]),
        replay_with_header(),
    );
    assert_eq!(sniffed.status.code(), Some(0));
    assert_eq!(sniffed.stderr, b"converted 3 of 3 positions, 0 refused\n");
    assert_eq!(
        String::from_utf8(sniffed.stdout).unwrap(),
        "4d-fen v1: K@0,0,0,0; Pw@1,1,0,0; k@7,7,7,7\n\
         4d-fen v1: K@0,0,0,0; Pw@1,1,0,1; k@7,7,7,7\n\
         4d-fen v1: K@0,0,0,0; Pw@1,1,0,1; k@7,7,7,6\n"
    );
}

/// A `.jsonl` replay named on the command line is NDJSON4 to `convert` as to `check`: the same
/// bytes convert the same under either name (a frame with text after its object is one frame
/// with a portability warning, FEN4352, not a JSON form that fails), and `check` passes them.
#[test]
fn a_jsonl_replay_converts_as_its_ndjson4_twin() {
    let tree = Tree::empty();
    let mut replay = replay_with_header();
    replay
        .extend_from_slice(b"{\"ply\":3,\"fen4\":\"4d-fen v1: K@0,0,0,0; k@7,7,7,7\"} trailing\n");
    tree.write("replay.ndjson4", &replay);
    tree.write("replay.jsonl", &replay);
    let converted = |name: &str| {
        tree.fenkit(&["convert", "--to", "fen4", name])
            .output()
            .unwrap()
    };
    let (ndjson4, jsonl) = (converted("replay.ndjson4"), converted("replay.jsonl"));
    assert_eq!(
        jsonl.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&jsonl.stderr)
    );
    assert_eq!(jsonl.stdout, ndjson4.stdout);
    // The same warning (FEN4352) for the same line, each naming its own file.
    assert_eq!(
        String::from_utf8_lossy(&jsonl.stderr).replace("replay.jsonl", "replay.ndjson4"),
        String::from_utf8_lossy(&ndjson4.stderr)
    );
    let check = tree.fenkit(&["check", "replay.jsonl"]).output().unwrap();
    assert_eq!(check.status.code(), Some(0));
}

/// The input notation is `--notation`, as in every command; `--from` is the same flag. Only
/// what can be written is offered to `--to`.
#[test]
fn the_input_notation_has_one_name_and_to_offers_only_outputs() {
    let tree = Tree::empty();
    tree.write("replay.txt", replay_with_header());
    let by = |flag: &str| {
        tree.fenkit(&["convert", flag, "ndjson4", "--to", "fen4", "replay.txt"])
            .output()
            .unwrap()
    };
    let (notation, from) = (by("--notation"), by("--from"));
    assert_eq!(notation.status.code(), Some(0));
    assert_eq!(notation.stdout, from.stdout);
    let to_ndjson4 = tree
        .fenkit(&["convert", "--to", "ndjson4", "replay.txt"])
        .output()
        .unwrap();
    assert_eq!(to_ndjson4.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&to_ndjson4.stderr);
    assert!(
        stderr.contains("invalid value 'ndjson4' for '--to <FORMAT>'"),
        "{stderr}"
    );
}

#[test]
fn ndjson4_records_that_are_not_frames_say_what_they_are() {
    let tree = Tree::empty();
    tree.write(
        "odd.ndjson4",
        "[1,2]\n{\"ply\":0}\n{\"ply\":0,\"fen4\":5}\n\"4d-fen v1: K@0,0,0,0\"\nnull\n{\"bridge_version\":\"1.0\"}\n{\"fen4\":\"4d-fen v1: K@0,0,0,0\"}\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen4", "odd.ndjson4"]));
}

/// Positions with error findings (DFEN201, DFEN202, DFEN203), and one with only fixable ones
/// (castling rights without their rooks, an en-passant square without its pawn).
const CHECKED_JSON: &str = concat!(
    r#"{"board":{"e1":"K","e2":"K","h8":"P"},"side":"white","castling":[],"en_passant":["a3","b3","c3","d3"],"halfmove":0,"fullmove":1,"dice":[]}"#,
    "\n",
    r#"{"board":{"e1":"K","e2":"K","e8":"k"},"side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#,
    "\n",
    r#"{"board":{"e1":"K","e8":"k"},"side":"black","castling":["K","Q"],"en_passant":["e3"],"halfmove":0,"fullmove":1,"dice":[]}"#,
    "\n",
);

/// The same positions as DFEN text.
const CHECKED_TEXT: &str = "7P/8/8/8/8/8/4K3/4K3 w - a3b3c3d3 0 1 -\n4k3/8/8/8/8/8/4K3/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 b KQ e3 0 1 -\n";

#[test]
fn dfen_json_gets_the_position_checks_of_text() {
    let tree = Tree::empty();
    tree.write("checked.jsonl", CHECKED_JSON);
    tree.write("checked.dfen", CHECKED_TEXT);
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--from",
        "json",
        "--to",
        "dfen",
        "checked.jsonl"
    ]));
    // Text input is refused with the same codes and writes the same, and so exits the same.
    let text = tree
        .fenkit(&["convert", "--to", "dfen", "checked.dfen"])
        .output()
        .unwrap();
    let json = tree
        .fenkit(&["convert", "--from", "json", "--to", "dfen", "checked.jsonl"])
        .output()
        .unwrap();
    assert_eq!(json.status.code(), text.status.code());
    assert_eq!(json.stdout, text.stdout);
    let codes = |stderr: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(stderr)
            .lines()
            .filter_map(|line| line.strip_prefix("error["))
            .map(|rest| rest.split(']').next().unwrap().to_owned())
            .collect()
    };
    assert_eq!(codes(&json.stderr), codes(&text.stderr));
    assert_eq!(codes(&json.stderr), ["DFEN201", "DFEN202"]);
}

#[test]
fn fen4_json_warnings_are_printed() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["convert", "--from", "fen4-pieces", "--to", "fen4", "-"])
            .pass_stdin("{\"0\":\"P\",\"4095\":\"p\",\"7\":\"K\"}\n{\"0\":\"Pw\"}\n")
    );
}

/// A square named twice in a FEN4 pieces object, or a field given twice in a structured
/// entry, is an error with the library's code: JSON text is read as written, so no piece is
/// silently dropped.
#[test]
fn fen4_json_with_a_repeated_key_is_refused() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["convert", "--from", "fen4-pieces", "--to", "fen4", "-"])
            .pass_stdin("{\"0\":\"K\",\"0\":\"k\"}\n")
    );
    assert_cmd_snapshot!(
        tree.fenkit(&["convert", "--from", "fen4-json", "--to", "fen4", "-"])
            .pass_stdin(
                "[{\"piece\":\"K\",\"color\":\"white\",\"at\":[0,0,0,0],\"at\":[1,0,0,0]}]\n"
            )
    );
}

/// Conversion keeps the position as read: rights that `fmt` would drop as dead stay, so that a
/// round trip through any dialect gives back what was written.
#[test]
fn conversion_keeps_what_fmt_would_drop() {
    let tree = Tree::empty();
    let position = "4k3/8/8/8/8/8/8/4K3 w K e3 0 1 -";
    for to in ["dfen-engine", "json", "dfen"] {
        assert_cmd_snapshot!(
            format!("conversion_keeps_what_fmt_would_drop_{to}"),
            tree.fenkit(&["convert", "--to", to, "-"])
                .pass_stdin(format!("{position}\n"))
        );
    }
}

/// NDJSON4 records are judged as `check` judges them: text after a record's object is a
/// warning (FEN4352) and the frame is converted.
#[test]
fn ndjson4_records_are_judged_as_check_judges_them() {
    let tree = Tree::empty();
    tree.write(
        "replay.ndjson4",
        "{\"fen4\":\"4d-fen v1: K@0,0,0,0\"} extra\n{\"ply\":1,\"fen4\":\"4d-fen v1:\"}\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen4", "replay.ndjson4"]));
    assert_cmd_snapshot!(tree.fenkit(&["check", "replay.ndjson4"]));
}

/// Lines that `check` reports as errors under the spec profile (dice in the wrong case, no
/// clocks), and a fullmove number of 0, which is only a fixable warning (written as 1).
const SPEC_ERRORS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn\n4k3/8/8/8/8/8/8/4K3 w - -\n4k3/8/8/8/8/8/8/4K3 b - - 0 0 -\n";

/// How `convert` reads those lines, by profile:
/// - by default, as `check` does: a line `check` calls an error is refused, with a hint that
///   the lenient profile would read it, and fullmove 0 is converted as 1 with its warning;
/// - `--profile lenient` reads them and says what it repaired, line by line;
/// - `--from dfen-engine` takes no other profile.
#[test]
fn convert_reads_by_profile() {
    let tree = Tree::empty();
    tree.write("games.dfen", SPEC_ERRORS);
    let runs: [(&str, &[&str]); 3] = [
        ("convert_refuses_what_check_calls_an_error", &[]),
        (
            "convert_lenient_says_what_it_repaired",
            &["--profile", "lenient"],
        ),
        (
            "convert_from_the_engine_dialect_takes_no_other_profile",
            &["--from", "dfen-engine", "--profile", "lenient"],
        ),
    ];
    for (name, options) in runs {
        let mut args = vec!["convert"];
        args.extend_from_slice(options);
        args.extend(["--to", "dfen", "games.dfen"]);
        assert_cmd_snapshot!(name, tree.fenkit(&args));
    }
}

/// Lines in the engine dialect that the spec refuses: dice in the other side's case, four
/// fields, and a repeated castling letter (which the engine refuses too).
const ENGINE_LINES: &str = "rnq1k2r/pppbpp1p/3p2pQ/8/2BPP3/2N2N2/PPPK1PPP/1R5R b kq - 0 1 BKK\n4k3/8/8/8/8/8/8/4K3 b - -\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1\n";

/// `convert --from dfen-engine` and `fmt --profile engine` say what they repaired, each
/// repair a warning with a caret and its fix, and refuse what the engine refuses.
#[test]
fn engine_dialect_repairs_are_reported() {
    let tree = Tree::empty();
    tree.write("engine.dfen", ENGINE_LINES);
    assert_cmd_snapshot!(
        "convert_from_the_engine_dialect_reports_repairs",
        tree.fenkit(&[
            "convert",
            "--from",
            "dfen-engine",
            "--to",
            "dfen",
            "engine.dfen"
        ])
    );
    assert_cmd_snapshot!(
        "fmt_engine_reports_repairs",
        tree.fenkit(&["fmt", "--profile", "engine", "-"])
            .pass_stdin(ENGINE_LINES)
    );
}

/// JSON that is not an object is refused in the words of the JSON form, not of the types
/// behind it.
#[test]
fn dfen_json_that_is_not_an_object_says_what_it_is() {
    let tree = Tree::empty();
    for (json, found) in [
        ("[]", "found an array"),
        ("[{}, \"white\"]", "found an array"),
        ("\"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\"", "found a string"),
        ("42", "found a number"),
        ("null", "found null"),
    ] {
        let output = crate::output_with_stdin(
            &mut tree.fenkit(&["convert", "--from", "json", "--to", "dfen", "-"]),
            format!("{json}\n"),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{json}: {stderr}");
        assert!(stderr.contains("error[DFEN401]"), "{json}: {stderr}");
        assert!(stderr.contains(found), "{json}: {stderr}");
        assert!(!stderr.contains("DfenJson"), "{json}: {stderr}");
    }
}

/// A DFEN JSON form that breaks its rules is refused with the code of the offending value,
/// whose span the caret marks.
#[test]
fn dfen_json_errors_point_at_the_offending_value() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["convert", "--from", "json", "--to", "dfen", "-"])
            .pass_stdin(concat!(
                r#"{"board":{"e1":"K","e8":"k"},"side":"w","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#,
                "\n",
                r#"{"board":{"e1":"K","e8":"k"},"side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":["P","N","B","R"]}"#,
                "\n",
                r#"{"board":{"e1":"K","e8":"k"},"side":"white","castling":["K"],"en_passant":["e3"],"halfmove":0,"fullmove":1,"dice":[]}"#,
                "\n",
            ))
    );
}

/// fenkit never writes an engine-dialect line that its engine profile refuses: `play --profile
/// engine` writes a halfmove clock past 127 as 127, and the final position of a pawn that took
/// the king on the last rank (the pawn stays a pawn) is a warning, not an error, under engine.
#[test]
fn play_in_the_engine_dialect_writes_what_the_engine_profile_reads() {
    let tree = Tree::empty();
    let long = crate::output_with_stdin(
        &mut tree.fenkit(&[
            "play",
            "--profile",
            "engine",
            "4k3/8/8/8/8/8/8/4K3 w - - 127 1 KK",
            "e1e2",
            "e2e3",
        ]),
        "",
    );
    let capture = crate::output_with_stdin(
        &mut tree.fenkit(&[
            "play",
            "--profile",
            "engine",
            "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P",
            "e7d8",
        ]),
        "",
    );
    let written = format!(
        "{}{}",
        String::from_utf8_lossy(&long.stdout),
        String::from_utf8_lossy(&capture.stdout)
    );
    assert_eq!(
        written,
        "4k3/8/8/8/8/8/4K3/8 w - - 127 1 K\n\
         4k3/8/8/8/8/4K3/8/8 b - - 127 1\n\
         3P4/8/8/8/8/8/8/4K3 b - - 0 1\n"
    );
    tree.write("written.dfen", &written);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--profile", "engine", "written.dfen"]));
}

/// `convert` ends with a summary line on stderr (`--quiet` drops it); `--aligned` writes one
/// output line per input line: `null` in JSON (or an empty line in text) for a refused
/// position, a comment, a blank line and each continuation line of a FEN4 record.
#[test]
fn aligned_rows_and_the_summary_line() {
    let tree = Tree::empty();
    tree.write(
        "mixed.dfen",
        "# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 x - - 0 1 -\n\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\n",
    );
    let output = tree
        .fenkit(&["convert", "--to", "json", "--aligned", "mixed.dfen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(rows.len(), 5, "{stdout}");
    assert_eq!(rows[0], "null");
    assert!(rows[1].starts_with("{\"board\""));
    assert_eq!(rows[2..4], ["null", "null"]);
    assert!(rows[4].contains("\"side\":\"black\""));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .ends_with("converted 2 of 3 positions, 1 refused\n")
    );
    let text = tree
        .fenkit(&[
            "convert",
            "--to",
            "fen",
            "--aligned",
            "--quiet",
            "mixed.dfen",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(text.stdout).unwrap(),
        "# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\n\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n"
    );
    assert!(
        !String::from_utf8(text.stderr)
            .unwrap()
            .contains("converted")
    );
    // A FEN4 record over three lines is one row and two placeholders.
    tree.write(
        "long.fen4",
        "4d-fen v1:\n  K@0,0,0,0;\n  k@7,7,7,7\n4d-fen v1: K@0,0,0,0\n",
    );
    let output = tree
        .fenkit(&["convert", "--to", "json", "--aligned", "long.fen4"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(rows.len(), 4, "{stdout}");
    assert_eq!(rows[1..3], ["null", "null"]);
}

/// A fullmove number past the engine dialect's 2,147,483,647 is refused like a halfmove clock
/// past 127, and written capped, with a warning, under `--lossy`.
#[test]
fn dfen_engine_refuses_a_fullmove_number_past_its_range() {
    let tree = Tree::empty();
    tree.write("far.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 3000000000 -\n");
    let refused = tree
        .fenkit(&["convert", "--to", "dfen-engine", "far.dfen"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains(
            "error[DFEN023]: the engine dialect cannot hold this position: expected a fullmove \
             number of at most 2147483647, found `3000000000`"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("= help: pass --lossy to write the fullmove number as 2147483647"));
    let capped = tree
        .fenkit(&["convert", "--to", "dfen-engine", "--lossy", "far.dfen"])
        .output()
        .unwrap();
    assert_eq!(capped.status.code(), Some(0));
    assert_eq!(capped.stdout, b"4k3/8/8/8/8/8/8/4K3 w - - 0 2147483647\n");
    assert!(
        String::from_utf8(capped.stderr)
            .unwrap()
            .contains("dropped the fullmove number `3000000000`")
    );
}

/// `convert` reads each input with the settings `check` gives it, the flags over its
/// configuration: a `[chess960]` glob reads the files it matches in Chess960 mode, where
/// `--castling shredder` spells the outermost rooks' rights by their files; `[notations]`
/// names the notation of a file its extension does not (a `.txt` file of FEN4 here, so its
/// chess line is refused); `--isolated` reads no configuration.
#[test]
fn each_input_is_read_with_its_configuration() {
    let tree = Tree::empty();
    tree.write(
        "960/start.fen",
        "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1\n",
    );
    tree.write("positions.txt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    tree.write(
        "fenkit.toml",
        "[chess960]\n\"960/**\" = true\n\n[notations]\n\"*.txt\" = \"fen4\"\n",
    );
    let converted = |args: &[&str]| {
        let mut all = vec!["convert", "-q"];
        all.extend_from_slice(args);
        let output = tree.fenkit(&all).output().unwrap();
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap(),
        )
    };
    let shredder = ["--to", "fen", "--castling", "shredder"];
    assert_eq!(
        converted(&[&shredder[..], &["960/start.fen"]].concat()),
        (
            Some(0),
            "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1\n".to_owned()
        )
    );
    assert_eq!(
        converted(&[&shredder[..], &["--isolated", "960/start.fen"]].concat()),
        (
            Some(0),
            "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1\n".to_owned()
        )
    );
    assert_eq!(
        converted(&["--to", "dfen", "--isolated", "positions.txt"]),
        (Some(0), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n".to_owned())
    );
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "dfen", "positions.txt"]));
}
