//! The fuzz targets' invariants over their committed seeds, so that `cargo test` guards them
//! without cargo-fuzz. The invariants are the fuzz package's own functions (`fuzz/src/lib.rs`),
//! compiled here as a module; each seed directory belongs to one target.

#[allow(unreachable_pub, missing_docs, dead_code)]
#[path = "../../fuzz/src/lib.rs"]
mod invariants;

use std::path::Path;

/// Runs `check` over every seed of `target`, and fails if there is none: a target without
/// seeds would make this test pass by checking nothing.
#[track_caller]
fn seeds_of(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target);
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        check(&data);
        seeds += 1;
    }
    assert!(seeds > 0, "no seeds in {}", dir.display());
}

#[test]
fn dfen_parse_seeds() {
    seeds_of("dfen_parse", invariants::check_dfen);
}

#[test]
fn variant_parse_seeds() {
    seeds_of("variant_parse", invariants::check_variant);
}

#[test]
fn fen4_parse_seeds() {
    seeds_of("fen4_parse", invariants::check_fen4);
}

#[test]
fn ndjson4_lines_seeds() {
    seeds_of("ndjson4_lines", invariants::check_ndjson4);
}

#[test]
fn json_input_seeds() {
    seeds_of("json_input", invariants::check_json);
}

#[test]
fn rules_seeds() {
    seeds_of("rules", invariants::check_rules);
}

#[test]
fn variant_rules_seeds() {
    seeds_of("variant_rules", invariants::check_variant_rules);
}

#[test]
fn turns_seeds() {
    seeds_of("turns", invariants::check_turns);
}

#[test]
fn epd_parse_seeds() {
    seeds_of("epd_parse", invariants::check_epd);
}

#[test]
fn pgn_tags_seeds() {
    seeds_of("pgn_tags", invariants::check_pgn_tags);
}

#[test]
fn movetext_seeds() {
    seeds_of("movetext", invariants::check_movetext);
}

#[test]
fn csv_fields_seeds() {
    seeds_of("csv_fields", invariants::check_csv_fields);
}

#[test]
fn jsonl_field_seeds() {
    seeds_of("jsonl_field", invariants::check_jsonl_field);
}

#[test]
fn rewrite_seeds() {
    seeds_of("rewrite", invariants::check_rewrite);
}

/// Every seed directory has its test above.
#[test]
fn every_target_is_covered() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds");
    let mut targets: Vec<String> = std::fs::read_dir(&dir)
        .expect("the seed directory")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    targets.sort();
    assert_eq!(
        targets,
        [
            "csv_fields",
            "dfen_parse",
            "epd_parse",
            "fen4_parse",
            "json_input",
            "jsonl_field",
            "movetext",
            "ndjson4_lines",
            "pgn_tags",
            "rewrite",
            "rules",
            "turns",
            "variant_parse",
            "variant_rules",
        ]
    );
}
