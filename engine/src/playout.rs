//! Light random playouts: uniformly random legal moves that do not fill the
//! player's own eyes, until both players pass. The baseline for Monte Carlo
//! search and the board's speed benchmark.

use crate::board::Board;
use crate::point::{Color, Pos};
use rand::Rng;

/// Is the empty point `p` an eye of `c` in the cheap playout sense: every
/// orthogonal neighbour is `c` (or off the board) and the opponent holds fewer
/// than two diagonals (fewer than one on the edge)?
#[inline]
pub fn is_simple_eye(board: &Board, p: Pos, c: Color) -> bool {
    for q in p.neighbors() {
        let qc = board.color(q);
        if qc != c && qc != Color::Off {
            return false;
        }
    }
    let mut opp = 0;
    let mut off = 0;
    for q in p.diagonals() {
        let qc = board.color(q);
        if qc == Color::Off {
            off = 1;
        } else if qc == c.opponent() {
            opp += 1;
        }
    }
    opp + off < 2
}

/// Play random moves from `board`'s position, `to_move` first, until two
/// passes in a row or `max_moves` moves. Plays permanently on `board`, so give
/// it a scratch copy ([`Board::copy_from`]). Returns the number of moves played.
pub fn random_playout<R: Rng>(
    board: &mut Board,
    mut to_move: Color,
    rng: &mut R,
    max_moves: usize,
) -> usize {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        let mv = pick_random_move(board, to_move, rng);
        board.play_unchecked(mv, to_move);
        passes = if mv.is_pass() { passes + 1 } else { 0 };
        moves += 1;
        to_move = to_move.opponent();
    }
    moves
}

/// A uniformly random legal move for `c` that does not fill its own simple eye,
/// or `PASS` if there is none.
#[inline]
pub fn pick_random_move<R: Rng>(board: &Board, c: Color, rng: &mut R) -> Pos {
    let empties = board.empty_points();
    let n = empties.len();
    if n == 0 {
        return Pos::PASS;
    }
    let start = rng.gen_range(0..n);
    for k in 0..n {
        let mut i = start + k;
        if i >= n {
            i -= n;
        }
        let p = empties[i];
        if !is_simple_eye(board, p, c) && board.is_legal(p, c) {
            return p;
        }
    }
    Pos::PASS
}

/// Area score of a finished playout from black's point of view, without komi:
/// stones plus empty points whose neighbours are all of one colour.
pub fn playout_area_score(board: &Board) -> i32 {
    let mut score = 0;
    for &p in board.points() {
        match board.color(p) {
            Color::Black => score += 1,
            Color::White => score -= 1,
            Color::Empty => {
                let mut b = false;
                let mut w = false;
                for q in p.neighbors() {
                    match board.color(q) {
                        Color::Black => b = true,
                        Color::White => w = true,
                        _ => {}
                    }
                }
                score += b as i32 - w as i32;
            }
            Color::Off => {}
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = SmallRng::seed_from_u64(3);
        let root = Board::new(9);
        let mut b = Board::new(9);
        for _ in 0..50 {
            b.copy_from(&root);
            let moves = random_playout(&mut b, Color::Black, &mut rng, 1000);
            assert!(moves < 1000);
            b.check_consistency();
            for c in [Color::Black, Color::White] {
                assert_eq!(pick_random_move(&b, c, &mut rng), Pos::PASS);
            }
            // Every empty point is an eye of one side, so the area score
            // accounts for all 81 points.
            let total: i32 = b
                .points()
                .iter()
                .map(|&p| (b.color(p) != Color::Empty) as i32)
                .sum();
            assert!(total >= 81 - b.empty_count() as i32);
            assert!(playout_area_score(&b).abs() <= 81);
        }
    }
}
