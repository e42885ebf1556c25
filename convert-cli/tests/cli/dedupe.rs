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

/// A line over 1 MiB is not held whole, so `--write` leaves its file exactly as it is (and
/// says why) rather than cutting the line short.
#[test]
fn a_file_with_a_line_over_one_mib_is_left_whole() {
    let tree = Tree::empty();
    let mut bytes = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n# ".to_vec();
    bytes.extend(std::iter::repeat_n(b'x', 1 << 20));
    bytes.extend_from_slice(b"END\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    tree.write("long.dfen", &bytes);
    let output = tree
        .fenkit(&["dedupe", "--write", "long.dfen"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("FENKIT002"), "{stderr}");
    assert!(stderr.contains("left unchanged"), "{stderr}");
    assert!(tree.read("long.dfen") == bytes, "the file changed");
}

/// Two files whose names differ only in bytes that are not UTF-8 look alike when shown, but
/// `--write` keeps them apart: the first occurrence stays, the repeat goes.
#[cfg(unix)]
#[test]
fn names_that_look_alike_are_kept_apart() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let tree = Tree::empty();
    let first = tree.path("").join(OsStr::from_bytes(b"a\xfe.dfen"));
    let second = tree.path("").join(OsStr::from_bytes(b"a\xff.dfen"));
    std::fs::write(&first, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n").unwrap();
    std::fs::write(
        &second,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n8/8/8/8/8/8/8/4K3 w - - 0 1 -\n",
    )
    .unwrap();
    let output = tree.fenkit(&["dedupe", "--write", "."]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&first).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n"
    );
    assert_eq!(
        std::fs::read_to_string(&second).unwrap(),
        "8/8/8/8/8/8/8/4K3 w - - 0 1 -\n"
    );
}
