//! The pattern databases at the current position, for debugging (like GNU
//! Go's pattern tracing): which patterns match, where, with what value.
//!
//! * `list_patterns COLOR [VERTEX]`: every pattern of every database that
//!   matches for COLOR (its constraint holding, read with the tactical
//!   reader), one a line: `database name vertex value classes file:line`;
//!   with VERTEX, only those whose move (or anchor) is there. Fuseki moves
//!   of the whole-board position come first, as `fuseki name vertex value`.
//! * `pattern_databases`: what the compiler built, one database a line.

use super::{color_arg, point_arg, Handler};
use crate::session::Session;
use engine::patterns::{self, fuseki, matcher, DATABASES, SUMMARY};
use engine::{Color, Pos};

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("list_patterns", list_patterns),
    ("pattern_databases", |_, _| {
        let mut lines: Vec<String> = SUMMARY.iter().map(|s| s.to_string()).collect();
        lines.push(format!("total: {} patterns", patterns::pattern_count()));
        Ok(lines.join("\n"))
    }),
];

fn list_patterns(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let color = color_arg(a, 0)?;
    let at = if a.len() > 1 {
        Some(point_arg(s, a, 1)?)
    } else {
        None
    };
    Ok(list(s, color, at))
}

/// The pattern listing of `list_patterns` (also `tesuji --list-patterns`).
pub fn list(s: &mut Session, color: Color, at: Option<Pos>) -> String {
    let size = s.engine.game.size();
    let mut lines = Vec::new();
    for (p, value, name) in fuseki::moves(s.engine.game.board(), color) {
        if at.is_none_or(|q| q == p) {
            lines.push(format!("fuseki {name} {} {value}", p.name(size)));
        }
    }
    let (board, reader) = s.engine.board_and_reader();
    for &db in DATABASES {
        let mut found = matcher::matches(db, board, color, reader, at.map(|p| vec![p]).as_deref());
        found.sort_by_key(|m| (m.anchor, m.id));
        for m in found {
            let info = m.info();
            lines.push(format!(
                "{} {} {} {} {} {}:{}",
                db.name,
                info.name,
                m.anchor.name(size),
                info.value,
                info.class_names().join("|"),
                info.file,
                info.line
            ));
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use crate::session::Session;
    use crate::GtpEngine;
    use engine::Engine;

    fn gtp(size: usize) -> GtpEngine {
        GtpEngine::new(Session::new(Engine::new(size, 1)))
    }

    #[test]
    fn lists_the_patterns_of_a_position() {
        let mut g = gtp(19);
        let a = g.execute("list_patterns black").unwrap();
        assert!(a.starts_with("= fuseki F19-"), "{a}");
        assert!(a.contains("joseki Jhoshi1 D16 "), "{a}");
        // A white stone in atari: Black's capture T1 at its liberty.
        for cmd in ["play w k10", "play b k11", "play b j10", "play b l10"] {
            assert!(g.execute(cmd).unwrap().starts_with('='));
        }
        let a = g.execute("list_patterns black K9").unwrap();
        assert!(a.contains("patterns T1 K9 40 attack patterns.db:"), "{a}");
        assert!(
            a.lines()
                .filter(|l| !l.is_empty())
                .all(|l| l.contains(" K9 ")),
            "{a}"
        );
        let a = g.execute("pattern_databases").unwrap();
        assert!(a.contains("patterns:") && a.contains("total:"), "{a}");
    }

    #[test]
    fn bad_arguments_are_errors() {
        let mut g = gtp(9);
        assert_eq!(g.execute("list_patterns").unwrap(), "? invalid color\n\n");
        assert_eq!(
            g.execute("list_patterns black Z99").unwrap(),
            "? invalid coordinate\n\n"
        );
    }
}
