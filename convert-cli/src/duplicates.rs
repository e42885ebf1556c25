//! Duplicate positions across files (`fenkit check --duplicates`, `fenkit dedupe`).
//!
//! Two positions are the same when their identity keys are equal: for DFEN every field but the
//! clocks, for FEN4 the canonical placement (`spec/identity.md` documents both keys). The
//! identity of each accepted position is worked out by the analyser that reads it, in the one
//! pass over the inputs; the positions are then met in input order, and one that has the key
//! of an earlier one is a duplicate. The key of each distinct position is kept, so a hash
//! collision is never reported as a duplicate.
//!
//! `--ep` chooses how en passant enters a DFEN identity, with the rules engine's definition
//! (`dfen::rules::identity_key`): `.fen` files are judged by standard chess, `.dfen` files by
//! Dice Chess. FEN4 placements hold no en passant; `--ep` does not change them.

use std::collections::HashMap;
use std::collections::hash_map::Entry as Slot;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use dfen::rules::EpIdentity;

use crate::code::{CliCode, Code, Finding};
use crate::config::{Configs, Flags};
use crate::diag::Diagnostic;
use crate::input::{InputError, Origin, Record};
use crate::notation::{EnPassant, Identity, Notation};
use crate::scan::{Event, Scan};
use fenkit_diagnostics::Severity;

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

/// An identity key in the table of first occurrences, hashed by its identity hash.
struct Key(Identity);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash);
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.0.key == other.0.key
    }
}

impl Eq for Key {}

/// The hasher of [`Key`]: the identity hash is already a hash.
#[derive(Default)]
struct Passthrough(u64);

impl Hasher for Passthrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = dfen::fnv1a64(bytes);
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// The repeated positions of a run, found as its positions are met in input order.
pub(crate) struct Duplicates {
    ep: EpIdentity,
    /// The name of each input, by its index, for the message that names a first occurrence.
    names: Vec<String>,
    /// The first occurrence of every distinct position so far: its input and line.
    first: HashMap<Key, (usize, usize), BuildHasherDefault<Passthrough>>,
    /// One warning per repeated position, in input order.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Where each of [`Duplicates::diagnostics`] is: the index of its input and its line. (An
    /// input is named by its index, not by its name as shown, which two files can share when
    /// their names are not UTF-8.)
    pub(crate) places: Vec<(usize, usize)>,
    /// Whether any FEN4 placement took part (`--ep` does not apply to them).
    saw_placements: bool,
    /// Whether any variant position (`--variant threecheck`, …) took part (`--ep` does not
    /// apply to them either).
    saw_variants: bool,
}

impl Duplicates {
    /// A search over inputs with these names (by index), en passant counted as `ep` says.
    pub(crate) fn new(ep: EpIdentity, names: Vec<String>) -> Duplicates {
        Duplicates {
            ep,
            names,
            first: HashMap::default(),
            diagnostics: Vec::new(),
            places: Vec::new(),
            saw_placements: false,
            saw_variants: false,
        }
    }

    /// Meets the position of `record`, in input `input` (named `path`, read as `notation`),
    /// whose identity is `identity`: a warning when an earlier position had it.
    pub(crate) fn see(
        &mut self,
        input: usize,
        path: &str,
        notation: Notation,
        record: &Record<'_>,
        identity: Identity,
    ) {
        match notation.entry().en_passant {
            EnPassant::None => self.saw_placements = true,
            EnPassant::AsWritten => self.saw_variants = true,
            EnPassant::Rules(_) => {}
        }
        match self.first.entry(Key(identity)) {
            Slot::Vacant(slot) => {
                slot.insert((input, record.line));
            }
            Slot::Occupied(first) => {
                let (first_input, first_line) = *first.get();
                let first_path = self.names.get(first_input).map_or("", String::as_str);
                let finding = Finding::new(
                    Code::Cli(CliCode::Duplicate),
                    Severity::Warning,
                    0..record.raw().len(),
                    format!("duplicate position: the same position as {first_path}:{first_line}"),
                )
                .with_help(help(notation, self.ep));
                self.diagnostics
                    .push(Diagnostic::new(path, record, finding));
                self.places.push((input, record.line));
            }
        }
    }

    /// The warning to print when `--ep legal` was asked for but some positions were FEN4
    /// placements or variant positions, to which it does not apply.
    pub(crate) fn ep_note(&self) -> Option<&'static str> {
        if self.ep != EpIdentity::Legal {
            None
        } else if self.saw_placements {
            Some(
                "`--ep legal` does not apply to FEN4 placements (they hold no en passant); \
                 they were compared by placement alone",
            )
        } else if self.saw_variants {
            Some(
                "`--ep legal` does not apply to variant positions (their rules are not fenkit's); \
                 they were compared with every en-passant square they hold",
            )
        } else {
            None
        }
    }
}

/// The help line of a duplicate: what "the same" meant.
fn help(notation: Notation, ep: EpIdentity) -> &'static str {
    match (notation.entry().en_passant, ep) {
        (EnPassant::None, _) => {
            "placements are the same when the same pieces stand on the same squares"
        }
        (_, EpIdentity::Always) | (EnPassant::AsWritten, _) => {
            "positions are the same when all fields but the clocks agree"
        }
        (EnPassant::Rules(_), EpIdentity::Legal) => {
            "positions are the same when all fields but the clocks agree, counting only \
             the en-passant squares a pawn can capture onto now"
        }
    }
}

/// What the duplicate search of `dedupe` found.
pub(crate) struct Found {
    /// The repeats.
    pub(crate) duplicates: Duplicates,
    /// The positions read (as `check` counts them: rejected ones too), in all the inputs.
    pub(crate) positions: usize,
    /// The inputs that could not be read (to their end), in input order.
    pub(crate) errors: Vec<InputError>,
    /// For `--verbose`: which notation each input was read as, and why.
    pub(crate) notes: Vec<String>,
}

/// Finds every position whose identity already appeared earlier (in input order), reading
/// each input once on `threads` threads. An input that cannot be read is an error of the
/// result; its positions before the error take part.
pub(crate) fn find(
    inputs: &[Origin],
    configs: &Configs,
    flags: Flags,
    ep: EpIdentity,
    threads: usize,
) -> Found {
    let names: Vec<String> = inputs.iter().map(Origin::display).collect();
    let files: Vec<_> = inputs
        .iter()
        .map(|origin| configs.settings(origin, flags))
        .collect();
    let mut found = Found {
        duplicates: Duplicates::new(ep, names.clone()),
        positions: 0,
        errors: Vec::new(),
        notes: Vec::new(),
    };
    let mut notation = None;
    // Nothing below fails: an input's errors are events, which are kept.
    let _ = crate::scan::scan_all(
        inputs.len(),
        threads,
        true,
        |index| {
            let origin = inputs
                .get(index)
                .ok_or_else(|| std::io::Error::other("no input"))?;
            let file = configs.settings(origin, flags);
            Ok(Scan::open(origin, file.notation, file.read)?
                .without_canonical()
                .with_identities(ep))
        },
        |event| {
            match event {
                Event::Begin {
                    input,
                    notation: read,
                    chosen,
                } => {
                    notation = Some(read);
                    let name = names.get(input).map_or("", String::as_str);
                    let given = files.get(input).and_then(|f| f.notation_from.as_deref());
                    found
                        .notes
                        .push(crate::scan::read_as(name, read, chosen, given));
                }
                Event::Unopened { input, error } => {
                    let name = names.get(input).map_or("", String::as_str);
                    found.errors.push(InputError::io(name, &error));
                }
                Event::End {
                    input,
                    error,
                    counted,
                } => {
                    found.positions += counted;
                    if let Some(error) = error {
                        let name = names.get(input).map_or("", String::as_str);
                        found.errors.push(InputError::io(name, &error));
                    }
                }
                Event::Item { input, item, .. } => {
                    let Some(analysis) = item.analysis else {
                        return Ok(());
                    };
                    found.positions += 1;
                    if let (Some(identity), Some(notation)) = (analysis.identity, notation) {
                        let name = names.get(input).map_or("", String::as_str);
                        found
                            .duplicates
                            .see(input, name, notation, &item.record, identity);
                    }
                }
            }
            Ok(())
        },
    );
    found
}
