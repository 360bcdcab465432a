//! Tests of the Monte Carlo player: the playout board against the engine's
//! board, the playout policy's promises, and small searches.

use super::board::McBoard;
use super::patterns::PatternTable;
use super::policy::{self, PolicyScratch};
use super::*;
use crate::board::Board;
use rand::Rng;

fn setup(game: &mut Game, rows: &[&str]) {
    for (i, row) in rows.iter().enumerate() {
        for (j, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let c = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            game.setup_stone(c, Pos::new(i, j));
        }
    }
}

/// Play random games on the engine's board and the playout board side by
/// side (uniformly drawn legal moves, captures, kos and refused suicides
/// included) and compare everything the playout board answers after every
/// move, with its own bookkeeping checked against a recount.
#[test]
fn playout_board_agrees_with_the_engine_board() {
    let mut rng = SmallRng::seed_from_u64(11);
    for (size, games) in [
        (2usize, 30),
        (3, 30),
        (4, 20),
        (5, 20),
        (9, 10),
        (13, 4),
        (19, 2),
    ] {
        for _ in 0..games {
            let mut b = Board::new(size);
            let mut m = McBoard::new(size);
            let mut c = Color::Black;
            for _ in 0..size * size * 3 {
                for &p in b.points() {
                    assert_eq!(
                        b.is_legal(p, c),
                        m.is_legal(p, c),
                        "legality at {p:?}\n{m:?}"
                    );
                    assert_eq!(
                        b.is_legal(p, c) && !b.is_simple_eye(p, c),
                        m.is_playable(p, c),
                        "playable at {p:?}\n{m:?}"
                    );
                    if b.color(p) == Color::Empty {
                        assert_eq!(b.is_simple_eye(p, c), m.is_eye(p, c));
                        assert_eq!(b.does_capture_something(p, c), m.captures(p, c));
                        if b.is_legal(p, c) {
                            let exact = b.accuratelib(p, c, usize::MAX, &mut []);
                            let (libs, stones) = m.libs_after(p, c);
                            assert!(libs <= exact.min(2), "libs_after at {p:?}\n{m:?}");
                            if b.does_capture_something(p, c) {
                                assert!(libs >= 1, "libs_after at {p:?}\n{m:?}");
                            } else {
                                assert_eq!(libs, exact.min(2), "libs_after at {p:?}\n{m:?}");
                            }
                            if libs < 2 {
                                let mut s = Board::new(size);
                                s.copy_from(&b);
                                s.play(p, c).unwrap();
                                assert_eq!(stones, s.string_size(p), "stones at {p:?}");
                            }
                        }
                    }
                }
                // Pass now and then, which lifts a ko ban.
                let p = if rng.gen_range(0..20) == 0 {
                    Pos::PASS
                } else {
                    crate::board::random_legal_move(&b, c, &mut rng).unwrap_or(Pos::PASS)
                };
                let before = b.captured_by(c);
                b.play(p, c).unwrap();
                let taken = m.play(p, c);
                assert_eq!(taken as u32, b.captured_by(c) - before);
                for &q in b.points() {
                    assert_eq!(b.color(q), m.color(q));
                    if b.color(q).is_stone() {
                        assert_eq!(b.countlib(q), m.countlib(q));
                        assert_eq!(b.countlib(q) == 1, m.in_atari(q));
                        assert_eq!(b.string_size(q), m.string_size(q));
                        assert_eq!(
                            b.same_string(q, b.string_id(q)),
                            m.string_id(q) == m.string_id(b.string_id(q))
                        );
                    }
                }
                assert_eq!(b.ko_point(), m.ko_point());
                m.check_consistency();
                let copy = McBoard::from_board(&b);
                copy.check_consistency();
                for &q in b.points() {
                    assert_eq!(copy.color(q), m.color(q));
                    assert_eq!(copy.is_legal(q, c.opponent()), m.is_legal(q, c.opponent()));
                }
                c = c.opponent();
            }
        }
    }
}

/// Whatever suicide rule the engine's board follows, the playout board
/// refuses exactly the suicides and agrees on every other move.
#[test]
fn playout_board_refuses_suicide_under_every_rule() {
    use crate::board::SuicideRule;
    let mut rng = SmallRng::seed_from_u64(4);
    let mut suicides = 0;
    for rule in [SuicideRule::AllowMulti, SuicideRule::AllowAll] {
        for _ in 0..40 {
            let mut b = Board::new(4);
            b.set_suicide_rule(rule);
            let mut c = Color::Black;
            for _ in 0..40 {
                let m = McBoard::from_board(&b);
                for &p in b.points() {
                    let suicide = b.color(p) == Color::Empty && b.is_suicide(p, c);
                    suicides += (suicide && b.is_legal(p, c)) as usize;
                    let want = b.is_legal(p, c) && !suicide;
                    assert_eq!(m.is_legal(p, c), want, "{rule:?} {p:?}\n{m:?}");
                }
                let Some(p) = crate::board::random_legal_move(&b, c, &mut rng) else {
                    break;
                };
                b.play(p, c).unwrap();
                c = c.opponent();
            }
        }
    }
    assert!(suicides > 0, "the games never offered a suicide");
}

#[test]
fn playouts_never_fill_own_eyes_and_end() {
    let table = PatternTable::builtin("mc_3x3").unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut scratch = PolicyScratch::default();
    let root = McBoard::new(9);
    let mut b = McBoard::new(9);
    for _ in 0..200 {
        b.copy_from(&root);
        let mut c = Color::Black;
        let mut last = Pos::PASS;
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 {
            let mv = policy::choose(&mut b, c, last, &table, &mut scratch, &mut rng);
            if !mv.is_pass() {
                assert!(b.is_legal(mv, c));
                assert!(!b.is_eye(mv, c), "{c:?} fills its eye at {mv:?}\n{b:?}");
                // Never a self-atari of three stones or more, unless it
                // captures.
                let (libs, stones) = b.libs_after(mv, c);
                assert!(
                    libs >= 2 || stones < 3 || b.captures(mv, c),
                    "big self-atari at {mv:?}\n{b:?}"
                );
            }
            b.play(mv, c);
            passes = if mv.is_pass() { passes + 1 } else { 0 };
            last = mv;
            c = c.opponent();
            moves += 1;
            assert!(moves < 1000, "playout does not end");
        }
        b.check_consistency();
        // Only eyes and seki points are left: every empty point is an eye,
        // or a self-atari for both players.
        for p in b.points().to_vec() {
            if b.color(p) == Color::Empty && b.owner(p) == Color::Empty {
                for c in [Color::Black, Color::White] {
                    assert!(
                        !b.is_legal(p, c) || b.libs_after(p, c).0 < 2,
                        "dame left at {p:?}\n{b:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn playouts_capture_a_string_left_in_atari() {
    let table = PatternTable::uniform();
    let mut game = Game::new(7);
    // White's last move d4 left the white stone c4... simpler: white stone
    // at d4 in atari, black to move must take it.
    setup(
        &mut game,
        &[
            ".......", ".......", "...X...", "..XO...", "...X...", ".......", ".......",
        ],
    );
    let mut b = McBoard::from_board(game.board());
    let mut rng = SmallRng::seed_from_u64(1);
    let mut scratch = PolicyScratch::default();
    let take = Pos::new(3, 4);
    let hits = (0..100)
        .filter(|_| {
            policy::choose(
                &mut b,
                Color::Black,
                Pos::new(3, 3),
                &table,
                &mut scratch,
                &mut rng,
            ) == take
        })
        .count();
    assert!(hits > 70, "captured {hits} times in 100");
}

fn params(threads: usize) -> McParams {
    McParams {
        threads,
        games_per_level: 100,
        resign_threshold: 0.0,
        resign_moves: 3,
    }
}

fn limits(n: u64) -> Limits {
    Limits {
        playouts: n,
        time: None,
        early_stop: false,
    }
}

/// Black to move; the white string d3-d5 has one liberty at d6. Capturing
/// it wins (komi 7.5); letting white connect out loses.
const CAPTURE: [&str; 7] = [
    "..X.O..", "..X.O..", "..XOXO.", "..XOXO.", "..XOXO.", "..XXXO.", "..X.O..",
];

/// The same with colours swapped: black must save its string by d6.
const SAVE: [&str; 7] = [
    "..O.X..", "..O.X..", "..OXOX.", "..OXOX.", "..OXOX.", "..OOOX.", "..O.X..",
];

#[test]
fn search_captures_a_big_string_in_atari() {
    let mut game = Game::new(7);
    game.set_komi(7.5);
    setup(&mut game, &CAPTURE);
    let b = McBoard::from_board(game.board());
    assert_eq!(b.countlib(Pos::new(3, 3)), 1);
    assert!(b.in_atari(Pos::new(3, 3)));
    let mut mc = MonteCarlo::new(params(1));
    let a = mc.search(&mut game, Color::Black, limits(3000), 7, None);
    assert_eq!(a.moves[0].mv, Pos::new(1, 3), "{:?}", &a.moves[..3]);
    assert!(a.best_winrate() > 0.6, "{}", a.best_winrate());
}

#[test]
fn search_saves_its_own_string() {
    let mut game = Game::new(7);
    game.set_komi(-7.5);
    setup(&mut game, &SAVE);
    let mut mc = MonteCarlo::new(params(1));
    let a = mc.search(&mut game, Color::Black, limits(3000), 3, None);
    assert_eq!(a.moves[0].mv, Pos::new(1, 3), "{:?}", &a.moves[..3]);
    assert!(a.best_winrate() > 0.6, "{}", a.best_winrate());
}

#[test]
fn one_thread_searches_are_deterministic_and_threads_work() {
    let mut game = Game::new(9);
    game.set_komi(7.0);
    game.play(Color::Black, Pos::new(4, 4)).unwrap();
    let mut a1 = MonteCarlo::new(params(1));
    let mut a2 = MonteCarlo::new(params(1));
    let r1 = a1.search(&mut game, Color::White, limits(800), 42, None);
    let r2 = a2.search(&mut game, Color::White, limits(800), 42, None);
    let v1: Vec<(Pos, u32)> = r1.moves.iter().map(|m| (m.mv, m.visits)).collect();
    let v2: Vec<(Pos, u32)> = r2.moves.iter().map(|m| (m.mv, m.visits)).collect();
    assert_eq!(v1, v2);
    assert_eq!(r1.playouts, 800);
    let mut t = MonteCarlo::new(params(2));
    let r = t.search(&mut game, Color::White, limits(800), 1, None);
    assert_eq!(r.playouts, 800);
    assert_eq!(r.root_visits, 800);
}

#[test]
fn the_tree_is_kept_between_moves() {
    let mut game = Game::new(9);
    game.set_komi(7.0);
    let mut mc = MonteCarlo::new(params(1));
    let a = mc.search(&mut game, Color::Black, limits(2000), 1, None);
    let mv = a.moves[0].mv;
    let reply_visits_before: u32 = {
        let t = mc.tree.as_ref().unwrap();
        let c = t.children(0).find(|&k| t.nodes[k].mv == mv).unwrap();
        t.nodes[c].visits
    };
    game.play(Color::Black, mv).unwrap();
    let b = mc.search(&mut game, Color::White, limits(10), 2, None);
    // The new root starts with the visits it had as a child.
    assert!(
        b.root_visits >= reply_visits_before,
        "{} < {reply_visits_before}",
        b.root_visits
    );
}

#[test]
fn self_play_on_9x9_ends_with_passes_and_legal_moves() {
    for seed in 0..2u64 {
        let mut game = Game::new(9);
        game.set_komi(7.0);
        let mut mc = MonteCarlo::new(params(1));
        let mut c = Color::Black;
        let mut n = 0;
        while game.trailing_passes() < 2 {
            let d = mc.genmove(&mut game, c, limits(150), seed * 1000 + n, false);
            let Decision::Play(p) = d else {
                panic!("resigned with resignation off");
            };
            game.play(c, p).expect("a legal move");
            c = c.opponent();
            n += 1;
            assert!(n < 300, "the game does not end");
        }
        // The game ended with stones of both colours and a finite score.
        let empties = game.board().empty_count();
        assert!(empties < 81);
    }
}

#[test]
fn resigns_a_hopeless_game_and_never_passes_early_in_cleanup() {
    let mut game = Game::new(5);
    game.set_komi(0.5);
    // Black owns everything but white has nothing: white should resign.
    setup(&mut game, &[".X...", "XX...", ".....", ".....", "....."]);
    let mut p = params(1);
    p.resign_threshold = 0.2;
    p.resign_moves = 1;
    let mut mc = MonteCarlo::new(p);
    // White has no hope only with a big black lead; give black one by komi.
    game.set_komi(-30.0);
    let d = mc.genmove(&mut game, Color::White, limits(300), 1, false);
    assert_eq!(d, Decision::Resign);
}

#[test]
fn the_early_stop_is_reproducible_with_one_thread() {
    let mut game = Game::new(7);
    game.set_komi(7.5);
    setup(&mut game, &CAPTURE);
    let l = Limits {
        playouts: 20_000,
        time: None,
        early_stop: true,
    };
    let r1 = MonteCarlo::new(params(1)).search(&mut game, Color::Black, l, 9, None);
    let r2 = MonteCarlo::new(params(1)).search(&mut game, Color::Black, l, 9, None);
    // The capture is clear long before the budget runs out.
    assert!(r1.playouts < 20_000, "{}", r1.playouts);
    assert_eq!(r1.playouts, r2.playouts);
    assert_eq!(r1.moves[0].mv, Pos::new(1, 3));
}
