//! Limits (deadline, nodes, stop flag, callback), statistics, lazy SMP,
//! puzzles and the opening book.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use spielbaum_game_trait::{Game, GameExt, MoveList, Notation, Outcome, Player, Zero};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval};
use spielbaum_negamax::{Algorithm, Book, Config, Control, Limits, Searcher, Value, solve};
use spielbaum_small_games::{LineCount, TicTacToe};

fn big_tree() -> RandomTree {
    RandomTree::new(5, 30, 200)
}

#[test]
fn deadline_200ms_returns_within_300ms_with_a_legal_move() {
    let g = big_tree();
    for config in
        [Config::default(), Config::plain(Algorithm::Negamax), Config::plain(Algorithm::Pvs)]
    {
        let mut s = Searcher::new(RandomTreeEval, config.clone());
        let t = Instant::now();
        let r = s.search(&g, &Limits::time(Duration::from_millis(200)));
        let took = t.elapsed();
        assert!(took < Duration::from_millis(300), "{:?}: took {took:?}", config.algorithm);
        let mv = r.best_move.expect("a move");
        assert!(g.is_legal(mv));
        assert!(r.stopped);
    }
}

#[test]
fn time_limit_answers_with_the_last_completed_iteration() {
    let g = big_tree();
    let mut s = Searcher::new(RandomTreeEval, Config::default());
    let r = s.search(&g, &Limits::time(Duration::from_millis(150)));
    let last = r.iterations.last().expect("depth 1 finishes in 150 ms");
    assert_eq!(r.depth, last.depth);
    assert_eq!(r.pv, last.pv);
    assert_eq!(r.best_move, last.pv.first().copied());
    assert_eq!(r.score, last.score);
}

#[test]
fn node_limit_and_stop_flag_and_callback() {
    let g = big_tree();
    let mut s = Searcher::new(RandomTreeEval, Config::default());
    let r = s.search(&g, &Limits::depth(30).with_nodes(20_000));
    assert!(r.stopped);
    assert!(r.counters.nodes < 20_000 + 2048);
    assert!(g.is_legal(r.best_move.unwrap()));

    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let t = Instant::now();
    let r = s.search(&g, &Limits::depth(40).with_stop(stop));
    setter.join().unwrap();
    assert!(r.stopped);
    assert!(t.elapsed() < Duration::from_secs(2));

    let mut seen = Vec::new();
    let r = s.search_with(&g, &Limits::depth(10), |it| {
        seen.push(it.depth);
        if it.depth == 2 { Control::Stop } else { Control::Continue }
    });
    assert_eq!(seen, vec![1, 2]);
    assert_eq!(r.depth, 2);
    assert!(r.stopped);
}

#[test]
fn statistics_per_iteration() {
    let g = RandomTree::new(9, 6, 30);
    let mut s = Searcher::new(RandomTreeEval, Config::default());
    let r = s.search(&g, &Limits::depth(5));
    assert_eq!(r.iterations.iter().map(|i| i.depth).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    let total: u64 = r.iterations.iter().map(|i| i.counters.nodes).sum();
    assert_eq!(total, r.counters.nodes);
    for it in &r.iterations {
        assert_eq!(it.pv.len() as u32, it.depth);
        assert!(it.ebf > 0.0 && it.nps > 0.0);
        assert!(it.counters.leaves > 0);
    }
    assert!(r.counters.cutoffs > 0);
    assert!(r.counters.tt_hits > 0);
}

#[test]
fn single_thread_is_reproducible_and_threads_agree_on_solved_games() {
    let g = RandomTree::new(3, 5, 30);
    let run = || Searcher::new(RandomTreeEval, Config::default()).search(&g, &Limits::depth(6));
    let (a, b) = (run(), run());
    assert_eq!((a.score, &a.pv, a.counters), (b.score, &b.pv, b.counters));

    let t = TicTacToe::new();
    let mut s = Searcher::new(Zero, Config { threads: 3, ..Config::default() });
    let r = s.search_parallel(&t, &Limits::depth(9));
    assert_eq!(r.score, 0, "tic-tac-toe is a draw");
    assert!(t.is_legal(r.best_move.unwrap()));
    let mut s = Searcher::new(LineCount, Config { threads: 2, ..Config::default() });
    let r = s.search_parallel(&t, &Limits::time(Duration::from_millis(100)));
    assert!(t.is_legal(r.best_move.unwrap()));
}

#[test]
fn lazy_smp_runs_at_most_two_threads_per_core() {
    use spielbaum_negamax::params::{THREADS_PER_CORE, smp_threads};
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(THREADS_PER_CORE, 2, "the CLI's --threads help says two per core");
    assert_eq!(smp_threads(0), 1);
    assert_eq!(smp_threads(1), 1);
    assert_eq!(smp_threads(2), 2, "a parallel search stays parallel on one core");
    assert_eq!(smp_threads(256), 256.min(2 * cores));
    // Asked for 256 threads, the search still gives the game's value.
    let t = TicTacToe::new();
    let mut s = Searcher::new(Zero, Config { threads: 256, ..Config::default() });
    let r = s.search_parallel(&t, &Limits::depth(9));
    assert_eq!(r.score, 0, "tic-tac-toe is a draw");
    assert!(t.is_legal(r.best_move.unwrap()));
}

#[test]
fn extensions_follow_forced_lines() {
    // Every node has exactly one move: each is extended (up to the budget).
    let g = RandomTree::new(11, 1, 40);
    let plain = Searcher::new(RandomTreeEval, Config::default()).search(&g, &Limits::depth(3));
    let cfg = Config { extensions: true, ..Config::default() };
    let r = Searcher::new(RandomTreeEval, cfg).search(&g, &Limits::depth(3));
    assert_eq!(plain.pv.len(), 3);
    assert_eq!(r.pv.len() as u32, 3 + spielbaum_negamax::params::MAX_EXTENSIONS);
}

// ---- A one-player puzzle: pick coins to hit the target exactly -----------
#[derive(Clone, Debug)]
struct Coins {
    left: u8,
    sum: u32,
    target: u32,
}
const COINS: [u32; 7] = [1, 2, 3, 5, 8, 13, 21];

impl Game for Coins {
    type Move = u8;
    const PLAYERS: u8 = 1;
    fn to_move(&self) -> Player {
        Player::FIRST
    }
    fn moves(&self, out: &mut MoveList<u8>) {
        if self.sum == self.target {
            return;
        }
        for i in 0..7 {
            if self.left & 1 << i != 0 && self.sum + COINS[i as usize] <= self.target {
                out.push(i);
            }
        }
    }
    fn play(&mut self, mv: u8) {
        self.left &= !(1 << mv);
        self.sum += COINS[mv as usize];
    }
    fn outcome(&self) -> Option<Outcome> {
        let mut m = MoveList::new();
        self.moves(&mut m);
        m.is_empty()
            .then_some(Outcome::Puzzle { goal: self.sum == self.target, score: self.sum as i32 })
    }
    fn key(&self) -> u64 {
        u64::from(self.left) | u64::from(self.sum) << 8
    }
}

/// Brute force: fewest coins to hit the target, else None; and the best dead-end sum.
fn coins_brute(left: u8, sum: u32, target: u32) -> (Option<u32>, u32) {
    if sum == target {
        return (Some(0), sum);
    }
    let mut fewest: Option<u32> = None;
    let mut best_sum = sum;
    for (i, &coin) in COINS.iter().enumerate() {
        if left & 1 << i != 0 && sum + coin <= target {
            let (f, s) = coins_brute(left & !(1 << i), sum + coin, target);
            if let Some(f) = f {
                fewest = Some(fewest.map_or(f + 1, |x| x.min(f + 1)));
            }
            best_sum = best_sum.max(s);
        }
    }
    (fewest, best_sum)
}

#[test]
fn puzzles_are_maximised_without_sign_flip() {
    for target in 1..=60 {
        let g = Coins { left: 0x7f, sum: 0, target };
        let (fewest, best_sum) = coins_brute(0x7f, 0, target);
        let s = solve(&g);
        match fewest {
            Some(n) => {
                assert_eq!(s.value, Value::Win, "target {target}");
                assert_eq!(s.plies, n, "target {target}");
            }
            None => {
                assert_eq!(s.value, Value::Draw, "target {target}");
                assert_eq!(s.score, best_sum as i32, "target {target}");
            }
        }
    }
}

#[test]
fn book_round_trip_and_is_consulted_first() {
    let t = TicTacToe::new();
    let text = "# corner openings\n.../.../... | a1:3 c3:5\n.../.x./... | a1:1\n";
    let book = Book::load(text, &t).unwrap();
    assert_eq!(book.len(), 2);
    let saved = book.save().unwrap();
    let again = Book::load(&saved, &t).unwrap();
    assert_eq!(again.save().unwrap(), saved);
    let mut s = Searcher::new(LineCount, Config::default()).with_book(book);
    let r = s.search(&t, &Limits::depth(3));
    assert!(r.from_book);
    assert_eq!(t.move_string(r.best_move.unwrap()), "c3");

    for (bad, part) in [
        ("x/y | a1:1", "x/y"),
        (".../.../... | z9:1", "z9"),
        (".../.../... | a1:many", "many"),
        (".../.../... a1:1", "expected"),
        (".../.../... |", "no moves"),
    ] {
        let e = Book::load(bad, &t).unwrap_err().to_string();
        assert!(e.contains(part), "{e}");
    }
}

#[test]
fn a_single_search_to_the_end_reports_the_plies_it_needed() {
    // A non-iterative search under a time limit searches to
    // `params::STACK_SAFE_DEPTH` at once; Tic-tac-toe ends on every line
    // within 9 plies, so the reported depth is the principal variation's
    // length (a draw in 9), not the cap.
    for algo in [Algorithm::AlphaBeta, Algorithm::Pvs] {
        let mut s = Searcher::new(LineCount, Config::with_algorithm(algo));
        let r = s.search(&TicTacToe::new(), &Limits::time(Duration::from_secs(30)));
        assert!(r.exact && !r.stopped, "{algo:?}");
        assert_eq!((r.score, r.depth, r.pv.len()), (0, 9, 9), "{algo:?}");
    }
    // A depth limit that does bound the search is reported as it is.
    let mut s = Searcher::new(LineCount, Config::with_algorithm(Algorithm::Pvs));
    let r = s.search(&TicTacToe::new(), &Limits::depth(4));
    assert!(!r.exact);
    assert_eq!(r.depth, 4);
}
