//! Board unit tests: rules, captures, ko, undo, and the incremental strings
//! checked against a recomputation after every move of random games.

use super::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn board_from(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len());
    for (i, r) in rows.iter().enumerate() {
        for (j, ch) in r.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let c = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            b.set_stone(Pos::new(i, j), c);
        }
    }
    b
}

#[test]
fn empty_board_has_no_stones() {
    let b = Board::new(19);
    assert_eq!(b.empty_count(), 361);
    assert_eq!(b.points().len(), 361);
    assert_eq!(b.color(Pos::PASS), Color::Off);
    assert_eq!(b.color(Pos::new(0, 19)), Color::Off);
    assert_eq!(b.color(Pos::new(19, 0)), Color::Off);
}

#[test]
fn single_capture_and_prisoners() {
    let mut b = board_from(&[". X . .", "X O X .", ". . . .", ". . . ."]);
    assert_eq!(b.countlib(Pos::new(1, 1)), 1);
    b.play(Pos::new(2, 1), Color::Black).unwrap();
    assert_eq!(b.color(Pos::new(1, 1)), Color::Empty);
    assert_eq!(b.captured_by(Color::Black), 1);
    assert_eq!(b.captured_by(Color::White), 0);
    b.check_consistency();
}

#[test]
fn suicide_is_illegal_unless_allowed() {
    let mut b = board_from(&[". X .", "X . .", ". . ."]);
    assert_eq!(
        b.check_legal(Pos::new(0, 0), Color::White),
        Err(Illegal::Suicide)
    );
    b.set_suicide_rule(SuicideRule::AllowMulti);
    assert!(
        !b.is_legal(Pos::new(0, 0), Color::White),
        "single-stone suicide"
    );
    b.set_suicide_rule(SuicideRule::AllowAll);
    assert!(b.trymove(Pos::new(0, 0), Color::White));
    assert_eq!(b.color(Pos::new(0, 0)), Color::Empty);
    assert_eq!(b.captured_by(Color::Black), 1);
    b.popgo();
    assert_eq!(b.captured_by(Color::Black), 0);
    b.check_consistency();
}

#[test]
fn ko_is_forbidden_then_allowed_after_a_move_elsewhere() {
    // . X O .
    // X O . O
    // . X O .
    let mut b = board_from(&[
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let ko_take = Pos::new(1, 2);
    b.play(ko_take, Color::Black).unwrap();
    assert_eq!(b.color(Pos::new(1, 1)), Color::Empty);
    assert_eq!(b.ko_point(), Some(Pos::new(1, 1)));
    assert_eq!(
        b.check_legal(Pos::new(1, 1), Color::White),
        Err(Illegal::Ko)
    );
    assert!(b.is_ko_capture(Pos::new(1, 1), Color::White));
    // Black may fill the ko.
    assert!(b.is_legal(Pos::new(1, 1), Color::Black));
    b.play(Pos::new(4, 4), Color::White).unwrap();
    assert_eq!(b.ko_point(), None);
    b.play(Pos::new(3, 3), Color::Black).unwrap();
    assert!(b.is_legal(Pos::new(1, 1), Color::White));
    b.check_consistency();
}

#[test]
fn capture_by_a_connected_stone_is_not_ko() {
    // . O X
    // X X .
    // . . .
    let mut b = board_from(&[". O X", "X X .", ". . ."]);
    b.play(Pos::new(0, 0), Color::Black).unwrap();
    assert_eq!(b.color(Pos::new(0, 1)), Color::Empty);
    assert_eq!(b.ko_point(), None);
    assert!(b.is_legal(Pos::new(0, 1), Color::White) || b.is_suicide(Pos::new(0, 1), Color::White));
    b.check_consistency();
}

#[test]
fn capturing_many_stones_is_not_ko() {
    let mut b = board_from(&[
        "O O O X .",
        "X . O X .",
        "X X O X .",
        ". X X . .",
        ". . . . .",
    ]);
    // The white string of five stones has one liberty left.
    let w = Pos::new(0, 1);
    assert_eq!(b.liberties(w), vec![Pos::new(1, 1)]);
    // Black captures five stones by playing the last liberty.
    b.play(Pos::new(1, 1), Color::Black).unwrap();
    assert_eq!(b.captured_by(Color::Black), 5);
    assert_eq!(b.ko_point(), None);
    b.check_consistency();
}

#[test]
fn trymove_popgo_restores_everything() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut b = Board::new(9);
    for _ in 0..40 {
        let p = b.points()[rng.gen_range(0..81)];
        let c = if rng.gen() {
            Color::Black
        } else {
            Color::White
        };
        let _ = b.play(p, c);
    }
    let before_hash = b.hash();
    let before: Vec<Color> = b.points().iter().map(|&p| b.color(p)).collect();
    let libs: Vec<usize> = b
        .points()
        .iter()
        .filter(|&&p| b.color(p).is_stone())
        .map(|&p| b.countlib(p))
        .collect();
    let mut depth = 0;
    for _ in 0..2000 {
        if depth > 0 && rng.gen_bool(0.45) {
            b.popgo();
            depth -= 1;
            continue;
        }
        let p = b.points()[rng.gen_range(0..81)];
        let c = if rng.gen() {
            Color::Black
        } else {
            Color::White
        };
        if b.trymove(p, c) {
            depth += 1;
        }
    }
    while depth > 0 {
        b.popgo();
        depth -= 1;
    }
    assert_eq!(b.hash(), before_hash);
    let after: Vec<Color> = b.points().iter().map(|&p| b.color(p)).collect();
    assert_eq!(before, after);
    let libs2: Vec<usize> = b
        .points()
        .iter()
        .filter(|&&p| b.color(p).is_stone())
        .map(|&p| b.countlib(p))
        .collect();
    assert_eq!(libs, libs2);
    b.check_consistency();
}

/// Random games on several sizes with a full consistency check after every
/// move and after every undo.
#[test]
fn incremental_strings_match_recomputation() {
    for (seed, size) in [
        (1u64, 5usize),
        (2, 9),
        (3, 13),
        (4, 19),
        (5, 25),
        (6, 2),
        (7, 1),
    ] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut b = Board::new(size);
        let mut c = Color::Black;
        let mut passes = 0;
        for _ in 0..(size * size * 3) {
            if let Some(p) = random_legal_move(&b, c, &mut rng) {
                // Explore a little, undo, then play for real.
                if b.trymove(p, c) {
                    b.check_consistency();
                    // The list of empty points is kept at level 0 only.
                    let q = b
                        .points()
                        .iter()
                        .copied()
                        .find(|&q| b.color(q) == Color::Empty);
                    if let Some(q) = q {
                        if b.trymove(q, c.opponent()) {
                            b.check_consistency();
                            b.popgo();
                        }
                    }
                    b.popgo();
                }
                b.play(p, c).unwrap();
                b.check_consistency();
            } else {
                passes += 1;
                if passes > 2 {
                    break;
                }
            }
            c = c.opponent();
        }
    }
}

#[test]
fn large_strings_keep_exact_liberties() {
    // A long black line across the middle of a 25x25 board has many liberties:
    // more than the list holds. Occupy them one by one.
    let mut b = Board::new(25);
    for j in 0..25 {
        b.play(Pos::new(12, j), Color::Black).unwrap();
    }
    assert_eq!(b.countlib(Pos::new(12, 0)), 50);
    for j in 0..25 {
        b.play(Pos::new(11, j), Color::White).unwrap();
        assert_eq!(b.countlib(Pos::new(12, 0)), 49 - j);
        let mut buf = [Pos::NONE; 4];
        let n = b.findlib(Pos::new(12, 3), &mut buf);
        assert_eq!(n, 49 - j);
        for l in buf {
            assert!(b.is_liberty_of(l, Pos::new(12, 3)));
        }
        b.check_consistency();
    }
    // A white string with many neighbours.
    assert!(b.chainlinks(Pos::new(11, 0)).len() == 1);
    for j in (0..25).step_by(2) {
        b.play(Pos::new(10, j), Color::Black).unwrap();
    }
    assert_eq!(b.chainlinks(Pos::new(11, 0)).len(), 14);
    b.check_consistency();
}

#[test]
fn board_sizes_one_to_twenty_five() {
    for s in 1..=25 {
        let mut b = Board::new(s);
        assert_eq!(b.empty_count(), s * s);
        if s == 1 {
            assert!(!b.is_legal(Pos::new(0, 0), Color::Black));
        } else {
            b.play(Pos::new(0, 0), Color::Black).unwrap();
            assert_eq!(b.countlib(Pos::new(0, 0)), 2);
            b.play(Pos::new(s - 1, s - 1), Color::White).unwrap();
        }
        b.check_consistency();
    }
}

#[test]
fn neighbour_lists_overflow_to_walking() {
    let mut b = Board::new(25);
    for j in 0..25 {
        b.play(Pos::new(12, j), Color::White).unwrap();
    }
    for j in (0..25).step_by(2) {
        b.play(Pos::new(11, j), Color::Black).unwrap();
        b.play(Pos::new(13, j), Color::Black).unwrap();
    }
    assert_eq!(b.chainlinks(Pos::new(12, 5)).len(), 26);
    b.check_consistency();
    // Capture black stones on row 11 with white moves; the white string's
    // neighbour count shrinks and stays exact.
    for j in 0..25 {
        b.play(Pos::new(10, j), Color::White).unwrap();
    }
    for j in (1..25).step_by(2) {
        b.play(Pos::new(11, j), Color::White).unwrap();
        b.check_consistency();
    }
    assert_eq!(b.captured_by(Color::White), 13);
    assert_eq!(b.chainlinks(Pos::new(12, 5)).len(), 13);
}

/// `extension_libs` against the truth: at every liberty of every string
/// of random games on three sizes, the string's colour plays there and
/// the liberties are counted, for the bounds one to eight.
#[test]
fn extension_libs_match_playing_the_move() {
    for (seed, size) in [(21u64, 5usize), (22, 9), (23, 19)] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut b = Board::new(size);
        let mut c = Color::Black;
        for _ in 0..(size * size * 2) {
            let stones: Vec<Pos> = b
                .points()
                .iter()
                .copied()
                .filter(|&p| matches!(b.color(p), Color::Black | Color::White))
                .collect();
            for s in stones {
                let all = b.liberties(s);
                let libs = &all[..all.len().min(8)];
                let own = b.color(s);
                for max in 1..=8 {
                    let mut out = [0u8; 8];
                    b.extension_libs(s, libs, max, &mut out[..libs.len()]);
                    for (k, &l) in libs.iter().enumerate() {
                        let truth = if b.trymove(l, own) {
                            let n = b.liberties(l).len();
                            b.popgo();
                            n
                        } else {
                            // Forbidden (ko, suicide): the count without playing.
                            b.accuratelib(l, own, usize::MAX, &mut [])
                        };
                        assert_eq!(out[k] as usize, truth.min(max), "{s:?} at {l:?}\n{b:?}");
                    }
                }
            }
            let Some(p) = random_legal_move(&b, c, &mut rng) else {
                break;
            };
            b.play(p, c).unwrap();
            c = c.opponent();
        }
    }
}

/// `accuratelib` against the truth: play the move and count. Random games
/// on three sizes; every empty point, both colours, every bound from one
/// to the exact count, and the listed liberties.
#[test]
fn accuratelib_matches_playing_the_move() {
    for (seed, size) in [(11u64, 5usize), (12, 9), (13, 19)] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut b = Board::new(size);
        let mut c = Color::Black;
        for _ in 0..(size * size * 2) {
            let empties: Vec<Pos> = b.empty_points().to_vec();
            for &p in &empties {
                for mover in [Color::Black, Color::White] {
                    if !b.is_legal(p, mover) {
                        continue;
                    }
                    let mut listed = [Pos::NONE; 512];
                    let n = b.accuratelib(p, mover, usize::MAX, &mut listed);
                    assert!(b.trymove(p, mover));
                    let truth = b.liberties(p);
                    b.popgo();
                    assert_eq!(n, truth.len(), "count at {p:?} for {mover:?}\n{b:?}");
                    let mut got = listed[..n].to_vec();
                    got.sort_unstable();
                    assert_eq!(got, truth, "liberties at {p:?} for {mover:?}\n{b:?}");
                    for max in 1..=n + 1 {
                        assert_eq!(b.accuratelib(p, mover, max, &mut []), n.min(max));
                        let mut two = [Pos::NONE; 2];
                        assert_eq!(b.accuratelib(p, mover, max, &mut two), n.min(max));
                    }
                }
            }
            let Some(p) = random_legal_move(&b, c, &mut rng) else {
                break;
            };
            b.play(p, c).unwrap();
            c = c.opponent();
        }
    }
}
