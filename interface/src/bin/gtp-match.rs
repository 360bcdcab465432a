//! Play games between two GTP engines and report the result: wins of each
//! side, time per move of each side, illegal moves, and the referee's
//! scores. Used to measure `tesuji --monte-carlo` against GNU Go (see
//! docs/montecarlo.md).
//!
//! Usage:
//!
//! ```text
//! gtp-match --games N [--size 9] [--komi 7] [--referee CMD] [--sgf-dir DIR]
//!           --engine1 "CMD ARGS" --engine2 "CMD ARGS"
//! ```
//!
//! Engine 1 takes black in odd games (1, 3, …) and white in even ones. The
//! referee (default: GNU Go, `gnugo --mode gtp`) replays each game and
//! gives its `final_score`; a game ends on two passes, a resignation or
//! 400 moves. Commands are split on spaces (no quoting).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(cmd: &str) -> Result<Engine, String> {
        let mut words = cmd.split_whitespace();
        let prog = words.next().ok_or("empty engine command")?;
        let mut child = Command::new(prog)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{prog}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Engine {
            name: cmd.to_string(),
            child,
            stdin,
            stdout,
        })
    }

    /// Send a command; the answer text, or the error text as `Err`.
    fn send(&mut self, cmd: &str) -> Result<String, String> {
        writeln!(self.stdin, "{cmd}").map_err(|e| format!("{}: {e}", self.name))?;
        self.stdin.flush().map_err(|e| e.to_string())?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("{}: {e}", self.name))?;
            if n == 0 {
                return Err(format!(
                    "{}: engine closed its output on '{cmd}'",
                    self.name
                ));
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let ok = answer.starts_with('=');
        let text = answer
            .trim_start_matches(['=', '?'])
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        if ok {
            Ok(text)
        } else {
            Err(text)
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

struct Opts {
    games: usize,
    size: usize,
    komi: f64,
    engine1: String,
    engine2: String,
    referee: String,
    sgf_dir: Option<String>,
}

fn parse() -> Result<Opts, String> {
    let mut o = Opts {
        games: 2,
        size: 9,
        komi: 7.0,
        engine1: String::new(),
        engine2: String::new(),
        referee: "/usr/games/gnugo --mode gtp".to_string(),
        sgf_dir: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args
            .get(i + 1)
            .cloned()
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let num = |v: &str| v.parse::<f64>().map_err(|_| format!("{v}: not a number"));
        match args[i].as_str() {
            "--games" => o.games = num(&v)? as usize,
            "--size" => o.size = num(&v)? as usize,
            "--komi" => o.komi = num(&v)?,
            "--engine1" => o.engine1 = v,
            "--engine2" => o.engine2 = v,
            "--referee" => o.referee = v,
            "--sgf-dir" => o.sgf_dir = Some(v),
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    if o.engine1.is_empty() || o.engine2.is_empty() {
        return Err("--engine1 and --engine2 are required".to_string());
    }
    Ok(o)
}

#[derive(Default)]
struct Side {
    wins: usize,
    draws: usize,
    moves: usize,
    seconds: f64,
    max_seconds: f64,
    illegal: usize,
}

fn main() {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("gtp-match: {e}");
            std::process::exit(2);
        }
    };
    let mut sides = [Side::default(), Side::default()];
    for g in 1..=o.games {
        match play_game(&o, g, &mut sides) {
            Ok(line) => println!("{line}"),
            Err(e) => println!("game {g}: error: {e}"),
        }
    }
    for (k, s) in sides.iter().enumerate() {
        println!(
            "engine{}: {} wins and {} draws of {}, {} moves, {:.2} s per move (longest {:.2} s), {} illegal",
            k + 1,
            s.wins,
            s.draws,
            o.games,
            s.moves,
            s.seconds / s.moves.max(1) as f64,
            s.max_seconds,
            s.illegal
        );
    }
}

/// Play game `g`; a one-line summary.
fn play_game(o: &Opts, g: usize, sides: &mut [Side; 2]) -> Result<String, String> {
    let mut e = [Engine::start(&o.engine1)?, Engine::start(&o.engine2)?];
    let mut referee = Engine::start(&o.referee)?;
    for en in e.iter_mut().chain(std::iter::once(&mut referee)) {
        en.send(&format!("boardsize {}", o.size))?;
        en.send("clear_board")?;
        en.send(&format!("komi {}", o.komi))?;
    }
    // Engine 1 is black in odd games.
    let black = if g % 2 == 1 { 0 } else { 1 };
    let mut to_move = black;
    let mut passes = 0;
    let mut moves: Vec<(char, String)> = Vec::new();
    let mut winner: Option<(usize, String)> = None;
    while passes < 2 && moves.len() < 400 {
        let col = if to_move == black { "black" } else { "white" };
        let start = Instant::now();
        let mv = e[to_move].send(&format!("genmove {col}"))?.to_lowercase();
        let dt = start.elapsed().as_secs_f64();
        let s = &mut sides[to_move];
        s.moves += 1;
        s.seconds += dt;
        s.max_seconds = s.max_seconds.max(dt);
        if mv == "resign" {
            winner = Some((
                1 - to_move,
                format!("{}+R", if to_move == black { "W" } else { "B" }),
            ));
            break;
        }
        if referee.send(&format!("play {col} {mv}")).is_err() {
            sides[to_move].illegal += 1;
            winner = Some((1 - to_move, format!("illegal move {mv} by {col}")));
            break;
        }
        e[1 - to_move].send(&format!("play {col} {mv}"))?;
        moves.push((col.chars().next().unwrap_or('b'), mv.clone()));
        passes = if mv == "pass" { passes + 1 } else { 0 };
        to_move = 1 - to_move;
    }
    // The winner (`None` for a draw) and the result text.
    let result = match winner {
        Some((w, text)) => (Some(w), text),
        None => {
            let score = referee.send("final_score")?;
            let w = if score.starts_with('B') {
                Some(black)
            } else if score.starts_with('W') {
                Some(1 - black)
            } else {
                None
            };
            (w, score)
        }
    };
    match result.0 {
        Some(w) => sides[w].wins += 1,
        None => {
            sides[0].draws += 1;
            sides[1].draws += 1;
        }
    }
    if let Some(dir) = &o.sgf_dir {
        let mut sgf = format!(
            "(;GM[1]FF[4]SZ[{}]KM[{}]PB[{}]PW[{}]RE[{}]",
            o.size,
            o.komi,
            e[black].name,
            e[1 - black].name,
            result.1
        );
        for (c, m) in &moves {
            let v = vertex_sgf(m, o.size);
            sgf.push_str(&format!(";{}[{}]", c.to_ascii_uppercase(), v));
        }
        sgf.push(')');
        let _ = std::fs::create_dir_all(dir);
        let _ = std::fs::write(format!("{dir}/game-{g:03}.sgf"), sgf);
    }
    Ok(format!(
        "game {g}: engine{} black, {} moves, result {}, {}",
        black + 1,
        moves.len(),
        result.1,
        match result.0 {
            Some(w) => format!("winner engine{}", w + 1),
            None => "draw".to_string(),
        }
    ))
}

/// A GTP vertex as SGF coordinates ("" for a pass).
fn vertex_sgf(v: &str, size: usize) -> String {
    let v = v.to_ascii_uppercase();
    let mut chars = v.chars();
    let Some(letter) = chars.next() else {
        return String::new();
    };
    let Ok(row) = chars.as_str().parse::<usize>() else {
        return String::new();
    };
    if v == "PASS" || row == 0 || row > size {
        return String::new();
    }
    let mut col = letter as usize - 'A' as usize;
    if letter > 'I' {
        col -= 1;
    }
    let r = size - row;
    format!("{}{}", (b'a' + col as u8) as char, (b'a' + r as u8) as char)
}
