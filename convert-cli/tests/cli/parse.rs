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
