use super::*;
use crate::point::Color;
use crate::reading::{KO_A, WIN};

use crate::board::diagram_board as board;

/// The stones connected to `p` through stones of its colour and the
/// empty points of nothing else: for these tests, the dragon is the
/// string of `p` plus its colour's strings touching the same wall.
fn dragon(b: &Board, p: Pos) -> Vec<Pos> {
    let c = b.color(p);
    b.points()
        .iter()
        .copied()
        .filter(|&q| b.color(q) == c && b.same_string(q, p))
        .collect()
}

/// Every stone of colour `c` on the board: the goal of a test whose
/// board holds one dragon of that colour.
fn stones_of(b: &Board, c: Color) -> Vec<Pos> {
    b.points()
        .iter()
        .copied()
        .filter(|&q| b.color(q) == c)
        .collect()
}

/// The board of `rows`, a reader, black's stones as the goal and the
/// goal's evaluation: the common start of the evaluation tests.
fn black_evaluated(rows: &[&str]) -> (Board, Reader, Goal, eyes::Evaluation) {
    let mut b = board(rows);
    let mut r = Reader::new(10, 1.0);
    let goal = Goal::new(Color::Black, &stones_of(&b, Color::Black));
    let ev = eyes::evaluate(&mut b, &mut r, &goal);
    (b, r, goal, ev)
}

fn ask(rows: &[&str], at: (usize, usize)) -> ((u8, Pos), (u8, Pos), Board) {
    let b = board(rows);
    let p = Pos::new(at.0, at.1);
    let stones = dragon(&b, p);
    ask_goal(b, &stones, p)
}

/// The owl's attack and defence of the goal `stones` with target `p`.
fn ask_goal(mut b: Board, stones: &[Pos], p: Pos) -> ((u8, Pos), (u8, Pos), Board) {
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let a = owl.attack(&mut b, &mut r, stones, p);
    let d = owl.defend(&mut b, &mut r, stones, p);
    assert_eq!(b.stackp(), 0, "the board is left as it was");
    assert!(owl.node_counter() > 0);
    (a, d, b)
}

const STRAIGHT_THREE: [&str; 7] = [
    ".......", ".......", ".......", ".....O.", "OOOOO..", "XXXXO..", "...XO..",
];

#[test]
fn straight_three_has_one_vital_point_for_both() {
    let (a, d, _) = ask(&STRAIGHT_THREE, (5, 0));
    let b1 = Pos::new(6, 1);
    assert_eq!(a, (WIN, b1));
    assert_eq!(d, (WIN, b1));
}

#[test]
fn straight_four_lives_and_two_points_die() {
    let four = [
        ".......", ".......", ".......", ".......", "OOOOOO.", "XXXXXO.", "....XO.",
    ];
    let (a, _, _) = ask(&four, (5, 0));
    assert_eq!(a.0, 0, "no attack on a straight four");
    let two = [
        ".......", ".......", ".......", ".......", "OOOO...", "XXXO...", "..XO...",
    ];
    let (a, d, _) = ask(&two, (5, 0));
    assert_eq!(a.0, WIN);
    assert_eq!(d.0, 0, "two points of eye space cannot live");
}

#[test]
fn an_open_group_escapes() {
    let open = [
        ".......", ".......", ".......", "..O....", "..OX...", "..OX...", "..O....",
    ];
    let (a, d, _) = ask(&open, (4, 3));
    assert_eq!(a.0, 0);
    assert_eq!(d.0, WIN);
}

/// Escape along the first line only is no way out. Black's B9-B7 under
/// white's wall on the C line reaches the far points A5 and A4 only down
/// the first line (B6 and B5 are next to the wall or one step from it):
/// they count as `escape`, not as `escape_inland`. With the wall ended
/// at C7, the second line below is open too.
#[test]
fn an_escape_along_the_first_line_only_is_not_inland() {
    let crawl = [
        ".X.......",
        ".XO......",
        ".XO..O...",
        "..OO.....",
        "....O....",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let (_, _, _, ev) = black_evaluated(&crawl);
    assert!(ev.escape > 0, "A5 and A4 are far from white");
    assert_eq!(ev.escape_inland, 0, "all of them on the first line");
    // The same board without C6 and D6.
    let mut open = crawl;
    open[3] = ".........";
    let (_, _, _, ev) = black_evaluated(&open);
    assert!(ev.escape_inland > 0, "B5 and B4 are open");
    assert!(ev.escape_inland <= ev.escape);
}

#[test]
fn a_ko_for_life_gives_ko_codes() {
    // Black A1 and white B1 are both in atari: white C1 kills through a
    // ko that white takes first.
    let ko = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOOOO...",
        "XXXXXO...",
        ".X.X.O...",
        "XO..XO...",
    ];
    let (a, d, _) = ask(&ko, (6, 0));
    assert_eq!(a, (KO_A, Pos::new(8, 2)));
    assert_eq!(d, (WIN, Pos::new(8, 2)));
}

#[test]
fn does_attack_and_does_defend_answer_for_one_move() {
    let mut b = board(&STRAIGHT_THREE);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let p = Pos::new(5, 0);
    let stones = dragon(&b, p);
    let (b1, c1) = (Pos::new(6, 1), Pos::new(6, 2));
    assert_eq!(owl.does_attack(&mut b, &mut r, &stones, p, b1), WIN);
    assert_eq!(owl.does_defend(&mut b, &mut r, &stones, p, b1), WIN);
    assert_eq!(owl.does_attack(&mut b, &mut r, &stones, p, c1), 0);
    assert_eq!(owl.does_defend(&mut b, &mut r, &stones, p, c1), 0);
    // An occupied point is no move.
    assert_eq!(owl.does_defend(&mut b, &mut r, &stones, p, p), 0);
    assert_eq!(b.stackp(), 0);
}

#[test]
fn questions_about_empty_points_fail_quietly() {
    let mut b = board(&STRAIGHT_THREE);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let empty = Pos::new(0, 0);
    assert_eq!(owl.attack(&mut b, &mut r, &[], empty).0, 0);
    assert_eq!(owl.defend(&mut b, &mut r, &[], empty).0, 0);
    assert_eq!(owl.does_attack(&mut b, &mut r, &[], empty, empty), 0);
}

#[test]
fn the_node_limit_is_kept() {
    let mut b = board(&STRAIGHT_THREE);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    owl.set_node_limit(Some(1));
    let p = Pos::new(5, 0);
    let stones = dragon(&b, p);
    owl.attack(&mut b, &mut r, &stones, p);
    assert!(owl.node_counter() <= 1);
    assert!(owl.last_aborted());
    owl.reset_node_counter();
    assert_eq!(owl.node_counter(), 0);
}

#[test]
fn limits_scale_with_the_level() {
    let low = OwlParams::for_level(0);
    let ten = OwlParams::for_level(10);
    let high = OwlParams::for_level(12);
    assert_eq!(ten.node_limit, 1000);
    assert!(low.node_limit < ten.node_limit && ten.node_limit < high.node_limit);
    assert!(low.reading_depth <= ten.reading_depth);
}

#[test]
fn the_goal_follows_the_defender_and_undoes() {
    let b0 = board(&STRAIGHT_THREE);
    let mut b = b0.clone();
    let mut goal = Goal::new(Color::Black, &dragon(&b, Pos::new(5, 0)));
    let n = goal.stones(&b).len();
    let mark = goal.mark();
    let b1 = Pos::new(6, 1);
    assert!(b.trymove(b1, Color::Black));
    goal.extend_with(&b, b1);
    assert!(goal.is_goal_stone(&b, b1));
    assert_eq!(goal.stones(&b).len(), n + 1);
    b.popgo();
    goal.undo(mark);
    assert_eq!(goal.stones(&b).len(), n);
}

#[test]
fn a_goal_string_captured_for_good_is_no_part_of_the_living_goal() {
    // Black C9 (row 0, column 1) can be captured and not saved: it is
    // weak, and its stones leave the goal the eyes are counted for.
    let rows = [
        ".XO......",
        "O.O......",
        ".O.......",
        ".........",
        ".........",
        "...XXX...",
        ".........",
        ".........",
        ".........",
    ];
    let mut b = board(&rows);
    let mut r = Reader::new(10, 1.0);
    let lone = Pos::new(0, 1);
    let healthy = Pos::new(5, 3);
    let goal = Goal::new(Color::Black, &[lone, healthy]);
    let ev = eyes::evaluate(&mut b, &mut r, &goal);
    assert_eq!(b.stackp(), 0);
    let w = ev
        .weak
        .iter()
        .find(|w| b.same_string(w.origin, lone))
        .expect("the lone stone is weak");
    assert_eq!((w.attack_code, w.defense_code), (WIN, 0));
    assert!(!ev.stones.contains(&lone), "dead stones are not the goal");
    assert!(ev.stones.contains(&healthy));
    // Its liberties are not the goal's.
    assert!(!ev.liberties.contains(&Pos::new(0, 0)));
}

#[test]
fn owl_attack_patterns_find_the_first_line_hane() {
    // White's second-line stone at F2 beside black's E2: the first-line
    // hane at E1 (under E2) is owl_attack.db's OA1, matched for white, and
    // a candidate of white's against the black group.
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOOOO...",
        "XXXXXO...",
        "....XO...",
        ".........",
    ];
    let mut b = board(&rows);
    let mut r = Reader::new(10, 1.0);
    let hane = Pos::new(8, 4);
    let db = crate::patterns::database("owl").expect("owl patterns compiled in");
    let found = crate::patterns::matcher::matches(
        db,
        &mut b,
        Color::White,
        &mut crate::patterns::LibertyTactics,
        Some(&[hane]),
    );
    assert!(found.iter().any(|m| m.info().name == "OA1"), "OA1 matches");
    // Not for black: the diagram needs white's stone beside the hane.
    let found = crate::patterns::matcher::matches(
        db,
        &mut b,
        Color::Black,
        &mut crate::patterns::LibertyTactics,
        Some(&[hane]),
    );
    assert!(!found.iter().any(|m| m.info().name == "OA1"));
    let p = Pos::new(6, 0);
    let goal = Goal::new(Color::Black, &dragon(&b, p));
    let ev = eyes::evaluate(&mut b, &mut r, &goal);
    let cands = moves::attack_moves(&mut b, &ev, Color::White);
    assert!(cands.iter().any(|c| c.0 == hane), "{cands:?}");
}

#[test]
fn a_wall_string_short_of_liberties_unsettles_two_eyes() {
    // The seven-point space F2-H2, F1-J1 is two eyes by its shape, and
    // the group has two liberties outside it (D1, J4), but the wall E2-E1
    // is a string of its own with one liberty outside (D1) and two
    // inside: after white D1 a placement inside puts it in atari.
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        "........O",
        "....OOOO.",
        "...OOXXXX",
        "...OX...X",
        "....X....",
    ];
    let (b, _, _, ev) = black_evaluated(&rows);
    assert_eq!(b.stackp(), 0);
    let d1 = Pos::new(8, 3);
    assert_eq!((ev.min, ev.max), (1, 2), "one sure eye, two at most");
    assert!(!ev.alive());
    assert!(ev.vital_attack.contains(&d1));
    assert!(ev.vital_defense.contains(&d1));
}

/// The top right of ld_owl.tst 54 some moves down (black's one eye H7 and
/// the corner eye F9 that rests on D9-E9, in atari at C9 outside the
/// goal). White has no candidate: every goal liberty is suicide or
/// self-atari. Black has one eye even moving first, so white passes and
/// black cannot live: the attack succeeds (GNU Go: dead, kill at J5).
#[test]
fn an_attacker_without_moves_passes_when_the_goal_has_one_eye() {
    let rows = [
        "...XX.XO.",
        "..OOOXXXX",
        "....OOX.O",
        ".....OXXO",
        ".....OOO.",
        ".......O.",
        ".........",
        ".........",
        ".........",
    ];
    let (a, d, _) = ask(&rows, (1, 6));
    assert_eq!(a.0, WIN, "the attacker's pass kills");
    assert_eq!(d.0, 0, "no defence");
}

/// A node answered from the cache costs nothing: asking the same question
/// again, or whether the move found kills (the node below it was read and
/// stored), spends no node of the budget and gives the same answer.
#[test]
fn a_cached_node_spends_no_node() {
    let mut b = board(&STRAIGHT_THREE);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let p = Pos::new(5, 0);
    let stones = dragon(&b, p);
    let first = owl.attack(&mut b, &mut r, &stones, p);
    assert_eq!(first.0, WIN);
    let spent = owl.node_counter();
    assert!(spent > 0);
    assert_eq!(owl.attack(&mut b, &mut r, &stones, p), first);
    assert_eq!(owl.node_counter(), spent, "the question again is cached");
    assert_eq!(owl.does_attack(&mut b, &mut r, &stones, p, first.1), WIN);
    assert_eq!(
        owl.node_counter(),
        spent,
        "the node after the kill is cached"
    );
    assert_eq!(b.stackp(), 0);
}

#[test]
fn a_lunch_saved_only_by_ko_may_be_grown_into_a_nakade() {
    // White A2 is a lunch: black captures it at A1 through a ko (white
    // B1 takes the capturing stone's other liberty), and white's rescue
    // A1 is a self-atari of three stones. It is also the only kill:
    // black captures at C1 and white throws in at A1, the vital point of
    // the bent three in the corner (GNU Go 3.8: owl_attack 1 A1; C1, D1
    // and E1 kill only through the ko).
    let corner = [
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOO.....",
        "OXOO.....",
        "XXXOO....",
        "OXXXOO...",
        ".O...O...",
    ];
    let mut b = board(&corner);
    let mut r = Reader::new(10, 1.0);
    let b2 = Pos::new(7, 1);
    let a1 = Pos::new(8, 0);
    let stones = dragon(&b, b2);
    let goal = Goal::new(Color::Black, &stones);
    let ev = eyes::evaluate(&mut b, &mut r, &goal);
    let a2 = Pos::new(7, 0);
    let lunch = ev
        .lunches
        .iter()
        .find(|l| b.string_id(l.origin) == b.string_id(a2))
        .expect("A2 is a lunch");
    assert!(
        lunch.defense_code != 0 && lunch.defense_code != WIN,
        "saved only by ko"
    );
    let cands = moves::attack_moves(&mut b, &ev, Color::White);
    assert!(
        cands.iter().any(|&(m, _)| m == a1),
        "the ko-filling sacrifice is a candidate: {cands:?}"
    );
    let mut owl = Owl::new(10);
    assert_eq!(owl.does_attack(&mut b, &mut r, &stones, b2, a1), WIN);
    assert_eq!(owl.attack(&mut b, &mut r, &stones, b2), (WIN, a1));
    assert_eq!(b.stackp(), 0);
}

/// nicklas5.tst 1212 (nicklas12.sgf at move 199) four moves down: white
/// M14, black S13, white M13, black T12. The black P13 dragon has no eye
/// even moving first, no escape and no lunch (GNU Go: dead as it stands).
/// Once white has played, the defence node below is given up at once;
/// before the rule the defender's far-side moves made lunches that each
/// needed a refutation (848 owl nodes for the attack).
#[test]
fn an_eyeless_goal_with_no_hope_is_given_up_below_the_root() {
    let rows = [
        ".X..OX....XX.......",
        ".OXXOXXOOX.XOOXXO..",
        ".OOXXO.O.XXOXX.XO..",
        "XXOXOO.OXXOOOXXOOX.",
        "XOOOOXOOOOX.OOOO.O.",
        ".O...XXOOXXO.OXOXO.",
        "OXX..XXXO..OXXXXXXX",
        ".OOXX..OXX.XOX.XOXX",
        "OXOO.XXO..X.OOXOOO.",
        ".XXOOOXOO..XXO.O...",
        "XXOOX.OXO...XO.OXO.",
        ".XO.XO.XO.OOOXXXOO.",
        "XOOX.O.XXO..XX.OXX.",
        "....O.X........O...",
        "XO.O........XO.....",
        "XXO..X.X.......O...",
        "XOOX......X..X..O..",
        ".XX............X...",
        "...................",
    ];
    let mut b = board(&rows);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let p13 = Pos::new(6, 14);
    let stones = dragon(&b, p13);
    let a = owl.attack(&mut b, &mut r, &stones, p13);
    assert_eq!(a.0, WIN);
    assert!(
        owl.node_counter() <= 20,
        "the defence after the kill is one node, not a tree ({} nodes)",
        owl.node_counter()
    );
}

/// A defender move whose only gain is a lunch the attacker cannot save
/// leaves one eye: the lunch's capture is that eye, already in the
/// evaluation's `min` and `max`, not a second one in reach. Our
/// `regression/suites/owl.tst` 114: after white A6, black A8, white A6
/// again black has no eye (`0/0`), and its one try, A7, gives a single
/// eye by a lunch white cannot save. The defence node is given up at
/// once (44 owl nodes for the attack before, 10 now; the same kill A6).
#[test]
fn a_move_that_only_makes_a_sure_lunch_leaves_one_eye() {
    let rows = [
        ".O.......",
        ".OOOO....",
        "OXX.O....",
        ".OX.O....",
        "OXX.O....",
        "XXOOO....",
        "OOO......",
        ".........",
        ".........",
    ];
    let mut b = board(&rows);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let b5 = Pos::new(4, 1);
    let stones = dragon(&b, b5);
    let a = owl.attack(&mut b, &mut r, &stones, b5);
    assert_eq!(a, (WIN, Pos::new(3, 0)), "white A6 kills");
    assert!(
        owl.node_counter() <= 20,
        "the eyeless defence nodes are given up ({} nodes)",
        owl.node_counter()
    );
}

/// The rule that gives up an eyeless goal keeps out of seki: black C4 has
/// no eye, but the white B1-B2 string shares its only liberties A1 and C1
/// with it, so after white B3 neither side can fill them (our
/// `regression/suites/owl.tst` 68-70; GNU Go: owl_attack 0, alive).
#[test]
fn an_eyeless_goal_in_seki_is_not_given_up() {
    let rows = [
        ".........",
        ".........",
        "OO.......",
        "XOO......",
        "XXOO.....",
        ".XXO.....",
        "X.XOO....",
        "XOXXOO...",
        ".O.XXO...",
    ];
    let b = board(&rows);
    let c4 = Pos::new(5, 2);
    // The dragon: C4's string and the A2-A3 pair it holds by A4.
    let mut stones = dragon(&b, c4);
    stones.extend([Pos::new(6, 0), Pos::new(7, 0)]);
    let (a, d, _) = ask_goal(b, &stones, c4);
    assert_eq!(a.0, 0, "seki: no attack");
    assert_eq!(d, (WIN, Pos::new(6, 1)));
}

#[test]
fn the_second_line_extension_defends_after_the_corner_hane() {
    // Four black stones on the second line under a white wall
    // (regression/suites/owl.tst 71-73). Black A2 lives only because,
    // after white A1, the extension F2 along the wall widens the space:
    // two moves down, where it scored as a plain liberty (15) below the
    // width. GNU Go: critical A2 A2.
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".O.......",
        ".OOOOOOOO",
        ".XXXX...O",
        ".........",
    ];
    let (a, d, _) = ask(&rows, (7, 1));
    let a2 = Pos::new(7, 0);
    assert_eq!(a, (WIN, a2));
    assert_eq!(d, (WIN, a2));
}

/// ld_owl.tst 303's corner on a small board (`owl.tst` 74-75). After
/// white F3 the goal counts two eyes, G2 and the corner H1-J1-J2, but the
/// corner is open at J2: the answer to the defender's first move reads
/// on, and black J2 (then H3, an atari that takes G2's diagonal) kills.
#[test]
fn the_answer_to_the_first_move_trusts_closed_spaces_only() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        "....XXXXX",
        "....X.XX.",
        "....XOO..",
        "....XO.O.",
        "....X.O..",
    ];
    let mut b = board(&rows);
    let mut r = Reader::new(10, 1.0);
    let g3 = Pos::new(6, 6);
    let stones: Vec<Pos> = b
        .points()
        .iter()
        .copied()
        .filter(|&p| b.color(p) == Color::White)
        .collect();
    let goal = Goal::new(Color::White, &stones);
    let ev = eyes::evaluate(&mut b, &mut r, &goal);
    assert_eq!(ev.min, 2, "two eyes by the count");
    assert!(ev.alive());
    assert!(ev.sure < 2, "the corner space is open");
    assert!(!ev.settled(true));
    // The same position with F3 still empty: F3 is no defence.
    let f3 = Pos::new(6, 5);
    let mut b0 = {
        let mut rows0 = rows;
        rows0[6] = "....X.O..";
        board(&rows0)
    };
    let stones0: Vec<Pos> = stones.iter().copied().filter(|&p| p != f3).collect();
    let mut owl = Owl::new(10);
    assert_eq!(owl.does_defend(&mut b0, &mut r, &stones0, g3, f3), 0);
    assert_eq!(b.stackp(), 0);
    assert_eq!(b0.stackp(), 0);
}

/// A corner of owl1.tst 326's game on a small board (`owl.tst` 90-91).
/// White G8 lives only through the ko at H8 (GNU Go: `owl_defend` 3 H8).
/// Deep in the tree the defender's capture of a lunch scored below the
/// width; and once it is tried, the ko it reads must stand against the
/// later candidates that win only because the budget ran out.
#[test]
fn the_capture_of_a_lunch_is_tried_beyond_the_width() {
    let rows = [
        ".........",
        ".....XO.X",
        ".X..X.O.O",
        ".....XXO.",
        ".XXX...X.",
        "..OOX.X..",
        ".........",
        ".........",
        ".........",
    ];
    let b = board(&rows);
    let stones: Vec<Pos> = [(1, 6), (2, 6), (2, 8), (3, 7)]
        .iter()
        .map(|&(r, c)| Pos::new(r, c))
        .collect();
    assert!(stones.iter().all(|&p| b.color(p) == Color::White));
    let g8 = Pos::new(1, 6);
    let (_, d, _) = ask_goal(b, &stones, g8);
    assert_eq!(
        d,
        (crate::reading::KO_B, Pos::new(1, 7)),
        "only the ko at H8"
    );
}

/// ld_owl.tst 159's corner six moves into the owl tree (branch points24):
/// black B4 and A3 are in atari, and B3 joins both to the string C3-B1.
/// Deep in the tree the tactical reader's depth limits cut its defences
/// short and it finds no rescue; the defender still reads the connection
/// (GNU Go lives with B3 there), among its first candidates.
#[test]
fn the_connection_of_a_goal_string_in_atari_is_read_deep_in_the_tree() {
    let rows = [
        ".........",
        ".........",
        "..O......",
        "..O......",
        "OOO......",
        "OXOO.....",
        "X.XOOOO..",
        "OXXX.....",
        ".X.......",
    ];
    let mut b = board(&rows);
    let mut r = Reader::new(10, 1.0);
    let goal = Goal::new(Color::Black, &stones_of(&b, Color::Black));
    // Six moves deep, as in the owl tree (passes keep the position).
    for k in 0..6 {
        let c = if k % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        assert!(b.trymove(Pos::PASS, c));
    }
    let ev = eyes::evaluate(&mut b, &mut r, &goal);
    let b3 = Pos::new(6, 1);
    let b4 = Pos::new(5, 1);
    let weak = ev.weak.iter().find(|w| b.same_string(w.origin, b4));
    assert!(
        weak.is_some_and(|w| w.defense_code == 0),
        "the reader finds no rescue of B4 this deep"
    );
    let cands = moves::defense_moves(&mut b, &mut r, &ev, Color::Black);
    let rank = cands.iter().position(|&(m, _)| m == b3);
    assert!(
        rank.is_some_and(|k| k < 3),
        "B3 is among the first candidates: {cands:?}"
    );
    for _ in 0..6 {
        b.popgo();
    }
    assert_eq!(b.stackp(), 0);
}

/// A lunch whose capture leaves only a false eye is no eye. White C1 is in
/// atari next to black's corner (one eye at A1); captured at D1, it
/// leaves C1 with white's D2 on its diagonal, on the edge: a false eye
/// (GNU Go 3.8: dragon_status A2 dead). With D2 black the eye is real
/// and black lives by capturing (GNU Go: critical D1 D1).
#[test]
fn a_lunch_that_leaves_a_false_eye_is_no_eye() {
    let rows = |d2: &'static str| {
        [
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOOO....",
            "XXXO.....",
            d2,
            ".XO......",
        ]
    };
    let a2 = Pos::new(7, 0);
    let c1 = Pos::new(8, 2);
    for (d2, false_eye, max) in [("XXXO.....", true, 1), ("XXXXO....", false, 2)] {
        let mut b = board(&rows(d2));
        let mut r = Reader::new(10, 1.0);
        let goal = Goal::new(Color::Black, &dragon(&b, a2));
        let ev = eyes::evaluate(&mut b, &mut r, &goal);
        assert_eq!(b.stackp(), 0);
        let lunch = ev
            .lunches
            .iter()
            .find(|l| b.string_id(l.origin) == b.string_id(c1))
            .expect("C1 is a lunch");
        assert_eq!(lunch.false_eye, false_eye, "D2 row {d2}");
        assert_eq!((ev.min, ev.max), (1, max), "D2 row {d2}");
    }
}

/// White A5 and B6 are dead, each alone in a one-point space of black's
/// (their common liberty A6 touches white A7, which connects out at A8).
/// Captured, each point is an eye: black A6 makes two. White A6 grows them
/// with A7 into a pyramid four, a nakade (GNU Go 3.8: critical A6 A6). Each
/// space counts 0/1, A6 the vital point of both sides (0/0 before).
#[test]
fn a_dead_stone_alone_in_its_space_is_an_eye_once_captured() {
    let rows = [
        ".O.......",
        ".OOOO....",
        "OXX.O....",
        ".OX.O....",
        "OXX.O....",
        "XXOOO....",
        "OOO......",
        ".........",
        ".........",
    ];
    let (b, _, _, ev) = black_evaluated(&rows);
    assert_eq!(b.stackp(), 0);
    let a6 = Pos::new(3, 0);
    assert_eq!(
        (ev.min, ev.max),
        (0, 2),
        "two eyes only if black moves first"
    );
    assert!(ev.vital_attack.contains(&a6));
    assert!(ev.vital_defense.contains(&a6));
}

/// Black's corner after white's placement B2 (three liberties: A2, B1,
/// B3) and black A3 (the corner of ld_owl 64, on a board of our own). With
/// B2 standing the space reads one eye at most, but black moving first
/// captures B2 (the reader's attack) and then has two eyes whatever white
/// does: the placement is a question of tempo, and the capture is black's
/// first move (`eyes::max_after_capture`).
#[test]
fn a_placement_the_defender_captures_counts_after_its_capture() {
    let rows = [
        ".........",
        ".........",
        "OO.......",
        "XOO......",
        "XXOO.....",
        ".XXO.....",
        "X.XOO....",
        ".OXXOO...",
        "...XXO...",
    ];
    let (mut b, mut r, goal, ev) = black_evaluated(&rows);
    assert_eq!((ev.min, ev.max), (1, 1), "B2 standing splits the space");
    let max = eyes::max_after_capture(&mut b, &mut r, &goal, &ev);
    assert_eq!(b.stackp(), 0, "the board is left as it was");
    assert_eq!(max, 2, "two eyes once black has captured B2");
}

/// A small space holding a dead attacker stone that the eye database
/// does not hold (seven points, one of them the stone) is read by the
/// eye-space solver: black's first line B1-G1 with white's dead A1 in the
/// corner is two eyes even with white moving first (GNU Go: alive,
/// `owl_attack` 0). Counted by its empty points, as before, the space was
/// one sure eye and two at most, and the owl read every placement out.
#[test]
fn a_small_space_with_a_dead_stone_is_read_by_the_solver() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "..O..O...",
        "OO.OO.OOO",
        "XXXXXXXXO",
        "O......XO",
    ];
    let (b, _, _, ev) = black_evaluated(&rows);
    let a1 = Pos::new(8, 0);
    assert_eq!(b.color(a1), Color::White);
    assert!(
        ev.spaces
            .iter()
            .any(|sp| sp.points.len() == 7 && sp.points.contains(&a1)),
        "A1 is a dead stone of the seven-point space"
    );
    assert_eq!((ev.min, ev.max), (2, 2), "two eyes with white first");
    assert_eq!(b.stackp(), 0, "the board is left as it was");
}

/// ld_owl 30's corner on 9x9 (`regression/suites/owl.tst` 332-333): the
/// three-point space H3-J3-J2 under white's G4-G3 and G1 gives black no
/// eye whoever moves first (`(0, 0)`). Its half eye J3 has the contested
/// diagonal H2, which main named a vital point of both sides (score 90)
/// before the space's value was known; black's crawl to H2 then led the
/// defender's order and white's answers to it ate the budget. A space
/// worth no eye has no vital point.
#[test]
fn a_space_worth_no_eye_has_no_vital_half_eye_diagonal() {
    let rows = [
        ".......O.",
        ".....OOX.",
        "....O.XXO",
        "....OOOX.",
        ".......X.",
        "....O.OXX",
        "......O..",
        ".........",
        "......O..",
    ];
    let (b, _, _, ev) = black_evaluated(&rows);
    let h2 = Pos::new(7, 7);
    assert!(
        ev.spaces
            .iter()
            .any(|sp| sp.points.len() == 3 && (sp.min, sp.max) == (0, 0)),
        "the edge three under the wall is worth no eye"
    );
    assert!(
        !ev.vital_attack.contains(&h2) && !ev.vital_defense.contains(&h2),
        "H2 is vital to neither side"
    );
    assert_eq!(b.stackp(), 0, "the board is left as it was");
}

/// White's root lookahead (`Search::order`) over `cands` against the goal
/// with target `target`, `now` the goal's evaluation: the order, the board
/// left as it was.
fn white_lookahead(
    b: &mut Board,
    reader: &mut Reader,
    goal: Goal,
    target: Pos,
    now: &eyes::Evaluation,
    cands: Vec<moves::Candidate>,
) -> Vec<Pos> {
    let mut owl = Owl::new(10);
    let root = b.stackp();
    let mut search = search::Search::new(&mut owl, reader, goal, target, root);
    let order = search.order(b, now, cands, Color::White);
    assert_eq!(b.stackp(), root, "the lookahead leaves the board as it was");
    order
}

/// White's placement `p` inside the goal's space: standing it splits the
/// space (no eye one move on); the space's value once black has captured
/// it (`eyes::after_capture` with placements of at most `libs` liberties).
fn captured_placement(
    b: &mut Board,
    reader: &mut Reader,
    goal: &Goal,
    p: Pos,
    libs: usize,
) -> Option<(u8, u8)> {
    assert!(b.trymove(p, Color::White));
    let ev = eyes::evaluate(b, reader, goal);
    assert_eq!(ev.max, 0, "the standing stone splits the space");
    let after = eyes::after_capture(b, reader, goal, &ev, p, libs).map(|a| (a.min, a.max));
    b.popgo();
    after
}

/// The attacker's lookahead values the first `LOOKAHEAD_MOVES`
/// candidates by the eyes they leave; the rest keep their score
/// order and come after them (their bare scores once sorted them
/// before every looked-at move, whose values are negative for the
/// attacker).
#[test]
fn moves_beyond_the_lookahead_come_after_those_it_looked_at() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOOO....",
        "XXXXO....",
        "...XO....",
        "...XO....",
    ];
    let mut b = board(&rows);
    let mut reader = Reader::new(10, 1.0);
    let target = Pos::new(6, 0);
    let goal = Goal::new(Color::Black, &stones_of(&b, Color::Black));
    // Fourteen empty points of the upper board, scored downwards.
    let cands: Vec<moves::Candidate> = (0..14)
        .map(|k| (Pos::new(k / 7, 1 + k % 7), 60 - k as i32))
        .collect();
    let now = eyes::Evaluation::default();
    let order = white_lookahead(&mut b, &mut reader, goal, target, &now, cands.clone());
    assert_eq!(order.len(), cands.len());
    assert_eq!(
        &order[search::LOOKAHEAD_MOVES..],
        &[cands[12].0, cands[13].0],
        "the moves not looked at come last, in score order"
    );
}

/// Black's corner with the square nine A1-C3 (white's wall around it;
/// GNU Go 3.8: `owl_attack A4` and `owl_defend A4` both 1 B2). White's
/// placements B3 and C2 each leave a stone with three liberties inside
/// the space: standing, it splits the space (eyes 0/0 one move on), but
/// black captures it, and the space it leaves is as good as before. The
/// root lookahead counts such a fresh placement as a lunch-to-be
/// (`eyes::after_capture`), so the centre B2, the vital point, is looked
/// at first (it was third, after B3 and C2).
#[test]
fn a_fresh_placement_inside_the_space_is_a_lunch_to_be() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOOO....",
        "XXXXO....",
        "...XO....",
        "...XO....",
        "...XO....",
    ];
    let (mut b, mut reader, goal, now) = black_evaluated(&rows);
    let target = Pos::new(5, 0);
    assert_eq!((now.min, now.max), (1, 2), "the square nine, white to move");
    let (b3, c2, b2) = (Pos::new(6, 1), Pos::new(7, 2), Pos::new(7, 1));
    // W B3 standing: one move on, the evaluation counts it alive, and
    // once black has captured it the space is worth what it was.
    let after = captured_placement(&mut b, &mut reader, &goal, b3, eyes::PLACEMENT_LIBS);
    assert_eq!(after, Some((1, 2)));
    let cands: Vec<moves::Candidate> = vec![(b3, 53), (c2, 53), (b2, 50)];
    let order = white_lookahead(&mut b, &mut reader, goal, target, &now, cands);
    assert_eq!(
        order.first(),
        Some(&b2),
        "the vital point before the placements"
    );
}

/// Black's edge group round an eight-point space with two inner points,
/// C2 and D2 (the space B2-E2, C1-D1, C3-D3; GNU Go 3.8: `owl_attack B3`
/// 0, and after W C2 `owl_defend B3` 1 D2). A white stone on an inner
/// point has four liberties: standing, it splits the space (eyes 0/0 one
/// move on), but black captures it and the space is worth what it was.
/// The lunch-to-be is decided by the reader, not by a liberty count of
/// three, so the four-liberty placement C2 sorts after D2, the vital
/// point, though it scores higher (it sorted first).
#[test]
fn a_four_liberty_placement_on_an_inner_point_is_a_lunch_to_be() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOOOOO..",
        "OXXXXOO..",
        "XX..XXO..",
        "X....XO..",
        "XX..XXO..",
    ];
    let (mut b, mut reader, goal, now) = black_evaluated(&rows);
    let target = Pos::new(6, 1);
    assert_eq!((now.min, now.max), (1, 2), "eight points, white to move");
    let (c2, d2) = (Pos::new(7, 2), Pos::new(7, 3));
    assert!(now.vital_attack.contains(&d2) && !now.vital_attack.contains(&c2));
    assert!(b.trymove(c2, Color::White));
    assert_eq!(b.countlib(c2), 4);
    b.popgo();
    let three = captured_placement(&mut b, &mut reader, &goal, c2, eyes::PLACEMENT_LIBS);
    assert!(
        three.is_none(),
        "four liberties are no placement for the tempo count"
    );
    let after = captured_placement(&mut b, &mut reader, &goal, c2, search::LUNCH_TO_BE_LIBS);
    assert_eq!(after, Some((1, 2)));
    let cands: Vec<moves::Candidate> = vec![(c2, 54), (d2, 50)];
    let order = white_lookahead(&mut b, &mut reader, goal, target, &now, cands);
    assert_eq!(
        order.first(),
        Some(&d2),
        "the vital point before the placement"
    );
}

/// The defender's atari on a wall string short of liberties is read
/// beyond the width when the goal is short of liberties
/// (`moves::ataris_boundary_string`, `search::urgent_defense`): white A2
/// touches black's B2 with two liberties, A1 (black's) and A3 (outside,
/// beside white B3), so black A1 forces white to connect out at A3 — a
/// tempo in a liberty fight (13x13.tst 89's N1 deep in the tree after
/// B H3 W H2 B J1 W M1 B H1 W J2 B K1, GNU Go 3.8's defence there). A
/// white stone inside black's eye space (E2, both liberties in the
/// space) is a placement, read as a lunch, not as a wall string.
#[test]
fn the_atari_on_a_wall_string_is_a_boundary_atari() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".OOOOOO..",
        ".OXXXXO..",
        "OXX.OXO..",
        ".X...XO..",
    ];
    let (b, _, _, ev) = black_evaluated(&rows);
    let a1 = Pos::new(8, 0);
    let (d2, e1) = (Pos::new(7, 3), Pos::new(8, 4));
    assert!(
        moves::ataris_boundary_string(&b, &ev, a1, Color::Black),
        "A1 puts the wall string A2 in atari: {:?}",
        ev.space_points
    );
    assert!(
        !moves::ataris_boundary_string(&b, &ev, d2, Color::Black)
            && !moves::ataris_boundary_string(&b, &ev, e1, Color::Black),
        "the placement E2 inside the space is no wall string"
    );
}

/// A wall that holds the space only through a dead stone is no safe
/// wall: black's G1 touches the six-point space A1-F1 only through
/// white's F1 (in atari) and has two liberties outside, G2 and H1.
/// White's atari at G2 forces black to capture F1 from inside the space
/// (or lose G1 and the space opens), so the solver's two eyes are not
/// sure: `min` 1, the wall's liberties the vital points (GNU Go:
/// `owl_attack` 1 G2, `owl_defend` 1 G2). Counted settled, the attack
/// node below the root answered "lives" (ld_owl 8's wrong defence A7).
#[test]
fn a_wall_held_through_a_dead_stone_is_not_settled() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "........O",
        "OOOOOOOOO",
        "XXXXXX.O.",
        ".O...OX..",
    ];
    let (b, _, _, ev) = black_evaluated(&rows);
    let (g1, g2, h1) = (Pos::new(8, 6), Pos::new(7, 6), Pos::new(8, 7));
    assert_eq!(b.color(g1), Color::Black);
    assert_eq!((ev.min, ev.max), (1, 2), "one sure eye, two at most");
    assert!(!ev.settled(false), "read out, not settled");
    assert!(ev.vital_attack.contains(&g2) && ev.vital_attack.contains(&h1));
    assert!(ev.vital_defense.contains(&g2) && ev.vital_defense.contains(&h1));
    assert_eq!(b.stackp(), 0, "the board is left as it was");
}

/// A sacrifice that grows a lunch into three stones in atari is a nakade
/// sacrifice (tried beyond the width, as a vital point is); one that
/// grows it to two stones leaves a two-point eye and is not.
#[test]
fn a_lunch_grown_to_three_stones_is_a_nakade_sacrifice() {
    let grown = |row: &str| {
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOOO....",
            "XXXXO....",
            row,
            "..XXO....",
        ];
        let (b, _, _, ev) = black_evaluated(&rows);
        moves::nakade_sacrifices(&b, &ev, Color::White)
    };
    let b1 = Pos::new(8, 1);
    assert_eq!(grown("XOOXO...."), vec![b1], "B2-C2 and B1: a bent three");
    assert!(grown("XOXXO....").is_empty(), "B2 and B1: two stones");
}

/// A self-atari that grows a lunch the defender captures into a shape of
/// two eyes is no nakade sacrifice but a gift, and no attacker candidate:
/// white's F9-H9 on the top edge (liberties G8, J9) grown by J9 is a
/// straight four, captured at G8 it leaves two eyes; grown by G8 it is
/// the pyramid four, whose capture leaves the vital point G8 to white.
/// (ld_owl 54 after B T16 W T18 B S18 W T17 B R19 W T19 B Q19: the
/// corner lunch T17-T19 grown by S17 or S19 is a bent four; those two
/// self-ataris filled the width of the depth-6 node and black lived,
/// where any waiting move kills.)
#[test]
fn a_lunch_grown_into_a_straight_four_is_a_gift_not_a_sacrifice() {
    let rows = [
        "....XOOO.",
        "....XX.XX",
        ".....XXX.",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let (mut b, _, _, ev) = black_evaluated(&rows);
    let (g8, j9) = (Pos::new(1, 6), Pos::new(0, 8));
    assert!(moves::grows_into_two_eyes(&b, j9, Color::White));
    assert!(!moves::grows_into_two_eyes(&b, g8, Color::White));
    assert_eq!(moves::nakade_sacrifices(&b, &ev, Color::White), vec![g8]);
    let cands = moves::attack_moves(&mut b, &ev, Color::White);
    assert!(
        cands.iter().any(|&(p, _)| p == g8),
        "the pyramid four is tried"
    );
    assert!(
        !cands.iter().any(|&(p, _)| p == j9),
        "the straight four is not"
    );
}

/// The owl cache keeps the depth below the question's root a node was
/// read at. Within a question every transposition is taken (the budget
/// needs them). A result of an earlier question is taken only at that
/// depth or deeper: read deeper, with less of the reading depth and a
/// narrower width left, it is no answer nearer the root (ld_owl.tst
/// 404-414 ask one game's positions move by move, and each root was an
/// inner node of the question before). A verdict of the evaluation
/// (`STATIC`) holds at any depth.
#[test]
fn an_earlier_question_s_deep_result_is_read_again_nearer_the_root() {
    let b = board(&STRAIGHT_THREE);
    let mut reader = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let target = Pos::new(5, 0);
    let goal = Goal::new(Color::Black, &stones_of(&b, Color::Black));
    let (deep, fixed) = ((WIN, Pos::new(6, 1)), (0, Pos::PASS));
    owl.begin();
    let mut search = search::Search::new(&mut owl, &mut reader, goal.clone(), target, 0);
    search.store(7, 3, deep);
    search.store(8, search::STATIC, fixed);
    assert_eq!(
        search.cached(7, 1),
        Some(deep),
        "the same question: any depth"
    );
    owl.begin();
    let search = search::Search::new(&mut owl, &mut reader, goal, target, 0);
    assert_eq!(
        search.cached(7, 1),
        None,
        "read deeper in an earlier question"
    );
    assert_eq!(search.cached(7, 3), Some(deep));
    assert_eq!(search.cached(7, 5), Some(deep));
    assert_eq!(search.cached(8, 0), Some(fixed), "a static verdict");
}

/// The attacker's moves in a large space of the goal (more points than
/// the eye database values) lose by their steps from the goal: the move
/// that narrows the space where it meets the goal, at its mouth, comes
/// before the far end. A first-line corridor the goal runs along (owl47,
/// ld_owl.tst 406's line: after B R3 W R1 B S3 W O1 the white group's
/// space ran thirteen points along the first line, and the attacker
/// tried its far end first).
#[test]
fn the_attacker_narrows_a_large_space_at_its_mouth() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "X........",
    ];
    let mut b = board(&rows);
    let corridor: Vec<Pos> = (1..9).map(|j| Pos::new(8, j)).collect();
    let ev = eyes::Evaluation {
        stones: vec![Pos::new(8, 0)],
        spaces: vec![eyes::Space {
            points: corridor.clone(),
            min: 0,
            max: 0,
            walls_read: false,
        }],
        space_points: corridor.clone(),
        dist_attacker: vec![0; crate::point::ARR],
        ..Default::default()
    };
    let cands = moves::attack_moves(&mut b, &ev, Color::White);
    let score = |p: Pos| cands.iter().find(|c| c.0 == p).map(|c| c.1);
    let (mouth, next, far) = (corridor[0], corridor[1], corridor[7]);
    assert!(score(mouth).is_some() && score(far).is_some(), "{cands:?}");
    assert!(score(mouth) > score(far), "{cands:?}");
    assert!(score(next) > score(far), "{cands:?}");
}

/// A goal string with two liberties, both in the goal's space, one of
/// which the attacker takes without self-atari: black B4-C4 (liberties B3
/// and C3 only, white stones around it outside). White B3 is an atari
/// from inside the space (white C3 would be a self-atari), so the root
/// trusts only closed spaces (owl1.tst 295's C3 gains the tempo that
/// way: the defender connects inside and the attacker takes the open
/// corner's eye).
#[test]
fn an_atari_from_inside_the_space_is_found() {
    let rows = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".OOOO....",
        "OXXO.....",
        "X..XO....",
        "X.XXO....",
        ".XX.O....",
    ];
    let (b, _, _, ev) = black_evaluated(&rows);
    let b3 = Pos::new(6, 1);
    assert!(ev.space_points.contains(&b3));
    assert_eq!(eyes::atari_from_inside(&b, &ev, Color::White), Some(b3));
    // With D4 empty B4-C4 has a third liberty: no atari from inside.
    let mut rows2 = rows;
    rows2[5] = "OXX......";
    let (b2, _, _, ev2) = black_evaluated(&rows2);
    assert_eq!(eyes::atari_from_inside(&b2, &ev2, Color::White), None);
}

#[test]
fn owl_attack_patterns_find_the_descent_beside_the_edge_eye() {
    // Black encloses E1 on two sides (E2 above, D1 beside). White's
    // second-line stone F2 descends to F1: E1 gets no third side and is
    // no eye. That is owl_attack.db's OA5, matched for white.
    let eye = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOOOO...",
        "XXXXXO...",
        ".XXXXO...",
        ".XXX.....",
    ];
    let descent = Pos::new(8, 5);
    let db = crate::patterns::database("owl").expect("owl patterns compiled in");
    let oa5 = |rows: &[&str], c: Color| {
        let mut b = board(rows);
        crate::patterns::matcher::matches(
            db,
            &mut b,
            c,
            &mut crate::patterns::LibertyTactics,
            Some(&[descent]),
        )
        .iter()
        .any(|m| m.info().name == "OA5")
    };
    assert!(oa5(&eye, Color::White), "OA5 matches the descent");
    assert!(!oa5(&eye, Color::Black), "not for the dragon's side");
    // Without D1, E1 is enclosed on one side only: no edge eye to spoil.
    let mut open = eye;
    open[8] = ".XX......";
    assert!(!oa5(&open, Color::White));
}

/// The false life of a lone jump under the wall: black's eyeless group
/// E8-J6 crawls along the second line under white's C7-F7 wall. Its jump
/// C8 reaches for the open side, but white D9 and D7 wall the gap D8 in:
/// the cut D8 joins white's strings and leaves C8 alone with two
/// liberties. Once cut, C8 is no goal stone (its run is not the goal's),
/// so the lookahead sees the cut take the escape away, and the dead
/// proof is short. (Main read 263 nodes; GNU Go 3.8: owl_defend 0 in 8.)
#[test]
fn a_lone_jump_through_a_walled_gap_is_cut_off() {
    let rows = [
        "...OO....",
        "....XXXOO",
        "..OOOOXX.",
        ".....OOXX",
        "......OO.",
        "......O..",
        "......O..",
        ".........",
        ".........",
    ];
    let mut b = board(&rows);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    let g8 = Pos::new(1, 6);
    let stones = dragon(&b, g8);
    let d = owl.defend(&mut b, &mut r, &stones, g8);
    assert_eq!(d.0, 0, "no defence");
    assert!(
        owl.node_counter() <= 200,
        "the jump C8 is cut at D8 ({} nodes)",
        owl.node_counter()
    );
}

/// The capture of a goal string the defender cannot save comes after the
/// rescue of a lunch: the string is dead already (the evaluation has
/// taken it out of the living goal), the lunch is an eye until it is
/// saved. ld_owl 25 (ld7): asked after B D18 W E19 B A16, eight moves down
/// (W A14 B A15 W B14 B B17 W D19 B B19 W D16 B C19) the single move
/// beyond the branch depth was B15, the capture of the dead A15-A16,
/// where G19, saving D19-F19 from B's capture, kills (both engines asked
/// afresh). Here black's J9 is in atari with no rescue (J8 leaves it in
/// atari), white's E5 is a lunch white saves at E4, and black's C3
/// (liberties B3 and C4) can still run: C4 first, then E4, then J8.
#[test]
fn a_dead_goal_string_is_captured_after_a_lunch_is_saved() {
    let rows = [
        ".......OX",
        ".......O.",
        ".........",
        "....X....",
        "...XOX...",
        ".........",
        "..XO.....",
        "..O......",
        ".........",
    ];
    let mut b = board(&rows);
    let (j9, j8) = (Pos::new(0, 8), Pos::new(1, 8));
    let (c3, c4, b3) = (Pos::new(6, 2), Pos::new(5, 2), Pos::new(6, 1));
    let (e5, e4) = (Pos::new(4, 4), Pos::new(5, 4));
    let weak = |origin: Pos, attack: Pos, defense_code: u8, defense: Pos| eyes::WeakString {
        origin,
        size: 1,
        attack_code: WIN,
        attack,
        defense_code,
        defense,
    };
    let ev = eyes::Evaluation {
        stones: vec![j9, c3, Pos::new(3, 4), Pos::new(4, 3), Pos::new(4, 5)],
        weak: vec![weak(j9, j8, 0, Pos::PASS), weak(c3, c4, WIN, b3)],
        lunches: vec![eyes::Lunch {
            origin: e5,
            size: 1,
            attack_code: WIN,
            attack: e4,
            defense_code: WIN,
            defense: e4,
            false_eye: false,
        }],
        dist_attacker: vec![0; crate::point::ARR],
        ..Default::default()
    };
    let cands = moves::attack_moves(&mut b, &ev, Color::White);
    let score = |p: Pos| cands.iter().find(|c| c.0 == p).map(|c| c.1);
    assert!(
        score(j8).is_some() && score(c4).is_some() && score(e4).is_some(),
        "{cands:?}"
    );
    assert!(score(c4) > score(e4), "{cands:?}");
    assert!(score(e4) > score(j8), "{cands:?}");
}

/// A refutation that refutes a second defence at the root is the
/// attacker's vital point, and the defender tries it next rather than
/// after the width. Black's corner (`regression/suites/owl.tst` 318-321,
/// from ld_owl 54): J8 is the one defence, eighth in the root's order
/// (after B J8 the eyes look worse than after the false defences); white
/// J8 refutes B H9 and B J5, so J8 is read fourth. Read after the width,
/// as it was, it took 997 of the 1000 nodes.
#[test]
fn a_refutation_met_twice_is_tried_next() {
    let mut b = board(&[
        "....XO...",
        "..OOOXX..",
        "...OOOX..",
        ".....OXX.",
        ".....OOO.",
        ".......O.",
        ".........",
        ".........",
        ".........",
    ]);
    let (g6, j8) = (Pos::new(3, 6), Pos::new(1, 8));
    let stones = stones_of(&b, Color::Black);
    let mut r = Reader::new(10, 1.0);
    let mut owl = Owl::new(10);
    owl.set_node_limit(Some(900));
    assert_eq!(owl.defend(&mut b, &mut r, &stones, g6), (WIN, j8));
    assert!(!owl.last_aborted(), "{} nodes", owl.node_counter());
    assert_eq!(b.stackp(), 0, "the board is left as it was");
}
