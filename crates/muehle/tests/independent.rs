//! An independent, plain implementation of the rules (arrays of points,
//! adjacency lists and mills typed by hand, moves as strings), checked
//! against the crate: perft from the start and the legal moves and
//! outcomes of every position of many random games, in every variant.

use std::collections::HashMap;

use spielbaum_game_trait::{Game, MoveList, Notation, Outcome, Player, SplitMix64, perft_counts};
use spielbaum_muehle::{Position, Rules, Variant};

struct Spec {
    points: Vec<&'static str>,
    adjacent: Vec<(&'static str, &'static str)>,
    mills: Vec<[&'static str; 3]>,
    stones: u32,
    flying: bool,
    mill_wins: bool,
}

fn pairs(s: &'static str) -> Vec<(&'static str, &'static str)> {
    s.split_whitespace()
        .map(|p| {
            let (a, b) = p.split_once('-').unwrap();
            (a, b)
        })
        .collect()
}

fn triples(s: &'static str) -> Vec<[&'static str; 3]> {
    s.split(',')
        .map(|t| {
            let v: Vec<&str> = t.split_whitespace().collect();
            [v[0], v[1], v[2]]
        })
        .collect()
}

const NINE_ADJ: &str = "a1-a4 a4-a7 a1-d1 d1-g1 g1-g4 g4-g7 a7-d7 d7-g7 b2-b4 b4-b6 b2-d2 d2-f2 \
    f2-f4 f4-f6 b6-d6 d6-f6 c3-c4 c4-c5 c3-d3 d3-e3 e3-e4 e4-e5 c5-d5 d5-e5 a4-b4 b4-c4 e4-f4 \
    f4-g4 d1-d2 d2-d3 d5-d6 d6-d7";
const NINE_MILLS: &str = "a1 a4 a7, b2 b4 b6, c3 c4 c5, d1 d2 d3, d5 d6 d7, e3 e4 e5, f2 f4 f6, \
    g1 g4 g7, a1 d1 g1, b2 d2 f2, c3 d3 e3, a4 b4 c4, e4 f4 g4, c5 d5 e5, b6 d6 f6, a7 d7 g7";

fn spec(v: Variant) -> Spec {
    let nine_points = "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7";
    match v {
        Variant::Nine => Spec {
            points: nine_points.split(' ').collect(),
            adjacent: pairs(NINE_ADJ),
            mills: triples(NINE_MILLS),
            stones: 9,
            flying: true,
            mill_wins: false,
        },
        Variant::Twelve => {
            let mut adjacent = pairs(NINE_ADJ);
            adjacent.extend(pairs("a1-b2 b2-c3 g1-f2 f2-e3 a7-b6 b6-c5 g7-f6 f6-e5"));
            let mut mills = triples(NINE_MILLS);
            mills.extend(triples("a1 b2 c3, g1 f2 e3, a7 b6 c5, g7 f6 e5"));
            Spec {
                points: nine_points.split(' ').collect(),
                adjacent,
                mills,
                stones: 12,
                flying: true,
                mill_wins: false,
            }
        }
        Variant::Six => Spec {
            points: "a1 a3 a5 b2 b3 b4 c1 c2 c4 c5 d2 d3 d4 e1 e3 e5".split(' ').collect(),
            adjacent: pairs(
                "a1-c1 c1-e1 b2-c2 c2-d2 b4-c4 c4-d4 a5-c5 c5-e5 a1-a3 a3-a5 b2-b3 b3-b4 \
                 d2-d3 d3-d4 e1-e3 e3-e5 c1-c2 a3-b3 d3-e3 c4-c5",
            ),
            mills: triples(
                "a1 c1 e1, b2 c2 d2, b4 c4 d4, a5 c5 e5, a1 a3 a5, b2 b3 b4, d2 d3 d4, e1 e3 e5",
            ),
            stones: 6,
            flying: false,
            mill_wins: false,
        },
        Variant::Three => Spec {
            points: "a1 a2 a3 b1 b2 b3 c1 c2 c3".split(' ').collect(),
            adjacent: pairs(
                "a1-b1 b1-c1 a2-b2 b2-c2 a3-b3 b3-c3 a1-a2 a2-a3 b1-b2 b2-b3 c1-c2 c2-c3 \
                 a1-b2 b2-c3 c1-b2 b2-a3",
            ),
            mills: triples(
                "a1 b1 c1, a2 b2 c2, a3 b3 c3, a1 a2 a3, b1 b2 b3, c1 c2 c3, a1 b2 c3, c1 b2 a3",
            ),
            stones: 3,
            flying: false,
            mill_wins: true,
        },
    }
}

/// The plain implementation: one cell per point (0 empty, 1 white, 2 black).
#[derive(Clone)]
struct Naive<'a> {
    spec: &'a Spec,
    cells: HashMap<&'static str, u8>,
    hand: [u32; 2],
    side: u8, // 1 or 2
    counter: u32,
}

impl<'a> Naive<'a> {
    fn new(spec: &'a Spec) -> Self {
        Naive {
            spec,
            cells: spec.points.iter().map(|&p| (p, 0)).collect(),
            hand: [spec.stones; 2],
            side: 1,
            counter: 0,
        }
    }

    fn count(&self, who: u8) -> u32 {
        self.cells.values().filter(|&&c| c == who).count() as u32
    }

    fn neighbours(&self, p: &str) -> Vec<&'static str> {
        let mut out = Vec::new();
        for &(a, b) in &self.spec.adjacent {
            if a == p {
                out.push(b);
            }
            if b == p {
                out.push(a);
            }
        }
        out
    }

    fn in_mill(&self, p: &str, who: u8) -> bool {
        self.spec.mills.iter().any(|m| m.contains(&p) && m.iter().all(|q| self.cells[q] == who))
    }

    fn has_mill(&self, who: u8) -> bool {
        self.spec.mills.iter().any(|m| m.iter().all(|q| self.cells[q] == who))
    }

    /// `None` while the game goes on (before looking at the moves).
    fn ended(&self) -> Option<Option<u8>> {
        let me = self.side;
        let you = 3 - me;
        if self.spec.mill_wins {
            if self.has_mill(you) {
                return Some(Some(you));
            }
            if self.has_mill(me) {
                return Some(Some(me));
            }
        } else {
            if self.count(me) + self.hand[me as usize - 1] < 3 {
                return Some(Some(you));
            }
            if self.count(you) + self.hand[you as usize - 1] < 3 {
                return Some(Some(me));
            }
        }
        if self.counter >= 100 {
            return Some(None);
        }
        if self.cells.values().all(|&c| c != 0) {
            return Some(None);
        }
        None
    }

    fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.ended().is_some() {
            return out;
        }
        let me = self.side;
        let you = 3 - me;
        let empty: Vec<&str> =
            self.spec.points.iter().copied().filter(|p| self.cells[p] == 0).collect();
        let mine: Vec<&str> =
            self.spec.points.iter().copied().filter(|p| self.cells[p] == me).collect();
        let mut steps: Vec<(Option<&str>, &str)> = Vec::new();
        if self.hand[me as usize - 1] > 0 {
            for &e in &empty {
                steps.push((None, e));
            }
        } else if self.spec.flying && mine.len() == 3 {
            for &f in &mine {
                for &e in &empty {
                    steps.push((Some(f), e));
                }
            }
        } else {
            for &f in &mine {
                for n in self.neighbours(f) {
                    if self.cells[n] == 0 {
                        steps.push((Some(f), n));
                    }
                }
            }
        }
        for (from, to) in steps {
            let mut after = self.clone();
            if let Some(f) = from {
                after.cells.insert(f, 0);
            }
            after.cells.insert(to, me);
            let text = match from {
                Some(f) => format!("{f}-{to}"),
                None => to.to_string(),
            };
            let closes = self
                .spec
                .mills
                .iter()
                .any(|m| m.contains(&to) && m.iter().all(|q| after.cells[q] == me));
            if closes && !self.spec.mill_wins {
                let theirs: Vec<&str> =
                    self.spec.points.iter().copied().filter(|p| self.cells[p] == you).collect();
                let free: Vec<&str> =
                    theirs.iter().copied().filter(|p| !self.in_mill(p, you)).collect();
                let takeable = if free.is_empty() { theirs } else { free };
                if takeable.is_empty() {
                    out.push(text.clone());
                }
                for t in takeable {
                    out.push(format!("{text}x{t}"));
                }
            } else {
                out.push(text);
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, mv: &str) {
        let me = self.side;
        let (main, take) = match mv.split_once('x') {
            Some((m, t)) => (m, Some(t)),
            None => (mv, None),
        };
        let (from, to) = match main.split_once('-') {
            Some((f, t)) => (Some(f), t),
            None => (None, main),
        };
        let to = *self.spec.points.iter().find(|&&p| p == to).unwrap();
        match from {
            Some(f) => {
                let f = *self.spec.points.iter().find(|&&p| p == f).unwrap();
                self.cells.insert(f, 0);
            }
            None => self.hand[me as usize - 1] -= 1,
        }
        self.cells.insert(to, me);
        self.counter += 1;
        if let Some(t) = take {
            let t = *self.spec.points.iter().find(|&&p| p == t).unwrap();
            self.cells.insert(t, 0);
            self.counter = 0;
        }
        self.side = 3 - me;
    }

    /// The winner (1 or 2), `Some(None)` for a draw, `None` while it goes on.
    fn outcome(&self) -> Option<Option<u8>> {
        self.ended().or_else(|| self.moves().is_empty().then_some(Some(3 - self.side)))
    }

    fn perft_counts(&self, depth: usize, counts: &mut [u64]) {
        let moves = self.moves();
        counts[0] += moves.len() as u64;
        if depth > 1 {
            for m in &moves {
                let mut c = self.clone();
                c.play(m);
                c.perft_counts(depth - 1, &mut counts[1..]);
            }
        }
    }
}

fn moves_of(pos: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    pos.moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| pos.move_string(m)).collect();
    v.sort();
    v
}

fn outcome_code(o: Option<Outcome>) -> Option<Option<u8>> {
    o.map(|o| match o {
        Outcome::Win(p) if p == Player::FIRST => Some(1),
        Outcome::Win(_) => Some(2),
        _ => None,
    })
}

#[test]
fn perft_from_the_start_agrees_with_the_plain_rules() {
    for (v, depth) in
        [(Variant::Nine, 5), (Variant::Twelve, 4), (Variant::Six, 5), (Variant::Three, 7)]
    {
        let s = spec(v);
        let mut naive = vec![0u64; depth];
        Naive::new(&s).perft_counts(depth, &mut naive);
        let ours = perft_counts(&Position::new(Rules::new(v)), depth as u32);
        assert_eq!(ours, naive, "{v:?}");
    }
}

#[test]
#[ignore = "long in debug builds: cargo test --release -p spielbaum-muehle -- --ignored"]
fn perft_6_agrees_with_the_plain_rules() {
    let s = spec(Variant::Nine);
    let mut naive = vec![0u64; 6];
    Naive::new(&s).perft_counts(6, &mut naive);
    let ours = perft_counts(&Position::nine(), 6);
    assert_eq!(ours, naive);
    println!("nine perft 1..6: {ours:?}");
}

#[test]
fn random_games_agree_with_the_plain_rules() {
    let mut rng = SplitMix64::new(2024);
    for v in Variant::ALL {
        let s = spec(v);
        let games = if v == Variant::Three { 200 } else { 60 };
        for game in 0..games {
            let mut naive = Naive::new(&s);
            let mut pos = Position::new(Rules::new(v));
            for ply in 0..400 {
                let theirs = naive.moves();
                let ours = moves_of(&pos);
                assert_eq!(ours, theirs, "{v:?} game {game} ply {ply} at {pos}");
                assert_eq!(outcome_code(pos.outcome()), naive.outcome(), "{v:?} at {pos}");
                if ours.is_empty() {
                    break;
                }
                // Prefer captures now and then so games reach the flying phase.
                let caps: Vec<&String> = ours.iter().filter(|m| m.contains('x')).collect();
                let mv = if !caps.is_empty() && rng.below(2) == 0 {
                    caps[rng.below(caps.len())].clone()
                } else {
                    ours[rng.below(ours.len())].clone()
                };
                naive.play(&mv);
                pos.play(pos.parse_move(&mv).unwrap());
            }
        }
    }
}
