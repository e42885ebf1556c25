//! Turning the paths on the command line into the list of inputs.
//!
//! `-` is standard input. A file named on the command line is always read, whatever its name.
//! A directory is walked: hidden files and whatever `.gitignore`, `.ignore` and the global git
//! excludes list are skipped, and only files with a position-file extension (`.dfen`, `.fen`,
//! `.fen4`, `.ndjson4`, `.jsonl`) are picked up. Symbolic links are followed; a link that leads
//! back into its own ancestry is reported once and not followed. A compressed file (`.gz`,
//! `.zst`, `.bz2`, `.zip`) is judged by its name without the suffix, and a zip archive becomes
//! one input per member ([`Origin::of_file`]). The walk goes at most
//! `MAX_DEPTH` directories deep; anything deeper is reported, not silently dropped.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::config::{Config, ConfigError, Configs};
use crate::input::{InputError, InputErrorKind, MAX_DEPTH, Origin};
use notation::Notation;

/// The inputs found, in a stable order, and what went wrong while finding them.
#[derive(Debug, Default)]
pub(crate) struct Inputs {
    /// Inputs to read.
    pub(crate) inputs: Vec<Origin>,
    /// Inputs that cannot be read, and parts of a walk that were skipped (loops, too deep).
    pub(crate) errors: Vec<InputError>,
    /// Files a walk passed over and why, for `--verbose`.
    pub(crate) skipped: Vec<String>,
    /// The paths were taken from nowhere: none was given and standard input is a pipe, so it
    /// is read (a note for `--verbose` says so).
    pub(crate) stdin_by_default: bool,
}

/// Whether a walk reads this file: one its configuration's `notations` maps, a position file by
/// its extension, or a file with an extension other formats share (`.jsonl`) whose first
/// record, after blank and `#` lines, is its notation's (for NDJSON4: a JSON object with a
/// `fen4` key, or a header). Any other `.jsonl` (an event log, a data set) is not ours.
fn claimed(path: &Path, config: Option<&Config>) -> Result<(), String> {
    // A compressed file is claimed by its name without the compression suffix.
    let inner = crate::compressed::inner_name(path);
    let named = inner.as_deref().unwrap_or(path);
    if config.is_some_and(|config| {
        [path, named]
            .iter()
            .any(|path| config.notation_of(path).is_some() || config.select_of(path).is_some())
    }) || notation::container::Container::walked(named)
    {
        return Ok(());
    }
    if inner.is_some()
        && let Some((notation, true)) = Notation::by_extension(named)
    {
        // Its first record would take decoding to find: a shared extension is not enough.
        return Err(format!(
            "skipping `{}`: a compressed {} file is read when named on the command line or \
             given a notation in the configuration",
            path.display(),
            notation.name()
        ));
    }
    match Notation::by_extension(named) {
        Some((notation, true)) => first_record(path).map_or(Ok(()), |first| {
            notation.claims(&first).map_err(|why| {
                format!(
                    "skipping `{}`: {why}; name it on the command line to check it",
                    path.display()
                )
            })
        }),
        Some((_, false)) => Ok(()),
        None => Err(format!(
            "skipping `{}`: not a position file (by its extension)",
            path.display()
        )),
    }
}

/// The first record of a file, trimmed: its first line, after a BOM, that is neither blank nor
/// a `#` comment; only the first 64 KiB are read. `None` when it cannot be read (a file that
/// is claimed then, so that reading it reports why).
fn first_record(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = Vec::new();
    let file = std::fs::File::open(path).ok()?;
    file.take(64 * 1024).read_to_end(&mut head).ok()?;
    let text = String::from_utf8_lossy(&head);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Some(
        text.lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with('#'))
            .unwrap_or_default()
            .to_owned(),
    )
}

/// Whether standard input is a pipe (`cat x.dfen | fenkit check`), as opposed to a terminal,
/// `/dev/null` or nothing, which CI runners give.
fn stdin_is_a_pipe() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        let Ok(fd) = std::io::stdin().as_fd().try_clone_to_owned() else {
            return false;
        };
        std::fs::File::from(fd)
            .metadata()
            .is_ok_and(|meta| meta.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

impl Inputs {
    /// Says under `--verbose` what the walk passed over and where the input comes from, and
    /// whether there is anything to read: when the paths hold no position file at all (a wrong
    /// path, a wrong extension), that is a warning naming what was looked for, and, unless
    /// `allow_empty`, exit status 2 (`Err`).
    pub(crate) fn announce(
        &self,
        paths: &[PathBuf],
        global: &crate::context::Global,
        allow_empty: bool,
    ) -> Result<(), crate::context::Status> {
        for skipped in &self.skipped {
            global.note(skipped);
        }
        if self.stdin_by_default {
            global.note(
                "no path was given and standard input is a pipe: reading it (name `.` to walk \
                 the current directory instead)",
            );
        }
        if !self.inputs.is_empty() || !self.errors.is_empty() {
            return Ok(());
        }
        let named: Vec<String> = if paths.is_empty() {
            vec!["`.`".to_owned()]
        } else {
            paths.iter().map(|p| format!("`{}`", p.display())).collect()
        };
        global.warning(format_args!(
            "no position file found in {}: looked for {}",
            named.join(", "),
            Notation::walked()
        ));
        if allow_empty {
            Ok(())
        } else {
            global.error(
                "nothing was checked; pass --allow-empty if an empty set of files is expected",
            );
            Err(crate::context::Status::Error)
        }
    }
}

impl Inputs {
    /// Takes the compressed files and zip members out of the inputs of `command`, which
    /// rewrites files, and says for each file that it is left as it is (`FENKIT071`). Returns
    /// whether there was any.
    pub(crate) fn refuse_compressed(
        &mut self,
        command: &str,
        global: &crate::context::Global,
    ) -> bool {
        let mut refused: Vec<(PathBuf, &'static str)> = Vec::new();
        self.inputs.retain(|origin| match origin.compressed() {
            None => true,
            Some((file, format)) => {
                if !refused.iter().any(|(seen, _)| seen == file) {
                    refused.push((file.to_path_buf(), format.name()));
                }
                false
            }
        });
        for (file, format) in &refused {
            global.error(format_args!(
                "`{}` is compressed ({format}), and `{command}` never rewrites a compressed \
                 file: it was left as it is [{}]; help: decompress it, run `fenkit {command}` \
                 on the text, and compress that again",
                file.display(),
                notation::code::FenkitCode::CompressedNotWritten.as_str()
            ));
        }
        !refused.is_empty()
    }
}

/// Expands command-line paths. No paths means standard input when it is a pipe, else the
/// current directory. A file named on the command line is read whatever its name, unless
/// `only_position_files`: then it is read only if a walk would read it, and not if its
/// configuration excludes it (what pre-commit needs, since it names every file that matches
/// its pattern).
///
/// The configuration of every input is read on the way, so that one that cannot be used stops
/// the run before any input is read.
pub(crate) fn expand(
    paths: &[PathBuf],
    only_position_files: bool,
    configs: &Arc<Configs>,
) -> Result<Inputs, ConfigError> {
    let mut found = Inputs::default();
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        if stdin_is_a_pipe() {
            configs.for_file(None)?;
            found.inputs.push(Origin::Stdin);
            found.stdin_by_default = true;
            return Ok(found);
        }
        &default[..]
    } else {
        paths
    };
    for path in paths {
        if path.as_os_str() == "-" {
            configs.for_file(None)?;
            found.inputs.push(Origin::Stdin);
            continue;
        }
        match std::fs::metadata(path) {
            Err(error) => found
                .errors
                .push(InputError::io(path.display().to_string(), &error)),
            Ok(metadata) if metadata.is_dir() => {
                configs.for_dir(path)?;
                walk(path, &mut found, configs);
                if let Some(error) = configs.take_failure() {
                    return Err(error);
                }
            }
            Ok(metadata) if metadata.is_file() => {
                let config = configs.for_file(Some(path))?;
                let rule = if !only_position_files {
                    Ok(())
                } else if config
                    .as_deref()
                    .is_some_and(|c| c.excludes_with_ancestors(path))
                {
                    Err(format!(
                        "skipping `{}`: excluded by {}",
                        path.display(),
                        config
                            .as_deref()
                            .map_or_else(String::new, |c| format!("`{}`", c.path().display()))
                    ))
                } else {
                    claimed(path, config.as_deref())
                };
                match rule {
                    Err(why) => found.skipped.push(why),
                    Ok(()) => found.inputs.extend(Origin::of_file(path)),
                }
            }
            Ok(metadata) => found.errors.push(InputError::not_regular(
                path.display().to_string(),
                &metadata,
            )),
        }
    }
    // A file named twice, named and also found by a walk, or reached through a symbolic link
    // as well as by its own name, is read once (under the first name), reported once, and
    // rewritten once by `fmt`.
    let mut seen = std::collections::HashSet::new();
    found.inputs.retain(|origin| {
        let key = match origin {
            Origin::File(path) => {
                Origin::File(std::fs::canonicalize(path).unwrap_or_else(|_| path.clone()))
            }
            Origin::Compressed { file, format, name } => Origin::Compressed {
                file: std::fs::canonicalize(file).unwrap_or_else(|_| file.clone()),
                format: *format,
                name: name.clone(),
            },
            Origin::Member {
                archive,
                index,
                member,
                name,
            } => Origin::Member {
                archive: std::fs::canonicalize(archive).unwrap_or_else(|_| archive.clone()),
                index: *index,
                member: member.clone(),
                name: name.clone(),
            },
            other => other.clone(),
        };
        seen.insert(key)
    });
    let mut seen = std::collections::HashSet::new();
    found.errors.retain(|error| seen.insert(error.clone()));
    Ok(found)
}

/// The directory whose configuration applies to a walked entry: its parent's.
fn parent_dir(path: &Path) -> &Path {
    path.parent().unwrap_or_else(|| Path::new("."))
}

/// A walked path as named to the user: without the `./` a walk of `.` puts before it.
fn shown<'a>(root: &Path, path: &'a Path) -> &'a Path {
    match path.strip_prefix("./") {
        Ok(stripped) if root == Path::new(".") => stripped,
        _ => path,
    }
}

fn walk(root: &Path, found: &mut Inputs, configs: &Arc<Configs>) {
    let filter_configs = Arc::clone(configs);
    // What the filter leaves out, for `--verbose` (the filter runs inside the walker).
    let excluded = Arc::new(std::sync::Mutex::new(Vec::new()));
    let filter_excluded = Arc::clone(&excluded);
    let filter_root = root.to_path_buf();
    let walker = ignore::WalkBuilder::new(root)
        .follow_links(true)
        .require_git(false)
        .max_depth(Some(MAX_DEPTH + 1))
        .sort_by_file_name(|a, b| a.cmp(b))
        // `exclude` and `extend-exclude`: a directory they name is not entered at all.
        .filter_entry(move |entry| {
            if entry.depth() == 0 {
                return true;
            }
            let Some(config) = filter_configs.for_dir_or_note(parent_dir(entry.path())) else {
                return true;
            };
            if !config.excludes(entry.path()) {
                return true;
            }
            let note = format!(
                "skipping `{}`: excluded by `{}`",
                shown(&filter_root, entry.path()).display(),
                config.path().display()
            );
            filter_excluded
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(note);
            false
        })
        .build();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                found.errors.push(walk_error(&error));
                continue;
            }
        };
        let path = shown(root, entry.path());
        let Some(kind) = entry.file_type() else {
            continue;
        };
        if entry.depth() > MAX_DEPTH {
            let named = crate::compressed::inner_name(path);
            if kind.is_dir() || Notation::from_extension(named.as_deref().unwrap_or(path)).is_some()
            {
                found.errors.push(InputError {
                    name: path.display().to_string(),
                    kind: InputErrorKind::TooDeep,
                });
            }
            continue;
        }
        if kind.is_dir() {
            continue;
        }
        let config = configs.for_dir_or_note(parent_dir(path));
        if let Err(why) = claimed(path, config.as_deref()) {
            found.skipped.push(why);
            continue;
        }
        if kind.is_file() {
            found.inputs.extend(Origin::of_file(path));
        } else {
            let name = path.display().to_string();
            found.errors.push(match std::fs::metadata(path) {
                Ok(metadata) => InputError::not_regular(name, &metadata),
                Err(error) => InputError::io(name, &error),
            });
        }
    }
    note_excluded(found, &excluded);
}

/// Adds what a walk's filter left out to what it skipped, after the files it skipped.
fn note_excluded(found: &mut Inputs, excluded: &std::sync::Mutex<Vec<String>>) {
    let mut excluded = excluded
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    found.skipped.append(&mut excluded);
}

fn walk_error(error: &ignore::Error) -> InputError {
    match error {
        ignore::Error::WithPath { path, err } => match io_error(err) {
            Some(io) => InputError::io(path.display().to_string(), io),
            None => InputError {
                name: path.display().to_string(),
                kind: InputErrorKind::Walk(walk_error(err).to_string()),
            },
        },
        ignore::Error::Loop { ancestor, child } => InputError {
            name: child.display().to_string(),
            kind: InputErrorKind::LinkLoop(ancestor.clone()),
        },
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error(err)
        }
        other => InputError {
            name: ".".to_owned(),
            kind: InputErrorKind::Walk(other.to_string()),
        },
    }
}

/// The operating system's error inside `io`: the walker wraps it in an error of its own, whose
/// text names the path again (`IO error for operation on PATH: …`).
fn innermost(io: &std::io::Error) -> &std::io::Error {
    let mut found = io;
    let mut error: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(io);
    while let Some(source) = error {
        if let Some(inner) = source.downcast_ref::<std::io::Error>() {
            found = inner;
        }
        error = source.source();
    }
    found
}

/// The I/O error inside `error`, under any depth or line-number context (an unreadable
/// directory comes as a path around a depth around the I/O error).
fn io_error(error: &ignore::Error) -> Option<&std::io::Error> {
    match error {
        ignore::Error::Io(io) => Some(innermost(io)),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            io_error(err)
        }
        _ => None,
    }
}
