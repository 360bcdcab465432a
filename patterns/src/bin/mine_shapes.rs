//! Mine shape patterns from the game records into
//! `patterns/db/patterns_mined.db`.
//!
//! Usage: `cargo run --release -p patterns --bin mine_shapes -- [--games DIR]
//! [--limit N] [--good N] [--bad N] [--min-played N]`
//!
//! For every move of the training games (see `patterns::records`) the
//! neighbourhood of the move — the points within two steps (a diamond of 13
//! points, the board edge included), seen from the player to move and taken
//! in canonical orientation — is counted as *chosen*; eight other empty
//! points of the same position, drawn at random, stand for the moves that
//! were available and not chosen (their counts scaled to all empty points).
//! A shape's *choice rate* is chosen / (chosen + available-and-not-chosen).
//!
//! The same is done for the 3x3 square (the eight neighbours), which
//! matches far more often and says less.
//!
//! Written out, for the diamond: the `--good` shapes (default 320) with at
//! least `--min-played` choices (default 300) and the highest choice rates,
//! value `100 × rate`, and the `--bad` shapes (default 60) with three stones
//! or more that were available at least 20,000 times and chosen least often,
//! value −10; for the square, twice as many good shapes (with half the
//! choices) and half as many bad ones. Each pattern carries
//! `count(chosen,available)`.

use patterns::goboard::{GoBoard, EMPTY};
use patterns::orient::Transform;
use patterns::records::{default_dir, is_held_back, load};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::PathBuf;

/// The diamond: offsets within two steps, centre excluded.
fn diamond() -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for r in -2i32..=2 {
        for c in -2i32..=2 {
            if r.abs() + c.abs() <= 2 && (r, c) != (0, 0) {
                v.push((r, c));
            }
        }
    }
    v
}

/// The 3x3 square: the eight neighbours.
fn square() -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for r in -1i32..=1 {
        for c in -1i32..=1 {
            if (r, c) != (0, 0) {
                v.push((r, c));
            }
        }
    }
    v
}

/// Counts of one window shape: chosen, and available but not chosen.
#[derive(Default)]
struct Counts {
    played: HashMap<u32, f64>,
    other: HashMap<u32, f64>,
}

impl Counts {
    fn rate(&self, k: u32) -> f64 {
        let p = self.played.get(&k).copied().unwrap_or(0.0);
        p / (p + self.other.get(&k).copied().unwrap_or(0.0))
    }
}

/// Canonical key of the neighbourhood of (`r`, `c`) seen by `color`:
/// 2 bits a cell (0 empty, 1 own, 2 other, 3 off), minimum over the eight
/// orientations.
fn key(b: &GoBoard, r: usize, c: usize, color: u8, cells: &[(i32, i32)]) -> u32 {
    let mut best = u32::MAX;
    for t in Transform::ALL {
        let mut k = 0u32;
        for &(dr, dc) in cells {
            let (tr, tc) = t.apply(dr, dc);
            let v = match b.get_signed(r as i32 + tr, c as i32 + tc) {
                None => 3,
                Some(EMPTY) => 0,
                Some(x) if x == color => 1,
                Some(_) => 2,
            };
            k = k << 2 | v;
        }
        best = best.min(k);
    }
    best
}

struct Opts {
    games: PathBuf,
    limit: usize,
    good: usize,
    bad: usize,
    min_played: f64,
}

fn parse_args() -> Result<Opts, String> {
    let mut o = Opts {
        games: default_dir(),
        limit: 4000,
        good: 320,
        bad: 60,
        min_played: 300.0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().ok_or(format!("{a} needs a value"));
        let num = |s: String| s.parse::<usize>().map_err(|_| format!("{a}: a number"));
        match a.as_str() {
            "--games" => o.games = PathBuf::from(val()?),
            "--limit" => o.limit = num(val()?)?,
            "--good" => o.good = num(val()?)?,
            "--bad" => o.bad = num(val()?)?,
            "--min-played" => o.min_played = num(val()?)? as f64,
            _ => return Err(format!("unknown option {a}")),
        }
    }
    Ok(o)
}

/// Draw the pattern of a key (`*` at the centre), edges where cells are off
/// the board.
fn diagram(k: u32, cells: &[(i32, i32)]) -> String {
    let reach = cells
        .iter()
        .map(|c| c.0.abs().max(c.1.abs()))
        .max()
        .unwrap_or(1);
    let mut val: HashMap<(i32, i32), u32> = HashMap::new();
    for (i, &p) in cells.iter().enumerate() {
        val.insert(p, (k >> (2 * (cells.len() - 1 - i))) & 3);
    }
    let off = |p: (i32, i32)| val.get(&p) == Some(&3);
    // Rows and columns on the board; an edge where the next one is off.
    let edge = |d: (i32, i32)| -> i32 {
        (1..=reach)
            .find(|&k| off((d.0 * k, d.1 * k)))
            .map_or(reach, |k| k - 1)
    };
    let top = -edge((-1, 0));
    let bottom = edge((1, 0));
    let left = -edge((0, -1));
    let right = edge((0, 1));
    let (et, eb, el, er) = (top > -reach, bottom < reach, left > -reach, right < reach);
    let mut s = String::new();
    let width = (right - left + 1) as usize;
    let horizontal = |s: &mut String| {
        if el {
            s.push('+');
        }
        s.push_str(&"-".repeat(width));
        if er {
            s.push('+');
        }
        s.push('\n');
    };
    if et {
        horizontal(&mut s);
    }
    for r in top..=bottom {
        if el {
            s.push('|');
        }
        for c in left..=right {
            s.push(if (r, c) == (0, 0) {
                '*'
            } else {
                match val.get(&(r, c)) {
                    None => '?',
                    Some(0) => '.',
                    Some(1) => 'O',
                    Some(2) => 'X',
                    Some(_) => '?',
                }
            });
        }
        if er {
            s.push('|');
        }
        s.push('\n');
    }
    if eb {
        horizontal(&mut s);
    }
    s
}

fn stones(k: u32, n: usize) -> usize {
    (0..n)
        .filter(|i| matches!((k >> (2 * i)) & 3, 1 | 2))
        .count()
}

fn main() {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("mine_shapes: {e}");
            std::process::exit(2);
        }
    };
    let windows = [diamond(), square()];
    let games = load(&o.games, o.limit);
    let mut counts = [Counts::default(), Counts::default()];
    let mut rng: u64 = 0x2545_f491_4f6c_dd1d;
    let mut moves = 0usize;
    let mut used = 0usize;
    for g in &games {
        if is_held_back(&g.id) || g.size != 19 {
            continue;
        }
        used += 1;
        let mut b = GoBoard::new(g.size);
        for &(r, c, col) in &g.setup {
            b.set(r, c, col);
        }
        for &(color, p) in &g.moves {
            let Some((r, c)) = p else { continue };
            for (w, cnt) in windows.iter().zip(counts.iter_mut()) {
                *cnt.played.entry(key(&b, r, c, color, w)).or_default() += 1.0;
            }
            moves += 1;
            let empties: Vec<usize> = (0..b.cells.len())
                .filter(|&k| b.cells[k] == EMPTY && k != r * b.size + c)
                .collect();
            if !empties.is_empty() {
                let draws = 8.min(empties.len());
                let scale = empties.len() as f64 / draws as f64;
                for _ in 0..draws {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let k = empties[(rng % empties.len() as u64) as usize];
                    for (w, cnt) in windows.iter().zip(counts.iter_mut()) {
                        let kk = key(&b, k / b.size, k % b.size, color, w);
                        *cnt.other.entry(kk).or_default() += scale;
                    }
                }
            }
            if b.play(r, c, color).is_none() {
                break;
            }
        }
    }
    let mut text = format!(
        "# tesuji mined shape patterns: generated by `cargo run --release -p patterns\n\
         # --bin mine_shapes` from {used} training games ({moves} moves). Do not edit by\n\
         # hand. count(chosen,available): times the shape was chosen, and the times it\n\
         # was on the board and not chosen (estimated from eight random empty points\n\
         # a move). M patterns: the points within two steps; N patterns: the eight\n\
         # neighbours. Good shapes: value 100 x choice rate; bad shapes: value -10.\n\n"
    );
    let mut n = 0;
    let mut written = [0usize; 2];
    for (wi, (cells, cnt)) in windows.iter().zip(&counts).enumerate() {
        let prefix = ["M", "N"][wi];
        let min_played = o.min_played * if wi == 0 { 1.0 } else { 0.5 };
        let mut good: Vec<u32> = cnt
            .played
            .iter()
            .filter(|(_, &p)| p >= min_played)
            .map(|(&k, _)| k)
            .collect();
        good.sort_by(|&a, &b| cnt.rate(b).total_cmp(&cnt.rate(a)).then(a.cmp(&b)));
        good.truncate(if wi == 0 { o.good } else { 2 * o.good });
        let mut bad: Vec<u32> = cnt
            .other
            .iter()
            .filter(|(&k, &x)| x >= 20_000.0 && stones(k, cells.len()) >= 3)
            .map(|(&k, _)| k)
            .collect();
        bad.sort_by(|&a, &b| cnt.rate(a).total_cmp(&cnt.rate(b)).then(a.cmp(&b)));
        bad.truncate(if wi == 0 { o.bad } else { o.bad / 2 });
        for (list, label) in [(&good, "chosen"), (&bad, "avoided")] {
            for &k in list.iter() {
                n += 1;
                written[wi] += 1;
                let p = cnt.played.get(&k).copied().unwrap_or(0.0);
                let a = cnt.other.get(&k).copied().unwrap_or(0.0);
                let r = cnt.rate(k);
                let value = if label == "chosen" {
                    (100.0 * r).round().max(1.0)
                } else {
                    -10.0
                };
                writeln!(text, "Pattern {prefix}{n:04}").unwrap();
                writeln!(
                    text,
                    "# {label}: {:.2}% of the times it was on the board\n",
                    100.0 * r
                )
                .unwrap();
                text.push_str(&diagram(k, cells));
                writeln!(
                    text,
                    "\n:8,{value},shape,count({},{})\n",
                    p.round() as u64,
                    a.round() as u64
                )
                .unwrap();
            }
        }
    }
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("db/patterns_mined.db");
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("mine_shapes: cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
    println!(
        "{used} games, {moves} moves; {} diamond and {} 3x3 patterns written to {}",
        written[0],
        written[1],
        out.display()
    );
}
