//! PGN games read move by move: `check` reports every finding of every game's movetext at
//! its file, line and column, beside the findings of its `[FEN]` tag, under its markers.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// Three games: an illegal move in a variation, `0-0` and a wrong move number, and a `[FEN]` tag
/// whose position has two spaces (the tag's own finding) with an ambiguous move.
pub(crate) const GAMES: &str = "[Event \"illegal move in a variation\"]\n\
[Site \"?\"]\n\
[Date \"????.??.??\"]\n\
[Round \"?\"]\n\
[White \"?\"]\n\
[Black \"?\"]\n\
[Result \"*\"]\n\
\n\
1. e4 e5 (1... Ke7 2. Qh5 Kd6) 2. Nf3 Nc6 *\n\
\n\
[Event \"spelling\"]\n\
[Site \"?\"]\n\
[Date \"????.??.??\"]\n\
[Round \"?\"]\n\
[White \"?\"]\n\
[Black \"?\"]\n\
[Result \"1-0\"]\n\
\n\
1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Bc5 5. Ng5 d6 6. Nxf7 Qe7\n\
7. Nxh8 Be6 9. Bxe6 Qxe6 1-0\n\
\n\
[Event \"set-up position\"]\n\
[Site \"?\"]\n\
[Date \"????.??.??\"]\n\
[Round \"?\"]\n\
[White \"?\"]\n\
[Black \"?\"]\n\
[Result \"*\"]\n\
[SetUp \"1\"]\n\
[FEN \"4k3/8/8/8/8/8/8/2N1K1N1  w - - 0 1\"]\n\
\n\
1. Ne2 Kd7 *\n";

#[test]
fn check_reads_every_move_of_every_game() {
    let tree = Tree::empty();
    tree.write("games.pgn", GAMES);
    assert_cmd_snapshot!(tree.fenkit(&["check", "games.pgn"]));
}

/// PGN games on standard input, named with `--notation pgn`, get the findings the same text
/// gets in a `.pgn` file: the same codes, lines, columns and messages, in the same order.
#[test]
fn pgn_games_on_standard_input_read_as_a_pgn_file() {
    let tree = Tree::empty();
    tree.write("games.pgn", GAMES);
    let json = |output: std::process::Output| -> Vec<serde_json::Value> {
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                serde_json::json!([
                    d["code"],
                    d["line"],
                    d["column"],
                    d["message"],
                    d["severity"]
                ])
            })
            .collect()
    };
    let file = json(
        tree.fenkit(&["check", "--output-format", "json", "games.pgn"])
            .output()
            .unwrap(),
    );
    let mut stdin = tree.fenkit(&["check", "--notation", "pgn", "--output-format", "json", "-"]);
    stdin.stdin(std::fs::File::open(tree.path("games.pgn")).unwrap());
    let output = stdin.output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let piped = json(output);
    assert!(piped.len() >= 4, "{piped:?}");
    assert_eq!(piped, file);
}

/// `fmt --notation pgn -` fixes PGN games on standard input as it fixes a `.pgn` file.
#[test]
fn fmt_fixes_pgn_games_on_standard_input_as_in_a_file() {
    let tree = Tree::empty();
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n";
    tree.write("game.pgn", game);
    let mut stdin = tree.fenkit(&["fmt", "--notation", "pgn", "-"]);
    stdin.stdin(std::fs::File::open(tree.path("game.pgn")).unwrap());
    let output = stdin.output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let status = tree.fenkit(&["fmt", "game.pgn"]).output().unwrap().status;
    assert_eq!(status.code(), Some(0));
    let fixed = String::from_utf8(tree.read("game.pgn")).unwrap();
    assert!(fixed.contains("4. O-O *"), "{fixed}");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), fixed);
}

#[test]
fn pgn_findings_in_every_output_format() {
    let tree = Tree::empty();
    tree.write("games.pgn", GAMES);
    for format in ["json", "github", "sarif"] {
        assert_cmd_snapshot!(
            format!("pgn_check_{format}"),
            tree.fenkit(&["check", "-q", "--output-format", format, "games.pgn"])
        );
    }
}

/// A clean file passes; a file whose only findings are warnings passes unless warnings are
/// denied.
#[test]
fn exit_status_as_for_every_notation() {
    let tree = Tree::empty();
    tree.write(
        "clean.pgn",
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    );
    tree.write(
        "warned.pgn",
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 *\n",
    );
    assert_cmd_snapshot!("pgn_clean", tree.fenkit(&["check", "clean.pgn"]));
    assert_cmd_snapshot!("pgn_warned", tree.fenkit(&["check", "warned.pgn"]));
    assert_cmd_snapshot!(
        "pgn_warned_denied",
        tree.fenkit(&["check", "--deny", "warnings", "warned.pgn"])
    );
}

/// Comment commands fenkit does not read: under `-v`, one note per name per file at the first,
/// with how many more the file holds (and one for a known command it cannot read); no note,
/// no finding and the same exit status without `-v`, and none in JSON.
#[test]
fn unread_comment_commands_are_noted_under_verbose() {
    let tree = Tree::empty();
    let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                  [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";
    tree.write(
        "games.pgn",
        format!(
            "{roster}1. e4 {{ [%clk 0:03:00] [%foo x] }} e5 {{[%eval 0.2] [%foo y]}} *\n\n\
             {roster}1. d4 {{[%clk 1:ab]}} d5 (1... Nf6 {{[%foo z] [%cal Ge2e4]}}) *\n\n\
             {roster}1. c4 {{[%csl Rd4] [%bar] [%clk 0:02:59]}} *\n"
        ),
    );
    let quiet = tree.fenkit(&["check", "games.pgn"]).output().unwrap();
    let verbose = tree.fenkit(&["check", "-v", "games.pgn"]).output().unwrap();
    assert_eq!(quiet.status, verbose.status);
    assert_eq!(quiet.stdout, verbose.stdout);
    assert!(
        !String::from_utf8_lossy(&quiet.stderr).contains("comment command"),
        "{quiet:?}"
    );
    let json = tree
        .fenkit(&["check", "-v", "--output-format", "json", "games.pgn"])
        .output()
        .unwrap();
    assert!(
        !String::from_utf8_lossy(&json.stdout).contains("comment command"),
        "{json:?}"
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "-v", "games.pgn"]));
}

/// Commands are read in `{…}` comments only (python-chess drops `;` comments whole): under
/// `-v`, each name of command in a `;` comment is noted once, at the first, with how many more.
#[test]
fn commands_in_rest_of_line_comments_are_noted_under_verbose() {
    let tree = Tree::empty();
    let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                  [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";
    tree.write(
        "games.pgn",
        format!(
            "{roster}1. e4 ; [%clk 0:03:00] [%eval 0.2]\ne5 {{[%clk 0:02:59]}} 2. Nf3 ; [%clk 0:02:58]\n*\n\n\
             {roster}1. d4 {{ ; [%foo 1] }} d5 ; [%foo 2] [%clk 1:ab] and text\n*\n"
        ),
    );
    let quiet = tree.fenkit(&["check", "games.pgn"]).output().unwrap();
    let verbose = tree.fenkit(&["check", "-v", "games.pgn"]).output().unwrap();
    assert_eq!(quiet.status, verbose.status);
    assert_eq!(quiet.stdout, verbose.stdout);
    assert!(
        !String::from_utf8_lossy(&quiet.stderr).contains("comment command"),
        "{quiet:?}"
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "-v", "games.pgn"]));
}

/// A CSV/TSV column of SAN movetext gets the notes a PGN file's games get, placed at the
/// command's line and column in the file, through the field's quotes and doubled quotes.
#[test]
fn comment_commands_of_a_movetext_column_are_noted_under_verbose() {
    let tree = Tree::empty();
    tree.write(
        "a.tsv",
        "eco\tname\tpgn\n\
         C20\tKing's Pawn\t1. e4 {[%foo 1]} e5 {[%clk 1:ab]}\n\
         C40\tKing's Knight\t1. e4 e5 2. Nf3 {[%eval 0.3] [%foo 2]} ; [%clk 0:01:00]\n",
    );
    tree.write(
        "b.csv",
        "eco,pgn\n\
         B00,\"1. e4 {a \"\"quoted\"\" [%bar]} d6\"\n\
         B01,\"1. e4 d5 {two\nlines [%baz x]}\"\n",
    );
    let quiet = tree
        .fenkit(&["check", "--column", "pgn", "a.tsv", "b.csv"])
        .output()
        .unwrap();
    let verbose = tree
        .fenkit(&["check", "-v", "--column", "pgn", "a.tsv", "b.csv"])
        .output()
        .unwrap();
    assert_eq!(quiet.status, verbose.status);
    assert_eq!(quiet.stdout, verbose.stdout);
    assert!(
        !String::from_utf8_lossy(&quiet.stderr).contains("comment command"),
        "{quiet:?}"
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "-v", "--column", "pgn", "a.tsv", "b.csv"]));
}

/// A marker above a game's tags covers the findings of its movetext; one that expects a code
/// the game does not give is an error at the marker.
#[test]
fn markers_above_a_game_cover_its_moves() {
    let tree = Tree::empty();
    tree.write(
        "marked.pgn",
        "; fenkit: expect[PGN201]\n\
         [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n1. e4 Ke7 2. Ke3 *\n\n\
         ; fenkit: expect[PGN202]\n\
         [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "marked.pgn"]));
}

/// `fmt` applies the library's edits (canonical SAN, move numbers, the tags and termination
/// markers it inserts) and changes no other byte; errors are reported and their games kept.
#[test]
fn fmt_fixes_the_fixable_findings_and_nothing_else() {
    let tree = Tree::empty();
    let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                [White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n\
                1. e2e4 {best by test}  e5 $1\n2. Bc4 Nc6 4. Qh5 (3. Nf3) Nf6 4. Qxf7\n\n\
                [Event \"no roster\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n\
                1. 0-0 Kd7 *\n\n\
                [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 Ke7 2. Ngf3 *\n";
    tree.write("games.pgn", text);
    assert_cmd_snapshot!("pgn_fmt_diff", tree.fenkit(&["fmt", "--diff", "games.pgn"]));
    assert_cmd_snapshot!("pgn_fmt", tree.fenkit(&["fmt", "games.pgn"]));
    let fixed = String::from_utf8(tree.read("games.pgn")).unwrap();
    assert_eq!(
        fixed,
        text.replace("e2e4", "e4")
            .replace("2. Bc4 Nc6 4. Qh5", "2. Bc4 Nc6 3. Qh5")
            .replace("4. Qxf7\n", "4. Qxf7# 1-0\n")
            .replace("1. 0-0 Kd7", "1. O-O Kd7")
            .replace(
                "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n",
                "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
                 [Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
            )
    );
    // Fixed once, the file is clean but for its error.
    assert_cmd_snapshot!(
        "pgn_fmt_again",
        tree.fenkit(&["fmt", "--check", "games.pgn"])
    );
}

/// `fmt --export` writes each game again in the export format: the Seven Tag Roster first,
/// then the other tags, movetext wrapped at 80 columns.
#[test]
fn fmt_export_rewraps_games() {
    let tree = Tree::empty();
    tree.write(
        "games.pgn",
        "[ECO \"C50\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
         1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d4 exd4 6.cxd4 Bb4+ 7.Bd2 Bxd2+ 8.Nbxd2 d5\n\
         9.exd5 Nxd5 10.Qb3 Na5 11.Qa4+ c6 12.Bxd5 Qxd5 13.O-O O-O {a long comment that does not break \
         across lines} 14.Rfe1 *\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "--export", "games.pgn"]));
    insta::assert_snapshot!(
        "pgn_exported",
        String::from_utf8(tree.read("games.pgn")).unwrap()
    );
}

/// A column of SAN movetext (`1. e4 …`) is read as the `movetext` notation, sniffed from its
/// first value or given: each finding at its file, line and column; `fmt` rewrites unclean
/// SAN in place; `dedupe` finds the rows that reach the same final position.
const OPENINGS: &str = "eco\tname\tpgn\n\
A00\tLong algebraic\t1. e2e4 e5 2. Ngf3\n\
A01\tClean\t1. e4 e5 2. Nf3\n\
A02\tIllegal\t1. e4 Ke5\n\
A03\tTransposed\t1. Nf3 e5 2. e4\n";

#[test]
fn movetext_columns_are_checked_fixed_and_deduplicated() {
    let tree = Tree::empty();
    tree.write("openings.tsv", OPENINGS);
    assert_cmd_snapshot!(
        "movetext_check",
        tree.fenkit(&["check", "-v", "--column", "pgn", "openings.tsv"])
    );
    assert_cmd_snapshot!(
        "movetext_check_given",
        tree.fenkit(&[
            "check",
            "-q",
            "--notation",
            "movetext",
            "--output-format",
            "github",
            "--column",
            "3",
            "openings.tsv"
        ])
    );
    assert_cmd_snapshot!(
        "movetext_dedupe",
        tree.fenkit(&[
            "dedupe",
            "--column",
            "pgn",
            "--positions",
            "final",
            "openings.tsv"
        ])
    );
    assert_cmd_snapshot!(
        "movetext_dedupe_all",
        tree.fenkit(&[
            "dedupe",
            "--column",
            "pgn",
            "--positions",
            "all",
            "openings.tsv"
        ])
    );
    assert_cmd_snapshot!(
        "movetext_fmt",
        tree.fenkit(&["fmt", "--column", "pgn", "openings.tsv"])
    );
    assert_eq!(
        String::from_utf8(tree.read("openings.tsv")).unwrap(),
        OPENINGS.replace("1. e2e4 e5 2. Ngf3", "1. e4 e5 2. Nf3")
    );
}

/// lichess's chess-openings TSVs (`tests/data/pgn/chess-openings`, CC0) pass clean, and `fmt`
/// has nothing to change in them.
#[test]
fn the_chess_openings_tsvs_pass_clean() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/pgn/chess-openings");
    let files: Vec<String> = ["a", "b", "c", "d", "e"]
        .iter()
        .map(|name| dir.join(format!("{name}.tsv")).display().to_string())
        .collect();
    let mut check = vec!["check", "--output-format", "json", "--column", "pgn"];
    check.extend(files.iter().map(String::as_str));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_fenkit"))
        .args(&check)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{json}");
    assert_eq!(json["summary"]["errors"], 0);
    assert_eq!(json["summary"]["warnings"], 0);
    assert!(
        json["summary"]["positions"].as_u64().unwrap() > 3000,
        "{json}"
    );
    let mut fmt = vec!["fmt", "--check", "--column", "pgn"];
    fmt.extend(files.iter().map(String::as_str));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_fenkit"))
        .args(&fmt)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `convert` of PGN games: one UCI line per game in file order (a game with an error gets its
/// moves up to the error, the error goes to stderr, exit 1), the positions after each move or
/// after the last as FEN or EPD, one JSON object per game, and that JSON back to PGN.
#[test]
fn convert_projects_games() {
    let tree = Tree::empty();
    tree.write(
        "games.pgn",
        "[Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"A\"]\n\
         [Black \"B\"]\n[Result \"*\"]\n\n1. e4 {best} (1. d4 d5) e5 $1 2. Ke3 Nc6 *\n\n\
         [Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"2\"]\n[White \"B\"]\n\
         [Black \"A\"]\n[Result \"*\"]\n\n*\n\n\
         [Event \"960\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"3\"]\n[White \"A\"]\n\
         [Black \"B\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1\"]\n\n\
         1. e4 e5 2. Bd3 Bd6 3. Qe2 Qe7 4. O-O O-O *\n",
    );
    assert_cmd_snapshot!(
        "pgn_convert_uci",
        tree.fenkit(&["convert", "--to", "uci", "games.pgn"])
    );
    assert_cmd_snapshot!(
        "pgn_convert_fen",
        tree.fenkit(&["convert", "-q", "--to", "fen", "games.pgn"])
    );
    assert_cmd_snapshot!(
        "pgn_convert_epd_final",
        tree.fenkit(&[
            "convert",
            "--to",
            "epd",
            "--positions",
            "final",
            "games.pgn"
        ])
    );
    // Chess960 games in X-FEN, or with the rooks' files under `--castling shredder`.
    assert_cmd_snapshot!(
        "pgn_convert_fen_shredder",
        tree.fenkit(&[
            "convert",
            "-q",
            "--to",
            "fen",
            "--positions",
            "all",
            "--castling",
            "shredder",
            "games.pgn"
        ])
    );
    let json = tree
        .fenkit(&["convert", "--to", "json", "games.pgn"])
        .output()
        .unwrap();
    let json = String::from_utf8(json.stdout).unwrap();
    insta::assert_snapshot!("pgn_convert_json", json);
    tree.write("games.jsonl", &json);
    assert_cmd_snapshot!(
        "pgn_convert_back",
        tree.fenkit(&["convert", "--to", "pgn", "games.jsonl"])
    );
}

/// Positions written from PGN games follow `--en-passant`: `legal` by default (as python-chess
/// writes them), every double step's square with `always`.
#[test]
fn convert_positions_follow_en_passant() {
    let tree = Tree::empty();
    tree.write("game.pgn", "[Event \"?\"]\n\n1. e4 e5 2. Nf3 *\n");
    let fens = |extra: &[&str]| {
        let mut args = vec!["convert", "-q", "--to", "fen"];
        args.extend_from_slice(extra);
        args.push("game.pgn");
        let output = tree.fenkit(&args).output().unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let legal = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n\
                 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n";
    assert_eq!(fens(&[]), legal);
    assert_eq!(fens(&["--en-passant", "legal"]), legal);
    assert_eq!(
        fens(&["--en-passant", "always"]),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
    );
}

/// A Chess960 `[FEN]` tag with two rights on the king's side (`HFhf`): the positions keep the
/// outer rook's right only, as python-chess reads the tag (`Kk`).
#[test]
fn convert_keeps_the_outer_right_of_a_side() {
    let tree = Tree::empty();
    tree.write(
        "game.pgn",
        "[Event \"?\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"4kr1r/pppppppp/8/8/8/8/PPPPPPPP/4KR1R w HFhf - 0 1\"]\n\n1. a3 a6 *\n",
    );
    let output = tree
        .fenkit(&["convert", "-q", "--to", "fen", "game.pgn"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "4kr1r/pppppppp/8/8/8/P7/1PPPPPPP/4KR1R b Kk - 0 1\n\
         4kr1r/1ppppppp/p7/8/8/P7/1PPPPPPP/4KR1R w Kk - 0 2\n"
    );
}

/// `dedupe --positions all|final` finds positions repeated across PGN games and files: each
/// repeat a warning at its move naming the first occurrence.
#[test]
fn dedupe_finds_positions_repeated_across_games() {
    let tree = Tree::empty();
    let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                  [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";
    tree.write(
        "a.pgn",
        format!("{roster}1. e4 e5 2. Nf3 Nc6 *\n\n{roster}1. d4 d5 *\n"),
    );
    tree.write("b.pgn", format!("{roster}1. Nf3 Nc6 2. e4 e5 *\n"));
    assert_cmd_snapshot!(
        "pgn_dedupe_final",
        tree.fenkit(&["dedupe", "--positions", "final", "a.pgn", "b.pgn"])
    );
    assert_cmd_snapshot!(
        "pgn_dedupe_all",
        tree.fenkit(&["dedupe", "--positions", "all", "a.pgn", "b.pgn"])
    );
}

/// The conformance suite's PGN movetext cases (`spec/conformance/v1/movetext.jsonl`) pass
/// through `fenkit parity`, answered by `fenkit parse --notation movetext`.
#[test]
fn parity_passes_the_movetext_cases() {
    let bin = env!("CARGO_BIN_EXE_fenkit");
    let output = std::process::Command::new(bin)
        .args([
            "parity",
            "--notation",
            "movetext",
            "--cmd",
            &format!("{bin} parse --notation {{notation}} --profile {{profile}}"),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("16 passed, 0 failed") || stderr.contains("16 passed, 0 failed"),
        "{stdout}{stderr}"
    );
}

/// The conformance suite's PGN games (`spec/conformance/v1/pgn.jsonl`, each a whole text over
/// several lines) pass through `fenkit parity`, answered by `fenkit parse --notation pgn`: per
/// case, where the input is standard input byte for byte, and in batch mode with
/// `--json-strings`, where each rejection's byte offset (its token) is compared too.
#[test]
fn parity_passes_the_pgn_cases() {
    let bin = env!("CARGO_BIN_EXE_fenkit");
    let expected = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../spec/conformance/v1/pgn.jsonl"
    ))
    .unwrap()
    .lines()
    .count();
    for batch in [false, true] {
        let mut args = vec!["parity", "--notation", "pgn", "--codes"];
        let mut cmd = format!("{bin} parse --notation {{notation}} --profile {{profile}}");
        if batch {
            args.extend(["--batch", "--json-strings"]);
            cmd.push_str(" --batch --json-strings");
        }
        args.extend(["--cmd", &cmd]);
        let output = std::process::Command::new(bin)
            .args(&args)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(output.status.code(), Some(0), "{text}");
        assert!(
            text.contains(&format!("{expected} passed, 0 failed, 0 skipped")),
            "{text}"
        );
    }
}

/// An adapter that reads each game's moves wrongly fails the PGN cases: the runner checks them.
#[test]
fn parity_fails_a_pgn_adapter_that_accepts_everything() {
    let bin = env!("CARGO_BIN_EXE_fenkit");
    let output = std::process::Command::new(bin)
        .args([
            "parity",
            "--notation",
            "pgn",
            "--run",
            "n_pgn_201_*",
            "--cmd",
            "cat",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL n_pgn_201_illegal"), "{text}");
}

/// Runs `command` with `input` on its standard input.
fn with_stdin(mut command: std::process::Command, input: &str) -> std::process::Output {
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// `convert --notation pgn` reads PGN games from standard input as it reads a `.pgn` file:
/// the same lines for `--to uci`, `fen`, `epd` and `json`, a game's error on stderr at
/// `<stdin>` (exit 1). Without `--notation pgn`, `--to uci` of standard input says how to ask;
/// with it, a target that is no projection of games is a usage error.
#[test]
fn convert_reads_pgn_games_on_standard_input() {
    let tree = Tree::empty();
    let games = "[Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n\
                 [White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 {best} (1. d4 d5) e5 \
                 2. Ke3 Nc6 *\n\n[Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
                 [Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"1-0\"]\n\n\
                 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    tree.write("games.pgn", games);
    for to in [
        &["--to", "uci"][..],
        &["--to", "fen"],
        &["--to", "epd", "--positions", "final"],
        &["--to", "json"],
    ] {
        let mut file = vec!["convert", "-q"];
        file.extend_from_slice(to);
        let mut stdin = file.clone();
        file.push("games.pgn");
        stdin.extend(["--notation", "pgn", "-"]);
        let from_file = tree.fenkit(&file).output().unwrap();
        let from_stdin = with_stdin(tree.fenkit(&stdin), games);
        assert_eq!(from_file.stdout, from_stdin.stdout, "{to:?}");
        assert_eq!(from_stdin.status.code(), Some(1), "{to:?}");
    }
    assert_cmd_snapshot!(
        "pgn_convert_stdin_uci",
        tree.fenkit(&["convert", "--notation", "pgn", "--to", "uci", "-"])
            .pass_stdin(games)
    );
    assert_cmd_snapshot!(
        "pgn_convert_stdin_epd_final",
        tree.fenkit(&[
            "convert",
            "--from",
            "pgn",
            "--to",
            "epd",
            "--positions",
            "final"
        ])
        .pass_stdin(games)
    );
    assert_cmd_snapshot!(
        "pgn_convert_stdin_uci_without_notation",
        tree.fenkit(&["convert", "--to", "uci", "-"])
            .pass_stdin(games)
    );
    assert_cmd_snapshot!(
        "pgn_convert_stdin_to_dfen",
        tree.fenkit(&["convert", "--notation", "pgn", "--to", "dfen", "-"])
            .pass_stdin(games)
    );
}

/// A Latin-1 PGN file (accents in a tag value and in a comment: the PGN standard's own
/// character set): each byte that is not UTF-8 is a warning at its byte with help, and the
/// games are read on, their moves checked.
const LATIN1: &[u8] = b"[Event \"Open\"]\n[Site \"M\xfcnchen\"]\n[Date \"????.??.??\"]\n\
[Round \"1\"]\n[White \"Ju\xe1rez\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
1. e4 {Tr\xe8s bien} e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 Nf6 *\n\n\
[Event \"Two\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"2\"]\n[White \"A\"]\n\
[Black \"B\"]\n[Result \"*\"]\n\n1. d4 d5 2. Ke3 *\n";

#[test]
fn check_reads_a_latin1_file_with_a_warning_at_each_foreign_byte() {
    let tree = Tree::empty();
    tree.write("latin1.pgn", LATIN1);
    assert_cmd_snapshot!("pgn_check_latin1", tree.fenkit(&["check", "latin1.pgn"]));
}

/// `fmt` of a Latin-1 PGN file fixes its games (`0-0`) and keeps every other byte, the Latin-1
/// ones included; `convert` writes the same moves as for the file in UTF-8. A PGN file with a
/// NUL byte is binary, and `fmt` leaves it alone.
#[test]
fn fmt_and_convert_keep_latin1_bytes() {
    let tree = Tree::empty();
    tree.write("latin1.pgn", LATIN1);
    let output = tree.fenkit(&["fmt", "latin1.pgn"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}"); // the game with `Ke3`
    let fixed = tree.read("latin1.pgn");
    // Byte for byte: the same, but for `0-0` rewritten.
    let at = LATIN1.windows(6).position(|w| w == b"4. 0-0").unwrap();
    let mut expected = LATIN1.to_vec();
    expected.splice(at..at + 6, b"4. O-O".iter().copied());
    assert_eq!(fixed, expected);

    tree.write("latin1.pgn", LATIN1);
    let utf8 = String::from_utf8_lossy(LATIN1).into_owned();
    tree.write("utf8.pgn", &utf8);
    for to in ["uci", "fen"] {
        let latin1 = tree
            .fenkit(&["convert", "-q", "--to", to, "latin1.pgn"])
            .output()
            .unwrap();
        let utf8 = tree
            .fenkit(&["convert", "-q", "--to", to, "utf8.pgn"])
            .output()
            .unwrap();
        assert_eq!(latin1.stdout, utf8.stdout, "{to}");
        assert!(!latin1.stdout.is_empty());
    }

    tree.write("nul.pgn", b"[Event \"x\0\"]\n\n1. e4 *\n");
    let output = tree.fenkit(&["fmt", "nul.pgn"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("binary file"),
        "{output:?}"
    );
    assert_eq!(tree.read("nul.pgn"), b"[Event \"x\0\"]\n\n1. e4 *\n");
}

/// `convert` reads compressed PGN as `check` does: `games.pgn.gz` and `games.pgn.zst` decoded,
/// each member of `games.pgn.zip` as a file of its own, named `archive!member` in its errors;
/// the same lines as from the `.pgn` itself.
#[test]
fn convert_reads_compressed_pgn() {
    use std::io::Write as _;
    let tree = Tree::empty();
    let games = "[Event \"One\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n\
                 [White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                 [Event \"Two\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"2\"]\n\
                 [White \"B\"]\n[Black \"A\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n";
    tree.write("games.pgn", games);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(games.as_bytes()).unwrap();
    tree.write("games.pgn.gz", gz.finish().unwrap());
    tree.write(
        "games.pgn.zst",
        zstd::encode_all(games.as_bytes(), 3).unwrap(),
    );
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file(
        "games.pgn",
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored),
    )
    .unwrap();
    zip.write_all(games.as_bytes()).unwrap();
    tree.write("games.pgn.zip", zip.finish().unwrap().into_inner());
    let run = |to: &str, file: &str| {
        tree.fenkit(&["convert", "-q", "--to", to, file])
            .output()
            .unwrap()
    };
    for to in ["uci", "fen", "epd", "json"] {
        let plain = run(to, "games.pgn");
        for file in ["games.pgn.gz", "games.pgn.zst", "games.pgn.zip"] {
            let output = run(to, file);
            assert_eq!(output.status.code(), Some(1), "{to} {file}: {output:?}");
            assert_eq!(output.stdout, plain.stdout, "{to} {file}");
        }
    }
    assert_cmd_snapshot!(
        "pgn_convert_zip_member",
        tree.fenkit(&["convert", "--to", "uci", "games.pgn.zip"])
    );
}
