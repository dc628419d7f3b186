//! Tuning constants of the evaluator ([`MillEval`](crate::MillEval)) and
//! of the engine ([`MillEngine`](crate::MillEngine)), in one place. How
//! they are tuned, and the match behind each tried value, is in the
//! book's Mühle page (docs/muehle.md, "Tuning the evaluator's weights").
//!
//! Evaluator values are in the evaluator's units: a stone is worth
//! [`STONE`].

/// A stone on the board or in hand.
pub const STONE: i32 = 1000;
/// A complete mill (it can be opened and closed again).
pub const MILL: i32 = 60;
/// An open mill the side to move can close at once (it will take a
/// stone).
pub const OPEN_MILL_TO_MOVE: i32 = 700;
/// An open mill of the side that just moved (the opponent must answer).
pub const OPEN_MILL_WAITING: i32 = 220;
/// Two stones in a line with the third point empty (placing phase).
pub const TWO: i32 = 45;
/// A double mill: a mill whose stone can step out into another mill
/// and back, taking a stone every second move.
pub const DOUBLE_MILL: i32 = 450;
/// A running mill (both sides moving): a stone of a complete mill that
/// can step out to an empty point and back, or the gap of an open mill
/// that a stone can step into, on a point no opponent stone is next to.
/// The opponent cannot block the point, so the mill takes a stone every
/// second move; see [`running_mills`](crate::running_mills).
/// 0: 300 and 600 did worse against the 1976 program at 50,000 nodes a
/// move (more draws), and 150 at 600,000 nodes (seeds 2 and 3:
/// 94 / 6 / 0 and 90 / 8 / 2 against 95 / 5 / 0 and 91 / 9 / 0), so the
/// term is off; the `running_mill` key of the `engine` spec tries it.
pub const RUNNING_MILL: i32 = 0;
/// A running-mill set-up while stones are placed (either side still has
/// stones in hand): a stone of a complete mill with an empty neighbour and
/// no opponent stone next to it, or a double mill, counted for both
/// sides, at most 2 each; see [`running_setups`](crate::running_setups).
/// 0: 200 and 100 did worse against the 1976 program at 600,000 nodes a
/// move (seeds 2 and 3: 94 / 5 / 1 and 90 / 8 / 2, 92 / 8 / 0 and
/// 88 / 10 / 2, against 95 / 5 / 0 and 91 / 9 / 0; self-play 200 against
/// 0 at 100,000 nodes +24 Elo [−10, +59]), and it costs 43 % more
/// instructions per placing node when on. The `running_setup` key of the
/// `engine` spec sets it.
pub const RUNNING_SETUP: i32 = 0;
/// A threat the side to move cannot parry: the side that just moved has
/// open mills on two gaps, or on one gap the side to move cannot fill
/// ([`unstoppable_threat`](crate::unstoppable_threat)); it will take a
/// stone with its next move unless the side to move closes a mill first.
/// Counted against the side to move, on top of the open mills' own
/// values. The `threat` key of the `engine` spec sets it.
pub const THREAT: i32 = 800;
/// A running mill the side to move can start at once
/// ([`running_mill_ready`](crate::running_mill_ready)): a stone of its
/// complete mill with an empty neighbour and no opponent stone next to
/// it, both sides moving along the lines. The `running_ready` key of the
/// `engine` spec sets it.
pub const RUNNING_READY: i32 = 0;
/// A fork the side to move can make while it places stones: an empty
/// point with two lines that hold one of its stones each and nothing else
/// ([`fork_points`](crate::fork_points)); placed there, a stone makes
/// two open mills at once. The `fork` key of the `engine` spec sets it.
pub const FORK: i32 = 0;
/// One possible move (moving phase).
pub const MOBILITY: i32 = 12;
/// One empty point next to a stone, while placing (room to move later).
/// 40 (was 8), with [`BLOCKED`] at 300: a least-squares fit to the
/// scores of deep searches (1,000,000 nodes) of 9,443 positions from the
/// engine's games gave 62 and 302; matches accepted 40 and 300: against
/// the 1976 program at 100,000 nodes a move 2,877 / 117 / 6 of 3,000
/// games against 2,838 / 141 / 21, self-play +203 Elo [+156, +257]; 62
/// played as strong but let a depth-3 search prefer a fork to a capture
/// (the book's Mühle page, "Room to move, fitted to deep searches").
pub const PLACING_MOBILITY: i32 = 40;
/// One stone that cannot move (both phases). 300 (was 25): see
/// [`PLACING_MOBILITY`].
pub const BLOCKED: i32 = 300;
/// A stone on a point where four lines meet (placing phase).
pub const CROSSING: i32 = 20;

/// The evaluator's weights as one value, so that a searcher can be run
/// with other weights (matches that tune them); [`WEIGHTS`] are the
/// constants above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// [`STONE`].
    pub stone: i32,
    /// [`MILL`].
    pub mill: i32,
    /// [`OPEN_MILL_TO_MOVE`].
    pub open_to_move: i32,
    /// [`OPEN_MILL_WAITING`].
    pub open_waiting: i32,
    /// [`TWO`].
    pub two: i32,
    /// [`DOUBLE_MILL`].
    pub double_mill: i32,
    /// [`RUNNING_MILL`].
    pub running_mill: i32,
    /// [`RUNNING_SETUP`].
    pub running_setup: i32,
    /// [`THREAT`].
    pub threat: i32,
    /// [`RUNNING_READY`].
    pub running_ready: i32,
    /// [`FORK`].
    pub fork: i32,
    /// [`MOBILITY`].
    pub mobility: i32,
    /// [`PLACING_MOBILITY`].
    pub placing_mobility: i32,
    /// [`BLOCKED`].
    pub blocked: i32,
    /// [`CROSSING`].
    pub crossing: i32,
}

/// The tuned weights.
pub const WEIGHTS: Weights = Weights {
    stone: STONE,
    mill: MILL,
    open_to_move: OPEN_MILL_TO_MOVE,
    open_waiting: OPEN_MILL_WAITING,
    two: TWO,
    double_mill: DOUBLE_MILL,
    running_mill: RUNNING_MILL,
    running_setup: RUNNING_SETUP,
    threat: THREAT,
    running_ready: RUNNING_READY,
    fork: FORK,
    mobility: MOBILITY,
    placing_mobility: PLACING_MOBILITY,
    blocked: BLOCKED,
    crossing: CROSSING,
};

impl Default for Weights {
    /// [`WEIGHTS`].
    fn default() -> Self {
        WEIGHTS
    }
}

impl Weights {
    /// The names of the weights, as [`get`](Weights::get) and
    /// [`set`](Weights::set) take them (`stone` is fixed: it is the unit).
    pub const NAMES: [&'static str; 14] = [
        "mill",
        "open_to_move",
        "open_waiting",
        "two",
        "double_mill",
        "running_mill",
        "running_setup",
        "threat",
        "running_ready",
        "fork",
        "mobility",
        "placing_mobility",
        "blocked",
        "crossing",
    ];

    fn slot(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "mill" => &mut self.mill,
            "open_to_move" => &mut self.open_to_move,
            "open_waiting" => &mut self.open_waiting,
            "two" => &mut self.two,
            "double_mill" => &mut self.double_mill,
            "running_mill" => &mut self.running_mill,
            "running_setup" => &mut self.running_setup,
            "threat" => &mut self.threat,
            "running_ready" => &mut self.running_ready,
            "fork" => &mut self.fork,
            "mobility" => &mut self.mobility,
            "placing_mobility" => &mut self.placing_mobility,
            "blocked" => &mut self.blocked,
            "crossing" => &mut self.crossing,
            _ => return None,
        })
    }

    /// The weight named `name` (one of [`NAMES`](Weights::NAMES)).
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut w = *self;
        w.slot(name).map(|v| *v)
    }

    /// Sets the weight named `name`; `false` if there is no such weight.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match self.slot(name) {
            Some(v) => {
                *v = value;
                true
            }
            None => false,
        }
    }
}

/// Nodes between two looks at the clock.
pub const CHECK_EVERY: u64 = 2048;
/// A new iteration starts only while less than this share of the time
/// is used. 1.0: iterations go on until the deadline. An iteration the
/// deadline cuts short is not lost: the previous best move is searched
/// first, and a root move searched to the end that beats it replaces it;
/// with a fixed time per move, time left unused is lost.
pub const NEXT_ITERATION: f64 = 1.0;
/// The most a timed search keeps back from its budget ([`hard_limit`]).
pub const TIME_MARGIN: std::time::Duration = std::time::Duration::from_millis(20);

/// When a search with `budget` stops at the latest: the budget less a
/// tenth of it, at most [`TIME_MARGIN`], so the answer (printing it, the
/// caller's own work) still comes within the budget. With a fixed time
/// per move the search otherwise runs into its deadline, and stopping
/// there takes up to [`CHECK_EVERY`] nodes more. A small budget keeps
/// nine tenths (the search still answers a move).
pub fn hard_limit(budget: std::time::Duration) -> std::time::Duration {
    budget.saturating_sub((budget / 10).min(TIME_MARGIN))
}

/// The deepest iteration.
pub const MAX_DEPTH: i32 = 60;
/// The deepest ply (search plus quiescence).
pub const MAX_PLY: usize = 128;
/// Late move reductions: from this depth on…
pub const LMR_MIN_DEPTH: i32 = 3;
/// …quiet moves after this many are searched one ply less first.
pub const LMR_AFTER: usize = 3;
/// Placing moves (the widest nodes of the game) after the first
/// [`PLACING_REDUCTION_AFTER`] are reduced by this many plies more than
/// other late moves (re-searched to the full depth if they beat alpha),
/// so the search sees deeper into the start of the moving phase. 0 (off):
/// 1 did better against the 1976 program at 300,000 nodes a move (seeds
/// 2 and 3: 94 / 6 / 0 and 93 / 7 / 0 against 91 / 6 / 3 and 90 / 8 / 2)
/// and in self-play (+42 [+4, +81] Elo at 100,000 nodes), but worse at
/// 600,000 nodes, what 100 ms buys (92 / 7 / 1 and 90 / 9 / 1 against
/// 95 / 5 / 0 and 91 / 9 / 0); 2 lost 7 games of seed 2 at 300,000.
/// The `placing_reduction` key of the `engine` spec sets it.
pub const PLACING_REDUCTION: i32 = 0;
/// Null-move pruning while the side to move still places stones: the
/// side to move passes, and if a search `NULL_MOVE` plies shallower
/// still scores at or above beta, the node is cut off (0: off). Only
/// while placing: in the moving phase being unable to move loses, and
/// passing is no lower bound (zugzwang); and only with
/// [`Config::reductions`](crate::search::Config::reductions) on (off, the
/// search stays exact). The `null_move` key of the `engine` spec sets it.
pub const NULL_MOVE: i32 = 0;
/// Late move reductions that grow with the depth and the move's place in
/// the node, as chess engines make them: a late quiet move is reduced by
/// `ln(depth) · ln(n) · 100 / LMR_LOG` plies rounded, at least one (0:
/// always one ply). The `lmr_log` key of the `engine` spec sets it.
pub const LMR_LOG: i32 = 0;
/// Plies by which a forced block is searched deeper (0: off): the side
/// that just moved can close a mill with its next move on one gap only,
/// and the side to move cannot close one of its own; a quiet move onto
/// that gap is the only one that keeps the stone, and is extended, as
/// chess engines extend the replies to a check (on a path at most twice
/// as long as the iteration's depth, and only with
/// [`Config::reductions`](crate::search::Config::reductions) on: off, the
/// search stays exact). The threats that build a fork or a double mill
/// while stones are placed are such blocks, one after another; extended,
/// a search of the same nodes sees them to their end. 1: against the
/// 1976 program at 100,000 nodes a move, seeds 1–20, 1,884 / 99 / 17
/// against 1,877 / 93 / 30 without it, and at 100 ms a move 394 / 6 / 0
/// against 383 / 16 / 1 (seeds 2–5, the same minutes); 2 did worse
/// (seeds 1–10 933 / 51 / 16 against 947 / 44 / 9), and so did extending
/// only in the moving phase (910 / 59 / 31). The `block_extension` key
/// of the `engine` spec sets it.
pub const BLOCK_EXTENSION: i32 = 1;
/// The least depth at which a null move is tried.
pub const NULL_MIN_DEPTH: i32 = 3;
/// See [`PLACING_REDUCTION`].
pub const PLACING_REDUCTION_AFTER: usize = 6;
/// What a draw is worth to the side to move at the root, negated (in
/// evaluator units; a stone is 1000). 1200 (a draw worse than a stone
/// down) won more against the 1976 program at 600,000 nodes a move
/// (seeds 2 and 3: 98 / 2 / 0 and 92 / 8 / 0 against 95 / 5 / 0 and
/// 91 / 9 / 0) but lost in self-play (−31 Elo [−59, −4] at 100,000
/// nodes), and so did 600 (96 / 4 / 0 and 93 / 7 / 0; −26 [−48, −5]),
/// so the default stays; the `contempt` key of the `engine` spec sets
/// it.
pub const CONTEMPT: i32 = 150;
/// Contempt added for each error of the opponent seen in the game (0:
/// off): when the opponent does not play the reply the engine's last
/// search expected and the engine's score rises by at least
/// [`OPPONENT_ERROR`] over that search's, the opponent is weaker than
/// the search assumes, and a draw is worth less against it. 1050 (one
/// error raises the contempt to [`CONTEMPT_MAX`]): against the 1976
/// program at 600,000 nodes a move 96 / 4 / 0 and 94 / 6 / 0 (seeds 2
/// and 3) against 95 / 5 / 0 and 91 / 9 / 0 without it; self-play at
/// 100,000 nodes −3.5 Elo [−21, +14], no worse. 300 gave 95 / 5 / 0 and
/// 92 / 8 / 0. The `contempt_step` key of the `engine` spec sets it (0:
/// off). Only the engine as a player ([`crate::MillEngine`] as an agent)
/// sees the game's moves; a search of a single position does not.
pub const CONTEMPT_STEP: i32 = 1050;
/// The most contempt [`CONTEMPT_STEP`] raises to. The `contempt_max`
/// key of the `engine` spec sets it.
pub const CONTEMPT_MAX: i32 = 1200;
/// The rise of the engine's score (a stone is 1000) over what its last
/// search expected after an unexpected reply that counts as the
/// opponent's error (see [`CONTEMPT_STEP`]).
pub const OPPONENT_ERROR: i32 = 500;
/// How often a position must have come before in the game (before the
/// searched position, or as it) for the search to score reaching it
/// again as a draw; a position met again on the search's own path is a
/// draw at once with 2. 1 (every position the game met is a draw at
/// once, the engine steering around each): the game's rule is
/// threefold repetition, and 2 follows it, but at 600,000 nodes a move
/// against the 1976 program it won the same number of games (seeds 2 and
/// 3: 95 / 5 / 0 and 91 / 9 / 0 with both, other games; self-play +3
/// Elo [−16, +23] at 100,000 nodes), so it is not the default. The `history_repeats` key of the `engine` spec sets it.
pub const HISTORY_REPEATS: u32 = 1;
/// Move ordering: the table's move.
pub const ORDER_TABLE: i32 = 1 << 30;
/// Move ordering: a capture.
pub const ORDER_CAPTURE: i32 = 1 << 24;
/// Move ordering: the first and second killer.
pub const ORDER_KILLER: [i32; 2] = [1 << 22, (1 << 22) - 1];
/// Entries of the evaluation cache (a power of two, at least 2; the
/// index is the top bits of a multiplicative hash of the key). 4,096
/// (64 KiB) measured as fast as 1,024 and faster than 32,768 in
/// processor time, which fewer cache misses decide more than the few
/// more evaluations.
pub const EVAL_CACHE: usize = 1 << 12;
/// Move ordering: a move onto the gap of an opponent's open mill.
pub const ORDER_BLOCK: i32 = 1 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_and_writes_its_own_weight() {
        for (i, name) in Weights::NAMES.iter().enumerate() {
            let mut w = WEIGHTS;
            assert!(w.set(name, 12_345 + i as i32));
            assert_eq!(w.get(name), Some(12_345 + i as i32));
            // No other weight changed.
            for other in Weights::NAMES.iter().filter(|n| *n != name) {
                assert_eq!(w.get(other), WEIGHTS.get(other), "{name} moved {other}");
            }
        }
        assert!(!WEIGHTS.clone().set("stones", 1));
        assert_eq!(WEIGHTS.get("nothing"), None);
    }
}
