//! Reading on small positions: ladders, nets, snapback, ko, backfilling,
//! edge tactics, the counters and the stack discipline.

use super::*;
use crate::board::Board;

/// A board from rows of `X` (black), `O` (white) and `.`, top row first.
pub(super) fn board(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len());
    for (i, r) in rows.iter().enumerate() {
        for (j, ch) in r.chars().filter(|c| !c.is_whitespace()).enumerate() {
            match ch {
                'X' => b.set_stone(Pos::new(i, j), Color::Black),
                'O' => b.set_stone(Pos::new(i, j), Color::White),
                _ => {}
            }
        }
    }
    b
}

/// The point named `name` (GTP vertex) on `b`.
pub(super) fn at(b: &Board, name: &str) -> Pos {
    Pos::parse(name, b.size()).expect("vertex")
}

fn name(b: &Board, p: Pos) -> String {
    p.name(b.size())
}

#[test]
fn string_in_atari_is_captured() {
    let mut b = board(&[
        ". . . . .",
        ". X O X .",
        ". . X . .",
        ". . . . .",
        ". . . . .",
    ]);
    let mut r = Reader::default();
    let s = at(&b, "C4");
    let (code, mv) = r.attack(&mut b, s);
    assert_eq!((code, name(&b, mv)), (WIN, "C5".to_string()));
    assert_eq!(b.stackp(), 0);
}

const LADDER: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . X O . . . . .",
    ". . . X X . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

#[test]
fn ladder_works_on_an_empty_board() {
    let mut b = board(&LADDER);
    let mut r = Reader::default();
    let s = at(&b, "D4");
    let d5 = at(&b, "D5");
    assert_eq!(r.ladder_attack(&mut b, s), (WIN, d5));
    assert_eq!(r.attack(&mut b, s), (WIN, d5));
    assert_eq!(b.stackp(), 0);
    assert!(r.node_counter() > 0);
    b.check_consistency();
}

#[test]
fn ladder_breaker_saves_the_string() {
    let mut rows = LADDER;
    rows[3] = ". . . . . O . . .";
    let mut b = board(&rows);
    let mut r = Reader::default();
    let s = at(&b, "D4");
    assert_eq!(r.ladder_attack(&mut b, s).0, 0);
    assert_eq!(r.attack(&mut b, s).0, 0);
    assert_eq!(b.stackp(), 0);
}

#[test]
fn corner_string_with_three_liberties_is_captured() {
    let mut b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "X X X X . . . . .",
        "O O O X . . . . .",
        ". . O X . . . . .",
        "X . O X . . . . .",
    ]);
    let mut r = Reader::default();
    let s = at(&b, "C3");
    let (code, mv) = r.attack(&mut b, s);
    assert_eq!(code, WIN);
    assert!(["A2", "B2"].contains(&name(&b, mv).as_str()));
    assert_eq!(r.find_defense(&mut b, s).0, 0);
    let b2 = at(&b, "B2");
    assert_eq!(r.does_attack(&mut b, b2, s), WIN);
}

#[test]
fn ko_capture_is_ko_a() {
    let mut b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". X O . . . . . .",
        "X O . O . . . . .",
        ". X O . . . . . .",
    ]);
    let mut r = Reader::default();
    let s = at(&b, "B2");
    let c2 = at(&b, "C2");
    assert_eq!(r.attack(&mut b, s), (KO_A, c2));
    let c3 = at(&b, "C3");
    assert_eq!(r.attack(&mut b, c3).0, 0);
    // After black takes, white can only retake with a threat.
    assert!(b.trymove(c2, Color::Black));
    let taken = at(&b, "B2");
    assert!(b.is_ko_violation(taken, Color::White));
    let (code, _) = r.attack(&mut b, c2);
    assert_eq!(code, KO_B, "retaking needs a ko threat");
    b.popgo();
    assert_eq!(b.stackp(), 0);
}

#[test]
fn edge_block_captures() {
    let mut b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X X . . . .",
        ". X O O . . . . .",
        ". . . . . . . . .",
    ]);
    let mut r = Reader::default();
    let (c2, e2) = (at(&b, "C2"), at(&b, "E2"));
    assert_eq!(r.attack(&mut b, c2), (WIN, e2));
}

#[test]
fn backfilling_approach() {
    let mut b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "X X X X X . . . .",
        "O O O O X . . . .",
        ". . . O X . . . .",
        ". X . O X . . . .",
    ]);
    let mut r = Reader::default();
    let (d3, b2) = (at(&b, "D3"), at(&b, "B2"));
    assert_eq!(r.attack(&mut b, d3), (WIN, b2));
}

#[test]
fn five_liberties_are_safe_and_defence_needs_no_move() {
    let mut b = board(&[
        ". . . . .",
        ". . . . .",
        ". . X . .",
        ". . X . .",
        ". . . . .",
    ]);
    let mut r = Reader::default();
    let s = at(&b, "C3");
    assert_eq!(b.countlib(s), 6);
    assert_eq!(r.attack(&mut b, s).0, 0);
    assert_eq!(r.find_defense(&mut b, s), (WIN, Pos::NONE));
}

#[test]
fn either_and_both() {
    // Two white stones, each in atari: black can take one; white cannot
    // save both with one move.
    let mut b = board(&[
        ". X O X .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". X O X .",
    ]);
    let mut r = Reader::default();
    let (a, c) = (at(&b, "C5"), at(&b, "C1"));
    assert_eq!(r.attack_either(&mut b, a, c), WIN);
    assert_eq!(r.defend_both(&mut b, a, c), 0);
    assert_eq!(b.stackp(), 0);
}

#[test]
fn cache_answers_repeated_questions() {
    let mut b = board(&LADDER);
    let mut r = Reader::new(10, 1.0);
    let s = at(&b, "D4");
    let first = r.attack(&mut b, s);
    let nodes = r.node_counter();
    assert_eq!(r.attack(&mut b, s), first);
    assert!(r.node_counter() - nodes <= 1, "second question read again");
    r.clear_cache();
    r.reset_node_counter();
    assert_eq!(r.attack(&mut b, s), first);
    assert!(r.node_counter() > 1);
}

#[test]
fn depth_options_override_the_level() {
    let mut r = Reader::new(10, 1.0);
    r.set_overrides(DepthOverrides {
        depth: Some(5),
        ..Default::default()
    });
    assert_eq!(r.params.depth, 5);
    r.set_level(12);
    assert_eq!(r.params.depth, 5);
    assert_eq!(r.params.branch_depth, 15);
}

#[test]
fn accuratelib_counts_merges_and_captures() {
    let b = board(&[
        ". X O . .",
        "X O . . .",
        ". X . . .",
        ". . . . .",
        ". . . . .",
    ]);
    // White A5 captures black B5 (one liberty): B5 is its one liberty.
    let a5 = at(&b, "A5");
    assert_eq!(b.accuratelib(a5, Color::White, 9, &mut []), 1);
    assert!(b.is_self_atari(a5, Color::White));
    // Black C4 captures white B4 (one liberty, C4) and B4 becomes a liberty.
    let c4 = at(&b, "C4");
    let mut libs = [Pos::NONE; 8];
    let n = b.accuratelib(c4, Color::Black, 9, &mut libs);
    let mut names: Vec<String> = libs[..n].iter().map(|&p| name(&b, p)).collect();
    names.sort();
    assert_eq!(names, ["B4", "C3", "D4"]);
}

/// Black C1 in atari: white taking it at D1 is left in atari at C1 with
/// eight stones (a snapback), so white must first capture A2-B2 from A1.
const SNAPBACK: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . O . . . O . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    "X X X X . . . . .",
    "O O O X X X . . .",
    "X X O O O X . . .",
    ". O X . O X . . .",
];

#[test]
fn capture_into_a_snapback_does_not_count() {
    let mut b = board(&SNAPBACK);
    let mut r = Reader::default();
    let (c1, d1, a1) = (at(&b, "C1"), at(&b, "D1"), at(&b, "A1"));
    // Without the snapback check the capture at the liberty would come
    // first.
    assert_eq!(r.attack(&mut b, c1), (WIN, a1), "D1 is taken back");
    assert_eq!(r.find_defense(&mut b, c1), (WIN, d1));
    assert_eq!(b.stackp(), 0);
}

#[test]
fn string_with_two_eyes_needs_no_defence() {
    let mut b = board(&[
        ". . . . . .",
        ". . . . . .",
        ". . . . . .",
        "X X X X X .",
        "O O O O X .",
        ". O . O X .",
    ]);
    let mut r = Reader::default();
    let a2 = at(&b, "A2");
    assert_eq!(r.attack(&mut b, a2).0, 0);
    assert_eq!(r.find_defense(&mut b, a2).0, WIN);
}

/// Questions asked with a cut-off (the caller is satisfied by a ko) store
/// lower bounds: a later question that wants the whole truth must not take
/// them for it. On each position, every string is first read with cut-offs
/// and then fully; the full answers must equal a fresh reader's.
#[test]
fn cut_off_results_do_not_answer_full_questions() {
    let positions: [&[&str]; 2] = [
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . O O . . .",
            ". X O O X X O . .",
            "X O . O X . X O .",
            ". X O . X X O . .",
        ],
        &LADDER,
    ];
    for rows in positions {
        let mut b = board(rows);
        let stones: Vec<Pos> = b
            .points()
            .iter()
            .copied()
            .filter(|&p| b.color(p).is_stone())
            .collect();
        let mut fresh = Reader::default();
        let truth: Vec<((u8, Pos), (u8, Pos))> = stones
            .iter()
            .map(|&s| (fresh.attack(&mut b, s), fresh.find_defense(&mut b, s)))
            .collect();
        let mut r = Reader::default();
        for &s in &stones {
            for enough in [KO_B, KO_A] {
                r.begin(&b);
                let (a, _) = r.do_attack_to(&mut b, s, KoState::NONE, enough);
                let (d, _) = r.do_defend_to(&mut b, s, KoState::NONE, enough);
                assert_eq!(b.stackp(), 0);
                // A cut-off answer never overstates the side's chances.
                let (ta, td) = truth[stones.iter().position(|&x| x == s).unwrap()];
                assert!(rank(a) <= rank(ta.0) && rank(d) <= rank(td.0));
                assert!(rank(a) >= rank(enough).min(rank(ta.0)));
            }
        }
        for (k, &s) in stones.iter().enumerate() {
            assert_eq!(r.attack(&mut b, s).0, truth[k].0 .0, "attack {s:?}");
            assert_eq!(r.find_defense(&mut b, s).0, truth[k].1 .0, "defend {s:?}");
        }
    }
}

/// The komaster's ko is over once its point is filled, or once it is no
/// longer a ko and the other side may not play there: then nobody is
/// komaster. While it is still a ko, the other side may not retake it.
#[test]
fn komaster_ko_ends_when_its_point_closes() {
    let white_master = |b: &Board| KoState {
        master: Color::White,
        kind: ko::KoKind::Plain,
        pos: at(b, "C4"),
    };
    // Still a ko: black C4 would take B4 back. Black may not, and another
    // black move keeps white komaster.
    let mut b = board(&[
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let mut r = Reader::default();
    let ko = white_master(&b);
    let (c4, e1) = (at(&b, "C4"), at(&b, "E1"));
    assert!(r.try_move(&mut b, c4, Color::Black, ko).is_none());
    let (next, cond) = r.try_move(&mut b, e1, Color::Black, ko).expect("legal");
    assert_eq!((next, cond), (ko, false));
    b.popgo();
    // The komaster's ko is over when its point is no longer a ko (B4 has
    // two liberties, so black C4 would be suicide) or is filled.
    for rows in [
        [
            ". X O . .",
            ". O . O .",
            ". X O . .",
            ". . . . .",
            ". . . . .",
        ],
        [
            ". X O . .",
            "X O O O .",
            ". X O . .",
            ". . . . .",
            ". . . . .",
        ],
    ] {
        let mut b = board(&rows);
        let ko = white_master(&b);
        let e1 = at(&b, "E1");
        let (next, _) = r.try_move(&mut b, e1, Color::Black, ko).expect("legal");
        assert_eq!(next, KoState::NONE);
        b.popgo();
        assert_eq!(b.stackp(), 0);
    }
    assert_eq!(b.stackp(), 0);
}

#[test]
fn sibling_streak_counts_repeated_refutations() {
    let b = board(&[". . .", ". . .", ". . ."]);
    let mut r = Reader::default();
    let (p, q) = (at(&b, "A1"), at(&b, "B2"));
    r.begin(&b);
    assert_eq!(r.sibling_refutations(3), 0);
    r.set_sibling_refutation(3, p);
    r.set_sibling_refutation(3, p);
    assert_eq!(r.sibling_refutation(3), p);
    assert_eq!(r.sibling_refutations(3), 2);
    // Another refutation starts a new streak; none clears it.
    r.set_sibling_refutation(3, q);
    assert_eq!(r.sibling_refutations(3), 1);
    r.set_sibling_refutation(3, q);
    r.set_sibling_refutation(3, q);
    assert_eq!(r.sibling_refutations(3), 3);
    r.set_sibling_refutation(3, Pos::NONE);
    assert_eq!(r.sibling_refutations(3), 0);
    // Out of range levels are ignored, never a panic.
    r.set_sibling_refutation(usize::MAX, p);
    assert_eq!(r.sibling_refutations(usize::MAX), 0);
    // A new question forgets the streaks.
    r.set_sibling_refutation(3, q);
    r.begin(&b);
    assert_eq!(r.sibling_refutations(3), 0);
}

/// The threat check's short line: after the defender's pass, black takes
/// one liberty of white C1-D1 and white's extension at the other is
/// suicide (or leaves it in atari to a plain capture): the string falls,
/// as the full search says.
#[test]
fn threat_check_short_line_finds_the_capture() {
    let mut b = board(&[
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". X X X X",
        ". . O O .",
    ]);
    let mut r = Reader::default();
    let s = at(&b, "C1");
    assert!(r.tenuki_captured(&mut b, s, KoState::NONE));
    assert_eq!(b.stackp(), 0);
    assert_eq!(r.attack(&mut b, s).0, WIN);
}

/// No short line where the capture would be a snapback: black B2 puts
/// white B1-C1 in atari, but black's capture at D1 would leave that stone
/// one liberty (C1). The full check must decide.
#[test]
fn threat_check_short_line_leaves_snapbacks_to_the_search() {
    let mut b = board(&[
        ". . . . .",
        ". . . O .",
        "X X X O .",
        "X . X O .",
        "X O O . O",
    ]);
    let r = Reader::default();
    let s = at(&b, "C1");
    assert!(!r.tenuki_captured(&mut b, s, KoState::NONE));
    assert_eq!(b.stackp(), 0);
}

#[test]
fn closed_liberties_need_an_opening_move() {
    // Black's liberties A5 and C5 are suicide for white: closed, and no
    // net or shoring-up move can attack (the two eyes live).
    let mut b = board(&[
        ". X . X O",
        "X X X X O",
        "O O O O O",
        ". . . . .",
        ". . . . .",
    ]);
    let s = at(&b, "B5");
    assert!(Reader::closed_liberties(&b, s, Color::White));
    let mut r = Reader::default();
    assert_eq!(r.attack(&mut b, s).0, 0);
    assert_eq!(b.stackp(), 0);
    // A4 leaves the white stone two liberties: open, and it captures.
    let mut b = board(&[
        ". X O . .",
        ". X O . .",
        ". O . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let s = at(&b, "B5");
    assert!(!Reader::closed_liberties(&b, s, Color::White));
    let mut r = Reader::default();
    assert_eq!(r.attack(&mut b, s).0, WIN);
}

/// Nets against two liberties: a net next to a liberty is tried only
/// where the extension there would have at most three liberties (the net
/// takes one and leaves it in atari's reach). White C4-D4 extends at E4 to
/// four liberties (no net beside E4: E5, F4) and at D3 to three (nets D2
/// and E3 stay).
#[test]
fn nets_against_two_liberties_need_a_short_escape() {
    let b = board(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . X X . . .",
        ". X O O . . .",
        ". . X . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let r = Reader::default();
    let s = at(&b, "C4");
    let mut cand = moves::Moves::default();
    r.attack_nets(&b, s, Color::Black, 2, false, &mut cand);
    for m in ["D2", "E3"] {
        assert!(cand.contains(at(&b, m)), "net {m} missing");
    }
    for m in ["E5", "F4"] {
        assert!(!cand.contains(at(&b, m)), "net {m} beside a wide escape");
    }
}

/// Shoring up against two liberties: white D3-D2 (liberties E3, D1) gets
/// three liberties by extending at either, so shoring up black D4 (D5) or
/// pressing white C4 (B4, C5) gives it the tempo and is not tried. With
/// black F3 the extension at E3 has two liberties and both come back.
#[test]
fn shoring_up_needs_a_target_that_cannot_extend_to_three() {
    let rows = [
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . O X . . .",
        ". . X O . . .",
        ". . X O X . .",
        ". . . . . . .",
    ];
    let b = board(&rows);
    let r = Reader::default();
    let s = at(&b, "D3");
    let mut cand = moves::Moves::default();
    r.attack_nets(&b, s, Color::Black, 2, false, &mut cand);
    for m in ["D5", "B4", "C5"] {
        assert!(
            !cand.contains(at(&b, m)),
            "shoring up {m} against a roomy target"
        );
    }
    let mut b = board(&rows);
    b.set_stone(at(&b, "F3"), Color::Black);
    let mut cand = moves::Moves::default();
    r.attack_nets(&b, s, Color::Black, 2, false, &mut cand);
    for m in ["D5", "B4"] {
        assert!(cand.contains(at(&b, m)), "shoring up {m} missing");
    }
}

/// Shoring up while an attacker string next to the target is in atari:
/// black E2 (liberty E3) is in atari, so white captures it whatever black
/// does elsewhere and white D3-D2 gains a liberty. Shoring up black D4 (D5)
/// or pressing white C4 (B4, C5) leaves that capture open and is not
/// tried; stage 1 saves E2. Without the white stone F2, E2 has two
/// liberties and the shoring-up moves come back.
#[test]
fn no_shoring_up_while_a_neighbour_is_in_atari() {
    let rows = |f2: &str| {
        [
            ". . . . . . .".to_string(),
            ". . . . . . .".to_string(),
            ". . . . . . .".to_string(),
            ". . O X . . .".to_string(),
            ". . X O . X .".to_string(),
            format!(". . X O X {f2} ."),
            ". . . . O X .".to_string(),
        ]
    };
    let r = Reader::default();
    let with = rows("O");
    let b = board(&with.iter().map(String::as_str).collect::<Vec<_>>());
    let s = at(&b, "D3");
    assert_eq!(b.countlib(at(&b, "E2")), 1);
    let mut cand = moves::Moves::default();
    r.attack_nets(&b, s, Color::Black, 2, false, &mut cand);
    for m in ["D5", "B4", "C5"] {
        assert!(
            !cand.contains(at(&b, m)),
            "shoring up {m} while E2 is in atari"
        );
    }
    let without = rows(".");
    let b = board(&without.iter().map(String::as_str).collect::<Vec<_>>());
    let mut cand = moves::Moves::default();
    r.attack_nets(&b, s, Color::Black, 2, false, &mut cand);
    for m in ["D5", "B4"] {
        assert!(cand.contains(at(&b, m)), "shoring up {m} missing");
    }
}

#[test]
fn reply_key_is_guessed_for_a_quiet_move() {
    // The prefetch before a move loads the slot the reply probes: for a
    // move that captures nothing the guessed key is the real one, for the
    // defender's extension (merged into the target) and the attacker's
    // approach alike.
    let mut b = board(&[
        ". . . . .",
        ". X O . .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let s = at(&b, "C4");
    for (m, c, routine) in [
        (at(&b, "C2"), Color::White, Routine::Attack),
        (at(&b, "D4"), Color::Black, Routine::Defend),
    ] {
        let guess = ko::guessed_reply_key(&b, m, c, routine, s, KoState::NONE);
        assert!(b.trymove(m, c));
        let real = Cache::key(b.hash(), routine, b.string_id(s), KoState::NONE.key());
        b.popgo();
        assert_eq!(guess, real, "{}", name(&b, m));
    }
}

/// B2 has two liberties: C2, which white cannot fill (every neighbour is
/// black), and B1, which is a liberty of C2's guard C1 too. White's
/// throw-in at B1 is a self-atari that black takes back at A1: a ko. The
/// reader tries the root's moves only at the root (four moves deep, plain
/// `attack` finds no capture); `attack_as_root` reads the corner four
/// moves deep as at the root and finds the ko (the owl asks so of its
/// goal's strings).
#[test]
fn throw_in_on_a_guard_is_read_at_the_question_root() {
    let mut b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O . . . .",
        ". O X X . O O . .",
        "O X . X X X O . .",
        ". . X . . . . O .",
    ]);
    let mut r = Reader::default();
    let s = at(&b, "B2");
    let root = r.attack(&mut b, s);
    assert_eq!((root.0, name(&b, root.1)), (KO_B, "B1".to_string()));
    // Four moves far away: the same corner, four stack levels down.
    for (m, c) in [
        ("J9", Color::White),
        ("J7", Color::Black),
        ("H9", Color::White),
        ("H7", Color::Black),
    ] {
        let p = at(&b, m);
        assert!(b.trymove(p, c));
    }
    r.clear_cache();
    assert_eq!(r.attack_as_root(&mut b, s).0, root.0);
    for _ in 0..4 {
        b.popgo();
    }
    assert_eq!(b.stackp(), 0);
}
