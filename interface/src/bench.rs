//! `tesuji bench …`: the benchmarks whose figures go into docs/performance.md.

use crate::cli::Bench;
use engine::playout::random_playout;
use engine::{Board, Color};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::io::Write;
use std::time::Instant;

/// Run one benchmark, writing a report to `out`.
pub fn run(what: &Bench, out: &mut impl Write) -> Result<(), String> {
    match what {
        Bench::Reading {
            files,
            gnugo,
            verbose,
        } => crate::reading_bench::run(files, gnugo, *verbose, out),
        Bench::Patterns {
            games,
            count,
            seconds,
        } => crate::pattern_bench::run_speed(games, *count, *seconds, out),
        Bench::Predict {
            games,
            count,
            sample,
            gnugo,
        } => crate::pattern_bench::run_predict(games, *count, gnugo, *sample, out),
        Bench::Analysis {
            games,
            count,
            gnugo,
        } => crate::analysis_bench::run(games, *count, gnugo, out),
        Bench::Playouts {
            sizes,
            seconds,
            threads,
        } => {
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .clamp(1, 256);
            for &size in sizes {
                if !(2..=25).contains(&size) {
                    return Err(format!(
                        "bench playouts: size {size} is not between 2 and 25"
                    ));
                }
                let cpu0 = crate::mc_bench::thread_cpu_seconds();
                let start = Instant::now();
                let (rate, moves) = playout_rate(size, *seconds);
                let wall = start.elapsed().as_secs_f64();
                // Playouts per CPU second, when the system tells thread CPU time.
                let per_cpu = match (cpu0, crate::mc_bench::thread_cpu_seconds()) {
                    (Some(a), Some(b)) if b > a => {
                        format!(", {:.0} per CPU second", rate * wall / (b - a))
                    }
                    _ => String::new(),
                };
                writeln!(out, "{size}x{size}: {rate:.0} playouts/s ({moves:.1} moves per playout, one thread{per_cpu})")
                    .map_err(|e| e.to_string())?;
                crate::mc_bench::run(size, *seconds, threads, out)?;
            }
            Ok(())
        }
    }
}

/// Light random playouts from the empty board for `seconds`: playouts per
/// second and the mean number of moves per playout.
pub fn playout_rate(size: usize, seconds: f64) -> (f64, f64) {
    let root = Board::new(size);
    let mut board = Board::new(size);
    let mut rng = SmallRng::seed_from_u64(42);
    let start = Instant::now();
    let (mut n, mut moves) = (0u64, 0u64);
    while n == 0 || start.elapsed().as_secs_f64() < seconds {
        for _ in 0..64 {
            board.copy_from(&root);
            moves += random_playout(&mut board, Color::Black, &mut rng, 3 * size * size) as u64;
            n += 1;
        }
    }
    let t = start.elapsed().as_secs_f64();
    (n as f64 / t, moves as f64 / n as f64)
}
