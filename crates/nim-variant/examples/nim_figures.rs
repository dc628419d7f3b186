//! Writes the figures of `docs/nim-variant.md` and prints its tables as
//! Markdown.
//!
//! ```text
//! cargo run --release -p spielbaum-nim-variant --example nim_figures -- docs/nim-variant
//! ```

use std::fs;
use std::path::Path;
use std::time::Instant;

use spielbaum_game_trait::{Agent, AgentLimits, Limited};
use spielbaum_negamax::Solver;
use spielbaum_nim_variant::{
    Course, Oracle, SimConfig, StrategyTable, SubtractionGame, Subtractions, course_dot,
    course_svg, find_period, game_graph_dot, game_graph_svg, parse_player, redundant_subtractions,
    same_classification, simulate, sweep,
};

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn main() -> Res<()> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "docs/nim-variant".into());
    let dir = Path::new(&dir);
    fs::create_dir_all(dir)?;
    let classic = Subtractions::CLASSIC;

    // Figure 4: the red/blue game graph up to 22.
    let c22 = sweep(&classic, 22)?;
    fs::write(dir.join("game-graph-22.svg"), game_graph_svg(&c22, Some(8)))?;
    fs::write(dir.join("game-graph-22.dot"), game_graph_dot(&c22))?;
    let s358 = Subtractions::new(&[3, 5, 8])?;
    let c358 = sweep(&s358, 32)?;
    fs::write(dir.join("game-graph-3-5-8.svg"), game_graph_svg(&c358, Some(11)))?;

    println!("## Strategy tables\n");
    for rules in [classic, Subtractions::new(&[3, 5])?, s358] {
        strategy_table(&rules)?;
    }

    println!("## Exercises\n");
    let s35 = Subtractions::new(&[3, 5])?;
    println!(
        "- {{3,5}} and {{3,5,11}} classify alike: {:?}; numbers of {{3,5,11}} that can be dropped alone: {:?}",
        same_classification(&classic, &s35, 1 << 20)?,
        redundant_subtractions(&classic, 1 << 20)?
    );
    println!("- {{3,5,8}}: red up to 32: {:?}", c358.p_positions());
    let table1 = Course { rules: classic, numbers: vec![22, 17, 12, 9, 6, 1] };
    let oracle = Oracle::new(&classic)?;
    let colours: Vec<&str> = table1.edge_colours(&oracle).iter().map(|c| c.name()).collect();
    println!(
        "- Table 1 (22 17 12 9 6 1): edge colours {colours:?}; B must move from 1 and overshoots\n"
    );

    // The text's four printed courses (Figures 5-8) and seeded ones of ours.
    let text_courses: [(&str, &[i64]); 4] = [
        ("fig5-mixed01-vs-mixed09", &[50, 47, 42, 39, 34, 31, 26, 21, 18, 15, 12, 7, 2, -1]),
        ("fig6-optimal-vs-random", &[44, 41, 38, 33, 30, 25, 22, 17, 14, 9, 6, 1, -2]),
        ("fig7-random-vs-random", &[45, 42, 39, 36, 31, 26, 21, 18, 15, 12, 7, 2, -1]),
        ("fig8-random-vs-mixed06", &[50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2]),
    ];
    println!("## Courses of the text\n");
    println!("| figure | course | winner | A's wins given away | B's wins given away |");
    println!("|---|---|---|---|---|");
    for (name, numbers) in text_courses {
        let course = Course { rules: classic, numbers: numbers.to_vec() };
        fs::write(dir.join(format!("{name}.svg")), course_svg(&course, &oracle))?;
        fs::write(dir.join(format!("{name}.dot")), course_dot(&course, &oracle))?;
        let colours = course.edge_colours(&oracle);
        let blue = |parity: usize| {
            colours
                .iter()
                .enumerate()
                .filter(|(i, c)| i % 2 == parity && c.name() == "blue")
                .count()
        };
        let winner = course.winner().map(spielbaum_nim_variant::player_letter);
        println!(
            "| {name} | {} | {} | {} | {} |",
            numbers.iter().map(i64::to_string).collect::<Vec<_>>().join(" "),
            winner.map(String::from).unwrap_or_default(),
            blue(0),
            blue(1)
        );
    }
    println!();

    simulation_table()?;
    period_survey()?;
    Ok(())
}

fn strategy_table(rules: &Subtractions) -> Res<()> {
    let t = StrategyTable::build(rules, 1 << 22)?.ok_or("no period")?;
    let p = t.periodicity;
    println!(
        "S = {{{rules}}}: period {}, preperiod {}, red residues {:?}\n",
        p.period,
        p.preperiod,
        t.red_residues()
    );
    println!("| n mod {} | subtract |", p.period);
    println!("|---|---|");
    for r in (0..p.period as usize).rev() {
        let m = &t.moves[r];
        let cell = if m.is_empty() {
            "– (red: no win)".to_string()
        } else {
            m.iter()
                .map(|d| {
                    if u64::from(*d) > r as u64 + p.preperiod {
                        format!("({d} if n ≥ {d})")
                    } else {
                        d.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" or ")
        };
        println!("| {r} | {cell} |");
    }
    println!();
    Ok(())
}

fn simulation_table() -> Res<()> {
    let players =
        ["optimal", "negamax", "random", "mixed:0.1", "mixed:0.5", "mixed:0.6", "mixed:0.9"];
    let games = 2000;
    println!("## Simulations\n");
    println!(
        "Win rate of A (row, moves first) against B (column), {games} games each, starts uniform in 20..=50, seed 1; 95 % Wilson interval in brackets.\n"
    );
    print!("| A \\ B |");
    for b in &players {
        print!(" {b} |");
    }
    println!();
    print!("|---|");
    for _ in &players {
        print!("---|");
    }
    println!();
    let rules = Subtractions::CLASSIC;
    let started = Instant::now();
    for a_spec in &players {
        print!("| {a_spec} |");
        for b_spec in &players {
            let mut a = player(a_spec, &rules, 1)?;
            let mut b = player(b_spec, &rules, 2)?;
            let config = SimConfig { games, ..SimConfig::classic() };
            let r = simulate(&mut a, &mut b, &config, |_| true)?;
            let (lo, hi) = r.all.wilson95();
            print!(" {:.3} [{lo:.3}, {hi:.3}] |", r.all.rate());
        }
        println!();
    }
    println!(
        "\n(all {} matches: {:.1} s)\n",
        players.len() * players.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn period_survey() -> Res<()> {
    // Every set {a < b < c} with c <= 20: how long are the periods?
    let mut hist = std::collections::BTreeMap::new();
    let mut longest = (0u64, vec![]);
    let mut max_pre = (0u64, vec![]);
    let mut sets = 0;
    for a in 1..=20u64 {
        for b in a + 1..=20 {
            for c in b + 1..=20 {
                let s = Subtractions::new(&[a, b, c])?;
                let p = find_period(&s, 1 << 22)?.ok_or("no period")?;
                *hist.entry(p.period).or_insert(0u32) += 1;
                if p.period > longest.0 {
                    longest = (p.period, vec![a, b, c]);
                }
                if p.preperiod > max_pre.0 {
                    max_pre = (p.preperiod, vec![a, b, c]);
                }
                sets += 1;
            }
        }
    }
    println!("## Periods of all {sets} sets {{a < b < c ≤ 20}}\n");
    println!("| period | sets |");
    println!("|---|---|");
    for (p, n) in &hist {
        println!("| {p} | {n} |");
    }
    println!(
        "\nlongest period {} for {:?}; largest preperiod {} for {:?}\n",
        longest.0, longest.1, max_pre.0, max_pre.1
    );
    Ok(())
}

/// The text's players, and `negamax` (the exact solver, perfect play).
fn player(spec: &str, rules: &Subtractions, seed: u64) -> Res<Box<dyn Agent<SubtractionGame>>> {
    if spec == "negamax" {
        return Ok(Box::new(
            Limited::new(Solver::<SubtractionGame>::new(4), AgentLimits::NONE).named("negamax"),
        ));
    }
    Ok(parse_player(spec, rules, seed)?)
}
