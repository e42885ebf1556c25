//! Compressed inputs (`.gz`, `.zst`, `.bz2`, `.zip`): read as they stand, with findings at the
//! lines of the decompressed text, zip members named `archive!member`, broken data reported
//! with `FENKIT070`, and files that `fmt` and `dedupe --write` refuse to rewrite.

use std::path::Path;

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// A tree holding the compressed fixtures (`tests/fixtures/compressed/`).
fn tree() -> Tree {
    let tree = Tree::empty();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compressed");
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name != "README.md" {
            std::fs::copy(entry.path(), tree.path(&name)).unwrap();
        }
    }
    tree
}

/// The same five lines, compressed three ways, give the same finding at the same line:
/// line 4 of the text, read as EPD by the name without its suffix.
#[test]
fn gzip_zstd_and_bzip2_are_read_as_they_stand() {
    let tree = tree();
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--threads",
        "1",
        "games.epd.gz",
        "games.epd.zst",
        "games.epd.bz2"
    ]));
}

/// Every member of a zip archive is read, each named after `!`; directories are not members.
#[test]
fn zip_members_are_named_after_the_archive() {
    let tree = tree();
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--threads",
        "1",
        "--output-format",
        "github",
        "books.epd.zip"
    ]));
}

/// Standard input is known by its magic number.
#[test]
fn compressed_standard_input_is_sniffed() {
    let tree = tree();
    let gz = tree.read("games.epd.gz");
    assert_cmd_snapshot!(
        tree.fenkit(&["check", "--notation", "epd", "-"])
            .pass_stdin(gz)
    );
}

/// `convert` and `dedupe` read them too.
#[test]
fn convert_and_dedupe_read_compressed_files() {
    let tree = tree();
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen", "games.epd.zst"]));
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "games.epd.bz2", "books.epd.zip"]));
}

/// Data cut short, a member whose checksum does not match and an archive without its central
/// directory: each a clear error with its code, exit status 2, and no panic.
#[test]
fn broken_compressed_data_is_an_error_with_a_code() {
    let tree = tree();
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--threads",
        "1",
        "cut.epd.gz",
        "crc.epd.zip",
        "broken.epd.zip"
    ]));
}

/// `fmt` and `dedupe --write` never rewrite a compressed file: exit status 2, the file as it was.
#[test]
fn fmt_and_dedupe_write_refuse_compressed_files() {
    let tree = tree();
    let before = tree.read("games.epd.gz");
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "games.epd.gz", "books.epd.zip"]));
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--write", "games.epd.bz2"]));
    assert_eq!(tree.read("games.epd.gz"), before);
}

/// A walk picks up a compressed file whose name, without the suffix, is a position file's.
#[test]
fn a_walk_reads_compressed_position_files() {
    let tree = tree();
    tree.write("walked/notes.txt.gz", "not read");
    std::fs::copy(
        tree.path("games.epd.zst"),
        tree.path("walked/games.epd.zst"),
    )
    .unwrap();
    std::fs::copy(
        tree.path("books.epd.zip"),
        tree.path("walked/books.epd.zip"),
    )
    .unwrap();
    assert_cmd_snapshot!(tree.fenkit(&["check", "--verbose", "--threads", "1", "walked"]));
}
