//! The RGMH container and the zlib archive inside it.
//!
//! ```text
//! file     := header(8232) thumbnail(header.thumbnail_size) archive
//! header   := "RGMH" version:u32 size:u32 thumbnail_offset:i64
//!             thumbnail_size:u32 guid:16 name:wchar[1024] save_name:wchar[1024]
//!             level_name:wchar[1024] comments:wchar[1024]
//! archive  := stream* registry trailer(36)
//! registry := zlib(entry(532) * trailer.count)       (or stored, uncompressed)
//! entry    := name:shortstring path:shortstring original_size:i32
//!             compressed_size:i32 start:i32 crc:i32 status:u8 level:u8 pad:2
//! trailer  := crc:i32 count:i32 version:i32 registry_size:i32
//!             archive_size:i32 compressed_registry:u8 reserved:15
//! ```
//!
//! All numbers are little-endian. The trailer's CRC-32 covers the archive up
//! to the trailer; each entry's CRC-32 covers its stream once decompressed.
//! A stream is zlib data (status 0) or stored as is (status 1), at `start`
//! from the archive's first byte. eXtreme Gammon writes `temp.xg` (the game
//! records), `temp.xgi` (a copy of the first and last record), and when it
//! has them `temp.xgr` (rollouts) and `temp.xgc` (comments, RTF).
//!
//! Everything is bounds-checked and a stream is decompressed into a buffer
//! of the size its entry declares, never more than [`MAX_STREAM`] bytes: a
//! zip bomb stops at the bound.

use flate2::{Crc, Decompress, FlushDecompress, Status};
use nom::bytes::complete::take;
use nom::number::complete::{le_i32, le_i64, le_u8, le_u16, le_u32};
use nom::{IResult, Parser};

use std::sync::{Condvar, Mutex, PoisonError};

use super::XgError;

/// The magic number that starts every eXtreme Gammon file.
pub const MAGIC: &[u8; 4] = b"RGMH";
/// Size of the RGMH header.
pub const HEADER_SIZE: usize = 8232;
/// Size of the archive trailer.
const TRAILER_SIZE: usize = 36;
/// Size of one registry entry.
const ENTRY_SIZE: usize = 532;
/// The most streams an archive may list (eXtreme Gammon writes four at most).
const MAX_ENTRIES: usize = 16;
/// The largest stream decompressed: 26,214 game records, far beyond any
/// match (a long money session stays under 10 MiB).
pub const MAX_STREAM: usize = 64 << 20;
/// Characters in each wide-string field of the header.
const WIDE_FIELD: usize = 1024;

/// The RGMH header, as far as a reader needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Header version (1).
    pub version: u32,
    /// Size of the JPEG thumbnail that follows the header.
    pub thumbnail_size: usize,
    /// The game name field (eXtreme Gammon: where the match was played).
    pub game_name: String,
    /// The save name field (players, match length and score; for a
    /// position file, `Position: ...`).
    pub save_name: String,
    /// The level name field (event and round).
    pub level_name: String,
}

/// One stream listed in the archive's registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// File name (`temp.xg`, ...).
    pub name: String,
    /// Size once decompressed.
    pub original_size: usize,
    /// Size in the archive.
    pub compressed_size: usize,
    /// Offset from the start of the archive.
    pub start: usize,
    /// CRC-32 of the decompressed stream.
    pub crc: u32,
    /// Stored without compression.
    pub stored: bool,
}

/// An opened container: its header and the archive's registry; streams are
/// decompressed on demand.
#[derive(Clone, Debug)]
pub struct Container<'b> {
    /// The RGMH header.
    pub header: Header,
    /// The streams the archive holds, in registry order.
    pub entries: Vec<Entry>,
    archive: &'b [u8],
}

/// The archive trailer.
#[derive(Copy, Clone, Debug)]
struct Trailer {
    crc: u32,
    count: i32,
    registry_size: i32,
    archive_size: i32,
    compressed_registry: u8,
}

/// Little-endian UTF-16 up to the first NUL (or the whole field), with
/// unpaired surrogates replaced.
pub fn wide_string(bytes: &[u8]) -> String {
    let units = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .take_while(|&unit| unit != 0);
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

fn header(input: &[u8]) -> IResult<&[u8], Header> {
    let (input, (_magic, version, _size, _offset, thumbnail_size, _guid)) =
        (take(4usize), le_u32, le_u32, le_i64, le_u32, take(16usize)).parse(input)?;
    let wide = || take(WIDE_FIELD * 2);
    let (input, (game_name, save_name, level_name, _comments)) =
        (wide(), wide(), wide(), wide()).parse(input)?;
    Ok((
        input,
        Header {
            version,
            thumbnail_size: usize::try_from(thumbnail_size).unwrap_or(usize::MAX),
            game_name: wide_string(game_name),
            save_name: wide_string(save_name),
            level_name: wide_string(level_name),
        },
    ))
}

fn trailer(input: &[u8]) -> IResult<&[u8], Trailer> {
    let (input, (crc, count, _version, registry_size, archive_size, compressed_registry, _)) =
        (le_u32, le_i32, le_i32, le_i32, le_i32, le_u8, take(15usize)).parse(input)?;
    Ok((
        input,
        Trailer {
            crc,
            count,
            registry_size,
            archive_size,
            compressed_registry,
        },
    ))
}

/// A Pascal `shortstring`: a length byte and 255 bytes of (ANSI) text.
fn short_string(input: &[u8]) -> IResult<&[u8], String> {
    let (input, (length, body)) = (le_u8, take(255usize)).parse(input)?;
    let text = body.get(..usize::from(length)).unwrap_or(body);
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(text);
    Ok((input, text.into_owned()))
}

fn entry(input: &[u8]) -> IResult<&[u8], (String, [i32; 3], u32, u8)> {
    let (input, (name, _path, original, compressed, start, crc, status, _level, _pad)) = (
        short_string,
        take(256usize),
        le_i32,
        le_i32,
        le_i32,
        le_u32,
        le_u8,
        le_u8,
        le_u16,
    )
        .parse(input)?;
    Ok((input, (name, [original, compressed, start], crc, status)))
}

/// CRC-32 (the zlib polynomial) of `bytes`.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = Crc::new();
    crc.update(bytes);
    crc.sum()
}

impl<'b> Container<'b> {
    /// Reads the header, checks the archive's checksum and reads its
    /// registry. `bytes` must start with [`MAGIC`].
    ///
    /// # Errors
    /// [`XgError`] for a truncated file, a wrong checksum, a registry that
    /// does not describe the archive, or bytes that are no container.
    pub fn open(bytes: &'b [u8]) -> Result<Container<'b>, XgError> {
        if !bytes.starts_with(MAGIC) {
            return Err(XgError::Foreign(
                "it does not start with the magic number `RGMH`".into(),
            ));
        }
        let Ok((_, header)) = header(bytes) else {
            return Err(XgError::Truncated(format!(
                "{} bytes, shorter than the {HEADER_SIZE}-byte header",
                bytes.len()
            )));
        };
        let archive = HEADER_SIZE
            .checked_add(header.thumbnail_size)
            .and_then(|start| bytes.get(start..))
            .ok_or_else(|| {
                XgError::Truncated(format!(
                    "the header announces a {}-byte thumbnail but the file ends {} bytes after the header",
                    header.thumbnail_size,
                    bytes.len().saturating_sub(HEADER_SIZE)
                ))
            })?;
        let Some(body_len) = archive.len().checked_sub(TRAILER_SIZE) else {
            return Err(XgError::Truncated(format!(
                "the archive after the thumbnail has {} bytes, fewer than its {TRAILER_SIZE}-byte trailer",
                archive.len()
            )));
        };
        let (body, tail) = archive.split_at(body_len);
        let Ok((_, trailer)) = trailer(tail) else {
            return Err(XgError::Truncated("the archive trailer is cut".into()));
        };
        let computed = crc32(body);
        if computed != trailer.crc {
            return Err(XgError::Checksum(format!(
                "the archive's CRC-32 is {computed:08x}, its trailer says {:08x} (damaged, truncated, or not written by eXtreme Gammon)",
                trailer.crc
            )));
        }
        let count = usize::try_from(trailer.count)
            .ok()
            .filter(|&n| (1..=MAX_ENTRIES).contains(&n))
            .ok_or_else(|| {
                XgError::Foreign(format!(
                    "its archive lists {} streams (1 to {MAX_ENTRIES} expected)",
                    trailer.count
                ))
            })?;
        let archive_size = usize::try_from(trailer.archive_size).ok();
        let registry_size = usize::try_from(trailer.registry_size).ok();
        let registry_bytes = match (archive_size, registry_size) {
            (Some(a), Some(r)) if a.checked_add(r) == Some(body.len()) => &body[a..],
            _ => {
                return Err(XgError::Foreign(format!(
                    "its archive trailer gives {} bytes of streams and {} of registry for {} bytes",
                    trailer.archive_size,
                    trailer.registry_size,
                    body.len()
                )));
            }
        };
        let size = count * ENTRY_SIZE;
        let registry = if trailer.compressed_registry == 0 {
            registry_bytes
                .get(..size)
                .map(<[u8]>::to_vec)
                .ok_or_else(|| XgError::Truncated("the archive registry is cut".into()))?
        } else {
            inflate(registry_bytes, size, "the archive registry")?
        };
        let streams = archive_size.unwrap_or_default();
        let mut entries = Vec::with_capacity(count);
        for raw in registry.chunks_exact(ENTRY_SIZE) {
            let Ok((_, (name, [original, compressed, start], crc, status))) = entry(raw) else {
                return Err(XgError::Truncated("a registry entry is cut".into()));
            };
            let size = |n: i32| usize::try_from(n).ok();
            let (Some(original_size), Some(compressed_size), Some(start)) =
                (size(original), size(compressed), size(start))
            else {
                return Err(XgError::Foreign(format!(
                    "its registry gives `{name}` a negative size or offset"
                )));
            };
            if start
                .checked_add(compressed_size)
                .is_none_or(|end| end > streams)
            {
                return Err(XgError::Truncated(format!(
                    "the stream `{name}` ({compressed_size} bytes at {start}) runs past the {streams} bytes of streams"
                )));
            }
            if status > 1 {
                return Err(XgError::Foreign(format!(
                    "its registry gives `{name}` the unknown status {status}"
                )));
            }
            entries.push(Entry {
                name,
                original_size,
                compressed_size,
                start,
                crc,
                stored: status == 1,
            });
        }
        Ok(Container {
            header,
            entries,
            archive: body,
        })
    }

    /// The entry named `name` (case-insensitive), if the archive has it.
    #[must_use]
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
    }

    /// The size the streams named `names` declare, within [`MAX_STREAM`]
    /// each: what decompressing them takes of the budget
    /// ([`StreamPermit`]).
    #[must_use]
    pub fn declared(&self, names: &[&str]) -> usize {
        names
            .iter()
            .filter_map(|name| self.entry(name))
            .map(|entry| entry.original_size.min(MAX_STREAM.saturating_add(1)))
            .sum()
    }

    /// The stream named `name`, decompressed and checked against its CRC;
    /// `Ok(None)` when the archive has no such stream.
    ///
    /// # Errors
    /// [`XgError`] when the stream is larger than [`MAX_STREAM`], does not
    /// decompress to its declared size, or fails its checksum.
    pub fn stream(&self, name: &str) -> Result<Option<Vec<u8>>, XgError> {
        let Some(entry) = self.entry(name) else {
            return Ok(None);
        };
        if entry.original_size > MAX_STREAM {
            return Err(XgError::TooLarge {
                stream: entry.name.clone(),
                size: entry.original_size,
            });
        }
        // `open` checked the range.
        let data = self
            .archive
            .get(entry.start..entry.start + entry.compressed_size)
            .unwrap_or_default();
        let what = format!("the stream `{}`", entry.name);
        let bytes = if entry.stored {
            if data.len() != entry.original_size {
                return Err(XgError::Foreign(format!(
                    "{what} is stored with {} bytes but declared as {}",
                    data.len(),
                    entry.original_size
                )));
            }
            data.to_vec()
        } else {
            inflate(data, entry.original_size, &what)?
        };
        let computed = crc32(&bytes);
        if computed != entry.crc {
            return Err(XgError::Checksum(format!(
                "{what} has CRC-32 {computed:08x}, its registry entry says {:08x}",
                entry.crc
            )));
        }
        Ok(Some(bytes))
    }
}

/// The most decompressed stream bytes held at once by all the files being
/// read, whatever the number of threads: three streams of the largest size
/// allowed ([`MAX_STREAM`]).
pub const STREAMS_IN_FLIGHT_MAX: usize = 3 * MAX_STREAM;

/// The stream bytes held now, under [`STREAMS_IN_FLIGHT_MAX`].
static IN_FLIGHT: Mutex<usize> = Mutex::new(0);
static RELEASED: Condvar = Condvar::new();

/// A share of the budget of decompressed streams ([`STREAMS_IN_FLIGHT_MAX`]),
/// given back when dropped.
#[derive(Debug)]
pub struct StreamPermit(usize);

impl StreamPermit {
    /// Takes `bytes` of the budget, waiting while the streams of other
    /// files hold too much of it. A request larger than the whole budget
    /// waits until nothing else is held, so that every file is read in the
    /// end.
    #[must_use]
    pub fn acquire(bytes: usize) -> StreamPermit {
        let mut held = IN_FLIGHT.lock().unwrap_or_else(PoisonError::into_inner);
        while *held > 0 && held.saturating_add(bytes) > STREAMS_IN_FLIGHT_MAX {
            held = RELEASED.wait(held).unwrap_or_else(PoisonError::into_inner);
        }
        *held = held.saturating_add(bytes);
        StreamPermit(bytes)
    }

    /// The stream bytes held now by all the files being read.
    #[must_use]
    pub fn in_flight() -> usize {
        *IN_FLIGHT.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut held = IN_FLIGHT.lock().unwrap_or_else(PoisonError::into_inner);
        *held = held.saturating_sub(self.0);
        RELEASED.notify_all();
    }
}

/// Decompresses zlib `data` that must give exactly `size` bytes: the output
/// buffer holds one byte more, so that a longer stream is caught without
/// decompressing the rest of it. (A zeroed allocation of this size comes
/// from fresh pages: no second pass over it.)
fn inflate(data: &[u8], size: usize, what: &str) -> Result<Vec<u8>, XgError> {
    let mut out = vec![0u8; size.saturating_add(1)];
    let mut inflater = Decompress::new(true);
    let mut written = 0;
    loop {
        let consumed = usize::try_from(inflater.total_in()).unwrap_or(usize::MAX);
        let input = data.get(consumed..).unwrap_or_default();
        let space = out.get_mut(written..).unwrap_or_default();
        let status = inflater
            .decompress(input, space, FlushDecompress::Finish)
            .map_err(|e| XgError::Corrupt(format!("{what} is not valid zlib data ({e})")))?;
        let before = written;
        written = usize::try_from(inflater.total_out()).unwrap_or(usize::MAX);
        if written > size {
            return Err(XgError::Foreign(format!(
                "{what} decompresses to more than the {size} bytes its registry entry declares"
            )));
        }
        match status {
            Status::StreamEnd => break,
            Status::Ok | Status::BufError => {
                let progressed = written > before
                    || usize::try_from(inflater.total_in()).unwrap_or(usize::MAX) > consumed;
                if !progressed {
                    return Err(XgError::Truncated(format!(
                        "{what} ends after {written} of its {size} bytes"
                    )));
                }
            }
        }
    }
    if written != size {
        return Err(XgError::Foreign(format!(
            "{what} decompresses to {written} bytes, its registry entry declares {size}"
        )));
    }
    out.truncate(size);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_in_flight_wait_for_the_budget() {
        let first = StreamPermit::acquire(2 * MAX_STREAM);
        assert!(StreamPermit::in_flight() >= 2 * MAX_STREAM);
        let (tx, rx) = std::sync::mpsc::channel();
        let waiting = std::thread::spawn(move || {
            let second = StreamPermit::acquire(2 * MAX_STREAM);
            tx.send(()).unwrap();
            drop(second);
        });
        // The second waits while the first holds two thirds of the budget.
        assert!(
            rx.recv_timeout(std::time::Duration::from_millis(200))
                .is_err()
        );
        drop(first);
        rx.recv_timeout(std::time::Duration::from_secs(30))
            .expect("taken once the first is given back");
        waiting.join().unwrap();
        // A request over the whole budget is served when nothing is held.
        drop(StreamPermit::acquire(STREAMS_IN_FLIGHT_MAX + 1));
    }

    #[test]
    fn wide_strings_stop_at_nul_and_survive_bad_surrogates() {
        let mut field = Vec::new();
        for unit in "Kévin".encode_utf16().chain([0, 0x41]) {
            field.extend_from_slice(&unit.to_le_bytes());
        }
        assert_eq!(wide_string(&field), "Kévin");
        assert_eq!(wide_string(&[0x00, 0xD8, 0x41, 0x00]), "\u{FFFD}A");
        assert_eq!(wide_string(&[0x41]), "");
    }

    #[test]
    fn inflate_refuses_more_or_less_than_declared() {
        use std::io::Write;
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(&[0u8; 100_000]).unwrap();
        let data = encoder.finish().unwrap();
        assert_eq!(inflate(&data, 100_000, "x").unwrap().len(), 100_000);
        let more = inflate(&data, 1000, "x").unwrap_err().to_string();
        assert!(more.contains("more than the 1000 bytes"), "{more}");
        let less = inflate(&data, 200_000, "x").unwrap_err().to_string();
        assert!(less.contains("100000 bytes"), "{less}");
        let cut = inflate(&data[..data.len() / 2], 100_000, "x").unwrap_err();
        assert!(matches!(cut, XgError::Truncated(_)), "{cut}");
        assert!(matches!(
            inflate(b"not zlib", 10, "x"),
            Err(XgError::Corrupt(_))
        ));
    }

    #[test]
    fn short_input_is_truncated_not_a_panic() {
        for len in [0, 3, 4, 100, HEADER_SIZE - 1, HEADER_SIZE, HEADER_SIZE + 35] {
            let mut bytes = vec![0u8; len];
            if len >= 4 {
                bytes[..4].copy_from_slice(MAGIC);
            }
            assert!(Container::open(&bytes).is_err(), "{len}");
        }
    }
}
