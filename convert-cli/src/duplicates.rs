//! Duplicate positions across files (`fenkit check --duplicates`, `fenkit dedupe`).
//!
//! Two positions are the same when their identity keys are equal: for DFEN every field but the
//! clocks, for FEN4 the canonical placement (`spec/identity.md` documents both keys). The
//! identity of each accepted position is worked out by the analyser that reads it, in the one
//! pass over the inputs; the positions are then met in input order, and one that has the key
//! of an earlier one is a duplicate. Each distinct position is kept in 16 bytes: its 72-bit
//! fingerprint and the place of its first occurrence, no key (see [`Seen`] and
//! `spec/identity.md` §6).
//!
//! `--en-passant` (`--ep`) chooses how en passant enters a DFEN identity, with the rules
//! engine's definition (`dfen::rules::identity_key`): `.fen` files are judged by standard chess,
//! `.dfen` files by Dice Chess; with a variant's rules (`--variant antichess`, `[variants]`)
//! and in perft suites, by `fenkit-variants`' key (`spec/identity.md` §2.2). FEN4 placements
//! hold no en passant; `--en-passant` does not change them.

use dfen::rules::EpIdentity;

use crate::config::{Configs, Flags};
use crate::diag::Diagnostic;
use crate::input::{InputError, Origin};
use crate::scan::{Event, Scan};
use fenkit_diagnostics::Severity;
use notation::code::{Code, FenkitCode, Finding};
use notation::records::Record;
use notation::{EnPassant, Identity, Notation};

/// A distinct position as the search keeps it, in 16 bytes: its fingerprint (72 bits: the
/// identity hash, then 8 bits of a second hash of the key) above the place of its first
/// occurrence (56 bits: the input's index in 20 bits, the line in 36). Sorting entries sorts
/// them by fingerprint.
type Entry = u128;

/// Bits of an [`Entry`] below its fingerprint.
const PLACE_BITS: u32 = 56;
/// Bits of a place that hold the line.
const LINE_BITS: u32 = 36;

/// The fingerprint of an identity (`spec/identity.md` §6): its FNV-1a hash and the top 8 bits
/// of SipHash-1-3 (Rust's `DefaultHasher`, fixed keys) over the key.
fn fingerprint(identity: &Identity) -> u128 {
    use std::hash::Hasher;
    let mut second = std::hash::DefaultHasher::new();
    second.write(identity.key.as_bytes());
    (u128::from(identity.hash) << 8) | u128::from(second.finish() >> 56)
}

/// The place of an occurrence, saturated at the largest input and line a place holds.
fn place(input: usize, line: usize) -> u128 {
    let input = (input as u128).min((1 << (PLACE_BITS - LINE_BITS)) - 1);
    let line = (line as u128).min((1 << LINE_BITS) - 1);
    (input << LINE_BITS) | line
}

/// The input and line an entry's place holds.
fn place_of(entry: Entry) -> (usize, usize) {
    let place = entry & ((1 << PLACE_BITS) - 1);
    (
        usize::try_from(place >> LINE_BITS).unwrap_or(usize::MAX),
        usize::try_from(place & ((1 << LINE_BITS) - 1)).unwrap_or(usize::MAX),
    )
}

/// Entries a chunk of a run holds (1 MiB).
const CHUNK: usize = 1 << 16;
/// Entries met since the last flush, kept in a hash table until it holds this many.
const RECENT: usize = 1 << 17;
/// Buckets of a run's index, by the top 16 bits of the fingerprint.
const BUCKETS: usize = 1 << 16;

/// Entries sorted by fingerprint, in chunks of [`CHUNK`] (all full but the last), with the index
/// of where each bucket of fingerprints starts.
struct Run {
    chunks: Vec<Vec<Entry>>,
    len: usize,
    /// `index[b]`: the first entry whose top 16 bits are at least `b` (`BUCKETS + 1` of them).
    index: Vec<u32>,
}

/// Chunks that a merge has read, kept for the chunks it writes: a merge moves its entries
/// from one set of chunks to another without handing memory back to the allocator, which
/// may keep what it is handed back for a while (so the two sets would add up).
#[derive(Default)]
struct Spare {
    chunks: Vec<Vec<Entry>>,
}

impl Spare {
    /// An empty chunk with room for [`CHUNK`] entries.
    fn take(&mut self) -> Vec<Entry> {
        self.chunks
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(CHUNK))
    }

    /// Keeps a chunk that has been read.
    fn give(&mut self, mut chunk: Vec<Entry>) {
        chunk.clear();
        self.chunks.push(chunk);
    }
}

impl Run {
    fn get(&self, at: usize) -> Entry {
        self.chunks
            .get(at / CHUNK)
            .and_then(|chunk| chunk.get(at % CHUNK))
            .copied()
            .unwrap_or(u128::MAX)
    }

    /// The entry with `fingerprint`, if the run holds one.
    fn find(&self, fingerprint: u128) -> Option<Entry> {
        let bucket = usize::try_from(fingerprint >> 56).unwrap_or(0);
        let mut low = self.index.get(bucket).map_or(0, |&at| at as usize);
        let mut high = self
            .index
            .get(bucket + 1)
            .map_or(self.len, |&at| at as usize);
        let wanted = fingerprint << PLACE_BITS;
        while low < high {
            let middle = low + (high - low) / 2;
            if self.get(middle) < wanted {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        let entry = self.get(low);
        (low < self.len && entry >> PLACE_BITS == fingerprint).then_some(entry)
    }

    /// A run of `entries` merged in order from sorted sources, each chunk of a source reused
    /// for the output as soon as it has been read: the memory of the two never adds up.
    fn merged(mut a: Run, mut b: Run) -> Run {
        let len = a.len + b.len;
        let mut spare = Spare::default();
        let mut out = Writer::new();
        a.chunks.reverse();
        b.chunks.reverse();
        let mut a = Reader::new(a.chunks);
        let mut b = Reader::new(b.chunks);
        loop {
            let next = match (a.peek(&mut spare), b.peek(&mut spare)) {
                (Some(x), Some(y)) if x <= y => a.next(&mut spare),
                (Some(_), Some(_)) | (None, Some(_)) => b.next(&mut spare),
                (Some(_), None) => a.next(&mut spare),
                (None, None) => break,
            };
            if let Some(entry) = next {
                out.push(entry, &mut spare);
            }
        }
        out.finish(len)
    }
}

/// Reads a run's chunks in order (they are given in reverse), handing each on once read.
struct Reader {
    chunks: Vec<Vec<Entry>>,
    at: usize,
}

impl Reader {
    fn new(chunks: Vec<Vec<Entry>>) -> Reader {
        Reader { chunks, at: 0 }
    }

    fn peek(&mut self, spare: &mut Spare) -> Option<Entry> {
        while self
            .chunks
            .last()
            .is_some_and(|chunk| self.at >= chunk.len())
        {
            if let Some(chunk) = self.chunks.pop() {
                spare.give(chunk);
            }
            self.at = 0;
        }
        self.chunks
            .last()
            .and_then(|chunk| chunk.get(self.at))
            .copied()
    }

    fn next(&mut self, spare: &mut Spare) -> Option<Entry> {
        let entry = self.peek(spare)?;
        self.at += 1;
        Some(entry)
    }
}

/// Writes a run chunk by chunk.
struct Writer {
    chunks: Vec<Vec<Entry>>,
    current: Vec<Entry>,
}

impl Writer {
    fn new() -> Writer {
        Writer {
            chunks: Vec::new(),
            current: Vec::new(),
        }
    }

    fn push(&mut self, entry: Entry, spare: &mut Spare) {
        if self.current.capacity() == 0 {
            self.current = spare.take();
        }
        self.current.push(entry);
        if self.current.len() == CHUNK {
            self.chunks.push(std::mem::take(&mut self.current));
        }
    }

    /// The run, with its index.
    fn finish(mut self, len: usize) -> Run {
        if !self.current.is_empty() {
            self.chunks.push(self.current);
        }
        let mut run = Run {
            chunks: self.chunks,
            len,
            index: Vec::new(),
        };
        let mut index = Vec::with_capacity(BUCKETS + 1);
        let mut at = 0usize;
        for bucket in 0..=BUCKETS {
            while at < len && usize::try_from(run.get(at) >> 112).unwrap_or(BUCKETS) < bucket {
                at += 1;
            }
            index.push(u32::try_from(at).unwrap_or(u32::MAX));
        }
        run.index = index;
        run
    }
}

/// The first occurrence of every distinct position met so far, in 16 bytes each (beside a
/// constant): the last [`RECENT`] in a hash table, the others in sorted runs, merged as in a
/// binary counter so that there are about log₂(distinct / [`RECENT`]) of them. No key is
/// kept: two positions are the same when their 72-bit fingerprints are (`spec/identity.md`
/// §6 gives the odds of a false repeat).
#[derive(Default)]
struct Seen {
    recent: hashbrown::HashTable<Entry>,
    /// Runs, oldest (largest) first.
    runs: Vec<Run>,
}

impl Seen {
    /// Meets `identity` at `input`, `line`: the input and line of its first occurrence when it
    /// was met before; else it is the first.
    fn meet(&mut self, identity: &Identity, input: usize, line: usize) -> Option<(usize, usize)> {
        let fingerprint = fingerprint(identity);
        let hash = |entry: &Entry| (entry >> PLACE_BITS) as u64;
        let table_hash = fingerprint as u64;
        if let Some(&entry) = self
            .recent
            .find(table_hash, |&entry| entry >> PLACE_BITS == fingerprint)
        {
            return Some(place_of(entry));
        }
        if let Some(entry) = self.runs.iter().find_map(|run| run.find(fingerprint)) {
            return Some(place_of(entry));
        }
        if self.recent.capacity() == 0 {
            self.recent.reserve(RECENT, hash);
        }
        self.recent.insert_unique(
            table_hash,
            (fingerprint << PLACE_BITS) | place(input, line),
            hash,
        );
        if self.recent.len() >= RECENT {
            self.flush();
        }
        None
    }

    /// Moves the recent entries into a sorted run, and merges runs of about the same size.
    fn flush(&mut self) {
        let mut entries: Vec<Entry> = self.recent.iter().copied().collect();
        self.recent.clear();
        entries.sort_unstable();
        let len = entries.len();
        let mut writer = Writer::new();
        let mut spare = Spare::default();
        for entry in entries {
            writer.push(entry, &mut spare);
        }
        let mut run = writer.finish(len);
        while let Some(last) = self.runs.pop() {
            if last.len > run.len {
                self.runs.push(last);
                break;
            }
            run = Run::merged(last, run);
        }
        self.runs.push(run);
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

    /// Meets the position of `record`, in input `input` (named `path`, read as `notation`,
    /// judged by the rules of `variant` when one is given), whose identity is `identity`: a
    /// warning when an earlier position had it, on the position's text (`embedded`, inside a
    /// container) or the whole record.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn see(
        &mut self,
        input: usize,
        path: &str,
        notation: Notation,
        variant: Option<variants::Variant>,
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
            Code::Fenkit(FenkitCode::Duplicate),
            Severity::Warning,
            embedded.unwrap_or(0..record.raw().len()),
            format!("duplicate position: the same position as {first_path}:{first_line}"),
        )
        .with_help(match variant {
            // The variant library's key (`spec/identity.md` §2.2).
            Some(_) if matches!(notation.entry().en_passant, EnPassant::Rules(_)) => {
                "positions are the same when all fields but the clocks agree as the variant \
                 counts them: castling rights and en passant as its moves can use them"
            }
            _ => help(notation, self.ep),
        });
        self.diagnostics
            .push(Diagnostic::new(path, record, finding));
        self.places.push((input, record.line));
    }

    /// The warning to print when an `--en-passant` policy was asked for but some positions were FEN4
    /// placements or variant positions, to which it does not apply.
    pub(crate) fn ep_note(&self) -> Option<&'static str> {
        if self.ep == EpIdentity::Always {
            None
        } else if self.saw_placements {
            Some(
                "`--en-passant` does not apply to FEN4 placements (they hold no en passant); \
                 they were compared by placement alone",
            )
        } else if self.saw_variants {
            Some(
                "`--en-passant` does not apply to variant positions (their rules are not fenkit's); \
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
        None,
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
                        .push(crate::scan::read_as(name, read, chosen, given, false));
                }
                Event::Unopened { input, error } => {
                    let name = names.get(input).map_or("", String::as_str);
                    found.errors.push(InputError::io(name, &error));
                }
                Event::End {
                    input,
                    error,
                    counted,
                    ..
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
                    let embedded = analysis.embedded_span();
                    if let (Some(identity), Some(notation)) = (analysis.identity, notation) {
                        let name = names.get(input).map_or("", String::as_str);
                        found.duplicates.see(
                            input,
                            name,
                            notation,
                            files.get(input).and_then(|file| file.read.rules),
                            &item.record,
                            *identity,
                            embedded,
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
    use super::{RECENT, Seen};
    use notation::Identity;

    fn identity(hash: u64, key: &str) -> Identity {
        Identity {
            hash,
            key: key.to_owned(),
        }
    }

    /// Two keys that share the identity hash are still told apart by the second hash of the
    /// fingerprint (these two differ in it), each with its own first occurrence.
    #[test]
    fn keys_that_share_a_hash_are_told_apart_by_the_fingerprint() {
        let mut seen = Seen::default();
        assert_eq!(seen.meet(&identity(7, "a"), 0, 1), None);
        assert_eq!(seen.meet(&identity(7, "b"), 0, 2), None, "not a repeat");
        assert_eq!(seen.meet(&identity(7, "b"), 1, 5), Some((0, 2)));
        assert_eq!(seen.meet(&identity(7, "a"), 2, 9), Some((0, 1)));
        assert_eq!(seen.meet(&identity(8, "a"), 2, 10), None);
    }

    /// First occurrences are found wherever they are kept: in the recent table or in any of
    /// the runs it was flushed and merged into.
    #[test]
    fn first_occurrences_are_found_across_runs() {
        let mut seen = Seen::default();
        let count = 3 * RECENT + 123;
        for n in 0..count {
            let key = format!("position {n}");
            assert_eq!(seen.meet(&Identity::of_key(key), n % 3, n + 1), None, "{n}");
        }
        assert!(seen.runs.len() >= 2, "{} runs", seen.runs.len());
        let kept: usize = seen.runs.iter().map(|run| run.len).sum::<usize>() + seen.recent.len();
        assert_eq!(kept, count);
        for n in (0..count).step_by(997).chain([0, count - 1]) {
            let key = format!("position {n}");
            assert_eq!(
                seen.meet(&Identity::of_key(key), 9, 9),
                Some((n % 3, n + 1)),
                "{n}"
            );
        }
    }
}
