//! `tesuji bench playouts`, Monte Carlo part: pattern-guided playouts on the
//! playout board, one thread and several, and whole searches.

use engine::mc::board::McBoard;
use engine::mc::policy::{self, PolicyScratch};
use engine::mc::{Limits, McParams, MonteCarlo, PatternTable};
use engine::{Color, Game, Pos};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::io::Write;
use std::time::{Duration, Instant};

/// CPU time of the calling thread in seconds (Linux `/proc/thread-self/
/// schedstat`), if the system tells it.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Pattern playouts from the empty board of `size` for `seconds` in each of
/// `threads` threads: total playouts per second of wall time, mean moves per
/// playout, and playouts per CPU second of one thread (when the system
/// tells thread CPU time; the figure that does not depend on other load).
pub fn pattern_playout_rate(size: usize, seconds: f64, threads: usize) -> (f64, f64, Option<f64>) {
    let table = PatternTable::builtin("mc_3x3").unwrap_or_else(|_| PatternTable::uniform());
    let root = McBoard::new(size);
    let start = Instant::now();
    let results: Vec<(u64, u64, Option<f64>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (table, root) = (&table, &root);
                scope.spawn(move || {
                    let cpu0 = thread_cpu_seconds();
                    let mut b = root.clone();
                    let mut rng = SmallRng::seed_from_u64(42 + t as u64);
                    let mut scratch = PolicyScratch::default();
                    let (mut n, mut moves) = (0u64, 0u64);
                    while n == 0 || start.elapsed().as_secs_f64() < seconds {
                        for _ in 0..16 {
                            b.copy_from(root);
                            moves += policy::playout(
                                &mut b,
                                Color::Black,
                                Pos::PASS,
                                table,
                                &mut scratch,
                                &mut rng,
                                |_, _| {},
                            ) as u64;
                            n += 1;
                        }
                    }
                    let cpu = match (cpu0, thread_cpu_seconds()) {
                        (Some(a), Some(b)) if b > a => Some(b - a),
                        _ => None,
                    };
                    (n, moves, cpu)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or((0, 0, None)))
            .collect()
    });
    let t = start.elapsed().as_secs_f64();
    let n: u64 = results.iter().map(|r| r.0).sum();
    let moves: u64 = results.iter().map(|r| r.1).sum();
    let cpu: Option<f64> = results.iter().map(|r| r.2).sum();
    let per_cpu = cpu.map(|c| n as f64 / c);
    (n as f64 / t, moves as f64 / n.max(1) as f64, per_cpu)
}

/// A whole search from the empty board (komi 7) for `seconds` with
/// `threads`: playouts per second.
pub fn search_rate(size: usize, seconds: f64, threads: usize) -> f64 {
    let mut game = Game::new(size);
    game.set_komi(7.0);
    let mut mc = MonteCarlo::new(McParams {
        threads,
        ..McParams::default()
    });
    let limits = Limits {
        playouts: u64::MAX,
        time: Some(Duration::from_secs_f64(seconds)),
        early_stop: false,
    };
    let a = mc.search(&mut game, Color::Black, limits, 1, None);
    a.playouts as f64 / a.elapsed.as_secs_f64().max(1e-6)
}

/// Write the Monte Carlo figures for `size`.
pub fn run(size: usize, seconds: f64, threads: usize, out: &mut impl Write) -> Result<(), String> {
    let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(|e| e.to_string());
    let cpu_text = |c: Option<f64>| {
        c.map_or(String::new(), |c| {
            format!(", {c:.0} per CPU second of a thread")
        })
    };
    let (r1, m1, c1) = pattern_playout_rate(size, seconds, 1);
    w(
        out,
        format!(
            "{size}x{size}: {r1:.0} pattern playouts/s ({m1:.1} moves per playout, one thread{})",
            cpu_text(c1)
        ),
    )?;
    if threads > 1 {
        let (rn, _, cn) = pattern_playout_rate(size, seconds, threads);
        w(
            out,
            format!(
                "{size}x{size}: {rn:.0} pattern playouts/s ({threads} threads{})",
                cpu_text(cn)
            ),
        )?;
    }
    let s1 = search_rate(size, seconds, 1);
    w(
        out,
        format!("{size}x{size}: {s1:.0} search playouts/s (tree and playouts, one thread)"),
    )?;
    if threads > 1 {
        let sn = search_rate(size, seconds, threads);
        w(
            out,
            format!("{size}x{size}: {sn:.0} search playouts/s ({threads} threads)"),
        )?;
    }
    Ok(())
}
