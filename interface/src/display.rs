//! Text diagrams of the board for people: letters above and below, row
//! numbers on both sides, `X` for black, `O` for white, `+` on star points,
//! and the prisoner counts to the right. GTP `showboard` and the terminal
//! game both draw with [`showboard`].

use engine::{Board, Color, Pos};

/// Distance of the star-point lines from the edge on a board of `size`, or
/// `None` where the board has no star points.
fn star_line(size: usize) -> Option<usize> {
    match size {
        2 | 4 => None,
        1 => Some(0),
        3 | 5 => Some(1),
        6..=11 => Some(2),
        _ => Some(3),
    }
}

/// Is (i, j) a star point (hoshi) on a board of `size`? Corners on the star
/// lines, the centre of odd boards, and the side stars of odd boards from
/// 13x13 up.
pub fn is_hoshi(size: usize, i: usize, j: usize) -> bool {
    let Some(d) = star_line(size) else {
        return false;
    };
    let star = |v: usize| v == d || v + d + 1 == size;
    let centre = |v: usize| size % 2 == 1 && 2 * v + 1 == size;
    let side_stars = size >= 13;
    (star(i) && star(j))
        || (centre(i) && centre(j))
        || (side_stars && ((centre(i) && star(j)) || (star(i) && centre(j))))
}

/// The line of column letters, indented past the row numbers.
fn column_letters(size: usize) -> String {
    (0..size).fold(String::from("  "), |mut line, j| {
        line.push(' ');
        line.push(engine::point::column_letter(j));
        line
    })
}

/// One point's character: the stone, a star point, or an empty point.
fn point_char(board: &Board, size: usize, i: usize, j: usize) -> char {
    match board.color(Pos::new(i, j)) {
        Color::Black => 'X',
        Color::White => 'O',
        _ if is_hoshi(size, i, j) => '+',
        _ => '.',
    }
}

/// The diagram of `board`, starting with a newline. `last` (the last move in
/// the terminal game) is drawn between parentheses.
pub fn showboard(board: &Board, last: Option<Pos>) -> String {
    let size = board.size();
    // Rows (from the top) that carry the prisoner counts: near the bottom
    // on small boards, rows 9 and 10 from the top on big ones.
    let white_row = size.checked_sub(2).map(|r| r.min(8));
    let black_row = white_row.map_or(0, |r| r + 1);
    let mut out = format!("\n{}\n", column_letters(size));
    for i in 0..size {
        let row = size - i;
        out.push_str(&format!("{row:2}"));
        for j in 0..size {
            let opens = last == Some(Pos::new(i, j));
            let closes = j > 0 && last == Some(Pos::new(i, j - 1));
            out.push(if opens {
                '('
            } else if closes {
                ')'
            } else {
                ' '
            });
            out.push(point_char(board, size, i, j));
        }
        let closes = last == Some(Pos::new(i, size - 1));
        out.push(if closes { ')' } else { ' ' });
        out.push_str(&row.to_string());
        if Some(i) == white_row {
            let n = board.captured_by(Color::White);
            out.push_str(&format!("     prisoners taken by white (O): {n}"));
        } else if i == black_row {
            let n = board.captured_by(Color::Black);
            out.push_str(&format!("     prisoners taken by black (X): {n}"));
        }
        out.push('\n');
    }
    out.push_str(&column_letters(size));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_by_board_size() {
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
    fn diagram_layout() {
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
 2 . . . . . . . 2     prisoners taken by white (O): 0
 1 . . . . . . . 1     prisoners taken by black (X): 0
   A B C D E F G";
        assert_eq!(showboard(&b, None), expected);
    }
}
