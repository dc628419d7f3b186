//! A synthetic game: a seeded random game tree with a given branching
//! factor and height, for experiments (the minimal-tree bound of Knuth and
//! Moore holds for uniform trees) and for property tests.
//!
//! A position is `(ply, value, path)`. Every move adds a seeded random step
//! to `value` (the first player's point of view), so static evaluations of
//! parents and children are correlated, as in a real game, and ordering by
//! the static evaluation is informative. [`RandomTreeEval`] returns
//! `value` plus seeded noise for the side to move.
//!
//! Two shapes:
//! - [`Shape::Tree`]: every move sequence leads to its own node (no
//!   transpositions); the key is a hash of the path.
//! - [`Shape::Dag`]: a position is only `(ply, value)`; different move orders
//!   reach the same node, so the transposition table has work to do.
//!
//! With [`RandomTree::varying`] each node has between 0 and `branching`
//! children (0 = the game ends early); otherwise every node above the
//! height has exactly `branching` children. At the height (or without
//! children) the game ends: the first player wins if the value plus noise
//! is above [`DECISIVE`], the second if below `-DECISIVE`, otherwise a draw.
//!
//! ```
//! use spielbaum_game_trait::GameExt;
//! use spielbaum_negamax::synthetic::RandomTree;
//!
//! let tree = RandomTree::new(42, 3, 4);
//! assert_eq!(tree.perft(4), 81);
//! assert_eq!(tree.perft(5), 0); // the tree ends at height 4
//! ```

use spielbaum_game_trait::{Evaluator, Game, MoveList, Outcome, Player, Score, clamp_eval};

/// Steps of the value per move lie in `-STEP..=STEP`.
pub const STEP: i32 = 100;
/// Noise added by the evaluator lies in `-NOISE..=NOISE`.
pub const NOISE: i32 = 30;
/// Leaves whose value (plus noise) exceeds this in absolute value are wins.
pub const DECISIVE: i32 = 150;

/// Every move id: a DAG node's block starts below 64 and has at most 255
/// moves.
const MOVE_IDS: [u16; 64 + 255] = {
    let mut ids = [0u16; 64 + 255];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = i as u16;
        i += 1;
    }
    ids
};

/// The shape of a [`RandomTree`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shape {
    /// No transpositions: the key hashes the whole path.
    Tree,
    /// Positions are `(ply, value)`: many transpositions.
    Dag,
}

/// A position of the synthetic game. See the [module docs](self).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RandomTree {
    seed: u64,
    path: u64,
    /// [`node_hash`](Self::node_hash) of this node, computed once per move
    /// (it seeds the key, the noise, the steps and the move block).
    hash: u64,
    value: i32,
    ply: u16,
    height: u16,
    branching: u8,
    varying: bool,
    shape: Shape,
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn in_range(h: u64, r: i32) -> i32 {
    (h % (2 * r as u64 + 1)) as i32 - r
}

impl RandomTree {
    /// The root of a uniform tree: `branching` moves at every node (at most
    /// 255), `height` plies deep, leaf values from `seed`.
    pub fn new(seed: u64, branching: u8, height: u16) -> Self {
        let mut root = RandomTree {
            seed: mix(seed),
            path: 0,
            hash: 0,
            value: 0,
            ply: 0,
            height,
            branching,
            varying: false,
            shape: Shape::Tree,
        };
        root.hash = root.compute_hash();
        root
    }

    /// The same root with the given shape.
    pub fn with_shape(mut self, shape: Shape) -> Self {
        self.shape = shape;
        self.hash = self.compute_hash();
        self
    }

    /// The same root, but every node below the root has between 0 and
    /// `branching` children (seeded).
    pub fn varying(mut self) -> Self {
        self.varying = true;
        self
    }

    /// Plies played from the root.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// The value from the first player's point of view (sum of the steps).
    pub fn value(&self) -> i32 {
        self.value
    }

    #[inline]
    fn node_hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        match self.shape {
            Shape::Tree => mix(self.seed ^ self.path),
            Shape::Dag => mix(self.seed ^ (u64::from(self.ply) << 40) ^ (self.value as u32 as u64)),
        }
    }

    fn children(&self) -> u32 {
        if self.ply >= self.height {
            return 0;
        }
        let b = u32::from(self.branching);
        if self.varying && self.ply > 0 {
            (mix(self.node_hash() ^ 0xC0FF_EE00) % u64::from(b + 1)) as u32
        } else {
            b
        }
    }

    fn noise(&self) -> i32 {
        in_range(mix(self.node_hash() ^ 0x0005_EED5), NOISE)
    }

    fn step(&self, mv: u16) -> i32 {
        let h = match self.shape {
            Shape::Tree => {
                mix(self.node_hash() ^ u64::from(mv).wrapping_mul(0xA24B_AED4_963E_E407))
            }
            // In the DAG a move's step depends on the move alone, so move
            // orders commute.
            Shape::Dag => {
                mix(self.seed ^ 0xDA6 ^ u64::from(mv).wrapping_mul(0xA24B_AED4_963E_E407))
            }
        };
        in_range(h, STEP)
    }

    fn first_move(&self) -> u16 {
        match self.shape {
            Shape::Tree => 0,
            // Moves of a DAG node are a block of global move ids.
            Shape::Dag => (mix(self.node_hash() ^ 0xB10C) % 64) as u16,
        }
    }
}

impl Game for RandomTree {
    type Move = u16;

    fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) { Player::FIRST } else { Player::SECOND }
    }

    fn moves(&self, moves: &mut MoveList<u16>) {
        // The moves are the ids `first..first + children`: one slice copy.
        let first = usize::from(self.first_move());
        moves.extend_from_slice(&MOVE_IDS[first..first + self.children() as usize]);
    }

    fn play(&mut self, mv: u16) {
        self.value += self.step(mv);
        // The path only matters in the tree (a DAG node is `(ply, value)`).
        if self.shape == Shape::Tree {
            self.path =
                mix(self.path ^ u64::from(mv).wrapping_add(1)).wrapping_add(u64::from(self.ply));
        }
        self.ply += 1;
        self.hash = self.compute_hash();
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.children() > 0 {
            return None;
        }
        let v = self.value + self.noise();
        Some(if v > DECISIVE {
            Outcome::Win(Player::FIRST)
        } else if v < -DECISIVE {
            Outcome::Win(Player::SECOND)
        } else {
            Outcome::Draw
        })
    }

    fn key(&self) -> u64 {
        self.node_hash()
    }
}

/// The evaluator of the synthetic game: the value plus seeded noise, for
/// the side to move. One move in eight is noisy (for quiescence search).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomTreeEval;

impl Evaluator<RandomTree> for RandomTreeEval {
    fn evaluate(&self, game: &RandomTree) -> Score {
        let v = game.value + game.noise();
        clamp_eval(i64::from(v * game.to_move().sign()))
    }

    fn is_noisy(&self, game: &RandomTree, mv: u16) -> bool {
        mix(game.node_hash() ^ u64::from(mv) ^ 0x0015_E000).is_multiple_of(8)
    }
}

/// The number of leaves of the minimal tree of Knuth and Moore (1975) for a
/// uniform tree of branching `b` searched to depth `d`:
/// `b^⌈d/2⌉ + b^⌊d/2⌋ − 1`. Alpha-beta with perfect ordering evaluates
/// exactly this many leaves; no algorithm that proves the minimax value can
/// evaluate fewer.
pub fn minimal_tree_leaves(b: u64, d: u32) -> u64 {
    b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1
}
