//! `fenkit suite`: list the conformance suite's cases, or write the suite out for vendoring.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::context::{Failure, Global, Status};
use crate::parity::suite::{self, FILES, SUITE_FILES, SuiteFile};

const AFTER_HELP: &str = "\
Examples:
  fenkit suite list                       every case name, one per line
  fenkit suite list --notation rules      the rules cases only
  fenkit suite list --notation variants   the three-check, crazyhouse and two-move cases
  fenkit suite copy vendor/fenkit-suite   write README.md, spec/ and v1/

A copy is complete on its own: README.md says what is where; spec/ holds the suite's
documentation (conformance.md), the adapter protocol and every spec the cases cite; v1/ holds
the manifest and the case files. `fenkit parity --suite DIR` checks the case files against
the manifest (case counts and SHA-256) before it runs them.

The NDJSON4 cases (v1/ndjson4.jsonl) are data for your own test harness: `fenkit parity`
cannot run them, as there is no adapter protocol for whole replay files.";

/// List the conformance suite's cases, or copy the suite into a directory.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Print the case names, one per line
    List {
        /// Only the cases of this notation
        #[arg(long, value_name = "NOTATION")]
        notation: Option<&'static SuiteFile>,
    },
    /// Write the suite (README.md, spec/*.md, v1/manifest.json, v1/*.jsonl) into DIR
    Copy {
        /// The directory to write; created if missing
        dir: PathBuf,
        /// Overwrite files that exist with other contents
        #[arg(long)]
        force: bool,
    },
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    match args.action {
        Action::List { notation } => {
            let kinds: Vec<&'static SuiteFile> = match notation {
                Some(file) => vec![file],
                None => SUITE_FILES.iter().collect(),
            };
            let cases = match suite::load(&kinds, None) {
                Ok(cases) => cases,
                Err(message) => {
                    global.error(message);
                    return Ok(Status::Error);
                }
            };
            let mut out = global.stdout();
            for case in &cases {
                writeln!(out, "{}", case.name)?;
            }
            out.flush()?;
            Ok(Status::Clean)
        }
        Action::Copy { dir, force } => {
            if let Err(problem) = make_directory(&dir) {
                global.error(format_args!(
                    "cannot write the suite to `{}`: {problem}",
                    dir.display()
                ));
                return Ok(Status::Error);
            }
            let mut status = Status::Clean;
            let mut written = 0;
            for (relative, contents) in FILES {
                let path = dir.join(relative);
                match std::fs::read(&path) {
                    Ok(existing) if existing == contents.as_bytes() => continue,
                    Ok(_) if !force => {
                        global.error(format_args!(
                            "{} exists with other contents; use --force to overwrite it",
                            path.display()
                        ));
                        status = Status::Error;
                        continue;
                    }
                    _ => {}
                }
                let result = path
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|()| std::fs::write(&path, contents));
                match result {
                    Ok(()) => written += 1,
                    Err(error) => {
                        // The next files would most likely fail the same way: one error is
                        // enough.
                        global.error(format_args!(
                            "cannot write `{}`: {}",
                            path.display(),
                            crate::input::describe(&error)
                        ));
                        status = Status::Error;
                        break;
                    }
                }
            }
            let mut err = global.stderr();
            writeln!(
                err,
                "wrote {written} of {} suite files (version {}) to {}",
                FILES.len(),
                suite::VERSION,
                dir.display()
            )?;
            Ok(status)
        }
    }
}

/// Creates `dir` (and its parents) unless it is a directory already. The error says what is in
/// the way: `not a directory` when `dir` is a file, or the I/O error in the CLI's words.
fn make_directory(dir: &Path) -> Result<(), String> {
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err("not a directory".to_owned()),
        Err(_) => std::fs::create_dir_all(dir).map_err(|e| crate::input::describe(&e)),
    }
}
