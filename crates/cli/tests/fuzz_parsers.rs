//! Every parser over arbitrary strings and bytes: it never panics, and a
//! value it accepts is printed and read back to the same value.
//!
//! Three kinds of input per parser: any Unicode string, any bytes (read
//! lossily as UTF-8), and strings over the parser's own alphabet (so that a
//! good share of them parse and the round trip is exercised). Cases per
//! property: `PROPTEST_CASES` or 1,000 (docs/reliability.md: how to run
//! more, and the cargo-fuzz harness in fuzz/).

use proptest::prelude::*;
use spielbaum_game_trait::{GameExt, Notation};
use spielbaum_golf_clubs::{ClubSet, GolfHole, Rules, Tournament};
use spielbaum_gomoku::{Gomoku, Rules as GomokuRules};
use spielbaum_muehle::{Position as MuehlePosition, Rules as MuehleRules, Variant};
use spielbaum_negamax::Algorithm;
use spielbaum_nim_variant::{SubtractionGame, Subtractions, parse_player};
use spielbaum_peg_solitaire::Board;
use spielbaum_small_games::{Dice, Nim, TicTacToe};

fn config() -> ProptestConfig {
    let mut c = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = 1_000;
    }
    c
}

/// Any string, any bytes, or a string over `alphabet` (a regex class).
fn input(alphabet: &'static str) -> BoxedStrategy<String> {
    prop_oneof![
        any::<String>(),
        proptest::collection::vec(any::<u8>(), 0..64)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        proptest::string::string_regex(alphabet).expect("a regex"),
    ]
    .boxed()
}

/// Position notation of `start`'s game: no panic on `text`; an accepted
/// position prints to text that reads back to it.
fn position_round_trip<G: Notation>(start: &G, text: &str) -> Result<(), TestCaseError> {
    if let Ok(p) = start.parse_position(text) {
        let printed = p.to_string();
        let back = start.parse_position(&printed);
        let back = match back {
            Ok(b) => b,
            Err(e) => {
                return Err(TestCaseError::fail(format!(
                    "{text:?} -> {printed:?} does not read back: {e}"
                )));
            }
        };
        prop_assert_eq!(back.to_string(), printed.clone());
        prop_assert_eq!(back.key(), p.key(), "{:?}", printed);
        prop_assert_eq!(back.to_move(), p.to_move());
    }
    Ok(())
}

/// Move notation in `pos`: no panic; an accepted move is legal and reads
/// back from its printed form.
fn move_round_trip<G: Notation>(pos: &G, text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = pos.parse_move(text) {
        prop_assert!(pos.legal_moves().contains(&m), "{text:?} accepted but not legal");
        let printed = pos.move_string(m);
        prop_assert_eq!(pos.parse_move(&printed).ok(), Some(m), "{:?}", printed);
    }
    Ok(())
}

/// Plays `choices` (each picks a legal move) from `start`; every position
/// and every legal move on the way round-trips through its notation.
fn walk<G: Notation>(start: &G, choices: &[usize]) -> Result<(), TestCaseError> {
    let mut pos = start.clone();
    for &c in choices {
        position_round_trip(start, &pos.to_string())?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        for &m in moves.iter() {
            let s = pos.move_string(m);
            prop_assert_eq!(pos.parse_move(&s).ok(), Some(m), "{:?} in {}", s, pos);
        }
        pos.play(moves[c % moves.len()]);
    }
    Ok(())
}

fn golf() -> GolfHole {
    let rules = Rules::default();
    let clubs = ClubSet::parse("1,50,120,300", &rules, None).expect("clubs");
    GolfHole::new(&clubs, 100, &rules).expect("hole").with_max_strokes(20)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn tictactoe_notation(text in input("[xo.XO/ a-c1-3]{0,14}"),
                          choices in proptest::collection::vec(any::<usize>(), 0..10)) {
        let g = TicTacToe::new();
        position_round_trip(&g, &text)?;
        move_round_trip(&g, &text)?;
        walk(&g, &choices)?;
    }

    #[test]
    fn dice_notation(text in input("(top=[0-9] sum=[0-9]{1,3} target=[0-9]{1,3} turn=[0-3]|[0-9 ]{0,3})"),
                     choices in proptest::collection::vec(any::<usize>(), 0..40)) {
        let g = Dice::new(3, 40).expect("dice");
        position_round_trip(&g, &text)?;
        move_round_trip(&g, &text)?;
        walk(&g, &choices)?;
    }

    #[test]
    fn nim_notation(text in input("(heaps=)?[0-9,\\-]{0,12}( turn=[0-3])?|[0-9]{1,2}:[0-9]{1,2}"),
                    choices in proptest::collection::vec(any::<usize>(), 0..20)) {
        let g = Nim::new(&[3, 4, 5]).expect("nim");
        position_round_trip(&g, &text)?;
        move_round_trip(&g, &text)?;
        walk(&g, &choices)?;
    }

    #[test]
    fn nim_variant_notation(text in input("-?[0-9]{0,6}( [ABC])?"),
                            choices in proptest::collection::vec(any::<usize>(), 0..20)) {
        let g = SubtractionGame::classic(40).expect("game");
        position_round_trip(&g, &text)?;
        move_round_trip(&g, &text)?;
        walk(&g, &choices)?;
    }

    #[test]
    fn golf_notation(text in input("(ball -?[0-9]{1,3} strokes [0-9]{1,2})|[+\\-]?[0-9]{1,3}"),
                     choices in proptest::collection::vec(any::<usize>(), 0..20)) {
        let g = golf();
        position_round_trip(&g, &text)?;
        move_round_trip(&g, &text)?;
        walk(&g, &choices)?;
    }

    #[test]
    fn peg_notation(text in input("([.01]{7}/){0,7}[.01]{0,7}|[a-g][1-7][\\-x:][a-g][1-7]"),
                    choices in proptest::collection::vec(any::<usize>(), 0..31)) {
        let board = Board::english();
        let g = board.start_at("d4").expect("start");
        position_round_trip(&g, &text)?;
        move_round_trip(&g, &text)?;
        walk(&g, &choices)?;
    }

    #[test]
    fn gomoku_notation(text in input("([.xo]{0,7}/){0,6}[.xo]{0,7}( [xo])?|[a-h][0-9]{1,2}|[0-9]{1,2},[0-9]{1,2}"),
                       choices in proptest::collection::vec(any::<usize>(), 0..30)) {
        // A small board with every empty cell legal, and the standard one
        // with candidate moves near the stones.
        let small = Gomoku::new(GomokuRules::mnk(7, 6, 4).expect("rules"));
        position_round_trip(&small, &text)?;
        move_round_trip(&small, &text)?;
        walk(&small, &choices)?;
        let standard = Gomoku::new(GomokuRules::default());
        position_round_trip(&standard, &text)?;
        move_round_trip(&standard, &text)?;
        walk(&standard, &choices[..choices.len().min(12)])?;
    }

    #[test]
    fn muehle_notation(text in input("([WB.]{3,8}/){0,7}[WB.]{0,3}( [wb] [0-9] [0-9] [0-9]{1,2})?|[a-g][1-7](-[a-g][1-7])?(x[a-g][1-7])?"),
                       choices in proptest::collection::vec(any::<usize>(), 0..80)) {
        for variant in [Variant::Nine, Variant::Three, Variant::Twelve] {
            let g = MuehlePosition::new(MuehleRules::new(variant));
            position_round_trip(&g, &text)?;
            move_round_trip(&g, &text)?;
            walk(&g, &choices)?;
        }
    }

    #[test]
    fn board_masks(text in input("[.01xo#/ \\n]{0,40}")) {
        if let Ok((board, pegs)) = Board::parse_mask("fuzz", &text) {
            let mut printed = String::new();
            board.write_pegs(pegs, &mut printed).expect("writes");
            let back = Board::parse_mask("fuzz", &printed);
            prop_assert!(back.is_ok(), "{text:?} -> {printed:?}: {back:?}");
            let (b2, p2) = back.unwrap();
            prop_assert_eq!(b2.mask(), board.mask());
            prop_assert_eq!(p2, pegs);
        }
        let english = Board::english();
        if let Ok(h) = english.parse_hole(&text) {
            prop_assert_eq!(english.parse_hole(&Board::hole_name(h)).ok(), Some(h));
        }
    }

    #[test]
    fn club_sets(text in input("[0-9, ]{0,20}")) {
        let rules = Rules::default();
        if let Ok(c) = ClubSet::parse(&text, &rules, None) {
            let printed = c.to_string();
            prop_assert_eq!(ClubSet::parse(&printed, &rules, None).ok(), Some(c), "{:?}", printed);
        }
    }

    #[test]
    fn tournaments(text in input("([0-9]{1,3}(\\+[0-9]W[0-9]{1,2})?,?){0,4}")) {
        let rules = Rules::default();
        if let Ok(t) = Tournament::parse(&text, &rules) {
            let printed = t.to_string();
            prop_assert_eq!(Tournament::parse(&printed, &rules).ok(), Some(t), "{:?}", printed);
        }
    }

    #[test]
    fn subtraction_sets(text in input("\\{?[0-9, ]{0,16}\\}?")) {
        if let Ok(s) = text.parse::<Subtractions>() {
            let printed = s.to_string();
            let back: Result<Subtractions, _> = printed.parse();
            prop_assert_eq!(back.ok(), Some(s), "{:?}", printed);
        }
    }

    #[test]
    fn option_lists(text in input("[0-9,\\- ]{0,16}|[a-z\\-]{0,12}(:[0-9.]{0,4})?")) {
        if let Ok(v) = Nim::parse_heaps(&text) {
            let printed = v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            prop_assert_eq!(Nim::parse_heaps(&printed).ok(), Some(v));
        }
        if let Ok(a) = Algorithm::parse(&text) {
            prop_assert_eq!(Algorithm::parse(a.name()).ok(), Some(a));
        }
        // Players of the subtraction game: no panic, an error names the
        // input or lists the known players.
        if let Err(e) = parse_player(&text, &Subtractions::CLASSIC, 1) {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
