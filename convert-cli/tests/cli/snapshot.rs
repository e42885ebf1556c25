use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

#[test]
fn the_workflow() {
    let tree = Tree::empty();
    tree.write("pos/a.dfen", "# one\n8/8/8/8/8/8/8/8 w - - 0 1\n");
    // No snapshot yet.
    assert_cmd_snapshot!(tree.fenkit(&["snapshot", "check", "pos"]));
    // `update` writes a pending `.snap.new` for `cargo insta review`.
    assert_cmd_snapshot!(tree.fenkit(&["snapshot", "update", "pos"]));
    let pending = String::from_utf8(tree.read("pos/snapshots/a.dfen.snap.new")).unwrap();
    insta::assert_snapshot!(pending);
    assert!(!tree.path("pos/snapshots/a.dfen.snap").exists());
    // `--accept` writes the `.snap` and removes the pending file.
    assert_cmd_snapshot!(tree.fenkit(&["snapshot", "update", "--accept", "pos"]));
    assert!(!tree.path("pos/snapshots/a.dfen.snap.new").exists());
    assert_eq!(
        String::from_utf8(tree.read("pos/snapshots/a.dfen.snap")).unwrap(),
        pending
    );
    assert_cmd_snapshot!(tree.fenkit(&["snapshot", "check", "pos"]));
    // A change in the position file shows as a diff and fails.
    tree.write("pos/a.dfen", "# one\n8/8/8/8/8/8/8/8 b - - 0 1\n");
    assert_cmd_snapshot!(tree.fenkit(&["snapshot", "check", "pos"]));
}

/// A snapshot that cannot be written is an error, and the summary counts it apart from the
/// snapshots that were written.
#[test]
fn an_unwritable_snapshot_is_not_counted_as_written() {
    let tree = Tree::empty();
    tree.write("ok/a.dfen", "8/8/8/8/8/8/8/8 w - - 0 1\n");
    tree.write("blocked/b.dfen", "8/8/8/8/8/8/8/8 b - - 0 1\n");
    // A folder where the pending snapshot should be written: it cannot be, even by root.
    tree.write("blocked/snapshots/b.dfen.snap.new/keep", "");
    assert_cmd_snapshot!(tree.fenkit(&["snapshot", "update", "ok", "blocked"]));
}
