//! Files as they are written in the wild: variant lines without clocks, files that mix a
//! variant's dialects (`--dialect auto`), three-check counters in a plain `.fen` file, and
//! chess.com's four-player chess in a `.fen4` file.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// A crazyhouse line without its clocks is refused in the spec profile, with a help line
/// that names `--profile lenient`, which reads it with the warning a clockless FEN gets.
#[test]
fn clockless_variant_lines_read_with_lenient() {
    let tree = Tree::empty();
    tree.write("zh.fen", "2k5/8/8/8/8/8/8/4K3[Qn] w - -\n");
    let variant = ["--variant", "crazyhouse", "--dialect", "stockfish"];
    let mut check = vec!["check"];
    check.extend_from_slice(&variant);
    check.push("zh.fen");
    assert_cmd_snapshot!(tree.fenkit(&check));
    let mut lenient = check.clone();
    lenient.insert(1, "--profile");
    lenient.insert(2, "lenient");
    assert_cmd_snapshot!(tree.fenkit(&lenient));
    let mut fmt = vec!["fmt", "-q", "--profile", "lenient"];
    fmt.extend_from_slice(&variant);
    fmt.push("zh.fen");
    assert_eq!(tree.fenkit(&fmt).output().unwrap().status.code(), Some(0));
    assert_eq!(tree.read("zh.fen"), b"2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1\n");
    // The engine dialect is DFEN's alone.
    let mut engine = check.clone();
    engine.insert(1, "--profile");
    engine.insert(2, "engine");
    assert_eq!(
        tree.fenkit(&engine).output().unwrap().status.code(),
        Some(2)
    );
}

/// Stockfish's, lichess's and the essay's three-check counters in one file: `--dialect auto`
/// reads each line in its own, writes it back in it (or in `--to-dialect`), and `-v` says
/// what it chose.
/// `-v`'s count of the lines read in each dialect holds every line, the clean lines of a
/// dialect met before (which the scan counts instead of handing them on) with those handed on:
/// the first of each dialect, lines with findings, and the position after a marker.
#[test]
fn dialect_auto_counts_every_line_of_a_dialect() {
    let tree = Tree::empty();
    tree.write(
        "3check.fen",
        "\
4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1
4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0
4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+0
# fenkit: expect[VAR007]
4k3/8/8/8/8/8/8/4K3 w K - 0 1 +0+0
4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0
",
    );
    for threads in ["1", "2"] {
        let output = tree
            .fenkit(&[
                "check",
                "-v",
                "--threads",
                threads,
                "--variant",
                "threecheck",
                "3check.fen",
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(
                "--dialect auto read 4 lines as stockfish (the first at line 1), \
                 4 lines as lichess (the first at line 3)"
            ),
            "{threads} threads: {stderr}"
        );
    }
}

#[test]
fn dialect_auto_decides_per_line() {
    let tree = Tree::empty();
    let mixed = "\
4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0
4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 1
";
    tree.write("3check.fen", mixed);
    assert_cmd_snapshot!(tree.fenkit(&[
        "check",
        "-v",
        "--threads",
        "1",
        "--variant",
        "threecheck",
        "--dialect",
        "auto",
        "3check.fen"
    ]));
    let fmt = |extra: &[&str]| {
        let mut args = vec!["fmt", "-q", "--variant", "threecheck", "--dialect", "auto"];
        args.extend_from_slice(extra);
        args.push("3check.fen");
        tree.write("3check.fen", mixed);
        assert_eq!(tree.fenkit(&args).output().unwrap().status.code(), Some(0));
        String::from_utf8(tree.read("3check.fen")).unwrap()
    };
    assert_eq!(fmt(&[]), mixed);
    assert_eq!(
        fmt(&["--to-dialect", "lichess"]),
        "\
4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+0
4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0
4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+1
"
    );
    assert_cmd_snapshot!(tree.fenkit(&[
        "fmt",
        "--variant",
        "threecheck",
        "--dialect",
        "lichess",
        "--to-dialect",
        "auto",
        "3check.fen"
    ]));
}

/// Three-check counters in a plain `.fen` file: the error hints at `--variant threecheck`.
#[test]
fn three_check_counters_in_a_fen_file_hint_at_the_variant() {
    let tree = Tree::empty();
    tree.write(
        "games.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "games.fen"]));
}

/// chess.com's four-player chess ("FEN4" too) in a `.fen4` file: said once, in words for a
/// user, and the other lines counted.
#[test]
fn four_player_chess_is_said_once_per_file() {
    let tree = Tree::empty();
    let line = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/\
                x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/14/14/14/14/14/14/14/14/14/14/\
                x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x\n";
    tree.write("teams.fen4", line.repeat(50));
    assert_cmd_snapshot!(tree.fenkit(&["check", "teams.fen4"]));
    // A 4D chess literal with a bad coordinate: the reference parsers' note in words.
    tree.write("bad.fen4", "4d-fen v1: K@0,0,8,0\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "bad.fen4"]));
}

/// Mate suites write `… 1 0` (fullmove 0): under the default profile each such line is a
/// fixable warning whose help says to write 1, `check` exits 0, and `fmt` writes 1 and
/// changes nothing else.
#[test]
fn fullmove_zero_is_a_fixable_warning_that_fmt_writes_as_one() {
    let tree = Tree::empty();
    let lines = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 1 0\n6k1/8/6K1/8/8/8/8/7R b - - 0 1\n";
    tree.write("mate1.fen", lines);
    assert_cmd_snapshot!(tree.fenkit(&["check", "mate1.fen"]));
    assert_eq!(
        tree.fenkit(&["fmt", "-q", "mate1.fen"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        tree.read("mate1.fen"),
        lines.replace(" 1 0\n", " 1 1\n").as_bytes()
    );
}

/// sunfish's mate suites (GPL, not in this repository): with `FENKIT_SUNFISH` set to a copy
/// of its `tests/files`, every `*.fen` file there has no error, each `… 1 0` line gets
/// `DFEN019` and only fixable findings, and `fmt` writes 1. Without it the test says `SKIP`.
#[test]
fn sunfish_mate_suites_need_only_fmt() {
    let Some(dir) = std::env::var_os("FENKIT_SUNFISH") else {
        eprintln!("SKIP: FENKIT_SUNFISH is not set (a copy of sunfish's tests/files)");
        return;
    };
    let tree = Tree::empty();
    let mut zeros = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "fen") {
            continue;
        }
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        zeros += text
            .lines()
            .filter(|l| l.trim_end().ends_with(" 1 0"))
            .count();
        tree.write(&name, &text);
        let check = tree
            .fenkit(&["check", "--output-format", "json-lines", &name])
            .output()
            .unwrap();
        assert_eq!(check.status.code(), Some(0), "{name}");
        let report = String::from_utf8(check.stdout).unwrap();
        let findings: Vec<serde_json::Value> = report
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for (at, line) in text.lines().enumerate() {
            if !line.trim_end().ends_with(" 1 0") {
                continue;
            }
            let on_line: Vec<_> = findings.iter().filter(|f| f["line"] == at + 1).collect();
            assert!(
                on_line.iter().any(|f| f["code"] == "DFEN019"),
                "{name}:{}: {line}",
                at + 1
            );
            assert!(
                on_line.iter().all(|f| f["fixable"] == true),
                "{name}:{}: {on_line:?}",
                at + 1
            );
        }
        assert_eq!(
            tree.fenkit(&["fmt", "-q", &name])
                .output()
                .unwrap()
                .status
                .code(),
            Some(0),
            "{name}"
        );
        let written = String::from_utf8(tree.read(&name)).unwrap();
        assert!(!written.lines().any(|l| l.ends_with(" 1 0")), "{name}");
    }
    assert!(zeros > 0, "no `… 1 0` line found");
}

/// EPD lines in a `.fen` file: each is an error with its help, and the file gets one note
/// (not one per line) naming `--notation epd`, from `check` and from `fmt`; read that way
/// the file has no error.
#[test]
fn epd_lines_in_a_fen_file_get_one_note_naming_the_notation() {
    let tree = Tree::empty();
    tree.write(
        "suite.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\";\n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\
         4k3/8/8/8/8/8/8/4K3 b - - hmvc 0; fmvn 1;\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "suite.fen"]));
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--check", "suite.fen"]));
    let output = tree
        .fenkit(&["check", "--notation", "epd", "suite.fen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("note:"));
    // A FEN file without EPD operations gets no note.
    tree.write("plain.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let output = tree.fenkit(&["check", "plain.fen"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&output.stderr).contains("note:"));
}
