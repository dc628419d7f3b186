//! Exact solving of games far longer than 255 plies, against a dynamic
//! programme written here; games with cycles end with `complete: false`.

use spielbaum_game_trait::{Game, MoveList, Outcome, Player};
use spielbaum_negamax::synthetic::RandomTree;
use spielbaum_negamax::{Solver, Value, params, solve};

/// A subtraction game restated here: take `d ∈ S` (with `d ≤ n`) from the
/// pile `n`; a player without a move (n smaller than every d) loses.
#[derive(Clone, Copy, Debug)]
struct Subtract {
    n: u32,
    set: &'static [u32],
    to_move: Player,
}

impl Game for Subtract {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(self.set.iter().copied().filter(|&d| d <= self.n));
    }

    fn play(&mut self, d: u32) {
        self.n -= d;
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.set.iter().all(|&d| d > self.n).then(|| Outcome::Win(self.to_move.other()))
    }

    fn key(&self) -> u64 {
        u64::from(self.n) << 1 | self.to_move.index() as u64
    }
}

/// For every n up to `upto`: (the side to move wins, plies to the end with
/// the fastest win / slowest loss, the best moves) by the usual sweep.
fn sweep(set: &[u32], upto: u32) -> Vec<(bool, u32, Vec<u32>)> {
    let mut t: Vec<(bool, u32, Vec<u32>)> = Vec::new();
    for n in 0..=upto {
        let children: Vec<(u32, bool, u32)> = set
            .iter()
            .filter(|&&d| d <= n)
            .map(|&d| (d, t[(n - d) as usize].0, t[(n - d) as usize].1))
            .collect();
        let entry = if children.is_empty() {
            (false, 0, Vec::new())
        } else if let Some(p) = children.iter().filter(|c| !c.1).map(|c| c.2 + 1).min() {
            // Win: the fastest move to a lost position.
            let best = children.iter().filter(|c| !c.1 && c.2 + 1 == p).map(|c| c.0).collect();
            (true, p, best)
        } else {
            // Loss: the slowest move.
            let p = children.iter().map(|c| c.2 + 1).max().unwrap();
            let best = children.iter().filter(|c| c.2 + 1 == p).map(|c| c.0).collect();
            (false, p, best)
        };
        t.push(entry);
    }
    t
}

#[test]
fn subtraction_games_of_up_to_1000_plies_are_solved_exactly() {
    // With 1 in S a game from n can last n plies, far past 255.
    for set in [&[1u32, 2][..], &[1, 3, 4]] {
        let truth = sweep(set, 1000);
        let mut solver = Solver::new(8);
        // Largest first (the hardest solve, from an empty table), then
        // a sample below (answered mostly from the table).
        for n in (600..=1000).rev().step_by(7).chain([1000, 601, 600]) {
            let g = Subtract { n, set, to_move: Player::SECOND };
            let s = solver.solve(&g);
            let (win, plies, ref best) = truth[n as usize];
            assert!(s.complete, "{set:?} n = {n}");
            assert_eq!(s.value, if win { Value::Win } else { Value::Loss }, "{set:?} n = {n}");
            assert_eq!(s.plies, plies, "{set:?} n = {n}");
            assert_eq!(&s.best_moves, best, "{set:?} n = {n}");
            assert_eq!(s.pv.len() as u32, plies, "{set:?} n = {n}: the pv reaches the end");
        }
    }
}

#[test]
fn a_fresh_solver_agrees_on_a_long_loss() {
    // n = 999 with S = {1, 2}: 999 ≡ 0 (mod 3) is lost; the loser takes 1,
    // the winner answers with 2 (fastest), so 2 plies per 3: 666 plies.
    let set = &[1u32, 2][..];
    let truth = sweep(set, 999);
    let s = solve(&Subtract { n: 999, set, to_move: Player::FIRST });
    assert_eq!((s.value, s.plies), (Value::Loss, truth[999].1));
    assert_eq!(s.plies, 666);
    assert!(s.complete);
}

#[test]
fn lines_of_thousands_of_plies_do_not_overflow_the_stack() {
    // One move per node: the solver recurses once per ply. 9,000 plies
    // are solved; past the 10,000 plies scores can encode, the answer is
    // honest about being a guess.
    let long = solve(&RandomTree::new(1, 1, 9_000));
    assert!(long.complete);
    assert_eq!(long.pv.len(), 9_000);
    let too_long = solve(&RandomTree::new(1, 1, params::DEPTH_INFINITE as u16 + 50));
    assert!(!too_long.complete);
}

/// A game that never ends: three positions in a ring (or, with `exit`, a
/// way out at position 2 that wins for the mover).
#[derive(Clone, Copy, Debug)]
struct Ring {
    at: u8,
    exit: bool,
    done: bool,
    to_move: Player,
}

impl Game for Ring {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self, moves: &mut MoveList<u8>) {
        if !self.done {
            moves.push(0); // advance
            if self.exit && self.at == 2 {
                moves.push(1); // leave, winning
            }
        }
    }

    fn play(&mut self, mv: u8) {
        if mv == 1 {
            self.done = true;
        } else {
            self.at = (self.at + 1) % 3;
        }
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.done.then(|| Outcome::Win(self.to_move.other()))
    }

    fn key(&self) -> u64 {
        u64::from(self.at) << 3
            | u64::from(self.exit) << 2
            | u64::from(self.done) << 1
            | self.to_move.index() as u64
    }
}

#[test]
fn games_with_cycles_end_and_are_not_claimed_solved() {
    // No way out: the game never ends. The solver stops at the first
    // repetition of a position on a line and says it is not proven.
    let s = solve(&Ring { at: 0, exit: false, done: false, to_move: Player::FIRST });
    assert!(!s.complete);
    assert_eq!(s.value, Value::Draw);
    assert!(s.nodes < 1_000, "{} nodes", s.nodes);
    // With a way out at 2 (a win for the mover), 0 → 1 → 2 wins for the
    // player at 0 in 3 plies; nothing beats that, so the value is right
    // even though the ring may make the proof incomplete.
    let s = solve(&Ring { at: 0, exit: true, done: false, to_move: Player::FIRST });
    assert_eq!((s.value, s.plies), (Value::Win, 3));
    assert_eq!(s.best_moves, [0]);
}

#[test]
fn deep_fixed_depth_searches_run_on_a_stack_of_stack_bytes() {
    // A search 1,000 plies deep (past the 255 plies the caller's stack is
    // trusted with) on a thread sized by `params::stack_bytes`: alpha-beta
    // and PVS with a table reach the end on every line and find the
    // distance the sweep says.
    use spielbaum_game_trait::{Zero, loss_in, win_in};
    use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};
    let set = &[1u32, 2][..];
    let truth = sweep(set, 700);
    for n in [700u32, 699] {
        let (win, plies, _) = truth[n as usize];
        let want = if win { win_in(plies) } else { loss_in(plies) };
        for algo in [Algorithm::AlphaBeta, Algorithm::Pvs] {
            let g = Subtract { n, set, to_move: Player::FIRST };
            let got = std::thread::scope(|s| {
                std::thread::Builder::new()
                    .stack_size(params::stack_bytes::<Subtract>(1_000))
                    .spawn_scoped(s, || {
                        let mut searcher = Searcher::new(Zero, Config::with_algorithm(algo));
                        searcher.search(&g, &Limits::depth(1_000))
                    })
                    .unwrap()
                    .join()
                    .unwrap()
            });
            assert_eq!(got.score, want, "{algo:?} n = {n}");
            assert!(got.exact, "{algo:?} n = {n}");
            assert_eq!(got.pv.len() as u32, plies, "{algo:?} n = {n}");
        }
    }
}
