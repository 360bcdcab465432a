//! `tesuji bench …`: the benchmarks whose figures go into docs/performance.md.

use crate::cli::Bench;
use engine::mc::board::McBoard;
use engine::playout::{below, random_playout};
use engine::{Board, Color, Pos};
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
            gnugo,
            genmove_playouts,
        } => {
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .clamp(1, 256);
            let w =
                |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(|e| e.to_string());
            for &size in sizes {
                if !(2..=25).contains(&size) {
                    return Err(format!(
                        "bench playouts: size {size} is not between 2 and 25"
                    ));
                }
                let r = light_playout_rate(size, *seconds);
                w(
                    out,
                    format!("{size}x{size}: {}", r.text("light playouts/s")),
                )?;
                let r = board_playout_rate(size, *seconds);
                let what = "light playouts/s on the engine's Board (reference)";
                w(out, format!("{size}x{size}: {}", r.text(what)))?;
                crate::mc_bench::run(size, *seconds, threads, out)?;
            }
            if gnugo != "none" {
                crate::mc_bench::genmove_comparison(gnugo, *genmove_playouts, out)?;
            }
            Ok(())
        }
    }
}

/// A playout speed measurement.
pub struct Rate {
    /// Playouts per second of wall time.
    pub per_second: f64,
    /// Playouts per CPU second of the measuring thread, when the system
    /// tells thread CPU time (the figure that does not depend on the load).
    pub per_cpu_second: Option<f64>,
    /// Mean moves per playout.
    pub moves: f64,
}

impl Rate {
    /// "N <what> (M moves per playout, one thread, K per CPU second)", where
    /// `what` names the playouts per second.
    fn text(&self, what: &str) -> String {
        let cpu = self
            .per_cpu_second
            .map_or(String::new(), |c| format!(", {c:.0} per CPU second"));
        format!(
            "{:.0} {what} ({:.1} moves per playout, one thread{cpu})",
            self.per_second, self.moves
        )
    }
}

/// Run `batch` (which plays some playouts and returns how many, and their
/// moves) for `seconds`, timing it by the wall clock and the thread's CPU
/// clock.
fn measure(seconds: f64, mut batch: impl FnMut() -> (u64, u64)) -> Rate {
    let cpu0 = crate::mc_bench::thread_cpu_seconds();
    let start = Instant::now();
    let (mut n, mut moves) = (0u64, 0u64);
    while n == 0 || start.elapsed().as_secs_f64() < seconds {
        let (a, b) = batch();
        n += a;
        moves += b;
    }
    let wall = start.elapsed().as_secs_f64();
    let per_cpu_second = match (cpu0, crate::mc_bench::thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => Some(n as f64 / (b - a)),
        _ => None,
    };
    Rate {
        per_second: n as f64 / wall,
        per_cpu_second,
        moves: moves as f64 / n as f64,
    }
}

/// Light random playouts ([`engine::playout`]) from the empty board of
/// `size` on the playout board, for `seconds`.
pub fn light_playout_rate(size: usize, seconds: f64) -> Rate {
    let root = McBoard::new(size);
    let mut board = McBoard::new(size);
    let mut rng = SmallRng::seed_from_u64(42);
    measure(seconds, || {
        let mut moves = 0;
        for _ in 0..64 {
            board.copy_from(&root);
            moves += random_playout(&mut board, Color::Black, &mut rng, 3 * size * size) as u64;
            std::hint::black_box(board.area_score());
        }
        (64, moves)
    })
}

/// The same light playouts played on the engine's [`Board`] (full strings,
/// hash, undo log), as a measure of its play and legality speed: the
/// engine's own playouts never run on it.
pub fn board_playout_rate(size: usize, seconds: f64) -> Rate {
    let root = Board::new(size);
    let mut board = Board::new(size);
    let mut rng = SmallRng::seed_from_u64(42);
    measure(seconds, || {
        let mut moves = 0;
        for _ in 0..16 {
            board.copy_from(&root);
            moves += board_playout(&mut board, Color::Black, &mut rng, 3 * size * size) as u64;
        }
        (16, moves)
    })
}

/// One light playout on the engine's board: random legal moves that do not
/// fill a simple eye, scanned from a random place in the empty list.
fn board_playout(board: &mut Board, mut c: Color, rng: &mut SmallRng, max_moves: usize) -> usize {
    let (mut passes, mut moves) = (0, 0);
    while passes < 2 && moves < max_moves {
        let empties = board.empty_points();
        let n = empties.len();
        let start = if n == 0 { 0 } else { below(rng, n) };
        let mv = (start..n)
            .chain(0..start)
            .map(|k| empties[k])
            .find(|&p| !board.is_simple_eye(p, c) && board.is_legal(p, c))
            .unwrap_or(Pos::PASS);
        board.play_unchecked(mv, c);
        passes = if mv.is_pass() { passes + 1 } else { 0 };
        moves += 1;
        c = c.opponent();
    }
    moves
}
