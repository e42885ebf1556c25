//! The fast path: a variant FEN in plain form, read in one pass.
//!
//! Most variant FENs in a collection are written as their dialect writes them. For those, the
//! general reader's work (splitting the fields, cutting the slots out of a copy of the text,
//! then reading the six standard fields) is far more than needed. Here the DFEN scanner reads
//! the six fields straight from the input, stepping over what the dialect writes among them
//! (a pocket, `~` marks, the counters before the clocks), and the slot fields after the clocks
//! are read in their plain spelling only.
//!
//! Anything else (a syntax error, a fixable spelling, unusual spacing, a slot finding that the
//! general reader words) makes this path give up with `None`, and the general reader reads the
//! whole input again. So this path changes speed, never results; a test checks that both
//! agree on a corpus of every variant and dialect and its mutations.

use super::check::SlotSpans;
use super::read::{counter_value, read_pocket_letters, read_promoted};
use super::{Dialect, SubTurn, Variant, VariantParsed, VariantParser};
use dfen::fen_parts::Census;
use dfen::fen_parts::{Among, PocketSpelling, Slots};
use dfen::{Severity, SquareSet};

impl VariantParser {
    /// Reads `input` into `parsed` when it is in plain form; `None` when the general reader must
    /// (what `parsed` holds is then meaningless). `parsed` comes in as [`VariantParsed::empty`],
    /// `census` as [`Census::default`]; it leaves with where each piece of the board stands.
    #[inline(always)]
    pub(super) fn read_plain(
        &self,
        input: &str,
        parsed: &mut VariantParsed,
        census: &mut Census,
    ) -> Option<()> {
        let (variant, dialect) = (self.variant, self.dialect);
        let among = match (variant, dialect) {
            (Variant::ThreeCheck, Dialect::Stockfish) => Among {
                field_before_clocks: true,
                ..Among::NOTHING
            },
            (Variant::Crazyhouse, Dialect::Stockfish) => Among {
                pocket: Some(PocketSpelling::Bracketed),
                marks: true,
                ..Among::NOTHING
            },
            (Variant::Crazyhouse, Dialect::Lichess) => Among {
                pocket: Some(PocketSpelling::NinthRank),
                marks: true,
                ..Among::NOTHING
            },
            _ => Among::NOTHING,
        };
        let mut slots = Slots::default();
        let standard = self.standard_in(dfen::Profile::Spec).six_fields();
        let holdings = &mut parsed.position.holdings;
        let six_end = standard.scan_variant(
            input,
            among,
            &mut parsed.position.fen,
            census,
            &mut slots,
            &mut parsed.findings,
            |pocket| {
                // Both orders the dialects write are plain; any other is the general reader's.
                let (held, order, letters) = read_pocket_letters(pocket, false);
                *holdings = held;
                holdings.order = order?;
                Some(letters)
            },
        )?;
        // Several en-passant squares are DFEN's alone: an error here.
        if parsed.position.fen.en_passant.len() > 1 {
            return None;
        }
        let mut spans = SlotSpans {
            board: 0..slots.board_end,
            ..SlotSpans::default()
        };
        let position = &mut parsed.position;
        let mut after = Fields {
            bytes: input.as_bytes(),
            at: six_end,
        };
        match (variant, dialect) {
            (Variant::ThreeCheck, Dialect::Essay) => {
                after.space()?;
                let start = after.at;
                position.checks.white = after.counter()?;
                after.space()?;
                position.checks.black = after.counter()?;
                spans.checks = Some(start..after.at);
            }
            (Variant::ThreeCheck, Dialect::Stockfish) => {
                let field = slots.before_clocks;
                let mut counters = Fields {
                    bytes: input.as_bytes().get(..field.end)?,
                    at: field.start,
                };
                let white = counters.counter()?;
                counters.byte(b'+')?;
                let black = counters.counter()?;
                counters.end()?;
                // More checks remaining than the limit is an error the general reader words.
                let limit = self.check_limit;
                if white > limit || black > limit {
                    return None;
                }
                position.checks.white = limit - white;
                position.checks.black = limit - black;
            }
            (Variant::ThreeCheck, Dialect::Lichess) => {
                after.space()?;
                let start = after.at;
                after.byte(b'+')?;
                position.checks.white = after.counter()?;
                after.byte(b'+')?;
                position.checks.black = after.counter()?;
                spans.checks = Some(start..after.at);
            }
            (Variant::Crazyhouse, Dialect::Essay) => {
                after.space()?;
                let start = after.at;
                if after.bytes.get(start) == Some(&b'-') {
                    after.at += 1;
                } else {
                    let (held, order, letters) =
                        read_pocket_letters(after.bytes.get(start..)?, true);
                    order.filter(|_| letters > 0)?;
                    position.holdings = held;
                    after.at += letters;
                }
                spans.holdings = Some(start..after.at);
                after.space()?;
                let start = after.at;
                let promoted = input.get(start..)?;
                if promoted != "-" {
                    let (set, true) = read_promoted(promoted).ok()? else {
                        return None;
                    };
                    position.promoted = set;
                }
                spans.promoted = Some(start..input.len());
                after.at = input.len();
            }
            (Variant::Crazyhouse, _) => {
                // The scan has read the pocket.
                position.promoted = SquareSet(slots.marked);
                spans.holdings = Some(slots.pocket);
            }
            (Variant::TwoMove, _) => {
                after.space()?;
                let start = after.at;
                position.sub_turn = match after.bytes.get(start)? {
                    b'1' => SubTurn::First,
                    b'2' => SubTurn::Second,
                    _ => return None,
                };
                after.at += 1;
                spans.sub_turn = Some(start..after.at);
            }
            (Variant::Chess, _) => {}
            (Variant::Dice, _) => return None,
        }
        after.end()?;
        super::check::position_findings(
            &parsed.position,
            census,
            &spans,
            self.check_position,
            &mut parsed.findings,
        );
        if self.strict {
            for finding in &mut parsed.findings {
                if finding.fixable {
                    finding.severity = Severity::Error;
                }
            }
        }
        parsed.written_canonically = parsed.findings.is_empty();
        Some(())
    }
}

/// Where the reading of slot fields stands in the input.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Fields<'_> {
    /// Consumes `expected`, or fails.
    #[inline(always)]
    fn byte(&mut self, expected: u8) -> Option<()> {
        (*self.bytes.get(self.at)? == expected).then(|| self.at += 1)
    }

    /// Consumes one space, the field separator, or fails.
    #[inline(always)]
    fn space(&mut self) -> Option<()> {
        self.byte(b' ')
    }

    /// A check counter in plain form: `0`, or digits without a leading zero, at most 255.
    #[inline(always)]
    fn counter(&mut self) -> Option<u8> {
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        counter_value(self.bytes.get(start..self.at)?)
    }

    /// Succeeds at the end of the text.
    #[inline(always)]
    fn end(&self) -> Option<()> {
        (self.at == self.bytes.len()).then_some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_strategies::{Rng, mutate};
    use dfen::CastlingMode;

    /// Variant FENs of every variant and dialect, in plain form: each names its variant and
    /// dialect.
    const SEEDS: &[(Variant, Dialect, &str)] = &[
        (
            Variant::ThreeCheck,
            Dialect::Essay,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 0",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Essay,
            "rnbqkb1r/pppp1ppp/5n2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 3 3 2 1",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Stockfish,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Stockfish,
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 1+2 0 2",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Lichess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4K3 b - - 10 40 +2+3",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "r1bqk2r/ppp2ppp/2n5/8/1Q6/8/PPPP1PPP/R1B1K1NR b KQkq - 0 8 PPNpb b4",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "Q3k3/8/8/8/8/8/8/4K2R w K - 0 30 - a8,h1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "r1bqk2r/ppp2ppp/2n5/8/1Q~6/8/PPPP1PPP/R1B1K1NR[PPNpb] b KQkq - 0 8",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "r1bqk2r/ppp2ppp/2n5/8/1Q~6/8/PPPP1PPP/R1B1K1NR[QNPPbp] b KQkq - 0 8",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "Q~3k3/8/8/8/8/8/8/4KR~2[] w - - 0 30",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Lichess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Lichess,
            "r1bqk2r/ppp2ppp/2n5/8/1Q~6/8/PPPP1PPP/R1B1K1NR/PPNpb b KQkq - 0 8",
        ),
        (
            Variant::TwoMove,
            Dialect::Essay,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1",
        ),
        (
            Variant::TwoMove,
            Dialect::Essay,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 2",
        ),
        (
            Variant::Chess,
            Dialect::Essay,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        ),
    ];

    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '0', '1', '2', '3', '4', '5',
        '6', '7', '8', '/', ' ', '-', '+', '~', '[', ']', ',', 'w', 'b', 'a', 'c', 'e', 'h', '\t',
    ];

    /// Every variant and dialect the parser reads (DFEN's own variant excepted: it is the DFEN
    /// parser, whose fast path is tested there).
    fn parsers() -> Vec<VariantParser> {
        let mut parsers = Vec::new();
        for variant in [
            Variant::Chess,
            Variant::ThreeCheck,
            Variant::Crazyhouse,
            Variant::TwoMove,
        ] {
            for dialect in [Dialect::Essay, Dialect::Stockfish, Dialect::Lichess] {
                if !variant.has_dialect(dialect) {
                    continue;
                }
                for (strict, check, limit, lenient, mode) in [
                    (false, true, 3, false, CastlingMode::Standard),
                    (true, true, 3, false, CastlingMode::Standard),
                    (false, false, 5, false, CastlingMode::Standard),
                    (true, true, 1, false, CastlingMode::Standard),
                    (false, true, 3, true, CastlingMode::Standard),
                    (true, true, 3, true, CastlingMode::Chess960),
                ] {
                    parsers.push(
                        VariantParser::new(variant)
                            .dialect(dialect)
                            .strict(strict)
                            .check_position(check)
                            .check_limit(limit)
                            .lenient(lenient)
                            .castling_mode(mode),
                    );
                }
            }
        }
        parsers
    }

    #[test]
    fn fast_path_takes_plain_inputs() {
        for &(variant, dialect, seed) in SEEDS {
            let parser = VariantParser::new(variant).dialect(dialect);
            let parsed = parser.parse_plain(seed);
            assert!(parsed.is_some(), "{variant} {dialect}: {seed}");
        }
        // A `~` on a pawn or king, or ending the placement, and a pocket out of order are the
        // general reader's: it words their findings.
        let crazyhouse = VariantParser::new(Variant::Crazyhouse).dialect(Dialect::Stockfish);
        for input in [
            "4k3/8/8/8/8/8/P~7/4K3[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K~3[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2Q~[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[pP] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            // The pocket's `[` ends the placement: before the 64th square, after a slash past
            // it, or after the other fields, the placement is not plain.
            "4k3/8/8/8/8/8/8/4K2[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3/[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 []",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 [",
        ] {
            assert!(crazyhouse.parse_plain(input).is_none(), "{input}");
        }
    }

    #[test]
    fn fast_path_agrees_with_the_general_reader() {
        let mut rng = Rng(0x5eed_7a21_a27f_0003);
        let mut inputs: Vec<&str> = SEEDS.iter().map(|&(_, _, seed)| seed).collect();
        let mutated: Vec<String> = (0..20_000)
            .map(|_| {
                let seed = SEEDS[rng.below(SEEDS.len())].2;
                mutate(&mut rng, seed, ALPHABET)
            })
            .collect();
        inputs.extend(mutated.iter().map(String::as_str));
        let (mut fast, mut with_findings) = (0usize, 0usize);
        for parser in parsers() {
            for &input in &inputs {
                let Some(plain) = parser.parse_plain(input) else {
                    continue;
                };
                let general = parser.parse_general(input);
                fast += 1;
                with_findings += usize::from(!plain.findings.is_empty());
                let context = format!(
                    "{} {} strict={} check={} limit={} lenient={} {}: {input:?}",
                    parser.variant,
                    parser.dialect,
                    parser.strict,
                    parser.check_position,
                    parser.check_limit,
                    parser.lenient,
                    parser.castling_mode
                );
                let general = general.unwrap_or_else(|e| panic!("{context}: {e}"));
                assert_eq!(plain, general, "{context}");
                assert_eq!(
                    plain.position.display_as(parser.dialect).to_string(),
                    general.position.display_as(parser.dialect).to_string(),
                    "{context}"
                );
                assert_eq!(
                    plain.written_canonically, general.written_canonically,
                    "{context}"
                );
                if plain.written_canonically {
                    assert_eq!(
                        plain.position.display_as(parser.dialect).to_string(),
                        input,
                        "{context}"
                    );
                }
            }
        }
        // The mutations must leave many inputs plain, some with findings, or this test would
        // compare little.
        assert!(fast > 5000, "only {fast} fast-path inputs");
        assert!(with_findings > 2000, "only {with_findings} with findings");
    }

    /// A line the one-pass reader reads in a dialect, when that reading is said to prove the
    /// dialect (`parse_plain_in_dialect`), is one `Dialect::detect` finds in it, and reads as
    /// `parse_with_pieces` reads it: the mutated corpus, in every dialect of every variant.
    #[test]
    fn plain_reading_in_a_dialect_is_the_dialect_detected() {
        let mut rng = Rng(0x5eed_7a21_a27f_0009);
        let mut inputs: Vec<String> = SEEDS.iter().map(|&(_, _, seed)| seed.to_owned()).collect();
        inputs.extend((0..20_000).map(|_| {
            let seed = SEEDS[rng.below(SEEDS.len())].2;
            mutate(&mut rng, seed, ALPHABET)
        }));
        let mut proved = [0usize; 3];
        for parser in parsers() {
            for input in &inputs {
                let (out, Some(pieces)) = parser.parse_plain_in_dialect(input) else {
                    continue;
                };
                proved[parser.dialect as usize] += 1;
                let context = format!("{} {}: {input:?}", parser.variant, parser.dialect);
                assert_eq!(
                    Dialect::detect(parser.variant, input),
                    parser.dialect,
                    "{context}"
                );
                let (parsed, read_pieces) = parser.parse_with_pieces(input);
                assert_eq!(out, parsed, "{context}");
                assert_eq!(Some(pieces), read_pieces, "{context}");
            }
        }
        // Each dialect proves some lines, or this test would compare little.
        assert!(proved.iter().all(|&n| n > 500), "{proved:?}");
    }
}
