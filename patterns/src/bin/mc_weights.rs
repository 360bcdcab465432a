//! Learn the 3x3 pattern weights of the Monte Carlo playouts from the game
//! records, writing `engine/src/mc/mc_3x3.db` (format in
//! `engine/src/mc/patterns.rs`).
//!
//! Usage: `cargo run --release -p patterns --bin mc_weights -- [--games DIR]
//! [--limit N] [--min-seen N] [--out FILE]`
//!
//! For every move of the training games (held-back games are skipped), the
//! 3x3 neighbourhood of the point played — seen from the player to move,
//! with atari marks on the four orthogonal neighbours, in canonical
//! orientation — is counted as *chosen*; eight other empty points of the
//! same position, drawn at random, stand for all the points available (their
//! counts scaled by the number of empty points). A pattern's weight is its
//! choice rate divided by the average choice rate, pulled towards 1 for
//! rarely seen patterns; patterns seen fewer than `--min-seen` times
//! (default 200) are left out (weight 1).

use patterns::goboard::{GoBoard, EMPTY};
use patterns::records::{default_dir, is_held_back, load};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::PathBuf;

/// The eight neighbours, clockwise from north (the engine's order).
const RING: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// One of the eight symmetries of the square.
fn transform(sym: usize, r: i32, c: i32) -> (i32, i32) {
    let (r, c) = if sym & 4 != 0 { (c, r) } else { (r, c) };
    let r = if sym & 1 != 0 { -r } else { r };
    let c = if sym & 2 != 0 { -c } else { c };
    (r, c)
}

/// Liberties of every string, by point (0 on empty points).
fn liberties(b: &GoBoard) -> Vec<usize> {
    let n = b.size;
    let mut libs = vec![0usize; n * n];
    let mut done = vec![false; n * n];
    let mut mark = vec![0usize; n * n];
    let mut stamp = 0;
    for k in 0..n * n {
        if b.cells[k] == EMPTY || done[k] {
            continue;
        }
        stamp += 1;
        let col = b.cells[k];
        let mut stack = vec![k];
        let mut stones = vec![k];
        done[k] = true;
        let mut count = 0;
        while let Some(p) = stack.pop() {
            let (r, c) = ((p / n) as i32, (p % n) as i32);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r + dr, c + dc);
                if rr < 0 || cc < 0 || rr >= n as i32 || cc >= n as i32 {
                    continue;
                }
                let q = rr as usize * n + cc as usize;
                if b.cells[q] == EMPTY {
                    if mark[q] != stamp {
                        mark[q] = stamp;
                        count += 1;
                    }
                } else if b.cells[q] == col && !done[q] {
                    done[q] = true;
                    stack.push(q);
                    stones.push(q);
                }
            }
        }
        for s in stones {
            libs[s] = count;
        }
    }
    libs
}

/// The neighbourhood of (`r`, `c`) for `color` as a 3x3 grid of characters
/// (row-major, centre `?`), in canonical orientation (the smallest text).
fn key(b: &GoBoard, libs: &[usize], r: usize, c: usize, color: u8) -> [u8; 9] {
    let mut grid = [b'?'; 9];
    for (n, &(dr, dc)) in RING.iter().enumerate() {
        let (rr, cc) = (r as i32 + dr, c as i32 + dc);
        let ch = match b.get_signed(rr, cc) {
            None => b'#',
            Some(EMPTY) => b'.',
            Some(x) => {
                let atari = n % 2 == 0 && libs[rr as usize * b.size + cc as usize] == 1;
                match (x == color, atari) {
                    (true, false) => b'X',
                    (true, true) => b'x',
                    (false, false) => b'O',
                    (false, true) => b'o',
                }
            }
        };
        grid[((dr + 1) * 3 + dc + 1) as usize] = ch;
    }
    let mut best = grid;
    for sym in 1..8 {
        let mut t = [b'?'; 9];
        for &(dr, dc) in &RING {
            let (tr, tc) = transform(sym, dr, dc);
            t[((tr + 1) * 3 + tc + 1) as usize] = grid[((dr + 1) * 3 + dc + 1) as usize];
        }
        best = best.min(t);
    }
    best
}

fn main() {
    let mut games_dir = default_dir();
    let mut limit = 3000usize;
    let mut min_seen = 200.0f64;
    let mut out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/src/mc/mc_3x3.db");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned();
        let need = |v: Option<String>| {
            v.unwrap_or_else(|| {
                eprintln!("mc_weights: {} needs a value", args[i]);
                std::process::exit(2)
            })
        };
        let num = |v: String| {
            v.parse::<f64>().unwrap_or_else(|_| {
                eprintln!("mc_weights: {v}: not a number");
                std::process::exit(2)
            })
        };
        match args[i].as_str() {
            "--games" => games_dir = PathBuf::from(need(val)),
            "--limit" => limit = num(need(val)) as usize,
            "--min-seen" => min_seen = num(need(val)),
            "--out" => out = PathBuf::from(need(val)),
            other => {
                eprintln!("mc_weights: unknown argument {other}");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    let games = load(&games_dir, limit);
    let mut chosen: HashMap<[u8; 9], f64> = HashMap::new();
    let mut seen: HashMap<[u8; 9], f64> = HashMap::new();
    let mut rng: u64 = 0x2545_f491_4f6c_dd1d;
    let (mut moves, mut used) = (0usize, 0usize);
    for g in &games {
        if is_held_back(&g.id) {
            continue;
        }
        used += 1;
        let mut b = GoBoard::new(g.size);
        for &(r, c, col) in &g.setup {
            b.set(r, c, col);
        }
        for &(color, p) in &g.moves {
            let Some((r, c)) = p else { continue };
            if b.get(r, c) != EMPTY {
                break;
            }
            let libs = liberties(&b);
            let k = key(&b, &libs, r, c, color);
            *chosen.entry(k).or_default() += 1.0;
            *seen.entry(k).or_default() += 1.0;
            moves += 1;
            let empties: Vec<usize> = (0..b.cells.len())
                .filter(|&q| b.cells[q] == EMPTY && q != r * b.size + c)
                .collect();
            if !empties.is_empty() {
                let draws = 8.min(empties.len());
                let scale = empties.len() as f64 / draws as f64;
                for _ in 0..draws {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let q = empties[(rng % empties.len() as u64) as usize];
                    let k = key(&b, &libs, q / b.size, q % b.size, color);
                    *seen.entry(k).or_default() += scale;
                }
            }
            if b.play(r, c, color).is_none() {
                break;
            }
        }
    }
    let total_chosen: f64 = chosen.values().sum();
    let total_seen: f64 = seen.values().sum();
    let mean = total_chosen / total_seen.max(1.0);
    let mut rows: Vec<([u8; 9], f64, f64, f64)> = seen
        .iter()
        .filter(|(_, &n)| n >= min_seen)
        .map(|(k, &n)| {
            let c = chosen.get(k).copied().unwrap_or(0.0);
            // Pull rare patterns towards the mean (as if 20 average draws).
            let prior = 20.0;
            let w = ((c + prior * mean) / (n + prior)) / mean;
            (*k, w, c, n)
        })
        .collect();
    rows.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut text = String::new();
    let _ = writeln!(
        text,
        "// Monte Carlo 3x3 pattern weights, learned by `mc_weights` from {used} training games\n\
         // ({moves} moves): choice rate of the neighbourhood relative to an average point.\n\
         // Rows top to bottom, centre '?'; X own, O opponent, x/o in atari, '#' off board.\n\
         // Comment after the weight: times chosen / times available (estimated)."
    );
    for (k, w, c, n) in &rows {
        let s = |a: usize| String::from_utf8_lossy(&k[a..a + 3]).to_string();
        let _ = writeln!(text, "{} {} {}  {w:.3}  // {c:.0}/{n:.0}", s(0), s(3), s(6));
    }
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("mc_weights: cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
    eprintln!(
        "mc_weights: {used} games, {moves} moves, {} patterns written to {}",
        rows.len(),
        out.display()
    );
}
