//! `fenkit parity`: run any parser, through an adapter command, against the conformance suite.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::context::{Failure, Global, Status};
use crate::parity::exec::{Adapter, Context};
use crate::parity::judge::{self, Verdict};
use crate::parity::known::{KnownFailures, Selection, glob_match};
use crate::parity::report::{self, Outcome, Status as CaseStatus, Summary};
use crate::parity::suite::{self, Expect, Runnable, SuiteFile};
use crate::parity::{Job, Mode, answers, fuzz, unsendable};

const AFTER_HELP: &str = "\
The command runs through `sh -c`. `{notation}` and `{profile}` in it are replaced by each
case's notation and DFEN profile, which are also in FENKIT_PARITY_NOTATION and
FENKIT_PARITY_PROFILE (and the case name in FENKIT_PARITY_CASE, per case). With --notation
variants, `{variant}` and `{dialect}` (FENKIT_PARITY_VARIANT, FENKIT_PARITY_DIALECT) are the
case's variant (threecheck, crazyhouse, twomove) and dialect (essay, stockfish, lichess).
With --notation antichess, giveaway, atomic, horde, racingkings or kingofthehill, `{variant}`
is that variant: the input is a standard FEN judged by the variant's rules, as python-chess
judges it, and the canonical form is the FEN as read (spec/conformance.md section 2.1).
`{castling}` (FENKIT_PARITY_CASTLING) is `chess960` for the cases of --notation chess960,
DFENs read in Chess960 mode, and `standard` for every other.

Per case (default): the input on stdin; exit 0 and the canonical form (UTF-8) on stdout means
accepted; exit 1 with exactly one line `CODE: message` on stderr (a colon and a space after
the code, then a message) and nothing on stdout means rejected. Exit 1 in any other shape (an
uncaught exception's traceback, `CODE:x`, an empty message, a second line), exit 0 with stdout
that is not UTF-8, any other exit status, a signal, a timeout, or more than 4 MiB of output is
a failure of the implementation: catch every internal error in the adapter and exit with 2.
--batch: one process per notation and profile, one input per line, exactly one JSON answer
line per input (the `fenkit parse --batch` protocol); a process that writes more answer lines
than inputs fails every one of its inputs.
Variants (--notation variants): as per case or --batch, the input read in the case's dialect
and the canonical form written in it, as `fmt` writes it (pocket order kept); one batch
process per variant and dialect.
Rules (--notation rules): the DFEN on stdin, the legal first moves on stdout in UCI, one per
line, under the case's reading of the king-capture exemption. The full protocol is
spec/adapter-protocol.md (also written by `fenkit suite copy`).

The suite's NDJSON4 cases (v1/ndjson4.jsonl) are not run by parity: there is no adapter
protocol for whole replay files. They are data for your own test harness.

Examples:
  fenkit parity --cmd 'fenkit parse --notation {notation} --profile {profile}'
  fenkit parity --batch --json-strings --codes \\
      --cmd 'fenkit parse --batch --json-strings --notation {notation} --profile {profile}'
  fenkit parity --notation fen4 --cmd 'python3 my_fen4.py' --known-failures known.txt
  fenkit parity --notation rules --cmd 'fenkit moves --king-capture {king_capture} -'
  fenkit parity --notation variants --codes \\
      --cmd 'fenkit parse --variant {variant} --dialect {dialect}'
  fenkit parity --notation chess960 --cmd 'fenkit parse --notation dfen --chess960'
  fenkit parity --notation antichess --codes --cmd 'fenkit parse --variant {variant}'
  fenkit parity --notation dfen --fuzz 2000 --seed 7 --cmd './my-dfen-checker'

The last line is `N passed, N failed, N skipped`, then known failures, implementation-defined
differences and cases left out by --run/--skip (`N not selected`) when there are any.
Skipped cases are selected cases whose input cannot be sent in the chosen mode. Exit status 1
when anything failed; 2 on usage or I/O errors, a --run glob that matches no case, a
selection that leaves no case to run, or a --suite directory whose files do not match its
manifest.";

/// The report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
enum Format {
    /// Every failure with its input, what was expected and what came back
    #[default]
    Human,
    /// One JSON document
    Json,
}

/// Check a parser in any language against the conformance suite, through an adapter command.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The adapter command, run through `sh -c` [default: `cmd` under `[parity]` in the
    /// configuration]
    #[arg(long, value_name = "COMMAND")]
    cmd: Option<String>,

    /// Run only these cases [default: dfen and fen4]; NDJSON4 cases cannot be run by parity
    #[arg(long, value_name = "NOTATION")]
    notation: Option<Runnable>,

    /// One adapter process per notation and profile, one input per line, JSON answers
    #[arg(long)]
    batch: bool,

    /// In batch mode, send each input as a JSON string (inputs with line breaks need this)
    #[arg(long)]
    json_strings: bool,

    /// Also compare rejection codes (and, in batch mode, FEN4 reference codes and offsets and
    /// the finding codes of accepted inputs)
    #[arg(long)]
    codes: bool,

    /// How long one answer may take, e.g. `1s`, `500ms` (wall-clock time: on a busy machine,
    /// give a slow adapter more, or fewer --jobs) [default: 1s]
    #[arg(long, value_name = "DURATION", value_parser = crate::config::parse_duration)]
    timeout: Option<Duration>,

    /// Adapter processes run at once, 1 to 256 [default: one per CPU]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,

    /// Run only cases whose name matches this glob (`*`, `?`); may be repeated. A glob that
    /// matches no case is an error
    #[arg(long = "run", value_name = "GLOB")]
    run: Vec<String>,

    /// Skip cases whose name matches this glob; may be repeated. Skipping every selected case
    /// is an error
    #[arg(long = "skip", value_name = "GLOB")]
    skip: Vec<String>,

    /// Expected divergences of this implementation: `CASE-OR-GLOB reason` per line
    #[arg(long, value_name = "FILE")]
    known_failures: Option<PathBuf>,

    /// Read the suite from this directory (as written by `fenkit suite copy`) instead of the
    /// copy built into fenkit; its case files must match its v1/manifest.json
    #[arg(long, value_name = "DIR")]
    suite: Option<PathBuf>,

    /// The report format
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    output_format: Format,

    /// Instead of the suite, generate N inputs by mutating its accepted cases and compare the
    /// adapter with fenkit's own libraries
    #[arg(long, value_name = "N")]
    fuzz: Option<usize>,

    /// The seed of the fuzzer: the same seed gives the same run
    #[arg(long, value_name = "S", default_value_t = 0, requires = "fuzz")]
    seed: u64,

    #[command(flatten)]
    config: crate::config::ConfigArgs,
}

/// How long one answer may take when neither `--timeout` nor the configuration says.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(1);

impl Args {
    /// Fills what the command line left unset from `[parity]` in the configuration of the
    /// current directory; flags win. Checks what only the merged settings can tell.
    fn with_defaults(mut self, global: &Global) -> Result<Args, Failure> {
        let configs = crate::config::Configs::new(&self.config)?;
        if let Some(config) = configs.for_dir(std::path::Path::new("."))? {
            global.note(format_args!(
                "parity defaults from `{}`",
                config.path().display()
            ));
            let defaults = config.parity();
            self.cmd = self.cmd.or_else(|| defaults.cmd.clone());
            if self.notation.is_none()
                && let Some(name) = &defaults.notation
            {
                self.notation = <Runnable as clap::ValueEnum>::from_str(name, false).ok();
            }
            self.batch |= defaults.batch;
            self.json_strings |= defaults.json_strings;
            self.codes |= defaults.codes;
            self.timeout = self.timeout.or(defaults.timeout);
            self.jobs = self.jobs.or(defaults.jobs);
            self.known_failures = self
                .known_failures
                .or_else(|| defaults.known_failures.clone());
            self.suite = self.suite.or_else(|| defaults.suite.clone());
        }
        if self.cmd.is_none() {
            return Err(Failure::Usage(
                "no adapter command: pass --cmd COMMAND, or set `cmd` under `[parity]` in \
                 fenkit.toml"
                    .to_owned(),
            ));
        }
        if self.json_strings && !self.batch {
            return Err(Failure::Usage(
                "--json-strings applies to --batch mode only: add --batch".to_owned(),
            ));
        }
        Ok(self)
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let args = args.with_defaults(global)?;
    let Some(jobs) = args.jobs else {
        return run_jobs(args, global);
    };
    // Adapters run on the threads of a pool of this size: one process per thread at a time.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::try_from(jobs).unwrap_or(1))
        .build()
        .map_err(|error| Failure::Stopped(format!("cannot start {jobs} threads: {error}")))?;
    pool.install(|| run_jobs(args, global))
}

/// [`run`], on the current thread pool.
fn run_jobs(args: Args, global: &Global) -> Result<Status, Failure> {
    let kinds: Vec<&'static SuiteFile> = match args.notation {
        None => SuiteFile::defaults(),
        Some(Runnable(file)) => vec![file],
    };
    let rules = kinds.iter().all(|file| file.rules);
    let mode = match (rules, args.batch) {
        (true, true) => {
            return Err(Failure::Usage(
                "--batch does not apply to --notation rules: the rules protocol runs one \
                 process per position"
                    .to_owned(),
            ));
        }
        (true, false) => Mode::Rules,
        (false, true) => Mode::Batch {
            json_strings: args.json_strings,
        },
        (false, false) => Mode::PerCase,
    };
    if rules && args.fuzz.is_some() {
        return Err(Failure::Usage(
            "--fuzz compares parsers: use it with --notation dfen, fen4 or variants".to_owned(),
        ));
    }
    let cases = match suite::load(&kinds, args.suite.as_deref()) {
        Ok(cases) => cases,
        Err(message) => {
            match &args.suite {
                Some(dir) => global.error(format_args!("--suite {}: {message}", dir.display())),
                None => global.error(message),
            }
            return Ok(Status::Error);
        }
    };
    let known = match &args.known_failures {
        None => KnownFailures::default(),
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read it: {}", crate::input::describe(&e)))
            .and_then(|text| KnownFailures::parse(&text))
        {
            Ok(known) => known,
            Err(message) => {
                global.error(format_args!(
                    "--known-failures {}: {message}",
                    path.display()
                ));
                return Ok(Status::Error);
            }
        },
    };
    let unmatched: Vec<&str> = args
        .run
        .iter()
        .filter(|glob| !cases.iter().any(|c| glob_match(glob, &c.name)))
        .map(String::as_str)
        .collect();
    if !unmatched.is_empty() {
        let names: Vec<&str> = kinds.iter().map(|file| file.name).collect();
        for glob in unmatched {
            global.error(format_args!(
                "--run `{glob}` matches no {} case (`fenkit suite list` prints the names)",
                names.join(" or ")
            ));
        }
        return Ok(Status::Error);
    }
    let selection = Selection {
        run: args.run.clone(),
        skip: args.skip.clone(),
    };
    if !cases.iter().any(|c| selection.selects(&c.name)) {
        global.error(nothing_selected(&kinds, &args.run, &args.skip));
        return Ok(Status::Error);
    }
    let adapter = Adapter {
        command: args.cmd.clone().unwrap_or_default(),
        timeout: args.timeout.unwrap_or(DEFAULT_TIMEOUT),
    };
    if let Some(count) = args.fuzz {
        return fuzz_run(&args, global, &adapter, mode, &cases, &selection, count);
    }

    let selected: Vec<bool> = cases.iter().map(|c| selection.selects(&c.name)).collect();
    let jobs: Vec<Job<'_>> = cases
        .iter()
        .zip(&selected)
        .filter(|(_, selected)| **selected)
        .map(|(case, _)| Job {
            context: Context::of(case),
            name: &case.name,
            input: &case.input,
        })
        .collect();
    let mut got = answers(&adapter, mode, &jobs).into_iter();
    let mut outcomes = Vec::with_capacity(cases.len());
    for (case, selected) in cases.iter().zip(selected) {
        if !selected {
            outcomes.push(Outcome {
                case,
                status: CaseStatus::NotSelected,
                got: None,
                note: String::new(),
            });
            continue;
        }
        let Some(answer) = got.next().flatten() else {
            outcomes.push(Outcome {
                case,
                status: CaseStatus::Skipped,
                got: None,
                note: unsendable(mode, &case.input)
                    .unwrap_or("not run")
                    .to_owned(),
            });
            continue;
        };
        let (status, note) = match judge::judge(case, &answer, args.codes) {
            Verdict::Pass => (CaseStatus::Passed, String::new()),
            Verdict::Fail(mismatch) => match known.find(&case.name) {
                Some(entry) => (
                    CaseStatus::Known,
                    format!("{} ({})", entry.reason, mismatch.text),
                ),
                None if case.implementation_defined() => (CaseStatus::Differs, mismatch.text),
                None => (CaseStatus::Failed, mismatch.text),
            },
        };
        outcomes.push(Outcome {
            case,
            status,
            got: Some(answer),
            note,
        });
    }

    let mut warnings: Vec<String> = report::bad_rejection_warning(&outcomes)
        .into_iter()
        .collect();
    for glob in &args.skip {
        if !cases.iter().any(|c| glob_match(glob, &c.name)) {
            warnings.push(format!("--skip `{glob}` matches no case"));
        }
    }
    if let Some(path) = &args.known_failures {
        for entry in &known.entries {
            let matched: Vec<&Outcome<'_>> = outcomes
                .iter()
                .filter(|o| glob_match(&entry.pattern, &o.case.name))
                .collect();
            if !matched.iter().any(|o| o.status != CaseStatus::NotSelected) {
                warnings.push(format!(
                    "{}:{}: `{}` matches no case of this run",
                    path.display(),
                    entry.line,
                    entry.pattern
                ));
            }
            let passing: Vec<&str> = matched
                .iter()
                .filter(|o| o.status == CaseStatus::Passed)
                .map(|o| o.case.name.as_str())
                .collect();
            if !matched.is_empty() && passing.len() == matched.len() {
                warnings.push(format!(
                    "{}:{}: `{}` now passes ({}); remove it from the known failures",
                    path.display(),
                    entry.line,
                    entry.pattern,
                    passing.join(", ")
                ));
            }
        }
    }

    let systematic = report::systematic_failure(&outcomes, &adapter.command, adapter.timeout);
    // Failures that a setting missing from the command explains are said once, as a hint.
    let unpassed = match systematic {
        None => report::unpassed_settings(&outcomes, &adapter.command),
        Some(_) => None,
    };
    let mut out = global.stdout();
    match args.output_format {
        Format::Human => report::human(
            &mut out,
            &outcomes,
            &warnings,
            systematic.as_deref(),
            unpassed.as_deref(),
        )?,
        Format::Json => {
            warnings.extend(systematic);
            warnings.extend(unpassed);
            let document = report::json_document(&outcomes, &warnings);
            writeln!(out, "{document}")?;
        }
    }
    out.flush()?;
    Ok(if Summary::of(&outcomes).failed > 0 {
        Status::Findings
    } else {
        Status::Clean
    })
}

/// The error for a run that selects no case. Each `--run` glob matched some case before this
/// is asked, so either `--skip` left out every case or the suite holds none.
fn nothing_selected(kinds: &[&SuiteFile], run: &[String], skip: &[String]) -> String {
    let names: Vec<&str> = kinds.iter().map(|file| file.name).collect();
    let skips: Vec<String> = skip.iter().map(|glob| format!("--skip `{glob}`")).collect();
    let skips = match skips.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => {
            return format!(
                "nothing to run: the suite holds no {} case",
                names.join(" or ")
            );
        }
    };
    let verb = if skip.len() == 1 { "leaves" } else { "leave" };
    let which = if run.is_empty() {
        format!("every {} case", names.join(" and "))
    } else {
        format!("every {} case that --run selects", names.join(" or "))
    };
    format!("nothing to run: {skips} {verb} out {which}")
}

fn fuzz_run(
    args: &Args,
    global: &Global,
    adapter: &Adapter,
    mode: Mode,
    cases: &[suite::Case],
    selection: &Selection,
    count: usize,
) -> Result<Status, Failure> {
    let seeds: Vec<&suite::Case> = cases
        .iter()
        .filter(|c| matches!(c.expect, Expect::Accept { .. }) && selection.selects(&c.name))
        .collect();
    if seeds.is_empty() {
        return Err(Failure::Usage(
            "--fuzz needs at least one accepted case to mutate; check --run and --skip".to_owned(),
        ));
    }
    let result = fuzz::run(adapter, mode, args.codes, &seeds, count, args.seed);
    let summary = Summary {
        passed: result.agreed,
        failed: result.disagreements.len(),
        skipped: count - result.agreed - result.disagreements.len(),
        ..Summary::default()
    };
    let mut out = global.stdout();
    match args.output_format {
        Format::Human => {
            for d in &result.disagreements {
                writeln!(
                    out,
                    "DISAGREE fuzz input {} (seed {}, mutated from {}, {})",
                    d.index,
                    args.seed,
                    d.base,
                    report::settings(&d.original.case).replace(", ", " ")
                )?;
                writeln!(
                    out,
                    "  input:     {}",
                    report::show_input(&d.original.case.input)
                )?;
                write_probe(&mut out, "  ", &d.original)?;
                if let Some(small) = &d.minimised {
                    writeln!(
                        out,
                        "  minimised: {}",
                        report::show_input(&small.case.input)
                    )?;
                    write_probe(&mut out, "    ", small)?;
                }
                writeln!(out)?;
            }
            writeln!(out, "{}", summary.line())?;
        }
        Format::Json => {
            let items: Vec<serde_json::Value> = result
                .disagreements
                .iter()
                .map(|d| {
                    let mut item = probe_json(&d.original);
                    item["index"] = serde_json::json!(d.index);
                    item["base"] = serde_json::json!(d.base);
                    item["notation"] = serde_json::json!(d.original.case.file.name);
                    item["profile"] = serde_json::json!(d.original.case.profile);
                    if d.original.case.file.names_variants() {
                        item["variant"] = serde_json::json!(d.original.case.variant);
                        item["dialect"] = serde_json::json!(d.original.case.dialect);
                    }
                    item["minimised"] = d
                        .minimised
                        .as_ref()
                        .map_or(serde_json::Value::Null, probe_json);
                    item
                })
                .collect();
            let document = serde_json::json!({
                "seed": args.seed,
                "inputs": count,
                "passed": summary.passed,
                "failed": summary.failed,
                "skipped": summary.skipped,
                "disagreements": items,
                "summary": summary.line(),
            });
            writeln!(out, "{document}")?;
        }
    }
    out.flush()?;
    Ok(if summary.failed > 0 {
        Status::Findings
    } else {
        Status::Clean
    })
}

/// Writes fenkit's answer, the adapter's and how they differ, for one fuzz input.
fn write_probe(out: &mut impl Write, indent: &str, probe: &fuzz::Probe) -> std::io::Result<()> {
    let pad = |label: &str| format!("{indent}{label:<11}");
    writeln!(
        out,
        "{}{}",
        pad("fenkit:"),
        report::show_expected(&probe.case.expect)
    )?;
    report::field(
        out,
        &pad("got:"),
        &report::show_got_beside_problem(&probe.got),
    )?;
    writeln!(out, "{}{}", pad("problem:"), probe.problem)
}

/// One fuzz input as JSON: the input, fenkit's answer, the adapter's and how they differ.
fn probe_json(probe: &fuzz::Probe) -> serde_json::Value {
    serde_json::json!({
        "input": String::from_utf8_lossy(&probe.case.input),
        "fenkit": report::show_expected(&probe.case.expect),
        "got": serde_json::to_value(&probe.got).unwrap_or_default(),
        "problem": probe.problem,
    })
}

#[cfg(test)]
mod tests {
    use crate::config::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1s"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("-1s").is_err());
    }
}
