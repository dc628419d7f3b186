//! The subtraction game over bfs-reach's perfect index: the dense tables
//! agree with the hash-map retrograde solver on every reachable position
//! (value and plies), and unmoves are exactly the inverse of moves.
//!
//! The test lives here rather than in bfs-reach because this crate depends
//! on bfs-reach (a dev-dependency the other way round would build
//! bfs-reach twice).

use proptest::prelude::*;
use spielbaum_bfs_reach::perfect::{PerfectIndex, PerfectSolver};
use spielbaum_bfs_reach::retrograde::Retrograde;
use spielbaum_game_trait::{Game, GameExt, Notation, Player};
use spielbaum_nim_variant::SubtractionGame;

/// Numbers `1 − max(S) ..= top` with either player to move: index
/// `2 (n − low) + side`.
struct SubIndex {
    rules: SubtractionGame,
    low: i64,
    top: i64,
}

impl SubIndex {
    fn new(top: u64, set: &[u64]) -> Self {
        let rules = SubtractionGame::new(top, set).unwrap();
        let low = 1 - i64::from(rules.rules().max());
        SubIndex { rules, low, top: top as i64 }
    }

    fn at(&self, n: i64, mover: Player) -> SubtractionGame {
        let side = if mover == Player::FIRST { "A" } else { "B" };
        self.rules.parse_position(&format!("{n} {side}")).unwrap()
    }
}

impl PerfectIndex for SubIndex {
    type Game = SubtractionGame;
    type Space = ();

    fn size(&self, _: ()) -> u64 {
        2 * (self.top - self.low + 1) as u64
    }

    fn rank(&self, p: &SubtractionGame) -> Option<((), u64)> {
        let n = p.number();
        (self.low..=self.top)
            .contains(&n)
            .then(|| ((), 2 * (n - self.low) as u64 + p.to_move().index() as u64))
    }

    fn unrank(&self, _: (), i: u64) -> Option<SubtractionGame> {
        let mover = if i.is_multiple_of(2) { Player::FIRST } else { Player::SECOND };
        Some(self.at(self.low + (i / 2) as i64, mover))
    }

    fn unmoves(&self, p: &SubtractionGame, out: &mut Vec<SubtractionGame>) {
        // The other player subtracted d from a positive number.
        for &d in self.rules.rules().as_slice() {
            let n = p.number() + i64::from(d);
            if n > 0 && n <= self.top {
                out.push(self.at(n, p.to_move().other()));
            }
        }
    }

    fn space_name(&self, _: ()) -> String {
        "subtraction".into()
    }
}

fn agrees(top: u64, set: &[u64]) {
    let index = SubIndex::new(top, set);
    let db = PerfectSolver::new(&index).solve(&[()]).unwrap();
    let start = SubtractionGame::new(top, set).unwrap();
    let table = Retrograde::new().solve(&start).unwrap();
    assert!(table.len() > 40, "{} reachable positions", table.len());
    for (pos, v) in table.iter() {
        assert_eq!(db.probe(pos).unwrap(), Some(v), "{pos}");
    }
}

#[test]
fn classic_set_agrees_with_the_hash_map_solver() {
    agrees(500, &[3, 5, 11]);
}

#[test]
fn other_sets_agree_with_the_hash_map_solver() {
    agrees(300, &[1, 2]);
    agrees(300, &[2, 7, 8]);
    agrees(200, &[4]);
}

proptest! {
    #[test]
    fn unmoves_invert_moves(set in proptest::collection::vec(1u64..20, 1..5), top in 1u64..60, i in 0u64..1000) {
        let index = SubIndex::new(top, &set);
        let i = i % index.size(());
        let p = index.unrank((), i).unwrap();
        prop_assert_eq!(index.rank(&p), Some(((), i)));
        let mut preds = Vec::new();
        for mv in p.legal_moves() {
            let c = p.after(mv);
            preds.clear();
            index.unmoves(&c, &mut preds);
            prop_assert!(preds.iter().any(|q| q.key() == p.key()), "{} missing from the unmoves of {}", p, c);
        }
        preds.clear();
        index.unmoves(&p, &mut preds);
        for q in &preds {
            prop_assert!(q.legal_moves().into_iter().any(|mv| q.after(mv).key() == p.key()), "{} does not move to {}", q, p);
        }
    }
}
