//! NIM with any number of heaps (normal play: taking the last object wins).

use core::fmt;

use spielbaum_game_trait::{Game, MoveList, Notation, NotationError, Outcome, Player, Undo};

/// Heaps stored inline; more heaps spill to the heap once.
type Heaps = smallvec::SmallVec<[u32; 8]>;

/// The largest heap size accepted.
pub const MAX_HEAP: u32 = 1 << 20;
/// The largest number of heaps accepted.
pub const MAX_HEAPS: usize = 1024;
/// The most objects in all heaps together. A position has one move per
/// object, so this bounds the move list of every position (65,536 moves).
pub const MAX_TOTAL: u64 = 1 << 16;
/// The most objects times heaps (the total size of a position's children):
/// a position has one move per object and each child holds every heap, so
/// an engine that keeps the children of a node (negamax orders them by
/// their static values) keeps at most this many heap sizes per ply. With
/// [`MAX_TOTAL`] this bounds a depth-first search to about 9 MiB per ply
/// (moves, sort keys and children: 65,536 × 64 bytes, plus 4 bytes per
/// heap size of children with more than 8 heaps, which live on the heap):
/// 1,024 heaps hold at most 1,024 objects, 16 heaps up to 65,536.
pub const MAX_SIZE: u64 = 1 << 20;

/// A NIM move: take `take` objects (at least one) from heap `heap`
/// (0-based). Written `HEAP:TAKE` with 1-based heaps: `2:3` takes three from
/// the second heap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Take {
    /// The heap, 0-based.
    pub heap: u16,
    /// How many objects are taken (≥ 1).
    pub take: u32,
}

/// A NIM position: heaps of objects and the player to move.
///
/// Notation: `heaps=3,4,5 turn=1`; a bare `3,4,5` means the first player
/// moves.
#[derive(PartialEq, Eq, Hash, Debug)]
pub struct Nim {
    heaps: Heaps,
    mover: Player,
}

impl Clone for Nim {
    /// One copy of the heap sizes (the derived clone copies them one by
    /// one: for a thousand heaps, every child of a search pays for it).
    fn clone(&self) -> Self {
        Nim { heaps: Heaps::from_slice(&self.heaps), mover: self.mover }
    }
}

impl Nim {
    /// Heaps of the given sizes, first player to move.
    pub fn new(heaps: &[u32]) -> Result<Self, NotationError> {
        let text = || heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        if heaps.is_empty() {
            return Err(NotationError::option(text(), "at least one heap is needed"));
        }
        if heaps.len() > MAX_HEAPS {
            return Err(NotationError::option(text(), format!("at most {MAX_HEAPS} heaps")));
        }
        if let Some(h) = heaps.iter().find(|&&h| h > MAX_HEAP) {
            return Err(NotationError::option(
                h.to_string(),
                format!("heaps hold at most {MAX_HEAP}"),
            ));
        }
        let total: u64 = heaps.iter().map(|&h| u64::from(h)).sum();
        if total > MAX_TOTAL {
            return Err(NotationError::option(
                text(),
                format!(
                    "{total} objects in all; at most {MAX_TOTAL} (one move per object: \
                     the move list of a position must stay small)"
                ),
            ));
        }
        let size = total * heaps.len() as u64;
        if size > MAX_SIZE {
            return Err(NotationError::option(
                text(),
                format!(
                    "{total} objects in {} heaps: objects times heaps is {size}, at most \
                     {MAX_SIZE} (each of the {total} moves makes a copy of all {} heaps)",
                    heaps.len(),
                    heaps.len()
                ),
            ));
        }
        Ok(Nim { heaps: heaps.iter().copied().collect(), mover: Player::FIRST })
    }

    /// Reads a heap list such as `3,4,5`. An error names the bad heap size
    /// and says what is wrong with it.
    pub fn parse_heaps(text: &str) -> Result<Vec<u32>, NotationError> {
        text.split(',').map(parse_heap).collect()
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    /// The XOR of all heaps (the nim-sum).
    pub fn nim_sum(&self) -> u32 {
        self.heaps.iter().fold(0, |a, &h| a ^ h)
    }
}

/// One heap size of a heap list.
fn parse_heap(token: &str) -> Result<u32, NotationError> {
    let t = token.trim();
    let why = if t.is_empty() {
        "empty heap size (two commas in a row, or a comma at an end)".to_string()
    } else if t.starts_with('-') && t[1..].bytes().all(|b| b.is_ascii_digit()) && t.len() > 1 {
        "a heap size must be non-negative".to_string()
    } else if t.bytes().all(|b| b.is_ascii_digit()) {
        match t.parse::<u32>() {
            Ok(h) if h <= MAX_HEAP => return Ok(h),
            _ => format!("too large: heaps hold at most {MAX_HEAP}"),
        }
    } else {
        "a heap size must be a whole number".to_string()
    };
    Err(NotationError::option(token, why))
}

impl Game for Nim {
    type Move = Take;

    fn to_move(&self) -> Player {
        self.mover
    }

    fn moves(&self, moves: &mut MoveList<Take>) {
        // One move per object: room for all at once, then filled without a
        // capacity check per move (lists of up to 65,536 moves).
        let total: usize = self.heaps.iter().map(|&h| h as usize).sum();
        moves.reserve(total);
        for (i, &h) in self.heaps.iter().enumerate() {
            moves.extend((1..=h).map(|take| Take { heap: i as u16, take }));
        }
    }

    fn play(&mut self, mv: Take) {
        self.heaps[mv.heap as usize] -= mv.take;
        self.mover = self.mover.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.heaps.iter().all(|&h| h == 0).then(|| Outcome::Win(self.mover.other()))
    }

    fn key(&self) -> u64 {
        // FxHash-style mixing of (heap count, heaps, mover).
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        let mut h = (self.heaps.len() as u64).wrapping_mul(K);
        for &x in &self.heaps {
            h = (h.rotate_left(26) ^ u64::from(x)).wrapping_mul(K);
        }
        (h.rotate_left(26) ^ self.mover.index() as u64).wrapping_mul(K)
    }

    fn is_over(&self) -> bool {
        self.heaps.iter().all(|&h| h == 0)
    }
}

impl Undo for Nim {
    fn undo(&mut self, mv: Take) {
        self.heaps[mv.heap as usize] += mv.take;
        self.mover = self.mover.other();
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heaps=")?;
        for (i, h) in self.heaps.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{h}")?;
        }
        write!(f, " turn={}", self.mover)
    }
}

/// A heap-list error inside a position: a bad position, naming the heap.
fn as_position(e: NotationError) -> NotationError {
    NotationError::position(e.input, format!("in the heaps: {}", e.reason))
}

impl Notation for Nim {
    /// Reads `heaps=3,4,5 turn=2` or a bare `3,4,5`.
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let mut heaps = None;
        let mut mover = Player::FIRST;
        for token in text.split_whitespace() {
            match token.split_once('=') {
                None if heaps.is_none() => {
                    heaps = Some(Nim::parse_heaps(token).map_err(as_position)?)
                }
                Some(("heaps", v)) => heaps = Some(Nim::parse_heaps(v).map_err(as_position)?),
                Some(("turn", "1")) => mover = Player::FIRST,
                Some(("turn", "2")) => mover = Player::SECOND,
                Some(("turn", v)) => {
                    return Err(NotationError::position(
                        text,
                        format!("turn={v:?} must be 1 or 2"),
                    ));
                }
                _ => {
                    return Err(NotationError::position(
                        text,
                        format!("unexpected {token:?} (expected heaps=3,4,5 turn=1)"),
                    ));
                }
            }
        }
        let heaps = heaps.ok_or_else(|| NotationError::position(text, "missing heaps"))?;
        let mut nim = Nim::new(&heaps).map_err(|e| NotationError::position(text, e.reason))?;
        nim.mover = mover;
        Ok(nim)
    }

    fn write_move(&self, mv: Take, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}:{}", mv.heap + 1, mv.take)
    }

    fn parse_move(&self, text: &str) -> Result<Take, NotationError> {
        let bad = |why: String| NotationError::mv(text, why);
        let (h, t) = text
            .trim()
            .split_once(':')
            .ok_or_else(|| bad("write HEAP:TAKE, e.g. 2:3 takes 3 from heap 2".into()))?;
        let heap: usize =
            h.trim().parse().map_err(|_| bad(format!("heap {h:?} is not a number")))?;
        let take: u32 =
            t.trim().parse().map_err(|_| bad(format!("count {t:?} is not a number")))?;
        if heap == 0 || heap > self.heaps.len() {
            return Err(bad(format!("heap {heap} does not exist (1..={})", self.heaps.len())));
        }
        let size = self.heaps[heap - 1];
        if take == 0 || take > size {
            return Err(bad(format!("heap {heap} holds {size}; take 1..={size}")));
        }
        Ok(Take { heap: (heap - 1) as u16, take })
    }
}
