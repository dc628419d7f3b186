//! Complete statistics of a board from a start: per level (number of pegs)
//! positions, canonical positions, symmetry classes and paths, and the
//! number of paths that end with one peg in each hole — through
//! [`spielbaum_bfs_reach::LevelBfs`].

use std::path::PathBuf;

use spielbaum_bfs_reach::{Control, Cpu, LevelBfs, LevelStats, PackedBfs, Progress, RunError};

use crate::board::Board;
use crate::codec::{PegCodec, applies, stabiliser};
use crate::geometry::Transform;
use crate::position::Peg;

/// Options of a statistics run.
#[derive(Clone, Debug)]
pub struct StatsOptions {
    /// Normalise by the symmetries of the start (default `true`); the counts
    /// are exact either way.
    pub symmetry: bool,
    /// Stop after the level with this many pegs.
    pub down_to: Option<u32>,
    /// Threads (default: rayon's global pool, one per core).
    pub threads: Option<usize>,
    /// Directory for a checkpoint after every level (resume on restart).
    pub checkpoint: Option<PathBuf>,
    /// The processor extensions of the packed engine (default `None`:
    /// [`Cpu::from_env`] when the run starts; `Some(Cpu::portable())`
    /// forces the portable path).
    pub cpu: Option<Cpu>,
}

impl Default for StatsOptions {
    fn default() -> Self {
        StatsOptions { symmetry: true, down_to: None, threads: None, checkpoint: None, cpu: None }
    }
}

/// The statistics of one level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PegLevel {
    /// Pegs on the board at this level.
    pub pegs: u32,
    /// The engine's statistics (positions, canonical, by orbit size, paths,
    /// dead ends, goals).
    pub stats: LevelStats,
}

/// The statistics of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistics {
    /// One entry per level, the start first.
    pub levels: Vec<PegLevel>,
    /// For each hole (bit index, in bit order): the paths that end with one
    /// peg there. Empty unless the run reached the one-peg level.
    pub one_peg_paths: Vec<(u32, u128)>,
    /// `true` if every level was computed (no stop, no `down_to` cut).
    pub complete: bool,
}

impl Statistics {
    /// Real positions over all levels.
    pub fn total_positions(&self) -> u64 {
        self.levels.iter().map(|l| l.stats.positions).sum()
    }

    /// Canonical positions over all levels.
    pub fn total_canonical(&self) -> u64 {
        self.levels.iter().map(|l| l.stats.canonical).sum()
    }

    /// Paths ending with one peg in `hole`.
    pub fn one_peg_paths_at(&self, hole: u32) -> u128 {
        self.one_peg_paths.iter().find(|&&(h, _)| h == hole).map_or(0, |&(_, n)| n)
    }
}

/// Computes the statistics of every level reachable from `start`.
///
/// `on_level` sees each level as soon as it is finished; `progress` is
/// called a few times per level and may stop the run (finished levels are
/// kept in the result, which then has `complete == false`).
///
/// Boards of at most 37 holes run on bfs-reach's packed engine
/// ([`spielbaum_bfs_reach::PackedBfs`]) with peg solitaire's codec
/// (normalised by the start's own stabiliser among the board's symmetries,
/// or by none without [`StatsOptions::symmetry`]); others on the generic
/// [`spielbaum_bfs_reach::LevelBfs`] (see [`statistics_generic`]). Both give
/// identical statistics. With [`StatsOptions::checkpoint`] either writes
/// `checkpoint.bin` (one format, checksummed) after every level, and a
/// later run with the same board, start and symmetry setting resumes from
/// it; a checkpoint of another run or a damaged one is an error
/// ([`RunError::Checkpoint`]) that names the file.
pub fn statistics(
    start: &Peg<'_>,
    options: &StatsOptions,
    on_level: impl FnMut(&PegLevel),
    progress: impl FnMut(Progress) -> Control,
) -> Result<Statistics, RunError> {
    let (mut on_level, mut progress) = (on_level, progress);
    if applies(start.board())
        && let Some(s) = packed_statistics(start, options, &mut on_level, &mut progress)
    {
        return s;
    }
    statistics_generic(start, options, on_level, progress)
}

/// [`statistics`] always through the generic engine
/// [`spielbaum_bfs_reach::LevelBfs`] (the reference for the packed engine
/// that [`statistics`] takes for boards of at most 37 holes, with or
/// without a checkpoint).
pub fn statistics_generic(
    start: &Peg<'_>,
    options: &StatsOptions,
    mut on_level: impl FnMut(&PegLevel),
    progress: impl FnMut(Progress) -> Control,
) -> Result<Statistics, RunError> {
    let top = start.count();
    let mut bfs = LevelBfs::new().symmetry(options.symmetry).progress(progress);
    if let Some(p) = options.down_to {
        bfs = bfs.max_depth(top.saturating_sub(p.max(1)));
    }
    if let Some(n) = options.threads {
        bfs = bfs.threads(n);
    }
    if let Some(dir) = &options.checkpoint {
        bfs = bfs.checkpoint(dir.clone());
    }
    let mut levels = Vec::new();
    let mut one_peg: Vec<(u32, u128)> = Vec::new();
    let result = bfs.run(start, |stats, view| {
        let level = PegLevel { pegs: top - stats.depth, stats: stats.clone() };
        if level.pegs == 1 {
            one_peg = one_peg_paths(view.iter().map(|(key, count)| (view.members(key), count)));
        }
        on_level(&level);
        levels.push(level);
        Control::Continue
    });
    let summary = match result {
        Ok(s) => s,
        Err(RunError::Stopped) => {
            return Ok(Statistics { levels, one_peg_paths: one_peg, complete: false });
        }
        Err(e) => return Err(e),
    };
    Ok(Statistics { levels, one_peg_paths: one_peg, complete: summary.complete })
}

/// [`statistics`] through the packed engine
/// ([`spielbaum_bfs_reach::PackedBfs`]) and [`PegCodec`]; `None` if the
/// start's stabiliser has no codec (not 1, 2, 4 or 8 elements).
fn packed_statistics(
    start: &Peg<'_>,
    options: &StatsOptions,
    on_level: &mut dyn FnMut(&PegLevel),
    progress: &mut dyn FnMut(Progress) -> Control,
) -> Option<Result<Statistics, RunError>> {
    let ts = stabiliser(start, options.symmetry);
    match ts.len() {
        1 => packed_k::<1>(start, &ts, options, on_level, progress),
        2 => packed_k::<2>(start, &ts, options, on_level, progress),
        4 => packed_k::<4>(start, &ts, options, on_level, progress),
        8 => packed_k::<8>(start, &ts, options, on_level, progress),
        _ => None,
    }
}

fn packed_k<const K: usize>(
    start: &Peg<'_>,
    ts: &[Transform],
    options: &StatsOptions,
    on_level: &mut dyn FnMut(&PegLevel),
    progress: &mut dyn FnMut(Progress) -> Control,
) -> Option<Result<Statistics, RunError>> {
    let codec = PegCodec::<K>::new(start, ts)?;
    let top = start.count();
    let mut bfs = PackedBfs::new()
        .max_depth(top.saturating_sub(options.down_to.unwrap_or(1).max(1)))
        .cpu(options.cpu.unwrap_or_else(Cpu::from_env))
        .progress(progress);
    if let Some(n) = options.threads {
        bfs = bfs.threads(n);
    }
    if let Some(dir) = &options.checkpoint {
        bfs = bfs.checkpoint(dir.clone());
    }
    let mut levels = Vec::new();
    let mut one_peg: Vec<(u32, u128)> = Vec::new();
    let result = bfs.run(&codec, start, |stats, view| {
        let level = PegLevel { pegs: top - stats.depth, stats: stats.clone() };
        if level.pegs == 1 {
            one_peg = one_peg_paths(view.iter().map(|(key, count)| {
                let members: Vec<u64> =
                    view.members(key).iter().map(|&m| view.position(m).pegs()).collect();
                (members, count)
            }));
        }
        on_level(&level);
        levels.push(level);
        Control::Continue
    });
    Some(result.map(|s| Statistics { levels, one_peg_paths: one_peg, complete: s.complete }))
}

/// Paths ending with one peg per hole: each class's paths shared equally
/// by its members (their counts are equal by symmetry).
fn one_peg_paths(classes: impl Iterator<Item = (Vec<u64>, u128)>) -> Vec<(u32, u128)> {
    let mut out = Vec::new();
    for (members, count) in classes {
        let each = count / members.len().max(1) as u128;
        out.extend(members.iter().map(|m| (m.trailing_zeros(), each)));
    }
    out.sort_unstable();
    out
}

/// The hole names of [`Statistics::one_peg_paths`].
pub fn named(one_peg_paths: &[(u32, u128)]) -> Vec<(String, u128)> {
    one_peg_paths.iter().map(|&(h, n)| (Board::hole_name(h), n)).collect()
}
