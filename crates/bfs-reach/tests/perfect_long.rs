//! Distances beyond 255 plies: a take-away game whose lost positions hold
//! out for hundreds of plies is solved with the same values and plies as
//! the hash-map solver, and its table round-trips through a file with
//! two-byte distances.

use spielbaum_bfs_reach::Value;
use spielbaum_bfs_reach::perfect::{Database, PerfectIndex, PerfectSolver};
use spielbaum_bfs_reach::retrograde::Retrograde;
use spielbaum_game_trait::{Game, MoveList, Outcome, Player};

/// Objects on a pile, take 1 or 2; whoever takes the last one wins.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Take {
    left: u32,
    mover: Player,
}

impl Game for Take {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.mover
    }
    fn moves(&self, out: &mut MoveList<u32>) {
        out.extend((1..=2).filter(|&t| t <= self.left));
    }
    fn play(&mut self, t: u32) {
        self.left -= t;
        self.mover = self.mover.other();
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::Win(self.mover.other()))
    }
    fn key(&self) -> u64 {
        u64::from(self.left) << 1 | self.mover.index() as u64
    }
}

const PILE: u32 = 1000;

/// One subspace: index = 2 · objects left + side to move.
struct TakeIndex;

impl PerfectIndex for TakeIndex {
    type Game = Take;
    type Space = ();
    fn size(&self, _: ()) -> u64 {
        2 * (u64::from(PILE) + 1)
    }
    fn rank(&self, p: &Take) -> Option<((), u64)> {
        (p.left <= PILE).then(|| ((), u64::from(p.left) * 2 + p.mover.index() as u64))
    }
    fn unrank(&self, _: (), i: u64) -> Option<Take> {
        let mover = if i.is_multiple_of(2) { Player::FIRST } else { Player::SECOND };
        Some(Take { left: (i / 2) as u32, mover })
    }
    fn unmoves(&self, p: &Take, out: &mut Vec<Take>) {
        for t in 1..=2 {
            if p.left + t <= PILE {
                out.push(Take { left: p.left + t, mover: p.mover.other() });
            }
        }
    }
    fn space_name(&self, _: ()) -> String {
        "take".into()
    }
}

#[test]
fn distances_beyond_255_plies_are_exact_and_round_trip() {
    let start = Take { left: PILE, mover: Player::FIRST };
    let reference = Retrograde::new().solve(&start).expect("small");
    let dir = std::env::temp_dir().join(format!("spielbaum-perfect-long-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let solved = PerfectSolver::new(&TakeIndex).dir(&dir).solve(&[()]).expect("solve");
    let reread = Database::open(&TakeIndex, &dir);
    let mut longest = 0;
    for (pos, v) in reference.iter() {
        assert_eq!(solved.probe(pos).expect("probe"), Some(v), "{pos:?}");
        assert_eq!(reread.probe(pos).expect("file"), Some(v), "{pos:?} from the file");
        longest = longest.max(v.plies().unwrap_or(0));
    }
    assert!(longest > 255, "the test needs distances beyond a byte, got {longest}");
    // 1000 is not a multiple of 3: a win (take 1, then answer 3 − t).
    assert!(matches!(reread.probe(&start).expect("file"), Some(Value::Win(_))));
    let _ = std::fs::remove_dir_all(&dir);
}
