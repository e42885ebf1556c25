//! Hostile inputs: each gets a clear message and exit 1 or 2, never a panic or a hang.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

#[test]
fn invalid_utf8_is_reported_with_its_byte_offset() {
    let tree = Tree::empty();
    tree.write(
        "bad.dfen",
        b"8/8/8/8/8/8/8/8 w - - 0 1 -\n8/8/8/8/8/8/8/8 w \xc3\x28 - 0 1 -\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "bad.dfen"]));
}

#[test]
fn nul_bytes() {
    let tree = Tree::empty();
    tree.write("nul.dfen", b"8/8/8/8/8/8/8/8 w - - 0 1 \x00\n");
    tree.write("nul.fen4", b"4d-fen v1: K@0,0,0,0\x00; k@7,7,7,7\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "nul.dfen", "nul.fen4"]));
}

#[test]
fn a_50_mb_line() {
    let tree = Tree::empty();
    let mut bytes = vec![b'8'; 50 * 1024 * 1024];
    bytes.extend_from_slice(b"\n8/8/8/8/8/8/8/8 w - - 0 1 -\n");
    tree.write("huge.dfen", &bytes);
    drop(bytes);
    assert_cmd_snapshot!(tree.fenkit(&["check", "huge.dfen"]));
    // fmt cannot copy a line it did not keep, so it leaves the file alone.
    tree.write("huge-fix.dfen", {
        let mut b = vec![b'8'; 2 * 1024 * 1024];
        b.extend_from_slice(b"\n8/8/8/8/8/8/8/8 w - - 0 1\n");
        b
    });
    let before = tree.read("huge-fix.dfen");
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "huge-fix.dfen"]));
    assert!(
        tree.read("huge-fix.dfen") == before,
        "the file was modified"
    );
}

#[test]
fn many_blank_lines() {
    let tree = Tree::empty();
    let mut bytes = vec![b'\n'; 1_000_000];
    bytes.extend_from_slice(b"8/8/8/8/8/8/8/8 w - - 0 1 pp\n");
    tree.write("blank.dfen", &bytes);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--output-format", "github", "blank.dfen"]));
}

#[test]
fn symlink_loop_in_a_walked_directory() {
    #[cfg(unix)]
    {
        let tree = Tree::empty();
        tree.write("walk/a/ok.dfen", "8/8/8/8/8/8/8/8 w - - 0 1 -\n");
        std::os::unix::fs::symlink("..", tree.path("walk/a/loop")).unwrap();
        assert_cmd_snapshot!(tree.fenkit(&["check", "walk"]));
    }
}

#[test]
fn fifo_is_refused_not_waited_on() {
    #[cfg(unix)]
    {
        let tree = Tree::empty();
        tree.write("walk/ok.dfen", "8/8/8/8/8/8/8/8 w - - 0 1 -\n");
        let status = std::process::Command::new("mkfifo")
            .arg(tree.path("walk/pipe.dfen"))
            .status();
        if !matches!(status, Ok(s) if s.success()) {
            eprintln!("skipped: mkfifo is not available");
            return;
        }
        assert_cmd_snapshot!(tree.fenkit(&["check", "walk", "walk/pipe.dfen"]));
    }
}
