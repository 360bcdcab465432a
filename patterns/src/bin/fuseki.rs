//! Extract whole-board opening patterns from the game records into
//! `patterns/db/fuseki<SIZE>.db`, one file per board size with data.
//!
//! Usage: `cargo run --release -p patterns --bin fuseki -- [--games DIR]
//! [--moves N] [--min-position N] [--min-move N] [--limit N]`
//!
//! Training games only (see `patterns::records`): for each of the first
//! `--moves` moves (default 20) of each game without handicap stones, the
//! position before the move is taken in canonical form, seen from the
//! player to move, and the move is counted. Positions seen at least
//! `--min-position` times (default 60) keep the moves chosen at least
//! `--min-move` times (default 12) and in at least 5% of the cases; each is
//! written as a whole-board pattern whose value is how often it was chosen,
//! with `count(chosen,seen)`.

use patterns::fuseki::canonical;
use patterns::goboard::{GoBoard, EMPTY};
use patterns::records::{default_dir, is_held_back, load};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::path::PathBuf;

struct Opts {
    games: PathBuf,
    moves: usize,
    min_position: u32,
    min_move: u32,
    limit: usize,
}

fn parse_args() -> Result<Opts, String> {
    let mut o = Opts {
        games: default_dir(),
        moves: 20,
        min_position: 60,
        min_move: 12,
        limit: usize::MAX,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--games" => o.games = PathBuf::from(val()?),
            "--moves" => o.moves = val()?.parse().map_err(|_| "--moves: a number")?,
            "--min-position" => {
                o.min_position = val()?.parse().map_err(|_| "--min-position: a number")?
            }
            "--min-move" => o.min_move = val()?.parse().map_err(|_| "--min-move: a number")?,
            "--limit" => o.limit = val()?.parse().map_err(|_| "--limit: a number")?,
            _ => return Err(format!("unknown option {a}")),
        }
    }
    Ok(o)
}

/// How often a position was seen, and how often each (canonical) move was
/// chosen there.
type Seen = (u32, HashMap<u16, u32>);

/// Canonical key of the board seen by `color`, and the canonical move.
fn key_and_move(b: &GoBoard, color: u8, mv: (usize, usize)) -> (Vec<u16>, u16) {
    let n = b.size;
    let mut stones = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let v = b.get(r, c);
            if v != EMPTY {
                stones.push((r, c, v != color));
            }
        }
    }
    let (key, ts) = canonical(&stones, n);
    let m = ts
        .iter()
        .map(|t| {
            let (r, c) = t.apply_abs(mv.0, mv.1, n);
            (r * n + c) as u16
        })
        .min()
        .unwrap_or(0);
    (key, m)
}

fn main() {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("fuseki: {e}");
            std::process::exit(2);
        }
    };
    let games = load(&o.games, o.limit);
    let mut by_size: BTreeMap<usize, HashMap<Vec<u16>, Seen>> = BTreeMap::new();
    let mut used: BTreeMap<usize, usize> = BTreeMap::new();
    for g in &games {
        if is_held_back(&g.id) || !g.setup.is_empty() {
            continue;
        }
        *used.entry(g.size).or_default() += 1;
        let table = by_size.entry(g.size).or_default();
        let mut b = GoBoard::new(g.size);
        for &(color, p) in g.moves.iter().take(o.moves) {
            let Some(p) = p else { break };
            let (key, m) = key_and_move(&b, color, p);
            let e = table.entry(key).or_default();
            e.0 += 1;
            *e.1.entry(m).or_default() += 1;
            if b.play(p.0, p.1, color).is_none() {
                break;
            }
        }
    }
    for size in [9, 13, 19] {
        if !used.contains_key(&size) {
            println!("no training games of size {size}x{size}: no fuseki{size}.db");
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("db");
    for (size, table) in &by_size {
        let mut positions: Vec<(&Vec<u16>, &Seen)> = table
            .iter()
            .filter(|(_, (n, _))| *n >= o.min_position)
            .collect();
        positions.sort_by(|a, b| {
            a.0.len()
                .cmp(&b.0.len())
                .then(b.1 .0.cmp(&a.1 .0))
                .then(a.0.cmp(b.0))
        });
        let mut text = format!(
            "# tesuji fuseki patterns for {size}x{size}: generated from the training game\n\
             # records by `cargo run --release -p patterns --bin fuseki`. Do not edit by\n\
             # hand. {} games; positions seen at least {} times, moves chosen at least\n\
             # {} times and in 5% of the cases. Value: times chosen.\n\n",
            used[size], o.min_position, o.min_move
        );
        let mut count = 0;
        for (key, (seen, moves)) in positions {
            let mut ms: Vec<(&u16, &u32)> = moves
                .iter()
                .filter(|(_, &k)| k >= o.min_move && k * 20 >= *seen)
                .collect();
            ms.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            for (m, k) in ms {
                count += 1;
                let mut grid = vec![vec!['.'; *size]; *size];
                for &s in key.iter() {
                    let (p, other) = ((s / 2) as usize, s % 2 == 1);
                    grid[p / size][p % size] = if other { 'X' } else { 'O' };
                }
                grid[*m as usize / size][*m as usize % size] = '*';
                writeln!(text, "Pattern F{size}-{count:04}").unwrap();
                writeln!(text, "# {} stones; chosen {k} times of {seen}\n", key.len()).unwrap();
                writeln!(text, "+{}+", "-".repeat(*size)).unwrap();
                for row in &grid {
                    writeln!(text, "|{}|", row.iter().collect::<String>()).unwrap();
                }
                writeln!(text, "+{}+", "-".repeat(*size)).unwrap();
                writeln!(text, "\n:8,{k},fuseki,count({k},{seen})\n").unwrap();
            }
        }
        let path = root.join(format!("fuseki{size}.db"));
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("fuseki: cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
        println!(
            "{size}x{size}: {} training games, {count} patterns written to {}",
            used[size],
            path.display()
        );
    }
}
