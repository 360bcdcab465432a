//! Board diagrams for people: GNU Go's `showboard` layout (coordinates on all
//! sides, `X` black, `O` white, `+` star points, capture counts beside the
//! board), shared by GTP `showboard` and the terminal game.

use engine::{Board, Color, Pos};

/// Is (i, j) a star point on a board of `size`, where GNU Go draws a `+`?
pub fn is_hoshi(size: usize, i: usize, j: usize) -> bool {
    let edge = match size {
        2 | 4 => return false,
        1 => 0,
        3 | 5 => 1,
        6..=11 => 2,
        _ => 3,
    };
    let far = size - 1 - edge;
    let mid = size / 2;
    let on_line = |v: usize| v == edge || v == far;
    let odd = size % 2 == 1;
    (on_line(i) && on_line(j))
        || (odd && i == mid && j == mid)
        || (odd && size >= 13 && ((i == mid && on_line(j)) || (j == mid && on_line(i))))
}

/// The column letters line: `   A B C …`.
fn letters(size: usize) -> String {
    let mut s = String::from("  ");
    for j in 0..size {
        s.push(' ');
        s.push(engine::point::column_letter(j));
    }
    s
}

/// The board as GNU Go's `showboard` draws it, starting with a newline.
/// `mark` is drawn in place of the stone at one point (the last move in the
/// terminal game), as `(X)`-style brackets are not part of GNU Go's layout.
pub fn showboard(board: &Board, last: Option<Pos>) -> String {
    let size = board.size();
    let mut out = String::from("\n");
    out.push_str(&letters(size));
    out.push('\n');
    let white_line = if size >= 2 {
        Some((size - 2).min(8))
    } else {
        None
    };
    let black_line = white_line.map_or(0, |w| w + 1);
    for i in 0..size {
        let n = size - i;
        out.push_str(&format!("{n:2}"));
        for j in 0..size {
            let p = Pos::new(i, j);
            let ch = match board.color(p) {
                Color::Black => 'X',
                Color::White => 'O',
                _ if is_hoshi(size, i, j) => '+',
                _ => '.',
            };
            let before = if last == Some(p) {
                '('
            } else if j > 0 && last == Some(Pos::new(i, j - 1)) {
                ')'
            } else {
                ' '
            };
            out.push(before);
            out.push(ch);
        }
        let after = if last == Some(Pos::new(i, size - 1)) {
            ')'
        } else {
            ' '
        };
        out.push(after);
        out.push_str(&format!("{n}"));
        if Some(i) == white_line {
            out.push_str(&format!(
                "     WHITE (O) has captured {} stones",
                board.captured_by(Color::White)
            ));
        } else if i == black_line {
            out.push_str(&format!(
                "     BLACK (X) has captured {} stones",
                board.captured_by(Color::Black)
            ));
        }
        out.push('\n');
    }
    out.push_str(&letters(size));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hoshi_points_as_gnugo_draws_them() {
        let count = |s: usize| {
            (0..s)
                .flat_map(|i| (0..s).map(move |j| (i, j)))
                .filter(|&(i, j)| is_hoshi(s, i, j))
                .count()
        };
        assert_eq!(count(19), 9);
        assert_eq!(count(13), 9);
        assert_eq!(count(11), 5);
        assert_eq!(count(9), 5);
        assert_eq!(count(8), 4);
        assert_eq!(count(6), 4);
        assert_eq!(count(5), 5);
        assert_eq!(count(4), 0);
        assert_eq!(count(3), 1);
        assert_eq!(count(2), 0);
        assert_eq!(count(1), 1);
        assert!(is_hoshi(19, 3, 3) && is_hoshi(19, 9, 9) && is_hoshi(19, 3, 9));
        assert!(!is_hoshi(11, 5, 2));
    }

    #[test]
    fn layout_matches_gnugo() {
        let mut b = Board::new(7);
        b.play(Pos::parse("D4", 7).unwrap(), Color::Black).unwrap();
        b.play(Pos::parse("C3", 7).unwrap(), Color::White).unwrap();
        b.play(Pos::parse("E5", 7).unwrap(), Color::Black).unwrap();
        let expected = "
   A B C D E F G
 7 . . . . . . . 7
 6 . . . . . . . 6
 5 . . + . X . . 5
 4 . . . X . . . 4
 3 . . O . + . . 3
 2 . . . . . . . 2     WHITE (O) has captured 0 stones
 1 . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G";
        assert_eq!(showboard(&b, None), expected);
    }
}
