//! `--variant antichess`, `giveaway`, `atomic`, `horde`, `racingkings`, `kingofthehill` (and
//! every alias of the variants' table): FEN and EPD lines judged by `fenkit-variants`' rules,
//! the variant independent of `--notation`, the `[variants]` table, `perft --variant` and
//! perft-suite files (spec/variants.md §7–8).

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// Antichess lines: a position without kings and one with a king short (errors in standard
/// chess), a move standard chess allows but antichess does not (`am Kd1`: White must take
/// on d2), and the start with castling rights, which lichess's antichess has not.
const ANTICHESS_EPD: &str = "\
% antichess, as python-chess's suites write it
8/8/8/8/8/8/8/1n5B b - - dtz -7; wdl -2;
8/4kp2/1p1p3n/8/8/B2PP3/3P1P2/1N6 b - - bm Kd8;
4k3/8/8/8/8/8/3p4/4K3 w - - bm Kxd2; am Kd1;
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e3;
";

#[test]
fn antichess_epd_lines_are_judged_by_antichess_rules() {
    let tree = Tree::empty();
    tree.write("suicide.epd", ANTICHESS_EPD);
    // Standard chess: kings are missing, and the moves are not checked.
    assert_cmd_snapshot!(
        "antichess_epd_as_chess",
        tree.fenkit(&["check", "suicide.epd"])
    );
    assert_cmd_snapshot!(
        "antichess_epd",
        tree.fenkit(&["check", "--variant", "antichess", "suicide.epd"])
    );
}

#[test]
fn every_alias_of_the_table_names_the_variant() {
    let tree = Tree::empty();
    tree.write("suicide.epd", ANTICHESS_EPD);
    let reference = tree
        .fenkit(&["check", "--variant", "antichess", "suicide.epd"])
        .output()
        .unwrap();
    for alias in ["Antichess", "suicide", "Suicide chess", "ANTI"] {
        let output = tree
            .fenkit(&["check", "--variant", alias, "suicide.epd"])
            .output()
            .unwrap();
        assert_eq!(output.stdout, reference.stdout, "{alias}");
        assert_eq!(output.status.code(), reference.status.code(), "{alias}");
    }
    for (alias, name) in [
        ("racingKings", "racingkings"),
        ("Racing Kings", "racingkings"),
        ("kingOfTheHill", "kingofthehill"),
        ("King of the Hill", "kingofthehill"),
        ("KOTH", "kingofthehill"),
        ("Horde", "horde"),
        ("Atomic", "atomic"),
        ("Giveaway", "giveaway"),
    ] {
        let variant = variants::Variant::from_name(alias).unwrap();
        assert_eq!(variant.name(), name);
        let output = tree
            .fenkit(&["perft", "--variant", alias, "--depth", "1"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{alias}: {output:?}");
    }
}

#[test]
fn each_variant_has_its_validity_findings_in_fen_files() {
    let tree = Tree::empty();
    for (variant, lines) in [
        (
            "horde",
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n\
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ),
        (
            "racingkings",
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\n8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1\n",
        ),
        (
            "atomic",
            "8/8/8/8/8/8/r7/K1k5 b - - 0 1\n8/8/8/8/8/8/8/4K3 w - - 0 1\n",
        ),
        (
            "kingofthehill",
            "rnbq1bnr/pppppppp/8/4k3/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1\n",
        ),
        (
            "giveaway",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8/8/8/8/8/KK6 w - -\n",
        ),
    ] {
        tree.write(&format!("{variant}.fen"), lines);
        assert_cmd_snapshot!(
            format!("fen_{variant}"),
            tree.fenkit(&["check", "--variant", variant, &format!("{variant}.fen")])
        );
    }
}

#[test]
fn the_variant_combines_with_the_notation() {
    let tree = Tree::empty();
    tree.write("lines.txt", "8/8/8/8/8/8/8/1n5B b - - bm Bxb1;\n");
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "antichess",
        "--notation",
        "epd",
        "lines.txt"
    ]));
    // DFEN holds Dice Chess, which no variant's rules judge.
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "antichess",
        "--notation",
        "dfen",
        "lines.txt"
    ]));
    // Standard FEN has no dialects.
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "horde",
        "--dialect",
        "stockfish",
        "lines.txt"
    ]));
}

#[test]
fn fmt_and_convert_read_variant_lines() {
    let tree = Tree::empty();
    tree.write("anti.epd", "8/8/8/8/8/8/8/1n5B b - - dtz -7; wdl -2\n");
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--variant", "antichess", "--check", "anti.epd"]));
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--variant",
        "antichess",
        "--to",
        "fen",
        "--lossy",
        "anti.epd"
    ]));
    // A position the variant calls invalid is refused: a king in the horde.
    tree.write(
        "horde.fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&[
        "convert",
        "--variant",
        "horde",
        "--to",
        "epd",
        "horde.fen"
    ]));
}

/// `fmt --variant` applies the variant's fixable findings to FEN lines: antichess's castling
/// rights (`VAR102`), rights without their king and rook (`VAR007`) and an impossible
/// en-passant square (`VAR008`), each written as python-chess would keep it; a line with an
/// error no fix repairs is left as written, and the file is then not clean.
#[test]
fn fmt_applies_the_variants_fixable_findings() {
    let tree = Tree::empty();
    tree.write(
        "anti.fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8/8/8/8/8/R6r w - - 0 1\n",
    );
    tree.write(
        "hill.fen",
        "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1\n4k3/8/8/8/8/8/8/4K3 b - e3 0 1\n\
         k7/8/8/8/8/8/8/KK6 w - - 0 1\n",
    );
    // `check` says what `fmt` fixes.
    assert_cmd_snapshot!(tree.fenkit(&["check", "--variant", "kingofthehill", "hill.fen"]));
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--variant", "antichess", "--diff", "anti.fen"]));
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--variant", "kingofthehill", "hill.fen"]));
    assert_eq!(
        String::from_utf8(tree.read("hill.fen")).unwrap(),
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n\
         k7/8/8/8/8/8/8/KK6 w - - 0 1\n"
    );
    // Giveaway castles: its rights are no finding, and stay.
    tree.write(
        "give.fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--variant", "giveaway", "--check", "give.fen"]));
}

/// A clockless crazyhouse line (as perft suites write them) is read under the default
/// profile, with the dialect decided per line by default.
#[test]
fn a_clockless_variant_line_is_no_error() {
    let tree = Tree::empty();
    tree.write(
        "zh.fen",
        "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq -\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "--variant", "crazyhouse", "zh.fen"]));
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--variant", "crazyhouse", "--diff", "zh.fen"]));
}

/// python-chess's four antichess EPD files read without an error under `--variant antichess`
/// (issue 39's done-when check). GPL data, not committed: `FENKIT_ANTICHESS_SUITES` names a
/// folder holding them (python-chess's `data/suicide-*.epd` and
/// `examples/bratko_kopec/giveaway-puzzles.epd`).
#[test]
fn python_chess_antichess_suites_read_without_an_error_when_given() {
    let Some(dir) = std::env::var_os("FENKIT_ANTICHESS_SUITES") else {
        eprintln!(
            "SKIP: FENKIT_ANTICHESS_SUITES is not set: python-chess's antichess EPD files (GPL, \
             not committed) were not read"
        );
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let tree = Tree::empty();
    for name in [
        "suicide-stats.epd",
        "giveaway-puzzles.epd",
        "suicide-dtm.epd",
        "suicide-dtz.epd",
    ] {
        let path = dir.join(name);
        assert!(path.is_file(), "{} is missing", path.display());
        let output = tree
            .fenkit(&[
                "check",
                "--variant",
                "antichess",
                "--output-format",
                "json-lines",
                path.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let errors: Vec<&str> = stdout
            .lines()
            .filter(|line| line.contains("\"severity\":\"error\""))
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
        assert!(output.status.success(), "{name}");
    }
}

/// The repository's own perft suites (`tests/data/perft`).
fn suite(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/perft")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn perft_suites_are_checked_and_verified() {
    let tree = Tree::empty();
    tree.write("chess.perft", suite("chess.perft"));
    // Every count right, to depth 3.
    assert_cmd_snapshot!(tree.fenkit(&["check", "--verify-perft", "3", "chess.perft"]));
    // A wrong count is an error at its number; deeper counts are not verified.
    let wrong = suite("chess.perft")
        .replace("perft 2 2039", "perft 2 2040")
        .replace("perft 3 2812", "perft 3 2813");
    tree.write("wrong.perft", wrong);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--verify-perft", "2", "wrong.perft"]));
    // Lines that are not a suite's.
    tree.write(
        "broken.perft",
        "perft 1 20\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft one 20\nbestmove e4\nepd 8/8/9 w - -\nepd 4k3/8/8/8/8/8/8/4K3 w - e6\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "broken.perft"]));
}

#[test]
fn perft_suites_are_read_in_the_variant() {
    let tree = Tree::empty();
    tree.write("racingkings.perft", suite("racingkings.perft"));
    // As standard chess the counts are wrong (two first moves give check).
    assert_cmd_snapshot!(
        "racingkings_suite_as_chess",
        tree.fenkit(&["check", "--verify-perft", "2", "racingkings.perft"])
    );
    assert_cmd_snapshot!(
        "racingkings_suite",
        tree.fenkit(&[
            "check",
            "--variant",
            "racingKings",
            "--verify-perft",
            "2",
            "racingkings.perft"
        ])
    );
    // A crazyhouse suite, clockless and with pockets, through `--variant crazyhouse`.
    tree.write(
        "zh.perft",
        "id pockets\nepd 2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -\nperft 1 301\nperft 2 75353\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "crazyhouse",
        "--verify-perft",
        "2",
        "zh.perft"
    ]));
}

#[test]
fn fmt_and_convert_work_on_perft_suites() {
    let tree = Tree::empty();
    tree.write(
        "messy.perft",
        "# spaces to tidy\nid   start\nepd\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft  1   20\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--diff", "messy.perft"]));
    tree.write("chess.perft", suite("chess.perft"));
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "epd", "chess.perft"]));
}

/// A perft suite of the variant `variant` (its name on the command line), converted to EPD
/// and back, in the tree `tree` as `name`: the suite as it comes back, and the EPD between.
fn perft_round_trip(tree: &Tree, name: &str, variant: &str, flags: &[&str]) -> (String, String) {
    let run = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--variant", variant, "--quiet"]);
        all.extend(flags);
        let output = tree.fenkit(&all).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{name} ({variant}): {stderr}");
        assert!(stderr.is_empty(), "{name} ({variant}): {stderr}");
        String::from_utf8(output.stdout).unwrap()
    };
    let epd = run(&["convert", "--to", "epd", name]);
    let epd_name = format!("{name}.epd");
    tree.write(&epd_name, &epd);
    (run(&["convert", "--to", "perft", &epd_name]), epd)
}

/// Every perft suite the repository holds (`variants/tests/data/perft`, `tests/data/perft`)
/// converts to EPD and back byte for byte in its variant: three-check's remaining checks and
/// crazyhouse's pockets and promoted pieces as python-chess's EPD writes them. With
/// `FENKIT_PERFT_SUITES` (a folder of python-chess's and shakmaty's published suites, named
/// as `variants/tests/data/perft/SOURCES.md` says), those too, in Chess960 mode as both
/// projects read them, impossible positions (`tricky.perft`'s) included: a suite's case and
/// its EPD line keep them, as suites count them.
#[test]
fn perft_suites_convert_to_epd_and_back_unchanged() {
    let tree = Tree::empty();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut suites = Vec::new();
    for folder in ["variants/tests/data/perft", "tests/data/perft"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            suites.push((entry.unwrap().path(), Vec::new()));
        }
    }
    if let Some(published) = std::env::var_os("FENKIT_PERFT_SUITES") {
        for entry in std::fs::read_dir(published).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let castling = if name.contains("chess960") {
                vec!["--chess960", "--castling", "shredder"]
            } else {
                vec!["--chess960"]
            };
            suites.push((path, castling));
        }
    }
    let mut checked = 0;
    for (path, flags) in suites {
        if path.extension().is_none_or(|ext| ext != "perft") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let variant = match stem.rsplit('-').next().unwrap() {
            "3check" => "threecheck",
            "random" | "tricky" | "chess960" => "chess",
            other => other,
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let name = format!("{stem}.perft");
        tree.write(&name, &text);
        let (back, epd) = perft_round_trip(&tree, &name, variant, &flags);
        assert_eq!(back, text, "{name} ({variant}) through\n{epd}");
        checked += 1;
    }
    assert!(checked >= 11, "{checked} suites");
}

/// Three-check and crazyhouse cases in EPD: the counter after the four fields, the pocket
/// after the board (or as a ninth rank, as written), `~` marks, and clocks written as `0 1`
/// kept as `hmvc` and `fmvn`; `--to fen` refuses what it cannot hold, `--lossy` says it.
#[test]
fn threecheck_and_crazyhouse_cases_have_an_epd_form() {
    let tree = Tree::empty();
    tree.write(
        "3check.perft",
        "id two-left\nepd r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 2+1\nperft 1 26\n\nid clocks\nepd 4k3/8/8/8/8/8/8/R3K3 b Q - 3+3 4 30\nperft 1 5\n",
    );
    tree.write(
        "zh.perft",
        "id held\nepd 4k3/8/8/8/8/8/8/4K3[Nq] w - -\nperft 1 67\n\nid promoted\nepd 4k3/8/2Q~5/8/8/8/8/4K3/ b - - 0 1\nperft 1 4\n",
    );
    let (back, epd) = perft_round_trip(&tree, "3check.perft", "threecheck", &[]);
    assert_eq!(back, String::from_utf8(tree.read("3check.perft")).unwrap());
    insta::assert_snapshot!("threecheck_cases_as_epd", epd);
    let (back, epd) = perft_round_trip(&tree, "zh.perft", "crazyhouse", &[]);
    assert_eq!(back, String::from_utf8(tree.read("zh.perft")).unwrap());
    insta::assert_snapshot!("crazyhouse_cases_as_epd", epd);
    // The EPD lines check, their counts verified, in the variant.
    assert_cmd_snapshot!(
        "crazyhouse_epd_checked",
        tree.fenkit(&[
            "check",
            "--variant",
            "crazyhouse",
            "--verify-perft",
            "1",
            "zh.perft.epd"
        ])
    );
    // Standard FEN holds neither the pocket nor the counts.
    assert_cmd_snapshot!(
        "crazyhouse_case_to_fen",
        tree.fenkit(&[
            "convert",
            "--variant",
            "crazyhouse",
            "--to",
            "fen",
            "zh.perft"
        ])
    );
    assert_cmd_snapshot!(
        "crazyhouse_case_to_fen_lossy",
        tree.fenkit(&[
            "convert",
            "--variant",
            "crazyhouse",
            "--to",
            "fen",
            "--lossy",
            "zh.perft"
        ])
    );
}

/// A perft case whose position is impossible (two checkers no move can give together, as
/// python-chess's and shakmaty's `tricky.perft` keep on purpose) goes to EPD and back, since
/// suites count such positions; a target that holds the position only still refuses it.
#[test]
fn impossible_perft_cases_go_to_epd_and_back() {
    let tree = Tree::empty();
    let suite = "id two-checkers\nepd 4k3/8/8/8/8/8/8/r3K2q w - -\nperft 1 3\n";
    tree.write("impossible.perft", suite);
    let (back, epd) = perft_round_trip(&tree, "impossible.perft", "chess", &[]);
    assert_eq!(back, suite);
    assert_eq!(
        epd,
        "4k3/8/8/8/8/8/8/r3K2q w - - id \"two-checkers\"; D1 3;\n"
    );
    let output = tree
        .fenkit(&[
            "convert",
            "--to",
            "fen",
            "--lossy",
            "--variant",
            "chess",
            "impossible.perft",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("VAR011"), "{stderr}");
    assert_eq!(output.status.code(), Some(1));
}

/// A three-check or crazyhouse EPD line's findings point into the line as written: after the
/// pocket (`[Nq]`, `/Nq`), the `~` marks and the counter that `chess::epd` does not read.
#[test]
fn variant_epd_findings_point_into_the_line() {
    let tree = Tree::empty();
    tree.write(
        "zh.epd",
        "4k3/8/8/8/2Q~5/8/8/4K3[Nq] w - - bm Qc8+; am Qd8; D1 99;\n\
         4k3/8/8/8/2Q~5/8/8/4K3/Nq w - - bm Qc9;\n\
         4k3/8/8/8/8/8/8/4K3[Zq] w - - D1 5;\n",
    );
    assert_cmd_snapshot!(
        "crazyhouse_epd_findings",
        tree.fenkit(&[
            "check",
            "--variant",
            "crazyhouse",
            "--verify-perft",
            "1",
            "zh.epd"
        ])
    );
    tree.write(
        "3check.epd",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 2+1 bm O-O; D1 25;\n\
         r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 9+1 id \"beyond\";\n",
    );
    assert_cmd_snapshot!(
        "threecheck_epd_findings",
        tree.fenkit(&[
            "check",
            "--variant",
            "3check",
            "--verify-perft",
            "1",
            "3check.epd"
        ])
    );
}

/// `[variants]` (or `[variant]`) in `fenkit.toml` gives matching files their variant's rules,
/// so that a walk reads each folder in its own.
#[test]
fn the_configuration_gives_files_their_variant() {
    let tree = Tree::empty();
    tree.write(
        "fenkit.toml",
        "[variant]\n\"anti/**\" = { variant = \"antichess\" }\n\"*.perft\" = { variant = \"Racing Kings\" }\n",
    );
    tree.write("anti/suicide.epd", ANTICHESS_EPD);
    tree.write("chess/suicide.epd", ANTICHESS_EPD);
    tree.write("race.perft", suite("racingkings.perft"));
    assert_cmd_snapshot!(tree.fenkit(&["check", "--verify-perft", "2", "."]));
    // `--variant` on the command line wins over the configuration.
    assert_cmd_snapshot!(
        "configured_variant_overridden",
        tree.fenkit(&[
            "check",
            "--variant",
            "chess",
            "--verify-perft",
            "2",
            "race.perft"
        ])
    );
    // A variant whose positions are standard FEN has no dialect.
    tree.write(
        "fenkit.toml",
        "[variants]\n\"*.epd\" = { variant = \"horde\", dialect = \"stockfish\" }\n",
    );
    assert_cmd_snapshot!(
        "configured_variant_with_a_dialect",
        tree.fenkit(&["check", "chess/suicide.epd"])
    );
}

#[test]
fn perft_counts_in_each_variant() {
    let tree = Tree::empty();
    for (variant, position, depth, expected) in [
        ("racingkings", None, "2", "421\n"),
        ("horde", None, "2", "128\n"),
        ("antichess", None, "2", "400\n"),
        (
            "atomic",
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
            "2",
            "400\n",
        ),
        (
            "crazyhouse",
            Some("2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -"),
            "2",
            "75353\n",
        ),
        ("3check", None, "2", "400\n"),
    ] {
        let mut args = vec!["perft", "--variant", variant, "--depth", depth];
        args.extend(position);
        let output = tree.fenkit(&args).output().unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected,
            "{variant}"
        );
    }
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--variant",
        "kingofthehill",
        "--depth",
        "1",
        "--divide",
        "4k3/8/8/8/3K4/8/8/8 w - -"
    ]));
    // An invalid position is refused, as every perft refuses one.
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--variant",
        "horde",
        "--depth",
        "1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    ]));
    // `show` judges the position by the variant too.
    assert_cmd_snapshot!(
        "show_horde_refuses_a_king",
        tree.fenkit(&[
            "show",
            "--variant",
            "horde",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ])
    );
    // Dice Chess has no variant rules here.
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--variant", "dice", "--depth", "1"]));
}

/// python-chess's `examples/perft/*.perft` and shakmaty's `tests/*.perft`, read and verified by
/// `fenkit check --verify-perft 2` in their variant and in Chess960 mode (as both projects run
/// them): no line is unreadable and every count is right. GPL data, not committed:
/// `FENKIT_PERFT_SUITES` names a folder holding them, as for the `variants` tests
/// (`variants/tests/data/perft/SOURCES.md`); a file may be named `python-chess-atomic.perft`.
#[test]
fn the_published_perft_suites_verify_when_given() {
    let Some(dir) = std::env::var_os("FENKIT_PERFT_SUITES") else {
        eprintln!(
            "SKIP: FENKIT_PERFT_SUITES is not set: python-chess's and shakmaty's perft suites \
             (GPL, not committed) were not checked"
        );
        return;
    };
    let tree = Tree::empty();
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "perft") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let variant = match stem.rsplit('-').next().unwrap() {
            "random" | "tricky" | "chess960" => "chess",
            other => other,
        };
        let output = tree
            .fenkit(&[
                "check",
                "--variant",
                variant,
                "--chess960",
                "--verify-perft",
                "2",
                "--output-format",
                "json-lines",
                path.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        // Validity findings are the positions' own (`tricky.perft` keeps impossible checks on
        // purpose); the suite's lines and counts must all be right.
        let wrong: Vec<&str> = stdout
            .lines()
            .filter(|line| line.contains("\"code\":\"VAR2"))
            .collect();
        assert!(wrong.is_empty(), "{}: {wrong:#?}", path.display());
        assert_ne!(output.status.code(), Some(2), "{}", path.display());
        files += 1;
    }
    assert!(
        files >= 9,
        "only {files} suites in {}",
        dir.to_string_lossy()
    );
}

/// An EPD line's perft counts (`D1`, `D2`, …) are counted by the variant's rules.
#[test]
fn epd_perft_counts_are_counted_in_the_variant() {
    let tree = Tree::empty();
    // Racing kings: 21 moves at the start (standard chess counts 23, two of which give check).
    tree.write(
        "race.epd",
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - D1 21; D2 420;\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "--variant",
        "racingkings",
        "--verify-perft",
        "2",
        "race.epd"
    ]));
}

/// `convert --to epd` keeps a perft suite's cases whole: the name as `id`, each count as
/// `D<n>`; `--to perft` writes them back as they were, so the round trip is lossless. A
/// target that cannot hold them refuses the case unless `--lossy`, which says what it dropped.
#[test]
fn a_perft_suite_converts_to_epd_and_back_whole() {
    let tree = Tree::empty();
    let text = "# a suite\nid start\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 20\nperft 2 400\n\nid \"quoted\" name\nepd 4k3/8/8/8/8/8/8/4K2R w K - 3 40\nperft 1 15\n\nepd 4k3/8/8/8/8/8/8/4K3 b - -\n";
    tree.write("suite.perft", text);
    let output = tree
        .fenkit(&["convert", "--to", "epd", "suite.perft"])
        .output()
        .unwrap();
    let epd = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        (output.status.code(), epd.as_str()),
        (
            Some(0),
            "# a suite\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\"; D1 20; D2 400;\n\n4k3/8/8/8/8/8/8/4K2R w K - hmvc 3; fmvn 40; id \"\\\"quoted\\\" name\"; D1 15;\n\n4k3/8/8/8/8/8/8/4K3 b - -\n"
        )
    );
    tree.write("suite.epd", &epd);
    // The counts are the EPD's own `D<n>`: verified as an EPD file's are.
    let output = tree
        .fenkit(&["check", "--verify-perft", "2", "suite.epd"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let output = tree
        .fenkit(&["convert", "--to", "perft", "suite.epd"])
        .output()
        .unwrap();
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap()
        ),
        (Some(0), text.to_owned())
    );
    // FEN holds the position only: refused, or with --lossy dropped and said.
    assert_cmd_snapshot!(
        "perft_suite_to_fen_refused",
        tree.fenkit(&["convert", "--to", "fen", "suite.perft"])
    );
    assert_cmd_snapshot!(
        "perft_suite_to_fen_lossy",
        tree.fenkit(&["convert", "--to", "fen", "--lossy", "suite.perft"])
    );
}

/// `dedupe`, `check --duplicates` and `diff` compare positions as the variant does: castling
/// rights mean nothing in antichess, a board without kings is a position, and en passant
/// counts where the variant's own moves can take.
#[test]
fn duplicates_and_diff_follow_the_variant() {
    let tree = Tree::empty();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    tree.write(
        "anti.fen",
        format!(
            "{start} w KQkq - 0 1\n{start} w - - 0 1\n8/8/8/8/8/8/1p6/R7 w - - 0 1\n8/8/8/8/8/8/1p6/R7 w - - 5 7\n4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2\n4k3/8/8/KPp4r/8/8/8/8 w - - 0 2\n"
        ),
    );
    assert_cmd_snapshot!(
        "antichess_duplicates",
        tree.fenkit(&[
            "dedupe",
            "--variant",
            "antichess",
            "--ep",
            "legal",
            "anti.fen"
        ])
    );
    // The lines reported as repeats.
    let run = |args: &[&str]| {
        let output = tree.fenkit(args).output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<String> = stdout
            .split("warning[FENKIT020]")
            .skip(1)
            .filter_map(|repeat| repeat.split(" --> anti.fen:").nth(1))
            .filter_map(|place| place.split(':').next())
            .map(str::to_owned)
            .collect();
        (output.status.code(), lines)
    };
    // The same repeats through `check --duplicates`. As standard chess, the castling rights
    // differ, and the pinned pawn cannot take en passant, so that the last two lines are one
    // position.
    assert_eq!(
        run(&[
            "check",
            "--duplicates",
            "--variant",
            "antichess",
            "--ep",
            "legal",
            "anti.fen"
        ]),
        (Some(0), vec!["2".to_owned(), "4".to_owned()])
    );
    assert_eq!(
        run(&["check", "--duplicates", "--ep", "legal", "anti.fen"]),
        (Some(0), vec!["4".to_owned(), "6".to_owned()])
    );
    // A `[variants]` glob says the same as the flag.
    tree.write(
        "fenkit.toml",
        "[variants]\n\"anti.fen\" = { variant = \"antichess\" }\n",
    );
    assert_eq!(
        run(&["check", "--duplicates", "--ep", "legal", "anti.fen"]),
        (Some(0), vec!["2".to_owned(), "4".to_owned()])
    );
    std::fs::remove_file(tree.write("fenkit.toml", "")).unwrap();
    let diff = |args: &[&str]| tree.fenkit(args).output().unwrap().status.code();
    let (a, b) = (
        format!("{start} w KQkq - 0 1"),
        format!("{start} w - - 0 1"),
    );
    assert_eq!(diff(&["diff", "--variant", "antichess", &a, &b]), Some(0));
    assert_eq!(diff(&["diff", "--variant", "giveaway", &a, &b]), Some(1));
    assert_eq!(diff(&["diff", &a, &b]), Some(1));
    // A three-check game: a position met again after a check is another position.
    tree.write(
        "3check.pgn",
        "[Event \"a\"]\n[Variant \"Three-check\"]\n\n1. e4 d6 2. Bb5+ Bd7 3. Bf1 Bc8 4. Nf3 Nf6 5. Ng1 Ng8 *\n",
    );
    assert_cmd_snapshot!(
        "threecheck_game_repeats",
        tree.fenkit(&["dedupe", "--positions", "all", "3check.pgn"])
    );
}

/// A `.dfen` file holds Dice Chess: a walk with `--variant` reads it as DFEN, and says so
/// once, naming the flag and the file.
#[test]
fn dfen_files_in_a_walk_with_a_variant_are_dice_chess() {
    let tree = Tree::empty();
    tree.write("games/a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    tree.write("games/b.dfen", "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -\n");
    tree.write("suicide.fen", "8/8/8/8/8/8/1p6/R7 w - - 0 1\n");
    assert_cmd_snapshot!(
        "dfen_walk_with_antichess",
        tree.fenkit(&["check", "--variant", "antichess", "."])
    );
    assert_cmd_snapshot!(
        "dfen_walk_with_crazyhouse",
        tree.fenkit(&["check", "--variant", "crazyhouse", "games"])
    );
    // `--variant dice` is DFEN itself: nothing to say.
    let output = tree
        .fenkit(&["check", "--variant", "dice", "games"])
        .output()
        .unwrap();
    assert!(
        !String::from_utf8(output.stderr).unwrap().contains("note:"),
        "no note for dice"
    );
}
