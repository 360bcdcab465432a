//! Worms, dragons and eyes: the analysis of the position as GNU Go's GTP
//! extension commands show it (`worm_data`, `dragon_status`, `eval_eye`,
//! `unconditional_status`, …), with GNU Go's answer formats.

use super::{color_arg, fail, point_arg, stone_arg, Handler};
use crate::session::Session;
use engine::analysis::Analysis;
use engine::dragon::Status;
use engine::optics::EyeKind;
use engine::worm::gnugo_code;
use engine::{Color, Pos};
use std::fmt::Write;
use std::sync::Arc;

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("worm_data", worm_data),
    ("worm_stones", worm_stones),
    ("worm_cutstone", |s, a| {
        let p = stone_arg(s, a, 0)?;
        let an = analysis(s)?;
        Ok(format!(" {}", an.worms.get(p).map_or(0, |w| w.cutstone)))
    }),
    ("dragon_data", dragon_data),
    ("dragon_status", dragon_status),
    ("dragon_stones", dragon_stones),
    ("same_dragon", same_dragon),
    ("eye_data", eye_data),
    ("half_eye_data", half_eye_data),
    ("eval_eye", eval_eye),
    ("showdragons", |s, _| {
        let an = analysis(s)?;
        Ok(crate::dragon_display::dragons(
            s.engine.game.board(),
            &an,
            false,
        ))
    }),
    ("showeyes", |s, _| {
        let an = analysis(s)?;
        Ok(crate::dragon_display::eyes(
            s.engine.game.board(),
            &an,
            false,
        ))
    }),
    ("unconditional_status", |s, a| {
        let p = point_arg(s, a, 0)?;
        let an = analysis(s)?;
        Ok(an.unconditional.status(p).name().to_string())
    }),
];

/// The analysis of the current position; refused while moves are stacked
/// with `trymove` (GNU Go analyses the position at stack level 0).
fn analysis(s: &mut Session) -> Result<Arc<Analysis>, String> {
    if s.engine.game.board().stackp() > 0 {
        return fail("cannot analyse while trymove stack is not empty");
    }
    Ok(s.engine.analysis())
}

fn name(s: &Session, p: Pos) -> String {
    if p.is_pass() {
        "PASS".to_string()
    } else {
        p.name(s.engine.game.size())
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
        _ => "empty",
    }
}

fn line(out: &mut String, width: usize, key: &str, value: impl std::fmt::Display) {
    let _ = writeln!(out, "{key:<width$}{value}");
}

fn worm_text(s: &Session, an: &Analysis, p: Pos) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}:", name(s, p));
    let Some(w) = an.worms.get(p) else {
        return out;
    };
    if !w.color.is_stone() {
        // GNU Go keeps no worm data on empty points: each is its own
        // origin, with every field zero.
        return out + &empty_worm_text(s, an, p);
    }
    line(&mut out, 21, "origin", name(s, w.origin));
    line(&mut out, 21, "color", color_word(w.color));
    line(&mut out, 21, "size", w.size);
    line(
        &mut out,
        21,
        "effective_size",
        format!("{:.2}", w.effective_size),
    );
    line(&mut out, 21, "liberties", w.liberties);
    line(&mut out, 21, "liberties2", w.liberties2);
    line(&mut out, 21, "liberties3", w.liberties3);
    line(&mut out, 21, "liberties4", w.liberties4);
    line(&mut out, 21, "attack_code", gnugo_code(w.attack_code));
    line(&mut out, 21, "attack_point", name(s, w.attack_point));
    line(&mut out, 21, "defense_code", gnugo_code(w.defense_code));
    line(&mut out, 21, "defense_point", name(s, w.defense_point));
    line(&mut out, 21, "lunch", name(s, w.lunch));
    line(&mut out, 21, "cutstone", w.cutstone);
    line(&mut out, 21, "cutstone2", 0);
    line(&mut out, 21, "genus", w.genus);
    line(&mut out, 21, "inessential", u8::from(w.inessential));
    line(
        &mut out,
        21,
        "invincible",
        u8::from(an.unconditional.invincible(p)),
    );
    line(
        &mut out,
        21,
        "unconditional_status",
        unconditional_word(an, p),
    );
    out
}

/// The unconditional status as `worm_data` shows it.
fn unconditional_word(an: &Analysis, p: Pos) -> &'static str {
    use engine::unconditional::Unconditional as U;
    match an.unconditional.status(p) {
        U::Undecided => "unknown",
        u => u.name(),
    }
}

/// `worm_data` of an empty point, as GNU Go answers it.
fn empty_worm_text(s: &Session, an: &Analysis, p: Pos) -> String {
    let mut out = String::new();
    line(&mut out, 21, "origin", name(s, p));
    line(&mut out, 21, "color", "empty");
    line(&mut out, 21, "size", 0);
    line(&mut out, 21, "effective_size", "0.00");
    for key in ["liberties", "liberties2", "liberties3", "liberties4"] {
        line(&mut out, 21, key, 0);
    }
    line(&mut out, 21, "attack_code", 0);
    line(&mut out, 21, "attack_point", "PASS");
    line(&mut out, 21, "defense_code", 0);
    line(&mut out, 21, "defense_point", "PASS");
    line(&mut out, 21, "lunch", "PASS");
    for key in [
        "cutstone",
        "cutstone2",
        "genus",
        "inessential",
        "invincible",
    ] {
        line(&mut out, 21, key, 0);
    }
    line(
        &mut out,
        21,
        "unconditional_status",
        unconditional_word(an, p),
    );
    out
}

fn worm_data(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let one = if a.is_empty() {
        None
    } else {
        Some(point_arg(s, a, 0).map_err(|_| "invalid color or coordinate".to_string())?)
    };
    let an = analysis(s)?;
    let points: Vec<Pos> = match one {
        Some(p) => vec![p],
        None => s.engine.game.board().points().to_vec(),
    };
    let text: String = points.iter().map(|&p| worm_text(s, &an, p)).collect();
    Ok(text.trim_end().to_string())
}

/// Lines of vertices, each followed by a space, as GNU Go prints groups.
fn groups(s: &Session, groups: Vec<Vec<Pos>>) -> String {
    groups
        .iter()
        .map(|g| g.iter().map(|&p| name(s, p) + " ").collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn worm_stones(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let one = if a.is_empty() {
        None
    } else {
        Some(stone_arg(s, a, 0)?)
    };
    let an = analysis(s)?;
    let b = s.engine.game.board();
    let list: Vec<Vec<Pos>> = match one {
        Some(p) => vec![an.worms.points(b, p)],
        None => an
            .worms
            .all()
            .iter()
            .filter(|w| w.color.is_stone())
            .map(|w| an.worms.points(b, w.origin))
            .collect(),
    };
    Ok(groups(s, list))
}

fn dragon_stones(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let one = if a.is_empty() {
        None
    } else {
        let p = point_arg(s, a, 0)?;
        if !s.engine.game.board().color(p).is_stone() {
            return fail("dragon_stones called on an empty vertex");
        }
        Some(p)
    };
    let an = analysis(s)?;
    let b = s.engine.game.board();
    let list: Vec<Vec<Pos>> = match one {
        Some(p) => an
            .dragons
            .id(p)
            .map(|k| vec![an.dragons.stones(b, k)])
            .unwrap_or_default(),
        None => (0..an.dragons.all().len())
            .map(|k| an.dragons.stones(b, k))
            .collect(),
    };
    Ok(groups(s, list))
}

fn status_text(s: &Session, an: &Analysis, k: usize) -> String {
    let d = &an.dragons.all()[k];
    if d.status == Status::Critical {
        format!(
            "critical {} {}",
            name(s, d.attack_point),
            name(s, d.defense_point)
        )
    } else {
        d.status.name().to_string()
    }
}

fn dragon_status(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let one = if a.is_empty() {
        None
    } else {
        Some(stone_arg(s, a, 0)?)
    };
    let an = analysis(s)?;
    match one {
        Some(p) => match an.dragons.id(p) {
            Some(k) => Ok(status_text(s, &an, k)),
            None => fail("vertex must not be empty"),
        },
        None => Ok((0..an.dragons.all().len())
            .map(|k| {
                format!(
                    "{}: {}",
                    name(s, an.dragons.all()[k].origin),
                    status_text(s, &an, k)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

fn same_dragon(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = stone_arg(s, a, 0)?;
    let q = stone_arg(s, a, 1)?;
    let an = analysis(s)?;
    Ok(u8::from(an.dragons.same_dragon(p, q)).to_string())
}

fn dragon_text(s: &Session, an: &Analysis, p: Pos) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}:", name(s, p));
    let Some(k) = an.dragons.id(p) else {
        return out;
    };
    let d = &an.dragons.all()[k];
    let w = 24;
    line(&mut out, w, "color", color_word(d.color));
    line(&mut out, w, "origin", name(s, d.origin));
    line(&mut out, w, "size", d.size);
    line(
        &mut out,
        w,
        "effective_size",
        format!("{:.2}", d.effective_size),
    );
    line(
        &mut out,
        w,
        "genus",
        format!("{0}{0}{1}{1}", d.eyes_min, d.eyes_max),
    );
    line(&mut out, w, "heye", name(s, d.heye));
    line(&mut out, w, "escape_route", d.escape_route);
    line(&mut out, w, "lunch", name(s, d.lunch));
    line(&mut out, w, "status", d.status.name());
    line(&mut out, w, "safety", d.safety());
    line(&mut out, w, "weakness", format!("{:.2}", d.weakness));
    let neighbours: String = d
        .neighbors
        .iter()
        .map(|&n| name(s, an.dragons.all()[n].origin) + " ")
        .collect();
    line(&mut out, w, "neighbors", neighbours);
    line(&mut out, w, "hostile_neighbors", d.neighbors.len());
    line(&mut out, w, "attack_point", name(s, d.attack_point));
    line(&mut out, w, "defense_point", name(s, d.defense_point));
    let strings: String = d.worms.iter().map(|&o| name(s, o) + " ").collect();
    line(&mut out, w, "strings", strings);
    out
}

fn dragon_data(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let one = if a.is_empty() {
        None
    } else {
        Some(point_arg(s, a, 0)?)
    };
    let an = analysis(s)?;
    let text: String = match one {
        Some(p) => dragon_text(s, &an, p),
        None => an
            .dragons
            .all()
            .iter()
            .map(|d| dragon_text(s, &an, d.origin))
            .collect(),
    };
    Ok(text.trim_end().to_string())
}

fn eye_data(s: &mut Session, a: &[&str]) -> Result<String, String> {
    const BAD: &str = "invalid color or coordinate";
    let c = color_arg(a, 0).map_err(|_| BAD.to_string())?;
    let p = point_arg(s, a, 1).map_err(|_| BAD.to_string())?;
    let an = analysis(s)?;
    let mut out = String::new();
    let w = 21;
    match an.eyes.space_at(c, p) {
        Some(e) => {
            let marginal = e.margins.contains(&p);
            let nbrs = |only_margin: bool| {
                p.neighbors()
                    .iter()
                    .filter(|q| e.points.contains(q) && (!only_margin || e.margins.contains(q)))
                    .count()
            };
            line(&mut out, w, "origin", name(s, e.origin));
            line(&mut out, w, "color", color_word(e.color));
            line(&mut out, w, "esize", e.points.len());
            line(&mut out, w, "msize", e.margins.len());
            line(&mut out, w, "value", format!("{0}{0}{1}{1}", e.min, e.max));
            line(&mut out, w, "marginal", u8::from(marginal));
            line(&mut out, w, "neighbors", nbrs(false));
            line(&mut out, w, "marginal_neighbors", nbrs(true));
        }
        None => {
            line(&mut out, w, "origin", "PASS");
            line(&mut out, w, "color", "empty");
            line(&mut out, w, "esize", 0);
            line(&mut out, w, "msize", 0);
            line(&mut out, w, "value", "0000");
            line(&mut out, w, "marginal", 0);
            line(&mut out, w, "neighbors", 0);
            line(&mut out, w, "marginal_neighbors", 0);
        }
    }
    Ok(out.trim_end().to_string())
}

fn half_eye_data(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = point_arg(s, a, 0)?;
    let an = analysis(s)?;
    let h = an
        .eyes
        .half_eye(Color::Black, p)
        .or_else(|| an.eyes.half_eye(Color::White, p));
    let mut out = String::new();
    let w = 21;
    match h {
        Some(h) if h.kind != EyeKind::Proper => {
            line(&mut out, w, "value", format!("{:.2}", h.value));
            let t = if h.kind == EyeKind::HalfEye {
                "HALF_EYE"
            } else {
                "FALSE_EYE"
            };
            line(&mut out, w, "type", t);
            line(&mut out, w, "num_attacks", h.attack_points.len());
            for (i, &q) in h.attack_points.iter().enumerate() {
                line(&mut out, w, &format!("attack_point[{i}]"), name(s, q));
            }
            line(&mut out, w, "num_defenses", h.defense_points.len());
            for (i, &q) in h.defense_points.iter().enumerate() {
                line(&mut out, w, &format!("defense_point[{i}]"), name(s, q));
            }
        }
        Some(h) => {
            line(&mut out, w, "value", format!("{:.2}", h.value));
            line(&mut out, w, "type", 0);
            line(&mut out, w, "num_attacks", 0);
            line(&mut out, w, "num_defenses", 0);
        }
        None => {
            line(&mut out, w, "value", "10.00");
            line(&mut out, w, "type", 0);
            line(&mut out, w, "num_attacks", 0);
            line(&mut out, w, "num_defenses", 0);
        }
    }
    Ok(out.trim_end().to_string())
}

fn eval_eye(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = point_arg(s, a, 0)?;
    let an = analysis(s)?;
    let Some(e) = an.eyes.any_space_at(p) else {
        return Ok("-1".to_string());
    };
    if e.min < e.max {
        Ok(format!(
            "{} {} {} {}",
            e.min,
            e.max,
            name(s, e.attack_point),
            name(s, e.defense_point)
        ))
    } else {
        Ok(format!("{} {}", e.min, e.max))
    }
}

#[cfg(test)]
mod tests {
    use crate::session::Session;
    use crate::GtpEngine;
    use engine::Engine;

    fn gtp(size: usize, moves: &[&str]) -> GtpEngine {
        let mut g = GtpEngine::new(Session::new(Engine::new(size, 1)));
        for m in moves {
            let a = g.execute(m).unwrap();
            assert!(a.starts_with('='), "{m}: {a}");
        }
        g
    }

    fn ask(g: &mut GtpEngine, cmd: &str) -> String {
        g.execute(cmd).unwrap().trim_end().to_string()
    }

    #[test]
    fn dragons_eyes_and_unconditional_status() {
        // Black lives in the corner with eyes at A2 and C2; white A1 is
        // caught in the first eye.
        let mut moves = Vec::new();
        for v in ["A3", "B3", "C3", "D3", "D2", "D1", "B2", "B1"] {
            moves.push(format!("play b {v}"));
        }
        moves.push("play w A1".to_string());
        let refs: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
        let mut g = gtp(9, &refs);
        assert_eq!(ask(&mut g, "same_dragon A3 D1"), "= 1");
        assert_eq!(ask(&mut g, "dragon_status B2"), "= alive");
        assert_eq!(ask(&mut g, "dragon_status A1"), "= dead");
        assert_eq!(ask(&mut g, "unconditional_status B3"), "= alive");
        assert_eq!(ask(&mut g, "unconditional_status A1"), "= dead");
        assert_eq!(ask(&mut g, "unconditional_status C2"), "= black_territory");
        assert_eq!(ask(&mut g, "unconditional_status E7"), "= undecided");
        assert_eq!(ask(&mut g, "eval_eye C2"), "= 1 1");
        assert_eq!(ask(&mut g, "dragon_stones A1"), "= A1");
        assert_eq!(ask(&mut g, "worm_cutstone B3"), "=  0");
        assert_eq!(ask(&mut g, "final_status_list dead"), "= A1");
        let data = ask(&mut g, "worm_data B3");
        assert!(data.starts_with("= B3:\norigin               A3\ncolor                black\nsize                 8"), "{data}");
    }

    #[test]
    fn bad_arguments_are_errors() {
        let mut g = gtp(9, &["play b E5"]);
        assert_eq!(ask(&mut g, "dragon_status z99"), "? invalid coordinate");
        assert_eq!(
            ask(&mut g, "dragon_status A1"),
            "? vertex must not be empty"
        );
        assert_eq!(ask(&mut g, "same_dragon E5"), "? invalid coordinate");
        assert_eq!(ask(&mut g, "eye_data E5"), "? invalid color or coordinate");
        assert_eq!(ask(&mut g, "eval_eye"), "? invalid coordinate");
        assert_eq!(
            ask(&mut g, "dragon_stones A1"),
            "? dragon_stones called on an empty vertex"
        );
        assert_eq!(ask(&mut g, "trymove b A1"), "=");
        assert!(ask(&mut g, "dragon_status E5").starts_with('?'));
        assert_eq!(ask(&mut g, "popgo"), "=");
        assert_eq!(ask(&mut g, "dragon_status E5"), "= alive");
    }
}
