//! Playing: moves, move generation, undo, and the end of the game.

use super::{color_arg, fail, point_arg, vertex_list, Handler};
use crate::session::Session;
use engine::{Color, FinalStatus, GenMode, Pos};

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("play", play),
    ("black", |s, a| {
        play_color(s, Color::Black, a.first().copied(), "invalid coordinate")
    }),
    ("white", |s, a| {
        play_color(s, Color::White, a.first().copied(), "invalid coordinate")
    }),
    ("genmove", genmove),
    ("genmove_black", |s, _| {
        generate(s, Color::Black, GenMode::Normal, true)
    }),
    ("genmove_white", |s, _| {
        generate(s, Color::White, GenMode::Normal, true)
    }),
    ("reg_genmove", reg_genmove),
    ("kgs-genmove_cleanup", genmove_cleanup),
    ("undo", undo),
    ("gg-undo", gg_undo),
    ("final_score", |s, _| Ok(s.engine.final_score())),
    ("final_status", final_status),
    ("final_status_list", final_status_list),
];

fn play(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let bad = || "invalid color or coordinate".to_string();
    if a.len() < 2 {
        return Err(bad());
    }
    let c = Color::parse(a[0]).ok_or_else(bad)?;
    play_color(s, c, Some(a[1]), "invalid color or coordinate")
}

/// Play `vertex` for `c`; `bad` is the answer to a vertex that is none.
fn play_color(
    s: &mut Session,
    c: Color,
    vertex: Option<&str>,
    bad: &str,
) -> Result<String, String> {
    let size = s.engine.game.size();
    let p = vertex.and_then(|v| Pos::parse(v, size)).ok_or(bad)?;
    s.engine
        .game
        .play(c, p)
        .map_err(|_| "illegal move".to_string())?;
    s.game_changed();
    Ok(String::new())
}

fn generate(s: &mut Session, c: Color, mode: GenMode, play: bool) -> Result<String, String> {
    if s.engine.mc.is_some() {
        return super::mc::generate(s, c, mode, play);
    }
    let size = s.engine.game.size();
    let mv = if play {
        s.engine.genmove(c, mode)
    } else {
        s.engine.choose_move(c, mode)
    };
    if play {
        s.game_changed();
    }
    Ok(mv.name(size))
}

fn genmove(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    generate(s, c, GenMode::Normal, true)
}

/// GNU Go's regression command: the move genmove would choose, not played.
fn reg_genmove(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    generate(s, c, GenMode::Normal, false)
}

fn genmove_cleanup(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    generate(s, c, GenMode::Cleanup, true)
}

fn undo(s: &mut Session, _: &[&str]) -> Result<String, String> {
    if s.engine.game.undo() {
        s.game_changed();
        Ok(String::new())
    } else {
        fail("cannot undo")
    }
}

fn gg_undo(s: &mut Session, a: &[&str]) -> Result<String, String> {
    // As GNU Go: no number (or none readable) means one move.
    let n: usize = match a.first().and_then(|x| x.parse::<i64>().ok()) {
        None => 1,
        Some(k) if k < 0 => return fail("can't undo a negative number of moves"),
        Some(k) => usize::try_from(k).unwrap_or(usize::MAX),
    };
    if n > s.engine.game.moves_since_setup().count() {
        return fail("cannot undo");
    }
    for _ in 0..n {
        s.engine.game.undo();
    }
    s.game_changed();
    Ok(String::new())
}

fn status_name(st: FinalStatus) -> &'static str {
    match st {
        FinalStatus::Alive => "alive",
        FinalStatus::Dead => "dead",
        FinalStatus::Seki => "seki",
    }
}

fn final_status(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = point_arg(s, a, 0)?;
    Ok(match s.engine.final_status(p) {
        Some(st) => status_name(st).to_string(),
        None => "dame".to_string(),
    })
}

fn final_status_list(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let status = match a.first().copied() {
        None => return fail("missing status"),
        Some("alive") => FinalStatus::Alive,
        Some("dead") => FinalStatus::Dead,
        Some("seki") => FinalStatus::Seki,
        Some(_) => return fail("invalid status"),
    };
    let stones = s.engine.final_status_list(status);
    // GNU Go lists one string per line (its stones separated by spaces).
    let b = s.engine.game.board();
    let mut seen = Vec::new();
    let mut lines = Vec::new();
    for p in stones {
        let id = b.string_id(p);
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        lines.push(vertex_list(s, b.stones(p)));
    }
    Ok(lines.join("\n"))
}
