//! Light playouts per second on the playout board, for quick checks while
//! working on the board (`cargo run --release -p engine --example
//! quickbench -- [SECONDS [SIZE [PLAYOUTS
//! [pattern]]]]`); `tesuji bench playouts` gives the figures of record.

use engine::mc::board::McBoard;
use engine::mc::policy::{self, PolicyScratch};
use engine::mc::PatternTable;
use engine::playout::random_playout;
use engine::{Color, Pos};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::Instant;

/// CPU time of this thread in seconds, if the system tells it.
fn cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    // Optional: one size and a fixed number of playouts (for callgrind).
    let sizes: Vec<usize> = match std::env::args().nth(2).and_then(|s| s.parse().ok()) {
        Some(s) => vec![s],
        None => vec![9, 19],
    };
    let count: Option<u64> = std::env::args().nth(3).and_then(|s| s.parse().ok());
    // Optional: "pattern" for the Monte Carlo policy's playouts.
    let pattern = std::env::args().nth(4).is_some_and(|s| s == "pattern");
    let table = if pattern {
        PatternTable::builtin("mc_3x3").expect("built-in patterns")
    } else {
        PatternTable::uniform()
    };
    let mut scratch = PolicyScratch::default();
    for size in sizes {
        let root = McBoard::new(size);
        let mut b = McBoard::new(size);
        let mut rng = SmallRng::seed_from_u64(1);
        let (t, c0) = (Instant::now(), cpu());
        let mut n = 0u64;
        let mut moves = 0;
        let mut score = 0i64;
        while count.map_or(t.elapsed().as_secs_f64() < seconds, |c| n < c) {
            for _ in 0..64 {
                b.copy_from(&root);
                moves += if pattern {
                    policy::playout(
                        &mut b,
                        Color::Black,
                        Pos::PASS,
                        &table,
                        &mut scratch,
                        &mut rng,
                        |_, _| {},
                    )
                } else {
                    random_playout(&mut b, Color::Black, &mut rng, 3 * size * size)
                };
                score += b.area_score() as i64;
                n += 1;
            }
        }
        let s = t.elapsed().as_secs_f64();
        let per_cpu = match (c0, cpu()) {
            (Some(a), Some(b)) if b > a => format!(", {:.0} per CPU second", n as f64 / (b - a)),
            _ => String::new(),
        };
        println!(
            "{size}x{size}: {:.0} playouts/s{per_cpu}, {:.1} moves/playout, mean score {:.2}",
            n as f64 / s,
            moves as f64 / n as f64,
            score as f64 / n as f64
        );
    }
}
