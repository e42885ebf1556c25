//! Duplicate positions across files (`fenkit check --duplicates`).
//!
//! Two positions are the same when their identity keys are equal: for DFEN every field but the
//! clocks, for FEN4 the canonical placement (`spec/` documents both keys). Memory stays small
//! for millions of positions: a first pass keeps only a 64-bit identity hash and a line number
//! per position; a second pass re-reads just the files with a repeated hash and compares the
//! full keys of just those positions, so a hash collision is never reported as a duplicate.
//!
//! `--ep` chooses how en passant enters a DFEN identity, with the rules engine's definition
//! (`dfen::rules::identity_key`): `.fen` files are judged by standard chess, `.dfen` files by
//! Dice Chess. FEN4 placements hold no en passant; `--ep` does not change them.

use std::collections::{HashMap, HashSet};

use dfen::rules::{EpIdentity, Game};
use rayon::prelude::*;

use crate::config::{Configs, Flags};
use crate::diag::Diagnostic;
use crate::input::Origin;
use fenkit_diagnostics::Severity;

use crate::code::{CliCode, Code, Finding};
use crate::notation::{Notation, ReadSettings};
use crate::scan::Scan;

/// `--ep`: how en-passant squares take part in a DFEN position's identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum EpArg {
    /// every en-passant square the position holds
    #[default]
    Always,
    /// only squares a capture onto is legal now
    Legal,
}

impl EpArg {
    /// The library's name for the choice.
    pub(crate) fn identity(self) -> EpIdentity {
        match self {
            EpArg::Always => EpIdentity::Always,
            EpArg::Legal => EpIdentity::Legal,
        }
    }
}

/// What the duplicate search found.
pub(crate) struct Duplicates {
    /// One warning per repeated position, in input order.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Where each of [`Duplicates::diagnostics`] is: the index of its file in the inputs
    /// given to [`find`], and its line. (A file is named by its index, not by its name as
    /// shown, which two files can share when their names are not UTF-8.)
    pub(crate) places: Vec<(usize, usize)>,
    /// Whether any FEN4 placement took part (`--ep` does not apply to them).
    pub(crate) saw_fen4: bool,
    /// Whether any variant position (`--variant threecheck`, …) took part (`--ep` does not
    /// apply to them either).
    pub(crate) saw_variant: bool,
    /// The positions read (as `check` counts them: rejected ones too), in all the inputs.
    pub(crate) positions: usize,
}

impl Duplicates {
    /// The warning to print when `--ep legal` was asked for but some inputs were FEN4.
    pub(crate) fn ep_note(&self, ep: EpIdentity) -> Option<&'static str> {
        if ep != EpIdentity::Legal {
            None
        } else if self.saw_fen4 {
            Some(
                "`--ep legal` does not apply to FEN4 placements (they hold no en passant); \
                 they were compared by placement alone",
            )
        } else if self.saw_variant {
            Some(
                "`--ep legal` does not apply to variant positions (their rules are not fenkit's); \
                 they were compared with every en-passant square they hold",
            )
        } else {
            None
        }
    }
}

/// The identity of an accepted position: its key and the key's hash.
fn identity(
    notation: Notation,
    settings: ReadSettings,
    ep: EpIdentity,
    text: &str,
) -> Option<(u64, String)> {
    match notation {
        Notation::Dfen | Notation::Fen => {
            let parsed = dfen::Parser::new()
                .profile(settings.profile)
                .parse(text)
                .ok()?;
            let game = if notation == Notation::Fen {
                Game::Standard
            } else {
                Game::DiceChess
            };
            let key = parsed.identity_key(ep, game);
            Some((dfen::fnv1a64(key.as_bytes()), key))
        }
        Notation::Fen4 => {
            let parsed = fen4::Parser::new().parse(text).ok()?;
            Some((
                parsed.placement.identity_hash(),
                parsed.placement.identity_key(),
            ))
        }
        Notation::Ndjson4 => None,
        // The library's identity: the essay form without the clocks, after `fmt`'s fixes.
        Notation::Variant(variant) => {
            let key = variant.read(text).ok()?.fixed().identity_key();
            Some((dfen::fnv1a64(key.as_bytes()), key))
        }
    }
}

/// The help line of a duplicate: what "the same" meant.
fn help(notation: Notation, ep: EpIdentity) -> &'static str {
    match (notation, ep) {
        (Notation::Fen4 | Notation::Ndjson4, _) => {
            "placements are the same when the same pieces stand on the same squares"
        }
        (_, EpIdentity::Always) | (Notation::Variant(_), _) => {
            "positions are the same when all fields but the clocks agree"
        }
        (_, EpIdentity::Legal | EpIdentity::XFen) => {
            "positions are the same when all fields but the clocks agree, counting only \
             the en-passant squares a pawn can capture onto now"
        }
        (_, EpIdentity::Fen) => {
            "positions are the same when all fields but the clocks agree, counting only \
             the en-passant squares a double push could have left"
        }
    }
}

/// Visits every position of a file that has an identity; returns the file's notation and
/// how many positions it holds (as `check` counts them: rejected ones too).
fn each_identity(
    origin: &Origin,
    notation: Option<Notation>,
    settings: ReadSettings,
    ep: EpIdentity,
    mut visit: impl FnMut(Notation, &crate::input::Record, u64, String),
) -> std::io::Result<(Notation, usize)> {
    let mut scan = Scan::open(origin, notation, settings)?;
    let notation = scan.notation();
    let mut positions = 0;
    while let Some(item) = scan.next_item()? {
        let Some(analysis) = &item.analysis else {
            continue;
        };
        positions += 1;
        if analysis.rejected {
            continue;
        }
        let Some(text) = item.record.text() else {
            continue;
        };
        if let Some((hash, key)) = identity(notation, settings, ep, text) {
            visit(notation, &item.record, hash, key);
        }
    }
    Ok((notation, positions))
}

/// Finds every position whose identity already appeared earlier (in input order) and returns
/// one warning per repeat, naming the first occurrence. Files that cannot be read are skipped
/// (the caller reports them).
pub(crate) fn find(
    inputs: &[Origin],
    configs: &Configs,
    flags: Flags,
    ep: EpIdentity,
) -> Duplicates {
    // One file named twice (`a.dfen ./a.dfen`, or through a link) is read once, under the
    // first name: otherwise each of its positions would repeat itself, and `dedupe --write`
    // would empty it.
    let mut names = HashSet::new();
    let files: Vec<(usize, &Origin)> = inputs
        .iter()
        .enumerate()
        .filter(|(_, origin)| match origin {
            Origin::File(path) | Origin::SpooledStdin(path) => {
                names.insert(std::fs::canonicalize(path).unwrap_or_else(|_| path.clone()))
            }
            // Read once by the check itself, it cannot be read again (see `SpooledStdin`).
            Origin::Stdin | Origin::Stream(_) => false,
        })
        .collect();
    // Pass 1: hashes only.
    let scanned: Vec<(Vec<u64>, Option<Notation>, usize)> = files
        .par_iter()
        .map(|(_, origin)| {
            let mut hashes = Vec::new();
            let file = configs.settings(origin, flags);
            let read = each_identity(origin, file.notation, file.read, ep, |_, _, hash, _| {
                hashes.push(hash);
            });
            // The notation of a file that took part.
            let notation = match read {
                Ok((notation, _)) if !hashes.is_empty() => Some(notation),
                _ => None,
            };
            let positions = read.map_or(0, |(_, positions)| positions);
            (hashes, notation, positions)
        })
        .collect();
    let saw_fen4 = scanned
        .iter()
        .any(|(_, notation, _)| *notation == Some(Notation::Fen4));
    let saw_variant = scanned
        .iter()
        .any(|(_, notation, _)| matches!(notation, Some(Notation::Variant(_))));
    let positions = scanned.iter().map(|(_, _, positions)| positions).sum();
    let hashes: Vec<Vec<u64>> = scanned.into_iter().map(|(hashes, ..)| hashes).collect();
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
    let mut places = Vec::new();
    for ((index, origin), hashes) in files.iter().zip(&hashes) {
        if !hashes.iter().any(|hash| repeated.contains(hash)) {
            continue;
        }
        let path = origin.display();
        let file = configs.settings(origin, flags);
        let _ = each_identity(
            origin,
            file.notation,
            file.read,
            ep,
            |notation, record, hash, key| {
                if !repeated.contains(&hash) {
                    return;
                }
                match first.get(&key) {
                    Some((first_path, first_line)) => {
                        let text_len = record.raw().len();
                        let finding = Finding::new(
                            Code::Cli(CliCode::Duplicate),
                            Severity::Warning,
                            0..text_len,
                            format!(
                                "duplicate position: the same position as {first_path}:{first_line}"
                            ),
                        )
                        .with_help(help(notation, ep));
                        out.push(Diagnostic::new(&path, record, finding));
                        places.push((*index, record.line));
                    }
                    None => {
                        first.insert(key, (path.clone(), record.line));
                    }
                }
            },
        );
    }
    Duplicates {
        diagnostics: out,
        places,
        saw_fen4,
        saw_variant,
        positions,
    }
}
