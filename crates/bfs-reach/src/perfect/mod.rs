//! Retrograde solving over a perfect index: every position of a game is a
//! number in a dense range, values live in 2-bit tables, and no position,
//! key or edge is stored.
//!
//! The hash-map solver in [`retrograde`](crate::retrograde) keeps every
//! position and every edge in memory, which limits it to a few hundred
//! million positions. Games whose positions can be numbered densely (a
//! *perfect index*: "w white and b black stones on 24 points" is
//! `C(24, w) · C(24 − w, b)` numbers) can do far better: a game implements
//! [`PerfectIndex`] (rank, unrank, unmoves, subspaces and their
//! dependencies) and [`PerfectSolver`] computes win/loss/draw (2 bits) and
//! the plies to the end (16 bits) for every index of every subspace, in
//! dependency order, in parallel, with progress, stop and resume; finished
//! subspaces are written to disk with a checksum and read back on use
//! ([`Database`]).
//!
//! ```
//! use spielbaum_bfs_reach::perfect::{PerfectIndex, PerfectSolver};
//! use spielbaum_bfs_reach::retrograde::Value;
//! use spielbaum_game_trait::{Game, MoveList, Outcome, Player};
//!
//! /// "21" with takes of 1 or 2: whoever takes the last object wins.
//! #[derive(Clone, Debug)]
//! struct Take { left: u32, mover: Player }
//! impl Game for Take {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.mover }
//!     fn moves(&self, out: &mut MoveList<u32>) { out.extend((1..=2).filter(|&t| t <= self.left)) }
//!     fn play(&mut self, t: u32) { self.left -= t; self.mover = self.mover.other(); }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.left == 0).then(|| Outcome::Win(self.mover.other()))
//!     }
//!     fn key(&self) -> u64 { u64::from(self.left) << 1 | self.mover.index() as u64 }
//! }
//!
//! /// One subspace: index = 2 · objects left + side to move, 0..=21 objects.
//! struct TakeIndex;
//! impl PerfectIndex for TakeIndex {
//!     type Game = Take;
//!     type Space = ();
//!     fn size(&self, _: ()) -> u64 { 2 * 22 }
//!     fn rank(&self, p: &Take) -> Option<((), u64)> {
//!         (p.left <= 21).then(|| ((), u64::from(p.left) * 2 + p.mover.index() as u64))
//!     }
//!     fn unrank(&self, _: (), i: u64) -> Option<Take> {
//!         let mover = if i % 2 == 0 { Player::FIRST } else { Player::SECOND };
//!         Some(Take { left: (i / 2) as u32, mover })
//!     }
//!     fn unmoves(&self, p: &Take, out: &mut Vec<Take>) {
//!         // The other player took 1 or 2 from an unfinished position.
//!         for t in 1..=2 {
//!             if p.left + t <= 21 {
//!                 out.push(Take { left: p.left + t, mover: p.mover.other() });
//!             }
//!         }
//!     }
//!     fn space_name(&self, _: ()) -> String { "take".into() }
//! }
//!
//! let db = PerfectSolver::new(&TakeIndex).solve(&[()])?;
//! let start = Take { left: 21, mover: Player::FIRST };
//! assert_eq!(db.probe(&start)?, Some(Value::Loss(14))); // 21 is a multiple of 3
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The parts: [`PerfectIndex`] (this file), [`binomial`] ranking of
//! k-subsets for stone-counting games, [`SpaceTable`] (the 2-bit values and
//! distances of one subspace and their file format), and the solver
//! with its [`Database`] (`solve.rs`, design notes there and in
//! docs/bfs-reach.md).

use core::fmt::Debug;
use core::hash::Hash;

use spielbaum_game_trait::Game;

pub mod binomial;
mod solve;
mod table;

pub use solve::{Database, PerfectError, PerfectSolver};
pub use table::SpaceTable;

/// A dense numbering of a game's positions, split into *subspaces* that are
/// solved one after another.
///
/// # Subspaces and dependencies
///
/// A subspace ([`Space`](PerfectIndex::Space)) is a set of positions that
/// is solved in one go, with indices `0..size(space)`. Moves either stay in
/// the subspace (a stone moves: the position keeps its stone counts) or
/// lead to another subspace that must be solved first
/// ([`dependencies`](PerfectIndex::dependencies)): a capture in Nine Men's
/// Morris leads from "w white, b black" to "w, b − 1", whose table is then
/// only *probed*. The dependency graph must be acyclic; positions that can
/// reach each other must share a subspace.
///
/// # Side to move and colour swaps
///
/// Values are stored for the side to move. Both sides to move must be in
/// one subspace when play alternates inside it, since "white to move" and
/// "black to move" reach each other. A game whose rules are colour
/// symmetric may instead rank "black to move with (w, b)" as "white to move
/// with (b, w)" with colours swapped: [`rank`](PerfectIndex::rank) may map
/// a position to any index whose position has the *same value for its side
/// to move* (a symmetric image, a colour swap, or both). Then subspaces
/// (w, b) and (b, w) reach each other and form one subspace of the index
/// (one range of indices for (w, b) followed by one for (b, w)), unless
/// w = b. The engine never compares indices' sides to move: it compares
/// [`to_move`](Game::to_move) of a position with that of its exact
/// successor or exact predecessor only.
///
/// # Symmetry
///
/// An index that reduces by symmetry ranks every position to the index of
/// its class (e.g. the class's smallest representative, or a class number
/// from a lookup table, as Nine Men's Morris's 16 symmetries need) and
/// [`unrank`](PerfectIndex::unrank) returns one position of each class,
/// `None` for indices that number no class (holes). Requirement: the rules
/// commute with the symmetries (the image of a move is a move of the image
/// position), as the [`Game`] contract already demands of
/// [`symmetric`](Game::symmetric).
///
/// # Contract (checked by the solver where cheap)
///
/// - `unrank(s, i)` is `None` (a hole) or a position `p` with
///   `rank(p) == Some((s, i))`; every position reachable by moves from a
///   ranked position is ranked (in its subspace or in a dependency).
/// - [`unmoves`](PerfectIndex::unmoves)`(p)` lists exactly the positions
///   `q` *of p's subspace* that have a legal move `m` with
///   `q.after(m) == p` exactly (not a symmetric image). Positions of other
///   subspaces are left out: they are solved later and probe this one.
/// - Positions with no legal move are finished ([`Game::outcome`]).
/// - Moves of one position that reach the same index either all pass the
///   turn or all keep it (true whenever the index distinguishes the side
///   to move, or every move passes the turn, as in Nine Men's Morris).
/// - At most 255 distinct successor indices inside the subspace per
///   position (the counters are bytes) and at most 65,535 plies to the end
///   (the distances are 16 bits); beyond either the solver stops with an
///   error, never wraps.
pub trait PerfectIndex: Sync {
    /// The game whose positions are numbered.
    type Game: Game + Send + Sync;

    /// A subspace: a small copyable name such as `(white, black)` stone
    /// counts, or `()` for a single subspace.
    type Space: Copy + Eq + Hash + Debug + Send + Sync;

    /// Number of indices of `space` (positions or symmetry classes plus
    /// holes).
    fn size(&self, space: Self::Space) -> u64;

    /// The subspace and index of `pos` (of its class when the index reduces
    /// by symmetry); `None` if the index does not cover `pos` (a probe of
    /// such a position answers `None`).
    fn rank(&self, pos: &Self::Game) -> Option<(Self::Space, u64)>;

    /// The position numbered `index` in `space` (its class's representative
    /// under symmetry), or `None` for a hole: an index that numbers no
    /// position (a non-canonical slot, an illegal stone pattern).
    fn unrank(&self, space: Self::Space, index: u64) -> Option<Self::Game>;

    /// Appends every position `q` of `pos`'s subspace with a legal move
    /// `m` such that `q.after(m) == pos` (duplicates are allowed; finished
    /// positions are never predecessors, having no move).
    fn unmoves(&self, pos: &Self::Game, out: &mut Vec<Self::Game>);

    /// The subspaces that moves out of `space` lead to; they are solved
    /// before `space`.
    ///
    /// Default: none (every move stays in the subspace).
    fn dependencies(&self, space: Self::Space) -> Vec<Self::Space> {
        let _ = space;
        Vec::new()
    }

    /// A file-name-safe name of `space` (letters, digits, `-`, `_`), unique
    /// per subspace: `w3-b4` or `all`. The table file is `<name>.spv`.
    fn space_name(&self, space: Self::Space) -> String;

    /// A number that identifies the rules and the index layout (a version,
    /// a hash of the rule options). It is stored in every table file, and a
    /// file with another fingerprint is rejected instead of read as wrong
    /// values.
    ///
    /// Default: 0.
    fn fingerprint(&self) -> u64 {
        0
    }
}
