//! The stable codes of PGN findings: `PGN0xx` the text cannot be read as PGN there, `PGN1xx`
//! spellings and omissions that `fmt` fixes, `PGN2xx` what the moves and the result mean.

fenkit_diagnostics::codes! {
    /// The codes of the PGN reader. Each is listed in `spec/codes.md` and explained, with an
    /// example, in `spec/pgn.md`.
    pub enum Code {
        /// Text that is no token of PGN's movetext (a stray `.`, `]`, `}`, a word that is no
        /// move).
        UnknownToken = "PGN001", Syntax, "unknown token";
        /// A `{` comment whose `}` does not come before the next tag section.
        UnclosedComment = "PGN002", Syntax, "comment never closes";
        /// A `(` variation that is still open when its game ends.
        UnclosedVariation = "PGN003", Syntax, "variation never closes";
        /// A `)` without its `(`.
        UnopenedVariation = "PGN004", Syntax, "closing parenthesis without a variation";
        /// Variations nested deeper than the reader's limit.
        TooDeep = "PGN005", Syntax, "variations nested too deep";
        /// A tag pair that is not `[Name "value"]`.
        BadTag = "PGN006", Syntax, "unreadable tag pair";
        /// A `[FEN]` tag that is not a position the game can start from.
        BadFen = "PGN007", Position, "unreadable FEN tag";
        /// A `Variant` tag naming a variant whose moves are not checked.
        UnsupportedVariant = "PGN008", Input, "variant not checked";
        /// A `(` before any move of its line: there is no move for it to replace.
        VariationWithoutMove = "PGN009", Syntax, "variation before any move";
        /// Castling written with zeros: `0-0`, `0-0-0`.
        CastlingZeros = "PGN101", NonCanonical, "castling written with zeros";
        /// A move in long algebraic notation or UCI: `e2e4`, `Ng1-f3`.
        LongAlgebraic = "PGN102", NonCanonical, "long algebraic move";
        /// More or other disambiguation than SAN's: `Ngf3` where `Nf3` is unique.
        Disambiguation = "PGN103", NonCanonical, "over-disambiguated move";
        /// An `x` missing on a capture, or written on a move that takes nothing.
        CaptureMark = "PGN104", NonCanonical, "wrong capture mark";
        /// A `+` or `#` missing, or not what the move does.
        CheckMark = "PGN105", NonCanonical, "missing or wrong check mark";
        /// A promotion without `=` or with a lower-case letter: `e8Q`.
        PromotionSpelling = "PGN106", NonCanonical, "promotion not written as `=Q`";
        /// A move number indication that is not the move's number.
        MoveNumber = "PGN107", NonCanonical, "wrong move number";
        /// A game without a game termination marker.
        MissingTermination = "PGN108", NonCanonical, "missing game termination marker";
        /// A tag of the Seven Tag Roster missing.
        MissingRosterTag = "PGN109", NonCanonical, "Seven Tag Roster tag missing";
        /// A `[FEN]` tag without `[SetUp "1"]`.
        FenWithoutSetUp = "PGN110", NonCanonical, "FEN tag without SetUp \"1\"";
        /// An en-passant capture with `ep` after it: `exd6ep`.
        EnPassantSuffix = "PGN111", NonCanonical, "en passant marked with `ep`";
        /// A move that is not legal in its position.
        IllegalMove = "PGN201", Rule, "illegal move";
        /// A move that more than one legal move matches.
        AmbiguousMove = "PGN202", Rule, "ambiguous move";
        /// A move after checkmate or stalemate.
        MoveAfterEnd = "PGN203", Rule, "move after the game ended";
        /// A `Result` tag that the game termination marker contradicts.
        ResultMismatch = "PGN204", Rule, "result tag contradicts the termination marker";
        /// A null move: `--`, `Z0`, `0000`.
        NullMove = "PGN205", Rule, "null move";
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    /// The PGN table of `spec/codes.md`, as the code table gives it.
    fn table() -> String {
        let mut out = String::from("| code | category | title |\n|---|---|---|\n");
        for code in Code::ALL {
            out.push_str(&format!(
                "| `{}` | {} | {} |\n",
                code.as_str(),
                code.category().as_str(),
                code.title()
            ));
        }
        out
    }

    /// `spec/codes.md` lists every PGN code once, exactly as the table defines it. Run with
    /// `FENKIT_UPDATE_SPEC=1` to rewrite it after adding a code.
    #[test]
    fn spec_codes_md_lists_every_code() {
        const BEGIN: &str = "<!-- the PGN code table: written by `FENKIT_UPDATE_SPEC=1 cargo test -p fenkit-pgn codes::` -->\n";
        const END: &str = "<!-- end of the PGN code table -->";
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/codes.md");
        let text = std::fs::read_to_string(path).unwrap();
        let start = text.find(BEGIN).unwrap() + BEGIN.len();
        let end = text.find(END).unwrap();
        if std::env::var_os("FENKIT_UPDATE_SPEC").is_some() {
            let updated = format!("{}{}{}", &text[..start], table(), &text[end..]);
            std::fs::write(path, updated).unwrap();
            return;
        }
        assert_eq!(
            &text[start..end],
            table(),
            "spec/codes.md is out of date: run FENKIT_UPDATE_SPEC=1 cargo test -p fenkit-pgn codes::"
        );
    }

    /// Every code is documented in spec/pgn.md.
    #[test]
    fn spec_pgn_md_explains_every_code() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/pgn.md"))
            .unwrap();
        for code in Code::ALL {
            assert!(
                text.contains(&format!("| `{}` |", code.as_str())),
                "{code} is not in spec/pgn.md"
            );
        }
    }
}
