//! Tactical reading: attack and defence of strings, ladders, liberties after
//! a move, scripted exploration with `trymove`/`tryko`/`popgo`, the reading
//! cache and the node counters. Answers and error messages as GNU Go's.

use super::{fail, point_arg, stone_arg, vertex_list, Handler};
use crate::session::Session;
use engine::reading::WIN;
use engine::{Color, Pos};

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("attack", attack),
    ("defend", defend),
    ("attack_either", attack_either),
    ("defend_both", defend_both),
    ("does_attack", does_attack),
    ("does_defend", does_defend),
    ("ladder_attack", ladder_attack),
    ("connect", connect),
    ("disconnect", disconnect),
    ("get_connection_node_counter", |s, _| {
        Ok(s.engine.reader.connection_node_counter().to_string())
    }),
    ("reset_connection_node_counter", |s, _| {
        s.engine.reader.reset_connection_node_counter();
        Ok(String::new())
    }),
    ("accuratelib", accuratelib),
    ("trymove", |s, a| push_move(s, a, false)),
    ("tryko", |s, a| push_move(s, a, true)),
    ("popgo", popgo),
    ("increase_depths", |s, _| {
        s.engine.reader.modify_depths(1);
        Ok(String::new())
    }),
    ("decrease_depths", |s, _| {
        s.engine.reader.modify_depths(-1);
        Ok(String::new())
    }),
    ("reading_trace", |s, a| {
        let d: i32 = a
            .first()
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| "depth expected".to_string())?;
        s.engine.reader.trace_depth = d;
        Ok(String::new())
    }),
    ("clear_cache", |s, _| {
        // The owl's results too: GNU Go's one table holds both, and a
        // question asked after clear_cache is then read afresh.
        s.engine.reader.clear_cache();
        s.engine.owl.clear_cache();
        Ok(String::new())
    }),
    ("get_reading_node_counter", |s, _| {
        Ok(s.engine.reader.node_counter().to_string())
    }),
    ("reset_reading_node_counter", |s, _| {
        s.engine.reader.reset_node_counter();
        Ok(String::new())
    }),
    ("get_trymove_counter", |s, _| {
        Ok(s.engine.game.board().trymove_counter().to_string())
    }),
    ("reset_trymove_counter", |s, _| {
        s.engine.game.board_mut().reset_trymove_counter();
        Ok(String::new())
    }),
];

/// Commands that change the game need the board back at stack level 0:
/// those that start afresh (`boardsize`, `clear_board`, `loadsgf`) pop the
/// moves tried with `trymove`/`tryko` first, the others are refused while
/// any are on the stack.
pub(crate) fn stack_guard(s: &mut Session, command: &str) -> Result<(), String> {
    if s.engine.game.board().stackp() == 0 {
        return Ok(());
    }
    match command {
        "boardsize" | "clear_board" | "loadsgf" => {
            let b = s.engine.game.board_mut();
            while b.stackp() > 0 {
                b.popgo();
            }
            Ok(())
        }
        "genmove" | "genmove_black" | "genmove_white" | "reg_genmove" | "kgs-genmove_cleanup" => {
            fail("genmove cannot be called when stackp > 0")
        }
        "undo" | "gg-undo" => fail("cannot undo"),
        "play"
        | "black"
        | "white"
        | "fixed_handicap"
        | "place_free_handicap"
        | "set_free_handicap" => fail("cannot play while trymove stack is not empty (popgo first)"),
        _ => Ok(()),
    }
}

/// `code` or `code move` (GNU Go prints `PASS` for a success without a move).
fn code_and_move(s: &Session, code: u8, mv: Pos) -> String {
    if code == 0 {
        "0".to_string()
    } else {
        format!("{code} {}", mv.name(s.engine.game.size()))
    }
}

fn attack(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = stone_arg(s, a, 0)?;
    let (b, r) = s.engine.board_and_reader();
    let (code, mv) = r.attack(b, p);
    Ok(code_and_move(s, code, mv))
}

fn defend(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = stone_arg(s, a, 0)?;
    let (b, r) = s.engine.board_and_reader();
    let (code, mv) = r.find_defense(b, p);
    Ok(code_and_move(s, code, mv))
}

/// Two string arguments of the same colour.
fn two_strings(s: &Session, a: &[&str]) -> Result<(Pos, Pos), String> {
    let p = point_arg(s, a, 0)?;
    let q = point_arg(s, a, 1)?;
    let b = s.engine.game.board();
    if !b.color(p).is_stone() || !b.color(q).is_stone() {
        return fail("string vertex must not be empty");
    }
    if b.color(p) != b.color(q) {
        return fail("strings must have the same color");
    }
    Ok((p, q))
}

/// The two string arguments of `connect`/`disconnect`: stones of one
/// colour (GNU Go's error messages).
fn connection_strings(s: &Session, a: &[&str]) -> Result<(Pos, Pos), String> {
    let p = stone_arg(s, a, 0)?;
    let q = stone_arg(s, a, 1)?;
    let b = s.engine.game.board();
    if b.color(p) != b.color(q) {
        return fail("vertices must have same color");
    }
    Ok((p, q))
}

/// `connect A B`: can the owner of the strings join them? (`1 PASS` when
/// they are one string.)
fn connect(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let (p, q) = connection_strings(s, a)?;
    let (b, r) = s.engine.board_and_reader();
    let (code, mv) = r.string_connect(b, p, q);
    Ok(code_and_move(s, code, mv))
}

/// `disconnect A B`: can the opponent cut the strings apart?
fn disconnect(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let (p, q) = connection_strings(s, a)?;
    let (b, r) = s.engine.board_and_reader();
    let (code, mv) = r.disconnect(b, p, q);
    Ok(code_and_move(s, code, mv))
}

fn attack_either(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let (p, q) = two_strings(s, a)?;
    let (b, r) = s.engine.board_and_reader();
    Ok(r.attack_either(b, p, q).to_string())
}

fn defend_both(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let (p, q) = two_strings(s, a)?;
    let (b, r) = s.engine.board_and_reader();
    Ok(r.defend_both(b, p, q).to_string())
}

/// A move vertex (must be empty) and a string vertex (must not be).
fn move_and_string(s: &Session, a: &[&str]) -> Result<(Pos, Pos), String> {
    let m = point_arg(s, a, 0)?;
    let p = point_arg(s, a, 1)?;
    let b = s.engine.game.board();
    if b.color(m) != Color::Empty {
        return fail("move vertex must be empty");
    }
    if !b.color(p).is_stone() {
        return fail("string vertex must not be empty");
    }
    Ok((m, p))
}

fn does_attack(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let (m, p) = move_and_string(s, a)?;
    let (b, r) = s.engine.board_and_reader();
    Ok(r.does_attack(b, m, p).to_string())
}

fn does_defend(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let (m, p) = move_and_string(s, a)?;
    let (b, r) = s.engine.board_and_reader();
    Ok(r.does_defend(b, m, p).to_string())
}

fn ladder_attack(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let p = stone_arg(s, a, 0)?;
    if s.engine.game.board().countlib(p) != 2 {
        return fail("string must have exactly 2 liberties");
    }
    let (b, r) = s.engine.board_and_reader();
    let (code, mv) = r.ladder_attack(b, p);
    debug_assert!(code == 0 || code == WIN);
    Ok(code_and_move(s, code, mv))
}

/// A colour and a vertex, with GNU Go's combined error message.
fn color_and_point(s: &Session, a: &[&str]) -> Result<(Color, Pos), String> {
    let bad = || "invalid color or coordinate".to_string();
    let c = a.first().and_then(|x| Color::parse(x)).ok_or_else(bad)?;
    let p = a
        .get(1)
        .and_then(|x| Pos::parse(x, s.engine.game.size()))
        .ok_or_else(bad)?;
    Ok((c, p))
}

fn accuratelib(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let (c, p) = color_and_point(s, a)?;
    if p.is_pass() {
        return fail("invalid color or coordinate");
    }
    let b = s.engine.game.board();
    if b.color(p) != Color::Empty {
        return fail("vertex must be empty");
    }
    let mut libs = vec![Pos::NONE; b.points().len()];
    let n = b.accuratelib(p, c, usize::MAX, &mut libs);
    libs.truncate(n);
    Ok(vertex_list(s, libs))
}

fn push_move(s: &mut Session, a: &[&str], ko: bool) -> Result<String, String> {
    let (c, p) = color_and_point(s, a)?;
    let b = s.engine.game.board_mut();
    let ok = if ko { b.tryko(p, c) } else { b.trymove(p, c) };
    if ok {
        Ok(String::new())
    } else {
        fail("illegal move")
    }
}

fn popgo(s: &mut Session, _: &[&str]) -> Result<String, String> {
    let b = s.engine.game.board_mut();
    if b.stackp() == 0 {
        return fail("Stack empty.");
    }
    b.popgo();
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use crate::session::Session;
    use crate::GtpEngine;
    use engine::Engine;

    fn gtp() -> GtpEngine {
        GtpEngine::new(Session::new(Engine::new(9, 1)))
    }

    fn ask(g: &mut GtpEngine, line: &str) -> String {
        g.execute(line).unwrap_or_default().trim().to_string()
    }

    #[test]
    fn attack_and_defend_answer_as_gnugo() {
        let mut g = gtp();
        for m in ["play b c3", "play w c4", "play w d3", "play b d4"] {
            assert_eq!(ask(&mut g, m), "=");
        }
        assert_eq!(ask(&mut g, "attack D4"), "= 0");
        assert_eq!(ask(&mut g, "attack A1"), "? vertex must not be empty");
        assert_eq!(ask(&mut g, "attack Z9"), "? invalid coordinate");
        assert_eq!(ask(&mut g, "ladder_attack C3"), "= 0");
        assert_eq!(
            ask(&mut g, "does_attack C3 D4"),
            "? move vertex must be empty"
        );
        assert_eq!(
            ask(&mut g, "does_attack D2 E5"),
            "? string vertex must not be empty"
        );
        assert_eq!(
            ask(&mut g, "accuratelib black C3"),
            "? vertex must be empty"
        );
        assert_eq!(ask(&mut g, "accuratelib black B3"), "= B4 A3 B2 C2");
        assert_eq!(ask(&mut g, "play b e3"), "=");
        assert_eq!(ask(&mut g, "attack D3"), "= 1 D2");
        assert_eq!(ask(&mut g, "defend D3"), "= 1 D2");
    }

    #[test]
    fn clear_cache_empties_the_owl_cache_too() {
        // A white group in the corner with the straight three A1-C1:
        // the owl reads it (critical), and a repeated question is answered
        // from the owl's cache without a node.
        let mut g = gtp();
        for m in [
            "play w a2",
            "play w b2",
            "play w c2",
            "play w d2",
            "play w d1",
            "play b a3",
            "play b b3",
            "play b c3",
            "play b d3",
            "play b e3",
            "play b e2",
            "play b e1",
        ] {
            assert_eq!(ask(&mut g, m), "=");
        }
        let nodes = |g: &mut GtpEngine| {
            ask(g, "reset_owl_node_counter");
            let r = ask(g, "owl_attack A2");
            let n: u64 = ask(g, "get_owl_node_counter")[2..].parse().unwrap();
            (r, n)
        };
        let (first, n1) = nodes(&mut g);
        assert_eq!(first, "= 1 B1");
        assert!(n1 > 0);
        assert_eq!(nodes(&mut g), (first.clone(), 0));
        assert_eq!(ask(&mut g, "clear_cache"), "=");
        assert_eq!(nodes(&mut g), (first, n1));
    }

    #[test]
    fn trymove_stack_and_other_commands() {
        let mut g = gtp();
        assert_eq!(ask(&mut g, "popgo"), "? Stack empty.");
        assert_eq!(ask(&mut g, "trymove black E5"), "=");
        assert_eq!(ask(&mut g, "trymove black E5"), "? illegal move");
        assert_eq!(ask(&mut g, "trymove E6"), "? invalid color or coordinate");
        assert_eq!(ask(&mut g, "countlib E5"), "= 4");
        assert_eq!(
            ask(&mut g, "play black A1"),
            "? cannot play while trymove stack is not empty (popgo first)"
        );
        assert_eq!(
            ask(&mut g, "genmove black"),
            "? genmove cannot be called when stackp > 0"
        );
        assert_eq!(ask(&mut g, "undo"), "? cannot undo");
        assert_eq!(ask(&mut g, "tryko white F5"), "=");
        assert_eq!(ask(&mut g, "get_trymove_counter"), "= 2");
        assert_eq!(ask(&mut g, "popgo"), "=");
        // clear_board pops the rest of the stack first.
        assert_eq!(ask(&mut g, "clear_board"), "=");
        assert_eq!(ask(&mut g, "popgo"), "? Stack empty.");
        assert_eq!(ask(&mut g, "play black A1"), "=");
        assert_eq!(ask(&mut g, "reset_trymove_counter"), "=");
        assert_eq!(ask(&mut g, "reset_reading_node_counter"), "=");
        assert_eq!(ask(&mut g, "get_reading_node_counter"), "= 0");
        assert_eq!(ask(&mut g, "clear_cache"), "=");
    }
}
