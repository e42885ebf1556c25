//! EPD through the command line (spec/epd.md): `check` with every finding placed on its
//! operand, `--verify-perft`, notes under `-v`, `fmt`, `convert` both ways and to JSON, the
//! directory walk, and `.fen` files holding clockless positions.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// A suite with a comment of each kind, a blank line and a fault on most lines.
const SUITE: &str = "\
% Bratko-Kopec, and faults found in published suites
1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1; id \"BK.01\";
3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm d5; id \"BK.02\"

# a perft line, and clocks where the operations belong
4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66
4k3/8/8/8/8/8/8/4K3 w - - 0 1; id \"BK.01\";
r1bqk2r/ppp2ppp/2n5/4P3/2Bp2n1/5N1P/PP1N1PP1/R2Q1RK1 b kq - am Ne5; id \"CCR03\";
8/2K5/8/8/8/8/3p4/1k2N3 b - - wdl 2; bm d1=Q;
";

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn check_reports_every_operation_at_its_operand() {
    let tree = Tree::empty();
    tree.write("suite.epd", SUITE);
    assert_cmd_snapshot!(tree.fenkit(&["check", "suite.epd"]));
}

/// An opcode EPD does not define is kept as written: a note under `-v`, and nothing without.
#[test]
fn unknown_opcodes_are_notes_under_verbose() {
    let tree = Tree::empty();
    tree.write("tb.epd", "8/2K5/8/8/8/8/3p4/1k2N3 b - - wdl 2; dm -15;\n");
    let quiet = tree.fenkit(&["check", "tb.epd"]).output().unwrap();
    assert_eq!(quiet.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("EPD209"));
    let verbose = tree.fenkit(&["check", "-v", "tb.epd"]).output().unwrap();
    assert_eq!(verbose.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&verbose.stderr)
            .contains("note: tb.epd:1:31: unknown opcode: `wdl` is kept as written [EPD209]"),
        "{}",
        String::from_utf8_lossy(&verbose.stderr)
    );
}

/// Counts that python-chess and every engine agree on pass; a count one off is an error on its
/// operand that states the right number; without the flag the counts are syntax only.
#[test]
fn verify_perft_checks_each_count_at_its_operand() {
    let tree = Tree::empty();
    let good = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;D3 8902 ;D4 197281
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D1 14 ;D2 191 ;D3 2812
";
    tree.write("perft.epd", good);
    let output = tree
        .fenkit(&["check", "--verify-perft", "3", "perft.epd"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    tree.write("corrupt.epd", good.replace(";D2 2039 ", ";D2 2038 "));
    assert_cmd_snapshot!(tree.fenkit(&["check", "--quiet", "--verify-perft", "3", "corrupt.epd"]));
    let unchecked = tree
        .fenkit(&["check", "--quiet", "corrupt.epd"])
        .output()
        .unwrap();
    assert_eq!(unchecked.status.code(), Some(0));
}

/// `fmt` writes canonical EPD and keeps every comment, blank line, line end and the missing
/// final newline; a line with an error stays as it was.
#[test]
fn fmt_writes_canonical_epd_and_keeps_everything_else() {
    let tree = Tree::empty();
    let text = "% suite\r\n4k3/8/8/8/8/8/8/4K3 w - - bm e1d2\r\n\r\n# kept\r\n4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66\r\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd3;";
    tree.write("suite.epd", text);
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--diff", "suite.epd"]));
    let output = tree.fenkit(&["fmt", "suite.epd"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(tree.read("suite.epd")).unwrap(),
        "% suite\r\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\r\n\r\n# kept\r\n4k3/8/8/8/8/8/8/4K2R w K - D1 15; D2 66;\r\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd3;"
    );
}

#[test]
fn convert_epd_to_fen_takes_the_clocks_from_hmvc_and_fmvn() {
    let tree = Tree::empty();
    tree.write(
        "suite.epd",
        "% clocks\n4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 30; bm Kd2;\n4k3/8/8/8/8/8/8/4K3 b - - id \"x\";\n",
    );
    let output = tree
        .fenkit(&["convert", "--to", "fen", "--lossy", "suite.epd"])
        .output()
        .unwrap();
    assert_eq!(
        stdout(&output),
        "# % clocks\n4k3/8/8/8/8/8/8/4K3 w - - 7 30\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n"
    );
}

/// An EPD line's operations are part of its record: converted to FEN or DFEN, a line with
/// operations other than the clocks is refused (FENKIT013) unless `--lossy`, which says what
/// it dropped; a line with only the clocks converts whole.
#[test]
fn convert_epd_to_fen_refuses_to_drop_operations_unless_lossy() {
    let tree = Tree::empty();
    tree.write(
        "suite.epd",
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 30; bm Kd2;\n4k3/8/8/8/8/8/8/4K3 b - - hmvc 2;\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen", "suite.epd"]));
    assert_cmd_snapshot!(
        "convert_epd_to_dfen_lossy",
        tree.fenkit(&["convert", "--to", "dfen", "--lossy", "suite.epd"])
    );
}

#[test]
fn convert_fen_to_epd_writes_clocks_only_when_not_0_1() {
    let tree = Tree::empty();
    tree.write(
        "games.fen",
        "# two\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 b - - 12 40\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "epd", "games.fen"]));
    // EPD is standard chess: dice are refused unless --lossy.
    tree.write("dice.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN\n");
    assert_cmd_snapshot!(
        "convert_dfen_with_dice_to_epd",
        tree.fenkit(&["convert", "--to", "epd", "dice.dfen"])
    );
}

/// The JSON form is the FEN's with `operations` in written order, each with exactly
/// `opcode`, `operands` and, for move opcodes, `moves`; and it converts back.
#[test]
fn convert_epd_to_json_and_back() {
    let tree = Tree::empty();
    let line = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\"; c0 \"a \\\"quoted\\\" word; and more\";\n";
    tree.write("bk.epd", line);
    let output = tree
        .fenkit(&["convert", "--to", "json", "bk.epd"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        json["operations"],
        serde_json::json!([
            {"opcode": "bm", "operands": ["Qd1+"], "moves": ["d6d1"]},
            {"opcode": "id", "operands": ["BK.01"]},
            {"opcode": "c0", "operands": ["a \"quoted\" word; and more"]},
        ])
    );
    assert_eq!(json["side"], "black");
    assert_eq!(
        (json["halfmove"].as_u64(), json["fullmove"].as_u64()),
        (Some(0), Some(1))
    );
    tree.write("bk.jsonl", stdout(&output));
    let back = tree
        .fenkit(&["convert", "--from", "json", "--to", "epd", "bk.jsonl"])
        .output()
        .unwrap();
    assert_eq!(stdout(&back), line);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "json", "bk.epd"]));
}

/// A directory walk reads `*.epd`, and `--notation epd` reads any file as EPD.
#[test]
fn the_walk_reads_epd_files() {
    let tree = Tree::empty();
    tree.write(
        "suites/bk.epd",
        "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1;\n",
    );
    tree.write("suites/notes.txt", "not a position\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "suites"]));
    tree.write(
        "bk.txt",
        "% BK\n1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+;\n",
    );
    let output = tree
        .fenkit(&["check", "--notation", "epd", "bk.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// `show` draws an EPD line's position; `diff` compares two suites position by position.
#[test]
fn show_and_diff_read_epd() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "show",
        "--notation",
        "epd",
        "4k3/8/8/8/8/8/8/4K2R w K - hmvc 3; fmvn 9; bm O-O;"
    ]));
    tree.write("a.epd", "% a\n4k3/8/8/8/8/8/8/4K2R w K - bm O-O;\n");
    tree.write("b.epd", "% b\n4k3/8/8/8/8/8/8/4K2R b K - bm O-O;\n");
    assert_cmd_snapshot!(tree.fenkit(&["diff", "a.epd", "b.epd"]));
}

/// Four- and five-field positions in a `.fen` file are fixable warnings, unless the first
/// position is written without clocks (then four fields are the file's form, and only the
/// five-field line is a finding), and no help line of a `.fen` file speaks of dice
/// (spec/epd.md §10).
#[test]
fn clockless_positions_in_fen_files_are_fixable_warnings() {
    let tree = Tree::empty();
    let text = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -
4k3/8/8/8/8/8/8/4K3 w - - 12
4k3/8/8/8/8/8/8/4K3 w - - 0 1 -
4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN
4k3/8/8/8/8/8/8/4K3 w
4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;
";
    tree.write("lichess.fen", text);
    let output = tree.fenkit(&["check", "lichess.fen"]).output().unwrap();
    let report = stdout(&output);
    for help in report.lines().filter(|line| line.contains("help:")) {
        assert!(!help.contains("dice"), "{help}");
    }
    assert_cmd_snapshot!(tree.fenkit(&["check", "lichess.fen"]));
    tree.write(
        "clockless.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n",
    );
    let fixed = tree.fenkit(&["fmt", "clockless.fen"]).output().unwrap();
    assert_eq!(fixed.status.code(), Some(0), "{fixed:?}");
    assert_eq!(
        String::from_utf8(tree.read("clockless.fen")).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    );
}
