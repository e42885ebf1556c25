//! Differential fuzzing: mutate the suite's accepted inputs, ask the adapter and fenkit's own
//! libraries, and report every disagreement, minimised.
//!
//! The same seed gives the same inputs in the same order, and minimisation is sequential, so a
//! run can be repeated exactly.

use fenkit_diagnostics::Severity;

use notation::choice::Choice;
use notation::settings::Request;
use notation::{Analyzer, Family, Notation, ProfileArg, VariantName};

use super::exec::{Adapter, Context};
use super::judge::{self, Got, MismatchKind, Verdict};
use super::suite::{Case, Expect};
use super::{Job, Mode, answers, unsendable};
use crate::rng::Rng;

/// The longest mutated input, in bytes.
const MAX_LEN: usize = 2048;
/// At most this many disagreements are minimised; the rest are reported as found.
const MINIMISE_AT_MOST: usize = 5;
/// Adapter calls allowed for minimising one disagreement.
const PROBES_PER_DISAGREEMENT: usize = 2000;

fn alphabet(notation: Notation) -> &'static [u8] {
    let entry = notation.entry();
    match entry.family {
        Family::Fen4 => b"4d-fen v1:KkQqRrBbNnPpwyx@,;0123456789 \t\n\r/",
        // The variants' slots add `~`, the pocket's brackets, `+` and the comma.
        Family::Dfen if entry.dialects => b"pnbrqkPNBRQKx0123456789/ wb-KQkqabcdefgh\t~[]+,",
        Family::Dfen => b"pnbrqkPNBRQKx0123456789/ wb-KQkqabcdefgh\t",
    }
}

fn separator(notation: Notation) -> u8 {
    match notation.entry().family {
        Family::Fen4 => b';',
        Family::Dfen => b' ',
    }
}

fn split(data: &[u8], sep: u8) -> Vec<Vec<u8>> {
    data.split(|&b| b == sep).map(<[u8]>::to_vec).collect()
}

fn join(fields: &[Vec<u8>], sep: u8) -> Vec<u8> {
    fields.join(&sep)
}

/// One to three byte-level or field-level mutations of `base`.
pub(crate) fn mutate(rng: &mut Rng, notation: Notation, base: &[u8], donors: &[&[u8]]) -> Vec<u8> {
    let mut data = base.to_vec();
    let letters = alphabet(notation);
    let sep = separator(notation);
    for _ in 0..1 + rng.below(3) {
        let len = data.len();
        let pick = |rng: &mut Rng| -> u8 {
            // Rarely a byte outside the notation: NUL, a stray UTF-8 lead byte, or 0xff.
            match rng.below(40) {
                0 => 0x00,
                1 => 0xc3,
                2 => 0xff,
                _ => letters[rng.below(letters.len())],
            }
        };
        match rng.below(9) {
            0 if len > 0 => {
                data.remove(rng.below(len));
            }
            1 => {
                let at = rng.below(len + 1);
                let byte = pick(rng);
                data.insert(at, byte);
            }
            2 if len > 0 => {
                let at = rng.below(len);
                data[at] = pick(rng);
            }
            3 if len > 0 => {
                let at = rng.below(len);
                let end = (at + 1 + rng.below(8)).min(len);
                let copy = data[at..end].to_vec();
                data.splice(at..at, copy);
            }
            4 if len > 1 => {
                let at = rng.below(len - 1);
                data.swap(at, at + 1);
            }
            5 => {
                let mut fields = split(&data, sep);
                if fields.len() > 1 {
                    fields.remove(rng.below(fields.len()));
                }
                data = join(&fields, sep);
            }
            6 => {
                let mut fields = split(&data, sep);
                let (a, b) = (rng.below(fields.len()), rng.below(fields.len()));
                fields.swap(a, b);
                data = join(&fields, sep);
            }
            7 if !donors.is_empty() => {
                let mut fields = split(&data, sep);
                let donor = split(donors[rng.below(donors.len())], sep);
                let at = rng.below(fields.len());
                if let Some(field) = donor.get(at).or_else(|| donor.first()) {
                    fields[at] = field.clone();
                }
                data = join(&fields, sep);
            }
            _ => {
                let mut fields = split(&data, sep);
                let at = rng.below(fields.len());
                let copy = fields[at].clone();
                fields.insert(at, copy);
                data = join(&fields, sep);
            }
        }
    }
    data.truncate(MAX_LEN);
    data
}

/// fenkit's own answer for an input in `notation`, exactly as `fenkit parse` gives it (a
/// variant's input read in its dialect, and written back in it, with every fixable finding
/// applied, as `fmt` writes it; spec/conformance.md section 2), read in the case's castling mode
/// (`chess960` or `standard`); a standard FEN judged by `rules`, a variant's, when given.
pub(crate) fn own_answer(
    notation: Notation,
    profile: &str,
    castling: &str,
    rules: Option<variants::Variant>,
    input: &[u8],
) -> Got {
    let Ok(text) = std::str::from_utf8(input) else {
        return Got::Reject {
            code: notation::code::FenkitCode::InvalidUtf8.to_string(),
            ref_code: None,
            offset: None,
            message: String::new(),
        };
    };
    // The case's settings resolved as `fenkit parse --profile … [--chess960] [--variant …]`
    // resolves its flags.
    let request = Request {
        profile: ProfileArg::from_name(profile),
        chess960: castling == "chess960",
        variant: rules.map(VariantName::Rules),
        ..Request::default()
    };
    let settings = match request.resolve() {
        Ok(resolved) => resolved.read_settings(),
        Err(refused) => {
            return Got::Broken {
                problem: format!("the case's settings do not go together: {refused}"),
                stderr: String::new(),
                ending: None,
            };
        }
    };
    let analysis = Analyzer::adapter(notation, settings).analyze(1, text);
    match analysis
        .findings
        .iter()
        .find(|f| f.severity == Severity::Error)
    {
        Some(error) => Got::Reject {
            code: error.code.to_string(),
            ref_code: analysis
                .reference
                .map(|reference| i64::from(reference.code)),
            offset: analysis
                .reference
                .map(|reference| u64::from(reference.offset)),
            message: error.message.to_string(),
        },
        None => accept(
            analysis.canonical.unwrap_or_default(),
            analysis.findings.iter().map(|f| f.code.to_string()),
        ),
    }
}

/// fenkit accepts an input: its canonical form, and the codes of its findings, each once and in
/// order.
fn accept(canonical: String, codes: impl Iterator<Item = String>) -> Got {
    Got::Accept {
        canonical,
        findings: Some(
            codes
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect(),
        ),
    }
}

/// fenkit's answer for `input`, as a case of the same notation, profile, variant and dialect
/// as `template`: judged by the variant's rules as `fenkit parse --variant` judges it (a rules
/// file's variant, or three-check's and crazyhouse's in their own dialects).
fn as_case(template: &Case, name: String, input: Vec<u8>) -> Case {
    let answer = match template.notation() {
        Some(notation) => own_answer(
            notation,
            &template.profile,
            &template.castling,
            template
                .file
                .variant_rules
                .or_else(|| notation::VariantName::Notation(notation).rules()),
            &input,
        ),
        None => Got::Broken {
            problem: format!("the case {} names no notation fenkit reads", template.name),
            stderr: String::new(),
            ending: None,
        },
    };
    let expect = match answer {
        Got::Accept {
            canonical,
            findings,
        } => Expect::Accept {
            canonical,
            findings: findings.unwrap_or_default(),
        },
        Got::Reject {
            code,
            ref_code,
            offset,
            ..
        } => Expect::Reject {
            code,
            ref_code: ref_code.and_then(|r| i32::try_from(r).ok()),
            offset,
        },
        Got::Moves { .. } | Got::BadRejection { .. } | Got::Broken { .. } => Expect::Lines,
    };
    Case {
        name,
        file: template.file,
        profile: template.profile.clone(),
        king_capture: "first".to_owned(),
        variant: template.variant.clone(),
        dialect: template.dialect.clone(),
        castling: template.castling.clone(),
        input,
        expect,
        reason: String::new(),
    }
}

/// One input on which the adapter and fenkit disagree.
#[derive(Debug, Clone)]
pub(crate) struct Probe {
    /// The input, with fenkit's answer as the expectation.
    pub(crate) case: Case,
    /// The adapter's answer.
    pub(crate) got: Got,
    /// How the two differ.
    pub(crate) problem: String,
}

/// One disagreement between the adapter and fenkit.
#[derive(Debug, Clone)]
pub(crate) struct Disagreement {
    /// The index of the generated input.
    pub(crate) index: usize,
    /// The suite case it was mutated from.
    pub(crate) base: String,
    /// The generated input, fenkit's answer and the adapter's.
    pub(crate) original: Probe,
    /// The smallest input found that disagrees in the same way, when minimised.
    pub(crate) minimised: Option<Probe>,
}

/// The result of a fuzz run.
#[derive(Debug, Clone, Default)]
pub(crate) struct FuzzRun {
    /// Inputs on which the adapter and fenkit agreed.
    pub(crate) agreed: usize,
    /// The disagreements, by input index.
    pub(crate) disagreements: Vec<Disagreement>,
}

/// Compares the adapter's answer with fenkit's, in the fuzzer's words.
fn compare(case: &Case, got: &Got, codes: bool) -> Verdict {
    judge::judge_by(case, got, codes, "fenkit")
}

/// What makes two disagreements the same kind: how they differ, fenkit's rejection code and
/// the adapter's rejection code. A failure of the adapter is one kind whatever the input.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Signature {
    kind: MismatchKind,
    fenkit: Option<String>,
    adapter: Option<String>,
}

fn signature(case: &Case, got: &Got, kind: MismatchKind) -> Signature {
    if kind == MismatchKind::AdapterFailed {
        return Signature {
            kind,
            fenkit: None,
            adapter: None,
        };
    }
    Signature {
        kind,
        fenkit: match &case.expect {
            Expect::Reject { code, .. } => Some(code.clone()),
            _ => None,
        },
        adapter: match got {
            Got::Reject { code, .. } => Some(code.clone()),
            _ => None,
        },
    }
}

/// Removes ever smaller chunks while the input still disagrees in the same way: the same
/// [`Signature`] as the start (so a wrong canonical form is not "minimised" into an input that
/// fails for another reason, such as the empty input). Each round sends every candidate of
/// one chunk size at once (one batch process, or parallel processes) and keeps the first that
/// still disagrees in that way.
fn minimise(adapter: &Adapter, mode: Mode, codes: bool, start: &Probe) -> Option<Probe> {
    let Verdict::Fail(first) = compare(&start.case, &start.got, codes) else {
        return None;
    };
    let wanted = signature(&start.case, &start.got, first.kind);
    let mut best: Option<Probe> = None;
    let mut current = start.case.input.clone();
    let mut chunk = current.len().div_ceil(2).max(1);
    let mut probes = 0;
    while probes < PROBES_PER_DISAGREEMENT && !current.is_empty() {
        let candidates: Vec<Case> = (0..current.len())
            .step_by(chunk)
            .map(|at| {
                let end = (at + chunk).min(current.len());
                let mut input = current[..at].to_vec();
                input.extend_from_slice(&current[end..]);
                input
            })
            .filter(|input| unsendable(mode, input).is_none())
            .map(|input| as_case(&start.case, start.case.name.clone(), input))
            .collect();
        probes += candidates.len();
        let jobs: Vec<Job<'_>> = candidates
            .iter()
            .map(|case| Job {
                context: Context::of(case),
                name: &case.name,
                input: &case.input,
            })
            .collect();
        let got = answers(adapter, mode, &jobs);
        let found = candidates.into_iter().zip(got).find_map(|(case, got)| {
            let got = got?;
            match compare(&case, &got, codes) {
                Verdict::Fail(mismatch) if signature(&case, &got, mismatch.kind) == wanted => {
                    Some(Probe {
                        case,
                        got,
                        problem: mismatch.text,
                    })
                }
                _ => None,
            }
        });
        match found {
            Some(probe) => {
                current = probe.case.input.clone();
                chunk = chunk.min(current.len().div_ceil(2)).max(1);
                best = Some(probe);
            }
            None if chunk == 1 => break,
            None => chunk = chunk.div_ceil(2),
        }
    }
    best
}

/// Generates `count` inputs from the accepted cases in `seeds`, asks the adapter and fenkit,
/// and minimises each disagreement.
pub(crate) fn run(
    adapter: &Adapter,
    mode: Mode,
    codes: bool,
    seeds: &[&Case],
    count: usize,
    seed: u64,
) -> FuzzRun {
    let mut rng = Rng::new(seed);
    let mut generated: Vec<(String, Case)> = Vec::with_capacity(count);
    if seeds.is_empty() {
        return FuzzRun::default();
    }
    while generated.len() < count {
        let base = seeds[rng.below(seeds.len())];
        let donors: Vec<&[u8]> = seeds
            .iter()
            .filter(|c| c.file == base.file)
            .map(|c| c.input.as_slice())
            .collect();
        let Some(notation) = base.notation() else {
            continue;
        };
        let mut input = mutate(&mut rng, notation, &base.input, &donors);
        let mut attempts = 0;
        while unsendable(mode, &input).is_some() && attempts < 16 {
            input = mutate(&mut rng, notation, &base.input, &donors);
            attempts += 1;
        }
        if unsendable(mode, &input).is_some() {
            continue;
        }
        let name = format!("fuzz_{}", generated.len());
        generated.push((base.name.clone(), as_case(base, name, input)));
    }
    let jobs: Vec<Job<'_>> = generated
        .iter()
        .map(|(_, case)| Job {
            context: Context::of(case),
            name: &case.name,
            input: &case.input,
        })
        .collect();
    let got = answers(adapter, mode, &jobs);
    let mut result = FuzzRun::default();
    for (index, ((base, case), got)) in generated.into_iter().zip(got).enumerate() {
        let Some(got) = got else { continue };
        match compare(&case, &got, codes) {
            Verdict::Pass => result.agreed += 1,
            Verdict::Fail(mismatch) => {
                let original = Probe {
                    case,
                    got,
                    problem: mismatch.text,
                };
                let minimised = if result.disagreements.len() < MINIMISE_AT_MOST {
                    minimise(adapter, mode, codes, &original)
                        .filter(|small| small.case.input.len() < original.case.input.len())
                } else {
                    None
                };
                result.disagreements.push(Disagreement {
                    index,
                    base,
                    original,
                    minimised,
                });
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_mutants() {
        let base = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..50)
                .map(|_| mutate(&mut rng, Notation::fallback(), base, &[base]))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
        assert!(run(7).iter().any(|m| m.as_slice() != base));
    }

    #[test]
    fn own_answers_follow_the_protocol() {
        let named = |name: &str| Notation::named(name).unwrap();
        let variant = |variant: &str, dialect: &str| {
            let dialect: chess::variant::Dialect = dialect.parse().unwrap();
            Notation::of_variant(variant.parse().unwrap())
                .unwrap()
                .with_options(notation::Options {
                    dialect,
                    write: dialect,
                    ..notation::Options::default()
                })
        };
        let own_variant_answer = |name: &str, dialect: &str, input: &[u8]| {
            let notation = variant(name, dialect);
            let rules = notation::VariantName::Notation(notation).rules();
            own_answer(notation, "spec", "standard", rules, input)
        };
        assert!(matches!(
            own_answer(named("dfen"), "spec", "standard", None, b"8/8/8/8/8/8/8/8 w - - 0 1 p"),
            Got::Reject { ref code, .. } if code == "DFEN012"
        ));
        assert!(matches!(
            own_answer(
                named("fen4"),
                "spec",
                "standard",
                None,
                b"4d-fen v1: K@0,0,8,0"
            ),
            Got::Reject {
                ref_code: Some(-4),
                offset: Some(17),
                ..
            }
        ));
        assert!(matches!(
            own_answer(named("dfen"), "spec", "standard", None, b"\xff"),
            Got::Reject { ref code, .. } if code == "FENKIT001"
        ));
        // Variant inputs are read in their dialect, and written back in it.
        assert!(matches!(
            own_variant_answer("crazyhouse", "lichess", b"4k3/8/8/8/8/8/8/4K3/pP w - - 0 1"),
            Got::Accept { ref canonical, ref findings }
                if canonical == "4k3/8/8/8/8/8/8/4K3/Pp w - - 0 1"
                    && findings.as_deref() == Some(&["DFEN110".to_owned()][..])
        ));
        assert!(matches!(
            own_variant_answer("threecheck", "stockfish", b"4k3/8/8/8/8/8/8/4K3 w - - 3-3 0 1"),
            Got::Reject { ref code, .. } if code == "DFEN030"
        ));
        assert!(matches!(
            own_variant_answer("twomove", "essay", b"\xff"),
            Got::Reject { ref code, .. } if code == "FENKIT001"
        ));
    }
}
