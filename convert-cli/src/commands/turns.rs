//! `fenkit turns`: every complete legal turn of a Dice Chess position with pending dice.

use std::io::Write;

use dfen::rules::Move;

use crate::context::{Failure, Global, Status};
use crate::output::FindingJson;
use crate::position::{
    KING_CAPTURE_HELP, PositionOptions, Purpose, read_json, rules_error, rules_error_json,
    rules_under, write_json,
};

const AFTER_HELP: &str = "\
Examples:
  fenkit turns '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP'
  fenkit turns --count 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR'
  fenkit turns --output-format json '3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 PK'
  fenkit turns --king-capture any '7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ'
  echo '4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQ' | fenkit turns -

One line per turn: its micro-moves in UCI separated by spaces, a colon, and the position after
the turn (the other side to move, field 7 `-`). A turn goes on until the dice are spent or
none of the remaining ones can be played, each micro-move legal as `fenkit play` judges it;
a king capture ends the turn (and the game) early, and its line ends with `(game over: White
captured the king)`. Turns are sorted by their moves, each in the order of `fenkit moves`.
When no pending die can be played the one turn is the empty one, a pass: it is printed as
`0000` (the move `fenkit play` takes for it), and stderr says that the turn passes.

--count prints `turns: N`, the number of turns, and `positions: N`, the number of distinct
positions after them (positions that differ only in their clocks are one, as `perft --unique`
counts them).

JSON (--output-format json): one document, also for the errors of exit status 1 (as `fenkit
moves` writes them):
  {\"ok\": true, \"position\": \"...\", \"king_capture\": \"first\", \"turns\": 2, \"positions\": 2,
   \"tree\": [{\"uci\": \"e2e3\", \"from\": \"e2\", \"to\": \"e3\", \"die\": \"P\", \"kind\": \"quiet\",
              \"children\": [{\"uci\": \"e3e4\", ..., \"position\": \"...\"}]}, ...],
   \"findings\": [...]}
Each node of `tree` is a micro-move (uci, from, to, promotion, die, kind as `fenkit moves`
writes them) with either `children`, the moves that may follow it, or, at the end of a turn,
`position`, the position after the turn, and `winner` (`white` or `black`) when the move
captured the king. A pass has an empty `tree` and `pass`: {\"position\": \"...\"}.

Errors (exit status 1) are those of `fenkit moves`: RULE001 (no pending dice), RULE007 (a
side without a king), a position that does not parse or has an error-severity finding.
Exit status 2: usage or I/O errors.";

/// List every complete legal turn of a position with pending dice.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("profile", |arg| arg.help("The DFEN dialect to read (and write)"))
)]
pub(crate) struct Args {
    /// The position, with its dice in field 7; `-` reads it from standard input
    #[arg(value_name = "POSITION")]
    position: String,

    /// Print only the number of turns and of distinct positions after them
    #[arg(long, conflicts_with = "output_format")]
    count: bool,

    /// How to print the turns
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    output_format: TurnsFormat,

    #[arg(long, value_name = "READING", default_value = "first", help = KING_CAPTURE_HELP, value_parser = crate::choices::choices::<dfen::rules::KingCapture>())]
    king_capture: dfen::rules::KingCapture,

    #[command(flatten)]
    options: PositionOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum TurnsFormat {
    /// one turn per line: the moves, a colon, the position after
    Human,
    /// one JSON document: the turns as a tree of moves, the position after each at its leaf
    Json,
}

/// The note on stderr when the turn passes.
const PASS_NOTE: &str = "the turn passes: none of the pending dice can be played (L* = 0); the \
                         one turn is the empty one, written 0000";

fn side_name(color: dfen::Color) -> &'static str {
    match color {
        dfen::Color::White => "White",
        dfen::Color::Black => "Black",
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    if args.output_format == TurnsFormat::Json {
        return run_json(&args, global);
    }
    let position = match args.options.read(&args.position, Purpose::Play, global) {
        Ok(position) => position,
        Err(status) => return Ok(status),
    };
    let rules = rules_under(args.king_capture);
    let mut stdout = global.stdout();
    if args.count {
        let count = match rules.count_turns(&position) {
            Ok(count) => count,
            Err(error) => return Ok(rules_error(&error, global)),
        };
        writeln!(stdout, "turns: {}", count.turns)?;
        writeln!(stdout, "positions: {}", count.positions)?;
        stdout.flush()?;
        return Ok(Status::Clean);
    }
    // Streamed: a position can have millions of turns.
    let profile: dfen::Profile = args.options.profile.into();
    let mut written = Ok(());
    let mut passed = false;
    let walked = rules.for_each_turn(&position, |turn| {
        if written.is_err() {
            return;
        }
        passed = turn.moves().is_empty();
        written = write_turn(&mut stdout, &turn, profile);
    });
    if let Err(error) = walked {
        return Ok(rules_error(&error, global));
    }
    written?;
    stdout.flush()?;
    if passed {
        let _ = writeln!(global.stderr(), "{PASS_NOTE}");
    }
    Ok(Status::Clean)
}

/// One line of the human listing: the moves (`0000` for a pass), a colon, the position after.
fn write_turn(
    out: &mut impl Write,
    turn: &dfen::rules::TurnEnd<'_>,
    profile: dfen::Profile,
) -> std::io::Result<()> {
    if turn.moves().is_empty() {
        write!(out, "0000")?;
    }
    for (i, mv) in turn.moves().iter().enumerate() {
        if i > 0 {
            write!(out, " ")?;
        }
        write!(out, "{mv}")?;
    }
    let after = notation::write_dfen(&turn.position(), profile);
    match turn.winner() {
        Some(color) => writeln!(
            out,
            ": {after} (game over: {} captured the king)",
            side_name(color)
        ),
        None => writeln!(out, ": {after}"),
    }
}

/// One micro-move of the tree, with what follows it.
#[derive(serde::Serialize)]
struct Node {
    #[serde(flatten)]
    mv: Move,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    children: Vec<Node>,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
}

impl Node {
    fn inner(mv: Move) -> Node {
        Node {
            mv,
            children: Vec::new(),
            position: None,
            winner: None,
        }
    }
}

/// Adds a turn's line to the tree. The turns come sorted by their moves, so a line shares its
/// start with the last branch of the tree, and a complete turn is never the start of another.
fn insert(nodes: &mut Vec<Node>, moves: &[Move], leaf: Node) {
    let Some((mv, rest)) = moves.split_first() else {
        return;
    };
    if rest.is_empty() {
        nodes.push(leaf);
        return;
    }
    let shared = matches!(nodes.last(), Some(last) if last.mv == *mv && last.position.is_none());
    if !shared {
        nodes.push(Node::inner(*mv));
    }
    if let Some(last) = nodes.last_mut() {
        insert(&mut last.children, rest, leaf);
    }
}

/// The position after a pass.
#[derive(serde::Serialize)]
struct Pass {
    position: String,
}

/// The JSON document of `turns` when it can answer.
#[derive(serde::Serialize)]
struct Answer<'a> {
    ok: bool,
    position: String,
    king_capture: &'static str,
    turns: u64,
    positions: u64,
    tree: Vec<Node>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pass: Option<Pass>,
    findings: Vec<FindingJson<'a>>,
}

fn run_json(args: &Args, global: &Global) -> Result<Status, Failure> {
    let accepted = match read_json(&args.options, &args.position, global)? {
        Ok(accepted) => accepted,
        Err(status) => return Ok(status),
    };
    let rules = rules_under(args.king_capture);
    let profile: dfen::Profile = args.options.profile.into();
    let mut tree = Vec::new();
    let mut pass = None;
    let walked = rules.for_each_turn(&accepted.dfen, |turn| {
        let position = notation::write_dfen(&turn.position(), profile);
        let Some(&last) = turn.moves().last() else {
            pass = Some(Pass { position });
            return;
        };
        let leaf = Node {
            mv: last,
            children: Vec::new(),
            position: Some(position),
            winner: turn.winner().map(|color| match color {
                dfen::Color::White => "white",
                dfen::Color::Black => "black",
            }),
        };
        insert(&mut tree, turn.moves(), leaf);
    });
    let count = match walked.and_then(|()| rules.count_turns(&accepted.dfen)) {
        Ok(count) => count,
        Err(error) => return rules_error_json(&error, accepted, global),
    };
    let answer = Answer {
        ok: true,
        position: notation::write_dfen(&accepted.dfen, profile),
        king_capture: rules.get_king_capture().as_str(),
        turns: count.turns,
        positions: count.positions,
        tree,
        pass,
        findings: accepted.findings.iter().map(FindingJson::from).collect(),
    };
    write_json(&answer, global)?;
    Ok(Status::Clean)
}
