//! Tests of the compiled databases and of the matchers.

use super::matcher::{scan_dfa, scan_index, Scan};
use super::*;
use crate::board::Board;
use crate::point::Color;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random position: each point empty, black or white.
fn random_board(size: usize, density: f64, rng: &mut SmallRng) -> Board {
    let mut b = Board::new(size);
    for i in 0..size {
        for j in 0..size {
            if rng.gen_bool(density) {
                let c = if rng.gen_bool(0.5) {
                    Color::Black
                } else {
                    Color::White
                };
                b.set_stone(Pos::new(i, j), c);
            }
        }
    }
    b
}

/// The brute-force matcher: every orientation at every point, each cell
/// read from the board by coordinates.
fn brute(db: &Database, board: &Board, color: Color) -> Vec<(u32, Pos)> {
    let n = board.size() as i32;
    let value = |r: i32, c: i32| -> u8 {
        if r < 0 || c < 0 || r >= n || c >= n {
            return 3;
        }
        match board.color(Pos::new(r as usize, c as usize)) {
            Color::Empty => 0,
            x if x == color => 1,
            _ => 2,
        }
    };
    let mut out = Vec::new();
    for (id, o) in db.oriented.iter().enumerate() {
        for &p in board.points() {
            let ok = o.cells.iter().all(|&(d, m)| {
                let (dr, dc) = matcher::cell_offset(d);
                m & (1 << value(p.row() as i32 + dr, p.col() as i32 + dc)) != 0
            });
            if ok {
                out.push((id as u32, p));
            }
        }
    }
    out.sort_unstable();
    out
}

#[test]
fn matchers_agree_with_brute_force_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut found = 0;
    for round in 0..60 {
        let size = [5, 7, 9, 13, 19][round % 5];
        let density = [0.1, 0.3, 0.5, 0.8][round % 4];
        let board = random_board(size, density, &mut rng);
        for &db in DATABASES {
            for color in [Color::Black, Color::White] {
                let want = brute(db, &board, color);
                let scan = Scan::new(&board, color);
                let mut got = Vec::new();
                scan_dfa(db, &scan, board.points(), |id, p| got.push((id, p)));
                got.sort_unstable();
                assert_eq!(got, want, "DFA of {} on {size}x{size}", db.name);
                let mut got = Vec::new();
                scan_index(db, &scan, board.points(), |id, p| got.push((id, p)));
                got.sort_unstable();
                assert_eq!(got, want, "index of {} on {size}x{size}", db.name);
                found += want.len();
            }
        }
    }
    assert!(found > 0, "random positions matched nothing at all");
}

#[test]
fn orientations_are_the_eight_symmetries_of_the_first() {
    for &db in DATABASES {
        let mut k = 0;
        while k < db.oriented.len() {
            let first = &db.oriented[k];
            let base: Vec<(i32, i32, u8)> = {
                let mut v: Vec<_> = first
                    .cells
                    .iter()
                    .map(|&(d, m)| {
                        let (r, c) = matcher::cell_offset(d);
                        (r, c, m)
                    })
                    .collect();
                v.sort_unstable();
                v
            };
            let images: Vec<Vec<(i32, i32, u8)>> = (0..8)
                .map(|t| {
                    let mut v: Vec<_> = base
                        .iter()
                        .map(|&(r, c, m)| {
                            let (r, c) = eyes_transform(t, r, c);
                            (r, c, m)
                        })
                        .collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            let mut j = k;
            let mut generated = Vec::new();
            while j < db.oriented.len() && db.oriented[j].pattern == first.pattern {
                let mut cells: Vec<_> = db.oriented[j]
                    .cells
                    .iter()
                    .map(|&(d, m)| {
                        let (r, c) = matcher::cell_offset(d);
                        (r, c, m)
                    })
                    .collect();
                cells.sort_unstable();
                assert!(
                    images.contains(&cells),
                    "{}: orientation {j} is no symmetry of the first",
                    db.patterns[first.pattern as usize].name
                );
                generated.push(cells);
                j += 1;
            }
            // Every image of the first is generated.
            for im in &images {
                assert!(
                    generated.contains(im),
                    "{}: an orientation is missing",
                    db.patterns[first.pattern as usize].name
                );
            }
            k = j;
        }
    }
}

fn eyes_transform(t: usize, r: i32, c: i32) -> (i32, i32) {
    let m = [
        (false, false, false),
        (true, false, true),
        (false, true, true),
        (true, true, false),
        (false, false, true),
        (false, true, false),
        (true, false, false),
        (true, true, true),
    ][t];
    let (r, c) = if m.0 { (c, r) } else { (r, c) };
    (if m.1 { -r } else { r }, if m.2 { -c } else { c })
}

/// An eye space drawn as rows (`?` outside), shifted to (`r0`, `c0`).
fn space(rows: &[&str], r0: i32, c0: i32) -> Vec<(i32, i32, char)> {
    let mut v = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        for (j, ch) in r.chars().enumerate() {
            if ch != '?' {
                v.push((i as i32 + r0, j as i32 + c0, ch));
            }
        }
    }
    v
}

#[test]
fn every_eye_space_is_found_in_every_orientation() {
    assert!(EYE_SPACES.len() > 500, "eyes.db is missing or small");
    for e in EYE_SPACES {
        let pts = eyes::entry_points(e);
        for t in 0..8 {
            let moved: Vec<(i32, i32, char)> = pts
                .iter()
                .map(|&(r, c, k)| {
                    let (r, c) = eyes_transform(t, r, c);
                    (r + 7, c - 3, k)
                })
                .collect();
            let v = eyes::lookup(&moved).unwrap_or_else(|| panic!("{} not found", e.name));
            assert_eq!(v.entry.name, e.name);
            // Vital points come back on points of the space.
            for p in v.attack.iter().chain(&v.defend) {
                assert!(moved.iter().any(|q| (q.0, q.1) == *p), "{}", e.name);
            }
        }
    }
}

#[test]
fn well_known_eye_shapes() {
    // (shape, min, max, attack points, a defence point), checked by hand.
    type Case<'a> = (&'a [&'a str], u8, u8, &'a [(i32, i32)], Option<(i32, i32)>);
    let cases: &[(&str, Case)] = &[
        ("one point", (&["."], 1, 1, &[], None)),
        ("two points", (&[".."], 1, 1, &[], None)),
        ("straight three", (&["..."], 1, 2, &[(0, 1)], Some((0, 1)))),
        ("bent three", (&["..", ".?"], 1, 2, &[(0, 0)], Some((0, 0)))),
        ("straight four", (&["...."], 2, 2, &[], None)),
        ("bent four", (&["...", "??."], 2, 2, &[], None)),
        ("square four", (&["..", ".."], 1, 1, &[], None)),
        (
            "pyramid four",
            (&["...", "?.?"], 1, 2, &[(0, 1)], Some((0, 1))),
        ),
        (
            "bulky five",
            (&["..?", "..."], 1, 2, &[(1, 1)], Some((1, 1))),
        ),
        (
            "crossed five",
            (&["?.?", "...", "?.?"], 1, 2, &[(1, 1)], Some((1, 1))),
        ),
        (
            "rabbity six",
            (&["?.?", "...", "?.."], 1, 2, &[(1, 1)], Some((1, 1))),
        ),
        ("rectangular six", (&["...", "..."], 2, 2, &[], None)),
        ("straight five", (&["....."], 2, 2, &[], None)),
        // The margin cannot be an eye and splitting leaves it beside the eye.
        (
            "three with a margin at the end",
            (&["!.."], 1, 1, &[], None),
        ),
    ];
    for (name, (rows, min, max, attack, defend)) in cases {
        for (r0, c0) in [(0, 0), (4, 9)] {
            let v = eyes::lookup(&space(rows, r0, c0)).unwrap_or_else(|| panic!("{name}"));
            assert_eq!((v.min, v.max), (*min, *max), "{name}");
            if !attack.is_empty() {
                let want: Vec<(i32, i32)> = attack.iter().map(|&(r, c)| (r + r0, c + c0)).collect();
                assert_eq!(v.attack, want, "{name}");
            }
            if let Some((r, c)) = defend {
                assert!(
                    v.defend.contains(&(r + r0, c + c0)),
                    "{name}: {:?}",
                    v.defend
                );
            }
        }
    }
}

#[test]
fn remembered_eye_values_are_the_computed_ones() {
    // The memories of `lookup` and `solve` answer a second call exactly as
    // the first, for spaces asked in other places and orientations too.
    let shapes: &[&[&str]] = &[
        &["..."],
        &["X..", "?.."],
        &["!..", ".x."],
        &["....", "?!?."],
    ];
    for rows in shapes {
        for (r0, c0) in [(0, 0), (4, 9), (0, 0)] {
            let pts = space(rows, r0, c0);
            let found = eyes::lookup(&pts);
            let again = eyes::lookup(&pts);
            assert_eq!(
                found
                    .as_ref()
                    .map(|v| (v.entry.name, v.min, v.max, v.attack.clone())),
                again
                    .as_ref()
                    .map(|v| (v.entry.name, v.min, v.max, v.attack.clone()))
            );
            assert_eq!(eyes::solve(&pts, None), ::patterns::eyes::solve(&pts));
            assert_eq!(eyes::solve(&pts, None), ::patterns::eyes::solve(&pts));
            let walls: Vec<bool> = pts.iter().map(|p| p.0 != r0).collect();
            let direct = ::patterns::eyes::solve_with_walls(&pts, &walls);
            assert_eq!(eyes::solve(&pts, Some(&walls)), direct);
            assert_eq!(eyes::solve(&pts, Some(&walls)), direct);
        }
    }
}

#[test]
fn every_fuseki_position_is_found_in_every_orientation() {
    assert!(!FUSEKI.is_empty(), "no fuseki database");
    let mut rng = SmallRng::seed_from_u64(3);
    for e in FUSEKI.iter().step_by(7) {
        let n = e.size as usize;
        let t = rng.gen_range(0..8);
        let mut b = Board::new(n);
        let place = |code: usize| -> Pos {
            let (r, c) = (code / n, code % n);
            let (r, c) = eyes_transform(t, r as i32 - 9, c as i32 - 9);
            Pos::new((r + 9) as usize, (c + 9) as usize)
        };
        for &s in e.stones {
            let color = if s % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            b.set_stone(place(s as usize / 2), color);
        }
        let moves = fuseki::moves(&b, Color::White);
        assert!(!moves.is_empty(), "position not found");
        for m in e.moves {
            let p = place(m.point as usize);
            assert!(moves.iter().any(|x| x.0 == p), "{} not proposed", m.name);
        }
        for (p, _, _) in &moves {
            assert_eq!(b.color(*p), Color::Empty);
        }
    }
}

#[test]
fn the_empty_board_opens_in_a_corner() {
    let b = Board::new(19);
    let moves = fuseki::moves(&b, Color::Black);
    assert!(!moves.is_empty());
    let (p, _, _) = moves[0];
    let line = |x: usize| x.min(18 - x);
    assert!((2..=3).contains(&line(p.row())) && (2..=3).contains(&line(p.col())));
}

/// A 19x19 game with `stones` (SGF letters, black first, alternating).
fn game_of(stones: &[&str]) -> crate::game::Game {
    let mut g = crate::game::Game::new(19);
    for (k, s) in stones.iter().enumerate() {
        let b = s.as_bytes();
        let p = Pos::new((b[1] - b'a') as usize, (b[0] - b'a') as usize);
        let c = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        g.play(c, p).unwrap();
    }
    g
}

#[test]
fn genmove_opens_from_the_fuseki_database() {
    use crate::genmove::{genmove_with, GenMode};
    use crate::reading::Reader;
    let mut rng = SmallRng::seed_from_u64(5);
    let mut reader = Reader::new(10, 1.0);
    let mut g = game_of(&[]);
    let opts = PatternOptions::default();
    let m = genmove_with(
        &mut g,
        &mut reader,
        Color::Black,
        GenMode::Normal,
        &opts,
        &crate::owl::OwlOverrides::default(),
        &mut rng,
    );
    let book: Vec<Pos> = fuseki::moves(g.board(), Color::Black)
        .iter()
        .map(|x| x.0)
        .collect();
    assert!(book.contains(&m), "{m:?} is not a fuseki move");
    // Without the opening library no fuseki move is proposed, and genmove
    // still plays a legal move.
    let off = PatternOptions {
        fuseki: false,
        ..opts
    };
    assert!(moves::fuseki_move(g.board(), Color::Black, &off, &mut rng).is_none());
    let no_db = PatternOptions {
        fuseki_db: false,
        ..opts
    };
    assert!(moves::fuseki_move(g.board(), Color::Black, &no_db, &mut rng).is_none());
    let m = genmove_with(
        &mut g,
        &mut reader,
        Color::Black,
        GenMode::Normal,
        &off,
        &crate::owl::OwlOverrides::default(),
        &mut rng,
    );
    assert!(g.is_legal(Color::Black, m) && !m.is_pass());
}

#[test]
fn genmove_follows_joseki_in_a_corner() {
    use crate::genmove::{candidates_with, GenMode};
    use crate::reading::Reader;
    let mut rng = SmallRng::seed_from_u64(5);
    let mut reader = Reader::new(10, 1.0);
    // Black's 4-4 point, White's 3-3 invasion; stones far away keep the
    // whole-board position out of the fuseki database.
    let mut g = game_of(&["dd", "cc", "pp", "pd", "jj", "dp"]);
    let opts = PatternOptions {
        fuseki_db: false,
        ..PatternOptions::default()
    };
    let values = MoveValues::compute(g.board_mut(), &mut reader, Color::Black, &opts);
    let block = Pos::new(2, 3); // D17, the block of the joseki tree
    assert!(values.joseki(block) > 0.0, "no joseki move at D17");
    let best = candidates_with(
        &mut g,
        &mut reader,
        Color::Black,
        GenMode::Normal,
        &opts,
        &crate::owl::OwlOverrides::default(),
        &mut rng,
    )[0]
    .pos;
    assert!(
        values.joseki(best) > 0.0,
        "genmove's best move {best:?} is no joseki move"
    );
    // Without the joseki database the corner has no joseki move.
    let no_joseki = PatternOptions {
        joseki_db: false,
        ..opts
    };
    let values = MoveValues::compute(g.board_mut(), &mut reader, Color::Black, &no_joseki);
    assert_eq!(values.joseki(block), 0.0);
}

#[test]
fn shape_patterns_with_constraints() {
    use crate::reading::Reader;
    let mut reader = Reader::new(10, 1.0);
    // A black stone in atari next to White: capturing it (T1) is found,
    // with its constraint read on the board.
    let mut b = Board::new(9);
    for (r, c, col) in [
        (3, 3, Color::Black),
        (2, 3, Color::White),
        (3, 2, Color::White),
        (4, 3, Color::White),
    ] {
        b.set_stone(Pos::new(r, c), col);
    }
    let db = database("patterns").expect("patterns database");
    let ms = matcher::matches(db, &mut b, Color::White, &mut reader, None);
    assert!(moves::has_move_of_class(&ms, Pos::new(3, 4), class::ATTACK));
    assert!(ms
        .iter()
        .any(|m| m.info().name == "T1" && m.anchor == Pos::new(3, 4)));
    // Seen by Black, no capture of a white stone there.
    let ms = matcher::matches(db, &mut b, Color::Black, &mut reader, None);
    assert!(!ms.iter().any(|m| m.info().name == "T1"));
    assert_eq!(b.stackp(), 0);
}

#[test]
fn enough_patterns() {
    assert!(pattern_count() >= 500, "{}", pattern_count());
    for name in ["patterns", "conn", "joseki"] {
        assert!(database(name).is_some(), "{name} database missing");
    }
}
