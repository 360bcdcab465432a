//! `tesuji bench playouts`, Monte Carlo part: pattern-guided playouts on the
//! playout board, one thread and several, and whole searches.

use engine::mc::board::McBoard;
use engine::mc::policy::{self, PolicyScratch};
use engine::mc::{Decision, Limits, McParams, MonteCarlo, PatternTable};
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
/// `threads`: playouts per second of wall time, and per CPU second of the
/// process (all its threads together), when the system tells it.
pub fn search_rate(size: usize, seconds: f64, threads: usize) -> (f64, Option<f64>) {
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
    let cpu0 = process_cpu_seconds();
    let a = mc.search(&mut game, Color::Black, limits, 1, None);
    let per_cpu = match (cpu0, process_cpu_seconds()) {
        (Some(x), Some(y)) if y > x => Some(a.playouts as f64 / (y - x)),
        _ => None,
    };
    (
        a.playouts as f64 / a.elapsed.as_secs_f64().max(1e-6),
        per_cpu,
    )
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
    let process_text = |c: Option<f64>| {
        c.map_or(String::new(), |c| {
            format!(", {c:.0} per CPU second of the process")
        })
    };
    let (s1, c1) = search_rate(size, seconds, 1);
    w(
        out,
        format!(
            "{size}x{size}: {s1:.0} search playouts/s (tree and playouts, one thread{})",
            process_text(c1)
        ),
    )?;
    if threads > 1 {
        let (sn, cn) = search_rate(size, seconds, threads);
        w(
            out,
            format!(
                "{size}x{size}: {sn:.0} search playouts/s ({threads} threads{})",
                process_text(cn)
            ),
        )?;
    }
    Ok(())
}

/// CPU time of the whole process in seconds, all threads together, from
/// `/proc/self/stat` (user and system time in clock ticks of 1/100 s, the
/// fixed `USER_HZ` of Linux), if the system tells it.
pub fn process_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name, in parentheses, may hold spaces: count after it.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// The opening both players answer in the genmove comparison (black first).
const COMPARISON_MOVES: [&str; 4] = ["E5", "C4", "G4", "E3"];

/// One 9x9 Monte Carlo genmove for black after [`COMPARISON_MOVES`] (komi
/// 7), with `playouts` playouts in one thread, by tesuji and by GNU Go
/// (`gnugo --mode gtp --monte-carlo --level 1 --mc-games-per-level
/// playouts --nofuseki`, timed by its own `cputime`).
pub fn genmove_comparison(gnugo: &str, playouts: u64, out: &mut impl Write) -> Result<(), String> {
    let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(|e| e.to_string());
    let mut game = Game::new(9);
    game.set_komi(7.0);
    let mut c = Color::Black;
    for m in COMPARISON_MOVES {
        let p = Pos::parse(m, 9).ok_or("bad comparison move")?;
        game.play(c, p).map_err(|e| format!("{m}: {e:?}"))?;
        c = c.opponent();
    }
    let mut mc = MonteCarlo::new(McParams {
        threads: 1,
        games_per_level: playouts,
        resign_threshold: 0.0,
        ..McParams::default()
    });
    let limits = Limits {
        playouts,
        time: None,
        early_stop: false,
    };
    let cpu0 = process_cpu_seconds();
    let start = Instant::now();
    let decision = mc.genmove(&mut game, c, limits, 1, false);
    let wall = start.elapsed().as_secs_f64();
    let cpu = match (cpu0, process_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    let done = mc.last.as_ref().map_or(0, |a| a.playouts);
    let mv = match decision {
        Decision::Play(p) => p.name(9),
        Decision::Resign => "resign".to_string(),
    };
    w(
        out,
        format!(
            "9x9 genmove after {}: tesuji --monte-carlo, {done} playouts, one thread: \
             {cpu:.2} s CPU ({:.0} playouts per CPU second), {wall:.2} s wall, plays {mv}",
            COMPARISON_MOVES.join(" "),
            done as f64 / cpu
        ),
    )?;
    let (gcpu, gwall, gmv) = gnugo_genmove(gnugo, playouts)?;
    w(
        out,
        format!(
            "9x9 genmove after {}: GNU Go --monte-carlo --level 1 --mc-games-per-level {playouts}: \
             {gcpu:.2} s CPU ({:.0} playouts per CPU second), {gwall:.2} s wall, plays {gmv}",
            COMPARISON_MOVES.join(" "),
            playouts as f64 / gcpu.max(1e-3)
        ),
    )
}

/// GNU Go's Monte Carlo genmove in the comparison position: its CPU time
/// (its `cputime` command before and after), wall time and move.
fn gnugo_genmove(gnugo: &str, playouts: u64) -> Result<(f64, f64, String), String> {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(gnugo)
        .args([
            "--mode",
            "gtp",
            "--quiet",
            "--monte-carlo",
            "--level",
            "1",
            "--nofuseki",
        ])
        .args(["--mc-games-per-level", &playouts.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {gnugo}: {e}"))?;
    let mut input = child.stdin.take().ok_or("no stdin")?;
    let mut output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let mut ask = |cmd: &str| -> Result<String, String> {
        writeln!(input, "{cmd}").map_err(|e| e.to_string())?;
        input.flush().map_err(|e| e.to_string())?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("GNU Go stopped".to_string());
            }
            if line.trim().is_empty() {
                if !answer.is_empty() {
                    break;
                }
                continue;
            }
            answer.push_str(&line);
        }
        if answer.starts_with('?') {
            return Err(format!("GNU Go: {cmd}: {}", answer.trim()));
        }
        Ok(answer.trim_start_matches(['=', ' ']).trim().to_string())
    };
    ask("boardsize 9")?;
    ask("clear_board")?;
    ask("komi 7")?;
    let mut c = "b";
    for m in COMPARISON_MOVES {
        ask(&format!("play {c} {m}"))?;
        c = if c == "b" { "w" } else { "b" };
    }
    let t0: f64 = ask("cputime")?.parse().unwrap_or(0.0);
    let start = Instant::now();
    let mv = ask(&format!("genmove {c}"))?;
    let wall = start.elapsed().as_secs_f64();
    let t1: f64 = ask("cputime")?.parse().unwrap_or(0.0);
    let _ = ask("quit");
    let _ = child.wait();
    Ok((t1 - t0, wall, mv))
}
