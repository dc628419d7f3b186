//! The engine's hooks into the endgame databases: [`DbEval`] makes every
//! covered leaf of a search exact, [`DbAgent`] plays the database's move
//! whenever the position on the board is covered.
//!
//! ```no_run
//! use std::sync::Arc;
//! use spielbaum_muehle::{db, engine, MillEval};
//! use spielbaum_negamax::Searcher;
//!
//! let base = Arc::new(db::open(std::path::Path::new("muehle-db")));
//! // Exact leaves inside the search …
//! let eval = db::DbEval::new(MillEval, base.clone(), 4)?;
//! let search = Searcher::new(eval, engine::engine_config(16));
//! // … and perfect moves at the root.
//! let player = db::DbAgent::new(search, base, 4)?;
//! # let _ = player;
//! # Ok::<(), spielbaum_bfs_reach::perfect::PerfectError>(())
//! ```

use std::sync::Arc;

use spielbaum_bfs_reach::retrograde::Value;
use spielbaum_game_trait::{
    Agent, AgentError, AgentLimits, Decision, EVAL_MAX, Evaluator, History, MoveList, Player, Score,
};

use spielbaum_bfs_reach::perfect::PerfectError;

use super::{END, EndgameDb, EndgameIndex, index, probe};
use crate::position::{Move, Position};

/// The score a search leaf gets from a database value: a win in `n` plies
/// is `EVAL_MAX − n`, a loss `−(EVAL_MAX − n)`, a draw 0. Above every
/// heuristic score (the evaluators stay far below `EVAL_MAX`), below the
/// engine's proven results, and ordered like them: faster wins and slower
/// losses score higher.
pub fn db_score(v: Value) -> Score {
    match v {
        Value::Win(n) => EVAL_MAX - n as Score,
        Value::Loss(n) => -(EVAL_MAX - n as Score),
        Value::Draw => 0,
    }
}

/// Reads (and checksum-verifies) every table up to `max_stones` stones a
/// side into `db`, so that probes inside a search never touch the disk.
pub(crate) fn load_all(db: &EndgameDb, max_stones: u8) -> Result<(), PerfectError> {
    db.table(END)?;
    for space in EndgameIndex::spaces_up_to(max_stones) {
        db.table(space)?;
    }
    Ok(())
}

/// `true` if the tables up to `max_stones` a side cover `pos`: no stone in
/// hand and both sides at most `max_stones` (and at least 3) stones.
pub(crate) fn covered(pos: &Position, max_stones: u8) -> bool {
    let (w, b) = (pos.stones(Player::FIRST).count_ones(), pos.stones(Player::SECOND).count_ones());
    pos.in_hand(Player::FIRST) == 0
        && pos.in_hand(Player::SECOND) == 0
        && (3..=u32::from(max_stones)).contains(&w)
        && (3..=u32::from(max_stones)).contains(&b)
}

/// An evaluator that answers from the endgame tables where they cover the
/// position ([`db_score`]) and asks `inner` elsewhere; noisy moves and move
/// ordering are `inner`'s.
///
/// [`DbEval::new`] reads every table it needs, so a missing or damaged
/// file is an error there, and a search never reads the disk.
pub struct DbEval<E> {
    inner: E,
    db: Arc<EndgameDb>,
    max_stones: u8,
}

impl<E> DbEval<E> {
    /// `inner` with the tables of `db`, which hold every subspace with up to
    /// `max_stones` stones a side; every table is read now. A table that is
    /// not built, missing or damaged is an error naming its file.
    pub fn new(inner: E, db: Arc<EndgameDb>, max_stones: u8) -> Result<Self, PerfectError> {
        load_all(&db, max_stones)?;
        Ok(DbEval { inner, db, max_stones })
    }

    /// The database value of `pos`, if covered.
    pub fn value(&self, pos: &Position) -> Option<Value> {
        if !covered(pos, self.max_stones) {
            return None;
        }
        probe(&self.db, pos).ok().flatten()
    }
}

impl<E: Evaluator<Position>> Evaluator<Position> for DbEval<E> {
    fn evaluate(&self, game: &Position) -> Score {
        match self.value(game) {
            Some(v) => db_score(v),
            None => self.inner.evaluate(game),
        }
    }

    fn is_noisy(&self, game: &Position, mv: Move) -> bool {
        self.inner.is_noisy(game, mv)
    }

    fn noisy_moves(&self, game: &Position, moves: &mut MoveList<Move>) {
        self.inner.noisy_moves(game, moves);
    }

    fn order_moves(&self, game: &Position, moves: &[Move], scores: &mut [Score]) -> bool {
        self.inner.order_moves(game, moves, scores)
    }
}

/// A player that plays the database's move (the fastest win, the slowest
/// loss, a drawing move) whenever the tables cover the position, and asks
/// `inner` otherwise.
pub struct DbAgent<A> {
    inner: A,
    db: Arc<EndgameDb>,
    max_stones: u8,
}

impl<A> DbAgent<A> {
    /// `inner` with the tables of `db` (subspaces up to `max_stones`); every
    /// table is read now, and a table that is not built, missing or damaged
    /// is an error naming its file.
    pub fn new(inner: A, db: Arc<EndgameDb>, max_stones: u8) -> Result<Self, PerfectError> {
        load_all(&db, max_stones)?;
        Ok(DbAgent { inner, db, max_stones })
    }

    /// The database's move and value for `pos`, if covered.
    pub fn db_move(&self, pos: &Position) -> Option<(Move, Value)> {
        if !covered(pos, self.max_stones) {
            return None;
        }
        let norm = index().normalise(pos)?;
        let value = self.db.probe(&norm).ok()??;
        let mv = self.db.best_move(&norm).ok()??;
        Some((mv, value))
    }
}

impl<A: Agent<Position>> Agent<Position> for DbAgent<A> {
    fn name(&self) -> String {
        format!("{}+db", self.inner.name())
    }

    fn new_game(&mut self, start: &Position) {
        self.inner.new_game(start);
    }

    fn played(&mut self, before: &Position, mv: Move) {
        self.inner.played(before, mv);
    }

    fn choose(
        &mut self,
        game: &History<Position>,
        limits: &AgentLimits,
    ) -> Result<Decision<Move>, AgentError> {
        if let Some((mv, value)) = self.db_move(game.position()) {
            let mut d = Decision::new(mv).with_score(db_score(value));
            d.pv = vec![mv];
            return Ok(d);
        }
        self.inner.choose(game, limits)
    }
}
