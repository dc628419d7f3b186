//! Checkpoints of the statistics' fast path: after every finished level,
//! the statistics so far and the next level (its partitions, compact), in
//! one little-endian binary file written atomically (a temporary file,
//! synced, then renamed), so that a stopped or killed run resumes at the
//! first level it had not finished.
//!
//! Layout of `peg-fast.bin`: magic `SPPEGFC1`; the run's identity (board
//! mask, start bitboard, symmetry group size, partition bits and key bits
//! per entry, each a `u64`); the stored level's depth (`u32`), the size of
//! the level before it (`u64`) and the moves per class there (`f64`), for
//! sizing the next rounds; the finished levels' statistics (count `u32`,
//! then each as in bfs-reach's checkpoints); the counter width in bytes
//! (`u8`: 8 or 16); the number of partitions (`u32`), then per partition
//! its length (`u64`), key rests (`u32` each) and counters.
//!
//! The generic engine keeps its own format (`checkpoint.bin`, bfs-reach);
//! both can live in one directory.

use std::fs;
use std::io::{BufReader, Read, Write};
use std::path::Path;

use spielbaum_bfs_reach::{LevelStats, RunError, write_atomically};

use crate::part::{Count, Part};

const MAGIC: &[u8; 8] = b"SPPEGFC1";
/// The checkpoint's file name in its directory.
pub(crate) const FILE: &str = "peg-fast.bin";

/// What a checkpoint must match to be resumed: the board, the start, the
/// symmetry group and the key layout.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Ident {
    pub(crate) mask: u64,
    pub(crate) start: u64,
    pub(crate) group: u64,
    pub(crate) part_bits: u64,
    pub(crate) rest_bits: u64,
}

/// Where the run stands: the finished levels and the sizing of the next
/// one's rounds.
pub(crate) struct Progressed<'a> {
    pub(crate) depth: u32,
    pub(crate) prev_len: usize,
    pub(crate) per_class: f64,
    pub(crate) levels: &'a [LevelStats],
}

/// A loaded level: `u64` or `u128` counters.
pub(crate) enum Parts {
    Narrow(Vec<Part<u64>>),
    Wide(Vec<Part<u128>>),
}

/// A loaded checkpoint.
pub(crate) struct Loaded {
    pub(crate) depth: u32,
    pub(crate) prev_len: usize,
    pub(crate) per_class: f64,
    pub(crate) levels: Vec<LevelStats>,
    pub(crate) parts: Parts,
}

fn err(what: &str, e: impl std::fmt::Display) -> RunError {
    RunError::Checkpoint(format!("{what}: {e}"))
}

/// Writes the checkpoint of `at` (the level at `at.depth`, not yet
/// expanded, in `parts`) into `dir`.
pub(crate) fn save<C: Count>(
    dir: &Path,
    id: Ident,
    at: &Progressed<'_>,
    parts: &[Part<C>],
) -> Result<(), RunError> {
    write_atomically(dir, FILE, |w| {
        w.write_all(MAGIC)?;
        for v in [id.mask, id.start, id.group, id.part_bits, id.rest_bits] {
            w.write_all(&v.to_le_bytes())?;
        }
        w.write_all(&at.depth.to_le_bytes())?;
        w.write_all(&(at.prev_len as u64).to_le_bytes())?;
        w.write_all(&at.per_class.to_le_bytes())?;
        w.write_all(&(at.levels.len() as u32).to_le_bytes())?;
        for s in at.levels {
            s.write_le(w)?;
        }
        w.write_all(&[size_of::<C>() as u8])?;
        w.write_all(&(parts.len() as u32).to_le_bytes())?;
        for p in parts {
            w.write_all(&(p.len as u64).to_le_bytes())?;
            for (k, _) in p.entries() {
                w.write_all(&k.to_le_bytes())?;
            }
            for (_, c) in p.entries() {
                let c: u128 = c.into();
                match size_of::<C>() {
                    8 => w.write_all(&(c as u64).to_le_bytes())?,
                    _ => w.write_all(&c.to_le_bytes())?,
                }
            }
        }
        Ok(())
    })
}

/// Little-endian numbers from a reader.
struct Le<R>(R);

impl<R: Read> Le<R> {
    /// The next `N` bytes as a number: `r.num(u64::from_le_bytes)`.
    fn num<const N: usize, T>(&mut self, from: fn([u8; N]) -> T) -> std::io::Result<T> {
        let mut b = [0u8; N];
        self.0.read_exact(&mut b)?;
        Ok(from(b))
    }

    /// `n` partitions with counters read by `count`; keys must fit
    /// `rest_bits`.
    fn parts<C: Count>(
        &mut self,
        n: usize,
        rest_bits: u64,
        mut count: impl FnMut(&mut Self) -> std::io::Result<C>,
    ) -> std::io::Result<Result<Vec<Part<C>>, String>> {
        let mut parts = Vec::with_capacity(n);
        for p in 0..n {
            let len = self.num(u64::from_le_bytes)?;
            if len > 1 << rest_bits {
                return Ok(Err(format!("partition {p} claims {len} entries")));
            }
            let keys =
                (0..len).map(|_| self.num(u32::from_le_bytes)).collect::<Result<Vec<_>, _>>()?;
            if keys.iter().any(|&k| u64::from(k) >> rest_bits != 0) {
                return Ok(Err(format!("partition {p} holds a key outside {rest_bits} bits")));
            }
            let counts = (0..len).map(|_| count(self)).collect::<Result<Vec<_>, _>>()?;
            parts.push(Part::finished(keys, counts));
        }
        Ok(Ok(parts))
    }
}

/// Reads the checkpoint in `dir` if there is one; an error that names the
/// file if it belongs to another run (board, start, symmetry) or is
/// damaged.
pub(crate) fn load(dir: &Path, id: Ident) -> Result<Option<Loaded>, RunError> {
    let path = dir.join(FILE);
    let file = match fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(err(&path.display().to_string(), e)),
    };
    let mut r = Le(BufReader::with_capacity(1 << 20, file));
    let read = |r: &mut Le<BufReader<fs::File>>| -> std::io::Result<Result<Loaded, String>> {
        if &r.num(|b: [u8; 8]| b)? != MAGIC {
            return Ok(Err("not a peg-solitaire statistics checkpoint".into()));
        }
        let got = Ident {
            mask: r.num(u64::from_le_bytes)?,
            start: r.num(u64::from_le_bytes)?,
            group: r.num(u64::from_le_bytes)?,
            part_bits: r.num(u64::from_le_bytes)?,
            rest_bits: r.num(u64::from_le_bytes)?,
        };
        if got != id {
            return Ok(Err(
                "written for another board, start or symmetry setting than this run's; \
                 remove it, or give another directory, to start afresh"
                    .to_string(),
            ));
        }
        let depth = r.num(u32::from_le_bytes)?;
        let prev_len = r.num(u64::from_le_bytes)? as usize;
        let per_class = r.num(f64::from_le_bytes)?;
        let n = r.num(u32::from_le_bytes)?;
        if n != depth {
            return Ok(Err(format!("{n} finished levels before level {depth}")));
        }
        let levels =
            (0..n).map(|_| LevelStats::read_le(&mut r.0)).collect::<Result<Vec<_>, _>>()?;
        let width = r.num(u8::from_le_bytes)?;
        let np = r.num(u32::from_le_bytes)? as usize;
        if np != 1 << id.part_bits {
            return Ok(Err(format!("{np} partitions, expected {}", 1u64 << id.part_bits)));
        }
        let parts = match width {
            8 => match r.parts(np, id.rest_bits, |r| r.num(u64::from_le_bytes))? {
                Ok(p) => Parts::Narrow(p),
                Err(e) => return Ok(Err(e)),
            },
            16 => match r.parts(np, id.rest_bits, |r| r.num(u128::from_le_bytes))? {
                Ok(p) => Parts::Wide(p),
                Err(e) => return Ok(Err(e)),
            },
            w => return Ok(Err(format!("counters of {w} bytes"))),
        };
        // Nothing may follow.
        if r.0.read(&mut [0u8; 1])? != 0 {
            return Ok(Err("trailing bytes".into()));
        }
        Ok(Ok(Loaded { depth, prev_len, per_class, levels, parts }))
    };
    let name = path.display().to_string();
    match read(&mut r) {
        Ok(Ok(cp)) => Ok(Some(cp)),
        Ok(Err(msg)) => Err(err(&name, msg)),
        Err(e) => Err(err(&name, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id() -> Ident {
        Ident {
            mask: 0x1c1c7f7f7f1c1c,
            start: 0x1c1c7f777f1c1c,
            group: 8,
            part_bits: 2,
            rest_bits: 6,
        }
    }

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

    fn parts<C: Count>(big: C) -> Vec<Part<C>> {
        vec![
            Part::finished(vec![1, 5, 63], vec![C::from_u64(1), C::from_u64(2), big]),
            Part::finished(vec![], vec![]),
            Part::finished(vec![0], vec![C::from_u64(7)]),
            Part::finished(vec![2, 3], vec![C::from_u64(8), C::from_u64(9)]),
        ]
    }

    fn entries<C: Count>(parts: &[Part<C>]) -> Vec<Vec<(u32, u128)>> {
        parts.iter().map(|p| p.entries().map(|(k, c)| (k, c.into())).collect()).collect()
    }

    #[test]
    fn round_trip_both_widths_and_refusals() {
        let dir = std::env::temp_dir().join(format!("spielbaum-snap-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        assert!(load(&dir, id()).unwrap().is_none());
        let levels = vec![stats(0), stats(1)];
        let at = Progressed { depth: 2, prev_len: 4, per_class: 2.5, levels: &levels };
        let narrow = parts(u64::MAX);
        save(&dir, id(), &at, &narrow).unwrap();
        let cp = load(&dir, id()).unwrap().unwrap();
        assert_eq!((cp.depth, cp.prev_len, cp.per_class), (2, 4, 2.5));
        assert_eq!(cp.levels, levels);
        let Parts::Narrow(p) = cp.parts else { panic!("narrow counters expected") };
        assert_eq!(entries(&p), entries(&narrow));
        let wide = parts(u128::MAX);
        save(&dir, id(), &at, &wide).unwrap();
        let Parts::Wide(p) = load(&dir, id()).unwrap().unwrap().parts else {
            panic!("wide counters expected")
        };
        assert_eq!(entries(&p), entries(&wide));

        // Another run's identity, a damaged file, a foreign file.
        let other = Ident { group: 1, ..id() };
        let e = load(&dir, other).err().unwrap().to_string();
        assert!(e.contains(FILE) && e.contains("another board"), "{e}");
        let path = dir.join(FILE);
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        let e = load(&dir, id()).err().unwrap().to_string();
        assert!(e.contains(FILE), "{e}");
        let mut extra = bytes.clone();
        extra.push(0);
        fs::write(&path, &extra).unwrap();
        assert!(load(&dir, id()).is_err());
        fs::write(&path, b"SPBFSCK2 something else").unwrap();
        let e = load(&dir, id()).err().unwrap().to_string();
        assert!(e.contains("not a peg-solitaire"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }
}
