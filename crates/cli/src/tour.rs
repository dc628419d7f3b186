//! `spielbaum tour`: a short showcase of what every crate computes.
//!
//! Each crate adds one section: a function in [`SECTIONS`] that prints a
//! few lines and finishes within a few seconds.

use std::collections::HashSet;
use std::time::Instant;

use clap::Args as ClapArgs;
use spielbaum_game_trait::{Game, GameExt, perft_counts};
use spielbaum_small_games::{Dice, Nim, TicTacToe};

use crate::error::CliError;

/// Arguments of `spielbaum tour`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Run only the sections whose title contains this text.
    #[arg(long)]
    pub only: Option<String>,
}

/// A section: its title and the function that prints it.
type Section = (&'static str, fn() -> Result<(), CliError>);

/// The tour, in order. Add one line per crate.
const SECTIONS: &[Section] = &[("small-games: Tic-tac-toe, Würfelkippen, NIM", small_games)];

/// Runs the tour.
pub fn run(args: &Args) -> Result<(), CliError> {
    let started = Instant::now();
    println!("spielbaum tour: what each crate computes\n");
    for (title, section) in SECTIONS {
        if let Some(only) = &args.only {
            if !title.contains(only.as_str()) {
                continue;
            }
        }
        println!("== {title}");
        let t = Instant::now();
        section()?;
        println!("   ({:.2} s)\n", t.elapsed().as_secs_f64());
    }
    println!("tour finished in {:.2} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn small_games() -> Result<(), CliError> {
    let ttt = TicTacToe::new();
    let counts = perft_counts(&ttt, 9);
    println!("   Tic-tac-toe move sequences by length 1..9: {counts:?}");
    println!(
        "   finished games: {}",
        count_games(&ttt).iter().sum::<u64>()
    );
    let mut seen = HashSet::new();
    let mut canon = HashSet::new();
    let mut stack = vec![ttt];
    seen.insert(ttt.key());
    while let Some(p) = stack.pop() {
        canon.insert(p.canonical_key());
        for mv in p.legal_moves() {
            let c = p.after(mv);
            if seen.insert(c.key()) {
                stack.push(c);
            }
        }
    }
    println!(
        "   reachable positions: {}, up to the 8 symmetries: {}",
        seen.len(),
        canon.len()
    );
    let dice = Dice::new(4, 8)?;
    println!(
        "   Würfelkippen, start face 4, target 8: {} first moves, {:?} sequences of 1..4 tips",
        dice.legal_moves().len(),
        perft_counts(&dice, 4)
    );
    let nim = Nim::new(&[3, 4, 5])?;
    println!(
        "   NIM 3,4,5: nim-sum {} (non-zero: the first player can force a win)",
        nim.nim_sum()
    );
    Ok(())
}

/// Finished games by length (index = plies).
fn count_games(g: &TicTacToe) -> Vec<u64> {
    fn rec(g: &TicTacToe, ply: usize, out: &mut Vec<u64>) {
        if g.is_over() {
            if out.len() <= ply {
                out.resize(ply + 1, 0);
            }
            out[ply] += 1;
            return;
        }
        for mv in g.legal_moves() {
            rec(&g.after(mv), ply + 1, out);
        }
    }
    let mut out = Vec::new();
    rec(g, 0, &mut out);
    out
}
