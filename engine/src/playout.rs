//! Light random playouts on the playout board ([`McBoard`]): uniformly
//! drawn legal moves that do not fill the player's own eyes, until both
//! players pass. The baseline of Monte Carlo play and the playout speed
//! benchmark; the pattern-guided playouts of the Monte Carlo search
//! (`mc::policy`) run on the same board.

use crate::mc::board::McBoard;
use crate::point::{Color, Pos};
use rand::RngCore;

/// A random number below `n` (`n` > 0) from one 32-bit draw, by the
/// multiply-shift method (bias below `n / 2³²`, nothing for a playout).
#[inline(always)]
pub fn below<R: RngCore>(rng: &mut R, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Play random moves from `board`'s position, `to_move` first, until two
/// passes in a row or `max_moves` moves. Plays permanently on `board`, so give
/// it a scratch copy ([`McBoard::copy_from`]). Returns the number of moves
/// played; [`McBoard::area_score`] scores the result.
pub fn random_playout<R: RngCore>(
    board: &mut McBoard,
    mut to_move: Color,
    rng: &mut R,
    max_moves: usize,
) -> usize {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        let mv = pick_random_move(board, to_move, rng);
        board.play(mv, to_move);
        passes = if mv.is_pass() { passes + 1 } else { 0 };
        moves += 1;
        to_move = to_move.opponent();
    }
    moves
}

/// A random legal move for `c` that does not fill its own eye, or `PASS` if
/// there is none: the empty points are scanned from a random place.
#[inline]
pub fn pick_random_move<R: RngCore>(board: &McBoard, c: Color, rng: &mut R) -> Pos {
    let n = board.empty_count();
    if n == 0 {
        return Pos::PASS;
    }
    let start = below(rng, n);
    for k in start..n {
        let p = board.empty_at(k);
        if board.is_playable(p, c) {
            return p;
        }
    }
    for k in 0..start {
        let p = board.empty_at(k);
        if board.is_playable(p, c) {
            return p;
        }
    }
    Pos::PASS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = SmallRng::seed_from_u64(3);
        for size in [5usize, 9, 19] {
            let root = McBoard::new(size);
            let mut b = McBoard::new(size);
            for _ in 0..30 {
                b.copy_from(&root);
                let moves = random_playout(&mut b, Color::Black, &mut rng, 3 * size * size);
                assert!(
                    moves < 3 * size * size,
                    "a playout on {size}x{size} did not end"
                );
                b.check_consistency();
                // The last player to pass saw a board without ko and had no
                // move left; the first one may have passed because a ko
                // barred it, and may take the ko back now.
                let last = if moves % 2 == 1 {
                    Color::Black
                } else {
                    Color::White
                };
                assert_eq!(b.ko_point(), None);
                assert_eq!(pick_random_move(&b, last, &mut rng), Pos::PASS);
                // So every empty point is an eye of one side (or such a ko).
                for &p in b.points() {
                    if b.color(p) == Color::Empty {
                        assert!(
                            b.is_eye(p, Color::Black)
                                || b.is_eye(p, Color::White)
                                || b.is_playable(p, last.opponent()),
                            "{p:?} is no eye\n{b:?}"
                        );
                    }
                }
                let total = b.stone_count(Color::Black) + b.stone_count(Color::White);
                let n = (size * size) as i32;
                assert_eq!(total + b.empty_count(), size * size);
                let by_points: i32 = b
                    .points()
                    .iter()
                    .map(|&p| match b.owner(p) {
                        Color::Black => 1,
                        Color::White => -1,
                        _ => 0,
                    })
                    .sum();
                assert_eq!(b.area_score(), by_points);
                assert!(b.area_score().abs() <= n);
            }
        }
    }

    #[test]
    fn playout_moves_are_legal_on_the_engine_board() {
        // Replay light playouts on the engine's board: every move must be
        // legal there and leave the same position.
        let mut rng = SmallRng::seed_from_u64(8);
        for size in [3usize, 7, 13] {
            for _ in 0..10 {
                let mut m = McBoard::new(size);
                let mut b = Board::new(size);
                let mut c = Color::Black;
                let mut passes = 0;
                let mut moves = 0;
                while passes < 2 && moves < 3 * size * size {
                    let mv = pick_random_move(&m, c, &mut rng);
                    if !mv.is_pass() {
                        assert!(!b.is_simple_eye(mv, c));
                    }
                    b.play(mv, c).expect("a legal playout move");
                    m.play(mv, c);
                    passes = if mv.is_pass() { passes + 1 } else { 0 };
                    moves += 1;
                    c = c.opponent();
                }
                for &p in b.points() {
                    assert_eq!(b.color(p), m.color(p));
                }
                m.check_consistency();
            }
        }
    }

    #[test]
    fn below_stays_below() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let k = below(&mut rng, 7);
            assert!(k < 7);
            seen[k] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
