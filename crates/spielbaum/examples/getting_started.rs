//! Your own game in about 60 lines, then every engine on it: solved by
//! negamax, searched by MCTS with win probabilities, counted level by level,
//! strongly solved by retrograde analysis, and checked by the conformance
//! suite. Run it with
//!
//! ```text
//! cargo run -p spielbaum --example getting_started --features negamax,mcts,bfs-reach,conformance
//! ```
use std::fmt;

use spielbaum::bfs::{Control, LevelBfs, level::FromKey, retrograde};
use spielbaum::game::conformance::{self, check_game};
use spielbaum::game::perft_counts;
use spielbaum::mcts::{Budget, Config as MctsConfig, Mcts, Proof};
use spielbaum::negamax::{self, Value};
use spielbaum::{Game, MoveList, Notation, NotationError, Outcome, Player};

/// Notakto: both players put an X on a 3 × 3 board; whoever completes a
/// line of three Xs loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Notakto {
    /// Bit `i` set: cell `i` (row-major, `0..9`) holds an X.
    xs: u16,
}

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

impl Notakto {
    fn line_done(&self) -> bool {
        LINES.iter().any(|line| line & !self.xs == 0)
    }
}

impl Game for Notakto {
    type Move = u8; // the cell, 0..9
    const EXACT_KEY: bool = true;

    fn to_move(&self) -> Player {
        if self.xs.count_ones().is_multiple_of(2) { Player::FIRST } else { Player::SECOND }
    }
    fn moves(&self, out: &mut MoveList<u8>) {
        if !self.line_done() {
            out.extend((0..9).filter(|&c| self.xs & 1 << c == 0));
        }
    }
    fn play(&mut self, cell: u8) {
        self.xs |= 1 << cell;
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player who just moved completed a line: the player to move wins.
        // (Nine Xs always contain a line, so the game cannot end otherwise.)
        self.line_done().then(|| Outcome::Win(self.to_move()))
    }
    fn key(&self) -> u64 {
        u64::from(self.xs)
    }
}

impl FromKey for Notakto {
    fn decode(&self, key: u64) -> Self {
        Notakto { xs: key as u16 }
    }
}

impl fmt::Display for Notakto {
    /// `x.x/.x./...`: rows from the top, `x` an X, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in 0..9 {
            if c > 0 && c % 3 == 0 {
                f.write_str("/")?;
            }
            f.write_str(if self.xs & 1 << c != 0 { "x" } else { "." })?;
        }
        Ok(())
    }
}

impl Notation for Notakto {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let cells: Vec<char> = text.chars().filter(|&c| c != '/').collect();
        if cells.len() != 9 || cells.iter().any(|&c| c != 'x' && c != '.') {
            return Err(NotationError::position(text, "expected 9 cells of 'x' or '.'"));
        }
        let xs = (0..9).filter(|&i| cells[i] == 'x').fold(0, |xs, i| xs | 1 << i);
        Ok(Notakto { xs })
    }
    fn write_move(&self, cell: u8, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", cell + 1) // cells 1..=9 for people
    }
}

fn main() {
    let start = Notakto { xs: 0 };

    // 1. Exact solution by negamax: the first player wins, and the centre
    //    (cell 4) is the only winning first move, as Plambeck and Whitehead,
    //    "The Secrets of Notakto" (arXiv:1301.1672), state for one board.
    let solution = negamax::solve(&start);
    println!(
        "negamax: {} in {} plies, winning first moves {:?}",
        solution.value.name(),
        solution.plies,
        solution.best_moves
    );
    assert_eq!(solution.value, Value::Win);
    assert_eq!(solution.best_moves, vec![4]);

    // 2. Monte Carlo graph search: a win probability for every first move.
    //    MCTS-Solver proves wins and losses on the way; sampling goes on
    //    after the proof, so proven moves' estimates converge to their value.
    let mut mcts = Mcts::new(start, MctsConfig::seeded(1).stop_when_proven(false));
    let analysis = mcts.search(Budget::iterations(20_000));
    for m in &analysis.moves {
        println!(
            "mcts: cell {} visited {:>5} times, p(win) = {:.3}, proof {:?}",
            m.mv, m.visits, m.win_probability, m.proof
        );
    }
    let best = analysis.best_move.expect("the start has moves");
    assert!(solution.best_moves.contains(&best), "MCTS picked a winning move");
    assert_eq!(analysis.get(4).map(|m| m.proof), Some(Proof::Win));

    // 3. Positions and move sequences per level (ply), breadth first.
    let summary = LevelBfs::new().run(&start, |_, _| Control::Continue).expect("tiny");
    let paths: Vec<u128> = summary.levels.iter().map(|l| l.paths).collect();
    println!(
        "level bfs: {} positions; per level {:?}",
        summary.total_positions(),
        summary.levels.iter().map(|l| l.positions).collect::<Vec<_>>()
    );
    // The paths to each level are the move sequences that perft counts.
    let perft: Vec<u128> =
        perft_counts(&start, paths.len() as u32).into_iter().map(u128::from).collect();
    assert_eq!(paths[1..], perft[..paths.len() - 1]);

    // 4. Retrograde analysis: the value of every reachable position.
    let table = retrograde::solve(&start).expect("tiny");
    let counts = table.counts();
    println!("retrograde: {} positions, {:?}", table.len(), counts);
    assert!(matches!(table.get(&start), Some(retrograde::Value::Win(_))));
    // Negamax and retrograde agree on every reachable position.
    for (pos, value) in table.iter() {
        let exact = negamax::solve(pos).value;
        let retro = match value {
            retrograde::Value::Win(_) => Value::Win,
            retrograde::Value::Loss(_) => Value::Loss,
            retrograde::Value::Draw => Value::Draw,
        };
        assert_eq!(exact, retro, "{pos}");
    }

    // 5. The conformance suite: the game keeps the trait's contract.
    check_game(&start, &conformance::Config::default());
    println!("conformance: passed");
}
