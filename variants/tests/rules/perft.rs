//! Perft suites: the crate's own (`tests/data/perft/`, counts by python-chess), and, when
//! `FENKIT_PERFT_SUITES` names a folder holding them, python-chess's and shakmaty's published
//! suites, which are GPL and so not committed (`tests/data/perft/SOURCES.md` says how to get
//! them).

use std::path::{Path, PathBuf};

use variants::{Suite, Variant};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft")
}

#[track_caller]
fn verify(path: &Path, variant: Variant, chess960: bool, depth: u32) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let suite = Suite::read(&text, variant, chess960);
    assert!(
        suite.findings.is_empty(),
        "{}: {:?}",
        path.display(),
        suite.findings
    );
    let wrong = suite.verify(depth);
    assert!(wrong.is_empty(), "{}: {wrong:#?}", path.display());
    suite.cases.len()
}

/// Every committed suite verifies to depth 3, in its variant, in both castling modes.
#[test]
fn the_committed_suites_verify_to_depth_3() {
    let mut variants_seen = Vec::new();
    for entry in std::fs::read_dir(data()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "perft") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let variant: Variant = name.parse().unwrap();
        assert_eq!(verify(&path, variant, false, 3), 12, "{name}");
        verify(&path, variant, true, 2);
        variants_seen.push(variant);
    }
    variants_seen.sort();
    assert_eq!(variants_seen, Variant::ALL);
}

/// python-chess's `examples/perft/*.perft` and shakmaty's `tests/*.perft`, as their own
/// tests run them (Chess960 mode), to depth 3 (Chess960 start positions to depth 2).
#[test]
fn the_published_suites_verify_when_given() {
    let Some(dir) = std::env::var_os("FENKIT_PERFT_SUITES") else {
        eprintln!(
            "SKIP: FENKIT_PERFT_SUITES is not set: python-chess's and shakmaty's perft suites \
             (GPL, not committed) were not verified; see variants/tests/data/perft/SOURCES.md"
        );
        return;
    };
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "perft") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap();
        // `python-chess-atomic.perft`, `shakmaty-random.perft`, or the bare upstream name.
        let name = stem.rsplit('-').next().unwrap();
        let (variant, depth) = match name {
            "random" | "tricky" => (Variant::Chess, 3),
            "chess960" => (Variant::Chess, 2),
            other => (other.parse().unwrap(), 3),
        };
        verify(&path, variant, true, depth);
        files += 1;
    }
    assert!(
        files >= 9,
        "only {files} suites in {}",
        Path::new(&dir).display()
    );
}
