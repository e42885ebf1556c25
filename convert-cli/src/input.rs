//! Where the bytes of an input come from: files, standard input (spooled when it must be read
//! twice), named pipes and compressed files, and the errors of reading them, in words.
//!
//! Splitting the bytes into records is the library's (`notation::records`); this module opens
//! what it reads.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

use crate::compressed::Format;

/// What a file or standard input is read through: a buffered reader that can also be read
/// past its buffer, straight into a batch (see [`notation::records::DirectRead`]).
pub(crate) type Input = BufReader<Box<dyn Read + Send>>;

/// Where a position file comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Origin {
    /// Standard input (`-`).
    Stdin,
    /// A file on disk.
    File(PathBuf),
    /// Standard input, copied to the temporary file at this path first, so that it can be
    /// read more than once (`check --duplicates` reads its inputs twice). Named `<stdin>`.
    SpooledStdin(PathBuf),
    /// A named pipe or character device given by name where one pass over the input is all
    /// that is needed (each side of `diff`, as in `fenkit diff <(zcat a.gz) <(zcat b.gz)`):
    /// read once, as it arrives, like standard input.
    Stream(PathBuf),
    /// A gzip, zstd or bzip2 file ([`crate::compressed`]), decoded as it is read. `name` is
    /// the file's name without its compression suffix, which gives its notation and finds its
    /// configuration; `format` is [`Format::Zip`] only for an archive whose members could not
    /// be listed (opening it says why).
    Compressed {
        /// The file on disk.
        file: PathBuf,
        /// How it is compressed.
        format: Format,
        /// Its name without the compression suffix.
        name: PathBuf,
    },
    /// Member `index` of a zip archive, named `archive!member` in messages; `name` is the
    /// member's file name in the archive's directory (see [`crate::compressed::member_name`]).
    Member {
        /// The archive on disk.
        archive: PathBuf,
        /// The member's index in the archive.
        index: usize,
        /// The member's name in the archive.
        member: String,
        /// The name that gives its notation and configuration.
        name: PathBuf,
    },
}

impl Origin {
    /// The inputs a file named on the command line or found by a walk holds: itself, or, for a
    /// compressed file, itself decoded, or, for a zip archive, each of its members (none for an
    /// empty archive; an archive that cannot be listed is one input whose opening says why).
    pub(crate) fn of_file(path: &Path) -> Vec<Origin> {
        let Some(format) = Format::of_name(path) else {
            return vec![Origin::File(path.to_path_buf())];
        };
        let whole = || Origin::Compressed {
            file: path.to_path_buf(),
            format,
            name: crate::compressed::inner_name(path).unwrap_or_else(|| path.to_path_buf()),
        };
        // Only a regular file is listed (a FIFO named `x.zip` would block): anything else is
        // one input, whose opening says what it is.
        if format != Format::Zip || !std::fs::metadata(path).is_ok_and(|meta| meta.is_file()) {
            return vec![whole()];
        }
        match crate::compressed::members(path) {
            Err(_) => vec![whole()],
            Ok(members) => members
                .into_iter()
                .map(|(index, member)| Origin::Member {
                    archive: path.to_path_buf(),
                    index,
                    name: crate::compressed::member_name(path, &member),
                    member,
                })
                .collect(),
        }
    }

    /// The name used in messages: the path as given, `archive!member`, or `<stdin>`.
    pub(crate) fn display(&self) -> String {
        match self {
            Origin::Stdin | Origin::SpooledStdin(_) => "<stdin>".to_owned(),
            Origin::File(path) | Origin::Stream(path) | Origin::Compressed { file: path, .. } => {
                path.display().to_string()
            }
            Origin::Member {
                archive, member, ..
            } => format!("{}!{member}", archive.display()),
        }
    }

    /// The path that names the input, if any: the file on disk, or for a compressed file or a
    /// zip member the name its notation and configuration come from (which need not exist;
    /// see [`Origin::compressed`]).
    pub(crate) fn path(&self) -> Option<&Path> {
        match self {
            Origin::Stdin | Origin::SpooledStdin(_) => None,
            Origin::File(path) | Origin::Stream(path) => Some(path),
            Origin::Compressed { name, .. } | Origin::Member { name, .. } => Some(name),
        }
    }

    /// For a compressed file or a zip member: the file on disk and how it is compressed. Such
    /// an input is read, never rewritten.
    pub(crate) fn compressed(&self) -> Option<(&Path, Format)> {
        match self {
            Origin::Compressed { file, format, .. } => Some((file, *format)),
            Origin::Member { archive, .. } => Some((archive, Format::Zip)),
            _ => None,
        }
    }

    /// Where the bytes can be read again: the file, or the copy of standard input.
    pub(crate) fn stored_path(&self) -> Option<&Path> {
        match self {
            Origin::Stdin | Origin::Stream(_) => None,
            Origin::Compressed { .. } | Origin::Member { .. } => None,
            Origin::File(path) | Origin::SpooledStdin(path) => Some(path),
        }
    }

    /// Opens the input for reading. A [`Origin::File`] must be a regular file (a FIFO found
    /// by chance, without a writer, would block forever), refused otherwise with a message
    /// that says what the path is instead; a [`Origin::Stream`] is opened as it is.
    pub(crate) fn open(&self) -> io::Result<Input> {
        let inner: Box<dyn Read + Send> = match self {
            Origin::Stdin => crate::compressed::sniffed(Box::new(io::stdin()))?,
            Origin::File(path) => Box::new(open_regular(path)?),
            Origin::SpooledStdin(path) => {
                crate::compressed::sniffed(Box::new(open_regular(path)?))?
            }
            Origin::Stream(path) => crate::compressed::sniffed(Box::new(File::open(path)?))?,
            Origin::Compressed {
                file,
                format: Format::Zip,
                ..
            } => {
                // Listed by `of_file` when it could be: say why it cannot be.
                open_regular(file)?;
                crate::compressed::members(file)?;
                return Err(io::Error::other(
                    "a zip archive is read member by member: name the archive, not a member",
                ));
            }
            Origin::Compressed { file, format, .. } => {
                let raw = BufReader::with_capacity(1 << 16, open_regular(file)?);
                crate::compressed::decoder(*format, raw)?
            }
            Origin::Member { archive, index, .. } => {
                open_regular(archive)?;
                crate::compressed::open_member(archive, *index)?
            }
        };
        Ok(BufReader::with_capacity(1 << 16, inner))
    }

    /// Reads the whole input, at most `limit` bytes.
    pub(crate) fn read_limited(&self, limit: u64) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.open()?.take(limit + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > limit {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("input is larger than the limit of {limit} bytes"),
            ));
        }
        Ok(bytes)
    }
}

/// For work that reads its inputs twice (the duplicate search, `fmt --diff`): copies standard input, if it is
/// among `inputs`, to a new temporary file (in `TMPDIR`) and names that copy in its place
/// ([`Origin::SpooledStdin`]). The copy is removed when the returned handle is dropped, so keep
/// it to the end of the run. The error is a whole sentence for the user.
pub(crate) fn spool_stdin(
    inputs: &mut [Origin],
) -> Result<Option<tempfile::NamedTempFile>, String> {
    if !inputs.contains(&Origin::Stdin) {
        return Ok(None);
    }
    let copy = || -> io::Result<tempfile::NamedTempFile> {
        let mut spooled = tempfile::Builder::new()
            .prefix("fenkit-stdin-")
            .tempfile()?;
        io::copy(&mut io::stdin().lock(), spooled.as_file_mut())?;
        io::Write::flush(spooled.as_file_mut())?;
        Ok(spooled)
    };
    let spooled = copy().map_err(|error| {
        format!(
            "standard input must be read twice here, so it is copied to a temporary file \
             first, and that failed: {}",
            describe(&error)
        )
    })?;
    for origin in inputs.iter_mut() {
        if *origin == Origin::Stdin {
            *origin = Origin::SpooledStdin(spooled.path().to_owned());
        }
    }
    Ok(Some(spooled))
}

/// Opens `path` if it is a regular file (symbolic links followed).
pub(crate) fn open_regular(path: &Path) -> io::Result<File> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            not_regular(&metadata),
        ));
    }
    let file = File::open(path)?;
    Ok(file)
}

/// An input that cannot be read, or that a walk passes over for a reason: which one, and why.
/// Every command reports it with the same words (`cannot read `NAME`: WHY`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct InputError {
    /// The input as named to the user (`<stdin>` for standard input).
    pub(crate) name: String,
    /// Why.
    pub(crate) kind: InputErrorKind,
}

/// Why an input cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum InputErrorKind {
    /// Opening or reading it failed: the I/O error's kind, and the error as a phrase.
    Io(io::ErrorKind, String),
    /// It is not a regular file: what it is instead, as a phrase.
    NotRegular(String),
    /// A symbolic link under it leads back to this ancestor.
    LinkLoop(PathBuf),
    /// It lies deeper than a walk goes.
    TooDeep,
    /// The walk could not go on there, for this reason.
    Walk(String),
}

impl InputError {
    /// `name` could not be opened or read.
    pub(crate) fn io(name: impl Into<String>, error: &io::Error) -> InputError {
        InputError {
            name: name.into(),
            kind: InputErrorKind::Io(error.kind(), describe(error)),
        }
    }

    /// `name` is not a regular file.
    pub(crate) fn not_regular(name: impl Into<String>, metadata: &std::fs::Metadata) -> InputError {
        InputError {
            name: name.into(),
            kind: InputErrorKind::NotRegular(not_regular(metadata)),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.name;
        match &self.kind {
            InputErrorKind::Io(_, why) | InputErrorKind::NotRegular(why) => {
                write!(f, "cannot read `{name}`: {why}")
            }
            InputErrorKind::LinkLoop(ancestor) => write!(
                f,
                "skipping `{name}`: a symbolic link loop leads back to `{}`",
                ancestor.display()
            ),
            InputErrorKind::TooDeep => write!(
                f,
                "skipping `{name}`: it is more than {} directories deep",
                MAX_DEPTH
            ),
            InputErrorKind::Walk(why) => write!(f, "`{name}`: {why}"),
        }
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
    // A sentence's capital goes, an acronym's stays (`IO error`, not `iO error`).
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if !chars.clone().next().is_some_and(char::is_uppercase) => {
            first.to_lowercase().chain(chars).collect()
        }
        _ => text,
    }
}

/// How many directory levels below a named directory a walk enters.
pub(crate) const MAX_DEPTH: usize = 64;

/// Names what a non-regular path is.
pub(crate) fn not_regular(metadata: &std::fs::Metadata) -> String {
    let what = file_kind(&metadata.file_type());
    if metadata.is_dir() {
        "it is a directory".to_owned()
    } else {
        format!("it is not a regular file (it is a {what}); pipe it into `-` instead")
    }
}

fn file_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "FIFO";
        }
        if kind.is_socket() {
            return "socket";
        }
        if kind.is_char_device() {
            return "character device";
        }
        if kind.is_block_device() {
            return "block device";
        }
    }
    if kind.is_dir() {
        "directory"
    } else if kind.is_symlink() {
        "symbolic link"
    } else {
        "special file"
    }
}
