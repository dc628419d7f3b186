//! Checkpoints of the level search: the statistics of the finished levels
//! and the complete next level, in one little-endian binary file written
//! atomically (temporary file, then rename).
//!
//! Layout: magic `SPBFSCK2`, start key (u64), group size (u64), depth of the
//! stored level (u32), number of finished levels (u32), each level's
//! statistics, number of partitions (u32), then per partition its length
//! (u64), keys (u64 each) and counters (u128 each).

use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use crate::control::RunError;
use crate::level::LevelStats;
use crate::table::Part;

const MAGIC: &[u8; 8] = b"SPBFSCK2";
const FILE: &str = "checkpoint.bin";

/// A loaded checkpoint.
pub(crate) struct Checkpoint {
    pub(crate) levels: Vec<LevelStats>,
    pub(crate) depth: u32,
    pub(crate) parts: Vec<Part>,
}

fn err(what: &str, e: impl std::fmt::Display) -> RunError {
    RunError::Checkpoint(format!("{what}: {e}"))
}

impl LevelStats {
    /// Writes the statistics in the little-endian layout of the
    /// checkpoints (depth; positions, classes, dead ends, goals, moves;
    /// paths, dead-end paths, goal paths; the orbit table with its length),
    /// for other engines' checkpoints too (peg solitaire's fast path).
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
        let mut r = Reader(r);
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

struct Reader<R>(R);

impl<R: Read> Reader<R> {
    fn bytes<const N: usize>(&mut self) -> std::io::Result<[u8; N]> {
        let mut b = [0u8; N];
        self.0.read_exact(&mut b)?;
        Ok(b)
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

/// Writes the file `dir/name` atomically: `write` fills a temporary file
/// `dir/name.tmp` (buffered), which is synced to disk and then renamed, so
/// a crash or a full disk leaves the previous file intact. Creates `dir`
/// if needed. Errors name the file. For the checkpoints of this crate and
/// of engines built beside it (peg solitaire's fast path).
pub fn write_atomically(
    dir: &Path,
    name: &str,
    write: impl FnOnce(&mut BufWriter<fs::File>) -> std::io::Result<()>,
) -> Result<(), RunError> {
    fs::create_dir_all(dir).map_err(|e| err(&dir.display().to_string(), e))?;
    let tmp = dir.join(format!("{name}.tmp"));
    let fill = || -> std::io::Result<()> {
        let mut w = BufWriter::with_capacity(1 << 20, fs::File::create(&tmp)?);
        write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    };
    fill().map_err(|e| err(&tmp.display().to_string(), e))?;
    fs::rename(&tmp, dir.join(name)).map_err(|e| err("rename", e))
}

/// Writes the checkpoint for `depth` (the level in `parts`, not yet
/// expanded) after the finished `levels`.
pub(crate) fn save(
    dir: &Path,
    start_key: u64,
    group: usize,
    depth: u32,
    levels: &[LevelStats],
    parts: &[Part],
) -> Result<(), RunError> {
    write_atomically(dir, FILE, |w| {
        w.write_all(MAGIC)?;
        w.write_all(&start_key.to_le_bytes())?;
        w.write_all(&(group as u64).to_le_bytes())?;
        w.write_all(&depth.to_le_bytes())?;
        w.write_all(&(levels.len() as u32).to_le_bytes())?;
        for s in levels {
            s.write_le(w)?;
        }
        w.write_all(&(parts.len() as u32).to_le_bytes())?;
        for p in parts {
            w.write_all(&(p.len() as u64).to_le_bytes())?;
            for k in &p.keys {
                w.write_all(&k.to_le_bytes())?;
            }
            for c in &p.counts {
                w.write_all(&c.to_le_bytes())?;
            }
        }
        Ok(())
    })
}

/// Reads the checkpoint in `dir` if there is one; an error if it belongs to
/// another start or symmetry setting or is damaged.
pub(crate) fn load(
    dir: &Path,
    start_key: u64,
    group: usize,
) -> Result<Option<Checkpoint>, RunError> {
    let path = dir.join(FILE);
    let file = match fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(err(&path.display().to_string(), e)),
    };
    let name = path.display().to_string();
    let mut r = Reader(BufReader::with_capacity(1 << 20, file));
    let read = |r: &mut Reader<_>| -> std::io::Result<Result<Checkpoint, String>> {
        if &r.bytes::<8>()? != MAGIC {
            return Ok(Err("not a spielbaum level checkpoint".into()));
        }
        let (k, g) = (r.u64()?, r.u64()?);
        if k != start_key || g != group as u64 {
            return Ok(Err(format!(
                "written for another start or symmetry setting (start key {k:#x}, group {g}); remove it to start afresh"
            )));
        }
        let depth = r.u32()?;
        let n = r.u32()?;
        let levels =
            (0..n).map(|_| LevelStats::read_le(&mut r.0)).collect::<Result<Vec<_>, _>>()?;
        let np = r.u32()? as usize;
        if np != crate::table::PARTS {
            return Ok(Err(format!("{np} partitions, this build uses {}", crate::table::PARTS)));
        }
        let mut parts = Vec::with_capacity(np);
        for _ in 0..np {
            let len = r.u64()? as usize;
            let keys = (0..len).map(|_| r.u64()).collect::<Result<Vec<_>, _>>()?;
            let counts = (0..len).map(|_| r.u128()).collect::<Result<Vec<_>, _>>()?;
            parts.push(Part { keys, counts });
        }
        Ok(Ok(Checkpoint { levels, depth, parts }))
    };
    match read(&mut r) {
        Ok(Ok(cp)) => Ok(Some(cp)),
        Ok(Err(msg)) => Err(err(&name, msg)),
        Err(e) => Err(err(&name, e)),
    }
}
