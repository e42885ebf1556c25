//! Positions inside other formats: PGN `FEN` tags, CSV/TSV columns, JSON Lines fields. Each
//! command reads the position text inside, places findings at its line and column, and `fmt`
//! rewrites that text alone.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

const PGN: &str = "[Event \"An \\\"escaped\\\" quote\"]\n\
[FEN \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\"]\n\
[Variant \"Standard\"]\n\
\n\
1. Kd2 { a comment } Kd7 *\n\
\n\
[SetUp \"1\"]\n\
[FEN \"4k3/8/8/8/8/8/8/P3K3 w - - 0 1\"]\n\
[Variant \"Three-check\"]\n\
\n\
*\n";

const CSV: &str = "PuzzleId,FEN,Moves\r\n\
00001,\"4k3/8/8/8/8/8/8/4K3  w - - 0 1\",e1e2\r\n\
00002,4k3/8/8/8/8/8/8/4K3 w - - 0 1,e1e2\r\n\
00003,\"4k3/8/8/8/8/8/8/4K3 w - - 0 1,e1e2\r\n";

const JSONL: &str = "{\"fen\": \"4k3/8/8/8/8/8/8/4K3 b - -\", \"evals\": [{\"pvs\": [{\"cp\": 0}]}]}\n\
{\"fen\": \"4k3/8/8/8/8/8/8/4K3  w - -\", \"depth\": 3}\n\
[\"not\", \"an object\"]\n\
{\"game\": {\"fen\": \"x\"}}\n";

#[test]
fn pgn_fen_tags_are_checked_where_they_are() {
    let tree = Tree::empty();
    tree.write("games.pgn", PGN);
    assert_cmd_snapshot!(tree.fenkit(&["check", "games.pgn"]));
}

#[test]
fn csv_columns_are_checked_by_name_or_number() {
    let tree = Tree::empty();
    tree.write("puzzles.csv", CSV);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--column", "FEN", "puzzles.csv"]));
    assert_cmd_snapshot!(
        "csv_by_number",
        tree.fenkit(&["check", "--column", "2", "puzzles.csv"])
    );
}

#[test]
fn json_lines_fields_are_checked_and_lines_that_are_not_objects_are_findings() {
    let tree = Tree::empty();
    tree.write("evals.jsonl", JSONL);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--field", "fen", "evals.jsonl"]));
}

#[test]
fn a_missing_column_is_a_usage_error_naming_the_columns() {
    let tree = Tree::empty();
    tree.write("puzzles.csv", CSV);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--column", "Fen", "puzzles.csv"]));
    assert_cmd_snapshot!(
        "csv_without_a_column",
        tree.fenkit(&["check", "puzzles.csv"])
    );
}

/// `fmt` changes the position text and nothing else: the escaped tag, the CSV quotes and
/// CRLF line ends, the rest of each JSON object.
#[test]
fn fmt_rewrites_only_the_position_text() {
    let tree = Tree::empty();
    tree.write("games.pgn", PGN);
    tree.write("puzzles.csv", CSV);
    tree.write("evals.jsonl", JSONL);
    assert_cmd_snapshot!(tree.fenkit(&["fmt", "games.pgn"]));
    // The FEN tag's position, and the tags each game lacks (`SetUp`, the Seven Tag Roster),
    // inserted after its last tag.
    let roster = "[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
                  [Black \"?\"]\n[Result \"*\"]\n";
    assert_eq!(
        String::from_utf8(tree.read("games.pgn")).unwrap(),
        PGN.replace("4K3  w", "4K3 w")
            .replace("quote\"]\n", "quote\"]\n[SetUp \"1\"]\n")
            .replace(
                "[Variant \"Standard\"]\n",
                &format!("[Variant \"Standard\"]\n{roster}")
            )
            .replace(
                "[Variant \"Three-check\"]\n",
                &format!("[Variant \"Three-check\"]\n[Event \"?\"]\n{roster}")
            )
    );
    assert_cmd_snapshot!(
        "fmt_csv",
        tree.fenkit(&["fmt", "--column", "FEN", "puzzles.csv"])
    );
    assert_eq!(
        String::from_utf8(tree.read("puzzles.csv")).unwrap(),
        CSV.replacen("4K3  w", "4K3 w", 1)
    );
    assert_cmd_snapshot!(
        "fmt_jsonl",
        tree.fenkit(&["fmt", "--field", "fen", "evals.jsonl"])
    );
    assert_eq!(
        String::from_utf8(tree.read("evals.jsonl")).unwrap(),
        JSONL.replace("4K3  w", "4K3 w")
    );
}

#[test]
fn dedupe_convert_and_diff_read_the_positions_inside() {
    let tree = Tree::empty();
    tree.write(
        "a.jsonl",
        "{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - -\"}\n{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - -\", \"n\": 2}\n",
    );
    tree.write("b.jsonl", "{\"fen\": \"4k3/8/8/8/8/8/8/3K4 w - -\"}\n");
    tree.write("puzzles.csv", CSV);
    assert_cmd_snapshot!(tree.fenkit(&["dedupe", "--field", "fen", "a.jsonl", "b.jsonl"]));
    assert_cmd_snapshot!(
        "convert_csv",
        tree.fenkit(&["convert", "--to", "fen", "--column", "FEN", "puzzles.csv"])
    );
    assert_cmd_snapshot!(
        "convert_jsonl_json",
        tree.fenkit(&["convert", "--to", "json", "--field", "fen", "b.jsonl"])
    );
    assert_cmd_snapshot!(
        "diff_jsonl",
        tree.fenkit(&["diff", "--field", "fen", "a.jsonl", "b.jsonl"])
    );
}

/// A line over the reader's limit (1 MiB) is a finding, and the lines after it are read.
#[test]
fn a_long_line_in_a_container() {
    let tree = Tree::empty();
    let mut bytes = b"{\"fen\": \"".to_vec();
    bytes.extend(std::iter::repeat_n(b'8', 3 << 20));
    bytes.extend_from_slice(b"\"}\n{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"}\n");
    tree.write("long.jsonl", &bytes);
    drop(bytes);
    assert_cmd_snapshot!(tree.fenkit(&["check", "--field", "fen", "long.jsonl"]));
}

/// Games whose `Variant` tag says how their FEN is read: Chess960 (Shredder-FEN castling),
/// crazyhouse (lichess holdings) and three-check (lichess checks).
const VARIANT_GAMES: &str = "[Variant \"Chess960\"]\n\
[SetUp \"1\"]\n\
[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\
\n\
*\n\
\n\
[Variant \"Crazyhouse\"]\n\
[SetUp \"1\"]\n\
[FEN \"rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBQKBNR/Pp w KQkq - 0 1\"]\n\
\n\
*\n\
\n\
[Variant \"Three-check\"]\n\
[SetUp \"1\"]\n\
[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0\"]\n\
\n\
*\n";

/// `convert` reads each game from its FEN as its `Variant` tag says, as `check` does: a game
/// without moves ends where it starts.
#[test]
fn convert_reads_each_game_as_its_variant_tag_says() {
    let tree = Tree::empty();
    tree.write("variants.pgn", VARIANT_GAMES);
    assert_cmd_snapshot!(tree.fenkit(&["check", "variants.pgn"]));
    assert_cmd_snapshot!(
        "convert_variant_games_json",
        tree.fenkit(&["convert", "--to", "json", "variants.pgn"])
    );
    assert_cmd_snapshot!(
        "convert_variant_games_fen",
        tree.fenkit(&[
            "convert",
            "--to",
            "fen",
            "--positions",
            "final",
            "variants.pgn"
        ])
    );
}
