//! The classification by bfs-reach's generic retrograde solver: the same
//! answer as [`sweep`](crate::sweep), from the [`Game`] rules alone.

use spielbaum_bfs_reach::retrograde::{Retrograde, Value};
use spielbaum_game_trait::NotationError;

use crate::game::{SubtractionGame, Subtractions};
use crate::theory::{Classification, MAX_TABLE};

/// Classifies `0..=upto` with [`spielbaum_bfs_reach`]'s retrograde solver.
///
/// One solve from `n` reaches only the numbers `n − Σ` of sums of S, so the
/// solver runs from the largest number not yet classified, downwards,
/// until every number `1..=upto` is covered (a few solves: the second
/// covers `upto − 1`, …). Every position the solver finishes is used, with
/// either player to move (the game is impartial, so the value does not
/// depend on who moves). A number is red when its value for the side to
/// move is a loss; `0` is a finished position lost for the side to move,
/// so it comes out red as well.
///
/// ```
/// use spielbaum_nim_variant::{retrograde_classification, sweep, Subtractions};
/// let r = retrograde_classification(&Subtractions::CLASSIC, 60).unwrap();
/// assert_eq!(r, sweep(&Subtractions::CLASSIC, 60).unwrap());
/// ```
pub fn retrograde_classification(
    rules: &Subtractions,
    upto: u64,
) -> Result<Classification, NotationError> {
    if upto == 0 || upto >= MAX_TABLE {
        return Err(NotationError::option(
            upto.to_string(),
            format!("the retrograde classification covers 1..{MAX_TABLE}"),
        ));
    }
    let mut red: Vec<Option<bool>> = vec![None; upto as usize + 1];
    let mut top = upto;
    while top > 0 {
        if red[top as usize].is_some() {
            top -= 1;
            continue;
        }
        let start = SubtractionGame::with_rules(top, *rules)?;
        let table = Retrograde::new().solve(&start).map_err(|e| {
            NotationError::option(top.to_string(), format!("retrograde solve: {e}"))
        })?;
        for (pos, value) in table.iter() {
            let n = pos.number();
            if n < 0 || n > upto as i64 {
                continue;
            }
            let is_red = match value {
                Value::Loss(_) => true,
                Value::Win(_) => false,
                Value::Draw => {
                    return Err(NotationError::option(
                        pos.to_string(),
                        "the retrograde solver reports a draw, impossible in this game",
                    ));
                }
            };
            if let Some(prev) = red[n as usize]
                && prev != is_red
            {
                return Err(NotationError::option(
                    pos.to_string(),
                    "the value depends on the player to move (internal error)",
                ));
            }
            red[n as usize] = Some(is_red);
        }
        top -= 1;
    }
    // 0 is reached from every start that can produce it; when no number
    // of S is at most `upto`, it is not, and it is red by definition.
    let red: Vec<bool> = red.into_iter().map(|r| r.unwrap_or(true)).collect();
    Ok(Classification::from_flags(*rules, red))
}
