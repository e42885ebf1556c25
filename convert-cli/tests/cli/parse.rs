use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

#[test]
fn accepted_prints_the_canonical_form() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["parse"])
            .pass_stdin("8/8/8/8/8/8/8/8  w - - 0 1\n")
    );
}

#[test]
fn rejected_prints_code_and_message() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["parse"])
            .pass_stdin("8/8/8/8/8/8/8/8 w - - 0 1 p\n")
    );
}

#[test]
fn fen4_per_case() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["parse", "--notation", "fen4"])
            .pass_stdin("4d-fen  v1: K@0,0,0,0")
    );
}

#[test]
fn engine_profile_writes_the_engine_dialect() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["parse", "--profile", "engine"])
            .pass_stdin("4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 n\n")
    );
}

#[test]
fn batch() {
    let tree = Tree::empty();
    let input = "4d-fen v1: K@0,0,8,0\n4d-fen v1: P/w@0,1,0,0;\r\n8/8/8/8/8/8/8/8 w - - 0 1\n4k2P/8/8/8/8/8/8/4K3 w - - 0 1 -\n\n";
    assert_cmd_snapshot!(tree.fenkit(&["parse", "--batch"]).pass_stdin(input));
}

#[test]
fn batch_strict_fen4_has_ref_code_0() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["parse", "--batch", "--strict", "--notation", "fen4"])
            .pass_stdin("4d-fen v1: P/w@0,1,0,0\n")
    );
}

#[test]
fn batch_json_strings_and_bytes_that_are_not_text() {
    let tree = Tree::empty();
    let mut input = b"\"4d-fen v1:\\n  K@0,0,0,0\\u0000\"\nnot json\n".to_vec();
    input.extend_from_slice(b"\"ok\"\n");
    assert_cmd_snapshot!(
        tree.fenkit(&["parse", "--batch", "--json-strings", "--notation", "fen4"])
            .pass_stdin(input)
    );
    assert_cmd_snapshot!(
        tree.fenkit(&["parse", "--batch"])
            .pass_stdin(b"8/8/8/8/8/8/8/8 w \xff - 0 1\n".to_vec())
    );
}

/// Only a final `\n` or `\r\n` ends the input (spec/adapter-protocol.md): a lone final `\r`
/// is part of it, as it is in batch mode.
#[test]
fn a_final_carriage_return_alone_is_part_of_the_input() {
    let tree = Tree::empty();
    let run = |input: &str| {
        let output = crate::output_with_stdin(&mut tree.fenkit(&["parse"]), input);
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let position = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
    for ending in ["", "\n", "\r\n"] {
        assert_eq!(
            run(&format!("{position}{ending}")),
            (Some(0), format!("{position}\n")),
            "{ending:?}"
        );
    }
    assert_eq!(run(&format!("{position}\r")).0, Some(1));
}

/// The engine dialect's adapter answer is what the reference engine's writer writes for the
/// same input: spellings become canonical (`BKK` -> `bkk`, missing clocks), but the position
/// stays as read: a dead castling right (`K`, no rook on h1) and a stale en-passant square
/// (`e3` at White's fresh turn) are kept, as the engine keeps them; `fmt` would drop both.
#[test]
fn engine_answer_applies_spelling_fixes_only() {
    let tree = Tree::empty();
    let input = "rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBN1 b KQkq h3 0 1 BKK\n\
                 4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1\n\
                 4k3/8/8/8/8/8/8/4K3 b - -\n\
                 4k3/8/8/8/8/8/8/4K3 w KK - 0 1\n";
    assert_cmd_snapshot!(
        tree.fenkit(&["parse", "--batch", "--profile", "engine"])
            .pass_stdin(input)
    );
}

/// Every literal of the reference engine's sources that its reader accepts passes `check
/// --profile engine` without an error (warnings are allowed), and the adapter answers are
/// what its writer writes (`dfen/tests/dfen/engine_literals.txt`).
#[test]
fn reference_literals_pass_check_and_parse_under_engine() {
    const LITERALS: &str = include_str!("../../../dfen/tests/dfen/engine_literals.txt");
    let accepted: Vec<(&str, String)> = LITERALS
        .lines()
        .filter(|line| line.starts_with("accepts\t"))
        .map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            (columns[1], columns[3].replace("\\t", "\t"))
        })
        .collect();
    assert_eq!(accepted.len(), 223);
    let inputs: String = accepted
        .iter()
        .map(|(_, input)| format!("{input}\n"))
        .collect();
    let tree = Tree::empty();
    tree.write("engine.dfen", &inputs);
    let check = tree
        .fenkit(&[
            "check",
            "--profile",
            "engine",
            "--output-format",
            "json-lines",
            "engine.dfen",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("\"severity\":\"error\""), "{stdout}");
    let parse = crate::output_with_stdin(
        &mut tree.fenkit(&["parse", "--batch", "--profile", "engine"]),
        inputs,
    );
    let answers: Vec<serde_json::Value> = String::from_utf8_lossy(&parse.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), accepted.len());
    for ((written, input), answer) in accepted.iter().zip(&answers) {
        assert_eq!(answer["canonical"], *written, "{input:?}: {answer}");
    }
}
