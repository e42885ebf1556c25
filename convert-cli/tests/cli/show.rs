use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

#[test]
fn dfen_board() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "rnbqkbnr/pppp1ppp/8/8/2P1p3/8/PP1PPPPP/RNBQKBNR w KQkq c3e6 0 2 PN"
    ]));
}

#[test]
fn fen4_slices() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "4d-fen v1: K@0,0,0,0; Pw@1,1,0,0; py@6,6,0,0; k@7,7,7,7"
    ]));
}

#[test]
fn rejected_position() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["show", "8/8/8/8/8/8/8/8 x - - 0 1"]));
}

#[test]
fn reads_the_position_from_standard_input() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["show", "-"])
            .pass_stdin("4d-fen v1: K@0,0,0,0; k@7,7,0,0\n")
    );
}

#[test]
fn ndjson4_is_not_a_notation_it_accepts() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--notation",
        "ndjson4",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    ]));
}

#[test]
fn show_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["show", "--help"]));
}

#[test]
fn reads_the_spec_profile_by_default_like_every_other_command() {
    // Dice in Black's lower case with White to move: DFEN012, an error in `spec` and a fixable
    // warning in `lenient`.
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["show", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn"]));
    let lenient = tree
        .fenkit(&[
            "show",
            "--profile",
            "lenient",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn",
        ])
        .output()
        .unwrap();
    assert_eq!(lenient.status.code(), Some(0));
}

#[test]
fn an_error_position_is_refused_with_its_findings() {
    // DFEN204: three own en-passant targets (three double pushes) and three dice left.
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["show", "4k3/8/8/8/8/8/8/4K3 w - a3c3e3 0 1 PNB"]));
}

/// `--notation fen` reads the position as `check` reads a `.fen` file: one that six fields
/// cannot hold (pending dice) is FENKIT003, not drawn.
#[test]
fn fen_notation_refuses_what_six_fields_cannot_hold() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--notation",
        "fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PN"
    ]));
}

/// `show` reads its position with the current directory's configuration, as `check` reads
/// standard input: `chess960 = true` reads `KQkq` as the outermost rooks, which `show` names;
/// `--isolated` reads no configuration.
#[test]
fn the_configuration_applies_as_to_standard_input() {
    let tree = Tree::empty();
    tree.write("fenkit.toml", "chess960 = true\n");
    let castling = |args: &[&str]| {
        let mut all = vec!["show"];
        all.extend_from_slice(args);
        all.push("nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1");
        let output = tree.fenkit(&all).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .find(|line| line.starts_with("castling:"))
            .map(str::to_owned)
    };
    assert_eq!(
        castling(&[]).as_deref(),
        Some("castling:      KQkq (the rooks on e1, g1, e8, g8)")
    );
    assert_eq!(
        castling(&["--isolated"]).as_deref(),
        Some("castling:      KQkq")
    );
}
