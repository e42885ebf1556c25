//! Perft-suite files, as python-chess (`examples/perft/*.perft`) and shakmaty (`tests/*.perft`)
//! keep them:
//!
//! ```text
//! # a comment
//! id kiwipete
//! epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq -
//! perft 1 48
//! perft 2 2039
//! ```
//!
//! An `id` line names the next case; an `epd` line starts a case with its position (FEN or the
//! four EPD fields, in the variant's dialects); each `perft DEPTH COUNT` line gives a count.
//! Blank lines and lines starting with `#` are skipped. Keywords are separated from their
//! operands by spaces or tabs. [`Suite::read`] keeps every case it can and reports every line
//! it cannot read with a code and a byte span; [`Suite::verify`] counts the moves.
//!
//! ```
//! use variants::{Suite, Variant};
//! let text = "id start\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 20\nperft 2 401\n";
//! let suite = Suite::read(text, Variant::Chess, false);
//! assert!(suite.findings.is_empty());
//! let wrong = suite.verify(2);
//! assert_eq!(wrong.len(), 1);
//! assert_eq!(wrong[0].code.as_str(), "VAR205");
//! assert_eq!(&text[wrong[0].span.clone()], "401");
//! assert_eq!(wrong[0].message, "perft 2 of `start`: expected 400 (counted), found 401");
//! ```

use std::ops::Range;

use fenkit_diagnostics::Severity;

use crate::codes::{Code, Finding};
use crate::position::Position;
use crate::variant::Variant;

/// One count of a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// The depth.
    pub depth: u32,
    /// The count written.
    pub nodes: u64,
    /// The span of the count.
    pub span: Range<usize>,
}

/// One case: a position and its counts.
#[derive(Debug, Clone)]
pub struct Case {
    /// The name of its `id` line, if any.
    pub id: Option<String>,
    /// The position text of its `epd` line.
    pub epd: String,
    /// The span of the position text.
    pub epd_span: Range<usize>,
    /// The position, when it reads.
    pub position: Option<Position>,
    /// Its counts, in file order.
    pub counts: Vec<Count>,
}

impl Case {
    fn name(&self) -> String {
        self.id.clone().unwrap_or_else(|| self.epd.clone())
    }
}

/// A perft-suite file, read.
#[derive(Debug, Clone)]
pub struct Suite {
    /// The variant its positions are read in.
    pub variant: Variant,
    /// Every case, in file order.
    pub cases: Vec<Case>,
    /// Every line that could not be read.
    pub findings: Vec<Finding>,
}

/// Splits `line` (starting at byte `offset` of the text) into its keyword and the rest, with
/// the rest's span.
fn split_keyword(line: &str, offset: usize) -> (&str, &str, Range<usize>) {
    let keyword_end = line.find([' ', '\t']).unwrap_or(line.len());
    let keyword = &line[..keyword_end];
    let rest_start = line[keyword_end..]
        .find(|c| c != ' ' && c != '\t')
        .map_or(line.len(), |i| keyword_end + i);
    let rest = line[rest_start..].trim_end_matches([' ', '\t', '\r']);
    (
        keyword,
        rest,
        offset + rest_start..offset + rest_start + rest.len(),
    )
}

/// One line of a perft suite, read ([`Line::read`]).
#[derive(Debug, Clone)]
pub enum Line {
    /// A blank line or a `#` comment.
    Blank,
    /// `id NAME`: the name of the next case.
    Id(String),
    /// `epd POSITION`: a case's position text and its span, and the position when it reads.
    Epd {
        /// The position text.
        text: String,
        /// Its span in the line.
        span: Range<usize>,
        /// The position, when it reads.
        position: Option<Position>,
    },
    /// `perft DEPTH COUNT`, and the span of the whole line (for a count without a case).
    Perft(Count, Range<usize>),
    /// A line that cannot be read (its finding says why).
    Unreadable,
}

impl Line {
    /// Reads one line of a suite (without its line end) whose positions are of `variant`,
    /// castling read in Chess960 mode when `chess960`: the line, and the finding of a line
    /// that cannot be read (`VAR201`, `VAR202`, `VAR204`), spans into `line` moved by `offset`.
    #[must_use]
    pub fn read(
        line: &str,
        offset: usize,
        variant: Variant,
        chess960: bool,
    ) -> (Line, Option<Finding>) {
        let line = line.trim_end_matches(['\n', '\r']);
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let line = &line[indent..];
        let start = offset + indent;
        if line.trim().is_empty() || line.starts_with('#') {
            return (Line::Blank, None);
        }
        let (keyword, rest, span) = split_keyword(line, start);
        match keyword {
            "id" => (Line::Id(rest.to_owned()), None),
            "epd" => {
                let (position, finding) = match Position::from_fen(variant, rest, chess960) {
                    Ok(position) => (Some(position), None),
                    Err(err) => {
                        let inner = err.span();
                        let at = span.start + inner.start.min(rest.len())
                            ..span.start + inner.end.min(rest.len());
                        let finding = Finding::new(
                            Code::SuitePosition,
                            Severity::Error,
                            at,
                            format!("position of a {} perft suite: {err}", variant.name()),
                        )
                        .with_help("write the position as FEN or as EPD's four fields");
                        (None, Some(finding))
                    }
                };
                let epd = Line::Epd {
                    text: rest.to_owned(),
                    span,
                    position,
                };
                (epd, finding)
            }
            "perft" => {
                let mut parts = rest.split([' ', '\t']).filter(|p| !p.is_empty());
                let depth = parts.next();
                let nodes = parts.next();
                let extra = parts.next();
                let parsed = match (depth, nodes, extra) {
                    (Some(d), Some(n), None) => d.parse::<u32>().ok().zip(n.parse::<u64>().ok()),
                    _ => None,
                };
                let Some((depth, nodes)) = parsed else {
                    let finding = Finding::new(
                        Code::SuiteNumber,
                        Severity::Error,
                        span,
                        format!("expected `perft DEPTH COUNT` with two whole numbers, found `perft {rest}`"),
                    )
                    .with_help("write the depth, a space and the count of leaf positions");
                    return (Line::Unreadable, Some(finding));
                };
                let count_start = span.start + rest.rfind(nodes_text(rest)).unwrap_or(0);
                let count = Count {
                    depth,
                    nodes,
                    span: count_start..count_start + nodes_text(rest).len(),
                };
                (
                    Line::Perft(count, start..start + line.trim_end().len()),
                    None,
                )
            }
            _ => {
                let finding = Finding::new(
                    Code::SuiteLine,
                    Severity::Error,
                    start..start + keyword.len(),
                    format!("expected `id`, `epd`, `perft` or a `#` comment, found `{keyword}`"),
                )
                .with_help(
                    "a perft suite holds `id NAME`, `epd POSITION` and `perft DEPTH COUNT` lines",
                );
                (Line::Unreadable, Some(finding))
            }
        }
    }
}

/// The finding of a `perft` line, spanning `span`, before any `epd` line.
#[must_use]
pub fn orphan_count(span: Range<usize>) -> Finding {
    Finding::new(
        Code::SuiteOrphan,
        Severity::Error,
        span,
        "expected an `epd` line before the first `perft` line, found none",
    )
    .with_help("put the case's `epd POSITION` line above its counts")
}

/// The finding of a count that differs from the count of `position`'s moves, if it does
/// (`VAR205`, at the count, the right number as help); `name` names the case.
#[must_use]
pub fn wrong_count(position: &Position, count: &Count, name: &str) -> Option<Finding> {
    let counted = position.perft(count.depth);
    (counted != count.nodes).then(|| {
        Finding::new(
            Code::WrongCount,
            Severity::Error,
            count.span.clone(),
            format!(
                "perft {} of `{name}`: expected {counted} (counted), found {}",
                count.depth, count.nodes
            ),
        )
        .with_help(format!("write {counted}"))
    })
}

impl Suite {
    /// Reads a suite whose positions are of `variant`, castling read in Chess960 mode when
    /// `chess960`.
    #[must_use]
    pub fn read(text: &str, variant: Variant, chess960: bool) -> Suite {
        let mut suite = Suite {
            variant,
            cases: Vec::new(),
            findings: Vec::new(),
        };
        let mut pending_id: Option<String> = None;
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            let line_start = offset;
            offset += raw.len();
            let (line, finding) = Line::read(raw, line_start, variant, chess960);
            suite.findings.extend(finding);
            match line {
                Line::Blank | Line::Unreadable => {}
                Line::Id(id) => pending_id = Some(id),
                Line::Epd {
                    text,
                    span,
                    position,
                } => suite.cases.push(Case {
                    id: pending_id.take(),
                    epd: text,
                    epd_span: span,
                    position,
                    counts: Vec::new(),
                }),
                Line::Perft(count, span) => match suite.cases.last_mut() {
                    Some(case) => case.counts.push(count),
                    None => suite.findings.push(orphan_count(span)),
                },
            }
        }
        suite
    }

    /// Counts the moves of every case up to `max_depth` and returns a `VAR205` error at each
    /// count that differs.
    #[must_use]
    pub fn verify(&self, max_depth: u32) -> Vec<Finding> {
        let mut findings = Vec::new();
        for case in &self.cases {
            let Some(position) = &case.position else {
                continue;
            };
            for count in case.counts.iter().filter(|c| c.depth <= max_depth) {
                findings.extend(wrong_count(position, count, &case.name()));
            }
        }
        findings
    }
}

/// The count operand of a `perft` line's operands.
fn nodes_text(rest: &str) -> &str {
    rest.split([' ', '\t'])
        .filter(|p| !p.is_empty())
        .nth(1)
        .unwrap_or("")
}
