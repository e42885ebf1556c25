//! Inputs the fuzz targets (`fuzz/`, see `scripts/fuzz.sh`) found to break an invariant, each
//! kept with the invariant it broke. They must stay fixed.

use dfen::{Parser, Profile};

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
