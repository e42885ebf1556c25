//! The position argument of `show` and the rules commands (`moves`, `play`, `roll`, `turns`,
//! `perft`): reading it (`-` for standard input) and refusing it the same way everywhere (a
//! syntax error, text that is not UTF-8, or an error-severity finding unless
//! `--allow-errors`), the rules flags they share (`--profile`, `--allow-errors`,
//! `--king-capture`, dice), printing a rules error, and their JSON answer.

use crate::choices::choices;
use std::borrow::Cow;
use std::io::Write;
use std::ops::Range;

use crate::context::{Failure, Global, Status};
use crate::output::FindingJson;
use notation::ProfileArg;
use notation::code::{Code, FenkitCode};

/// The note after the findings of a refused position.
pub(crate) const REFUSED_NOTE: &str =
    "a position with error findings is refused; pass --allow-errors to go on anyway";

/// What refuses the input of a rules command, with a stable code (exit status 1).
pub(crate) struct Rejection {
    /// The stable code: `FENKIT001`, `FENKIT006`, `DFENxxx` or `RULExxx`.
    code: Code,
    /// One lowercase sentence: what was expected and what was found.
    message: String,
    /// The byte range of the problem in the position's text (for `FENKIT001` and `FENKIT006`,
    /// in standard input), when the problem is in the text.
    span: Option<Range<usize>>,
    /// Every finding, when the position parsed.
    findings: Option<Vec<dfen::Finding>>,
    /// Whether the position parsed and its error findings refused it.
    refused: bool,
}

impl Rejection {
    fn rules(error: &dfen::rules::RulesError, findings: Vec<dfen::Finding>) -> Rejection {
        Rejection {
            code: Code::Rule(error.code()),
            message: format!(
                "{}: expected {}, found {}",
                error.code().title(),
                error.expected(),
                error.found()
            ),
            span: None,
            findings: Some(findings),
            refused: false,
        }
    }

    /// A rejection of the text itself (it is not one position, or not UTF-8).
    fn text(code: FenkitCode, message: String, span: Range<usize>) -> Rejection {
        Rejection {
            code: Code::Fenkit(code),
            message,
            span: Some(span),
            findings: None,
            refused: false,
        }
    }

    /// Prints the rejection on stderr (`error: CODE: message`; for a refused position every
    /// error finding, then a note) and returns the status to exit with.
    pub(crate) fn print(&self, global: &Global) -> Status {
        match &self.findings {
            Some(findings) if self.refused => {
                print_errors(findings, global);
                let _ = writeln!(global.stderr(), "note: {REFUSED_NOTE}");
            }
            _ => global.error(format_args!("{}: {}", self.code, self.message)),
        }
        Status::Findings
    }
}

/// Why a rules command stops before its work.
pub(crate) enum Stop {
    /// The input is refused; nothing has been printed yet.
    Rejected(Rejection),
    /// Standard input could not be read; the error has been printed (exit status 2).
    Failed,
}

/// Prints every error-severity finding as `error: CODE: message`.
pub(crate) fn print_errors(findings: &[dfen::Finding], global: &Global) {
    for finding in findings {
        if finding.severity == dfen::Severity::Error {
            global.error(format_args!("{}: {}", finding.code, finding.message));
        }
    }
}

/// The text of a position argument: `-` reads standard input (at most
/// [`notation::records::MAX_RECORD_BYTES`]), which must hold one position (see [`one_position`]).
/// When standard input cannot be read the error is printed ([`Stop::Failed`]).
pub(crate) fn position_text<'a>(argument: &'a str, global: &Global) -> Result<Cow<'a, str>, Stop> {
    if argument != "-" {
        return Ok(Cow::Borrowed(argument));
    }
    // Longer input is refused, not cut short: a cut could change the verdict.
    let limit = notation::records::MAX_RECORD_BYTES as u64;
    let bytes = match crate::input::Origin::Stdin.read_limited(limit) {
        Ok(bytes) => bytes,
        Err(error) => {
            global.error(format_args!(
                "cannot read standard input: {}",
                crate::input::describe(&error)
            ));
            return Err(Stop::Failed);
        }
    };
    one_position(&bytes).map(Cow::Owned).map_err(Stop::Rejected)
}

/// The one position standard input holds, read as `fenkit check` reads a position file: a
/// leading UTF-8 BOM, blank lines and `#` comment lines are skipped, a line ends with `\n` or
/// `\r\n`, and a FEN4 literal may go on in lines that start with a space or a tab. A line
/// that is not UTF-8 is `FENKIT001` (checked first, as `fenkit check` reports it); anything but
/// exactly one position is `FENKIT006`. Their spans are byte ranges of standard input.
fn one_position(bytes: &[u8]) -> Result<String, Rejection> {
    use notation::records::{Kind, Problem};
    let mut reader = notation::Notation::sniff_text(bytes).reader(bytes);
    let mut first = None;
    let mut lines = Vec::new();
    let mut surplus = None;
    // Reading from memory cannot fail.
    while let Ok(Some(record)) = reader.next_record() {
        if record.kind != Kind::Position {
            continue;
        }
        let offset = usize::try_from(record.offset).unwrap_or(usize::MAX);
        if let Some(problem) = &record.problem {
            let finding = notation::records::problem_finding(&record, problem);
            let code = match problem {
                Problem::InvalidUtf8 { .. } => FenkitCode::InvalidUtf8,
                Problem::TooLong { .. } => FenkitCode::TooLong,
            };
            let span =
                offset.saturating_add(finding.span.start)..offset.saturating_add(finding.span.end);
            return Err(Rejection::text(code, finding.message.into_owned(), span));
        }
        lines.push(record.line);
        match first {
            None => first = Some(record),
            Some(_) if surplus.is_none() => {
                surplus = Some(offset..offset.saturating_add(record.raw().len()));
            }
            Some(_) => {}
        }
    }
    let code = FenkitCode::NotOnePosition;
    let Some(record) = first else {
        let why = if bytes.is_empty() {
            "it is empty"
        } else {
            "only blank lines and # comments"
        };
        return Err(Rejection::text(
            code,
            format!("expected one position on standard input, found none ({why})"),
            0..bytes.len(),
        ));
    };
    if let Some(span) = surplus {
        return Err(Rejection::text(
            code,
            format!(
                "expected one position on standard input, found {} (lines {})",
                lines.len(),
                line_list(&lines)
            ),
            span,
        ));
    }
    Ok(record.text().unwrap_or_default().to_owned())
}

/// `1 and 2`, `1, 2, 5 and 6`, `1, 2, 3 and 7 more`.
fn line_list(lines: &[usize]) -> String {
    let shown: Vec<String> = lines.iter().take(4).map(ToString::to_string).collect();
    if lines.len() > 4 {
        let head = shown.get(..3).unwrap_or(&shown);
        return format!("{} and {} more", head.join(", "), lines.len() - 3);
    }
    match shown.split_last() {
        Some((last, head)) if !head.is_empty() => format!("{} and {last}", head.join(", ")),
        _ => shown.join(", "),
    }
}

/// What a command does with its position, which decides what refuses it first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// It plays on (`moves`, `play`, `roll`, `perft --roll`): a finished game (a side without
    /// a king) is refused with `RULE007` before its findings are judged, since it
    /// legitimately holds what a game in play may not (the pawn that took the king on the
    /// last rank, `DFEN201`), and `--allow-errors` could only lead to `RULE007`.
    Play,
    /// It takes the board as it is (`show`, `perft --standard`, `perft --die`).
    Board,
}

/// A position that may be used, with every finding it carries.
pub(crate) struct Accepted {
    pub(crate) dfen: dfen::Dfen,
    pub(crate) findings: Vec<dfen::Finding>,
}

impl Accepted {
    /// Prints its error-severity findings (a position used under `--allow-errors`).
    pub(crate) fn print_errors(&self, global: &Global) {
        print_errors(&self.findings, global);
    }
}

/// Parses a position. A syntax error rejects it; so does, for [`Purpose::Play`], a side
/// without a king (`RULE007`); then an error-severity finding unless `allow_errors`.
fn parse_position(
    text: &str,
    options: PositionOptions,
    purpose: Purpose,
) -> Result<Accepted, Rejection> {
    let allow_errors = options.allow_errors;
    let parser = dfen::Parser::new()
        .profile(options.profile.into())
        .castling_mode(options.castling_mode);
    match parser.parse(text) {
        Ok(parsed) => {
            if purpose == Purpose::Play
                && let Err(error) = dfen::rules::require_kings(&parsed.dfen)
            {
                return Err(Rejection::rules(&error, parsed.findings));
            }
            let first_error = parsed
                .findings
                .iter()
                .find(|f| f.severity == dfen::Severity::Error);
            match first_error {
                Some(error) if !allow_errors => Err(Rejection {
                    code: Code::Dfen(error.code),
                    message: error.message.to_string(),
                    span: Some(error.span.clone()),
                    refused: true,
                    findings: Some(parsed.findings),
                }),
                _ => Ok(Accepted {
                    dfen: parsed.dfen,
                    findings: parsed.findings,
                }),
            }
        }
        Err(error) => Err(Rejection {
            code: Code::Dfen(error.code()),
            message: error.to_string(),
            span: Some(error.span()),
            findings: None,
            refused: false,
        }),
    }
}

/// How the rules commands and `show` read their position: `--profile` and `--allow-errors`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub(crate) struct PositionOptions {
    /// The DFEN dialect to read
    #[arg(long, value_name = "PROFILE", default_value = "spec", value_parser = choices::<ProfileArg>())]
    pub(crate) profile: ProfileArg,

    /// Go on with a position that has error-severity findings (they are still printed, and do
    /// not change the exit status)
    #[arg(long)]
    pub(crate) allow_errors: bool,

    /// How castling is read: set by the commands that offer `--chess960` (`show`, `perft`).
    #[arg(skip)]
    pub(crate) castling_mode: dfen::CastlingMode,
}

impl PositionOptions {
    /// Parses a position's text with these options (see [`parse_position`]).
    pub(crate) fn parse(&self, text: &str, purpose: Purpose) -> Result<Accepted, Rejection> {
        parse_position(text, *self, purpose)
    }

    /// Reads and parses the position argument (`-`: standard input, see [`position_text`])
    /// for a command with human output. A rejection is printed and turned into the status to
    /// exit with; the error findings of a position used under `--allow-errors` are printed.
    pub(crate) fn read(
        &self,
        argument: &str,
        purpose: Purpose,
        global: &Global,
    ) -> Result<dfen::Dfen, Status> {
        let text = match position_text(argument, global) {
            Ok(text) => text,
            Err(Stop::Failed) => return Err(Status::Error),
            Err(Stop::Rejected(rejection)) => return Err(rejection.print(global)),
        };
        match self.parse(&text, purpose) {
            Ok(accepted) => {
                accepted.print_errors(global);
                Ok(accepted.dfen)
            }
            Err(rejection) => Err(rejection.print(global)),
        }
    }
}

/// The value parser of a dice argument (`PNB`, `pnb`, `1 2 3`, `1,2,3`): 1 to 3 dice, or the
/// library's `RULE003` message as a usage error.
pub(crate) fn parse_dice(text: &str) -> Result<dfen::DicePool, String> {
    dfen::rules::parse_roll(text).map_err(|error| error.to_string())
}

/// The rules engine under a reading of the king-capture exemption (`--king-capture`).
pub(crate) fn rules_under(king_capture: dfen::rules::KingCapture) -> dfen::rules::Rules {
    dfen::rules::Rules::new().king_capture(king_capture)
}

/// The help of `--king-capture`, the same for every command that takes it.
pub(crate) const KING_CAPTURE_HELP: &str = "Which turns the king-capture exemption lets \
through: `first` (the default) exempts only a move that captures the king itself from playing \
L* dice; `any` also lets any turn that captures the king later count as maximal (spec/rules.md \
section 4)";

/// Prints a rules error (its code, what was expected and what was found).
pub(crate) fn rules_error(error: &dfen::rules::RulesError, global: &Global) -> Status {
    global.error(error);
    Status::Findings
}

/// The note printed on stderr when the turn passes.
pub(crate) const PASS_NOTE: &str =
    "the turn passes: none of the pending dice can be played (L* = 0)";

/// The JSON document of `moves`; keys that do not apply are left out.
#[derive(serde::Serialize)]
pub(crate) struct Answer<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    l_star: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [dfen::rules::Move]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    findings: Option<Vec<FindingJson<'a>>>,
}

impl<'a> Answer<'a> {
    /// The answer for an accepted position: as the `moves` protocol writes it, its legal
    /// moves and L* and every finding.
    pub(crate) fn accepted(
        position: String,
        l_star: u8,
        moves: &'a [dfen::rules::Move],
        findings: Vec<FindingJson<'a>>,
    ) -> Answer<'a> {
        Answer {
            ok: true,
            code: None,
            span: None,
            message: None,
            position: Some(position),
            l_star: Some(l_star),
            moves: Some(moves),
            findings: Some(findings),
        }
    }

    /// The answer for a rejected input.
    pub(crate) fn rejected(rejection: &'a Rejection) -> Answer<'a> {
        Answer {
            ok: false,
            code: Some(rejection.code.as_str()),
            span: rejection.span.as_ref().map(|span| [span.start, span.end]),
            message: Some(&rejection.message),
            position: None,
            l_star: None,
            moves: None,
            findings: rejection
                .findings
                .as_ref()
                .map(|findings| findings.iter().map(FindingJson::from).collect()),
        }
    }
}

pub(crate) fn write_json(answer: &impl serde::Serialize, global: &Global) -> Result<(), Failure> {
    let mut stdout = global.stdout();
    let text = serde_json::to_string_pretty(answer).map_err(std::io::Error::other)?;
    writeln!(stdout, "{text}")?;
    stdout.flush()?;
    Ok(())
}

/// Reads the position argument of a command with JSON output. Every rejection is written as
/// one JSON document on stdout (`Err(Status::Findings)`); a failure to read standard input is
/// printed on stderr (`Err(Status::Error)`).
pub(crate) fn read_json(
    options: &PositionOptions,
    argument: &str,
    global: &Global,
) -> Result<Result<Accepted, Status>, Failure> {
    let rejection = match position_text(argument, global) {
        Err(Stop::Failed) => return Ok(Err(Status::Error)),
        Err(Stop::Rejected(rejection)) => rejection,
        Ok(text) => match options.parse(&text, Purpose::Play) {
            Ok(accepted) => return Ok(Ok(accepted)),
            Err(rejection) => rejection,
        },
    };
    write_json(&Answer::rejected(&rejection), global)?;
    Ok(Err(Status::Findings))
}

/// Writes a rules error about an accepted position as a JSON document (exit status 1).
pub(crate) fn rules_error_json(
    error: &dfen::rules::RulesError,
    accepted: Accepted,
    global: &Global,
) -> Result<Status, Failure> {
    let rejection = Rejection::rules(error, accepted.findings);
    write_json(&Answer::rejected(&rejection), global)?;
    Ok(Status::Findings)
}
