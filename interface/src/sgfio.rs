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
    /// Stop before move number `n` (1-based) is played: 1 loads no move.
    MoveNumber(usize),
    /// Stop before the first move at this point; `Pos::PASS` stops before
    /// the first pass.
    Vertex(Pos),
}

impl Until {
    /// Parse a `loadsgf`/`-L` argument on a board of `size` as GNU Go reads
    /// it: a number from 1 up is a move number; anything else is a vertex,
    /// and `0` (like `pass`) names the pass, so `loadsgf FILE 0` stops before
    /// the first pass (the whole game if nobody passed). `None` for text that
    /// is neither.
    pub fn parse(text: &str, size: usize) -> Option<Until> {
        let text = text.trim();
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            // Too many digits for a number: beyond any game's end.
            let n = text.parse::<usize>().unwrap_or(usize::MAX);
            return Some(if n == 0 {
                Until::Vertex(Pos::PASS)
            } else {
                Until::MoveNumber(n)
            });
        }
        Pos::parse(text, size).map(Until::Vertex)
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

/// The komi of a record, or GNU Go's default when it has no `KM`: 5.5, or
/// 0.5 in a handicap game.
pub fn record_komi(record: &GameRecord) -> f32 {
    match record.komi {
        Some(k) => k as f32,
        None if record.handicap >= 1 => 0.5,
        None => 5.5,
    }
}

/// Load `record` into `game` (size, komi, handicap, setup stones, moves) up to
/// `until`, as GNU Go loads one. Returns the colour to move next.
///
/// Moves are replayed as recorded, without the ko and suicide rules (a
/// recorded suicide removes its string). A move on an occupied point ends the
/// loading there, as if `until` pointed at it. Setup stones go only on empty
/// points, and `AE` is ignored: GNU Go 3.8 loads records so, and the
/// regression suites expect its positions.
pub fn load_record(game: &mut Game, record: &GameRecord, until: Until) -> Result<Color, String> {
    let size = record.size as usize;
    if !(engine::point::MIN_BOARD..=engine::point::MAX_BOARD).contains(&size) {
        return Err(format!("unsupported board size {size}"));
    }
    game.set_size(size);
    game.set_komi(record_komi(record));
    game.set_handicap_count(record.handicap as usize);
    let mut to_move = None;
    let mut moves = 0usize;
    let mut saw_setup_black = false;
    for event in &record.events {
        match event {
            Event::Setup { black, white, .. } => {
                // As GNU Go 3.8: AE is not applied, and AB/AW only put
                // stones on empty points.
                for (c, points) in [(Color::Black, black), (Color::White, white)] {
                    for &p in points {
                        let p = sgf_point(p);
                        if game.board().color(p) == Color::Empty {
                            game.setup_stone(c, p);
                            saw_setup_black |= c == Color::Black;
                        }
                    }
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
                if stop || game.play_recorded(c, p).is_err() {
                    game.set_to_move(c);
                    return Ok(c);
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
    rec.komi = Some(game.komi() as f64);
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
    // PL when the side to move is not the one the record implies (the
    // opponent of the last move; black on an empty record), and after setup
    // stones alone.
    let needs_player = match game.last_move() {
        Some((c, _)) => game.to_move() != c.opponent(),
        None => !game.record().is_empty() || game.to_move() != Color::Black,
    };
    if needs_player {
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
    fn until_arguments_read_as_gnu_go_reads_them() {
        assert_eq!(Until::parse("3", 9), Some(Until::MoveNumber(3)));
        assert_eq!(Until::parse("0", 9), Some(Until::Vertex(Pos::PASS)));
        assert_eq!(Until::parse("pass", 9), Some(Until::Vertex(Pos::PASS)));
        assert_eq!(
            Until::parse("c3", 9),
            Some(Until::Vertex(Pos::parse("C3", 9).unwrap()))
        );
        assert_eq!(Until::parse("k3", 9), None);
        assert_eq!(Until::parse("-1", 9), None);
        // `0` stops before the first pass, or loads everything.
        let text = "(;SZ[9]KM[6.5];B[ee];W[cc];B[];W[gg];B[cg])";
        let (g, r) = load(text, Until::parse("0", 9).unwrap());
        assert_eq!((r, g.move_count()), (Ok(Color::Black), 2));
        let (g, r) = load("(;SZ[9];B[ee];W[cc])", Until::parse("0", 9).unwrap());
        assert_eq!((r, g.move_count()), (Ok(Color::Black), 2));
    }

    #[test]
    fn komi_defaults_as_in_gnu_go() {
        assert_eq!(load("(;SZ[9];B[ee])", Until::End).0.komi(), 5.5);
        assert_eq!(load("(;SZ[9]HA[2]AB[cc][gg])", Until::End).0.komi(), 0.5);
        assert_eq!(load("(;SZ[9]KM[0];B[ee])", Until::End).0.komi(), 0.0);
    }

    #[test]
    fn recorded_moves_ignore_ko_and_suicide() {
        // Black takes the ko at C4, white retakes at once at B4, as the
        // record says; then a white suicide at A1.
        let text = "(;SZ[5]KM[0]AB[ba][ab][bc][ad][be]AW[ca][bb][db][cc];B[cb];W[bb];W[ae])";
        let (mut g, r) = load(text, Until::End);
        assert_eq!(r, Ok(Color::Black));
        let at = |v: &str| Pos::parse(v, 5).unwrap();
        assert_eq!(g.board().color(at("B4")), Color::White);
        assert_eq!(g.board().color(at("C4")), Color::Empty);
        assert_eq!(g.board().captured_by(Color::White), 1);
        // W A1 had no liberty: removed, one more prisoner for black.
        assert_eq!(g.board().color(at("A1")), Color::Empty);
        assert_eq!(g.board().captured_by(Color::Black), 2);
        assert!(g.undo());
        assert_eq!(g.board().captured_by(Color::Black), 1);
        assert!(g.undo());
        assert_eq!(g.board().color(at("C4")), Color::Black);
    }

    #[test]
    fn a_move_on_a_stone_ends_the_loading() {
        let (g, r) = load("(;SZ[9];B[ee];W[cc];B[cc];W[gg])", Until::End);
        assert_eq!(r, Ok(Color::Black));
        assert_eq!(g.move_count(), 2);
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
