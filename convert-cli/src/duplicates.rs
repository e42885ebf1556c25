//! Duplicate positions across files (`fenkit check --duplicates`).
//!
//! Two positions are the same when their identity keys are equal: for DFEN every field but the
//! clocks, for FEN4 the canonical placement (`spec/` documents both keys). Memory stays small
//! for millions of positions: a first pass keeps only a 64-bit identity hash and a line number
//! per position; a second pass re-reads just the files with a repeated hash and compares the
//! full keys of just those positions, so a hash collision is never reported as a duplicate.

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;

use crate::diag::Diagnostic;
use crate::input::Origin;
use crate::notation::{Finding, Notation, ReadSettings, Severity, codes};
use crate::scan::Scan;

/// The identity of an accepted position: its key and the key's hash.
fn identity(notation: Notation, settings: ReadSettings, text: &str) -> Option<(u64, String)> {
    match notation {
        Notation::Dfen | Notation::Fen => {
            let parsed = dfen::Parser::new()
                .profile(settings.profile)
                .parse(text)
                .ok()?;
            let position = parsed.fixed();
            Some((position.identity_hash(), position.identity_key()))
        }
        Notation::Fen4 => {
            let parsed = fen4::Parser::new().parse(text).ok()?;
            Some((
                parsed.placement.identity_hash(),
                parsed.placement.identity_key(),
            ))
        }
        Notation::Ndjson4 => None,
    }
}

/// Visits every position of a file that has an identity.
fn each_identity(
    origin: &Origin,
    notation: Option<Notation>,
    settings: ReadSettings,
    mut visit: impl FnMut(&crate::input::Record, u64, String),
) -> std::io::Result<()> {
    let mut scan = Scan::open(origin, notation, settings)?;
    let notation = scan.notation();
    while let Some(item) = scan.next_item()? {
        let Some(analysis) = &item.analysis else {
            continue;
        };
        if analysis.rejected {
            continue;
        }
        let Some(text) = item.record.text() else {
            continue;
        };
        if let Some((hash, key)) = identity(notation, settings, text) {
            visit(&item.record, hash, key);
        }
    }
    Ok(())
}

/// Finds every position whose identity already appeared earlier (in input order) and returns
/// one warning per repeat, naming the first occurrence. Files that cannot be read are skipped
/// (the caller reports them).
pub(crate) fn find(
    inputs: &[Origin],
    notation: Option<Notation>,
    settings: ReadSettings,
) -> Vec<Diagnostic> {
    let files: Vec<&Origin> = inputs
        .iter()
        .filter(|origin| matches!(origin, Origin::File(_)))
        .collect();
    // Pass 1: hashes only.
    let hashes: Vec<Vec<u64>> = files
        .par_iter()
        .map(|origin| {
            let mut hashes = Vec::new();
            let _ = each_identity(origin, notation, settings, |_, hash, _| hashes.push(hash));
            hashes
        })
        .collect();
    let mut seen = HashSet::new();
    let mut repeated = HashSet::new();
    for hash in hashes.iter().flatten() {
        if !seen.insert(*hash) {
            repeated.insert(*hash);
        }
    }
    drop(seen);
    // Pass 2: full keys, only for repeated hashes, only in files that have one.
    let mut first: HashMap<String, (String, usize)> = HashMap::new();
    let mut out = Vec::new();
    for (origin, hashes) in files.iter().zip(&hashes) {
        if !hashes.iter().any(|hash| repeated.contains(hash)) {
            continue;
        }
        let path = origin.display();
        let _ = each_identity(origin, notation, settings, |record, hash, key| {
            if !repeated.contains(&hash) {
                return;
            }
            match first.get(&key) {
                Some((first_path, first_line)) => {
                    let text_len = record.raw.len();
                    let mut finding = Finding::cli(
                        codes::DUPLICATE,
                        0..text_len,
                        format!(
                            "duplicate position: the same position as {first_path}:{first_line}"
                        ),
                    );
                    finding.severity = Severity::Warning;
                    finding.help = Some(
                        "positions are the same when all fields but the clocks agree".to_owned(),
                    );
                    out.push(Diagnostic::new(&path, record, finding));
                }
                None => {
                    first.insert(key, (path.clone(), record.line));
                }
            }
        });
    }
    out
}
