//! The variants of the `variants` library's table that `dfen` does not read with slots of
//! their own (antichess, giveaway, atomic, horde, racing kings, king of the hill): their
//! standard fields are read by `dfen` as chess, without chess's position rules, and the
//! library judges the position by the variant's rules (`VARxxx` findings). The names the
//! JavaScript side accepts, aliases included, follow from the library's table.

use std::collections::BTreeMap;

use chess::variant::Variant;

use crate::found::Found;

/// The variants read this way, in the order of their numbers after `dfen`'s five.
pub(crate) const RULES: [variants::Variant; 6] = [
    variants::Variant::Antichess,
    variants::Variant::Giveaway,
    variants::Variant::Atomic,
    variants::Variant::Horde,
    variants::Variant::RacingKings,
    variants::Variant::KingOfTheHill,
];

/// Every variant name the `variant` option takes, in the order of their numbers: `dfen`'s
/// five, then [`RULES`].
pub(crate) fn names() -> Vec<&'static str> {
    Variant::ALL
        .map(Variant::name)
        .into_iter()
        .chain(RULES.map(variants::Variant::name))
        .collect()
}

/// Each other spelling of the table (its names, aliases and PGN `Variant` values) with the
/// name of [`names`] it stands for.
pub(crate) fn aliases() -> BTreeMap<&'static str, &'static str> {
    let mut aliases = BTreeMap::new();
    for entry in &variants::TABLE {
        let name = match entry.variant {
            variants::Variant::Chess => Variant::Chess.name(),
            variants::Variant::ThreeCheck => Variant::ThreeCheck.name(),
            variants::Variant::Crazyhouse => Variant::Crazyhouse.name(),
            other => other.name(),
        };
        for spelling in std::iter::once(&entry.name)
            .chain(entry.aliases)
            .chain(std::iter::once(&entry.pgn))
        {
            if *spelling != name {
                aliases.insert(*spelling, name);
            }
        }
    }
    aliases
}

/// The validity of `text` as a position of `rules`: the library's findings. A text the library
/// cannot read gives none here: `dfen` has already refused it, or reads it as it does.
pub(crate) fn findings(rules: variants::Variant, text: &str) -> Vec<Found> {
    variants::check(rules, text, false)
        .map(|checked| Found::all(checked.findings))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::Reader;

    #[test]
    fn every_table_spelling_names_a_variant_of_the_option() {
        let names = names();
        assert_eq!(names.len(), Variant::ALL.len() + RULES.len());
        let aliases = aliases();
        for entry in &variants::TABLE {
            for spelling in std::iter::once(&entry.name).chain(entry.aliases) {
                let name = aliases.get(spelling).copied().unwrap_or(spelling);
                assert!(names.contains(&name), "{spelling} -> {name}");
            }
        }
        assert_eq!(aliases["Racing Kings"], "racingkings");
        assert_eq!(aliases["3check"], "threecheck");
        assert_eq!(aliases["Standard"], "chess");
    }

    #[test]
    fn a_rules_variant_is_read_as_chess_and_judged_by_its_rules() {
        let antichess = 1 + Variant::ALL.len();
        let reader = Reader::decode((antichess as u32) << 4);
        assert_eq!(reader.rules, Some(variants::Variant::Antichess));
        assert_eq!(reader.variant_name(Variant::Chess), "antichess");
        let codes: Vec<&str> = findings(variants::Variant::Horde, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
            .iter()
            .map(|f| f.code)
            .collect();
        assert_eq!(codes, ["VAR012"]);
        // `auto` is the fourth dialect number.
        assert!(Reader::decode(3 << 10).auto);
    }
}
