//! The architecture guide's example game, checked: it runs the conformance
//! suite, and its solution agrees with the classical result (the first
//! player wins Kayles on any row, by taking the middle and mirroring).

#[allow(dead_code)]
#[path = "../examples/kayles.rs"]
mod kayles;

use kayles::{Kayles, value};

#[test]
fn first_player_wins_every_row() {
    for len in 1..=10 {
        assert_eq!(value(&Kayles::new(len)), 1, "row of {len}");
    }
}

#[cfg(feature = "conformance")]
#[test]
fn kayles_conforms() {
    use spielbaum_game_trait::conformance::{Config, check_game};
    check_game(&Kayles::new(9), &Config { games: 64, max_plies: 20 });
}

/// docs/architecture.md shows the game verbatim (when the book is present:
/// it is not part of the published crate).
#[test]
fn architecture_guide_shows_this_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let Ok(book) = std::fs::read_to_string(root.join("../../docs/architecture.md")) else {
        return;
    };
    let example = std::fs::read_to_string(root.join("examples/kayles.rs")).unwrap();
    let game = &example[..example.find("/// Exact value").unwrap()];
    assert!(
        book.contains(game.trim_end()),
        "docs/architecture.md does not show examples/kayles.rs"
    );
    assert!(game.lines().count() <= 90, "the example game grew past ~80 lines");
}
