//! The variants' position findings: checks beyond the limit, holdings beyond the material,
//! misplaced promoted marks and a sub-turn the position rules out.

use std::ops::Range;

use super::{SubTurn, Variant, VariantFen};
use dfen::fen_parts::{Census, color_name};
use dfen::{Code, Color, Dfen, Finding, Role, Severity, Square, SquareSet};

/// The standard material checks that crazyhouse's drops and colour changes make meaningless:
/// a side may hold more than 16 pieces, more than 8 pawns, and more of a kind than it started
/// with. [`crazyhouse_material`] checks the board and pockets together instead.
const NOT_FOR_CRAZYHOUSE: [Code; 3] = [
    Code::TooManyPieces,
    Code::TooManyPawns,
    Code::TooManyPromoted,
];

/// Collects the variant's own findings into `out` (the standard fields' findings are in it
/// already): its fields against their range always, and with `check_position` what the
/// position rules out (crazyhouse's material, two-move chess's sub-turn), which a variant's
/// rules judge instead when it is `false`.
pub(super) fn position_findings(
    position: &VariantFen,
    census: &Census,
    spans: &SlotSpans,
    check_position: bool,
    out: &mut Vec<Finding>,
) {
    match position.variant {
        Variant::ThreeCheck => checks_within_limit(position, spans, out),
        Variant::Crazyhouse => {
            if check_position && !out.is_empty() {
                out.retain(|f| !NOT_FOR_CRAZYHOUSE.contains(&f.code));
            }
            let promotable = promotable_squares(census);
            // Marks on squares that cannot hold a promoted piece, and marks after no piece.
            let misplaced = position.promoted.0 & !promotable;
            if misplaced != 0 || !spans.marks.is_empty() {
                promoted_marks(position, spans, out);
            }
            if check_position {
                crazyhouse_material(position, census, promotable, spans, out);
            }
        }
        Variant::TwoMove if check_position => sub_turn(position, spans, out),
        Variant::TwoMove | Variant::Chess | Variant::Dice => {}
    }
}

/// The squares of queens, rooks, bishops and knights of either colour: those a promoted mark
/// may stand on.
fn promotable_squares(census: &Census) -> u64 {
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .fold(0, |squares, role| {
            squares | census.set(Color::White, role) | census.set(Color::Black, role)
        })
}

/// The squares of `promoted` that hold a piece that can be promoted: not empty, not a king,
/// not a pawn.
pub(super) fn promotable(fen: &Dfen, promoted: SquareSet) -> SquareSet {
    promoted
        .iter()
        .filter(|&square| {
            fen.board
                .get(square)
                .is_some_and(|piece| !matches!(piece.role, Role::King | Role::Pawn))
        })
        .collect()
}

fn checks_within_limit(position: &VariantFen, spans: &SlotSpans, out: &mut Vec<Finding>) {
    let checks = position.checks;
    for color in [Color::White, Color::Black] {
        let given = checks.given(color);
        if given > checks.limit {
            out.push(Finding::new(
                Code::ChecksBeyondLimit,
                Severity::Error,
                spans.checks.clone().unwrap_or_default(),
                format!(
                    "{}: expected at most {} checks given by {}, found {given}",
                    Code::ChecksBeyondLimit.title(),
                    checks.limit,
                    color_name(color)
                ),
            ));
        }
    }
}

fn promoted_marks(position: &VariantFen, spans: &SlotSpans, out: &mut Vec<Finding>) {
    let misplaced = |square| {
        let what = match position.fen.board.get(square) {
            None => "an empty square",
            Some(piece) if piece.role == Role::King => "a king",
            Some(piece) if piece.role == Role::Pawn => "a pawn",
            Some(_) => return None,
        };
        Some(what)
    };
    let mut report = |span: Range<usize>, found: String| {
        out.push(
            Finding::new(
                Code::PromotedMarkMisplaced,
                Severity::Warning,
                span,
                format!(
                    "{}: expected a promoted mark after a queen, rook, bishop or knight, found {found}",
                    Code::PromotedMarkMisplaced.title()
                ),
            )
            .with_fixable(true)
            .with_help("drop the mark: only a promoted piece can be marked"),
        );
    };
    for &(at, square) in &spans.marks {
        match square {
            None => report(at..at + 1, "`~` after no piece".to_owned()),
            Some(square) => {
                if let Some(what) = misplaced(square) {
                    report(at..at + 1, format!("`~` on {what} ({square})"));
                }
            }
        }
    }
    if spans.marks.is_empty() {
        for square in position.promoted.iter_alphabetical() {
            if let Some(what) = misplaced(square) {
                report(
                    spans.promoted.clone().unwrap_or_default(),
                    format!("{square}, {what}"),
                );
            }
        }
    }
}

/// Crazyhouse's material: a captured piece changes colour and a promoted piece goes back to a
/// pawn when captured, so only the two colours together are bounded. Pawns on the board and
/// in both pockets plus promoted pieces are at most 16; the unpromoted queens at most 2, and
/// the unpromoted rooks, bishops and knights at most 4 each.
fn crazyhouse_material(
    position: &VariantFen,
    census: &Census,
    promotable: u64,
    spans: &SlotSpans,
    out: &mut Vec<Finding>,
) {
    let promoted = position.promoted.0 & promotable;
    let [white_held, black_held] = position.holdings.counts;
    // Per role in P N B R Q: the unpromoted pieces on the board and the held ones, both
    // colours together; the promoted pieces count as pawns.
    let mut totals = [0usize; 5];
    for (role, total) in totals.iter_mut().enumerate() {
        let squares = census.slot(role as u8) | census.slot(role as u8 + 6);
        let held = |counts: [u16; 5]| usize::from(counts.get(role).copied().unwrap_or(0));
        *total = (squares & !promoted).count_ones() as usize + held(white_held) + held(black_held);
    }
    if let Some(pawns) = totals.first_mut()
        && promoted != 0
    {
        *pawns += promoted.count_ones() as usize;
    }
    // Each role's total against its number at the start: one comparison a role, no branch.
    let mut over = false;
    for (total, (_, _, allowed)) in totals.iter().zip(&MATERIAL_AT_START) {
        over |= total > allowed;
    }
    if over {
        report_material(totals, spans, out);
    }
}

/// `DFEN231` for each role whose `totals` (board and pockets, see [`crazyhouse_material`])
/// exceed the material at the start.
#[cold]
fn report_material(totals: [usize; 5], spans: &SlotSpans, out: &mut Vec<Finding>) {
    let span = spans
        .holdings
        .clone()
        .unwrap_or_else(|| spans.board.clone());
    // Pawns first, then queens, rooks, bishops and knights.
    for index in [0, 4, 3, 2, 1] {
        let (Some(&count), Some(&(role, name, allowed))) =
            (totals.get(index), MATERIAL_AT_START.get(index))
        else {
            continue;
        };
        if count <= allowed {
            continue;
        }
        let finding = if role == Role::Pawn {
            Finding::new(
                Code::HoldingsExceedMaterial,
                Severity::Error,
                span.clone(),
                format!(
                    "{}: expected at most 16 pawns and promoted pieces on the board and in the pockets together, found {count}",
                    Code::HoldingsExceedMaterial.title()
                ),
            )
        } else {
            Finding::new(
                Code::HoldingsExceedMaterial,
                Severity::Error,
                span.clone(),
                format!(
                    "{}: expected at most {allowed} unpromoted {name} on the board and in the pockets together, found {count}",
                    Code::HoldingsExceedMaterial.title()
                ),
            )
            .with_help("mark promoted pieces as promoted")
        };
        out.push(finding);
    }
}

/// Per role in P N B R Q, the pieces of both colours at the start: at most these are on the
/// board and in the pockets unpromoted (pawns: with the promoted pieces).
const MATERIAL_AT_START: [(Role, &str, usize); 5] = [
    (Role::Pawn, "pawns", 16),
    (Role::Knight, "knights", 4),
    (Role::Bishop, "bishops", 4),
    (Role::Rook, "rooks", 4),
    (Role::Queen, "queens", 2),
];
/// Two-move chess: White's first turn is one move, and an en-passant right lapses once the
/// side to move has moved (it is never there at the second move).
fn sub_turn(position: &VariantFen, spans: &SlotSpans, out: &mut Vec<Finding>) {
    if position.sub_turn != SubTurn::Second {
        return;
    }
    let fen = &position.fen;
    let span = spans.sub_turn.clone().unwrap_or_default();
    let contradiction = if fen.side == Color::White && fen.fullmove.get() == 1 {
        Some("White's first turn, which is one move")
    } else if !fen.en_passant.is_empty() {
        Some("an en-passant square, which lapses once the side to move has moved")
    } else {
        None
    };
    if let Some(found) = contradiction {
        out.push(Finding::new(
            Code::SubTurnContradiction,
            Severity::Error,
            span,
            format!(
                "{}: expected sub-turn 1, found sub-turn 2 with {found}",
                Code::SubTurnContradiction.title()
            ),
        ));
    }
}

/// Where each slot was written in the input, for the position findings' spans.
#[derive(Default)]
pub(super) struct SlotSpans {
    /// The check counters' field.
    pub(super) checks: Option<Range<usize>>,
    /// The holdings: the essay field, or the pocket's letters.
    pub(super) holdings: Option<Range<usize>>,
    /// The essay dialect's promoted-squares field.
    pub(super) promoted: Option<Range<usize>>,
    /// The sub-turn field.
    pub(super) sub_turn: Option<Range<usize>>,
    /// Each `~` of the board: its byte and the square of the piece before it (`None` when
    /// no piece precedes it).
    pub(super) marks: Vec<(usize, Option<Square>)>,
    /// The board field.
    pub(super) board: Range<usize>,
}
