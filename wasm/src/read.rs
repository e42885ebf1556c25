//! How a text is read: the notation and its settings, packed by the JavaScript side into one
//! number (`Reader::decode`), and the reads every call shares.

use chess::variant::{Dialect, Variant, VariantParsed, VariantParser};
use dfen::Profile;

use crate::found::{Failure, Found};

/// The dialects the `dialect` option names, in the order of their numbers: `Dialect::ALL`,
/// then `auto` (each text read in the dialect it is written in).
pub(crate) const DIALECTS: [&str; 4] = ["essay", "stockfish", "lichess", "auto"];

/// The DFEN profiles, in the order of their numbers.
pub(crate) const PROFILES: [Profile; 3] = [Profile::Spec, Profile::Lenient, Profile::Engine];

/// What a text is read as: what each parse function reads (`parseDfen`, `parseFen4`,
/// `parseVariant`). The notations of the table are read by the notation library, in the
/// second module (`crate::rewrite`, `crate::check`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Notation {
    /// Dice Chess FEN (standard FEN too), under a profile.
    Dfen,
    /// A FEN4 placement literal.
    Fen4,
    /// A variant FEN in a dialect, read by the variant parser.
    Variant(Variant),
}

/// The settings of one call, decoded from the number the JavaScript side packs:
///
/// | bits | what |
/// |---|---|
/// | 0–3 | what is read: 1 a DFEN, 2 a FEN4 (else a DFEN) |
/// | 4–7 | variant: 0 none, else 1 + its index in `Variant::ALL` |
/// | 8–9 | profile: its index in [`PROFILES`] |
/// | 10–11 | dialect: its index in `Dialect::ALL` |
/// | 12 | strict |
/// | 13 | the text came as bytes (a `Uint8Array`): offsets count bytes |
/// | 16–23 | three-check's check limit (0: the default, 3) |
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reader {
    notation: Notation,
    pub(crate) profile: Profile,
    pub(crate) dialect: Dialect,
    /// `dialect: "auto"`: each text is read (and written) in the dialect it is written in.
    pub(crate) auto: bool,
    /// A variant of the rules library's table that `dfen` reads as chess
    /// ([`crate::lichess`]).
    pub(crate) rules: Option<variants::Variant>,
    pub(crate) check_limit: u8,
    pub(crate) strict: bool,
    pub(crate) bytes: bool,
}

impl Reader {
    /// The settings `bits` packs. Numbers out of range read as the defaults: the JavaScript
    /// side never sends them.
    pub(crate) fn decode(bits: u32) -> Reader {
        let field = |shift: u32, mask: u32| ((bits >> shift) & mask) as usize;
        let index = field(4, 0xf).checked_sub(1);
        let rules = index
            .and_then(|i| i.checked_sub(Variant::ALL.len()))
            .and_then(|i| crate::lichess::RULES.get(i).copied());
        let variant = match rules {
            Some(_) => Some(Variant::Chess),
            None => index.and_then(|i| Variant::ALL.get(i).copied()),
        };
        // Three-check and crazyhouse are read by `dfen` in their dialects and judged by the
        // rules library, as on every surface (spec/variants.md section 11).
        let rules = rules.or(match variant {
            Some(Variant::ThreeCheck) => Some(variants::Variant::ThreeCheck),
            Some(Variant::Crazyhouse) => Some(variants::Variant::Crazyhouse),
            _ => None,
        });
        // Every variant is read by the variant parser, standard chess and Dice Chess too (as
        // `parseVariant` reads them).
        let notation = match variant {
            Some(variant) => Notation::Variant(variant),
            None if field(0, 0xf) == 2 => Notation::Fen4,
            None => Notation::Dfen,
        };
        let check_limit = match field(16, 0xff) {
            0 => 3,
            limit => u8::try_from(limit).unwrap_or(3),
        };
        Reader {
            notation,
            profile: PROFILES
                .get(field(8, 0x3))
                .copied()
                .unwrap_or(Profile::Spec),
            dialect: Dialect::ALL
                .get(field(10, 0x3))
                .copied()
                .unwrap_or(Dialect::Essay),
            auto: field(10, 0x3) == 3,
            rules,
            check_limit,
            strict: bits & (1 << 12) != 0,
            bytes: bits & (1 << 13) != 0,
        }
    }

    /// What the text is read as.
    pub(crate) fn notation(&self) -> Notation {
        self.notation
    }

    pub(crate) fn dfen_parser(&self) -> dfen::Parser {
        dfen::Parser::new()
            .profile(self.profile)
            .strict(self.strict)
    }

    pub(crate) fn fen4_parser(&self) -> fen4::Parser {
        fen4::Parser::new().strict(self.strict)
    }

    /// The dialect `text` of `variant` is read in: the option's, or with `auto` its own.
    pub(crate) fn dialect_of(&self, variant: Variant, text: &str) -> Dialect {
        if self.auto {
            Dialect::detect(variant, text)
        } else {
            self.dialect
        }
    }

    pub(crate) fn variant_parser(&self, variant: Variant, text: &str) -> VariantParser {
        VariantParser::new(variant)
            .dialect(self.dialect_of(variant, text))
            .check_limit(self.check_limit)
            .strict(self.strict)
            // A variant of the rules table is judged by its own rules, not chess's.
            .check_position(self.rules.is_none())
    }

    /// The dialect a variant's canonical form is written in: the one read, unless the
    /// variant has not that dialect (a two-move position reads only `essay`).
    pub(crate) fn write_dialect(&self, variant: Variant, text: &str) -> Dialect {
        let dialect = self.dialect_of(variant, text);
        if variant.has_dialect(dialect) {
            dialect
        } else {
            Dialect::Essay
        }
    }

    /// The name of the variant read: the rules table's for its variants.
    pub(crate) fn variant_name(&self, variant: Variant) -> &'static str {
        match self.rules {
            Some(rules) if variant == Variant::Chess => rules.name(),
            _ => variant.name(),
        }
    }
}

/// A text read in its notation, with the library's findings.
pub(crate) enum Read {
    Dfen(dfen::Parsed),
    Fen4(fen4::Parsed),
    /// A variant position, with the rules library's findings for a variant of its table.
    Variant(VariantParsed, Vec<Found>),
}

/// Reads `text` as `reader` says (standard FEN by the DFEN parser); a syntax error is the `Err`.
pub(crate) fn read(reader: &Reader, text: &str) -> Result<Read, Failure> {
    match reader.notation() {
        Notation::Dfen => reader
            .dfen_parser()
            .parse(text)
            .map(Read::Dfen)
            .map_err(|error| Failure::dfen(&error)),
        Notation::Fen4 => reader
            .fen4_parser()
            .parse(text)
            .map(Read::Fen4)
            .map_err(|error| Failure::fen4(&error)),
        Notation::Variant(variant) => reader
            .variant_parser(variant, text)
            .parse(text)
            .map(|parsed| {
                let rules = match reader.rules {
                    // A variant of standard FEN: the library reads the text itself.
                    Some(rules) if variant == Variant::Chess => {
                        crate::lichess::findings(rules, text)
                    }
                    // Three-check, crazyhouse: the position `dfen` read, with its pockets and
                    // checks.
                    Some(rules) => Found::all(
                        variants::Position::from_variant_fen(rules, &parsed.position, false)
                            .findings(text),
                    ),
                    None => Vec::new(),
                };
                Read::Variant(parsed, rules)
            })
            .map_err(|error| Failure::dfen(&error)),
    }
}

impl Read {
    /// The library's findings, in its order.
    pub(crate) fn into_findings(self) -> Vec<Found> {
        match self {
            Read::Dfen(parsed) => Found::all(parsed.findings),
            Read::Fen4(parsed) => Found::all(parsed.findings),
            Read::Variant(parsed, rules) => {
                let mut findings = Found::all(parsed.findings);
                findings.extend(rules);
                findings
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_reads_each_field() {
        let reader = Reader::decode(1 | (1 << 8) | (1 << 12));
        assert_eq!(reader.notation, Notation::Dfen);
        assert_eq!(reader.profile, Profile::Lenient);
        assert!(reader.strict && !reader.bytes);
        let crazyhouse = 1 + Variant::ALL
            .iter()
            .position(|&v| v == Variant::Crazyhouse)
            .unwrap_or_default() as u32;
        let reader = Reader::decode((crazyhouse << 4) | (2 << 10) | (1 << 13) | (5 << 16));
        assert_eq!(reader.notation, Notation::Variant(Variant::Crazyhouse));
        assert_eq!(reader.dialect, Dialect::Lichess);
        assert_eq!(reader.check_limit, 5);
        assert!(reader.bytes);
    }

    #[test]
    fn out_of_range_numbers_read_as_defaults() {
        let reader = Reader::decode(0xf | (0xf << 4) | (3 << 8) | (3 << 10));
        assert_eq!(reader.notation, Notation::Dfen);
        assert_eq!(reader.profile, Profile::Spec);
        assert_eq!(reader.dialect, Dialect::Essay);
        assert_eq!(reader.check_limit, 3);
    }
}
