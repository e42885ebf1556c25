//! `--variant`, `--dialect`, `--to-dialect` and `--check-limit`: three-check, crazyhouse and
//! two-move chess through every command that reads positions (spec/variants.md).

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// The same three-check positions in each dialect: no check given, then two by White and one
/// by Black; a comment and a blank line, which text conversions keep.
const THREECHECK: [(&str, &str); 3] = [
    (
        "essay",
        "# three-check\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 0 0\n\n4k3/8/8/8/8/8/8/4K2R b K - 3 20 2 1\n",
    ),
    (
        "stockfish",
        "# three-check\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2\n\n4k3/8/8/8/8/8/8/4K2R b K - 1+2 3 20\n",
    ),
    (
        "lichess",
        "# three-check\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +0+0\n\n4k3/8/8/8/8/8/8/4K2R b K - 3 20 +2+1\n",
    ),
];

/// The same crazyhouse positions in each dialect: a promoted rook and a pocket, then an empty
/// pocket, then pieces of both colours held (in the canonical order, P N B R Q).
const CRAZYHOUSE: [(&str, &str); 3] = [
    (
        "essay",
        "# crazyhouse\n2R1k3/8/8/8/8/8/8/4K3 b - - 0 40 Pnn c8\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - -\nr1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR w KQkq - 0 8 PNQpq -\n",
    ),
    (
        "stockfish",
        "# crazyhouse\n2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3\nr1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR[PNQpq] w KQkq - 0 8\n",
    ),
    (
        "lichess",
        "# crazyhouse\n2R~1k3/8/8/8/8/8/8/4K3/Pnn b - - 0 40\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/ w KQkq - 2 3\nr1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR/PNQpq w KQkq - 0 8\n",
    ),
];

const TWOMOVE: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 2\n";

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Every pair of dialects converts line by line into exactly the other file, comments and
/// blank lines kept, with no flag but the variant and the two dialects.
fn converts_between_every_pair(variant: &str, files: &[(&str, &str); 3]) {
    let tree = Tree::empty();
    for (dialect, text) in files {
        tree.write(&format!("{dialect}.fen"), text);
    }
    for (from, _) in files {
        for (to, expected) in files {
            let args = [
                "convert",
                "--variant",
                variant,
                "--dialect",
                from,
                "--to-dialect",
                to,
                &format!("{from}.fen"),
            ];
            let output = tree.fenkit(&args).output().unwrap();
            assert_eq!(
                (output.status.code(), stdout(&output).as_str()),
                (Some(0), *expected),
                "{variant}: {from} to {to}"
            );
            assert_cmd_snapshot!(format!("{variant}_{from}_to_{to}"), tree.fenkit(&args));
        }
    }
}

#[test]
fn threecheck_converts_between_every_pair_of_dialects() {
    converts_between_every_pair("threecheck", &THREECHECK);
}

#[test]
fn crazyhouse_converts_between_every_pair_of_dialects() {
    converts_between_every_pair("crazyhouse", &CRAZYHOUSE);
}

/// A bare `convert --variant V` writes the essay form; standard input is read by default.
#[test]
fn bare_convert_writes_the_essay_form() {
    let tree = Tree::empty();
    let lichess = THREECHECK[2].1;
    assert_cmd_snapshot!(
        tree.fenkit(&["convert", "--variant", "threecheck", "--dialect", "lichess"])
            .pass_stdin(lichess)
    );
    let output = crate::output_with_stdin(
        &mut tree.fenkit(&[
            "convert",
            "--variant",
            "threecheck",
            "--dialect",
            "lichess",
            "-",
        ]),
        lichess.as_bytes().to_vec(),
    );
    assert_eq!(stdout(&output), THREECHECK[0].1);
}

/// python-chess writes pockets Q R B N P: read without a finding and written back in that
/// order in the Stockfish and lichess dialects; the essay form writes P N B R Q.
#[test]
fn a_pocket_keeps_the_order_it_was_read_in() {
    let tree = Tree::empty();
    tree.write(
        "zh.fen",
        "r1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR[QNPqp] w KQkq - 0 8\n",
    );
    let convert = |to: &str| {
        let output = tree
            .fenkit(&[
                "convert",
                "--variant",
                "crazyhouse",
                "--dialect",
                "stockfish",
                "--to-dialect",
                to,
                "zh.fen",
            ])
            .output()
            .unwrap();
        stdout(&output)
    };
    assert_eq!(
        convert("stockfish"),
        "r1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR[QNPqp] w KQkq - 0 8\n"
    );
    assert_eq!(
        convert("lichess"),
        "r1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR/QNPqp w KQkq - 0 8\n"
    );
    assert_eq!(
        convert("essay"),
        "r1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR w KQkq - 0 8 PNQpq -\n"
    );
    let check = tree
        .fenkit(&[
            "check",
            "--variant",
            "crazyhouse",
            "--dialect",
            "stockfish",
            "zh.fen",
        ])
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(0));
}

/// `--to fen` drops the variant's state: refused unless every slot holds its default, and
/// under `--lossy` said on stderr.
#[test]
fn converting_to_standard_fen_refuses_to_drop_state() {
    let tree = Tree::empty();
    tree.write("3check.fen", THREECHECK[0].1);
    tree.write("zh.fen", CRAZYHOUSE[1].1);
    tree.write("2move.fen", TWOMOVE);
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--variant",
        "threecheck",
        "--to",
        "fen",
        "3check.fen"
    ]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--variant",
        "crazyhouse",
        "--dialect",
        "stockfish",
        "--to",
        "fen",
        "zh.fen"
    ]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--variant",
        "twomove",
        "--to",
        "fen",
        "--lossy",
        "2move.fen"
    ]));
}

#[test]
fn two_move_chess_has_only_the_essay_dialect() {
    let tree = Tree::empty();
    tree.write("2move.fen", TWOMOVE);
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--variant",
        "twomove",
        "--to-dialect",
        "lichess",
        "2move.fen"
    ]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "twomove",
        "--dialect",
        "stockfish",
        "2move.fen"
    ]));
    let output = tree
        .fenkit(&["convert", "--variant", "twomove", "2move.fen"])
        .output()
        .unwrap();
    assert_eq!(stdout(&output), TWOMOVE);
}

#[test]
fn check_threecheck_findings_in_each_dialect() {
    let tree = Tree::empty();
    tree.write(
        "essay.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 1 4\n",
    );
    tree.write(
        "stockfish.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 3-3 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    tree.write("lichess.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0\n");
    for dialect in ["essay", "stockfish", "lichess"] {
        assert_cmd_snapshot!(
            format!("check_threecheck_{dialect}"),
            tree.fenkit(&[
                "check",
                "--variant",
                "threecheck",
                "--dialect",
                dialect,
                &format!("{dialect}.fen")
            ])
        );
    }
    // A higher limit allows more checks.
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "threecheck",
        "--dialect",
        "lichess",
        "--check-limit",
        "5",
        "lichess.fen"
    ]));
}

#[test]
fn check_crazyhouse_findings_in_each_dialect() {
    let tree = Tree::empty();
    tree.write(
        "essay.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PK -\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 qP -\n4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1 - d1,a1\n4k3/8/8/8/8/8/8/3QK3 w - - 0 1 - d1;e4\n",
    );
    tree.write(
        "stockfish.fen",
        "4k3/8/8/8/8/8/8/4K3[Pp w - - 0 1\n4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3[p] w - - 0 1\n4k3/8/8/8/8/8/8/4K~3[] w - - 0 1\n",
    );
    tree.write(
        "lichess.fen",
        "4k3/8/8/8/8/8/8/4K3/Xp w - - 0 1\n4k3/8/8/8/8/8/8/4K3/pP w - - 0 1\n",
    );
    for dialect in ["essay", "stockfish", "lichess"] {
        assert_cmd_snapshot!(
            format!("check_crazyhouse_{dialect}"),
            tree.fenkit(&[
                "check",
                "--variant",
                "crazyhouse",
                "--dialect",
                dialect,
                &format!("{dialect}.fen")
            ])
        );
    }
}

#[test]
fn check_twomove_findings() {
    let tree = Tree::empty();
    tree.write(
        "2move.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 9 3\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "--variant", "twomove", "2move.fen"]));
}

/// Variant findings take every output format, with `fixable` as `fmt` acts.
#[test]
fn check_variant_findings_as_json_and_github() {
    let tree = Tree::empty();
    tree.write(
        "zh.fen",
        "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3[p] w - - 0 1\n4k3/8/8/8/8/8/8/4K~3[qP] w - - 0 1\n",
    );
    let args = |format: &'static str| {
        [
            "check",
            "--variant",
            "crazyhouse",
            "--dialect",
            "stockfish",
            "--output-format",
            format,
            "zh.fen",
        ]
    };
    assert_cmd_snapshot!(tree.fenkit(&args("json")));
    assert_cmd_snapshot!(tree.fenkit(&args("github")));
}

/// `fmt` writes the dialect it reads: fixable findings are fixed, spellings made canonical,
/// and a second run finds nothing to do.
#[test]
fn fmt_writes_the_dialect_it_reads() {
    let tree = Tree::empty();
    let cases = [
        (
            "threecheck",
            "essay",
            "# keep me\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3  w - - 0 1 1 0\n",
        ),
        (
            "threecheck",
            "stockfish",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1\n",
        ),
        (
            "threecheck",
            "lichess",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w Q - 0 1 +1+0\n",
        ),
        (
            "crazyhouse",
            "essay",
            "4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1 qP d1,a1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        ),
        (
            "crazyhouse",
            "stockfish",
            "4k3/8/8/8/8/8/8/4K~3[] w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3[pNP] w - - 0 1\n",
        ),
        (
            "crazyhouse",
            "lichess",
            "4k3/8/8/8/8/8/8/4K~3/ w - - 0 1\n4k3/8/8/8/8/8/8/4K3/pNP w - - 0 1\n",
        ),
        (
            "twomove",
            "essay",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 9\n4k3/8/8/8/8/8/8/4K3 b - - 0 9 2\n",
        ),
    ];
    for (variant, dialect, text) in cases {
        let name = format!("{variant}-{dialect}.fen");
        tree.write(&name, text);
        let args = [
            "fmt",
            "--variant",
            variant,
            "--dialect",
            dialect,
            name.as_str(),
        ];
        assert_cmd_snapshot!(format!("fmt_{variant}_{dialect}"), tree.fenkit(&args));
        insta::assert_snapshot!(
            format!("fmt_{variant}_{dialect}_file"),
            String::from_utf8(tree.read(&name)).unwrap()
        );
        let again = tree.fenkit(&args).output().unwrap();
        assert_eq!(again.status.code(), Some(0));
        assert_eq!(
            String::from_utf8(again.stderr).unwrap(),
            "0 files reformatted, 1 file already formatted\n",
            "{variant} {dialect}: fmt is idempotent"
        );
    }
}

/// `fmt --to-dialect` rewrites a file into another dialect; an error is left as written.
#[test]
fn fmt_to_another_dialect() {
    let tree = Tree::empty();
    tree.write(
        "zh.fen",
        "2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40\n4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3[p] w - - 0 1\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&[
        "fmt",
        "--variant",
        "crazyhouse",
        "--dialect",
        "stockfish",
        "--to-dialect",
        "essay",
        "zh.fen"
    ]));
    assert_eq!(
        String::from_utf8(tree.read("zh.fen")).unwrap(),
        "2R1k3/8/8/8/8/8/8/4K3 b - - 0 40 Pnn c8\n4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3[p] w - - 0 1\n"
    );
}

#[test]
fn show_draws_pockets_promoted_pieces_and_counters() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--variant",
        "crazyhouse",
        "--dialect",
        "stockfish",
        "2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40"
    ]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--variant",
        "threecheck",
        "--dialect",
        "lichess",
        "4k3/8/8/8/8/8/8/4K2R b K - 3 20 +2+1"
    ]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--variant",
        "twomove",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 2"
    ]));
    // An error-severity finding refuses the position, as for DFEN.
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--variant",
        "crazyhouse",
        "--dialect",
        "stockfish",
        "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3[p] w - - 0 1"
    ]));
}

/// Positions that differ only in their clocks, or in the order a pocket is written, are the
/// same position.
#[test]
fn dedupe_uses_the_variant_identity() {
    let tree = Tree::empty();
    tree.write(
        "a.fen",
        "r1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR[QNPqp] w KQkq - 0 8\n2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40\n",
    );
    tree.write(
        "b.fen",
        "r1b1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KBNR[PNQpq] w KQkq - 5 30\n2R1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40\n",
    );
    let args = [
        "dedupe",
        "--variant",
        "crazyhouse",
        "--dialect",
        "stockfish",
        "a.fen",
        "b.fen",
    ];
    assert_cmd_snapshot!(tree.fenkit(&args));
    tree.write("3check.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0\n4k3/8/8/8/8/8/8/4K3 w - - 7 9 +1+0\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+1\n");
    assert_cmd_snapshot!(tree.fenkit(&[
        "dedupe",
        "--variant",
        "threecheck",
        "--dialect",
        "lichess",
        "3check.fen"
    ]));
}

#[test]
fn diff_compares_slot_by_slot() {
    let tree = Tree::empty();
    let old = "2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40";
    let new = "2R1k3/8/8/8/8/8/8/4K3[PPnn] b - - 0 40";
    let args = |format: &'static str| {
        [
            "diff",
            "--variant",
            "crazyhouse",
            "--dialect",
            "stockfish",
            "--output-format",
            format,
            old,
            new,
        ]
    };
    assert_cmd_snapshot!(tree.fenkit(&args("human")));
    assert_cmd_snapshot!(tree.fenkit(&args("json")));
    tree.write(
        "a.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 +1+2\n",
    );
    tree.write(
        "b.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0\n4k3/8/8/8/8/8/8/4K3 b - - 0 1 +1+2\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "--variant",
        "threecheck",
        "--dialect",
        "lichess",
        "a.fen",
        "b.fen"
    ]));
    // The same pocket written in two orders is no difference.
    assert_cmd_snapshot!(tree.fenkit(&[
        "diff",
        "--variant",
        "crazyhouse",
        "--dialect",
        "stockfish",
        "4k3/8/8/8/8/8/8/4K3[QNPqp] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[PNQpq] w - - 0 1"
    ]));
}

#[test]
fn parse_answers_in_the_dialect_read() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["parse", "--variant", "threecheck", "--dialect", "lichess"])
            .pass_stdin("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0\n")
    );
    assert_cmd_snapshot!(
        tree.fenkit(&[
            "parse",
            "--batch",
            "--variant",
            "crazyhouse",
            "--dialect",
            "stockfish",
            "--to-dialect",
            "essay"
        ])
        .pass_stdin("2R~1k3/8/8/8/8/8/8/4K3[nPn] b - - 0 40\n4k3/8/8/8/8/8/8/4K3[Kp] w - - 0 1\n")
    );
}

#[test]
fn usage_errors_say_what_goes_together() {
    let tree = Tree::empty();
    tree.write("3check.fen", THREECHECK[0].1);
    tree.write("board.fen4", "4d-fen v1: K@0,0,0,0\n");
    for (name, args) in [
        (
            "dialect_without_variant",
            &["check", "--dialect", "lichess", "3check.fen"][..],
        ),
        (
            "dialect_with_dice",
            &[
                "fmt",
                "--variant",
                "dice",
                "--dialect",
                "essay",
                "3check.fen",
            ],
        ),
        (
            "twomove_lichess",
            &[
                "check",
                "--variant",
                "twomove",
                "--dialect",
                "lichess",
                "3check.fen",
            ],
        ),
        (
            "check_limit_without_threecheck",
            &[
                "check",
                "--variant",
                "crazyhouse",
                "--check-limit",
                "5",
                "3check.fen",
            ],
        ),
        (
            "profile_with_variant",
            &[
                "check",
                "--variant",
                "threecheck",
                "--profile",
                "engine",
                "3check.fen",
            ],
        ),
        (
            "variant_with_fen4",
            &[
                "check",
                "--variant",
                "threecheck",
                "3check.fen",
                "board.fen4",
            ],
        ),
        (
            "convert_to_json",
            &[
                "convert",
                "--variant",
                "threecheck",
                "--to",
                "json",
                "3check.fen",
            ],
        ),
        (
            "variant_and_notation",
            &[
                "dedupe",
                "--variant",
                "threecheck",
                "--notation",
                "dfen",
                "3check.fen",
            ],
        ),
    ] {
        assert_cmd_snapshot!(format!("usage_{name}"), tree.fenkit(args));
    }
}

/// `--variant chess` is `--notation fen` and `--variant dice` is `--notation dfen`.
#[test]
fn chess_and_dice_are_fen_and_dfen() {
    let tree = Tree::empty();
    tree.write("games.txt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let run = |args: &[&str]| {
        let output = tree.fenkit(args).output().unwrap();
        (
            output.status.code(),
            stdout(&output),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    assert_eq!(
        run(&["check", "--variant", "chess", "games.txt"]),
        run(&["check", "--notation", "fen", "games.txt"])
    );
    assert_eq!(
        run(&["check", "--variant", "dice", "games.txt"]),
        run(&["check", "--notation", "dfen", "games.txt"])
    );
    assert_eq!(
        run(&["convert", "--variant", "dice", "games.txt"]).1,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n"
    );
}

/// `[variants]` in fenkit.toml gives folders their variant and dialect, so that a plain
/// `fenkit check` (and `fmt`) reads each in its own; a bad entry points into the file.
#[test]
fn configuration_gives_folders_a_variant_and_dialect() {
    let tree = Tree::empty();
    tree.write(
        "fenkit.toml",
        "[variants]\n\"lichess/*.fen\" = { variant = \"threecheck\", dialect = \"lichess\" }\n\"zh/**\" = { variant = \"crazyhouse\", dialect = \"stockfish\" }\n",
    );
    tree.write("lichess/3check.fen", THREECHECK[2].1);
    tree.write("zh/games.fen", "2R~1k3/8/8/8/8/8/8/4K3[nPn] b - - 0 40\n");
    tree.write("plain.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    assert_cmd_snapshot!(tree.fenkit(&["check"]));
    assert_cmd_snapshot!(tree.fenkit(&["fmt"]));
    assert_eq!(
        String::from_utf8(tree.read("zh/games.fen")).unwrap(),
        "2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40\n"
    );
    // The flags win over the file.
    let output = tree
        .fenkit(&[
            "check",
            "--variant",
            "threecheck",
            "--dialect",
            "stockfish",
            "lichess/3check.fen",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    tree.write(
        "fenkit.toml",
        "[variants]\n\"2move/*.fen\" = { variant = \"twomove\", dialect = \"lichess\" }\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check"]));
}

/// A `[variants]` entry without `dialect` reads each line in its own dialect, as `--variant`
/// does (`auto`), and `fmt` writes each back in the dialect it was read in.
#[test]
fn a_configured_variant_without_a_dialect_reads_each_line_in_its_own() {
    let tree = Tree::empty();
    tree.write(
        "fenkit.toml",
        "[variants]\n\"zh/*.fen\" = { variant = \"crazyhouse\" }\n\"3c/*.fen\" = { variant = \"threecheck\" }\n",
    );
    tree.write(
        "zh/mixed.fen",
        "2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pq -\n4k3/8/8/8/8/8/8/4K3/Qp w - - 0 1\n",
    );
    tree.write(
        "3c/mixed.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 1+2 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+1\n",
    );
    let output = tree.fenkit(&["check", "."]).output().unwrap();
    assert_eq!(
        (
            output.status.code(),
            stdout(&output).as_str(),
            String::from_utf8(output.stderr).unwrap().as_str()
        ),
        (Some(0), "", "checked 2 files, 5 positions: no findings\n")
    );
    // Each line is written back in its own dialect: nothing to reformat.
    let output = tree.fenkit(&["fmt", "--check", "."]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
}

/// The check limit converts between the counts given and the counts remaining.
#[test]
fn the_check_limit_converts_given_and_remaining_checks() {
    let tree = Tree::empty();
    tree.write("5check.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0\n");
    let output = tree
        .fenkit(&[
            "convert",
            "--variant",
            "threecheck",
            "--check-limit",
            "5",
            "--dialect",
            "lichess",
            "--to-dialect",
            "stockfish",
            "5check.fen",
        ])
        .output()
        .unwrap();
    assert_eq!(
        (output.status.code(), stdout(&output).as_str()),
        (Some(0), "4k3/8/8/8/8/8/8/4K3 w - - 1+5 0 1\n")
    );
}

/// `check --duplicates` finds repeats by the variant identity too; `--ep legal` says it does
/// not apply.
#[test]
fn check_duplicates_with_a_variant() {
    let tree = Tree::empty();
    tree.write(
        "2move.fen",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 9 2\n4k3/8/8/8/8/8/8/4K3 b - - 3 12 2\n4k3/8/8/8/8/8/8/4K3 b - - 0 9 1\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "twomove",
        "--duplicates",
        "--ep",
        "legal",
        "2move.fen"
    ]));
}

/// SARIF names each variant rule by its code, with the code's own title.
#[test]
fn check_variant_findings_as_sarif() {
    let tree = Tree::empty();
    tree.write(
        "3check.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    let output = tree
        .fenkit(&[
            "check",
            "--variant",
            "threecheck",
            "--dialect",
            "lichess",
            "--output-format",
            "sarif",
            "3check.fen",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let run = &log["runs"][0];
    let rules: Vec<(&str, &str)> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rule| {
            (
                rule["id"].as_str().unwrap(),
                rule["shortDescription"]["text"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            ("DFEN230", "checks beyond the limit"),
            ("VAR101", "game already over"),
            ("DFEN112", "variant fields are missing")
        ]
    );
    let results: Vec<(&str, &str)> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|result| {
            (
                result["ruleId"].as_str().unwrap(),
                result["level"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        results,
        [
            ("DFEN230", "error"),
            ("VAR101", "warning"),
            ("DFEN112", "warning")
        ]
    );
}
