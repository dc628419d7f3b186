//! The [`Game`] trait, players, outcomes and the move list.

use core::fmt::Debug;
use core::hash::Hash;

use smallvec::SmallVec;

use crate::draw::DrawRules;

/// Number of moves a [`MoveList`] holds before it spills to the heap.
///
/// 64 covers every position of the small games, peg solitaire and the
/// golf-club puzzle. Boards with more moves (Gomoku 15×15, Mühle placing with
/// captures) spill once; engines keep one list per ply and `clear()` it, which
/// keeps the spilled capacity, so even then a search allocates only during its
/// first descent.
pub const INLINE_MOVES: usize = 64;

/// The caller-owned buffer that [`Game::moves`] appends into.
pub type MoveList<M> = SmallVec<[M; INLINE_MOVES]>;

/// A player: `Player::FIRST` (index 0) or `Player::SECOND` (index 1).
///
/// One-player puzzles only ever use [`Player::FIRST`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// The player who moves first (index 0).
    pub const FIRST: Player = Player(0);
    /// The player who moves second (index 1).
    pub const SECOND: Player = Player(1);

    /// The player with index `i` (0 or 1); `None` for any other index.
    pub const fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::FIRST),
            1 => Some(Player::SECOND),
            _ => None,
        }
    }

    /// 0 for the first player, 1 for the second.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The opponent in a two-player game.
    pub const fn other(self) -> Player {
        Player(self.0 ^ 1)
    }

    /// `+1` for the first player, `-1` for the second (handy for
    /// minimax-style code that wants a sign).
    pub const fn sign(self) -> i32 {
        1 - 2 * self.0 as i32
    }
}

impl core::fmt::Display for Player {
    /// Players are written as `1` and `2`, as a person counts them.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// A two-player game was won by this player.
    Win(Player),
    /// A two-player game ended without a winner.
    Draw,
    /// A one-player puzzle ended (no move left or the goal reached).
    Puzzle {
        /// The goal of the puzzle is reached (one peg left in the goal
        /// hole, the ball holed, …).
        goal: bool,
        /// A game-defined score, higher is better (pegs removed, strokes
        /// saved, …). Engines maximise it when the goal is out of reach.
        score: i32,
    },
}

impl Outcome {
    /// The result from `player`'s point of view as `+1` (win or goal), `0`
    /// (draw or puzzle not solved) or `-1` (loss).
    pub fn relative_to(self, player: Player) -> i32 {
        match self {
            Outcome::Win(w) if w == player => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
            Outcome::Puzzle { goal, .. } => i32::from(goal),
        }
    }
}

/// A game position: the state of a one-player puzzle or a two-player
/// zero-sum game with perfect information.
///
/// The implementing type *is* the position. It is cloned a lot (engines
/// copy-make, see `docs/architecture.md`), so keep it small: bitboards and
/// counters, not vectors.
///
/// # Required methods
/// [`to_move`](Game::to_move), [`moves`](Game::moves), [`play`](Game::play),
/// [`outcome`](Game::outcome) and [`key`](Game::key). Everything else has a
/// documented default.
///
/// # Contract
/// - `outcome()` is `Some` exactly when `moves()` appends nothing.
/// - `play(mv)` is only called with a move that `moves()` produced for this
///   very position; it may panic otherwise (parse user input with
///   [`Notation::parse_move`](crate::Notation::parse_move), which checks).
/// - Equal positions have equal `key()`s, whatever move order led to them.
///   If the key is an injective encoding, say so with
///   [`EXACT_KEY`](Game::EXACT_KEY).
/// - Symmetry `0` is the identity, and every symmetry maps legal moves to
///   legal moves and outcomes to outcomes.
pub trait Game: Clone {
    /// A move: small, `Copy`, comparable and hashable.
    type Move: Copy + Eq + Hash + Debug;

    /// Number of players: `1` for puzzles, `2` for two-player games.
    ///
    /// Default: `2`.
    const PLAYERS: u8 = 2;

    /// `true` when [`key`](Game::key) is injective (an exact encoding rather
    /// than a hash), so engines may use it as the position's identity
    /// (visited sets, retrograde tables) without storing the position.
    ///
    /// Default: `false`.
    const EXACT_KEY: bool = false;

    /// The player whose turn it is ([`Player::FIRST`] in puzzles).
    fn to_move(&self) -> Player;

    /// Appends every legal move to `moves` (without clearing it).
    ///
    /// Appends nothing exactly when the game is over.
    fn moves(&self, moves: &mut MoveList<Self::Move>);

    /// Plays `mv`, which must be a legal move of this position.
    fn play(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A 64-bit key for transposition tables and visited sets: an exact
    /// encoding or a Zobrist-style hash. Includes the side to move where it
    /// is not implied by the rest of the position.
    fn key(&self) -> u64;

    /// Number of symmetries of the game (rotations, reflections, …) that
    /// map positions of this game to positions of this game with the same
    /// value; symmetry 0 is the identity.
    ///
    /// Default: `1` (only the identity).
    fn symmetries(&self) -> usize {
        1
    }

    /// The image of this position under symmetry `k` (`k < symmetries()`).
    ///
    /// Default: a clone (only valid for `k == 0`, which is all the default
    /// [`symmetries`](Game::symmetries) allows).
    fn symmetric(&self, k: usize) -> Self {
        debug_assert!(k < self.symmetries());
        self.clone()
    }

    /// The image of a move of this position under symmetry `k`: a legal move
    /// of `self.symmetric(k)`. `None` if the game cannot map moves.
    ///
    /// Default: `Some(mv)` for `k == 0`, `None` otherwise.
    fn symmetric_move(&self, mv: Self::Move, k: usize) -> Option<Self::Move> {
        (k == 0).then_some(mv)
    }

    /// The canonical representative of this position's symmetry class and
    /// the symmetry `k` that maps `self` to it: the image with the smallest
    /// [`key`](Game::key) (first `k` on ties).
    ///
    /// Default: tries all [`symmetries`](Game::symmetries); games with a
    /// faster way (a lookup table, a sort) override it.
    fn canonical_with(&self) -> (Self, usize) {
        let n = self.symmetries();
        let mut best = self.clone();
        let mut best_key = best.key();
        let mut best_k = 0;
        for k in 1..n {
            let img = self.symmetric(k);
            let key = img.key();
            if key < best_key {
                best = img;
                best_key = key;
                best_k = k;
            }
        }
        (best, best_k)
    }

    /// The canonical representative of this position's symmetry class.
    ///
    /// Default: the first part of [`canonical_with`](Game::canonical_with).
    fn canonical(&self) -> Self {
        self.canonical_with().0
    }

    /// The key of the canonical representative.
    ///
    /// Default: the smallest key among all images (no clones kept).
    fn canonical_key(&self) -> u64 {
        (1..self.symmetries()).map(|k| self.symmetric(k).key()).fold(self.key(), u64::min)
    }

    /// The position after `mv`, leaving `self` untouched (copy-make).
    ///
    /// Default: clone, then [`play`](Game::play).
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// `true` once the game is over.
    ///
    /// Default: `self.outcome().is_some()`. Override when a cheaper test
    /// exists.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The game's draws by repetition and by a run of moves without
    /// progress ([`DrawRules`]). Repetition needs the history of the game,
    /// so engines and callers apply it (the key of a position is its
    /// identity for repetitions, so it must not include the no-progress
    /// counter); the no-progress limit is applied by the position itself:
    /// once [`no_progress`](Game::no_progress) reaches it, `outcome()` is
    /// `Some(Outcome::Draw)`.
    ///
    /// Default: [`DrawRules::NONE`] (the game ends only by its outcome).
    fn draw_rules(&self) -> DrawRules {
        DrawRules::NONE
    }

    /// Plies played since the last irreversible move (a capture, a stone
    /// placed, …): no earlier position can occur again, so engines scan
    /// only this many keys back for repetitions, and the no-progress rule
    /// counts it.
    ///
    /// Default: `u32::MAX` (any earlier position may repeat).
    fn no_progress(&self) -> u32 {
        u32::MAX
    }
}

/// Games that can take a move back (make/undo), for callers that prefer it
/// to copy-make. Engines in spielbaum copy-make (measured in
/// `docs/architecture.md`); this trait exists for games whose positions are
/// large and for the conformance suite's round-trip check.
pub trait Undo: Game {
    /// Takes back `mv`, which must be the last move played on `self`.
    fn undo(&mut self, mv: Self::Move);
}
