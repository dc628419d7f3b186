//! Helpers shared by the peg-solitaire integration tests.

use spielbaum_peg_solitaire::{Board, Statistics};

/// Asserts the published figures of the English board from the centre
/// (George Bell, "Solitaire: the English board",
/// http://www.gibell.net/pegsolitaire/ ; also OEIS A112737 for the level
/// counts): 187,636,299 positions reachable, 23,475,688 up to symmetry,
/// 40,861,647,040,079,968 games ending with one peg in the centre, and
/// 577,116,156,815,309,849,672 finished games in all (Durango Bill,
/// http://www.durangobill.com/Peg33.html).
pub fn assert_english_published_figures(s: &Statistics) {
    let board = Board::english();
    assert!(s.complete);
    assert_eq!(s.total_positions(), 187_636_299);
    assert_eq!(s.total_canonical(), 23_475_688);
    assert_eq!(s.one_peg_paths_at(board.parse_hole("d4").unwrap()), 40_861_647_040_079_968);
    let games: u128 = s.levels.iter().map(|l| l.stats.dead_end_paths).sum();
    assert_eq!(games, 577_116_156_815_309_849_672);
}
