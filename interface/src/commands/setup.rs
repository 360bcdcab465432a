//! Protocol and game setup: names, board size, komi, handicap, SGF files,
//! level and random seed.

use super::{fail, point_arg, vertex_list, Handler};
use crate::session::Session;
use crate::sgfio::{self, Until};
use engine::handicap::HandicapError;
use engine::point::{MAX_BOARD, MIN_BOARD};
use std::path::Path;

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, _| Ok("2".into())),
    ("name", |_, _| Ok("tesuji".into())),
    ("version", |_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    ("quit", quit),
    ("echo", |_, a| Ok(a.join(" "))),
    ("echo_err", echo_err),
    ("boardsize", boardsize),
    ("query_boardsize", |s, _| {
        Ok(s.engine.game.size().to_string())
    }),
    ("clear_board", clear_board),
    ("komi", komi),
    ("get_komi", |s, _| {
        Ok(format!("{:4.1}", s.engine.game.komi()))
    }),
    ("fixed_handicap", fixed_handicap),
    ("place_free_handicap", place_free_handicap),
    ("set_free_handicap", set_free_handicap),
    ("get_handicap", |s, _| {
        Ok(s.engine.game.handicap().to_string())
    }),
    ("loadsgf", loadsgf),
    ("printsgf", printsgf),
    ("level", level),
    ("set_random_seed", set_random_seed),
    ("get_random_seed", |s, _| Ok(s.engine.seed().to_string())),
];

fn quit(s: &mut Session, _: &[&str]) -> Result<String, String> {
    s.quit = true;
    Ok(String::new())
}

fn echo_err(_: &mut Session, a: &[&str]) -> Result<String, String> {
    let text = a.join(" ");
    eprintln!("{text}");
    Ok(text)
}

fn boardsize(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let n: i64 = a
        .first()
        .and_then(|x| x.parse().ok())
        .ok_or("boardsize not an integer")?;
    let Some(n) = usize::try_from(n)
        .ok()
        .filter(|n| (MIN_BOARD..=MAX_BOARD).contains(n))
    else {
        return fail("unacceptable size");
    };
    s.engine.game.set_size(n);
    s.game_changed();
    Ok(String::new())
}

fn clear_board(s: &mut Session, _: &[&str]) -> Result<String, String> {
    s.engine.game.clear();
    s.game_changed();
    Ok(String::new())
}

fn komi(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let k: f32 = a
        .first()
        .and_then(|x| x.parse().ok())
        .filter(|k: &f32| k.is_finite())
        .ok_or("komi not a float")?;
    s.engine.game.set_komi(k);
    s.game_changed();
    Ok(String::new())
}

fn handicap_error(e: HandicapError) -> String {
    match e {
        HandicapError::Invalid => "invalid handicap",
        HandicapError::BoardNotEmpty => "board not empty",
        HandicapError::RepeatedVertex => "repeated vertex",
    }
    .to_string()
}

fn board_is_empty(s: &Session) -> bool {
    let b = s.engine.game.board();
    b.empty_count() == b.points().len()
}

fn fixed_handicap(s: &mut Session, a: &[&str]) -> Result<String, String> {
    if !board_is_empty(s) {
        return fail("board not empty");
    }
    let n: usize = a
        .first()
        .and_then(|x| x.parse().ok())
        .ok_or("handicap not an integer")?;
    let points = s.engine.game.fixed_handicap(n).map_err(handicap_error)?;
    s.game_changed();
    Ok(vertex_list(s, points))
}

fn place_free_handicap(s: &mut Session, a: &[&str]) -> Result<String, String> {
    if !board_is_empty(s) {
        return fail("board not empty");
    }
    let n: usize = a
        .first()
        .and_then(|x| x.parse().ok())
        .ok_or("handicap not an integer")?;
    let points = s
        .engine
        .game
        .place_free_handicap(n)
        .map_err(handicap_error)?;
    s.game_changed();
    Ok(vertex_list(s, points))
}

fn set_free_handicap(s: &mut Session, a: &[&str]) -> Result<String, String> {
    if !board_is_empty(s) {
        return fail("board not empty");
    }
    let mut points = Vec::new();
    for k in 0..a.len() {
        points.push(point_arg(s, a, k)?);
    }
    let size = s.engine.game.size();
    if points.len() < 2 || points.len() >= size * size {
        return fail("invalid handicap");
    }
    s.engine
        .game
        .place_handicap(&points)
        .map_err(handicap_error)?;
    s.game_changed();
    Ok(String::new())
}

fn loadsgf(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let file = a.first().ok_or("missing filename")?;
    let record = sgfio::read_record(Path::new(file))
        .map_err(|_| format!("cannot open or parse '{file}'"))?;
    let until = match a.get(1) {
        None => Until::End,
        Some(arg) => Until::parse(arg, record.size as usize)
            .ok_or_else(|| format!("invalid move number or vertex '{arg}'"))?,
    };
    let next = sgfio::load_record(&mut s.engine.game, &record, until)?;
    s.game_changed();
    Ok(next.name().to_string())
}

fn printsgf(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let text = s.sgf_text();
    match a.first() {
        Some(file) => {
            std::fs::write(file, text).map_err(|e| format!("cannot write '{file}': {e}"))?;
            Ok(String::new())
        }
        None => Ok(text.trim_end().to_string()),
    }
}

fn level(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let l: i32 = a
        .first()
        .and_then(|x| x.parse().ok())
        .ok_or("level not an integer")?;
    s.engine.config.level = l;
    Ok(String::new())
}

fn set_random_seed(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let seed: u64 = a
        .first()
        .and_then(|x| {
            x.parse::<i64>()
                .ok()
                .map(|v| v as u64)
                .or_else(|| x.parse::<u64>().ok())
        })
        .ok_or("invalid seed")?;
    s.engine.set_seed(seed);
    Ok(String::new())
}
