//! Capturing races: `analyze_semeai DRAGONA DRAGONB`, answered in GNU Go's
//! format `DEFENSE ATTACK MOVE` — with DRAGONA moving first, whether it
//! survives (wins the race or holds a seki) and whether it captures
//! DRAGONB (each `0` or `1`), and its move (`PASS` when it needs none or
//! has none).

use super::{fail, stone_arg, Handler};
use crate::session::Session;
use engine::dragon::Status;
use engine::owl::semeai::{Pair, Semeai};

pub(super) const COMMANDS: &[(&str, Handler)] = &[("analyze_semeai", analyze_semeai)];

fn analyze_semeai(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let pa = stone_arg(s, a, 0)?;
    let pb = stone_arg(s, a, 1)?;
    let b = s.engine.game.board();
    if b.color(pa) == b.color(pb) {
        return fail("dragons must have opposite colors");
    }
    if b.stackp() > 0 {
        return fail("cannot analyse while trymove stack is not empty");
    }
    let an = s.engine.analysis();
    let (Some(ka), Some(kb)) = (an.dragons.id(pa), an.dragons.id(pb)) else {
        return fail("vertex must not be empty");
    };
    let board = s.engine.game.board();
    let a_stones = an.dragons.stones(board, ka);
    let b_stones = an.dragons.stones(board, kb);
    let alive = |k: usize| an.dragons.all()[k].status == Status::Alive;
    let pair = Pair {
        a_stones: &a_stones,
        b_stones: &b_stones,
        a_alive: alive(ka),
        b_alive: alive(kb),
    };
    let size = s.engine.game.size();
    let (board, reader, owl) = s.engine.board_reader_owl();
    let mut semeai = Semeai::new();
    let Some(r) = semeai.analyze(board, reader, owl, pair) else {
        return fail("vertex must not be empty");
    };
    // GNU Go's answer: with DRAGONA moving first, does it survive, does it
    // capture DRAGONB, and its move.
    let survives = r.a_survives_first();
    let kills = r.a_first == engine::owl::semeai::A_WINS;
    let mv = if r.a_move.is_pass() || !survives {
        "PASS".to_string()
    } else {
        r.a_move.name(size)
    };
    Ok(format!("{} {} {}", u8::from(survives), u8::from(kills), mv))
}
