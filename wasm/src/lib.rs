//! `fenkit-wasm`: the WebAssembly half of the `fenkit` npm package.
//!
//! JavaScript users import `fenkit`, whose hand-written layer (`wasm/js/fenkit.js`, typed by
//! `wasm/js/fenkit.d.ts`) is the API; the functions here are its private boundary, built with
//! wasm-bindgen. This crate only translates: every decision (parsing, findings, canonical
//! forms, conversions, the rules, identity keys) is made by `dfen` and `fen4`.
//!
//! The boundary is built to be cheap, since a call per position is the common use:
//!
//! - **Text goes in through one buffer.** The JavaScript side writes the UTF-8 bytes of a text
//!   straight into this module's memory ([`input`] says where, in [`module_memory`]) and passes its length; no
//!   string object crosses, and nothing is allocated for it.
//! - **The settings are one number** (`read::Reader`): what is read (a DFEN, a FEN4, a
//!   variant), profile, dialect, strictness and the kind of text, packed by the JavaScript side.
//! - **The hot call answers with one number** ([`status`]): rejected or not, whether a finding
//!   is an error, whether the canonical form is the text itself, and how many findings there
//!   are. No finding object and no text is built unless the caller asks for it: then the text
//!   is read again ([`report`], [`details`], [`canonical`]), which costs far less than building
//!   what nobody reads.
//! - **Everything else comes back as one string** (`answer`): a text as it is, a value as
//!   JSON, a failure as the fields of the `FenkitError` the JavaScript side throws. Spans are
//!   counted as the caller's text is: UTF-16 code units for a string, bytes for a
//!   `Uint8Array`.
//!
//! The crate builds two modules (its features, `wasm/Cargo.toml`): the main one (`core`), and
//! the PGN reader (`pgn`: `read_pgn` and the input buffer), which the package loads on the
//! first call of `readPgn`, so that the main module keeps within its size budget.
//!
//! No input may trap the module. The libraries do not panic by design (they deny the
//! panicking constructs and are fuzzed), and neither does this crate.

#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]
// Without `core` (the PGN module), most of the shared layer goes unused.
#![cfg_attr(not(feature = "core"), allow(dead_code, unused_imports))]

mod analysis;
#[cfg(feature = "pgn")]
mod check;
mod found;
mod lichess;
#[cfg(feature = "pgn")]
mod options;
#[cfg(feature = "pgn")]
mod pgn;
mod read;
#[cfg(feature = "pgn")]
mod rewrite;
mod rules;

use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::analysis::Mode;
use crate::found::{Failure, Found, Source};
use crate::read::Reader;

thread_local! {
    /// The text of the next call, written by the JavaScript side.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The module's memory, into which the JavaScript side writes each text.
#[wasm_bindgen]
pub fn module_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Where to write a text of up to `capacity` bytes: an offset into [`module_memory`]. It stays valid
/// until the next call of this function.
#[wasm_bindgen]
pub fn input(capacity: usize) -> usize {
    INPUT.with_borrow_mut(|buffer| {
        if buffer.len() < capacity {
            buffer.resize(capacity, 0);
        }
        buffer.as_mut_ptr() as usize
    })
}

/// The names of every option value and format, for the JavaScript side to number them by.
#[derive(Serialize)]
struct Vocabulary {
    profiles: [&'static str; 3],
    variants: Vec<&'static str>,
    /// Other spellings of the variants, each with the name it stands for.
    aliases: std::collections::BTreeMap<&'static str, &'static str>,
    dialects: [&'static str; 4],
    readings: [&'static str; 2],
    version: &'static str,
}

/// The names of every option value and format, in the order of their numbers (JSON).
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn vocabulary() -> String {
    analysis::json(&Vocabulary {
        profiles: read::PROFILES.map(dfen::Profile::name),
        variants: lichess::names(),
        aliases: lichess::aliases(),
        dialects: read::DIALECTS,
        readings: rules::readings(),
        version: env!("CARGO_PKG_VERSION"),
    })
}

/// Calls `run` with the first `len` bytes of the input as text, or `invalid` with the
/// `FENKIT001` finding when they are not UTF-8.
fn with_text<T>(
    len: usize,
    bytes: bool,
    run: impl FnOnce(Source<'_>, &str) -> T,
    invalid: impl FnOnce(Found) -> T,
) -> T {
    INPUT.with_borrow(|buffer| {
        let input = buffer.get(..len).unwrap_or_default();
        match std::str::from_utf8(input) {
            Ok(text) => run(Source::new(text, bytes), text),
            Err(error) => invalid(Found::invalid_utf8(input, error.valid_up_to())),
        }
    })
}

/// What the value of an answer is.
enum Answer {
    /// A string, sent as it is.
    Text(String),
    /// JSON text.
    Json(String),
}

/// An answer as the JavaScript side reads it: `=` and the text for a string, JSON for any
/// other value, `!` and the `FenkitError`'s fields as JSON for a failure. Strings (canonical
/// forms, conversions, keys) so cost no JSON at all.
fn answer(result: Result<Answer, Failure>, source: Source<'_>) -> String {
    match result {
        Ok(Answer::Text(text)) => {
            let mut out = String::with_capacity(text.len() + 1);
            out.push('=');
            out.push_str(&text);
            out
        }
        Ok(Answer::Json(json)) => json,
        Err(failure) => {
            let mut out = String::from("!");
            out.push_str(&analysis::json(&failure.out(source)));
            out
        }
    }
}

/// Runs `call` on the input read by `reader`, answering as [`answer`] does.
fn respond(
    len: usize,
    reader: &Reader,
    call: impl FnOnce(Source<'_>, &str) -> Result<Answer, Failure>,
) -> String {
    with_text(
        len,
        reader.bytes,
        |source, text| answer(call(source, text), source),
        |found| answer(Err(Failure::new("syntax", found)), Source::new("", true)),
    )
}

/// The status of the input read by `reader` and judged by `mode` (0: as read, 1: as `fenkit
/// check` judges it): see `analysis::REJECTED` and the bits beside it.
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn status(len: usize, reader: u32, mode: u32) -> u32 {
    let reader = Reader::decode(reader);
    let mode = Mode::decode(mode);
    with_text(
        len,
        reader.bytes,
        |_, text| analysis::status(&reader, mode, text),
        |_| match mode {
            Mode::Read => analysis::REJECTED,
            Mode::Check => analysis::REJECTED | analysis::HAS_ERRORS | (1 << analysis::COUNT_SHIFT),
        },
    )
}

/// The findings of the input, as [`status`] judged it: `{"findings": […], "error": …}`.
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn report(len: usize, reader: u32, mode: u32) -> String {
    let reader = Reader::decode(reader);
    let mode = Mode::decode(mode);
    with_text(
        len,
        reader.bytes,
        |source, text| analysis::report(&reader, mode, source, text),
        |found| analysis::report_invalid(mode, found),
    )
}

/// `fenkit fmt`'s form of the input, or the error that rejects it.
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn canonical(len: usize, reader: u32) -> String {
    let reader = Reader::decode(reader);
    respond(len, &reader, |_, text| {
        analysis::canonical(&reader, text).map(Answer::Text)
    })
}

/// Everything a parse result shows besides its status (`analysis::details`).
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn details(len: usize, reader: u32) -> String {
    let reader = Reader::decode(reader);
    respond(len, &reader, |source, text| {
        analysis::details(&reader, source, text).map(Answer::Json)
    })
}

/// The identity key of the input's position; `legal_ep` counts only en-passant squares a
/// capture onto is legal now.
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn position_key(len: usize, reader: u32, legal_ep: bool) -> String {
    let reader = Reader::decode(reader);
    respond(len, &reader, |_, text| {
        analysis::position_key(&reader, text, legal_ep).map(Answer::Text)
    })
}

/// The legal first micro-moves of the input's DFEN position.
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn legal_moves(len: usize, reader: u32, king_capture: u32) -> String {
    let reader = Reader::decode(reader);
    respond(len, &reader, |_, text| {
        rules::legal_moves(text, king_capture).map(Answer::Json)
    })
}

/// Every complete legal turn of the input's DFEN position.
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn turns(len: usize, reader: u32, king_capture: u32) -> String {
    let reader = Reader::decode(reader);
    respond(len, &reader, |_, text| {
        rules::turns(text, king_capture).map(Answer::Json)
    })
}

/// The outcome of playing `uci` in the input's DFEN position.
#[cfg(feature = "core")]
#[wasm_bindgen]
pub fn play(len: usize, reader: u32, uci: &str, king_capture: u32) -> String {
    let reader = Reader::decode(reader);
    respond(len, &reader, |_, text| {
        rules::play(text, uci, king_capture).map(Answer::Json)
    })
}

/// Every finding of the input as `fenkit check` reports it, with the options set last by
/// [`check_settings`], read by the notation library (`check::check_with`): 0 for a text
/// without a finding (the common answer, which so crosses into JavaScript as a number, not a
/// string), else 1, and the JSON answer is [`check_answer`]'s.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn check_text(len: usize, bytes: bool) -> u32 {
    let answer = check_answer_of(len, bytes);
    let found = u32::from(!answer.is_empty());
    CHECK_ANSWER.set(answer);
    found
}

/// The JSON answer of the last [`check_text`] call that had one.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn check_answer() -> String {
    CHECK_ANSWER.take()
}

/// The answer of `check` for the input: JSON, or the empty string for a text without a
/// finding.
#[cfg(feature = "pgn")]
fn check_answer_of(len: usize, bytes: bool) -> String {
    CHECK_SETTINGS.with_borrow_mut(|settings| {
        with_text(
            len,
            bytes,
            |source, text| match settings {
                Ok(checker) => crate::check::check_with(source, text, checker),
                Err(refused) => refused.clone(),
            },
            |found| {
                INPUT.with_borrow(|input| {
                    crate::check::not_utf8(input.get(..len).unwrap_or_default(), &found)
                })
            },
        )
    })
}

#[cfg(feature = "pgn")]
thread_local! {
    /// The settings of the next `check_text` calls, set by [`check_settings`]: resolved, or
    /// the answer that refuses them.
    static CHECK_SETTINGS: RefCell<Result<notation::reading::Checker, String>> =
        RefCell::new(Ok(notation::reading::Checker::new(
            notation::settings::Resolved::default(),
        )));
    /// The JSON answer of the last `check_text` call, until [`check_answer`] takes it.
    static CHECK_ANSWER: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
}

/// Sets the options (JSON: `notation`, `variant`, `profile`, `dialect`, `checkLimit`,
/// `chess960`, `strict`) of the following `check_text` calls, read and resolved once by the
/// notation library; a loop over texts with one options object sets them once.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn check_settings(options: &str) {
    CHECK_SETTINGS.set(crate::check::settings(options).map(notation::reading::Checker::new));
}

/// The comment commands of the input kept unread, with the options set last by
/// [`check_settings`] (`check::comment_commands_with`): JSON, `{"commands": [...]}` or the
/// refusal of the options; for bytes that are not UTF-8, the failure `readPgn` answers.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn comment_commands(len: usize, bytes: bool) -> String {
    CHECK_SETTINGS.with_borrow_mut(|settings| {
        with_text(
            len,
            bytes,
            |source, text| match settings {
                Ok(checker) => crate::check::comment_commands_with(source, text, checker),
                Err(refused) => refused.clone(),
            },
            |found| answer(Err(Failure::new("syntax", found)), Source::new("", true)),
        )
    })
}

#[cfg(feature = "pgn")]
thread_local! {
    /// The options of the next `canonical_text`, `convert_text` and `key_text` calls, set by
    /// [`rewrite_settings`], read and resolved once.
    static REWRITER: RefCell<crate::rewrite::Rewriter> = RefCell::new(crate::rewrite::Rewriter::new("{}"));
    /// The answer of the last `canonical_text` call, until [`rewrite_answer`] takes it.
    static REWRITE_ANSWER: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
}

/// Sets the options (JSON: `notation`, `variant`, `profile`, `dialect`, `toDialect`,
/// `checkLimit`, `chess960`, `castling`, `enPassant`, `ep`, `from`, `to`, `lossy`) of the
/// following `canonical_text`, `convert_text` and `key_text` calls.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn rewrite_settings(options: &str) {
    REWRITER.set(crate::rewrite::Rewriter::new(options));
}

/// Runs `call` on the input with the options set last: its answer, `=` and a text, `!` and
/// the `FenkitError`'s fields, or `?` and the options' refusal.
#[cfg(feature = "pgn")]
fn rewritten(
    len: usize,
    bytes: bool,
    call: impl FnOnce(&mut crate::rewrite::Rewriter, Source<'_>, &str) -> String,
) -> String {
    REWRITER.with_borrow_mut(|rewriter| {
        with_text(
            len,
            bytes,
            |source, text| call(rewriter, source, text),
            |found| answer(Err(Failure::new("syntax", found)), Source::new("", true)),
        )
    })
}

/// What `fenkit fmt -` writes for the input (`notation::rewrite::Formatter::format`): 0 when
/// that is the input itself (the common answer, which so crosses into JavaScript as a number,
/// not a string), else 1, and the answer is [`rewrite_answer`]'s.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn canonical_text(len: usize, bytes: bool) -> u32 {
    let answer = rewritten(len, bytes, |rewriter, source, text| {
        let answer = rewriter.canonical(source, text);
        if answer.strip_prefix('=') == Some(text) {
            String::new()
        } else {
            answer
        }
    });
    let changed = u32::from(!answer.is_empty());
    REWRITE_ANSWER.set(answer);
    changed
}

/// The answer of the last [`canonical_text`] call that had one.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn rewrite_answer() -> String {
    REWRITE_ANSWER.take()
}

/// What `fenkit convert -` writes for the input (`notation::rewrite::Plan::convert`).
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn convert_text(len: usize, bytes: bool) -> String {
    rewritten(len, bytes, |rewriter, source, text| {
        rewriter.convert(source, text)
    })
}

/// The identity key of the input's one position (`notation::rewrite::Formatter::key`).
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn key_text(len: usize, bytes: bool) -> String {
    rewritten(len, bytes, |rewriter, source, text| {
        rewriter.key(source, text)
    })
}

/// The games of the input, a PGN text, as a JSON array (`pgn::read_pgn`).
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn read_pgn(len: usize, bytes: bool) -> String {
    with_text(len, bytes, crate::pgn::read_pgn, |found| {
        answer(Err(Failure::new("syntax", found)), Source::new("", true))
    })
}
