//! Between games and SGF records: loading a record into a game (GTP
//! `loadsgf`, `-l/-L`) and writing a game out (`printsgf`, `-o`).

use engine::{Action, Color, Game, Pos};
use sgf::{Event, GameRecord};
use std::path::Path;

/// Where to stop loading a record (GNU Go's `-L` / the `loadsgf` argument).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Until {
    /// Load the whole main line.
    End,
    /// Stop before move number `n` (1-based) is played; 0 means the end.
    MoveNumber(usize),
    /// Stop before the first move at this point.
    Vertex(Pos),
}

impl Until {
    /// Parse a `loadsgf`/`-L` argument on a board of `size`: a move number
    /// or a vertex.
    pub fn parse(text: &str, size: usize) -> Option<Until> {
        if let Ok(n) = text.parse::<usize>() {
            return Some(if n == 0 {
                Until::End
            } else {
                Until::MoveNumber(n)
            });
        }
        Pos::parse(text, size)
            .filter(|p| !p.is_pass())
            .map(Until::Vertex)
    }
}

/// Convert an SGF point to a board point.
pub fn sgf_point(p: sgf::Point) -> Pos {
    Pos::new(p.y as usize, p.x as usize)
}

/// Convert a board point to an SGF point.
pub fn to_sgf_point(p: Pos) -> sgf::Point {
    sgf::Point {
        x: p.col() as u8,
        y: p.row() as u8,
    }
}

fn color_of(c: sgf::Color) -> Color {
    match c {
        sgf::Color::Black => Color::Black,
        sgf::Color::White => Color::White,
    }
}

/// Read the first game of an SGF file.
pub fn read_record(path: &Path) -> Result<GameRecord, String> {
    let collection = sgf::parse_file(path).map_err(|e| e.to_string())?;
    let tree = collection
        .trees
        .first()
        .ok_or_else(|| format!("{}: no game in file", path.display()))?;
    GameRecord::from_tree(tree).map_err(|e| format!("{}: {e}", path.display()))
}

/// Load `record` into `game` (size, komi, handicap, setup stones, moves) up to
/// `until`. Returns the colour to move next. An illegal move in the record
/// stops loading with an error naming it.
pub fn load_record(game: &mut Game, record: &GameRecord, until: Until) -> Result<Color, String> {
    let size = record.size as usize;
    if !(engine::point::MIN_BOARD..=engine::point::MAX_BOARD).contains(&size) {
        return Err(format!("unsupported board size {size}"));
    }
    game.set_size(size);
    game.set_komi(record.komi as f32);
    game.set_handicap_count(record.handicap as usize);
    let mut to_move = None;
    let mut moves = 0usize;
    let mut saw_setup_black = false;
    for event in &record.events {
        match event {
            Event::Setup {
                black,
                white,
                empty,
            } => {
                for &p in empty {
                    game.setup_stone(Color::Empty, sgf_point(p));
                }
                for &p in black {
                    game.setup_stone(Color::Black, sgf_point(p));
                    saw_setup_black = true;
                }
                for &p in white {
                    game.setup_stone(Color::White, sgf_point(p));
                }
            }
            Event::PlayerToMove(c) => to_move = Some(color_of(*c)),
            Event::Move { color, mv } => {
                let c = color_of(*color);
                let p = match mv {
                    sgf::Move::Pass => Pos::PASS,
                    sgf::Move::Play(pt) => sgf_point(*pt),
                };
                let stop = match until {
                    Until::End => false,
                    Until::MoveNumber(n) => moves + 1 >= n,
                    Until::Vertex(v) => v == p,
                };
                if stop {
                    game.set_to_move(c);
                    return Ok(c);
                }
                if game.play(c, p).is_err() {
                    // Records hold moves some rules allowed; put the stone down
                    // as a setup stone rather than fail a whole load.
                    if p.is_pass() || game.board().color(p) != Color::Empty {
                        return Err(format!(
                            "illegal move {} {} at move {}",
                            c.name(),
                            p.name(size),
                            moves + 1
                        ));
                    }
                    game.setup_stone(c, p);
                    game.set_to_move(c.opponent());
                }
                moves += 1;
                to_move = None;
            }
        }
    }
    let next = match to_move {
        Some(c) => c,
        None if moves == 0 && saw_setup_black && record.handicap > 1 => Color::White,
        None => game
            .last_move()
            .map_or(game.to_move(), |(c, _)| c.opponent()),
    };
    game.set_to_move(next);
    Ok(next)
}

/// A record of `game`: game info, setup stones and moves.
pub fn game_record(game: &Game, black_name: Option<&str>, white_name: Option<&str>) -> GameRecord {
    let mut rec = GameRecord::new(game.size() as u8, env!("CARGO_PKG_VERSION"));
    rec.komi = game.komi() as f64;
    rec.handicap = game.handicap() as u32;
    rec.rules = Some(
        match game.rules().scoring {
            engine::Scoring::Territory => "Japanese",
            engine::Scoring::Area => "Chinese",
        }
        .to_string(),
    );
    rec.black_name = black_name.map(str::to_string);
    rec.white_name = white_name.map(str::to_string);
    rec.date = Some(today());
    let mut black = Vec::new();
    let mut white = Vec::new();
    let flush = |rec: &mut GameRecord, black: &mut Vec<sgf::Point>, white: &mut Vec<sgf::Point>| {
        if !black.is_empty() || !white.is_empty() {
            rec.add_stones(black, white);
            black.clear();
            white.clear();
        }
    };
    for action in game.record() {
        match *action {
            Action::Setup(c, p) => match c {
                Color::Black => black.push(to_sgf_point(p)),
                Color::White => white.push(to_sgf_point(p)),
                _ => {
                    flush(&mut rec, &mut black, &mut white);
                    rec.events.push(Event::Setup {
                        black: vec![],
                        white: vec![],
                        empty: vec![to_sgf_point(p)],
                    });
                }
            },
            Action::Move(c, p) => {
                flush(&mut rec, &mut black, &mut white);
                let color = if c == Color::Black {
                    sgf::Color::Black
                } else {
                    sgf::Color::White
                };
                let mv = if p.is_pass() {
                    sgf::Move::Pass
                } else {
                    sgf::Move::Play(to_sgf_point(p))
                };
                rec.play(color, mv);
            }
        }
    }
    flush(&mut rec, &mut black, &mut white);
    if game.move_count() == 0 && !game.record().is_empty() {
        rec.set_player(if game.to_move() == Color::Black {
            sgf::Color::Black
        } else {
            sgf::Color::White
        });
    }
    rec
}

/// Today's date as YYYY-MM-DD (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str, until: Until) -> (Game, Result<Color, String>) {
        let coll = sgf::parse(text.as_bytes()).unwrap();
        let rec = GameRecord::from_tree(&coll.trees[0]).unwrap();
        let mut g = Game::new(19);
        let r = load_record(&mut g, &rec, until);
        (g, r)
    }

    #[test]
    fn until_move_number_and_vertex() {
        let text = "(;SZ[9]KM[6.5];B[ee];W[cc];B[gg];W[cg])";
        let (g, r) = load(text, Until::MoveNumber(3));
        assert_eq!(r, Ok(Color::Black));
        assert_eq!(g.move_count(), 2);
        assert_eq!(g.komi(), 6.5);
        let (g, r) = load(text, Until::Vertex(Pos::parse("G3", 9).unwrap()));
        assert_eq!(r, Ok(Color::Black));
        assert_eq!(g.move_count(), 2);
        let (g, r) = load(text, Until::End);
        assert_eq!(r, Ok(Color::Black));
        assert_eq!(g.move_count(), 4);
        let (_, r) = load(text, Until::MoveNumber(1));
        assert_eq!(r, Ok(Color::Black));
    }

    #[test]
    fn setup_and_player_to_move() {
        let (g, r) = load("(;SZ[9]HA[2]AB[cc][gg])", Until::End);
        assert_eq!(r, Ok(Color::White));
        assert_eq!(g.board().color(Pos::new(2, 2)), Color::Black);
        let (_, r) = load("(;SZ[9]AB[cc]AW[gg]PL[W])", Until::End);
        assert_eq!(r, Ok(Color::White));
        let (_, r) = load("(;SZ[9]AB[cc]AW[gg])", Until::End);
        assert_eq!(r, Ok(Color::Black));
    }

    #[test]
    fn record_round_trips_through_sgf() {
        let mut g = Game::new(9);
        g.set_komi(5.5);
        g.fixed_handicap(2).unwrap();
        for v in ["E5", "C5", "pass", "D4"] {
            let c = g.to_move();
            g.play(c, Pos::parse(v, 9).unwrap()).unwrap();
        }
        let text = game_record(&g, None, None).to_sgf_string();
        let coll = sgf::parse(text.as_bytes()).unwrap();
        let rec = GameRecord::from_tree(&coll.trees[0]).unwrap();
        let mut h = Game::new(19);
        let next = load_record(&mut h, &rec, Until::End).unwrap();
        assert_eq!(next, g.to_move());
        assert_eq!(h.board().stone_hash(), g.board().stone_hash());
        assert_eq!(h.moves().collect::<Vec<_>>(), g.moves().collect::<Vec<_>>());
        assert_eq!(h.handicap(), 2);
    }

    #[test]
    fn today_is_a_date() {
        let t = today();
        assert_eq!(t.len(), 10);
        assert!(t.starts_with("20"));
    }
}
