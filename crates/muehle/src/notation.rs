//! Text: moves (`d6`, `a1-a4`, `d6xa1`, `a1-a4xd7`), the position format
//! and an ASCII diagram.
//!
//! Position text: `<board> <side> <white in hand> <black in hand>
//! <counter>`, for example the standard start
//! `.../.../.../....../.../.../... w 9 9 0`. The board lists the points
//! file by file (`a1 a4 a7 / b2 b4 b6 / …` on the standard board), one
//! character each: `W` white (the first player), `B` black, `.` empty.
//! The side to move is `w` or `b`; the counter is the plies since the last
//! capture.

use core::fmt;

use spielbaum_game_trait::{Game, MoveList, Notation, NotationError, Player};

use crate::board::Board;
use crate::position::{Move, NONE, Position};

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        let (w, b) = (self.stones(Player::FIRST), self.stones(Player::SECOND));
        let mut s = String::with_capacity(40);
        let mut file = None;
        for p in 0..board.len() {
            let f0 = board.coords(p).0;
            if file.is_some_and(|x| x != f0) {
                s.push('/');
            }
            file = Some(f0);
            s.push(if w >> p & 1 == 1 {
                'W'
            } else if b >> p & 1 == 1 {
                'B'
            } else {
                '.'
            });
        }
        let side = if self.to_move() == Player::FIRST { 'w' } else { 'b' };
        write!(
            f,
            "{s} {side} {} {} {}",
            self.in_hand(Player::FIRST),
            self.in_hand(Player::SECOND),
            self.counter()
        )
    }
}

/// The point called `name` on `board`, or an error naming it.
pub(crate) fn point_of(board: &Board, name: &str) -> Result<u8, String> {
    board.point(name).map(|p| p as u8).ok_or_else(|| {
        let names: Vec<&str> = board.names().collect();
        format!(
            "no such point {name:?} on the {} board (points: {})",
            board.variant().name(),
            names.join(" ")
        )
    })
}

/// A move's parts as written: origin, destination, capture.
pub(crate) fn parse_parts(board: &Board, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(NotationError::mv(text, "empty move"));
    }
    let lower = t.to_ascii_lowercase();
    let (main, take) = match lower.split_once('x') {
        Some((m, c)) => (m, Some(c)),
        None => (lower.as_str(), None),
    };
    let (from, to) = match main.split_once('-') {
        Some((a, b)) => (Some(a), b),
        None => (None, main),
    };
    let bad = |part: &str, why: String| NotationError::mv(part.to_string(), why);
    let to = if to.is_empty() {
        return Err(bad(t, "no destination point (write d6, a1-a4, d6xa1 or a1-a4xd7)".into()));
    } else {
        point_of(board, to).map_err(|e| bad(to, e))?
    };
    let from = match from {
        Some(a) => point_of(board, a).map_err(|e| bad(a, e))?,
        None => NONE,
    };
    let take = match take {
        Some(c) => point_of(board, c).map_err(|e| bad(c, e))?,
        None => NONE,
    };
    Ok(Move { from, to, take })
}

impl Notation for Position {
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let bad = |part: &str, why: String| NotationError::position(part.to_string(), why);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(bad(
                text,
                format!(
                    "expected 5 fields (board, side w|b, white in hand, black in hand, counter), got {}",
                    fields.len()
                ),
            ));
        }
        let board = self.board();
        let rules = *self.rules();
        // Board: groups of points per file.
        let mut files: Vec<usize> = Vec::new();
        for p in 0..board.len() {
            let f = board.coords(p).0 as usize;
            if p == 0 || board.coords(p - 1).0 as usize != f {
                files.push(0);
            }
            *files.last_mut().expect("a file") += 1;
        }
        let groups: Vec<&str> = fields[0].split('/').collect();
        if groups.len() != files.len() {
            return Err(bad(
                fields[0],
                format!(
                    "the {} board has {} files separated by '/', got {}",
                    rules.variant.name(),
                    files.len(),
                    groups.len()
                ),
            ));
        }
        let (mut white, mut black) = (0u32, 0u32);
        let mut p = 0;
        for (i, (g, &n)) in groups.iter().zip(&files).enumerate() {
            if g.chars().count() != n {
                let file = (b'a' + board.coords(p).0 as u8) as char;
                return Err(bad(
                    g,
                    format!(
                        "file {file} (group {}) has {n} points, got {} characters",
                        i + 1,
                        g.chars().count()
                    ),
                ));
            }
            for c in g.chars() {
                match c {
                    'W' | 'w' => white |= 1 << p,
                    'B' | 'b' => black |= 1 << p,
                    '.' => {}
                    other => {
                        return Err(bad(
                            g,
                            format!("{other:?} at {}: expected W, B or .", board.name(p)),
                        ));
                    }
                }
                p += 1;
            }
        }
        let side = match fields[1] {
            "w" | "W" => Player::FIRST,
            "b" | "B" => Player::SECOND,
            other => return Err(bad(other, "side to move must be w or b".into())),
        };
        let count = |s: &str, what: &str| -> Result<u32, NotationError> {
            s.parse::<u32>().map_err(|_| bad(s, format!("{what} must be a number")))
        };
        let hw = count(fields[2], "white's stones in hand")?;
        let hb = count(fields[3], "black's stones in hand")?;
        for (h, s, who) in [(hw, fields[2], "white"), (hb, fields[3], "black")] {
            if h > u32::from(rules.stones) {
                return Err(bad(
                    s,
                    format!("{who} has {h} stones in hand; the rules give {}", rules.stones),
                ));
            }
        }
        let counter = count(fields[4], "the counter")?;
        Position::from_parts(rules, white, black, side, [hw as u8, hb as u8], counter)
            .map_err(|e| bad(text, e))
    }

    fn write_move(&self, mv: Move, out: &mut dyn fmt::Write) -> fmt::Result {
        let board = self.board();
        if mv.from != NONE {
            write!(out, "{}-", board.name(mv.from as usize))?;
        }
        out.write_str(board.name(mv.to as usize))?;
        if mv.take != NONE {
            write!(out, "x{}", board.name(mv.take as usize))?;
        }
        Ok(())
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let mv = parse_parts(self.board(), text)?;
        let mut moves = MoveList::new();
        self.moves(&mut moves);
        if moves.is_empty() {
            return Err(NotationError::mv(text, "the game is over, no move is legal"));
        }
        if moves.contains(&mv) {
            return Ok(mv);
        }
        let why = self.why_illegal(mv, &moves);
        Err(NotationError::mv(text.trim(), why))
    }
}

impl Position {
    /// Why `mv` (well-formed) is not among `legal`, for a person.
    fn why_illegal(&self, mv: Move, legal: &[Move]) -> String {
        let board = self.board();
        let me = self.to_move();
        let name = |p: u8| board.name(p as usize).to_string();
        let placing = self.in_hand(me) > 0;
        if placing && mv.from != NONE {
            return "stones in hand are placed first: write just the point, e.g. d6".into();
        }
        if !placing && mv.from == NONE {
            return "no stones in hand: move a stone, e.g. a1-a4".into();
        }
        if mv.from != NONE && self.stones(me) >> mv.from & 1 == 0 {
            return format!("no stone of yours on {}", name(mv.from));
        }
        if self.empty() >> mv.to & 1 == 0 {
            return format!("{} is not empty", name(mv.to));
        }
        let same_step = legal.iter().filter(|m| m.from == mv.from && m.to == mv.to);
        let takes: Vec<String> =
            same_step.clone().filter(|m| m.take != NONE).map(|m| name(m.take)).collect();
        if same_step.clone().next().is_none() {
            return format!("{} cannot go to {} (not a neighbour)", name(mv.from), name(mv.to));
        }
        if mv.take == NONE && !takes.is_empty() {
            return format!(
                "this closes a mill: add the stone to take, one of x{}",
                takes.join(" x")
            );
        }
        if mv.take != NONE && takes.is_empty() {
            return "this closes no mill, so it takes nothing".into();
        }
        format!("{} cannot be taken; takeable: {}", name(mv.take), takes.join(" "))
    }

    /// The board as an ASCII diagram (for the terminal), with the side to
    /// move and the stones in hand below it.
    pub fn diagram(&self) -> String {
        let board = self.board();
        let size = board.coords(board.len() - 1).0 as usize + 1;
        let w = self.stones(Player::FIRST);
        let b = self.stones(Player::SECOND);
        let cols = 4 * size - 3;
        let rows = 2 * size - 1;
        let mut grid = vec![vec![' '; cols]; rows];
        for line in board.lines() {
            for pair in line.windows(2) {
                let (x0, y0) = board.coords(pair[0] as usize);
                let (x1, y1) = board.coords(pair[1] as usize);
                let steps = (x1 - x0).abs().max(y1 - y0).max((y0 - y1).abs()) as i32 * 4;
                for i in 1..steps {
                    let fx = f64::from(x0) + f64::from(x1 - x0) * f64::from(i) / f64::from(steps);
                    let fy = f64::from(y0) + f64::from(y1 - y0) * f64::from(i) / f64::from(steps);
                    let (cx, cy) = (
                        (fx * 4.0).round() as usize,
                        ((size - 1) as f64 * 2.0 - fy * 2.0).round() as usize,
                    );
                    let c = if x0 == x1 {
                        '|'
                    } else if y0 == y1 {
                        '-'
                    } else if (x1 - x0) * (y1 - y0) > 0 {
                        '/'
                    } else {
                        '\\'
                    };
                    if cy < rows && cx < cols && grid[cy][cx] == ' ' && (x0 != x1 || i % 2 == 0) {
                        grid[cy][cx] = c;
                    }
                }
            }
        }
        for p in 0..board.len() {
            let (x, y) = board.coords(p);
            let (cx, cy) = (x as usize * 4, (size - 1 - y as usize) * 2);
            grid[cy][cx] = if w >> p & 1 == 1 {
                'W'
            } else if b >> p & 1 == 1 {
                'B'
            } else {
                '+'
            };
        }
        let mut out = String::new();
        for (r, row) in grid.iter().enumerate() {
            let label = if r % 2 == 0 { format!("{} ", size - r / 2) } else { "  ".into() };
            out.push_str(&label);
            out.push_str(row.iter().collect::<String>().trim_end());
            out.push('\n');
        }
        out.push_str("  ");
        for x in 0..size {
            out.push((b'a' + x as u8) as char);
            if x + 1 < size {
                out.push_str("   ");
            }
        }
        out.push('\n');
        let side = if self.to_move() == Player::FIRST { "white (W)" } else { "black (B)" };
        out.push_str(&format!(
            "{side} to move; in hand: white {}, black {}\n",
            self.in_hand(Player::FIRST),
            self.in_hand(Player::SECOND)
        ));
        out
    }
}
