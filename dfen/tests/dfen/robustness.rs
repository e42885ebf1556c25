//! The invariants of the `dfen_parse` fuzz target (`fuzz/`, run by `scripts/fuzz.sh`) as
//! bounded property tests, and every input the fuzzers found to break one, kept as a
//! regression test.

use dfen::{Parser, Profile};
use proptest::prelude::*;

/// Every profile: a rejection's span, and every finding's span, lies on character boundaries of
/// the input; an accepted input's canonical form parses back to the same value.
#[track_caller]
fn holds_invariants(input: &str) {
    for profile in [Profile::Spec, Profile::Lenient, Profile::Engine] {
        match Parser::new().profile(profile).parse(input) {
            Err(err) => assert!(
                input.get(err.span()).is_some(),
                "{profile}: span {:?} of {} is not on character boundaries of {input:?}",
                err.span(),
                err.code()
            ),
            Ok(parsed) => {
                for finding in &parsed.findings {
                    assert!(input.get(finding.span.clone()).is_some(), "{finding}");
                }
                let canonical = parsed.fixed().to_string();
                let again = Parser::new().parse(&canonical).unwrap();
                assert_eq!(again.dfen, parsed.fixed());
            }
        }
    }
}

#[test]
fn en_passant_pair_of_multibyte_characters() {
    // dfen_parse, lenient: the span of the first bad pair `hȤ` ended inside `Ȥ`.
    let input = "4k3/8/8/p7/2P5/8/8/4K3 w - h\u{224}\u{35e} e8";
    holds_invariants(input);
    let err = Parser::new()
        .profile(Profile::Lenient)
        .parse(input)
        .unwrap_err();
    assert_eq!(err.code().as_str(), "DFEN010");
    assert_eq!(err.span(), 27..30);
    assert_eq!(err.found(), "`h\u{224}`");
}

const SEEDS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 12 40 PNB",
    "4k3/8/8/p7/2P5/8/8/4K3 b - a6c3 0 1 qk",
    "8/8/8/8/8/8/8/8 w - - 0 1",
];

/// Pieces that each edit may insert: DFEN's own bytes, and characters of 2, 3 and 4 bytes.
const INSERTS: [&str; 14] = [
    " ",
    "/",
    "-",
    "0",
    "8",
    "K",
    "q",
    "P",
    "e3",
    "\t",
    "\u{e9}",
    "\u{224}",
    "\u{2192}",
    "\u{1f600}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Edits with multi-byte characters; a strict parse accepts only the canonical form.
    #[test]
    fn edited_inputs_keep_spans_on_char_boundaries_and_strict_means_canonical(
        seed in 0usize..SEEDS.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..INSERTS.len(), 0u8..3), 1..5),
    ) {
        let mut text = SEEDS[seed].to_owned();
        for (at, insert, kind) in edits {
            let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
            let at = *at.get(&boundaries);
            match kind {
                0 => text.insert_str(at, INSERTS[insert]),
                _ if at < text.len() => {
                    let ch = text[at..].chars().next().unwrap();
                    text.replace_range(at..at + ch.len_utf8(), if kind == 1 { "" } else { INSERTS[insert] });
                }
                _ => {}
            }
        }
        holds_invariants(&text);
        for profile in [Profile::Spec, Profile::Engine] {
            if let Ok(parsed) = Parser::new().profile(profile).strict(true).parse(&text)
                && !parsed.has_errors()
            {
                prop_assert_eq!(parsed.dfen.display_as(profile).to_string(), text.as_str(), "{}", profile);
            }
        }
    }
}
