//! `# fenkit: expect[...]` and `ignore[...]` markers: a repository whose negative fixtures fail
//! on purpose gates CI on `fenkit check`, and a fixture that stops failing the way it claims
//! fails the run at its marker.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// Negative fixtures, each with the codes it must produce, and a file-wide ignore.
const NEGATIVE: &str = "\
# Broken on purpose: each position must fail exactly as its marker says.
# fenkit: ignore-file[DFEN107]
# fenkit: expect[DFEN202]
4k3/8/8/8/8/8/8/3KK3 w - - 0 1 -
# fenkit: expect[DFEN201]
# fenkit: ignore[DFEN210]
8/8/8/8/8/8/8/5K1P w - - 0 1 -
# fenkit: expect[DFEN004]
4k3/8/8/8/8/8/8/4X3 w - - 0 1 -
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
";

fn sample() -> Tree {
    let tree = Tree::empty();
    tree.write("fixtures/negative.dfen", NEGATIVE);
    tree.write(
        "fixtures/good.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n",
    );
    tree
}

#[test]
fn expected_findings_pass_the_check_and_are_counted() {
    let tree = sample();
    assert_cmd_snapshot!(tree.fenkit(&["check", "fixtures/"]));
}

#[test]
fn a_fixture_that_no_longer_fails_as_claimed_fails_at_its_marker() {
    let tree = sample();
    // The second white king is gone: DFEN202 no longer occurs.
    tree.write("fixtures/negative.dfen", NEGATIVE.replace("3KK3", "4K3"));
    assert_cmd_snapshot!(tree.fenkit(&["check", "fixtures/"]));
}

#[test]
fn markers_that_cannot_be_followed_are_errors_at_the_marker() {
    let tree = Tree::empty();
    tree.write(
        "m.dfen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n\
         # fenkit: ignore-file[DFEN107]\n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n\
         # fenkit: expekt[DFEN202]\n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n\
         # fenkit: ignore[DFEN999]\n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n\
         # fenkit: expect[DFEN202]\n\
         \n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n\
         # fenkit: expect[DFEN202]\n",
    );
    assert_cmd_snapshot!(tree.fenkit(&["check", "m.dfen"]));
}

/// Machine output lists what markers expected or ignored, marked as such (SARIF as
/// `suppressions`), and its summary counts them; human and GitHub output leave them out.
#[test]
fn machine_output_marks_expected_and_ignored_findings() {
    let tree = sample();
    let run = |format: &str| {
        let output = tree
            .fenkit(&["check", "--output-format", format, "fixtures/negative.dfen"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{format}");
        String::from_utf8(output.stdout).unwrap()
    };
    let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    let marked: Vec<(&str, &str)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap(),
                d["suppression"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        marked,
        [
            ("DFEN202", "expected"),
            ("DFEN201", "expected"),
            ("DFEN210", "ignored"),
            ("DFEN004", "expected"),
            ("DFEN107", "ignored"),
        ]
    );
    assert_eq!(json["summary"]["expected"], 3);
    assert_eq!(json["summary"]["ignored"], 2);
    assert_eq!(json["summary"]["errors"], 0);
    let sarif: serde_json::Value = serde_json::from_str(&run("sarif")).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 5);
    for result in results {
        assert_eq!(result["suppressions"][0]["kind"], "inSource", "{result}");
    }
    assert_eq!(run("github"), "");
}

/// `fmt` keeps marker lines byte for byte, as it keeps every comment.
#[test]
fn fmt_keeps_the_markers() {
    let tree = sample();
    let output = tree
        .fenkit(&["fmt", "fixtures/negative.dfen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "the errors stay as written");
    let after = String::from_utf8(tree.read("fixtures/negative.dfen")).unwrap();
    assert_eq!(
        after,
        NEGATIVE.replace("RNBQKBNR w KQkq - 0 1\n", "RNBQKBNR w KQkq - 0 1 -\n")
    );
}

/// This repository's own fixtures carry markers for every finding they exist to produce:
/// the README's main command passes, and every broken fixture is still proven to fail.
#[test]
fn the_repository_fixtures_pass_with_their_markers() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_fenkit"))
        .args(["check", "--output-format", "json"])
        .arg(&fixtures)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{json}");
    assert_eq!(json["summary"]["errors"], 0);
    assert_eq!(json["summary"]["warnings"], 0);
    assert!(json["summary"]["expected"].as_u64().unwrap() > 100);
}
