//! Configuration files: discovery, every key, flags over the file, and errors with a caret.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

/// The sample repository of the CI guide: a configuration, negative fixtures with `expect`
/// markers, a `per-file-ignores` entry, an excluded vendor folder and an unrelated
/// `data/events.jsonl`.
fn sample_repository() -> Tree {
    let tree = Tree::empty();
    tree.write(
        "fenkit.toml",
        "deny = [\"warnings\"]\n\
         extend-exclude = [\"vendor\"]\n\
         \n\
         [per-file-ignores]\n\
         \"fixtures/legacy/*.dfen\" = [\"DFEN107\"]\n\
         \n\
         [notations]\n\
         \"*.positions\" = \"dfen\"\n",
    );
    tree.write(
        "fixtures/invalid/dice.dfen",
        "# fenkit: expect[DFEN012]\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn\n",
    );
    tree.write(
        "fixtures/legacy/old.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    tree.write(
        "fixtures/games.positions",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n",
    );
    tree.write("data/events.jsonl", "{\"event\":\"login\"}\n");
    tree.write("vendor/broken.dfen", "not a position\n");
    tree
}

/// The sample repository passes; breaking the cause of an expected finding fails at the marker.
#[test]
fn a_repository_with_negative_fixtures_gates_ci() {
    let tree = sample_repository();
    assert_cmd_snapshot!("sample_passes", tree.fenkit(&["check"]));
    tree.write(
        "fixtures/invalid/dice.dfen",
        "# fenkit: expect[DFEN012]\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN\n",
    );
    assert_cmd_snapshot!("sample_fails_at_the_marker", tree.fenkit(&["check"]));
}

/// JSON output says which findings the configuration suppressed; SARIF marks them external.
#[test]
fn machine_output_names_configured_suppressions() {
    let tree = sample_repository();
    let output = tree
        .fenkit(&["check", "--output-format", "json", "fixtures/legacy"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["summary"]["configured"], 1);
    assert_eq!(json["diagnostics"][0]["suppression"], "configured");
    let output = tree
        .fenkit(&["check", "--output-format", "sarif", "fixtures/legacy"])
        .output()
        .unwrap();
    let sarif: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let suppression = &sarif["runs"][0]["results"][0]["suppressions"][0];
    assert_eq!(suppression["kind"], "external");
}

/// Flags win over the file; `--isolated` reads none; `--config` names one.
#[test]
fn flags_win_over_the_file() {
    let tree = Tree::empty();
    tree.write("fenkit.toml", "profile = \"engine\"\n");
    tree.write(
        "a.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let status = |args: &[&str]| tree.fenkit(args).output().unwrap().status.code();
    // The engine dialect omits an empty dice field: no finding.
    assert_eq!(status(&["check", "--deny", "warnings"]), Some(0));
    // The spec profile wants the seventh field: a warning, which --deny makes fail.
    assert_eq!(
        status(&["check", "--deny", "warnings", "--profile", "spec"]),
        Some(1)
    );
    assert_eq!(
        status(&["check", "--deny", "warnings", "--isolated"]),
        Some(1)
    );
    tree.write("other.toml", "profile = \"spec\"\n");
    assert_eq!(
        status(&["check", "--deny", "warnings", "--config", "other.toml"]),
        Some(1)
    );
}

/// The nearest configuration applies: a `pyproject.toml` without `[tool.fenkit]` does not
/// count, one with it does, and `deny` and `strict` come from it.
#[test]
fn the_nearest_configuration_applies() {
    let tree = Tree::empty();
    tree.write("fenkit.toml", "deny = [\"warnings\"]\n");
    tree.write("plain/pyproject.toml", "[project]\nname = \"x\"\n");
    tree.write(
        "plain/a.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    tree.write("own/pyproject.toml", "[tool.fenkit]\nstrict = false\n");
    tree.write(
        "own/a.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let status = |args: &[&str]| tree.fenkit(args).output().unwrap().status.code();
    assert_eq!(
        status(&["check", "plain"]),
        Some(1),
        "the root's deny applies"
    );
    assert_eq!(
        status(&["check", "own"]),
        Some(0),
        "own's [tool.fenkit] applies"
    );
    tree.write("own/pyproject.toml", "[tool.fenkit]\nstrict = true\n");
    assert_eq!(
        status(&["check", "own"]),
        Some(1),
        "strict makes it an error"
    );
}

/// `notations` claims files a walk would pass over and says how to read them; `exclude`
/// replaces the folders left out by default, `extend-exclude` adds to them.
#[test]
fn notations_and_excludes_steer_the_walk() {
    let tree = Tree::empty();
    tree.write(
        "fenkit.toml",
        "exclude = [\"skipped\"]\n[notations]\n\"data/*.txt\" = \"dfen\"\n\"*.jsonl\" = \"ndjson4\"\n",
    );
    tree.write("data/a.txt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    tree.write("data/deeper/b.txt", "not read\n");
    // Read: `exclude` replaced the default folders, node_modules among them.
    tree.write("node_modules/c.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn\n");
    tree.write("skipped/d.dfen", "not read\n");
    tree.write("replay.jsonl", "{\"ply\":0}\n");
    assert_cmd_snapshot!(tree.fenkit(&["check", "--threads", "1"]));
}

/// `fmt`, `dedupe` and `snapshot` honour the configuration too.
#[test]
fn fmt_dedupe_and_snapshot_honour_it() {
    let tree = Tree::empty();
    tree.write(
        "fenkit.toml",
        "profile = \"engine\"\nextend-exclude = [\"vendor\"]\n",
    );
    tree.write(
        "a.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n",
    );
    tree.write(
        "vendor/b.dfen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n",
    );
    let fmt = tree.fenkit(&["fmt", "--quiet"]).output().unwrap();
    assert_eq!(fmt.status.code(), Some(0));
    // The engine dialect drops an empty dice field; the excluded copy is left alone.
    assert_eq!(
        tree.read("a.dfen"),
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    assert_eq!(
        tree.read("vendor/b.dfen"),
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n"
    );
    // The excluded duplicate is not seen.
    let dedupe = tree.fenkit(&["dedupe"]).output().unwrap();
    assert_eq!(dedupe.status.code(), Some(0));
    let update = tree
        .fenkit(&["snapshot", "update", "--accept"])
        .output()
        .unwrap();
    assert_eq!(update.status.code(), Some(0));
    assert!(tree.path("snapshots/a.dfen.snap").exists());
    assert!(!tree.path("vendor/snapshots/b.dfen.snap").exists());
}

/// An unknown key, a wrong type, an unknown code and a bad glob: exit 2, the file, the
/// line:col and a caret, before anything is read.
#[test]
fn configuration_errors_point_into_the_file() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    for (name, text) in [
        ("unknown_key", "profile = \"spec\"\ncolour = \"always\"\n"),
        ("wrong_type", "strict = \"yes\"\n"),
        ("unknown_value", "profile = \"engin\"\n"),
        (
            "unknown_code",
            "[per-file-ignores]\n\"*.dfen\" = [\"DFEN107\", \"DFEN999\"]\n",
        ),
        ("bad_glob", "[notations]\n\"data/[ab\" = \"dfen\"\n"),
        ("bad_toml", "profile = \"spec\n"),
        ("bad_parity", "[parity]\ntimeout = \"soon\"\n"),
    ] {
        tree.write("fenkit.toml", text);
        assert_cmd_snapshot!(format!("config_error_{name}"), tree.fenkit(&["check"]));
    }
}

/// `[parity]` gives the runner's defaults; with neither it nor `--cmd`, the runner says what
/// is missing.
#[test]
fn parity_takes_its_defaults_from_the_file() {
    let tree = Tree::empty();
    let missing = tree.fenkit(&["parity"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&missing.stderr),
        "error: no adapter command: pass --cmd COMMAND, or set `cmd` under `[parity]` in \
         fenkit.toml\n"
    );
    tree.write(
        "fenkit.toml",
        "[parity]\ncmd = \"exit 127\"\nnotation = \"rules\"\ntimeout = \"5s\"\n",
    );
    let output = tree.fenkit(&["parity", "--verbose"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("note: parity defaults from `fenkit.toml`"),
        "{stderr}"
    );
}
