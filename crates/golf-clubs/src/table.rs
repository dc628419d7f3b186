//! Stroke tables (§3–6): the minimal number of strokes for every hole
//! length, by the text's active-list search (on 707 or, with the first
//! Tübingen optimisation, 358 fields) or by the bit-parallel search.

use core::fmt;

use spielbaum_bfs_reach::dense::{Control, DenseBfs, Stop};

use crate::bits::{self, with_words};
use crate::error::GolfError;
use crate::rules::{ClubSet, Rules};
use crate::tournament::Tournament;

/// Which fields the active-list search marks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Method {
    /// §4: the ball's path, `element ± club`, on all fields
    /// `1..=max_hole + max_club − 1` (707).
    Forward,
    /// §5, the first Tübingen optimisation: `club ± element` on the fields
    /// `1..=max_hole` (358). Gives the same table as [`Method::Forward`].
    Tuebingen,
    /// `element ± club` on only `1..=max_hole`: the counter-check. It misses
    /// paths that must pass beyond the longest hole, so its table is wrong
    /// for some club sets (see the tests).
    NaiveShort,
}

/// Minimal strokes for every hole length `1..=max_hole`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct StrokeTable {
    /// Index = hole length; `u16::MAX` = unreachable; index 0 unused.
    strokes: Vec<u16>,
}

impl StrokeTable {
    /// An empty table for holes `1..=max_hole` (fill it with
    /// [`strokes_into`]).
    pub fn unreached(max_hole: u32) -> Self {
        StrokeTable { strokes: vec![u16::MAX; max_hole as usize + 1] }
    }

    /// Minimal strokes for a hole of length `hole`, or `None` if it cannot
    /// be holed (the gcd of the clubs does not divide it) or is out of range.
    pub fn get(&self, hole: u32) -> Option<u32> {
        match self.strokes.get(hole as usize) {
            Some(&s) if hole > 0 && s != u16::MAX => Some(u32::from(s)),
            _ => None,
        }
    }

    /// Longest hole of the table.
    pub fn max_hole(&self) -> u32 {
        self.strokes.len() as u32 - 1
    }

    /// `(hole, strokes)` for every hole `1..=max_hole`.
    pub fn iter(&self) -> impl Iterator<Item = (u32, Option<u32>)> + '_ {
        (1..=self.max_hole()).map(|h| (h, self.get(h)))
    }

    /// The exact numerator of the expected strokes of a tournament (divide
    /// by its denominator), or `None` if a needed hole is unreachable.
    pub fn numerator(&self, t: &Tournament) -> Option<u64> {
        t.needed()
            .iter()
            .map(|&n| self.get(n).map(|s| u64::from(s) * t.weights()[n as usize]))
            .sum()
    }
}

impl fmt::Debug for StrokeTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|(_, s)| s)).finish()
    }
}

/// The minimal strokes for every hole (bit-parallel search; the fastest
/// way). Errs if a club is longer than the rules allow.
pub fn strokes(clubs: &ClubSet, rules: &Rules) -> Result<StrokeTable, GolfError> {
    let mut table = StrokeTable::unreached(rules.max_hole());
    strokes_into(clubs, rules, &mut table)?;
    Ok(table)
}

/// [`strokes`] into an existing table (no allocation once the table has
/// the rules' size).
pub fn strokes_into(
    clubs: &ClubSet,
    rules: &Rules,
    table: &mut StrokeTable,
) -> Result<(), GolfError> {
    rules.check(clubs)?;
    let max_hole = rules.max_hole();
    table.strokes.resize(max_hole as usize + 1, u16::MAX);
    with_words!(bits::words(max_hole), fill_bits(clubs.as_slice(), max_hole, &mut table.strokes));
    Ok(())
}

fn fill_bits<const W: usize>(clubs: &[u32], max_hole: u32, out: &mut [u16]) {
    bits::table::<W>(clubs, max_hole, out);
}

/// The text's active-list search (§4), reusable: one [`DenseBfs`] over the
/// fields `0..=max_hole + max_club − 1`, allocated once.
#[derive(Clone, Debug)]
pub struct ActiveList {
    bfs: DenseBfs,
    rules: Rules,
}

impl ActiveList {
    /// A search for these rules.
    pub fn new(rules: &Rules) -> Self {
        ActiveList { bfs: DenseBfs::new(rules.fields() as usize + 1), rules: *rules }
    }

    fn states(&self, method: Method) -> u32 {
        match method {
            Method::Forward => self.rules.fields(),
            Method::Tuebingen | Method::NaiveShort => self.rules.max_hole(),
        }
    }

    /// Runs the search; `targets` (if not empty) stop it early (§7).
    fn run(&mut self, clubs: &[u32], method: Method, targets: &[u32]) -> Stop {
        let last = self.states(method);
        // Ignore results beyond the table: the BFS ignores states >= its
        // size, so map them there.
        let cap = |t: u32| if t > last { u32::MAX } else { t };
        // `set_targets` and `run` cannot fail: targets and the source are
        // within the table (holes <= max_hole <= fields).
        let _ = self.bfs.set_targets(targets);
        let run = match method {
            Method::Forward | Method::NaiveShort => self.bfs.run(
                &[0],
                |s| clubs.iter().flat_map(move |&c| [cap(s + c), s.wrapping_sub(c)]),
                |_| Control::Continue,
            ),
            Method::Tuebingen => self.bfs.run(
                &[0],
                |s| clubs.iter().flat_map(move |&c| [cap(c + s), c.wrapping_sub(s)]),
                |_| Control::Continue,
            ),
        };
        run.map(|r| r.stop).unwrap_or(Stop::Exhausted)
    }

    /// The stroke table by the given method. Errs if a club is longer than
    /// the rules allow.
    pub fn table(&mut self, clubs: &ClubSet, method: Method) -> Result<StrokeTable, GolfError> {
        self.rules.check(clubs)?;
        self.run(clubs.as_slice(), method, &[]);
        let mut table = StrokeTable::unreached(self.rules.max_hole());
        for h in 1..=self.rules.max_hole() {
            if let Some(d) = self.bfs.distance(h) {
                table.strokes[h as usize] = d as u16;
            }
        }
        Ok(table)
    }

    /// The exact numerator of the expected strokes (§7) by the Tübingen
    /// active list; with `early_stop`, the search ends once every needed
    /// field is found. `None` if a needed hole is unreachable.
    /// The tournament must have been read with the same rules.
    pub fn numerator(&mut self, clubs: &ClubSet, t: &Tournament, early_stop: bool) -> Option<u64> {
        if self.rules.check(clubs).is_err() || t.max_hole() != self.rules.max_hole() {
            return None;
        }
        let targets: &[u32] = if early_stop { t.needed() } else { &[] };
        self.run(clubs.as_slice(), Method::Tuebingen, targets);
        t.needed()
            .iter()
            .map(|&n| self.bfs.distance(n).map(|d| u64::from(d) * t.weights()[n as usize]))
            .sum()
    }
}

/// The active list hand-tuned for golf (§10): the Tübingen marking with
/// `u16` fields and list, no closures, writing straight into its table.
/// Reusable; allocates nothing per search.
#[derive(Clone, Debug)]
pub struct TunedActiveList {
    table: StrokeTable,
    list: Vec<u16>,
    rules: Rules,
}

impl TunedActiveList {
    /// A search for these rules.
    pub fn new(rules: &Rules) -> Self {
        TunedActiveList {
            table: StrokeTable::unreached(rules.max_hole()),
            list: Vec::with_capacity(rules.max_hole() as usize + 1),
            rules: *rules,
        }
    }

    /// The stroke table (same as [`strokes`]). Errs if a club is longer
    /// than the rules allow.
    pub fn table(&mut self, clubs: &ClubSet) -> Result<&StrokeTable, GolfError> {
        self.rules.check(clubs)?;
        let dist = &mut self.table.strokes;
        let max = dist.len() - 1;
        let list = &mut self.list;
        dist.fill(u16::MAX);
        list.clear();
        dist[0] = 0;
        list.push(0);
        let (mut start, mut level) = (0, 0u16);
        while start < list.len() {
            let end = list.len();
            level += 1;
            for i in start..end {
                let v = list[i] as usize;
                for &c in clubs.as_slice() {
                    let c = c as usize;
                    let up = c + v;
                    if up <= max && dist[up] == u16::MAX {
                        dist[up] = level;
                        list.push(up as u16);
                    }
                    if c > v && dist[c - v] == u16::MAX {
                        dist[c - v] = level;
                        list.push((c - v) as u16);
                    }
                }
            }
            start = end;
        }
        // Field 0 is the tee, not a hole.
        dist[0] = u16::MAX;
        Ok(&self.table)
    }
}
