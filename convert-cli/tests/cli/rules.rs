//! `fenkit moves`, `play`, `roll`, `perft` and `turns`: the Dice Chess rules on the command line.

use std::process::{Command, Stdio};

use insta_cmd::{assert_cmd_snapshot, get_cargo_bin};

use crate::Tree;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn moves_lists_uci_in_the_stable_order() {
    // The seed's example 1: every pawn and knight move reaches L* = 3.
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", &format!("{START} PNR")]));
}

#[test]
fn moves_as_json_with_l_star() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "moves",
        "--output-format",
        "json",
        "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P"
    ]));
}

#[test]
fn moves_castling_is_the_kings_move() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", "r3k2r/8/8/8/8/8/P7/4K2R w Kkq - 0 1 PRK"]));
}

#[test]
fn moves_pass_is_empty_stdout_and_exit_0() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQQ"]));
}

#[test]
fn moves_engine_profile_reads_dice_of_either_case() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "moves",
        "--profile",
        "engine",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 PKK"
    ]));
}

#[test]
fn moves_without_dice_says_roll_first() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", START]));
}

#[test]
fn moves_rejected_position() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", "8/8/8/8/8/8/8/8 w - - 0 1 PPPP"]));
}

#[test]
fn play_prints_every_phase_of_the_seed_turn() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "play",
        &format!("{START} -"),
        "PPP",
        "a2a4",
        "c2c4",
        "e2e4",
        "pn",
        "b8c6",
        "d7d5"
    ]));
}

#[test]
fn play_rejects_an_illegal_move_and_lists_the_legal_ones() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "play",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK",
        "e1d1",
        "e2e5"
    ]));
}

#[test]
fn play_pass_and_king_capture() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "play",
        "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 QQQ",
        "0000",
        "q",
        "0000",
        "P",
        "e7d8",
        "e1e2"
    ]));
}

#[test]
fn play_bad_move_syntax() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["play", &format!("{START} P"), "e2-e4"]));
}

#[test]
fn roll_sets_the_dice_of_a_fresh_turn() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", &format!("{START} -"), "1", "4", "2"]));
}

#[test]
fn roll_refuses_a_second_roll() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", &format!("{START} PN"), "Q"]));
}

#[test]
fn roll_rejects_a_bad_die() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", START, "PNX"]));
}

#[test]
fn perft_standard_total() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "3", START]));
}

#[test]
fn perft_standard_divide() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "2",
        "--standard",
        "--divide",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    ]));
}

#[test]
fn perft_die_divide() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "2", "--die", "N", "--divide", START]));
}

#[test]
fn perft_roll_divide() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "1",
        "--roll",
        "1 1",
        "--divide",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    ]));
}

#[test]
fn perft_modes_exclude_each_other() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "1",
        "--standard",
        "--die",
        "1",
        START
    ]));
}

#[test]
fn perft_die_takes_one_die() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "1", "--die", "12", START]));
}

#[test]
fn perft_unique_with_legal_en_passant() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["perft", "--depth", "3", "--unique", "--ep", "legal", START])
    );
}

#[test]
fn perft_unique_over_full_turns() {
    // Knights b1 and g1, roll N N: 53 sequences reach 33 distinct positions (see the library
    // test for the count by hand).
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "1",
        "--roll",
        "NN",
        "--unique",
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"
    ]));
}

#[test]
fn moves_reads_the_position_from_standard_input() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["moves", "-"])
            .pass_stdin("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK\n")
    );
}

#[test]
fn play_reads_the_position_from_standard_input() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["play", "-", "e2e4", "e1d1"])
            .pass_stdin("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK\r\n")
    );
}

#[test]
fn roll_reads_the_position_from_standard_input() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["roll", "-", "QK"])
            .pass_stdin(format!("{START}\n"))
    );
}

#[test]
fn perft_reads_the_position_from_standard_input() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["perft", "--depth", "3", "-"])
            .pass_stdin(format!("{START}\n"))
    );
}

#[test]
fn position_on_standard_input_is_checked_like_an_argument() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["perft", "--depth", "1", "-"])
            .pass_stdin("8/8/8/8/8/8/8/8 x - - 0 1\n")
    );
}

#[test]
fn standard_input_over_the_limit_is_refused_with_exit_2() {
    // The limit of `show -`: 1 MiB. One byte more is refused, not cut short.
    let tree = Tree::empty();
    for args in [
        &["moves", "-"][..],
        &["play", "-", "e2e4"],
        &["roll", "-", "P"],
        &["perft", "--depth", "1", "-"],
        &["show", "-"],
    ] {
        let output = crate::output_with_stdin(&mut tree.fenkit(args), vec![b' '; (1 << 20) + 1]);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr,
            "error: cannot read standard input: input is larger than the limit of 1048576 bytes\n",
            "{args:?}"
        );
    }
}

#[test]
fn roll_dice_over_several_arguments_are_at_most_three() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", START, "PN", "BR"]));
}

#[test]
fn roll_digit_out_of_range_is_a_usage_error() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", START, "1", "9"]));
}

#[test]
fn perft_die_out_of_range_is_a_usage_error() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "1", "--die", "9", START]));
}

#[test]
fn perft_die_reads_a_letter_of_either_case_or_a_digit() {
    let tree = Tree::empty();
    let count = |die: &str| {
        let output = tree
            .fenkit(&["perft", "--depth", "2", "--die", die, START])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "--die {die}");
        String::from_utf8(output.stdout).unwrap()
    };
    // White knights only, white moving twice. By hand: Na3 leaves a3 with b1, b5, c4 and g1
    // with f3, h3 (5); Nc3 leaves c3 with b1, a4, b5, d5, e4 and g1 with 2 (7); Nf3 and Nh3
    // mirror these. 5 + 7 + 7 + 5 = 24.
    assert_eq!(count("N"), "24\n");
    assert_eq!(count("n"), "24\n");
    assert_eq!(count("2"), "24\n");
}

#[test]
fn perft_roll_of_four_dice_is_a_usage_error() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "1", "--roll", "PPPP", START]));
}

#[test]
fn perft_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["perft", "--help"]));
}

#[test]
fn moves_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["moves", "--help"]));
}

#[test]
fn play_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["play", "--help"]));
}

#[test]
fn roll_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["roll", "--help"]));
}

/// The lines under `Examples:` of `fenkit NAME --help`, up to the first blank line.
fn help_examples(tree: &Tree, name: &str) -> Vec<String> {
    let output = tree.fenkit(&[name, "--help"]).output().unwrap();
    assert!(output.status.success(), "{name} --help failed");
    let text = String::from_utf8(output.stdout).unwrap();
    let (_, examples) = text
        .split_once("\nExamples:\n")
        .unwrap_or_else(|| panic!("{name} --help has no examples:\n{text}"));
    examples
        .lines()
        .take_while(|line| !line.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn help_examples_fit_on_one_line_and_run() {
    let tree = Tree::empty();
    let bin = get_cargo_bin("fenkit");
    let bin_dir = bin.parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut ran = 0;
    for name in ["show", "moves", "play", "roll", "perft", "turns"] {
        for line in help_examples(&tree, name) {
            let Some(example) = line.strip_prefix("  ") else {
                panic!("{name} --help: example line `{line}` is not indented");
            };
            assert!(
                line.len() <= 100,
                "{name} --help: `{line}` is wider than 100 columns"
            );
            // Every example here is self-contained: `fenkit …` with the position in its
            // arguments, or `echo '…' | fenkit … -` that brings its own standard input; none
            // names a file, so none is skipped. The tail of a command clap wrapped onto a line
            // of its own (at 100 columns) is neither, and its head fails with exit 2.
            assert!(
                example.starts_with("fenkit ")
                    || (example.starts_with("echo ") && example.contains("| fenkit ")),
                "{name} --help: `{example}` is neither `fenkit …` nor `echo … | fenkit …` \
                 (a command split across lines?)"
            );
            let output = Command::new("sh")
                .arg("-c")
                .arg(example)
                .env("PATH", &path)
                .current_dir(tree.path(""))
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let code = output.status.code();
            assert!(
                matches!(code, Some(0 | 1)),
                "{name} --help example `{example}` exited with {code:?}:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 15, "only {ran} examples ran");
}

// ---- Positions with error findings, codes of every rules error, JSON -------------------------

/// Exit status, stdout and stderr of `fenkit ARGS…`, for snapshots of several runs at once.
fn transcript(tree: &Tree, args: &[&str]) -> String {
    written(args, &tree.fenkit(args).output().unwrap())
}

/// The command line (arguments with spaces quoted), exit status, stdout and stderr of a run.
fn written(args: &[&str], output: &std::process::Output) -> String {
    let quoted: Vec<String> = args
        .iter()
        .map(|arg| {
            if arg.contains(' ') {
                format!("'{arg}'")
            } else {
                (*arg).to_owned()
            }
        })
        .collect();
    format!(
        "$ fenkit {}\nexit: {:?}\n--- stdout\n{}--- stderr\n{}",
        quoted.join(" "),
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn every_rules_command_refuses_a_position_with_error_findings() {
    // DFEN204: one own en-passant target (a3, a double push already played) and three dice
    // left make four micro-moves in one turn. `check` reports it as an error; so do these, and
    // they stop with exit status 1.
    let tree = Tree::empty();
    let position = "4k3/8/8/8/P7/8/8/4K3 w - a3 0 1 KRR";
    let fresh = "4k3/8/8/8/P7/8/8/4K3 b - a3c3e3d3 0 1";
    let runs = [
        transcript(&tree, &["moves", position]),
        transcript(&tree, &["play", position, "e1e2"]),
        transcript(&tree, &["perft", "--depth", "1", position]),
        transcript(&tree, &["roll", fresh, "P"]),
        transcript(&tree, &["show", position]),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn allow_errors_goes_on_and_still_prints_the_errors() {
    let tree = Tree::empty();
    let position = "4k3/8/8/8/P7/8/8/4K3 w - a3 0 1 KRR";
    let runs = [
        transcript(&tree, &["moves", "--allow-errors", position]),
        transcript(&tree, &["play", "--allow-errors", position, "e1e2"]),
        transcript(
            &tree,
            &["perft", "--allow-errors", "--depth", "1", position],
        ),
        transcript(
            &tree,
            &[
                "roll",
                "--allow-errors",
                "4k3/8/8/8/P7/8/8/4K3 b - a3c3e3d3 0 1",
                "p",
            ],
        ),
        transcript(&tree, &["show", "--allow-errors", position]),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn pawns_on_the_back_ranks_are_errors_not_warnings() {
    // DFEN201 and DFEN203, both errors in `fenkit check`.
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", "4k2P/8/8/8/PPPP4/8/8/4K3 b - a3b3c3d3 0 1 ppp"]));
}

#[test]
fn moves_and_play_agree_that_the_game_is_over_after_a_king_capture() {
    let tree = Tree::empty();
    let runs = [
        // The queen takes the king with the first die; the next step is refused.
        transcript(
            &tree,
            &[
                "play",
                "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1 QKK",
                "e7e8",
                "e1e2",
            ],
        ),
        // The position that play printed, with dice written in: no turn to pass.
        transcript(&tree, &["moves", "4Q3/8/8/8/8/8/8/4K3 b - - 0 1 k"]),
        transcript(&tree, &["play", "4Q3/8/8/8/8/8/8/4K3 b - - 0 1 k", "0000"]),
        transcript(&tree, &["roll", "4Q3/8/8/8/8/8/8/4K3 b - - 0 1 -", "k"]),
        transcript(
            &tree,
            &[
                "perft",
                "--depth",
                "1",
                "--roll",
                "k",
                "4Q3/8/8/8/8/8/8/4K3 b - - 0 1 -",
            ],
        ),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn bad_bytes_on_standard_input_are_fenkit001_as_in_parse() {
    let tree = Tree::empty();
    let mut runs = Vec::new();
    for args in [
        &["moves", "-"][..],
        &["moves", "--output-format", "json", "-"],
        &["play", "-", "e2e4"],
        &["roll", "-", "P"],
        &["perft", "--depth", "1", "-"],
        &["show", "-"],
    ] {
        let output = crate::output_with_stdin(
            &mut tree.fenkit(args),
            b"4k3/8/8/8/8/8/8/4K3 w\xff".to_vec(),
        );
        runs.push(written(args, &output));
    }
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn moves_json_reports_errors_as_json_on_stdout() {
    let tree = Tree::empty();
    let json = |position: &str| transcript(&tree, &["moves", "--output-format", "json", position]);
    let runs = [
        json("garbage"),
        json(START),
        json("4k3/8/8/8/P7/8/8/4K3 w - a3 0 1 KRR"),
        json("4Q3/8/8/8/8/8/8/4K3 b - - 0 1 k"),
        transcript(
            &tree,
            &[
                "moves",
                "--output-format",
                "json",
                "--allow-errors",
                "4k3/8/8/8/P7/8/8/4K3 w - a3 0 1 KRR",
            ],
        ),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn moves_json_is_the_documented_shape() {
    // Black to move, a promotion and a double push: `die` is the upper-case letter for either
    // side, `promotion` is left out unless the move promotes, nothing is null.
    let tree = Tree::empty();
    let output = tree
        .fenkit(&[
            "moves",
            "--output-format",
            "json",
            "4k3/6p1/8/8/8/8/3p4/4K3 b - - 0 1 p",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let keys: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys.len(), 5, "{doc}");
    for key in ["ok", "position", "l_star", "moves", "findings"] {
        assert!(doc.get(key).is_some(), "no {key} in {doc}");
    }
    assert_eq!(doc["l_star"], 1);
    let uci: Vec<&str> = doc["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    // d2 promotes on d1 (four ways) or takes the king on e1 without promoting; g7 pushes one
    // or two squares. Ordered by from-square (d2 before g7), then to-square (g5 before g6).
    assert_eq!(
        uci,
        ["d2d1q", "d2d1r", "d2d1b", "d2d1n", "d2e1", "g7g5", "g7g6"]
    );
    for mv in doc["moves"].as_array().unwrap() {
        assert_eq!(mv["die"], "P", "{mv}");
        let promotes = mv["uci"].as_str().unwrap().len() == 5;
        assert_eq!(mv.get("promotion").is_some(), promotes, "{mv}");
        assert!(
            mv.as_object().unwrap().values().all(|v| !v.is_null()),
            "{mv}"
        );
    }
}

#[test]
fn every_rules_code_in_the_spec_table_has_an_example_that_gives_it() {
    // spec/rules.md section 7: each row names a code and a `fenkit …` command that must fail
    // with exactly that code.
    let spec = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/rules.md"),
    )
    .unwrap();
    let (_, section) = spec.split_once("## 7. Error codes").unwrap();
    let section = section.split("\n## ").next().unwrap();
    let tree = Tree::empty();
    let mut codes = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| `RULE")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let code = cells[0].trim_start_matches("| ").trim_matches('`');
        let example = cells
            .last()
            .unwrap()
            .trim_end_matches(" |")
            .trim_matches('`');
        let example = example
            .strip_prefix("fenkit ")
            .unwrap_or_else(|| panic!("{code}: `{example}` is not a fenkit command"));
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("\"$FENKIT\" {example}"))
            .env("FENKIT", get_cargo_bin("fenkit"))
            .current_dir(tree.path(""))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(1 | 2)),
            "{code}: `{example}` exited with {:?}",
            output.status.code()
        );
        assert!(
            stderr.contains(&format!("{code}: ")),
            "{code}: `{example}` said {stderr}"
        );
        codes.push(code.to_owned());
    }
    let expected: Vec<String> = (1..=7).map(|n| format!("RULE{n:03}")).collect();
    assert_eq!(codes, expected);
}

// ---- A finished game, rolls in `play`, what perft refuses, one position on stdin ------------

#[test]
fn a_finished_game_is_rule007_before_its_findings() {
    // The pawn takes the king on d8 and stays a pawn there: `play` prints a position that
    // carries DFEN201 and has no Black king. Every command that plays on says RULE007 (the game
    // is over), not DFEN201 with a note that sends to --allow-errors; those that take the board
    // as it is judge its findings as usual.
    let tree = Tree::empty();
    let over = "3P4/8/8/8/8/8/8/4K3 b - - 0 1 -";
    let rolled = "3P4/8/8/8/8/8/8/4K3 b - - 0 1 p";
    let runs = [
        transcript(
            &tree,
            &["play", "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P", "e7d8"],
        ),
        transcript(&tree, &["moves", rolled]),
        transcript(&tree, &["moves", "--allow-errors", rolled]),
        transcript(&tree, &["moves", "--output-format", "json", rolled]),
        transcript(&tree, &["roll", over, "1"]),
        transcript(&tree, &["play", rolled, "0000"]),
        transcript(&tree, &["perft", "--depth", "1", "--roll", "p", over]),
        transcript(&tree, &["perft", "--depth", "1", over]),
        transcript(&tree, &["perft", "--depth", "1", "--allow-errors", over]),
        transcript(&tree, &["show", over]),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn play_roll_of_more_than_three_dice_is_rule003() {
    // A MOVE made only of dice letters is a roll (a UCI move always has digits), so four or
    // more are a bad roll, as `play --help` says, not a move of bad syntax.
    let tree = Tree::empty();
    let fresh = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let runs = [
        transcript(&tree, &["play", fresh, "PNBR"]),
        transcript(&tree, &["play", fresh, "KKKK"]),
        transcript(&tree, &["play", fresh, "PPPPPP"]),
        transcript(&tree, &["play", fresh, "kk", "e1e2", "e2e3", "pnbrq"]),
        // Letters that are not all dice stay a move of bad syntax.
        transcript(&tree, &["play", fresh, "PNX"]),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn perft_counts_a_board_without_a_king_but_refuses_error_findings() {
    // `perft --help`: every mode refuses an error finding (two White kings: DFEN202);
    // --standard and --die count a position without a king; --roll refuses it (RULE007).
    let tree = Tree::empty();
    let two_kings = "4k3/8/8/8/8/8/8/3KK3 w - - 0 1 K";
    let kingless = "4Q3/8/8/8/8/8/8/4K3 w - - 0 1";
    let runs = [
        transcript(&tree, &["perft", "--depth", "1", two_kings]),
        transcript(&tree, &["perft", "--depth", "1", "--die", "K", two_kings]),
        transcript(&tree, &["perft", "--depth", "1", "--standard", kingless]),
        transcript(&tree, &["perft", "--depth", "1", "--die", "Q", kingless]),
        transcript(&tree, &["perft", "--depth", "1", "--roll", "Q", kingless]),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn standard_input_holds_exactly_one_position() {
    // Read as `fenkit check` reads a file: BOM, blank lines and comments aside, CRLF allowed;
    // anything but one position is FENKIT006.
    let tree = Tree::empty();
    let two = b"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 K\n";
    let many = b"# positions\n8/8/8/8/8/8/8/8 w - - 0 1\n\n8/8/8/8/8/8/8/8 w - - 0 1\nx\ny\nz\n";
    let commented = b"\xEF\xBB\xBF# the position\n\n4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P\r\n\n";
    let bom_then_bad = b"\xEF\xBB\xBF# x\n4k3/8/8/8/8/8/8/4K3 w\xff\n";
    let fen4 = b"4d-fen v1: K@0,0,0,0;\n    k@7,7,0,0\n";
    let cases: [(&[&str], &[u8]); 14] = [
        (&["moves", "-"], two),
        (&["moves", "--output-format", "json", "-"], two),
        (&["play", "-", "e2e4"], two),
        (&["roll", "-", "P"], two),
        (&["perft", "--depth", "1", "-"], two),
        (&["show", "-"], two),
        (&["moves", "-"], many),
        (&["moves", "-"], b""),
        (
            &["moves", "--output-format", "json", "-"],
            b"# nothing here\n\n",
        ),
        (&["moves", "-"], commented),
        (&["moves", "--output-format", "json", "-"], commented),
        (
            &["roll", "-", "N"],
            b"\xEF\xBB\xBF4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        ),
        (&["moves", "--output-format", "json", "-"], bom_then_bad),
        (&["show", "-"], fen4),
    ];
    let mut runs = Vec::new();
    for (args, stdin) in cases {
        let output = crate::output_with_stdin(&mut tree.fenkit(args), stdin.to_vec());
        runs.push(format!(
            "stdin: {}\n{}",
            stdin.escape_ascii(),
            written(args, &output)
        ));
    }
    insta::assert_snapshot!(runs.join("\n"));
}

// ---- The reference engine's perft suite, complete turns, the two king-capture readings -----

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// stdout of a `fenkit` run that must succeed.
#[track_caller]
fn stdout_of(tree: &Tree, args: &[&str]) -> String {
    let output = tree.fenkit(args).output().unwrap();
    assert!(
        output.status.success(),
        "fenkit {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn perft_alternate_reproduces_the_reference_suite() {
    // The 14 cases of the reference engine's perft_suite.json: position, die, depth, nodes.
    let suite = [
        (START, "1", "1", 16),
        (START, "2", "1", 4),
        (START, "3", "1", 0),
        (START, "4", "1", 0),
        (START, "5", "1", 0),
        (START, "6", "1", 0),
        (START, "2", "2", 16),
        (KIWIPETE, "1", "1", 8),
        (KIWIPETE, "2", "1", 11),
        (KIWIPETE, "3", "1", 11),
        (KIWIPETE, "4", "1", 5),
        (KIWIPETE, "5", "1", 9),
        (KIWIPETE, "6", "1", 4),
        (KIWIPETE, "1", "2", 63),
    ];
    let tree = Tree::empty();
    for (fen, die, depth, nodes) in suite {
        let args = ["perft", "--die", die, "--alternate", "--depth", depth, fen];
        assert_eq!(stdout_of(&tree, &args), format!("{nodes}\n"), "{args:?}");
        let divide = stdout_of(&tree, &[&args[..], &["--divide"]].concat());
        let total = nodes.to_string();
        assert_eq!(divide.lines().last(), Some(total.as_str()), "{args:?}");
    }
}

#[test]
fn perft_alternate_divide_castles_with_the_king_die() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "1",
        "--die",
        "K",
        "--alternate",
        "--divide",
        KIWIPETE
    ]));
}

#[test]
fn perft_alternate_needs_a_die_and_king_capture_needs_a_roll() {
    let tree = Tree::empty();
    insta::assert_snapshot!(transcript(
        &tree,
        &["perft", "--depth", "1", "--alternate", START]
    ));
    insta::assert_snapshot!(transcript(
        &tree,
        &["perft", "--depth", "1", "--king-capture", "any", START]
    ));
}

#[test]
fn perft_roll_counts_more_turns_under_king_capture_any() {
    // The bishop case of the library tests: 69 turns under `first`; `any` adds e8=Q, e8=R and
    // e8=B, each followed by the bishop taking the king on h8.
    let tree = Tree::empty();
    let fen = "7k/4P3/8/8/8/8/8/B3K3 w - - 0 1";
    let count = |reading: &str| {
        stdout_of(
            &tree,
            &[
                "perft",
                "--depth",
                "1",
                "--roll",
                "PNB",
                "--king-capture",
                reading,
                fen,
            ],
        )
    };
    assert_eq!(count("first"), "69\n");
    assert_eq!(count("any"), "72\n");
}

#[test]
fn moves_under_king_capture_any() {
    let tree = Tree::empty();
    let fen = "8/2B1P1B1/3B1k2/8/8/7N/P7/RB5K w - - 0 1 PNR";
    insta::assert_snapshot!(transcript(&tree, &["moves", fen]));
    insta::assert_snapshot!(transcript(&tree, &["moves", "--king-capture", "any", fen]));
}

#[test]
fn play_e8q_then_the_queen_takes_the_king_only_under_any() {
    // The example: legal for the reference's turn generator, refused by the formal
    // reading; under `any` the turn must then go on to the king.
    let tree = Tree::empty();
    let fen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ";
    insta::assert_snapshot!(transcript(&tree, &["play", fen, "e7e8q", "a1h8"]));
    insta::assert_snapshot!(transcript(
        &tree,
        &["play", "--king-capture", "any", fen, "e7e8q", "a1h8"]
    ));
    insta::assert_snapshot!(transcript(
        &tree,
        &["play", "--king-capture", "any", fen, "e7e8q", "a1a2"]
    ));
}

#[test]
fn turns_lists_each_turn_with_the_position_after_it() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["turns", "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 PK"]));
}

#[test]
fn turns_of_a_pass_is_the_empty_turn() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["turns", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQ"]));
}

#[test]
fn turns_count() {
    let tree = Tree::empty();
    insta::assert_snapshot!(transcript(
        &tree,
        &["turns", "--count", "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 PK"]
    ));
    insta::assert_snapshot!(transcript(
        &tree,
        &["turns", "--count", &format!("{START} PNR")]
    ));
}

#[test]
fn turns_as_a_json_tree() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "turns",
        "--output-format",
        "json",
        "3k4/8/4P3/8/8/8/8/K7 w - - 0 1 PP"
    ]));
}

#[test]
fn turns_json_of_a_pass_and_of_errors() {
    let tree = Tree::empty();
    insta::assert_snapshot!(transcript(
        &tree,
        &[
            "turns",
            "--output-format",
            "json",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Q"
        ]
    ));
    insta::assert_snapshot!(transcript(
        &tree,
        &["turns", "--output-format", "json", START]
    ));
    insta::assert_snapshot!(transcript(
        &tree,
        &["turns", "8/8/8/8/8/8/8/4K3 w - - 0 1 P"]
    ));
}

#[test]
fn turns_under_king_capture_any() {
    let tree = Tree::empty();
    let fen = "7k/4P3/8/8/8/8/8/B3K3 w - - 0 1 PNB";
    insta::assert_snapshot!(transcript(&tree, &["turns", "--count", fen]));
    insta::assert_snapshot!(transcript(
        &tree,
        &["turns", "--count", "--king-capture", "any", fen]
    ));
}

#[test]
fn every_listed_turn_replays_through_play_to_its_position() {
    // Each line of `fenkit turns`, played with `fenkit play` (same reading), ends on the DFEN
    // the line lists.
    let tree = Tree::empty();
    let cases = [
        ("first", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP"),
        ("first", "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 PK"),
        ("first", "4k3/8/8/8/8/8/3PPP2/3BK2R w K - 0 1 KR"),
        ("first", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQ"),
        ("any", "7k/4P3/8/8/8/8/8/B3K3 w - - 0 1 PNB"),
        ("any", "8/2B1P1B1/3B1k2/8/8/7N/P7/RB5K w - - 0 1 PNR"),
    ];
    let mut replayed = 0;
    for (reading, fen) in cases {
        let listing = stdout_of(&tree, &["turns", "--king-capture", reading, fen]);
        for line in listing.lines() {
            let (moves, after) = line.split_once(": ").unwrap();
            let after = after.split(" (game over").next().unwrap();
            let mut args = vec!["play", "--king-capture", reading, fen];
            args.extend(moves.split(' '));
            let played = stdout_of(&tree, &args);
            assert_eq!(played.lines().last(), Some(after), "{fen}: {line}");
            replayed += 1;
        }
    }
    assert!(replayed > 150, "only {replayed} turns");
}

#[test]
fn turns_help() {
    assert_cmd_snapshot!(Tree::empty().fenkit(&["turns", "--help"]));
}
