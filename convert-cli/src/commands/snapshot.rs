//! `fenkit snapshot check|update`: golden reports in insta `.snap` files.

use std::io::Write;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::config::{ConfigArgs, Configs, Flags};
use crate::context::{Failure, Global, Status};
use crate::input::InputError;
use crate::input::Origin;
use crate::output::plural;
use crate::report::{EXPRESSION, SOURCE, SnapFile, report_origin, snapshot_path};

const AFTER_HELP: &str = "\
Examples:
  fenkit snapshot check fixtures/              compare every report with its .snap file
  fenkit snapshot update fixtures/             write .snap.new files for `cargo insta review`
  fenkit snapshot update --accept fixtures/    write the .snap files directly

For fixtures/dfen/valid/standard.fen the snapshot is fixtures/dfen/valid/snapshots/standard.fen.snap.
The workspace tests read the very same files (insta::glob! in tests/tests/fixtures.rs).";

/// Compare (or update) the golden report of each position file with its insta snapshot.
///
/// A report holds, for each position, its input, canonical form and findings. It lives in
/// `snapshots/<file>.snap` beside the position file, in insta's format.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Compare each report with its `.snap` file; show a diff and exit 1 on any mismatch
    Check {
        /// Position files or directories [default: .]
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Write a `.snap.new` beside each snapshot that differs (or is missing)
    Update {
        /// Position files or directories [default: .]
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Write the `.snap` file itself instead of a `.snap.new`
        #[arg(long)]
        accept: bool,
        #[command(flatten)]
        config: ConfigArgs,
    },
}

enum Verdict {
    Same,
    Missing(String),
    Differs {
        old: String,
        new: String,
        snap: SnapFile,
    },
}

/// The report of `path` (read with its configuration's notation and profile) beside its
/// snapshot.
fn verdict(path: &Path, configs: &Configs) -> Result<Verdict, InputError> {
    let origin = Origin::File(path.to_path_buf());
    let file = configs.settings(&origin, Flags::default());
    let report = report_origin(&origin, file.notation, file.read)
        .map_err(|error| InputError::io(origin.display(), &error))?;
    let snap_path = snapshot_path(path);
    match std::fs::read_to_string(&snap_path) {
        Ok(text) => {
            let snap = SnapFile::parse(&text);
            if snap.same_body(&report) {
                Ok(Verdict::Same)
            } else {
                Ok(Verdict::Differs {
                    old: snap.body.clone(),
                    new: report,
                    snap,
                })
            }
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Verdict::Missing(report)),
        Err(error) => Err(InputError::io(snap_path.display().to_string(), &error)),
    }
}

fn input_file(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    text.strip_prefix("./").unwrap_or(&text).to_owned()
}

fn write_snapshot(
    path: &Path,
    snap: SnapFile,
    body: String,
    accept: bool,
) -> std::io::Result<PathBuf> {
    let mut snap = snap;
    if snap.get("source").is_none() {
        snap.set("source", SOURCE);
    }
    if snap.get("expression").is_none() {
        snap.set("expression", EXPRESSION);
    }
    if snap.get("input_file").is_none() {
        snap.set("input_file", &input_file(path));
    }
    snap.body = body;
    let target = snapshot_path(path);
    if let Some(dir) = target.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut new = target.clone().into_os_string();
    new.push(".new");
    let new = PathBuf::from(new);
    if accept {
        std::fs::write(&target, snap.render())?;
        match std::fs::remove_file(&new) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(error),
            _ => {}
        }
        Ok(target)
    } else {
        std::fs::write(&new, snap.render())?;
        Ok(new)
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let (paths, update, accept, config) = match args.action {
        Action::Check { paths, config } => (paths, false, false, config),
        Action::Update {
            paths,
            accept,
            config,
        } => (paths, true, accept, config),
    };
    let configs = std::sync::Arc::new(Configs::new(&config)?);
    let found = crate::walk::expand(&paths, false, &configs)?;
    let mut status = Status::Clean;
    for error in &found.errors {
        global.error(error);
        status = Status::Error;
    }
    let files: Vec<PathBuf> = found
        .inputs
        .into_iter()
        .filter_map(|origin| match origin {
            Origin::File(path) => Some(path),
            Origin::Stdin | Origin::SpooledStdin(_) | Origin::Stream(_) => {
                global.error("`-`: snapshots are kept beside files; standard input has none");
                None
            }
            Origin::Compressed { .. } | Origin::Member { .. } => {
                global.error(format_args!(
                    "`{}`: snapshots are taken of position files, not of compressed ones",
                    origin.display()
                ));
                None
            }
        })
        .collect();
    if files.len() < paths.iter().filter(|p| p.as_os_str() == "-").count() + files.len() {
        status = Status::Error;
    }
    let verdicts: Vec<Result<Verdict, InputError>> = files
        .par_iter()
        .map(|path| verdict(path, &configs))
        .collect();
    let colored = global.stdout_colored();
    let mut stdout = global.stdout();
    // `unwritten`: snapshots that differ but could not be written (update only).
    let (mut same, mut differ, mut unwritten) = (0usize, 0usize, 0usize);
    for (path, verdict) in files.iter().zip(verdicts) {
        let shown = input_file(path);
        let (snap, old, new) = match verdict {
            Err(error) => {
                global.error(error);
                status = Status::Error;
                continue;
            }
            Ok(Verdict::Same) => {
                same += 1;
                continue;
            }
            Ok(Verdict::Missing(new)) => (SnapFile::default(), String::new(), new),
            Ok(Verdict::Differs { old, new, snap }) => (snap, old, new),
        };
        if update {
            match write_snapshot(path, snap, new, accept) {
                Ok(written) => {
                    differ += 1;
                    writeln!(stdout, "wrote {}", input_file(&written))?;
                }
                Err(error) => {
                    unwritten += 1;
                    global.error(format_args!(
                        "cannot write the snapshot of `{shown}`: {}",
                        crate::input::describe(&error)
                    ));
                    status = Status::Error;
                }
            }
        } else {
            differ += 1;
            status = status.worst(Status::Findings);
            if old.is_empty() {
                writeln!(
                    stdout,
                    "snapshot missing: {}",
                    input_file(&snapshot_path(path))
                )?;
            } else {
                writeln!(
                    stdout,
                    "snapshot differs: {}",
                    input_file(&snapshot_path(path))
                )?;
            }
            let old = if old.is_empty() {
                old
            } else {
                crate::report::normalize(&old) + "\n"
            };
            let new = crate::report::normalize(&new) + "\n";
            let diff = crate::output::unified_diff(&shown, old.as_bytes(), new.as_bytes(), colored);
            write!(stdout, "{diff}")?;
        }
    }
    stdout.flush()?;
    drop(stdout);
    let verb = if !update {
        "differ"
    } else if accept {
        "updated"
    } else {
        "written as .snap.new (run `cargo insta review`)"
    };
    let failed = if unwritten > 0 {
        format!(", {unwritten} could not be written")
    } else {
        String::new()
    };
    let _ = writeln!(
        global.stderr(),
        "{} match, {} {verb}{failed}",
        plural(same, "snapshot", "snapshots"),
        differ
    );
    Ok(status)
}
