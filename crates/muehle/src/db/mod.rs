//! Endgame databases of Nine Men's Morris: every position of the moving
//! and flying phases with up to a given number of stones a side, solved by
//! the perfect-index retrograde of
//! [`spielbaum_bfs_reach::perfect`], with the value for the side to move
//! and the plies to the end.
//!
//! ```no_run
//! use spielbaum_muehle::db;
//! use spielbaum_game_trait::Notation;
//!
//! let dir = std::path::Path::new("muehle-db");
//! db::build(dir, 3, |_| spielbaum_bfs_reach::Control::Continue)?;
//! let base = db::open(dir);
//! let pos = db::parse_position("W.W/.../.../W..B../.../B../..B b 0 0 0")?;
//! println!("{:?}", base.probe(&pos)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the values mean
//!
//! The tables hold the values of the game-theoretic game: no draw by
//! repetition, no N-move rule. A win is a position whose side to move can
//! force the opponent down to two stones or into a position without a move;
//! a loss, the reverse; every other position is a draw (neither side can
//! force a win, so with best play the game goes on for ever, which any
//! repetition rule ends as a draw). Wins come with the plies the winner
//! needs at most, losses with the plies the loser can hold out (the winner
//! hurries, the loser delays), counting through captures to the end of the
//! game. Under an N-move rule a win longer than the plies left before the
//! rule applies may be only a draw: the tables do not know the counter.
//!
//! # Parts
//!
//! - [`EndgameIndex`]: the index (layout, symmetry, subspaces) in
//!   `index.rs`;
//! - [`build`], [`open`], [`probe`]: the database on disk;
//! - [`DbEval`] and [`DbAgent`]: the hooks for the generic searcher
//!   (exact leaves inside a search, perfect moves at the root) in
//!   `hooks.rs`; [`crate::MillEngine::set_db`] gives the game's own
//!   engine the tables ([`shared`] opens a directory once per process,
//!   [`largest_built`] finds what is there).

mod hooks;
mod index;

use std::path::Path;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use spielbaum_bfs_reach::perfect::{Database, PerfectError, PerfectIndex, PerfectSolver};
use spielbaum_bfs_reach::retrograde::Value;
use spielbaum_bfs_reach::{Control, Progress};
use spielbaum_game_trait::{Game, Notation, NotationError};

pub use hooks::{DbAgent, DbEval, db_score};
pub(crate) use hooks::{covered, load_all};
pub use index::{END, EndgameIndex, MAX_STONES, Space};

use crate::position::Position;

/// The database of the endgame index (tables read from a directory on
/// use).
pub type EndgameDb = Database<'static, EndgameIndex>;

/// The one index (its tables are shared by every database).
pub fn index() -> &'static EndgameIndex {
    static INDEX: OnceLock<EndgameIndex> = OnceLock::new();
    INDEX.get_or_init(EndgameIndex::new)
}

/// The database whose tables lie in `dir` (read and checksum-verified on
/// first use; a missing or damaged file is an error naming it).
pub fn open(dir: &Path) -> EndgameDb {
    Database::open(index(), dir)
}

/// One subspace built (or found on disk) by [`build`].
#[derive(Clone, Debug)]
pub struct Built {
    /// The subspace.
    pub space: Space,
    /// Its table file's name.
    pub file: String,
    /// Indices (positions and symmetric holes).
    pub size: u64,
    /// Draws, wins, losses (for the side to move) and holes, in this order
    /// (indexed by value code, as `SpaceTable::counts`).
    pub counts: [u64; 4],
    /// The longest win or loss, in plies.
    pub max_plies: u32,
    /// Time spent solving; `None` if the table was already on disk.
    pub time: Option<Duration>,
}

/// Solves every subspace with at most `max_stones` stones a side (and the
/// finished positions they capture into) into `dir`, smallest first. A
/// subspace whose file exists is not solved again, so a stopped build
/// resumes at the first missing subspace; every table is then read back
/// (checksum verified) and counted. `progress` sees the solver's phases
/// (`"space"`, `"init"`, `"propagate"`); [`Control::Stop`] ends the run
/// with [`PerfectError::Stopped`], keeping finished subspaces.
pub fn build(
    dir: &Path,
    max_stones: u8,
    mut progress: impl FnMut(Progress) -> Control,
) -> Result<Vec<Built>, PerfectError> {
    build_each(dir, max_stones, &mut progress, |_| {})
}

/// [`build`], calling `done` after each subspace.
pub fn build_each(
    dir: &Path,
    max_stones: u8,
    progress: &mut dyn FnMut(Progress) -> Control,
    mut done: impl FnMut(&Built),
) -> Result<Vec<Built>, PerfectError> {
    std::fs::create_dir_all(dir).map_err(|e| PerfectError::File {
        path: dir.to_path_buf(),
        reason: format!("cannot create the directory: {e}"),
    })?;
    let idx = index();
    let mut spaces = vec![END];
    spaces.extend(EndgameIndex::spaces_up_to(max_stones));
    let mut out = Vec::new();
    for space in spaces {
        let file = format!("{}.spv", idx.space_name(space));
        let existed = dir.join(&file).is_file();
        let start = Instant::now();
        PerfectSolver::new(idx).dir(dir).progress(&mut *progress).solve(&[space])?;
        let time = (!existed).then(|| start.elapsed());
        let table = open(dir).table(space)?;
        let max_plies = (0..table.len())
            .filter_map(|i| table.value(i).and_then(|v| v.plies()))
            .max()
            .unwrap_or(0);
        let built =
            Built { space, file, size: table.len(), counts: table.counts(), max_plies, time };
        done(&built);
        out.push(built);
    }
    Ok(out)
}

/// Parses a standard-game position text (`board side white-hand black-hand
/// counter`, see the notation docs) or, if that fails, a list of moves from
/// the start separated by spaces or commas. Errors name the bad part.
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    let start = Position::new(crate::rules::Rules::default());
    match start.parse_position(text) {
        Ok(p) => Ok(p),
        Err(as_position) => {
            let words: Vec<&str> = text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .collect();
            // A text with a board field is a position text: report that error.
            if words.is_empty() || words[0].contains('/') {
                return Err(as_position);
            }
            let mut pos = start;
            for w in words {
                let mv = pos.parse_move(w)?;
                pos.play(mv);
            }
            Ok(pos)
        }
    }
}

/// The largest `n` such that every table with up to `n` stones a side
/// (and the table of finished positions) has its file in `dir`; `None` if
/// not even the 3-3 tables are there. Only looks at the file names: a
/// damaged file is found when it is read.
pub fn largest_built(dir: &Path) -> Option<u8> {
    let idx = index();
    let there = |space: Space| dir.join(format!("{}.spv", idx.space_name(space))).is_file();
    if !there(END) {
        return None;
    }
    (3..=MAX_STONES).take_while(|&n| EndgameIndex::spaces_up_to(n).into_iter().all(there)).last()
}

/// The database of `dir`, shared by every caller in the process that
/// opens the same directory (its tables are read once).
pub fn shared(dir: &Path) -> std::sync::Arc<EndgameDb> {
    use std::collections::HashMap;
    use std::path::PathBuf;
    use std::sync::{Arc, Mutex};
    static OPEN: OnceLock<Mutex<HashMap<PathBuf, Arc<EndgameDb>>>> = OnceLock::new();
    let mut open = OPEN.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(open.entry(dir.to_path_buf()).or_insert_with(|| Arc::new(self::open(dir))))
}

/// The value of `pos` for its side to move from the tables in `db`;
/// `Ok(None)` if no table can cover it (stones in hand, another variant or
/// other rules, more than nine stones a side). A table that is not built,
/// missing or damaged is an error naming its file.
pub fn probe(db: &EndgameDb, pos: &Position) -> Result<Option<Value>, PerfectError> {
    db.probe(pos)
}

#[cfg(test)]
mod tests;
