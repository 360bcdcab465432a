//! Questions about the position: legality, stones, liberties, history, the
//! board diagram, timing.

use super::{color_arg, stone_arg, vertex_list, Handler};
use crate::display;
use crate::session::Session;
use engine::{Color, Pos};

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("is_legal", is_legal),
    ("all_legal", all_legal),
    ("list_stones", list_stones),
    ("countlib", |s, a| {
        Ok(s.engine
            .game
            .board()
            .countlib(stone_arg(s, a, 0)?)
            .to_string())
    }),
    ("findlib", |s, a| {
        let p = stone_arg(s, a, 0)?;
        Ok(vertex_list(s, s.engine.game.board().liberties(p)))
    }),
    ("captures", |s, a| {
        Ok(s.engine
            .game
            .board()
            .captured_by(color_arg(a, 0)?)
            .to_string())
    }),
    ("color", color),
    ("last_move", last_move),
    ("move_history", move_history),
    ("showboard", |s, _| {
        Ok(display::showboard(s.engine.game.board(), None))
    }),
    ("cputime", |_, _| Ok(format!("{:.3}", cpu_seconds()))),
];

fn is_legal(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let bad = || "invalid color or coordinate".to_string();
    let c = a.first().and_then(|x| Color::parse(x)).ok_or_else(bad)?;
    let size = s.engine.game.size();
    let p = a.get(1).and_then(|x| Pos::parse(x, size)).ok_or_else(bad)?;
    Ok(if s.engine.game.is_legal(c, p) {
        "1"
    } else {
        "0"
    }
    .to_string())
}

fn all_legal(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    let points: Vec<Pos> = s.engine.game.board().points().to_vec();
    let legal: Vec<Pos> = points
        .into_iter()
        .filter(|&p| s.engine.game.is_legal(c, p))
        .collect();
    Ok(vertex_list(s, legal))
}

fn list_stones(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    let b = s.engine.game.board();
    Ok(vertex_list(
        s,
        b.points().iter().copied().filter(|&p| b.color(p) == c),
    ))
}

fn color(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = super::point_arg(s, a, 0)?;
    Ok(s.engine.game.board().color(p).name().to_string())
}

fn last_move(s: &mut Session, _: &[&str]) -> Result<String, String> {
    let size = s.engine.game.size();
    // As GNU Go: setup stones start a new history.
    match s.engine.game.moves_since_setup().next_back() {
        Some((c, p)) => Ok(format!("{} {}", c.name(), p.name(size))),
        None => Err("no previous move known".to_string()),
    }
}

fn move_history(s: &mut Session, _: &[&str]) -> Result<String, String> {
    let size = s.engine.game.size();
    let lines: Vec<String> = s
        .engine
        .game
        .moves_since_setup()
        .rev()
        .map(|(c, p)| format!("{} {}", c.name(), p.name(size)))
        .collect();
    Ok(lines.join("\n"))
}

/// CPU time used by this process, in seconds.
pub fn cpu_seconds() -> f64 {
    // /proc/self/stat fields 14 and 15: user and system time in clock ticks.
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let Some(rest) = stat.rfind(')').map(|i| &stat[i + 2..]) else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |k: usize| {
        fields
            .get(k)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Field 14 is at index 11 after the state field (index 0 is field 3).
    (ticks(11) + ticks(12)) / 100.0
}
