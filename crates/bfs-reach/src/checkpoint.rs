//! Checkpoints of the level engines ([`level`](crate::level) and
//! [`packed`](crate::packed)): one format, one little-endian binary file
//! `checkpoint.bin`, written atomically (temporary file, synced, renamed)
//! and closed by a CRC-32 of every byte before it, so that a damaged byte
//! anywhere is an error that names the file, never wrong numbers.
//!
//! Layout: magic `SPBFSCK3`; the engine (`u8`: 1 [`level`](crate::level),
//! 2 [`packed`](crate::packed)); the run's identity (count `u32`, then
//! `u64` words: start key and group for the first, key layout and the
//! codec's words for the second); the stored level's depth (`u32`), the
//! size of the level before it (`u64`) and its moves per class (`f64`),
//! which size the next rounds; the finished levels' statistics (count
//! `u32`, then each as [`LevelStats::write_le`] writes it); the key and
//! counter widths in bytes (`u8` each: 4 or 8, 8 or 16); the number of
//! partitions (`u32`), then per partition its length (`u64`), its keys and
//! its counters; last the CRC-32 (`u32`, [`crc32fast`]) of everything
//! before it.
//!
//! [`write_checked`] and [`read_checked`] are the checksummed file
//! primitives, for other files of the crate and of engines built beside it.

use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use crate::control::RunError;
use crate::level::LevelStats;
use crate::packed::part::{Count, Part, Rest};

const MAGIC: &[u8; 8] = b"SPBFSCK3";
/// The checkpoint's file name in its directory.
pub(crate) const FILE: &str = "checkpoint.bin";

/// The engine that wrote a checkpoint.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// [`level`](crate::level): `u64` key rests, `u128` counters.
    Level = 1,
    /// [`packed`](crate::packed): `u32` key rests, `u64` or `u128` counters.
    Packed = 2,
}

/// Everything but the stored level.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Header {
    pub(crate) kind: Kind,
    pub(crate) identity: Vec<u64>,
    pub(crate) depth: u32,
    pub(crate) prev_len: u64,
    pub(crate) per_class: f64,
    pub(crate) levels: Vec<LevelStats>,
}

/// A loaded level.
pub(crate) enum Body {
    Narrow(Vec<Part<u64>>),
    Wide(Vec<Part<u128>>),
    Keys64(Vec<Part<u128, u64>>),
}

/// A partition as a checkpoint stores it.
pub(crate) trait Stored {
    const KEY_BYTES: u8;
    const COUNT_BYTES: u8;
    fn len(&self) -> usize;
    fn write_entries(&self, w: &mut dyn Write) -> std::io::Result<()>;
}

impl<C: Count, K: Rest> Stored for Part<C, K> {
    const KEY_BYTES: u8 = size_of::<K>() as u8;
    const COUNT_BYTES: u8 = size_of::<C>() as u8;
    fn len(&self) -> usize {
        self.len
    }
    fn write_entries(&self, w: &mut dyn Write) -> std::io::Result<()> {
        for (k, _) in self.entries() {
            match size_of::<K>() {
                4 => w.write_all(&(k.to_u64() as u32).to_le_bytes())?,
                _ => w.write_all(&k.to_u64().to_le_bytes())?,
            }
        }
        for (_, c) in self.entries() {
            let c: u128 = c.into();
            match size_of::<C>() {
                8 => w.write_all(&(c as u64).to_le_bytes())?,
                _ => w.write_all(&c.to_le_bytes())?,
            }
        }
        Ok(())
    }
}

impl LevelStats {
    /// Writes the statistics in the little-endian layout of the
    /// checkpoints (depth; positions, classes, dead ends, goals, moves;
    /// paths, dead-end paths, goal paths; the orbit table with its length).
    pub fn write_le(&self, w: &mut impl Write) -> std::io::Result<()> {
        w.write_all(&self.depth.to_le_bytes())?;
        for v in [self.positions, self.canonical, self.dead_ends, self.goals, self.moves] {
            w.write_all(&v.to_le_bytes())?;
        }
        for v in [self.paths, self.dead_end_paths, self.goal_paths] {
            w.write_all(&v.to_le_bytes())?;
        }
        w.write_all(&(self.by_orbit.len() as u32).to_le_bytes())?;
        for v in &self.by_orbit {
            w.write_all(&v.to_le_bytes())?;
        }
        Ok(())
    }

    /// Reads statistics written by [`write_le`](Self::write_le); an error
    /// for a short read or an implausible orbit table (over 2^16 entries).
    pub fn read_le(r: &mut impl Read) -> std::io::Result<LevelStats> {
        let mut r = Le(r);
        let depth = r.u32()?;
        let (positions, canonical, dead_ends, goals, moves) =
            (r.u64()?, r.u64()?, r.u64()?, r.u64()?, r.u64()?);
        let (paths, dead_end_paths, goal_paths) = (r.u128()?, r.u128()?, r.u128()?);
        let n = r.u32()? as usize;
        if n > 1 << 16 {
            return Err(std::io::Error::other("implausible orbit table"));
        }
        let by_orbit = (0..n).map(|_| r.u64()).collect::<Result<_, _>>()?;
        Ok(LevelStats {
            depth,
            positions,
            canonical,
            by_orbit,
            paths,
            moves,
            dead_ends,
            dead_end_paths,
            goals,
            goal_paths,
        })
    }
}

/// Little-endian numbers from a reader.
struct Le<R>(R);

impl<R: Read> Le<R> {
    fn bytes<const N: usize>(&mut self) -> std::io::Result<[u8; N]> {
        let mut b = [0u8; N];
        self.0.read_exact(&mut b)?;
        Ok(b)
    }
    fn u8(&mut self) -> std::io::Result<u8> {
        Ok(self.bytes::<1>()?[0])
    }
    fn u32(&mut self) -> std::io::Result<u32> {
        Ok(u32::from_le_bytes(self.bytes()?))
    }
    fn u64(&mut self) -> std::io::Result<u64> {
        Ok(u64::from_le_bytes(self.bytes()?))
    }
    fn u128(&mut self) -> std::io::Result<u128> {
        Ok(u128::from_le_bytes(self.bytes()?))
    }
}

fn err(what: &str, e: impl std::fmt::Display) -> RunError {
    RunError::Checkpoint(format!("{what}: {e}"))
}

/// Writes the file `dir/name` atomically: `write` fills a temporary file
/// `dir/name.tmp` (buffered), which is synced to disk and then renamed, so
/// a crash or a full disk leaves the previous file intact. Creates `dir`
/// if needed. Errors name the file.
pub fn write_atomically(
    dir: &Path,
    name: &str,
    write: impl FnOnce(&mut BufWriter<fs::File>) -> std::io::Result<()>,
) -> Result<(), RunError> {
    replace_file(dir, name, |file| {
        let mut w = BufWriter::with_capacity(1 << 20, file);
        write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())
    })
}

/// Creates `dir/name.tmp`, lets `fill` write it, syncs it and renames it
/// to `dir/name`.
fn replace_file(
    dir: &Path,
    name: &str,
    fill: impl FnOnce(fs::File) -> std::io::Result<fs::File>,
) -> Result<(), RunError> {
    fs::create_dir_all(dir).map_err(|e| err(&dir.display().to_string(), e))?;
    let tmp = dir.join(format!("{name}.tmp"));
    let run = || -> std::io::Result<()> { fill(fs::File::create(&tmp)?)?.sync_all() };
    run().map_err(|e| err(&tmp.display().to_string(), e))?;
    let path = dir.join(name);
    fs::rename(&tmp, &path).map_err(|e| err(&path.display().to_string(), e))
}

/// A writer or reader that keeps the CRC-32 of what passes through it
/// (below the buffer: the checksum sees big blocks, not single numbers).
struct Crc<T> {
    inner: T,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Crc<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Crc<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
}

/// [`write_atomically`] with a CRC-32 of the contents appended (`u32`,
/// little-endian): the file [`read_checked`] reads.
pub fn write_checked(
    dir: &Path,
    name: &str,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), RunError> {
    replace_file(dir, name, |file| {
        let crc = Crc { inner: file, crc: crc32fast::Hasher::new() };
        let mut w = BufWriter::with_capacity(1 << 20, crc);
        write(&mut w)?;
        let Crc { inner: mut file, crc } = w.into_inner().map_err(|e| e.into_error())?;
        file.write_all(&crc.finalize().to_le_bytes())?;
        Ok(file)
    })
}

/// The contents of a file written by [`write_checked`], as
/// [`read_checked`] hands them to its parser: the bytes before the
/// checksum, each one added to the checksum as it is read.
pub struct CheckedReader {
    inner: BufReader<Crc<std::io::Take<fs::File>>>,
}

impl CheckedReader {
    /// Bytes not read yet (before the checksum): a parser checks a length
    /// against it before it allocates.
    pub fn remaining(&self) -> u64 {
        self.inner.get_ref().inner.limit() + self.inner.buffer().len() as u64
    }
}

impl Read for CheckedReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.inner.read(buf)
    }
}

/// Reads `path`, written by [`write_checked`], through `parse`: `Ok(None)`
/// if there is no such file; an error that names the file if it is
/// damaged (its CRC-32 does not match, whatever `parse` made of it),
/// if `parse` refuses it (`Err` with the reason, or a read error), or if
/// `parse` leaves bytes unread. `parse`'s result is returned only after
/// the whole file was checked.
pub fn read_checked<T>(
    path: &Path,
    parse: impl FnOnce(&mut CheckedReader) -> std::io::Result<Result<T, String>>,
) -> Result<Option<T>, RunError> {
    let name = path.display().to_string();
    let file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(err(&name, e)),
    };
    let len = file.metadata().map_err(|e| err(&name, e))?.len();
    let Some(payload) = len.checked_sub(4) else {
        return Err(err(&name, "damaged: too short for its checksum"));
    };
    let crc = Crc { inner: file.take(payload), crc: crc32fast::Hasher::new() };
    let cap = (1 << 20).min(payload as usize + 1);
    let mut r = CheckedReader { inner: BufReader::with_capacity(cap, crc) };
    let parsed = parse(&mut r);
    let left = r.remaining();
    // Every byte goes through the checksum, whatever the parser did.
    std::io::copy(&mut r, &mut std::io::sink()).map_err(|e| err(&name, e))?;
    let Crc { inner, crc } = r.inner.into_inner();
    let mut sum = [0u8; 4];
    inner.into_inner().read_exact(&mut sum).map_err(|e| err(&name, e))?;
    if u32::from_le_bytes(sum) != crc.finalize() {
        return Err(err(&name, "damaged: the checksum (CRC-32) does not match its contents"));
    }
    match parsed {
        Ok(Ok(_)) if left != 0 => Err(err(&name, format!("{left} bytes after the contents"))),
        Ok(Ok(v)) => Ok(Some(v)),
        Ok(Err(msg)) => Err(err(&name, msg)),
        Err(e) => Err(err(&name, e)),
    }
}

/// Writes the checkpoint of `head` and the level in `parts` (at
/// `head.depth`, not yet expanded) into `dir`.
pub(crate) fn save<P: Stored>(dir: &Path, head: &Header, parts: &[P]) -> Result<(), RunError> {
    write_checked(dir, FILE, |w| {
        let mut w = w;
        w.write_all(MAGIC)?;
        w.write_all(&[head.kind as u8])?;
        w.write_all(&(head.identity.len() as u32).to_le_bytes())?;
        for v in &head.identity {
            w.write_all(&v.to_le_bytes())?;
        }
        w.write_all(&head.depth.to_le_bytes())?;
        w.write_all(&head.prev_len.to_le_bytes())?;
        w.write_all(&head.per_class.to_le_bytes())?;
        w.write_all(&(head.levels.len() as u32).to_le_bytes())?;
        for s in &head.levels {
            s.write_le(&mut w)?;
        }
        w.write_all(&[P::KEY_BYTES, P::COUNT_BYTES])?;
        w.write_all(&(parts.len() as u32).to_le_bytes())?;
        for p in parts {
            w.write_all(&(p.len() as u64).to_le_bytes())?;
            p.write_entries(w)?;
        }
        Ok(())
    })
}

/// Reads the checkpoint in `dir` if there is one: it must have been
/// written by the engine `kind` for a run of this `identity`, with `parts`
/// partitions of keys below `2^key_bits`. An error that names the file
/// otherwise, or if it is damaged.
pub(crate) fn load(
    dir: &Path,
    kind: Kind,
    identity: &[u64],
    parts: usize,
    key_bits: u32,
) -> Result<Option<(Header, Body)>, RunError> {
    read_checked(&dir.join(FILE), |r| {
        let mut le = Le(&mut *r);
        if &le.bytes::<8>()? != MAGIC {
            return Ok(Err("not a spielbaum level checkpoint".into()));
        }
        let k = le.u8()?;
        let n = le.u32()?;
        if n > 64 {
            return Ok(Err(format!("an identity of {n} words")));
        }
        let got = (0..n).map(|_| le.u64()).collect::<Result<Vec<_>, _>>()?;
        if k != kind as u8 || got != identity {
            return Ok(Err("written for another run (another board, start or symmetry \
                           setting, or another engine); remove it to start afresh"
                .into()));
        }
        let depth = le.u32()?;
        let prev_len = le.u64()?;
        let per_class = f64::from_le_bytes(le.bytes()?);
        let n = le.u32()?;
        if n != depth {
            return Ok(Err(format!("{n} finished levels before level {depth}")));
        }
        let levels = (0..n).map(|_| LevelStats::read_le(&mut le.0)).collect::<Result<_, _>>()?;
        let (kb, cb) = (le.u8()?, le.u8()?);
        let np = le.u32()? as usize;
        if np != parts {
            return Ok(Err(format!("{np} partitions, expected {parts}")));
        }
        let head = Header { kind, identity: got, depth, prev_len, per_class, levels };
        let body = match (kind, kb, cb) {
            (Kind::Level, 8, 16) => {
                read_parts(r, np, key_bits, 8, 16, Part::finished).map(|p| p.map(Body::Keys64))?
            }
            (Kind::Packed, 4, 8) => read_parts(r, np, key_bits, 4, 8, |k, c| {
                Part::finished(k.into_iter().map(|k| k as u32).collect(), to_u64(c))
            })
            .map(|p| p.map(Body::Narrow))?,
            (Kind::Packed, 4, 16) => read_parts(r, np, key_bits, 4, 16, |k, c| {
                Part::finished(k.into_iter().map(|k| k as u32).collect(), c)
            })
            .map(|p| p.map(Body::Wide))?,
            _ => return Ok(Err(format!("keys of {kb} bytes and counters of {cb} bytes"))),
        };
        Ok(body.map(|b| (head, b)))
    })
}

fn to_u64(c: Vec<u128>) -> Vec<u64> {
    c.into_iter().map(|c| c as u64).collect()
}

/// `n` partitions of keys of `kb` bytes (below `2^key_bits`) and counters
/// of `cb` bytes, each made by `make`.
fn read_parts<P>(
    r: &mut CheckedReader,
    n: usize,
    key_bits: u32,
    kb: u64,
    cb: u64,
    make: impl Fn(Vec<u64>, Vec<u128>) -> P,
) -> std::io::Result<Result<Vec<P>, String>> {
    let mut parts = Vec::with_capacity(n);
    for p in 0..n {
        let len = Le(&mut *r).u64()?;
        if len.checked_mul(kb + cb).is_none_or(|b| b > r.remaining()) {
            return Ok(Err(format!(
                "partition {p} claims {len} entries, more than the file holds"
            )));
        }
        let mut le = Le(&mut *r);
        let keys = (0..len)
            .map(|_| if kb == 4 { le.u32().map(u64::from) } else { le.u64() })
            .collect::<Result<Vec<_>, _>>()?;
        if key_bits < 64 && keys.iter().any(|&k| k >> key_bits != 0) {
            return Ok(Err(format!("partition {p} holds a key outside {key_bits} bits")));
        }
        let counts = (0..len)
            .map(|_| if cb == 8 { le.u64().map(u128::from) } else { le.u128() })
            .collect::<Result<Vec<_>, _>>()?;
        parts.push(make(keys, counts));
    }
    Ok(Ok(parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(depth: u32) -> LevelStats {
        LevelStats {
            depth,
            positions: 10 + u64::from(depth),
            canonical: 3,
            by_orbit: vec![0, 1, 0, 0, 1, 0, 0, 0, 1],
            paths: u128::MAX - 5,
            moves: 17,
            dead_ends: 2,
            dead_end_paths: 9,
            goals: 1,
            goal_paths: 4,
        }
    }

    fn head(kind: Kind) -> Header {
        Header {
            kind,
            identity: vec![0x1c1c7f7f7f1c1c, 0x1c1c7f777f1c1c, 8],
            depth: 2,
            prev_len: 4,
            per_class: 2.5,
            levels: vec![stats(0), stats(1)],
        }
    }

    fn packed<C: Count>(big: C) -> Vec<Part<C>> {
        let c = C::from_u64;
        vec![
            Part::finished(vec![1, 5, 63], vec![c(1), c(2), big]),
            Part::finished(vec![], vec![]),
            Part::finished(vec![0], vec![c(7)]),
            Part::finished(vec![2, 3], vec![c(8), c(9)]),
        ]
    }

    fn entries<C: Count>(parts: &[Part<C>]) -> Vec<Vec<(u32, u128)>> {
        parts.iter().map(|p| p.entries().map(|(k, c)| (k, c.into())).collect()).collect()
    }

    fn dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("spielbaum-ck-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    fn load_packed(d: &Path, h: &Header) -> Result<Option<(Header, Body)>, RunError> {
        load(d, h.kind, &h.identity, 4, 6)
    }

    #[test]
    fn round_trip_every_kind_and_refusals() {
        let d = dir("round-trip");
        let h = head(Kind::Packed);
        assert!(load_packed(&d, &h).unwrap().is_none());
        let narrow = packed(u64::MAX);
        save(&d, &h, &narrow).unwrap();
        let (got, body) = load_packed(&d, &h).unwrap().unwrap();
        assert_eq!(got, h);
        let Body::Narrow(p) = body else { panic!("narrow counters expected") };
        assert_eq!(entries(&p), entries(&narrow));
        let wide = packed(u128::MAX);
        save(&d, &h, &wide).unwrap();
        let Body::Wide(p) = load_packed(&d, &h).unwrap().unwrap().1 else {
            panic!("wide counters expected")
        };
        assert_eq!(entries(&p), entries(&wide));
        let level = head(Kind::Level);
        let parts = vec![
            Part::finished(vec![(1u64 << 56) - 1, 3], vec![u128::MAX, 1]),
            Part::default(),
            Part::default(),
            Part::finished(vec![9], vec![2]),
        ];
        save(&d, &level, &parts).unwrap();
        let Body::Keys64(p) = load(&d, Kind::Level, &level.identity, 4, 56).unwrap().unwrap().1
        else {
            panic!("u64 keys expected")
        };
        assert_eq!(p, parts);

        // Another engine, another run's identity, another layout, a
        // foreign file: each an error that names the file.
        let name = d.join(FILE).display().to_string();
        let refused = |r: Result<Option<(Header, Body)>, RunError>, why: &str| {
            let e = r.err().expect("an error").to_string();
            assert!(e.contains(&name) && e.contains(why), "{e}");
        };
        refused(load_packed(&d, &h), "another run");
        save(&d, &h, &narrow).unwrap();
        let other = Header { identity: vec![1, 2, 3], ..head(Kind::Packed) };
        refused(load_packed(&d, &other), "another board, start or symmetry");
        refused(load(&d, Kind::Packed, &h.identity, 8, 6), "8");
        refused(load(&d, Kind::Packed, &h.identity, 4, 5), "outside 5 bits");
        write_checked(&d, FILE, |w| w.write_all(b"SPBFSCK2 something else")).unwrap();
        refused(load_packed(&d, &h), "not a spielbaum level checkpoint");
        let _ = fs::remove_dir_all(&d);
    }

    /// A damaged checkpoint is an error that names the file, whatever byte
    /// is damaged and however: every byte position of a checkpoint flipped
    /// in one bit, in all bits, or set to a value it does not have; the
    /// file cut short at every length, or grown by a byte.
    #[test]
    fn every_damaged_byte_is_an_error() {
        let d = dir("damaged");
        let h = head(Kind::Packed);
        for wide in [false, true] {
            if wide {
                save(&d, &h, &packed(u128::MAX - 1)).unwrap();
            } else {
                save(&d, &h, &packed(1u64 << 40)).unwrap();
            }
            let path = d.join(FILE);
            let good = fs::read(&path).unwrap();
            assert!(load_packed(&d, &h).unwrap().is_some());
            let name = path.display().to_string();
            let expect_error = |bytes: &[u8], what: &str| {
                fs::write(&path, bytes).unwrap();
                match load_packed(&d, &h) {
                    Err(e) => assert!(e.to_string().contains(&name), "{what}: {e}"),
                    Ok(_) => panic!("{what}: a damaged checkpoint was read"),
                }
            };
            for i in 0..good.len() {
                for flip in [0x01u8, 0x80, 0xff, 0x5a] {
                    let mut bad = good.clone();
                    bad[i] ^= flip;
                    expect_error(&bad, &format!("byte {i} ^ {flip:#x}"));
                }
            }
            for len in 0..good.len() {
                expect_error(&good[..len], &format!("cut to {len} bytes"));
            }
            let mut longer = good.clone();
            longer.push(0);
            expect_error(&longer, "one byte more");
        }
        let _ = fs::remove_dir_all(&d);
    }
}
