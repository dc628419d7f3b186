//! Stored games: one JSON object per line, so any tool can read them.
//!
//! ```text
//! {"game":0,"start":"22","opening":["3"],"moves":["5","3"],"result":"1-0","termination":"normal","first":"optimal","second":"random","a_first":true}
//! ```
//! `result` is from the first player's side (`1-0`, `0-1`, `1/2-1/2`);
//! `first` and `second` are the agents' specs; `a_first` says whether
//! agent A (`--a`) had the first move; `termination` is `normal`,
//! `ply limit`, or the fault that decided the game (`illegal move …`,
//! `time forfeit …`, `panic …`, `error …`) with the side at fault.

use serde_json::{Value, json};

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its number in the match (0-based; games `2k` and `2k+1` share an
    /// opening).
    pub index: usize,
    /// The start position, in the game's notation.
    pub start: String,
    /// The opening moves (played before the agents took over).
    pub opening: Vec<String>,
    /// The agents' moves.
    pub moves: Vec<String>,
    /// `1-0`, `0-1` or `1/2-1/2` from the first player's side.
    pub result: String,
    /// How the game ended.
    pub termination: String,
    /// The first player's spec.
    pub first: String,
    /// The second player's spec.
    pub second: String,
    /// `true` if agent A moved first.
    pub a_first: bool,
}

impl GameRecord {
    /// The result for agent A: `+1`, `0` or `-1`.
    pub fn a_result(&self) -> i32 {
        let first = match self.result.as_str() {
            "1-0" => 1,
            "0-1" => -1,
            _ => 0,
        };
        if self.a_first { first } else { -first }
    }

    /// The record as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        json!({
            "game": self.index,
            "start": self.start,
            "opening": self.opening,
            "moves": self.moves,
            "result": self.result,
            "termination": self.termination,
            "first": self.first,
            "second": self.second,
            "a_first": self.a_first,
        })
        .to_string()
    }

    /// Reads a line written by [`to_line`](GameRecord::to_line); the error
    /// names the missing or bad field.
    pub fn parse_line(line: &str) -> Result<GameRecord, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
        let s = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or(format!("field {k:?} missing or not text"))
        };
        let list = |k: &str| -> Result<Vec<String>, String> {
            v.get(k)
                .and_then(Value::as_array)
                .ok_or(format!("field {k:?} missing or not a list"))?
                .iter()
                .map(|x| {
                    x.as_str().map(str::to_string).ok_or(format!("field {k:?} holds a non-text"))
                })
                .collect()
        };
        let result = s("result")?;
        if !["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()) {
            return Err(format!("field \"result\" is {result:?}, not 1-0, 0-1 or 1/2-1/2"));
        }
        Ok(GameRecord {
            index: v
                .get("game")
                .and_then(Value::as_u64)
                .ok_or("field \"game\" missing or not a number")? as usize,
            start: s("start")?,
            opening: list("opening")?,
            moves: list("moves")?,
            result,
            termination: s("termination")?,
            first: s("first")?,
            second: s("second")?,
            a_first: v
                .get("a_first")
                .and_then(Value::as_bool)
                .ok_or("field \"a_first\" missing")?,
        })
    }
}
