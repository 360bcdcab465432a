//! The coloured dragon and eye diagrams (`-T`/`--printboard`,
//! `-E`/`--printeyes`, GTP `showdragons` and `showeyes`), in GNU Go's
//! layout: each black dragon an upper-case letter from `A`, each white one
//! a lower-case letter from `z` down, coloured by status — green alive,
//! cyan dead, red critical, yellow unknown — with the legend on the right.

use crate::display::is_hoshi;
use engine::analysis::Analysis;
use engine::dragon::Status;
use engine::{Board, Color, Pos};

const GREEN: u8 = 32;
const CYAN: u8 = 36;
const RED: u8 = 31;
const YELLOW: u8 = 33;

fn paint(out: &mut String, ch: char, color: Option<u8>) {
    match color {
        Some(c) => out.push_str(&format!("\x1b[{c}m{ch}\x1b[39;49m")),
        None => out.push(ch),
    }
}

fn letters(size: usize) -> String {
    let mut s = String::from("  ");
    for j in 0..size {
        s.push(' ');
        s.push(engine::point::column_letter(j));
    }
    s
}

/// The letter of dragon number `k` of `color` (black `A`…, white `z`…),
/// counting only dragons of that colour; wraps after 26.
fn letter(color: Color, k: usize) -> char {
    let k = (k % 26) as u8;
    if color == Color::Black {
        (b'A' + k) as char
    } else {
        (b'z' - k) as char
    }
}

fn status_color(s: Status) -> u8 {
    match s {
        Status::Alive => GREEN,
        Status::Dead => CYAN,
        Status::Critical => RED,
        Status::Unknown => YELLOW,
    }
}

/// Draw `cell(p)` (a character and an optional colour) for every point, in
/// the showboard frame, with `legend` lines beside the bottom rows.
fn frame(
    board: &Board,
    title: &str,
    legend: &[(u8, &str)],
    ansi: bool,
    cell: impl Fn(Pos) -> Option<(char, u8)>,
) -> String {
    let size = board.size();
    let mut out = format!("\n{title:>width$}\n\n", width = title.len() + 10);
    out.push_str(&letters(size));
    out.push('\n');
    let first_legend = size.saturating_sub(legend.len());
    for i in 0..size {
        let n = size - i;
        out.push_str(&format!("{n:2}"));
        for j in 0..size {
            let p = Pos::new(i, j);
            out.push(' ');
            match cell(p) {
                Some((ch, c)) => paint(&mut out, ch, ansi.then_some(c)),
                None => out.push(if is_hoshi(size, i, j) { '+' } else { '.' }),
            }
        }
        out.push_str(&format!(" {n}"));
        if i >= first_legend {
            if let Some(&(c, text)) = legend.get(i - first_legend) {
                out.push_str("    ");
                if ansi {
                    out.push_str(&format!("\x1b[{c}m{text}\x1b[39;49m"));
                } else {
                    out.push_str(text);
                }
            }
        }
        out.push('\n');
    }
    out.push_str(&letters(size));
    out.push('\n');
    out
}

/// The dragon diagram: every stone shows its dragon's letter, coloured by
/// the dragon's status when `ansi` is set (without colours the status is
/// listed under the board instead).
pub fn dragons(board: &Board, an: &Analysis, ansi: bool) -> String {
    let all = an.dragons.all();
    let mut nth = vec![0usize; all.len()];
    let (mut nb, mut nw) = (0, 0);
    for (k, d) in all.iter().enumerate() {
        if d.color == Color::Black {
            nth[k] = nb;
            nb += 1;
        } else {
            nth[k] = nw;
            nw += 1;
        }
    }
    let legend = [
        (GREEN, "green=alive"),
        (CYAN, "cyan=dead"),
        (RED, "red=critical"),
        (YELLOW, "yellow=unknown"),
    ];
    let mut out = frame(
        board,
        "dragon_status display:",
        if ansi { &legend } else { &[] },
        ansi,
        |p| {
            an.dragons.id(p).map(|k| {
                let d = &all[k];
                (letter(d.color, nth[k]), status_color(d.status))
            })
        },
    );
    if !ansi {
        let size = board.size();
        for (k, d) in all.iter().enumerate() {
            out.push_str(&format!(
                "{} {} {}\n",
                letter(d.color, nth[k]),
                d.origin.name(size),
                d.status.name()
            ));
        }
    }
    out
}

/// The eye diagram: every point of an eye space shows the space's letter
/// (black spaces upper case, white lower case), margins as `!`; green when
/// the space is settled (same eyes whoever plays first), red when a move
/// there changes its value.
pub fn eyes(board: &Board, an: &Analysis, ansi: bool) -> String {
    let spaces = an.eyes.spaces();
    let mut nth = vec![0usize; spaces.len()];
    let (mut nb, mut nw) = (0, 0);
    for (k, s) in spaces.iter().enumerate() {
        if s.color == Color::Black {
            nth[k] = nb;
            nb += 1;
        } else {
            nth[k] = nw;
            nw += 1;
        }
    }
    let cell = |p: Pos| {
        let (k, s) = spaces
            .iter()
            .enumerate()
            .find(|(_, s)| s.points.binary_search(&p).is_ok())?;
        let ch = if s.margins.contains(&p) {
            '!'
        } else if board.color(p).is_stone() {
            if board.color(p) == Color::Black {
                'X'
            } else {
                'O'
            }
        } else {
            letter(s.color, nth[k])
        };
        Some((ch, if s.min == s.max { GREEN } else { RED }))
    };
    let legend = [(GREEN, "green=settled"), (RED, "red=vital point")];
    let mut out = frame(
        board,
        "eye spaces:",
        if ansi { &legend } else { &[] },
        ansi,
        cell,
    );
    let size = board.size();
    for (k, s) in spaces.iter().enumerate() {
        out.push_str(&format!(
            "{} {} size {} margins {} eyes {} {}\n",
            letter(s.color, nth[k]),
            s.origin.name(size),
            s.points.len(),
            s.margins.len(),
            s.min,
            s.max
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Reader;

    #[test]
    fn letters_and_colours() {
        let mut b = Board::new(7);
        for (v, c) in [
            ("B6", Color::Black),
            ("C6", Color::Black),
            ("F2", Color::White),
        ] {
            b.set_stone(Pos::parse(v, 7).unwrap(), c);
        }
        let mut r = Reader::new(10, 1.0);
        let an = Analysis::new(&mut b, &mut r);
        let plain = dragons(&b, &an, false);
        assert!(plain.contains(" 6 . A A . . . . 6"), "{plain}");
        assert!(plain.contains(" 2 . . . . . z . 2"), "{plain}");
        let coloured = dragons(&b, &an, true);
        assert!(coloured.contains("\x1b[32mA\x1b[39;49m"), "{coloured}");
        assert!(coloured.contains("green=alive"));
    }
}
