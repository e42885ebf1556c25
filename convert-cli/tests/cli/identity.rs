//! Position identity on the command line: `--ep always|legal` for `check --duplicates` and
//! `dedupe`, and `dedupe --write` keeping the first occurrence losslessly.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// After 1. e4 with the structural target e3 (no black pawn can take it), then the same
/// position without the target; then a pawn on b5 that could take c6 en passant but is pinned
/// to its king by the rook on h5, then the same position without the target.
const DFEN_LINES: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 7 -
4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2 -
4k3/8/8/KPp4r/8/8/8/8 w - - 5 9 -
";

/// The pinned pair as standard FEN.
const FEN_LINES: &str = "\
4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2
4k3/8/8/KPp4r/8/8/8/8 w - - 5 9
";

#[test]
fn always_keeps_structural_targets_apart() {
    let tree = Tree::empty();
    tree.write("games.dfen", DFEN_LINES);
    tree.write("games.fen", FEN_LINES);
    // The default is `always`: every target counts, so no two lines are the same position.
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "games.dfen"]));
    let explicit = tree
        .fenkit(&["dedupe", "--ep", "always", "games.fen"])
        .output()
        .unwrap();
    assert_eq!(explicit.status.code(), Some(0));
}

#[test]
fn legal_merges_targets_nothing_can_take_by_each_game() {
    let tree = Tree::empty();
    tree.write("games.dfen", DFEN_LINES);
    tree.write("games.fen", FEN_LINES);
    // Dice Chess has no check: the pinned b5 pawn may take on c6, so only the e3 pair merges.
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--ep", "legal", "games.dfen"]));
    // Standard chess: taking on c6 would expose the king, so the pinned pair merges too.
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--ep", "legal", "games.fen"]));
}

#[test]
fn check_duplicates_with_legal_en_passant() {
    let tree = Tree::empty();
    tree.write("games.dfen", DFEN_LINES);
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--duplicates",
        "--ep",
        "legal",
        "--output-format",
        "github",
        "games.dfen"
    ]));
    let always = tree
        .fenkit(&["check", "--duplicates", "games.dfen"])
        .output()
        .unwrap();
    assert_eq!(always.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&always.stdout).contains("FENKIT020"));
}

#[test]
fn check_ep_needs_duplicates() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["check", "--ep", "legal", "games.dfen"]));
}

#[test]
fn legal_on_fen4_is_ignored_with_a_warning() {
    let tree = Tree::empty();
    tree.write(
        "board.fen4",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n4d-fen v1:\n  k@7,7,7,7;\n  K@0,0,0,0\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--ep", "legal", "board.fen4"]));
    // `always` (the default) gives no warning.
    let always = tree.fenkit(&["dedupe", "board.fen4"]).output().unwrap();
    assert_eq!(
        String::from_utf8(always.stderr).unwrap(),
        "1 repeated position in 1 file\n"
    );
}

#[test]
fn write_keeps_the_first_occurrence_in_argument_order_losslessly() {
    // a.dfen: BOM, CRLF, blank lines and comments, a final newline; two of its positions also
    // appear in b.dfen (with other clocks).
    let a = "\u{feff}# a\r\n\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\r\n8/8/8/8/8/8/8/K6k w - - 0 1 -\r\n\r\n# end\r\n8/8/8/8/8/8/8/k6K b - - 0 1 -\r\n";
    let b = "# b\n8/8/8/8/8/8/8/K6k w - - 4 4 -\n8/8/8/8/8/8/8/k6K b - - 4 4 -\n";

    // b.dfen first: its occurrences are the first ones, a.dfen loses its two.
    let tree = Tree::empty();
    tree.write("a.dfen", a);
    tree.write("b.dfen", b);
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--write", "b.dfen", "a.dfen"]));
    assert_eq!(
        String::from_utf8(tree.read("a.dfen")).unwrap(),
        "\u{feff}# a\r\n\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\r\n\r\n# end\r\n"
    );
    assert_eq!(String::from_utf8(tree.read("b.dfen")).unwrap(), b);

    // a.dfen first: b.dfen keeps its comment and its final newline.
    let tree = Tree::empty();
    tree.write("a.dfen", a);
    tree.write("b.dfen", b);
    let output = tree
        .fenkit(&["dedupe", "--write", "a.dfen", "b.dfen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(tree.read("a.dfen")).unwrap(), a);
    assert_eq!(String::from_utf8(tree.read("b.dfen")).unwrap(), "# b\n");
}

#[test]
fn write_removes_a_multi_line_literal_whole() {
    let tree = Tree::empty();
    tree.write(
        "board.fen4",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n4d-fen v1:\n  k@7,7,7,7;\n  K@0,0,0,0\n# tail\n",
    );
    let output = tree
        .fenkit(&["dedupe", "--write", "board.fen4"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(tree.read("board.fen4")).unwrap(),
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n# tail\n"
    );
}

#[test]
fn one_file_named_twice_is_not_its_own_duplicate() {
    // `a.dfen` and `./a.dfen` are one file: reading it twice would make every position repeat
    // itself, and --write would empty the file.
    let tree = Tree::empty();
    let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\n";
    tree.write("a.dfen", text);
    let output = tree
        .fenkit(&["dedupe", "--write", "a.dfen", "./a.dfen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "removed 0 repeated positions from 0 files\n"
    );
    assert_eq!(String::from_utf8(tree.read("a.dfen")).unwrap(), text);
}

#[test]
fn a_failing_write_leaves_the_file_unchanged() {
    let tree = Tree::empty();
    let text = "# keep\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 w - - 7 7 -\n";
    tree.write("a.dfen", text);
    let mut command = tree.fenkit(&["dedupe", "--write", "a.dfen"]);
    command.env("FENKIT_TEST_FAIL_WRITE_AFTER", "10");
    assert_cmd_snapshot!(command);
    assert_eq!(String::from_utf8(tree.read("a.dfen")).unwrap(), text);
    let entries: Vec<_> = std::fs::read_dir(tree.path(""))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(entries.len(), 1, "temp files left behind: {entries:?}");
}

#[test]
fn dedupe_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["dedupe", "--help"]));
}
