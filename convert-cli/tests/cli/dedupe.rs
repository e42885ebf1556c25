use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

#[test]
fn lists_then_removes_repeats_keeping_the_first() {
    let tree = Tree::empty();
    tree.write(
        "a.dfen",
        "# first file\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\r\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\r\n",
    );
    tree.write("b.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 9 9 -\n# kept comment\n8/8/8/8/8/8/8/8 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "a.dfen", "b.dfen"]));
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--write", "a.dfen", "b.dfen"]));
    assert_eq!(
        tree.read("a.dfen"),
        b"# first file\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\r\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\r\n"
    );
    // The last line went, and the file still ends without a newline.
    assert_eq!(
        String::from_utf8(tree.read("b.dfen")).unwrap(),
        "# kept comment\n8/8/8/8/8/8/8/8 w - - 0 1 -"
    );
    let again = tree
        .fenkit(&["dedupe", "a.dfen", "b.dfen"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(0));
}

#[test]
fn standard_input_is_searched_but_not_rewritten() {
    let tree = Tree::empty();
    let stdin = "8/8/8/8/8/8/8/K6k w - - 3 4 -\n# a comment\n8/8/8/8/8/8/8/K6k w - - 0 9 -\n";
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "-"]).pass_stdin(stdin));
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--write", "-"]).pass_stdin(stdin));
}

/// The listing speaks `check`'s formats: in JSON, one FENKIT020 warning per repeat and a
/// summary that counts the files and positions compared.
#[test]
fn listing_in_json() {
    let tree = Tree::empty();
    tree.write(
        "a.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/3K4 b - - 0 1 -\n",
    );
    tree.write("b.dfen", "# again\n4k3/8/8/8/8/8/8/4K3 w - - 5 9 -\nxx\n");
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--output-format", "json", "a.dfen", "b.dfen"]));
}

/// `--output-format` is for the listing; with `--write` it is a usage error, not ignored.
#[test]
fn an_output_format_with_write_is_refused() {
    let tree = Tree::empty();
    tree.write(
        "a.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 w - - 3 9 -\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--write", "--output-format", "json", "a.dfen"]));
    assert_eq!(
        tree.read("a.dfen"),
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3 w - - 3 9 -\n"
    );
}
