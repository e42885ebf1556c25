//! Replacing a file atomically: a temp file in the same directory, fsync, rename.
//!
//! The original is never opened for writing. Until the rename, it is untouched; after it, the
//! new content is complete and on disk. A failure anywhere before the rename (a full disk, an
//! unwritable directory, a killed process) leaves the original as it was and removes the
//! temp file (a killed process may leave a `.fenkit-*` temp file behind, never a half-written
//! original).
//!
//! A file is rewritten only when its user could write it in place ([`refusal`]): one that its
//! user may not open for writing, or whose permissions let nobody write it (mode 0444, which
//! root could write: a read-only file is read-only for fenkit whoever runs it), is refused, and
//! so is a binary file ([`binary`]), whose "positions" are bytes that happen to look like
//! text. On SIGINT or SIGTERM the temp files being written are removed before the process
//! ends as the signal would end it.
//!
//! For tests, the environment variable `FENKIT_TEST_FAIL_WRITE_AFTER=N` makes every write fail
//! with "no space left on device" once N bytes have been written to the temp file.

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// How much of a file's start [`binary`] looks at.
pub(crate) const BINARY_SAMPLE: usize = 64 * 1024;

/// Why the start of a file (up to [`BINARY_SAMPLE`] bytes) is binary, not text: a NUL byte,
/// or more than 1% of its bytes not UTF-8. `None` for text.
pub(crate) fn binary(sample: &[u8]) -> Option<String> {
    let sample = sample.get(..BINARY_SAMPLE).unwrap_or(sample);
    if let Some(at) = memchr::memchr(0, sample) {
        return Some(format!(
            "it is a binary file, not text: expected no NUL byte, found one at byte {at}"
        ));
    }
    let mut bad = 0usize;
    let mut rest = sample;
    while let Err(error) = std::str::from_utf8(rest) {
        // A character cut by the end of the sample is not counted.
        let Some(len) = error.error_len() else { break };
        bad += len;
        rest = rest.get(error.valid_up_to() + len..).unwrap_or_default();
    }
    (bad * 100 > sample.len()).then(|| {
        format!(
            "it is a binary file, not text: expected UTF-8, found {bad} of its first {} bytes \
             that are not (over 1%)",
            sample.len()
        )
    })
}

/// Why the file at `path` must not be rewritten, as an error: its user may not write it, its
/// permissions let nobody write it, or it is binary ([`binary`]). `Ok` when it may be.
pub(crate) fn refusal(path: &Path) -> io::Result<()> {
    let metadata = fs::metadata(path)?;
    if metadata.permissions().readonly() {
        return Err(io::Error::other(
            "it is read-only (no write permission for anyone): make it writable first",
        ));
    }
    // As its user: opened for writing, not truncated, nothing written.
    let file = fs::OpenOptions::new().write(true).open(path)?;
    drop(file);
    let pgn = path
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pgn"));
    refuse_binary(path, pgn)
}

/// An error when the file at `path` is binary ([`binary`]): `fmt` does not read one. A PGN
/// file (`nul_only`) is binary for a NUL byte only: its standard's character set is Latin-1.
pub(crate) fn refuse_binary(path: &Path, nul_only: bool) -> io::Result<()> {
    let mut sample = Vec::with_capacity(BINARY_SAMPLE);
    File::open(path)?
        .take(BINARY_SAMPLE as u64)
        .read_to_end(&mut sample)?;
    let why = if nul_only && memchr::memchr(0, &sample).is_none() {
        None
    } else {
        binary(&sample)
    };
    match why {
        Some(why) => Err(io::Error::new(io::ErrorKind::InvalidData, why)),
        None => Ok(()),
    }
}

/// The temp files being written now, which a SIGINT or SIGTERM removes.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temp file's place in [`PENDING`], given up when it is dropped (renamed or removed).
struct Pending(PathBuf);

impl Pending {
    /// A new temp file in `dir`, known to [`PENDING`] from its first moment: the list is
    /// locked while it is created, so a signal's cleanup waits for its name.
    fn create(dir: &Path) -> io::Result<(tempfile::NamedTempFile, Pending)> {
        watch_signals();
        let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
        let temp = tempfile::Builder::new()
            .prefix(".fenkit-")
            .suffix(".tmp")
            .tempfile_in(dir)?;
        pending.push(temp.path().to_path_buf());
        let path = temp.path().to_path_buf();
        Ok((temp, Pending(path)))
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
        pending.retain(|path| *path != self.0);
    }
}

/// From the first rewrite on: a thread that, on SIGINT or SIGTERM, removes the temp files
/// being written and then ends the process as the signal would have.
fn watch_signals() {
    #[cfg(unix)]
    {
        static WATCHING: std::sync::Once = std::sync::Once::new();
        WATCHING.call_once(|| {
            use signal_hook::consts::{SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
                return;
            };
            let _ = std::thread::Builder::new()
                .name("fenkit-signals".to_owned())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        let pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
                        for path in pending.iter() {
                            let _ = fs::remove_file(path);
                        }
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                        std::process::exit(128 + signal);
                    }
                });
        });
    }
}

/// The environment variable of the fault-injection hook.
pub(crate) const FAIL_AFTER_VAR: &str = "FENKIT_TEST_FAIL_WRITE_AFTER";

/// How files are replaced.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct AtomicWriter {
    fail_after: Option<u64>,
}

impl AtomicWriter {
    /// The writer for this process (honours [`FAIL_AFTER_VAR`]).
    pub(crate) fn from_env() -> AtomicWriter {
        let fail_after = std::env::var(FAIL_AFTER_VAR)
            .ok()
            .and_then(|v| v.parse().ok());
        AtomicWriter { fail_after }
    }

    /// A writer whose writes fail after `bytes` bytes, as if the disk were full.
    #[cfg(test)]
    pub(crate) fn failing_after(bytes: u64) -> AtomicWriter {
        AtomicWriter {
            fail_after: Some(bytes),
        }
    }

    /// Replaces the file at `path` (following symbolic links) with what `fill` writes. The
    /// file keeps its permissions (and, where allowed, its owner). Returns how many other
    /// hard links the file had: a rename gives `path` a new file, so those names keep the
    /// old content.
    pub(crate) fn replace(
        &self,
        path: &Path,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<u64> {
        let target = fs::canonicalize(path)?;
        refusal(&target)?;
        let metadata = fs::metadata(&target)?;
        #[cfg(unix)]
        let other_links = std::os::unix::fs::MetadataExt::nlink(&metadata).saturating_sub(1);
        #[cfg(not(unix))]
        let other_links = 0;
        let dir = target
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let (temp, _pending) = Pending::create(&dir)?;
        temp.as_file().set_permissions(metadata.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Best effort: only root may give a file away.
            let _ = std::os::unix::fs::fchown(
                temp.as_file(),
                Some(metadata.uid()),
                Some(metadata.gid()),
            );
        }
        {
            let file: &File = temp.as_file();
            let mut sink = Faulty {
                inner: file,
                written: 0,
                fail_after: self.fail_after,
            };
            let mut out = BufWriter::with_capacity(1 << 16, &mut sink);
            fill(&mut out)?;
            out.flush()?;
        }
        temp.as_file().sync_all()?;
        temp.persist(&target).map_err(|error| error.error)?;
        // Make the rename itself durable; not every platform lets a directory be synced.
        if let Ok(dir) = File::open(&dir) {
            let _ = dir.sync_all();
        }
        Ok(other_links)
    }
}

/// The warning for a file whose other hard links a rewrite left behind (see
/// [`AtomicWriter::replace`]), if it had any.
pub(crate) fn links_note(path: &str, other_links: u64) -> Option<String> {
    (other_links > 0).then(|| {
        format!(
            "`{path}` had {other_links} other hard {}: it was replaced by a new file, and the \
             other {} the old content",
            if other_links == 1 { "link" } else { "links" },
            if other_links == 1 {
                "name still holds"
            } else {
                "names still hold"
            },
        )
    })
}

/// A writer that fails like a full disk after a number of bytes (never, by default).
struct Faulty<W> {
    inner: W,
    written: u64,
    fail_after: Option<u64>,
}

impl<W: Write> Write for Faulty<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(limit) = self.fail_after {
            let room = limit.saturating_sub(self.written);
            if room == 0 {
                return Err(io::Error::from_raw_os_error(28)); // ENOSPC
            }
            let n = self.inner.write(&buf[..buf.len().min(room as usize)])?;
            self.written += n as u64;
            return Ok(n);
        }
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Binary: a NUL byte, or over 1% of the start not UTF-8; a character cut by the end of
    /// the sample is not a bad byte.
    #[test]
    fn binary_is_a_nul_or_over_one_percent_not_utf8() {
        let line = "8/8/8/8/8/8/8/8 w - - 0 1\n".repeat(4); // 104 bytes
        assert_eq!(binary(line.as_bytes()), None);
        assert!(binary(format!("{line}\0").as_bytes()).is_some());
        let one_bad = [line.as_bytes(), b"\xff"].concat(); // 1 of 105: under 1%
        assert_eq!(binary(&one_bad), None);
        let two_bad = [line.as_bytes(), b"\xff\xfe"].concat(); // 2 of 106: over
        assert!(binary(&two_bad).is_some());
        let cut = [line.as_bytes(), "é".as_bytes().get(..1).unwrap()].concat();
        assert_eq!(binary(&cut), None);
        // Only the first 64 KiB count.
        let late = [" ".repeat(BINARY_SAMPLE).as_bytes(), b"\0"].concat();
        assert_eq!(binary(&late), None);
    }

    #[test]
    fn replaces_content_and_keeps_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.dfen");
        fs::write(&path, b"old\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        }
        AtomicWriter::default()
            .replace(&path, |out| out.write_all(b"new\n"))
            .unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(
                fs::metadata(&path).unwrap().permissions().mode() & 0o777,
                0o640
            );
        }
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "temp file left behind"
        );
    }

    /// A rename gives the path a new file: other hard links keep the old content, and
    /// `replace` says how many there were.
    #[cfg(unix)]
    #[test]
    fn hard_links_left_behind_are_counted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.dfen");
        fs::write(&path, b"old\n").unwrap();
        let writer = AtomicWriter::default();
        assert_eq!(
            writer.replace(&path, |out| out.write_all(b"1\n")).unwrap(),
            0
        );
        fs::hard_link(&path, dir.path().join("b.dfen")).unwrap();
        fs::hard_link(&path, dir.path().join("c.dfen")).unwrap();
        assert_eq!(
            writer.replace(&path, |out| out.write_all(b"2\n")).unwrap(),
            2
        );
        assert_eq!(fs::read(dir.path().join("b.dfen")).unwrap(), b"1\n");
        assert_eq!(
            links_note("a.dfen", 2).unwrap(),
            "`a.dfen` had 2 other hard links: it was replaced by a new file, and the other \
             names still hold the old content"
        );
        assert_eq!(links_note("a.dfen", 0), None);
    }

    #[test]
    fn a_full_disk_midway_leaves_the_original_intact() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.dfen");
        let original = b"line one\nline two\n".repeat(10_000);
        fs::write(&path, &original).unwrap();
        let error = AtomicWriter::failing_after(50_000)
            .replace(&path, |out| {
                for _ in 0..20_000 {
                    out.write_all(b"LINE ONE\n")?;
                }
                Ok(())
            })
            .unwrap_err();
        assert_eq!(error.raw_os_error(), Some(28));
        assert_eq!(fs::read(&path).unwrap(), original);
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "temp file left behind"
        );
    }

    #[test]
    fn writes_through_a_symlink_to_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.dfen");
        let link = dir.path().join("link.dfen");
        fs::write(&target, b"old").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&target, &link).unwrap();
            AtomicWriter::default()
                .replace(&link, |out| out.write_all(b"new"))
                .unwrap();
            assert!(
                fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(fs::read(&target).unwrap(), b"new");
        }
    }
}
