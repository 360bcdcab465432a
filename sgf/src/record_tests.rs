//! Unit tests of the game record.

use super::*;
use crate::parse;

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn record(input: &str) -> Result<GameRecord, RecordError> {
    GameRecord::from_tree(&parse(input.as_bytes()).unwrap().trees[0])
}

#[test]
fn builds_sgf() {
    let mut r = GameRecord::new(9, "0.1.0");
    r.komi = Some(5.5);
    r.handicap = 2;
    r.black_name = Some("tesuji".into());
    r.white_name = Some("Gnu]Go".into());
    r.result = Some("W+1.5".into());
    r.add_stones(&[p(2, 6), p(6, 2)], &[]);
    r.set_player(Color::White);
    r.play(Color::White, Move::Play(p(4, 4)));
    r.play(Color::Black, Move::Pass);
    r.add_stones(&[], &[p(0, 0)]);
    r.set_player(Color::Black);
    r.play(Color::Black, Move::Play(p(1, 1)));
    let sgf = r.to_sgf_string();
    assert_eq!(
        sgf,
        "(;FF[4]GM[1]CA[UTF-8]AP[tesuji:0.1.0]SZ[9]KM[5.5]HA[2]PB[tesuji]PW[Gnu\\]Go]\n\
         RE[W+1.5]AB[cg][gc]PL[W];W[ee];B[];AW[aa]PL[B];B[bb])\n"
    );
    let back = GameRecord::from_tree(&parse(sgf.as_bytes()).unwrap().trees[0]).unwrap();
    assert_eq!(back, r);
    assert_eq!(
        back.moves().collect::<Vec<_>>(),
        [
            (Color::White, Move::Play(p(4, 4))),
            (Color::Black, Move::Pass),
            (Color::Black, Move::Play(p(1, 1)))
        ]
    );
}

#[test]
fn setup_and_player_placement() {
    let mut r = GameRecord::new(19, "x");
    r.set_player(Color::White);
    r.add_stones(&[p(3, 3)], &[]); // after a PL: a node of its own
    r.add_stones(&[], &[p(4, 4)]); // a second setup: another node
    r.events.push(Event::Setup {
        black: vec![],
        white: vec![],
        empty: vec![],
    }); // dropped
    let tree = r.to_tree();
    assert_eq!(tree.nodes.len(), 3);
    assert!(tree.nodes[0].has("PL") && !tree.nodes[0].has("AB"));
    assert!(tree.nodes[1].has("AB"));
    assert!(tree.nodes[2].has("AW"));
    let back = GameRecord::from_tree(&tree).unwrap();
    r.events.pop();
    assert_eq!(back, r);
}

#[test]
fn reads_main_line_in_order() {
    let r = record(
        "(;GM[1]FF[4]SZ[19]KM[6.5]HA[2]RU[Japanese]PB[Black\\\nName]PW[W]DT[2020-01-01]RE[B+R]\
         AP[CGoban:3]AB[dd][pp];W[pd];B[dp]AE[dd]AW[cc:dd]PL[W]\
         (;W[tt];B[];W[qq])(;W[aa]))",
    )
    .unwrap();
    assert_eq!(r.size, 19);
    assert_eq!(r.komi, Some(6.5));
    assert_eq!(r.handicap, 2);
    assert_eq!(r.rules.as_deref(), Some("Japanese"));
    assert_eq!(r.black_name.as_deref(), Some("BlackName"));
    assert_eq!(r.white_name.as_deref(), Some("W"));
    assert_eq!(r.date.as_deref(), Some("2020-01-01"));
    assert_eq!(r.result.as_deref(), Some("B+R"));
    assert_eq!(r.application, Some(("CGoban".into(), "3".into())));
    assert_eq!(
        r.events,
        vec![
            Event::Setup {
                black: vec![p(3, 3), p(15, 15)],
                white: vec![],
                empty: vec![]
            },
            Event::Move {
                color: Color::White,
                mv: Move::Play(p(15, 3))
            },
            Event::Setup {
                black: vec![],
                white: vec![p(2, 2), p(3, 2), p(2, 3), p(3, 3)],
                empty: vec![p(3, 3)]
            },
            Event::Move {
                color: Color::Black,
                mv: Move::Play(p(3, 15))
            },
            // PL stands after B in its node.
            Event::PlayerToMove(Color::White),
            Event::Move {
                color: Color::White,
                mv: Move::Pass
            },
            Event::Move {
                color: Color::Black,
                mv: Move::Pass
            },
            Event::Move {
                color: Color::White,
                mv: Move::Play(p(16, 16))
            },
        ]
    );
}

#[test]
fn defaults() {
    let r = record("(;;B[aa])").unwrap();
    assert_eq!(r.size, 19);
    assert_eq!(r.komi, None);
    assert_eq!(r.handicap, 0);
    assert_eq!(r.application, None);
    assert_eq!(r.black_name, None);
    assert_eq!(r.moves().count(), 1);
    let r = record("(;KM[]HA[-1]AP[Only])").unwrap();
    assert_eq!((r.komi, r.handicap), (None, 0));
    assert_eq!(r.application, Some(("Only".into(), String::new())));
}

#[test]
fn player_to_move_keeps_its_place_among_the_moves() {
    let pl = |c| Event::PlayerToMove(c);
    let mv = |c, x, y| Event::Move {
        color: c,
        mv: Move::Play(p(x, y)),
    };
    let r = record("(;SZ[5];B[cc]PL[B])").unwrap();
    assert_eq!(r.events, [mv(Color::Black, 2, 2), pl(Color::Black)]);
    let r = record("(;SZ[5];PL[B]B[cc])").unwrap();
    assert_eq!(r.events, [pl(Color::Black), mv(Color::Black, 2, 2)]);
    // Written back, a PL after a move gets a node of its own and stays after.
    let r = record("(;SZ[5];W[cc]PL[W])").unwrap();
    assert_eq!(record(&r.to_sgf_string()).unwrap(), r);
}

#[test]
fn absent_komi_stays_absent() {
    let mut r = GameRecord::new(9, "0.1.0");
    r.komi = None;
    r.play(Color::Black, Move::Play(p(4, 4)));
    let text = r.to_sgf_string();
    assert!(!text.contains("KM"), "{text}");
    assert_eq!(record(&text).unwrap(), r);
    assert_eq!(record("(;KM[0];B[aa])").unwrap().komi, Some(0.0));
}

#[test]
fn tt_is_a_point_on_big_boards() {
    let r = record("(;SZ[25];B[tt];W[])").unwrap();
    assert_eq!(
        r.moves().collect::<Vec<_>>(),
        [
            (Color::Black, Move::Play(p(19, 19))),
            (Color::White, Move::Pass)
        ]
    );
}

#[test]
fn errors() {
    let msg = |s: &str| record(s).unwrap_err().to_string();
    assert!(msg("(;GM[2])").contains("GM[2]"));
    assert!(msg("(;SZ[19:13])").contains("rectangular"));
    assert!(msg("(;SZ[99])").contains("SZ[99]"));
    assert_eq!(
        msg("(;SZ[9];B[jj])"),
        "node 1: invalid move B[jj] on a 9x9 board"
    );
    assert!(msg("(;SZ[9];W[a])").contains("W[a]"));
    assert!(msg("(;SZ[9]AB[aa:jj])").contains("AB[aa:jj]"));
    assert!(msg("(;SZ[9]AW[tt])").contains("AW[tt]"));
    assert!(msg("(;PL[X])").contains("PL[X]"));
}
