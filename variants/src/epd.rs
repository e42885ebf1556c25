//! The moves of an EPD line read in a variant: every move operand (`am`, `bm`, `pm`, `sm`,
//! `pv`) read as SAN or UCI and found among the variant's legal moves, `pv` move by move.
//!
//! `dfen` reads the line (`EpdParser::standard_rules(false)` leaves its moves unchecked); this
//! module judges them by the variant's rules.
//!
//! ```
//! use chess::epd::EpdParser;
//! use variants::{Position, Variant};
//! // Antichess: White must take on b2, so `Bd2` is illegal.
//! let line = "8/8/8/8/8/8/1p6/2B5 w - - bm Bxb2; am Bd2;";
//! let epd = EpdParser::new().standard_rules(false).parse(line)?.epd;
//! let position = Position::from_fen(Variant::Antichess, "8/8/8/8/8/8/1p6/2B5 w - -", false).unwrap();
//! let findings = position.epd_move_findings(&epd);
//! assert_eq!(findings.len(), 1);
//! assert_eq!(findings[0].code.as_str(), "VAR302");
//! assert_eq!(&line[findings[0].span.clone()], "Bd2");
//! # Ok::<(), chess::epd::Error>(())
//! ```

use chess::epd::{Epd, OpcodeKind};

use crate::codes::Finding;
use crate::position::Position;

impl Position {
    /// Every move operand of `epd` that is not a legal move of this position (for `pv`, of
    /// the position the moves before it lead to) as a `VAR301`–`VAR303` error spanning it in
    /// the line. A quoted operand is left alone (`dfen` reports it), and a variation stops at
    /// its first bad move.
    #[must_use]
    pub fn epd_move_findings(&self, epd: &Epd) -> Vec<Finding> {
        let mut findings = Vec::new();
        for operation in epd.operations() {
            let kind = operation.kind();
            if !kind.takes_moves() {
                continue;
            }
            let mut position = self.clone();
            for operand in operation.operands() {
                if operand.is_string() {
                    if kind == OpcodeKind::Variation {
                        break;
                    }
                    continue;
                }
                let span = operand.span();
                match position.parse_move(operand.text()) {
                    Ok(m) => {
                        if kind == OpcodeKind::Variation {
                            position = position.after(m);
                        }
                    }
                    Err(mut finding) => {
                        finding.span =
                            span.start + finding.span.start..span.start + finding.span.end;
                        findings.push(finding);
                        if kind == OpcodeKind::Variation {
                            break;
                        }
                    }
                }
            }
        }
        findings
    }
}
