//! Monte Carlo commands: genmove with the clock when `--monte-carlo` is on,
//! analysis for GoGui (`gogui-analyze_commands` and the commands it lists)
//! and Leela Zero-style `lz-analyze` output for Sabaki and Lizzie.

use super::{color_arg, fail, Handler};
use crate::session::Session;
use engine::mc::{Analysis, Decision, Limits, McParams, MonteCarlo, PatternTable};
use engine::{Color, GenMode, Pos};
use std::time::Duration;

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("gogui-analyze_commands", analyze_commands),
    ("gogui-mc_winrates", |s, a| gfx(s, a, Shown::Winrate)),
    ("gogui-mc_visits", |s, a| gfx(s, a, Shown::Visits)),
    ("gogui-mc_ownership", ownership),
    ("lz-analyze", lz_analyze),
    ("mc_pv", mc_pv),
];

/// The Monte Carlo player the command-line options ask for: `threads`
/// (default all cores), `games_per_level` (default 8000), a compiled-in
/// pattern set by name or a weights file, and no resignation when
/// `never_resign`.
pub fn player(
    threads: Option<usize>,
    games_per_level: Option<u64>,
    patterns: Option<&str>,
    load_patterns: Option<&std::path::Path>,
    never_resign: bool,
) -> Result<MonteCarlo, String> {
    let mut params = McParams::default();
    if let Some(t) = threads {
        if !(1..=256).contains(&t) {
            return Err(format!("--threads {t}: between 1 and 256"));
        }
        params.threads = t;
    }
    if let Some(g) = games_per_level {
        if g == 0 {
            return Err("--mc-games-per-level must be at least 1".to_string());
        }
        params.games_per_level = g;
    }
    if never_resign {
        params.resign_threshold = 0.0;
    }
    let table = match (load_patterns, patterns) {
        (Some(file), _) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("--mc-load-patterns {}: {e}", file.display()))?;
            PatternTable::parse(&text)
                .map_err(|e| format!("--mc-load-patterns {}: {e}", file.display()))?
        }
        (None, Some(name)) => PatternTable::builtin(name)?,
        (None, None) => PatternTable::builtin("mc_3x3")?,
    };
    Ok(MonteCarlo::with_table(params, table))
}

/// Seconds the clock allows for the next move of `c`, if it limits.
fn budget(s: &Session, c: Color) -> Option<f64> {
    let empties = s.engine.game.board().empty_count() as u32;
    // Moves still to play by this player: about half the empty points,
    // fewer on a crowded board.
    s.clock.budget(c, empties / 2)
}

/// `genmove` and friends under `--monte-carlo`: search within the clock's
/// budget and the level's playouts; resign, pass or play.
pub(super) fn generate(
    s: &mut Session,
    c: Color,
    mode: GenMode,
    play: bool,
) -> Result<String, String> {
    let size = s.engine.game.size();
    let seconds = budget(s, c);
    match s.engine.mc_genmove(c, mode, seconds) {
        Decision::Resign => Ok("resign".to_string()),
        Decision::Play(p) => {
            if play {
                s.engine
                    .game
                    .play(c, p)
                    .map_err(|_| "the search chose an illegal move".to_string())?;
                s.game_changed();
            }
            Ok(p.name(size))
        }
    }
}

/// The player to analyse with: the session's, or a default one for an
/// engine started without `--monte-carlo`.
fn ensure_player(s: &mut Session) {
    if s.engine.mc.is_none() {
        s.engine.mc = Some(MonteCarlo::new(McParams::default()));
    }
}

/// Run a search for `c` without playing: the level's playouts.
fn analyse(s: &mut Session, c: Color, progress: Option<engine::mc::Progress<'_>>) -> Analysis {
    let created = s.engine.mc.is_none();
    ensure_player(s);
    let level = s.engine.config.level;
    let seed = s.engine.seed();
    let mc = s.engine.mc.as_mut().expect("a Monte Carlo player");
    let limits = Limits {
        playouts: mc.playouts_for_level(level),
        time: None,
        early_stop: false,
    };
    let a = mc.search(&mut s.engine.game, c, limits, seed, progress);
    if created {
        // Analysis must not turn the classical engine into the MC one.
        s.engine.mc = None;
    }
    a
}

fn analyze_commands(_: &mut Session, _: &[&str]) -> Result<String, String> {
    Ok([
        "gfx/MC win rates/gogui-mc_winrates %c",
        "gfx/MC visits/gogui-mc_visits %c",
        "dboard/MC ownership/gogui-mc_ownership %c",
        "string/MC principal variation/mc_pv %c",
    ]
    .join("\n"))
}

enum Shown {
    Winrate,
    Visits,
}

/// GoGui gfx: a label on each searched move (win rate in percent, or
/// visits), the best move marked, and the variation as text.
fn gfx(s: &mut Session, a: &[&str], shown: Shown) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    let size = s.engine.game.size();
    let an = analyse(s, c, None);
    let mut out = String::from("LABEL");
    for m in an.moves.iter().filter(|m| !m.mv.is_pass()) {
        let text = match shown {
            Shown::Winrate => format!("{:.0}", m.winrate * 100.0),
            Shown::Visits => m.visits.to_string(),
        };
        out.push_str(&format!(" {} {}", m.mv.name(size), text));
    }
    if let Some(best) = an.moves.first() {
        if !best.mv.is_pass() {
            out.push_str(&format!("\nCOLOR green {}", best.mv.name(size)));
        }
        out.push_str(&format!(
            "\nTEXT {} win rate {:.1}% after {} playouts",
            best.mv.name(size),
            best.winrate * 100.0,
            an.playouts
        ));
    }
    Ok(out)
}

/// GoGui dboard: for each point, +1 when black owns it in every playout,
/// −1 when white does.
fn ownership(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0).unwrap_or(s.engine.game.to_move());
    let size = s.engine.game.size();
    let an = analyse(s, c, None);
    let mut rows = Vec::new();
    for i in 0..size {
        let row: Vec<String> = (0..size)
            .map(|j| {
                let o = an.black_ownership[Pos::new(i, j).idx()];
                format!("{:.2}", 2.0 * o - 1.0)
            })
            .collect();
        rows.push(row.join(" "));
    }
    Ok(format!("\n{}", rows.join("\n")))
}

/// The principal variation of the best move, with its win rate.
fn mc_pv(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    let size = s.engine.game.size();
    let an = analyse(s, c, None);
    match an.moves.first() {
        None => fail("no move"),
        Some(m) => Ok(format!(
            "{} ({:.1}%, {} visits)",
            m.pv.iter()
                .map(|p| p.name(size))
                .collect::<Vec<_>>()
                .join(" "),
            m.winrate * 100.0,
            m.visits
        )),
    }
}

/// One `info` line in Leela Zero's format: every searched move, best
/// first, win rate and prior in hundredths of a percent.
pub fn lz_info_line(an: &Analysis, size: usize) -> String {
    let mut parts = Vec::new();
    for (order, m) in an.moves.iter().enumerate() {
        parts.push(format!(
            "info move {} visits {} winrate {} prior {} order {} pv {}",
            m.mv.name(size),
            m.visits,
            (m.winrate * 10000.0).round() as i32,
            (m.prior * 10000.0).round() as i32,
            order,
            m.pv.iter()
                .map(|p| p.name(size))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    parts.join(" ")
}

/// `lz-analyze [colour] [interval]`: search the position for the colour to
/// move (or the one given) for the level's playouts, writing an `info` line
/// every `interval` centiseconds (default 100) and a last one at the end.
/// The lines make up the answer; this engine answers when the search ends
/// rather than streaming until the next command.
fn lz_analyze(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let mut c = s.engine.game.to_move();
    let mut interval = 100u64;
    let mut k = 0;
    if let Some(col) = a.first().and_then(|x| Color::parse(x)) {
        c = col;
        k = 1;
    }
    if let Some(x) = a.get(k) {
        if *x != "interval" {
            interval = x
                .parse()
                .map_err(|_| "interval not an integer".to_string())?;
        } else if let Some(v) = a.get(k + 1) {
            interval = v
                .parse()
                .map_err(|_| "interval not an integer".to_string())?;
        }
    }
    let size = s.engine.game.size();
    let mut lines: Vec<String> = Vec::new();
    let mut report = |an: &Analysis| lines.push(lz_info_line(an, size));
    let every = Duration::from_millis(interval.max(1) * 10);
    analyse(s, c, Some((every, &mut report)));
    Ok(format!("\n{}", lines.join("\n")))
}
