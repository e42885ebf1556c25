//! Chess960 on the command line (`spec/chess960.md`): `--chess960` and the configuration's
//! `chess960`, `--castling xfen|shredder`, `--en-passant`, fmt's decisions that keep what a
//! position is, and `perft --standard --chess960`.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// A Chess960 start written with `KQkq` (X-FEN: the outermost rooks, g1/e1 and g8/e8), the
/// standard start in Shredder-FEN, a Chess960 position in Shredder-FEN, and 1. e4 with its
/// dead en-passant square.
const MIXED: &str = "\
nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1
bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
";

/// What `fmt` writes for [`MIXED`] with `args`, the file rewritten in place.
fn formatted(args: &[&str]) -> String {
    let tree = Tree::empty();
    tree.write("games.fen", MIXED);
    let mut all = vec!["fmt", "-q"];
    all.extend_from_slice(args);
    all.push("games.fen");
    let output = tree.fenkit(&all).output().unwrap();
    assert!(
        output.status.code().is_some_and(|code| code <= 1),
        "{output:?}"
    );
    String::from_utf8(tree.read("games.fen")).unwrap()
}

/// Outside Chess960 mode, `fmt` keeps the rights of a position that reads as Chess960 and says
/// why, with how to read it as Chess960; it rewrites only the standard start's `HAha`.
#[test]
fn fmt_keeps_rights_that_read_as_chess960() {
    let tree = Tree::empty();
    tree.write("games.fen", MIXED);
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "games.fen"]));
    assert_eq!(
        String::from_utf8(tree.read("games.fen")).unwrap(),
        MIXED.replacen("w HAha", "w KQkq", 1)
    );
}

/// In Chess960 mode `fmt` keeps the spelling each line uses (Shredder-FEN stays Shredder-FEN,
/// X-FEN stays X-FEN); `--castling xfen` writes X-FEN, `--castling shredder` Shredder-FEN (the
/// standard start as `HAha` too); `--en-passant` drops what its policy does not keep.
#[test]
fn fmt_writes_each_castling_spelling() {
    assert_eq!(formatted(&["--chess960"]), MIXED);
    assert_eq!(
        formatted(&["--chess960", "--castling", "xfen"]),
        "\
nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
"
    );
    assert_eq!(
        formatted(&[
            "--chess960",
            "--castling",
            "shredder",
            "--en-passant",
            "legal"
        ]),
        "\
nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1
bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1
"
    );
    // Outside the mode, `--castling shredder` changes nothing: standard positions write KQkq.
    assert_eq!(
        formatted(&["--castling", "shredder"]),
        MIXED.replacen("w HAha", "w KQkq", 1)
    );
    // `fen` keeps e3 (a double push left it), `xfen` drops it (no black pawn beside e4).
    assert!(formatted(&["--en-passant", "fen"]).contains("b KQkq e3 0 1"));
    assert!(formatted(&["--en-passant", "xfen"]).contains("b KQkq - 0 1"));
}

/// Without the mode, the X-FEN start is four DFEN224 warnings; with `--chess960`, or
/// `chess960 = true` in fenkit.toml, or a `[chess960]` glob that matches, it is clean.
#[test]
fn chess960_mode_from_the_flag_and_the_configuration() {
    let tree = Tree::empty();
    tree.write("960/start.fen", MIXED.lines().next().unwrap());
    tree.write("standard/start.fen", MIXED.lines().next().unwrap());
    assert_cmd_snapshot!(tree.fenkit(&["check", "--isolated", "960/start.fen"]));
    let clean = |args: &[&str]| {
        let output = tree.fenkit(args).output().unwrap();
        (
            output.status.code(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    assert_eq!(
        clean(&["check", "--isolated", "--chess960", "960/start.fen"]),
        (
            Some(0),
            "checked 1 file, 1 position: no findings\n".to_owned()
        )
    );
    tree.write("fenkit.toml", "[chess960]\n\"960/**\" = true\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "."]));
    tree.write("fenkit.toml", "chess960 = true\n");
    assert_eq!(clean(&["check", "."]).0, Some(0));
    tree.write("fenkit.toml", "chess960 = \"yes\"\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "."]));
}

/// `convert`, `show`, `diff` and `parse` read the mode too.
#[test]
fn convert_show_diff_and_parse_in_chess960_mode() {
    let tree = Tree::empty();
    tree.write("games.fen", MIXED);
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--to",
        "fen",
        "--chess960",
        "--castling",
        "shredder",
        "games.fen"
    ]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--chess960",
        "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1"
    ]));
    // The same rooks in X-FEN and in Shredder-FEN: no difference in Chess960 mode.
    let same = tree
        .fenkit(&[
            "diff",
            "--chess960",
            "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1",
            "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1",
        ])
        .output()
        .unwrap();
    assert_eq!(same.status.code(), Some(0), "{same:?}");
    let parsed = crate::output_with_stdin(
        &mut tree.fenkit(&["parse", "--notation", "dfen", "--chess960"]),
        b"nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1 -",
    );
    assert_eq!(
        String::from_utf8(parsed.stdout).unwrap(),
        "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1 -\n"
    );
}

/// `--en-passant` (and its older name `--ep`) chooses the identity of `dedupe`: the positions
/// after 1. e4 with and without the dead e3 are one position under `xfen`, two under `fen`.
#[test]
fn dedupe_counts_en_passant_by_policy() {
    let tree = Tree::empty();
    tree.write(
        "games.fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1\n",
    );
    let status = |args: &[&str]| tree.fenkit(args).output().unwrap().status.code();
    assert_eq!(status(&["dedupe", "games.fen"]), Some(0));
    assert_eq!(
        status(&["dedupe", "--en-passant", "fen", "games.fen"]),
        Some(0)
    );
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--en-passant", "xfen", "games.fen"]));
    assert_eq!(status(&["dedupe", "--ep", "legal", "games.fen"]), Some(1));
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--en-passant", "sometimes", "games.fen"]));
}

/// Chess960 perft to depth 3 on a sample of public suites' positions (the counts are theirs:
/// Ethereal's fischer.epd and scalachess's tricky.perft X-FEN cases), in Shredder-FEN and X-FEN.
#[test]
fn perft_standard_chess960_reproduces_public_counts() {
    let tree = Tree::empty();
    for (fen, counts) in [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            [21, 528, 12189],
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            [21, 807, 18002],
        ),
        (
            "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
            [22, 593, 13440],
        ),
        (
            "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
            [23, 522, 12333],
        ),
        (
            "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1",
            [28, 738, 20218],
        ),
        ("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", [17, 242, 3931]),
    ] {
        for (depth, expected) in (1..=3).zip(counts) {
            let output = tree
                .fenkit(&[
                    "perft",
                    "--standard",
                    "--chess960",
                    "--depth",
                    &depth.to_string(),
                    fen,
                ])
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8(output.stdout).unwrap().trim(),
                expected.to_string(),
                "{fen} depth {depth}"
            );
        }
    }
    // `--chess960` is standard chess's: refused with the Dice Chess modes.
    let refused = tree
        .fenkit(&[
            "perft",
            "--chess960",
            "--die",
            "K",
            "--depth",
            "1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
}

/// `perft --unique --en-passant legal`: the identity of the leaves under a policy.
#[test]
fn perft_unique_takes_the_policy() {
    let tree = Tree::empty();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let run = |policy: &str| {
        let output = tree
            .fenkit(&[
                "perft",
                "--depth",
                "3",
                "--unique",
                "--en-passant",
                policy,
                start,
            ])
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    // 8,902 leaves after three plies. 1. e4 Nf6 2. d4 and 1. d4 Nf6 2. e4 reach one placement
    // with the targets d3 and e3, which nothing can take: two positions when every square
    // counts, one under `legal`.
    let always = run("always");
    let legal = run("legal");
    assert!(always.ends_with("8902\n"), "{always}");
    assert_ne!(always, legal);
}

/// EPD lines are written with the same settings as FEN lines: X-FEN in Chess960 mode by
/// default, Shredder-FEN with `--castling shredder`, and the en-passant policy; their
/// operations stay as they were.
#[test]
fn fmt_writes_epd_lines_with_the_castling_spelling_and_en_passant_policy() {
    let lines = "\
nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - id \"960\";
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"e4\";
";
    let formatted = |args: &[&str]| {
        let tree = Tree::empty();
        tree.write("suite.epd", lines);
        let mut all = vec!["fmt", "-q"];
        all.extend_from_slice(args);
        all.push("suite.epd");
        let output = tree.fenkit(&all).output().unwrap();
        assert!(
            output.status.code().is_some_and(|code| code <= 1),
            "{output:?}"
        );
        String::from_utf8(tree.read("suite.epd")).unwrap()
    };
    assert_eq!(formatted(&["--chess960"]), lines);
    assert_eq!(
        formatted(&["--chess960", "--castling", "shredder"]),
        "\
nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - id \"960\";
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 id \"e4\";
"
    );
    assert_eq!(
        formatted(&["--en-passant", "legal"]),
        lines.replace("KQkq e3", "KQkq -")
    );
}
