//! Compressed inputs: gzip, zstd, bzip2 and zip, decompressed as they are read.
//!
//! A file is compressed when its name says so: `.gz`, `.zst`, `.bz2` or `.zip` last. Its
//! notation then comes from the name without that suffix (`games.pgn.zst` is PGN,
//! `books.epd.zip` EPD). Standard input is recognised by its first bytes, the formats' magic
//! numbers; a zip archive is read from a file only, since its list of members sits at its end.
//! Every member of a zip archive is an input of its own, named `archive!member`.
//!
//! Everything streams: a decoder keeps its window and buffers, never the whole text, so memory
//! stays flat however large the file. Lines and columns are counted in the decompressed text,
//! as the reader above sees it. Compressed data that cannot be decoded (corrupt, cut short, a
//! zip member whose checksum does not match) is an I/O error whose text names the code
//! `FENKIT070` and the line of the text where the data broke. The decoders, why these, and
//! their throughput: `docs/performance.md`.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The code of compressed data that cannot be read (see [`notation::code::FenkitCode::Compressed`]).
const CODE: &str = "FENKIT070";

/// A compression format fenkit decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Format {
    /// gzip (RFC 1952), one member or several concatenated.
    Gzip,
    /// Zstandard, one frame or several.
    Zstd,
    /// bzip2, one stream or several.
    Bzip2,
    /// A zip archive, read member by member.
    Zip,
}

/// Each format with its file-name suffix and its name in messages.
const FORMATS: [(Format, &str, &str); 4] = [
    (Format::Gzip, "gz", "gzip"),
    (Format::Zstd, "zst", "zstd"),
    (Format::Bzip2, "bz2", "bzip2"),
    (Format::Zip, "zip", "zip"),
];

impl Format {
    /// The format a file name ends in (`.gz`, `.zst`, `.bz2`, `.zip`, in any case).
    pub(crate) fn of_name(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?;
        FORMATS
            .iter()
            .find(|(_, suffix, _)| extension.eq_ignore_ascii_case(suffix))
            .map(|(format, _, _)| *format)
    }

    /// The format whose magic number `head` starts with.
    pub(crate) fn sniff(head: &[u8]) -> Option<Format> {
        match head {
            [0x1f, 0x8b, ..] => Some(Format::Gzip),
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Format::Zstd),
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Format::Bzip2),
            [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => Some(Format::Zip),
            _ => None,
        }
    }

    /// The format's name in messages.
    pub(crate) fn name(self) -> &'static str {
        FORMATS
            .iter()
            .find(|(format, _, _)| *format == self)
            .map_or("", |(_, _, name)| name)
    }
}

/// The name whose extension gives a compressed file's notation: the name without its
/// compression suffix (`x.pgn.zst` → `x.pgn`). `None` when the name has no such suffix.
pub(crate) fn inner_name(path: &Path) -> Option<PathBuf> {
    Format::of_name(path)?;
    Some(path.with_extension(""))
}

/// The path that names a zip member for its notation and its configuration: the member's
/// file name in the archive's directory (`dir/books.zip` member `a/b.epd` → `dir/b.epd`).
pub(crate) fn member_name(archive: &Path, member: &str) -> PathBuf {
    let file = Path::new(member)
        .file_name()
        .map_or_else(|| PathBuf::from(member), PathBuf::from);
    archive
        .parent()
        .map_or_else(|| file.clone(), |dir| dir.join(&file))
}

/// An I/O error of compressed data: `what`, with the code.
fn broken(what: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("{what} [{CODE}]"))
}

/// Decodes `inner`, compressed in `format`, as it is read. Zip is refused here: an archive is
/// read member by member ([`members`], [`open_member`]).
pub(crate) fn decoder(
    format: Format,
    inner: impl BufRead + Send + 'static,
) -> io::Result<Box<dyn Read + Send>> {
    let decoded: Box<dyn Read + Send> = match format {
        Format::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(inner)),
        Format::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(inner)?),
        Format::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(inner)),
        Format::Zip => {
            return Err(broken(
                "a zip archive is read from a file, member by member, not from a stream: \
                 expected a file name, or gzip, zstd or bzip2 data on standard input",
            ));
        }
    };
    Ok(Box::new(Located::new(decoded, format.name())))
}

/// Reads standard input (or any stream), decompressing it when its first bytes are those of
/// gzip, zstd or bzip2 data; zip data is refused ([`decoder`]).
pub(crate) fn sniffed(mut inner: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    // Read no more than it takes to tell: a line shorter than a magic number that arrives on
    // its own (a co-process writing one position at a time) must not wait for the next.
    let mut head = Vec::with_capacity(4);
    let mut chunk = [0; 4];
    while head.len() < 4 && may_be_magic(&head) {
        let wanted = chunk.get_mut(..4 - head.len()).unwrap_or_default();
        match inner.read(wanted) {
            Ok(0) => break,
            Ok(read) => head.extend_from_slice(wanted.get(..read).unwrap_or_default()),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    let format = Format::sniff(&head);
    let whole = io::Cursor::new(head).chain(inner);
    match format {
        None => Ok(Box::new(whole)),
        Some(format) => decoder(format, BufReader::with_capacity(1 << 16, whole)),
    }
}

/// Whether `head` is the start of a magic number (the empty start included).
fn may_be_magic(head: &[u8]) -> bool {
    const MAGIC: [&[u8]; 4] = [b"\x1f\x8b", b"\x28\xb5\x2f\xfd", b"BZh", b"PK\x03\x04"];
    MAGIC
        .iter()
        .any(|magic| magic.starts_with(head) || head.starts_with(magic))
}

/// A decoder's output, with the lines it has given counted, so that an error of the data says
/// in which line of the text it broke off.
struct Located<R> {
    inner: R,
    format: &'static str,
    /// Line feeds read so far.
    lines: u64,
}

impl<R> Located<R> {
    fn new(inner: R, format: &'static str) -> Self {
        Located {
            inner,
            format,
            lines: 0,
        }
    }

    fn error(&self, error: &io::Error) -> io::Error {
        let why = match error.kind() {
            io::ErrorKind::UnexpectedEof => "the data is cut short".to_owned(),
            _ => error.to_string(),
        };
        broken(format_args!(
            "the {} data is corrupt in line {} of the text ({why}); \
             help: check the file with `{}` or fetch it again",
            self.format,
            self.lines + 1,
            match self.format {
                "gzip" => "gzip -t",
                "zstd" => "zstd -t",
                "bzip2" => "bzip2 -t",
                _ => "unzip -t",
            }
        ))
    }
}

impl<R: Read> Read for Located<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(out) {
            Ok(read) => {
                let taken = out.get(..read).unwrap_or_default();
                self.lines += memchr::memchr_iter(b'\n', taken).count() as u64;
                Ok(read)
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => Err(error),
            Err(error) => Err(self.error(&error)),
        }
    }
}

/// The zip archive at `path`, its central directory read.
fn archive(path: &Path) -> io::Result<zip::ZipArchive<BufReader<File>>> {
    let file = BufReader::with_capacity(1 << 16, File::open(path)?);
    zip::ZipArchive::new(file).map_err(|error| zip_error(&error))
}

fn zip_error(error: &zip::result::ZipError) -> io::Error {
    match error {
        zip::result::ZipError::Io(io) => io::Error::new(io.kind(), io.to_string()),
        other => broken(format_args!(
            "not a readable zip archive ({other}); help: check it with `unzip -t` or fetch it \
             again"
        )),
    }
}

/// The members of the zip archive at `path` that hold data (not directories), in the order
/// of its central directory: their index and name.
pub(crate) fn members(path: &Path) -> io::Result<Vec<(usize, String)>> {
    let zip = archive(path)?;
    let mut found = Vec::new();
    for (index, name) in zip.file_names().enumerate() {
        let name = name.map_err(|error| zip_error(&error))?;
        if !name.ends_with('/') {
            found.push((index, name.into_owned()));
        }
    }
    Ok(found)
}

/// Opens member `index` of the zip archive at `path` for reading, decoded as it is read and
/// its checksum compared at its end. Stored, deflate, bzip2 and zstd members are read.
pub(crate) fn open_member(path: &Path, index: usize) -> io::Result<Box<dyn Read + Send>> {
    use zip::CompressionMethod;
    let mut zip = archive(path)?;
    let (method, start, size, crc, encrypted) = {
        let entry = zip.by_index_raw(index).map_err(|error| zip_error(&error))?;
        (
            entry.compression(),
            entry.data_start(),
            entry.compressed_size(),
            entry.crc32(),
            entry.encrypted(),
        )
    };
    if encrypted {
        return Err(broken(
            "the zip member is encrypted: expected an unencrypted member",
        ));
    }
    let start = start.ok_or_else(|| broken("the zip member's data cannot be found"))?;
    let mut file = zip.into_inner();
    file.seek(SeekFrom::Start(start))?;
    let raw = file.take(size);
    let (decoded, format): (Box<dyn Read + Send>, _) = if method == CompressionMethod::STORE {
        (Box::new(raw), "zip")
    } else if method == CompressionMethod::DEFLATE {
        (Box::new(flate2::bufread::DeflateDecoder::new(raw)), "zip")
    } else if method == CompressionMethod::BZIP2 {
        (Box::new(bzip2::bufread::BzDecoder::new(raw)), "zip")
    } else if method == CompressionMethod::ZSTD {
        (
            Box::new(zstd::stream::read::Decoder::with_buffer(raw)?),
            "zip",
        )
    } else {
        return Err(broken(format_args!(
            "the zip member is compressed with {method}, which fenkit does not read: expected \
             stored, deflate, bzip2 or zstd"
        )));
    };
    Ok(Box::new(Checksummed {
        inner: Located::new(decoded, format),
        hasher: crc32fast::Hasher::new(),
        expected: crc,
    }))
}

/// A zip member's decoded data, its CRC-32 compared with the archive's at the end.
struct Checksummed<R> {
    inner: R,
    hasher: crc32fast::Hasher,
    expected: u32,
}

impl<R: Read> Read for Checksummed<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(out)?;
        let taken = out.get(..read).unwrap_or_default();
        self.hasher.update(taken);
        if read == 0 && !out.is_empty() {
            let found = self.hasher.clone().finalize();
            if found != self.expected {
                return Err(broken(format_args!(
                    "the zip member's data is corrupt: its CRC-32 is {found:08x}, the archive \
                     says {:08x}; help: check the file with `unzip -t` or fetch it again",
                    self.expected
                )));
            }
        }
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_magic_numbers() {
        assert_eq!(Format::of_name(Path::new("a.pgn.ZST")), Some(Format::Zstd));
        assert_eq!(Format::of_name(Path::new("a.pgn")), None);
        assert_eq!(
            inner_name(Path::new("d/books.epd.zip")),
            Some(PathBuf::from("d/books.epd"))
        );
        assert_eq!(Format::sniff(b"\x1f\x8b\x08"), Some(Format::Gzip));
        assert_eq!(Format::sniff(b"BZh9"), Some(Format::Bzip2));
        assert_eq!(Format::sniff(b"BZh"), None);
        assert_eq!(Format::sniff(b"rnbq"), None);
        assert_eq!(
            member_name(Path::new("d/x.zip"), "a/b.epd"),
            PathBuf::from("d/b.epd")
        );
    }

    #[test]
    fn a_stream_without_magic_is_read_as_it_is() {
        let mut out = String::new();
        sniffed(Box::new(io::Cursor::new(b"8/8/8".to_vec())))
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, "8/8/8");
        let mut out = String::new();
        sniffed(Box::new(io::Cursor::new(b"8".to_vec())))
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, "8");
    }
}
