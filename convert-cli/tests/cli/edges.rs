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
