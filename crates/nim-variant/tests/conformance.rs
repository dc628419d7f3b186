//! The generic conformance suite on several rule sets.

use spielbaum_game_trait::conformance::{Config, check_game, check_random_move, check_undo};
use spielbaum_nim_variant::SubtractionGame;

#[test]
fn classic_22_and_50() {
    for n in [1, 2, 3, 22, 50] {
        let g = SubtractionGame::new(n, &[3, 5, 11]).unwrap();
        check_game(&g, &Config::default());
        check_undo(&g, &Config::default());
        check_random_move(&g, &Config::default());
    }
}

#[test]
fn other_sets() {
    for set in [&[1u64][..], &[1, 2], &[3, 5, 8], &[2, 7, 13, 40]] {
        let g = SubtractionGame::new(60, set).unwrap();
        check_game(&g, &Config::default());
        check_undo(&g, &Config::default());
        check_random_move(&g, &Config::default());
    }
}

#[test]
fn notation_reads_and_rejects() {
    use spielbaum_game_trait::{Game, Notation, NotationKind, Player};
    let g = SubtractionGame::new(22, &[3, 5, 11]).unwrap();
    assert_eq!(g.to_string(), "22 A");
    let p = g.parse_position("17 B").unwrap();
    assert_eq!((p.number(), p.to_move()), (17, Player::SECOND));
    assert_eq!(g.parse_position(" 17 ").unwrap().to_move(), Player::FIRST);
    assert_eq!(g.parse_position("17 2").unwrap().to_move(), Player::SECOND);
    assert!(g.parse_position("-2 A").unwrap().is_over());
    for (bad, part) in
        [("", ""), ("x", "x"), ("17 C", "C"), ("17 B x", "x"), ("99999999999999", "99999999999999")]
    {
        let e = g.parse_position(bad).unwrap_err();
        assert_eq!(e.kind, NotationKind::Position);
        assert_eq!(e.input, part, "{bad:?}");
    }
    assert_eq!(g.parse_move("5").unwrap(), 5);
    assert!(g.parse_move("4").unwrap_err().reason.contains("3,5,11"));
    assert!(g.parse_move("five").is_err());
    assert!(g.parse_position("0 B").unwrap().parse_move("3").is_err());
}
