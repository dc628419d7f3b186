//! The Mühle engine as a player ([`Agent`]): the game's positions for
//! repetitions, and the opponent's errors for the contempt.
//!
//! **The opponent's errors.** After each search the engine notes the
//! position its principal variation expects after its move and the
//! opponent's reply, with the search's score. At its next move, when the
//! opponent played something else and the new search scores at least
//! [`OPPONENT_ERROR`] more for the engine than the last one did, the
//! reply was an error the search did not expect of it. Each error raises
//! the contempt of the following searches by
//! [`Config::contempt_step`] up to [`Config::contempt_max`]: against an
//! opponent that errs, a draw is worth less than the search's scores
//! say. Against an opponent as strong as the engine the rise is rare,
//! and the contempt stays where it was.

use super::*;

/// What the last search expected of the opponent, and the errors seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Opponent {
    /// The key of the position expected after the engine's move and the
    /// opponent's reply, and the engine's score for it.
    expect: Option<(u64, i32)>,
    /// Errors of the opponent seen in this game.
    errors: u32,
}

impl Opponent {
    /// Takes in a search at the position with `key` that scored `score`
    /// for the side to move: an error if the position is not the one
    /// expected and the score rose by [`OPPONENT_ERROR`] or more (scores
    /// of a won or lost position do not count).
    pub(super) fn observe(&mut self, key: u64, score: i32) {
        if let Some((expected, before)) = self.expect
            && expected != key
            && score.abs() <= EVAL_MAX
            && before.abs() <= EVAL_MAX
            && score - before >= OPPONENT_ERROR
        {
            self.errors += 1;
        }
        self.expect = None;
    }

    /// Expects the position with `key` after the opponent's reply, where
    /// the search scored `score`.
    pub(super) fn expect(&mut self, key: u64, score: i32) {
        self.expect = Some((key, score));
    }

    /// Errors seen in this game.
    pub(super) fn errors(&self) -> u32 {
        self.errors
    }
}

/// The contempt after `errors` errors of the opponent: `config`'s, raised
/// by `contempt_step` each up to `contempt_max` (never lowered by it).
pub(super) fn contempt_after(config: &Config, errors: u32) -> i32 {
    let raised = config
        .contempt
        .saturating_add(config.contempt_step.saturating_mul(errors.min(1 << 16) as i32));
    raised.min(config.contempt_max.max(config.contempt))
}

impl MillEngine {
    /// The contempt of the next search (the config's, raised by the
    /// opponent's errors seen in the game when
    /// [`Config::contempt_step`] is set).
    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    /// Errors of the opponent seen in this game (see [`Config::contempt_step`]).
    pub fn opponent_errors(&self) -> u32 {
        self.opponent.errors()
    }
}

impl Agent<Position> for MillEngine {
    fn name(&self) -> String {
        "engine".into()
    }

    fn new_game(&mut self, _start: &Position) {
        self.clear();
    }

    fn choose(
        &mut self,
        game: &History<Position>,
        limits: &AgentLimits,
    ) -> Result<Decision<Move>, AgentError> {
        let pos = *game.position();
        let keys = game.keys().keys();
        // The history's last key is the position itself.
        let earlier = &keys[..keys.len().saturating_sub(1)];
        let r = self.search_after(&pos, earlier, limits);
        let mv = r.best.ok_or_else(|| AgentError::Failed("no legal move".into()))?;
        if self.config.contempt_step != 0 {
            self.opponent.observe(pos.key(), r.score);
            if let [first, reply, ..] = r.pv[..] {
                self.opponent.expect(pos.after(first).after(reply).key(), r.score);
            }
            self.contempt = contempt_after(&self.config, self.opponent.errors());
        }
        let mut d = Decision::new(mv).with_score(r.score);
        d.depth = Some(r.depth);
        d.nodes = Some(r.nodes);
        d.pv = r.pv;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unexpected_reply_that_gains_half_a_stone_is_an_error() {
        let mut o = Opponent::default();
        // Nothing expected yet: no error whatever the score.
        o.observe(1, 5_000);
        assert_eq!(o.errors(), 0);
        // The expected reply: no error, however the score rose.
        o.expect(7, 0);
        o.observe(7, 3_000);
        assert_eq!(o.errors(), 0);
        // Another reply, a rise just short of the margin: no error.
        o.expect(7, 100);
        o.observe(8, 100 + OPPONENT_ERROR - 1);
        assert_eq!(o.errors(), 0);
        // Another reply, a rise of the margin: an error.
        o.expect(7, 100);
        o.observe(8, 100 + OPPONENT_ERROR);
        assert_eq!(o.errors(), 1);
        // A fall is no error.
        o.expect(7, 100);
        o.observe(8, -2_000);
        assert_eq!(o.errors(), 1);
        // Won or lost scores do not count.
        o.expect(7, 0);
        o.observe(8, WIN - 10);
        o.expect(7, -WIN + 10);
        o.observe(8, 0);
        assert_eq!(o.errors(), 1);
        // An expectation is used once.
        o.expect(7, 0);
        o.observe(8, OPPONENT_ERROR);
        o.observe(9, 2 * OPPONENT_ERROR);
        assert_eq!(o.errors(), 2);
    }

    #[test]
    fn the_contempt_rises_by_the_step_up_to_the_cap() {
        let c =
            Config { contempt: 150, contempt_step: 300, contempt_max: 1_000, ..Config::default() };
        let got: Vec<i32> = (0..6).map(|e| contempt_after(&c, e)).collect();
        assert_eq!(got, [150, 450, 750, 1_000, 1_000, 1_000]);
        // Off: the config's contempt whatever the errors.
        let off = Config { contempt: 150, contempt_step: 0, ..Config::default() };
        assert!((0..100).all(|e| contempt_after(&off, e) == 150));
        // A cap below the contempt does not lower it.
        let low =
            Config { contempt: 150, contempt_step: 300, contempt_max: 0, ..Config::default() };
        assert_eq!(contempt_after(&low, 3), 150);
        // No overflow.
        let big = Config { contempt_step: i32::MAX, contempt_max: i32::MAX, ..Config::default() };
        assert_eq!(contempt_after(&big, u32::MAX), i32::MAX);
    }
}
