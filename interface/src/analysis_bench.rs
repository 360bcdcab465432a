//! `tesuji bench analysis`: time of the whole-position analysis (worms,
//! eyes, dragons, unconditional status) on positions from game records,
//! beside GNU Go's time for `dragon_status` on the same positions (GNU Go
//! examines the position there, owl reading included).

use crate::sgfio::{self, Until};
use engine::analysis::Analysis;
use engine::owl::Owl;
use engine::unconditional::UnconditionalMap;
use engine::{Game, Reader};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Positions taken from each game: before these move numbers.
const MOVES: [usize; 4] = [40, 90, 140, 190];

/// Times the unconditional status is recomputed per position for its
/// separate figure.
const UNCOND_REPEAT: usize = 20;

/// Game records of `dir` (or the files themselves), sorted, at most `count`.
fn records(paths: &[PathBuf], count: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut v: Vec<PathBuf> = std::fs::read_dir(p)
                .map(|d| {
                    d.filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|f| f.extension().is_some_and(|x| x == "sgf"))
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            out.extend(v);
        } else {
            out.push(p.clone());
        }
    }
    out.truncate(count);
    out
}

/// Run the benchmark on `count` games of `paths` (19x19 only).
pub fn run(
    paths: &[PathBuf],
    count: usize,
    gnugo: &str,
    out: &mut impl Write,
) -> Result<(), String> {
    let files = records(paths, count);
    let mut positions: Vec<(PathBuf, usize)> = Vec::new();
    let mut ours = 0.0f64;
    let mut uncond_cpu = 0.0f64;
    let mut ours_cpu = 0.0f64;
    let mut static_cpu = 0.0f64;
    let mut owl_nodes = 0u64;
    let mut semeai_nodes = 0u64;
    let mut dragons = 0usize;
    let cpu = || crate::mc_bench::thread_cpu_seconds().unwrap_or(0.0);
    for f in &files {
        let Ok(record) = sgfio::read_record(f) else {
            continue;
        };
        if record.size != 19 {
            continue;
        }
        for &m in &MOVES {
            let mut game = Game::new(19);
            if sgfio::load_record(&mut game, &record, Until::MoveNumber(m)).is_err() {
                continue;
            }
            if game.moves_since_setup().count() + 1 < m {
                continue;
            }
            // The analysis without owl reading first (its own reader), then
            // the whole analysis with owl reading, from cold caches.
            let mut reader = Reader::new(10, engine::reading::DEFAULT_CACHE_MB);
            let c0 = cpu();
            let _ = Analysis::without_owl(game.board_mut(), &mut reader);
            static_cpu += cpu() - c0;
            let mut reader = Reader::new(10, engine::reading::DEFAULT_CACHE_MB);
            let mut owl = Owl::new(10);
            let start = Instant::now();
            let c0 = cpu();
            let a = Analysis::with_owl(game.board_mut(), &mut reader, &mut owl);
            ours_cpu += cpu() - c0;
            ours += start.elapsed().as_secs_f64();
            owl_nodes += owl.node_counter();
            semeai_nodes += owl.semeai_node_counter();
            dragons += a.dragons.all().len();
            // The unconditional status alone, in CPU time of this thread
            // (repeated to rise above the clock's resolution).
            let cpu0 = crate::mc_bench::thread_cpu_seconds();
            for _ in 0..UNCOND_REPEAT {
                std::hint::black_box(UnconditionalMap::new(game.board_mut()));
            }
            if let (Some(t0), Some(t1)) = (cpu0, crate::mc_bench::thread_cpu_seconds()) {
                uncond_cpu += (t1 - t0) / UNCOND_REPEAT as f64;
            }
            positions.push((f.clone(), m));
        }
    }
    let n = positions.len();
    if n == 0 {
        return Err("bench analysis: no 19x19 position found".to_string());
    }
    let w = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "tesuji: {n} positions from {} games, {:.2} ms per position ({:.1} dragons per position)",
        files.len(),
        ours * 1000.0 / n as f64,
        dragons as f64 / n as f64
    )
    .map_err(w)?;
    writeln!(
        out,
        "tesuji: unconditional status alone {:.3} ms of thread CPU per position",
        uncond_cpu * 1000.0 / n as f64
    )
    .map_err(w)?;
    writeln!(
        out,
        "tesuji thread CPU time per position: {:.2} ms with owl reading ({:.0} owl nodes, {:.0} semeai nodes), {:.2} ms without",
        ours_cpu * 1000.0 / n as f64,
        owl_nodes as f64 / n as f64,
        semeai_nodes as f64 / n as f64,
        static_cpu * 1000.0 / n as f64
    )
    .map_err(w)?;
    if gnugo != "none" && Path::new(gnugo).exists() {
        match gnugo_time(gnugo, &positions) {
            Ok(t) => writeln!(
                out,
                "GNU Go ({gnugo}): {:.2} ms per position (dragon_status: examine_position with owl reading)",
                t * 1000.0 / n as f64
            )
            .map_err(w)?,
            Err(e) => writeln!(out, "GNU Go: {e}").map_err(w)?,
        }
    }
    Ok(())
}

/// GNU Go's total CPU time for `dragon_status` on every position, measured
/// with its `cputime` command around each call.
fn gnugo_time(gnugo: &str, positions: &[(PathBuf, usize)]) -> Result<f64, String> {
    let mut child = Command::new(gnugo)
        .args(["--mode", "gtp", "--quiet"])
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
        Ok(answer)
    };
    let mut total = 0.0;
    for (f, m) in positions {
        ask(&format!("loadsgf {} {m}", f.display()))?;
        let t0: f64 = parse_time(&ask("cputime")?);
        ask("dragon_status")?;
        let t1: f64 = parse_time(&ask("cputime")?);
        total += t1 - t0;
    }
    let _ = ask("quit");
    let _ = child.wait();
    Ok(total)
}

fn parse_time(answer: &str) -> f64 {
    answer
        .trim_start_matches(['=', ' '])
        .trim()
        .parse()
        .unwrap_or(0.0)
}
