//! The GTP command table. Each module holds one family of commands; each
//! command is a function from the session and the arguments to the answer
//! text or an error message, worded as GNU Go words them.

use crate::session::Session;
use engine::{Color, Pos};

pub(crate) use reading::stack_guard;

mod dragons;
mod game;
pub mod mc;
mod owl;
pub mod patterns;
mod query;
mod reading;
mod semeai;
mod setup;
mod time;

/// A command implementation.
pub type Handler = fn(&mut Session, &[&str]) -> Result<String, String>;

/// Every command, sorted by name (`list_commands`, `help` and
/// `known_command` are answered by the GTP layer itself and listed here too).
pub fn table() -> Vec<(&'static str, Handler)> {
    let mut t: Vec<(&'static str, Handler)> = Vec::new();
    t.extend_from_slice(setup::COMMANDS);
    t.extend_from_slice(game::COMMANDS);
    t.extend_from_slice(query::COMMANDS);
    t.extend_from_slice(patterns::COMMANDS);
    t.extend_from_slice(reading::COMMANDS);
    t.extend_from_slice(dragons::COMMANDS);
    t.extend_from_slice(owl::COMMANDS);
    t.extend_from_slice(semeai::COMMANDS);
    t.extend_from_slice(time::COMMANDS);
    t.extend_from_slice(mc::COMMANDS);
    let builtin: Handler = |_, _| Err("handled by the protocol layer".to_string());
    t.push(("help", builtin));
    t.push(("known_command", builtin));
    t.push(("list_commands", builtin));
    t.sort_by_key(|(n, _)| *n);
    debug_assert!(t.windows(2).all(|w| w[0].0 != w[1].0), "duplicate command");
    t
}

/// An error answer.
pub(crate) fn fail<T>(msg: &str) -> Result<T, String> {
    Err(msg.to_string())
}

/// Parse a colour argument.
pub(crate) fn color_arg(args: &[&str], k: usize) -> Result<Color, String> {
    args.get(k)
        .and_then(|a| Color::parse(a))
        .ok_or_else(|| "invalid color".to_string())
}

/// Parse a vertex argument that must be a board point (not a pass).
pub(crate) fn point_arg(s: &Session, args: &[&str], k: usize) -> Result<Pos, String> {
    args.get(k)
        .and_then(|a| Pos::parse(a, s.engine.game.size()))
        .filter(|p| !p.is_pass())
        .ok_or_else(|| "invalid coordinate".to_string())
}

/// Parse a vertex argument that must hold a stone.
pub(crate) fn stone_arg(s: &Session, args: &[&str], k: usize) -> Result<Pos, String> {
    let p = point_arg(s, args, k)?;
    if s.engine.game.board().color(p).is_stone() {
        Ok(p)
    } else {
        fail("vertex must not be empty")
    }
}

/// Vertex names joined by spaces, in board order.
pub(crate) fn vertex_list(s: &Session, points: impl IntoIterator<Item = Pos>) -> String {
    let size = s.engine.game.size();
    let mut v: Vec<Pos> = points.into_iter().collect();
    v.sort_unstable();
    v.iter().map(|p| p.name(size)).collect::<Vec<_>>().join(" ")
}
