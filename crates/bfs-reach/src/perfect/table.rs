//! The solved table of one subspace: 2 bits of value per index in `u64`
//! words, optionally the plies to the end per index (16 bits in memory; one
//! or two bytes in the file), and the file format they are stored in.
//!
//! # Value codes
//!
//! `00` draw (or, while solving, not yet decided), `01` win for the side to
//! move, `10` loss, `11` a hole (the index numbers no position). Word `w`
//! holds indices `32w .. 32w + 31`, index `i` in bits `2(i % 32)`.
//!
//! # File format (`<space>.spv`, little-endian)
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `SPPERF01` |
//! | 8..16 | number of indices `n` |
//! | 16..24 | the index's [`fingerprint`](super::PerfectIndex::fingerprint) |
//! | 24..32 | flags: bit 0 = distances present, bit 1 = two bytes per distance |
//! | 32..40 | length of the payload in bytes |
//! | 40..44 | CRC-32 of bytes 0..40 and of the payload |
//! | 44..48 | zero |
//! | 48.. | payload: `ceil(n / 32)` value words, then `n` distances if present: one byte each, or two (little-endian) when some distance exceeds 255 plies |
//!
//! A file whose checksum, length, magic or fingerprint does not match is an
//! error naming the file; it is never read as values.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

use crate::retrograde::Value;

pub(crate) const MAGIC: &[u8; 8] = b"SPPERF01";
const HEADER: usize = 48;

pub(crate) const DRAW: u64 = 0;
pub(crate) const WIN: u64 = 1;
pub(crate) const LOSS: u64 = 2;
pub(crate) const HOLE: u64 = 3;

/// The values (and optionally the plies to the end) of every index of one
/// subspace.
///
/// Stored as atomics so the solver's threads can update it in place; reads
/// are plain (relaxed) loads.
#[derive(Debug)]
pub struct SpaceTable {
    len: u64,
    pub(crate) words: Vec<AtomicU64>,
    pub(crate) dist: Vec<AtomicU16>,
}

impl SpaceTable {
    /// A table of `len` indices, all `00` (undecided), with or without a
    /// distance per index. Zeroed allocations come as fresh pages.
    pub(crate) fn zeroed(len: u64, distances: bool) -> Self {
        let words = bytemuck::zeroed_vec(len.div_ceil(32) as usize);
        let dist = if distances { bytemuck::zeroed_vec(len as usize) } else { Vec::new() };
        SpaceTable { len, words, dist }
    }

    /// Number of indices.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// `true` for a table of no index.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `true` if the table holds the plies to the end.
    pub fn has_distances(&self) -> bool {
        !self.dist.is_empty() || self.len == 0
    }

    /// The 2-bit code of `index` (see the module docs).
    #[inline]
    pub(crate) fn code(&self, index: u64) -> u64 {
        self.words[(index / 32) as usize].load(Relaxed) >> (2 * (index % 32)) & 3
    }

    /// The value of `index` for the side to move, `None` for a hole or an
    /// index out of range. Without distances, wins and losses carry 0
    /// plies.
    pub fn value(&self, index: u64) -> Option<Value> {
        if index >= self.len {
            return None;
        }
        let plies = || self.dist.get(index as usize).map_or(0, |d| u32::from(d.load(Relaxed)));
        match self.code(index) {
            WIN => Some(Value::Win(plies())),
            LOSS => Some(Value::Loss(plies())),
            DRAW => Some(Value::Draw),
            _ => None,
        }
    }

    /// Counts indexed by value code: draws, wins, losses (for the side to
    /// move) and holes, in this order.
    pub fn counts(&self) -> [u64; 4] {
        let mut c = [0u64; 4];
        for (w, word) in self.words.iter().enumerate() {
            let word = word.load(Relaxed);
            let n = (self.len - 32 * w as u64).min(32);
            for j in 0..n {
                c[(word >> (2 * j) & 3) as usize] += 1;
            }
        }
        c
    }

    /// Writes the table to `dir/name` atomically (a temporary file renamed
    /// into place).
    pub(crate) fn save(
        &self,
        dir: &Path,
        name: &str,
        fingerprint: u64,
    ) -> Result<(), crate::RunError> {
        let wide = self.dist.iter().any(|d| d.load(Relaxed) > u16::from(u8::MAX));
        let width = if wide { 2 } else { 1 };
        let payload = self.words.len() as u64 * 8 + self.dist.len() as u64 * width;
        let flags = u64::from(!self.dist.is_empty()) | u64::from(wide) << 1;
        let mut header = [0u8; HEADER];
        header[0..8].copy_from_slice(MAGIC);
        header[8..16].copy_from_slice(&self.len.to_le_bytes());
        header[16..24].copy_from_slice(&fingerprint.to_le_bytes());
        header[24..32].copy_from_slice(&flags.to_le_bytes());
        let dist_bytes = |chunk: &[AtomicU16], buf: &mut Vec<u8>| {
            if wide {
                buf.extend(chunk.iter().flat_map(|d| d.load(Relaxed).to_le_bytes()));
            } else {
                buf.extend(chunk.iter().map(|d| d.load(Relaxed) as u8));
            }
        };
        header[32..40].copy_from_slice(&payload.to_le_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(&header[..40]);
        let mut buf = Vec::with_capacity(1 << 16);
        for chunk in self.words.chunks(1 << 13) {
            buf.clear();
            buf.extend(chunk.iter().flat_map(|w| w.load(Relaxed).to_le_bytes()));
            crc.update(&buf);
        }
        for chunk in self.dist.chunks(1 << 15) {
            buf.clear();
            dist_bytes(chunk, &mut buf);
            crc.update(&buf);
        }
        header[40..44].copy_from_slice(&crc.finalize().to_le_bytes());
        crate::write_atomically(dir, name, |w| {
            w.write_all(&header)?;
            let mut buf = Vec::with_capacity(1 << 16);
            for chunk in self.words.chunks(1 << 13) {
                buf.clear();
                buf.extend(chunk.iter().flat_map(|w| w.load(Relaxed).to_le_bytes()));
                w.write_all(&buf)?;
            }
            for chunk in self.dist.chunks(1 << 15) {
                buf.clear();
                dist_bytes(chunk, &mut buf);
                w.write_all(&buf)?;
            }
            Ok(())
        })
    }

    /// Reads a table written by [`save`](Self::save), streaming (no second
    /// copy of the file in memory); checks magic, sizes, fingerprint and
    /// checksum. Errors are messages naming the problem (the caller adds
    /// the path).
    pub(crate) fn load(path: &Path, len: u64, fingerprint: u64) -> Result<Self, String> {
        let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
        let file_len = file.metadata().map_err(|e| e.to_string())?.len();
        let mut r = std::io::BufReader::with_capacity(1 << 16, file);
        let mut header = [0u8; HEADER];
        if file_len < HEADER as u64 {
            return Err("not a perfect-index table (too short)".into());
        }
        r.read_exact(&mut header).map_err(|e| e.to_string())?;
        if &header[0..8] != MAGIC {
            return Err("not a perfect-index table (bad magic)".into());
        }
        let field = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().expect("8 bytes"));
        let (n, fp, flags, payload) = (field(8), field(16), field(24), field(32));
        if n != len {
            return Err(format!("holds {n} indices, the subspace has {len}"));
        }
        if fp != fingerprint {
            return Err(format!(
                "written for index fingerprint {fp:#x}, this index is {fingerprint:#x}"
            ));
        }
        let distances = flags & 1 != 0;
        let width = if flags & 2 != 0 { 2 } else { 1 };
        let words = n.div_ceil(32) as usize;
        let expect = words as u64 * 8 + if distances { n * width } else { 0 };
        if flags > 3 || flags == 2 || payload != expect || file_len != HEADER as u64 + expect {
            return Err(format!(
                "damaged: header says {payload} payload bytes, file has {}, expected {expect}",
                file_len - HEADER as u64
            ));
        }
        let stored = u32::from_le_bytes(header[40..44].try_into().expect("4 bytes"));
        let mut crc = crc32fast::Hasher::new();
        crc.update(&header[..40]);
        let table = SpaceTable::zeroed(n, distances);
        let mut buf = vec![0u8; 1 << 16];
        for chunk in table.words.chunks(1 << 13) {
            let bytes = &mut buf[..chunk.len() * 8];
            r.read_exact(bytes).map_err(|e| e.to_string())?;
            crc.update(bytes);
            for (w, b) in chunk.iter().zip(bytes.chunks_exact(8)) {
                w.store(u64::from_le_bytes(b.try_into().expect("8 bytes")), Relaxed);
            }
        }
        for chunk in table.dist.chunks(1 << 15) {
            let bytes = &mut buf[..chunk.len() * width as usize];
            r.read_exact(bytes).map_err(|e| e.to_string())?;
            crc.update(bytes);
            if width == 2 {
                for (d, b) in chunk.iter().zip(bytes.chunks_exact(2)) {
                    d.store(u16::from_le_bytes([b[0], b[1]]), Relaxed);
                }
            } else {
                for (d, &b) in chunk.iter().zip(bytes.iter()) {
                    d.store(u16::from(b), Relaxed);
                }
            }
        }
        if crc.finalize() != stored || header[44..48] != [0; 4] {
            return Err("damaged: checksum mismatch".into());
        }
        Ok(table)
    }
}
