//! The golf-club puzzle of Michael Schröpl's "Ein Verfahren zum Einlochen
//! in Golf": with a set of clubs (each strokes the ball a fixed length,
//! forward or backward), how few strokes hole a hole of length `n`, what is
//! a club set's exact expected score for a tournament of dice-length holes,
//! which single club change helps most — and, beyond the text, which club
//! set is best of all.
//!
//! ```
//! use spielbaum_golf_clubs::{ClubSet, Rules, Scorer, Tournament, strokes};
//!
//! let rules = Rules::default(); // clubs 1..=350, holes 1..=358
//! let clubs = ClubSet::parse("1,50,120,300", &rules, Some(4))?;
//!
//! // §3–6: minimal strokes for every hole length.
//! let table = strokes(&clubs, &rules)?;
//! assert_eq!(table.get(70), Some(2)); // 120 − 50
//! assert_eq!(table.get(300), Some(1));
//!
//! // §7: the exact expected strokes of a tournament.
//! let t = Tournament::parse("100+1W3,120+1W4,150+1W6,200+2W2,250+2W3,300+2W4", &rules)?;
//! let scorer = Scorer::new(&t, &rules)?;
//! let e = scorer.expected(&clubs)?;
//! assert_eq!(e, table.numerator(&t).map(|n| t.rational(n)).unwrap());
//!
//! // §8–9: the best single club change (1397 sets looked at).
//! let best = scorer.best_single_change(&clubs)?;
//! assert_eq!(best.evaluated, 1397);
//! assert!(best.expected.unwrap() <= e);
//! # Ok::<(), spielbaum_golf_clubs::GolfError>(())
//! ```
//!
//! # The pieces
//! - [`Rules`] and [`ClubSet`]: validated input; [`Tournament`]: the text's
//!   notation `b+NWs` with exact field weights; [`Rational`]: exact values.
//! - Stroke tables ([`StrokeTable`]): [`strokes`] (bit-parallel, fastest),
//!   [`ActiveList`] (the text's §4 on the generic
//!   [`spielbaum_bfs_reach::dense`] search, with [`Method::Forward`] on 707
//!   fields, [`Method::Tuebingen`] on 358 and the wrong
//!   [`Method::NaiveShort`] as a counter-check), [`TunedActiveList`] (§10).
//! - [`Scorer`]: expected values with early stop (§7) and the lower bound
//!   (§9); [`Scorer::best_single_change`] (§8), [`Scorer::best_change`]
//!   (up to `m` clubs) and [`Scorer::optimum`] (all sets, all cores).
//! - [`GolfHole`]: one hole as a one-player [`spielbaum_game_trait::Game`].
//!
//! Why the three searches agree, and measurements: `docs/golf-clubs.md`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bits;
mod error;
mod eval;
mod game;
pub mod params;
mod rules;
mod search;
mod table;
mod tournament;

pub use error::{GolfError, Subject};
pub use eval::{Eval, Scorer};
pub use game::GolfHole;
pub use rules::{ClubSet, Rules};
pub use search::{Control, Found, Progress};
pub use table::{ActiveList, Method, StrokeTable, TunedActiveList, strokes, strokes_into};
pub use tournament::{Hole, Rational, Tournament};
