//! `fmt` keeps the dialect a file is written in, decided by its first position: standard FEN
//! sniffed in a file without a notation of its own, the clockless form, FEN clocks in EPD,
//! each line's Chess960 castling spelling, a crazyhouse line without a pocket.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// A file without a notation of its own takes it from its first position, and `-v` says
/// which: six fields read as FEN are standard FEN, so `fmt` appends no dice field.
#[test]
fn a_text_file_of_standard_fen_is_read_as_fen() {
    let tree = Tree::empty();
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    tree.write("games.txt", text);
    assert_cmd_snapshot!(tree.fenkit(&["check", "-v", "--threads", "1", "games.txt"]));
    assert_eq!(
        tree.fenkit(&["fmt", "games.txt"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(0)
    );
    assert_eq!(String::from_utf8(tree.read("games.txt")).unwrap(), text);
    // Dice in the first position make it DFEN; `--notation` overrides the content.
    tree.write(
        "dice.txt",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    tree.fenkit(&["fmt", "dice.txt"]).output().unwrap();
    assert_eq!(
        String::from_utf8(tree.read("dice.txt")).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n"
    );
    tree.fenkit(&["fmt", "--notation", "dfen", "games.txt"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(tree.read("games.txt"))
            .unwrap()
            .lines()
            .all(|line| line.ends_with(" 0 1 -"))
    );
}

/// A file whose first position has no clocks is in the four-field form: `fmt` keeps its
/// clockless lines and `check` is silent on them unless `--strict`, in a `.fen` file and on
/// standard input alike; a five-field line is still a finding.
#[test]
fn a_clockless_first_position_makes_the_file_clockless() {
    let tree = Tree::empty();
    let text = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
";
    tree.write("perft.fen", text);
    let check = tree.fenkit(&["check", "perft.fen"]).output().unwrap();
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    assert!(check.stdout.is_empty(), "{check:?}");
    assert_cmd_snapshot!(tree.fenkit(&["check", "--strict", "perft.fen"]));
    tree.fenkit(&["fmt", "perft.fen"]).output().unwrap();
    assert_eq!(String::from_utf8(tree.read("perft.fen")).unwrap(), text);
    let piped = crate::output_with_stdin(&mut tree.fenkit(&["fmt", "-"]), text.as_bytes());
    assert_eq!(String::from_utf8(piped.stdout).unwrap(), text);
    let piped = crate::output_with_stdin(&mut tree.fenkit(&["check", "-"]), text.as_bytes());
    assert_eq!(piped.status.code(), Some(0), "{piped:?}");
    // The five-field line is no form of its own.
    tree.write("five.fen", format!("{text}4k3/8/8/8/8/8/8/4K3 w - - 12\n"));
    tree.fenkit(&["fmt", "five.fen"]).output().unwrap();
    assert_eq!(
        String::from_utf8(tree.read("five.fen")).unwrap(),
        format!("{text}4k3/8/8/8/8/8/8/4K3 w - - 12 1\n")
    );
}

/// An EPD file whose first line writes FEN clocks (engine opening books) keeps them: `check`
/// is silent unless `--strict` (EPD105), and `fmt` leaves such lines, while a line written
/// with `hmvc` and `fmvn` keeps its operations. Clocks written otherwise (`0  1`) are EPD105,
/// which `fmt` fixes. A file whose first line uses the operations gets EPD105 for a line with
/// FEN clocks, which `fmt` rewrites.
#[test]
fn an_epd_book_keeps_its_fen_clocks() {
    let tree = Tree::empty();
    let book = "\
% an opening book
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;
4k3/8/8/8/8/8/8/4K3 w - - 0  1
";
    tree.write("book.epd", book);
    assert_cmd_snapshot!(tree.fenkit(&["check", "book.epd"]));
    assert_cmd_snapshot!(tree.fenkit(&["check", "--strict", "book.epd"]));
    tree.fenkit(&["fmt", "book.epd"]).output().unwrap();
    assert_eq!(
        String::from_utf8(tree.read("book.epd")).unwrap(),
        book.replace(" 0  1", " hmvc 0; fmvn 1;")
    );
    let suite = "\
4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;
4k3/8/8/8/8/8/8/4K3 w - - 0 1
";
    tree.write("suite.epd", suite);
    let check = tree.fenkit(&["check", "suite.epd"]).output().unwrap();
    assert!(String::from_utf8_lossy(&check.stdout).contains("EPD105"));
    tree.fenkit(&["fmt", "suite.epd"]).output().unwrap();
    assert_eq!(
        String::from_utf8(tree.read("suite.epd")).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;\n4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;\n"
    );
}

/// `--dialect auto` reads a crazyhouse line without any pocket as the bracket form (the
/// standard FEN python-chess and Stockfish read) and writes its empty pocket as `[]`, not as
/// an essay line with two appended fields.
#[test]
fn crazyhouse_auto_writes_a_line_without_a_pocket_in_the_bracket_form() {
    let tree = Tree::empty();
    tree.write(
        "zh.fen",
        "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1\n2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1\n2k5/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    let args = ["--variant", "crazyhouse", "--dialect", "auto", "zh.fen"];
    let mut fmt = vec!["fmt"];
    fmt.extend_from_slice(&args);
    tree.fenkit(&fmt).output().unwrap();
    assert_eq!(
        String::from_utf8(tree.read("zh.fen")).unwrap(),
        "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1\n2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1\n2k5/8/8/8/8/8/8/4K3[] w - - 0 1\n"
    );
}

/// A CSV column or a JSON Lines field takes its form from its first value: values without
/// clocks are kept when the first has none, and are the fixable `DFEN109` when it has clocks.
#[test]
fn a_container_takes_its_form_from_its_first_value() {
    let tree = Tree::empty();
    let clockless = "4k3/8/8/8/8/8/8/4K3 w - -";
    let clocked = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    for (name, row, select) in [
        ("a.csv", "1,{}\n", ["--column", "fen"]),
        ("a.jsonl", "{\"fen\":\"{}\"}\n", ["--field", "fen"]),
    ] {
        let header = if name.ends_with(".csv") {
            "id,fen\n"
        } else {
            ""
        };
        let file = |first: &str, second: &str| {
            format!(
                "{header}{}{}",
                row.replace("{}", first),
                row.replace("{}", second)
            )
        };
        // First value clockless: kept, and no finding.
        let kept = file(clockless, clocked);
        tree.write(name, &kept);
        let mut check = vec!["check"];
        check.extend_from_slice(&select);
        check.push(name);
        let output = tree.fenkit(&check).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{name}: {output:?}");
        assert!(output.stdout.is_empty(), "{name}: {output:?}");
        let mut fmt = vec!["fmt"];
        fmt.extend_from_slice(&select);
        fmt.push(name);
        tree.fenkit(&fmt).output().unwrap();
        assert_eq!(String::from_utf8(tree.read(name)).unwrap(), kept, "{name}");
        // First value with clocks: the clockless value is a fixable finding, given its clocks.
        tree.write(name, file(clocked, clockless));
        let output = tree.fenkit(&check).output().unwrap();
        assert!(
            String::from_utf8_lossy(&output.stdout).contains("DFEN109"),
            "{name}: {output:?}"
        );
        tree.fenkit(&fmt).output().unwrap();
        assert_eq!(
            String::from_utf8(tree.read(name)).unwrap(),
            file(clocked, clocked),
            "{name}"
        );
    }
}
