//! Opening books: positions with weighted moves, consulted before searching.
//!
//! The plain-text format has one position per line:
//!
//! ```text
//! # comments and blank lines are ignored
//! <position> | <move>:<weight> <move>:<weight> ...
//! ```
//!
//! `<position>` is the game's position notation ([`Notation`]; it must fit
//! on one line), `<move>` its move notation, `<weight>` a non-negative
//! integer. The separator is the *last* `|` of the line. Every move is
//! checked for legality when the book is loaded.

use core::fmt;

use rustc_hash::FxHashMap;
use spielbaum_game_trait::{Game, GameExt, Notation, SplitMix64};

/// A book line that could not be read (or a book that cannot be written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// 1-based line number (0 when writing).
    pub line: usize,
    /// What is wrong, naming the bad part.
    pub message: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "book: {}", self.message)
        } else {
            write!(f, "book line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for BookError {}

/// The moves of one book position.
#[derive(Clone, Debug)]
pub struct BookEntry<G: Game> {
    /// The position.
    pub position: G,
    /// Its book moves with weights, in insertion order.
    pub moves: Vec<(G::Move, u32)>,
}

/// An opening book keyed by the game's key.
#[derive(Clone, Debug)]
pub struct Book<G: Game> {
    entries: FxHashMap<u64, BookEntry<G>>,
    order: Vec<u64>,
}

impl<G: Game> Default for Book<G> {
    fn default() -> Self {
        Book { entries: FxHashMap::default(), order: Vec::new() }
    }
}

impl<G: Game> Book<G> {
    /// An empty book.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// `true` if the book has no position.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Adds `mv` with `weight` to `position` (adding the weights if the move
    /// is there already). Fails if `mv` is not legal in `position`.
    pub fn insert(&mut self, position: &G, mv: G::Move, weight: u32) -> Result<(), BookError> {
        if !position.is_legal(mv) {
            return Err(BookError {
                line: 0,
                message: format!("move {mv:?} is not legal in the position"),
            });
        }
        let key = position.key();
        let entry = self.entries.entry(key).or_insert_with(|| {
            self.order.push(key);
            BookEntry { position: position.clone(), moves: Vec::new() }
        });
        match entry.moves.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, w)) => *w = w.saturating_add(weight),
            None => entry.moves.push((mv, weight)),
        }
        Ok(())
    }

    /// The book moves of `position`, if it is in the book.
    pub fn moves(&self, position: &G) -> Option<&[(G::Move, u32)]> {
        self.entries.get(&position.key()).map(|e| e.moves.as_slice())
    }

    /// The heaviest legal book move of `position` (the first on ties).
    pub fn best(&self, position: &G) -> Option<G::Move> {
        let moves = self.moves(position)?;
        let legal = position.legal_moves();
        let mut best: Option<(G::Move, u32)> = None;
        for &(m, w) in moves {
            if legal.contains(&m) && best.is_none_or(|(_, bw)| w > bw) {
                best = Some((m, w));
            }
        }
        best.map(|(m, _)| m)
    }

    /// A legal book move of `position` drawn with probability proportional
    /// to its weight.
    pub fn pick(&self, position: &G, rng: &mut SplitMix64) -> Option<G::Move> {
        let moves = self.moves(position)?;
        let legal = position.legal_moves();
        let total: u64 =
            moves.iter().filter(|(m, _)| legal.contains(m)).map(|&(_, w)| u64::from(w)).sum();
        if total == 0 {
            return self.best(position);
        }
        let mut r = rng.next_u64() % total;
        for &(m, w) in moves.iter().filter(|(m, _)| legal.contains(m)) {
            if r < u64::from(w) {
                return Some(m);
            }
            r -= u64::from(w);
        }
        None
    }
}

impl<G: Notation> Book<G> {
    /// Reads a book; `rules` supplies the game's rules for parsing positions.
    pub fn load(text: &str, rules: &G) -> Result<Self, BookError> {
        let mut book = Book::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let err = |message: String| BookError { line: i + 1, message };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (pos_text, moves_text) = line.rsplit_once('|').ok_or_else(|| {
                err(format!("expected `<position> | <move>:<weight> ...`, got {line:?}"))
            })?;
            let position = rules.parse_position(pos_text.trim()).map_err(|e| err(e.to_string()))?;
            let mut any = false;
            for token in moves_text.split_whitespace() {
                let (m, w) = token
                    .rsplit_once(':')
                    .ok_or_else(|| err(format!("expected `<move>:<weight>`, got {token:?}")))?;
                let weight: u32 = w.parse().map_err(|_| {
                    err(format!("bad weight {w:?} in {token:?}: expected a non-negative integer"))
                })?;
                let mv = position.parse_move(m).map_err(|e| err(e.to_string()))?;
                book.insert(&position, mv, weight).map_err(|e| err(e.message))?;
                any = true;
            }
            if !any {
                return Err(err("no moves after `|`".into()));
            }
        }
        Ok(book)
    }

    /// Writes the book in the format [`load`](Book::load) reads.
    pub fn save(&self) -> Result<String, BookError> {
        let mut out = String::new();
        for key in &self.order {
            let e = &self.entries[key];
            let pos = e.position.to_string();
            if pos.contains('\n') || pos.contains('|') {
                return Err(BookError {
                    line: 0,
                    message: format!("position {pos:?} does not fit on one line without `|`"),
                });
            }
            out.push_str(&pos);
            out.push_str(" |");
            for &(m, w) in &e.moves {
                out.push(' ');
                out.push_str(&e.position.move_string(m));
                out.push(':');
                out.push_str(&w.to_string());
            }
            out.push('\n');
        }
        Ok(out)
    }
}
