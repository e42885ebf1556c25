use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

const MID_TURN: &str = "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 N\n# a comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n";

#[test]
fn dfen_to_fen_refuses_to_lose_anything() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen", "games.dfen"]));
}

#[test]
fn dfen_to_fen_lossy_says_what_it_dropped() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen", "--lossy", "games.dfen"]));
}

#[test]
fn dfen_json_round_trip() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "json", "games.dfen"]));
    let json = tree
        .fenkit(&["convert", "--to", "json", "games.dfen"])
        .output()
        .unwrap();
    tree.write("games.jsonl", json.stdout);
    let back = tree
        .fenkit(&["convert", "--from", "json", "--to", "dfen", "games.jsonl"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(back.stdout).unwrap(),
        "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 N\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n"
    );
}

#[test]
fn dfen_engine_round_trip() {
    let tree = Tree::empty();
    tree.write("games.dfen", MID_TURN);
    let engine = tree
        .fenkit(&["convert", "--to", "dfen-engine", "games.dfen"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(engine.stdout.clone()).unwrap(),
        "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 1 N\n# a comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    let back = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--from", "dfen-engine", "--to", "dfen", "-"]),
        engine.stdout,
    );
    assert_eq!(String::from_utf8(back.stdout).unwrap(), MID_TURN);
}

#[test]
fn fen4_forms() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen4-pieces", "board.fen4"]));
    let structured = tree
        .fenkit(&["convert", "--to", "json", "board.fen4"])
        .output()
        .unwrap();
    let back = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--to", "fen4", "-"]),
        structured.stdout,
    );
    assert_eq!(
        String::from_utf8(back.stdout).unwrap(),
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n4d-fen v1: K@0,0,0,0; k@7,7,7,7\n"
    );
    let pieces = tree
        .fenkit(&["convert", "--to", "fen4-pieces", "board.fen4"])
        .output()
        .unwrap();
    let back = crate::output_with_stdin(
        &mut tree.fenkit(&["convert", "--from", "fen4-pieces", "--to", "fen4", "-"]),
        pieces.stdout,
    );
    assert_eq!(
        String::from_utf8(back.stdout).unwrap(),
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\n4d-fen v1: K@0,0,0,0; k@7,7,7,7\n"
    );
}

#[test]
fn ndjson4_to_fen4_lines() {
    let tree = Tree::with_fixtures();
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--to", "fen4", "replay.ndjson4"]));
}

#[test]
fn dfen_and_fen4_do_not_mix() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["convert", "--from", "fen4", "--to", "dfen", "-"]));
}
