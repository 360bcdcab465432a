//! Owl (life-and-death) reading of dragons: `owl_attack`, `owl_defend`,
//! `owl_does_attack`, `owl_does_defend` and the owl node counter, answered
//! in GNU Go's formats (`0`, or the code and the move: `1 B2`, `2 A1`).

use super::{point_arg, stone_arg, Handler};
use crate::session::Session;
use engine::Pos;

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("owl_attack", |s, a| owl_read(s, a, false)),
    ("owl_defend", |s, a| owl_read(s, a, true)),
    ("owl_does_attack", |s, a| owl_does(s, a, false)),
    ("owl_does_defend", |s, a| owl_does(s, a, true)),
    ("owl_trace", |s, a| {
        let d: i32 = a
            .first()
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| "depth expected".to_string())?;
        s.engine.owl.trace_depth = d;
        Ok(String::new())
    }),
    ("get_owl_node_counter", |s, _| {
        Ok(s.engine.owl.node_counter().to_string())
    }),
    ("reset_owl_node_counter", |s, _| {
        s.engine.owl.reset_node_counter();
        Ok(String::new())
    }),
    ("get_semeai_node_counter", |s, _| {
        Ok(s.engine.owl.semeai_node_counter().to_string())
    }),
    ("reset_semeai_node_counter", |s, _| {
        s.engine.owl.reset_semeai_node_counter();
        Ok(String::new())
    }),
];

/// The stones of the dragon at `p`: from the analysis at stack level 0,
/// else (moves stacked with `trymove`) the string alone.
fn dragon_stones(s: &mut Session, p: Pos) -> Vec<Pos> {
    if s.engine.game.board().stackp() == 0 {
        let an = s.engine.static_analysis();
        if let Some(k) = an.dragons.id(p) {
            return an.dragons.stones(s.engine.game.board(), k);
        }
    }
    s.engine.game.board().stones(p)
}

fn answer(s: &Session, code: u8, mv: Pos) -> String {
    if code == 0 {
        "0".to_string()
    } else if mv.is_pass() {
        format!("{code} PASS")
    } else {
        format!("{code} {}", mv.name(s.engine.game.size()))
    }
}

/// The target of an owl question about the dragon at `p`: its main
/// string, or the string at `p` when that is as big and free.
fn target(s: &Session, stones: &[Pos], p: Pos) -> Pos {
    let b = s.engine.game.board();
    let main = engine::dragon::main_string(b, stones);
    if (b.string_size(p), b.countlib(p)) >= (b.string_size(main), b.countlib(main)) {
        p
    } else {
        main
    }
}

fn owl_read(s: &mut Session, a: &[&str], defend: bool) -> Result<String, String> {
    let p = stone_arg(s, a, 0)?;
    let stones = dragon_stones(s, p);
    let p = target(s, &stones, p);
    let (b, r, owl) = s.engine.board_reader_owl();
    let (code, mv) = if defend {
        owl.defend(b, r, &stones, p)
    } else {
        owl.attack(b, r, &stones, p)
    };
    Ok(answer(s, code, mv))
}

fn owl_does(s: &mut Session, a: &[&str], defend: bool) -> Result<String, String> {
    let m = point_arg(s, a, 0)?;
    let p = stone_arg(s, a, 1)?;
    if s.engine.game.board().color(m) != engine::Color::Empty {
        return Ok("0".to_string());
    }
    let stones = dragon_stones(s, p);
    let p = target(s, &stones, p);
    let (b, r, owl) = s.engine.board_reader_owl();
    let code = if defend {
        owl.does_defend(b, r, &stones, p, m)
    } else {
        owl.does_attack(b, r, &stones, p, m)
    };
    Ok(code.to_string())
}
