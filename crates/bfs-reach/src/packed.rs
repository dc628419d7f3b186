//! The packed level engine: the level-synchronous search of
//! [`level`](crate::level) for games whose positions pack into keys of at
//! most [`MAX_KEY_BITS`] bits ([`LevelCodec`]), written for speed and
//! memory — about 12 bytes per stored class instead of 24, and several
//! times faster (peg solitaire: see `docs/bfs-reach.md`).
//!
//! - The codec expands a packed key into the canonical packed keys of its
//!   successors ([`Expander`]); the engine splits each key into a partition
//!   and a rest of at most 25 bits stored as a `u32` ([`KeyLayout`]).
//! - A level is expanded in rounds of current partitions, each buffering a
//!   quarter of the next level's tables in records (between
//!   [`PACKED_ROUND_MIN_BYTES`](crate::params::PACKED_ROUND_MIN_BYTES) and
//!   [`PACKED_ROUND_BYTES`](crate::params::PACKED_ROUND_BYTES)): current
//!   partitions go to whichever thread is free, each thread writes its
//!   records into its own bucket per next partition (one arena per
//!   thread), then the threads merge disjoint ranges of next partitions
//!   into their tables (open addressing, key and counter arrays side by
//!   side, a key's first probe eight slots at once), so a table is updated
//!   while it sits in the cache and no lock is needed. A table is emptied
//!   just before the first round merges into it, read through once before
//!   each later round, and compacted right after the last one.
//! - A record is one word (25 key bits and a 39-bit counter) while every
//!   counter of the level is below 2^39 − 1; otherwise a counter that does
//!   not fit is escaped (all ones in the word's counter bits) and follows
//!   in one more word (`u64`) or two (`u128`). Counters are `u64` while the
//!   next level's counters provably fit (`largest counter ×`
//!   [`LevelCodec::fan_in`] `< 2^64`), `u128` afterwards.
//! - With a checkpoint directory, each finished level's successor level and
//!   the statistics so far are written to `checkpoint.bin` (the format of
//!   every level engine of this crate, with a CRC-32 over the whole file),
//!   and a run starts from the checkpoint it finds there.
//! - The processor's extensions are a [`Cpu`] value passed in
//!   ([`PackedBfs::cpu`]; default [`Cpu::from_env`]).
//!
//! Symmetry is the codec's: it normalises by the start's stabiliser, which
//! keeps every count exact for any start (see [`level`](crate::level)).

mod buckets;
mod codec;
mod expand;
mod level;
pub(crate) mod part;

use std::path::PathBuf;

pub use codec::{Expander, KeyLayout, LevelCodec, MAX_KEY_BITS, Node, UseExpander};

use crate::checkpoint::{self, Body, Header, Kind};
use crate::control::{Control, Progress, RunError};
use crate::cpu::Cpu;
use crate::level::{LevelStats, Summary};
use buckets::escape;
use expand::{Ctx, Step, Worker, level_step};
use level::{Level, ORBITS, widen};
use part::{Count, Part};

type ProgressFn<'a> = Box<dyn FnMut(Progress) -> Control + 'a>;

/// The packed level search; configure, then [`run`](PackedBfs::run).
pub struct PackedBfs<'a> {
    max_depth: Option<u32>,
    threads: Option<usize>,
    checkpoint: Option<PathBuf>,
    cpu: Option<Cpu>,
    start_paths: u64,
    progress: Option<ProgressFn<'a>>,
}

impl Default for PackedBfs<'_> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> PackedBfs<'a> {
    /// Defaults: no depth limit, one thread per core (rayon's count), no
    /// checkpoint, [`Cpu::from_env`], one path to the start, no progress.
    pub fn new() -> Self {
        PackedBfs {
            max_depth: None,
            threads: None,
            checkpoint: None,
            cpu: None,
            start_paths: 1,
            progress: None,
        }
    }

    /// Stop after the level at this depth (its statistics are complete).
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Run on this many threads.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = Some(n.max(1));
        self
    }

    /// After every finished level, write the next level to
    /// `dir/checkpoint.bin` (atomically); a later run with the same codec
    /// identity resumes from it.
    pub fn checkpoint(mut self, dir: impl Into<PathBuf>) -> Self {
        self.checkpoint = Some(dir.into());
        self
    }

    /// The processor extensions to use (default: [`Cpu::from_env`], read
    /// when the run starts).
    pub fn cpu(mut self, cpu: Cpu) -> Self {
        self.cpu = Some(cpu);
        self
    }

    /// Paths to the start (default 1): every path counter is multiplied by
    /// it (a run continuing from a position reached `m` ways).
    pub fn start_paths(mut self, m: u64) -> Self {
        self.start_paths = m.max(1);
        self
    }

    /// Called after every round of expansion; return [`Control::Stop`] to
    /// stop (finished levels are kept).
    pub fn progress(mut self, f: impl FnMut(Progress) -> Control + 'a) -> Self {
        self.progress = Some(Box::new(f));
        self
    }

    /// Runs from `start`, calling `on_level` with the statistics and
    /// contents of each finished level; `Control::Stop` ends the run after
    /// that level. An error if a checkpoint cannot be read or written.
    ///
    /// # Panics
    /// If the codec breaks its contract: keys of more than
    /// [`MAX_KEY_BITS`] bits, or a group of more than 16 elements.
    pub fn run<X, F>(
        mut self,
        codec: &X,
        start: &X::Position,
        mut on_level: F,
    ) -> Result<Summary, RunError>
    where
        X: LevelCodec,
        F: FnMut(&LevelStats, &PackedView<'_, X>) -> Control,
    {
        let bits = codec.key_bits();
        let layout = KeyLayout::new(bits)
            .unwrap_or_else(|| panic!("packed keys of {bits} bits (1 to {MAX_KEY_BITS})"));
        let group = codec.group_size();
        assert!((1..ORBITS).contains(&group), "a group of {group} elements (1 to 16)");
        let threads = self.threads.unwrap_or_else(rayon::current_num_threads).max(1);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok();
        let cpu = self.cpu.unwrap_or_else(Cpu::from_env);
        let ctx = Ctx { codec, layout, group, threads, pool, cpu };
        let mut progress = self.progress.take();
        let mut progress = |p: Progress| progress.as_mut().map_or(Control::Continue, |f| f(p));
        run_levels(&ctx, &self, codec.canonical(start), &mut on_level, &mut progress)
    }
}

/// A finished level inside the level callback: its canonical packed keys
/// with their class counters (empty for levels read from a checkpoint).
pub struct PackedView<'a, X> {
    codec: &'a X,
    layout: KeyLayout,
    parts: Stored<'a>,
}

enum Stored<'a> {
    None,
    Narrow(&'a [Part<u64>]),
    Wide(&'a [Part<u128>]),
}

impl<'a, X> PackedView<'a, X> {
    fn new(codec: &'a X, layout: KeyLayout, parts: Stored<'a>) -> Self {
        PackedView { codec, layout, parts }
    }
}

impl<X: LevelCodec> PackedView<'_, X> {
    /// `(canonical packed key, class counter)` of every stored position.
    pub fn iter(&self) -> Box<dyn Iterator<Item = (u64, u128)> + '_> {
        let layout = self.layout;
        fn all<C: Count>(
            parts: &[Part<C>],
            layout: KeyLayout,
        ) -> impl Iterator<Item = (u64, u128)> + '_ {
            parts.iter().enumerate().flat_map(move |(p, part)| {
                part.entries().map(move |(rest, c)| (layout.join(p, rest), c.into()))
            })
        }
        match self.parts {
            Stored::None => Box::new(core::iter::empty()),
            Stored::Narrow(parts) => Box::new(all(parts, layout)),
            Stored::Wide(parts) => Box::new(all(parts, layout)),
        }
    }

    /// Number of stored positions.
    pub fn len(&self) -> usize {
        match self.parts {
            Stored::None => 0,
            Stored::Narrow(parts) => parts.iter().map(|p| p.len).sum(),
            Stored::Wide(parts) => parts.iter().map(|p| p.len).sum(),
        }
    }

    /// `true` if no position is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The packed keys of the real positions in the class of a stored key;
    /// a class counter divided by their number is each member's counter.
    pub fn members(&self, key: u64) -> Vec<u64> {
        self.codec.members(key)
    }

    /// The position of a packed key.
    pub fn position(&self, key: u64) -> X::Position {
        self.codec.unpack(key)
    }
}

/// The levels of a run: `u64` counters while they provably fit, `u128`
/// afterwards.
struct Levels {
    small: Level<u64>,
    next_small: Level<u64>,
    big: Option<Level<u128>>,
    next_big: Level<u128>,
}

fn run_levels<X: LevelCodec>(
    ctx: &Ctx<'_, X>,
    spec: &PackedBfs<'_>,
    start_key: u64,
    on_level: &mut dyn FnMut(&LevelStats, &PackedView<'_, X>) -> Control,
    progress: &mut dyn FnMut(Progress) -> Control,
) -> Result<Summary, RunError> {
    let max_depth = spec.max_depth.unwrap_or(u32::MAX);
    let (layout, codec) = (ctx.layout, ctx.codec);
    let nparts = 1usize << layout.part_bits();
    let rb = layout.rest_bits();
    let fan_in = codec.fan_in().max(1);

    let mut lv = Levels {
        small: Level::new(nparts),
        next_small: Level::new(nparts),
        big: None,
        next_big: Level::new(nparts),
    };
    let (p, rest) = layout.split(start_key);
    lv.small.parts[p] = Part::single(rest, spec.start_paths);
    let start_paths = u128::from(spec.start_paths);
    (lv.small.len, lv.small.paths, lv.small.max) = (1, start_paths, start_paths);
    lv.small.big = usize::from(start_paths >= u128::from(escape(rb)));
    let mut workers: Vec<Worker> = Vec::new();
    let mut summary = Summary::default();
    let mut prev_len = 1usize;
    let mut per_class = 4.0f64;
    // --- Checkpoint: resume at the first level not finished ---------------
    let mut identity = vec![u64::from(codec.key_bits()), nparts as u64, u64::from(rb)];
    identity.extend(codec.identity());
    let mut first = 0;
    if let Some(dir) = &spec.checkpoint
        && let Some((head, body)) = checkpoint::load(dir, Kind::Packed, &identity, nparts, rb)?
    {
        match body {
            Body::Narrow(parts) => lv.small = Level::finished(parts, rb),
            Body::Wide(parts) => {
                lv.big = Some(Level::finished(parts, rb));
                lv.small = Level::new(0);
                lv.next_small = Level::new(0);
            }
            Body::Keys64(_) => unreachable!("checked by the loader"),
        }
        (first, prev_len, per_class) = (head.depth, head.prev_len as usize, head.per_class);
        summary.resumed_levels = head.levels.len().min(max_depth as usize + 1);
        for stats in head.levels.iter().take(max_depth as usize + 1) {
            summary.levels.push(stats.clone());
            if on_level(stats, &PackedView::new(codec, layout, Stored::None)) == Control::Stop {
                return Ok(summary);
            }
        }
        if first > max_depth {
            return Ok(summary);
        }
    }
    for depth in first..=max_depth {
        let last = depth == max_depth;
        if lv.big.is_none() && lv.small.max * fan_in >= 1u128 << 64 {
            lv.big = Some(widen(std::mem::replace(&mut lv.small, Level::new(0))));
            // The u64 levels are done: give their memory back.
            lv.next_small = Level::new(0);
        }
        let mut stop = false;
        let mut round_progress = |done: u64, total: u64| {
            let p = Progress { phase: "expand", level: depth, done, total: Some(total) };
            if progress(p) == Control::Stop {
                stop = true;
            }
            !stop
        };
        let step = Step { depth, last, prev_len, per_class };
        let (stats, control, len) = match lv.big.as_mut() {
            None => {
                let (cur, next) = (&lv.small, &mut lv.next_small);
                let st = level_step(ctx, cur, next, &mut workers, step, &mut round_progress);
                let control = st.as_ref().map(|s| {
                    on_level(s, &PackedView::new(codec, layout, Stored::Narrow(&cur.parts)))
                });
                prev_len = cur.len;
                std::mem::swap(&mut lv.small, &mut lv.next_small);
                (st, control, lv.small.len)
            }
            Some(b) => {
                let st =
                    level_step(ctx, b, &mut lv.next_big, &mut workers, step, &mut round_progress);
                let control = st
                    .as_ref()
                    .map(|s| on_level(s, &PackedView::new(codec, layout, Stored::Wide(&b.parts))));
                prev_len = b.len;
                std::mem::swap(b, &mut lv.next_big);
                (st, control, b.len)
            }
        };
        let (Some(stats), Some(control)) = (stats, control) else {
            return Ok(summary);
        };
        per_class = stats.moves as f64 / stats.canonical.max(1) as f64;
        let finished = stats.moves == 0;
        summary.levels.push(stats);
        if finished {
            summary.complete = true;
            return Ok(summary);
        }
        if let Some(dir) = &spec.checkpoint
            && !last
            && len > 0
        {
            let head = Header {
                kind: Kind::Packed,
                identity: identity.clone(),
                depth: depth + 1,
                prev_len: prev_len as u64,
                per_class,
                levels: summary.levels.clone(),
            };
            match &lv.big {
                None => checkpoint::save(dir, &head, &lv.small.parts)?,
                Some(b) => checkpoint::save(dir, &head, &b.parts)?,
            }
        }
        if stop || control == Control::Stop || last || len == 0 {
            return Ok(summary);
        }
    }
    Ok(summary)
}
