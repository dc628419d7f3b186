//! Every parser on the fuzzer's bytes: the first byte picks the parser, the
//! rest (read lossily as UTF-8) is its input. A parser must not panic, and
//! a value it accepts must read back from its printed form (the same
//! properties as crates/cli/tests/fuzz_parsers.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use spielbaum_game_trait::{GameExt, Notation};
use spielbaum_golf_clubs::{ClubSet, GolfHole, Rules, Tournament};
use spielbaum_gomoku::{Gomoku, Rules as GomokuRules};
use spielbaum_muehle::{Position, Rules as MuehleRules, Variant};
use spielbaum_negamax::Algorithm;
use spielbaum_nim_variant::{SubtractionGame, Subtractions, parse_player};
use spielbaum_peg_solitaire::Board;
use spielbaum_small_games::{Dice, Nim, TicTacToe};

fn notation<G: Notation>(start: &G, text: &str) {
    if let Ok(p) = start.parse_position(text) {
        let printed = p.to_string();
        let back = start.parse_position(&printed).expect("a printed position reads back");
        assert_eq!(back.to_string(), printed);
        assert_eq!(back.key(), p.key());
    }
    if let Ok(m) = start.parse_move(text) {
        assert!(start.legal_moves().contains(&m), "{text:?} accepted but not legal");
        let printed = start.move_string(m);
        assert_eq!(start.parse_move(&printed).ok(), Some(m));
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();
    match which % 12 {
        0 => notation(&TicTacToe::new(), text),
        1 => notation(&Dice::new(3, 40).unwrap(), text),
        2 => notation(&Nim::new(&[3, 4, 5]).unwrap(), text),
        3 => notation(&SubtractionGame::classic(40).unwrap(), text),
        4 => {
            let rules = Rules::default();
            let clubs = ClubSet::parse("1,50,120,300", &rules, None).unwrap();
            notation(&GolfHole::new(&clubs, 100, &rules).unwrap().with_max_strokes(20), text);
            if let Ok(c) = ClubSet::parse(text, &rules, None) {
                assert_eq!(ClubSet::parse(&c.to_string(), &rules, None).ok(), Some(c));
            }
            if let Ok(t) = Tournament::parse(text, &rules) {
                assert_eq!(Tournament::parse(&t.to_string(), &rules).ok(), Some(t));
            }
        }
        5 => {
            let board = Board::english();
            notation(&board.start_at("d4").unwrap(), text);
            if let Ok(h) = board.parse_hole(text) {
                assert_eq!(board.parse_hole(&Board::hole_name(h)).ok(), Some(h));
            }
        }
        6 => {
            if let Ok((board, pegs)) = Board::parse_mask("fuzz", text) {
                let mut printed = String::new();
                board.write_pegs(pegs, &mut printed).unwrap();
                let (b2, p2) = Board::parse_mask("fuzz", &printed).expect("reads back");
                assert_eq!((b2.mask(), p2), (board.mask(), pegs));
            }
        }
        7 => {
            if let Ok(s) = text.parse::<Subtractions>() {
                assert_eq!(s.to_string().parse::<Subtractions>().ok(), Some(s));
            }
            let _ = parse_player(text, &Subtractions::CLASSIC, 1);
        }
        8 => {
            if let Ok(v) = Nim::parse_heaps(text) {
                let printed = v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
                assert_eq!(Nim::parse_heaps(&printed).ok(), Some(v));
            }
        }
        9 => {
            let small = Gomoku::new(GomokuRules::mnk(7, 6, 4).unwrap());
            notation(&small, text);
            notation(&Gomoku::new(GomokuRules::default()), text);
        }
        10 => {
            for variant in [Variant::Three, Variant::Nine, Variant::Twelve] {
                notation(&Position::new(MuehleRules::new(variant)), text);
            }
        }
        _ => {
            if let Ok(a) = Algorithm::parse(text) {
                assert_eq!(Algorithm::parse(a.name()).ok(), Some(a));
            }
        }
    }
});
