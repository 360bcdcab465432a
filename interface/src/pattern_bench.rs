//! `tesuji bench patterns` and `tesuji bench predict`: pattern-matching
//! speed on whole 19x19 positions from the game records, and the
//! move-prediction rate of the pattern databases on held-back games
//! (figures for docs/performance.md).
//!
//! Both use the held-back games of `patterns::records` (about one game in
//! ten, by a hash of its id), which no database tool learnt from.

use engine::patterns::matcher::{scan_dfa, scan_index, Scan};
use engine::patterns::{fuseki, LibertyTactics, MoveValues, PatternOptions, DATABASES};
use engine::reading::Reader;
use engine::{Board, Color, Game, Pos};
use patterns::records::{self, Game as Record};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

fn color_of(c: u8) -> Color {
    if c == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// Held-back 19x19 games without handicap, at most `n`.
fn held_back(dir: &Path, n: usize, sgf_only: bool) -> Vec<Record> {
    let limit = if sgf_only { 100_000 } else { 20 * n };
    records::load(dir, limit)
        .into_iter()
        .filter(|g| records::is_held_back(&g.id) && g.size == 19 && g.setup.is_empty())
        .filter(|g| !sgf_only || !g.id.starts_with("tygem/"))
        .take(n)
        .collect()
}

/// Replay `g` up to (not including) move `k`; `None` if a move is illegal.
fn position(g: &Record, k: usize) -> Option<Game> {
    let mut game = Game::new(g.size);
    for &(c, p) in g.moves.iter().take(k) {
        let p = p.map_or(Pos::PASS, |(r, c)| Pos::new(r, c));
        game.play(color_of(c), p).ok()?;
    }
    Some(game)
}

/// CPU seconds used by this process (user + system, from /proc).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat
        .rfind(')')
        .map_or("", |i| &stat[i + 2..])
        .split_whitespace()
        .collect();
    let ticks = |k: usize| {
        fields
            .get(k)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn w(out: &mut impl Write, s: String) -> Result<(), String> {
    writeln!(out, "{s}").map_err(|e| e.to_string())
}

/// Matching speed: whole-board scans of every database by both matchers.
pub fn run_speed(
    dir: &Path,
    games: usize,
    seconds: f64,
    out: &mut impl Write,
) -> Result<(), String> {
    let recs = held_back(dir, games, false);
    let mut boards: Vec<Board> = Vec::new();
    for g in &recs {
        for k in [40, 80, 120, 160, 200] {
            if k < g.moves.len() {
                if let Some(game) = position(g, k) {
                    boards.push(game.board().clone());
                }
            }
        }
    }
    if boards.is_empty() {
        return Err(format!("no held-back 19x19 games under {}", dir.display()));
    }
    w(
        out,
        format!(
            "{} positions (moves 40-200 of {} held-back games), both colours, one thread, CPU time",
            boards.len(),
            recs.len()
        ),
    )?;
    for &db in DATABASES {
        let mut line = format!("{:9} {:5} orientations:", db.name, db.oriented.len());
        for (name, index) in [("DFA", false), ("index", true)] {
            let start = cpu_seconds();
            let (mut scans, mut found) = (0u64, 0u64);
            while scans == 0 || cpu_seconds() - start < seconds {
                for b in &boards {
                    for color in [Color::Black, Color::White] {
                        let scan = Scan::new(b, color);
                        let mut n = 0u64;
                        if index {
                            scan_index(db, &scan, b.points(), |_, _| n += 1);
                        } else {
                            scan_dfa(db, &scan, b.points(), |_, _| n += 1);
                        }
                        found += n;
                        scans += 1;
                    }
                }
            }
            let t = cpu_seconds() - start;
            line += &format!(
                "  {name} {:.1} us/board, {:.0} matches/board, {:.2} M matches/s;",
                1e6 * t / scans as f64,
                found as f64 / scans as f64,
                found as f64 / t / 1e6
            );
        }
        w(out, line)?;
    }
    // Everything genmove asks for, constraints included (cheap tactics).
    let opts = PatternOptions::default();
    let start = cpu_seconds();
    let (mut n, mut matched) = (0u64, 0u64);
    while n == 0 || cpu_seconds() - start < seconds {
        for b in &boards {
            let mut b = b.clone();
            let mv = MoveValues::compute(&mut b, &mut LibertyTactics, Color::Black, &opts);
            matched += mv.matched as u64;
            n += 1;
        }
    }
    let t = cpu_seconds() - start;
    w(
        out,
        format!(
            "move values (shape + joseki, constraints with liberty tactics): {:.2} ms/board, {:.0} patterns matched/board",
            1e3 * t / n as f64,
            matched as f64 / n as f64
        ),
    )?;
    // Constraints read by the tactical reader, as in play.
    let mut reader = Reader::new(10, 16.0);
    let start = cpu_seconds();
    let mut n = 0u64;
    for b in &boards {
        let mut b = b.clone();
        MoveValues::compute(&mut b, &mut reader, Color::Black, &opts);
        n += 1;
    }
    let t = cpu_seconds() - start;
    w(
        out,
        format!(
            "move values with the tactical reader: {:.2} ms/board",
            1e3 * t / n as f64
        ),
    )?;
    Ok(())
}

/// Tallies of a predictor.
#[derive(Default)]
struct Tally {
    positions: u64,
    hits: u64,
    by_source: [(u64, u64); 3],
}

const SOURCES: [&str; 3] = ["fuseki", "joseki", "shape"];

impl Tally {
    fn add(&mut self, source: Option<usize>, hit: bool) {
        self.positions += 1;
        self.hits += u64::from(hit);
        if let Some(s) = source {
            self.by_source[s].0 += 1;
            self.by_source[s].1 += u64::from(hit);
        }
    }

    fn report(&self, out: &mut impl Write, what: &str) -> Result<(), String> {
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        w(
            out,
            format!(
                "{what}: {} positions, top move = played move {:.1}%",
                self.positions,
                pct(self.hits, self.positions)
            ),
        )?;
        for (k, (n, h)) in self.by_source.iter().enumerate() {
            if *n > 0 {
                w(
                    out,
                    format!(
                        "  {:7} proposed the move in {:5.1}% of positions, right {:.1}% of those",
                        SOURCES[k],
                        pct(*n, self.positions),
                        pct(*h, *n)
                    ),
                )?;
            }
        }
        Ok(())
    }
}

/// The pattern databases' top move: fuseki if the position is known, else
/// the best joseki move, else the best shape move (value > 0).
fn pattern_move(
    game: &mut Game,
    reader: &mut Reader,
    color: Color,
) -> (Option<Pos>, Option<usize>) {
    if let Some(&(p, _, _)) = fuseki::moves(game.board(), color).first() {
        return (Some(p), Some(0));
    }
    let opts = PatternOptions::default();
    let mv = MoveValues::compute(game.board_mut(), reader, color, &opts);
    let board = game.board();
    let mut best: Option<(f32, Pos)> = None;
    for &p in board.points() {
        if board.color(p) != Color::Empty || !board.is_legal(p, color) || mv.antisuji(p) {
            continue;
        }
        let s = mv.score(p);
        if s > 0.0 && best.is_none_or(|b| s > b.0) {
            best = Some((s, p));
        }
    }
    match best {
        Some((_, p)) => (Some(p), Some(if mv.joseki(p) > 0.0 { 1 } else { 2 })),
        None => (None, None),
    }
}

/// Move prediction on held-back games: the patterns' top move against the
/// move played; with GNU Go present, GNU Go's `reg_genmove` and tesuji's
/// genmove on a sample of the same positions.
pub fn run_predict(
    dir: &Path,
    games: usize,
    gnugo: &str,
    sample: usize,
    out: &mut impl Write,
) -> Result<(), String> {
    let recs = held_back(dir, games, false);
    if recs.is_empty() {
        return Err(format!("no held-back 19x19 games under {}", dir.display()));
    }
    let mut reader = Reader::new(10, 16.0);
    let mut tally = Tally::default();
    let start = Instant::now();
    for g in &recs {
        let mut game = Game::new(19);
        for &(c, p) in &g.moves {
            let color = color_of(c);
            let Some((r, cc)) = p else { break };
            let played = Pos::new(r, cc);
            let (pred, source) = pattern_move(&mut game, &mut reader, color);
            tally.add(source, pred == Some(played));
            if game.play(color, played).is_err() {
                break;
            }
        }
    }
    w(
        out,
        format!(
            "{} held-back games ({:.1} s)",
            recs.len(),
            start.elapsed().as_secs_f64()
        ),
    )?;
    tally.report(out, "patterns")?;
    if sample == 0 {
        return Ok(());
    }
    // A sample of positions from held-back SGF games, for GNU Go.
    let sgf_games = held_back(dir, games, true);
    let mut positions: Vec<(&Record, usize)> = Vec::new();
    'outer: for g in &sgf_games {
        for k in (7..g.moves.len().min(250)).step_by(23) {
            if g.moves[k].1.is_some() {
                positions.push((g, k));
                if positions.len() >= sample {
                    break 'outer;
                }
            }
        }
    }
    let mut ours = Tally::default();
    let mut genmove = Tally::default();
    let mut engine = engine::Engine::new(19, 1);
    let start = cpu_seconds();
    for &(g, k) in &positions {
        let Some(mut game) = position(g, k) else {
            continue;
        };
        let (c, p) = g.moves[k];
        let played = p.map(|(r, c)| Pos::new(r, c));
        let (pred, source) = pattern_move(&mut game, &mut reader, color_of(c));
        ours.add(source, pred == played);
        engine.game = game;
        let m = engine.choose_move(color_of(c), engine::GenMode::Normal);
        genmove.add(None, Some(m) == played);
    }
    let ours_time = cpu_seconds() - start;
    w(
        out,
        format!(
            "sample of {} positions from held-back SGF games:",
            positions.len()
        ),
    )?;
    ours.report(out, "patterns")?;
    genmove.report(
        out,
        &format!(
            "tesuji genmove (with the pattern predictor: {:.2} CPU s/position)",
            ours_time / positions.len().max(1) as f64
        ),
    )?;
    if gnugo == "none" || !Path::new(gnugo).exists() {
        w(out, format!("GNU Go: {gnugo} not found, no comparison"))?;
        return Ok(());
    }
    let dirpath = dir.join("ai");
    let mut child = Command::new(gnugo)
        .args(["--mode", "gtp", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {gnugo}: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let mut stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let mut ask = |cmd: &str| -> Result<String, String> {
        writeln!(stdin, "{cmd}").map_err(|e| e.to_string())?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("GNU Go closed the connection".to_string());
            }
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(line.trim());
        }
        Ok(answer)
    };
    let mut theirs = Tally::default();
    let cpu = |ask: &mut dyn FnMut(&str) -> Result<String, String>| -> f64 {
        ask("cputime")
            .ok()
            .and_then(|a| a.trim_start_matches('=').trim().parse().ok())
            .unwrap_or(0.0)
    };
    let start = cpu(&mut ask);
    for &(g, k) in &positions {
        let file = dirpath.join(&g.id);
        ask(&format!("loadsgf {} {}", file.display(), k + 1))?;
        let (c, p) = g.moves[k];
        let answer = ask(&format!("reg_genmove {}", color_of(c).name()))?;
        let mv = answer.trim_start_matches('=').trim();
        let played = p.map(|(r, c)| Pos::new(r, c).name(19));
        theirs.add(None, Some(mv.to_ascii_uppercase()) == played);
    }
    let t = cpu(&mut ask) - start;
    let _ = ask("quit");
    let _ = child.wait();
    theirs.report(
        out,
        &format!(
            "GNU Go reg_genmove ({:.2} CPU s/position)",
            t / positions.len().max(1) as f64
        ),
    )?;
    Ok(())
}
