//! The invariants the fuzz targets check, one function per target.
//!
//! Each function takes arbitrary bytes and panics only when an invariant of the libraries is
//! broken (that panic is what the fuzzer reports). The libraries themselves must never panic.
//! The workspace's `cargo test` runs the same functions over the committed seeds
//! (`tests/tests/fuzz_seeds.rs` compiles this file as a module of its own, so it must need no
//! dependency beyond `dfen`, `fen4`, `pgn`, `variants`, `fenkit` and `serde_json`), and every crash found so far is kept as
//! a regression test in the crate it was found in.

use dfen::rules;
use dfen::{
    Board, CastlingMode, CastlingNotation, CastlingRights, CastlingSide, Color, Dfen, DicePool,
    Parser, Piece, Profile, Role, Square, SquareSet, Writer,
};

const PROFILES: [Profile; 3] = [Profile::Spec, Profile::Lenient, Profile::Engine];

/// Variant FENs: every variant in every dialect it has. Parsing never panics; every span lies on
/// character boundaries of the input; an accepted input without errors is written by `fmt`
/// (its fixed form, in the dialect read) as text that reads back to the same position with no
/// fixable finding; under `strict`, an input without errors is already written as the dialect
/// writes it.
pub fn check_variant(data: &[u8]) {
    use chess::variant::{Dialect, Variant, VariantParser};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in Variant::ALL {
        for dialect in Dialect::ALL {
            if !variant.has_dialect(dialect) {
                continue;
            }
            let parser = VariantParser::new(variant).dialect(dialect);
            match parser.parse(text) {
                Err(err) => assert!(
                    text.get(err.span()).is_some(),
                    "{variant} {dialect}: span {:?} of {} is not inside {text:?}",
                    err.span(),
                    err.code()
                ),
                Ok(parsed) => {
                    for finding in &parsed.findings {
                        assert!(
                            text.get(finding.span.clone()).is_some(),
                            "{variant} {dialect}: finding span {:?} of {} is not inside {text:?}",
                            finding.span,
                            finding.code
                        );
                    }
                    if parsed.has_errors() {
                        continue;
                    }
                    let fixed = parsed.fixed();
                    let written = fixed.display_as(dialect).to_string();
                    let again = parser.parse(&written).unwrap_or_else(|e| {
                        panic!("{variant} {dialect}: {text:?} was written {written:?}: {e}")
                    });
                    assert_eq!(again.position, fixed, "{variant} {dialect}: {text:?}");
                    assert!(
                        again.findings.iter().all(|f| !f.fixable),
                        "{variant} {dialect}: {written:?} still has {:?}",
                        again.findings
                    );
                    if let Ok(strict) = parser.strict(true).parse(text)
                        && !strict.has_errors()
                        && variant != Variant::Dice
                    {
                        assert_eq!(written, text, "{variant} {dialect}: strict accepted it");
                    }
                }
            }
        }
    }
}

/// DFEN: parsing never panics; a rejection's span lies on character boundaries of the input;
/// an accepted input's canonical form (in the profile's dialect) parses back to the same value
/// with no fixable finding, and formatting it again changes nothing; under `strict`, an input
/// is accepted only when it is already canonical.
pub fn check_dfen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for profile in PROFILES {
        let parser = Parser::new().profile(profile);
        match parser.parse(text) {
            Err(err) => {
                assert!(
                    text.get(err.span()).is_some(),
                    "{profile}: span {:?} of {} is not inside {text:?}",
                    err.span(),
                    err.code()
                );
                assert!(!err.to_string().is_empty());
            }
            Ok(parsed) => {
                for finding in &parsed.findings {
                    assert!(
                        text.get(finding.span.clone()).is_some(),
                        "{profile}: finding span {:?} of {} is not inside {text:?}",
                        finding.span,
                        finding.code
                    );
                }
                check_dfen_accepted(text, profile, &parsed);
            }
        }
        check_dfen_chess960(text, profile);
        // Strict: accepted without error exactly when nothing is fixable.
        match parser.strict(true).parse(text) {
            Ok(strict) if !strict.has_errors() => {
                assert!(
                    strict.findings.iter().all(|f| !f.fixable),
                    "{profile}: strict accepted a fixable finding in {text:?}"
                );
                if profile != Profile::Lenient {
                    assert_eq!(
                        strict.dfen.display_as(profile).to_string(),
                        text,
                        "{profile}: strict accepted a non-canonical input"
                    );
                }
            }
            Ok(_) => {}
            Err(err) => assert!(text.get(err.span()).is_some()),
        }
    }
}

/// Chess960 mode: spans lie inside the input; an accepted input's fixed form, written in
/// X-FEN and in Shredder-FEN, reads back in Chess960 mode to the same value with no fixable
/// finding; and outside Chess960 mode the fix never drops a castling right that Chess960's
/// judgement keeps (`spec/chess960.md` §5).
fn check_dfen_chess960(text: &str, profile: Profile) {
    let parser = Parser::new()
        .profile(profile)
        .castling_mode(CastlingMode::Chess960);
    let parsed = match parser.parse(text) {
        Err(err) => {
            assert!(text.get(err.span()).is_some(), "chess960 {profile}: {err}");
            return;
        }
        Ok(parsed) => parsed,
    };
    for finding in &parsed.findings {
        assert!(
            text.get(finding.span.clone()).is_some(),
            "chess960 {profile}: finding span {:?} of {} is not inside {text:?}",
            finding.span,
            finding.code
        );
    }
    let standard = parsed.dfen.fixed_in(CastlingMode::Standard).castling;
    let chess960 = parsed.dfen.fixed_in(CastlingMode::Chess960).castling;
    assert_eq!(
        standard.rook_squares().0 & chess960.rook_squares().0,
        chess960.rook_squares().0,
        "chess960 {profile}: the standard fix drops a right Chess960 keeps in {text:?}"
    );
    let fixed = parsed.fixed();
    if profile == Profile::Engine && fixed.halfmove > 127 {
        return;
    }
    for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
        let written = Writer::new()
            .profile(profile)
            .castling_mode(CastlingMode::Chess960)
            .castling(notation)
            .write(&fixed);
        // The engine dialect reads `KQkq` only: its Shredder-FEN is not for it.
        if profile == Profile::Engine && !fixed.castling.is_empty() {
            continue;
        }
        let again = parser
            .parse(&written)
            .unwrap_or_else(|e| panic!("chess960 {profile}: {written:?} of {text:?} fails: {e}"));
        assert_eq!(
            again.dfen, fixed,
            "chess960 {profile}: {written:?} of {text:?}"
        );
        assert!(
            again.findings.iter().all(|f| !f.fixable),
            "chess960 {profile}: {written:?} still has fixable findings {:?}",
            again.findings
        );
    }
}

fn check_dfen_accepted(text: &str, profile: Profile, parsed: &dfen::Parsed) {
    let fixed = parsed.fixed();
    assert_eq!(
        fixed.fixed(),
        fixed,
        "fixing is not idempotent for {text:?}"
    );
    // The spec form always parses back to the same value.
    let spec = fixed.to_string();
    let again = Parser::new()
        .parse(&spec)
        .unwrap_or_else(|e| panic!("{profile}: canonical {spec:?} of {text:?} fails: {e}"));
    assert_eq!(again.dfen, fixed, "{profile}: {spec:?} of {text:?}");
    assert!(
        again.findings.iter().all(|f| !f.fixable),
        "{profile}: canonical {spec:?} still has fixable findings {:?}",
        again.findings
    );
    assert_eq!(again.fixed().to_string(), spec, "fmt is not idempotent");
    // The profile's own dialect too, when the value is representable in it (the engine
    // dialect holds halfmove clocks up to 127 only).
    if !(profile == Profile::Engine && fixed.halfmove > 127) {
        let dialect = fixed.display_as(profile).to_string();
        let again = Parser::new()
            .profile(profile)
            .parse(&dialect)
            .unwrap_or_else(|e| panic!("{profile}: canonical {dialect:?} of {text:?} fails: {e}"));
        assert_eq!(again.dfen, fixed, "{profile}: {dialect:?} of {text:?}");
        assert!(
            again.findings.iter().all(|f| !f.fixable),
            "{profile}: canonical {dialect:?} still has fixable findings {:?}",
            again.findings
        );
        assert_eq!(again.fixed().display_as(profile).to_string(), dialect);
    }
    // The JSON form round-trips.
    let json = serde_json::to_string(&fixed).unwrap_or_else(|e| panic!("to json: {e}"));
    let back: Dfen = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(back, fixed, "json round trip of {spec:?}");
}

/// FEN4: parsing never panics; errors point inside the input; an accepted literal's canonical
/// form parses back strictly to the same placement with no finding to fix; both JSON forms
/// round-trip; a strict parse accepts only canonical literals.
pub fn check_fen4(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match fen4::Parser::new().parse(text) {
        Err(err) => {
            assert!(text.get(err.span()).is_some(), "span {:?}", err.span());
            assert!((-6..=0).contains(&err.ref_code()), "{}", err.ref_code());
            assert!(err.offset() <= text.chars().count());
            assert!(!err.to_string().is_empty());
        }
        Ok(parsed) => {
            for finding in &parsed.findings {
                assert!(text.get(finding.span.clone()).is_some());
                assert_ne!(finding.severity, fen4::Severity::Error);
            }
            let canonical = parsed.placement.to_string();
            let again = fen4::Parser::new()
                .strict(true)
                .parse(&canonical)
                .unwrap_or_else(|e| panic!("canonical {canonical:?} of {text:?} fails: {e}"));
            assert_eq!(again.placement, parsed.placement);
            assert!(again.findings.iter().all(|f| !f.fixable));
            assert_eq!(again.placement.to_string(), canonical, "not idempotent");
            let pieces = fen4::json::to_pieces_value(&parsed.placement);
            let back = fen4::json::from_pieces_value(&pieces)
                .unwrap_or_else(|e| panic!("pieces json of {canonical:?}: {e:?}"));
            assert_eq!(back.placement, parsed.placement);
            let structured = fen4::json::to_structured_value(&parsed.placement);
            let back = fen4::json::from_structured_value(&structured)
                .unwrap_or_else(|e| panic!("structured json of {canonical:?}: {e:?}"));
            assert_eq!(back.placement, parsed.placement);
        }
    }
    match fen4::Parser::new().strict(true).parse(text) {
        Ok(strict) => {
            let canonical = strict.placement.to_string();
            assert_eq!(canonical, text, "strict accepted a non-canonical literal");
        }
        Err(err) => assert!(text.get(err.span()).is_some()),
    }
}

/// A FEN4 JSON reader: text in, a placement or every issue out.
type JsonReader = fn(&str) -> Result<fen4::json::Converted, fen4::json::JsonErrors>;

/// The JSON forms as input: for any text, the DFEN readers (`Dfen::from_json` and serde's) and
/// both FEN4 readers never panic; the two DFEN readers accept the same texts, and every
/// refusal points inside the text. A DFEN accepted from JSON writes canonical text that parses back to the same value, and its
/// JSON form reads back to it too. A FEN4 placement accepted from either form writes a
/// canonical literal that parses back strictly to the same pieces, and converting it to the
/// other form and back loses nothing. A rejection names at least one issue, each with a code
/// of the JSON range, a path into the document and a span of the text, and at least one of
/// them is an error.
pub fn check_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The text reader and serde's agree on every text; a refusal has a code of the JSON range
    // and points inside the text, on character boundaries.
    let read = Dfen::from_json(text);
    match (&read, serde_json::from_str::<Dfen>(text)) {
        (Ok(dfen), Ok(serde)) => assert_eq!(dfen, &serde, "{text:?}"),
        (Err(error), Err(_)) => {
            assert!(error.code().as_str().starts_with("DFEN4"), "{error:?}");
            assert!(text.get(error.span()).is_some(), "{error:?} in {text:?}");
            assert!(error.path().starts_with('$'), "{error:?}");
        }
        (read, serde) => panic!("from_json {read:?} but serde {serde:?} for {text:?}"),
    }
    if let Ok(dfen) = read {
        let canonical = dfen.to_string();
        let parsed = Parser::new()
            .parse(&canonical)
            .unwrap_or_else(|e| panic!("{canonical:?} (from JSON {text:?}) fails: {e}"));
        assert_eq!(parsed.dfen, dfen, "{canonical:?} from JSON {text:?}");
        // Canonical: no spelling finding, and writing it again changes nothing.
        assert!(
            parsed
                .findings
                .iter()
                .all(|f| !f.code.as_str().starts_with("DFEN1")),
            "{canonical:?} from JSON {text:?} has spelling findings {:?}",
            parsed.findings
        );
        assert_eq!(parsed.dfen.to_string(), canonical);
        let json = serde_json::to_string(&dfen).unwrap_or_else(|e| panic!("to json: {e}"));
        let back: Dfen = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(back, dfen, "json round trip of {json}");
    }
    let readers: [JsonReader; 2] = [fen4::json::from_pieces_str, fen4::json::from_structured_str];
    for read in readers {
        match read(text) {
            Ok(converted) => {
                assert!(
                    converted
                        .warnings
                        .iter()
                        .all(|issue| issue.severity == fen4::Severity::Warning)
                );
                let canonical = converted.placement.to_string();
                let again = fen4::Parser::new()
                    .strict(true)
                    .parse(&canonical)
                    .unwrap_or_else(|e| panic!("{canonical:?} (from JSON {text:?}) fails: {e}"));
                assert_eq!(again.placement, converted.placement);
                let pieces = fen4::json::to_pieces_string(&converted.placement);
                let back = fen4::json::from_pieces_str(&pieces)
                    .unwrap_or_else(|e| panic!("pieces json {pieces}: {e:?}"));
                assert_eq!(back.placement, converted.placement);
                let structured = fen4::json::to_structured_value(&converted.placement);
                let back = fen4::json::from_structured_value(&structured)
                    .unwrap_or_else(|e| panic!("structured json of {canonical:?}: {e:?}"));
                assert_eq!(back.placement, converted.placement);
            }
            Err(errors) => {
                assert!(
                    errors
                        .issues
                        .iter()
                        .any(|issue| issue.severity == fen4::Severity::Error),
                    "a rejection without an error: {errors:?}"
                );
                for issue in &errors.issues {
                    assert!(issue.code.as_str().starts_with("FEN44"), "{:?}", issue.code);
                    let span = issue.span.clone().unwrap_or_else(|| panic!("{issue:?}"));
                    assert!(text.get(span).is_some(), "{issue:?} in {text:?}");
                    assert!(issue.path.starts_with('$'), "path {:?}", issue.path);
                    assert!(!issue.message.is_empty());
                }
            }
        }
    }
}

/// NDJSON4: the streaming validator never panics, its spans lie inside the line on character
/// boundaries, and the whole-text validator reports the same findings.
pub fn check_ndjson4(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut validator = fen4::Ndjson4Validator::new();
    let mut streamed = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        for finding in validator.check_line(i + 1, line) {
            assert!(
                line.get(finding.span.clone()).is_some(),
                "span {:?} of {} outside {line:?}",
                finding.span,
                finding.code.as_str()
            );
            assert!(!finding.message.is_empty());
            streamed.push((i + 1, finding));
        }
    }
    let whole: Vec<_> = fen4::validate_ndjson4(&text)
        .into_iter()
        .map(|f| (f.line, f.finding))
        .collect();
    assert_eq!(whole, streamed);
}

/// Reads the fuzzer's bytes: a position, then the dice and the choices of moves.
struct Bytes<'a> {
    data: &'a [u8],
}

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.data.split_first()?;
        self.data = rest;
        Some(first)
    }
}

/// A position from the bytes: either DFEN text up to a newline (first byte even), or a board
/// square by square (first byte odd), so that odd positions are reached quickly too.
fn position(bytes: &mut Bytes<'_>) -> Option<Dfen> {
    let mode = bytes.next()?;
    if mode % 2 == 0 {
        let end = bytes
            .data
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(bytes.data.len());
        let (line, rest) = bytes.data.split_at(end);
        bytes.data = rest.get(1..).unwrap_or_default();
        let text = std::str::from_utf8(line).ok()?;
        let parsed = Parser::new().profile(Profile::Lenient).parse(text).ok()?;
        return Some(parsed.fixed());
    }
    let mut board = Board::empty();
    for index in 0..64u8 {
        let b = bytes.next()?;
        let piece = match b % 16 {
            n @ 0..=5 => Some(Piece {
                color: Color::White,
                role: Role::ALL[usize::from(n)],
            }),
            n @ 6..=11 => Some(Piece {
                color: Color::Black,
                role: Role::ALL[usize::from(n - 6)],
            }),
            _ => None,
        };
        board.set(Square::from_index(index)?, piece);
    }
    let flags = bytes.next()?;
    let side = if flags & 1 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let mut castling = CastlingRights::NONE;
    for (i, castle) in CastlingSide::ALL.into_iter().enumerate() {
        if flags & (2 << i) != 0 {
            castling.insert(castle);
        }
    }
    let mut en_passant = SquareSet::EMPTY;
    for rank in [2, 5] {
        let bits = bytes.next()?;
        for file in 0..8 {
            if bits & (1 << file) != 0 {
                en_passant.insert(Square::new(file, rank)?);
            }
        }
    }
    let halfmove = u32::from(bytes.next()?);
    let dfen = Dfen {
        board,
        side,
        castling,
        en_passant,
        halfmove,
        fullmove: std::num::NonZeroU32::MIN,
        dice: DicePool::EMPTY,
    };
    // Only positions that are valid DFEN: their text must parse back to themselves.
    let text = dfen.to_string();
    let parsed = Parser::new().parse(&text).ok()?;
    (parsed.dfen == dfen).then_some(dfen)
}

fn roll(bytes: &mut Bytes<'_>) -> Option<DicePool> {
    let b = bytes.next()?;
    let count = usize::from(b % 3) + 1;
    let mut dice = DicePool::EMPTY;
    let mut code = b / 3;
    for _ in 0..count {
        dice.push(Role::ALL[usize::from(code % 6)]);
        code /= 6;
        if code == 0 {
            code = bytes.next()?;
        }
    }
    Some(dice)
}

/// The position parses back to itself; when the game started clean (no finding at all), it
/// is still clean (the caller does not ask after a king capture, which ends the game).
#[track_caller]
fn reparses(position: &Dfen, clean: bool) {
    let text = position.to_string();
    let parsed = Parser::new()
        .parse(&text)
        .unwrap_or_else(|e| panic!("rules produced {text:?}, which does not parse: {e}"));
    assert_eq!(&parsed.dfen, position, "{text:?} does not parse back");
    if clean {
        assert!(
            parsed.findings.iter().all(|f| f.code.as_str() == "DFEN210"),
            "rules produced {text:?} with findings {:?}",
            parsed.findings
        );
    }
}

/// How many of a position's complete turns [`check_turns`] builds and parses back (the first
/// ones and then every power of two), and up to how many turns it compares one by one: the
/// enumeration is walked in full, but building, reading, hashing and sorting everything about
/// thousands of turns cost each input milliseconds (the checks ran about 40 inputs a second
/// when they did).
const TURNS_REPARSED: usize = 8;
/// About how many turns (legal moves to the power of the dice) [`check_turns`] walks at most.
const TURNS_WALKED: usize = 512;
const TURNS_COMPARED: usize = 512;

/// Complete turns under both readings of the king-capture exemption: each starts with a legal
/// move of its reading (or is the one pass when there is none), and the positions after a
/// sample of the turns parse again. When there are at most [`TURNS_COMPARED`] turns, no turn
/// is listed twice, `count_turns` agrees with the walk, and every turn of the formal reading is
/// also a turn of the other. (`Rules::turns` collects the same walk; its unit tests cover it.)
fn turns_agree(position: &Dfen, clean: bool) {
    let first = rules::Rules::new();
    let any = first.king_capture(rules::KingCapture::Any);
    let mut lines: [Option<Vec<u64>>; 2] = [None, None];
    for (slot, rules) in lines.iter_mut().zip([first, any]) {
        let legal = rules
            .legal_moves(position)
            .unwrap_or_else(|e| panic!("legal_moves({position}) under {rules:?}: {e}"));
        let mut count = 0usize;
        let mut sample = Vec::new();
        let mut keys = Vec::new();
        let mut checked_first = None;
        rules
            .for_each_turn(position, |end| {
                // Turns come in the order of their moves: a first move is checked once.
                let opening = end.moves().first().copied();
                if opening != checked_first || count == 0 {
                    match opening {
                        None => assert!(legal.is_empty(), "{position}: a pass beside legal moves"),
                        Some(mv) => assert!(legal.moves().contains(&mv), "{position}: {end:?}"),
                    }
                    checked_first = opening;
                }
                if count < TURNS_REPARSED || count.is_power_of_two() {
                    sample.push((end.position(), end.winner()));
                }
                if count < TURNS_COMPARED {
                    keys.push(line_key(end.moves()));
                }
                count += 1;
            })
            .unwrap_or_else(|e| panic!("for_each_turn({position}) under {rules:?}: {e}"));
        assert!(count > 0, "{position}: no turn, not even a pass");
        if legal.is_empty() {
            assert_eq!(
                count, 1,
                "{position}: the pass is the only turn without a legal move"
            );
        }
        for (after, winner) in &sample {
            reparses(after, clean && winner.is_none());
        }
        if count > TURNS_COMPARED {
            continue;
        }
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), count, "{position}: a turn listed twice");
        let counted = rules
            .count_turns(position)
            .unwrap_or_else(|e| panic!("count_turns({position}): {e}"));
        assert_eq!(counted.turns, count as u64, "{position}");
        *slot = Some(keys);
    }
    if let [Some(first), Some(any)] = &lines {
        for line in first {
            assert!(
                any.binary_search(line).is_ok(),
                "{position}: turn {line:#x} is a turn under `first` but not under `any`"
            );
        }
    }
}

/// A turn's moves as one number, 16 bits a move (its squares and promotion; the die and kind
/// follow from the position), so that the turns of a position are compared without hashing or
/// allocating: a turn has at most three moves.
fn line_key(moves: &[rules::Move]) -> u64 {
    assert!(moves.len() <= 4, "a turn of {} moves", moves.len());
    moves.iter().fold(0, |key, mv| {
        let promotion = mv
            .promotion
            .and_then(|role| Role::ALL.iter().position(|&r| r == role))
            .map_or(0, |index| index as u64 + 1);
        let squares = u64::from(mv.from.index()) << 6 | u64::from(mv.to.index());
        key << 16 | 1 << 15 | promotion << 12 | squares
    })
}

/// Complete turns (target `turns`): for a valid DFEN and any dice, the turns of both readings
/// of the king-capture exemption agree with the legal moves, with `count_turns` and with each
/// other, and the positions after them parse again ([`turns_agree`]).
pub fn check_turns(data: &[u8]) {
    let mut bytes = Bytes { data };
    let Some(mut position) = position(&mut bytes) else {
        return;
    };
    if rules::require_kings(&position).is_err() {
        return;
    }
    if position.dice.is_empty() {
        let Some(dice) = roll(&mut bytes) else { return };
        position = rules::roll(&position, dice).unwrap_or_else(|e| panic!("roll: {e}"));
    }
    // A turn's walk grows as the number of legal moves to the power of the dice: drop dice
    // from the end until that is within budget, so that no input walks tens of thousands of
    // turns (the last die always stays).
    while position.dice.len() > 1 {
        let legal = rules::legal_moves(&position)
            .unwrap_or_else(|e| panic!("legal_moves({position}): {e}"))
            .len();
        let dice = u32::try_from(position.dice.len()).unwrap_or(u32::MAX);
        if legal.max(1).saturating_pow(dice) <= TURNS_WALKED {
            break;
        }
        let mut fewer = DicePool::EMPTY;
        for role in position.dice.iter().take(position.dice.len() - 1) {
            fewer.push(role);
        }
        position.dice = fewer;
    }
    let clean = Parser::new()
        .parse(&position.to_string())
        .is_ok_and(|p| p.findings.is_empty());
    turns_agree(&position, clean);
}

/// How many legal moves of each step [`check_rules`] plays and checks, evenly spread, beside
/// the one the input picks: checking every move of every step (each needs the Maximum
/// Micro-moves filter on the position after it) made an input cost a millisecond or more.
const MOVES_PLAYED: usize = 2;

/// The rules: for a valid DFEN and any dice, move generation, the Maximum Micro-moves filter
/// and the application of legal moves (an evenly spread sample of each step's, and the one the
/// input picks) never panic, and each resulting DFEN parses again.
/// Then a line of play chosen by the bytes is followed for a few turns. Complete turns have a
/// target of their own ([`check_turns`]).
pub fn check_rules(data: &[u8]) {
    let mut bytes = Bytes { data };
    let Some(mut position) = position(&mut bytes) else {
        return;
    };
    // A side without a king has lost: the rules refuse the finished game with a code.
    if [Color::White, Color::Black]
        .into_iter()
        .any(|color| position.board.count(color, Role::King) == 0)
    {
        let err = rules::legal_moves(&position).expect_err("the game is over");
        assert_eq!(err.code(), dfen::rules::RulesCode::GameOver);
        return;
    }
    let mut clean = None;
    for _turn in 0..4 {
        if position.dice.is_empty() {
            let Some(dice) = roll(&mut bytes) else { return };
            position = rules::roll(&position, dice).unwrap_or_else(|e| panic!("roll: {e}"));
        }
        if clean.is_none() {
            clean = Some(
                Parser::new()
                    .parse(&position.to_string())
                    .is_ok_and(|p| p.findings.is_empty()),
            );
        }
        let clean = clean == Some(true);
        reparses(&position, clean);
        loop {
            let legal = rules::legal_moves(&position)
                .unwrap_or_else(|e| panic!("legal_moves({position}): {e}"));
            assert!(usize::from(legal.max_len()) <= position.dice.len());
            if legal.is_empty() {
                let passed = rules::pass(&position)
                    .unwrap_or_else(|e| panic!("pass({position}) with no legal move: {e}"));
                assert!(passed.turn_ended);
                reparses(&passed.position, clean);
                position = passed.position;
                break;
            }
            let mut next = None;
            let pick = usize::from(bytes.next().unwrap_or(0)) % legal.len();
            let stride = legal.len().div_ceil(MOVES_PLAYED).max(1);
            for (i, mv) in legal.iter().enumerate() {
                if i != pick && i % stride != 0 {
                    continue;
                }
                let outcome = rules::play(&position, mv.uci())
                    .unwrap_or_else(|e| panic!("play({position}, {mv}): {e}"));
                reparses(&outcome.position, clean && outcome.winner.is_none());
                assert_eq!(outcome.played, Some(*mv));
                if outcome.winner.is_some() {
                    assert_eq!(mv.kind, rules::MoveKind::KingCapture);
                } else if outcome.turn_ended {
                    assert!(outcome.position.dice.is_empty());
                    assert_eq!(outcome.position.side, position.side.opposite());
                } else {
                    let rest = rules::legal_moves(&outcome.position)
                        .unwrap_or_else(|e| panic!("legal_moves({}): {e}", outcome.position));
                    assert_eq!(
                        rest.max_len() + mv.cost(),
                        legal.max_len(),
                        "L* does not add up after {mv} in {position}"
                    );
                }
                if i == pick {
                    next = Some(outcome);
                }
            }
            let Some(outcome) = next else { return };
            if outcome.winner.is_some() {
                return;
            }
            position = outcome.position;
            if outcome.turn_ended {
                break;
            }
        }
    }
    // Fresh-turn positions have no pending dice: the rules refuse them with a code.
    if position.dice.is_empty() {
        let err = rules::legal_moves(&position).expect_err("no dice pending");
        assert_eq!(err.code(), dfen::rules::RulesCode::NoDice);
    }
}

/// EPD lines: reading never panics (nor its SAN checks, nor `verify_perft` to depth 2); every
/// error, finding and note span lies on character boundaries of the line; a line read without
/// errors is written canonically as a line that reads back to the same meaning with no fixable
/// finding, `fixed` is idempotent, and its JSON form reads back to it; under `strict`, a line
/// without errors has nothing to fix.
pub fn check_epd(data: &[u8]) {
    use chess::epd::{EpdJson, EpdParser, OpcodeKind};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match EpdParser::new().parse(text) {
        Err(err) => {
            assert!(
                text.get(err.span()).is_some(),
                "span {:?} of {err}",
                err.span()
            );
            assert!(!err.to_string().is_empty());
            return;
        }
        Ok(parsed) => parsed,
    };
    for span in parsed
        .position_findings
        .iter()
        .map(|f| f.span.clone())
        .chain(parsed.findings.iter().map(|f| f.span.clone()))
        .chain(parsed.notes.iter().map(|n| n.span.clone()))
    {
        assert!(
            text.get(span.clone()).is_some(),
            "span {span:?} in {text:?}"
        );
    }
    let _ = parsed.verify_perft(2);
    if let Ok(strict) = EpdParser::new().strict(true).parse(text)
        && !strict.has_errors()
    {
        assert!(
            strict.findings.iter().all(|f| !f.fixable),
            "strict accepted a fixable finding in {text:?}"
        );
    }
    if parsed.has_errors() {
        return;
    }
    let canonical = parsed.epd.to_string();
    let again = EpdParser::new()
        .parse(&canonical)
        .unwrap_or_else(|e| panic!("canonical {canonical:?} of {text:?} fails: {e}"));
    assert!(
        again.findings.iter().all(|f| !f.fixable),
        "canonical {canonical:?} still has {:?}",
        again.findings
    );
    assert!(
        !again.has_errors(),
        "canonical {canonical:?}: {:?}",
        again.findings
    );
    assert_eq!(again.epd.to_string(), canonical, "fmt is not idempotent");
    let fixed = parsed.fixed();
    assert_eq!(fixed, again.epd, "{text:?}");
    assert_eq!(fixed.to_string(), canonical);
    // The JSON form reads back to the line. It does not record whether an operand of `noop` or
    // of an unknown opcode was quoted: a number comes back bare, anything else quoted.
    let line = EpdJson::from(&fixed)
        .to_line()
        .unwrap_or_else(|e| panic!("JSON form of {canonical:?}: {e}"));
    let requoted = fixed.operations().any(|op| {
        matches!(op.kind(), OpcodeKind::Any | OpcodeKind::Unknown)
            && op.operands().any(|o| o.is_string() == is_number(o.text()))
    });
    if !requoted {
        assert_eq!(line, canonical, "JSON round trip of {text:?}");
    }
}

/// Whether the JSON form writes an operand of `noop` or of an unknown opcode bare: a number,
/// `[+-]digits[.digits]` (spec/epd.md section 6).
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// PGN tag pairs: scanning never panics; each value's span lies inside the text, after the
/// span before it, between quotes; a value without a backslash is its span's text, and one with
/// is the span's text with each `\\X` read as `X`.
pub fn check_pgn_tags(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (tags, _) = notation::fuzzing::pgn_tags(text);
    let mut after = 0;
    for (name, span, value) in tags {
        assert!(
            span.start >= after,
            "tag {name} overlaps the one before: {text:?}"
        );
        let written = text
            .get(span.clone())
            .unwrap_or_else(|| panic!("tag {name}: span {span:?} not inside {text:?}"));
        assert_eq!(text.as_bytes().get(span.start - 1), Some(&b'"'), "{text:?}");
        assert_eq!(text.as_bytes().get(span.end), Some(&b'"'), "{text:?}");
        let mut unescaped = String::new();
        let mut chars = written.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                unescaped.extend(chars.next());
            } else {
                unescaped.push(c);
            }
        }
        assert_eq!(value, unescaped, "tag {name} of {text:?}");
        after = span.end;
    }
}

/// CSV fields, on one line, with `,` and with a tab: finding them never panics; the fields
/// cover the row from its start to its end, one delimiter between each and the next; a
/// position read from any column and written back unchanged gives the row back byte for byte.
pub fn check_csv_fields(data: &[u8]) {
    thread_local! {
        /// The readers, built once: building one is most of what a call costs.
        static PROBES: std::cell::RefCell<[notation::fuzzing::CsvProbe; 2]> = std::cell::RefCell::new([
            notation::fuzzing::CsvProbe::new(b','),
            notation::fuzzing::CsvProbe::new(b'\t'),
        ]);
    }
    // Lone carriage returns end a CSV record in the middle of a line; they are left out here.
    let data: Vec<u8> = data.iter().copied().filter(|&b| b != b'\r').collect();
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').take(16).collect();
    PROBES.with_borrow_mut(|probes| {
        for (probe, delimiter) in probes.iter_mut().zip([b',', b'\t']) {
            check_csv_lines(probe, &lines, delimiter);
        }
    });
}

/// The rows of `lines`, as the row reader groups them, each checked.
fn check_csv_lines(probe: &mut notation::fuzzing::CsvProbe, lines: &[&[u8]], delimiter: u8) {
    let ends = probe.row_ends(lines);
    assert_eq!(ends.len(), lines.len());
    // The quick test that a line's quotes all close agrees with csv-core, on a row's first
    // line.
    if let (Some(first), Some(&ended)) = (lines.first(), ends.first())
        && notation::fuzzing::csv_quotes_close_simply(first, delimiter)
    {
        assert!(ended, "{first:?}");
    }
    let mut rows: Vec<Vec<u8>> = Vec::new();
    let mut open = false;
    for (line, ended) in lines.iter().zip(ends) {
        match rows.last_mut() {
            Some(row) if open => {
                row.push(b'\n');
                row.extend_from_slice(line);
            }
            _ => rows.push(line.to_vec()),
        }
        open = !ended;
    }
    for row in &rows {
        check_csv_row(probe, row, delimiter);
    }
}

/// A CSV row's fields cover it, split at its delimiters; each column read as a position is
/// written back as it was.
fn check_csv_row(probe: &mut notation::fuzzing::CsvProbe, row: &[u8], delimiter: u8) {
    let fields = probe.fields(row);
    if row.is_empty() {
        return;
    }
    assert_eq!(fields.first().map(|f| f.start), Some(0), "{row:?}");
    assert_eq!(fields.last().map(|f| f.end), Some(row.len()), "{row:?}");
    for pair in fields.windows(2) {
        assert_eq!(pair[0].end + 1, pair[1].start, "{row:?}: {fields:?}");
        assert_eq!(row[pair[0].end], delimiter, "{row:?}: {fields:?}");
    }
    let Ok(text) = std::str::from_utf8(row) else {
        return;
    };
    for column in 0..fields.len() {
        if let Some((span, value, back)) = probe.position(text, column) {
            assert!(text.get(span).is_some(), "{text:?} column {column}");
            assert_eq!(back, text, "column {column} ({value:?}) written back");
        }
    }
}

/// How many plies [`check_variant_rules`] follows from the position it reads.
const VARIANT_PLIES: usize = 6;

/// The variant rules (`variants`): the first byte picks the variant, the second's low bit
/// Chess960 mode, the text up to a newline is the position, and every byte after it picks a
/// move of the next ply. Reading never panics and a refusal's span lies inside the text on
/// character boundaries; on every position reached: the status, the findings (spans inside
/// the text read, on character boundaries; an error exactly when the status is not valid), the
/// outcome and the legal moves never panic; every legal move's SAN and UCI read back as that
/// move; perft(1) counts the legal moves, and perft(2) is the sum of perft(1) after each; a
/// valid position's FEN reads back as the same FEN.
pub fn check_variant_rules(data: &[u8]) {
    let [variant, flags, rest @ ..] = data else {
        return;
    };
    let variant = variants::Variant::ALL[usize::from(*variant) % variants::Variant::ALL.len()];
    let chess960 = flags & 1 == 1;
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let Ok(text) = std::str::from_utf8(&rest[..end]) else {
        return;
    };
    let choices = rest.get(end + 1..).unwrap_or_default();
    let mut position = match variants::Position::from_fen(variant, text, chess960) {
        Ok(position) => position,
        Err(err) => {
            let span = err.span();
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "{span:?} in {text:?}"
            );
            return;
        }
    };
    let findings = position.findings(text);
    for finding in &findings {
        let span = &finding.span;
        assert!(
            span.end <= text.len()
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end),
            "{finding} in {text:?}"
        );
    }
    assert_eq!(
        findings.iter().any(|f| f.severity == dfen::Severity::Error),
        !position.status().is_valid(),
        "{text:?}"
    );
    let mut text = text.to_owned();
    for ply in 0..=VARIANT_PLIES {
        let status = position.status();
        let _ = position.outcome();
        let moves = position.legal_moves();
        assert_eq!(position.perft(1), moves.len() as u64, "{text}");
        let mut below = 0;
        for &m in &moves {
            let san = position.san(m);
            assert_eq!(position.parse_move(&san), Ok(m), "{san} in {text}");
            let uci = m.uci(position.is_chess960());
            assert_eq!(position.parse_move(&uci), Ok(m), "{uci} in {text}");
            below += position.after(m).perft(1);
        }
        assert_eq!(position.perft(2), below, "{text}");
        if status.is_valid() {
            let fen = position.fen();
            let again = variants::Position::from_fen(variant, &fen, chess960)
                .unwrap_or_else(|err| panic!("{fen}: {err}"));
            assert_eq!(again.fen(), fen);
        }
        let Some(&choice) = choices.get(ply) else {
            break;
        };
        if moves.is_empty() {
            break;
        }
        position = position.after(moves[usize::from(choice) % moves.len()]);
        text = position.fen();
    }
}

/// PGN movetext (the `pgn` crate), as games and as one movetext column: reading never panics,
/// whatever is kept; every finding's span lies on character boundaries of the input; the edits
/// are sorted and inside it; and the JSON form of every game, written as PGN and read again,
/// is the same JSON.
pub fn check_movetext(data: &[u8]) {
    use pgn::{Keep, Notation, Reader};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for notation in [Notation::Pgn, Notation::Movetext] {
        for keep in [Keep::Findings, Keep::Tree] {
            let reader = Reader::new()
                .notation(notation)
                .keep(keep)
                .fens(true)
                .max_depth(8);
            let mut last_edit = 0;
            for game in reader.games(text) {
                for finding in &game.findings {
                    assert!(
                        text.get(finding.span.clone()).is_some(),
                        "{}: span {:?} not inside {text:?}",
                        finding.code,
                        finding.span
                    );
                }
                for edit in &game.edits {
                    assert!(
                        edit.span.start >= last_edit && text.get(edit.span.clone()).is_some(),
                        "edit {edit:?} of {text:?}"
                    );
                    last_edit = edit.span.end;
                }
                if keep != Keep::Tree {
                    continue;
                }
                let form = pgn::json::to_json(&game);
                let Ok(written) = pgn::json::to_pgn(&form) else {
                    continue;
                };
                let again = Reader::new()
                    .keep(Keep::Tree)
                    .fens(true)
                    .max_depth(8)
                    .games(&written)
                    .next()
                    .map(|game| pgn::json::to_json(&game));
                assert_eq!(
                    again.as_ref(),
                    Some(&form),
                    "{text:?} was written {written:?}"
                );
            }
            let _ = pgn::fix(text, notation);
        }
    }
}

/// JSON Lines fields: the quick scan of a line (the common line's fast path) never finds a
/// value that serde_json does not find at the same place, for the keys a file of positions
/// names; neither panics on any line.
pub fn check_jsonl_field(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.split('\n') {
        for key in ["fen", "a", ""] {
            if let Err(disagreement) = notation::fuzzing::jsonl_quick_scan_agrees(key, line) {
                panic!("{disagreement}");
            }
        }
    }
}

/// The names a setting offers, and `None` (not given): what a binding may pass.
fn names_of<T: notation::choice::Choice>() -> Vec<Option<&'static str>> {
    std::iter::once(None)
        .chain(T::offered().iter().map(|choice| Some(choice.name())))
        .collect()
}

/// A text rewritten as `fenkit fmt -` and `fenkit convert -` rewrite standard input, with
/// settings given by name as the bindings give them (`notation::named`), chosen by the first
/// two bytes: the notation, the variant, Chess960 mode, the castling spelling and the form
/// converted to. Neither call panics, whatever the settings and the text; what `fmt` writes
/// is written again unchanged (`fmt` is idempotent), and its spans lie inside the text.
pub fn check_rewrite(data: &[u8]) {
    use notation::named::{ReadNames, RewriteNames, Rewriter};
    let [first, second, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pick = |names: &[Option<&'static str>], byte: u8| names[usize::from(byte) % names.len()];
    let notations = names_of::<notation::Notation>();
    let variants = names_of::<notation::VariantName>();
    let castlings = names_of::<CastlingNotation>();
    let targets = names_of::<notation::Target>();
    let names = RewriteNames {
        read: ReadNames {
            notation: pick(&notations, *first),
            variant: pick(&variants, *first / 16),
            chess960: *second & 1 != 0,
            ..ReadNames::default()
        },
        castling: pick(&castlings, *second / 2),
        to: pick(&targets, *second / 8),
        ..RewriteNames::default()
    };
    let mut rewriter = Rewriter::new(&names);
    let _ = rewriter.convert(text);
    let _ = rewriter.key(text);
    match rewriter.format(text) {
        Ok(Ok(written)) => {
            let again = Rewriter::new(&names).format(&written);
            assert!(
                matches!(&again, Ok(Ok(twice)) if *twice == written),
                "{names:?}: {text:?} was written {written:?}, then {again:?}"
            );
        }
        Ok(Err(refused)) => assert!(
            text.get(refused.placed.span()).is_some(),
            "{names:?}: span {:?} is not inside {text:?}",
            refused.placed.span()
        ),
        Err(_) => {}
    }
}
