//! Turning the paths on the command line into the list of inputs.
//!
//! `-` is standard input. A file named on the command line is always read, whatever its name.
//! A directory is walked: hidden files and whatever `.gitignore`, `.ignore` and the global git
//! excludes list are skipped, and only files with a position-file extension (`.dfen`, `.fen`,
//! `.fen4`, `.ndjson4`, `.jsonl`) are picked up. Symbolic links are followed; a link that leads
//! back into its own ancestry is reported once and not followed. The walk goes at most
//! [`MAX_DEPTH`] directories deep; anything deeper is reported, not silently dropped.

use std::path::{Path, PathBuf};

use crate::input::Origin;
use crate::notation::Notation;

/// How many directory levels below a named directory are walked.
pub(crate) const MAX_DEPTH: usize = 64;

/// The inputs found, in a stable order, and what went wrong while finding them.
#[derive(Debug, Default)]
pub(crate) struct Inputs {
    /// Inputs to read.
    pub(crate) inputs: Vec<Origin>,
    /// Problems (missing paths, loops, special files, too deep), already phrased for the user.
    pub(crate) errors: Vec<String>,
}

/// Expands command-line paths. No paths means the current directory.
pub(crate) fn expand(paths: &[PathBuf]) -> Inputs {
    let mut found = Inputs::default();
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    for path in paths {
        if path.as_os_str() == "-" {
            found.inputs.push(Origin::Stdin);
            continue;
        }
        match std::fs::metadata(path) {
            Err(error) => {
                found.errors.push(format!(
                    "cannot read `{}`: {}",
                    path.display(),
                    describe(&error)
                ));
            }
            Ok(metadata) if metadata.is_dir() => walk(path, &mut found),
            Ok(metadata) if metadata.is_file() => found.inputs.push(Origin::File(path.clone())),
            Ok(metadata) => found.errors.push(format!(
                "cannot read `{}`: {}",
                path.display(),
                crate::input::not_regular(&metadata)
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
            other => other.clone(),
        };
        seen.insert(key)
    });
    let mut seen = std::collections::HashSet::new();
    found.errors.retain(|error| seen.insert(error.clone()));
    found
}

fn walk(root: &Path, found: &mut Inputs) {
    let walker = ignore::WalkBuilder::new(root)
        .follow_links(true)
        .require_git(false)
        .max_depth(Some(MAX_DEPTH + 1))
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                found.errors.push(walk_error(&error));
                continue;
            }
        };
        let path = entry.path();
        let path = match path.strip_prefix("./") {
            Ok(stripped) if root == Path::new(".") => stripped,
            _ => path,
        };
        let Some(kind) = entry.file_type() else {
            continue;
        };
        if entry.depth() > MAX_DEPTH {
            if kind.is_dir() || Notation::from_extension(path).is_some() {
                found.errors.push(format!(
                    "skipping `{}`: it is more than {MAX_DEPTH} directories deep",
                    path.display()
                ));
            }
            continue;
        }
        if kind.is_dir() || Notation::from_extension(path).is_none() {
            continue;
        }
        if kind.is_file() {
            found.inputs.push(Origin::File(path.to_path_buf()));
        } else {
            let what = match std::fs::metadata(path) {
                Ok(metadata) => crate::input::not_regular(&metadata),
                Err(error) => describe(&error),
            };
            found
                .errors
                .push(format!("cannot read `{}`: {what}", path.display()));
        }
    }
}

fn walk_error(error: &ignore::Error) -> String {
    match error {
        ignore::Error::WithPath { path, err } => match io_error(err) {
            Some(io) => format!("cannot read `{}`: {}", path.display(), describe(io)),
            None => format!("`{}`: {}", path.display(), walk_error(err)),
        },
        ignore::Error::Loop { ancestor, child } => format!(
            "skipping `{}`: a symbolic link loop leads back to `{}`",
            child.display(),
            ancestor.display()
        ),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error(err)
        }
        other => other.to_string(),
    }
}

/// The I/O error inside `error`, under any depth or line-number context (an unreadable
/// directory comes as a path around a depth around the I/O error).
fn io_error(error: &ignore::Error) -> Option<&std::io::Error> {
    match error {
        ignore::Error::Io(io) => Some(io),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            io_error(err)
        }
        _ => None,
    }
}

/// An I/O error as a lowercase phrase without the `(os error N)` tail.
pub(crate) fn describe(error: &std::io::Error) -> String {
    let text = match error.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        std::io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
        _ => {
            let text = error.to_string();
            match text.find(" (os error") {
                Some(at) => text[..at].to_owned(),
                None => text,
            }
        }
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => text,
    }
}
