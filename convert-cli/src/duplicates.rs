//! Duplicate positions across files (`fenkit check --duplicates`, `fenkit dedupe`).
//!
//! Two positions are the same when their identity keys are equal: for DFEN every field but the
//! clocks, for FEN4 the canonical placement (`spec/identity.md` documents both keys). The
//! identity of each accepted position is worked out by the analyser that reads it, in the one
//! pass over the inputs; the positions are then met in input order, and one that has the key
//! of an earlier one is a duplicate. The key of each distinct position is kept (in chunks,
//! beside a table of about 50 bytes a position), so a hash collision is never reported as a
//! duplicate.
//!
//! `--ep` chooses how en passant enters a DFEN identity, with the rules engine's definition
//! (`dfen::rules::identity_key`): `.fen` files are judged by standard chess, `.dfen` files by
//! Dice Chess. FEN4 placements hold no en passant; `--ep` does not change them.

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

/// Where a key is kept: its chunk of [`Keys`], and its byte range there.
#[derive(Debug, Clone, Copy)]
struct KeyAt {
    chunk: u32,
    start: u32,
    len: u32,
}

/// Every distinct key met, one after another in chunks of [`Keys::CHUNK`] bytes: one
/// allocation per chunk, not one per key, and no room left over but the last chunk's.
#[derive(Default)]
struct Keys {
    chunks: Vec<String>,
}

impl Keys {
    const CHUNK: usize = 1 << 20;

    fn push(&mut self, key: &str) -> KeyAt {
        let fits = self
            .chunks
            .last()
            .is_some_and(|chunk| chunk.capacity() - chunk.len() >= key.len());
        if !fits {
            self.chunks
                .push(String::with_capacity(Keys::CHUNK.max(key.len())));
        }
        let chunk = self.chunks.len() - 1;
        let text = &mut self.chunks[chunk];
        let start = text.len();
        text.push_str(key);
        KeyAt {
            chunk: u32::try_from(chunk).unwrap_or(u32::MAX),
            start: u32::try_from(start).unwrap_or(u32::MAX),
            len: u32::try_from(key.len()).unwrap_or(u32::MAX),
        }
    }

    fn get(&self, at: KeyAt) -> &str {
        let start = at.start as usize;
        self.chunks
            .get(at.chunk as usize)
            .and_then(|chunk| chunk.get(start..start + at.len as usize))
            .unwrap_or_default()
    }
}

/// The first occurrence of a distinct position: its identity hash and key, its input and
/// line.
#[derive(Debug, Clone, Copy)]
struct First {
    hash: u64,
    key: KeyAt,
    input: u32,
    line: u64,
}

/// The first occurrence of every distinct position met so far, about 50 bytes each beside
/// its key: a table of indices (hashed by the identity hash they carry) into `firsts`.
#[derive(Default)]
struct Seen {
    table: hashbrown::HashTable<u32>,
    firsts: Vec<First>,
    keys: Keys,
}

impl Seen {
    /// Meets `identity` at `input`, `line`: the input and line of its first occurrence when it
    /// was met before; else it is the first.
    fn meet(&mut self, identity: &Identity, input: usize, line: usize) -> Option<(usize, usize)> {
        let Seen {
            table,
            firsts,
            keys,
        } = self;
        let same = |&index: &u32| {
            let first = &firsts[index as usize];
            first.hash == identity.hash && keys.get(first.key) == identity.key
        };
        if let Some(&index) = table.find(identity.hash, same) {
            let first = firsts[index as usize];
            return Some((first.input as usize, first.line as usize));
        }
        let index = u32::try_from(firsts.len()).unwrap_or(u32::MAX);
        firsts.push(First {
            hash: identity.hash,
            key: keys.push(&identity.key),
            input: u32::try_from(input).unwrap_or(u32::MAX),
            line: line as u64,
        });
        table.insert_unique(identity.hash, index, |&index| firsts[index as usize].hash);
        None
    }
}

/// The repeated positions of a run, found as its positions are met in input order.
pub(crate) struct Duplicates {
    ep: EpIdentity,
    /// The name of each input, by its index, for the message that names a first occurrence.
    names: Vec<String>,
    /// The first occurrence of every distinct position so far.
    seen: Seen,
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
            seen: Seen::default(),
            diagnostics: Vec::new(),
            places: Vec::new(),
            saw_placements: false,
            saw_variants: false,
        }
    }

    /// Meets the position of `record`, in input `input` (named `path`, read as `notation`),
    /// whose identity is `identity`: a warning when an earlier position had it, on the
    /// position's text (`embedded`, inside a container) or the whole record.
    pub(crate) fn see(
        &mut self,
        input: usize,
        path: &str,
        notation: Notation,
        record: &Record<'_>,
        identity: Identity,
        embedded: Option<std::ops::Range<usize>>,
    ) {
        match notation.entry().en_passant {
            EnPassant::None => self.saw_placements = true,
            EnPassant::AsWritten => self.saw_variants = true,
            EnPassant::Rules(_) => {}
        }
        let Some((first_input, first_line)) = self.seen.meet(&identity, input, record.line) else {
            return;
        };
        let first_path = self.names.get(first_input).map_or("", String::as_str);
        let finding = Finding::new(
            Code::Cli(CliCode::Duplicate),
            Severity::Warning,
            embedded.unwrap_or(0..record.raw().len()),
            format!("duplicate position: the same position as {first_path}:{first_line}"),
        )
        .with_help(help(notation, self.ep));
        self.diagnostics
            .push(Diagnostic::new(path, record, finding));
        self.places.push((input, record.line));
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
        (EnPassant::Rules(_), EpIdentity::Legal | EpIdentity::XFen) => {
            "positions are the same when all fields but the clocks agree, counting only \
             the en-passant squares a pawn can capture onto now"
        }
        (EnPassant::Rules(_), EpIdentity::Fen) => {
            "positions are the same when all fields but the clocks agree, counting only \
             the en-passant squares a double push could have left"
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
                    let Some(analysis) = item.analysis.take() else {
                        return Ok(());
                    };
                    found.positions += 1;
                    if let (Some(identity), Some(notation)) = (analysis.identity, notation) {
                        let name = names.get(input).map_or("", String::as_str);
                        found.duplicates.see(
                            input,
                            name,
                            notation,
                            &item.record,
                            *identity,
                            analysis.embedded,
                        );
                    }
                }
            }
            Ok(())
        },
    );
    found
}

#[cfg(test)]
mod tests {
    use super::Seen;
    use crate::notation::Identity;

    fn identity(hash: u64, key: &str) -> Identity {
        Identity {
            hash,
            key: key.to_owned(),
        }
    }

    /// A position is a repeat only of one with the same key: two keys that share a hash are
    /// different positions, each with its own first occurrence.
    #[test]
    fn only_equal_keys_repeat_even_when_hashes_collide() {
        let mut seen = Seen::default();
        assert_eq!(seen.meet(&identity(7, "a"), 0, 1), None);
        assert_eq!(
            seen.meet(&identity(7, "b"), 0, 2),
            None,
            "a collision is no repeat"
        );
        assert_eq!(seen.meet(&identity(7, "b"), 1, 5), Some((0, 2)));
        assert_eq!(seen.meet(&identity(7, "a"), 2, 9), Some((0, 1)));
        assert_eq!(
            seen.meet(&identity(8, "a"), 2, 10),
            None,
            "the hash goes with the key"
        );
    }

    /// Keys are kept whole across the chunks that hold them, a key larger than a chunk too.
    #[test]
    fn keys_are_kept_across_chunks() {
        let mut seen = Seen::default();
        let big = "x".repeat(super::Keys::CHUNK + 3);
        let keys: Vec<String> = (0..40_000)
            .map(|n| format!("{n:>40}"))
            .chain([big])
            .collect();
        for (n, key) in keys.iter().enumerate() {
            assert_eq!(seen.meet(&Identity::of_key(key.clone()), 0, n), None);
        }
        for (n, key) in keys.iter().enumerate() {
            assert_eq!(
                seen.meet(&Identity::of_key(key.clone()), 1, 0),
                Some((0, n))
            );
        }
        assert!(seen.keys.chunks.len() > 2);
    }
}
